"""The atlas's probes: one operator of PyTorch's catalogue measured on the CPU (or a GPU).

The catalogue is `torch.testing._internal.common_methods_invocations.op_db`: one `OpInfo` per
operator (or variant of one), each with sample inputs PyTorch's own tests run. It is private API,
pinned with torch in requirements.txt, and it needs `expecttest` and `hypothesis` to import.

For each OpInfo, in float32 (or the first dtype it supports from `DTYPES`):

- its first `SAMPLES_PER_OP` sample inputs run, and then inputs added here because they decide
  rows the catalogue's samples rarely reach (`added_inputs`). Each result is the same object as
  an input, shares an input's memory (the byte ranges of the untyped storages overlap:
  `tools.generate.semantics.shares_storage`), is new memory, is not a tensor, or the call raises.
  Added inputs that raise are kept in the JSON but do not make a row conditional: they say more
  about the input built here than about the operator.
- when the samples disagree, the first trait of the inputs that separates them (contiguity, an
  argument's value, the dtype) is written down as the condition;
- the ATen schema's alias annotations (`Tensor(a)` in the returns) say what the operator declares,
  and the row says whether the measurement agrees;
- for an aliasing result, whether a write into it changes the input;
- for the in-place variant: storage kept, version counter bumped, and whether it raises on a leaf
  that requires grad, on a view of one, and on an expanded input.

Nothing here forks, writes a file or renders: atlas_pool runs `measure_op` for every OpInfo,
atlas_render turns the rows into tables, atlas is the command line.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
import warnings

import torch

from tools.generate.semantics import shares_storage

SAMPLES_PER_OP = 4  # from the catalogue; the added inputs come on top
DTYPES = (torch.float32, torch.float64, torch.complex64, torch.int64, torch.int32, torch.bool)
KINDS = ("same", "shares", "new", "other", "raises")  # strongest relation first

# Arguments that ask an operator to change nothing, for operators whose catalogue samples never
# do: they replace the first sample's arguments. Only a shortcut in the operator can make these
# return the input.
NO_OP_ARGUMENTS = {
    "to": lambda x: ((x.dtype,), {}),
    "nn.functional.pad": lambda x: (((0, 0),), {}),
    "repeat": lambda x: (((1,) * x.dim(),), {}),
    "tile": lambda x: (((1,) * x.dim(),), {}),
}


# -- probes: each answers one question about tensors it is given ---------------------------------


def shares_memory(a: torch.Tensor, b: torch.Tensor) -> bool:
    """The matrix's byte-range test, plus one case it cannot see: two zero-byte storages share
    nothing by bytes, so for them the question is whether they are the same storage object (a
    view of an empty tensor is; an empty copy is not)."""
    if shares_storage(a, b):
        return True
    if a.device != b.device or a.layout != torch.strided or b.layout != torch.strided:
        return False
    sa, sb = a.untyped_storage(), b.untyped_storage()
    return sa.nbytes() == 0 and sb.nbytes() == 0 and sa._cdata == sb._cdata


def tensors_in(value, name: str) -> list[tuple[str, torch.Tensor]]:
    """Every tensor inside a value (tensors, tuples, lists, dicts), with where it was found."""
    if isinstance(value, torch.Tensor):
        return [(name, value)]
    if isinstance(value, list | tuple):
        found = []
        for index, item in enumerate(value):
            found += tensors_in(item, f"{name}[{index}]")
        return found
    if isinstance(value, dict):
        found = []
        for key, item in value.items():
            found += tensors_in(item, f"{name}.{key}")
        return found
    return []


def relation(inputs: list[tuple[str, torch.Tensor]], result) -> tuple[str, str | None]:
    """What a result is to the inputs: ("same" | "shares" | "new" | "other", which input).

    The strongest relation of any output tensor to any input tensor wins: one output that is an
    input makes the call "same", one that shares an input's memory makes it "shares".
    """
    outputs = [tensor for _, tensor in tensors_in(result, "result")]
    if not outputs:
        return "other", None
    for name, tensor in inputs:
        if any(output is tensor for output in outputs):
            return "same", name
    for name, tensor in inputs:
        strided = tensor.layout == torch.strided
        if strided and any(o.layout == torch.strided and shares_memory(tensor, o) for o in outputs):
            return "shares", name
    return "new", None


def write_reaches(source: torch.Tensor, result: torch.Tensor) -> bool | None:
    """Whether an in-place write into result, outside autograd, changes the values of source.

    None when the write raises (an expanded result, a dtype add_ cannot write). NaN compares
    equal to NaN here, so a NaN in the input does not look like a change.
    """
    with torch.no_grad():
        before = source.detach().clone()
        try:
            if result.dtype == torch.bool:
                result.logical_not_()
            else:
                result.add_(1)
        except RuntimeError:
            return None
        after = source.detach()
        if before.shape != after.shape:
            return True
        same = before == after
        if before.is_floating_point() or before.is_complex():
            same |= before.isnan() & after.isnan()
        return not bool(same.all())


def raises(call) -> tuple[bool, str | None]:
    try:
        call()
    except Exception as error:  # noqa: BLE001 - that it raised is the answer
        return True, first_line(error)
    return False, None


def inplace_facts(inplace, make_input, args, kwargs) -> dict:
    """What an in-place variant does to its input, each question on a fresh input from
    make_input(). Raises whatever the plain call raises, so the caller can try another sample."""
    x = make_input()
    pointer, version = x.untyped_storage().data_ptr(), x._version
    result = inplace(x, *args, **kwargs)
    facts = {
        "returns_self": result is x,
        "storage_kept": x.untyped_storage().data_ptr() == pointer,
        "version_bumped": x._version > version,
        "raises_on_leaf": None,
        "raises_on_leaf_view": None,
        "raises_on_expanded": None,
        "errors": {},
    }
    if x.is_floating_point() or x.is_complex():
        leaf = make_input().requires_grad_()
        facts["raises_on_leaf"], facts["errors"]["leaf"] = raises(
            lambda: inplace(leaf, *args, **kwargs)
        )
        base = make_input().requires_grad_()
        facts["raises_on_leaf_view"], facts["errors"]["leaf_view"] = raises(
            lambda: inplace(base.view(base.shape), *args, **kwargs)
        )
    expanded = expand_input(make_input())
    if expanded is not None:
        facts["raises_on_expanded"], facts["errors"]["expanded"] = raises(
            lambda: inplace(expanded, *args, **kwargs)
        )
    facts["errors"] = {key: value for key, value in facts["errors"].items() if value}
    return facts


def first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0] if lines else ''}".rstrip()
    text = re.sub(r"0x[0-9a-fA-F]+", "0x…", text)  # addresses differ from run to run
    return text if len(text) <= 160 else text[:159] + "…"


# -- inputs that decide a row ---------------------------------------------------------------------


def non_contiguous(x: torch.Tensor) -> torch.Tensor | None:
    """The same values in the same shape with every stride reversed (a transposed layout): for
    most target shapes no view of it is possible. 1-D: every other element."""
    if x.dim() == 0 or x.numel() < 2:
        return None
    if x.dim() == 1:
        spaced = x.new_empty(2 * x.shape[0])[::2]
        return spaced.copy_(x)
    flipped = x.new_empty(tuple(reversed(x.shape))).permute(*reversed(range(x.dim())))
    return flipped.copy_(x)


def spaced_rows(x: torch.Tensor) -> torch.Tensor | None:
    """The same values with the first dimension's stride doubled, as `randn(4, 4, 4)[:, 0, :]` or
    a slice with a step: not contiguous, yet every shape that keeps the first dimension apart
    (splitting or merging only the others) is still a view of it."""
    if x.dim() < 2 or x.shape[0] < 2 or x[0].numel() < 2:
        return None
    wide = x.new_empty((x.shape[0], 2, *x.shape[1:]))
    return wide.select(1, 0).copy_(x)


def channels_last(x: torch.Tensor) -> torch.Tensor | None:
    """A 4-D input in channels_last memory format (not contiguous in the default sense)."""
    if x.dim() != 4 or x.is_contiguous(memory_format=torch.channels_last):
        return None
    return x.contiguous(memory_format=torch.channels_last)


def expand_input(x: torch.Tensor) -> torch.Tensor | None:
    """The same shape, with the first dimension longer than one read from one element (stride 0).
    None when no two elements could share memory that way."""
    if x.numel() < 2:
        return None
    for dim, size in enumerate(x.shape):
        if size > 1:
            return x.narrow(dim, 0, 1).expand(x.shape)
    return None


def expand_all(x: torch.Tensor) -> torch.Tensor | None:
    """The same shape read from one element: every stride 0 (`ones(1, 1).expand(3, 4)`)."""
    if x.dim() < 2 or x.numel() < 2:
        return None
    return x.reshape(-1)[:1].view((1,) * x.dim()).expand(x.shape)


def zero_size(x: torch.Tensor) -> torch.Tensor | None:
    if x.dim() == 0 or x.numel() == 0:
        return None
    return x.new_empty((0, *x.shape[1:]))


def zero_dim(x: torch.Tensor) -> torch.Tensor | None:
    if x.dim() == 0 or x.numel() == 0:
        return None
    return x.reshape(-1)[0].clone()


def batched(x: torch.Tensor) -> torch.Tensor | None:
    """Two copies of the input along a new first dimension, for operators that take a batch."""
    if x.dim() == 0:
        return None
    return torch.stack((x, x))


def unbatched(x: torch.Tensor) -> torch.Tensor | None:
    """The input's first element along the first dimension, one dimension fewer."""
    if x.dim() < 2 or x.shape[0] == 0:
        return None
    return x[0].clone()


