"""``python main.py scores [--json] [--game ID]``: the score sheets and statistics.

Plain text by default: per game, the statistics table, then each finished match (newest first)
with its score sheet. ``--json`` prints one JSON object: ``{"folder", "schema_versions",
"notices": [{"key", "message", "path"}], "games": {id: {"name", "stats", "history", "sheets"}}}``,
each match of "history" (newest first) and "sheets" (oldest first) on a line of its own. Both
read the history a page at a time (`saves.Saves.records`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from game import registry
from saves import Saves, scores, selftest_info

STAT_COLUMNS = (("player", "player"), ("played", "played"), ("won", "won"),
                ("streak", "streak"), ("best_streak", "best streak"),
                ("best_score", "best score"))


def main(argv: list[str]) -> int:
    """Run the ``scores`` subcommand; ``argv`` may start with the word ``scores``."""
    args = list(argv)
    if args[:1] == ["scores"]:
        args = args[1:]
    parser = argparse.ArgumentParser(prog="main.py scores",
                                     description="Print the score sheets and statistics.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--game", help="only this game (its id, e.g. hokm)")
    try:
        opts = parser.parse_args(args)
    except SystemExit as stop:  # --help, or a usage error argparse has already explained
        return stop.code if isinstance(stop.code, int) else 2
    saves = Saves.open()
    games = [opts.game] if opts.game else saves.games()
    if opts.json:
        print_json(saves, games)
        return 0
    for notice in saves.notices:
        print(notice.message, file=sys.stderr)
    print(f"Scores in {saves.folder}")
    if not games:
        print("\nNo finished matches yet.")
    for game_id in games:
        print(f"\n== {game_name(game_id)} ({game_id}) ==\n")
        rows = saves.stats(game_id)
        print("\n".join(table([label for _, label in STAT_COLUMNS],
                              [[row[key] for key, _ in STAT_COLUMNS] for row in rows], "  ")))
        for entry in (scores.history_entry(game_id, r)
                      for r in saves.records(game_id, newest=True)):
            print(f"\n  {entry['date'][:16].replace('T', ' ')}  {', '.join(entry['players'])}")
            winners = ", ".join(entry["winners"]) or "nobody"
            points = ", ".join(f"{p} {n}" for p, n in zip(entry["players"], entry["points"]))
            print(f"    won: {winners}; points: {points}")
            sheet = entry.get("sheet")
            if sheet is not None:
                print("\n".join(table(sheet["columns"], sheet["rows"], "    | ")))
    return 0


def print_json(saves: Saves, games: list[str]) -> None:
    """The ``--json`` report, written as it is read: one finished match a line, so that a
    history of 100,000 matches never sits in memory whole (one ``json.dumps`` of it took 7 GB)."""
    def line(text: str) -> None:
        sys.stdout.write(text + "\n")

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = {"folder": str(saves.folder), "schema_versions": selftest_info()["schema_versions"],
            "notices": [{"key": n.key, "message": n.message, "path": str(n.path)}
                        for n in saves.notices]}
    line(dumps(head)[:-1] + ', "games": {')
    for g, game_id in enumerate(games):
        line(f"{dumps(game_id)}: {{\"name\": {dumps(game_name(game_id))}, "
             f"\"stats\": {dumps(saves.stats(game_id))},")
        for key, items in (("history", (scores.history_entry(game_id, r)
                                        for r in saves.records(game_id, newest=True))),
                           ("sheets", (s for s in map(scores.sheet_of, saves.records(game_id))
                                       if s is not None))):
            line(f"{dumps(key)}: [")
            for i, item in enumerate(items):
                line(("," if i else "") + dumps(item))
            line("]," if key == "history" else "]")
        line("}," if g < len(games) - 1 else "}")
    line("}}")


def game_name(game_id: str) -> str:
    """The game's English name, or its id for a game this table does not know."""
    try:
        return registry.get(game_id).name("en")
    except (KeyError, ImportError):
        return game_id


def table(columns: Sequence[Any], rows: Sequence[Sequence[Any]], indent: str) -> list[str]:
    """Lines of a plain text table, each column as wide as its widest cell."""
    cells = [[text(c) for c in columns]] + [[text(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells if i < len(r)) for i in range(max(map(len, cells)))]
    return [indent + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]


def text(value: Any) -> str:
    return "-" if value is None else str(value)
