"""Time from launching the table to its first frame of the main menu.

    python benchmarks/startup.py [--runs 7] [--python]

Launches the packaged program (dist/cardtable/cardtable; build it with scripts/build.py) and,
with --python, also `python main.py`, under SDL's dummy video driver with
CARD_TABLE_EXIT_AFTER_FIRST_FRAME set: the app quits right after its first frame is flipped, so
the wall time of the process is start to first frame, plus interpreter start and exit. Each run
uses a fresh data folder. Targets: packaged <= 0.5 s; `python main.py` <= 1 s.
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
EXE = ROOT / "dist" / "cardtable" / ("cardtable.exe" if sys.platform == "win32" else "cardtable")


def time_launch(command: list[str], runs: int) -> dict[str, float]:
    seconds = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="cardtable-startup-") as home:
            env = {**os.environ, "CARD_TABLE_HOME": home, "SDL_VIDEODRIVER": "dummy",
                   "SDL_AUDIODRIVER": "dummy", "CARD_TABLE_EXIT_AFTER_FIRST_FRAME": "1"}
            start = time.perf_counter()
            done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, timeout=60)
            seconds.append(time.perf_counter() - start)
            if done.returncode != 0:
                raise SystemExit(f"{command[0]} failed: {done.stderr.decode()[-500:]}")
    return {"median_s": round(statistics.median(seconds), 3), "max_s": round(max(seconds), 3),
            "runs": runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--python", action="store_true", help="also time python main.py")
    args = parser.parse_args()
    report = {}
    if EXE.exists():
        report["packaged"] = time_launch([str(EXE)], args.runs)
    else:
        print(f"no {EXE}: build it with scripts/build.py", file=sys.stderr)
    if args.python or not EXE.exists():
        report["python_main"] = time_launch([sys.executable, "main.py"], args.runs)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
