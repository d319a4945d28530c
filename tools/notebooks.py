"""Every chapter as a Jupyter notebook, in both languages, generated from its pages.

    python -m tools.notebooks            (or: make notebooks)   every chapter
    python -m tools.notebooks layers     only the chapters named

A chapter is a page in docs/ other than the home page that shows at least one snippet. Its
notebook follows the page: a first cell with the title and the opening paragraph, then for each
section its heading and first paragraph (or list, or the first admonition when the section has
no paragraph), and each snippet include as a code cell whose source is the snippet file itself.
Nothing in a notebook is written by hand.

The notebooks are executed for real, cell after cell in one fresh IPython kernel (nbclient), as
a reader running them would, so they carry real outputs. Snippets that need CUDA are not run
where there is no GPU and keep no output. Timestamps and versions of the machine are left out,
so that regenerating on another machine gives the same files.

Written to docs/notebooks/<slug>.ipynb and docs/notebooks/<slug>.zh.ipynb (the suffix layout
that mkdocs-static-i18n pairs); tests/test_notebooks.py fails when they are stale or when their
outputs differ from the pages.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import nbformat

from tools import markdown
from tools.checker import matches

NOTEBOOKS = markdown.DOCS / "notebooks"
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}
CELL_TIMEOUT_S = 120

SITE_NAME = {"en": "What a tensor copy copies", "zh": "张量复制到底复制了什么"}
ABOUT = {
    "en": (
        "> This notebook is generated from the chapter “{title}” of *{site}*. Each code cell is "
        "one complete program from the project's `snippets/` folder, and the outputs were "
        "recorded by running the cells in order with torch {torch}. Run them in order in a "
        "Python kernel that has `torch` installed."
    ),
    "zh": (
        "> 本笔记本由《{site}》中“{title}”一章自动生成。每个代码单元都是项目 `snippets/` 目录中"
        "的一个完整程序，下面的输出是用 torch {torch} 按顺序运行这些单元记录下来的。请在装有 "
        "`torch` 的 Python 内核中按顺序运行。"
    ),
}
# The output of a CUDA cell where the notebook was generated without a GPU (as on the pages).
NOT_RUN = {
    "en": "(not run: this cell needs a CUDA GPU, and the notebook was generated without one)\n",
    "zh": "（未运行：这个单元需要 CUDA GPU，而生成本笔记本的机器上没有）\n",
}

_LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)")
_IMAGE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<target>[^)\s]+)\)")
_HEADING = re.compile(r"^(?P<hashes>#{1,6})[ ]+(?P<text>.*?)[ ]*$")
_ATTRS = re.compile(r"[ ]*\{[^}]*\}[ ]*$")
_ADMONITION = re.compile(r'^(?:!!!|\?\?\?\+?)[ ]+(?P<kind>[a-z]+)(?:[ ]+"(?P<title>[^"]*)")?')
_TAB = re.compile(r'^(?P<indent>[ ]*)===\+?[ ]+"(?P<label>[^"]*)"')
_TEXT_INCLUDE = re.compile(r"^[ ]*-{1,}8<-{1,}[ ]")


# --- which chapters, and where their notebooks go ---------------------------------------------


def chapters(docs: Path = markdown.DOCS) -> list[str]:
    """Slugs of the pages that get a notebook: every page but the home page that has a snippet."""
    found = []
    for page in markdown.pages(docs):
        if markdown.language_of(page) != "en" or page.name == "index.md":
            continue
        if any(e.snippet for e in markdown.examples(page.read_text(encoding="utf-8"))):
            found.append(page.relative_to(docs).with_suffix("").as_posix())
    return found


def page_path(slug: str, language: str, docs: Path = markdown.DOCS) -> Path:
    return docs / (f"{slug}.md" if language == "en" else f"{slug}.{language}.md")


def notebook_path(slug: str, language: str, docs: Path = markdown.DOCS) -> Path:
    name = slug.replace("/", "-")
    suffix = ".ipynb" if language == "en" else f".{language}.ipynb"
    return docs / "notebooks" / (name + suffix)


# --- reading a page into sections -------------------------------------------------------------


@dataclass
class Section:
    level: int
    title: str
    anchor: str | None
    text: str = ""  # the first paragraph or list, at the top level of the section
    admonition: str = ""  # the first admonition, as markdown, for sections without a paragraph
    # ("label of the content tab it sits in" or "", snippet path), in page order
    code: list[tuple[str, str]] = field(default_factory=list)


def sections(text: str) -> list[Section]:
    """The page cut at its headings, with what the notebook takes from each part."""
    lines = text.splitlines()
    fence_at = {text.count("\n", 0, f.start): f for f in markdown.fences(text)}
    found: list[Section] = []
    tabs: list[tuple[int, str]] = []  # open content tabs: (indentation, label)
    i = 0
    while i < len(lines):
        line = lines[i]
        indent = len(line) - len(line.lstrip(" "))
        if line.strip():
            tabs = [(depth, label) for depth, label in tabs if depth < indent]
        if i in fence_at:
            fence = fence_at[i]
            if fence.lang == "python" and fence.include and found:
                label = tabs[-1][1] if tabs else ""
                found[-1].code.append((label, fence.include))
            i = text.count("\n", 0, fence.end - 1) + 1
            continue
        heading = _HEADING.match(line)
        if heading and indent == 0:
            anchor = markdown._ANCHOR.search(heading["text"])
            title = _ATTRS.sub("", heading["text"]).strip()
            found.append(Section(len(heading["hashes"]), title, anchor and anchor["anchor"]))
            i += 1
            continue
        tab = _TAB.match(line)
        if tab:
            tabs.append((len(tab["indent"]), tab["label"]))
            i += 1
            continue
        admonition = _ADMONITION.match(line.strip()) if indent == 0 else None
        if admonition:
            body, i = _indented_block(lines, i + 1, fence_at)
            if found and not found[-1].admonition:
                title = admonition["title"] or admonition["kind"].capitalize()
                found[-1].admonition = f"**{title}**\n\n{body}".strip()
            continue
        if not line.strip() or indent > 0 or _TEXT_INCLUDE.match(line):
            i += 1
            continue
        paragraph = []
        while i < len(lines) and lines[i].strip() and i not in fence_at:
            paragraph.append(lines[i])
            i += 1
        if found and not found[-1].text:
            found[-1].text = "\n".join(paragraph)
    return found


def _indented_block(lines, i, fence_at) -> tuple[str, int]:
    """The prose of an admonition's body up to its first code block, and where that ends.

    A code block inside the admonition is left for the caller's walk, which sees it next.
    """
    body: list[str] = []
    while i < len(lines) and i not in fence_at:
        if lines[i].strip() and not lines[i].startswith("    "):
            break
        body.append(lines[i][4:])
        i += 1
    return "\n".join(body).strip(), i


def _prose(markdown_text: str) -> str:
    """Page markdown made fit for a notebook: links to other pages become plain text, and
    images that live on the site (a generated plot) become their description in italics."""

    def link(match: re.Match) -> str:
        target = match["target"]
        if target.startswith(("http://", "https://")):
            return match[0]
        return match["text"]

    def image(match: re.Match) -> str:
        if match["target"].startswith(("http://", "https://")):
            return match[0]
        return f"*{match['alt']}*"

    return _LINK.sub(link, _IMAGE.sub(image, markdown_text))


# --- building a notebook ----------------------------------------------------------------------


def torch_version() -> str:
    return metadata.version("torch").split("+")[0]


def build(slug: str, language: str, docs: Path = markdown.DOCS) -> nbformat.NotebookNode:
    """The notebook of one chapter in one language, not executed."""
    page = page_path(slug, language, docs)
    parts = sections(page.read_text(encoding="utf-8"))
    if not parts or parts[0].level != 1:
        raise ValueError(f"{page}: the page does not start with a level-1 heading")
    cells = []

    def add(cell, name):
        cell.id = f"{len(cells):02d}-{name}"[:64]
        cells.append(cell)

    title = parts[0].title
    about = ABOUT[language].format(title=title, site=SITE_NAME[language], torch=torch_version())
    for k, part in enumerate(parts):
        text = part.text or part.admonition
        if k == 0:
            head = "\n\n".join(x for x in (f"# {title}", _prose(text), about) if x)
            add(nbformat.v4.new_markdown_cell(head), part.anchor or "title")
        elif text or part.code:
            body = "\n\n".join(x for x in (f"{'#' * part.level} {part.title}", _prose(text)) if x)
            add(nbformat.v4.new_markdown_cell(body), part.anchor or "section")
        previous_label = ""
        for label, snippet in part.code:
            if label and label != previous_label:
                add(nbformat.v4.new_markdown_cell(f"**{label}**"), "tab")
            previous_label = label
            source = (markdown.ROOT / snippet).read_text(encoding="utf-8").rstrip("\n")
            cell = nbformat.v4.new_code_cell(source)
            cell.metadata["snippet"] = snippet
            add(cell, Path(snippet).stem)
    notebook = nbformat.v4.new_notebook(cells=cells)
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
        and markdown.needs_cuda(markdown.ROOT / cell.metadata["snippet"])
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
                resources={"metadata": {"path": str(markdown.ROOT)}},
            ).execute()
        finally:
            if kernel.has_kernel:  # a kernel manager passed in is not shut down by nbclient
                kernel.shutdown_kernel()
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    for cell in skipped:
        del cell.metadata["tags"]
        cell.outputs = [nbformat.v4.new_output("stream", name="stderr", text=NOT_RUN[language])]
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


# --- checks (tests/test_notebooks.py) ---------------------------------------------------------


def _source(cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def staleness(committed: dict, fresh: dict) -> str | None:
    """Where a committed notebook's cells stop being the ones its page gives now, or None."""

    def cells(notebook):
        return [
            (c["cell_type"], _source(c), c["metadata"].get("snippet")) for c in notebook["cells"]
        ]

    have, want = cells(committed), cells(fresh)
    for k, (mine, theirs) in enumerate(zip(have, want, strict=False)):
        if mine != theirs:
            return f"cell {k}:\n--- committed\n{mine[1]}\n--- from the page now\n{theirs[1]}"
    if len(have) != len(want):
        return f"{len(have)} cells, the page now gives {len(want)}"
    return None


