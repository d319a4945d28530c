"""One chapter's checks, for the loop of editing one page: `make check PAGE=<chapter>`.

    python -m tools.check.page layers            the English build
    python -m tools.check.page layers --only zh  the Chinese build

Runs, side by side: a strict build of one language of the site (into a scratch folder; the
link and anchor validation of mkdocs.yml included), and pytest on that chapter's tests
(`--chapter`, tests/conftest.py): the snippet outputs of its page in both languages, its
structure against its twin, its anchors and Chinese terms, its snippets' imports, and its
notebooks (current, holding every text block, printing what the page shows). Only that chapter's
snippets run. `make test` still checks everything else (the whole site, the browser).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from tools import project

TESTS = ["tests/test_pages.py", "tests/test_notebooks.py", "tests/test_terms.py"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="make check PAGE=<chapter>", description=__doc__)
    parser.add_argument("chapter", help="the page's name: layers for docs/layers.md")
    parser.add_argument("--only", choices=project.LANGUAGES, default=project.DEFAULT_LANGUAGE)
    args = parser.parse_args(argv)
    slug = args.chapter.removesuffix(".md").removeprefix("docs/")
    pages = [project.page_path(slug, language) for language in project.LANGUAGES]
    if not pages[0].is_file():
        chapters = sorted(
            project.slug_of(p)
            for p in project.pages()
            if project.language_of(p) == project.DEFAULT_LANGUAGE
        )
        print(f"no page docs/{slug}.md; the pages are: {', '.join(chapters)}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="guide-check-") as scratch:
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "GUIDE_ONLY_LANGUAGE": args.only}
        build = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", scratch],
            cwd=project.ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        files = [str(p.relative_to(project.ROOT)) for p in pages if p.is_file()]
        tests = subprocess.run(
            [sys.executable, "-m", "pytest", "-n", "0", "-q", "--chapter", slug, *files, *TESTS],
            cwd=project.ROOT,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
            check=False,
        )
        log, _ = build.communicate()
    problems = [
        line
        for line in log.splitlines()
        if line.startswith(("WARNING", "ERROR", "Aborted", "Error", "Traceback"))
        or (build.returncode and line.startswith("  "))
    ]
    print(f"\nmkdocs build --strict ({args.only} only): " + ("ok" if not build.returncode else ""))
    for line in problems if build.returncode else []:
        print(line)
    seconds = time.perf_counter() - started
    verdict = "passed" if tests.returncode == build.returncode == 0 else "FAILED"
    print(f"make check PAGE={slug}: {verdict} in {seconds:.1f} s")
    return 0 if verdict == "passed" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
