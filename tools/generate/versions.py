"""Which torch releases does each page hold for? Runs the guide across releases, for what changed.

    python -m tools.generate.versions            (= make versions; a maintainer's command)
    python -m tools.generate.versions --force    (= make versions FORCE=1: everything again)
    python -m tools.generate.versions --releases 2.4.1,2.15.0
    python -m tools.generate.versions --update-releases   (the list, from the package index)

The releases are the pinned torch (this venv, CPU build), those of tools/generate/torch-releases.txt
(the latest patch of each minor release from 2.0, as --update-releases finds them on the package
index) and the pinned release's CUDA wheel. A run measures only what the committed
docs/generated/versions.json has no result for (tools/generate/versions_merge.py `plan`): the CPU
snippets on the pages that are new or changed since (by the hash of their content), the snippets
a release missed, the copy-semantics matrix or the operator atlas when the code that measures
them changed, and everything with a release the JSON does not have; the pinned torch measures
whatever any release measures. Each release runs in its own virtual environment under the cache,
installed once and kept, with its torch and a numpy that fits it. The results are merged into the
JSON (versions_merge.merge), and the pages are rewritten: the JSON, docs/generated/versions.*.md
(tools/generate/versions_page.py), the home page's paragraph and the error index. `--force`
measures everything again, with every release, and builds the JSON from those results alone.

The same per-release step runs one release at a time, for the GitHub workflow that runs the
releases as a matrix (.github/workflows/versions.yml):

    python -m tools.generate.versions --list                      (releases with work, as JSON)
    python -m tools.generate.versions --release 2.0.1 --results DIR   (one release into DIR)
    python -m tools.generate.versions --merge DIR                 (DIR's results -> the files)

`--merge` writes the files with the code a local run ends with (`write_outputs`), so that the
merged files are byte-identical to a local run's from the same results.

The wheels come from the package index, not from this machine's pip configuration (which caps
torch): pip runs with PIP_CONFIG_FILE=/dev/null and without the configured find-links, for that
command only. Release wheels on the index are CUDA builds (about 5 GB with their libraries);
pip's cache is reused (and emptied when it grows past PIP_CACHE_LIMIT). Everything lives under
the cache folder (GUIDE_VERSIONS_CACHE, default ~/.cache/guide-versions), outside the repository.

Progress goes to stderr. Each release's measurement is kept in <cache>/results/<release>.json
until the next run's: a run that stops part way resumes with the releases it measured already.

This module imports only the standard library at the top: `--measure` runs it inside the
throw-away venvs, which have torch and numpy and nothing else.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools import project

ROOT = project.ROOT
GENERATED = project.GENERATED
JSON_PATH = GENERATED / "versions.json"
COMMAND = "python -m tools.generate.versions"
CACHE = Path(os.environ.get("GUIDE_VERSIONS_CACHE", Path.home() / ".cache" / "guide-versions"))
OLDEST = (2, 0)  # the oldest minor release tried; older ones are not measured
PIP_CACHE_LIMIT = 20 * 2**30
PYTHON = "python3.11"  # the throw-away venvs; the same Python as the pinned venv
NUMPY_1 = "1.26.4"  # the last NumPy 1, for the releases built against NumPy 1 (before 2.3)
# Properties of a matrix or atlas row that identify it rather than measure it.
ROW_KEYS = ("id", "op", "source", "device", "code")
TABLE_NAMES = ("matrix", "atlas")  # the generated tables measured with each release


def log(message: str) -> None:
    stamp = datetime.datetime.now(datetime.UTC).strftime("%H:%M:%S")
    print(f"[versions {stamp}] {message}", file=sys.stderr, flush=True)


# -- what is measured ---------------------------------------------------------------------------


def error_line(status: str, stderr: str) -> str | None:
    """The first line of the error a snippet died with (the exception line of its traceback)."""
    if status == "ok":
        return None
    if status == "timeout":
        return "timed out"
    lines = [line for line in stderr.splitlines() if line.strip()]
    exception = [line for line in lines if re.match(r"^[A-Za-z_][\w.]*(Error|Exception)\b", line)]
    found = exception[-1] if exception else (lines[-1] if lines else f"exit status ({status})")
    return found.strip()[:300]


def first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}".rstrip()


def measure_atlas() -> dict:
    """The operator atlas with this torch, one summary per operator (atlas_summary). A release
    whose op_db does not import (or whose probe fails as a whole) gives the error instead."""
    try:
        from tools.generate import atlas

        found = atlas.atlas()
    except Exception as error:  # noqa: BLE001 - a failure is a fact to record
        return {"status": "error", "error": first_line(error)}
    return atlas_summary(found)


def atlas_summary(data: dict) -> dict:
    """What the versions page compares of each atlas row: its result and condition, whether a
    write reaches the input, the in-place facts, the schema's declaration; with the condition
    rendered in each language (with this release's call counts, shown but not compared)."""
    from tools.generate import atlas_render
    from tools.generate.atlas_probe import INPLACE_FACTS

    words = atlas_render.labels()
    rows = {}
    for row in data["rows"]:
        inplace = row.get("inplace")
        if inplace is not None:
            inplace = "raised" if "error" in inplace else {f: inplace.get(f) for f in INPLACE_FACTS}
        rows[row["key"]] = {
            "result": row["result"],
            "condition": row["condition"],
            "write": row.get("write_reaches_input"),
            "inplace": inplace,
            "declared": (row.get("declared") or {}).get("kind"),
            "text": {
                language: atlas_render.condition(row, words[language], language)
                for language in ("en", "zh")
            },
        }
    return {
        "status": "ok",
        "counts": data["counts"],
        "rows": rows,
        "skipped": {row["key"]: row["skipped"] for row in data["skipped"]},
    }


def measure_here(snippets: list[str], tables: list[str] = TABLE_NAMES) -> dict:
    """What a run asks of the torch of this interpreter (run inside each venv): the snippets
    named, and the tables named ("matrix", "atlas")."""
    import numpy
    import torch

    from tools import snippets as runner

    found = {
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "python": platform.python_version(),
        "numpy": numpy.__version__,
    }
    started = time.perf_counter()
    results = runner.run(snippets)
    found["snippets"] = {
        path: {
            "status": result.status,
            "stdout": result.stdout,
            "error": error_line(result.status, result.stderr),
            "stderr": result.stderr[-4000:],
        }
        for path, result in results.items()
    }
    found["snippet_seconds"] = round(time.perf_counter() - started, 1)
    log(f"  ran {len(results)} snippets in {found['snippet_seconds']} s")
    if "matrix" in tables:
        log("  the matrix")
        try:
            from tools.generate import semantics

            found["matrix"] = {"status": "ok", "rows": semantics.matrix("cpu")["rows"]}
        except Exception as error:  # noqa: BLE001
            found["matrix"] = {"status": "error", "error": first_line(error)}
    if "atlas" in tables:
        log("  the atlas")
        found["atlas"] = measure_atlas()
    return found


# -- which releases -----------------------------------------------------------------------------


def pip_env() -> dict[str, str]:
    """pip without this machine's configuration (its torch cap, its local wheels), and without
    an extra index (the docs workflow's CPU wheel index would make `torch==2.0.1` the CPU build
    on a runner and the CUDA wheel here)."""
    dropped = ("PIP_FIND_LINKS", "PIP_CONSTRAINT", "PIP_EXTRA_INDEX_URL", "PIP_INDEX_URL")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        PIP_CONFIG_FILE=os.devnull,
        PIP_CACHE_DIR=str(CACHE / "pip"),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def parse_version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text.split("+")[0])[:3])


