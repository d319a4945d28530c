"""Renders a timings JSON (tools/generate/bench.py) as Markdown tables and SVG plots.

    python -m tools.generate.bench --render docs/generated/timings-cpu.json

One renderer for both languages: everything a reader sees in words comes from
text/<language>/timings.yml.
The output depends on the JSON only, so re-rendering committed data reproduces committed files.
"""

from __future__ import annotations

import json
import math
import re
from html import escape
from pathlib import Path

from tools.project import LANGUAGES
from tools.text import Catalogue, catalogue

REFERENCE = "memcpy_reference"
NOT_PLOTTED = {"detach"}  # copies nothing: its "bandwidth" would flatten every other line


def words(language: str) -> Catalogue:
    """The tables' and charts' words: text/<language>/timings.yml."""
    return catalogue("timings", language)


# Okabe-Ito hues (distinguishable with the common colour-vision deficiencies), the light ones
# darkened so that every line is at least 3:1 against the white background (WCAG 1.4.11).
# Colour is never the only cue: each series also has a marker of its own shape, and the legend
# shows both. Ten markers: a CUDA run plots up to ten series besides the reference.
COLOURS = ["#0072B2", "#D55E00", "#008A65", "#C0589A", "#A86F00", "#2A8BC4", "#7A7A29", "#882255"]
MARKERS = [
    "circle", "square", "triangle", "diamond", "triangle_down",
    "cross", "plus", "star", "ring", "hollow_square",
]  # fmt: skip
FONT = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans CJK SC', 'PingFang SC', "
    "'Microsoft YaHei', sans-serif"
)


# ---------------------------------------------------------------------------------------------
# Numbers as text


def human_size(size: float) -> str:
    for unit, factor in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor:
            value = size / factor
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{size:.0f} B"


def human_time(seconds: float) -> str:
    for unit, factor in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= factor:
            return f"{_three_digits(seconds / factor)} {unit}"
    return f"{_three_digits(seconds / 1e-9)} ns"


def _three_digits(value: float) -> str:
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def _gbps(value: float) -> str:
    return _three_digits(value)


def _fraction(value: float) -> str:
    return f"{value:.2f}×" if value < 100 else f"{value:.0f}×"


def _percent(value: float, words: dict) -> str:
    """119 % in English text, 119% in Chinese text (no space before the sign)."""
    return words("percent", value=f"{value * 100:.0f}")


# ---------------------------------------------------------------------------------------------
# Data


class Timings:
    def __init__(self, data: dict):
        self.data = data
        self.machine = data["machine"]
        self.command = data["command"]
        self.device = self.machine["device"]
        self.statements = data["statements"]  # the code timed for each operation
        self.by_key = {(r["op"], r["bytes"]): r for r in data["results"]}
        self.ops = list(dict.fromkeys(r["op"] for r in data["results"]))
        self.sizes = sorted({r["bytes"] for r in data["results"]})

    def get(self, op: str, size: int) -> dict | None:
        return self.by_key.get((op, size))

    def ratio(self, op: str, size: int, field: str) -> float | None:
        """op's field over the reference's field at the same size."""
        row, ref = self.get(op, size), self.get(REFERENCE, size)
        if row is None or ref is None or not ref[field]:
            return None
        return row[field] / ref[field]


def load(path: Path) -> Timings:
    return Timings(json.loads(Path(path).read_text(encoding="utf-8")))


# ---------------------------------------------------------------------------------------------
# Markdown


