"""Every chapter as a Jupyter notebook, in both languages: the whole chapter, runnable.

    python -m tools.generate.notebooks            (make notebooks)   the chapters that changed
    python -m tools.generate.notebooks layers     (make notebooks PAGE=layers)   those named
    python -m tools.generate.notebooks --force    (make notebooks FORCE=1)   every chapter

Without a chapter named, a chapter's notebooks are written and run again when one of them is
missing or stale: its cells, built from the page and the snippets now, are not the committed
notebook's (the check of tests/test_notebooks.py; a cell's source is its snippet's text, and the
opening cell names the torch the outputs were recorded with).

A chapter is a page in docs/ other than the home page that shows at least one snippet. Its
notebook is the page, read with the one page model (tools/pages.py): every heading, paragraph,
list, table and admonition becomes Markdown, in order, with links pointing to the site's pages
in the notebook's language; every snippet include becomes a code cell whose source is the
snippet file itself; content tabs become a bold label; diagrams stay mermaid blocks (JupyterLab
draws them); images of the site become their description. Output blocks of the page are not
copied: the outputs are what the cells print when the notebook is executed. Nothing in a
notebook is written by hand.

The notebooks are executed for real, cell after cell in one fresh IPython kernel (nbclient), as
a reader running them would, so they carry real outputs. Snippets that need CUDA are not run
where there is no GPU and keep a note instead. Timestamps and versions of the machine are left
out, so that regenerating on another machine gives the same files.

Written to docs/notebooks/<slug>.ipynb and docs/notebooks/<slug>.zh.ipynb (the suffix layout
that mkdocs-static-i18n pairs); tests/test_notebooks.py fails when they are stale, when a text
block of the page is missing from them, or when their outputs differ from the pages (the checks
are in tools/check/notebooks.py).
"""

from __future__ import annotations

import os
import posixpath
import re
import sys
import tempfile
from importlib import metadata
from pathlib import Path

import nbformat

from tools import pages, project
from tools.text import Catalogue, catalogue

NOTEBOOKS = project.NOTEBOOKS
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}
CELL_TIMEOUT_S = 120


def words(language: str) -> Catalogue:
    """What a notebook adds to its page: text/<language>/notebooks.yml."""
    return catalogue("notebooks", language)


# A link or an image, with the attribute list that may follow it (`{ width='600' }`): a notebook
# has no use for those.
_LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)(?:\{[^}\n]*\})?")
_IMAGE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<target>[^)\s]+)\)(?:\{[^}\n]*\})?")
_COMMENT = re.compile(r"<!--.*?-->\s*", re.S)


# --- which chapters, and where their notebooks go ---------------------------------------------


def chapters(docs: Path = project.DOCS) -> list[str]:
    """Slugs of the pages that get a notebook: every page but the home page that has a snippet."""
    found = []
    for page in project.pages(docs):
        if project.language_of(page) != project.DEFAULT_LANGUAGE or page.name == "index.md":
            continue
        if any(e.snippet for e in pages.examples(page.read_text(encoding="utf-8"))):
            found.append(page.relative_to(docs).with_suffix("").as_posix())
    return found


page_path = project.page_path
notebook_path = project.notebook_path


# --- a page's blocks as cells -----------------------------------------------------------------


def site_link(target: str, slug: str, language: str) -> str:
    """A link of the page, as the notebook gives it: to the site's page in the same language.

    `detach.md#x` on the page becomes the URL of that chapter on the site, relative to where the
    notebook itself is shown (notebooks/<slug>/), or absolute when project.SITE_URL is set.
    External links and links within the page stay as they are, except those to a rule
    (`#rule-<id>`): a notebook shows no rules run, so they go to the rule on the chapter's page.
    """
    if target.startswith("#rule-"):
        target = f"{slug}.md{target}"
    if target.startswith(("http://", "https://", "mailto:", "#")):
        return target
    path, _, anchor = target.partition("#")
    if not path.endswith(".md"):
        return target
    other = posixpath.normpath(posixpath.join(posixpath.dirname(slug), path))[: -len(".md")]
    url = project.page_url(other, language)
    fragment = f"#{anchor}" if anchor else ""
    if project.SITE_URL:
        return project.SITE_URL.rstrip("/") + "/" + url + fragment
    # A notebook is shown two levels below its language's root: <prefix>notebooks/<name>/.
    return "../../" + url[len(project.prefix(language)) :] + fragment


