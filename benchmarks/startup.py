"""Startup time: from launching the table to its first menu frame on screen.

    python benchmarks/startup.py                 # the packaged program, dist/cardtable/cardtable
    python benchmarks/startup.py --python        # and `python main.py` as well
    python benchmarks/startup.py --python --no-packaged --runs 15

Each run starts a fresh process with ``CARD_TABLE_EXIT_AFTER_FIRST_FRAME=1`` (the app quits
cleanly right after its first flip, `ui.app.App.run`) under SDL's dummy video and audio
drivers, with an empty data folder, and times it from launch to exit: the figure includes the
interpreter's (or the bundle's) start and exit, not only the table's own work. The first run
is reported apart as ``cold_s`` (files not yet in the disk cache); median and max are over the
runs after it. The last line is one JSON object.

Targets on a 2-core machine: the packaged program <= 0.5 s; ``python main.py`` <= 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = ROOT / "dist" / "cardtable" / ("cardtable.exe" if os.name == "nt" else "cardtable")
TARGETS = {"packaged": 0.5, "python": 1.0}


def environment(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARD_TABLE_HOME=home,
               CARD_TABLE_EXIT_AFTER_FIRST_FRAME="1")
    return env


def one_run(command: list[str], env: dict[str, str]) -> float:
    """Seconds from launch to exit; RuntimeError if the program fails."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, timeout=60, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: "
                           f"{done.stderr.decode(errors='replace').strip()[-2000:]}")
    return seconds


def measure(command: list[str], runs: int) -> dict[str, float | int]:
    with tempfile.TemporaryDirectory(prefix="cardtable-startup-") as home:
        env = environment(home)
        cold = one_run(command, env)
        times = [one_run(command, env) for _ in range(runs)]
    return {"runs": runs, "cold_s": round(cold, 3), "median_s": round(statistics.median(times), 3),
            "max_s": round(max(times), 3), "min_s": round(min(times), 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs after the cold one")
    parser.add_argument("--python", action="store_true", help="also time `python main.py`")
    parser.add_argument("--no-packaged", action="store_true", help="skip the packaged program")
    parser.add_argument("--exe", type=Path, default=EXE, help=f"default: {EXE}")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    commands: dict[str, list[str]] = {}
    if not args.no_packaged:
        if not args.exe.is_file():
            print(f"startup: no packaged program at {args.exe}; build it with "
                  "`python scripts/build.py` (or pass --no-packaged --python)", file=sys.stderr)
            return 2
        commands["packaged"] = [str(args.exe)]
    if args.python:
        commands["python"] = [sys.executable, str(ROOT / "main.py")]
    if not commands:
        parser.error("nothing to time: drop --no-packaged or add --python")
    report: dict[str, object] = {"includes": "process start to exit (interpreter start and exit)"}
    for name, command in commands.items():
        try:
            result = measure(command, args.runs)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print(f"startup: {name}: {e}", file=sys.stderr)
            return 1
        result["target_s"] = TARGETS[name]
        result["within_target"] = result["median_s"] <= TARGETS[name]
        report[name] = result
        print(f"{name:9} median {result['median_s']:.3f} s  max {result['max_s']:.3f} s  "
              f"cold {result['cold_s']:.3f} s  ({args.runs} runs; target {TARGETS[name]} s)",
              flush=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
