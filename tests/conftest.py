"""Wires Sybil to docs/**/*.md: each snippet include on a page is a test of its printed output.

A conftest's hooks only reach files below its own folder, so the Sybil collector is registered
as a plugin instead, which reaches docs/ too (pytest is pointed at both folders: pyproject.toml).

`pytest --chapter <slug>` keeps one chapter's tests (`make check PAGE=<slug>`: of_chapter below).

`make test` runs pytest on two workers (pytest-xdist, --dist loadgroup). A module whose
module-scoped fixture is costly runs on one worker, so that the fixture runs once: the tests that
read what the snippets print (the "snippets" group: every snippet runs once, in one batch), and
the modules of GROUPS below. The groups are read from the test ids (pytest_xdist_make_scheduler),
not from xdist_group marks: xdist 3.8.0 groups by appending @group to an id, which pytest 9.2's
structured ids no longer take, so marks group nothing (pytest-xdist issue 1386). The main process
checks that each group ran on one worker. Measurements that tests record
(record_property("measurement", ...)) reach the main process, which writes
screenshots/measurements.json once at the end.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import project
from tools.check import suite, sybil_pages


class _DocsPlugin:
    def __init__(self):
        self.collect = sybil_pages.make_sybil().pytest()

    def pytest_collect_file(self, file_path, parent):
        return self.collect(file_path, parent)


def pytest_configure(config):
    config.pluginmanager.register(_DocsPlugin(), "guide-docs")


# Test modules kept on one xdist worker, by file name, for the fixture each pays once there.
GROUPS = {
    "test_pages.py": "snippets",  # tools.check.sybil_pages.result_of runs the snippet batch
    "test_checker_can_fail.py": "snippets",  # the batch, and the runner's endings in one batch
    "test_search.py": "search",  # Material's search worker in Chromium, every query
    "test_atlas.py": "atlas",  # the atlas generator re-measuring operators in a subprocess
    "test_gpu_record.py": "gpu-record",  # a GPU record made on the CPU stand-in
    "test_bench.py": "bench",  # a --quick benchmark run
}


def group_of(nodeid: str) -> str | None:
    """The worker group of a test id, or None: a test that any worker may run."""
    path = nodeid.split("::", 1)[0]
    if path.endswith(".md"):
        return "snippets"  # Sybil's examples of the pages compare with the batch's outputs
    return GROUPS.get(path.rsplit("/", 1)[-1])


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """--dist loadgroup with the groups of group_of: each group is one unit of work, sent to one
    worker; every other test is a unit of its own. Largest units first (xdist's own order)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class Groups(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or super()._split_scope(nodeid)

    return Groups(config, log)


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


def pytest_runtest_logreport(report):
    """In the main process: which worker ran each group's tests, and what a test (on any
    worker) recorded as a measurement."""
    worker = getattr(report, "node", None)  # xdist: the worker's controller
    group = group_of(report.nodeid)
    if worker is not None and group:
        _WORKERS_OF.setdefault(group, set()).add(worker.gateway.id)
    if report.when != "call":
        return
    for key, value in report.user_properties:
        if key == "measurement":
            kind, where, number = value
            _MEASURED.setdefault(kind, {})[where] = number


_MEASURED: dict[str, dict] = {}
_WORKERS_OF: dict[str, set[str]] = {}


def split_groups(config) -> list[str]:
    """Under --dist loadgroup, the groups whose tests ran on more than one worker (each of those
    workers then paid the group's fixture), each with its workers."""
    if config.getoption("dist", default=None) != "loadgroup":  # None: -p no:xdist
        return []
    return [f"{g} ({', '.join(sorted(w))})" for g, w in sorted(_WORKERS_OF.items()) if len(w) > 1]


def pytest_terminal_summary(terminalreporter, config):
    split = split_groups(config)
    if split:
        terminalreporter.section("xdist groups", red=True)
        terminalreporter.write_line(f"run on more than one worker: {'; '.join(split)}")


def pytest_sessionfinish(session):
    if split_groups(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
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
        suite.wait_for_site()  # `make test` builds it beside pytest (tools/check/suite.py)
        return Path(os.environ[BUILT_SITE]).resolve()
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # No --quiet: MkDocs then stops counting warnings, and --strict lets them pass.
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)]
    subprocess.run(command, cwd=project.ROOT, check=True, env=env, capture_output=True)
    return out