def _key_figures(t: Timings, words: dict) -> list[str]:
    lines = []
    largest = t.sizes[-1]
    size = human_size(largest)
    copy, ref, clone = t.get("copy_", largest), t.get(REFERENCE, largest), t.get("clone", largest)
    if copy and ref:
        lines.append(
            words(
                "copy_reaches",
                size=size,
                gbps=_gbps(copy["gbps"]),
                ref=_gbps(ref["gbps"]),
                pct=_percent(copy["gbps"] / ref["gbps"], words),
            )
        )
    if copy and clone:
        lines.append(
            words(
                "clone_vs_copy",
                size=size,
                ratio=_fraction(clone["median_s"] / copy["median_s"]),
                clone=human_time(clone["median_s"]),
                copy=human_time(copy["median_s"]),
                faults=f"{clone.get('minor_faults', 0):,}",
                pages=f"{largest // 4096:,}",
                copy_faults=f"{copy.get('minor_faults', 0):,}",
            )
        )
        slower = [
            s
            for s in t.sizes
            if t.get("clone", s)
            and t.get("copy_", s)
            and all(
                t.get("clone", x)["median_s"] >= 1.5 * t.get("copy_", x)["median_s"]
                for x in t.sizes
                if x >= s
            )
        ]
        lines.append(
            words("clone_from", size=human_size(slower[0])) if slower else words("clone_never")
        )
    detach = [t.get("detach", s) for s in t.sizes if t.get("detach", s)]
    if detach:
        times = [row["median_s"] for row in detach]
        lines.append(
            words(
                "detach_costs",
                low=human_time(min(times)),
                high=human_time(max(times)),
                first=human_size(detach[0]["bytes"]),
                last=human_size(detach[-1]["bytes"]),
            )
        )
    pageable, pinned = t.get("h2d_pageable", largest), t.get("h2d_pinned", largest)
    pin_then = t.get("pin_then_h2d", largest)
    if pageable and pinned and pin_then:
        lines.append(
            words(
                "pinned_vs_pageable",
                size=size,
                pageable=_gbps(pageable["gbps"]),
                pinned=_gbps(pinned["gbps"]),
                pin_then=_gbps(pin_then["gbps"]),
            )
        )
        lines.append(words("hundred_mb", ms=_three_digits(100e6 / pinned["gbps"] / 1e6)))
    return lines


def _table(t: Timings, words: dict, cell) -> list[str]:
    # A long name may break after an underscore inside it, never in the middle of a word.
    header = [words("size"), *(f"<code>{_breakable(op)}</code>" for op in t.ops)]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" + "--:|" * len(t.ops)]
    for size in t.sizes:
        cells = [human_size(size)]
        for op in t.ops:
            row = t.get(op, size)
            cells.append("" if row is None else cell(op, size, row))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _breakable(name: str) -> str:
    """`memcpy_reference` as HTML that may wrap after its inner underscores only."""
    return re.sub(r"_(?=.)", "_<wbr>", escape(name))


def render_markdown(t: Timings, language: str, json_name: str) -> str:
    words = catalogue("timings", language)
    statements = t.statements
    out = [
        "<!-- "
        + words("generated", command=t.command)
        + " "
        + words("regenerate", json=f"docs/generated/{json_name}")
        + " -->",
        "",
        figure_markdown(t, language),
        "",
        words("machine", **t.machine, command=t.command),
        "",
        f"**{words('key')}**",
        "",
        *(f"- {line}" for line in _key_figures(t, words)),
        "",
        f"**{words('bandwidth_title')}**",
        "",
    ]

    def bandwidth(op, size, row):
        if op in NOT_PLOTTED:
            return words("no_copy")
        return f"{_gbps(row['gbps'])} ({_fraction(t.ratio(op, size, 'gbps'))})"

    def time(op, size, row):
        return f"{human_time(row['median_s'])} ({_fraction(t.ratio(op, size, 'median_s'))})"

    def spread(op, size, row):
        # Two short lines rather than one long one: the table fits a desktop column.
        return f"±{human_time(row['iqr_s'])}<br>{row['runs']} {words('runs')}"

    out += _table(t, words, bandwidth)
    out += ["", f"**{words('time_title')}**", ""]
    out += _table(t, words, time)
    out += ["", f"**{words('spread_title')}**", ""]
    out += _table(t, words, spread)
    if all("minor_faults" in row for row in t.by_key.values()):
        out += ["", f"**{words('faults_title')}**", ""]
        out += _table(t, words, lambda op, size, row: f"{row['minor_faults']:,}")
    out += [
        "",
        f"**{words('ops_title')}**",
        "",
        f"| {words('op')} | {words('statement')} | {words('meaning')} |",
        "|---|---|---|",
    ]
    for op in t.ops:
        out.append(
            f"| `{op}` | `{statements.get(op, '')}` | {words.section('meanings').get(op, '')} |"
        )
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# SVG

# Drawn at 1:1 on a desktop (the text column is wider), and at no less than 480 px on a phone,
# where the chart scrolls sideways instead of shrinking (docs/assets/stylesheets/extra.css):
# 15 px labels stay at 12 px or more. The legend sits under the plot, so that the plot gets the
# whole width; the height grows with the number of series.
WIDTH = 600
LEFT, RIGHT, TOP = 70, 34, 52
PLOT_HEIGHT = 300
LEGEND_ROW = 26
FONT_SIZE, TICK_SIZE, TITLE_SIZE = 15, 14, 17