# Layouts built from each of the first LAYOUT_SAMPLES catalogue inputs, in this order.
LAYOUTS = (
    ("non-contiguous", non_contiguous),
    ("spaced", spaced_rows),
    ("channels-last", channels_last),
    ("expanded", expand_input),
    ("expanded-all", expand_all),
)
LAYOUT_SAMPLES = 2
# Shapes and dtypes built from the first catalogue input.
RESHAPED = (("zero-size", zero_size), ("0-dim", zero_dim), ("batched", batched),
            ("unbatched", unbatched))  # fmt: skip
OTHER_DTYPES = (("complex64", torch.complex64), ("int64", torch.int64))


def _getitem_calls(x):
    """Indices no catalogue sample uses, then the four of test/test_view_ops.py (the
    test_basic_indexing_* and test_advanced_indexing_nonview tests), in that order."""
    t = torch.ones(5, 5)
    rows, cols = torch.tensor([[0, 0], [2, 2]]), torch.tensor([[0, 1], [2, 2]])
    return [
        ("0-dim-index", x, (torch.tensor(1),), {}),
        ("0-dim-index", x, ((torch.tensor(1), slice(1, None)),), {}),
        ("bool-index", x, (True,), {}),
        ("bool-index", x, (torch.tensor(True),), {}),
        ("list-with-slice", x, ([0, slice(None)],), {}),
        ("test_view_ops", t, ((slice(None, 2), slice(None, 3)),), {}),
        ("test_view_ops", t, ((Ellipsis, slice(None, 2)),), {}),
        ("test_view_ops", t, ((None, slice(None, 2), 3),), {}),
        ("test_view_ops", torch.ones(3, 3), ((rows, cols),), {}),
    ]


