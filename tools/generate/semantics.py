"""The copy-semantics matrix: what each way of "copying" a tensor gives, measured by running it.

For every source tensor and every operation below, the source is built fresh, the operation runs,
and each property of the result is measured on the live objects. Nothing is looked up: after a
torch upgrade, `make tables` rewrites the JSON and the tables, and `git diff` shows what changed.

    python -m tools.generate.semantics      (= make tables)

writes docs/generated/copy_semantics.json and its tables in English and Chinese. On a machine
with CUDA it also measures CUDA sources (copy_semantics-cuda.json); without CUDA it says so and
leaves the CUDA data as it is.
"""

from __future__ import annotations

import copy
import html
import json
import re
import sys
import warnings
from pathlib import Path

import torch

from tools.project import GENERATED, LANGUAGES, ROOT
from tools.text import Catalogue, catalogue

COMMAND = "python -m tools.generate.semantics"

# Exact code, so that results are comparable across sources and versions.
SOURCES = {
    "leaf": "torch.arange(6.0).reshape(2, 3).requires_grad_()",
    "plain": "torch.arange(6.0).reshape(2, 3)",
    "nonleaf": "torch.arange(6.0).reshape(2, 3).requires_grad_() * 2",
    "transposed": "torch.arange(6.0).reshape(2, 3).t()",
    "strided": "torch.arange(12.0).reshape(3, 4)[:, ::2]",
}

# id -> the right-hand side of `b = ...`, with `a` the source.
OPERATIONS = {
    "assign": "a",
    "view": "a.view(-1)",
    "reshape": "a.reshape(-1)",
    "flatten": "a.flatten()",
    "slice": "a[1:]",
    "transpose": "a.t()",
    "index": "a[[0, 1]]",
    "expand": "a.unsqueeze(0).expand(2, *a.shape)",
    "repeat": "a.repeat(2, 1)",
    "contiguous": "a.contiguous()",
    "clone": "a.clone()",
    "clone_contiguous": "a.clone(memory_format=torch.contiguous_format)",
    "detach": "a.detach()",
    "clone_detach": "a.clone().detach()",
    "detach_clone": "a.detach().clone()",
    "detach_requires_grad": "a.detach().requires_grad_()",
    "data": "a.data",
    "torch_tensor": "torch.tensor(a)",
    "new_tensor": "a.new_tensor(a)",
    "as_tensor": "torch.as_tensor(a)",
    "copy_": "torch.empty_like(a).copy_(a)",
    "to_same": "a.to(a.device)",
    "to_copy": "a.to(a.device, copy=True)",
    "to_dtype": "a.to(torch.float64)",
    "cpu": "a.cpu()",
    "numpy": "torch.from_numpy(a.numpy())",
    "numpy_detach": "torch.from_numpy(a.detach().numpy())",
    "tolist": "torch.tensor(a.tolist())",
    "deepcopy": "copy.deepcopy(a)",
    "copy_copy": "copy.copy(a)",
}

# On CUDA sources the same ids mean the CUDA spelling of the same request.
CUDA_OPERATIONS = {**OPERATIONS, "to_same": 'a.to("cuda")'}

# The properties measured on every row that did not raise, in table order.
PROPERTIES = (
    "same_object",
    "shares_storage",
    "writes_reach_source",
    "requires_grad",
    "is_leaf",
    "grad_fn",
    "grad_reaches_source",
    "is_contiguous",
)


# -- probes: each answers one question about a source `a` and a result `b` ----------------------