# Each scheme's colours: the light one on white, the dark one on the slate background that
# Material uses under prefers-color-scheme: dark (hsl(232, 15%, 14%), #1e2029). Every line
# colour is at least 3:1 against its background (WCAG 1.4.11), every text colour 4.5:1.
SCHEMES = {
    "light": {
        "background": "#ffffff",
        "text": "#222222",
        "muted": "#555555",
        "ticks": "#333333",
        "grid": "#e3e3e3",
        "grid_minor": "#f0f0f0",
        "frame": "#888888",
        "reference": "#111111",
        "colours": COLOURS,
    },
    "dark": {
        "background": "#1e2029",
        "text": "#e2e4e9",
        "muted": "#b4b7c0",
        "ticks": "#c9ccd3",
        "grid": "#3a3d4a",
        "grid_minor": "#2c2f3a",
        "frame": "#7c7f8a",
        "reference": "#f2f2f2",
        "colours": [
            "#56B4E9",
            "#F5793A",
            "#7FD4B0",
            "#E08FC0",
            "#E69F00",
            "#8FCBF0",
            "#BDBD6A",
            "#D17A9E",
        ],  # fmt: skip
    },
}


def _nice_ceiling(value: float) -> tuple[float, float]:
    """A round upper bound for the y axis and the step between its ticks."""
    if value <= 0:
        return 1.0, 0.25
    magnitude = 10 ** math.floor(math.log10(value))
    for step in (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10):
        tick = step * magnitude
        if value / tick <= 8:
            return tick * math.ceil(value / tick), tick
    return value, value / 4


def _marker(kind: str, x: float, y: float, colour: str, hollow: str = "#ffffff") -> str:
    """One data point: a filled, stroked or hollow shape, each kind unlike the others
    (a hollow one is filled with `hollow`, the background)."""
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>'
    if kind == "ring":
        return (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{hollow}" stroke="{colour}" '
            f'stroke-width="2"/>'
        )
    if kind in ("square", "hollow_square"):
        fill = colour if kind == "square" else hollow
        return (
            f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{fill}" '
            f'stroke="{colour}" stroke-width="{0 if kind == "square" else 2}"/>'
        )
    if kind in ("cross", "plus"):
        if kind == "cross":
            d = (
                f"M{x - 4:.1f},{y - 4:.1f}L{x + 4:.1f},{y + 4:.1f}"
                f"M{x - 4:.1f},{y + 4:.1f}L{x + 4:.1f},{y - 4:.1f}"
            )
        else:
            d = f"M{x - 5:.1f},{y:.1f}L{x + 5:.1f},{y:.1f}M{x:.1f},{y - 5:.1f}L{x:.1f},{y + 5:.1f}"
        return f'<path d="{d}" stroke="{colour}" stroke-width="2.5" fill="none"/>'
    if kind == "star":
        corners = []
        for i in range(10):
            radius = 5.5 if i % 2 == 0 else 2.4
            angle = math.pi / 2 + i * math.pi / 5
            corners.append(f"{x + radius * math.cos(angle):.1f},{y - radius * math.sin(angle):.1f}")
        return f'<polygon points="{" ".join(corners)}" fill="{colour}"/>'
    if kind == "triangle":
        points = f"{x:.1f},{y - 5:.1f} {x - 4.5:.1f},{y + 3.5:.1f} {x + 4.5:.1f},{y + 3.5:.1f}"
    elif kind == "triangle_down":
        points = f"{x:.1f},{y + 5:.1f} {x - 4.5:.1f},{y - 3.5:.1f} {x + 4.5:.1f},{y - 3.5:.1f}"
    elif kind == "diamond":
        points = f"{x:.1f},{y - 5:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 5:.1f} {x - 5:.1f},{y:.1f}"
    else:
        raise ValueError(f"no such marker: {kind}")
    return f'<polygon points="{points}" fill="{colour}"/>'


