"""One rendering per Chinese term, and Chinese typography, in everything a Chinese reader reads.

The term decisions are data (tests/terms.zh.yml: preferred term -> rejected variants, with the
contexts where a variant is right). Scanned: every docs/*.zh.md page, the generated Chinese
tables (docs/generated/*.zh.md), what the Chinese atlas's lines open on
(docs/generated/atlas-details.zh.json), the README's Chinese part and the sentences that
generators and site hooks put on pages (text/zh/*.yml, each a line of prose), prose only: code
blocks, output blocks, inline code, link targets and HTML tags are not prose. Besides the terms
it flags ASCII double quotes in Chinese prose, italics around Chinese text, a space between a
number and %, and a hard line break inside a Chinese paragraph (rendered as a space between two
characters). Each problem is reported as path:line, what was found, and what to write instead.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tools import pages, project

TERMS = Path(__file__).with_name("terms.zh.yml")
README = project.ROOT / "README.md"
README_CHINESE = "## 中文说明"

_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
_CJK_CHAR = re.compile(f"[{_CJK}]")
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")


@dataclass(frozen=True)
class Rule:
    preferred: str
    variant: str
    allowed: tuple[re.Pattern, ...]


def load_rules(path: Path = TERMS) -> list[Rule]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [
        Rule(preferred, variant, tuple(re.compile(p) for p in entry.get("allowed", [])))
        for preferred, entry in data.items()
        for variant in entry["rejected"]
    ]


# --- prose: the lines of a page that a reader reads as text --------------------------------------


def _code_lines(found: list[pages.Block]) -> set[int]:
    """1-based numbers of every line that belongs to a code fence or a text include."""
    lines: set[int] = set()
    for block in pages.walk(found):
        if isinstance(block, (pages.Fence, pages.TextInclude)):
            lines.update(range(block.line, block.line + block.text.count("\n")))
    return lines


def prose_lines(text: str, first_line: int = 1) -> list[tuple[int, str, bool]]:
    """(line number, text, whether it continues a paragraph) for each line of prose."""
    found = pages.blocks(text)
    code = _code_lines(found)
    raw = text.splitlines()
    result = []
    for block in pages.walk(found):
        if isinstance(block, (pages.Fence, pages.TextInclude)):
            continue
        if isinstance(block, pages.Container):
            # Only the first line is the container's own (its title); the body is its blocks.
            line = raw[block.line - 1]
            title = re.search(r'"([^"]*)"', line)
            if title:
                result.append((block.line + first_line - 1, title[1], False))
            continue
        count = block.text.count("\n")
        for k in range(count):
            number = block.line + k
            if number in code:
                continue
            continues = k > 0 and isinstance(block, (pages.Paragraph, pages.ListBlock))
            result.append((number + first_line - 1, raw[number - 1], continues))
    return result


def _visible(line: str) -> str:
    """A line of Markdown without what a reader does not read as prose."""
    line = re.sub(r"(`+).+?\1", "\x00", line)  # inline code: one placeholder each
    line = re.sub(r"\]\([^)]*\)", "]", line)  # link targets
    line = re.sub(r"<[^>]+>", "", line)  # HTML tags and their attributes
    line = re.sub(r"\{[^}]*#[^}]*\}\s*$", "", line)  # heading anchors
    return line


# --- the checks --------------------------------------------------------------------------------


def term_problems(line: str, rules: list[Rule]) -> list[str]:
    problems = []
    for rule in rules:
        for hit in re.finditer(re.escape(rule.variant), line):
            if any(
                m.start() <= hit.start() and hit.end() <= m.end()
                for pattern in rule.allowed
                for m in pattern.finditer(line)
            ):
                continue
            problems.append(f"“{rule.variant}”: write “{rule.preferred}”")
    return problems


_ITALIC_STAR = re.compile(rf"(?<!\*)\*(?![\s*])([^*\n]*[{_CJK}][^*\n]*?)(?<![\s*])\*(?!\*)")
_ITALIC_UNDERSCORE = re.compile(
    rf"(?<![A-Za-z0-9_])_(?![\s_])([^_\n]*[{_CJK}][^_\n]*?)(?<![\s_])_(?![A-Za-z0-9_])"
)
_SPACE_PERCENT = re.compile(r"(?<![\d.])\d[\d.,]*[ \u00a0]+%")


def typography_problems(line: str, table_row: bool = False) -> list[str]:
    problems = []
    if not _HAN.search(line):
        return problems
    if '"' in line:
        problems.append("ASCII double quote in Chinese prose: write “…”")
    without_bold = re.sub(r"\*\*(.+?)\*\*", r"\1", line)
    without_bold = re.sub(r"__(.+?)__", r"\1", without_bold)
    for pattern in (_ITALIC_STAR, _ITALIC_UNDERSCORE):
        for m in pattern.finditer(without_bold):
            problems.append(f"italics on Chinese text “{m[0]}”: write it in bold")
    for m in _SPACE_PERCENT.finditer(line):
        problems.append(f"space before % in “{m[0]}”: write {m[0].replace(' ', '')}")
    return problems


def hard_break(previous: str, line: str) -> bool:
    """A line of a paragraph that ends in CJK, followed by one that starts with CJK."""
    before, after = previous.rstrip(), line.lstrip()
    return bool(before and after and _CJK_CHAR.match(before[-1]) and _CJK_CHAR.match(after[0]))


def problems_in(text: str, where: str, rules: list[Rule], first_line: int = 1) -> list[str]:
    found = []
    previous = None
    for number, line, continues in prose_lines(text, first_line):
        visible = _visible(line)
        for problem in term_problems(visible, rules) + typography_problems(visible):
            found.append(f"{where}:{number}: {problem}")
        if continues and previous is not None and hard_break(previous, line):
            found.append(
                f"{where}:{number}: hard line break inside a Chinese paragraph "
                "(renders as a space): join the lines"
            )
        previous = line
    return found


# --- what is scanned ---------------------------------------------------------------------------


def readme_chinese_part(text: str) -> tuple[str, int]:
    """The README's Chinese part and the number of its first line."""
    start = text.index(README_CHINESE)
    return text[start:], text[:start].count("\n") + 1


