"""Decision quality of the search, position by position, against a judge that sees every card.

    python benchmarks/decisions.py --game hokm [--hands 240] [--seed 6000] [--budget-ms 300]
                                   [--top 3] [--switch 1.5] [--rounds 20]

A match between levels (`benchmarks/bots.py`) needs hundreds of deals to tell two searches two
points apart, because the cards decide most deals. This asks a sharper question. Positions come
from games of the heuristic bot (normal) at every seat, one deal a game (`Rules.unit_options`),
seeds ``--seed``, ``--seed + 1``... At each decision between plain actions the judge plays the
deal out after every legal action, from the true state, with the heuristic at every seat (as the
search's own playouts do, but seeing the real hands), and keeps the positions where the outcome
(won, drawn, lost: the multiple of `State.WIN` in `deal_value`) depends on the action taken. In
each, normal and the search each choose from the seat's observation alone, and a choice is
wrong where another action would have come out better.

Printed: the positions, the share normal and the search chose wrongly, the search minus normal
with the 95 % interval of the paired difference, how often the search left normal's choice, and
its decision time (CPU, median). A search that saw every card would be wrong nowhere; what is
left measures what it could not know and what it could not tell apart in its budget. The
search's options (``--top``, ``--switch``, ``--rounds``) set `SearchBot`'s `top`, and
`game.bots.search.SWITCH`, and an iteration cap in place of the time budget.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import bots, registry
from game.bots import SearchBot, search
from game.bots.search import outcome
from game.core import Action, State, is_pattern

Position = tuple[State, int, dict[Action, int]]
"""A state, the seat to choose, and the judge's outcome of each legal action."""


def outcome_after(state: State, seat: int, action: Action, judge: SearchBot) -> int:
    """+1, 0 or -1: how the deal ends for ``seat`` after ``action`` with the heuristic playing
    on at every seat, from the true state."""
    after = state.clone()
    after.apply(seat, action)
    return outcome(judge.playout(after, seat, state.stage(), 0))


def positions(game_id: str, hands: int, seed: int) -> list[Position]:
    """The decisions of ``hands`` heuristic games where the action taken decides the outcome."""
    rules = registry.get(game_id)
    seats = rules.usual_seats
    judge = SearchBot(0, game_id, budget_ms=None, iterations=1)
    out: list[Position] = []
    for deal in range(seed, seed + hands):
        players = [bots.make("normal", game_id, deal * 7 + s) for s in range(seats)]
        state = rules.new(seats, deal, dict(rules.unit_options))
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and not any(is_pattern(a) for a in legal):
                values = {a: outcome_after(state, seat, a, judge) for a in legal}
                if len(set(values.values())) > 1:
                    out.append((state.clone(), seat, values))
            state.apply(seat, players[seat].act(state, seat))
    return out


def interval(diffs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``diffs`` and the half-width of its 95 % normal interval."""
    n = len(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    return statistics.fmean(diffs), half


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="hokm")
    ap.add_argument("--hands", type=int, default=240, help="deals of normal play to judge")
    ap.add_argument("--seed", type=int, default=6000)
    ap.add_argument("--budget-ms", type=float, default=bots.BUDGET_MS["hard"],
                    help="the search's budget a decision, in CPU time")
    ap.add_argument("--top", type=int, help="compare the heuristic's first N cards only")
    ap.add_argument("--switch", type=float, help="search.SWITCH")
    ap.add_argument("--rounds", type=int, help="worlds a decision, whatever the time")
    args = ap.parse_args(argv)
    if args.switch is not None:
        search.SWITCH = args.switch
    judged = positions(args.game, args.hands, args.seed)
    if not judged:
        print(f"{args.game}: no decision of {args.hands} deals changes the outcome")
        return 0
    normal_wrong: list[int] = []
    search_wrong: list[int] = []
    left: list[bool] = []
    ms: list[float] = []
    for k, (state, seat, values) in enumerate(judged):
        best = max(values.values())
        normal = bots.make("normal", args.game, k).act(state, seat)
        searcher = SearchBot(k * 13 + 1, args.game,
                             budget_ms=None if args.rounds else args.budget_ms,
                             iterations=args.rounds, top=args.top, clock=time.process_time)
        chosen = searcher.act(state, seat)
        ms.append(float(searcher.last.get("ms", 0.0)))
        normal_wrong.append(int(values[normal] < best))
        search_wrong.append(int(values[chosen] < best))
        left.append(chosen != normal)
    n = len(judged)
    mean, half = interval([s - h for s, h in zip(search_wrong, normal_wrong)])
    print(f"{args.game}: {n} positions of {args.hands} deals (seed {args.seed}) where the "
          f"action decides the outcome")
    print(f"  normal wrong {100 * sum(normal_wrong) / n:.1f} %, search wrong "
          f"{100 * sum(search_wrong) / n:.1f} %: {100 * mean:+.1f} ± {100 * half:.1f} points; "
          f"the search left normal's choice in {100 * sum(left) / n:.1f} %, "
          f"{statistics.median(ms):.0f} ms CPU median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