def prose(text: str, slug: str, language: str) -> str:
    """Page Markdown made fit for a notebook: links to the site, site images as their text."""
    figure = words(language).raw("figure")

    def link(match: re.Match) -> str:
        target = match["target"]
        local_file = not target.startswith(("http://", "https://", "#")) and ".md" not in target
        if local_file and match["text"].startswith(figure.split("{", 1)[0]):
            return match["text"]  # a figure that links to its full-size drawing: the description
        return f"[{match['text']}]({site_link(target, slug, language)})"

    def image(match: re.Match) -> str:
        if match["target"].startswith(("http://", "https://")):
            return match[0]
        if match["target"].endswith("#only-dark"):
            return ""  # the same figure for the dark scheme: described once, by its light twin
        return words(language)("figure", alt=match["alt"])

    text = pages.without_rule_markers(text)
    return _LINK.sub(link, _IMAGE.sub(image, text)).strip("\n")


class _Cells:
    """Notebook cells in the making: consecutive prose is gathered into one Markdown cell."""

    def __init__(self, slug: str, language: str):
        self.slug, self.language = slug, language
        self.cells: list = []
        self.prose: list[str] = []
        self.anchor: str | None = None

    def text(self, markdown: str, quote: bool = False) -> None:
        markdown = prose(markdown, self.slug, self.language)
        if quote:
            markdown = "\n".join("> " + line if line else ">" for line in markdown.split("\n"))
        if markdown:
            self.prose.append(markdown)

    def heading(self, block: pages.Heading) -> None:
        self.flush()
        self.anchor = block.anchor
        self.prose.append(f"{'#' * block.level} {prose(block.title, self.slug, self.language)}")

    def code(self, snippet: str) -> None:
        self.flush()
        source = (project.ROOT / snippet).read_text(encoding="utf-8").rstrip("\n")
        cell = nbformat.v4.new_code_cell(source)
        cell.metadata["snippet"] = snippet
        self._add(cell, Path(snippet).stem)

    def flush(self) -> None:
        if not self.prose:
            return
        cell = nbformat.v4.new_markdown_cell("\n\n".join(self.prose))
        if self.anchor:
            cell.metadata["anchor"] = self.anchor  # the heading's id on the site's notebook page
        self._add(cell, self.anchor or "text")
        self.prose, self.anchor = [], None

    def _add(self, cell, name: str) -> None:
        cell.id = f"{len(self.cells):02d}-{name}"[:64]
        self.cells.append(cell)


def _fill(out: _Cells, page: str, blocks, quote: bool = False) -> None:
    for block in blocks:
        if isinstance(block, pages.Heading):
            out.heading(block)
        elif isinstance(block, pages.Fence):
            if block.lang == "python" and block.include:
                out.code(block.include)
            elif block.lang != "text":  # outputs come from running the cells
                out.text(block.text, quote)
        elif isinstance(block, pages.Admonition):
            title = block.title if block.title is not None else block.kind.capitalize()
            if title:
                out.text(f"**{title}**", quote=True)
            _fill(out, page, block.body, quote=True)
        elif isinstance(block, pages.Tab):
            out.text(f"**{block.label}**", quote)
            _fill(out, page, block.body, quote)
        elif isinstance(block, pages.TextInclude):
            included = (project.ROOT / block.path).read_text(encoding="utf-8")
            out.text(_COMMENT.sub("", included), quote)
        elif isinstance(block, pages.ListBlock) and block.fences:
            position = block.start
            for fence in block.fences:
                out.text(_dedent(page[position : fence.start], block.indent), quote)
                _fill(out, page, [fence], quote)
                position = fence.end
            out.text(_dedent(page[position : block.end], block.indent), quote)
        else:
            out.text(block.text, quote)


def _dedent(text: str, indent: str) -> str:
    return "".join(
        line[len(indent) :] if line.startswith(indent) else line
        for line in text.splitlines(keepends=True)
    )


def torch_version() -> str:
    return metadata.version("torch").split("+")[0]


def build(slug: str, language: str, docs: Path = project.DOCS) -> nbformat.NotebookNode:
    """The notebook of one chapter in one language, not executed."""
    page = page_path(slug, language, docs)
    text = page.read_text(encoding="utf-8")
    found = pages.blocks(text)
    if not found or not isinstance(found[0], pages.Heading) or found[0].level != 1:
        raise ValueError(f"{page}: the page does not start with a level-1 heading")
    out = _Cells(slug, language)
    out.heading(found[0])
    title = found[0].title
    site = project.SITE_NAME[language]
    about = words(language)("about", title=title, site=site, torch=torch_version())
    opening = [b for b in found[1:3] if isinstance(b, pages.Paragraph)][:1]
    _fill(out, text, opening)
    out.prose.append(about)
    _fill(out, text, found[1 + len(opening) :])
    out.flush()
    notebook = nbformat.v4.new_notebook(cells=out.cells)
    notebook.metadata = {"kernelspec": dict(KERNEL), "language_info": {"name": "python"}}
    return notebook


