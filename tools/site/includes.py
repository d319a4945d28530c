"""MkDocs hook: a page that includes a file that does not exist fails the build, naming the
page, the line and the missing path (and a close name, when there is one).

pymdownx.snippets (check_paths: true) fails too, but later, with the page and no line, inside
a Python traceback. Here each Markdown page's source is read with tools/pages.py before it is
rendered: every `--8<-- "path"` include, in a code block (a snippet) or not (a generated table).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root, for tools.*

from tools import pages, project  # noqa: E402


def on_page_markdown(markdown, page, config, files):
    source = Path(page.file.abs_src_path or "")
    if source.suffix != ".md" or not source.is_file():
        return markdown  # a notebook page: its code cells are snippet files, read as they are
    missing = pages.missing_includes(source.read_text(encoding="utf-8"))
    if missing:
        inside = source.is_relative_to(project.ROOT)
        where = source.relative_to(project.ROOT).as_posix() if inside else page.file.src_uri
        raise PluginError(
            "\n".join(
                f"{where}:{line}: includes {path}, which does not exist{pages.near(path)}"
                for line, path in missing
            )
        )
    return markdown
