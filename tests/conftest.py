"""Wires Sybil to docs/**/*.md: each snippet include on a page is a test of its printed output.

A conftest's hooks only reach files below its own folder, so the Sybil collector is registered
as a plugin instead, which reaches docs/ too (pytest is pointed at both folders: pyproject.toml).
"""

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
