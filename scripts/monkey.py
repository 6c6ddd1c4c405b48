"""Monkey-test the table: random clicks, drags, keys, resizes and quits in every scene and game.

    python scripts/monkey.py --events 20000 --seed 1

Runs headless (SDL's dummy drivers) on a throwaway data folder (`ui.monkey.run`) and prints the
events and frames run, the restarts and the scenes and games reached. On a failure it prints
the seed and the event index to replay, with the traceback, and exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.monkey import MonkeyFailure, run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    try:
        report = run(args.events, args.seed)
    except MonkeyFailure as e:
        traceback.print_exc()
        print(e, file=sys.stderr)
        return 1
    print(f"monkey: seed {report.seed}: {report.events} events, {report.frames} frames, "
          f"{report.restarts} restarts in {time.perf_counter() - start:.0f} s")
    print(f"monkey: scenes {', '.join(sorted(report.scenes))}")
    print(f"monkey: games {', '.join(sorted(report.games))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
