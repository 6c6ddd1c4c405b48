"""The shipped build's promises that can be checked without building: what the spec packs and
leaves out, the icon and licence, the error log of a frozen build, the first-frame exit."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def read_spec() -> dict[str, Any]:
    """Run cardtable.spec with stand-ins for PyInstaller's classes; what each was given."""
    seen: dict[str, Any] = {}

    def stand_in(name: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> Any:
            seen[name] = (args, kwargs)
            return type(name, (), {"pure": [], "scripts": [], "binaries": [], "datas": []})()
        return make

    names = {n: stand_in(n) for n in ("Analysis", "PYZ", "EXE", "COLLECT")}
    exec(compile((ROOT / "cardtable.spec").read_text(), "cardtable.spec", "exec"),
         {"SPECPATH": str(ROOT), **names})
    return seen


def test_the_spec_packs_every_lazily_imported_module_and_the_assets() -> None:
    spec = read_spec()
    analysis = spec["Analysis"][1]
    wanted = {f"game.rules.{p.stem}" for p in (ROOT / "game/rules").glob("*.py")
              if p.stem != "__init__"}
    wanted |= {f"ui.scenes.{p.stem}" for p in (ROOT / "ui/scenes").glob("*.py")
               if p.stem != "__init__"}
    assert wanted <= set(analysis["hiddenimports"])
    assert (str(ROOT / "assets"), "assets") in analysis["datas"]
    for tool in ("pytest", "hypothesis", "mypy", "numpy", "PyInstaller", "tkinter"):
        assert tool in analysis["excludes"]
    exe = spec["EXE"][1]
    assert exe["name"] == "cardtable" and exe["console"] is False
    assert exe["icon"] is None or Path(exe["icon"]).is_file()
    for icon in ("cardtable.ico", "cardtable.icns", "cardtable.png"):
        assert (ROOT / "assets" / "icon" / icon).stat().st_size > 1000
    assert spec["COLLECT"][1]["name"] == "cardtable"  # one folder, not one file


def test_the_font_ships_with_its_licence() -> None:
    fonts = ROOT / "assets" / "fonts"
    assert (fonts / "OFL.txt").read_text().startswith("Copyright")
    assert {p.name for p in fonts.glob("*.ttf")} >= {"Vazirmatn-Regular.ttf",
                                                     "Vazirmatn-Bold.ttf"}


def test_a_frozen_build_appends_its_errors_to_the_log(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "stderr", None)
    main.log_errors_when_frozen()
    assert isinstance(sys.stderr, main.ErrorLog)
    print("Traceback: something broke", file=sys.stderr)
    assert main.main(["simulate", "--game", "nope"]) == 2
    log = (tmp_path / main.LOG_NAME).read_text(encoding="utf-8").splitlines()
    assert log[0].endswith("Traceback: something broke") and log[0][:4].isdigit()
    assert "unknown game 'nope'" in log[1]


def test_the_app_can_stop_after_its_first_frame(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from saves import Saves
    from ui.app import EXIT_AFTER_FIRST_FRAME, App

    monkeypatch.setenv(EXIT_AFTER_FIRST_FRAME, "1")
    app = App(Saves.open(tmp_path))
    assert app.run() == 0 and app.frames == 1
