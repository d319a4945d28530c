"""The GPU session's two commands, tested without a GPU.

tools/generate/gpu_record.py runs once here with --cpu-standin --quick (CPU tensors; the CUDA
snippets are skipped). Its record is then applied by tools/generate/gpu_apply.py to a copy of
docs/ and snippets/ in a temporary folder, never to the live pages.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from tools import snippets as runner
from tools.generate import bench, gpu_apply, gpu_record, gpu_transfers, semantics
from tools.project import LANGUAGES, ROOT

# Every process the recorder starts writes the modules it imported here (see sitecustomize).
AUDIT = """\
import atexit, os, sys

def _dump():
    folder = os.environ.get("GPU_RECORD_AUDIT")
    if folder:
        with open(os.path.join(folder, f"{os.getpid()}.txt"), "w") as handle:
            lines = [f"{name} {getattr(m, '__file__', None)}" for name, m in sys.modules.items()]
            handle.write("\\n".join([" ".join(sys.argv)] + sorted(lines)))

atexit.register(_dump)
"""
FORBIDDEN = {"pytest", "_pytest", "sybil", "mkdocs", "pymdownx", "pluggy"}


def installed_with(*distributions: str) -> set[str]:
    """Top-level modules of these distributions and of everything they require (no extras)."""

    def norm(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    seen, todo = set(), list(distributions)
    while todo:
        name = norm(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        todo += [
            re.split(r"[ ;<>=!~\[(]", r, maxsplit=1)[0] for r in requires if "extra ==" not in r
        ]
    return {
        top
        for top, owners in metadata.packages_distributions().items()
        if {norm(owner) for owner in owners} & seen
    }


def cuda_snippets_on_disk() -> set[str]:
    """Found here independently of tools.project: the marker among a file's first 5 lines."""
    found = set()
    for path in (ROOT / "snippets").rglob("*.py"):
        head = path.read_text(encoding="utf-8").splitlines()[:5]
        if "# requires: cuda" in (line.strip() for line in head):
            found.add(path.relative_to(ROOT).as_posix())
    return found


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    out = tmp_path_factory.mktemp("record")
    audit, hooks = tmp_path_factory.mktemp("audit"), tmp_path_factory.mktemp("hooks")
    (hooks / "sitecustomize.py").write_text(AUDIT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{hooks}{os.pathsep}{ROOT}", "GPU_RECORD_AUDIT": str(audit)}
    command = [sys.executable, "-m", "tools.generate.gpu_record", "--cpu-standin", "--quick"]
    command += ["--sizes", "4KiB", "--out", str(out)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    record = json.loads((out / gpu_record.RECORD).read_text(encoding="utf-8"))
    return out, done, audit, record


@pytest.fixture
def site(tmp_path):
    """A copy of the pages, the generated files and the snippets, to apply records to."""
    skip = shutil.ignore_patterns("notebooks", "assets")
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=skip)
    shutil.copytree(ROOT / "snippets", tmp_path / "snippets")
    return tmp_path


def gpu_like(record: dict) -> dict:
    """The stand-in record with every snippet printing a line and the machine facts of a GPU."""
    record = json.loads(json.dumps(record))
    for path, result in record["snippets"].items():
        result.update(status="ok", returncode=0, stdout=f"recorded: {path}\n", stderr="")
    side = record["environment"]["torch"]
    side.update(device_name="Test GPU", torch="2.11.0+cu130", torch_cuda="13.0")
    record["environment"]["nvidia_smi"] = {"driver_version": "580.1"}
    record["semantics"].update(device_name="Test GPU", torch="2.11.0+cu130", torch_cuda="13.0")
    record["timings"]["machine"].update(
        device_name="Test GPU",
        torch="2.11.0+cu130",
        torch_cuda="13.0",
        driver="580.1",
        pcie={"gen_max": "5", "width_max": "16", "gen_current": "1", "width_current": "16"},
        memory_clock_khz=2619000,
        memory_bus_width_bits=5120,
    )
    return record


# -- the record ---------------------------------------------------------------------------------


def test_the_record_holds_every_cuda_snippet_skipped_with_its_reason(recorded):
    _, _, _, record = recorded
    assert record["format"] == gpu_record.FORMAT and record["standin"] is True
    assert set(record["snippets"]) == cuda_snippets_on_disk()
    assert len(record["snippets"]) >= 16
    for result in record["snippets"].values():
        assert result["status"] == "skipped"
        assert result["stderr"] == gpu_record.STANDIN_REASON


def test_the_record_holds_the_matrix_the_benchmark_and_the_host_waits(recorded):
    _, _, _, record = recorded
    stages = record["stages"]
    assert stages["snippets"]["status"] == "skipped"
    assert stages["device"]["status"] == "ok" and stages["bench"]["status"] == "ok"
    rows = record["semantics"]["rows"]
    assert {(r["op"], r["source"]) for r in rows} == {
        (op, source) for op in semantics.OPERATIONS for source in semantics.SOURCES
    }
    timings = record["timings"]
    assert {(r["op"], r["bytes"]) for r in timings["results"]} == {
        (op, 4096) for op in bench.CUDA_OPS
    }
    assert all(r["median_s"] > 0 and r["runs"] >= 3 for r in timings["results"])
    cases = [row["case"] for row in timings["host_wait"]["rows"]]
    assert cases == list(gpu_record.HOST_WAIT_CASES)
    assert all(row["finished_s"] >= row["returned_s"] > 0 for row in timings["host_wait"]["rows"])
    assert timings["machine"]["standin"] is True and timings["machine"]["device"] == "cuda"


def test_the_record_is_two_files_and_progress_goes_to_stderr(recorded):
    out, done, _, _ = recorded
    assert sorted(p.name for p in out.iterdir()) == [gpu_record.RECORD, gpu_record.LOG]
    log = (out / gpu_record.LOG).read_text(encoding="utf-8")
    assert "bench: 4 KiB: 12 operations" in log and "done in" in log
    assert "bench: 4 KiB" in done.stderr


def test_the_recorder_imports_nothing_but_torch_numpy_and_the_standard_library(recorded):
    """The GPU machine has torch, numpy and pytest, nothing else of this project's needs."""
    _, _, audit, _ = recorded
    packages = installed_with("torch", "numpy")
    allowed = set(sys.stdlib_module_names) | packages | {"tools", "sitecustomize", "__main__"}
    allowed.add("__mp_main__")  # multiprocessing's second name for __main__
    # Packages that ship vendored copies (setuptools/_vendor: packaging, jaraco, ...) may import
    # those, or the same names installed beside them.
    for top in packages:
        spec = importlib.util.find_spec(top)
        for location in (spec and spec.submodule_search_locations) or []:
            vendor = Path(location) / "_vendor"
            if vendor.is_dir():
                allowed |= {p.name.removesuffix(".py") for p in vendor.iterdir()}
    dumps = list(audit.glob("*.txt"))
    commands = [dump.read_text().splitlines()[0] for dump in dumps]
    assert any("gpu_record" in c and "--probe" not in c for c in commands), commands
    assert any("--probe" in c for c in commands) and any("--worker" in c for c in commands)
    for dump in dumps:
        command, *lines = dump.read_text(encoding="utf-8").splitlines()
        modules = dict(line.split(" ", 1) for line in lines)
        tops = {name.split(".")[0] for name in modules}
        assert not tops & FORBIDDEN, f"{command} imported {sorted(tops & FORBIDDEN)}"
        strangers = sorted(name for name in modules if name.split(".")[0] not in allowed)
        assert not strangers, f"{command} imported {strangers}"


def test_a_snippet_runs_in_a_fresh_interpreter_with_its_output_and_exit_status(tmp_path):
    (tmp_path / "ok.py").write_text("import sys\nprint('out')\nprint('err', file=sys.stderr)\n")
    (tmp_path / "fails.py").write_text("print('before')\nraise SystemExit(3)\n")
    (tmp_path / "hangs.py").write_text(
        "import time\nprint('started', flush=True)\ntime.sleep(60)\n"
    )
    ok = gpu_record.run_snippet("ok.py", root=tmp_path)
    assert (ok["status"], ok["returncode"], ok["stdout"], ok["stderr"]) == (
        "ok",
        0,
        "out\n",
        "err\n",
    )
    fails = gpu_record.run_snippet("fails.py", root=tmp_path)
    assert (fails["status"], fails["returncode"], fails["stdout"]) == ("error", 3, "before\n")
    hangs = gpu_record.run_snippet("hangs.py", timeout=1.0, root=tmp_path)
    assert hangs["status"] == "timeout" and hangs["stdout"] == "started\n"


# -- applying it --------------------------------------------------------------------------------


def test_a_standin_record_is_refused_unless_allowed(recorded, site, capsys):
    out, _, _, _ = recorded
    assert gpu_apply.main([str(out), "--root", str(site)]) == 2
    assert "--cpu-standin" in capsys.readouterr().err
    assert gpu_apply.main([str(out), "--root", str(site), "--allow-standin"]) == 0


def test_apply_rewrites_the_placeholder_blocks_in_both_languages(recorded, site):
    record = gpu_like(recorded[3])
    pages = sorted((site / "docs").glob("*.md"))
    before = "".join(page.read_text(encoding="utf-8") for page in pages)
    for language in LANGUAGES:  # each page in its language
        assert before.count(runner.gpu_pending(language).strip()) >= 16, language
    assert gpu_apply.apply(record, site, allow_standin=True) == []
    shown = {}
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for placeholder in map(runner.gpu_pending, LANGUAGES):
            assert placeholder.strip() not in text, page.name
        for snippet in record["snippets"]:
            for match in re.finditer(rf'--8<-- "{re.escape(snippet)}"', text):
                after = text[match.end() :].split("```text\n", 1)[1]
                assert after.lstrip().startswith(f"recorded: {snippet}"), (page.name, snippet)
                shown.setdefault(snippet, set()).add(page.name.endswith(".zh.md"))
    assert {s for s, languages in shown.items() if languages == {False, True}} == set(
        record["snippets"]
    )


def test_apply_renders_the_tables_in_both_languages_saying_which_gpu_torch_and_cuda(recorded, site):
    gpu_apply.apply(gpu_like(recorded[3]), site, allow_standin=True)
    generated = site / "docs" / "generated"
    names = {"timings-cuda.json", "copy_semantics-cuda.json"}
    for language in ("en", "zh"):
        names |= {f"timings-cuda.{language}.md", f"copy_semantics-cuda.{language}.md"}
        names |= {f"gpu-run.{language}.md"}
    names |= {"timings-cuda.svg", "timings-cuda.zh.svg"}
    assert names <= {p.name for p in generated.iterdir()}
    for language, measured in (("en", "Measured on **Test GPU** with torch 2.11.0+cu130 (CUDA "
                                      "13.0), NVIDIA driver 580.1"),
                               ("zh", "测量环境：**Test GPU**，torch 2.11.0+cu130（CUDA 13.0），"
                                      "NVIDIA 驱动 580.1")):  # fmt: skip
        timings = (generated / f"timings-cuda.{language}.md").read_text(encoding="utf-8")
        assert measured in timings
        assert "| 4 KiB |" in timings and "PCIe Gen 5 x16 | 63.0 |" in timings
        assert re.search(r"\| 4 KiB \| [\d.]+ \([\d.]+ ?%\) \|", timings), "no fraction of the link"
        assert "| 3,352 |" in timings  # 2619 MHz × 2 × 5120 bit / 8
        assert "| `dev.copy_(pageable, non_blocking=True)` | 64 MiB |" in timings
        matrix = (generated / f"copy_semantics-cuda.{language}.md").read_text(encoding="utf-8")
        assert "torch `2.11.0+cu130`" in matrix and "CUDA 13.0" in matrix
        assert "**Test GPU**" in matrix and "<table" in matrix
        note = (generated / f"gpu-run.{language}.md").read_text(encoding="utf-8")
        assert "**Test GPU**" in note and "2.11.0+cu130" in note and "580.1" in note
        svg = (generated / f"timings-cuda{'' if language == 'en' else '.zh'}.svg").read_text()
        assert "Test GPU" in svg and "PCIe Gen 5 x16: 63.0 GB/s" in svg


def test_apply_reports_a_failed_snippet_and_exits_non_zero(recorded, site, tmp_path, capsys):
    record = gpu_like(recorded[3])
    broken = "snippets/devices/cuda_same_tensor.py"
    record["snippets"][broken].update(
        status="error", returncode=1, stdout="", stderr="RuntimeError: CUDA error: boom\n"
    )
    del record["snippets"]["snippets/devices/cuda_keeps_dtype.py"]
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / gpu_apply.RECORD).write_text(json.dumps(record), encoding="utf-8")
    assert gpu_apply.main([str(folder), "--root", str(site), "--allow-standin"]) == 1
    err = capsys.readouterr().err
    assert f"PROBLEM: {broken}: error (exit status 1)" in err and "CUDA error: boom" in err
    assert "cuda_keeps_dtype.py: not in the record" in err
    page = (site / "docs" / "devices.md").read_text(encoding="utf-8")
    after = page.split(f'--8<-- "{broken}"', 1)[1].split("```text\n", 1)[1]
    assert after.startswith(runner.gpu_pending()), "a failed snippet's block was rewritten"
    note = (site / "docs" / "generated" / "gpu-run.en.md").read_text(encoding="utf-8")
    assert broken in note