def chinese_sources() -> list[Path]:
    found = [p for p in project.pages() if project.language_of(p) == "zh"]
    return found + sorted(project.GENERATED.glob("*.zh.md"))


def _relative(path: Path) -> str:
    return path.relative_to(project.ROOT).as_posix()


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.mark.parametrize("path", chinese_sources(), ids=_relative)
def test_chinese_page_uses_the_decided_terms_and_typography(rules, path):
    problems = problems_in(path.read_text(encoding="utf-8"), _relative(path), rules)
    assert not problems, "\n" + "\n".join(problems)


# The atlas's lines open on HTML from this file (tools/generate/atlas_render.py, one operator a
# line), not on text in the page.
CHINESE_DETAILS = [project.GENERATED / "atlas-details.zh.json"]


@pytest.mark.parametrize("path", CHINESE_DETAILS, ids=_relative)
def test_chinese_details_use_the_decided_terms_and_typography(rules, path):
    problems = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line in ("{", "}"):
            continue
        (text,) = json.loads("{" + line.removesuffix(",") + "}").values()
        visible = _visible(text)
        for problem in term_problems(visible, rules) + typography_problems(visible):
            problems.append(f"{_relative(path)}:{number}: {problem}")
    assert not problems, "\n" + "\n".join(problems)


# The sentences code puts on Chinese pages (tools/text.py): every value of text/zh/*.yml, one a
# line, read like a line of a page.
CHINESE_TEXTS = sorted((project.ROOT / "text" / "zh").glob("*.yml"))


def text_file_problems(content: str, where: str, rules: list[Rule]) -> list[str]:
    problems = []
    for number, line in enumerate(content.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        entry = yaml.safe_load(line.strip())
        value = next(iter(entry.values()), None) if isinstance(entry, dict) else None
        if not isinstance(value, str):
            continue
        visible = _visible(value)
        for problem in term_problems(visible, rules) + typography_problems(visible):
            problems.append(f"{where}:{number}: {problem}")
    return problems


@pytest.mark.parametrize("path", CHINESE_TEXTS, ids=_relative)
def test_chinese_text_files_use_the_decided_terms_and_typography(rules, path):
    problems = text_file_problems(path.read_text(encoding="utf-8"), _relative(path), rules)
    assert not problems, "\n" + "\n".join(problems)


def test_the_text_file_check_finds_a_problem(rules):
    sample = '# 注释里的深拷贝不算\nok: "深复制"\nbad:\n  one: "这里用深拷贝，约 10 %"\n'
    assert text_file_problems(sample, "x.yml", rules) == [
        "x.yml:4: “深拷贝”: write “深复制”",
        "x.yml:4: space before % in “10 %”: write 10%",
    ]


def test_readme_chinese_part_uses_the_decided_terms_and_typography(rules):
    text, first = readme_chinese_part(README.read_text(encoding="utf-8"))
    problems = problems_in(text, "README.md", rules, first_line=first)
    assert not problems, "\n" + "\n".join(problems)


# The sentences that code puts on pages (tools/text.py): every string of text/zh/*.yml, at its line.
CATALOGUES = sorted((project.ROOT / "text" / "zh").glob("*.yml"))


def catalogue_sentences(text: str) -> list[tuple[int, str]]:
    """(line, sentence) for every string value of a catalogue, in sections, lists and forms."""
    found = []

    def walk(node) -> None:
        if isinstance(node, yaml.MappingNode):
            for _, value in node.value:
                walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)
        elif isinstance(node, yaml.ScalarNode):
            found.append((node.start_mark.line + 1, node.value))

    walk(yaml.compose(text))
    return found


