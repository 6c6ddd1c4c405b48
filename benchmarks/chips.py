"""Chips won per deal by the heuristic bot against random bots, in the stake games.

    python benchmarks/chips.py [--game bistoyek] [--seats 4] [--deals 1000] [--seed 1]

Whole matches are played (the bank or the deal going round the table, as in a real match),
the heuristic bot in one seat (a different seat each match) and random bots in the others,
until at least ``--deals`` deals have been played. Each deal's change of the heuristic seat's
chips is read from the match's ledger (`game.chips`); the report gives its mean and the 95 %
interval of the mean (normal approximation), and the same for a random bot in that seat as
the baseline.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import bots, registry

STAKE_GAMES = ("bistoyek", "nohasht", "bourse", "poker")


def per_deal(game_id: str, seats: int, deals: int, seed: int, kind: str,
             options: dict[str, object] | None = None) -> list[int]:
    """The chips the seat played by ``kind`` won or lost in each deal (random bots elsewhere)."""
    rules = registry.get(game_id)
    out: list[int] = []
    match = 0
    while len(out) < deals:
        hero = match % seats
        state = rules.new(seats, seed + match, dict(options or {}))
        players = [bots.make(kind if s == hero else "random", game_id, (seed + match) * 101 + s)
                   for s in range(seats)]
        pick = random.Random(seed + match)
        while not state.is_over():
            acting = state.to_act()
            seat = acting[0] if len(acting) == 1 else acting[pick.randrange(len(acting))]
            state.apply(seat, players[seat].act(state, seat))
        for row in state.result()["sheet"]["rows"]:
            changes = row[2]  # a ledger row: deal, banker, each seat's change, holdings
            assert isinstance(changes, list)
            out.append(changes[hero])
        match += 1
    return out


def summary(values: list[int]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {"deals": n, "mean": round(mean, 1), "low": round(mean - half, 1),
            "high": round(mean + half, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[g for g in STAKE_GAMES if g in registry.ids()],
                        action="append")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = args.game or [g for g in STAKE_GAMES if g in registry.ids()]
    report = {}
    for game_id in games:
        report[game_id] = {
            "heuristic": summary(per_deal(game_id, args.seats, args.deals, args.seed,
                                          "heuristic")),
            "random": summary(per_deal(game_id, args.seats, args.deals, args.seed, "random")),
        }
        print(game_id, json.dumps(report[game_id]), flush=True)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
