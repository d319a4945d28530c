"""Wires Sybil to docs/**/*.md: each snippet include on a page is a test of its printed output.

A conftest's hooks only reach files below its own folder, so the Sybil collector is registered
as a plugin instead, which reaches docs/ too (pytest is pointed at both folders: pyproject.toml).

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
from tools.check.sybil_pages import make_sybil


class _DocsPlugin:
    def __init__(self):
        self.collect = make_sybil().pytest()

    def pytest_collect_file(self, file_path, parent):
        return self.collect(file_path, parent)


def pytest_configure(config):
    config.pluginmanager.register(_DocsPlugin(), "guide-docs")


# The tests that call tools.check.sybil_pages.result_of, which runs the snippet batch.
_SNIPPET_TESTS = {"test_pages.py", "test_checker_can_fail.py"}


def pytest_collection_modifyitems(config, items):
    if not config.pluginmanager.hasplugin("xdist"):
        return  # `-p no:xdist`: one process, and no xdist_group marker to declare
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
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)]
    subprocess.run(command, cwd=project.ROOT, check=True, env=env, capture_output=True)
    return out
