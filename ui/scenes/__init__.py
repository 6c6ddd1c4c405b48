"""The scenes around the table: main menu, game setup, settings and rules help.

`games` lists the games the menu offers: every game of `game.registry` whose rules module
loads. A game whose module is missing or broken is left out with a warning on stderr, so one
bad module cannot take the whole menu down.
"""

from __future__ import annotations

import sys

from game import registry
from game.core import Rules

_WARNED: set[str] = set()


def games() -> list[Rules]:
    found = []
    for game_id in registry.ids():
        try:
            found.append(registry.get(game_id))
        except Exception as exc:  # noqa: BLE001 - any failure of a module leaves that game out
            if game_id not in _WARNED:
                _WARNED.add(game_id)
                print(f"card table: game {game_id!r} left out: {exc!r}", file=sys.stderr)
    return found
