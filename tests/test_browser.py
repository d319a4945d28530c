"""The built site as a reader sees it, in Debian's Chromium (its headless shell where installed:
tools/project.chromium) driven by Playwright.

Every page of both languages (chapters, reference pages, notebook pages) is visited once, as a
first visit (nothing cached, nothing stored: Tab below), and that one visit checks everything that
needs a page: no console error, no failed or external request, one title, what the first visit
transfers, every diagram shown as an image with a name, the notebook drawn as code blocks, then a
desktop and a phone screenshot, axe-core's accessibility rules (light scheme on the desktop,
dark scheme on the phone), the copy button of its first code block, and on some pages the
language switcher (SWITCHES). The other interaction tests (search, the atlas) each open the page
they need. Screenshots and the measurements
(measurements.json) land in screenshots/, which git ignores and CI uploads.

Without that browser these tests skip and say so, unless GUIDE_REQUIRE_BROWSER=1 (set by
.ci/run and the docs workflow), where a missing browser fails.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import sys
import threading
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from tools import pages, project
from tools.generate import atlas_render, notebooks

CHROMIUM = project.chromium()  # Debian's, never a download: its headless shell where installed
REQUIRE_BROWSER = "GUIDE_REQUIRE_BROWSER"
SHOTS = project.ROOT / "screenshots"

# The budget of a first visit, on localhost with nothing cached, served with gzip. The search
# index, which Material's worker fetches after the page has loaded, is not part of it.
# Pages with diagrams too: they are SVG images drawn ahead of time (`make diagrams`), no script.
PAGE_BYTES_BUDGET = 600 * 1024

# axe-core, vendored (tests/vendor/README.md says how to update it) and injected into the page:
# nothing comes from a CDN. A violation of these impacts fails the visit.
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
AXE_VERSION = "4.14.1"
AXE_SRI = "sha256-KTSJmUUM3yhJqOcLeRL8LahahJ2jnA0NU5T1HUqe2Vw="  # axe-core's sri-history.json
AXE_FAILS_ON = ("serious", "critical")
AXE_EXCLUDE: list[str] = []  # nothing is left out: diagrams are images with names


def _source_of(slug: str, language: str) -> Path:
    return project.page_path(slug, language)


CHAPTER_SLUGS = [
    project.slug_of(page)
    for page in project.pages()
    if project.language_of(page) == project.DEFAULT_LANGUAGE
]
NOTEBOOK_SLUGS = [
    slug
    for slug in notebooks.chapters()
    if all(project.notebook_path(slug, lang).is_file() for lang in project.LANGUAGES)
]


def _visits():
    for language in project.LANGUAGES:
        for slug in CHAPTER_SLUGS:
            where = project.page_url(slug, language) or "/"
            yield pytest.param(("page", slug, language), id=where)
        for slug in NOTEBOOK_SLUGS:
            where = project.notebook_url(slug, language)
            yield pytest.param(("notebook", slug, language), id=where)


def _diagrams(kind: str, slug: str, language: str) -> int:
    """How many mermaid diagrams the page shows (a notebook page shows its notebook's)."""
    if kind == "page":
        text = _source_of(slug, language).read_text(encoding="utf-8")
    else:
        notebook = json.loads(project.notebook_path(slug, language).read_text(encoding="utf-8"))
        text = "\n\n".join(
            "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
        )
    return sum(1 for fence in pages.fences(text) if fence.lang == "mermaid")


def _require_browser() -> None:
    """Skip without Chromium, or fail where a browser is required (CI)."""
    if Path(CHROMIUM).exists():
        return
    missing = f"{CHROMIUM} is missing (apt-get install chromium-headless-shell)"
    if os.environ.get(REQUIRE_BROWSER) == "1":
        pytest.fail(f"{missing}, and {REQUIRE_BROWSER}=1")
    pytest.skip(missing)


@pytest.fixture(scope="module")
def browser():
    _require_browser()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            # Each visit is a new document, so V8 optimises the same code (axe-core, Material's
            # bundle) again on every page: without TurboFan, its top tier, on Maglev's cheaper
            # code, the browser tests took 6 to 13 % less CPU (two paired runs of this module).
            # JavaScript means the same on every tier.
            args=[*project.CHROMIUM_ARGS, "--js-flags=--no-turbofan"],
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def site(built_site):
    handler = functools.partial(_Handler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the site as a static host does: text compressed with gzip when the browser asks."""

    COMPRESSED = {".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".ipynb"}
    _cache: dict[Path, bytes] = {}  # compressed once per file, not once per request

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        wanted = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wanted and path.is_file() and path.suffix in self.COMPRESSED):
            return super().do_GET()
        if path not in self._cache:
            self._cache[path] = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        body = self._cache[path]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


# Material's search worker fetches its language's index after the page has loaded and builds a
# lunr index from it: about a megabyte of JSON for the Chinese pages, seconds of CPU per visit.
# A visit that does not search gets the index's config with no documents instead, once the
# browser has asked for a file that exists (a wrong index path still fails the visit); the
# search tests fetch the real index.
SEARCH_INDEX = "search/search_index.json"


@functools.cache
def _empty_index(path: Path) -> bytes:
    config = json.loads(path.read_text(encoding="utf-8"))["config"]
    return json.dumps({"config": config, "docs": []}).encode()


# What a visit's tab is set to unless the test asks otherwise: Playwright's defaults for a new
# context, which each visit had while it opened a context of its own.
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}

# The page's own requests that did not cross the network (a resource timing entry transferred
# nothing): from a cache, which a first visit has not got.
_NOT_TRANSFERRED = """() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .filter(e => e.name.startsWith("http") && e.transferSize === 0).map(e => e.name)"""


class Tab:
    """The browser context and the one page (tab) that every visit of a worker navigates.

    A new page costs about half a second of CPU (a renderer process, and Playwright setting it
    up), and a visit in a page that has run the site before costs less again: over 90 visits,
    about a tenth of the whole test run. A visit is still a first visit: every request is routed
    (Playwright then turns the HTTP cache off, and each page is checked, as it is left, to have
    fetched every resource over the network), the site's storage is cleared and the tab left on
    about:blank before each page is opened, and the mouse is off the page (a hover from the last
    visit would show in the screenshots and in axe's colours). A page that crashed is
    replaced."""

    def __init__(self, browser, site: str):
        self.site = site
        self.context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
        self.context.route("**/*", self._route)
        self.page = None
        self.visit: Visit | None = None  # the visit in progress, which records what happens
        self.crashed = False

    def _route(self, route):
        if self.visit is None:
            route.abort()  # nothing is fetched between visits
        else:
            self.visit.route(route)

    def _forward(self, event: str, argument):
        if self.visit is not None:
            getattr(self.visit, event)(argument)

    def _new_page(self):
        if self.page is not None and not self.page.is_closed():
            self.page.close()
        self.page, self.crashed = self.context.new_page(), False
        for event in ("console", "pageerror", "requestfailed", "response", "requestfinished"):
            self.page.on(event, functools.partial(self._forward, event))
        self.page.on("crash", lambda _: setattr(self, "crashed", True))
        self.cdp = self.context.new_cdp_session(self.page)

    def blank(self):
        """Leave the site: its local and session storage, cookies, caches and databases
        cleared, the tab on about:blank."""
        if self.page is None or self.page.is_closed() or self.crashed:
            return self._new_page()
        if self.page.url.startswith(self.site):
            cached = self.page.evaluate(_NOT_TRANSFERRED)
            if self.visit is not None and not self.visit.java_script_enabled:
                cached = [url for url in cached if not url.split("?")[0].endswith(".js")]
            if cached and self.visit is not None:
                self.visit.problems.append(f"served from a cache, not a first visit: {cached}")
            self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.cdp.send(
            "Storage.clearDataForOrigin",
            {"origin": self.site.rstrip("/"), "storageTypes": "all"},
        )
        self.page.goto("about:blank")

    def start(self, visit: Visit, viewport: dict, color_scheme: str):
        try:
            self.blank()
        except Exception:  # noqa: BLE001 - a tab left hanging by a failed test: a new one
            self._new_page()
        self.visit = visit
        # JavaScript is a context's setting in Playwright; in one tab, the page's own (CDP)
        # switch, set for every visit so that one visit without it leaves the next alone.
        self.cdp.send(
            "Emulation.setScriptExecutionDisabled", {"value": not visit.java_script_enabled}
        )
        self.page.set_viewport_size(viewport)
        self.page.emulate_media(color_scheme=color_scheme)
        self.page.mouse.move(-1, -1)
        return self.page

    def finish(self):
        try:
            self.blank()  # what the page does as it is left (an aborted request) is the visit's
        except Exception:  # noqa: BLE001
            self._new_page()
        self.visit = None

    def close(self):
        self.context.close()


class Visit:
    """A first visit of the tab, recording every problem a reader could see."""

    def __init__(
        self,
        tab: Tab,
        root: Path,
        search: bool = False,
        viewport: dict | None = None,
        color_scheme: str = "light",
        java_script_enabled: bool = True,
    ):
        self.tab = tab
        self.java_script_enabled = java_script_enabled
        self.site = tab.site
        self.root = root  # the built site's folder
        self.search = search  # False: the search index is served without its documents
        self.viewport = viewport or DEFAULT_VIEWPORT
        self.color_scheme = color_scheme
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.finished = []
        self.page = tab.start(self, self.viewport, color_scheme)

    def console(self, message):
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def pageerror(self, error):
        self.problems.append(f"page error: {error}")

    def requestfailed(self, request):
        # A request the browser drops because the page navigated away (the language switcher)
        # did not fail; every other failure is a problem. External requests are reported apart.
        if request.failure != "net::ERR_ABORTED" or not request.url.startswith(self.site):
            self.problems.append(f"failed: {request.url} ({request.failure})")

    def response(self, response):
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def requestfinished(self, request):
        self.finished.append(request)

    def route(self, route):
        url = route.request.url
        self.requests.append(url)
        path = urlparse(url).path
        index = self.root / path.lstrip("/")
        if not self.search and path.endswith("/" + SEARCH_INDEX) and index.is_file():
            route.fulfill(status=200, content_type="application/json", body=_empty_index(index))
        elif urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.problems.append(f"external request: {url}")
            route.abort()

    def open(self, path, wait_until="load"):
        """The page at path, opened as a first visit (from about:blank, nothing stored)."""
        if self.page.url != "about:blank":
            self.tab.start(self, self.viewport, self.color_scheme)
        self.page.goto(self.site + path, wait_until=wait_until)
        return self.page

    def transferred(self) -> int:
        """Bytes of every response body received so far (as sent: gzip), search index aside."""
        return sum(
            max(0, request.sizes()["responseBodySize"])
            for request in self.finished
            if not request.url.endswith("search_index.json")
        )


@pytest.fixture(scope="module")
def tab(browser, site):
    tab = Tab(browser, site)
    yield tab
    tab.close()


@pytest.fixture
def visit(tab, built_site):
    """Visit(...) for the test, one at a time in the worker's tab; each visit's problems fail
    the test once the tab has left the page."""
    opened = []

    def make(**options):
        if opened:
            _finish(tab, opened[-1])
        opened.append(Visit(tab, built_site, **options))
        return opened[-1]

    yield make
    if opened:
        _finish(tab, opened[-1])


def _finish(tab: Tab, visit: Visit):
    tab.finish()
    assert not visit.problems, "\n".join(visit.problems)


# Each diagram is two images (light and dark scheme, Material shows one): the one shown must be
# loaded and drawn, and have a name; the accessibility tree must name it as an image.
_SHOWN_DIAGRAMS = """() => [...document.querySelectorAll("p.diagram img")]
  .filter(img => getComputedStyle(img).display !== "none")
  .map(img => ({alt: img.alt, src: img.getAttribute("src")}))"""


_AXE_RUN = """async ({exclude, impacts, rules, skip}) => {
  const options = {resultTypes: ["violations"], ...(rules ? {runOnly: rules} : {}),
    rules: Object.fromEntries(skip.map(id => [id, {enabled: false}]))};
  const result = await axe.run({exclude: exclude.map(s => [s])}, options);
  return result.violations.filter(v => impacts.includes(v.impact)).flatMap(v =>
    v.nodes.map(n => ({id: v.id, impact: v.impact, help: v.help, target: n.target.join(" ")})));
}"""

# Material's tables scroll inside a wrapper that docs/assets/javascripts/a11y.js makes
# focusable once it overflows, and a code block that overflows is focusable (a11y.js again, 0.1 s
# after the window changes size: the phone run starts with a resize).
_SCROLLWRAPS_SETTLED = """() => [...document.querySelectorAll(".md-typeset__scrollwrap")].every(
  w => (w.scrollWidth > w.clientWidth + 1) === w.hasAttribute("tabindex"))
  && [...document.querySelectorAll(".md-typeset pre > code")].every(
  c => c.scrollWidth <= c.clientWidth + 1 || c.hasAttribute("tabindex"))"""


# The dark run on the phone checks what a change of colour scheme can break, and the tables
# that scroll at a phone's width; every other rule runs once, on the desktop (it is cheaper).
AXE_PHONE_DARK_RULES = ["color-contrast", "link-in-text-block", "scrollable-region-focusable"]
CONTRAST = "color-contrast"
SCROLLABLE = "scrollable-region-focusable"

# axe's colour-contrast rule checks each text element in turn, and most text elements of a
# chapter are Pygments' token spans (4,091 of the models page's 5,041 elements) and inline code,
# in a few dozen styles. Two text elements whose own computed style, text kind and every
# ancestor's background (and the ancestors' computed styles that could change what is behind
# them) are the same get the same answer from axe, as long as nothing but their ancestors is
# drawn behind or over the text (over a code block there is only its copy button, an icon
# without a background; for the rest, the measurement below is what says so, page by page).
# So each such style is shown once to an axe run that checks
# colour contrast, its repeats hidden for that run (visibility: hidden keeps the layout). Its
# conditions, each a case where axe's answer depends on more than the style:
# - only a leaf element (no element children) of the article, of an inline kind (span, code, b,
#   strong, em), with nothing but a class attribute: no role, name, id, link, inline style or
#   focus for another rule to look at;
# - nor text that another rule reads: inside a link, a button, a heading, a table header, a
#   summary, a named or focusable element (but a code block's code element), or in a text block
#   that holds a link (link-in-text-block weighs a link against the text around it);
# - the text kind is part of the style: one letter or digit (axe leaves short text undecided
#   where it fails), printable ASCII of two or more with a letter or digit, or else the text
#   itself (punctuation alone, which axe does not check, emoji and other scripts);
# - an element that its scrolling ancestors clip (a long line of a code block) is neither hidden
#   nor shown for others: axe checks some such text where it lies, outside the box that shows
#   it, and leaves the rest out (the models page, dark, at a phone's width: 289 clipped tokens
#   checked, 731 left out), so its answer is not a visible twin's;
# - an element with an ancestor (or itself) carrying a positioned ::before or ::after with a
#   background (an admonition's or a summary's icon) is never hidden: axe weighs such a
#   pseudo-element against the element's own size.
# Measured over every page of both languages, both runs (tools/check/axe_repeats.py): each
# hidden element's colour-contrast answer on the whole page is its shown twin's, and every
# other rule gave the same violations, incomplete and inapplicable results (the region rule's
# passes lacked the hidden elements). A repeat that looks different is a style of its own:
# test_a_repeated_code_token_in_its_own_colour_is_checked.
_REPEATS_OF = """(record = false) => {
  const own = ["color", "font-size", "font-weight", "font-style", "font-family", "opacity",
    "text-shadow", "background-color", "background-image", "text-decoration-line", "filter",
    "mix-blend-mode", "-webkit-text-fill-color", "-webkit-text-stroke-color",
    "-webkit-text-stroke-width", "position", "visibility", "display", "clip", "clip-path",
    "transform", "z-index"];
  const behind = ["background-color", "background-image", "opacity", "filter", "mix-blend-mode",
    "position", "z-index", "transform", "visibility", "clip-path"];
  const pseudoDrawn = (element, which) => {
    const css = getComputedStyle(element, which);
    return css.content !== "none" && css.display !== "none" && css.position === "absolute" &&
      (css.backgroundColor !== "rgba(0, 0, 0, 0)" || css.backgroundImage !== "none");
  };
  const chains = new Map();  // element -> its and its ancestors' styles, or null: never hidden
  const chain = element => {
    if (!element) return "";
    if (chains.has(element)) return chains.get(element);
    const up = chain(element.parentElement);
    let text = null;
    if (up !== null && !pseudoDrawn(element, "::before") && !pseudoDrawn(element, "::after")) {
      const css = getComputedStyle(element);
      text = behind.map(name => css.getPropertyValue(name)).join(";") + "|" + up;
    }
    chains.set(element, text);
    return text;
  };
  const clips = new Map();  // a scrolling ancestor -> its rectangle
  const unclipped = element => {
    const box = element.getBoundingClientRect();
    // The root's and the body's overflow is the page's scrolling, which clips nothing for axe.
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (!clips.has(up)) {
        const css = getComputedStyle(up);
        clips.set(up, css.overflowX === "visible" && css.overflowY === "visible"
          ? null : up.getBoundingClientRect());
      }
      const rect = clips.get(up);
      if (rect && (box.left < rect.left || box.right > rect.right || box.top < rect.top ||
          box.bottom > rect.bottom)) return false;
    }
    return box.width > 0 && box.height > 0;
  };
  const bare = element => [...element.attributes].every(attribute => attribute.name === "class");
  // One letter or digit (axe leaves it undecided where it fails); two or more characters of
  // printable ASCII (space to tilde) with a letter or digit; else the text itself (punctuation
  // alone, which axe does not check, emoji, other scripts).
  const kind = text => /^[a-z0-9]$/i.test(text) ? "one"
    : /^[ -~]+$/.test(text) && /[a-z0-9]/i.test(text) ? "ascii" : text;
  // Another rule reads this text: a link's, a button's, a heading's or a header's name, or the
  // text block around a link (link-in-text-block). A code block's code element, which Material
  // makes focusable to scroll, is named by no rule from its text.
  const named = "a, button, label, summary, th, caption, legend, h1, h2, h3, h4, h5, h6, " +
    "[role], [aria-label], [aria-labelledby], [tabindex]:not(pre > code)";
  const block = "p, li, td, th, dd, dt, blockquote, figcaption, pre";
  const linked = new Map();  // a text block -> whether it holds a link
  const read = element => {
    if (element.closest(named)) return true;
    const around = element.closest(block);
    if (around && !linked.has(around)) linked.set(around, !!around.querySelector("a"));
    return around ? linked.get(around) : false;
  };
  const seen = new Map();
  const pairs = [];
  for (const element of document.querySelectorAll(
      "article :is(span, code, b, strong, em)")) {
    if (element.firstElementChild || !bare(element)) continue;
    const text = element.textContent.trim();
    if (!text || read(element)) continue;
    const ancestry = chain(element);
    if (ancestry === null || !unclipped(element)) continue;
    const style = getComputedStyle(element);
    const key = own.map(name => style.getPropertyValue(name)).join(";") +
      `|${kind(text)}|${ancestry}`;
    const first = seen.get(key);
    if (first) {
      element.setAttribute("data-axe-repeat", "");
      pairs.push([first, element]);
    } else {
      seen.set(key, element);
    }
  }
  if (record) window.__axeRepeats = pairs;  // tools/check/axe_repeats.py compares them
  if (pairs.length) {
    const style = document.createElement("style");
    style.id = "axe-repeats";
    style.textContent = "[data-axe-repeat] { visibility: hidden !important; }";
    document.head.append(style);
  }
  return pairs.length;
}"""
_REPEATS_SHOWN = """() => {
  document.getElementById("axe-repeats")?.remove();
  for (const element of document.querySelectorAll("[data-axe-repeat]")) {
    element.removeAttribute("data-axe-repeat");
  }
}"""


# Every element rendered, as a reader scrolling to it sees it: content off screen that
# content-visibility leaves unrendered (the atlas's list, extra.css) axe would check from boxes
# never laid out, or not at all (it read the grey of a line's name as the background of the
# text beside it). The override names what sets content-visibility (the rules of the page's
# style sheets, within @media and the like, and style attributes), and a page where no element
# matches them gets no override at all. It was `* {...}`, which made the browser style every
# element of every page again: in paired runs over 10 pages, a visit now takes 0.97 of the CPU
# (median page 0.96), and axe-core's results on the atlas pages are the same, node by node.
_ALL_RENDERED = """() => {
  const selectors = ['[style*="content-visibility"]'];
  const walk = rules => {
    for (const rule of rules) {
      if (rule.style?.getPropertyValue("content-visibility")) selectors.push(rule.selectorText);
      if (rule.cssRules) walk(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) {
    try { walk(sheet.cssRules); } catch (error) { selectors.push("*"); }  // a sheet unread: all
  }
  const which = `:is(${selectors.join(", ")})`;
  if (!document.querySelector(which)) return;  // nothing to render: the page is not restyled
  const style = document.createElement("style");
  style.textContent = `${which} { content-visibility: visible !important; }`;
  document.head.append(style);
}"""


def _load_axe(page) -> None:
    """axe-core in the page, once, and every element rendered for it (_ALL_RENDERED)."""
    if page.evaluate("typeof axe !== 'undefined'"):
        return
    page.add_script_tag(path=str(AXE))
    assert page.evaluate("axe.version") == AXE_VERSION
    page.evaluate(_ALL_RENDERED)


def _to_dark(page) -> None:
    """The dark scheme, as the palette toggle sets it."""
    # Material fades colours in; without the fade axe reads the new colours at once.
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")


def _axe_violations(
    page, where: str, rules: list[str] | None = None, skip: tuple[str, ...] = ()
) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each:
    the rules axe runs by default, or those of `rules`, less those of `skip`."""
    _load_axe(page)
    # Blocks off screen are not drawn until they come near (content-visibility, reading.css), and
    # axe leaves out what is not drawn: all of them are drawn for it, as a reader scrolling sees.
    page.add_style_tag(content=".md-typeset > * { content-visibility: visible !important; }")
    try:
        page.wait_for_function(_SCROLLWRAPS_SETTLED, timeout=2_000)
    except Exception:  # noqa: BLE001 - a wrapper left unnamed is axe's to report, not a timeout
        pass
    repeats = (
        CONTRAST in (rules or [CONTRAST]) and CONTRAST not in skip and page.evaluate(_REPEATS_OF)
    )
    found = page.evaluate(
        _AXE_RUN,
        {"exclude": AXE_EXCLUDE, "impacts": list(AXE_FAILS_ON), "rules": rules, "skip": list(skip)},
    )
    if repeats:
        page.evaluate(_REPEATS_SHOWN)
    return [f"{where}: {v['id']} ({v['impact']}) at {v['target']}: {v['help']}" for v in found]


def test_the_vendored_axe_is_the_release_it_claims_to_be():
    digest = base64.b64encode(hashlib.sha256(AXE.read_bytes()).digest()).decode()
    assert f"sha256-{digest}" == AXE_SRI
    assert AXE.read_text(encoding="utf-8").startswith(f"/*! axe v{AXE_VERSION}")


@pytest.mark.parametrize("what", list(_visits()))
def test_a_first_visit(visit, record_property, what):
    """Everything one first visit of a page can show, then its screenshots."""
    kind, slug, language = what
    path = (
        project.page_url(slug, language) if kind == "page" else project.notebook_url(slug, language)
    )
    v = visit(viewport={"width": 1280, "height": 900})
    diagrams = _diagrams(kind, slug, language)
    page = v.open(path)
    assert page.locator("h1").count() == 1
    page.wait_for_function(
        f"() => [...document.querySelectorAll('p.diagram img')].length === {2 * diagrams}"
    )
    shown = page.evaluate(_SHOWN_DIAGRAMS)
    assert len(shown) == diagrams, f"{len(shown)} diagrams shown, the page has {diagrams}"
    for image in shown:
        assert image["alt"].strip(), f"a diagram without a name: {image['src']}"
        assert image["src"].split("#")[0].endswith(".light.svg"), image["src"]
    for k in range(diagrams):
        figure = page.locator("p.diagram img:visible").nth(k)
        figure.scroll_into_view_if_needed()
        page.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=figure.element_handle()
        )
        assert page.get_by_role("img", name=shown[k]["alt"]).count() >= 1
    if kind == "notebook":
        cells = json.loads(project.notebook_path(slug, language).read_text(encoding="utf-8"))
        code = [c for c in cells["cells"] if c["cell_type"] == "code"]
        assert page.locator("article div.language-python.highlight").count() == len(code)
    mermaid = [url for url in v.requests if "mermaid" in url]
    assert not mermaid, f"a diagram script is requested: {mermaid}"
    sent = v.transferred()
    # Gathered from every test (and every worker) into measurements.json: tests/conftest.py.
    record_property("measurement", ["first visit, KB transferred (gzip)", path, round(sent / 1024)])
    assert sent < PAGE_BYTES_BUDGET, f"{sent / 1024:.0f} KB, budget {PAGE_BYTES_BUDGET // 1024} KB"
    shot = (path.strip("/").replace("/", "-") or "home") + "-{}.png"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / shot.format("desktop")))
    estimated = page.evaluate(_CODE_BLOCKS)  # blocks off screen not drawn yet
    # Colours are the styles', which both languages share (extra.css gives Chinese text only its
    # fonts, and a font changes no contrast): the colour rules run on every chapter in both
    # languages in light (desktop) and on the English chapters in dark (phone), not again on
    # the Chinese notebook pages and Chinese chapters in dark, which show the same elements in
    # the same styles (tests/test_pages.py: the same blocks in the same order). What the text of
    # a language changes (names, alt text, the page's language, what scrolls at a width) is
    # checked in both. The contrast rule takes about a third of a whole axe run (1.23 against 0.77 s
    # on the Chinese models notebook, median of 3) and most of the dark run.
    same_colours = language == "zh" and kind == "notebook"
    violations = _axe_violations(  # draws every block
        page, "light, desktop", skip=(CONTRAST,) if same_colours else ()
    )
    drawn = page.evaluate(_CODE_BLOCKS)
    assert estimated["focusable"] == drawn["scrolls"], (
        "a11y.js's guess from --cols, block by block (True: focusable), and what scrolls once "
        f"drawn: {estimated['focusable']} {drawn['scrolls']}"
    )
    held = sum(estimated["heights"][k] for k in estimated["skipped"])
    taken = sum(drawn["heights"][k] for k in estimated["skipped"])
    assert abs(held - taken) <= 0.02 * taken, (
        f"the code blocks not drawn at first hold {held} px, and take {taken} px drawn: "
        "reading.css's height for --lines is off"
    )
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / shot.format("phone")))
    fit = page.evaluate(_PHONE_FIT)
    assert fit["width"] <= 390, f"{fit['width']} px wide on a 390 px phone"
    assert not fit["small"], f"text under 14 px on a phone: {fit['small']}"
    # The dark scheme, as the palette toggle sets it, checked on the phone only, and on chapter
    # pages only: a notebook page shows its chapter's text in the same styles. An axe run takes
    # 0.7 to 5 s per page on a busy two-core machine (the matrix page is the slowest).
    if kind == "page":
        _to_dark(page)
        dark = AXE_PHONE_DARK_RULES if language == "en" else [SCROLLABLE]
        violations += _axe_violations(page, "dark, phone", dark)
    assert not violations, "axe-core:\n" + "\n".join(violations)
    snippet = _first_snippet(kind, slug, language)
    if snippet:  # last: the copy button's tooltip would show in the screenshots
        block = page.locator("article div.language-python.highlight").first
        block.evaluate("b => { const box = b.closest('details'); if (box) box.open = true; }")
        block.hover()
        page.evaluate("navigator.clipboard.writeText('')")  # what is read next is this click's
        block.locator('button[data-md-type="copy"]').click()
        copied = page.evaluate("navigator.clipboard.readText()")
        source = (project.ROOT / snippet).read_text(encoding="utf-8")
        assert copied.strip("\n") == source.strip("\n"), "the copy button copies something else"
    if path in SWITCHES:  # last: it leaves the page
        _switch_language(page, path)


