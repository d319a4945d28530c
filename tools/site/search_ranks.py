"""Readers' queries run through Material's own search worker, in Chromium, against the built site.

The queries are data (tests/data/search_queries.yml, and where they exist questions.yml and
error_queries.yml: `lang`, `query`, `answer`). Each language's home page is opened once; inside
it the worker named by the page's `__config` (`search`) is started and given that language's
index (`search/search_index.json` below the page's `base`), exactly as Material's bundle does:
one SETUP message with the index's config and docs and the `search.suggest` option, then one
QUERY message per query, carrying the query exactly as typed. The worker's answer is the list the
search box shows, one group per page in the order shown; within a group the article comes
first and the section with the group's best score is the one shown with its text (the others
fold under "N more on this page": Material's renderSearchResultItem).

A query's rank is the position of the group that answers it: for an answer `page/`, the group of
that page; for `page/#section`, the group of that page, provided the section is the group's
best-scored entry (the one a reader sees, and the one Enter opens in the first group).

    python -m tools.site.search_ranks site            # a table of every query's rank
    python -m tools.site.search_ranks site --json     # the same as JSON
"""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from tools import project

DATA = project.ROOT / "tests" / "data"
QUERY_FILES = {
    # file: the rank its queries must reach (3: in the top 3; 1: first)
    "search_queries.yml": 3,
    "questions.yml": 3,
    "error_queries.yml": 1,
}
# The question bank (tests/data/questions.yml) names the section that answers each question; its
# queries must bring that section's page into the top 3 with the section among the page's
# matches, shown or folded under "N more on this page". The other files ask for the section to
# be the one shown.
FOLDED_COUNTS = {"questions.yml"}


@dataclass(frozen=True)
class Case:
    lang: str
    query: str
    answers: tuple[str, ...]  # locations in the language's index: "page/" or "page/#section"
    within: int  # the rank an answer must reach
    file: str
    source: str = ""
    note: str = ""
    miss: str = ""  # a known miss, and why: expected outside `within`
    folded: bool = False  # a section folded under its page's best entry counts (FOLDED_COUNTS)

    @property
    def answer(self) -> str:
        return " | ".join(self.answers)


def normalise_answer(answer: str, lang: str) -> str:
    """`page/#id` from the ways a page can be named: `page/#id`, `page#id`, `/zh/page/#id`,
    `page.md#id`, `docs/page.zh.md#id`, `index.md`, `/`."""
    path, _, anchor = str(answer).strip().partition("#")
    path = path.strip("/")
    if path.startswith("docs/"):
        path = path[len("docs/") :]
    if lang != project.DEFAULT_LANGUAGE and (path == lang or path.startswith(f"{lang}/")):
        path = path[len(lang) :].lstrip("/")
    for suffix in (f".{lang}.md", ".md"):
        if path.endswith(suffix):
            path = path[: -len(suffix)]
            break
    if path in ("index", ""):
        path = ""
    else:
        path += "/"
    return f"{path}#{anchor}" if anchor else path


def load(directory: Path = DATA) -> list[Case]:
    """Every case of the query files that exist (absent ones are skipped)."""
    import yaml

    cases = []
    for name, within in QUERY_FILES.items():
        path = directory / name
        if not path.is_file():
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        if isinstance(data, dict):  # a file that keeps its list under one key
            data = next((v for v in data.values() if isinstance(v, list)), [])
        for entry in data:
            lang = str(entry["lang"])
            answers = entry["answer"]
            answers = answers if isinstance(answers, list) else [answers]
            cases.append(
                Case(
                    lang=lang,
                    query=str(entry["query"]),
                    answers=tuple(normalise_answer(a, lang) for a in answers),
                    # an entry may ask less than its file (a miss we measured and say why),
                    # or more: `first: true`, the answer must come first (a comparison's page)
                    within=1
                    if entry.get("first")
                    else max(within, int(entry.get("within", within))),
                    file=name,
                    source=str(entry.get("source", "")),
                    note=str(entry.get("note", "")),
                    miss=str(entry.get("miss", "")),
                    folded=name in FOLDED_COUNTS,
                )
            )
    return cases


def rank(
    groups: list[list[dict]], answers: tuple[str, ...] | str, folded: bool = False
) -> int | None:
    """The best 1-based position of a group that answers, or None (see the module's docstring);
    with `folded`, a group whose page holds the answering section among its matches answers."""
    if isinstance(answers, str):
        answers = (answers,)
    found = [r for r in (_rank(groups, a, folded) for a in answers) if r is not None]
    return min(found, default=None)


def _rank(groups: list[list[dict]], answer: str, folded: bool = False) -> int | None:
    page, _, anchor = answer.partition("#")
    for position, group in enumerate(groups, start=1):
        article = next((d for d in group if "#" not in d["location"]), None)
        if article is None or article["location"] != page:
            continue
        if not anchor:
            return position
        if folded:
            return position if any(d["location"] == answer for d in group) else None
        best = max(group, key=lambda d: d["score"])
        shown = [d["location"] for d in group if d["score"] >= best["score"]]
        return position if answer in shown else None
    return None


