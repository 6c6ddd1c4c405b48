"""Every game of the table, by id. Rules modules are imported on first use."""

from __future__ import annotations

import importlib

from game.core import JSON, Rules, State

_MODULES = ("game.rules.hokm", "game.rules.tiraje", "game.rules.thief")
_GAMES: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Called by each rules module for its one `Rules` object."""
    _GAMES[rules.id] = rules
    return rules


def _load() -> None:
    if len(_GAMES) < len(_MODULES):
        for name in _MODULES:
            importlib.import_module(name)


def all() -> list[Rules]:  # noqa: A001 - the contract names it so
    _load()
    return list(_GAMES.values())


def ids() -> list[str]:
    _load()
    return list(_GAMES)


def get(game_id: str) -> Rules:
    """The game ``game_id``; `KeyError` naming the known ids otherwise."""
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(_GAMES)}") from None


def restore(d: dict[str, JSON]) -> State:
    """The state that ``State.to_dict()`` wrote."""
    return get(str(d["game"])).state_from_dict(d)
