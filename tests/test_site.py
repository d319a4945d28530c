"""The built site as a search engine and a lost visitor see it: per-language search indexes and
404 pages, the sitemap's hreflang alternates, canonical links and descriptions.

These read the HTML of a site built with a site_url, as the deploy build is: the site that
`make test` built (GUIDE_BUILT_SITE, with the GUIDE_SITE_URL it was built with: the docs
workflow's real address, else the Makefile's stand-in https://example.org/guide/), else one
built here once below https://example.org/guide/ (a path below the host, as GitHub project pages
are).
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from tools import project
from tools.generate import atlas_render, notebooks

SITE_URL = "https://example.org/guide/"
WORKFLOW = project.ROOT / ".github" / "workflows" / "docs.yml"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="session")
def deployed(request, tmp_path_factory) -> tuple[Path, str]:
    """(the site's folder, its site_url): a build with a site_url, made once per session."""
    built, site_url = os.environ.get("GUIDE_BUILT_SITE"), os.environ.get("GUIDE_SITE_URL")
    if built and site_url:
        built = request.getfixturevalue("built_site")  # `make test`'s, once it is built
        if _built_with(built, site_url):
            return built, site_url
    out = tmp_path_factory.mktemp("site-with-url")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "GUIDE_SITE_URL": SITE_URL}
    # No --quiet: MkDocs then stops counting warnings, and --strict lets them pass.
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)]
    subprocess.run(command, cwd=project.ROOT, check=True, env=env, capture_output=True)
    return out, SITE_URL


def _built_with(site: Path, site_url: str) -> bool:
    """Whether the site in that folder was built with that site_url (its sitemap says so)."""
    sitemap = site / "sitemap.xml"
    if not sitemap.is_file():
        return False
    first = ET.parse(sitemap).getroot().find(f"{SITEMAP}url/{SITEMAP}loc")
    return first is not None and (first.text or "").startswith(site_url)