def catalogue_problems(text: str, where: str, rules: list[Rule]) -> list[str]:
    problems = []
    for number, sentence in catalogue_sentences(text):
        visible = _visible(re.sub(r"<code>.*?</code>", "\x00", sentence))  # HTML code: not prose
        for problem in term_problems(visible, rules) + typography_problems(visible):
            problems.append(f"{where}:{number}: {problem}")
    return problems


@pytest.mark.parametrize("path", CATALOGUES, ids=_relative)
def test_chinese_catalogue_uses_the_decided_terms_and_typography(rules, path):
    problems = catalogue_problems(path.read_text(encoding="utf-8"), _relative(path), rules)
    assert not problems, "\n" + "\n".join(problems)


# --- the test can fail -------------------------------------------------------------------------

BAD_SAMPLE = """\
# 示例 { #sample }

这里用深拷贝，而且用了索引赋值；autograd（自动求导）这样注明是允许的，但后面再写自动求导就不行。

他说"这是错的"，*这里是斜体*，大约 10 %，这一行
在中文里硬换行。

```python
--8<-- "snippets/x/y.py"
```

```text
深拷贝 "quotes" 10 % in output are fine
```

- 稠密张量和稀疏张量的区别可以说“稠密”。
"""


def test_the_check_finds_every_kind_of_problem_in_a_bad_sample(rules):
    problems = problems_in(BAD_SAMPLE, "sample.zh.md", rules)
    assert sorted(problems) == sorted(
        [
            "sample.zh.md:3: “深拷贝”: write “深复制”",
            "sample.zh.md:3: “索引赋值”: write “下标赋值”",
            "sample.zh.md:3: “自动求导”: write “autograd”",
            "sample.zh.md:5: ASCII double quote in Chinese prose: write “…”",
            "sample.zh.md:5: italics on Chinese text “*这里是斜体*”: write it in bold",
            "sample.zh.md:5: space before % in “10 %”: write 10%",
            "sample.zh.md:6: hard line break inside a Chinese paragraph (renders as a space): "
            "join the lines",
        ]
    )


_AUTOGRAD = re.compile(r"(?<![\w.])autograd(?![\w.])")
_GLOSS = "（自动求导）"


def gloss_problems(text: str, name: str) -> list[str]:
    """autograd is glossed at its first mention in a page's prose, and only there."""
    problems, first = [], True
    for number, line, _ in prose_lines(text):
        visible = _visible(line)
        for hit in _AUTOGRAD.finditer(visible):
            glossed = visible.startswith(_GLOSS, hit.end())
            if first and not glossed:
                problems.append(
                    f"{name}:{number}: the page's first “autograd”: write “autograd{_GLOSS}”"
                )
            elif glossed and not first:
                problems.append(
                    f"{name}:{number}: “autograd{_GLOSS}” again: gloss the first mention only"
                )
            first = False
    return problems


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(project.DOCS.glob("*.zh.md")) if p.name != "index.zh.md"],
    ids=lambda p: p.name,
)
def test_autograd_is_glossed_at_its_first_mention(path):
    """The home page is left out: its glossary row is where the gloss is defined."""
    problems = gloss_problems(path.read_text(encoding="utf-8"), f"docs/{path.name}")
    assert not problems, "\n".join(problems)


def test_the_gloss_check_finds_a_missing_and_a_repeated_gloss():
    sample = "# 标题\n\n先说 autograd 和 `torch.autograd.grad`。\n\n再说 autograd（自动求导）。\n"
    assert gloss_problems(sample, "s.zh.md") == [
        "s.zh.md:3: the page's first “autograd”: write “autograd（自动求导）”",
        "s.zh.md:5: “autograd（自动求导）” again: gloss the first mention only",
    ]


BAD_CATALOGUE = """\
# 注释里的深拷贝不算
title: "深拷贝"
notes:
  err-x: '这里用 `深拷贝` 没问题，但他说"这是错的"。'
  forms:
    other: "大约 10 %"
legend:
  - "<code>深拷贝</code> 是代码"
  - "索引赋值"
"""


def test_the_check_finds_every_kind_of_problem_in_a_bad_catalogue(rules):
    assert sorted(catalogue_problems(BAD_CATALOGUE, "x.yml", rules)) == sorted(
        [
            "x.yml:2: “深拷贝”: write “深复制”",
            "x.yml:4: ASCII double quote in Chinese prose: write “…”",
            "x.yml:6: space before % in “10 %”: write 10%",
            "x.yml:9: “索引赋值”: write “下标赋值”",
        ]
    )


def test_the_glossary_on_the_home_page_lists_every_decision(rules):
    """The decisions a reader sees (the home page's glossary) are the ones the test enforces."""
    home = (project.DOCS / "index.zh.md").read_text(encoding="utf-8")
    missing = sorted({r.preferred for r in rules if r.preferred not in home})
    assert not missing, f"not in the glossary of docs/index.zh.md: {missing}"
