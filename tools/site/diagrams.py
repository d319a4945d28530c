"""MkDocs hook: every ```mermaid block becomes its pre-drawn SVG images, so readers get no script.

`make diagrams` (tools/generate/diagrams.py) draws each block once for the light and once for
the dark scheme into docs/generated/diagrams/<key>.{light,dark}.svg. Here each block of a page's
Markdown (chapter pages and notebook pages alike) is replaced by two <img> elements with the
same alt text, the block's `accTitle:` and `accDescr:`: Material shows the one whose address
ends in #only-light under its light scheme and the #only-dark one under slate, and hides the
other from screen readers with it (display: none). A block with no drawn SVG stops the build
with a message that names `make diagrams`.
"""

from __future__ import annotations

import html
import posixpath
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root, for tools.*

from tools.generate import diagrams  # noqa: E402
from tools.text import catalogue  # noqa: E402

GENERATED = "generated/diagrams"  # under docs/


def on_page_markdown(markdown, page, config, files):
    def url(key: str, scheme: str) -> str:
        # Not looked up in `files`: mkdocs-static-i18n leaves the default language's assets out
        # of the other languages' collections (they are written once, at the site's root).
        src = f"{GENERATED}/{key}.{scheme}.svg"
        if not (Path(config.docs_dir) / src).is_file():
            raise PluginError(
                f"{page.file.src_uri}: a mermaid diagram has no drawn SVG ({src}); "
                "run `make diagrams` and commit docs/generated/diagrams/"
            )
        return posixpath.relpath(src, posixpath.dirname(page.file.dest_uri) or ".")

    try:
        return replace_diagrams(markdown, url)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None


def replace_diagrams(markdown: str, url) -> str:
    """The Markdown with each mermaid fence replaced by its images; url(key, scheme) -> address."""
    parts, at = [], 0
    for fence in diagrams.mermaid_fences(markdown):
        d = diagrams.diagram(fence.body)
        if not (d.title and d.description):
            raise ValueError("a mermaid diagram without accTitle: and accDescr: lines")
        parts.append(markdown[at : fence.start])
        parts.append(fence.indent + image_html(d, url) + "\n")
        at = fence.end
    parts.append(markdown[at:])
    return "".join(parts)


def image_html(d: diagrams.Diagram, url) -> str:
    """Both drawings inside one link to the full-size light drawing, which a phone can zoom
    (the dark one would do as well; one link keeps one tab stop). The paragraph carries the
    drawing's natural width, under which reading.css does not shrink it on a phone."""
    chinese = any("\u4e00" <= c <= "\u9fff" for c in d.title)
    words = catalogue("site", "zh" if chinese else "en")
    title = d.title.rstrip(".\u3002")  # the full stop the sentence below puts back
    alt = html.escape(words("diagram_alt", title=title, description=d.description))
    light = diagrams.svg_path(d.key, "light")
    size = diagrams.size_of(light.read_text(encoding="utf-8")) if light.is_file() else (0, 0)
    dims = f' width="{size[0]}" height="{size[1]}"' if all(size) else ""
    width = f' style="--diagram-width: {size[0]}px"' if all(size) else ""
    title = words("diagram_link")
    return (
        f'<p class="diagram"{width}>'
        f'<a class="diagram-link" href="{url(d.key, "light")}" title="{title}">'
        + "".join(
            f'<img src="{url(d.key, scheme)}#only-{scheme}" alt="{alt}"{dims} loading="lazy" '
            'decoding="async">'
            for scheme in diagrams.SCHEMES
        )
        + "</a></p>"
    )
