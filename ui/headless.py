"""The table without a screen: screenshots, the frame-time bench and the self-test.

Each runs the real app (scenes, table, card art, text) under SDL's dummy video driver unless a
display driver was chosen, with bots in every chair. Each works in a throwaway folder of its
own and never touches a player's files; the self-test only checks that the player's data folder
(`saves.data_folder`) can be written.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game import bots, registry
from saves import Saves, data_folder, selftest_info, writable_problem
from ui.app import App
from ui.table.match import Match
from ui.table.scene import TableScene
from ui.text import Text
from ui.voice import find_program

FRAME = 1 / 60
PERSON = {"fa": "سارا", "ar": "سارة", "en": "Sara"}


def bot_config(game_id: str, seed: int, person: bool = True, lang: str = "en",
               level: str = "heuristic", seats: int | None = None) -> dict[str, Any]:
    """Chairs for a headless table: bots of ``level``, and with ``person`` a person in chair 0;
    four chairs where the game is played by four, else ``seats`` or its first seat count."""
    rules = registry.get(game_id)
    n = seats or rules.usual_seats
    tr = Text(lang).tr
    chairs = [{"kind": "bot", "name": tr("setup.bot_n", n=s + 1), "level": level}
              for s in range(n)]
    if person:
        chairs[0] = {"kind": "person", "name": PERSON.get(lang, "Sara")}
    return {"game": game_id, "seats": chairs, "options": {}, "seed": seed}


@contextmanager
def scratch_saves() -> Iterator[Saves]:
    with tempfile.TemporaryDirectory(prefix="cardtable-") as folder:
        yield Saves.open(Path(folder))


def local_table(app: App, config: dict[str, Any]) -> tuple[TableScene, Match]:
    """A table playing a match here, and that match (its state and bots at hand)."""
    match = Match.start(config)
    return TableScene(app, config, match), match


def bot_moves(table: TableScene, match: Match, seed: int, moves: int) -> Iterator[None]:
    """Up to ``moves`` actions of ``match`` at ``table``, seeded: a seat to act is picked at
    random and its bot acts (a heuristic bot stands in for a person). Yields before each."""
    state = match.state
    stand_in = bots.make("heuristic", table.rules.id, seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            return
        yield
        seat = pick.choice(state.to_act())
        bot = match.bots.get(seat, stand_in)
        table._after(match.act(seat, bot.act(state, seat)))


def settle(app: App, table: TableScene, frames: int = 90) -> None:
    for _ in range(frames):
        app.step(FRAME)
        if not any(s.moving for s in table.sprites.values()):
            break


def screenshot(game_id: str, seed: int, moves: int, out: Path, lang: str = "fa",
               size: tuple[int, int] = (1280, 720), seats: int | None = None,
               words: list[str] | None = None,
               settings: dict[str, Any] | None = None) -> Path:
    """The table after ``moves`` bot actions, as the person at seat 0 would see it (a bot
    makes that person's moves too), in a window of ``size`` pixels (a hi-DPI screen's
    2560×1440, or the smallest window), with ``seats`` chairs (the game's usual number if
    None) and the ``settings`` a player chose (the card back, the felt...). With ``words`` a
    list, every text the frame shows is put in it once, as ``<role>: <text>`` (`Text.role`;
    text no table part claims is the sheet over it)."""
    with scratch_saves() as saves:
        saves.settings.update(settings or {})
        saves.settings["lang"] = lang
        app = App(saves, size)
        table, match = local_table(app, bot_config(game_id, seed, lang=lang, seats=seats))
        app.push(table)
        for _ in bot_moves(table, match, seed, moves):
            pass
        settle(app, table)
        app.text.heard = [] if words is not None else None
        app.step(FRAME)
        if words is not None and app.text.heard is not None:
            said = [f"{'sheet' if role == 'text' else role}: {app.text.as_read(text)}"
                    for role, text in app.text.heard]
            words.extend(dict.fromkeys(said))
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        table.leave()  # its last save written before the scratch folder goes
        pygame.quit()
    return out


def bench_ui(game_id: str, frames: int, seed: int, level: str = "heuristic",
             seats: int | None = None, cpu_clock: bool = False,
             settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """Bots of ``level`` play while the table renders at 60 fps, with the ``settings`` a player
    chose (a felt, a face...); the work of each frame (events, update, draw) in ms, without the
    wait for the next frame: on the wall clock, or with ``cpu_clock`` the CPU time of the
    frame's own thread, which other processes on a busy machine do not stretch (nor the bots'
    thread)."""
    clock = time.thread_time if cpu_clock else time.perf_counter
    with scratch_saves() as saves:
        saves.settings.update(settings or {})
        saves.settings.update(bot_pace=0.15, anim_speed=1.0)
        app = App(saves)
        table = TableScene(app, bot_config(game_id, seed, False, level=level, seats=seats))
        app.push(table)
        times = []
        actions = 0
        for _ in range(frames):
            start, used = time.perf_counter(), clock()
            app.step(FRAME)
            work = time.perf_counter() - start
            times.append((clock() - used) * 1000)
            time.sleep(max(0.0, FRAME - work))  # a real frame's wait: the bot thread runs here
            if app.top is table:
                continue
            if not table.match.is_over():  # the sheet between hands: go on at once
                app.pop()
                continue
            actions += table.match.moves
            while app.scenes:  # the result over the table, then the table
                app.pop()
            table = TableScene(app, bot_config(game_id, seed + len(times), False, level=level,
                                               seats=seats))
            app.push(table)
        pygame.quit()
    times.sort()
    return {"game": game_id, "frames": frames,
            "p50_ms": round(statistics.median(times), 2),
            "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
            "max_ms": round(times[-1], 2), "bot_actions": actions + table.match.moves}


def selftest() -> dict[str, Any]:
    """Saves, every scene, a frame of every game, bot actions, save and resume: a report (with
    where the espeak-ng that reads the table aloud is, if it is).
    They run in a throwaway folder (a player's unfinished match is never touched); the player's
    data folder is only checked to take a write. `RuntimeError` if it cannot."""
    report: dict[str, Any] = {"python": sys.version.split()[0], "pygame": pygame.version.ver,
                              "sdl": ".".join(map(str, pygame.get_sdl_version())),
                              "speech": find_program() or "none: espeak-ng is not installed",
                              **selftest_info()}
    problem = writable_problem(data_folder())
    if problem:
        raise RuntimeError(problem)
    report["folder_writable"] = True
    with scratch_saves() as saves:
        report["games"] = run_selftest(saves)
    return report


def run_selftest(saves: Saves) -> dict[str, str]:
    """Every scene and every game's table at work on ``saves`` (a throwaway folder)."""
    app = App(saves)
    try:
        for name in ("menu", "settings", "help", "scores", "join"):
            app.push(app.open(name))
            app.step(FRAME)
            app.pop()
        games = {}
        for rules in registry.all():
            app.push(app.open("setup", rules))
            app.step(FRAME)
            app.pop()
            table, match = local_table(app, bot_config(rules.id, 1, person=False))
            app.push(table)
            state = match.state
            for _ in range(6):
                seat = state.to_act()[0]
                table._after(match.act(seat, match.bots[seat].act(state, seat)))
            app.step(FRAME)
            match.flush()
            saved = saves.load_match()
            if saved is None or registry.restore(saved["state"]).to_dict() != state.to_dict():
                raise RuntimeError(f"{rules.id}: the saved match does not resume where it stood")
            app.pop()
            games[rules.id] = "ok"
    finally:  # every scene leaves (the tables' last writes end) before the folder goes
        app.quit()
        pygame.quit()
    return games
