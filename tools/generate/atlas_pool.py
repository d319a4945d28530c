"""The atlas's worker pool: every OpInfo measured (atlas_probe.measure_op) in forked workers,
each operator under a time limit, so that one that hangs or crashes costs its own row (a skip
entry with the reason, and on which input it died) instead of the run."""

from __future__ import annotations

import json
import os
import signal
import tempfile
import time
from pathlib import Path

import torch

from tools.generate import atlas_probe
from tools.generate.atlas_probe import anchor, first_line, measure_op, op_key

TIMEOUT_S = 10  # per operator, all its samples and probes together


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Timeout


def measure_isolated(op, device: str) -> dict:
    """measure_op with a time limit, and any failure of the probe itself as a skip."""
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
    try:
        return measure_op(op, device)
    except _Timeout:
        return _skip(op, f"timed out after {TIMEOUT_S} s")
    except Exception as error:  # noqa: BLE001
        return _skip(op, f"the probe failed: {first_line(error)}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _skip(op, reason: str) -> dict:
    key = op_key(op)
    return {"key": key, "name": op.name, "variant": op.variant_test_name, "anchor": anchor(key),
            "skipped": reason}  # fmt: skip


def measure_all(ops, device: str = "cpu", jobs: int = 2) -> list[dict]:
    """Every op measured in forked workers. A worker that dies (a crash, or a hang the alarm
    cannot interrupt) costs one skip entry for the op it was on, which says on which input; the
    ops it had left go to a new worker at once."""
    if device == "cuda":  # CUDA must not be initialised before a fork
        return [measure_isolated(op, device) for op in ops]
    results: dict[int, dict] = {}
    with tempfile.TemporaryDirectory() as scratch:
        running: dict[int, tuple[list[int], Path]] = {}

        def start(indices: list[int]) -> None:
            path = Path(scratch) / f"from-{indices[0]}.jsonl"
            running[_fork(ops, indices, device, path)] = (indices, path)

        for first in range(min(jobs, len(ops))):
            start(list(range(first, len(ops), jobs)))
        while running:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                for pid, (_, path) in running.items():
                    if time.time() - path.stat().st_mtime > 3 * TIMEOUT_S:
                        os.kill(pid, signal.SIGKILL)  # stuck where the alarm cannot reach
                time.sleep(0.02)
                continue
            indices, path = running.pop(pid)
            done, last_call = _read_results(path)
            results.update(done)
            left = [i for i in indices if i not in done]
            if left:
                code = os.waitstatus_to_exitcode(status)
                results[left[0]] = _skip(ops[left[0]], _death(code, last_call))
                if left[1:]:
                    start(left[1:])
    return [results[i] for i in range(len(ops))]


def _death(code: int, call: str | None) -> str:
    how = f"signal {-code}, {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
    where = f" on the {call} input" if call else ""
    return f"the worker process died ({how}){where}"


def _fork(ops, indices, device, path) -> int:
    path.touch()
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        torch.set_num_threads(1)
        with path.open("a", encoding="utf-8") as out:

            def note(entry: dict) -> None:
                out.write(json.dumps(entry) + "\n")
                out.flush()

            for index in indices:
                atlas_probe._progress = lambda source, index=index: note(
                    {"index": index, "calling": source}
                )  # noqa: E731
                note({"index": index, "row": measure_isolated(ops[index], device)})
        code = 0
    finally:
        os._exit(code)


def _read_results(path: Path) -> tuple[dict[int, dict], str | None]:
    """The rows a worker finished, and the source of the last call it began."""
    rows, last_call = {}, None
    for entry in map(json.loads, path.read_text(encoding="utf-8").splitlines()):
        if "row" in entry:
            rows[entry["index"]], last_call = entry["row"], None
        else:
            last_call = entry["calling"]
    return rows, last_call
