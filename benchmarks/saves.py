"""The history's figures at 1,000, 10,000 and 100,000 finished matches.

    python benchmarks/saves.py                       # 1k, 10k and 100k records of Hokm
    python benchmarks/saves.py --sizes 1000 --records 10

For each size a throwaway data folder gets a Hokm history of the first format
(``scores/hokm.json``: every match's result with its score sheet and its last deal's tricks,
about 1.2 KB a record, as the table kept them before the history was a database), then:

- ``move_s``: the first start that finds it (`saves.Saves.open`), which moves it into
  ``history.sqlite`` in one transaction (a player upgrading pays it once);
- ``open_ms``: a start, then what the score sheets show of the game (`Saves.games`,
  `Saves.stats`, the latest `saves.RECENT` sheets), median of ``--opens`` starts;
- ``record_ms``: one finished match recorded (`Saves.record_result`: one transaction, on disk
  when it returns), median and max of ``--records``;
- ``scores_json_s`` and ``scores_json_mb``: ``python main.py scores --json`` (every match, its
  sheet and the statistics printed) in a process of its own: its time and peak memory;
- ``disk_mb``: the history's size on disk.

Times are wall-clock (the work is the disk's as much as the processor's), each with the CPU
time it took (what a busy machine does not change); the load average is printed with them.
The target: recording a result and opening the scores under 50 ms at 100,000 records. The last
line is one JSON object with the figures by size.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import registry  # noqa: E402
from game.shapes import Play, Record  # noqa: E402
from saves import RECENT, Saves  # noqa: E402

TARGET_MS = 50.0
PLAYERS = ["Sara", "Ali", "Mina", "Reza"]


def hokm_results(count: int) -> list[Record]:
    """``count`` different finished Hokm matches (random play), each with its sheet, and a
    last deal of 13 tricks to replay as the table keeps it."""
    rules = registry.get("hokm")
    out = []
    for seed in range(count):
        state, rng = rules.new(4, seed, {"sets": 1}), random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        deck = [c for z in state.zones() for c in z.cards]
        replay: list[list[list[Play] | int | None]] = [
            [[[(t + k) % 4, deck[(4 * t + k) % len(deck)]] for k in range(4)], t % 4]
            for t in range(13)]
        record: Record = {**state.result(), "replay": replay}
        out.append(record)
    return out


def old_history(folder: Path, size: int, results: list[Record]) -> None:
    """``scores/hokm.json`` of the first format, with ``size`` records."""
    records = [{"date": f"2025-{1 + i // 40000 % 12:02}-{1 + i // 1400 % 28:02}"
                        f"T{i // 60 % 24:02}:{i % 60:02}:00+03:30",
                "players": PLAYERS, "result": results[i % len(results)],
                "match_id": f"bench{i}"} for i in range(size)]
    path = folder / "scores" / "hokm.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"schema": "cardtable/scores", "version": 1,
                                "saved": "2026-01-01T10:00:00+03:30",
                                "data": {"game": "hokm", "matches": records}},
                               ensure_ascii=False, separators=(",", ":")), "utf-8")


def timed(work: Any) -> tuple[float, float]:
    """Wall-clock and CPU seconds of ``work()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def open_scores(folder: Path) -> tuple[float, float]:
    """Seconds (wall, CPU) to start on ``folder`` and read what the score sheets show."""
    opened: list[Saves] = []

    def start() -> None:
        saves = Saves.open(folder)
        saves.games()
        saves.stats("hokm")
        saves.sheets("hokm", RECENT)
        opened.append(saves)

    took = timed(start)
    opened[0].close()  # waits for the copy of the history the start began, apart
    return took


