"""Processes at the boundaries: a DataLoader worker started by each start method (`fork`,
`forkserver`, `spawn`), holding a dataset backed by a NumPy array, by a tensor, or by a Python list
of floats.

Each case builds a function that starts one worker and returns what the worker measured about
its dataset's memory: the bytes of the mapping that holds the data which this worker shares with
another process, and those only it holds (Linux's /proc/self/smaps). Expensive (a new Python
that imports torch under forkserver and spawn), so there are few cases.
"""

from __future__ import annotations

import functools
import os

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

from tools.space.core import Case, word, words

METHODS = {"fork": 0, "forkserver": 1, "spawn": 1}
PAYLOADS = {"numpy": 0, "tensor": 0, "list": 1}
SIZE = 8 * 2**20  # bytes: a mapping of its own, far above malloc's threshold for one


def _mappings(address: int, length: int) -> dict[str, int]:
    """The kB counts, summed, of this process's mappings that overlap [address, +length)."""
    found: dict[str, int] = {}
    inside = False
    with open("/proc/self/smaps", encoding="ascii", errors="replace") as smaps:
        for line in smaps:
            head = line.split()[0]
            if "-" in head and not head.endswith(":"):
                start, end = (int(x, 16) for x in head.split("-"))
                inside = start < address + length and address < end
            elif inside and line.rstrip().endswith(" kB"):
                key = head.rstrip(":")
                found[key] = found.get(key, 0) + int(line.split()[1])
    return found


PAGE = os.sysconf("SC_PAGE_SIZE")


