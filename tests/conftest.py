"""Wires Sybil to docs/**/*.md: each snippet include on a page is a test of its printed output.

A conftest's hooks only reach files below its own folder, so the Sybil collector is registered
as a plugin instead, which reaches docs/ too (pytest is pointed at both folders: pyproject.toml).

`pytest --chapter <slug>` keeps one chapter's tests (`make check PAGE=<slug>`: of_chapter below).

`make test` runs pytest on two workers (pytest-xdist, --dist loadgroup). The tests that read
what the snippets print are kept on one worker (the "snippets" group), so that every snippet still
runs once, in one batch. Measurements that tests record (record_property("measurement", ...))
reach the main process, which writes screenshots/measurements.json once at the end.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import project
from tools.check import sybil_pages


class _DocsPlugin:
    def __init__(self):
        self.collect = sybil_pages.make_sybil().pytest()

    def pytest_collect_file(self, file_path, parent):
        return self.collect(file_path, parent)


def pytest_configure(config):
    config.pluginmanager.register(_DocsPlugin(), "guide-docs")


# The tests that call tools.check.sybil_pages.result_of, which runs the snippet batch.
_SNIPPET_TESTS = {"test_pages.py", "test_checker_can_fail.py"}


def pytest_addoption(parser):
    parser.addoption(
        "--chapter",
        metavar="SLUG",
        help="only one chapter's tests: its pages' snippet outputs, structure and terms, its "
        "snippets, its notebooks (`make check PAGE=<chapter>`, tools/check/page.py)",
    )


def of_chapter(item, slug: str) -> bool:
    """Whether a test is about one chapter: a Sybil example of its pages, or a test
    parametrized with one of its pages, one of its snippets or one of its (slug, language)."""
    if item.path.suffix == ".md":
        return item.path.parent == project.DOCS and project.slug_of(item.path) == slug
    if "built_site" in getattr(item, "fixturenames", ()):
        return False  # a built site of both languages: `make check` builds one
    callspec = getattr(item, "callspec", None)
    for value in callspec.params.values() if callspec else ():
        if isinstance(value, Path) and value.suffix == ".md" and value.parent == project.DOCS:
            return project.slug_of(value) == slug
        if isinstance(value, Path) and value.parent == project.SNIPPETS / slug:
            return True
        if isinstance(value, tuple) and value[:1] == (slug,):
            return True
    return False


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected theirs
def pytest_collection_modifyitems(config, items):
    slug = config.getoption("--chapter")
    if slug:
        keep = [item for item in items if of_chapter(item, slug)]
        config.hook.pytest_deselected(items=[item for item in items if item not in keep])
        items[:] = keep
    for page in {item.path for item in items if item.path.suffix == ".md"}:
        sybil_pages.collected(page)  # the snippet batch runs the snippets of these pages
    # xdist_group is declared in pyproject.toml, so `-p no:xdist` accepts the marker too.
    for item in items:
        name = item.path.name
        if name in _SNIPPET_TESTS or item.path.suffix == ".md":
            item.add_marker(pytest.mark.xdist_group("snippets"))


def pytest_runtest_logreport(report):
    """In the main process: keep what a test (on any worker) recorded as a measurement."""
    if report.when != "call":
        return
    for key, value in report.user_properties:
        if key == "measurement":
            kind, where, number = value
            _MEASURED.setdefault(kind, {})[where] = number


_MEASURED: dict[str, dict] = {}


def pytest_sessionfinish(session):
    if hasattr(session.config, "workerinput") or not _MEASURED:
        return  # a worker: its measurements travel to the main process with its reports
    shots = project.ROOT / "screenshots"
    shots.mkdir(exist_ok=True)
    text = json.dumps(_MEASURED, indent=1, sort_keys=True, ensure_ascii=False)
    (shots / "measurements.json").write_text(text + "\n")


BUILT_SITE = "GUIDE_BUILT_SITE"  # `make test` builds the site once and names it here


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The site, built once for every test that looks at the built pages.

    `make test` has built it already (for the link check) and says where; a plain `pytest`
    builds it here.
    """
    if os.environ.get(BUILT_SITE):
        return Path(os.environ[BUILT_SITE]).resolve()
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # No --quiet: MkDocs then stops counting warnings, and --strict lets them pass.
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)]
    subprocess.run(command, cwd=project.ROOT, check=True, env=env, capture_output=True)
    return out