# The code blocks at the top of the article (content-visibility in reading.css: one off screen is
# not drawn until it comes near): which of them a keyboard can reach (a11y.js decides from their
# widest line, --cols, until they are drawn), which of them scroll sideways (read from a drawn
# block: only after every block is drawn), which are not drawn yet, and the height of each
# (reading.css's, from --lines, for a block not drawn).
_CODE_BLOCKS = """() => {
  const codes = [...document.querySelectorAll(".md-typeset > .highlight > pre > code")];
  const skipped = codes.filter(code => !code.checkVisibility({contentVisibilityAuto: true}));
  return {
    skipped: skipped.map(code => codes.indexOf(code)),
    heights: codes.map(code => code.closest(".highlight").offsetHeight),
    focusable: codes.map(code => code.getAttribute("tabindex") === "0"),
    scrolls: codes.map(code => code.scrollWidth > code.clientWidth + 1),
  };
}"""


# On a phone: the page's width (nothing may widen it past the screen) and the visible text of
# the article set under 14 px (element, class, size; the first few).
_PHONE_FIT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.querySelector("article"), NodeFilter.SHOW_TEXT);
  while (walker.nextNode() && small.length < 5) {
    const element = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || element.closest(".visually-hidden")) continue;
    const style = getComputedStyle(element);
    if (!element.getClientRects().length || style.visibility === "hidden") continue;
    const size = parseFloat(style.fontSize);
    if (size < 13.95) small.push(`${element.tagName}.${element.className} ${size}px`);
  }
  return {width: document.documentElement.scrollWidth, small};
}"""


# A token span of a code block that repeats a style of its block (the last span of the block's
# commonest token of a few characters: axe leaves one-character text undecided), given a colour
# of its own, or a dark background of its own between it and the block.
_SPOIL_A_REPEAT = """how => {
  const block = [...document.querySelectorAll("article .language-python pre")].at(-1);
  const spans = [...block.querySelectorAll("code span")].filter(s => s.textContent.length > 2);
  const count = name => spans.filter(s => s.className === name).length;
  const commonest = spans.map(s => s.className).sort((a, b) => count(b) - count(a))[0];
  const span = spans.filter(s => s.className === commonest).at(-1);
  if (how === "colour") span.style.color = "#d8d8d8";
  else span.outerHTML = `<span style="background-color: #202020">${span.outerHTML}</span>`;
  return count(commonest);
}"""


@pytest.mark.parametrize("how", ["colour", "background"])
def test_a_repeated_code_token_in_its_own_colour_is_checked(visit, how):
    """Colour contrast runs with each style of a code block once (_REPEATS_OF): a repeat that
    looks different is a style of its own, and its contrast is checked."""
    page = visit(viewport={"width": 1280, "height": 900}).open("clone/")
    assert _axe_violations(page, "as built", [CONTRAST]) == []
    assert page.evaluate(_SPOIL_A_REPEAT, how) > 1, "the token repeats in its block"
    found = _axe_violations(page, "spoilt", [CONTRAST])
    assert len(found) == 1 and found[0].startswith("spoilt: color-contrast (serious)"), found
    assert not page.locator("[data-axe-repeat], #axe-repeats").count(), "left hidden"


# A token class of a code block whose first token is one letter or digit and a later one longer
# (a number such as `0` before `10`), all given a pale colour by a style sheet, so that every
# token of the class stays a repeat of the first: axe leaves the one character undecided.
_SPOIL_A_CLASS = """() => {
  for (const pre of [...document.querySelectorAll("article .language-python pre")].reverse()) {
    const spans = [...pre.querySelectorAll("code span")];
    for (const name of new Set(spans.map(s => s.className).filter(Boolean))) {
      const same = spans.filter(s => s.className === name);
      if (!/^[a-z0-9]$/i.test(same[0].textContent.trim())) continue;
      if (!same.some(s => /^[a-z0-9.]{2,}$/i.test(s.textContent.trim()))) continue;
      pre.id = "spoilt-block";
      const style = document.createElement("style");
      style.textContent = `#spoilt-block span.${name} { color: #d8d8d8 !important; }`;
      document.head.append(style);
      return same.length;
    }
  }
  return 0;
}"""


def test_a_pale_token_class_led_by_one_character_is_checked(visit):
    """The first token of a style stands for the others only where axe gives it the same kind
    of answer: one character is a kind of its own (_REPEATS_OF), or its undecided answer would
    hide the words of the same colour."""
    page = visit(viewport={"width": 1280, "height": 900}).open("clone/")
    assert page.evaluate(_SPOIL_A_CLASS) > 1, "no class led by one character"
    found = _axe_violations(page, "spoilt", [CONTRAST])
    assert found, "a pale token class passed"
    assert all(f.startswith("spoilt: color-contrast (serious) at #spoilt-block") for f in found)


@pytest.mark.parametrize("path", ["layers/", "zh/layers/"])
def test_the_dark_scheme_shows_the_dark_diagrams(visit, path):
    """A reader whose system is dark gets slate, and with it the diagrams drawn for it."""
    v = visit(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    page = v.open(path)
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    shown = page.locator("p.diagram img:visible")
    assert shown.count() == 1
    shown.scroll_into_view_if_needed()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=shown.element_handle()
    )
    assert shown.get_attribute("src").endswith(".dark.svg#only-dark")
    SHOTS.mkdir(exist_ok=True)
    shown.screenshot(path=str(SHOTS / (path.strip("/").replace("/", "-") + "-diagram-dark.png")))


# The language switcher, tried last in the first visit of each of these pages: start page ->
# (the language chosen, the page it lands on, words of that page's title).
SWITCHES = {
    "": ("zh", "zh/", "张量复制到底复制了什么"),
    "zh/": ("en", "", "What a tensor copy copies"),
    "layers/": ("zh", "zh/layers/", "三层结构"),
    "zh/layers/": ("en", "layers/", "Three layers"),
    "assignment/": ("zh", "zh/assignment/", "什么也没复制"),
    "notebooks/layers/": ("zh", "zh/notebooks/layers/", "三层结构"),
    "zh/notebooks/layers/": ("en", "notebooks/layers/", "Three layers"),
}


def _switch_language(page, start: str) -> None:
    """The header's language menu lands on the same page in the other language."""
    language, target, title = SWITCHES[start]
    page.set_viewport_size({"width": 1280, "height": 900})  # the menu as a desktop shows it
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'a.md-select__link[hreflang="{language}"]').click()
    page.wait_for_url(f"**/{target}")
    assert urlparse(page.url).path == "/" + target, f"the {language} switch from /{start}"
    assert title in page.locator("h1").inner_text(), f"the {language} switch from /{start}"


