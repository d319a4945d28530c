"""The CUDA half of the timings renderer: transfers recorded by tools/generate/gpu_record.py.

tools/generate/bench_render.py draws what this module chooses for a CUDA timings JSON that
carries the machine's link fields (render_all and render_files below). The
tables put each measurement beside a physical reference: the host link's theoretical bandwidth
per direction (PCIe generation and width as nvidia-smi reports them, or NVLink-C2C on Grace
Hopper) and the device memory's (HBM) bandwidth, and say what pinning and `non_blocking=True`
gained at each size. Every figure comes from the JSON; nothing here measures.
"""

from __future__ import annotations

from tools.generate import bench, bench_render
from tools.generate.bench_render import (
    _gbps,
    _percent,
    _table,
    _three_digits,
    human_size,
    human_time,
)
from tools.text import Catalogue, catalogue

TRANSFER_OPS = [op for op in bench.CUDA_OPS if op.startswith(("h2d_", "d2h_", "pin_"))]
DEVICE_OPS = ["memcpy_reference", "cuda_copy_", "cuda_clone"]
# (column id, slower op, faster op): the gain is the slower's time over the faster's.
GAINS = [
    ("pin_h2d", "h2d_pageable", "h2d_pinned"),
    ("pin_d2h", "d2h_pageable", "d2h_pinned"),
    ("pin_inside_h2d", "h2d_pageable", "pin_then_h2d"),
    ("nb_h2d_pinned", "h2d_pinned", "h2d_pinned_non_blocking"),
    ("nb_h2d_pageable", "h2d_pageable", "h2d_pageable_non_blocking"),
    ("nb_d2h_pinned", "d2h_pinned", "d2h_pinned_non_blocking"),
    ("nb_d2h_pageable", "d2h_pageable", "d2h_pageable_non_blocking"),
]

# PCIe: transfer rate per lane (GT/s) and line-code efficiency, by generation.
PCIE = {
    1: (2.5, 8 / 10, "8b/10b"),
    2: (5.0, 8 / 10, "8b/10b"),
    3: (8.0, 128 / 130, "128b/130b"),
    4: (16.0, 128 / 130, "128b/130b"),
    5: (32.0, 128 / 130, "128b/130b"),
    6: (64.0, 242 / 256, "FLIT 242/256"),
}
NVLINK_C2C_GBPS = 450.0  # per direction; NVIDIA gives 900 GB/s in total for Grace Hopper
# NVIDIA datasheet figures in GB/s, used only when the run could not read clock and bus width.
HBM_DATASHEET = {
    "H200": 4800.0,
    "H100 80GB HBM3": 3350.0,
    "H100 PCIe": 2000.0,
    "A100-SXM4-80GB": 2039.0,
    "A100 80GB PCIe": 1935.0,
    "A100-SXM4-40GB": 1555.0,
    "A100-PCIE-40GB": 1555.0,
}


def words_of(language: str) -> Catalogue:
    """The CUDA tables' words: text/<language>/gpu_timings.yml."""
    return catalogue("gpu_timings", language)


def render_missing(language: str) -> str:
    """docs/generated/timings-cuda.<language>.md before any GPU record has been applied."""
    words = words_of(language)
    return f"<!-- {words('generated', command='python3 -m tools.generate.gpu_record')} -->\n\n" + (
        words("missing") + "\n"
    )


def _int(value) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


def link_reference(machine: dict) -> dict | None:
    """The host link's theoretical bandwidth per direction: gbps, kind and the facts used."""
    name = machine.get("device_name") or ""
    if "GH200" in name or "GB200" in name:
        return {"gbps": NVLINK_C2C_GBPS, "kind": "c2c"}
    pcie = machine.get("pcie") or {}
    gen = _int(pcie.get("gen_max")) or _int(pcie.get("gen_current"))
    width = _int(pcie.get("width_max")) or _int(pcie.get("width_current"))
    if gen not in PCIE or not width:
        return None
    gts, efficiency, code = PCIE[gen]
    after = machine.get("pcie_after_bench") or {}
    return {
        "gbps": gts * width * efficiency / 8,
        "kind": "pcie",
        "gen": gen,
        "width": width,
        "gts": gts,
        "code": code,
        "gen_now": after.get("gen.current") or pcie.get("gen_current") or "?",
        "width_now": after.get("width.current") or pcie.get("width_current") or "?",
    }