def _contiguous_calls(x):
    """test_contiguous_self and test_contiguous_nonview, then memory formats."""
    four = torch.arange(120.0).view(2, 3, 4, 5)
    last = four.contiguous(memory_format=torch.channels_last)
    return [
        ("test_view_ops", torch.ones(5, 5), (), {}),
        ("test_view_ops", torch.ones(5, 5).t(), (), {}),
        ("channels-last-asked", four, (), {"memory_format": torch.channels_last}),
        ("channels-last-asked", last, (), {"memory_format": torch.channels_last}),
        ("channels-last", last, (), {}),
    ]


def _reshape_calls(x):
    """test_reshape and test_reshape_nonview of test/test_view_ops.py, then non-contiguous
    inputs of each kind, reshaped once to a shape a view allows and once to one it does not."""
    rows = torch.randn(4, 4, 4)[:, 0, :]
    t = torch.randn(4, 6).t()
    last = torch.randn(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)
    return [
        ("test_view_ops", rows, ((2, 2, 4),), {}),
        ("test_view_ops", rows, ((-1,),), {}),
        ("test_view_ops", torch.ones(5, 5).t(), ((25,),), {}),
        ("non-contiguous", t, ((6, 2, 2),), {}),
        ("non-contiguous", t, ((-1,),), {}),
        ("non-contiguous", torch.arange(10.0)[::2], ((-1,),), {}),
        ("expanded-all", torch.ones(1, 1).expand(3, 4), ((-1,),), {}),
        ("expanded", torch.ones(3, 1).expand(3, 4), ((3, 2, 2),), {}),
        ("expanded", torch.ones(3, 1).expand(3, 4), ((-1,),), {}),
        ("channels-last", last, ((2, 3, 20),), {}),
        ("channels-last", last, ((2, 60),), {}),
    ]


def _reshape_as_calls(x):
    def like(t, shape):
        return torch.empty(t.numel() if shape == (-1,) else shape)

    return [(s, t, (like(t, shape),), k) for s, t, (shape,), k in _reshape_calls(x)]


def _flatten_calls(x):
    """test_flatten_view and test_flatten_nonview of test/test_view_ops.py, then more."""
    return [
        ("test_view_ops", torch.ones(1, 2, 3, 4), (), {}),
        ("test_view_ops", torch.tensor(1.0), (), {}),
        ("test_view_ops", torch.ones(1, 2, 3, 4).transpose(2, 3), (0, 1), {}),
        ("test_view_ops", torch.ones(2, 3, 2, 3).transpose(2, 3), (1, 3), {}),
        ("test_view_ops", torch.ones(2, 2).T, (), {}),
        ("test_view_ops", torch.ones(2, 2), (1, 1), {}),
        ("non-contiguous", torch.arange(10.0)[::2], (), {}),
        ("non-contiguous", torch.randn(4, 6).t(), (1,), {}),
        ("expanded-all", torch.ones(1, 1).expand(3, 4), (), {}),
        ("expanded", torch.ones(3, 1).expand(3, 4), (), {}),
    ]