class _Head(HTMLParser):
    """What the tests read from a page: lang, title, metas, links, the __config, nav labels."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.title = ""
        self.descriptions: list[str] = []
        self.canonical: list[str] = []
        self.urls: list[str] = []
        self.config = None
        self.nav_labels: list[str] = []
        self._in = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "title":
            self._in = "title"
        elif tag == "meta" and a.get("name") == "description":
            self.descriptions.append(a.get("content") or "")
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical.append(a["href"])
        elif tag == "script" and a.get("id") == "__config":
            self._in = "config"
        elif tag == "label" and "md-nav__link" in (a.get("class") or ""):
            self._in = "nav"
        for key in ("href", "src"):
            if a.get(key) and tag in ("a", "link", "script", "img"):
                self.urls.append(a[key])

    def handle_endtag(self, tag):
        if tag in ("title", "script", "label"):
            self._in = None

    def handle_data(self, data):
        if self._in == "title":
            self.title += data
        elif self._in == "config":
            self.config = json.loads(data)
        elif self._in == "nav" and data.strip():
            self.nav_labels.append(data.strip())


def _read(page: Path) -> _Head:
    head = _Head()
    head.feed(page.read_text(encoding="utf-8"))
    return head


# --- 404 pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "language", "title", "section", "home", "other_home"),
    [
        ("404.html", "en", "Page not found - What a tensor copy copies", "Chapters", "", "zh/"),
        ("zh/404.html", "zh", "页面不存在 - 张量复制到底复制了什么", "章节", "zh/", ""),
    ],
)
def test_each_language_has_its_own_404_page(
    deployed, where, language, title, section, home, other_home
):
    site, site_url = deployed
    base = urlsplit(site_url).path
    page = _read(site / where)
    assert page.lang == language
    assert page.title.strip() == title
    assert section in page.nav_labels, page.nav_labels
    # Its nav and search are its language's: links below its language's home, search index too.
    chapters = [u for u in page.urls if u.rstrip("/").endswith("/layers")]
    assert chapters == [base + home + "layers/"], chapters
    assert page.config["base"].rstrip("/") + "/" == base + home
    assert (site / home / "search" / "search_index.json").is_file()
    # It offers the other language's home page (the root one is served for every miss).
    assert base + other_home in page.urls


@pytest.mark.parametrize("where", ["404.html", "zh/404.html"])
def test_404_links_and_assets_work_from_any_depth(deployed, where):
    """A 404 page is served at the missing address: every link must be site-absolute."""
    site, site_url = deployed
    base = urlsplit(site_url).path
    for url in _read(site / where).urls:
        parts = urlsplit(url)
        if parts.scheme or url.startswith("#"):
            continue
        assert url.startswith(base), f"{where}: {url} is relative: breaks below the site's root"
        target = site / parts.path[len(base) :].lstrip("/")
        if target.is_dir():
            target = target / "index.html"
        assert target.is_file(), f"{where}: {url} does not exist"


# --- search -------------------------------------------------------------------------------------


def _index(site: Path, language: str) -> dict:
    path = site / project.prefix(language) / "search" / "search_index.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_each_language_searches_its_own_pages(deployed):
    site, _ = deployed
    english, chinese = _index(site, "en"), _index(site, "zh")
    assert english["docs"] and chinese["docs"]
    # Locations are relative to the language's home (the base its pages give the search box).
    for language, index in (("en", english), ("zh", chinese)):
        home = site / project.prefix(language)
        for doc in index["docs"]:
            assert not doc["location"].startswith("zh/"), doc["location"]
            path = home / doc["location"].split("#")[0]
            assert (path / "index.html").is_file() or path.is_file(), doc["location"]
    # Chinese text is segmented by jieba (\u200b between words), which the separator splits on.
    layers = " ".join(d["text"] for d in chinese["docs"] if d["location"].startswith("layers/"))
    assert "\u200b步长\u200b" in layers and "\u200b视图" in layers
    # Code identifiers are found in both languages.
    for word in ("clone", "detach", "copy_"):
        for index in (english, chinese):
            assert any(word in d["text"] for d in index["docs"]), word


def _squashed(text: str) -> str:
    """Text as the index and the page both hold it: no tags, no entities, no spaces (and none of
    the \u200b the search plugin puts between Chinese words)."""
    return re.sub(r"[\s\u200b]+", "", html.unescape(re.sub(r"<[^>]+>", "", text)))


@pytest.mark.parametrize("language", project.LANGUAGES)
def test_the_search_index_holds_every_atlas_line(deployed, language):
    """Search finds an operator by its line in the atlas: name, result and condition, in the
    list's order. (What a line opens on is fetched when it opens, and is not in the index.)"""
    site, _ = deployed
    docs = {d["location"]: d["text"] for d in _index(site, language)["docs"]}
    indexed = _squashed(docs["atlas/#table"])
    data = json.loads((project.GENERATED / "atlas.json").read_text(encoding="utf-8"))
    words = atlas_render.labels()[language]
    at = 0
    for row in data["rows"]:
        line = _squashed(atlas_render.summary(row, words, language))
        found = indexed.find(line, at)
        assert found >= 0, f"{row['anchor']}: {line[:80]!r} is not in the index after {at}"
        at = found + len(line)


def test_chinese_pages_point_their_search_box_at_the_chinese_index(deployed):
    site, _ = deployed
    home = _read(site / "zh" / "index.html").config["base"]
    chapter = _read(site / "zh" / "layers" / "index.html").config["base"]
    english = _read(site / "layers" / "index.html").config["base"]
    assert (home, chapter, english) == ("../zh/", "../../zh/", "..")


# --- sitemap, canonical links, descriptions ------------------------------------------------------


