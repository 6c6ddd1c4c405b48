"""The code is typed: mypy --strict passes over everything pyproject.toml names (game, saves,
ui, net, main.py, the benchmarks and the scripts)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent


CHECKED = ("game", "saves", "ui", "net", "main.py", "benchmarks", "scripts")


def test_the_check_covers_the_whole_house() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert set(project["tool"]["mypy"]["files"]) == set(CHECKED)


def test_packages_are_mypy_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the configured files are named from the project's root
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, out + err


def test_the_checks_run_on_the_oldest_python_declared() -> None:
    """mypy checks the code as the oldest Python that pyproject.toml accepts would run it (a name
    new in a later Python, such as typing.Self in 3.11, fails there), and the README names the
    same version."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    floor = re.fullmatch(r">=(\d+\.\d+)", project["project"]["requires-python"])
    assert floor, project["project"]["requires-python"]
    assert project["tool"]["mypy"]["python_version"] == floor[1]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"Python {floor[1]} or newer." in readme
