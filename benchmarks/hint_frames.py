"""Frames while a hint is thought: the table must stay smooth while the hard bot searches the
person's move in its own process (`ui.table.bots.HintWorker`).

    python benchmarks/hint_frames.py                       # Hokm, 30 hints
    python benchmarks/hint_frames.py --game shelem --hints 20 --seed 3

The real app under SDL's dummy drivers, a person in chair 0 and normal bots in the others, at
60 fps (each frame's work timed, then the rest of its 1/60 s slept, as a real frame waits).
Whenever the person is to choose, H is pressed (a key event through the app's loop, as a
person presses it); the frames until the hint is shown are timed, then the person plays (the
normal bot's move). The frame that presses H is counted with them (it sends the position to the
searcher, and at the first hint starts its process). Goal: no frame over 50 ms. The last line
is one JSON object: hints, frames timed, and for the wall clock and for the main thread's CPU
time the median, 99th percentile and worst frame in ms, the worst frame's kind (``ask``: the
frame that pressed H; ``wait``: a frame while it thinks) and the frames over the goal; the
first hint's wait in seconds (its process starting); the same (worst, over the goal) for the
table's other frames, with no hint being thought, as a baseline; the machine's load average
(1, 5, 15 min): on a machine busier than its cores, the wall clock counts a frame's wait for a
core, with a hint or without.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.bots import make, searched
from ui.app import App
from ui.headless import FRAME, bot_config, scratch_saves
from ui.table.scene import TableScene

GOAL_MS = 50.0
GIVE_UP_S = 30.0
"""A hint not shown after this long counts as lost (the run stops with an error)."""


def frame(app: App) -> tuple[float, float]:
    """One frame at 60 fps: its work in ms on the wall clock and in the main thread's CPU time
    (the wait for the next frame slept, not counted). The two part where the machine is busy:
    the wall clock counts the time the frame waited for a core."""
    start, cpu = time.perf_counter(), time.thread_time()
    app.step(FRAME)
    work = time.perf_counter() - start
    used = time.thread_time() - cpu
    time.sleep(max(0.0, FRAME - work))
    return work * 1000, used * 1000


def run(game_id: str, hints: int, seed: int) -> dict[str, object]:
    """Ask ``hints`` hints at a table of ``game_id``; the frames' times while they are thought."""
    if not searched(game_id):
        raise SystemExit(f"{game_id} has no hard bot: its hint is the normal bot's, at once")
    times: list[tuple[tuple[float, float], str]] = []
    between: list[tuple[float, float]] = []
    """The other frames of the table (no hint being thought), timed the same: the baseline."""
    first_wait = 0.0
    asked = 0
    with scratch_saves() as saves:
        saves.settings.update(bot_pace=0.15, anim_speed=2.0, lang="fa")
        app = App(saves)
        table = TableScene(app, bot_config(game_id, seed))
        app.push(table)
        person = make("normal", game_id, seed)
        while asked < hints:
            if app.top is not table:  # between hands, or the match over: go on, or deal anew
                if table.match.is_over():
                    app.home()
                    seed += 1
                    table = TableScene(app, bot_config(game_id, seed))
                    app.push(table)
                else:
                    app.pop()
                continue
            if not table.my_legal() or table._animating():
                between.append(frame(app))
                continue
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                                 unicode="h"))
            times.append((frame(app), "ask"))
            began = time.perf_counter()
            while table.hints.pending is not None:
                if time.perf_counter() - began > GIVE_UP_S:
                    raise SystemExit(f"no hint after {GIVE_UP_S} s")
                times.append((frame(app), "wait"))
            if not asked:
                first_wait = time.perf_counter() - began
            asked += 1
            legal = table.my_legal()
            move = person.choose(table.match.observation(table.viewer), legal)
            table.act(move)
        app.quit()
        pygame.quit()
    out: dict[str, object] = {"game": game_id, "hints": asked, "frames": len(times)}
    for clock, index in (("wall", 0), ("cpu", 1)):
        ms = sorted(t[index] for t, _ in times)
        worst = max(times, key=lambda t: t[0][index])
        out[clock] = {"p50_ms": round(statistics.median(ms), 2),
                      "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2),
                      "max_ms": round(worst[0][index], 2), "max_kind": worst[1],
                      "over_goal": sum(t > GOAL_MS for t in ms)}
    for clock, index in (("wall", 0), ("cpu", 1)):
        ms = sorted(t[index] for t in between)
        out[f"between_{clock}"] = {"frames": len(ms), "max_ms": round(ms[-1], 2),
                                   "over_goal": sum(t > GOAL_MS for t in ms)}
    out["first_hint_s"] = round(first_wait, 2)
    out["load"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hokm")
    parser.add_argument("--hints", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(run(args.game, args.hints, args.seed)))


if __name__ == "__main__":
    main()
