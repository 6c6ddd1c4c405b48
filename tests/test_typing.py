"""The code is typed: mypy --strict passes over game/, saves/ and ui/ (settings in
pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_packages_are_mypy_clean() -> None:
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                *(str(ROOT / p) for p in ("game", "saves", "ui"))])
    assert status == 0, out + err