@pytest.mark.parametrize(
    "start,language,target",
    [
        ("libraries/#dataloader-workers", "zh", "zh/libraries/"),
        ("zh/layers/#views", "en", "layers/"),
    ],
)
def test_the_language_switch_keeps_the_section(visit, start, language, target):
    """Both languages give a section the same id: the switch lands on it (reading.js)."""
    page = visit(viewport={"width": 1280, "height": 900}).open(start)
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'a.md-select__link[hreflang="{language}"]').click()
    page.wait_for_url(f"**/{target}*")
    landed = urlparse(page.url)
    assert (landed.path, landed.fragment) == ("/" + target, start.split("#")[1]), page.url


def test_the_search_index_waits_until_the_page_is_drawn_or_the_reader_searches(visit):
    """search_later.js holds Material's request for the index back until 2 s after the load
    event (it slowed a phone's first paint), and sends it at once when a key is pressed."""
    v = visit(search=True)
    index = lambda: [u for u in v.requests if urlparse(u).path.endswith("/search_index.json")]  # noqa: E731
    page = v.open("troubleshooting/")
    page.wait_for_timeout(600)
    assert not index(), "the search index was asked for while the page was being drawn"
    page.keyboard.press("s")  # Material's shortcut to the search box
    page.keyboard.type("clone detach")
    page.locator(".md-search-result__item").first.wait_for(timeout=10_000)
    assert len(index()) == 1
    page = v.open("edges/")  # no key: it comes by itself
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some(e => "
        "e.name.endsWith('/search_index.json'))",
        timeout=10_000,
    )


