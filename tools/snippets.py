"""Runs snippets as a reader would (`python snippets/<chapter>/<name>.py`), many at once.

Importing torch takes seconds, so one worker process imports it once and forks a child per
snippet: each child starts from a freshly imported torch, as a new interpreter would, and
nothing one snippet changes (grad mode, print options, seeds) reaches another. Snippets that
need CUDA run in a fresh interpreter each instead (CUDA must not be initialised before a fork)
and are skipped, with the reason, when no CUDA device is present.

    python -m tools.snippets snippets/assignment/same_object.py ...   # prints JSON results
"""

from __future__ import annotations

import json
import os
import runpy
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path

from tools.project import LANGUAGES, ROOT, needs_cuda
from tools.text import catalogue

TIMEOUT_VARIABLE = "GUIDE_SNIPPET_TIMEOUT_S"  # seconds a snippet may run (tests shorten it)
TIMEOUT_S = float(os.environ.get(TIMEOUT_VARIABLE, "120"))
NO_CUDA = "needs a CUDA device; torch.cuda.is_available() is False on this machine"


# The output block of a CUDA snippet that has never run on a GPU, in the page's language. On a
# CUDA machine it fails the check until `make outputs` there (or the GPU session's gpu_apply)
# replaces it with what the snippet really printed.
def gpu_pending(language: str = "en") -> str:
    """The not-run-on-a-GPU output block for a page in `language` (text/<language>/outputs.yml)."""
    return catalogue("outputs", language)("gpu_pending") + "\n"


def is_gpu_pending(body: str) -> bool:
    """Whether an output block is that placeholder, in any language."""
    return body in {gpu_pending(language) for language in LANGUAGES}


@dataclass
class Result:
    status: str  # "ok", "error" (non-zero exit, exception or signal), "timeout" or "skipped"
    stdout: str
    stderr: str
    seconds: float
    how: str = ""  # how it ended, when not cleanly: "exit code 3", "killed by SIGSEGV", ...


def run(paths: list[str], jobs: int | None = None) -> dict[str, Result]:
    """Run each snippet (paths relative to the project root) once; results by path."""
    paths = sorted(set(paths))
    if not paths:
        return {}
    command = [
        sys.executable,
        "-m",
        "tools.snippets",
        "--jobs",
        str(jobs or _default_jobs()),
        *paths,
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the snippet runner failed:\n{done.stderr}")
    return {path: Result(**fields) for path, fields in json.loads(done.stdout).items()}


def _default_jobs() -> int:
    return max(1, min(4, os.cpu_count() or 1))


def _run_forked(path: str, scratch: Path) -> tuple[int, Path, Path, float]:
    name = path.replace("/", "__")
    out, err = scratch / f"{name}.out", scratch / f"{name}.err"
    pid = os.fork()
    if pid == 0:  # the child: become `python <path>`
        code = 1
        try:
            with open(out, "wb") as o, open(err, "wb") as e:
                os.dup2(o.fileno(), 1)
                os.dup2(e.fileno(), 2)
            sys.argv = [path]
            sys.path[0] = str((ROOT / path).parent)
            try:
                runpy.run_path(str(ROOT / path), run_name="__main__")
                code = 0
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            except BaseException as error:
                _print_traceback(error, str(ROOT / path))
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    return pid, out, err, time.perf_counter()


def _print_traceback(error: BaseException, path: str) -> None:
    """The traceback as `python <path>` prints it: from the snippet's own frame, without the
    runner's and runpy's frames above it (a syntax error has no frame: its message alone)."""
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != path:
        tb = tb.tb_next
    traceback.print_exception(type(error), error, tb)


def _worker(paths: list[str], jobs: int) -> dict[str, dict]:
    import numpy  # noqa: F401  imported once here so that every child starts with it
    import torch  # noqa: F401

    # torch imports torch._dynamo lazily, at a snippet's first optimizer or torch.compile call:
    # about a second of every such child. Imported here, it is imported once. Nothing a snippet
    # prints depends on when a module was imported, and a snippet that imports it gets it as is.
    try:
        import torch._dynamo  # noqa: F401
    except Exception:  # noqa: BLE001 - an older torch (make versions) may refuse it; each
        pass  # snippet that needs it then says so itself

    results: dict[str, dict] = {}
    forked = [p for p in paths if not needs_cuda(ROOT / p)]
    on_gpu = [p for p in paths if needs_cuda(ROOT / p)]
    with tempfile.TemporaryDirectory() as scratch:
        pending = list(forked)
        running: dict[int, tuple[str, Path, Path, float]] = {}
        timed_out: set[int] = set()  # the children this loop killed for running too long
        while pending or running:
            while pending and len(running) < jobs:
                path = pending.pop(0)
                pid, out, err, started = _run_forked(path, Path(scratch))
                running[pid] = (path, out, err, started)
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                for pid, (_, _, _, started) in list(running.items()):
                    if time.perf_counter() - started > TIMEOUT_S and pid not in timed_out:
                        timed_out.add(pid)
                        os.kill(pid, signal.SIGKILL)
                time.sleep(0.005)
                continue
            path, out, err, started = running.pop(pid)
            seconds = time.perf_counter() - started
            state, how = _ending(os.waitstatus_to_exitcode(status), pid in timed_out, path)
            stderr = err.read_text(errors="replace")
            results[path] = asdict(
                Result(state, out.read_text(errors="replace"), stderr, seconds, how)
            )
    cuda = bool(on_gpu) and torch.cuda.is_available()  # only after the last fork
    for path in on_gpu:
        if not cuda:
            results[path] = asdict(Result("skipped", "", NO_CUDA, 0.0))
            continue
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [sys.executable, path], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S
            )
            state, how = _ending(done.returncode, False, path)
            seconds = time.perf_counter() - started
            results[path] = asdict(Result(state, done.stdout, done.stderr, seconds, how))
        except subprocess.TimeoutExpired as late:
            how = f"{path} ran longer than the limit of {TIMEOUT_S:g} s and was stopped"
            results[path] = asdict(Result("timeout", str(late.stdout or ""), "", TIMEOUT_S, how))
    return results


def _ending(code: int, timed_out: bool, path: str) -> tuple[str, str]:
    """(status, how) from an exit code as os.waitstatus_to_exitcode gives it (-N: signal N)."""
    if timed_out:
        return "timeout", f"{path} ran longer than the limit of {TIMEOUT_S:g} s and was stopped"
    if code == 0:
        return "ok", ""
    if code < 0:
        name = signal.Signals(-code).name
        why = " (the system may have run out of memory)" if name == "SIGKILL" else ""
        return "error", f"{path} was killed by {name}{why}"
    return "error", f"{path} exited with code {code}"


def main(argv: list[str]) -> int:
    jobs = _default_jobs()
    if argv[:1] == ["--jobs"]:
        jobs, argv = int(argv[1]), argv[2:]
    results = _worker(argv, jobs)
    sys.stdout.write(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