# -- the physical references --------------------------------------------------------------------


def test_link_and_memory_references_from_the_reported_facts():
    pcie3 = gpu_transfers.link_reference({"pcie": {"gen_max": "3", "width_max": "16"}})
    assert round(pcie3["gbps"], 2) == 15.75  # 8 GT/s × 16 × 128/130 / 8
    pcie5 = gpu_transfers.link_reference({"pcie": {"gen_max": "5", "width_max": "16"}})
    assert round(pcie5["gbps"], 1) == 63.0
    assert gpu_transfers.link_reference({"device_name": "NVIDIA GH200 480GB"})["kind"] == "c2c"
    assert gpu_transfers.link_reference({"pcie": {"gen_max": None}}) is None
    hbm = gpu_transfers.hbm_reference({"memory_clock_khz": 2619000, "memory_bus_width_bits": 5120})
    assert round(hbm["gbps"]) == 3352
    smi = {"smi_max_memory_clock": "3201 MHz", "memory_bus_width_bits": 6144}
    assert round(gpu_transfers.hbm_reference(smi)["gbps"]) == 4917
    assert gpu_transfers.hbm_reference({"device_name": "NVIDIA H200"})["gbps"] == 4800.0
    assert gpu_transfers.hbm_reference({"device_name": "Something else"}) is None


