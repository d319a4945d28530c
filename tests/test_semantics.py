"""The copy-semantics generator: its probes, its coverage, and the freshness of what it wrote."""

import json
import re
from html.parser import HTMLParser

import pytest
import torch

from tools.generate import semantics

# The ids issue 5 asks for; the generator may measure more.
REQUIRED_OPERATIONS = {
    "assign", "view", "reshape", "slice", "index", "expand", "repeat", "contiguous", "clone",
    "clone_contiguous", "detach", "clone_detach", "detach_clone", "data", "torch_tensor",
    "as_tensor", "copy_", "to_same", "to_dtype", "cpu", "numpy", "deepcopy", "copy_copy",
}  # fmt: skip
REQUIRED_SOURCES = {"leaf", "plain", "nonleaf", "transposed", "strided"}
ROW_KEYS = {"op", "source", "code", "result", "error", "warning", *semantics.PROPERTIES}
ERROR_ROW_KEYS = {"op", "source", "code", "result", "error"}


@pytest.fixture(scope="module")
def fresh():
    """The matrix measured now, once for the whole module."""
    cpu = semantics.matrix("cpu")
    cuda = semantics.matrix("cuda") if torch.cuda.is_available() else semantics.committed_cuda()
    # A CUDA build of the same release (2.13.0+cu128 against 2.13.0+cpu) measures the same CPU
    # rows; only the build tag in the version differs, and that alone is not staleness.
    committed = json.loads((semantics.GENERATED / "copy_semantics.json").read_text("utf-8"))
    if committed["torch"].split("+")[0] == cpu["torch"].split("+")[0]:
        cpu["torch"] = committed["torch"]
    return cpu, cuda


def leaf():
    return torch.arange(6.0).reshape(2, 3).requires_grad_()


# -- each probe, once answering yes and once answering no ---------------------------------------


def test_shares_storage_sees_a_view_that_starts_at_an_offset():
    a = torch.arange(6.0)
    b = a[3:]
    assert a.data_ptr() != b.data_ptr()
    assert semantics.shares_storage(a, b)


def test_shares_storage_sees_memory_wrapped_by_numpy():
    a = torch.arange(6.0)[2:]
    assert semantics.shares_storage(a, torch.from_numpy(a.numpy()))


def test_shares_storage_is_false_for_a_copy_and_for_empty_tensors():
    a = torch.arange(6.0)
    assert not semantics.shares_storage(a, a.clone())
    assert not semantics.shares_storage(torch.empty(0), torch.empty(0))


def test_inspect_on_the_tensor_itself():
    a = leaf()
    found = semantics.inspect(a, a)
    assert found == {
        "same_object": True,
        "shares_storage": True,
        "requires_grad": True,
        "is_leaf": True,
        "grad_fn": None,
        "is_contiguous": True,
    }


def test_inspect_on_a_transposed_clone_and_a_detached_copy():
    a = leaf()
    found = semantics.inspect(a, a.t().clone())
    assert found == {
        "same_object": False,
        "shares_storage": False,
        "requires_grad": True,
        "is_leaf": False,
        "grad_fn": "CloneBackward0",
        "is_contiguous": False,
    }
    assert semantics.inspect(a, a.detach().clone())["requires_grad"] is False


def test_grad_reaches_a_leaf_and_a_non_leaf_source():
    a = leaf()
    assert semantics.grad_reaches_source(a, a * 2) is True
    nonleaf = leaf() * 2
    assert semantics.grad_reaches_source(nonleaf, nonleaf[1:]) is True


def test_grad_does_not_reach_through_a_new_leaf_or_a_result_without_grad():
    a = leaf()
    assert semantics.grad_reaches_source(a, a.detach().requires_grad_()) is False
    assert semantics.grad_reaches_source(leaf(), leaf().detach()) is False


def test_grad_reaches_source_is_none_when_the_source_needs_no_grad():
    a = torch.arange(3.0)
    assert semantics.grad_reaches_source(a, a.clone().requires_grad_()) is None


def test_writes_reach_the_source_through_a_view_even_of_a_leaf():
    a = leaf()
    assert semantics.writes_reach_source(a, a[1:]) is True
    assert a[1].tolist() == [4.0, 5.0, 6.0]


