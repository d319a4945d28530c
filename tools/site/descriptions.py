"""MkDocs hook: each page's own <meta name="description">, in its language.

Material writes `page.meta.description` into the page's head, and the site's description
(mkdocs.yml, per language) where a page has none: every page then described itself with the same
sentence. Here a page without a `description:` in its front matter gets its opening paragraph
(the paragraph after its title, read with tools/pages.py; a paragraph that is only a link to
an anchor on the page, a skip link, is passed over) as plain text: no Markdown, links
reduced to their text, cut to about 150 characters at a sentence end where one is near, else at
a word (English) or character (Chinese) with an ellipsis. Notebook pages open with their download
button, an HTML paragraph: the first Markdown paragraph after it is their chapter's opening.

Material puts the value into the attribute as it is (its templates do not escape), so it is
escaped here, the front matter's too.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root, for tools.*

from tools import pages  # noqa: E402

LIMIT = 150  # characters: about what a search result shows
_SKIP_LINK = re.compile(r"\[[^\]]*\]\(#[^)\s]*\)")
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_SENTENCE_END = {"en": re.compile(r"[.!?][\"”’)]?(?=\s)"), "zh": re.compile(r"[。！？；]”?")}


def on_page_markdown(markdown, page, config, files):
    given = page.meta.get("description")
    if given:
        page.meta["description"] = html.escape(str(given), quote=True)
        return markdown
    opening = opening_paragraph(markdown)
    if opening:
        language = config.theme.get("language") or "en"
        page.meta["description"] = html.escape(shorten(plain_text(opening), language), quote=True)
    return markdown


def opening_paragraph(markdown: str) -> str | None:
    """The first Markdown paragraph after the page's title (an HTML paragraph is skipped)."""
    found = pages.blocks(markdown)
    title = next((b for b in found if isinstance(b, pages.Heading) and b.level == 1), None)
    if title is None:
        return None
    for block in found[found.index(title) + 1 :]:
        if isinstance(block, pages.Heading):
            return None
        if isinstance(block, pages.Paragraph) and not block.text.lstrip().startswith("<"):
            if _SKIP_LINK.fullmatch(block.text.strip()):
                continue  # a link to a place further down the page says nothing about the page
            return block.text
    return None


def plain_text(markdown: str) -> str:
    """A paragraph of Markdown as the text a reader sees."""
    code: list[str] = []  # code spans first, so that nothing in them is read as Markdown

    def keep(match):
        code.append(match[2])
        return f"\x00{len(code) - 1}\x00"

    text = re.sub(r"(`+)(.+?)\1", keep, markdown)
    text = re.sub(r"\{[^}]*\}", "", text)  # attribute lists
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", text)  # images: their alt text
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", text)  # reference links
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)  # bold
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)  # italics
    text = html.unescape(text)
    text = re.sub(r"\x00(\d+)\x00", lambda m: code[int(m[1])].strip(), text)
    # A line break between two Chinese characters is no space; elsewhere it is one.
    text = re.sub(rf"(?<={_CJK.pattern})\n(?={_CJK.pattern})", "", text)
    return re.sub(r"\s+", " ", text).strip()


def shorten(text: str, language: str, limit: int = LIMIT) -> str:
    """At most about `limit` characters: a whole sentence where one ends late enough."""
    if text.endswith((":", "：")):  # the paragraph leads into a code block
        text = text[:-1].rstrip() + "…"
    if len(text) <= limit:
        return text
    ends = [m.end() for m in _SENTENCE_END.get(language, _SENTENCE_END["en"]).finditer(text)]
    fitting = [end for end in ends if limit // 2 <= end <= limit]
    if fitting:
        return text[: fitting[-1]].strip()
    cut = text[: limit - 1]
    if language != "zh" and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:，、；：") + "…"
