"""Bots. A bot sees its seat's observation and legal actions, never the state.

`make(kind, game_id, seed)` builds one: ``random`` for every game, ``heuristic`` for the games
that have one (`HEURISTIC` maps game id to its module).
"""

from __future__ import annotations

import importlib

from game.bots.base import Bot, LazyObservation, RandomBot

HEURISTIC = {
    "hokm": "game.bots.hokm", "tiraje": "game.bots.tiraje", "thief": "game.bots.thief",
    "shelem": "game.bots.shelem",
    "bidel": "game.bots.bidel",
    "ghahve": "game.bots.ghahve",
    "farib": "game.bots.farib",
    "shaitan": "game.bots.shaitan",
    "bluff": "game.bots.bluff",
    "taki": "game.bots.taki",
    "rim": "game.bots.rim",
    "fal_eshgh": "game.bots.fal_eshgh",
    "fal_ezdevaj": "game.bots.fal_ezdevaj",
    "bistoyek": "game.bots.bistoyek",
    "nohasht": "game.bots.nohasht",
    "bourse": "game.bots.bourse",
}
KINDS = ("random", "heuristic")


def make(kind: str, game_id: str, seed: int) -> Bot:
    """A bot of ``kind`` for ``game_id``; `ValueError` naming the allowed kinds otherwise."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic" and game_id in HEURISTIC:
        module = importlib.import_module(HEURISTIC[game_id])
        bot: Bot = module.HeuristicBot(seed)
        return bot
    raise ValueError(f"unknown bot kind {kind!r}; kinds: {', '.join(KINDS)}")


__all__ = ["Bot", "LazyObservation", "RandomBot", "make", "KINDS"]
