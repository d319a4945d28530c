"""Rewrites the output blocks of the pages, in both languages, from real runs.

    python -m tools.generate.outputs            (make outputs)   what changed since the last run
    python -m tools.generate.outputs clone      (make outputs PAGE=clone)   one chapter's pages
    python -m tools.generate.outputs --force    (make outputs FORCE=1)   every snippet run again

Each snippet runs once. With chapters named, only their pages (both languages) are read and only
their snippets run. Without, a snippet runs when it is not in the record of the last run on this
machine (`.cache/outputs.json`, git-ignored) with its content (SHA-256) and the same torch, NumPy
and Python (and, for a GPU snippet skipped here, still no NVIDIA device): the record gives the
others' output, which the pages' blocks are held against as if they had just run. Snippets import
only torch, NumPy and the standard library, so that is all their output depends on; the first run
in a checkout runs every snippet, and `--force` ignores the record.

An output block that still matches (including one that uses `...` on purpose) is left as it is;
one that differs is replaced; an include without an output block gets one. Snippets that cannot
run here (CUDA without a GPU) keep their blocks, and are listed; a new one gets a block saying,
in the page's language, that it has not run on a GPU yet, which fails on a CUDA machine until
`make outputs` runs there. An include of a file that does not exist, and a snippet that fails,
are listed last with the page and line (or the pages) concerned, and the command exits 1.
Read the diff afterwards like any other change.
"""

from __future__ import annotations

import hashlib
import json
import platform
import sys
from importlib import metadata
from pathlib import Path

from tools import pages, project, snippets

RECORD = project.ROOT / ".cache" / "outputs.json"


def _indented(text: str, indent: str) -> str:
    return "".join(indent + line if line.strip() else line for line in text.splitlines(True))


def rewrite(
    text: str, results: dict[str, snippets.Result], language: str = project.DEFAULT_LANGUAGE
) -> tuple[str, int]:
    """The page (in `language`) with its output blocks brought up to date, and how many blocks
    changed."""
    changed = 0
    # From the end backwards, so that earlier offsets stay valid.
    for found in reversed(pages.examples(text)):
        if found.code.quoted:
            continue  # in a blockquote: the checker rejects it, and `> ` would be lost here
        result = results.get(found.snippet or "")
        if result is None or result.status not in ("ok", "skipped"):
            continue
        output = found.output
        if result.status == "skipped":  # a GPU snippet on a machine without one
            # A recorded output stays; a placeholder is said in the page's language.
            printed = snippets.gpu_pending(language)
            if output is not None and (
                not snippets.is_gpu_pending(output.body) or output.body == printed
            ):
                continue
        else:
            printed = result.stdout
        if output is not None:
            if pages.matches(output.body, printed):
                continue
            text = (
                text[: output.body_start]
                + _indented(printed, output.indent)
                + text[output.body_end :]
            )
        else:
            fence = found.code.indent + "```"
            block = f"\n{fence}text\n{_indented(printed, found.code.indent)}{fence}\n"
            text = text[: found.code.end] + block + text[found.code.end :]
        changed += 1
    return text, changed


def environment() -> str:
    """What a snippet's output depends on besides its own text (and, for a GPU snippet, whether
    it is skipped: whether this machine has an NVIDIA device)."""
    versions = [f"{name} {metadata.version(name)}" for name in ("torch", "numpy")]
    gpu = "nvidia device" if Path("/dev/nvidiactl").exists() else "no nvidia device"
    return ", ".join([*versions, f"python {platform.python_version()}", gpu])


def content_hash(snippet: str) -> str:
    return hashlib.sha256((project.ROOT / snippet).read_bytes()).hexdigest()


def read_record(record=None) -> dict[str, dict]:
    """The outputs recorded by the last run, by snippet, if they were run in this environment."""
    path = RECORD if record is None else record
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found.get("snippets", {}) if found.get("environment") == environment() else {}


