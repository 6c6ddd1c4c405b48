"""Every game of the table, by id. A game's rules module is imported on first use."""

from __future__ import annotations

import importlib
import json
from typing import TypeVar

from game.core import JSON, Rules, State, check_frame, check_in_play, check_state

MODULES = {
    "hokm": "game.rules.hokm",
    "tiraje": "game.rules.tiraje",
    "thief": "game.rules.thief",
    "shelem": "game.rules.shelem",
    "bidel": "game.rules.bidel",
    "ghahve": "game.rules.ghahve",
    "farib": "game.rules.farib",
    "shaitan": "game.rules.shaitan",
    "bluff": "game.rules.bluff",
    "taki": "game.rules.taki",
    "rim": "game.rules.rim",
    "fal_eshgh": "game.rules.fal_eshgh",
    "fal_ezdevaj": "game.rules.fal_ezdevaj",
    "bistoyek": "game.rules.bistoyek",
    "nohasht": "game.rules.nohasht",
    "bourse": "game.rules.bourse",
    "pasur": "game.rules.pasur",
    "haftkhabis": "game.rules.haftkhabis",
    "poker": "game.rules.poker",
}
"""Game id to the module whose import registers it; the menu lists games in this order."""

_GAMES: dict[str, Rules] = {}
R = TypeVar("R", bound=Rules)


def register(rules: R, state_class: type[State]) -> R:
    """Called by each rules module for its one `Rules` object and its `State` class, which
    learn each other (`Rules.state_class`, `State.rules`)."""
    type(rules).state_class = state_class
    state_class.rules = rules
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
    """The state that ``State.to_dict()`` wrote, checked (`core.check_state`) before it is used.

    `TypeError` if ``d`` is not a dict; `ValueError` naming what is wrong for an unknown game, a
    missing or malformed field, a field far larger than any game keeps (`core.check_size`), a
    field the game's own `State.check_fields` refuses (a dealer or a trump the table cannot
    have, a list without an entry for each seat), or a game no rules allow (a card missing or
    twice, a seat out of range, nobody to act, chips that are not the game's): a damaged save is
    refused here, in words that name the field, not met later by the table. What comes from
    outside the process goes through `load`."""
    if not isinstance(d, dict):
        raise TypeError(f"a saved game is a dict, not {type(d).__name__}")
    game_id = d.get("game")
    if not isinstance(game_id, str) or game_id not in MODULES:
        raise ValueError(f"a saved game names its game ({', '.join(MODULES)}), not {game_id!r}")
    rules = get(game_id)
    check_frame(rules, d)
    try:
        state = rules.state_from_dict(d)
        if d.get("seats", state.seats) != state.seats:
            raise ValueError(f"{d['seats']} seats: this game was set for {state.seats}")
        state.check_fields()
        check_state(state)
    except KeyError as e:
        raise ValueError(f"a saved {game_id} game without its field {e}") from e
    except IndexError as e:
        raise ValueError(f"a saved {game_id} game with a seat's part missing ({e})") from e
    except (TypeError, ValueError, AttributeError) as e:
        raise ValueError(f"not a {game_id} game any rules allow: {e}") from e
    return state


def load(d: dict[str, JSON]) -> State:
    """`restore` for a state from outside the process (a file, later the network): restored,
    written back as it was given (kinds included: ``true`` is no seat), then played on in trial
    (`core.check_in_play`), so that a damaged field no check of `restore` can judge is refused
    now, with the same `ValueError`, and not met by the player a deal later. The table's own
    snapshots (undo) need only `restore`."""
    state = restore(d)
    if json.dumps(state.to_dict(), sort_keys=True) != json.dumps(d, sort_keys=True):
        # Kinds count: a turn saved as true reads as seat 1 and compares equal to it.
        raise ValueError(f"the {state.rules.id} game cannot be restored as it was saved")
    try:
        check_in_play(state)
    except ValueError as e:
        raise ValueError(f"not a {state.rules.id} game any rules allow: {e}") from e
    return state