def test_a_search_marks_whole_words_on_the_page_it_opens(visit):
    """Material marks "one" inside "clone" too; reading.js takes such marks back."""
    page = visit(viewport={"width": 1280, "height": 900}).open("combinations/?h=one")
    page.wait_for_function("document.querySelectorAll('article mark').length > 0")
    # The marks inside words go a frame later, or several on a loaded machine: wait until none is
    # left (at most 5 s), then measure; without reading.js they stay and the assertion says so.
    inside_word = """() => [...document.querySelectorAll("article mark")].some(m => {
        const before = m.previousSibling && m.previousSibling.nodeType === 3
          ? m.previousSibling.data.slice(-1) : "";
        const after = m.nextSibling && m.nextSibling.nodeType === 3
          ? m.nextSibling.data.charAt(0) : "";
        return /[A-Za-z0-9]/.test(before + after);
    })"""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => !({inside_word})()", timeout=5000)
    marks = page.evaluate(
        """() => [...document.querySelectorAll("article mark")].map(m => [
            (m.previousSibling && m.previousSibling.nodeType === 3 ? m.previousSibling.data : "")
              .slice(-1),
            m.textContent,
            (m.nextSibling && m.nextSibling.nodeType === 3 ? m.nextSibling.data : "").charAt(0),
        ])"""
    )
    inside = [
        m
        for m in marks
        if re.match(r"[A-Za-z0-9]", m[0] + " ") or re.match(r"[A-Za-z0-9]", m[2] + " ")
    ]
    assert marks and not inside, f"{len(marks)} marks, inside words: {inside[:5]}"
    clone = page.evaluate("document.querySelector('article').textContent.includes('clone')")
    assert clone, "the page still reads clone"