def pages_of(objects: list) -> np.ndarray:
    """The pages that hold the objects (CPython: an object's id is its address). Iterating
    writes every object's reference count: call it where that copies nothing (before a fork,
    or in the process that unpickled the objects)."""
    return np.array(sorted({id(x) // PAGE for x in objects}), dtype=np.int64)


def page_counts(pages: np.ndarray) -> dict[str, float]:
    """Of these pages, the kB this process maps exclusively (its own copy) and those it shares
    with another process, from /proc/self/pagemap (bit 56: exclusively mapped; bit 63:
    present). Reads no Python object on them."""
    own = shared = 0
    with open("/proc/self/pagemap", "rb") as pagemap:
        for page in pages.tolist():
            pagemap.seek(page * 8)
            entry = int.from_bytes(pagemap.read(8), "little")
            if entry >> 63 & 1:
                own += entry >> 56 & 1
                shared += not entry >> 56 & 1
    kb = PAGE // 1024
    return {"shared_kb": shared * kb, "private_kb": own * kb, "size_kb": len(pages) * kb}


class Probe(Dataset):
    """One item: what the worker process sees of the memory that holds its data."""

    def __init__(self, data):
        self.data = data
        # A list's pages, found before any worker starts (a forked worker inherits them).
        self.pages = pages_of(data) if isinstance(data, list) else None

    def __getstate__(self):
        # Pickled for a worker (forkserver, spawn): the objects get new addresses there.
        return {"data": self.data, "pages": None}

    def __len__(self):
        return 1

    def __getitem__(self, i):
        if isinstance(self.data, list):
            if self.pages is None:  # unpickled here: the objects are this process's own
                self.pages = pages_of(self.data)
            total = sum(self.data)  # read every object (each read writes its reference count)
            return {"sum": total, **page_counts(self.pages)}
        else:
            is_array = isinstance(self.data, np.ndarray)
            address = self.data.ctypes.data if is_array else self.data.data_ptr()
            total = float(self.data.sum())  # read every page
            length = SIZE
        counts = _mappings(address, length)
        return {
            "sum": total,
            "shared_kb": counts.get("Shared_Clean", 0) + counts.get("Shared_Dirty", 0),
            "private_kb": counts.get("Private_Clean", 0) + counts.get("Private_Dirty", 0),
            "size_kb": length // 1024,
        }


def _payload(kind: str):
    if kind == "list":
        return [float(i) for i in range(SIZE // 32)]  # a float object is 24 bytes, 8 in the list
    array = np.ones(SIZE // 8, dtype=np.float64)
    return array if kind == "numpy" else torch.from_numpy(array).clone()


def run_worker(method: str, payload: str) -> dict:
    loader = DataLoader(
        Probe(_payload(payload)),
        batch_size=None,
        num_workers=1,
        multiprocessing_context=method,
    )
    (item,) = list(loader)
    return {key: float(value) for key, value in item.items()}


def _write_ones(t):
    t.fill_(1.0)


def run_child(method: str, payload: str) -> dict:
    """A child process started by `method` gets a tensor as its argument and fills it with ones;
    what the parent then sees."""
    import torch.multiprocessing as mp

    t = torch.zeros(3)
    if payload == "shared_tensor":
        t.share_memory_()
    child = mp.get_context(method).Process(target=_write_ones, args=(t,))
    child.start()
    child.join()
    return {"parent_sees_write": bool((t == 1).all()), "shared": t.is_shared()}


class Scaled(Dataset):
    """Two items of one number each: its index times a plain attribute, and times a tensor."""

    def __init__(self, payload: str):
        self.scale = 1
        self.tensor = torch.ones(1)
        if payload == "shared_tensor":
            self.tensor.share_memory_()

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return torch.tensor([i * self.scale]), i * self.tensor


def run_persistent(method: str, payload: str) -> dict:
    """A persistent DataLoader worker, and what it sees of the main process's changes to its
    Dataset after it started: a rebound attribute, and an in-place write into a tensor."""
    data = Scaled(payload)
    loader = DataLoader(
        data, batch_size=2, num_workers=1, persistent_workers=True, multiprocessing_context=method
    )
    list(loader)
    data.scale = 10
    data.tensor.fill_(10)
    (plain, written) = next(iter(loader))
    return {"rebind_seen": plain[1].item() == 10, "in_place_seen": written[1].item() == 10}


COLLATED = {"equal": (3, 3), "first_smaller": (3, 4), "first_larger": (4, 3)}


def run_collate(method: str, sizes: str) -> dict:
    """The first batch a worker collates from two 1-D samples of these sizes: its error's last
    line (the worker's own error), or whether the batch is in shared memory."""
    import gc

    samples = [torch.ones(n) for n in COLLATED[sizes]]
    loader = DataLoader(samples, batch_size=2, num_workers=1, multiprocessing_context=method)
    try:
        batch = next(iter(loader))
    except RuntimeError as error:
        lines = [line for line in str(error).splitlines() if line.strip()]
        return {"error": lines[-1].removeprefix("RuntimeError: ")}
    finally:
        gc.collect()  # a failed iterator kept by the traceback must not reach the next fork
    return {"error": "", "shared": batch.is_shared()}


def describe(case: Case, language: str) -> str:
    if case["probe"] in ("persistent_worker", "collate"):
        other = "payload" if case["probe"] == "persistent_worker" else "sizes"
        return words(language)(
            case["probe"],
            method=word(language, "start_method", case["method"]),
            payload=word(language, other, case["payload"]),
        )
    if case["probe"] == "child_write":
        return words(language)(
            "child_write",
            method=word(language, "start_method", case["method"]),
            payload=word(language, "payload", case["payload"]),
        )
    return words(language)(
        "process",
        method=word(language, "start_method", case["method"]),
        payload=word(language, "payload", case["payload"]),
    )


def _probes(probe: str, runner, payloads: tuple[str, ...]) -> list[Case]:
    """One case per start method and payload; the first payload is the plain one."""
    return [
        Case(
            "process",
            f"{probe}/{method}/{payload}",
            {"probe": probe, "method": method, "payload": payload},
            functools.partial(functools.partial, runner, method, payload),
            describe,
            METHODS[method] + (payload != payloads[0]),
        )
        for method in METHODS
        for payload in payloads
    ]


@functools.cache
def cases() -> tuple[Case, ...]:
    """DataLoader workers reading a dataset (`probe` "dataloader"), children writing into a
    tensor they were given (`probe` "child_write"), persistent workers and the main process's
    later changes to their Dataset (`probe` "persistent_worker"), and workers collating samples
    of equal or different sizes (`probe` "collate")."""
    workers = [
        Case(
            "process",
            f"{method}/{payload}",
            {"probe": "dataloader", "method": method, "payload": payload},
            functools.partial(functools.partial, run_worker, method, payload),
            describe,
            METHODS[method] + PAYLOADS[payload],
        )
        for method in METHODS
        for payload in PAYLOADS
    ]
    children = [
        Case(
            "process",
            f"child/{method}/{payload}",
            {"probe": "child_write", "method": method, "payload": payload},
            functools.partial(functools.partial, run_child, method, payload),
            describe,
            METHODS[method] + (payload == "shared_tensor"),
        )
        for method in METHODS
        for payload in ("tensor", "shared_tensor")
    ]
    persistent = _probes("persistent_worker", run_persistent, ("tensor", "shared_tensor"))
    collated = _probes("collate", run_collate, tuple(COLLATED))
    return tuple(workers + children + persistent + collated)