# Calls that decide a row no generic input reaches: other arguments, or inputs of another shape.
EXTRA_CALLS = {
    "__getitem__": _getitem_calls,
    "contiguous": _contiguous_calls,
    "reshape": _reshape_calls,
    "reshape_as": _reshape_as_calls,
    "flatten": _flatten_calls,
    "ravel": lambda x: [
        # TestOldViewOps.test_ravel: a view of a contiguous tensor, a copy of its transpose, and
        # a contiguous result for a 1-D input with a step (so a copy: the input has stride 2)
        ("test_view_ops", torch.randn(5, 5), (), {}),
        ("test_view_ops", torch.randn(5, 5).t(), (), {}),
        ("test_view_ops", torch.ones(10)[::2], (), {}),
    ],
    "unbind": lambda x: [
        ("zero-size", torch.empty(3, 0), (0,), {}),
        ("zero-size", torch.empty(0, 3), (0,), {}),
    ],  # fmt: skip
    "broadcast_tensors": lambda x: [
        ("broadcast-shape", torch.ones(3, 4), (torch.ones(4),), {}),
        ("broadcast-shape", torch.ones(3, 4), (torch.ones(3, 4),), {}),
    ],
    "view": lambda x: [
        ("view-dtype", x.contiguous(), (torch.int32,), {}),
        ("view-dtype", x.contiguous(), (torch.int16,), {}),
    ],  # fmt: skip
    "atleast_1d": lambda x: [("0-dim", torch.tensor(1.0), (), {})],
    "atleast_2d": lambda x: [("0-dim", torch.tensor(1.0), (), {})],
    "atleast_3d": lambda x: [("0-dim", torch.tensor(1.0), (), {})],
}


def no_op_arguments(name: str, x: torch.Tensor):
    build = NO_OP_ARGUMENTS.get(name)
    return None if build is None else build(x)


def traits_of(inputs: list[tuple[str, torch.Tensor]], args, kwargs, dtype) -> list[str]:
    """The facts about one call that can decide what it returns, as short stable strings.
    Contiguity is in the memory format the call asks for (`memory_format=`), by default the
    default one."""
    traits = []
    tensors = [t for name, t in inputs if name.startswith("input")]
    memory_format = kwargs.get("memory_format", torch.contiguous_format)
    if not isinstance(memory_format, torch.memory_format):
        memory_format = torch.contiguous_format
    if tensors:
        strided = [t for t in tensors if t.layout == torch.strided]
        if strided and all(t.is_contiguous(memory_format=memory_format) for t in strided):
            traits.append("contiguous")
        elif strided:
            traits.append("non-contiguous")
        if any(0 in t.stride() and t.numel() > 1 for t in strided):
            traits.append("expanded")
        if any(t.numel() == 0 for t in tensors):
            traits.append("zero-size")
        if tensors[0].dim() > 0 and tensors[0].shape[0] == 0:
            traits.append("empty-first-dim")
        if any(t.dim() == 0 for t in tensors):
            traits.append("0-dim")
        if len(tensors) == 1 and inputs[0][0] == "input[0]":
            traits.append("one-tensor-list")
        dtypes = {t.dtype for t in tensors}
        if dtypes and dtypes != {dtype}:
            names = sorted(str(d).removeprefix("torch.") for d in dtypes)
            traits.append("dtype=" + "/".join(names))
    for key, value in sorted(kwargs.items()):
        if _simple(value):
            traits.append(f"{key}={_show(value)}")
    if any(isinstance(arg, list) or tensors_in(arg, "") for arg in args) or any(
        isinstance(arg, tuple) and any(isinstance(i, list) for i in arg) for arg in args
    ):
        traits.append("argument-list-or-tensor")
    return traits


def _simple(value) -> bool:
    simple = bool | int | float | str | torch.dtype | torch.memory_format
    return value is None or isinstance(value, simple)


def index_traits(index) -> list[str]:
    """What an index given to `x[index]` holds, each part named by its kind: the facts that
    decide between basic indexing (a view) and advanced indexing (a copy)."""
    parts = index if isinstance(index, tuple) else (index,)
    traits = set()
    for part in parts:
        if isinstance(part, bool) or (isinstance(part, torch.Tensor) and part.dtype == torch.bool):
            traits.add("index-bool")
        elif isinstance(part, torch.Tensor):
            traits.add("index-0-dim-tensor" if part.dim() == 0 else "index-tensor")
        elif isinstance(part, list):
            has_slice = any(isinstance(item, slice) for item in part)
            traits.add("index-list-with-slice" if has_slice else "index-list")
        elif isinstance(part, slice | int) or part is None or part is Ellipsis:
            traits.add("index-basic")
    return sorted(traits)


