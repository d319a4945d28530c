"""Measures what copying a tensor costs, and writes docs/generated/timings-<device>.*

    python -m tools.generate.bench                      (or: make bench) CPU, 4 KiB to 256 MiB
    python -m tools.generate.bench --device cuda        transfers and device copies, 4 KiB to 1 GiB
    python -m tools.generate.bench --quick --out DIR    a smoke run of a few seconds
    python -m tools.generate.bench --render FILE.json   re-render tables and plots from a JSON file

Every point is timed with torch.utils.benchmark (which synchronises the accelerator around each
block) and reported as the median, the interquartile range and the number of runs. Bandwidth is
payload bytes (the source tensor's bytes) per second, in decimal GB/s.

Each size is measured in a fresh Python process. Fresh allocations are part of what `clone` costs,
so they are timed, but one size's freed memory must not be handed to the next size's `clone`
already faulted in. Within a size, an operation that allocates sees what a loop in a real program
sees: glibc serves blocks above its mmap threshold (it grows up to 32 MiB on 64-bit Linux) with a
fresh mmap and returns them with munmap, so every such `clone` faults in every page again, while
smaller blocks are reused from the heap. Between operations the worker frees everything and asks
glibc to return free memory to the system (malloc_trim), so one operation does not warm the next.
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.generate import bench_render
from tools.project import GENERATED, ROOT

KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30
CPU_SIZES = [4 * KIB * 4**k for k in range(9)]  # 4 KiB .. 256 MiB
CUDA_SIZES = [4 * KIB * 4**k for k in range(10)]  # 4 KiB .. 1 GiB
QUICK_SIZES = [4 * KIB, 64 * KIB]

CPU_OPS = [
    "memcpy_reference",
    "copy_",
    "clone",
    "detach_clone",
    "contiguous_transposed",
    "to_float16",
    "detach",
]
CUDA_OPS = [
    "memcpy_reference",
    "cuda_copy_",
    "cuda_clone",
    "h2d_pageable",
    "h2d_pageable_non_blocking",
    "h2d_pinned",
    "h2d_pinned_non_blocking",
    "pin_then_h2d",
    "d2h_pageable",
    "d2h_pageable_non_blocking",
    "d2h_pinned",
    "d2h_pinned_non_blocking",
]
# The CUDA operations on CPU tensors, where no GPU is present: tests the CUDA path of the
# benchmark and of tools/gpu_record.py end to end. Its numbers are CPU copies, never published.
STANDIN = "cuda-standin"

# The statement timed for each operation. The result of an allocating statement is not bound to a
# name, so it is freed at the end of the statement: at most one output is alive at a time.
CPU_STMTS = {
    "memcpy_reference": "numpy.copyto(dst_np, src_np)",
    "copy_": "dst.copy_(src)",
    "clone": "src.clone()",
    "detach_clone": "leaf.detach().clone()",
    "contiguous_transposed": "square_t.contiguous()",
    "to_float16": "src.to(torch.float16)",
    "detach": "leaf.detach()",
}
CUDA_STMTS = {
    # A byte copy between two storages: PyTorch hands it to cudaMemcpyAsync, device to device.
    "memcpy_reference": "dev_dst.untyped_storage().copy_(dev_src.untyped_storage())",
    "cuda_copy_": "dev_dst.copy_(dev_src)",
    "cuda_clone": "dev_src.clone()",
    "h2d_pageable": "dev_dst.copy_(host_pageable)",
    # The timer synchronises the device at the end of each block, so every copy is counted.
    "h2d_pageable_non_blocking": "dev_dst.copy_(host_pageable, non_blocking=True)",
    "h2d_pinned": "dev_dst.copy_(host_pinned)",
    "h2d_pinned_non_blocking": "dev_dst.copy_(host_pinned, non_blocking=True)",
    "pin_then_h2d": "dev_dst.copy_(host_pageable.pin_memory(), non_blocking=True)",
    "d2h_pageable": "host_pageable.copy_(dev_src)",
    "d2h_pageable_non_blocking": "host_pageable.copy_(dev_src, non_blocking=True)",
    "d2h_pinned": "host_pinned.copy_(dev_src)",
    "d2h_pinned_non_blocking": "host_pinned.copy_(dev_src, non_blocking=True)",
}


def standin_statement(op: str) -> str:
    """The CPU equivalent of a CUDA statement: pinning, impossible without CUDA, is a host copy,
    and the byte-copy reference is the CPU benchmark's."""
    if op == "memcpy_reference":
        return "numpy.copyto(dev_dst.numpy(), dev_src.numpy())"
    return CUDA_STMTS[op].replace(".pin_memory()", ".clone()")


# Per size, the most memory a worker holds, in multiples of the size (sources, destination and
# one output at a time), plus the interpreter itself.
HOST_FACTOR = {"cpu": 3, "cuda": 3, STANDIN: 5}
DEVICE_FACTOR = 3
OVERHEAD = 512 * MIB

