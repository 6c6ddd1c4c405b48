"""The headless subcommands of main.py: selftest, screenshot, bench-ui and scores."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

import main
from game import registry
from ui.voice import find_program


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_selftest_opens_everything_and_reports(capsys: pytest.CaptureFixture[str],
                                               home: Path) -> None:
    assert main.main(["selftest"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["folder"] == str(home)
    assert set(report["games"]) == set(registry.ids())
    assert all(v == "ok" for v in report["games"].values())
    assert report["schema_versions"]["settings"] >= 1
    assert report["speech"] == find_program()  # the tests need espeak-ng installed


def test_screenshot_writes_the_table_as_seat_zero_sees_it(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    assert main.main(["screenshot", "--game", "hokm", "--seed", "2", "--moves", "8",
                      "--out", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


@pytest.mark.parametrize("more", [[], ["--cpu-clock", "--setting", "felt=3",
                                         "--setting", "face=large"]])
def test_bench_ui_prints_frame_times(capsys: pytest.CaptureFixture[str], more: list[str]) -> None:
    assert main.main(["bench-ui", "--game", "thief", "--frames", "30", "--seed", "1",
                      *more]) == 0
    out = last_json(capsys.readouterr().out)
    assert out["frames"] == 30
    assert 0 < out["p50_ms"] <= out["p99_ms"] <= out["max_ms"]


def test_scores_json_after_a_recorded_match(capsys: pytest.CaptureFixture[str]) -> None:
    from game import registry
    from saves import Saves

    state = registry.get("hokm").new(4, 1, {"length": "hand"})
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    Saves.open().record_result("hokm", ["A", "B", "C", "D"], state.result())
    assert main.main(["scores", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"]["hokm"]["history"][0]["players"] == ["A", "B", "C", "D"]
    Saves.open().record_result("tiraje", ["A", "B"], {"winners": [0], "points": [3, 1]})
    assert main.main(["scores", "--game", "hokm", "--json"]) == 0  # as saves/cli.py says
    assert list(json.loads(capsys.readouterr().out)["games"]) == ["hokm"]
    assert main.main(["scores", "--game", "hokm"]) == 0
    assert "Hokm" in capsys.readouterr().out


def test_unknown_game_is_a_one_line_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["screenshot", "--game", "chess", "--out", "x.png"]) == 2
    err = capsys.readouterr().err
    assert "games: hokm, tiraje, thief" in err and len(err.strip().splitlines()) == 1


def test_selftest_works_apart_and_never_touches_the_players_files(
        capsys: pytest.CaptureFixture[str], home: Path) -> None:
    """The player's unfinished match (and every other file) is as it was, byte for byte: the
    self-test plays its games in a folder of its own (it wrote over match.json before, and a
    self-test killed midway lost the player's match)."""
    from saves import Saves

    state = registry.get("hokm").new(4, 5)
    saves = Saves.open()
    saves.save_match({"game": "hokm", "state": state.to_dict(), "seed": 5})
    saves.add_profile("Sara")
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert main.main(["selftest"]) == 0
    assert json.loads(capsys.readouterr().out)["folder_writable"] is True
    assert {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == before


def test_selftest_fails_when_the_data_folder_cannot_be_written(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import tempfile

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    assert main.main(["selftest"]) == 1
    assert "cannot be written (Read-only file system)" in capsys.readouterr().err


def test_a_data_folder_that_cannot_be_made_is_one_clear_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a_file").write_text("not a folder")
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path / "a_file" / "cardtable"))
    for command in (["scores"], ["play"], ["selftest"]):
        assert main.main(command) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "cannot be" in err[0] and "a_file" in err[0], err


def test_play_without_a_display_says_so_in_one_line_and_fails(tmp_path: Path) -> None:
    """With no display SDL falls back to drawing nowhere: the table would run unseen until
    killed. It says why instead, and exits non-zero (a subprocess: no driver is forced)."""
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["CARD_TABLE_HOME"] = str(tmp_path)
    run = subprocess.run([sys.executable, str(Path(main.__file__))], env=env, timeout=60,
                         capture_output=True, text=True)
    ours = [line for line in run.stderr.splitlines() if line.startswith("main.py:")]
    assert run.returncode == 1 and len(ours) == 1 and "no display" in ours[0], run.stderr
    assert "pygame-ce" not in run.stdout
