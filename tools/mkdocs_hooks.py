"""MkDocs hooks (mkdocs.yml: hooks). They run after the plugins' own event handlers."""

import re
from urllib.parse import urlsplit

# The i18n plugin points each page's <link rel="alternate" hreflang> at that page's translation.
# Material's JavaScript fetches "<alternate>/sitemap.xml" for every such link, which for a page
# URL is a 404 on every page view. The visible language switcher does not use these links, so
# they go; search engines lose the hreflang hint, which a site without site_url barely gives.
_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def on_page_context(context, page, config, nav):
    """Make the language switcher's links relative.

    On the home pages the i18n plugin leaves them as site-absolute paths ("/zh/"), which point
    outside the site as soon as it is served below a path, as GitHub project pages are. A link
    without the leading slash is made relative to the page by Material's `url` filter.
    """
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
