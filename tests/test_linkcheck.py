"""The link check finds what it should, on a small site built by hand for the purpose."""

import pytest

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


# The 404 pages are served at any depth, so their links start at the site's root: "/" at the
# host's root, or the path of GUIDE_SITE_URL below it (GitHub project pages).
@pytest.mark.parametrize(
    ("site_url", "links", "zh_links", "expected"),
    [
        (
            None,
            '<a href="/">home</a> <a href="/missing/">gone</a>',
            '<a href="/zh/">home</a> <a href="/zh/gone/">gone</a>',
            ["404.html: /missing/ (no such file)", "zh/404.html: /zh/gone/ (no such file)"],
        ),
        (
            "https://example.org/guide/",
            '<a href="/guide/">home</a> <a href="/">host root</a>',
            '<a href="/guide/zh/">home</a> <a href="/guide/zh/x/">x</a>',
            [
                "404.html: / (absolute path: breaks below a path)",
                "zh/404.html: /guide/zh/x/ (no such file)",
            ],
        ),
    ],
    ids=["at-the-root", "below-a-path"],
)
def test_the_404_pages_use_paths_from_the_site_root(
    tmp_path, monkeypatch, site_url, links, zh_links, expected
):
    if site_url is None:
        monkeypatch.delenv("GUIDE_SITE_URL", raising=False)
    else:
        monkeypatch.setenv("GUIDE_SITE_URL", site_url)
    for where, body in [("index.html", ""), ("404.html", links), ("zh/index.html", "")]:
        _page(tmp_path / where, body)
    _page(tmp_path / "zh/404.html", zh_links)
    assert broken_links(tmp_path) == expected
