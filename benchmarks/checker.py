"""How far the play checker's marks can be trusted: two verdicts on each decision, searched with
different seeds, and how often they agree on marking it.

    python benchmarks/checker.py                          # Hokm, 24 decisions, 300 ms
    python benchmarks/checker.py --game farib --decisions 20 --budget-ms 1000 --cpu-clock

The decisions are the card plays of seat 0 played by the easy bot (a player who slips), the
others normal, over whole hands (seeded). Each is judged twice by the hard search
(`SearchBot.appraise`) at ``--budget-ms`` (on the CPU clock with ``--cpu-clock``, so that a
loaded machine measures what a quiet one does), and marked as the review marks it
(`game.checker.marked`). The last line is one JSON object: decisions, the share whose two
marks agree, the share of verdicts marked, the mean worlds a verdict rests on and its mean
seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import bots, registry
from game.bots import SearchBot
from game.checker import Decision, marked, worth_checking


def slips(game_id: str, count: int, seed: int) -> list[Decision]:
    """``count`` card plays of seat 0 as the easy bot makes them, from whole deals."""
    rules = registry.get(game_id)
    out: list[Decision] = []
    while len(out) < count:
        seed += 1
        state = rules.new(rules.usual_seats, seed, dict(rules.unit_options))
        players = [bots.make("easy" if s == 0 else "normal", game_id, seed * 10 + s)
                   for s in range(state.seats)]
        while not state.is_over() and len(out) < count:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = players[seat].act(state, seat)
            if seat == 0 and worth_checking(legal) and action.verb == "play":
                out.append(Decision(state.observation(0), tuple(legal), action, 0))
            state.apply(seat, action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hokm")
    parser.add_argument("--decisions", type=int, default=24)
    parser.add_argument("--budget-ms", type=float, default=300.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu-clock", action="store_true")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_clock else time.perf_counter
    decisions = slips(args.game, args.decisions, args.seed)
    agree = flagged = worlds = 0
    began = time.perf_counter()
    for i, decision in enumerate(decisions):
        marks = []
        for k in (1, 2):
            verdict = SearchBot(args.seed * 1000 + 2 * i + k, args.game, budget_ms=args.budget_ms,
                                clock=clock).appraise(decision.observation, decision.legal,
                                                      decision.played)
            marks.append(marked(verdict))
            worlds += verdict.worlds
        agree += marks[0] == marks[1]
        flagged += sum(marks)
    verdicts = 2 * len(decisions)
    print(json.dumps({"game": args.game, "decisions": len(decisions),
                      "budget_ms": args.budget_ms, "marks_agree": round(agree / len(decisions), 3),
                      "marked": round(flagged / verdicts, 3),
                      "mean_worlds": round(worlds / verdicts, 1),
                      "mean_s": round((time.perf_counter() - began) / verdicts, 2)}))


if __name__ == "__main__":
    main()
