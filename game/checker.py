"""The play checker: after a deal, the hard bot's verdict on each choice a person made in it.

A `Decision` is what the person could see then (their seat's observation), what they might
have done (the legal actions) and what they did. `judge` asks the hard level's search
(`SearchBot.appraise`) whether another action would have done better from that same view, on
the same sampled worlds: the bot sees what the person saw, never the cards they could not.

Only plain choices are kept (`worth_checking`): more than one legal action, none a pattern to
fill (Bi-Del's pass of three cards, a stake: too many fillings to judge one against). A play
is marked (`marked`) where the search prefers another by what a review can show.

How far a mark can be trusted: two verdicts on the same decision with different seeds agree
on marking it or not in 21 of 24 Hokm plays (a mean of 104 worlds a verdict) and 19 of 20
Farib plays, at the hard budget (`python benchmarks/checker.py --cpu-clock`, and
``--game farib --decisions 20``); a verdict rests on the worlds the budget buys, and the search
departs from the played action where the evidence clears `search.switch_bar`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots import BUDGET_MS
from game.bots.search import Appraisal, SearchBot
from game.core import Action, is_pattern
from game.shapes import Observation


@dataclass(frozen=True)
class Decision:
    """A choice a person made: their seat's ``observation`` then, the ``legal`` actions, the
    one ``played``, and ``trick``: the number of the trick it went to (1 for the first, and
    for what comes before any trick, such as a bid)."""

    observation: Observation
    legal: tuple[Action, ...]
    played: Action
    trick: int


def worth_checking(legal: Sequence[Action]) -> bool:
    """Whether a choice among ``legal`` is one the checker judges: more than one action, and
    none a pattern to fill."""
    return len(legal) > 1 and not any(is_pattern(a) for a in legal)


def marked(verdict: Appraisal | None) -> bool:
    """Whether the review marks a play judged ``verdict``: the search would have chosen
    otherwise, and the play cost what a row shows (points at two decimals, or the game's
    outcome at a hundredth). A search may prefer another action by a sliver no row could
    show (its rewards scale the margin to what it saw): that play is as good."""
    if verdict is None or not verdict.differs:
        return False
    return round(verdict.preferred_points - verdict.played_points, 2) > 0 or \
        round(verdict.preferred_outcome - verdict.played_outcome, 2) > 0


def judge(game_id: str, seed: int, decision: Decision, iterations: int | None = None
          ) -> Appraisal:
    """The hard level's verdict on ``decision`` in ``game_id``: a search of its budget
    (`BUDGET_MS` ``["hard"]``) counted on the process's CPU clock, or of ``iterations`` rounds,
    with which it is the same for a seed on any machine. Nobody waits on a verdict as on a
    bot's move, so a busy machine takes longer for it rather than judge on fewer worlds (at
    300 ms of the wall clock, on a machine loaded 5 on 2 cores: 5 to 40 worlds). A top-level
    function a process pool can run (what it takes and returns pickles)."""
    bot = SearchBot(seed, game_id, budget_ms=None if iterations else BUDGET_MS["hard"],
                    iterations=iterations, clock=time.process_time)
    return bot.appraise(decision.observation, decision.legal, decision.played)