def shares_storage(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether a and b are backed by the same memory.

    Compares the byte ranges of the untyped storages, not data_ptr(): a view that starts at an
    offset has another data_ptr() than its base, and torch.from_numpy wraps memory it did not
    allocate in a storage object of its own. Storages without bytes share nothing.
    """
    if a.device != b.device:
        return False
    sa, sb = a.untyped_storage(), b.untyped_storage()
    if sa.nbytes() == 0 or sb.nbytes() == 0:
        return False
    start_a, start_b = sa.data_ptr(), sb.data_ptr()
    return start_a < start_b + sb.nbytes() and start_b < start_a + sa.nbytes()


def grad_fn_name(b: torch.Tensor) -> str | None:
    return None if b.grad_fn is None else type(b.grad_fn).__name__


def inspect(a: torch.Tensor, b: torch.Tensor) -> dict:
    """The properties that reading a and b cannot change."""
    return {
        "same_object": b is a,
        "shares_storage": shares_storage(a, b),
        "requires_grad": b.requires_grad,
        "is_leaf": b.is_leaf,
        "grad_fn": grad_fn_name(b),
        "is_contiguous": b.is_contiguous(),
    }


def grad_reaches_source(a: torch.Tensor, b: torch.Tensor) -> bool | None:
    """After a backward pass from b, whether a received a gradient.

    None when a does not require grad (there is nothing to reach), False when b does not
    (there is no backward pass to run). Non-leaf sources keep their gradient via retain_grad().
    """
    if not a.requires_grad:
        return None
    if not b.requires_grad:
        return False
    if not a.is_leaf:
        a.retain_grad()
    b.sum().backward()
    return a.grad is not None


def writes_reach_source(a: torch.Tensor, b: torch.Tensor) -> bool | None:
    """Whether an in-place write into b, outside autograd, changes the values of a.

    None when the write itself raises (for example into an expanded tensor, whose elements
    share memory).
    """
    with torch.no_grad():
        before = a.detach().clone()
        try:
            b.add_(1)
        except RuntimeError:
            return None
        return not torch.equal(a.detach(), before)


def first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}".rstrip()


# -- measuring ----------------------------------------------------------------------------------


def build(source: str, device: str) -> torch.Tensor:
    with torch.device(device):
        return eval(SOURCES[source], {"torch": torch})


def apply(operation: str, a: torch.Tensor, device: str):
    """Run one operation on a; returns (b, first warning) and lets exceptions through."""
    code = (CUDA_OPERATIONS if device == "cuda" else OPERATIONS)[operation]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        b = eval(code, {"torch": torch, "copy": copy, "a": a})
    warning = None
    if caught:
        message = str(caught[0].message).strip().splitlines()
        warning = f"{caught[0].category.__name__}: {message[0] if message else ''}".rstrip()
    return b, warning


def measure(operation: str, source: str, device: str = "cpu") -> dict:
    code = (CUDA_OPERATIONS if device == "cuda" else OPERATIONS)[operation]
    row = {"op": operation, "source": source, "code": f"b = {code}"}
    a = build(source, device)
    try:
        b, warning = apply(operation, a, device)
    except Exception as error:  # noqa: BLE001 - every failure is a fact to record
        return {**row, "result": "error", "error": first_line(error)}
    row.update(result="ok", error=None, warning=warning, **inspect(a, b))
    # Both remaining probes change something (a.grad, the values), so each gets fresh tensors.
    row["grad_reaches_source"] = grad_reaches_source(a, b)
    a = build(source, device)
    b, _ = apply(operation, a, device)
    row["writes_reach_source"] = writes_reach_source(a, b)
    return row


def matrix(device: str = "cpu") -> dict:
    rows = [measure(op, source, device) for source in SOURCES for op in OPERATIONS]
    return {"torch": torch.__version__, "device": device, "command": COMMAND, "rows": rows}


def to_json(data: dict) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# -- rendering ----------------------------------------------------------------------------------

# What a screen reader reads instead of each mark (a key of the catalogue's `marks`).
MARK_WORDS = {True: "ticked", False: "crossed", None: "not_applicable"}


def words(language: str) -> Catalogue:
    """The tables' sentences: text/<language>/semantics.yml."""
    return catalogue("semantics", language)


def row_id(row: dict, device: str) -> str:
    prefix = "" if device == "cpu" else f"{device}-"
    return f"{prefix}{row['op'].rstrip('_').replace('_', '-')}-{row['source']}"


def source_id(source: str, device: str) -> str:
    return f"source-{source}" if device == "cpu" else f"{device}-source-{source}"


def _mark(value, marks: Catalogue, prop: str = "") -> str:
    """A cell's content: a mark the eye reads and words a screen reader reads instead.

    – is "not applicable", except in the grad_fn column, where it means "no grad_fn".
    """
    if isinstance(value, str):
        return f"<code>{html.escape(value)}</code>"
    glyph = {True: "✓", False: "✗", None: "–"}[value]
    said = marks("no_grad_fn") if prop == "grad_fn" and value is None else marks(MARK_WORDS[value])
    return f'<span aria-hidden="true">{glyph}</span><span class="visually-hidden">{said}</span>'


def _code_cell(code: str) -> str:
    """Code as HTML that may wrap before a method call or a keyword argument, for narrow screens.

    Markdown would not allow <wbr> inside `code`; characters Markdown could take for markup
    are written as entities, which the reader copies as the characters themselves.
    """
    breakable = re.sub(r"(?:(?<=\w\w)|(?<=[)\]]))\.(?=[a-z])", "\0.", code)
    breakable = re.sub(r"\((?=\w+=)", "(\0", breakable)
    escaped = html.escape(breakable, quote=False)
    for char in "*_[]|`":
        escaped = escaped.replace(char, f"&#{ord(char)};")
    return "<code>" + escaped.replace("\0", "<wbr>") + "</code>"


def render(data: dict, language: str, json_name: str) -> str:
    """The tables of one language, as HTML inside Markdown.

    HTML, because a Markdown table has neither a caption nor row headers: each table has a
    caption, a header cell with the full name of every column, the operation as the header of
    its row (with the row's anchor), and words for screen readers behind every mark.
    """
    labels = words(language)
    device = data["device"]
    header = labels("generated", command=COMMAND, json=f"docs/generated/{json_name}")
    out = [f"<!-- {header} -->", ""]
    if "device_name" in data:  # recorded by tools/gpu_record.py: which GPU, torch and CUDA
        out += [
            labels(
                "measured_gpu",
                torch=data["torch"],
                cuda=data.get("torch_cuda") or "–",
                device=device,
                device_name=data["device_name"],
                date=data.get("date", "–"),
            ),
            "",
        ]
        out += [labels("standin"), ""] if data.get("standin") else []
    else:
        out += [labels("measured", torch=data["torch"], device=device), ""]
    out += [f'!!! info "{labels("legend_title")}"', ""]
    out += [f"    - {item}" for item in labels.items("legend")] + [""]
    columns_said, marks = labels.section("columns"), labels.section("marks")
    columns = ["code", *PROPERTIES, "note"]
    for source in SOURCES:
        rows = [row for row in data["rows"] if row["source"] == source]
        if not rows:
            continue
        heading = labels("source_heading", source=source)
        out += [f"### {heading} {{ #{source_id(source, device)} }}", ""]
        description = labels.section("sources")(source)
        out += [labels("source_code", code=SOURCES[source], description=description), ""]
        # The wrapper lets the stylesheet make these wide tables compact (extra.css).
        out += ['<div class="copy-matrix">', "<table>"]
        caption = labels("caption", source=html.escape(source))
        out += [f'<caption class="visually-hidden">{caption}</caption>', "<thead>"]
        out += ["<tr>" + "".join(f'<th scope="col">{columns_said(c)}</th>' for c in columns)]
        out[-1] += "</tr>"
        out += ["</thead>", "<tbody>"]
        # Messages are too long for a cell: the cell names one, the list under the table says it.
        messages: list[str] = []
        for row in rows:
            anchor = f'<a id="{row_id(row, device)}"></a>'
            cells = [f'<th scope="row">{anchor}{_code_cell(row["code"].removeprefix("b = "))}</th>']
            if row["result"] == "error":
                cells += ["<td></td>"] * len(PROPERTIES)
                kind, message = "error", row["error"]
            else:
                for prop in PROPERTIES:
                    value = row[prop]
                    if prop == "writes_reach_source" and value is None:
                        cells.append(f"<td>{labels('raised')}</td>")
                    else:
                        cells.append(f"<td>{_mark(value, marks, prop)}</td>")
                kind, message = "warning", row["warning"]
            note = ""
            if message:
                entry = f"{labels(kind)}{labels('colon')}`{message}`"
                if entry not in messages:
                    messages.append(entry)
                note = f"{labels(kind)} {messages.index(entry) + 1}"
            cells.append(f"<td>{note}</td>")
            out.append("<tr>" + "".join(cells) + "</tr>")  # one row, one line: readable diffs
        out += ["</tbody>", "</table>", "</div>", ""]
        out += [f"{number}. {entry}" for number, entry in enumerate(messages, 1)]
        out += [""] if messages else []
    return "\n".join(out)


def render_missing(language: str, json_name: str) -> str:
    labels = words(language)
    header = labels("generated", command=COMMAND, json=f"docs/generated/{json_name}")
    return f"<!-- {header} -->\n\n{labels('cuda_missing', command=COMMAND)}\n"


# -- files --------------------------------------------------------------------------------------


def outputs(cpu: dict, cuda: dict | None) -> dict[Path, str]:
    """Every generated file and its text, from the measured data."""
    files = {GENERATED / "copy_semantics.json": to_json(cpu)}
    for language in LANGUAGES:
        files[GENERATED / f"copy_semantics.{language}.md"] = render(
            cpu, language, "copy_semantics.json"
        )
        cuda_table = GENERATED / f"copy_semantics-cuda.{language}.md"
        if cuda is None:
            files[cuda_table] = render_missing(language, "copy_semantics-cuda.json")
        else:
            files[cuda_table] = render(cuda, language, "copy_semantics-cuda.json")
    if cuda is not None:
        files[GENERATED / "copy_semantics-cuda.json"] = to_json(cuda)
    return files


def committed_cuda() -> dict | None:
    path = GENERATED / "copy_semantics-cuda.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def main() -> int:
    cpu = matrix("cpu")
    if torch.cuda.is_available():
        cuda = matrix("cuda")
    else:
        print("CUDA is not available: CUDA sources not measured, copy_semantics-cuda.json kept")
        cuda = committed_cuda()
    GENERATED.mkdir(parents=True, exist_ok=True)
    for path, text in outputs(cpu, cuda).items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