# Runs inside the language's home page: Material's worker, set up as the bundle sets it up.
_RUN = """async (queries) => {
  const config = JSON.parse(document.querySelector("#__config").textContent)
  const base = new URL(config.base, location.href)
  const index = await (await fetch(new URL("search/search_index.json", base))).json()
  const worker = new Worker(new URL(config.search, location.href))
  const replies = []
  let wake = null
  worker.onmessage = ev => { replies.push(ev.data); if (wake) wake() }
  worker.onerror = ev => { replies.push({type: -1, data: String(ev.message)}); if (wake) wake() }
  const reply = () => new Promise(resolve => {
    if (replies.length) return resolve(replies.shift())
    wake = () => { wake = null; resolve(replies.shift()) }
  })
  const started = performance.now()
  worker.postMessage({type: 0, data: {
    config: index.config, docs: index.docs,
    options: {suggest: config.features.includes("search.suggest")},
  }})
  const ready = await reply()
  if (ready.type !== 1) throw new Error("search worker: " + JSON.stringify(ready))
  const setup = performance.now() - started
  const results = []
  for (const query of queries) {
    worker.postMessage({type: 2, data: query})
    const answer = await reply()
    if (answer.type !== 3) throw new Error("search worker: " + JSON.stringify(answer))
    results.push(answer.data.items.map(group => group.map(item => ({
      location: item.location, score: item.score,
      matched: Object.keys(item.terms).filter(term => item.terms[term]),
    }))))
  }
  worker.terminate()
  return {setup_ms: setup, query_ms: performance.now() - started - setup, results}
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(site: Path):
    """A local server for the built site: (its root URL, a function that stops it)."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/", server.shutdown


def _empty_script(route) -> None:
    route.fulfill(status=200, content_type="text/javascript", body="")


def search(browser, root: str, searches: dict[str, list[str]]) -> dict[str, dict]:
    """One visit of each language's home page; its queries through Material's worker there.

    The languages' workers run at the same time. Returns, per language, the worker's groups per
    query (`results`, in the order given), its setup and query times, and every console error
    or failed request of the visit (`problems`)."""
    context = browser.new_context()
    # The page's own bundle would start a second worker on the same index: not needed here, and
    # on two cores it doubles the time.
    context.route("**/assets/javascripts/bundle.*.min.js", _empty_script)
    visits = {}
    try:
        for lang, queries in searches.items():
            page = context.new_page()
            problems: list[str] = []
            page.on("console", lambda m, p=problems: m.type == "error" and p.append(m.text))
            page.on("pageerror", lambda e, p=problems: p.append(str(e)))
            page.on("requestfailed", lambda r, p=problems: p.append(f"failed: {r.url}"))
            page.goto(root + project.prefix(lang), wait_until="domcontentloaded")
            page.evaluate(f"queries => {{ window.__searched = ({_RUN})(queries) }}", queries)
            visits[lang] = (page, problems)
        out = {}
        for lang, (page, problems) in visits.items():
            out[lang] = {**page.evaluate("() => window.__searched"), "problems": problems}
        return out
    finally:
        context.close()


def run(site: Path, cases: list[Case], chromium: str) -> dict:
    """Every case's groups, searched in Chromium: {(lang, query): groups}, and timings."""
    from playwright.sync_api import sync_playwright

    root, stop = serve(site)
    searches = {
        lang: list(dict.fromkeys(c.query for c in cases if c.lang == lang))
        for lang in sorted({c.lang for c in cases})
    }
    found: dict = {}
    timings: dict = {}
    problems: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=list(project.CHROMIUM_ARGS)
            )
            try:
                outs = search(browser, root, searches)
            finally:
                browser.close()
    finally:
        stop()
    for lang, out in outs.items():
        found.update({(lang, q): g for q, g in zip(searches[lang], out["results"], strict=True)})
        timings[lang] = (round(out["setup_ms"]), round(out["query_ms"]))
        problems += [f"{lang}: {p}" for p in out["problems"]]
    return {"groups": found, "timings": timings, "problems": problems}


def _main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else project.ROOT / "site"
    cases = load()
    out = run(site, cases, project.chromium())
    rows = []
    for case in cases:
        groups = out["groups"][(case.lang, case.query)]
        rows.append(
            {
                "file": case.file,
                "lang": case.lang,
                "query": case.query,
                "answer": case.answer,
                "within": case.within,
                "rank": rank(groups, case.answers, case.folded),
                "top": [g[0]["location"] if g else "" for g in groups[:3]],
                "results": len(groups),
            }
        )
    if "--json" in argv:
        print(json.dumps({"rows": rows, "timings": out["timings"]}, ensure_ascii=False, indent=1))
        return 0
    for row in rows:
        ok = row["rank"] is not None and row["rank"] <= row["within"]
        print(
            f"{'ok ' if ok else 'BAD'} {row['lang']} {row['rank']!s:>4} /{row['results']:<3}"
            f" {row['query']!r} -> {row['answer']}   top: {', '.join(row['top'])}"
        )
    good = sum(r["rank"] is not None and r["rank"] <= r["within"] for r in rows)
    print(f"{good}/{len(rows)} within their rank; worker setup+queries ms: {out['timings']}")
    return 0


if __name__ == "__main__":
    sys.exit(_main([a for a in sys.argv[1:]]))
