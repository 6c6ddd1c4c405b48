"""`game/` is typed: mypy --strict passes over it (the settings are in pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_game_is_mypy_clean() -> None:
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "game")])
    assert status == 0, out + err