def test_the_language_switcher_is_tried_on_pages_that_are_visited():
    visited = {where.values[0] for where in _visits()}
    paths = {
        project.page_url(slug, lang) if kind == "page" else project.notebook_url(slug, lang)
        for kind, slug, lang in visited
    }
    assert set(SWITCHES) <= paths, sorted(set(SWITCHES) - paths)


# Per language, in one visit: queries that must find a chapter among the first three pages, and
# code identifiers that must find pages of that language only (each language has its own index:
# tools/site/). tests/test_search.py ranks many more queries through the same worker.
SEARCHES = {
    "zh/": [
        ("步长", "zh/layers/"),
        ("视图", "zh/layers/"),
        ("原地操作", "zh/in-place/"),
        ("深拷贝", "zh/edges/"),  # the reader's word for 深复制 (tools/site/search_words.py)
        ("clone", None),
        ("detach", None),
    ],
    "": [
        ("stride", "layers/"),
        ("rebinds", "assignment/"),
        ("inplace", "in-place/"),  # the pages write in-place
        ("clone", None),
        ("copy_", None),
    ],
}


@pytest.mark.parametrize("language", SEARCHES, ids=["zh", "en"])
def test_search_finds_the_chapter_in_the_reader_s_language(visit, language):
    page = visit(search=True).open(language)
    box = page.locator("input.md-search__input")
    box.click()
    results = page.locator(".md-search-result__item a")
    for query, expected in SEARCHES[language]:
        box.fill("")
        box.press("End")  # Material reads the query on keyup, which filling alone does not send
        page.wait_for_function("!document.querySelector('.md-search-result__item')")
        box.fill(query)
        box.press("End")
        results.first.wait_for(timeout=10_000)
        paths = [urlparse(a.get_attribute("href")).path for a in results.all()]
        chinese = [path for path in paths if path.startswith("/zh/")]
        assert chinese == paths if language else not chinese, f"{query!r}: {paths}"
        if expected:  # among the first three pages listed
            items = page.locator(".md-search-result__item")
            pages = [
                urlparse(items.nth(i).locator("a").first.get_attribute("href")).path
                for i in range(min(3, items.count()))
            ]
            found = [path for path in pages if path.endswith("/" + expected)]
            assert found, f"{query!r}: {expected} not among the first 3, got {pages}"


