"""Where things are: paths, languages, site names, and the URL of every page and notebook.

One place for the facts that mkdocs.yml also states; tests/test_project.py checks that the two
agree. Nothing here imports anything beyond the standard library, so that every other module
(the MkDocs hooks, the generators, the GPU recorder) can use it.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
GENERATED = DOCS / "generated"
NOTEBOOKS = DOCS / "notebooks"
MKDOCS_YML = ROOT / "mkdocs.yml"

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "zh")  # the default language first
# Where the site is published, for links that must work outside it (in a downloaded notebook).
# Empty while the address is not fixed: notebooks then link relative to their page on the site.
SITE_URL = ""
SITE_NAME = {"en": "What a tensor copy copies", "zh": "张量复制到底复制了什么"}

CUDA_MARKER = "# requires: cuda"

# How the project starts Chromium (the browser tests, `make diagrams`): no sandbox (root in CI),
# and none of the background connections this machine's closed network would refuse.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)  # among a snippet's first lines: it needs a GPU

# The browser the browser tests drive: GUIDE_CHROMIUM if set, else Debian's Chromium headless
# shell (apt-get install chromium-headless-shell: the same Chromium release as the chromium
# package, without the desktop browser around it, the build Playwright itself drives headless),
# else Debian's Chromium. Over a whole `make test`, the browser tests' Chromium took a twentieth
# less CPU as the headless shell (315 and 300 busy CPU-s, one run each, the same tree).
CHROMIUM_CANDIDATES = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")


def chromium() -> str:
    """The path of the browser the tests use (it may not exist: the tests then skip or fail)."""
    named = os.environ.get("GUIDE_CHROMIUM")
    if named:
        return named
    return next((c for c in CHROMIUM_CANDIDATES if Path(c).exists()), CHROMIUM_CANDIDATES[0])


# --- pages ------------------------------------------------------------------------------------


def language_of(page: Path | str) -> str:
    """The language of a page or notebook file (suffix layout: page.md / page.zh.md)."""
    name = PurePosixPath(str(page)).name
    for language in LANGUAGES[1:]:
        if name.endswith((f".{language}.md", f".{language}.ipynb")):
            return language
    return DEFAULT_LANGUAGE


def slug_of(page: Path) -> str:
    """docs/layers.zh.md -> "layers"."""
    relative = page.relative_to(DOCS).as_posix().removesuffix(".md")
    for language in LANGUAGES[1:]:
        relative = relative.removesuffix(f".{language}")
    return relative


def page_path(slug: str, language: str, docs: Path = DOCS) -> Path:
    suffix = ".md" if language == DEFAULT_LANGUAGE else f".{language}.md"
    return docs / (slug + suffix)


def translation_of(page: Path) -> Path:
    """The same page in the other language."""
    return page.with_name(_translated_name(page.name))


def _translated_name(name: str) -> str:
    for language in LANGUAGES[1:]:
        if name.endswith(f".{language}.md"):
            return name[: -len(f".{language}.md")] + ".md"
    return name[: -len(".md")] + f".{LANGUAGES[1]}.md"


def pages(docs: Path = DOCS) -> list[Path]:
    """Hand-written pages; generated tables are checked by their own generators' tests."""
    return sorted(p for p in docs.rglob("*.md") if "generated" not in p.relative_to(docs).parts)


def prefix(language: str) -> str:
    """Where a language's pages live below the site root: "" or "zh/"."""
    return "" if language == DEFAULT_LANGUAGE else f"{language}/"


def page_url(slug: str, language: str) -> str:
    """A page's path below the site root: "" for the English home page, "zh/layers/"."""
    return prefix(language) + ("" if slug == "index" else f"{slug}/")


# --- notebooks --------------------------------------------------------------------------------


def notebook_name(slug: str, language: str) -> str:
    """layers, zh -> "layers.zh.ipynb" (the suffix layout that mkdocs-static-i18n pairs)."""
    stem = slug.replace("/", "-")
    return stem + (".ipynb" if language == DEFAULT_LANGUAGE else f".{language}.ipynb")


def notebook_path(slug: str, language: str, docs: Path = DOCS) -> Path:
    return docs / "notebooks" / notebook_name(slug, language)


def notebook_url(slug: str, language: str) -> str:
    """Where a chapter's notebook is shown: "notebooks/layers/" or "zh/notebooks/layers/"."""
    return prefix(language) + f"notebooks/{slug.replace('/', '-')}/"


# --- snippets ---------------------------------------------------------------------------------


def snippet_files(snippets: Path = SNIPPETS) -> list[Path]:
    return sorted(p for p in snippets.rglob("*.py") if "__pycache__" not in p.parts)


def needs_cuda(snippet: Path) -> bool:
    """A snippet that needs a GPU says so in a comment among its first lines."""
    with open(snippet, encoding="utf-8") as handle:
        head = [next(handle, "") for _ in range(5)]
    return any(line.strip() == CUDA_MARKER for line in head)


def snippet_hash(path: str | Path) -> str:
    """A snippet's content, hashed (path relative to the root, or absolute): versions.json keeps
    the hash each snippet ran with, so that one edited after `make versions` is told apart."""
    import hashlib

    return hashlib.sha256((ROOT / path).read_bytes()).hexdigest()[:12]