def output_differences(page_text: str, committed: dict) -> tuple[list[str], list[str]]:
    """(problems, snippets not run): code cells whose printed text is not what the page shows.

    Compared like the Sybil checker compares a page with a run (`...` on the page matches
    anything). Only printed text may come out of a cell: an expression's value or an error
    shown by the notebook would not be on the page.
    """
    shown: dict[str, str] = {}
    for found in markdown.examples(page_text):
        if found.snippet and found.output is not None:
            shown.setdefault(found.snippet, found.output.body)
    problems, not_run = [], []
    for cell in committed["cells"]:
        snippet = cell["metadata"].get("snippet")
        if cell["cell_type"] != "code" or snippet is None:
            continue
        if cell.get("execution_count") is None:
            not_run.append(snippet)
            continue
        outputs = cell.get("outputs", [])
        kinds = {(o["output_type"], o.get("name")) for o in outputs}
        printed = "".join(
            _source({"source": o["text"]}) for o in outputs if o.get("name") == "stdout"
        )
        unexpected = kinds - {("stream", "stdout"), ("stream", "stderr")}
        if unexpected:
            problems.append(f"{snippet}: outputs other than printed text: {sorted(unexpected)}")
        elif snippet not in shown:
            problems.append(f"{snippet}: not on the page with an output block")
        elif not matches(shown[snippet], printed):
            problems.append(
                f"{snippet}: the notebook printed\n{printed}--- the page shows\n{shown[snippet]}"
            )
    return problems, not_run


def text_of(notebook: nbformat.NotebookNode) -> str:
    return nbformat.writes(notebook) + "\n"


def main(argv: list[str]) -> int:
    wanted = argv or chapters()
    unknown = sorted(set(wanted) - set(chapters()))
    if unknown:
        print(f"not a chapter with snippets: {', '.join(unknown)}", file=sys.stderr)
        return 2
    NOTEBOOKS.mkdir(exist_ok=True)
    written = 0
    for slug in wanted:
        for language in markdown.LANGUAGES:
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
                print(f"{path.relative_to(markdown.ROOT)}: written")
    if not argv:
        expected = {notebook_path(s, lang) for s in wanted for lang in markdown.LANGUAGES}
        for stale in sorted(set(NOTEBOOKS.glob("*.ipynb")) - expected):
            stale.unlink()
            print(f"{stale.relative_to(markdown.ROOT)}: removed (no such chapter)")
    print(f"{len(wanted)} chapter(s), {written} notebook(s) written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
