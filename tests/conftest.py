"""Wires Sybil to docs/**/*.md: each snippet include on a page is a test of its printed output.

A conftest's hooks only reach files below its own folder, so the Sybil collector is registered
as a plugin instead, which reaches docs/ too (pytest is pointed at both folders: pyproject.toml).
"""

from tools.checker import make_sybil


class _DocsPlugin:
    def __init__(self):
        self.collect = make_sybil().pytest()

    def pytest_collect_file(self, file_path, parent):
        return self.collect(file_path, parent)


def pytest_configure(config):
    config.pluginmanager.register(_DocsPlugin(), "guide-docs")
