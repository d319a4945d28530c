"""MkDocs hook: each language searches its own pages.

mkdocs-static-i18n (1.3.1) builds the languages one after the other into one site and, once the
last one is built, merges every language's search entries into the one index that Material's
search plugin writes, search/search_index.json (dropping a translation's section when its title
and text equal the default language's). Material's search box fetches "search/search_index.json"
below the `base` of the page's `__config` script, and resolves each result's location against
that `base` too. So a reader on /zh/ searching "clone" got the English pages as well.

Here each language gets an index of its own:

- after the build of a language other than the default (the index Material wrote holds that
  language's pages only, nothing merged or dropped yet), the index moves to
  <language>/search/search_index.json, its locations made relative to <language>/;
- after the whole build (i18n has merged the languages into search/search_index.json), the root
  index keeps the default language's entries only;
- a page in another language names <language>/ as its `base` in `__config`, so that its search
  box fetches that language's index and its results resolve below <language>/.

The index configuration (lunr languages, separator with jieba's \\u200b, pipeline) is the same in
both. Code identifiers (clone, detach, copy_) are found in either language: the Chinese pages
write them as they are.

Each index is also given the readers' words for the site's terms, and every page's search box the
worker whose Chinese segmentation is corrected (tools/site/search_words.py says what and why).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tools.site import search_words

INDEX = "search/search_index.json"
_CONFIG = re.compile(
    r'(<script id="__config" type="application/json">)(?P<json>.*?)(</script>)', re.DOTALL
)


def _i18n(config):
    return config.plugins.get("i18n")


def _default(config) -> str:
    i18n = _i18n(config)
    return i18n.default_language if i18n else config.theme.get("language", "en")


def _languages(config) -> list[str]:
    i18n = _i18n(config)
    return list(i18n.build_languages) if i18n else [_default(config)]


def language_base(base: str, language: str, default: str) -> str:
    """The `base` of a page in `language`: its language's root (always ends in a slash)."""
    if language == default:
        return base
    return base.rstrip("/") + f"/{language}/"


def with_language_base(html: str, language: str, default: str) -> str:
    """The page with its `__config` base pointing to its language's root, and its search box
    using the worker with the corrected Chinese segmentation."""

    def replace(match):
        data = json.loads(match["json"])
        data["base"] = language_base(data["base"], language, default)
        if "search" in data:
            data["search"] = search_words.patched_name(data["search"])
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        for char in "<>&'":  # escaped as Jinja's tojson does: nothing can close the script
            text = text.replace(char, f"\\u{ord(char):04x}")
        return match[1] + text + match[3]

    return _CONFIG.sub(replace, html, count=1)


def on_post_page(output, page, config):
    return with_language_base(output, config.theme.get("language"), _default(config))


def on_post_template(output, template_name, config):
    """The 404 page (a theme template, not a page) searches its language too."""
    if template_name.endswith(".html"):
        return with_language_base(output, config.theme.get("language"), _default(config))
    return output


def split(entries: list[dict], language: str, default: str, languages: list[str]) -> list[dict]:
    """The entries of one language, located relative to that language's root."""
    prefixes = tuple(f"{other}/" for other in languages if other != default)
    if language == default:
        return [e for e in entries if not e["location"].startswith(prefixes)]
    own = f"{language}/"
    return [
        {**e, "location": e["location"][len(own) :]}
        for e in entries
        if e["location"].startswith(own)
    ]


@event_priority(-200)  # after Material's search (0) and mkdocs-static-i18n (-100) have written
def on_post_build(config):
    i18n = _i18n(config)
    path = Path(config.site_dir) / INDEX
    if not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    default, languages = _default(config), _languages(config)
    if i18n is not None and i18n.building:
        # The build of one more language, inside the default language's post_build: what
        # Material just wrote is this language's index alone.
        language = i18n.current_language
        if language == default:
            return
        own = {**index, "docs": split(index["docs"], language, default, languages)}
        own = search_words.expand_index(own, language)
        target = Path(config.site_dir) / language / INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(own, separators=(",", ":")), encoding="utf-8")
    else:
        # The end of the whole build: i18n has merged every language into the root index.
        index["docs"] = split(index["docs"], default, default, languages)
        # The default language's, unless one language alone was built (make serve ONLY=zh).
        only = languages[0] if len(languages) == 1 else default
        index = search_words.expand_index(index, only)
        path.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")
        try:
            search_words.patch_worker(Path(config.site_dir))
        except ValueError as error:
            raise PluginError(str(error)) from error
