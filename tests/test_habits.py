"""The habits that keep the house in order: the tests run the same however they are started, and
the tree is clean under the rule set pyproject.toml chooses, and every import is declared."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bare_pytest_collects_what_python_m_pytest_collects() -> None:
    """``pytest`` (the script) does not put the current folder on the path as ``python -m``
    does: pyproject's ``pythonpath`` must, or the files importing ``tests.positions`` fail."""
    script = shutil.which("pytest", path=str(Path(sys.executable).parent))
    assert script, "pytest's script is not beside this python"
    env = {**os.environ, "PYTHONPATH": ""}
    run = subprocess.run([script, "--collect-only", "-q", "-n0", "-p", "no:cacheprovider"],
                         cwd=ROOT, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " error" not in run.stdout.splitlines()[-1], run.stdout[-3000:]


def test_the_tree_is_clean_under_ruff() -> None:
    """pyproject.toml's [tool.ruff.lint] says which rules hold and why the others do not."""
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_every_import_is_declared_and_every_declared_package_used() -> None:
    """What the code, the tests and the benchmarks import is declared in pyproject.toml (a
    fresh machine installs nothing else), and nothing declared goes unused: `deptry`, with
    [tool.deptry] naming the modules that go by another name than their distribution."""
    deptry = shutil.which("deptry", path=str(Path(sys.executable).parent))
    assert deptry, "deptry's script is not beside this python"
    run = subprocess.run([deptry, "--no-ansi", "."], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