MIN_RUNS = 7


class BenchError(Exception):
    """A condition the user can fix; reported in one line, exit status 2."""


# ---------------------------------------------------------------------------------------------
# Sizes and machine


def parse_size(text: str) -> int:
    match = re.fullmatch(r"\s*(\d+)\s*([KMG]i?B?|B)?\s*", text, flags=re.I)
    if not match:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (examples: 4096, 64KiB, 1GiB)")
    unit = (match.group(2) or "B").upper()[:1]
    size = int(match.group(1)) * {"B": 1, "K": KIB, "M": MIB, "G": GIB}[unit]
    if size < 16:
        raise argparse.ArgumentTypeError(f"size {text!r} is below 16 bytes")
    return size


def parse_sizes(text: str) -> list[int]:
    return sorted({parse_size(part) for part in text.split(",") if part.strip()})


def available_host_memory() -> int:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * KIB
    except OSError:
        pass
    return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine(device: str) -> dict:
    import torch

    name = torch.cuda.get_device_name() if device == "cuda" else cpu_model()
    return {
        "device": device,
        "device_name": name,
        "cpu": cpu_model(),
        "threads": torch.get_num_threads(),
        "torch": torch.__version__,
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def check_fits(device: str, sizes: list[int]) -> None:
    """Raises BenchError before anything is allocated if the largest size cannot fit."""
    largest = max(sizes)
    need = HOST_FACTOR[device] * largest + OVERHEAD
    have = available_host_memory()
    if need > have:
        raise BenchError(
            f"size {bench_render.human_size(largest)} needs about "
            f"{bench_render.human_size(need)} of free memory, "
            f"but {bench_render.human_size(have)} is available; pass smaller --sizes"
        )
    if device == "cuda":
        import torch

        free, _ = torch.cuda.mem_get_info()
        need = DEVICE_FACTOR * largest + 256 * MIB
        if need > free:
            raise BenchError(
                f"size {bench_render.human_size(largest)} needs about "
                f"{bench_render.human_size(need)} of free GPU memory, "
                f"but {bench_render.human_size(free)} is free; pass smaller --sizes"
            )


# ---------------------------------------------------------------------------------------------
# The worker: one size, every operation, in its own process


def _release_memory() -> None:
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc: nothing to trim


def _minor_faults() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def _cpu_globals(size: int) -> dict:
    import numpy
    import torch

    n = size // 4
    src = torch.ones(n)  # written once, so its pages are present
    dst = torch.zeros(n)  # preallocated and already faulted in, as a reused buffer is
    side = int(n**0.5)
    return {
        "torch": torch,
        "numpy": numpy,
        "src": src,
        "dst": dst,
        "src_np": src.numpy(),
        "dst_np": dst.numpy(),
        # A leaf that requires grad, sharing src's storage: what detach() is used on.
        "leaf": src.detach().requires_grad_(True),
        "square_t": src[: side * side].view(side, side).t(),
        "payload": {"contiguous_transposed": side * side * 4},
    }


def _cuda_globals(size: int, device: str = "cuda") -> dict:
    import torch

    n = size // 4
    on = "cpu" if device == STANDIN else "cuda"
    return {
        "torch": torch,
        "numpy": __import__("numpy") if device == STANDIN else None,
        "dev_src": torch.ones(n, device=on),
        "dev_dst": torch.zeros(n, device=on),
        "host_pageable": torch.ones(n),
        "host_pinned": torch.ones(n) if device == STANDIN else torch.ones(n).pin_memory(),
        "payload": {},
    }


def measure_size(device: str, size: int, min_run_time: float, min_runs: int):
    """Yields one result per operation for one size."""
    import torch
    from torch.utils import benchmark

    if device == "cuda" and not torch.cuda.is_available():
        raise BenchError("--device cuda: CUDA is not available in this PyTorch or machine")
    if device == "cpu":
        ops, stmts, env = CPU_OPS, CPU_STMTS, _cpu_globals(size)
    else:
        ops, env = CUDA_OPS, _cuda_globals(size, device)
        stmts = CUDA_STMTS if device == "cuda" else {op: standin_statement(op) for op in ops}
    payload = env.pop("payload")
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    for op in ops:
        _release_memory()
        timer = benchmark.Timer(
            stmt=stmts[op], globals=env, num_threads=torch.get_num_threads(), label=op
        )
        # One call, timed roughly: a warm-up, and how long blocked_autorange must run to get
        # enough runs for a median and an interquartile range, however long one call takes.
        code = compile(stmts[op], op, "exec")
        sync()
        start = time.perf_counter()
        exec(code, env)
        sync()
        one_call = time.perf_counter() - start
        # blocked_autorange picks its own block size (up to 10 000 calls per run for the
        # smallest sizes), so it is asked again until the runs add up to min_runs.
        runtime, parts = max(min_run_time, min_runs * one_call * 1.1), []
        while True:
            parts.append(timer.blocked_autorange(min_run_time=runtime))
            missing = min_runs - sum(len(part.raw_times) for part in parts)
            if missing <= 0:
                break
            runtime = missing * max(parts[-1].raw_times) * 1.2
        measurement = parts[0] if len(parts) == 1 else benchmark.Measurement.merge(parts)[0]
        # Page faults of one more call in the same steady state: the evidence for the first-touch
        # cost of fresh allocations.
        before = _minor_faults()
        exec(code, env)
        sync()
        faults = _minor_faults() - before
        payload_bytes = payload.get(op, size)
        yield {
            "op": op,
            "device": device,
            "bytes": size,
            "median_s": measurement.median,
            "iqr_s": measurement.iqr,
            "runs": len(measurement.times),
            "gbps": payload_bytes / measurement.median / 1e9,
            "minor_faults": faults,
        }


def worker(args) -> int:
    try:
        for result in measure_size(args.device, args.worker, args.min_run_time, args.min_runs):
            print(json.dumps(result), flush=True)
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


# ---------------------------------------------------------------------------------------------
# The driver


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, width: int = 30):
        self.total, self.width, self.done = total, width, 0

    def step(self, label: str) -> None:
        self.done += 1
        filled = self.width * self.done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        line = f"\r[{bar}] {self.done:3d}/{self.total} {label:<40}"
        sys.stderr.write(line)
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def run(device: str, sizes: list[int], min_run_time: float, min_runs: int) -> list[dict]:
    ops = CPU_OPS if device == "cpu" else CUDA_OPS
    progress = Progress(len(sizes) * len(ops))
    results = []
    try:
        for size in sizes:
            command = [
                sys.executable,
                "-m",
                "tools.generate.bench",
                "--device",
                device,
                "--worker",
                str(size),
                "--min-run-time",
                str(min_run_time),
                "--min-runs",
                str(min_runs),
            ]
            with subprocess.Popen(
                command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            ) as process:
                for line in process.stdout:
                    result = json.loads(line)
                    results.append(result)
                    progress.step(f"{result['op']} {bench_render.human_size(size)}")
                error = process.stderr.read()
            if process.returncode:
                message = error.strip().splitlines()[-1] if error.strip() else ""
                raise BenchError(
                    f"the worker for {bench_render.human_size(size)} failed "
                    f"(exit {process.returncode}): {message}"
                )
    finally:
        progress.close()
    return results


