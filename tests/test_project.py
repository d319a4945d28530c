"""tools/project.py states what mkdocs.yml states: the two must agree."""

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

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


# --- the site's hooks: their order (mkdocs.yml says why, README.md "The site's hooks") ---------

# Hooks of one event run in the order mkdocs.yml lists them: for a page's Markdown, these must.
MARKDOWN_HOOKS_IN_ORDER = [
    "tools/site/includes.py",  # first: a missing include stops the build before any hook reads
    "tools/site/notebook_pages.py",  # the notebook offer after the opening paragraph ...
    "tools/site/descriptions.py",  # ... which becomes the description
    "tools/site/versions_line.py",  # last: its line under the title is no description
]


def _hook(path: str):
    spec = importlib.util.spec_from_file_location(f"guide_hook_{Path(path).stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _priority(function) -> float:
    return getattr(function, "mkdocs_priority", 0)  # mkdocs.plugins.event_priority sets it


def test_the_hooks_that_read_a_page_s_markdown_run_in_the_order_they_need():
    hooks = CONFIG["hooks"]
    assert set(MARKDOWN_HOOKS_IN_ORDER) <= set(hooks), hooks
    positions = [hooks.index(hook) for hook in MARKDOWN_HOOKS_IN_ORDER]
    assert positions == sorted(positions), f"mkdocs.yml lists the hooks as {hooks}"
    for hook in hooks:
        if hasattr(_hook(hook), "on_page_markdown"):
            assert _priority(_hook(hook).on_page_markdown) == 0, f"{hook}: order by list only"


def test_the_hooks_run_after_mkdocs_static_i18n_where_they_need_its_work():
    from mkdocs_static_i18n.plugin import I18n

    notebook_pages = _hook("tools/site/notebook_pages.py")
    language_links = _hook("tools/site/language_links.py")
    search = _hook("tools/site/search_per_language.py")
    not_found = _hook("tools/site/not_found.py")
    # i18n has rebuilt the files of every language (a notebook would be an asset otherwise).
    assert _priority(notebook_pages.on_files) < _priority(I18n.on_files)
    # i18n has written the last language's sitemap and merged the search indexes.
    assert _priority(language_links.on_post_build) < _priority(I18n.on_post_build)
    assert _priority(search.on_post_build) < _priority(I18n.on_post_build)
    # The 404 page is written to its language's folder after the other hooks changed it.
    others = [language_links.on_post_template, search.on_post_template]
    assert all(_priority(not_found.on_post_template) < _priority(f) for f in others)


# --- tools/site/code_spans.py: highlighted code without the spans that change nothing ----------

_HIGHLIGHTED = (
    '<p>a <span class="n">name</span> in prose</p>'
    '<div class="language-python highlight"><pre><span></span><code>'
    '<span class="kn">import</span><span class="w"> </span><span class="nn">torch</span>\n'
    '<span class="n">b</span> <span class="o">=</span> <span class="n">a</span>'
    '<span class="o">.</span><span class="n">clone</span><span class="p">()</span>'
    "</code></pre></div>"
    '<p>inline <code class="highlight"><span class="n">x</span><span class="o">.</span>'
    '<span class="n">t</span></code></p>'
)


def test_code_spans_unwraps_names_and_whitespace_in_highlighted_code_only():
    code_spans = _hook("tools/site/code_spans.py")
    out = code_spans.unwrap(_HIGHLIGHTED)
    assert out == (
        '<p>a <span class="n">name</span> in prose</p>'
        '<div class="language-python highlight"><pre><span></span><code>'
        '<span class="kn">import</span> <span class="nn">torch</span>\n'
        'b <span class="o">=</span> a<span class="o">.</span>clone<span class="p">()</span>'
        "</code></pre></div>"
        '<p>inline <code class="highlight">x<span class="o">.</span>t</code></p>'
    )
    text = lambda html: re.sub(r"<[^>]+>", "", html)  # noqa: E731
    assert text(out) == text(_HIGHLIGHTED)


def test_names_and_whitespace_in_code_have_no_style_of_their_own():
    """What makes unwrapping them invisible: Material colours a name as the code around it and
    whitespace not at all, and the project's stylesheets leave both alone."""
    import material

    theme = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
    css = "".join(path.read_text(encoding="utf-8") for path in theme.glob("main.*.min.css"))
    rules = re.findall(r"([^{}]+)\{([^{}]*)\}", css)
    names = [body for selectors, body in rules if ".highlight .n" in selectors.split(",")]
    assert names == ["color:var(--md-code-hl-name-color)"], names
    assert "--md-code-hl-name-color:var(--md-code-fg-color)" in css
    unstyled = _hook("tools/site/code_spans.py").UNSTYLED
    for selectors, _ in rules:
        for selector in selectors.split(","):
            last = selector.strip().split(" ")[-1]
            assert last not in {f".{name}" for name in unstyled if name != "n"}, selector
            if last == ".n":
                assert selector.strip() == ".highlight .n", selector
    for sheet in (project.DOCS / "assets" / "stylesheets").glob("*.css"):
        own = sheet.read_text(encoding="utf-8")
        assert "--md-code-hl-name-color" not in own, sheet.name
        assert not re.search(r"\.(?:" + "|".join(unstyled) + r")\b(?!-)", own), sheet.name


# --- tools/site/block_heights.py: each code block's lines and widest line ---------------------


def test_block_heights_counts_lines_and_the_widest_in_columns():
    block_heights = _hook("tools/site/block_heights.py")
    out = block_heights.with_sizes(
        _HIGHLIGHTED
        + '<div class="language-text highlight"><pre><span></span><code>'
        + "a &lt;b&gt; 张量\n\tx\n</code></pre></div>"
    )
    found = re.findall(r'<div class="(language-\w+) highlight" style="([^"]*)"><pre>', out)
    # `import torch` and `b = a.clone()`; "a <b> " and two wide characters, a tab to column 8
    assert found == [
        ("language-python", "--lines: 2; --cols: 13"),
        ("language-text", "--lines: 2; --cols: 10"),
    ]
    assert out.replace(' style="--lines: 2; --cols: 13"', "").startswith(_HIGHLIGHTED)


# --- the strict build stops at a broken link or include, naming the page -----------------------


def _build(tmp_path, page: str, **config) -> subprocess.CompletedProcess:
    """A strict build of a one-page site (plus other.md) with mkdocs.yml's `validation:`."""
    docs = tmp_path / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text(page, encoding="utf-8")
    (docs / "other.md").write_text("# Other { #other }\n", encoding="utf-8")
    settings = {
        "site_name": "t",
        "docs_dir": str(docs),
        "strict": True,
        "validation": CONFIG["validation"],
        "markdown_extensions": ["attr_list"],
        **config,
    }
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(settings), encoding="utf-8")
    command = [sys.executable, "-m", "mkdocs", "build", "-f", str(tmp_path / "mkdocs.yml")]
    command += ["-d", str(tmp_path / "site")]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


def test_a_link_to_a_missing_anchor_fails_the_build_naming_the_page(tmp_path):
    done = _build(tmp_path, "# Home { #home }\n\nSee [there](other.md#nowhere).\n")
    assert done.returncode != 0
    assert "'index.md' contains a link 'other.md#nowhere'" in done.stderr, done.stderr
    assert _build(tmp_path / "fixed", "# Home\n\nSee [there](other.md#other).\n").returncode == 0


def test_an_include_of_a_missing_file_fails_the_build_with_page_and_line(tmp_path):
    page = '# Home\n\n```python\n--8<-- "snippets/nowhere/missing.py"\n```\n'
    done = _build(tmp_path, page, hooks=[str(project.ROOT / "tools" / "site" / "includes.py")])
    assert done.returncode != 0
    assert "index.md:4: includes snippets/nowhere/missing.py, which does not exist" in done.stderr
