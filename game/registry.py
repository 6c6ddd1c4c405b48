"""Every game of the table, by id. A game's rules module is imported on first use."""

from __future__ import annotations

import importlib

from game.core import JSON, Rules, State

MODULES = {
    "hokm": "game.rules.hokm",
    "tiraje": "game.rules.tiraje",
    "thief": "game.rules.thief",
}
"""Game id to the module whose import registers it; the menu lists games in this order."""

_GAMES: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Called by each rules module for its one `Rules` object."""
    _GAMES[rules.id] = rules
    return rules


def all() -> list[Rules]:  # noqa: A001 - the contract names it so
    return [get(game_id) for game_id in MODULES]


def ids() -> list[str]:
    return list(MODULES)


def get(game_id: str) -> Rules:
    """The game ``game_id``; `KeyError` naming the known ids otherwise."""
    if game_id not in MODULES:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(MODULES)}")
    if game_id not in _GAMES:
        importlib.import_module(MODULES[game_id])
    return _GAMES[game_id]


def restore(d: dict[str, JSON]) -> State:
    """The state that ``State.to_dict()`` wrote."""
    return get(str(d["game"])).state_from_dict(d)