SELF_MEASURED = """
import re, resource, runpy, sys
sys.argv = [sys.argv[1], "scores", "--json"]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as done:
    if done.code:
        raise
use = resource.getrusage(resource.RUSAGE_SELF)
try:
    with open("/proc/self/status") as status:
        peak = int(re.search(r"VmHWM:\\s*(\\d+)", status.read()).group(1))
except OSError:
    peak = use.ru_maxrss
print(peak, use.ru_utime + use.ru_stime, file=sys.stderr)
"""
"""``main.py scores --json``, reporting its own peak memory (kB) and CPU seconds on stderr: the
peak of its own image where Linux says it (``VmHWM``; ``ru_maxrss``, its own or read by the
parent, counts the parent's memory the child was forked with)."""


def scores_json(folder: Path) -> tuple[float, float, float]:
    """Seconds (wall, CPU) and peak MB of ``python main.py scores --json`` on ``folder``."""
    env = {**os.environ, "CARD_TABLE_HOME": str(folder)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", SELF_MEASURED, str(ROOT / "main.py")], env=env,
                          cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          check=False)
    seconds = time.perf_counter() - start
    said = done.stderr.decode(errors="replace")
    if done.returncode != 0:
        raise RuntimeError(said[-2000:])
    peak_kb, cpu = said.split()[-2:]
    return seconds, float(cpu), int(peak_kb) / 1024  # kilobytes on Linux


def measure(size: int, results: list[Record], opens: int, records: int
            ) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="cardtable-saves-") as home:
        folder = Path(home)
        old_history(folder, size, results)
        start = time.perf_counter()
        saves = Saves.open(folder)
        moved = time.perf_counter() - start
        assert not saves.notices and len(saves.stats("hokm")) == len(PLAYERS), saves.notices
        saves.close()
        opened = [open_scores(folder) for _ in range(opens)]
        saves = Saves.open(folder)
        took = [timed(lambda: saves.record_result("hokm", PLAYERS, results[i % len(results)]))
                for i in range(records)]
        saves.close()
        json_s, json_cpu, json_mb = scores_json(folder)
        disk = sum(p.stat().st_size for p in folder.glob("history.sqlite*")
                   if not p.name.endswith(".bak"))

    def ms(times: list[tuple[float, float]], which: int,
           how: Callable[[list[float]], float]) -> float:
        return round(1000 * how([t[which] for t in times]), 1)

    return {"records": size, "move_s": round(moved, 2),
            "open_ms": ms(opened, 0, statistics.median), "open_max_ms": ms(opened, 0, max),
            "open_cpu_ms": ms(opened, 1, statistics.median),
            "record_ms": ms(took, 0, statistics.median), "record_max_ms": ms(took, 0, max),
            "record_cpu_ms": ms(took, 1, statistics.median),
            "scores_json_s": round(json_s, 2), "scores_json_cpu_s": round(json_cpu, 2),
            "scores_json_mb": round(json_mb), "disk_mb": round(disk / 2**20, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000",
                        help="history sizes, comma-separated (1000,10000,100000)")
    parser.add_argument("--opens", type=int, default=7, help="starts timed a size (7)")
    parser.add_argument("--records", type=int, default=30, help="results timed a size (30)")
    args = parser.parse_args()
    results = hokm_results(200)
    figures = {}
    for size in (int(s) for s in args.sizes.split(",")):
        row = measure(size, results, args.opens, args.records)
        figures[str(size)] = row
        print(f"{size:>7} records: open {row['open_ms']:.1f} ms (max {row['open_max_ms']:.1f}, "
              f"CPU {row['open_cpu_ms']:.1f}), record {row['record_ms']:.1f} ms (max "
              f"{row['record_max_ms']:.1f}, CPU {row['record_cpu_ms']:.1f}), scores --json "
              f"{row['scores_json_s']:.2f} s (CPU {row['scores_json_cpu_s']:.2f}) and "
              f"{row['scores_json_mb']} MB, moved in {row['move_s']:.2f} s, {row['disk_mb']} MB "
              "on disk", flush=True)
    within = all(r["open_ms"] < TARGET_MS and r["record_ms"] < TARGET_MS
                 for r in figures.values())
    print(json.dumps({"sizes": figures, "target_ms": TARGET_MS, "within_target": within,
                      "load_average": [round(x, 2) for x in os.getloadavg()]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