def execute(notebook: nbformat.NotebookNode, language: str) -> nbformat.NotebookNode:
    """Run every cell in order in a fresh kernel; outputs kept, the machine's details dropped."""
    from jupyter_client import KernelManager
    from nbclient import NotebookClient

    skipped = [
        cell
        for cell in notebook.cells
        if cell.cell_type == "code"
        and project.needs_cuda(project.ROOT / cell.metadata["snippet"])
        and not _cuda_available()
    ]
    for cell in skipped:
        cell.metadata["tags"] = ["skip-execution"]
    with tempfile.TemporaryDirectory() as ipython_dir:
        # A fresh IPython directory: no profile or startup file of this machine changes outputs.
        saved = {
            key: os.environ.get(key) for key in ("IPYTHONDIR", "PYDEVD_DISABLE_FILE_VALIDATION")
        }
        os.environ.update(IPYTHONDIR=ipython_dir, PYDEVD_DISABLE_FILE_VALIDATION="1")
        # IPC sockets in the scratch folder: the kernel listens on no network port.
        kernel = KernelManager(
            kernel_name=KERNEL["name"], transport="ipc", ip=str(Path(ipython_dir) / "kernel")
        )
        try:
            NotebookClient(
                notebook,
                km=kernel,
                kernel_name=KERNEL["name"],
                timeout=CELL_TIMEOUT_S,
                record_timing=False,
                allow_errors=False,
                resources={"metadata": {"path": str(project.ROOT)}},
            ).execute()
        finally:
            if kernel.has_kernel:  # a kernel manager passed in is not shut down by nbclient
                kernel.shutdown_kernel()
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    not_run = words(language)("not_run") + "\n"
    for cell in skipped:
        del cell.metadata["tags"]
        cell.outputs = [nbformat.v4.new_output("stream", name="stderr", text=not_run)]
    return normalise(notebook)


def normalise(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop what changes from run to run or machine to machine; merge split stream outputs."""
    notebook.metadata = {"kernelspec": dict(KERNEL), "language_info": {"name": "python"}}
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        merged = []
        for output in cell.outputs:
            output.pop("metadata", None) if output.get("metadata") == {} else None
            same = merged and output.output_type == "stream" and merged[-1].output_type == "stream"
            if same and merged[-1].name == output.name:
                merged[-1].text += output.text
            else:
                merged.append(output)
        cell.outputs = merged
    return notebook


_cuda: bool | None = None


def _cuda_available() -> bool:
    global _cuda
    if _cuda is None:
        import torch

        _cuda = bool(torch.cuda.is_available())
    return _cuda


def text_of(notebook: nbformat.NotebookNode) -> str:
    return nbformat.writes(notebook) + "\n"


def stale(slug: str) -> bool:
    """Whether a notebook of the chapter is missing or its cells are not the page's now."""
    import json

    from tools.check.notebooks import staleness

    for language in project.LANGUAGES:
        path = notebook_path(slug, language)
        if not page_path(slug, language).is_file():
            continue
        if not path.is_file():
            return True
        committed = json.loads(path.read_text(encoding="utf-8"))
        if staleness(committed, build(slug, language)) is not None:
            return True
    return False


def main(argv: list[str]) -> int:
    force = "--force" in argv
    argv = [a for a in argv if not a.startswith("--")]
    every = chapters()
    wanted = argv or (every if force else [slug for slug in every if stale(slug)])
    unknown = sorted(set(wanted) - set(every))
    if unknown:
        print(f"not a chapter with snippets: {', '.join(unknown)}", file=sys.stderr)
        return 2
    NOTEBOOKS.mkdir(exist_ok=True)
    written = 0
    for slug in wanted:
        for language in project.LANGUAGES:
            if not page_path(slug, language).is_file():
                print(f"{slug}: no {language} page, no {language} notebook", file=sys.stderr)
                continue
            notebook = execute(build(slug, language), language)
            nbformat.validate(notebook)
            path = notebook_path(slug, language)
            new = text_of(notebook)
            if not path.is_file() or path.read_text(encoding="utf-8") != new:
                path.write_text(new, encoding="utf-8")
                written += 1
                print(f"{path.relative_to(project.ROOT)}: written")
    if not argv:
        expected = {notebook_path(s, lang) for s in every for lang in project.LANGUAGES}
        for old in sorted(set(NOTEBOOKS.glob("*.ipynb")) - expected):
            old.unlink()
            print(f"{old.relative_to(project.ROOT)}: removed (no such chapter)")
    print(f"{len(wanted)} chapter(s), {written} notebook(s) written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