def test_the_committed_placeholders_say_no_gpu_run_yet():
    generated = Path(ROOT / "docs" / "generated")
    for language in ("en", "zh"):
        note = (generated / f"gpu-run.{language}.md").read_text(encoding="utf-8")
        timings = (generated / f"timings-cuda.{language}.md").read_text(encoding="utf-8")
        if "timings-cuda.json" in {p.name for p in generated.iterdir()}:
            continue  # a GPU record has been applied
        assert note == gpu_apply.render_provenance(None, language)
        assert timings == gpu_transfers.render_missing(language)


FAKE_SMI = """#!/bin/sh
# Answers one field at a time, like a driver that lacks pcie.link.gen.gpumax.
case "$*" in
  *query-gpu=*,*) echo "Field is not valid" >&2; exit 2 ;;
  *query-gpu=name*) echo "NVIDIA H200" ;;
  *query-gpu=driver_version*) echo "580.65.06" ;;
  *query-gpu=pcie.link.gen.max*) echo "5" ;;
  *query-gpu=pcie.link.width.max*) echo "16" ;;
  *query-gpu=pcie.link.gen.current*) echo "1" ;;
  *query-gpu=clocks.max.memory*) echo "3201 MHz" ;;
  *query-gpu=pcie.link.gen.gpumax*) echo "Field is not valid" >&2; exit 2 ;;
  *) echo "[N/A]" ;;
esac
"""


def test_nvidia_smi_fields_are_read_one_by_one_when_a_driver_lacks_some(tmp_path, monkeypatch):
    smi = tmp_path / "nvidia-smi"
    smi.write_text(FAKE_SMI)
    smi.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    found = gpu_record.nvidia_smi(lambda message: None)
    assert found["name"] == "NVIDIA H200" and found["driver_version"] == "580.65.06"
    assert (found["pcie.link.gen.max"], found["pcie.link.width.max"]) == ("5", "16")
    assert found["clocks.max.memory"] == "3201 MHz"
    assert found["pcie.link.gen.gpumax"] is None and found["pcie.link.width.current"] is None
    smi.write_text(
        '#!/bin/sh\necho "NVIDIA H200, 580.65.06, 1, 5, 5, 5, 16, 16, 3201 MHz, 143771 MiB, '
        'Default, [N/A]"\n'
    )
    found = gpu_record.nvidia_smi(lambda message: None)
    assert len(found) == len(gpu_record.SMI_FIELDS) and found["pcie.link.gen.current"] == "1"
    assert found["pcie.link.width.max"] == "16" and found["persistence_mode"] is None
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert gpu_record.nvidia_smi(lambda message: None) is None