def _first_snippet(kind: str, slug: str, language: str) -> str | None:
    """The snippet of the page's first python block (a notebook page's first code cell)."""
    if kind == "page":
        text = _source_of(slug, language).read_text(encoding="utf-8")
        return next((e.snippet for e in pages.examples(text) if e.snippet), None)
    notebook = json.loads(project.notebook_path(slug, language).read_text(encoding="utf-8"))
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    return code[0]["metadata"]["snippet"] if code else None


def test_a_missing_browser_skips_here_and_fails_where_one_is_required(monkeypatch, tmp_path):
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", str(tmp_path / "no-chromium"))
    monkeypatch.setenv(REQUIRE_BROWSER, "0")
    with pytest.raises(pytest.skip.Exception):
        _require_browser()
    monkeypatch.setenv(REQUIRE_BROWSER, "1")
    with pytest.raises(pytest.fail.Exception, match=REQUIRE_BROWSER):
        _require_browser()


# -- the operator atlas: its filter, its anchors, and the copy-semantics matrix's sticky column ----

# Where the atlas pages fetch their lines' details (atlas_render.DETAILS_URL), from the page.
DETAILS = atlas_render.DETAILS_URL

_ATLAS_COUNTS = """() => {
  const rows = [...document.querySelectorAll("#atlas-operators .atlas-op")];
  const text = document.getElementById("atlas-name").value.trim().toLowerCase();
  const named = rows.filter(
    r => r.querySelector(".atlas-name").textContent.toLowerCase().includes(text));
  return [...document.getElementById("atlas-kind").options].map(o => ({
    value: o.value,
    label: o.textContent,
    expected: named.filter(r => !o.value || r.dataset.kind.split(" ").includes(o.value)).length,
  }));
}"""


