"""Bots. A bot sees its seat's observation and legal actions, never the state.

`make(kind, game_id, seed)` builds one. The kinds are the levels a player chooses from,

- ``easy``: the game's heuristic bot, which now and then (`EASY_SLIP`) plays its second-choice
  card (what it would play were its first choice not allowed): a beginner's mistake, never a
  random one;
- ``normal``: the heuristic bot;
- ``hard``: the search bot (`game.bots.search`) at `BUDGET_MS` ``["hard"]`` a decision;
- ``expert``: the search bot at `BUDGET_MS` ``["expert"]``, offered only where it measured
  stronger than hard (`EXPERT`);

and two older names kept for saved matches and the simulator: ``random`` (any legal action) and
``heuristic`` (the same bot as ``normal``). `levels(game_id)` lists the levels a game offers, in
order: real-time games (Clumsy Thief) have no search, so easy and normal only, their difference
there being the table's reaction times as well as the slips. A game without a heuristic bot
plays ``normal`` at random.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence

from game import registry
from game.bots.base import Bot, LazyObservation, RandomBot, own_hand
from game.bots.search import HEURISTIC_MODULES, SearchBot
from game.core import JSON, Action

HEURISTIC = dict(HEURISTIC_MODULES)
"""Game id to the module of its heuristic bot."""
LEVELS = ("easy", "normal", "hard", "expert")
KINDS = ("random", "heuristic", *LEVELS)
BUDGET_MS = {"hard": 300.0, "expert": 1500.0}
EASY_SLIP = 0.3
"""How often the easy bot plays its second choice."""
EXPERT: frozenset[str] = frozenset()
"""Games where expert measured stronger than hard (benchmarks/bots.py); empty until one does."""


class EasyBot(Bot):
    """The heuristic bot that, at `EASY_SLIP` of its card plays, plays the card it would play
    if its favourite were not allowed (another card of the same verb). Bids, trump and other
    choices are the heuristic's own: a beginner misplays cards more than he misbids, and the
    heuristic bots read a bid from the whole list of bids."""

    def __init__(self, seed: int, inner: Bot, slip: float = EASY_SLIP) -> None:
        super().__init__(seed)
        self.inner = inner
        self.slip = slip

    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        first = self.inner.choose(observation, legal)
        if first not in legal or first.arg not in own_hand(observation) \
                or self.rng.random() >= self.slip:
            return first
        others = [a for a in legal if a != first and a.verb == first.verb]
        if not others:
            return first
        try:
            return self.inner.choose(observation, others)
        except (StopIteration, LookupError, ValueError):  # a bot that needs its full list
            return first


def heuristic(game_id: str, seed: int) -> Bot | None:
    """The game's heuristic bot, or None where it has none."""
    if game_id not in HEURISTIC:
        return None
    bot: Bot = importlib.import_module(HEURISTIC[game_id]).HeuristicBot(seed)
    return bot


def levels(game_id: str) -> tuple[str, ...]:
    """The levels ``game_id`` offers, easiest first."""
    if registry.get(game_id).realtime:
        return LEVELS[:2]
    return LEVELS if game_id in EXPERT else LEVELS[:3]


def make(kind: str, game_id: str, seed: int) -> Bot:
    """A bot of ``kind`` (a level, or ``random`` / ``heuristic``) for ``game_id``;
    `ValueError` naming the allowed kinds otherwise. ``hard`` and ``expert`` in a real-time
    game are its heuristic bot (it has no search)."""
    if kind == "random":
        return RandomBot(seed)
    if kind not in KINDS or kind == "heuristic" and game_id not in HEURISTIC:
        raise ValueError(f"unknown bot kind {kind!r}; kinds: {', '.join(KINDS)}")
    if kind in BUDGET_MS and not registry.get(game_id).realtime:
        return SearchBot(seed, game_id, budget_ms=BUDGET_MS[kind])
    normal = heuristic(game_id, seed) or RandomBot(seed)
    if kind == "easy":
        return EasyBot(seed + 1, normal)
    return normal


__all__ = ["Bot", "LazyObservation", "RandomBot", "EasyBot", "SearchBot", "make", "levels",
           "KINDS", "LEVELS", "HEURISTIC"]
