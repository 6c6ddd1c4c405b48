"""Everything fits: every game's setup and table, and the settings, in the smallest window
(640×360), the usual one and a large one (1920×1080), in Persian, English and Arabic. No text or
control drawn covers another drawn by the same scene, and none lies outside the window: what
`screenshot --rects` prints (`ui.headless.drawn`), checked by `ui.headless.crossings`. The stress
run walks more: every game at its most seats, further into the match, in letterboxed windows too,
and every table at every seat count the game allows."""

from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame
import pytest

import main
from game import registry
from ui.app import App
from ui.scenes.settings import ServerScene, SettingsScene
from ui.headless import (crossings, drawn, open_setup, open_table, resize,
                         scratch_saves)

SIZES = ((640, 360), (1280, 720), (1920, 1080))
MORE_SIZES = ((800, 600), (2560, 1080), (1366, 768))
"""The stress run's windows beside `SIZES`: letterboxed above and below, at the sides, odd."""
LANGS = ("fa", "en", "ar")


def walked(opened: Callable[[App], object], sizes: Sequence[tuple[int, int]],
           langs: Sequence[str] = LANGS) -> Iterator[str]:
    """What does not fit, in words: for each language, ``opened`` (a scene pushed on a new app)
    drawn in each window of ``sizes``."""
    for lang in langs:
        with scratch_saves() as saves:
            saves.settings.update(lang=lang, anim_speed=10.0)
            app = App(saves, sizes[0])
            try:
                opened(app)
                for size in sizes:
                    resize(app, size)
                    app.step(1 / 60)  # the cards moved by the resize come to rest
                    yield from (f"{lang} {size[0]}x{size[1]}: {problem}"
                                for problem in crossings(drawn(app), size))
            finally:
                app.quit()
                pygame.quit()


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_setup_fits_every_window_in_every_language(game_id: str) -> None:
    assert list(walked(lambda app: open_setup(app, game_id, 1), SIZES)) == []


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_table_fits_every_window_in_every_language(game_id: str) -> None:
    assert list(walked(lambda app: open_table(app, game_id, 1, 20), SIZES)) == []


@pytest.mark.parametrize("game_id,seats,seed,moves", [
    ("poker", 8, 1, 20), ("poker", 7, 7, 45), ("bourse", 8, 7, 0), ("bourse", 7, 7, 90),
    ("bluff", 8, 7, 0), ("bistoyek", 9, 1, 20)])
def test_a_crowded_table_fits_every_window_in_every_language(game_id: str, seats: int,
                                                              seed: int, moves: int) -> None:
    """Tables where a seat's line (Poker's word, draw, chips and bet) once reached the next
    seat's, the status line, the controls' column or Bourse's open offers, and where Bourse's
    third open offer lay over the status line."""
    assert list(walked(lambda app: open_table(app, game_id, seed, moves, seats), SIZES)) == []


def opened_settings(app: App) -> None:
    app.push(SettingsScene(app))


def opened_server_refusing(app: App) -> None:
    """The settings' table server, an address refused in words under its field."""
    app.push(SettingsScene(app))
    editor = ServerScene(app)
    app.push(editor)
    editor.type("wss://someone@cards.example.net:8751/a/rather/long/path/to/the/tables")
    editor.save()


@pytest.mark.parametrize("opened", [opened_settings, opened_server_refusing])
def test_the_settings_and_the_table_servers_address_fit_every_window_in_every_language(
        opened: Callable[[App], None]) -> None:
    assert list(walked(opened, SIZES)) == []


@pytest.mark.stress
@pytest.mark.parametrize("game_id", registry.ids())
def test_at_its_most_seats_and_further_on_every_game_still_fits(game_id: str) -> None:
    most = max(registry.get(game_id).seat_counts)
    sizes = (*SIZES, *MORE_SIZES)
    problems = list(walked(lambda app: open_setup(app, game_id, 7, most), sizes))
    for moves in (0, 45, 90):
        problems += walked(lambda app: open_table(app, game_id, 7, moves, most), sizes)
    assert problems == []


@pytest.mark.stress
@pytest.mark.parametrize("game_id,seats", [(game_id, seats) for game_id in registry.ids()
                                           for seats in registry.get(game_id).seat_counts])
def test_at_every_seat_count_every_table_fits(game_id: str, seats: int) -> None:
    """The seats' names at every table a game is played at, the crowded ones above all (seven
    and more: Poker's, Bourse's and Bluff's long seat lines), wrap within their room
    (`ui.table.paint.seat_places`) clear of one another, the controls and the status line."""
    problems = list(walked(lambda app: open_table(app, game_id, 1, 20, seats), SIZES))
    for moves in (0, 45, 90):
        problems += walked(lambda app: open_table(app, game_id, 7, moves, seats), SIZES)
    assert problems == []


def test_screenshot_rects_prints_each_text_and_control_as_json(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "setup.png"
    assert main.main(["screenshot", "--scene", "setup", "--game", "pasur", "--size", "640x360",
                      "--lang", "en", "--rects", "--out", str(out)]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out.exists()
    assert all(set(item) == {"role", "rect", "text", "scene"} for item in listed)
    start = [item for item in listed if item["text"] == "Start"]
    assert start and start[0]["role"] == "button" and start[0]["scene"] == "SetupScene"
    x, y, w, h = start[0]["rect"]
    assert x >= 0 and x + w <= 640 and y >= 0 and y + h <= 360
    assert any(item["role"] == "title" and item["text"] == "Pasur: set the table"
               for item in listed)


def test_screenshot_needs_somewhere_to_put_what_it_makes(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    assert main.main(["screenshot", "--game", "hokm"]) == 2
    assert "--out, --words or --rects" in capsys.readouterr().err
