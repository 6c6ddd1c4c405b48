"""Partnership play: how many of the positions of `tests.partner_positions` each level gets right.

    python benchmarks/partners.py [--game hokm] [--seeds 3] [--budget-ms 300] [--cpu-clock]
                                  [--iterations N]

For each team game (Hokm, Shelem, Ghahve, Farib at four seats) and each of its positions (a stacked
deal played to a decision, with the cards a strong player accepts there), normal (the heuristic)
chooses once, and hard (the search) once for each of ``--seeds`` seeds at the table's budget
(`game.bots.BUDGET_MS` ``["hard"]``, or ``--budget-ms``; ``--iterations`` caps its rounds instead,
which makes it deterministic whatever the machine). Printed: a line per game (normal's passes,
hard's passes over all its seeds and per seed on average), each position hard or normal missed with
what they played, and a JSON line of the figures.

The unit test (`tests/test_partners.py`) asks normal only: at a small cap the search's choice
between cards its playouts score alike turns on the seed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import BUDGET_MS, SearchBot, make
from tests.partner_positions import POSITIONS, build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(POSITIONS),
                        help="a team game (repeat); default all four")
    parser.add_argument("--seeds", type=int, default=3, help="hard's searches per position")
    parser.add_argument("--budget-ms", type=float, default=BUDGET_MS["hard"])
    parser.add_argument("--iterations", type=int, default=None,
                        help="cap hard's rounds instead of timing it")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="count the budget in CPU time (a shared machine)")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_clock else time.perf_counter
    budget = None if args.iterations is not None else args.budget_ms
    figures: dict[str, dict[str, float]] = {}
    for game in args.game or sorted(POSITIONS):
        positions = POSITIONS[game]
        normal = hard = 0
        for index, position in enumerate(positions):
            state = build(game, position)[0]
            seat = state.to_act()[0]
            observation, legal = state.observation(seat), state.legal_actions(seat)
            chosen = make("normal", game, 0).choose(observation, legal).arg
            normal += chosen in position.answers
            misses = []
            for seed in range(args.seeds):
                bot = SearchBot(seed, game, budget_ms=budget, iterations=args.iterations,
                                clock=clock)
                card = bot.choose(observation, legal).arg
                if card in position.answers:
                    hard += 1
                else:
                    misses.append(card)
            if misses or chosen not in position.answers:
                accepted = " ".join(sorted(position.answers))
                print(f"  {game} #{index} {position.principle}: normal {chosen}, hard missed "
                      f"with {' '.join(misses) or '-'}; accepted {accepted}")
        per_seed = hard / args.seeds if args.seeds else 0.0
        figures[game] = {"positions": len(positions), "normal_passed": normal,
                         "hard_passed": round(per_seed, 2)}
        how = (f"{args.iterations} rounds" if args.iterations is not None
               else f"{budget:.0f} ms {'CPU' if args.cpu_clock else 'wall'}")
        print(f"{game}: {len(positions)} positions; normal passes {normal}; hard passes "
              f"{per_seed:.2f} a seed ({hard} of {len(positions) * args.seeds}) at {how}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
