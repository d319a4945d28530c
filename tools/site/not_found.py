"""MkDocs hook: a 404 page for each language, /404.html (English) and /zh/404.html (Chinese).

MkDocs renders the theme's 404.html once per build into the root of the site, and
mkdocs-static-i18n (1.3.1) runs one build per language into the same folder: the last language
built (Chinese) overwrote the English page, so every visitor who followed a dead link got a
Chinese page. Here the 404 page of a language other than the default is written to
<language>/404.html, and the root one stays the default language's: GitHub Pages serves
/404.html for every miss, so that is the English one, and it offers the Chinese home page too
(overrides/404.html).

MkDocs renders a 404 page with site-absolute links (below site_url's path, "/" without one), so
either page works at any depth. Its language switcher would otherwise keep the links of the
last page built (i18n rewrites them per page): here it offers the two home pages.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.plugins import event_priority

NOT_FOUND = "404.html"


def _languages(config):
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return None, []
    return i18n.default_language, [i18n.get_language_config(x) for x in i18n.build_languages]


def _home(base: str, language: str, default: str) -> str:
    return base + ("" if language == default else f"{language}/")


def on_template_context(context, template_name, config):
    if template_name != NOT_FOUND:
        return context
    default, languages = _languages(config)
    base = urlsplit(config.site_url or "/").path.rstrip("/") + "/"
    homes = [
        {"name": lang.name, "link": _home(base, lang.locale, default), "lang": lang.locale}
        for lang in languages
    ]
    if homes:
        # Jinja reads the attribute first (mkdocs-static-i18n sets one), then the item.
        config.extra.alternate = homes
        config.extra["alternate"] = homes
    context["not_found_homes"] = {home["lang"]: home["link"] for home in homes}
    return context


@event_priority(-100)  # after every other hook has changed the page
def on_post_template(output, template_name, config):
    if template_name != NOT_FOUND:
        return output
    default, _ = _languages(config)
    language = config.theme.get("language")
    if default is None or language == default:
        return output
    target = Path(config.site_dir) / language / NOT_FOUND
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")
    return ""  # MkDocs skips an empty template: the default language's /404.html stays
