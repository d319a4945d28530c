"""Checks every internal link of the built site: the file exists and its #anchor does too.

    python -m tools.check.links site      (part of `make lint`)

Covers both languages and the links between them (the language switcher is a link like any
other). External links are not followed: the site must not depend on them at view time.
"""

from __future__ import annotations

import os
import sys
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

_LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src"}


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if attributes.get(key):
                self.ids.add(attributes[key])
        target = attributes.get(_LINKING.get(tag, ""))
        if target is not None:
            self.links.append(target)


def _parse(page: Path) -> _Page:
    parsed = _Page()
    parsed.feed(page.read_text(encoding="utf-8", errors="replace"))
    return parsed


def broken_links(site: Path) -> list[str]:
    """'page: link (reason)' for every internal link that does not resolve."""
    site = site.resolve()
    pages = {page: _parse(page) for page in sorted(site.rglob("*.html"))}
    problems = []
    for page, parsed in pages.items():
        here = page.relative_to(site).as_posix()
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            path = unquote(parts.path)
            if path.startswith("/"):
                # Only the 404 pages (404.html, zh/404.html), served at any depth, may (and
                # must) use absolute paths.
                base = urlsplit(os.environ.get("GUIDE_SITE_URL", "")).path.rstrip("/") + "/"
                if PurePosixPath(here).name != "404.html" or not path.startswith(base):
                    problems.append(f"{here}: {link} (absolute path: breaks below a path)")
                    continue
                target = _resolve(site / "index.html", path[len(base) :], site)
            else:
                target = page if not path else _resolve(page, path, site)
            if target is None:
                problems.append(f"{here}: {link} (no such file)")
                continue
            anchor = unquote(parts.fragment)
            if anchor and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if anchor not in ids:
                    problems.append(f"{here}: {link} (no #{anchor} there)")
    return problems


def _resolve(page: Path, path: str, site: Path) -> Path | None:
    joined = PurePosixPath(page.parent.relative_to(site).as_posix(), path)
    normal: list[str] = []
    for part in joined.parts:
        if part == "..":
            if not normal:
                return None  # climbs out of the site
            normal.pop()
        elif part != ".":
            normal.append(part)
    candidate = site.joinpath(*normal)
    if candidate.is_dir():
        candidate = candidate / "index.html"
    return candidate if candidate.is_file() else None


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "site")
    if not (site / "index.html").is_file():
        print(f"{site}/index.html is missing: build the site first (make build)", file=sys.stderr)
        return 2
    problems = broken_links(site)
    for problem in problems:
        print(problem)
    pages = sum(1 for _ in site.rglob("*.html"))
    print(f"link check: {pages} pages, {len(problems)} broken links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
