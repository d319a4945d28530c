"""Records everything this guide needs from a GPU, in one run, into a few files.

    python3 -m tools.generate.gpu_record --out DIR          under 5 minutes (time-boxed), one GPU
    python3 -m tools.generate.gpu_record --out DIR --quick  under a minute: fewer sizes, shorter
    python3 -m tools.generate.gpu_record --out DIR --cpu-standin [--quick]
                                                     no GPU: the same run with CPU tensors,
                                                     to test this program (never published)

It needs only torch, numpy and the standard library (no pytest, Sybil or MkDocs: the GPU machine
may have nothing else), and writes two files into DIR:

- gpu-record.json: what every CUDA snippet printed (stdout, stderr, exit status; each in a fresh
  interpreter, as tools/snippets.py runs them), the CUDA copy-semantics matrix
  (tools/generate/semantics.py), the transfer benchmark (tools/generate/bench.py's CUDA
  operations in its own workers, 4 KiB to 1 GiB), whether the host waits for a
  `non_blocking=True` copy, and the machine: GPU, driver, torch, CUDA, PCIe link, memory clock
  and bus width;
- gpu-record.log: the progress lines, which also go to stderr.

The stages run one after the other (snippets, device probes, benchmark), each with a time box;
what a box cuts off is listed in the JSON under "stages". The JSON is rewritten after every stage,
so a run that is killed still leaves what it had. `python -m tools.generate.gpu_apply DIR`
(locally) writes the record into the pages and the generated tables.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Only modules whose own imports are the standard library (tests/test_gpu_record.py checks it).
# torch is imported by the stage processes alone, never by this driver.
from tools.generate import bench
from tools.generate.bench_render import human_size
from tools.project import ROOT, needs_cuda, snippet_files
from tools.snippets import TIMEOUT_S

FORMAT = "gpu-record/1"
RECORD = "gpu-record.json"
LOG = "gpu-record.log"
MIB = 1 << 20

# Seconds for the whole run, and each stage's share of it; the benchmark gets what is left.
BUDGET_S = {"full": 280.0, "quick": 55.0}
SNIPPETS_S = {"full": 100.0, "quick": 30.0}
DEVICE_S = {"full": 60.0, "quick": 15.0}
QUICK_SIZES = [4 * 1024, 1 * MIB, 64 * MIB]
HOST_WAIT_SIZES = {"full": [1 * MIB, 64 * MIB, 256 * MIB], "quick": [64 * MIB]}
HOST_WAIT_REPEATS = 5
# Timing settings of the benchmark workers (seconds per operation at least, runs at least).
TIMING = {"full": (0.2, bench.MIN_RUNS), "quick": (0.05, 3)}
SNIPPET_JOBS = 4
STANDIN_REASON = "--cpu-standin: CUDA snippets are not run without a GPU"

# nvidia-smi fields, asked one by one when a query of all of them fails (older drivers lack some).
SMI_FIELDS = (
    "name",
    "driver_version",
    "pcie.link.gen.current",
    "pcie.link.gen.max",
    "pcie.link.gen.gpumax",
    "pcie.link.gen.hostmax",
    "pcie.link.width.current",
    "pcie.link.width.max",
    "clocks.max.memory",
    "memory.total",
    "compute_mode",
    "persistence_mode",
)


def now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


class Log:
    """Progress lines to stderr and to DIR/gpu-record.log, with the seconds since the start."""

    def __init__(self, path: Path):
        self.started = time.monotonic()
        self.file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()

    def __call__(self, message: str) -> None:
        line = f"[{time.monotonic() - self.started:6.1f}s] {message}"
        print(line, file=sys.stderr, flush=True)
        self.file.write(line + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


# ---------------------------------------------------------------------------------------------
# Stage 1: the CUDA snippets, each in a fresh interpreter


def cuda_snippets() -> list[str]:
    return [
        path.relative_to(ROOT).as_posix()
        for path in snippet_files(ROOT / "snippets")
        if needs_cuda(path)
    ]


def run_snippet(path: str, timeout: float = TIMEOUT_S, root: Path = ROOT) -> dict:
    """`python <path>` from the project root, as tools/snippets.py runs a CUDA snippet."""
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, path], cwd=root, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired as late:
        return {
            "status": "timeout",
            "returncode": None,
            "stdout": _text(late.stdout),
            "stderr": _text(late.stderr) + f"\n(killed after {timeout:.0f} s)",
            "seconds": time.perf_counter() - started,
        }
    return {
        "status": "ok" if done.returncode == 0 else "error",
        "returncode": done.returncode,
        "stdout": done.stdout,
        "stderr": done.stderr,
        "seconds": time.perf_counter() - started,
    }


def _text(data) -> str:
    if data is None:
        return ""
    return data.decode(errors="replace") if isinstance(data, bytes) else data


def stage_snippets(paths: list[str], box_s: float, standin: bool, log: Log) -> tuple[dict, dict]:
    """Results by path, and the stage's account. Snippets run SNIPPET_JOBS at a time (separate
    processes, separate CUDA contexts); any that fails runs once more alone, in case the failure
    came from sharing the GPU (an exclusive compute mode, memory)."""
    if standin:
        log(f"snippets: {len(paths)} CUDA snippets skipped ({STANDIN_REASON})")
        skipped = {p: _skipped(STANDIN_REASON) for p in paths}
        return skipped, {"status": "skipped", "note": STANDIN_REASON}
    deadline = time.monotonic() + box_s
    results: dict[str, dict] = {}

    def one(path: str) -> dict:
        left = deadline - time.monotonic()
        if left < 5:
            return _skipped(f"the snippet stage's time box ({box_s:.0f} s) ran out")
        return run_snippet(path, timeout=min(TIMEOUT_S, left))

    with concurrent.futures.ThreadPoolExecutor(SNIPPET_JOBS) as pool:
        for path, result in zip(paths, pool.map(one, paths), strict=True):
            results[path] = result
            log(f"snippets: {path}: {result['status']} ({result.get('seconds', 0):.1f} s)")
    for path, result in results.items():
        if result["status"] in ("error", "timeout") and deadline - time.monotonic() > 10:
            again = run_snippet(path, timeout=min(TIMEOUT_S, deadline - time.monotonic()))
            again["first_try"] = {k: result[k] for k in ("status", "returncode", "stderr")}
            results[path] = again
            log(f"snippets: {path}: run again alone: {again['status']}")
    cut = [p for p, r in results.items() if r["status"] == "skipped"]
    failed = [p for p, r in results.items() if r["status"] in ("error", "timeout")]
    account = {"status": "partial" if cut or failed else "ok", "skipped": cut, "failed": failed}
    return results, account


def _skipped(reason: str) -> dict:
    return {"status": "skipped", "returncode": None, "stdout": "", "stderr": reason, "seconds": 0}


# ---------------------------------------------------------------------------------------------
# Stage 2: the device probes, in one process that imports torch (python -m tools.generate.gpu_record
# --probe FILE): the torch side of the environment, the copy-semantics matrix, host waits.


def probe(out: Path, mode: str, standin: bool, box_s: float) -> int:
    import torch

    deadline = time.monotonic() + box_s
    device = "cpu" if standin else "cuda"
    if device == "cuda" and not torch.cuda.is_available():
        print(f"error: CUDA is not available (torch {torch.__version__})", file=sys.stderr)
        return 2
    parts: dict = {}

    def save(key: str, value) -> None:
        parts[key] = value
        out.write_text(json.dumps(parts), encoding="utf-8")

    save("torch_side", torch_side(torch, device))
    from tools.generate import semantics

    started = time.perf_counter()
    matrix = semantics.matrix(device)
    side = parts["torch_side"]
    matrix.update(
        command="python3 -m tools.generate.gpu_record",
        device_name=side.get("device_name", "CPU stand-in"),
        torch_cuda=side["torch_cuda"],
        standin=standin,
        date=now()[:-7] + " UTC",
    )
    save("semantics", matrix)
    print(f"probe: copy-semantics matrix in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    waits, cut = [], []
    for size in HOST_WAIT_SIZES[mode]:
        if time.monotonic() > deadline - 5:
            cut.append(size)
            continue
        waits += host_waits(torch, device, size)
        save("host_wait", {"rows": waits, "skipped_sizes": cut})
        print(f"probe: host waits at {size // MIB} MiB", file=sys.stderr)
    save("host_wait", {"rows": waits, "skipped_sizes": cut})
    return 0


def torch_side(torch, device: str) -> dict:
    info = {
        "torch": torch.__version__,
        "torch_cuda": torch.version.cuda,
        "python": platform.python_version(),
        "cpu": bench.cpu_model(),
        "threads": torch.get_num_threads(),
    }
    if device == "cuda":
        props = torch.cuda.get_device_properties(0)
        info.update(
            device_name=props.name,
            capability=f"{props.major}.{props.minor}",
            total_memory=props.total_memory,
            multiprocessors=props.multi_processor_count,
            # kHz and bits; absent from some builds (CUDA 13 dropped the clock from the struct).
            memory_clock_khz=getattr(props, "memory_clock_rate", None) or None,
            memory_bus_width_bits=getattr(props, "memory_bus_width", None) or None,
            cudnn=torch.backends.cudnn.version(),
        )
    return info


# Each case: the statement, run with non_blocking=True unless it is the blocking control.
HOST_WAIT_CASES = {
    "h2d_pageable_non_blocking": "dev.copy_(pageable, non_blocking=True)",
    "h2d_pinned_non_blocking": "dev.copy_(pinned, non_blocking=True)",
    "h2d_pageable": "dev.copy_(pageable)",
    "d2h_pageable_non_blocking": "pageable.copy_(dev, non_blocking=True)",
    "d2h_pinned_non_blocking": "pinned.copy_(dev, non_blocking=True)",
    "d2h_pinned": "pinned.copy_(dev)",
}


def host_waits(torch, device: str, size: int) -> list[dict]:
    """For each case: when the call returned and when the copy had finished, from the same
    start, and whether the stream was still busy when the call returned (the copy had not
    finished: the host did not wait for it). Then, with about 50 ms of GPU work queued before
    the copy (torch.cuda._sleep), whether the call returned only after that work had finished
    (the host waited for the stream). Medians and counts of HOST_WAIT_REPEATS runs."""
    n = size // 4
    cuda = device == "cuda"
    env = {
        "dev": torch.ones(n, device=device),
        "pageable": torch.ones(n),
        "pinned": torch.ones(n).pin_memory() if cuda else torch.ones(n),
    }
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    rows = []
    for case, statement in HOST_WAIT_CASES.items():
        code = compile(statement, case, "exec")
        exec(code, env)  # warm-up: the caching allocators and the driver's staging buffers
        sync()
        returned, finished, busy, waited = [], [], [], []
        for _ in range(HOST_WAIT_REPEATS):
            sync()
            start = time.perf_counter()
            exec(code, env)
            back = time.perf_counter()
            busy.append(not torch.cuda.current_stream().query() if cuda else None)
            sync()
            finished.append(time.perf_counter() - start)
            returned.append(back - start)
            if cuda:
                torch.cuda._sleep(100_000_000)  # about 50 ms of queued work at 2 GHz
                queued = torch.cuda.Event()
                queued.record()
                exec(code, env)
                waited.append(queued.query())
                sync()
        rows.append(
            {
                "case": case,
                "statement": statement,
                "bytes": size,
                "returned_s": sorted(returned)[len(returned) // 2],
                "finished_s": sorted(finished)[len(finished) // 2],
                "busy_on_return": sum(busy) if cuda else None,
                "waited_for_queued_work": sum(waited) if cuda else None,
                "runs": HOST_WAIT_REPEATS,
            }
        )
    return rows


# ---------------------------------------------------------------------------------------------
# Stage 3: the benchmark, one tools.generate.bench worker process per size


def stage_bench(sizes, device, timing, deadline, log: Log) -> tuple[list[dict], dict]:
    min_run_time, min_runs = timing
    results, skipped, failed, took = [], [], [], []
    for size in sizes:
        name = human_size(size)
        left = deadline - time.monotonic()
        # A size takes at least as long as the one before it; larger ones take longer.
        estimate = 1.5 * took[-1] if took else 5.0
        if left < estimate:
            skipped.append(f"{name} (time box: {left:.0f} s left, about {estimate:.0f} s needed)")
            log(f"bench: {name} skipped: {left:.0f} s left, about {estimate:.0f} s needed")
            continue
        need = bench.HOST_FACTOR[device] * size + bench.OVERHEAD
        if need > bench.available_host_memory():
            skipped.append(f"{name} (needs about {need // MIB} MiB of free host memory)")
            log(f"bench: {name} skipped: not enough free host memory")
            continue
        command = [sys.executable, "-m", "tools.generate.bench", "--device", device]
        command += ["--worker", str(size)]
        command += ["--min-run-time", str(min_run_time), "--min-runs", str(min_runs)]
        started = time.monotonic()
        try:
            done = subprocess.run(
                command, cwd=ROOT, capture_output=True, text=True, timeout=max(1.0, left)
            )
            out, err, code = done.stdout, done.stderr, done.returncode
        except subprocess.TimeoutExpired as late:
            out, err, code = _text(late.stdout), _text(late.stderr), "timeout"
        took.append(time.monotonic() - started)
        rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        results += rows
        if code != 0:
            last = err.strip().splitlines()[-1] if err.strip() else ""
            last = "killed when the run's time budget ran out" if code == "timeout" else last
            failed.append(f"{name} (exit {code}, {len(rows)} operations recorded): {last}")
            log(f"bench: {name} FAILED (exit {code}): {last}")
        else:
            log(f"bench: {name}: {len(rows)} operations in {took[-1]:.1f} s")
    status = "partial" if skipped or failed else "ok"
    return results, {"status": status, "skipped": skipped, "failed": failed}


# ---------------------------------------------------------------------------------------------
# The machine, from outside torch


def nvidia_smi(log: Log) -> dict | None:
    """The fields of SMI_FIELDS that nvidia-smi reports for the first visible GPU, or None."""
    index = (os.environ.get("CUDA_VISIBLE_DEVICES") or "0").split(",")[0].strip()
    base = ["nvidia-smi", "-i", index if index.isdigit() else "0", "--format=csv,noheader"]

    def query(fields) -> list[str] | None:
        try:
            done = subprocess.run(
                [*base, "--query-gpu=" + ",".join(fields)],
                capture_output=True,
                text=True,
                timeout=20,
            )
        except (OSError, subprocess.TimeoutExpired):
            return None
        if done.returncode != 0:
            return None
        values = [v.strip() for v in done.stdout.strip().splitlines()[0].split(",")]
        return values if len(values) == len(fields) else None

    values = query(SMI_FIELDS)
    if values is None:
        if query(("name",)) is None:
            log("nvidia-smi: not available")
            return None
        values = [(query((field,)) or ["unreadable"])[0] for field in SMI_FIELDS]
    found = {}
    for field, value in zip(SMI_FIELDS, values, strict=True):
        known = value and "N/A" not in value and "Not Supported" not in value
        found[field] = value if known and value != "unreadable" else None
    return found


# ---------------------------------------------------------------------------------------------
# The driver


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python3 -m tools.generate.gpu_record", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--out", type=Path, required=True, help="folder for the two files")
    parser.add_argument("--quick", action="store_true", help="under a minute: a smoke run")
    parser.add_argument(
        "--cpu-standin",
        action="store_true",
        help="no GPU: CPU tensors instead of CUDA ones, CUDA snippets skipped (tests this program)",
    )
    parser.add_argument(
        "--sizes",
        type=bench.parse_sizes,
        help="benchmark sizes (default: 4KiB..1GiB in powers of 4; with --quick 4KiB,1MiB,64MiB)",
    )
    parser.add_argument("--budget", type=float, help="seconds for the whole run (default 280/55)")
    parser.add_argument("--probe", type=Path, help=argparse.SUPPRESS)  # internal: stage 2
    parser.add_argument("--box", type=float, default=60.0, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    mode = "quick" if args.quick else "full"
    if args.probe is not None:
        return probe(args.probe, mode, args.cpu_standin, args.box)
    args.out.mkdir(parents=True, exist_ok=True)
    log = Log(args.out / LOG)
    started, budget = time.monotonic(), args.budget or BUDGET_S[mode]
    deadline = started + budget
    standin = args.cpu_standin
    record: dict = {
        "format": FORMAT,
        "standin": standin,
        "mode": mode,
        # What the pages quote: the command without the machine's output folder.
        "command": " ".join(["python3 -m tools.generate.gpu_record", *_flags(argv)]),
        "started": now(),
        "budget_s": budget,
        "environment": {"nvidia_smi": None},
        "stages": {},
        "snippets": {},
        "semantics": None,
        "timings": None,
    }

    def save() -> None:
        record["seconds"] = round(time.monotonic() - started, 1)
        path = args.out / RECORD
        scratch = path.with_suffix(".json.partial")
        scratch.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", "utf-8")
        scratch.replace(path)

    log(f"gpu_record {mode}{' --cpu-standin' if standin else ''}: budget {budget:.0f} s")
    try:
        if not standin:
            record["environment"]["nvidia_smi"] = nvidia_smi(log)
            log(f"nvidia-smi: {record['environment']['nvidia_smi']}")
        save()

        # 1. Snippets
        stage_started = time.monotonic()
        paths = cuda_snippets()
        box = min(SNIPPETS_S[mode], deadline - time.monotonic())
        record["snippets"], account = stage_snippets(paths, box, standin, log)
        record["stages"]["snippets"] = {**account, "seconds": _since(stage_started)}
        save()

        # 2. Device probes: torch side of the environment, matrix, host waits
        stage_started = time.monotonic()
        box = min(DEVICE_S[mode], deadline - time.monotonic())
        parts, account = run_probe(mode, standin, box, log)
        record["environment"]["torch"] = parts.get("torch_side")
        record["semantics"] = parts.get("semantics")
        host_wait = parts.get("host_wait")
        record["stages"]["device"] = {**account, "seconds": _since(stage_started)}
        save()

        # 3. Benchmark
        stage_started = time.monotonic()
        device = bench.STANDIN if standin else "cuda"
        sizes = args.sizes or (QUICK_SIZES if args.quick else bench.CUDA_SIZES)
        log(f"bench: {len(sizes)} sizes, {len(bench.CUDA_OPS)} operations each ({device})")
        results, account = stage_bench(sizes, device, TIMING[mode], deadline - 5, log)
        record["stages"]["bench"] = {**account, "seconds": _since(stage_started)}
        if not standin:  # the link after traffic: it may train down when idle
            after = nvidia_smi(log)
            record["environment"]["nvidia_smi_after_bench"] = after
        record["timings"] = timings(record, results, host_wait, mode)
        save()
    except KeyboardInterrupt:
        log("interrupted: the record keeps what was done")
        record["interrupted"] = True
        save()
        return 130
    finally:
        record["finished"] = now()
        save()
        problems = [
            f"{stage}: {account['status']}"
            for stage, account in record["stages"].items()
            if account["status"] not in ("ok", "skipped")
        ]
        log(f"done in {time.monotonic() - started:.0f} s; wrote {args.out / RECORD}")
        for problem in problems:
            log(f"not complete: {problem}")
        log.close()
    return 0 if record["stages"].get("bench", {}).get("status") == "ok" and not problems else 1


def _flags(argv: list[str]) -> list[str]:
    kept, skip = [], False
    for arg in argv:
        if skip or arg == "--out" or arg.startswith("--out="):
            skip = arg == "--out"
            continue
        kept.append(arg)
    return kept


def _since(started: float) -> float:
    return round(time.monotonic() - started, 1)


def run_probe(mode: str, standin: bool, box: float, log: Log) -> tuple[dict, dict]:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "probe.json"
        command = [
            sys.executable,
            "-m",
            "tools.generate.gpu_record",
            "--out",
            scratch,
            "--probe",
            str(out),
        ]
        command += ["--box", str(box)] + (["--quick"] if mode == "quick" else [])
        command += ["--cpu-standin"] if standin else []
        log(f"device: probes in a fresh process (time box {box:.0f} s)")
        try:
            done = subprocess.run(
                command, cwd=ROOT, capture_output=True, text=True, timeout=max(1.0, box + 5)
            )
            code, err = done.returncode, done.stderr
        except subprocess.TimeoutExpired as late:
            code, err = "timeout", _text(late.stderr)
        for line in err.strip().splitlines():
            log(f"device: {line}")
        parts = json.loads(out.read_text("utf-8")) if out.exists() else {}
    missing = [key for key in ("torch_side", "semantics", "host_wait") if key not in parts]
    cut = (parts.get("host_wait") or {}).get("skipped_sizes", [])
    account = {"status": "ok" if code == 0 and not missing and not cut else "partial"}
    if code != 0:
        account["failed"] = [f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"]
    account["skipped"] = missing + [f"host wait at {human_size(s)}" for s in cut]
    return parts, account


def timings(record: dict, results: list[dict], host_wait, mode: str) -> dict:
    """The benchmark in the shape tools/generate/bench_render.py renders, with the machine it ran
    on."""
    env = record["environment"]
    side = env.get("torch") or {}
    smi = env.get("nvidia_smi") or {}
    standin = record["standin"]
    machine = {
        # Rendered as the CUDA results even from the stand-in, which says so on every page.
        "device": "cuda",
        "standin": standin,
        "device_name": side.get("device_name") or smi.get("name") or "CPU stand-in",
        "cpu": side.get("cpu") or bench.cpu_model(),
        "threads": side.get("threads"),
        "torch": side.get("torch"),
        "torch_cuda": side.get("torch_cuda"),
        "driver": smi.get("driver_version"),
        "python": side.get("python") or platform.python_version(),
        "date": record["started"][:-7] + " UTC",
        "pcie": {
            key: smi.get(f"pcie.link.{key.replace('_', '.')}")
            for key in ("gen_current", "gen_max", "gen_gpumax", "gen_hostmax")
            + ("width_current", "width_max")
        },
        "pcie_after_bench": {
            key: (env.get("nvidia_smi_after_bench") or {}).get(f"pcie.link.{key}")
            for key in ("gen.current", "width.current")
        },
        "memory_clock_khz": side.get("memory_clock_khz"),
        "memory_bus_width_bits": side.get("memory_bus_width_bits"),
        "smi_max_memory_clock": smi.get("clocks.max.memory"),
    }
    return {
        "machine": machine,
        "command": record["command"],
        "results": results,
        "statements": dict(bench.CUDA_STMTS),
        "host_wait": host_wait,
    }


if __name__ == "__main__":
    sys.exit(main())
