"""The built site as a reader sees it, in Debian's Chromium driven by Playwright.

Builds the site, serves it on 127.0.0.1 and checks, in both languages: the language switcher,
search, diagrams, the code copy button, and that no request leaves the machine. Screenshots of
every page (desktop and phone) land in screenshots/, which git ignores and CI uploads.
Without /usr/bin/chromium these tests skip and say so.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tools import markdown

CHROMIUM = os.environ.get("GUIDE_CHROMIUM", "/usr/bin/chromium")  # Debian's, never a download
SHOTS = markdown.ROOT / "screenshots"


def _url_path(page):
    """Where a page is served: "" for docs/index.md, "layers/" for docs/layers.md,
    "zh/layers/" for docs/layers.zh.md."""
    stem = page.relative_to(markdown.DOCS).as_posix().removesuffix(".md").removesuffix(".zh")
    chapter = "" if stem == "index" else stem + "/"
    return ("zh/" if markdown.language_of(page) == "zh" else "") + chapter


# Page paths below a language root.
CHAPTERS = [_url_path(page) for page in markdown.pages() if markdown.language_of(page) == "en"]
WITH_DIAGRAMS = [
    _url_path(page)
    for page in markdown.pages()
    if any(fence.lang == "mermaid" for fence in markdown.fences(page.read_text(encoding="utf-8")))
]

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)]
    subprocess.run(command, cwd=markdown.ROOT, check=True, env=env)
    handler = functools.partial(_QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield chromium
        chromium.close()


class Visit:
    """A browser page that records every problem a reader could notice."""

    def __init__(self, browser, site, **context):
        self.site = site
        self.context = browser.new_context(**context)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url}"))
        self.page.on("response", self._response)
        self.context.route("**/*", self._route)
        # Material draws each diagram inside a closed shadow root; open it so the test can look.
        self.context.add_init_script(
            "const attach = Element.prototype.attachShadow;"
            "Element.prototype.attachShadow = function (o) {"
            "  return attach.call(this, {...o, mode: 'open'}); };"
        )

    def _console(self, message):
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def _response(self, response):
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def _route(self, route):
        url = route.request.url
        self.requests.append(url)
        if urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.problems.append(f"external request: {url}")
            route.abort()

    def open(self, path):
        self.page.goto(self.site + path)
        self.page.wait_for_load_state("networkidle")
        return self.page

    def close(self):
        self.context.close()


@pytest.fixture
def visit(browser, site):
    opened = []

    def make(**context):
        opened.append(Visit(browser, site, **context))
        return opened[-1]

    yield make
    for v in opened:
        problems = v.problems
        v.close()
        assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["", "zh/"], ids=["en", "zh"])
def test_every_page_loads_cleanly_and_looks_right(visit, language):
    """No console errors, no failed or external requests; screenshots to look at."""
    SHOTS.mkdir(exist_ok=True)
    for name, size in (("desktop", (1280, 900)), ("phone", (390, 844))):
        v = visit(viewport={"width": size[0], "height": size[1]})
        for chapter in CHAPTERS:
            page = v.open(language + chapter)
            assert page.locator("h1").count() == 1
            slug = (language + chapter).strip("/").replace("/", "-") or "home"
            page.screenshot(path=str(SHOTS / f"{slug}-{name}.png"), full_page=False)


@pytest.mark.parametrize(
    ("start", "language", "target", "title"),
    [
        ("", "zh", "zh/", "张量复制到底复制了什么"),
        ("zh/", "en", "", "What a tensor copy copies"),
        ("layers/", "zh", "zh/layers/", "三层结构"),
        ("zh/layers/", "en", "layers/", "Three layers"),
        ("assignment/", "zh", "zh/assignment/", "什么也没复制"),
    ],
)
def test_language_switcher_lands_on_the_same_page(visit, start, language, target, title):
    page = visit().open(start)
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'a.md-select__link[hreflang="{language}"]').click()
    page.wait_for_load_state("networkidle")
    assert urlparse(page.url).path == "/" + target
    assert title in page.locator("h1").inner_text()


@pytest.mark.parametrize(
    ("language", "query", "expected"),
    [
        ("zh/", "步长", "zh/layers/"),
        ("zh/", "视图", "zh/layers/"),
        ("zh/", "原地操作", "zh/assignment/"),
        ("", "stride", "layers/"),
        ("", "rebinds", "assignment/"),
    ],
)
def test_search_finds_the_chapter(visit, language, query, expected):
    page = visit().open(language)
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material reads the query on keyup, which filling alone does not send
    results = page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=10_000)
    hrefs = [a.get_attribute("href") for a in results.all()]
    found = [href for href in hrefs if urlparse(href).path.endswith("/" + expected)]
    assert found, f"{query!r}: no result in {expected}, got {hrefs[:5]}"


@pytest.mark.parametrize("path", WITH_DIAGRAMS)
def test_diagrams_render_as_svg(visit, path):
    page = visit().open(path)
    diagrams = page.locator("div.mermaid")
    assert diagrams.count() >= 1
    for k in range(diagrams.count()):
        diagrams.nth(k).locator("svg").first.wait_for(timeout=5_000)


def test_mermaid_is_only_loaded_where_a_diagram_is(visit):
    v = visit()
    v.open("assignment/")
    assert not [url for url in v.requests if "mermaid" in url]


@pytest.mark.parametrize("path", ["assignment/", "zh/assignment/"])
def test_copy_button_copies_exactly_the_snippet(visit, path):
    v = visit(permissions=["clipboard-read", "clipboard-write"])
    page = v.open(path)
    block = page.locator("div.language-python.highlight").first
    block.hover()
    block.locator('button[data-md-type="copy"]').click()
    copied = page.evaluate("navigator.clipboard.readText()")
    source = (markdown.ROOT / "snippets/assignment/same_object.py").read_text(encoding="utf-8")
    assert copied.strip("\n") == source.strip("\n")


def teardown_module():
    """Drop screenshots of pages that no longer exist."""
    if SHOTS.exists() and not any(SHOTS.iterdir()):
        shutil.rmtree(SHOTS)
