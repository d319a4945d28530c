"""MkDocs hook: the chapter notebooks (docs/notebooks/, `make notebooks`) as pages of the site.

Each notebook is shown as a page at [zh/]notebooks/<name>/, built from the .ipynb itself: its
Markdown cells as they are, each code cell as a python block with the text it printed under it.
Material then draws them like every other page (code copy button, dark mode, table of contents),
with no notebook stylesheet, script or prompt. The .ipynb is copied next to the page for the
download button, and each chapter offers its notebook right after its opening paragraph. The
notebooks are not in the navigation (the chapters are); their pages point search engines to the
chapter (canonical link) and stay out of the search index, which already has the chapter.
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import sys
from pathlib import Path, PurePosixPath

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root, for tools.*

from tools import pages, project  # noqa: E402
from tools.text import Catalogue, catalogue  # noqa: E402

NOTEBOOKS = "notebooks"  # under docs/


def _words(language: str) -> Catalogue:
    """The offer, the notebook page's title and its button: text/<language>/site.yml."""
    return catalogue("site", language)


class _NotebookPage(File):
    """A notebook that MkDocs builds as a page (its source is made from the .ipynb here)."""

    def is_documentation_page(self):
        return True


def _language(file) -> str:
    return getattr(file, "locale", None) or project.DEFAULT_LANGUAGE


def _is_notebook(file) -> bool:
    return file.src_uri.startswith(f"{NOTEBOOKS}/") and file.src_uri.endswith(".ipynb")


def _notebook_src(page_src: str) -> str:
    """The notebook of a chapter page, relative to docs/: layers.md -> notebooks/layers.ipynb."""
    slug = PurePosixPath(page_src).with_suffix("").as_posix()
    return f"{NOTEBOOKS}/{project.notebook_name(slug, project.DEFAULT_LANGUAGE)}"


# --- notebooks as pages under mkdocs-static-i18n ------------------------------------------------


@event_priority(-200)  # after mkdocs-static-i18n's on_files (-100)
def on_files(files, config):
    """Make the current language's notebook a page, with its translations for the switcher.

    mkdocs-static-i18n keeps one file per language, as a static asset for an .ipynb. Here that
    file becomes a page at <language>/notebooks/<slug>/ as i18n would place a page. The files
    collection is i18n's, changed in place: its lookup finds a page's translation from a plain
    link such as notebooks/layers.ipynb. i18n reads the attributes copied below (undocumented:
    pinned with mkdocs-static-i18n; tests/test_site.py builds the site and would fail).
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


# --- the page's source, from the notebook -----------------------------------------------------


def on_page_read_source(page, config):
    if not _is_notebook(page.file):
        return None
    notebook = json.loads(Path(page.file.abs_src_path).read_text(encoding="utf-8"))
    return as_markdown(notebook, _language(page.file), PurePosixPath(page.file.src_uri).name)


# A notebook links to the site's pages by URL ("../../layers/#views", relative to where the
# notebook is shown): on its page those become links to the pages' sources again, which MkDocs
# checks and mkdocs-static-i18n points to the page in the same language.
_SITE_LINK = re.compile(r"\]\(\.\./\.\./(?P<slug>[^)#\s]*?)/?(?P<anchor>#[^)\s]*)?\)")


def _page_links(markdown: str) -> str:
    def source(match: re.Match) -> str:
        return f"](../{match['slug'] or 'index'}.md{match['anchor'] or ''})"

    return _SITE_LINK.sub(source, markdown)


def as_markdown(notebook: dict, language: str, name: str) -> str:
    """A notebook as a page: front matter, Markdown cells, code cells with what they printed."""
    parts = []
    for k, cell in enumerate(notebook["cells"]):
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown":
            anchor = cell.get("metadata", {}).get("anchor")
            first, _, rest = source.partition("\n")
            if anchor and first.startswith("#"):
                source = f"{first} {{ #{anchor} }}" + (f"\n{rest}" if rest else "")
            if k == 0:
                source = _after_title(source, _download_button(language, name))
            parts.append(_page_links(source))
        elif cell["cell_type"] == "code":
            parts.append(f"```python\n{source}\n```")
            printed = "".join(
                "".join(o["text"]) if isinstance(o["text"], list) else o["text"]
                for o in cell.get("outputs", [])
                if o.get("output_type") == "stream"
            )
            if printed:
                parts.append(f"```text\n{printed.rstrip(chr(10))}\n```")
    title = _first_title(parts[0]) if parts else name
    front = json.dumps(_words(language)("notebook_title", title=title), ensure_ascii=False)
    return f"---\ntitle: {front}\nsearch:\n  exclude: true\n---\n\n" + "\n\n".join(parts) + "\n"


def _first_title(markdown: str) -> str:
    heading = markdown.split("\n", 1)[0].lstrip("#").strip()
    return heading.split(" {", 1)[0].replace("`", "")


def _after_title(markdown: str, block: str) -> str:
    first, _, rest = markdown.partition("\n")
    return f"{first}\n\n{block}\n{rest}"


def _download_button(language: str, name: str) -> str:
    label = _words(language)("notebook_download")
    return (
        f'<p class="notebook-download"><a class="md-button" href="{name}" download>'
        f"{label} <code>{name}</code></a></p>\n"
    )


def on_page_context(context, page, config, nav):
    """A notebook page names its chapter as the canonical page (when the site has an address)."""
    if _is_notebook(page.file) and config.site_url:
        slug = PurePosixPath(page.file.src_uri).name.split(".")[0]
        url = project.page_url(slug, _language(page.file))
        page.canonical_url = config.site_url.rstrip("/") + "/" + url
    return context


def on_post_page(output, page, config):
    """The .ipynb next to its page, for the download button."""
    if _is_notebook(page.file):
        target = Path(page.file.abs_dest_path).parent / PurePosixPath(page.file.src_uri).name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(page.file.abs_src_path, target)
    return output


# --- each chapter offers its notebook -----------------------------------------------------------


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
    words = _words(_language(page.file))
    body = words(
        "notebook_offer",
        page=posixpath.relpath(_notebook_src(base), posixpath.dirname(base) or "."),
        download=notebook.url_relative_to(page.file) + name,
        name=name,
    )
    offer = f'!!! example "{words("notebook_offer_title")}"\n\n    {body}\n'
    return after_opening_paragraph(markdown, offer)


def after_opening_paragraph(markdown: str, block: str) -> str:
    """The page with `block` after the paragraph under its title (after the title without one)."""
    found = pages.blocks(markdown)
    title = next((b for b in found if isinstance(b, pages.Heading) and b.level == 1), None)
    if title is None:
        return markdown
    following = found[found.index(title) + 1 : found.index(title) + 2]
    at = following[0].end if following and isinstance(following[0], pages.Paragraph) else title.end
    return markdown[:at] + "\n" + block + "\n" + markdown[at:]
