"""MkDocs hooks (mkdocs.yml: hooks)."""

import re

# The i18n plugin points each page's <link rel="alternate" hreflang> at that page's translation.
# Material's JavaScript fetches "<alternate>/sitemap.xml" for every such link, which for a page
# URL is a 404 on every page view. The visible language switcher does not use these links, so
# they go; search engines lose the hreflang hint, which a site without site_url barely gives.
_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def on_post_page(output, page, config):
    return _ALTERNATE.sub("", output)