def _show(value) -> str:
    if isinstance(value, torch.dtype):
        return str(value)
    return repr(value)


# -- declared aliasing ----------------------------------------------------------------------------


TENSOR_TYPES = ("Tensor", "Tensor?", "Tensor[]", "List[Tensor]", "Optional[Tensor]")


def schemas_for(op) -> tuple[str | None, list]:
    """The ATen operator an OpInfo names, and its overloads that take a tensor and are neither
    in-place nor out= (those declare `(a!)`: they write, which is another question)."""
    name = op.aten_name
    candidates = [name, name.replace(".", "_")]
    if name.startswith("nn.functional."):
        candidates.append(name.removeprefix("nn.functional."))
    if name.startswith("torch.ops.aten."):
        candidates.append(name.removeprefix("torch.ops.aten.").split(".")[0])
    for candidate in candidates:
        found = torch._C._jit_get_schemas_for_operator(f"aten::{candidate}")
        kept = [
            s
            for s in found
            if not s.is_mutable and s.arguments and str(s.arguments[0].type) in TENSOR_TYPES
        ]
        if kept:
            return f"aten::{candidate}", kept
    return None, []


def declares_alias(schema) -> bool:
    """Whether any return is annotated as an alias of an argument without a write: `Tensor(a)`,
    `Tensor(a)[]`, `Tensor(a|b)`; `Tensor(a!)` is a write, which in-place and out= overloads
    declare."""
    returns = str(schema).rsplit(") -> ", 1)[1]
    return re.search(r"Tensor\([^)!]+\)", returns) is not None


def calls_inplace_method(op) -> bool:
    """Whether the OpInfo's function is a wrapper around the in-place method `<aten_name>_`, as
    the catalogue's `cauchy` or `uniform` are: then the schema that applies is that method's."""
    code = getattr(op.op, "__code__", None)
    if code is None or op.op.__name__ != "<lambda>":
        return False  # F.relu names relu_ too, for inplace=True: a function decides, a lambda wraps
    return f"{op.aten_name}_" in code.co_names and op.aten_name not in code.co_names


def declared(op) -> dict | None:
    if calls_inplace_method(op):
        name = f"aten::{op.aten_name}_"
        schemas = torch._C._jit_get_schemas_for_operator(name)
        if schemas:
            writes = all("!" in str(s).rsplit(") -> ", 1)[1] for s in schemas)
            overloads = sorted(s.overload_name or "default" for s in schemas)
            return {"schema": name, "kind": "inplace" if writes else "some",
                    "aliasing_overloads": overloads}  # fmt: skip
    name, schemas = schemas_for(op)
    if name is None:
        return None
    aliasing = sorted({s.overload_name or "default" for s in schemas if declares_alias(s)})
    overloads = {s.overload_name or "default" for s in schemas}
    kind = "alias" if len(aliasing) == len(overloads) else "some" if aliasing else "none"
    return {"schema": name, "kind": kind, "aliasing_overloads": aliasing}


def agreement(declaration: dict | None, kinds: set[str]) -> str | None:
    """ "agrees", "undeclared" (it aliased, the schema does not say it may) or "unobserved" (the
    schema says it may alias, no sample did). None without a schema or a result to compare."""
    measured = kinds - {"raises", "other"}
    if declaration is None or not measured or declaration["kind"] == "some":
        return None
    aliased = bool(measured & {"same", "shares"})
    if declaration["kind"] == "none":
        return "undeclared" if aliased else "agrees"
    return "agrees" if aliased else "unobserved"  # "alias" and "inplace" both allow it


# -- conditions -----------------------------------------------------------------------------------


# Traits an explanation uses only when no other one does: "the first dimension is 0" explains the
# rows that "the input has no elements" explains, less generally; a count of dimensions, those an
# argument's value explains.
LAST_RESORT = ("empty-first-dim",)