def write_record(results: dict[str, snippets.Result], record=None) -> None:
    """Keep the snippets that ran cleanly or were skipped (no GPU) for the next run."""
    path = RECORD if record is None else record
    kept = read_record(path)
    for snippet, result in results.items():
        if result.status in ("ok", "skipped") and (project.ROOT / snippet).is_file():
            kept[snippet] = {
                "hash": content_hash(snippet),
                "status": result.status,
                "stdout": result.stdout,
                "stderr": result.stderr if result.status == "skipped" else "",
            }
        else:
            kept.pop(snippet, None)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {"environment": environment(), "snippets": dict(sorted(kept.items()))}
    path.write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def split_by_record(wanted: list[str], recorded: dict[str, dict]) -> tuple[list[str], dict]:
    """(the snippets to run, the results the record gives for the others): a snippet is taken
    from the record only with the content it ran with."""
    to_run, known = [], {}
    for snippet in sorted(set(wanted)):
        entry = recorded.get(snippet)
        if entry and (project.ROOT / snippet).is_file() and entry["hash"] == content_hash(snippet):
            status = entry.get("status", "ok")
            known[snippet] = snippets.Result(status, entry["stdout"], entry.get("stderr", ""), 0.0)
        else:
            to_run.append(snippet)
    return to_run, known


def chapter_pages(slugs: list[str]) -> list:
    """Every language's page of each chapter named (exits 2 naming an unknown one)."""
    found, unknown = [], []
    for slug in slugs:
        here = [project.page_path(slug, language) for language in project.LANGUAGES]
        here = [page for page in here if page.is_file()]
        if not here:
            unknown.append(slug)
        found += here
    if unknown:
        print(f"no page docs/<chapter>.md for: {', '.join(unknown)}", file=sys.stderr)
        raise SystemExit(2)
    return found


def main(argv: list[str]) -> int:
    force = "--force" in argv
    slugs = [a for a in argv if not a.startswith("--")]
    every_page = chapter_pages(slugs) if slugs else project.pages()
    texts = {page: page.read_text(encoding="utf-8") for page in every_page}
    problems = []
    for page, text in texts.items():
        where = page.relative_to(project.ROOT).as_posix()
        problems += [
            f"{where}:{line}: includes {path}, which does not exist{pages.near(path)}"
            for line, path in pages.missing_includes(text)
        ]
    wanted = sorted(
        {
            found.snippet
            for text in texts.values()
            for found in pages.examples(text)
            if found.snippet and (project.ROOT / found.snippet).is_file()
        }
    )
    to_run, known = (wanted, {}) if slugs or force else split_by_record(wanted, read_record())
    results = {**known, **snippets.run(to_run)}
    write_record({s: results[s] for s in to_run})
    total = 0
    for page, text in texts.items():
        new, changed = rewrite(text, results, project.language_of(page))
        if changed:
            page.write_text(new, encoding="utf-8")
            print(f"{page.relative_to(project.ROOT)}: {changed} output block(s) rewritten")
            total += changed
    for snippet, result in sorted(results.items()):
        if result.status == "skipped":
            print(f"kept as it was: {snippet} ({result.stderr})")
        elif result.status != "ok":
            shown_on = ", ".join(_pages_including(snippet, texts))
            problems.append(
                f"{result.how or snippet + ' failed'} (its output blocks on {shown_on} are kept "
                f"as they were):\n{result.stderr.rstrip()}"
            )
    print(
        f"{len(to_run)} snippets run ({len(known)} unchanged since the last run, from "
        f"{RECORD.relative_to(project.ROOT)}), {total} output block(s) rewritten in "
        f"{len(every_page)} pages"
    )
    if problems:
        print(f"\nFAILED, {len(problems)} problem(s) to fix first:", file=sys.stderr)
        for problem in problems:
            print(f"- {problem}", file=sys.stderr)
    return 1 if problems else 0


def _pages_including(snippet: str, texts: dict) -> list[str]:
    return [
        page.relative_to(project.ROOT).as_posix()
        for page, text in texts.items()
        if any(found.snippet == snippet for found in pages.examples(text))
    ]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
