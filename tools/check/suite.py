"""`make test` after the static lint: the strict site build beside pytest, not before it.

The build (`mkdocs build --strict` into site/) takes one core for about ten seconds, and pytest,
on two workers, has work that needs no built site: its start, the snippet batch, the generators'
runs. So both start at once. The tests that read the built site wait for the build
(wait_for_site, called by tests/conftest.py's built_site fixture), and fail with its log if it
failed. Once the site is built, the link check (tools/check/links.py) reads it. The build's and
the link check's output are printed after pytest's, and the exit status is 1 if any
of the three failed.

    python -m tools.check.suite [pytest arguments]    # what `make test` runs
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tools import project

SITE_BUILD = "GUIDE_SITE_BUILD"  # the file the build's exit status and log are written to
SITE = "site"


def wait_for_site() -> None:
    """Return once the build that tools.check.suite started has ended; fail if it failed.
    Without GUIDE_SITE_BUILD (the site was built before pytest, or a test builds one), at once."""
    status = os.environ.get(SITE_BUILD)
    if not status:
        return
    path = Path(status)
    while not path.exists():
        time.sleep(0.1)
    code, _, log = path.read_text(encoding="utf-8").partition("\n")
    if code != "0":
        import pytest

        said = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
        said = said or log.rstrip().splitlines()[-5:]
        pytest.fail(
            f"the site build failed (exit {code}), so there is no site to test:\n"
            + "\n".join(said)
            + "\n(its whole log follows pytest's report)",
            pytrace=False,
        )


def _run(command: list[str]) -> tuple[int, str, float]:
    started = time.perf_counter()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        command,
        cwd=project.ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    return done.returncode, done.stdout, time.perf_counter() - started


def _build_then_links(status: Path, results: dict) -> None:
    # No --quiet: MkDocs then stops counting warnings, and --strict lets them pass.
    results["build"] = _run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", SITE])
    code, log, _ = results["build"]
    written = status.with_suffix(".part")
    written.write_text(f"{code}\n{log}", encoding="utf-8")
    written.replace(status)  # whole, or not at all, for the tests that wait for it
    if code == 0:
        results["links"] = _run([sys.executable, "-m", "tools.check.links", SITE])


def main(argv: list[str]) -> int:
    folder = Path(tempfile.mkdtemp(prefix="guide-build-"))
    status = folder / "status"
    results: dict[str, tuple[int, str, float]] = {}
    builder = threading.Thread(target=_build_then_links, args=(status, results))
    builder.start()
    env = {**os.environ, "GUIDE_BUILT_SITE": SITE, SITE_BUILD: str(status)}
    command = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", *argv]
    tests = subprocess.run(command, cwd=project.ROOT, env=env, check=False).returncode
    builder.join()
    failed = []
    for name, what in (("build", "mkdocs build --strict"), ("links", "the link check")):
        if name not in results:
            continue
        code, log, seconds = results[name]
        print(f"\n::: {what} (beside pytest): exit {code}, {seconds:.1f} s")
        if code or name == "links":
            print(log.rstrip())
        if code:
            failed.append(what)
    if tests:
        failed.append("pytest")
    if failed:
        print(f"\nmake test failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
