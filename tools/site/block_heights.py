"""MkDocs hook: each code block of a page says how many lines it has and how wide its widest
line is (`style="--lines: N; --cols: W"`).

A long chapter on a phone spends its first seconds styling and laying out every block, most of
them screens away. reading.css lets the browser skip a code block off screen until it comes near
(content-visibility) and, until then, hold the height its lines will take: `--lines` is that
count, so the page is about as long before the blocks are drawn as after, and its scroll bar and
its #anchors land where they will stay. `--cols` (characters, a wide East Asian one counting
two) lets docs/assets/javascripts/a11y.js tell whether a block not yet drawn scrolls sideways
without laying it out, so that a keyboard reaches it in its turn. Only the blocks at the top of
the article are skipped (those reading.css selects); one inside a tab, an admonition or a list is
drawn with its container.
"""

from __future__ import annotations

import html as entities
import re
import unicodedata

# pymdownx.highlight writes a block as <div class="language-x highlight"><pre>…<code>…</code></pre>.
_BLOCK = re.compile(r'<div class="(language-[\w-]+ highlight)"><pre\b(.*?)</pre>', re.S)
_CODE = re.compile(r"<code\b[^>]*>(.*)</code>", re.S)
_TAG = re.compile(r"<[^>]+>")


def on_page_content(html, page, config, files):
    return with_sizes(html)


def width(line: str) -> int:
    """Columns a line takes in a monospaced font: a wide or full-width character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def sizes(code_html: str) -> tuple[int, int]:
    """(lines, widest line in columns) of a highlighted block's <code> contents."""
    text = entities.unescape(_TAG.sub("", code_html)).expandtabs(8)
    lines = text.split("\n")
    if lines and lines[-1] == "":  # the newline that ends the last line
        lines.pop()
    return max(len(lines), 1), max((width(line) for line in lines), default=0)


def with_sizes(html: str) -> str:
    """The HTML with `--lines` and `--cols` on every highlighted block."""

    def add(block: re.Match) -> str:
        code = _CODE.search(block[2])
        lines, cols = sizes(code[1] if code else "")
        return (
            f'<div class="{block[1]}" style="--lines: {lines}; --cols: {cols}"><pre{block[2]}</pre>'
        )

    return _BLOCK.sub(add, html)