def test_writes_do_not_reach_the_source_of_a_clone():
    a = torch.arange(3.0)
    assert semantics.writes_reach_source(a, a.clone()) is False
    assert a.tolist() == [0.0, 1.0, 2.0]


def test_writes_reach_source_is_none_when_the_write_raises():
    a = torch.arange(3.0)
    assert semantics.writes_reach_source(a, a.expand(2, 3)) is None


def test_apply_records_a_warning_and_lets_an_error_through():
    _, warning = semantics.apply("torch_tensor", leaf(), "cpu")
    assert warning.startswith("UserWarning: To copy construct from a tensor")
    _, warning = semantics.apply("clone", leaf(), "cpu")
    assert warning is None
    with pytest.raises(RuntimeError):
        semantics.apply("numpy", leaf(), "cpu")


def test_first_line_keeps_the_type_and_one_line():
    error = RuntimeError("first line\nsecond line")
    assert semantics.first_line(error) == "RuntimeError: first line"


def test_an_error_row_has_the_error_and_nothing_measured():
    row = semantics.measure("deepcopy", "nonleaf")
    assert set(row) == ERROR_ROW_KEYS
    assert row["result"] == "error" and row["error"].startswith("RuntimeError: Only Tensors")


def test_every_source_is_built_fresh():
    first, second = semantics.build("leaf", "cpu"), semantics.build("leaf", "cpu")
    assert first is not second and not semantics.shares_storage(first, second)


# -- coverage and shape -------------------------------------------------------------------------


def test_every_required_operation_and_source_is_measured(fresh):
    cpu, _ = fresh
    assert REQUIRED_OPERATIONS <= set(semantics.OPERATIONS)
    assert set(semantics.SOURCES) == REQUIRED_SOURCES
    pairs = [(row["op"], row["source"]) for row in cpu["rows"]]
    assert len(pairs) == len(set(pairs))
    every = {(op, source) for op in semantics.OPERATIONS for source in REQUIRED_SOURCES}
    assert set(pairs) == every


def test_every_row_has_the_shape_the_issue_gives(fresh):
    cpu, _ = fresh
    assert {"torch", "device", "command", "rows"} == set(cpu)
    for row in cpu["rows"]:
        expected = ROW_KEYS if row["result"] == "ok" else ERROR_ROW_KEYS
        assert set(row) == expected, row
        assert row["code"] == "b = " + semantics.OPERATIONS[row["op"]]


def test_without_cuda_data_the_cuda_tables_say_so(fresh):
    cpu, _ = fresh
    files = semantics.outputs(cpu, None)
    assert semantics.GENERATED / "copy_semantics-cuda.json" not in files
    table = files[semantics.GENERATED / "copy_semantics-cuda.en.md"]
    assert "No CUDA measurements yet" in table and "|" not in table


# -- freshness ----------------------------------------------------------------------------------


