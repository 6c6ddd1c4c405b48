"""Bots. A bot sees its seat's observation and legal actions, never the state.

`make(kind, game_id, seed)` builds one. The kinds are the levels a player chooses from,

- ``easy``: the game's heuristic bot, which often (`EASY_SLIP`) plays its second- or third-
  choice card (what it would play were its first choice not allowed), and as often makes the
  beginner's mistake its bot names for other choices (`Bot.slip`: hitting on 18 in Bist-o-Yek,
  calling a plausible claim in Bluff, buying dear in Bourse): a beginner's mistake, never a
  random one;
- ``normal``: the heuristic bot;
- ``hard``: the search bot (`game.bots.search`) at `BUDGET_MS` ``["hard"]`` a decision;
- ``expert``: the search bot at `BUDGET_MS` ``["expert"]`` (1 s), offered only where it
  measured stronger than hard (`MEASURED`): in Shelem, where it won 55.3 % of 320 games against
  the faster hard, [51.0, 59.6] over 160 deals (``python benchmarks/bots.py --game shelem --pairs
  expert-hard --cpu-clock --jobs 2``, ``--seed 1`` 120 games, ``--seed 61`` 100, ``--seed 171``
  100, pooled by ``--pool``; a run costs six times a hard-normal one; against the slower hard of
  before it had won 60.8 % of 360, [57.0, 64.6]). Not in Hokm (47.0 % of 100 games against
  hard, [41.1, 52.9] over 50 deals) nor in Farib (51.2 % of 400, [49.5, 53.0] over 200; at
  1.5 s, with an older heuristic, 53.5 % [51.0, 56.0]), where no variant tried at 1 s was
  clearly stronger either (`game.bots.search`, "Expert");

and two older names kept for saved matches and the simulator: ``random`` (any legal action) and
``heuristic`` (the same bot as ``normal``). `levels(game_id)` lists the levels a game offers, in
order: real-time games (Clumsy Thief) have no search, so easy and normal only, their difference
there being the table's reaction times; so too the games whose search measured no stronger than
their heuristic (`UNSEARCHED`: Bourse, Super Taki, Poker). Games of chance (`CHANCE`),
where no choice a seat makes changes its odds, offer one level, normal. A game without a
heuristic bot plays ``normal`` at random.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from game import registry
from game.bots.base import Bot, LazyObservation, RandomBot, next_choices, own_hand
from game.bots.search import SearchBot
from game.core import Action
from game.registry import Measured
from game.shapes import Observation, ObservationT

HEURISTIC = {game.id: game.bot_module for game in registry.GAMES if game.bot}
"""Game id to the module of its heuristic bot (the search rolls out with it too)."""
LEVELS = ("easy", "normal", "hard", "expert")
KINDS = ("random", "heuristic", *LEVELS)
BUDGET_MS = {"hard": 300.0, "expert": 1000.0}
EASY_SLIP = 0.5
"""How often the easy bot plays its second (or third) choice of card."""
EASY_DEEPER = 0.5
"""How often such a slip goes one choice further, to the third."""
UNSEARCHED = {game.id: game.unsearched for game in registry.GAMES if game.unsearched}
"""Games whose search is not offered, and why (`registry.Game.unsearched`): it measured no
stronger than their heuristic (`python benchmarks/bots.py --game G --pairs hard-normal --games
400 --cpu-clock`)."""
CHANCE = {game.id: game.chance for game in registry.GAMES if game.chance}
"""Games in which no choice changes a seat's odds, and why (`registry.Game.chance`): one level
(normal) there."""


BELOW = {"hard": "normal", "expert": "hard"}
"""The level a searched level is measured against."""

MEASURED = {(game.id, level): measured for game in registry.GAMES
            for level, measured in game.measured.items()}
"""The searched levels (hard against normal, expert against hard) as last measured, game by
game: the table offers a level only where it measured stronger (`Measured.stronger`; a test
holds every offered level to it), and its setup says by how much. Where `docs/bots.json` (the
table of `docs/bots.md`) holds a row of the same game and pair, this is that row's figure."""


