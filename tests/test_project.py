"""tools/project.py states what mkdocs.yml states: the two must agree."""

import pytest
import yaml

from tools import project


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml without running its tags (!ENV, !relative, !!python/name)."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)

CONFIG = yaml.load(project.MKDOCS_YML.read_text(encoding="utf-8"), Loader=_Loader)
I18N = next(p["i18n"] for p in CONFIG["plugins"] if isinstance(p, dict) and "i18n" in p)


def test_languages_and_default():
    languages = [entry["locale"] for entry in I18N["languages"]]
    default = next(entry["locale"] for entry in I18N["languages"] if entry.get("default"))
    assert tuple(languages) == project.LANGUAGES
    assert default == project.DEFAULT_LANGUAGE == project.LANGUAGES[0]
    assert I18N["docs_structure"] == "suffix"  # page.md / page.zh.md, as project.py assumes


def test_site_names():
    names = {entry["locale"]: entry.get("site_name") for entry in I18N["languages"]}
    names[project.DEFAULT_LANGUAGE] = CONFIG["site_name"]
    assert names == project.SITE_NAME


def test_paths():
    assert (project.ROOT / CONFIG["docs_dir"]).resolve() == project.DOCS


def _nav_pages(items):
    for item in items:
        for value in item.values() if isinstance(item, dict) else [item]:
            if isinstance(value, list):
                yield from _nav_pages(value)
            else:
                yield value


def test_every_page_is_in_the_nav_and_the_other_way_round():
    in_nav = set(_nav_pages(CONFIG["nav"]))
    on_disk = {
        page.relative_to(project.DOCS).as_posix()
        for page in project.pages()
        if project.language_of(page) == project.DEFAULT_LANGUAGE
    }
    assert in_nav == on_disk


def test_urls():
    assert project.page_url("index", "en") == ""
    assert project.page_url("index", "zh") == "zh/"
    assert project.page_url("layers", "zh") == "zh/layers/"
    assert project.notebook_url("layers", "zh") == "zh/notebooks/layers/"
    assert project.notebook_path("layers", "zh").name == "layers.zh.ipynb"
    assert CONFIG.get("use_directory_urls", True), "page_url assumes directory URLs"


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("docs/layers.md", "en"),
        ("docs/layers.zh.md", "zh"),
        ("docs/notebooks/layers.ipynb", "en"),
        ("docs/notebooks/layers.zh.ipynb", "zh"),
        ("docs/generated/atlas.zh.md", "zh"),
    ],
)
def test_language_of(path, language):
    assert project.language_of(path) == language
