"""The link check finds what it should, on a small site built by hand for the purpose."""

from tools.check.links import broken_links


def _page(path, body):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")


def test_a_sound_site_passes(tmp_path):
    _page(tmp_path / "index.html", '<a href="zh/">zh</a> <a href="layers/#views">v</a>')
    _page(tmp_path / "zh/index.html", '<a href="..">en</a> <a href="#top" id="top">t</a>')
    _page(tmp_path / "layers/index.html", '<h2 id="views">Views</h2><a href="../">home</a>')
    assert broken_links(tmp_path) == []


def test_missing_pages_anchors_and_absolute_paths_are_reported(tmp_path):
    _page(
        tmp_path / "index.html",
        '<a href="clone/">gone</a> <a href="layers/#nowhere">bad anchor</a> '
        '<a href="/zh/">absolute</a> <a href="https://example.org/">external</a>',
    )
    _page(tmp_path / "layers/index.html", '<h2 id="views">Views</h2>')
    assert broken_links(tmp_path) == [
        "index.html: clone/ (no such file)",
        "index.html: layers/#nowhere (no #nowhere there)",
        "index.html: /zh/ (absolute path: breaks below a path)",
    ]


def test_the_404_page_may_use_paths_from_the_site_root(tmp_path, monkeypatch):
    monkeypatch.delenv("GUIDE_SITE_URL", raising=False)  # served at the host's root
    _page(tmp_path / "index.html", "")
    _page(tmp_path / "404.html", '<a href="/">home</a> <a href="/missing/">gone</a>')
    _page(tmp_path / "zh/index.html", "")
    _page(tmp_path / "zh/404.html", '<a href="/zh/">home</a> <a href="/zh/gone/">gone</a>')
    assert broken_links(tmp_path) == [
        "404.html: /missing/ (no such file)",
        "zh/404.html: /zh/gone/ (no such file)",
    ]


def test_below_a_path_the_404_page_uses_paths_below_it(tmp_path, monkeypatch):
    """With a site_url below a path (GitHub project pages), the 404 pages' paths start there."""
    monkeypatch.setenv("GUIDE_SITE_URL", "https://example.org/guide/")
    _page(tmp_path / "index.html", "")
    _page(tmp_path / "404.html", '<a href="/guide/">home</a> <a href="/">host root</a>')
    _page(tmp_path / "zh/index.html", "")
    _page(tmp_path / "zh/404.html", '<a href="/guide/zh/">home</a> <a href="/guide/zh/x/">x</a>')
    assert broken_links(tmp_path) == [
        "404.html: / (absolute path: breaks below a path)",
        "zh/404.html: /guide/zh/x/ (no such file)",
    ]
