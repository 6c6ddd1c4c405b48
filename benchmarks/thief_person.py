"""How often a person who reacts in about 0.4 s wins Clumsy Thief against the table's bots.

Clumsy Thief has no turns: at the table each bot acts `ui.table.bots.reaction` seconds after the
last action anyone took (by level, jittered), once the cards have stopped moving. This replays
that timing headless: a "person" in chair 0 who plays as the heuristic bot does but reacts in
``--person`` seconds (±20 %), against bots at one level; every action restarts everyone's
reaction, and the cards take `ui.table.sprites.BASE_TWEEN` to land. It prints the person's
share of matches won (a tie for the most money counts as a win) with a 95 % interval, beside
what an equal seat would expect (one in the number of seats).

    python benchmarks/thief_person.py --matches 200 --seats 3
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game import registry
from game.bots import make
from ui.table.bots import reaction
from ui.table.sprites import BASE_TWEEN

PERSON = 0


def person_wins(seed: int, level: str, seats: int, person: float) -> bool:
    """One match; True if the person ends with the most money (ties count)."""
    state = registry.get("thief").new(seats, seed)
    players = {s: make("heuristic" if s == PERSON else level, "thief", seed * 31 + s)
               for s in range(seats)}
    rng = random.Random(seed)
    clock = 0.0
    due: dict[int, float] = {}
    while not state.is_over():
        acting = state.to_act()
        for s in acting:
            if s not in due:
                due[s] = clock + (person * (0.8 + 0.4 * rng.random()) if s == PERSON
                                  else reaction(level, 1.0, rng))
        seat = min(acting, key=lambda s: due[s])
        clock = due[seat]
        state.apply(seat, players[seat].choose(state.observation(seat),
                                               state.legal_actions(seat)))
        due.clear()
        clock += BASE_TWEEN
    return PERSON in state.result()["winners"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--person", type=float, default=0.4, help="the person's reaction (s)")
    parser.add_argument("--levels", default="random,heuristic")
    args = parser.parse_args()
    print(f"Clumsy Thief, {args.seats} seats, a person reacting in {args.person:.2f} s, "
          f"{args.matches} matches per level (an equal seat wins {1 / args.seats:.0%})")
    for level in args.levels.split(","):
        wins = sum(person_wins(seed, level, args.seats, args.person)
                   for seed in range(1, args.matches + 1))
        p = wins / args.matches
        half = 1.96 * math.sqrt(p * (1 - p) / args.matches)
        print(f"  against {level:9} bots: the person wins {p:.1%} ± {half:.1%} "
              f"({wins}/{args.matches})")


if __name__ == "__main__":
    main()