@pytest.mark.parametrize("path", ["atlas/", "zh/atlas/"])
def test_atlas_filter_counts_every_option_and_shows_what_it_counts(visit, path):
    """Each option says how many lines it shows, for the name typed too, and shows that many;
    no option is offered that would show nothing."""
    page = visit(viewport={"width": 1366, "height": 900}).open(path)
    kind, name = page.locator("#atlas-kind"), page.locator("#atlas-name")
    for typed in ("", "dropout"):
        name.fill(typed)
        for option in page.evaluate(_ATLAS_COUNTS):
            shown = int(re.findall(r"\d+", option["label"])[-1])  # (37), （37 个）
            assert shown == option["expected"] > 0 or (typed and shown == option["expected"]), (
                f"{typed!r}, option {option['value']!r}: says {shown}, {option['expected']} match"
            )
            kind.select_option(option["value"])
            visible = page.locator("#atlas-operators .atlas-op:visible").count()
            assert visible == shown, (
                f"{typed!r}, {option['value']!r}: {visible} shown, says {shown}"
            )
    assert page.locator("#atlas-kind option[value='raises']").count() == 1
    name.fill("torch.reshape")  # as readers type it
    kind.select_option("")
    assert page.locator("#op-reshape").is_visible()


@pytest.mark.parametrize("path", ["atlas/", "zh/atlas/"])
def test_an_atlas_anchor_reveals_its_line_while_a_filter_hides_it(visit, path):
    v = visit(viewport={"width": 390, "height": 844})
    page = v.open(path)
    page.locator("#atlas-name").fill("dropout")
    assert not page.locator("#op-reshape").is_visible()
    page.locator("article a[href='#op-reshape']").first.click()
    page.wait_for_function("document.getElementById('op-reshape').open")
    row = page.locator("#op-reshape")
    assert row.is_visible() and row.evaluate("r => r.getBoundingClientRect().top") < 844
    row.locator("p:not(.atlas-loading)").first.wait_for()  # and its details come
    # a first visit with the anchor in the address opens and shows that line too
    page = visit(viewport={"width": 390, "height": 844}).open(path + "#op-nn-functional-dropout3d")
    page.wait_for_function("document.getElementById('op-nn-functional-dropout3d').open")
    row = page.locator("#op-nn-functional-dropout3d")
    row.locator("p:not(.atlas-loading)").first.wait_for()
    top = row.evaluate("r => r.getBoundingClientRect().top")
    assert 0 <= top < 844
    # Nothing scrolled up as the list's parts above were drawn (atlas.js draws the line's part
    # and two above it before going there), so Material's "Back to top" button does not cover
    # the line.
    page.wait_for_timeout(500)
    assert page.locator(".md-top").evaluate("e => e.hidden")  # Material fades it, not display


# What a line opens on, as the browser parses it: the JSON's HTML for that line.
_OPENED = """row => [...row.children].filter(e => e.tagName !== "SUMMARY").map(e => e.outerHTML)
  .join("")"""
_PARSED = """html => { const t = document.createElement("template"); t.innerHTML = html;
  return t.innerHTML; }"""


@pytest.mark.parametrize("path", ["atlas/", "zh/atlas/"])
def test_an_atlas_line_opens_on_its_details_fetched_when_a_line_first_opens(
    visit, built_site, path
):
    """The page holds each line's summary only; the first line opened (by keyboard here) fetches
    every line's details from the language's JSON, once, and each line shows its own."""
    v = visit(viewport={"width": 1366, "height": 900})
    page = v.open(path)
    details = built_site / path / DETAILS
    expected = json.loads(details.read_text(encoding="utf-8"))
    rows = page.locator("#atlas-operators .atlas-op")
    assert rows.count() == len(expected) and page.locator(".atlas-op > p").count() == 0
    fetched = lambda: [u for u in v.requests if urlparse(u).path.endswith("/atlas-details.json")]  # noqa: E731
    assert not fetched(), "a first visit fetches the details"
    for anchor in ("op-flatten", "op-nn-functional-dropout", "op-abs"):
        row = page.locator(f"#{anchor}")
        row.locator("summary").focus()
        page.keyboard.press("Enter")
        row.locator("p:not(.atlas-loading)").first.wait_for()
        assert row.evaluate(_OPENED) == page.evaluate(_PARSED, expected[anchor]), anchor
        assert row.locator(".atlas-loading").count() == 0
    assert [urlparse(u).path for u in fetched()] == [urlparse(urljoin(page.url, DETAILS)).path]
    # closed and opened again: the same details, not twice
    row.locator("summary").click()
    row.locator("summary").click()
    assert row.evaluate(_OPENED) == page.evaluate(_PARSED, expected["op-abs"])
    assert len(fetched()) == 1


def test_an_atlas_line_whose_details_fail_to_come_says_so_and_tries_again(visit):
    v = visit(viewport={"width": 1366, "height": 900})
    page = v.open("atlas/")
    page.route("**/atlas-details.json", lambda route: route.fulfill(status=503, body=""))
    row = page.locator("#op-abs")
    row.locator("summary").click()
    failed = page.locator("#atlas-operators").get_attribute("data-failed")
    page.wait_for_function(
        "([row, text]) => row.querySelector('.atlas-loading')?.textContent === text",
        arg=[row.element_handle(), failed],
    )
    page.unroute("**/atlas-details.json")
    row.locator("summary").click()  # closed
    row.locator("summary").click()  # and opened again: fetched again
    row.locator("p:not(.atlas-loading)").first.wait_for()
    assert row.locator(".atlas-loading").count() == 0
    # the 503 was made here: the browser's report of it is no problem of the page
    made = [p for p in v.problems if "503" in p or "atlas-details.json" in p]
    assert made and len(made) == len(v.problems), v.problems
    v.problems.clear()