def test_the_committed_matrix_is_what_torch_does_now(fresh):
    stale = [
        path.relative_to(semantics.ROOT).as_posix()
        for path, text in semantics.outputs(*fresh).items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert not stale, f"out of date: {stale}; run `make tables` ({semantics.COMMAND})"


def test_the_json_is_sorted_and_stable():
    text = (semantics.GENERATED / "copy_semantics.json").read_text(encoding="utf-8")
    assert semantics.to_json(json.loads(text)) == text


@pytest.mark.parametrize("language", semantics.LANGUAGES)
def test_links_on_the_page_land_on_a_row_or_heading(language):
    suffix = "" if language == "en" else ".zh"
    page = (semantics.ROOT / f"docs/semantics{suffix}.md").read_text(encoding="utf-8")
    table = (semantics.GENERATED / f"copy_semantics.{language}.md").read_text(encoding="utf-8")
    targets = set(re.findall(r'<a id="([^"]+)">', table))
    targets |= set(re.findall(r"\{ #([\w-]+) \}", page + table))
    links = set(re.findall(r"\]\(#([\w-]+)\)", page))
    assert links and links <= targets, f"no such anchor: {sorted(links - targets)}"


# -- the rendered tables: accessible markup, in both languages ---------------------------------


class _Tables(HTMLParser):
    """The tables of a rendered file: caption, column headers, and rows of (tag, attrs, text)."""

    def __init__(self):
        super().__init__()
        self.tables: list[dict] = []
        self.stack: list[tuple[str, dict]] = []
        self.cell: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.stack.append((tag, attrs))
        if tag == "table":
            self.tables.append({"caption": None, "columns": [], "rows": []})
        elif tag == "caption":
            self.cell = {"tag": "caption", "attrs": attrs, "text": "", "hidden": "", "shown": ""}
        elif tag == "tr" and self.tables:
            self.tables[-1]["rows"].append([])
        elif tag in ("th", "td"):
            self.cell = {"tag": tag, "attrs": attrs, "text": "", "hidden": "", "shown": ""}
        elif tag == "a" and self.cell is not None:
            self.cell["anchor"] = attrs.get("id")

    def handle_endtag(self, tag):
        self.stack.pop()
        if tag == "caption":
            self.tables[-1]["caption"] = self.cell
            self.cell = None
        elif tag in ("th", "td") and self.cell is not None:
            self.tables[-1]["rows"][-1].append(self.cell)
            self.cell = None

    def handle_data(self, data):
        if self.cell is None:
            return
        self.cell["text"] += data
        classes = [attrs.get("class", "") for _, attrs in self.stack]
        if "visually-hidden" in classes and self.cell["tag"] != "caption":
            self.cell["hidden"] += data
        elif not any(attrs.get("aria-hidden") == "true" for _, attrs in self.stack):
            self.cell["shown"] += data


def _committed_tables(language):
    data = json.loads((semantics.GENERATED / "copy_semantics.json").read_text("utf-8"))
    text = semantics.render(data, language, "copy_semantics.json")
    parser = _Tables()
    parser.feed(text)
    return data, text, parser.tables


@pytest.mark.parametrize("language", semantics.LANGUAGES)
def test_each_table_has_a_caption_full_column_headers_and_row_headers(language):
    data, _, tables = _committed_tables(language)
    columns = semantics.words(language).section("columns")
    assert len(tables) == len(semantics.SOURCES)
    for source, table in zip(semantics.SOURCES, tables, strict=True):
        caption = table["caption"]
        assert caption and source in caption["text"], f"no caption naming {source}"
        header, *rows = table["rows"]
        assert [cell["tag"] for cell in header] == ["th"] * (len(semantics.PROPERTIES) + 2)
        assert all(cell["attrs"].get("scope") == "col" for cell in header)
        names = [cell["text"] for cell in header]
        # Full names, not the old abbreviations (same, req, contig ...).
        assert not {"same", "req", "contig", "write", "grad"} & set(names)
        wanted = [re.sub("<[^>]+>", "", columns(c)) for c in semantics.PROPERTIES]
        assert names[1:-1] == wanted
        measured = [row for row in data["rows"] if row["source"] == source]
        assert len(rows) == len(measured)
        for cells, row in zip(rows, measured, strict=True):
            first = cells[0]
            assert first["tag"] == "th" and first["attrs"].get("scope") == "row"
            assert first["anchor"] == semantics.row_id(row, "cpu")
            assert first["text"] == row["code"].removeprefix("b = ")


@pytest.mark.parametrize("language", semantics.LANGUAGES)
def test_every_mark_has_words_for_screen_readers_in_the_page_language(language):
    _, _, tables = _committed_tables(language)
    words = set(semantics.words(language).raw("marks").values())
    marks = 0
    for table in tables:
        for cells in table["rows"][1:]:
            for cell in cells[1:]:
                if set(cell["text"]) & set("✓✗–"):
                    marks += 1
                    assert not set(cell["shown"]) & set("✓✗–"), cell  # the glyph is hidden
                    assert cell["hidden"] in words, cell
    assert marks > 100


def test_the_chinese_tables_follow_the_chinese_typography_and_terms():
    _, text, _ = _committed_tables("zh")
    assert not re.search(r"(?<!\*)\*报错\*(?!\*)", text) and "<em>" not in text  # no italics
    for rejected in ("不连续", "带步长", "不参与自动求导"):
        assert rejected not in text, rejected
    assert "警告: " not in text and "错误: " not in text  # full-width colons in Chinese
    assert "警告：`" in text
