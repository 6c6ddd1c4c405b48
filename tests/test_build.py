"""The shipped build's promises that can be checked without building: what the spec packs and
leaves out, the icon and licence, the error log of a frozen build, the first-frame exit."""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import main

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


def test_the_spec_packs_every_lazily_imported_module() -> None:
    hidden = set(read_spec()["Analysis"][1]["hiddenimports"])
    for package in ("game/rules", "game/bots", "ui/scenes"):
        modules = [p for p in (ROOT / package).glob("*.py") if p.stem != "__init__"]
        assert modules
        assert {f"{package.replace('/', '.')}.{p.stem}" for p in modules} <= hidden
    assert {"game.rules.hokm", "game.bots.hokm", "ui.scenes.menu"} <= hidden


def test_the_spec_packs_the_assets_and_leaves_out_the_tools() -> None:
    analysis = read_spec()["Analysis"][1]
    packed = {(Path(src).relative_to(ROOT).as_posix(), dest) for src, dest in analysis["datas"]
              if Path(src).is_relative_to(ROOT) and not Path(src).is_relative_to(sys.prefix)}
    # (a library's data files come from the environment, which may sit in the project: .venv)
    assert {("assets/fonts/Vazirmatn-Regular.ttf", "assets/fonts"),
            ("assets/fonts/Vazirmatn-Bold.ttf", "assets/fonts"),
            ("assets/fonts/OFL.txt", "assets/fonts"),
            ("assets/icon/cardtable.png", "assets/icon")} <= packed
    assert all(src.startswith("assets/") and src.rsplit("/", 1)[0] == dest
               for src, dest in packed)
    for name in ("numpy", "pytest", "_pytest", "hypothesis", "mypy", "tkinter", "_tkinter",
                 "PyInstaller", "setuptools", "pkg_resources", "pip", "IPython",
                 "pygame.tests", "pygame.examples"):
        assert name in analysis["excludes"]
    for needed in ("game", "ui", "saves", "pygame", "bidi", "arabic_reshaper", "platformdirs",
                   "filelock", "json", "concurrent.futures", "statistics", "sqlite3",
                   "_sqlite3"):
        assert needed not in analysis["excludes"]


def test_the_build_is_checked_for_sqlite_which_the_history_needs() -> None:
    """The history is a SQLite database: the spec packs SQLite (it left it out when only
    filelock could import it), and the build's check fails a folder without it."""
    build = runpy.run_path(str(ROOT / "scripts" / "build.py"), run_name="build")
    assert "sqlite3" in build["WANTED_MODULES"] and "saves.history" in build["WANTED_MODULES"]
    assert "_sqlite3" in build["NEEDED_LIBRARIES"]
    assert not any(name.startswith(("sqlite", "_sqlite", "libsqlite"))
                   for name in (*build["STRAY_FILES"], *build["STRAY_MODULES"]))


def test_the_spec_packs_what_play_across_machines_needs() -> None:
    """websockets runs on asyncio, its client imports ssl, and hashlib's OpenSSL hashes
    (_hashlib) come with it: none may be left out. Invitations over the internet run
    magic-wormhole: Twisted, autobahn (with the C sources its accelerators read as they
    import), PyNaCl through cffi, and cryptography."""
    analysis = read_spec()["Analysis"][1]
    excludes = analysis["excludes"]
    for needed in ("asyncio", "ssl", "_ssl", "_asyncio", "_hashlib", "websockets", "net",
                   "wormhole", "twisted", "autobahn", "nacl", "cffi", "_cffi_backend",
                   "cryptography", "OpenSSL", "noise", "spake2"):
        assert needed not in excludes
    for unused in ("websockets.trio", "websockets.sync", "trio", "werkzeug", "txtorcon",
                   "wormhole.cli.cli", "twisted.trial", "wormhole_mailbox_server"):
        assert unused in excludes  # other implementations, command lines, servers and tests
    sources = {Path(src).name for src, dest in analysis["datas"] if dest == "autobahn/nvx"}
    assert {"_utf8validator.c", "_xormasker.c"} <= sources


def test_the_spec_makes_one_windowed_folder_with_the_icon() -> None:
    spec = read_spec()
    exe = spec["EXE"][1]
    assert exe["name"] == "cardtable" and exe["console"] is False
    assert exe["exclude_binaries"] is True  # one folder: the libraries are not in the exe
    assert exe["upx"] is False
    if sys.platform in ("win32", "darwin"):
        assert Path(exe["icon"]).is_file()
    else:
        assert exe["icon"] is None
    assert spec["COLLECT"][1]["name"] == "cardtable"


def test_the_icon_exists_in_every_format() -> None:
    folder = ROOT / "assets" / "icon"
    assert (folder / "cardtable.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ico = (folder / "cardtable.ico").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and int.from_bytes(ico[4:6], "little") >= 4
    icns = (folder / "cardtable.icns").read_bytes()
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)
    assert (ROOT / "scripts" / "make_icon.py").is_file()


def test_the_font_ships_with_its_licence() -> None:
    fonts = ROOT / "assets" / "fonts"
    assert (fonts / "OFL.txt").read_text().startswith("Copyright")
    assert {p.name for p in fonts.glob("*.ttf")} >= {"Vazirmatn-Regular.ttf",
                                                     "Vazirmatn-Bold.ttf"}


def test_a_frozen_build_appends_its_errors_to_the_log(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "stderr", None)  # a windowed build has none
    main.log_errors_when_frozen()
    assert isinstance(sys.stderr, main.ErrorLog)
    print("Traceback: something broke", file=sys.stderr)
    assert main.main(["simulate", "--game", "nope"]) == 2
    log = (tmp_path / main.LOG_NAME).read_text(encoding="utf-8").splitlines()
    assert log[0].endswith("Traceback: something broke") and log[0][:4].isdigit()
    assert "unknown game 'nope'" in log[1]
    main.log_errors_when_frozen()  # once is enough
    print("again", file=sys.stderr)
    assert len((tmp_path / main.LOG_NAME).read_text(encoding="utf-8").splitlines()) == 3


def test_the_log_keeps_the_console_and_the_last_partial_line(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             ) -> None:
    import io

    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path / "new"))
    console = io.StringIO()
    log = main.ErrorLog(console)
    log.write("main.py: one line\npart")
    assert console.getvalue() == "main.py: one line\npart"
    log.write("ial")
    log.flush()
    lines = (tmp_path / "new" / main.LOG_NAME).read_text(encoding="utf-8").splitlines()
    assert [line.split("] ", 1)[1] for line in lines] == ["main.py: one line", "partial"]


def test_the_log_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path / "file" / "below"))
    main.ErrorLog(None).write("lost, but the table goes on\n")


def test_the_app_can_stop_after_its_first_frame(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from saves import Saves
    from ui.app import EXIT_AFTER_FIRST_FRAME, App

    monkeypatch.setenv(EXIT_AFTER_FIRST_FRAME, "1")
    app = App(Saves.open(tmp_path))
    assert app.run() == 0 and app.frames == 1