@pytest.mark.parametrize("path", ["atlas/", "zh/atlas/"])
def test_without_javascript_every_atlas_line_shows_and_says_where_the_rest_is(
    visit, built_site, path
):
    v = visit(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = v.open(path)
    data = json.loads((project.GENERATED / "atlas.json").read_text(encoding="utf-8"))
    assert page.locator("#atlas-operators .atlas-op").count() == len(data["rows"])
    assert page.locator("#atlas-filter").is_hidden()
    line = page.locator("#op-reshape > summary")
    line.scroll_into_view_if_needed()
    for part in (".atlas-name", "b", ".atlas-when"):  # drawn once its part of the list is near
        for _ in range(50):
            if line.locator(part).inner_text().strip():
                break
            page.wait_for_timeout(100)
        assert line.locator(part).inner_text().strip(), f"{part} not shown"
    # the line has nothing to open on, and does not pretend to
    marker = "e => getComputedStyle(e, '::before').content"
    assert line.evaluate(marker) == "none"
    note = page.locator(".atlas-noscript")
    assert note.is_visible()
    href = note.locator("a").get_attribute("href")
    target = urlparse(urljoin(page.url, href)).path
    assert target.endswith("/generated/atlas.json") and (built_site / target.lstrip("/")).is_file()
    # with JavaScript the note is not shown, and a line has its triangle
    page = visit(viewport={"width": 390, "height": 844}).open(path)
    assert page.locator(".atlas-noscript").count() == 0
    assert page.locator("#op-reshape > summary").evaluate(marker) != "none"


@pytest.mark.parametrize("path", ["atlas/", "zh/atlas/"])
def test_the_atlas_filter_is_a_few_keys_away_and_shows_focus(visit, path):
    """From the top of the page: Tab to Material's skip link, Enter, Tab past the title's
    permalink to the page's own skip link, Enter, Tab: the filter has focus (six keys). Its box
    and select draw a focus ring."""
    page = visit(viewport={"width": 1366, "height": 900}).open(path)
    keys = ["Tab", "Enter", "Tab", "Tab"]
    for key in keys:
        page.keyboard.press(key)
    # a line of checked torch versions under the title would hold a link: one Tab more (the
    # line is folded after the page's opening now, tools/site/versions_line.py)
    href = page.evaluate("document.activeElement.getAttribute('href')")
    if href != "#atlas-filter" and page.evaluate(
        "document.activeElement.closest('.md-content p') !== null"
    ):
        assert "versions" in href, f"after {keys}: {href}"
        keys.append("Tab")
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('href')") == "#atlas-filter", keys
    for key in ("Enter", "Tab"):
        keys.append(key)
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.id") == "atlas-kind", f"after {keys}"
    for control in ("atlas-kind", "atlas-name"):
        page.locator(f"#{control}").focus()
        style = page.locator(f"#{control}").evaluate(
            "e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth]; }"
        )
        assert style[0] != "none" and style[1] != "0px", f"{control}: no focus ring ({style})"


@pytest.mark.parametrize(
    ("path", "width", "height"),
    [("semantics/#cuda", 390, 844), ("semantics/#cuda", 1280, 900)],
)
def test_an_anchor_near_the_end_of_a_long_page_stays_on_the_screen(visit, path, width, height):
    """Opened at an #anchor the browser cannot scroll to the top (near the page's end), a long
    page drew blocks above it after arriving and pushed it off the screen (found by a review:
    2,286 px down on an 844 px touch phone, 1,691 px on a 900 px desktop); reading.js brings it
    back. (Here the phone case passes without it too: the review's phone was a touch one.)"""
    page = visit(viewport={"width": width, "height": height}).open(path)
    target = page.locator(f"[id='{path.split('#')[1]}']")
    page.wait_for_timeout(1500)
    top = target.evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top < height, f"{path} at {width} px: its top is {top:.0f} px"


@pytest.mark.parametrize("path", ["module-atlas/", "zh/module-atlas/"])
def test_a_module_atlas_line_gets_its_table_when_it_first_opens(visit, path):
    """The module atlas keeps each line's table in a <template> until the line opens
    (reading.js): a closed line holds no table; an opened one shows its table, the rows its
    template held, in a wrapper a keyboard reaches when it scrolls (a11y.js); a line an address
    names is opened on arrival with its table."""
    page = visit(viewport={"width": 390, "height": 844}).open(path)
    assert page.locator("details.matlas-call").count() > 60
    assert page.locator("details.matlas-call table").count() == 0
    line = page.locator("details.matlas-call").nth(3)
    rows = line.evaluate(
        "d => d.querySelector('template').content.querySelectorAll('tbody tr').length"
    )
    line.locator("summary").click()
    line.locator("table").wait_for()
    assert line.locator("tbody tr").count() == rows > 0
    assert line.locator("template").count() == 0
    page.wait_for_function(
        "w => (w.scrollWidth > w.clientWidth + 1) === (w.getAttribute('tabindex') === '0')",
        arg=line.locator(".md-typeset__scrollwrap").element_handle(),
    )
    named = line.evaluate("d => d.parentElement.lastElementChild.id")
    page = visit(viewport={"width": 1280, "height": 900}).open(f"{path}#{named}")
    page.locator(f"[id='{named}'] tbody tr").first.wait_for()


def test_without_javascript_the_module_atlas_says_where_its_tables_are(visit):
    page = visit(java_script_enabled=False).open("module-atlas/")
    note = page.locator("p.atlas-noscript")
    assert note.is_visible() and "module-atlas.json" in note.inner_text()
    href = note.locator("a").get_attribute("href")
    assert (project.ROOT / "docs" / "generated" / "module-atlas.json").exists()
    assert href == "../generated/module-atlas.json"


@pytest.mark.parametrize(("path", "width"), [("atlas/", 390), ("zh/atlas/", 1366)])
def test_an_atlas_part_not_drawn_holds_at_least_what_it_takes_drawn(visit, path, width):
    """A part of the list off screen holds a height until it is drawn (extra.css, from the
    screen lines atlas_render.py counts): less than it takes, and its lines would lie over the
    next part's for anything that lays it out unseen (Lighthouse's tap-target check did)."""
    page = visit(viewport={"width": width, "height": 900}).open(path)
    heights = "[...document.querySelectorAll('.atlas-part')].map(p => p.offsetHeight)"
    held = page.evaluate(heights)
    page.add_style_tag(content=".atlas-part { content-visibility: visible !important; }")
    taken = page.evaluate(heights)
    short = [(k, h, t) for k, (h, t) in enumerate(zip(held, taken, strict=True)) if h < t]
    assert len(held) > 10 and not short, f"parts holding less than they take: {short}"
    assert sum(held) <= 1.25 * sum(taken), f"{sum(held)} px held, {sum(taken)} px taken"


@pytest.mark.parametrize("width", [390, 1366])
def test_an_atlas_line_says_operator_result_and_condition_within_the_screen(visit, width):
    page = visit(viewport={"width": width, "height": 900}).open("atlas/")
    row = page.locator("#op-reshape")
    row.scroll_into_view_if_needed()
    right = page.evaluate("document.documentElement.clientWidth")
    for part in (".atlas-name", "b", ".atlas-when"):
        box = row.locator(f"summary {part}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= right + 1, (part, box, right)
    row.locator("summary").click()
    facts = row.locator("p:not(.atlas-loading)").first
    facts.wait_for()
    box = facts.bounding_box()
    assert box and box["x"] + box["width"] <= right + 1
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"atlas-reshape-open-{width}.png"))


def test_the_copy_matrix_keeps_its_operation_column_in_view(visit):
    """On a phone the copy-semantics matrix scrolls sideways; its first column stays put."""
    page = visit(viewport={"width": 390, "height": 844}).open("semantics/")
    wrap = page.locator(".copy-matrix .md-typeset__scrollwrap").first
    wrap.scroll_into_view_if_needed()
    cell = wrap.locator("tbody th").first
    before = cell.bounding_box()["x"]
    wrap.evaluate("w => { w.scrollLeft = 300; }")
    assert wrap.evaluate("w => w.scrollLeft") > 0, "the matrix does not scroll at 390 px"
    after = cell.bounding_box()["x"]
    left = wrap.bounding_box()["x"]
    # Without the sticky column the cell would be at before - 300, off the screen.
    assert left - 1 <= after <= before, f"the operation column moved from {before} to {after}"