def index_releases() -> list[str]:
    """The latest patch of every minor release from OLDEST on, as the package index lists them."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "index", "versions", "torch"],
        env=pip_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    listed = re.search(r"Available versions: (.*)", done.stdout)
    if not listed:
        raise RuntimeError(f"pip index versions torch: no list in\n{done.stdout}{done.stderr}")
    latest: dict[tuple[int, int], str] = {}
    for version in (v.strip() for v in listed[1].split(",")):
        if not re.fullmatch(r"\d+\.\d+\.\d+", version):
            continue  # pre-releases
        minor = parse_version(version)[:2]
        if minor >= OLDEST and parse_version(version) > parse_version(latest.get(minor, "0.0.0")):
            latest[minor] = version
    return [latest[minor] for minor in sorted(latest)]


def work_order(releases: list[str]) -> list[str]:
    """The oldest and the newest first, then a spread, so that a cut-short run is still useful."""
    if len(releases) <= 2:
        return list(releases)
    rest = releases[1:-1][::-1]
    return [releases[0], releases[-1], *rest[::2], *rest[1::2]]


def numpy_for(release: str) -> str:
    """The pinned numpy from 2.4 on, else the last NumPy 1: 2.0 to 2.2 were built against NumPy 1,
    and 2.3, which runs with either, shares it with them."""
    return f"numpy=={_pinned_numpy()}" if parse_version(release) >= (2, 4) else f"numpy=={NUMPY_1}"


def _pinned(*names: str) -> list[str]:
    """name==version for each name, as requirements.txt pins it."""
    found = []
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        name = line.split("==", 1)[0].strip().lower()
        if name in names:
            found.append(f"{name}=={line.split('==', 1)[1].split()[0]}")
    return found


def _pinned_numpy() -> str:
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if line.lower().startswith("numpy=="):
            return line.split("==", 1)[1].split()[0]  # the lock continues the line with hashes
    return "2.0.0"


# -- one release --------------------------------------------------------------------------------


RESULTS = CACHE / "results"  # --results DIR puts them elsewhere (the workflow's jobs)
RELEASES_LIST = ROOT / "tools" / "generate" / "torch-releases.txt"


def result_path(release: str) -> Path:
    return RESULTS / f"{release}.json"


def covers(result: dict, job: dict, now: dict[str, str], tables: dict[str, str]) -> bool:
    """Whether a kept result already holds what the job asks, measured as the files are now."""
    if not result.get("complete") or result.get("not_run"):
        return False
    hashes, table_hashes = result.get("snippet_hashes", {}), result.get("table_hashes", {})
    snippets = all(
        s in result.get("snippets", {}) and hashes.get(s) == now[s] for s in job["snippets"]
    )
    return snippets and all(t in result and table_hashes.get(t) == tables[t] for t in job["tables"])


def cached(release: str, job: dict, now: dict[str, str], tables: dict[str, str]) -> dict | None:
    """The kept result of an earlier (perhaps interrupted) run, when it covers the job."""
    path = result_path(release)
    if not path.is_file():
        return None
    found = json.loads(path.read_text())
    return found if covers(found, job, now, tables) else None


def environment(release: str) -> Path:
    """The python of the release's venv under the cache, installed once and kept: a later run
    reuses it (delete <cache>/venvs/ to free the disk, about 5 GB per CUDA release)."""
    venv = CACHE / "venvs" / release
    marker = venv / "guide-installed.txt"  # what was installed there, written last
    wanted = requirements(release)
    python = venv / "bin" / "python"
    if marker.is_file() and marker.read_text().split() == wanted and python.is_file():
        log(f"  reusing the venv at {venv}")
        return python
    install(release, venv, wanted)
    marker.write_text("\n".join(wanted) + "\n")
    return python


def measure_release(release: str, pinned: bool, job: dict, now: dict, tables: dict) -> dict:
    """Measure the job's snippets and tables with one release; the result is also kept."""
    started = time.perf_counter()
    found: dict = {"release": release, "pinned": pinned}
    found["snippet_hashes"] = {s: now[s] for s in job["snippets"]}
    found["table_hashes"] = {t: tables[t] for t in job["tables"]}
    try:
        python = sys.executable if pinned else str(environment(release))
        found["install_seconds"] = round(time.perf_counter() - started, 1)
        log(f"  measuring {len(job['snippets'])} snippets and {job['tables'] or 'no table'}")
        out = RESULTS / f"{release}.measuring.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        command = [python, "-m", "tools.generate.versions", "--measure", str(out)]
        command += ["--tables", ",".join(job["tables"]), *job["snippets"]]
        done = subprocess.run(
            command,
            cwd=ROOT,
            # PYTHONHASHSEED=0 as `make atlas` runs: some of op_db's sample functions loop
            # over sets of strings, and the seed decides which samples come first.
            env={
                **os.environ,
                "PYTHONPATH": str(ROOT),
                "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONHASHSEED": "0",
            },
            stdout=subprocess.PIPE,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not out.is_file():
            raise RuntimeError(f"measuring failed (exit {done.returncode}); see the log above")
        found.update(json.loads(out.read_text()))
        out.unlink()
    except Exception as error:  # noqa: BLE001 - a release that does not run is a result too
        found["not_run"] = str(error).strip().splitlines()[-1][:300] if str(error) else repr(error)
        log(f"  {release} did not run: {found['not_run']}")
    found["seconds"] = round(time.perf_counter() - started, 1)
    found["measured"] = datetime.datetime.now(datetime.UTC).date().isoformat()
    found["complete"] = True
    path = result_path(release)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    return found


def requirements(release: str) -> list[str]:
    # expecttest and hypothesis, and with some releases PyYAML (2.0) or packaging (2.2 to 2.6):
    # the operator atlas imports torch's op_db, which needs them.
    return [
        f"torch=={release}",
        numpy_for(release),
        *_pinned("expecttest", "hypothesis", "pyyaml", "packaging"),
    ]


def install(release: str, venv: Path, wanted: list[str]) -> Path:
    if venv.exists():
        shutil.rmtree(venv)
    venv.parent.mkdir(parents=True, exist_ok=True)
    log(f"  creating a venv at {venv}")
    subprocess.run([PYTHON, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    log(f"  pip install {' '.join(wanted)} (a CUDA wheel: a few GB, minutes)")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--progress-bar", "off", *wanted],
        env=pip_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    trim_pip_cache()
    if done.returncode != 0:
        shutil.rmtree(venv, ignore_errors=True)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise RuntimeError("pip install failed: " + (lines[-1] if lines else "no message"))
    return python


def trim_pip_cache() -> None:
    folder = CACHE / "pip"
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) if folder.exists() else 0
    log(f"  pip cache: {size / 2**30:.1f} GiB")
    if size > PIP_CACHE_LIMIT:
        log(f"  emptying the pip cache (over {PIP_CACHE_LIMIT / 2**30:.0f} GiB)")
        shutil.rmtree(folder, ignore_errors=True)


# -- main ---------------------------------------------------------------------------------------


def listed_releases() -> list[str]:
    """The releases a run measures besides the pinned torch (tools/generate/torch-releases.txt,
    rewritten from the package index by --update-releases)."""
    lines = RELEASES_LIST.read_text(encoding="utf-8").splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def write_releases_list(releases: list[str]) -> None:
    head = [line for line in RELEASES_LIST.read_text(encoding="utf-8").splitlines() if
            line.startswith("#")] if RELEASES_LIST.is_file() else []  # fmt: skip
    RELEASES_LIST.write_text("\n".join([*head, *releases]) + "\n", encoding="utf-8")


def plan_releases(pinned: str, releases: list[str] | None, cuda_twin: bool = True) -> list[str]:
    """What a run measures, in the order it measures: the pinned torch, then the releases
    (work_order), then the pinned release as a CUDA wheel when the list does not have it."""
    plan = [pinned] + work_order(releases or [])
    if cuda_twin:
        plan.append(pinned.split("+")[0])
    return list(dict.fromkeys(plan))


def read_results(folder: Path) -> dict[str, dict]:
    """Every complete result in a folder, by release (the merge checks each snippet's and
    table's hash against the files now, and leaves out what was measured with others)."""
    found = {}
    for path in sorted(folder.glob("*.json")):
        if path.stem.endswith(".measuring"):
            continue
        result = json.loads(path.read_text())
        if result.get("complete"):
            found[result["release"]] = result
        else:
            log(f"  {path.name}: incomplete, left out")
    return found


def write_outputs(data: dict) -> None:
    """versions.json, the pages, and the error index that reads the JSON: the last step of a
    local run and of --merge alike."""
    from tools.generate import errors, versions_page

    files = versions_page.outputs(data)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
        log(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    if versions_page.JSON_PATH == JSON_PATH:  # the real files (tests write elsewhere)
        for path, text in errors.outputs().items():
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                log(f"wrote {path.relative_to(ROOT)}")


def starting_data(force: bool, pinned: str) -> dict:
    """What the run merges into: the committed data, or nothing with --force."""
    from tools.generate import versions_merge, versions_page

    if force or not versions_page.JSON_PATH.is_file():
        return versions_merge.skeleton(pinned)
    return versions_page.committed()


def main(argv: list[str]) -> int:
    global RESULTS
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="measure everything again")
    parser.add_argument("--releases", help="comma-separated torch releases (default: the list)")
    parser.add_argument("--no-cuda-twin", action="store_true", help="skip the pinned CUDA wheel")
    parser.add_argument("--render-only", action="store_true", help="merge the kept results only")
    parser.add_argument("--list", action="store_true", help="print the releases with work, JSON")
    parser.add_argument("--update-releases", action="store_true", help="list from the index")
    parser.add_argument("--release", help="measure this one release only (into --results)")
    parser.add_argument("--results", type=Path, help="the folder of per-release results")
    parser.add_argument("--merge", type=Path, metavar="DIR", help="write the files from DIR")
    parser.add_argument("--measure", metavar="OUT", help=argparse.SUPPRESS)
    parser.add_argument("--tables", default="", help=argparse.SUPPRESS)
    parser.add_argument("snippets", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        tables = [t for t in args.tables.split(",") if t]
        Path(args.measure).write_text(json.dumps(measure_here(args.snippets, tables)))
        return 0
    if args.update_releases:
        releases = index_releases()
        write_releases_list(releases)
        log(f"{RELEASES_LIST.relative_to(ROOT)}: {', '.join(releases)}")
        return 0
    if args.results:
        RESULTS = args.results.resolve()

    from tools.generate import versions_merge

    started = time.perf_counter()
    import torch  # the pinned one, in the project's venv

    pinned = torch.__version__
    data = starting_data(args.force, pinned)
    now, tables = versions_merge.snippets_now(), versions_merge.table_hashes()
    if args.merge:
        write_outputs(versions_merge.merge(data, read_results(args.merge), pinned))
        return 0
    releases = args.releases.split(",") if args.releases else listed_releases()
    plan = plan_releases(pinned, releases, not args.no_cuda_twin and not args.releases)
    jobs = versions_merge.plan(data, plan, pinned, now, tables, args.force)
    if args.list:
        print(json.dumps([r for r in plan if r in jobs]))
        return 0
    if args.release:
        job = jobs.get(args.release)
        if job is None:
            log(f"torch {args.release}: nothing to measure")
        elif cached(args.release, job, now, tables) is None:
            log(f"torch {args.release}: {len(job['snippets'])} snippets, {job['tables']}")
            measure_release(args.release, args.release == pinned, job, now, tables)
        log(f"torch {args.release}: {result_path(args.release)}")
        return 0
    measured: dict[str, dict] = {}
    order = [r for r in plan if r in jobs]
    log(f"{len(order)} of {len(plan)} releases have something to measure")
    for number, release in enumerate(order, 1):
        job = jobs[release]
        what = f"{len(job['snippets'])} snippets, tables: {', '.join(job['tables']) or 'none'}"
        old = cached(release, job, now, tables)
        if old is not None or args.render_only:
            if old is not None:
                measured[release] = old
                log(f"[{number}/{len(order)}] torch {release} ({what}): kept from an earlier run")
            continue
        log(f"[{number}/{len(order)}] torch {release}: {what}")
        measured[release] = measure_release(release, release == pinned, job, now, tables)
        log(f"[{number}/{len(order)}] torch {release}: done in {measured[release]['seconds']} s")
    write_outputs(versions_merge.merge(data, measured, pinned))
    log(f"finished in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