def render_svg(t: Timings, language: str, plot_setup=None, scheme: str = "light") -> str:
    """The bandwidth plot, in the colours of `scheme` (SCHEMES). `plot_setup(t, language)` may
    choose (ops, title, ceiling, note): tools/generate/gpu_transfers.py does for a GPU record,
    with the link as the ceiling."""
    words = catalogue("timings", language)
    paint = SCHEMES[scheme]
    colours = paint["colours"]
    ops = [op for op in t.ops if op not in NOT_PLOTTED]
    title = words("plot_title", device_name=t.machine["device_name"])
    ceiling = None  # (GB/s, label) of a horizontal reference line
    note = words("not_plotted") if any(op in NOT_PLOTTED for op in t.ops) else None
    if plot_setup is not None:
        ops, title, ceiling, note = plot_setup(t, language)
    values = [t.get(op, s)["gbps"] for op in ops for s in t.sizes if t.get(op, s)]
    values += [ceiling[0]] if ceiling else []
    top, step = _nice_ceiling(max(values, default=1.0))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, PLOT_HEIGHT
    low, high = math.log2(t.sizes[0]), math.log2(t.sizes[-1])
    span = (high - low) or 1.0

    # The legend under the plot: the reference (or the ceiling) on a row of its own, then the
    # series two to a row.
    series = [op for op in ops if op != REFERENCE]
    legend = [
        (op, colours[index % len(colours)], MARKERS[index % len(MARKERS)])
        for index, op in enumerate(series)
    ]
    has_reference = REFERENCE in ops or ceiling is not None
    legend_top = TOP + plot_h + 74
    rows = int(has_reference) + math.ceil(len(legend) / 2) + int(note is not None)
    height = legend_top + rows * LEGEND_ROW + 8

    def x_of(size: int) -> float:
        return LEFT + (math.log2(size) - low) / span * plot_w

    def y_of(gbps: float) -> float:
        return TOP + plot_h - gbps / top * plot_h

    out = [
        # No command line here: XML forbids "--" inside a comment.
        f"<!-- {words('generated_svg', json=f'timings-{t.device}.json')} -->",
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}" font-size="{FONT_SIZE}" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="{paint["background"]}"/>',
        f'<text x="16" y="30" font-size="{TITLE_SIZE}" font-weight="bold" '
        f'fill="{paint["text"]}"{_fit(title, WIDTH - 32)}>{escape(title)}</text>',
    ]
    # Grid and axes
    tick = 0.0
    while tick <= top + 1e-9:
        y = y_of(tick)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
            f'stroke="{paint["grid"]}"/>'
        )
        out.append(
            f'<text x="{LEFT - 8}" y="{y + 5:.1f}" text-anchor="end" fill="{paint["ticks"]}" '
            f'font-size="{TICK_SIZE}">{tick:g}</text>'
        )
        tick += step
    for index, size in enumerate(t.sizes):
        x = x_of(size)
        out.append(
            f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + plot_h}" '
            f'stroke="{paint["grid_minor"]}"/>'
        )
        # Every size on the grid, every other one labelled when the labels would touch.
        if len(t.sizes) > 7 and index % 2:
            continue
        out.append(
            f'<text x="{x:.1f}" y="{TOP + plot_h + 20}" text-anchor="middle" '
            f'fill="{paint["ticks"]}" font-size="{TICK_SIZE}">{escape(human_size(size))}</text>'
        )
    out.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
        f'stroke="{paint["frame"]}"/>'
    )
    out.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{TOP + plot_h + 46}" text-anchor="middle" '
        f'fill="{paint["text"]}">{escape(words("x_axis"))}</text>'
    )
    out.append(
        f'<text transform="translate(20 {TOP + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle" fill="{paint["text"]}">{escape(words("y_axis"))}</text>'
    )
    # Lines: the reference last, so that it is drawn over the others.
    ordered = series + ([REFERENCE] if REFERENCE in ops else [])
    style = {op: (colour, marker) for op, colour, marker in legend}
    dash = f'stroke="{paint["reference"]}" stroke-width="3.5" stroke-dasharray="9 5"'
    for op in ordered:
        points = [(x_of(s), y_of(t.get(op, s)["gbps"])) for s in t.sizes if t.get(op, s)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        if op == REFERENCE:
            out.append(f'<polyline points="{path}" fill="none" {dash}/>')
            continue
        colour, marker = style[op]
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<g class="series" data-op="{escape(op)}" data-marker="{marker}">')
        out.extend(_marker(marker, x, y, colour, paint["background"]) for x, y in points)
        out.append("</g>")
    if ceiling:
        y = y_of(ceiling[0])
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" {dash}/>')
    # Legend
    lx, ly = LEFT, legend_top
    if has_reference:
        label = ceiling[1] if ceiling else words("reference")
        out.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 30}" y2="{ly}" {dash}/>')
        out.append(
            f'<text x="{lx + 38}" y="{ly + 5}" fill="{paint["text"]}">{escape(label)}</text>'
        )
        ly += LEGEND_ROW
    column = plot_w / 2
    for index, (op, colour, marker) in enumerate(legend):
        x = lx + (index % 2) * column
        y = ly + (index // 2) * LEGEND_ROW
        out.append(
            f'<line x1="{x:.1f}" y1="{y}" x2="{x + 30:.1f}" y2="{y}" stroke="{colour}" '
            f'stroke-width="2"/>'
        )
        out.append(_marker(marker, x + 15, y, colour, paint["background"]))
        out.append(f'<text x="{x + 38:.1f}" y="{y + 5}" fill="{paint["text"]}">{escape(op)}</text>')
    ly += math.ceil(len(legend) / 2) * LEGEND_ROW
    if note:
        out.append(
            f'<text x="{lx}" y="{ly + 5}" fill="{paint["muted"]}" font-size="{TICK_SIZE}">'
            f"{escape(note)}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _fit(text: str, room: float) -> str:
    """Attributes that squeeze a bold title into `room` pixels when it would not fit (a long
    device name); an estimate: CJK characters are about twice as wide as Latin ones."""
    width = sum(2 if "\u4e00" <= c <= "\u9fff" else 1 for c in text) * 0.6 * TITLE_SIZE
    return f' textLength="{room}" lengthAdjust="spacingAndGlyphs"' if width > room else ""


def figure_markdown(t: Timings, language: str, plot_setup=None, alt: str | None = None) -> str:
    """The chart as the page shows it: the light and the dark drawing (Material shows the one
    of its scheme), sized, inside a link to the full-size drawing, which a phone can zoom."""
    words = catalogue("timings", language)
    names = output_names(t.device)
    light, dark = names[f"svg-{language}"], names[f"svg-{language}-dark"]
    alt = alt or words("figure_alt", device_name=t.machine["device_name"])
    svg = render_svg(t, language, plot_setup)
    height = svg.split('height="', 1)[1].split('"', 1)[0]
    # Single quotes: a Chinese page's prose may not hold ASCII double quotes (tests/test_terms.py).
    size = f"width='{WIDTH}' height='{height}' loading='lazy' decoding='async'"
    images = "".join(
        f"![{alt}](generated/{name}#only-{scheme}){{ {size} }}"
        for name, scheme in ((light, "light"), (dark, "dark"))
    )
    return f"[{images}](generated/{light}){{ .chart title='{words('figure_link')}' }}"


# ---------------------------------------------------------------------------------------------
# Files


def output_names(device: str) -> dict[str, str]:
    """Generated file name for each (kind, language); the JSON is the input."""
    return {
        "md-en": f"timings-{device}.en.md",
        "md-zh": f"timings-{device}.zh.md",
        "svg-en": f"timings-{device}.svg",
        "svg-zh": f"timings-{device}.zh.svg",
        "svg-en-dark": f"timings-{device}.dark.svg",
        "svg-zh-dark": f"timings-{device}.dark.zh.svg",  # the language last: mkdocs-static-i18n
    }


def render_all(json_path: Path, markdown=None, plot_setup=None) -> dict[str, str]:
    """File name -> text, for every file rendered from one JSON (another renderer of the
    Markdown and another plot setup may be passed: tools/generate/gpu_transfers.py does)."""
    t = load(json_path)
    names = output_names(t.device)
    texts = {}
    for language in LANGUAGES:
        text = (markdown or render_markdown)(t, language, Path(json_path).name)
        texts[names[f"md-{language}"]] = text
        texts[names[f"svg-{language}"]] = render_svg(t, language, plot_setup)
        texts[names[f"svg-{language}-dark"]] = render_svg(t, language, plot_setup, "dark")
    return texts


def render_files(json_path: Path, out: Path, **renderers) -> list[Path]:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in render_all(json_path, **renderers).items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
