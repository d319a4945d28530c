"""The error and warning index: every message the snippets print, where, and how to fix it.

    python -m tools.generate.errors          # rewrite docs/generated/errors.{en,zh}.md
    python -m tools.generate.errors --queries  # and tests/data/error_queries.yml

Read, not typed: the messages come from the output blocks of the pages (tools/pages.py), which
the page tests hold against real runs of the snippets with the pinned torch, and the other
releases' wordings from docs/generated/versions.json (what `make versions` measured). A snippet
added to any page shows up here at the next run of this module, and tests/test_errors.py fails
while the committed index is stale.

How a message is recognised in an output line (`recognise`): the project's snippets print an
expected exception or warning as `Type: first line of the message`, alone on its line or after a
label (`w.add_(1)   RuntimeError: ...`, `deepcopy(y): RuntimeError: ...`). A line holds a message
when it contains a word ending in `Error`, `Warning` or `Exception` (optionally dotted, such as
`torch.OutOfMemoryError`), at the start of the line or after a space or colon, followed by `: `
and a message. A type printed without a message (`raises RuntimeError`, `RuntimeError at
backward`) is not an entry: there is no wording to look up.

Messages are grouped into entries by their *key*: the message's first sentence, cut at its first
`: ` outside brackets when that comes after 30 characters; numbers and the contents of
square brackets do not count (`The size of tensor a (3) ...` and `(6) ...` are one entry). The
key, with the type, is the entry's heading; the full wordings are under it.

Only the standard library (and tools/pages.py): the test renders from the pages without torch.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tools import pages, project
from tools.generate import versions_page
from tools.site import versions_line

OUTPUTS = {language: project.GENERATED / f"errors.{language}.md" for language in project.LANGUAGES}
COMMAND = "python -m tools.generate.errors"
PAGE = "errors"  # the page that includes the index: it has no snippets of its own

_MESSAGE = re.compile(
    r"(?:^|(?<=[\s:(]))(?P<type>(?:[a-z_][a-z0-9_]*\.)*[A-Z][A-Za-z0-9_]*(?:Error|Warning|Exception)):"
    r"[ ]+(?P<message>\S.*?)\s*$"
)
# A warning a snippet prints without its category: `warning: message` at the start of the line.
_BARE_WARNING = re.compile(r"^\s*warning: (?P<message>(?!\w*Warning: )\S.*?)\s*$")
BARE = "warning"  # the entry's kind when the category was not printed
_SENTENCE_END = re.compile(r"\.(?=\s|$)|\.(?=[A-Z][a-z]+ )")
KEY_MIN = 30  # a clause shorter than this is not a key on its own ("unsupported operation")


# -- recognising --------------------------------------------------------------------------------


def recognise(line: str) -> tuple[str, str] | None:
    """(type, message) when an output line prints an exception or a warning, else None."""
    found = _MESSAGE.search(line)
    if found:
        return found["type"], found["message"]
    bare = _BARE_WARNING.match(line)
    return (BARE, bare["message"]) if bare else None


def is_warning(kind: str) -> bool:
    return kind.endswith("Warning") or kind == BARE


def _outside_brackets(text: str):
    """(index, character) of every character of text that is not inside () or []."""
    depth = 0
    for i, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]" and depth:
            depth -= 1
        elif depth == 0:
            yield i, char


def key_text(message: str) -> str:
    """The first sentence of a message, cut at a colon after its first 30 characters."""
    end = _SENTENCE_END.search(message)
    text = message[: end.start()] if end else message
    for i, char in _outside_brackets(text):
        if char == ":" and text[i + 1 : i + 2] == " " and i >= KEY_MIN:
            return text[:i].rstrip()
    return text.rstrip(" .")


def group_key(kind: str, message: str) -> str:
    text = re.sub(r"\[[^\]]*\]+", "[]", key_text(message))
    return kind + ": " + re.sub(r"\d+", "0", text)


# -- what the pages print -----------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where a snippet that prints a message is shown: a section of a page."""

    snippet: str
    page: str  # slug
    anchor: str | None
    section: dict[str, str]  # language -> the section's title (the page's title for its top)
    title: dict[str, str]  # language -> the page's title


