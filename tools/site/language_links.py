"""MkDocs hook: links between the two languages that work wherever the site is served.

The language switcher's links are made relative (on the home pages mkdocs-static-i18n leaves
them site-absolute, "/zh/", which leaves the site as soon as it is served below a path, as
GitHub project pages are). The <link rel="alternate" hreflang> tags in each page's head go:
Material fetches "<alternate>/sitemap.xml" for each of them (a 404 on every page view), and with
relative URLs they are not valid hreflang hints anyway; the sitemap carries them instead.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

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
