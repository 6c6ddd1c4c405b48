"""The scenes around the table: main menu, game setup, settings and rules help.

`games` lists the games the menu offers: every game of `game.registry` whose rules module
loads. A game whose module is missing or broken is left out with a warning on stderr, so one
bad module cannot take the whole menu down.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial

import pygame

from game import registry
from game.core import Rules
from ui.app import VIRTUAL, App, Scene
from ui.widgets import Button, Buttons, back_button, mirror

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


def game_tabs(app: App, rules: list[Rules], current: str, pick: Callable[[str], None]
              ) -> list[Button]:
    """A row of tabs, one per game, centred at the top; the current game's is highlighted."""
    w, gap = 230, 16
    x0 = (VIRTUAL[0] - len(rules) * w - (len(rules) - 1) * gap) / 2
    return [Button((mirror(app, x0 + i * (w + gap), w), 92, w, 50), g.name(app.lang),
                   partial(pick, g.id), size=24, primary=g.id == current, key=g.id)
            for i, g in enumerate(rules)]


class GameTabsScene(Scene):
    """A scene with a tab per game (rules help, scores): `game_id` is the one shown."""

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = games()
        ids = [g.id for g in self.games]
        self.game_id = game_id if game_id in ids else (ids[0] if ids else "")
        self.buttons = Buttons(app)

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.layout()

    def layout(self) -> None:
        self.buttons.set([*game_tabs(self.app, self.games, self.game_id, self.show),
                          back_button(self.app, self)])

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)
