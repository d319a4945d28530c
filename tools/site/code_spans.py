"""MkDocs hook: the highlighted code of a page without the elements that change nothing on screen.

Pygments wraps every token of a code block in a <span> whose class names its kind. Two kinds
look exactly like the code around them: names (`n`: Material colours `.highlight .n` with
--md-code-hl-name-color, which is --md-code-fg-color, the colour of the code itself) and
whitespace (`w`: no rule at all). They were a third of the elements of the models chapter
(1,900 of its 7,070): a page's first visit styles every element again each time Material's script
asks for a style, so each one costs main-thread time on a phone. Their text stays where it was,
unwrapped; the code reads, copies and is searched the same. The other kinds keep their spans.
tests/test_project.py checks that the stylesheets still give those two classes nothing of their
own.
"""

from __future__ import annotations

import re

UNSTYLED = ("n", "w")  # Pygments' classes for a name and for whitespace
_SPAN = re.compile(r'<span class="(?:' + "|".join(UNSTYLED) + r')">([^<]*)</span>')
# Where Pygments' spans are: a code block's <pre>, and inline code highlighted by inlinehilite.
_HIGHLIGHTED = re.compile(r"<pre\b.*?</pre>|<code class=\"highlight\">.*?</code>", re.S)


def on_page_content(html, page, config, files):
    return unwrap(html)


def unwrap(html: str) -> str:
    """The HTML with the name and whitespace spans of its highlighted code unwrapped."""
    return _HIGHLIGHTED.sub(lambda block: _SPAN.sub(r"\1", block[0]), html)