@dataclass
class Entry:
    kind: str
    key: str  # the heading's text: the first wording's key
    wordings: list[str] = field(default_factory=list)  # verbatim, as the pinned torch prints them
    places: list[Place] = field(default_factory=list)
    # wording of another release -> the releases that print it, for each pinned wording
    elsewhere: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    anchor: str = ""

    @property
    def heading(self) -> str:
        return f"{self.kind}: {self.key}"


def _sections(text: str) -> list[tuple[int, pages.Heading]]:
    return [(h.start, h) for h in pages.headings(text)]


def _place(slug: str, snippet: str, offset: dict[str, int | None], texts: dict[str, str]):
    section, title, anchor = {}, {}, None
    for language, text in texts.items():
        heads = _sections(text)
        title[language] = heads[0][1].title if heads else slug
        where = offset.get(language)
        before = [h for start, h in heads if where is not None and start <= where]
        named = [h for h in before if h.anchor]
        if named:
            section[language] = named[-1].title
            if language == project.DEFAULT_LANGUAGE:
                anchor = named[-1].anchor
        else:
            section[language] = title[language]
    return Place(snippet, slug, anchor, section, title)


def collect(docs: Path = project.DOCS) -> dict[str, Entry]:
    """Every message that an output block on a page shows, grouped into entries, in page order."""
    entries: dict[str, Entry] = {}
    for src in versions_page.nav_pages():
        slug = src.removesuffix(".md")
        if slug == PAGE:
            continue
        texts = {}
        for language in project.LANGUAGES:
            path = project.page_path(slug, language, docs)
            if path.is_file():
                texts[language] = path.read_text(encoding="utf-8")
        if project.DEFAULT_LANGUAGE not in texts:
            continue
        offsets: dict[str, dict[str, int]] = {}  # snippet -> language -> where it is shown
        for language, text in texts.items():
            for example in pages.examples(text):
                if example.snippet:
                    offsets.setdefault(example.snippet, {}).setdefault(language, example.code.start)
        for example in pages.examples(texts[project.DEFAULT_LANGUAGE]):
            if not example.snippet or example.output is None:
                continue
            for line in example.output.body.splitlines():
                found = recognise(line)
                if not found:
                    continue
                kind, message = found
                entry = entries.setdefault(group_key(kind, message), Entry(kind, key_text(message)))
                if message not in entry.wordings:
                    entry.wordings.append(message)
                if all(p.snippet != example.snippet for p in entry.places):
                    entry.places.append(
                        _place(slug, example.snippet, offsets[example.snippet], texts)
                    )
    return entries


# -- what other releases print ------------------------------------------------------------------


