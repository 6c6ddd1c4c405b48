"""Entering a table: the time of its first frame (making the scene, laying it out, drawing it),
after the game's setup stood open for a while, as a player reads it before pressing Start.

    python benchmarks/table_entry.py                  # every game, 1280x720
    python benchmarks/table_entry.py --game hokm --runs 5 --setup-frames 60

Each run is a process of its own (fresh caches of card faces and fonts: what a new start pays),
on a throwaway data folder under SDL's dummy drivers: it shows the setup for ``--setup-frames``
frames, presses Start and times the frame that opens the table. Goal: under 30 ms. The last
line is one JSON object: each game's median and worst first frame in ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game import registry
from ui.app import App
from ui.headless import FRAME, scratch_saves
from ui.scenes.setup import SetupScene


def first_frame(game_id: str, setup_frames: int, size: tuple[int, int]) -> float:
    """Milliseconds of the frame that opens ``game_id``'s table after its setup."""
    with scratch_saves() as saves:
        saves.save_settings({"lang": "fa"})
        app = App(saves, size)
        setup = SetupScene(app, registry.get(game_id))
        app.push(setup)
        for _ in range(setup_frames):
            app.step(FRAME)
        start = time.perf_counter()
        setup.start()  # Start, as the player presses it
        app.step(FRAME)
        took = (time.perf_counter() - start) * 1000
        app.quit()
        pygame.quit()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="a game id (repeat); default all")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--setup-frames", type=int, default=60)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a run: this game, in this process
    args = parser.parse_args()
    w, h = (int(n) for n in args.size.split("x"))
    if args.one:
        print(first_frame(args.one, args.setup_frames, (w, h)))
        return
    out = {}
    for game_id in args.game or registry.ids():
        times = [float(subprocess.run(
            [sys.executable, __file__, "--one", game_id, "--setup-frames",
             str(args.setup_frames), "--size", args.size], capture_output=True, text=True,
            check=True, env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        ).stdout.split()[-1]) for _ in range(args.runs)]
        out[game_id] = {"median_ms": round(statistics.median(times), 1),
                        "max_ms": round(max(times), 1)}
        print(f"{game_id:12} median {out[game_id]['median_ms']:6.1f} ms   "
              f"max {out[game_id]['max_ms']:6.1f} ms", flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
