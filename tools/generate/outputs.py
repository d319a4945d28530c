"""Rewrites every output block on every page, in both languages, from real runs.

    python -m tools.generate.outputs      (or: make outputs)

Each snippet runs once. An output block that still matches (including one that uses `...` on
purpose) is left as it is; one that differs is replaced; an include without an output block
gets one. Snippets that cannot run here (CUDA without a GPU) keep their blocks, and are listed;
a new one gets a block saying, in the page's language, that it has not run on a GPU yet, which
fails on a CUDA machine until `make outputs` runs there. An include of a file that does not exist,
and a snippet that fails, are listed last with the page and line (or the pages) concerned, and the
command exits 1.
Read the diff afterwards like any other change.
"""

from __future__ import annotations

import sys

from tools import pages, project, snippets


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


def main() -> int:
    every_page = project.pages()
    texts = {page: page.read_text(encoding="utf-8") for page in every_page}
    problems = []
    for page, text in texts.items():
        where = page.relative_to(project.ROOT).as_posix()
        problems += [
            f"{where}:{line}: includes {path}, which does not exist{pages.near(path)}"
            for line, path in pages.missing_includes(text)
        ]
    results = snippets.run(pages.wanted_snippets())
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
        f"{len(results)} snippets run, {total} output block(s) rewritten in {len(every_page)} pages"
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
    sys.exit(main())