def hbm_reference(machine: dict) -> dict | None:
    """Device memory bandwidth (reads and writes together) in GB/s, and where it comes from."""
    bus = _int(machine.get("memory_bus_width_bits"))
    clock_khz = _int(machine.get("memory_clock_khz"))
    if bus and clock_khz:
        return {"gbps": 2 * clock_khz * 1e3 * bus / 8 / 1e9, "kind": "props",
                "clock": clock_khz / 1e3, "bus": bus}  # fmt: skip
    smi_clock = _int(str(machine.get("smi_max_memory_clock") or "").split(" ")[0])
    if bus and smi_clock:
        return {"gbps": 2 * smi_clock * 1e6 * bus / 8 / 1e9, "kind": "smi",
                "clock": smi_clock, "bus": bus}  # fmt: skip
    name = machine.get("device_name") or ""
    for model, gbps in HBM_DATASHEET.items():
        if model in name:
            return {"gbps": gbps, "kind": "datasheet", "name": model}
    return None


def _pct(value: float | None, labels: Catalogue) -> str:
    return "–" if value is None else _percent(value, labels)


def render_markdown(t, language: str, json_name: str) -> str:
    words = words_of(language)
    labels = bench_render.words(language)
    m = t.machine
    link, hbm = link_reference(m), hbm_reference(m)
    largest = t.sizes[-1] if t.sizes else None
    out = [f"<!-- {words('generated', command=t.command)} -->", ""]
    alt = words("plot_alt", device_name=m["device_name"])
    out += [bench_render.figure_markdown(t, language, plot_setup, alt), ""]
    fields = {k: (v if v not in (None, "") else "–") for k, v in m.items()}
    out += [words("machine", **fields, command=t.command), ""]
    if m.get("standin"):
        out += [words("standin"), ""]

    # References
    out += [f"**{words('references_title')}**", ""]
    out += [f"| {words('reference')} | GB/s | {words('source')} |", "|---|--:|---|"]
    if link is None:
        out.append(f"| {words('link_unknown')} | – | – |")
    elif link["kind"] == "c2c":
        out.append(f"| {words('link_c2c')} | {_gbps(link['gbps'])} | {words('link_c2c_source')} |")
    else:
        out.append(
            f"| {words('link_pcie', **link)} | {_gbps(link['gbps'])} | "
            f"{words('link_pcie_source', **link)} |"
        )
    if hbm is None:
        out.append(f"| {words('hbm_unknown')} | – | – |")
    else:
        source = words.section("hbm_sources")(hbm["kind"], **hbm)
        out.append(f"| {words('hbm')} | {hbm['gbps']:,.0f} | {source} |")
    out.append("")

    def of_link(row):
        return None if row is None or link is None else row["gbps"] / link["gbps"]

    def of_hbm(row):
        return None if row is None or hbm is None else 2 * row["gbps"] / hbm["gbps"]

    # Key figures
    key = []
    if largest is not None:
        size = human_size(largest)
        for direction in ("h2d", "d2h"):
            pinned, pageable = (
                t.get(f"{direction}_pinned", largest),
                t.get(f"{direction}_pageable", largest),
            )
            if pinned and pageable:
                key.append(
                    words(
                        direction,
                        size=size,
                        pinned=_gbps(pinned["gbps"]),
                        pageable=_gbps(pageable["gbps"]),
                        pinned_pct=words("of_link", pct=_pct(of_link(pinned), labels))
                        if link
                        else "",
                        pageable_pct=words("of_link", pct=_pct(of_link(pageable), labels))
                        if link
                        else "",
                    )
                )
        clone, copy = t.get("cuda_clone", largest), t.get("cuda_copy_", largest)
        if clone and copy:
            key.append(
                words(
                    "clone",
                    size=size,
                    gbps=_gbps(clone["gbps"]),
                    copy=_gbps(copy["gbps"]),
                    pct=words("of_hbm", pct=_pct(of_hbm(clone), labels)) if hbm else "",
                )
            )
        pinned = t.get("h2d_pinned", largest)
        if pinned:
            key.append(words("hundred_mb", ms=_three_digits(100e6 / pinned["gbps"] / 1e6)))
    out += [f"**{words('key')}**", ""] + [f"- {line}" for line in key] + [""]

    transfers = [op for op in TRANSFER_OPS if op in t.ops]
    device = [op for op in DEVICE_OPS if op in t.ops]

    def table(ops, cell):
        if not ops:
            return []
        view = _View(t, ops)
        return _table(view, labels, cell) + [""]

    out += [f"**{words('transfer_title')}**", ""]
    out += table(
        transfers, lambda op, s, row: f"{_gbps(row['gbps'])} ({_pct(of_link(row), labels)})"
    )
    out += [f"**{words('gain_title')}**", ""]
    out += _gain_table(t, words, labels("size"))
    out += [f"**{words('device_title')}**", ""]
    out += table(device, lambda op, s, row: f"{_gbps(row['gbps'])} ({_pct(of_hbm(row), labels)})")
    out += [f"**{words('time_title')}**", ""]
    out += table(transfers, lambda op, s, row: human_time(row["median_s"]))
    out += [f"**{words('device_time_title')}**", ""]
    out += table(device, lambda op, s, row: human_time(row["median_s"]))
    out += [f"**{words('spread_title')}**", ""]
    for ops in (transfers, device):
        out += table(
            ops, lambda op, s, row: f"±{human_time(row['iqr_s'])}, {row['runs']} {labels('runs')}"
        )
    out += _wait_table(t, words)
    out += [
        f"**{labels('ops_title')}**",
        "",
        f"| {labels('op')} | {labels('statement')} | {labels('meaning')} |",
        "|---|---|---|",
    ]
    for op in t.ops:
        statement = t.statements.get(op, "")
        out.append(f"| `{op}` | `{statement}` | {labels.section('meanings').get(op, '')} |")
    return "\n".join(out) + "\n"


