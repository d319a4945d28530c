"""MkDocs hooks (mkdocs.yml: hooks). They run after the plugins' own event handlers.

Besides the hreflang clean-up below, these hooks make the chapter notebooks (docs/notebooks/,
written by `make notebooks`) work with mkdocs-static-i18n, and link each chapter to its notebook.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File
from mkdocs.structure.toc import get_toc

NOTEBOOKS = "notebooks"  # under docs/
NOTEBOOK_SECTION = "Notebooks"  # the nav section; translated by nav_translations in mkdocs.yml

# The i18n plugin points each page's <link rel="alternate" hreflang> at that page's translation.
# Material's JavaScript fetches "<alternate>/sitemap.xml" for every such link, which for a page
# URL is a 404 on every page view. The visible language switcher does not use these links, so
# they go; search engines lose the hreflang hint, which a site without site_url barely gives.
_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def on_page_context(context, page, config, nav):
    """Make the language switcher's links relative.

    On the home pages the i18n plugin leaves them as site-absolute paths ("/zh/"), which point
    outside the site as soon as it is served below a path, as GitHub project pages are. A link
    without the leading slash is made relative to the page by Material's `url` filter.
    """
    base = urlsplit(config.site_url or "").path.rstrip("/")
    # The i18n plugin sets `extra.alternate` as an attribute, which is what Jinja reads first.
    alternates = getattr(config.extra, "alternate", None) or config.extra.get("alternate", [])
    for alternate in alternates:
        link = alternate["link"]
        if link.startswith(base + "/"):
            alternate["link"] = link[len(base) + 1 :] or "."
    return context


def on_post_page(output, page, config):
    return _ALTERNATE.sub("", output)


# --- the Notebooks section of the navigation ---------------------------------------------------


def _notebook_src(page_src: str) -> str:
    """The notebook of a chapter page, relative to docs/: layers.md -> notebooks/layers.ipynb."""
    name = PurePosixPath(page_src).with_suffix("").as_posix().replace("/", "-")
    return f"{NOTEBOOKS}/{name}.ipynb"


def on_config(config):
    """Add a Notebooks section to the nav: one entry per chapter in the nav that has a notebook.

    Derived, not written in mkdocs.yml, so that a chapter gets its entry as soon as
    `make notebooks` has written its notebook. Its titles are the chapters' nav titles, which
    nav_translations already translates.
    """
    nav = config.nav
    if not nav or any(isinstance(item, dict) and NOTEBOOK_SECTION in item for item in nav):
        return config  # no explicit nav, or already added (i18n runs one build per language)
    docs = Path(config.docs_dir)
    entries = []
    for title, src in _nav_pages(nav):
        if src != "index.md" and (docs / _notebook_src(src)).is_file():
            entries.append({title: _notebook_src(src)})
    if entries:
        nav.append({NOTEBOOK_SECTION: entries})
    return config


def _nav_pages(items):
    for item in items:
        if isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str) and value.endswith(".md"):
                    yield title, value
                elif isinstance(value, list):
                    yield from _nav_pages(value)


# --- notebooks as pages under mkdocs-static-i18n ------------------------------------------------


class _NotebookPage(File):
    """A notebook that MkDocs builds as a page (mkdocs-jupyter renders it)."""

    def is_documentation_page(self):
        return True


@event_priority(-200)  # after mkdocs-static-i18n's on_files (-100)
def on_files(files, config):
    """Turn the current language's notebooks back into pages.

    mkdocs-jupyter wraps each .ipynb as a page in its on_files; mkdocs-static-i18n then rebuilds
    every file as a plain File, for which a notebook is a static asset: it would be copied as raw
    JSON, and as i18n keeps only one file per language, the Chinese notebook is not a page at all.
    Here each notebook that i18n kept for this language becomes a page again, at
    <language>/notebooks/<slug>/ as i18n would place a page, with its translations as the
    language switcher's targets. The files collection is changed in place: it is i18n's, whose
    lookup finds a page's translation from a plain link such as notebooks/layers.ipynb.
    """
    i18n = config.plugins.get("i18n")
    default = i18n.default_language if i18n else None
    for file in list(files):
        if not _is_notebook(file) or isinstance(file, _NotebookPage):
            continue
        page = _as_page(file.src_uri, getattr(file, "locale", default), default, config)
        for name in ("locale", "localization", "locale_alternate_of", "norm_src_uri", "name"):
            if hasattr(file, name):
                setattr(page, name, getattr(file, name))
        page.alternates = {}
        for language in i18n.build_languages if i18n else ():
            src = _localized(getattr(file, "norm_src_uri", file.src_uri), language, default)
            if (Path(config.docs_dir) / src).is_file():
                page.alternates[language] = _as_page(src, language, default, config)
        files.remove(file)
        files.append(page)
    return files


def _is_notebook(file) -> bool:
    return file.src_uri.startswith(f"{NOTEBOOKS}/") and file.src_uri.endswith(".ipynb")


def _localized(src: str, language: str | None, default: str | None) -> str:
    """notebooks/x.ipynb in a language: notebooks/x.zh.ipynb for zh."""
    if language == default:
        return src
    return src[: -len(".ipynb")] + f".{language}.ipynb"


def _as_page(src: str, language: str | None, default: str | None, config) -> _NotebookPage:
    """notebooks/x[.zh].ipynb as a page at [zh/]notebooks/x/index.html."""
    stem = PurePosixPath(src).name.split(".")[0]
    prefix = "" if language == default else f"{language}/"
    return _NotebookPage(
        src,
        config.docs_dir,
        config.site_dir,
        config.use_directory_urls,
        dest_uri=f"{prefix}{NOTEBOOKS}/{stem}/index.html",
    )


# --- each chapter links to its notebook ---------------------------------------------------------

_OFFER = {
    "en": (
        '!!! example "Run this chapter yourself"\n\n'
        "    This chapter is also a Jupyter notebook: every snippet in order, with the output it "
        "printed. [Read the notebook]({page}) or "
        '<a href="{download}" download>download {name}</a>.\n'
    ),
    "zh": (
        '!!! example "自己动手运行本章"\n\n'
        "    本章也有 Jupyter 笔记本版本：按顺序收录了本章的每一段代码及其输出。"
        '[在线阅读笔记本]({page})，或<a href="{download}" download>下载 {name}</a>。\n'
    ),
}


def on_page_markdown(markdown, page, config, files):
    """Offer the chapter's notebook right after the page's opening paragraph."""
    if _is_notebook(page.file):
        return markdown
    base = getattr(page.file, "norm_src_uri", page.file.src_uri)  # layers.md for layers.zh.md
    # i18n's lookup returns this language's notebook (notebooks/layers.zh.ipynb on zh pages).
    notebook = files.get_file_from_path(_notebook_src(base))
    if not isinstance(notebook, _NotebookPage):
        return markdown
    name = PurePosixPath(notebook.src_uri).name
    offer = _OFFER.get(getattr(page.file, "locale", "en"), _OFFER["en"]).format(
        page=posixpath.relpath(_notebook_src(base), posixpath.dirname(base) or "."),
        download=notebook.url_relative_to(page.file) + name,
        name=name,
    )
    return _after_opening_paragraph(markdown, offer)


def _after_opening_paragraph(markdown: str, block: str) -> str:
    lines = markdown.split("\n")
    i = next((k for k, line in enumerate(lines) if line.startswith("# ")), None)
    if i is None:
        return markdown
    i += 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i < len(lines) and not lines[i].lstrip().startswith(("```", "~~~", "!!!", "===", "#")):
        while i < len(lines) and lines[i].strip():
            i += 1
    return "\n".join(lines[:i] + ["", block] + lines[i:])


# --- notebook pages: light, offline, and styled like the rest of the site -----------------------

# mkdocs-jupyter's HTML carries JupyterLab's stylesheet inline (about 580 KB on every notebook
# page), a MathJax loader pointing at a CDN, a mermaid loader and a clipboard script. None of it
# is needed: the cells are rewritten into the markup Material gives code blocks, so the theme's
# styles, dark mode and copy button apply, and extra.css lays out the cells.
_STYLE = re.compile(r"<style\b[^>]*>.*?</style>\s*", re.S)
_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>\s*", re.S)
_MATHJAX_NOTES = re.compile(r"<!-- (?:Load mathjax|MathJax configuration|End of mathjax[^>]*) -->")
_COPY_BUTTON = re.compile(
    r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>', re.S
)
_COPY_TEXT = re.compile(r'<div class="clipboard-copy-txt"[^>]*>[^<]*</div>\s*')
_CODE = re.compile(
    r'<div class="highlight-ipynb hl-(?P<lang>[\w+-]+)[^"]*"><pre>(?P<body>.*?)</pre>', re.S
)
_OUTPUT = re.compile(
    r'(?P<open><div class="jp-RenderedText[^"]*"[^>]*>\s*)<pre>(?P<body>.*?)</pre>', re.S
)


def on_page_content(html, page, config, files):
    if not _is_notebook(page.file):
        return html
    # The chapter page holds the same text: one search result for it is enough.
    page.meta["search"] = {**page.meta.get("search", {}), "exclude": True}
    # nbconvert's cell ids ("cell-id=03-views") are no valid CSS id selector; Material's copy
    # button builds one from the id of the block's container.
    html = html.replace('id="cell-id=', 'id="cell-')
    html = _SECTION_HEADING.sub(_with_page_anchor, html)
    html = _SCRIPT.sub("", _STYLE.sub("", html))
    html = _MATHJAX_NOTES.sub("", _COPY_TEXT.sub("", _COPY_BUTTON.sub("", html)))
    html = _CODE.sub(
        r'<div class="language-\g<lang> highlight"><pre><code>\g<body></code></pre>', html
    )
    html = _OUTPUT.sub(
        r'\g<open><div class="language-text highlight"><pre><code>\g<body></code></pre></div>',
        html,
    )
    html = html.replace('class="anchor-link"', 'class="headerlink"')
    page.toc = _toc(html)
    return _H1_END.sub(lambda m: m[0] + _download_button(page), html, count=1)


_HEADING = re.compile(r'<h(?P<level>[1-6]) id="(?P<id>[^"]+)">(?P<inner>.*?)</h(?P=level)>', re.S)
_HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
_TAG = re.compile(r"<[^>]+>")


def _toc(html: str):
    """The table of contents from the rendered headings.

    mkdocs-jupyter's own drops inline code from titles ("`expand` versus `repeat`" becomes
    "versus").
    """
    root: list[dict] = []
    open_tokens: list[dict] = []
    for match in _HEADING.finditer(html):
        name = _TAG.sub("", _HEADERLINK.sub("", match["inner"])).strip()
        token = {"level": int(match["level"]), "id": match["id"], "name": name, "children": []}
        while open_tokens and open_tokens[-1]["level"] >= token["level"]:
            open_tokens.pop()
        (open_tokens[-1]["children"] if open_tokens else root).append(token)
        open_tokens.append(token)
    return get_toc(root)


# A section's markdown cell is named after the heading's anchor on the chapter page
# (tools/notebooks.py): "cell-03-views". Its heading gets that anchor as id, instead of the one
# nbconvert derives from the title, which is empty for a Chinese title.
_SECTION_HEADING = re.compile(
    r'(?P<cell>id="cell-\d+-(?P<anchor>[A-Za-z0-9_-]+)">)(?P<between>(?:(?!class="jp-Cell ).)*?)'
    r'<h(?P<level>[1-6]) id="[^"]*">(?P<inner>.*?)</h(?P=level)>',
    re.S,
)


def _with_page_anchor(match: re.Match) -> str:
    anchor, level = match["anchor"], match["level"]
    inner = re.sub(r'href="#[^"]*"', f'href="#{anchor}"', match["inner"], count=1)
    return f'{match["cell"]}{match["between"]}<h{level} id="{anchor}">{inner}</h{level}>'


_H1_END = re.compile(r"</h1>")
_DOWNLOAD = {"en": "Download", "zh": "下载"}


def _download_button(page) -> str:
    """A link to the .ipynb that mkdocs-jupyter (include_source) copies next to the page."""
    name = PurePosixPath(page.file.src_uri).name
    label = _DOWNLOAD.get(getattr(page.file, "locale", "en"), _DOWNLOAD["en"])
    return (
        f'\n<p class="notebook-download"><a class="md-button" href="{name}" download>'
        f"{label} <code>{name}</code></a></p>"
    )