def _paired_lines(pinned: str, other: str):
    """(pinned line, other line) for the lines one release replaced one for one."""
    mine, theirs = pinned.splitlines(), other.splitlines()
    matcher = difflib.SequenceMatcher(a=mine, b=theirs, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:
            yield from zip(mine[i1:i2], theirs[j1:j2], strict=True)
        elif tag == "delete":  # lines the other release does not print at all
            yield from ((line, None) for line in mine[i1:i2])


NOT_PRINTED = ""  # the other release prints no such line


def release_name(release: dict) -> str:
    return release["release"]


def add_other_releases(entries: dict[str, Entry], versions: dict) -> None:
    """Each pinned wording that another release words differently gets that wording."""
    by_wording = {(e.kind, w): e for e in entries.values() for w in e.wordings}
    for release in versions["releases"]:
        if release.get("pinned") or release.get("not_run"):
            continue
        for found in release.get("differences", {}).values():
            # A snippet that failed with that release stopped early: its missing lines are no
            # wording of that release (the Versions page lists the failure itself).
            if "pinned_output" not in found or found["status"] == versions_page.FAILS:
                continue
            for mine, theirs in _paired_lines(found["pinned_output"], found["release_output"]):
                one = recognise(mine)
                other = recognise(theirs) if theirs is not None else None
                if not one or one == other or (theirs is not None and not other):
                    continue
                entry = by_wording.get(one)
                if entry is None:
                    continue
                said = f"{other[0]}: {other[1]}" if other else NOT_PRINTED
                names = entry.elsewhere.setdefault(one[1], {}).setdefault(said, [])
                if release_name(release) not in names:
                    names.append(release_name(release))


# -- notes: the fix, written once per entry -----------------------------------------------------

# An entry whose heading contains `match` gets this note: its anchor, where the fix is shown and
# what it is, in each language. An entry without one still lists where it is explained.
NOTES: list[dict] = [
    {
        "match": "has been modified by an inplace operation",
        "id": "err-modified-by-inplace",
        "fix": "troubleshooting.md#in-place-error",
        "en": "A tensor that backward needs was written in place after it was saved. Write out "
        "of place (`h = h + 1`), or `clone()` the tensor before writing into it.",
        "zh": "反向传播要用的张量在保存之后被原地写入了。改用非原地的写法（`h = h + 1`），"
        "或者先 `clone()` 再原地写入。",
    },
    {
        "match": "a leaf Variable that requires grad is being used in an in-place operation",
        "id": "err-leaf-in-place",
        "fix": "in-place.md#which-raise",
        "en": "An in-place write into a leaf that requires grad (a parameter) while autograd "
        "records. Write under `torch.no_grad()`, as an optimizer does, or write into a copy.",
        "zh": "在 autograd（自动求导）记录时，原地写入了需要梯度的叶子张量（比如参数）。"
        "像优化器那样在 `torch.no_grad()` 下写入，或者写入一份副本。",
    },
    {
        "match": "a view of a leaf Variable that requires grad is being used in an in-place",
        "id": "err-view-of-leaf-in-place",
        "fix": "in-place.md#which-raise",
        "en": "The same rule as for the leaf itself: a slice of a parameter (`w[:2]`, `w[0]`) is "
        "a view, and writing into it writes into the leaf. Write under `torch.no_grad()`.",
        "zh": "规则与叶子张量本身相同：参数的切片（`w[:2]`、`w[0]`）是视图，"
        "往里写就是往叶子张量里写。在 `torch.no_grad()` 下写入。",
    },
    {
        "match": "Can't call numpy() on Tensor that requires grad",
        "id": "err-numpy-requires-grad",
        "fix": "edges.md",
        "en": "Call `t.detach().numpy()`, as the message says: the array shares memory with `t`, "
        "and autograd does not see writes through it.",
        "zh": "按消息说的调用 `t.detach().numpy()`：得到的数组与 `t` 共享内存，"
        "通过它写入的改动 autograd 看不到。",
    },
    {
        "match": "more than one element of the written-to tensor refers to a single memory",
        "id": "err-written-to-overlap",
        "fix": "in-place.md",
        "en": "The destination is expanded (stride 0), so several of its elements are one "
        "element in memory. Write into `t.clone()` or `t.contiguous()`, which have their own "
        "memory for every element.",
        "zh": "写入目标是 expand 出来的（步长为 0），它的多个元素在内存里是同一个元素。"
        "改为写入 `t.clone()` 或 `t.contiguous()`，它们的每个元素都有自己的内存。",
    },
    {
        "match": "some elements of the input tensor and the written-to tensor refer",
        "id": "err-input-overlap",
        "fix": "in-place.md",
        "en": "The source and the destination of the write overlap in memory. `clone()` the "
        "source first, as the message says.",
        "zh": "写入的源和目标在内存里有重叠。按消息说的，先对源做 `clone()`。",
    },
    {
        "match": "view size is not compatible with input tensor's size and stride",
        "id": "err-view-size",
        "fix": "troubleshooting.md#view-after-clone",
        "en": "`view` never copies, and this layout cannot be read in the new shape without "
        "copying. Use `reshape`, which copies when it must, or make the copy row-major "
        "yourself: `clone(memory_format=torch.contiguous_format)`.",
        "zh": "`view` 从不复制，而这种布局不复制就无法按新形状读取。改用 `reshape`"
        "（必要时它会复制），或者自己复制出行优先的一份：`clone(memory_form"
        "at=torch.contiguous_format)`。",
    },
    {
        "match": "To copy construct from a tensor",
        "id": "warn-copy-construct",
        "fix": "edges.md",
        "en": "`torch.tensor(t)` copies the data and drops the graph. Write "
        "`t.detach().clone()` for the same result without the warning, or `t.clone()` if "
        "gradients must flow back to `t`.",
        "zh": "`torch.tensor(t)` 会复制数据并丢掉计算图。想要同样的结果又不要警告，就写 "
        "`t.detach().clone()`；需要梯度传回 `t` 时写 `t.clone()`。",
    },
    {
        "match": "Only Tensors created explicitly by the user (graph leaves)",
        "id": "err-deepcopy-non-leaf",
        "fix": "edges.md",
        "en": "`copy.deepcopy` refuses a tensor that has a `grad_fn`. Copy it with "
        "`y.detach().clone()`, or compute it under `torch.no_grad()`: the result has no "
        "`grad_fn`, and deepcopy accepts it.",
        "zh": "`copy.deepcopy` 不接受带 `grad_fn` 的张量。用 `y.de"
        "tach().clone()` 复制它，或者在 `torch.no_grad()` "
        "下计算它：这样得到的结果没有 `grad_fn`，可以深复制。",
    },
    {
        "match": "Trying to backward through the graph a second time",
        "id": "err-backward-twice",
        "fix": "training.md",
        "en": "The graph's saved tensors were freed by the first `backward()`. When state "
        "carried from one batch to the next (an RNN's hidden state, a running total) links "
        "the batches into one graph, `detach()` it between steps, so that each step "
        "backpropagates through its own batch only. `retain_graph=True` is for a second "
        "backward through the same graph before anything writes into what it saved (two "
        "losses, or `autograd.grad` and then `backward()`). With carried state it only "
        "postpones the error: once `optimizer.step()` has written into the weights, a later "
        "`backward()` fails with the in-place error.",
        "zh": "第一次 `backward()` 已经释放了计算图保存的张量。如果从上一批带到下一批的状态"
        "（例如 RNN 的隐藏状态、累计的总和）把各批次连成了一张计算图，就在两步之间对它 "
        "`detach()`，让每一步只对自己这一批做反向传播。`retain_graph=True` 适用于在同一张"
        "计算图上做第二次反向传播、而在此之前没有任何操作写入它保存的张量的情况（两个损失，"
        "或者先 `autograd.grad` 再 `backward()`）。对于跨批次携带的状态，它只是把错误推后："
        "`optimizer.step()` 写入权重之后，之后的某次 `backward()` 就会报原地操作的错误。",
    },
    {
        "match": "'pin_memory' argument is set as true but no accelerator is found",
        "id": "warn-pin-memory-no-accelerator",
        "fix": "devices.md",
        "en": "Without an accelerator there is nothing to pin for: the loader goes on with "
        "ordinary memory, and the batch is not pinned. Ask for pinned memory on machines "
        "with a GPU only.",
        "zh": "没有加速器时锁页内存派不上用场：数据加载器照常使用普通内存，"
        "批次没有放进锁页内存。只在有 GPU 的机器上要求锁页内存。",
    },
    {
        "match": "Inplace update to inference tensor outside InferenceMode",
        "id": "err-inference-tensor-in-place",
        "fix": "training.md",
        "en": "A tensor made under `torch.inference_mode()` was written in place outside it; in "
        "torch 2.13 the write has already happened when the error is raised. Write into a "
        "`clone()` made outside inference mode, or make the tensor under `torch.no_grad()`.",
        "zh": "在 `torch.inference_mode()` 之外原地写入了在它里面创建的张量；在 torch 2.13 "
        "中，报错时这次写入已经生效。改为写入在推理模式之外做的 `clone()`，或者在 "
        "`torch.no_grad()` 下创建这个张量。",
    },
    {
        "match": "element 0 of tensors does not require grad and does not have a grad_fn",
        "id": "err-element-0-no-grad-fn",
        "fix": "training.md",
        "en": "`backward()` was called on a tensor that is not in any graph: here a gradient "
        "taken without `create_graph=True`, which has no `grad_fn`. Pass `create_graph=True` "
        "to `torch.autograd.grad` when a loss is built from that gradient.",
        "zh": "对一个不在任何计算图中的张量调用了 `backward()`：这里是没有传 "
        "`create_graph=True` 求得的梯度，它没有 `grad_fn`。要用这个梯度构造损失时，给 "
        "`torch.autograd.grad` 传 `create_graph=True`。",
    },
    {
        "match": "you can only change requires_grad flags of leaf variables",
        "id": "err-requires-grad-non-leaf",
        "fix": "detach.md",
        "en": "A non-leaf's `requires_grad` follows from its graph and cannot be switched. "
        "`detach()` it: `y.detach()` needs no gradient, and `y.detach().requires_grad_()` is "
        "a new leaf that starts a graph of its own.",
        "zh": "非叶子张量的 `requires_grad` 由它所在的计算图决定，不能改。先 `detach()`："
        "`y.detach()` 不需要梯度，`y.detach().requires_grad_()` 则是一个新的叶子张量，"
        "从它开始一张新的计算图。",
    },
    {
        "match": "elements cannot be converted to Scalar",
        "id": "err-item-more-than-one-element",
        "fix": "edges.md",
        "en": "`item()` takes a tensor of exactly one element. Use `tolist()` for all the values "
        "as Python numbers, or index one element first, one index per dimension (`t[0].item()` "
        "on a 1-D tensor, `t[0, 0].item()` on a 2-D one).",
        "zh": "`item()` 只接受恰好一个元素的张量。要把所有值变成 Python 数值就用 `tolist()`，"
        "或者先取出一个元素，每一维给一个下标（一维张量写 `t[0].item()`，二维张量写 "
        "`t[0, 0].item()`）。",
    },
    {
        "match": "At least one stride in the given numpy array is negative",
        "id": "err-numpy-negative-strides",
        "fix": "edges.md",
        "en": "`torch.from_numpy` shares the array's memory, and a tensor cannot have a negative "
        "stride (a reversed view such as `a[::-1]`). Pass `a.copy()`, which has positive "
        "strides, and accept that the tensor no longer shares memory with `a`.",
        "zh": "`torch.from_numpy` 与数组共享内存，而张量不能有负步长（比如 `a[::-1]` 这样"
        "反转的视图）。传入步长为正的 `a.copy()`，但这样得到的张量就不再与 `a` 共享内存。",
    },
    {
        "match": "The size of tensor a",
        "id": "err-size-must-match",
        "fix": "in-place.md#broadcasting",
        "en": "The two shapes do not broadcast. `copy_` never reshapes, even when the element "
        "counts agree: say which layout you mean, `dst.copy_(src.reshape(dst.shape))`.",
        "zh": "两个形状无法广播。即使元素个数相同，`copy_` 也从不改变形状：要写明你想要的排布，"
        "比如 `dst.copy_(src.reshape(dst.shape))`。",
    },
    {
        "match": "doesn't match the broadcast shape",
        "id": "err-broadcast-shape",
        "fix": "in-place.md#broadcasting",
        "en": "An in-place write keeps the destination's shape, and the source broadcasts to a "
        "larger one. Write into a destination of the broadcast shape, or reduce or slice the "
        "source first.",
        "zh": "原地写入保持目标的形状，而源广播后的形状比目标大。改为写入形状等于广播结果的"
        "目标，或者先对源做归约或切片。",
    },
    {
        "match": "Casting complex values to real discards the imaginary part",
        "id": "warn-complex-to-real",
        "fix": "in-place.md",
        "en": "`copy_` converts to the destination's dtype, and a real destination keeps only "
        "the real part. Copy into a complex destination, or take `src.real` on purpose.",
        "zh": "`copy_` 会转换成目标的 dtype，实数目标只留下实部。改为复制到复数目标中，"
        "或者明确地取 `src.real`。",
    },
    {
        "match": "Can't export tensors that require gradient",
        "id": "err-dlpack-requires-grad",
        "fix": "models.md",
        "en": "DLPack hands the memory to another library, which cannot carry the graph. Export "
        "`t.detach()` (the same memory), as the message says.",
        "zh": "DLPack 把内存交给另一个库，计算图带不过去。按消息说的导出 `t.detach()`"
        "（仍是同一块内存）。",
    },
    {
        "match": "expected dtype float for `end` but got dtype double",
        "id": "err-optimizer-state-dtype",
        "fix": "models.md",
        "en": "The optimizer's state kept the old dtype after `model.to(torch.float64)`. Reload "
        "the state: `optimizer.load_state_dict(optimizer.state_dict())` converts each "
        "parameter's buffers (`exp_avg`, not the `step` count) to that parameter's dtype.",
        "zh": "`model.to(torch.float64)` 之后，优化器的状态仍是原来的 d"
        "type。重新加载状态：`optimizer.load_state_dict(opt"
        "imizer.state_dict())` 会把各参数的缓冲区（`exp_avg` 等，`step` 计数除外）"
        "转换成该参数的 dtype。",
    },
    {
        "match": "module 'torch' has no attribute 'shares_memory'",
        "id": "err-no-torch-shares-memory",
        "fix": "claims.md#claim-10",
        "en": "PyTorch has no `torch.shares_memory`; NumPy's `np.shares_memory` asks whether two "
        "arrays overlap. To ask whether two tensors use one storage, compare "
        "`a.untyped_storage().data_ptr()` with `b.untyped_storage().data_ptr()`; this holds for "
        "tensors with elements only, since every empty tensor reports 0.",
        "zh": "PyTorch 没有 `torch.shares_memory`；NumPy 的 `np.shares_memory` 问的是两个数组"
        "是否重叠。要判断两个张量是否使用同一个存储，比较 `a.untyped_storage().data_ptr()` "
        "和 `b.untyped_storage().data_ptr()`；这只适用于有元素的张量，空张量报告的都是 0。",
    },
    {
        "match": "Cannot access accelerator device when none is available",
        "id": "err-pin-memory-no-accelerator",
        "fix": "devices.md",
        "en": "`pin_memory()` pins for an accelerator, and this machine has none. Pin only "
        "where a GPU is present; code that must run on both should catch `RuntimeError` "
        "rather than match the message, which depends on the build (the wordings below).",
        "zh": "`pin_memory()` 是为加速器锁页的，而这台机器上没有加速器。只在有 GPU 的地方"
        "锁页；要在两种机器上都能运行的代码应当捕获 `RuntimeError`，而不是匹配消息文字："
        "消息取决于构建（见下面的措辞）。",
    },
    {
        "match": "Inference tensors cannot be saved for backward",
        "id": "err-inference-tensor-saved",
        "fix": "training.md",
        "en": "A tensor made under `torch.inference_mode()` reached a computation that autograd "
        "records. Make it under `torch.no_grad()` instead, or `clone()` it outside inference "
        "mode.",
        "zh": "在 `torch.inference_mode()` 下创建的张量进入了 autograd 记录的计算。改在 "
        "`torch.no_grad()` 下创建，或者在推理模式之外对它做 `clone()`。",
    },
]


def note_for(entry: Entry) -> dict | None:
    """The note whose text starts earliest in the heading (the longest where two start alike)."""
    found = [n for n in NOTES if n["match"] in entry.heading]
    return min(
        found, key=lambda n: (entry.heading.index(n["match"]), -len(n["match"])), default=None
    )


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    slug = ""
    for word in words:
        if len(slug) + len(word) + 1 > 48:
            break
        slug = f"{slug}-{word}" if slug else word
    return slug


def index(docs: Path = project.DOCS, versions: dict | None = None) -> list[Entry]:
    """The entries in the order of the page: errors, then warnings, each by heading."""
    entries = collect(docs)
    add_other_releases(entries, versions if versions is not None else versions_page.committed())
    ordered = sorted(entries.values(), key=lambda e: (is_warning(e.kind), e.kind, e.key.casefold()))
    used: set[str] = set()
    for entry in ordered:
        note = note_for(entry)
        prefix = "warn-" if is_warning(entry.kind) else "err-"
        base = note["id"] if note else prefix + _slug(entry.key)
        anchor, n = base, 2
        while anchor in used:
            anchor, n = f"{base}-{n}", n + 1
        used.add(anchor)
        entry.anchor = anchor
    return ordered


# -- rendering ----------------------------------------------------------------------------------

LABELS = {
    "en": {
        "generated": (
            "<!-- Generated by `{command}` from the pages' output blocks and "
            "docs/generated/versions.json. Do not edit: run `{command}`. -->"
        ),
        "summary": (
            "{entries} entries: {errors} errors and {warnings} warnings, {wordings} wordings "
            "printed by {snippets} snippets on {pages} pages."
        ),
        "errors": "Errors",
        "warnings": "Warnings",
        "fix": "**Fix.**",
        "fix_line": "{fix} {note} ({link})",
        "printed": "**Printed by**",
        "in": "in",
        "elsewhere": "**Other releases.** With torch {releases}, the line reads:",
        "elsewhere_line": "**Other releases.** With torch {releases}, line {number} above reads:",
        "not_printed": "**Other releases.** torch {releases} print no such line.",
        "not_printed_one": "**Other releases.** torch {releases} prints no such line.",
        "and": ", ",
    },
    "zh": {
        "generated": (
            "<!-- 由 `{command}` 根据各页的输出块和 docs/generated/versions.json 生成。"
            "请勿手工修改：运行 `{command}`。 -->"
        ),
        "summary": (
            "共 {entries} 条：{errors} 条错误、{warnings} 条警告，"
            "{wordings} 种措辞，由 {pages} 个页面上的 {snippets} 个代码片段打印。"
        ),
        "errors": "错误",
        "warnings": "警告",
        "fix": "**修复：**",
        "fix_line": "{fix}{note}（{link}）",
        "printed": "**打印它的代码片段：**",
        "in": "见",
        "elsewhere": "**其他版本：**在 torch {releases} 上，这一行是：",
        "elsewhere_line": "**其他版本：**在 torch {releases} 上，上面第 {number} 行是：",
        "not_printed": "**其他版本：**torch {releases} 不打印这一行。",
        "not_printed_one": "**其他版本：**torch {releases} 不打印这一行。",
        "and": "、",
    },
}


def _heading_code(text: str) -> str:
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _fence(lines: list[str], title: str | None = None) -> list[str]:
    opening = f'```text title="{title}"' if title else "```text"
    return [opening, *lines, "```"]


def _section_link(place: Place, language: str) -> str:
    title = place.title.get(language, place.page)
    section = place.section.get(language, title)
    target = f"{place.page}.md" + (f"#{place.anchor}" if place.anchor else "")
    if language == "zh":
        text = f"《{title}》" + (f"中的“{section}”" if section != title else "")
    else:
        text = title + (f" › {section}" if section != title else "")
    return f"[{text}]({target})"


def render(entries: list[Entry], language: str) -> str:
    labels = LABELS[language]
    snippets = {p.snippet for e in entries for p in e.places}
    out = [
        labels["generated"].format(command=COMMAND),
        "",
        labels["summary"].format(
            entries=len(entries),
            errors=sum(not is_warning(e.kind) for e in entries),
            warnings=sum(is_warning(e.kind) for e in entries),
            wordings=sum(len(e.wordings) for e in entries),
            snippets=len(snippets),
            pages=len({p.page for e in entries for p in e.places}),
        ),
    ]
    for warnings, title, anchor in (
        (False, labels["errors"], "errors"),
        (True, labels["warnings"], "warnings"),
    ):
        group = [e for e in entries if is_warning(e.kind) == warnings]
        if not group:
            continue
        out += ["", f"## {title} {{ #{anchor} }}"]
        for entry in group:
            out += _entry(entry, language, labels)
    return "\n".join(out).rstrip("\n") + "\n"


def _entry(entry: Entry, language: str, labels: dict) -> list[str]:
    out = ["", f"### {_heading_code(entry.heading)} {{ #{entry.anchor} }}", ""]
    out += _fence([f"{entry.kind}: {w}" for w in entry.wordings])
    note = note_for(entry)
    if note:
        link = _fix_link(note["fix"], entry, language)
        out += ["", labels["fix_line"].format(fix=labels["fix"], note=note[language], link=link)]
    out += ["", labels["printed"], ""]
    for place in entry.places:
        out.append(f"- `{place.snippet}` {labels['in']} {_section_link(place, language)}")
    for number, wording in enumerate(entry.wordings, 1):
        for said, releases in entry.elsewhere.get(wording, {}).items():
            names = release_list(releases, language)
            if len(entry.wordings) > 1:
                head = labels["elsewhere_line"].format(releases=names, number=number)
            else:
                head = labels["elsewhere"].format(releases=names)
            if said == NOT_PRINTED:
                said = "not_printed_one" if len(releases) == 1 else "not_printed"
                out += ["", labels[said].format(releases=names)]
                continue
            out += ["", head, "", *_fence([said])]
    return out


def release_list(releases: list[str], language: str) -> str:
    """`2.4.1`, `2.7.1` to `2.15.0`: runs of three or more releases in a row as one span."""
    words = versions_line.LINES[language]
    data = versions_page.committed()
    run = [r for r in data["releases"] if not r.get("not_run") and not r.get("pinned")]
    pinned = data["pinned"].split("+")[0]
    names = [r["release"] for r in run]
    shown = [
        words["cuda"].format(release=f"`{name}`") if name == pinned else f"`{name}`"
        for name in names
    ]
    chosen = [name in releases for name in names]
    return words["list"].join(versions_line._spans(shown, chosen, words["to"]))


def _fix_link(target: str, entry: Entry, language: str) -> str:
    """The section a note's `fix` names: page#anchor, or a page, then the entry's place on it."""
    page, _, anchor = target.partition("#")
    slug = page.removesuffix(".md")
    place = next((p for p in entry.places if p.page == slug), None)
    texts = {}
    for lang in project.LANGUAGES:
        path = project.page_path(slug, lang)
        texts[lang] = path.read_text(encoding="utf-8") if path.is_file() else ""
    if anchor or place is None:
        title, section = {}, {}
        for lang, text in texts.items():
            heads = pages.headings(text)
            title[lang] = heads[0].title if heads else slug
            section[lang] = next((h.title for h in heads if h.anchor == anchor), title[lang])
        place = Place("", slug, anchor or None, section, title)
    label = "see " if language == "en" else "见"
    return label + _section_link(place, language)


def outputs(docs: Path = project.DOCS) -> dict[Path, str]:
    found = index(docs)
    return {OUTPUTS[language]: render(found, language) for language in project.LANGUAGES}


QUERIES = project.ROOT / "tests" / "data" / "error_queries.yml"
_QUERIES_HEAD = """\
# Error messages a reader pastes into the site's search, and the entry that must come first:
# the first wording of each entry of the error index, once per language. Written by
# `python -m tools.generate.errors --queries`; tests/test_errors.py checks that it matches the
# index. `answer` is the result's location as the language's own search index writes it
# (relative to the language's root: /zh/ for zh).
"""


def queries(entries: list[Entry]) -> str:
    """tests/data/error_queries.yml: what a reader pastes (the first line as printed)."""
    lines = [_QUERIES_HEAD]
    for language in project.LANGUAGES:
        for entry in entries:
            first = entry.wordings[0]
            query = first if entry.kind == BARE else f"{entry.kind}: {first}"
            lines += [
                f"- lang: {language}",
                f"  query: {json.dumps(query, ensure_ascii=False)}",
                f"  answer: errors/#{entry.anchor}",
            ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    changed = 0
    for path, text in outputs().items():
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            changed += 1
            print(f"{path.relative_to(project.ROOT)}: rewritten")
    entries = index()
    if "--queries" in argv:
        QUERIES.write_text(queries(entries), encoding="utf-8")
        print(f"{QUERIES.relative_to(project.ROOT)}: written")
    print(f"{len(entries)} entries, {changed} file(s) rewritten")
    for entry in entries:
        print(f"  {entry.anchor}: {entry.heading}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
