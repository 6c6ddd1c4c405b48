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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game import bots, registry
from game.shapes import Chair, TableConfig
from saves import Saves, data_folder, selftest_info, writable_problem
from ui.app import App
from ui.scenes.setup import SetupScene
from ui.table.match import Match
from ui.table.scene import TableScene
from ui.text import default_name
from ui.voice import find_program

FRAME = 1 / 60
PERSON = {"fa": "سارا", "ar": "سارة", "en": "Sara"}


def bot_config(game_id: str, seed: int, person: bool = True, lang: str = "en",
               level: str = "heuristic", seats: int | None = None) -> TableConfig:
    """Chairs for a headless table: bots of ``level`` (named in the table's language, as the
    setup names them: `default_name`), and with ``person`` a person in chair 0, named in
    ``lang``; four chairs where the game is played by four, else ``seats`` or its first seat
    count."""
    rules = registry.get(game_id)
    n = seats or rules.usual_seats
    chairs: list[Chair] = [{"kind": "bot", "name": default_name("bot", s + 1), "level": level}
                           for s in range(n)]
    if person:
        chairs[0] = {"kind": "person", "name": PERSON.get(lang, "Sara")}
    return {"game": game_id, "seats": chairs, "options": {}, "seed": seed}


@contextmanager
def scratch_saves() -> Iterator[Saves]:
    with tempfile.TemporaryDirectory(prefix="cardtable-") as folder:
        yield Saves.open(Path(folder))


def local_table(app: App, config: TableConfig) -> tuple[TableScene, Match]:
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
    """Step ``app`` until the table's cards have come to rest (at most ``frames``), or at once
    when a scene lies over the table (the table below it does not move)."""
    for _ in range(frames):
        app.step(FRAME)
        if app.top is not table or not any(s.moving for s in table.sprites.values()):
            break


SCENES = ("table", "setup")
"""What `screenshot` shows: the table after some actions, or the game's setup."""


def screenshot(game_id: str, seed: int, moves: int, out: Path | None, lang: str = "fa",
               size: tuple[int, int] = (1280, 720), seats: int | None = None,
               words: list[str] | None = None, settings: dict[str, Any] | None = None,
               scene: str = "table", rects: list[dict[str, Any]] | None = None
               ) -> Path | None:
    """The table after ``moves`` bot actions, as the person at seat 0 would see it (a bot
    makes that person's moves too), or with ``scene`` "setup" the game's setup as it opens,
    in a window of ``size`` pixels (a hi-DPI screen's 2560×1440, or the smallest window),
    with ``seats`` chairs (the game's usual number if None) and the ``settings`` a player chose
    (the card back, the felt...), saved as a PNG at ``out`` if given. With ``words`` a list,
    every text the frame shows is put in it once, as ``<role>: <text>`` (`Text.heard`; text no
    table part claims is the sheet over it); with ``rects`` a list, every text and control
    drawn (`drawn`)."""
    if scene not in SCENES:
        raise ValueError(f"unknown scene {scene!r}; scenes: {', '.join(SCENES)}")
    with scratch_saves() as saves:
        saves.settings.update(settings or {})
        saves.settings["lang"] = lang
        app = App(saves, size)
        if scene == "setup":
            open_setup(app, game_id, seed, seats)
        else:
            open_table(app, game_id, seed, moves, seats)
        app.text.heard = [] if words is not None else None
        listed = drawn(app)
        if rects is not None:
            rects.extend(listed)
        if words is not None and app.text.heard is not None:
            said = [f"{'sheet' if role == 'text' else role}: {app.text.as_read(text)}"
                    for role, text in app.text.heard]
            words.extend(dict.fromkeys(said))
        if out is not None:
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(out))
        app.quit()  # the table's last save written before the scratch folder goes
        pygame.quit()
    return out


def open_setup(app: App, game_id: str, seed: int, seats: int | None = None) -> SetupScene:
    """The game's setup, as it opens, with ``seats`` chairs (the game's usual number if None)
    and game number ``seed``, pushed on ``app``."""
    rules = registry.get(game_id)
    setup = SetupScene(app, rules)
    app.push(setup)
    setup.seat_count(seats or rules.usual_seats)
    setup.seed = seed
    setup.layout()
    return setup


def open_table(app: App, game_id: str, seed: int, moves: int, seats: int | None = None
               ) -> TableScene:
    """The table after ``moves`` bot actions of a match seeded ``seed`` (a person in chair 1,
    played by a bot too), its cards come to rest, pushed on ``app``; the sheet between deals
    over it if a deal has just ended (the last one only)."""
    table, match = local_table(app, bot_config(game_id, seed, lang=app.lang, seats=seats))
    app.push(table)
    for _ in bot_moves(table, match, seed, moves):
        pass
    del app.scenes[1:-1]  # a sheet of each deal played: the last is the one a person sees
    settle(app, table)
    return table


def drawn(app: App) -> list[dict[str, Any]]:
    """One frame of ``app``, and every text and control it drew (`Text.note`): ``{"role",
    "rect": [x, y, w, h] in the window's pixels, "text", "scene"}``."""
    app.text.drawn = []
    try:
        app.step(FRAME)
    finally:
        listed, app.text.drawn = app.text.drawn, None
    return listed


def crossings(listed: Sequence[dict[str, Any]], size: tuple[int, int]) -> list[str]:
    """What of a frame's ``listed`` texts and controls (`drawn`) covers another drawn by the
    same scene, or lies outside a window of ``size``, in words; none is right. A scene drawn over
    another (the sheet between deals over the table) may cover what lies below it."""
    window = pygame.Rect((0, 0), size)
    rects = [pygame.Rect(item["rect"]) for item in listed]
    out = [f"outside the window: {item}" for item, rect in zip(listed, rects)
           if not window.contains(rect)]
    for i, (a, ra) in enumerate(zip(listed, rects)):
        out += [f"{a} covers {b}" for b, rb in zip(listed[i + 1:], rects[i + 1:])
                if a["scene"] == b["scene"] and ra.colliderect(rb)]
    return out


def resize(app: App, size: tuple[int, int]) -> None:
    """Make ``app``'s window ``size`` pixels and lay every scene out for it, as a person
    resizing the window would."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized(size)


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
    """Every scene and every game's table at work on ``saves`` (a throwaway folder), and a
    finished match recorded in its history (SQLite) and read back."""
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
            saved = saves.load_match(rules.id)
            if saved is None or registry.restore(saved["state"]).to_dict() != state.to_dict():
                raise RuntimeError(f"{rules.id}: the saved match does not resume where it stood")
            app.pop()
            games[rules.id] = "ok"
        if not saves.record_result("tiraje", ["Self", "Test"], {"winners": [0], "points": [3, 1]}) \
                or [row["won"] for row in saves.stats("tiraje")] != [1, 0]:
            raise RuntimeError("the history does not keep a finished match")
    finally:  # every scene leaves (the tables' last writes end) before the folder goes
        app.quit()
        pygame.quit()
    return games