def explain(samples: list[dict]) -> dict | None:
    """Which traits decide the kind, when the samples disagree.

    One kind is "otherwise"; each other kind must be exactly the samples that have one trait, or
    any of two or three ("or"), or both of two ("and"). The simplest explanation wins: fewest
    traits, then the most common kind as "otherwise". None when all samples agree, and
    {"unexplained": True} when no such explanation fits.
    """
    kinds = [s["kind"] for s in samples]
    distinct = sorted(set(kinds), key=lambda k: (-kinds.count(k), KINDS.index(k)))
    if len(distinct) < 2:
        return None
    everything = sorted({t for s in samples for t in s["traits"]})
    varying = [t for t in everything if not all(t in s["traits"] for s in samples)]
    varying.sort(key=lambda t: t in LAST_RESORT)  # where another trait explains as much
    pairs = list(itertools.combinations(varying, 2))
    options = [("or", (t,)) for t in varying]
    options += [("or", pair) for pair in pairs] + [("and", pair) for pair in pairs]
    options += [("or", three) for three in itertools.combinations(varying, 3)]
    best = None
    for otherwise in distinct:
        explained = []
        for kind in distinct:
            if kind == otherwise:
                continue
            members = [kind == s["kind"] for s in samples]
            for how, traits in options:
                test = any if how == "or" else all
                if members == [test(t in s["traits"] for t in traits) for s in samples]:
                    explained.append([kind, how, list(traits)])
                    break
            else:
                break
        else:
            cost = sum(len(traits) for _, _, traits in explained)
            if best is None or cost < best[0]:
                best = (cost, {"when": explained, "otherwise": otherwise})
    return best[1] if best else {"unexplained": True}


# -- measuring one operator -----------------------------------------------------------------------


_progress = None  # in a worker: called with the source of each call before it is made


def op_key(op) -> str:
    return f"{op.name}.{op.variant_test_name}" if op.variant_test_name else op.name