class EasyBot(Bot[ObservationT]):
    """The heuristic bot that, at `EASY_SLIP` of its card plays, plays the card it would play
    if its favourite were not allowed (another card of the same verb, not one `Bot.alike` its
    favourite: that would be no slip), and at `EASY_DEEPER` of those the card after that (its
    third choice). Other choices are the heuristic's own unless
    its bot names a beginner's mistake there (`Bot.slip`), made at `EASY_SLIP` of them: the
    trick games name none for bids and trump (a beginner misplays cards more than he misbids),
    the games whose choices are not cards played (Bist-o-Yek, Bluff, Bourse) name theirs.
    Clumsy Thief names none: its easy bots are the table's slower hands (a slip of its grabs,
    tried, made them harder for a person to beat)."""

    def __init__(self, seed: int, inner: Bot[ObservationT], slips: float = EASY_SLIP,
                 deeper: float = EASY_DEEPER) -> None:
        super().__init__(seed)
        self.inner = inner
        self.slips = slips
        self.deeper = deeper

    def choose(self, observation: ObservationT, legal: Sequence[Action]) -> Action:
        first = self.inner.choose(observation, legal)
        if first not in legal or first.arg not in own_hand(observation):
            mistake = self.inner.slip(observation, legal, first)
            return first if mistake is None or self.rng.random() >= self.slips else mistake
        if self.rng.random() >= self.slips:
            return first
        ranked = next_choices(self.inner, observation, legal, first,
                              2 + (self.rng.random() < self.deeper))
        return first if ranked is None else ranked[-1]


def heuristic(game_id: str, seed: int) -> Bot[Any] | None:
    """The game's heuristic bot, or None where it has none."""
    if game_id not in HEURISTIC:
        return None
    bot: Bot[Any] = importlib.import_module(HEURISTIC[game_id]).HeuristicBot(seed)
    return bot


def searched(game_id: str) -> bool:
    """Whether ``hard`` and ``expert`` search in ``game_id`` (not real time, not `UNSEARCHED`,
    not `CHANCE`)."""
    return not registry.get(game_id).realtime and game_id not in UNSEARCHED \
        and game_id not in CHANCE


def levels(game_id: str) -> tuple[str, ...]:
    """The levels ``game_id`` offers, easiest first."""
    if game_id in CHANCE:
        return LEVELS[1:2]
    if not searched(game_id):
        return LEVELS[:2]
    expert = MEASURED.get((game_id, "expert"))
    return LEVELS if expert is not None and expert.stronger else LEVELS[:3]


def make(kind: str, game_id: str, seed: int) -> Bot[Any]:
    """A bot of ``kind`` (a level, or ``random`` / ``heuristic``) for ``game_id``;
    `ValueError` naming the allowed kinds otherwise. ``hard`` and ``expert`` where the game is
    not `searched` are its heuristic bot."""
    if kind == "random":
        return RandomBot(seed)
    if kind not in KINDS or (kind == "heuristic" and game_id not in HEURISTIC):
        raise ValueError(f"unknown bot kind {kind!r}; kinds: {', '.join(KINDS)}")
    if kind in BUDGET_MS and searched(game_id):
        return SearchBot(seed, game_id, budget_ms=BUDGET_MS[kind])
    normal = heuristic(game_id, seed) or RandomBot(seed)
    if kind == "easy":
        return EasyBot(seed + 1, normal)
    return normal


def decide(kind: str, game_id: str, seed: int, observation: Observation,
           legal: Sequence[Action]) -> Action:
    """One decision by a new bot of ``kind``: a top-level function that a process pool can run
    (what it takes and returns pickles), for a table that searches in another process. Vary
    ``seed`` from one decision to the next (a bot in a thread keeps its generator instead)."""
    return make(kind, game_id, seed).choose(observation, legal)


__all__ = [
    "BELOW",
    "CHANCE",
    "HEURISTIC",
    "KINDS",
    "LEVELS",
    "MEASURED",
    "Bot",
    "EasyBot",
    "LazyObservation",
    "Measured",
    "RandomBot",
    "SearchBot",
    "decide",
    "levels",
    "make",
]