def test_the_sitemap_pairs_every_page_with_its_translation_and_x_default(deployed):
    site, site_url = deployed
    root = ET.fromstring((site / "sitemap.xml").read_bytes())
    assert root.tag == f"{SITEMAP}urlset"
    raw = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert 'xmlns:xhtml="http://www.w3.org/1999/xhtml"' in raw
    urls = root.findall(f"{SITEMAP}url")
    chapters = [p for p in project.pages() if project.language_of(p) == project.DEFAULT_LANGUAGE]
    assert len(urls) == len(chapters) * len(project.LANGUAGES)
    for url in urls:
        loc = url.findtext(f"{SITEMAP}loc")
        assert loc.startswith(site_url), loc
        links = {
            link.get("hreflang"): link.get("href")
            for link in url.findall(f"{XHTML}link")
            if link.get("rel") == "alternate"
        }
        assert set(links) == {*project.LANGUAGES, "x-default"}, loc
        assert loc in links.values()
        assert links["x-default"] == links[project.DEFAULT_LANGUAGE]
        assert links["zh"] == links["en"].replace(site_url, site_url + "zh/", 1)
        for href in links.values():
            assert (site / href[len(site_url) :] / "index.html").is_file(), href


def _pages(site: Path):
    for language in project.LANGUAGES:
        for page in project.pages():
            if project.language_of(page) == project.DEFAULT_LANGUAGE:
                slug = project.slug_of(page)
                yield language, slug, site / project.page_url(slug, language) / "index.html"


def test_every_page_has_a_canonical_link_and_its_own_description(deployed):
    site, site_url = deployed
    seen: dict[str, str] = {}
    for language, slug, path in _pages(site):
        page = _read(path)
        assert page.canonical == [site_url + project.page_url(slug, language)]
        assert len(page.descriptions) == 1, path
        description = page.descriptions[0]
        assert 40 <= len(description) <= 160, (path, description)
        assert ("\u4e00" <= max(description)) == (language == "zh"), (path, description)
        assert description not in seen, f"{path} and {seen.get(description)}: same description"
        seen[description] = str(path)


def test_a_notebook_page_has_its_own_title_and_names_its_chapter_as_canonical(deployed):
    site, site_url = deployed
    slugs = [
        s
        for s in notebooks.chapters()
        if all(project.notebook_path(s, lang).is_file() for lang in project.LANGUAGES)
    ]
    assert slugs
    for language in project.LANGUAGES:
        for slug in slugs:
            chapter = _read(site / project.page_url(slug, language) / "index.html")
            notebook = _read(site / project.notebook_url(slug, language) / "index.html")
            assert notebook.title != chapter.title
            assert notebook.canonical == [site_url + project.page_url(slug, language)]


# --- the deploy build has a site_url ------------------------------------------------------------


def _steps_before_upload(job: dict) -> list[dict]:
    steps = job.get("steps", [])
    upload = next(
        i for i, s in enumerate(steps) if "upload-pages-artifact" in str(s.get("uses", ""))
    )
    return steps[:upload]


def test_the_deploy_build_sets_site_url():
    """The job that uploads the site to GitHub Pages builds it with GUIDE_SITE_URL set.

    Without it the canonical links, the sitemap and the 404 pages' links are wrong or missing
    on the published site, and nothing else would notice.
    """
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    deploying = [
        job
        for job in workflow["jobs"].values()
        if any("upload-pages-artifact" in str(s.get("uses", "")) for s in job.get("steps", []))
    ]
    assert deploying, "no job uploads the site to GitHub Pages"
    for job in deploying:
        builds = [
            step
            for step in _steps_before_upload(job)
            if re.search(r"\bmake (test|build)\b|\bmkdocs build\b", str(step.get("run", "")))
        ]
        assert builds, "the deploy job uploads a site it did not build"
        for step in builds:
            env = {**workflow.get("env", {}), **job.get("env", {}), **step.get("env", {})}
            url = str(env.get("GUIDE_SITE_URL", ""))
            assert re.fullmatch(r"https://.+/", url), f"GUIDE_SITE_URL is {url!r} in {step}"