def anchor(key: str) -> str:
    """`op-` and the name with each run of other characters than letters and digits as one
    hyphen: op-reshape, op-nn-functional-dropout. Case is kept (`T` and `t` are two operators),
    and Python's special methods say so (`__rsub__` and `rsub` are two): op-dunder-rsub."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-")
    return f"op-dunder-{slug}" if key.startswith("__") else f"op-{slug}"


def pick_dtype(op, device: str):
    supported = op.supported_dtypes(device)
    return next((d for d in DTYPES if d in supported), None)


def call(op, x, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return op(x, *args, **kwargs)


def run_sample(op, source: str, x, args, kwargs, dtype) -> dict:
    """One call: what it returned, and for an aliasing result whether writes reach the input."""
    inputs = tensors_in(x, "input") + tensors_in(list(args), "args")
    inputs += tensors_in(kwargs, "kwargs")
    if _progress is not None:
        _progress(source)
    traits = traits_of(inputs, args, kwargs, dtype)
    if getattr(op, "name", None) == "__getitem__" and args:
        traits = [t for t in traits if t != "argument-list-or-tensor"] + index_traits(args[0])
    if source == "no-op":
        traits.append("no-op-argument")
    record = {"source": source, "traits": traits}
    if isinstance(x, torch.Tensor):
        record["shape"] = list(x.shape)
        traits.append(f"dims={x.dim()}")
    try:
        result = call(op, x, args, kwargs)
    except Exception as error:  # noqa: BLE001 - a raise is a measured result
        return {**record, "kind": "raises", "error": first_line(error)}
    kind, where = relation(inputs, result)
    record.update(kind=kind, input=where)
    outputs = tensors_in(result, "result")
    if isinstance(x, torch.Tensor) and outputs:
        out = outputs[0][1]
        if out.shape == x.shape and out.dtype == x.dtype:
            record["traits"].append("unchanged")
    if isinstance(x, torch.Tensor) and len(outputs) == 1:
        out = outputs[0][1]
        if x.layout == torch.strided and out.numel() == x.numel() and out.dtype == x.dtype:
            record["traits"].append("viewable" if viewable(x, out.shape) else "not-viewable")
        record["traits"] = sorted(record["traits"])
        record["result_shape"] = list(out.shape)
    if kind in ("same", "shares"):
        source_tensor = dict(inputs)[where]
        record["elements"] = source_tensor.numel() > 0
        aliased = [
            t
            for _, t in tensors_in(result, "result")
            if t is source_tensor or shares_memory(source_tensor, t)
        ]
        record["write_reaches_input"] = write_reaches(source_tensor, aliased[0])
    return record


def viewable(x: torch.Tensor, shape) -> bool:
    """Whether `x.view(shape)` succeeds: the strides allow the shape without a copy."""
    try:
        x.view(shape)
    except RuntimeError:
        return False
    return True


def catalogue_samples(op, device: str, dtype) -> list:
    torch.manual_seed(0)
    random.seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(itertools.islice(op.sample_inputs(device, dtype), SAMPLES_PER_OP))


def added_inputs(op, samples, dtype, device) -> list[tuple[str, object, tuple, dict]]:
    """The inputs that decide conditional rows, built from the catalogue's first samples: each
    layout of LAYOUTS from each of the first LAYOUT_SAMPLES, with that sample's arguments; the
    shapes of RESHAPED and the other dtypes from the first; the no-op arguments; EXTRA_CALLS."""
    tensors = [s for s in samples if isinstance(s.input, torch.Tensor)]
    tensors = [s for s in tensors if s.input.layout == torch.strided]
    if not tensors:
        return []
    added = []
    for index, sample in enumerate(tensors[:LAYOUT_SAMPLES]):
        suffix = "" if index == 0 else f"#{index + 1}"
        for source, make in LAYOUTS:
            built = make(sample.input.detach().clone())
            if built is not None:
                added.append((source + suffix, built, sample.args, sample.kwargs))
    first = tensors[0]
    x = first.input.detach()
    for source, make in RESHAPED:
        built = make(x.clone())
        if built is not None:
            added.append((source, built, first.args, first.kwargs))
    supported = op.supported_dtypes(device)
    others = [("float64", torch.float64)] if dtype == torch.float32 else []
    if dtype.is_floating_point:
        others += [(name, d) for name, d in OTHER_DTYPES if d in supported]
    for name, other in others:
        added.append((name, x.to(other), first.args, first.kwargs))
    no_op = no_op_arguments(op.name, x)
    if no_op is not None:
        added.append(("no-op", x.clone(), *no_op))
    extra = EXTRA_CALLS.get(op.name)
    if extra is not None:
        added += extra(x.clone())
    return added


INPLACE_FACTS = ("returns_self", "storage_kept", "version_bumped", "raises_on_leaf",
                 "raises_on_leaf_view", "raises_on_expanded")  # fmt: skip


def measure_inplace(op, samples) -> dict:
    """The in-place variant on every sample it accepts as a plain input; each fact is True or
    False when all those calls agree, "sometimes" when they do not, None when none could ask."""
    calls, errors = [], []
    for sample in samples:
        if not isinstance(sample.input, torch.Tensor) or sample.broadcasts_input:
            continue
        original = sample.input.detach().clone()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                calls.append(
                    inplace_facts(op.inplace_variant, original.clone, sample.args, sample.kwargs)
                )
        except Exception as error:  # noqa: BLE001 - the next sample may suit it
            errors.append(first_line(error))
    variant = {"variant": _name_of(op.inplace_variant)}
    if not calls:
        return {**variant, "error": errors[0] if errors else "no sample has one plain tensor input"}
    summary = {fact: combine([c[fact] for c in calls]) for fact in INPLACE_FACTS}
    messages: dict[str, str] = {}
    for facts in calls:
        for key, message in facts["errors"].items():
            messages.setdefault(key, message)
    return {**variant, "calls": len(calls), **summary, "errors": messages}


def combine(values: list):
    known = {v for v in values if v is not None}
    if not known:
        return None
    return known.pop() if len(known) == 1 else "sometimes"


def _name_of(function) -> str:
    """A name without addresses, the same in every run: Tensor.add_, hardsigmoid(inplace=True)."""
    if isinstance(function, functools.partial):
        arguments = ", ".join(f"{key}={value!r}" for key, value in function.keywords.items())
        return f"{_name_of(function.func)}({arguments})"
    name = getattr(function, "__name__", None) or type(function).__name__
    owner = getattr(function, "__objclass__", None)
    if owner is not None and owner.__name__ == "TensorBase":
        return f"Tensor.{name}"
    return name if name != "<lambda>" else "(wrapper)"


def measure_op(op, device: str = "cpu") -> dict:
    """One OpInfo's row, or its skip entry ({"skipped": reason})."""
    key = op_key(op)
    row = {"key": key, "name": op.name, "variant": op.variant_test_name, "anchor": anchor(key)}
    if getattr(op, "alias_of", None):
        row["alias_of"] = op.alias_of
    if isinstance(op, ExtraOp):
        row["not_in_op_db"] = True
    dtype = pick_dtype(op, device)
    if dtype is None:
        return {**row, "skipped": f"no dtype this probe uses runs on {device}"}
    try:
        samples = catalogue_samples(op, device, dtype)
    except Exception as error:  # noqa: BLE001
        return {**row, "skipped": f"its sample inputs could not be built: {first_line(error)}"}
    if not samples:
        return {**row, "skipped": f"no sample inputs on {device}"}
    if _progress is not None and op.inplace_variant is not None:
        _progress("in-place variant's")
    inplace = measure_inplace(op, samples) if op.inplace_variant is not None else None
    # A deciding input is built from the first sample before any call could write into it.
    added = added_inputs(op, samples, dtype, device)
    records = [run_sample(op, "catalogue", s.input, s.args, s.kwargs, dtype) for s in samples] + [
        run_sample(op, source, x, args, kwargs, dtype) for source, x, args, kwargs in added
    ]
    considered = [r for r in records if r["source"] == "catalogue" or r["kind"] != "raises"]
    if all(r["kind"] == "raises" for r in considered):
        return {**row, "skipped": f"every sample raised: {considered[0]['error']}"}
    kinds = {r["kind"] for r in considered}
    # A write into no elements changes nothing, and one that raised answers nothing.
    writes = [r.get("write_reaches_input") for r in considered if r.get("elements")]
    declaration = declared(op)
    return {
        **row,
        "dtype": str(dtype).removeprefix("torch."),
        "result": kinds.pop() if len(kinds) == 1 else "conditional",
        "kinds": [k for k in KINDS if k in {r["kind"] for r in considered}],
        "condition": explain(considered),
        "declared": declaration,
        "agreement": agreement(declaration, {r["kind"] for r in considered}),
        "write_reaches_input": _summary(writes),
        "aliased_inputs": sorted({r["input"] for r in considered if r.get("input")}),
        "inplace": inplace,
        "samples": records,
    }


