"""MkDocs hook: links between the two languages that work wherever the site is served.

The language switcher's links are made relative (on the home pages mkdocs-static-i18n leaves
them site-absolute, "/zh/", which leaves the site as soon as it is served below a path, as
GitHub project pages are). The <link rel="alternate" hreflang> tags in each page's head go:
Material fetches "<alternate>/sitemap.xml" for each of them (a 404 on every page view), and with
relative URLs they are not valid hreflang hints anyway; the sitemap carries them instead.

The sitemap: mkdocs-static-i18n (1.3.1) puts its own sitemap.xml template in front of the
theme's; each language's build renders it into the site's root, and the last build (Chinese)
lists every page of both languages with <xhtml:link rel="alternate" hreflang> for each
translation, but no x-default, and with relative addresses when site_url is empty. After the
whole build, the sitemap's alternates are rewritten here from the pairs of pages themselves:
for each page, every language's address and x-default (the default language's page), in the
xhtml namespace; sitemap.xml.gz is written again from it. Without site_url there is no valid
sitemap to make (its addresses must be absolute) and it is left as it is.
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.plugins import event_priority

_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def on_page_context(context, page, config, nav):
    base = urlsplit(config.site_url or "").path.rstrip("/")
    # The i18n plugin sets `extra.alternate` as an attribute, which is what Jinja reads first.
    alternates = getattr(config.extra, "alternate", None) or config.extra.get("alternate", [])
    for alternate in alternates:
        link = alternate["link"]
        if link.startswith(base + "/"):
            alternate["link"] = link[len(base) + 1 :] or "."
    return context


def on_post_page(output, page, config):
    return _ALTERNATE.sub("", output)


def on_post_template(output, template_name, config):
    """The 404 page is a theme template, not a page: it loses the head links too."""
    return _ALTERNATE.sub("", output) if template_name.endswith(".html") else output


# --- the sitemap --------------------------------------------------------------------------------

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
X_DEFAULT = "x-default"


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built every language
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n is None or i18n.building or not config.site_url:
        return
    path = Path(config.site_dir) / "sitemap.xml"
    if not path.is_file():
        return
    languages = list(i18n.build_languages)
    text = with_alternates(
        path.read_text(encoding="utf-8"), config.site_url, languages, i18n.default_language
    )
    path.write_text(text, encoding="utf-8")
    with gzip.GzipFile(path.with_suffix(".xml.gz"), "wb", mtime=0) as packed:
        packed.write(text.encode("utf-8"))


def with_alternates(sitemap: str, site_url: str, languages: list[str], default: str) -> str:
    """The sitemap with, in each <url>, a link to every translation of its page and x-default."""
    ET.register_namespace("", SITEMAP)
    ET.register_namespace("xhtml", XHTML)
    root = ET.fromstring(sitemap)
    site_url = site_url.rstrip("/") + "/"
    others = [language for language in languages if language != default]

    def split(loc: str) -> tuple[str, str]:
        """An address as (language, the page's path without the language's folder)."""
        path = loc[len(site_url) :] if loc.startswith(site_url) else loc
        for language in others:
            if path == language or path.startswith(f"{language}/"):
                return language, path[len(language) :].lstrip("/")
        return default, path

    urls = root.findall(f"{{{SITEMAP}}}url")
    pairs: dict[str, dict[str, str]] = {}
    for url in urls:
        loc = url.findtext(f"{{{SITEMAP}}}loc", "").strip()
        language, page = split(loc)
        pairs.setdefault(page, {})[language] = loc
    for url in urls:
        for link in url.findall(f"{{{XHTML}}}link"):
            url.remove(link)
        _, page = split(url.findtext(f"{{{SITEMAP}}}loc", "").strip())
        translations = pairs[page]
        if len(translations) < 2:
            continue  # a page without a translation has no alternate
        for language in languages:
            if language in translations:
                _link(url, language, translations[language])
        if default in translations:
            _link(url, X_DEFAULT, translations[default])
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _link(url, hreflang: str, href: str) -> None:
    ET.SubElement(url, f"{{{XHTML}}}link", {"rel": "alternate", "hreflang": hreflang, "href": href})