def write(data: dict, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    device = data["machine"]["device"]
    data = {**data, "statements": CUDA_STMTS if device == "cuda" else CPU_STMTS}
    json_path = out / f"timings-{device}.json"
    json_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return [json_path, *bench_render.render_files(json_path, out)]


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tools.generate.bench", description=__doc__.split("\n\n")[0]
    )
    # STANDIN is for tools/gpu_record.py --cpu-standin, which starts the workers itself.
    parser.add_argument("--device", choices=["cpu", "cuda", STANDIN], default="cpu")
    parser.add_argument(
        "--sizes",
        type=parse_sizes,
        help="comma-separated sizes in bytes, KiB, MiB or GiB "
        "(default: 4KiB..256MiB in powers of 4 on CPU, ..1GiB on CUDA)",
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument(
        "--out",
        type=Path,
        help="output folder (default: docs/generated; with --quick, a temporary folder)",
    )
    parser.add_argument("--render", type=Path, metavar="JSON", help="only re-render this JSON")
    # Internal: how the driver starts one worker per size.
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--min-run-time", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--min-runs", type=int, default=None, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if args.min_run_time is None:
        args.min_run_time = 0.05 if args.quick else 0.2
    if args.min_runs is None:
        args.min_runs = 3 if args.quick else MIN_RUNS
    if args.worker is not None:
        return worker(args)
    try:
        if args.render is not None:
            out = args.out or args.render.parent
            for path in bench_render.render_files(args.render, out):
                print(path)
            return 0
        import torch

        if args.device == "cuda" and not torch.cuda.is_available():
            raise BenchError(
                "--device cuda: CUDA is not available here "
                f"(torch {torch.__version__}); run on a machine with an NVIDIA GPU"
            )
        sizes = args.sizes or (
            QUICK_SIZES if args.quick else CUDA_SIZES if args.device == "cuda" else CPU_SIZES
        )
        check_fits(args.device, sizes)
        out = args.out or (
            Path(tempfile.mkdtemp(prefix="bench-quick-")) if args.quick else GENERATED
        )
        info = machine(args.device)
        results = run(args.device, sizes, args.min_run_time, args.min_runs)
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    command = " ".join(["python -m tools.generate.bench", *argv])
    for path in write({"machine": info, "command": command, "results": results}, out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