class _View:
    """A Timings restricted to some operations, for bench_render._table."""

    def __init__(self, t, ops):
        self.ops, self.sizes, self.get = ops, t.sizes, t.get


def _gain_table(t, words, size_word) -> list[str]:
    columns = [(cid, slow, fast) for cid, slow, fast in GAINS if slow in t.ops and fast in t.ops]
    if not columns:
        return []
    header = [words.section("gain_columns")(cid) for cid, _, _ in columns]
    lines = ["| " + " | ".join([size_word, *header]) + " |"]
    lines.append("|---|" + "--:|" * len(columns))
    for size in t.sizes:
        cells = [human_size(size)]
        for _, slow, fast in columns:
            a, b = t.get(slow, size), t.get(fast, size)
            cells.append("" if not a or not b else f"{a['median_s'] / b['median_s']:.2f}×")
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""]


def _wait_table(t, words) -> list[str]:
    rows = (t.data.get("host_wait") or {}).get("rows") or []
    if not rows:
        return []
    runs = rows[0]["runs"]
    out = [f"**{words('wait_title', runs=runs)}**", ""]
    out += ["| " + " | ".join(words.items("wait_columns")) + " |", "|---|--:|--:|--:|--:|--:|"]

    def count(value, runs):
        if value is None:
            return words("wait_unknown")
        return words("wait_busy", busy=value, runs=runs)

    for row in rows:
        busy = count(row["busy_on_return"], row["runs"])
        waited = count(row.get("waited_for_queued_work"), row["runs"])
        out.append(
            f"| `{row['statement']}` | {human_size(row['bytes'])} | "
            f"{human_time(row['returned_s'])} | {human_time(row['finished_s'])} | {busy} | "
            f"{waited} |"
        )
    return out + ["", words("wait_note"), ""]


def plot_setup(t, language: str):
    """What the SVG draws for CUDA results: the transfers, with the host link as the ceiling."""
    words = words_of(language)
    link = link_reference(t.machine)
    ops = [op for op in TRANSFER_OPS if op in t.ops]
    title = words("plot_title", device_name=t.machine["device_name"])
    ceiling = None
    if link is not None:
        label = (
            f"PCIe Gen {link['gen']} x{link['width']}" if link["kind"] == "pcie" else "NVLink-C2C"
        )
        ceiling = (link["gbps"], f"{label}: {_gbps(link['gbps'])} GB/s")
    return ops, title, ceiling, words("plot_note")


def render_all(json_path) -> dict[str, str]:
    """File name -> text for a GPU record's timings: this module's Markdown, the shared plot."""
    return bench_render.render_all(json_path, markdown=render_markdown, plot_setup=plot_setup)


def render_files(json_path, out) -> list:
    return bench_render.render_files(
        json_path, out, markdown=render_markdown, plot_setup=plot_setup
    )
