"""Super Taki's lookahead against three random bots: measured, and not a level (issue 32).

The lookahead checks the plan's move (`game.bots.taki.HeuristicBot`) against every other move
by playing the round out in ``--worlds`` worlds dealt from the bot's observation
(`TakiRules.worlds`), the same worlds and dice for every move: the bot plays on as the plan,
the other seats at random (``--others random``, the model of the seats it meets here) or as the
plan (``--others plan``, the model sound at a table of people). A playout ends when a seat goes
out: 1 if it is the bot, else minus 0.01 a card the bot holds. The plan's move stands unless
another scored more by a standard error of the paired differences.

It plays single rounds at 4 seats on duplicate deals, as ``benchmarks/bots.py --game taki
--pairs normal-random`` does (the same deals and seeds: ``--bot plan`` gives its figure for the
plan), and prints the bot's share of rounds won with the Wilson interval and the one over deals,
and its decision times in CPU ms (median / p99, choices with more than one legal action):

    python benchmarks/taki_lookahead.py --games 1008 --seed 1 [--worlds 32] [--others random]
                                        [--see-hands]
    python benchmarks/taki_lookahead.py --games 1008 --seed 1 --bot plan

``--see-hands`` deals the lookahead's worlds from the true state, every hand as it is and only
the stock (and the reshuffles to come) dealt anew: a bot that sees the others' cards but not
the draws, a ceiling of what reading the others could give. (A search handed the true state
itself, as ``benchmarks/bots.py --see-all`` does, would also know its next draws.) On deals
1-252 (1008 rounds, ``--worlds 32``) it won 59.9 % [56.9, 63.0] over deals, where the fair
lookahead won 43.9 % and the plan 43.0 % of the same rounds (`game.bots.taki`): the lookahead
chooses well when its worlds hold the true hands, and what a fair seat lacks is what the others
hold, of which random seats' plays show little (their draws, read as ``lacks``, are all).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots import decision_stats, wilson
from game.bots.base import Bot, RandomBot
from game.bots.taki import HeuristicBot
from game.core import Action
from game.rules.taki import RULES, TakiObservation, TakiState

LOOKED = ("play", "draw", "colour", "close")
"""The verbs of the choices played out (declaring and breaking are the plan's alone)."""
STEPS = 600
"""A playout nobody has gone out of after this many actions stops there (a lost round)."""
SEATS = 4


class LookaheadBot(HeuristicBot):
    """The plan's move, kept unless another won more playouts (see the module)."""

    def __init__(self, seed: int, worlds: int, plan_everywhere: bool,
                 see_hands: bool = False) -> None:
        super().__init__(seed)
        self.worlds = worlds
        self.plan_everywhere = plan_everywhere
        self.see_hands = see_hands
        self.truth: TakiState | None = None
        """With ``see_hands``, the true state, set before each decision."""

    def choose(self, observation: TakiObservation, legal: Sequence[Action]) -> Action:
        favourite = super().choose(observation, legal)
        if favourite.verb not in LOOKED:
            return favourite
        candidates = [favourite]
        for action in legal:
            if action.verb in LOOKED and not any(
                    action == c or self.alike(observation, action, c) for c in candidates):
                candidates.append(action)
        if len(candidates) == 1:
            return favourite
        return candidates[self._best(observation, candidates)]

    def _best(self, observation: TakiObservation, candidates: Sequence[Action]) -> int:
        """The index of the candidate to play: 0 (the plan's) unless another beat it."""
        seat = observation["seat"]
        if seat is None:
            raise ValueError("a bot plays a seat: a spectator's view has no hand")
        deal = self._seen if self.see_hands else RULES.worlds(observation)
        scores: list[list[float]] = [[] for _ in candidates]
        for _ in range(self.worlds):
            world = deal(self.rng.getrandbits(32))
            dice = self.rng.getrandbits(32)
            for action, got in zip(candidates, scores):
                state = world.clone()
                state.apply(seat, action)
                got.append(self._playout(state, seat, dice))
        best = max(range(len(candidates)), key=lambda i: (sum(scores[i]), -i))
        if best == 0 or len(scores[0]) < 2:
            return 0
        gains = [b - a for a, b in zip(scores[0], scores[best])]
        spread = statistics.stdev(gains) / math.sqrt(len(gains))
        return best if statistics.fmean(gains) > spread else 0

    def _seen(self, seed: int) -> TakiState:
        """The true state with its stock dealt anew, and new dice for its reshuffles."""
        assert self.truth is not None
        world = self.truth.clone()
        world.stock = sorted(world.stock)
        random.Random(seed).shuffle(world.stock)
        world.seed = seed
        return world

    def _playout(self, state: TakiState, seat: int, dice: int) -> float:
        """Play ``state`` on until a seat goes out (``dice`` seeds every seat); its score."""
        rng = random.Random(dice)
        plans = [HeuristicBot(dice + (s - seat) % state.seats) for s in range(state.seats)]
        ups = len(state.ups)
        for _ in range(STEPS):
            if state.is_over() or len(state.ups) > ups:
                break
            actor = state.to_act()[0]
            legal = state.legal_actions(actor)
            if len(legal) > 1 and (actor == seat or self.plan_everywhere):
                action = plans[actor].act(state, actor, legal)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(actor, action)
        out = state.winner if state.is_over() else state.ups[ups][0] if len(state.ups) > ups \
            else None
        return 1.0 if out == seat else -0.01 * len(state.hands[seat])


def measure(games: int, seed: int, bot: str, worlds: int, others: str,
            see_hands: bool = False) -> dict[str, object]:
    """``games`` rounds, deal ``seed + i // 4`` with the bot in seat ``i % 4``."""
    won = 0
    per_deal: dict[int, float] = {}
    times: list[float] = []
    for i in range(games):
        deal, mine = seed + i // SEATS, i % SEATS
        players: list[Bot[Any]] = [RandomBot(deal * 101 + s) for s in range(SEATS)]
        looking = None if bot == "plan" else \
            LookaheadBot(deal * 101 + mine, worlds, others == "plan", see_hands)
        players[mine] = looking or HeuristicBot(deal * 101 + mine)
        state = RULES.new(SEATS, deal, {"match": "round"})
        assert isinstance(state, TakiState)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if looking is not None:
                looking.truth = state
            started = time.process_time()
            action = players[seat].act(state, seat, legal)
            if seat == mine and len(legal) > 1:
                times.append((time.process_time() - started) * 1000)
            state.apply(seat, action)
        got = state.winner == mine
        won += got
        per_deal[deal] = per_deal.get(deal, 0.0) + got / SEATS
        if (i + 1) % 20 == 0:
            print(f"  {i + 1}/{games}: {won / (i + 1):.3f}", file=sys.stderr, flush=True)
    deals = [v for d, v in per_deal.items() if d < seed + games // SEATS]
    mean = statistics.fmean(deals)
    half = 1.96 * statistics.stdev(deals) / math.sqrt(len(deals)) if len(deals) > 1 else 1.0
    lo, hi = wilson(won, games)
    return {"bot": bot, "worlds": worlds, "others": others, "see_hands": see_hands,
            "games": games, "seed": seed,
            "won": round(won / games, 4), "lo": round(lo, 3), "hi": round(hi, 3),
            "deals": len(deals), "paired_lo": round(mean - half, 3),
            "paired_hi": round(mean + half, 3), "ms": decision_stats(times)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="rounds (4 a deal)")
    ap.add_argument("--seed", type=int, default=1, help="the first deal")
    ap.add_argument("--bot", choices=("lookahead", "plan"), default="lookahead")
    ap.add_argument("--worlds", type=int, default=32, help="worlds a decision")
    ap.add_argument("--others", choices=("random", "plan"), default="random",
                    help="how the other seats play in the playouts")
    ap.add_argument("--see-hands", action="store_true",
                    help="worlds from the true hands, the stock dealt anew (a ceiling)")
    args = ap.parse_args(argv)
    print(json.dumps(measure(args.games, args.seed, args.bot, args.worlds, args.others,
                             args.see_hands)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