def _summary(writes: list) -> str | None:
    """ "yes", "no", "sometimes", "raised" (every write raised), or None (nothing aliased)."""
    if not writes:
        return None
    combined = combine(writes)
    if combined is None:
        return "raised"
    return {True: "yes", False: "no"}.get(combined, combined)


def catalogue():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torch.testing._internal.common_methods_invocations import op_db
    return op_db


# -- operators PyTorch lists as views that op_db has no entry for ---------------------------------


class AliasOp:
    """An alias op_db lists under another OpInfo (`swapaxes` under `transpose`): measured as its
    own row, called by its own name on the OpInfo's samples."""

    def __init__(self, base, alias):
        self.base, self.op = base, alias.op
        self.name, self.aten_name = alias.name, alias.name
        self.variant_test_name = base.variant_test_name
        self.inplace_variant = alias.inplace_variant
        self.alias_of = op_key(base)
        self.supported_dtypes = base.supported_dtypes
        self.sample_inputs = base.sample_inputs

    def __call__(self, *args, **kwargs):
        return self.op(*args, **kwargs)


class ExtraOp:
    """An operator on PyTorch's list of views with no OpInfo at all (`detach`, the sparse
    accessors), with sample inputs written here."""

    alias_of = None
    inplace_variant = None

    def __init__(self, name, variant, function, samples, aten_name=None):
        self.name, self.variant_test_name, self.op = name, variant, function
        self.aten_name = aten_name or name
        self._samples = samples

    def supported_dtypes(self, device):
        return {torch.float32}

    def sample_inputs(self, device, dtype):
        from torch.testing._internal.opinfo.core import SampleInput

        return [SampleInput(x, args=args) for x, args in self._samples(device, dtype)]

    def __call__(self, x, *args, **kwargs):
        return self.op(x, *args, **kwargs)


def _dense_samples(device, dtype):
    leaf = torch.arange(12.0, device=device).view(3, 4).requires_grad_()
    transposed = torch.arange(12.0, device=device).view(3, 4).t()
    zero_dim, empty = torch.tensor(1.0, device=device), torch.empty(0, 3, device=device)
    return [(leaf, ()), (transposed, ()), (zero_dim, ()), (empty, ())]


def _coo_samples(device, dtype):
    """A sparse COO tensor, and as arguments the index and value tensors it was built from: the
    accessor's result is measured against those (a sparse tensor has no strided storage)."""
    indices = torch.tensor([[0, 1, 1], [2, 0, 2]], device=device)
    values = torch.tensor([3.0, 4.0, 5.0], device=device)
    x = torch.sparse_coo_tensor(indices, values, (2, 3), is_coalesced=True)
    return [(x, (indices, values))]


def _csr_samples(device, dtype):
    crow = torch.tensor([0, 2, 3], device=device)
    col = torch.tensor([0, 2, 1], device=device)
    values = torch.tensor([3.0, 4.0, 5.0], device=device)
    return [(torch.sparse_csr_tensor(crow, col, values, (2, 3)), (crow, col, values))]


EXTRA_OPS = (
    ExtraOp("detach", "", lambda x: x.detach(), _dense_samples),
    ExtraOp("indices", "sparse_coo", lambda x, *built: x.indices(), _coo_samples),
    ExtraOp("values", "sparse_coo", lambda x, *built: x.values(), _coo_samples),
    ExtraOp("crow_indices", "sparse_csr", lambda x, *built: x.crow_indices(), _csr_samples),
    ExtraOp("col_indices", "sparse_csr", lambda x, *built: x.col_indices(), _csr_samples),
)


def operators() -> list:
    """op_db, then an AliasOp for each alias it lists, then EXTRA_OPS."""
    ops = catalogue()
    aliases = [AliasOp(op, alias) for op in ops for alias in op.aliases]
    return [*ops, *aliases, *EXTRA_OPS]
