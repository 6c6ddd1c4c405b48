"""The scenes over the table: the pause menu (Esc) and the match result with its score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui.app import Scene
from ui.sheet import draw_sheet
from ui.widgets import GOLD, INK, Button, Buttons, Dialog, label, mirror, panel, veil

if TYPE_CHECKING:
    from ui.app import App
    from ui.table import TableScene

ARMED_AFTER = 0.7
"""Seconds before a scene between hands takes a key or a click: a key pressed for the last
move of the hand must not dismiss what it has not yet shown."""
HAND_TITLE, RESULT_TITLE, LINE, HAND_SHEET, RESULT_SHEET = 32, 34, 22, 16, 15
BUTTON = 26
"""`Button`'s own size."""
TEXT_SIZES = ((HAND_TITLE, True), (RESULT_TITLE, True), (LINE, False), (HAND_SHEET, True),
              (HAND_SHEET, False), (RESULT_SHEET, True), (RESULT_SHEET, False), (BUTTON, True),
              (BUTTON, False))
"""The virtual text sizes (and weights) of the scenes that come up over a table while it
plays, so that the table can load them ahead (`ui.text.warm`)."""


class PauseScene(Dialog):
    """Esc over the table: go on, read the rules, or leave (the match stays saved)."""

    def __init__(self, app: App, table: TableScene) -> None:
        t = app.text.tr
        super().__init__(app, t("pause.title"), t("pause.text"), [
            (t("pause.resume"), lambda: None),
            (t("pause.rules"), lambda: self._rules(table)),
            (t("pause.leave"), app.home),
        ])

    def _rules(self, table: TableScene) -> None:
        from ui.scenes.help import HelpScene
        self.app.push(HelpScene(self.app, table.rules.id))


class Armed(Scene):
    """A scene over the table that takes no input for its first `ARMED_AFTER` seconds."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.age = 0.0
        self.buttons = Buttons(app)

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def armed(self) -> bool:
        return self.age >= ARMED_AFTER

    def handle(self, event: pygame.event.Event) -> None:
        if self.armed:
            self.buttons.handle(event)


class HandScene(Armed):
    """Between hands: how the hand ended and the score sheet so far; its button (or Enter,
    once armed) goes on (the table, and its bots, wait below)."""

    def __init__(self, app: App, table: TableScene, text: str) -> None:
        super().__init__(app)
        self.table = table
        self.text = text

    def layout(self) -> None:
        self.buttons.set([Button((530, 600, 220, 60), self.app.text.tr("hand.go_on"),
                                 self.back, primary=True)])

    def back(self) -> None:
        if self.armed:
            self.app.pop()

    def draw(self, screen: pygame.Surface) -> None:
        veil(screen, 120)
        panel(screen, self.app, (190, 90, 900, 590), (14, 46, 32, 245))
        label(screen, self.app, self.app.text.tr("hand.title"), (230, 105, 820, 50), HAND_TITLE,
              GOLD, "center", bold=True)
        label(screen, self.app, self.text, (230, 160, 820, 40), LINE, INK, "center")
        sheet = self.table.match.state.observation(self.table.viewer).get("sheet")
        if isinstance(sheet, dict):
            draw_sheet(screen, self.app, (220, 210, 840, 370), sheet["columns"], sheet["rows"],
                       self.table.name, self.table.team_label, self.table.rules.terms,
                       HAND_SHEET)
        self.buttons.draw(screen)


class ResultScene(Armed):
    """The end of a match: who won, the points, the score sheet; play again or go back."""

    def __init__(self, app: App, table: TableScene, result: dict[str, Any]) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        self.result = result

    def layout(self) -> None:
        t = self.app.text.tr
        self.buttons.set([
            Button((mirror(self.app, 400, 220), 600, 220, 60), t("result.again"), self._again,
                   primary=True),
            Button((mirror(self.app, 660, 220), 600, 220, 60), t("result.menu"), self._menu),
        ])

    def _again(self) -> None:
        from ui.table import TableScene
        config = {**self.match.config, "seed": int(self.match.config["seed"]) + 1}
        self.app.pop()
        self.app.replace(TableScene(self.app, config))

    def _menu(self) -> None:
        self.app.home()

    def back(self) -> None:
        if self.armed:
            self._menu()

    def lines(self) -> list[str]:
        t = self.app.text.tr
        names = [self.table.name(s) for s in range(self.match.state.seats)]
        winners = "، ".join(names[s] for s in self.result["winners"])
        out = [t("result.winners", names=winners)]
        for seat, points in enumerate(self.result["points"]):
            out.append(t("result.points", name=names[seat], points=points))
        return out

    def draw(self, screen: pygame.Surface) -> None:
        veil(screen, 150)
        panel(screen, self.app, (190, 60, 900, 620), (14, 46, 32, 245))
        label(screen, self.app, self.app.text.tr("result.title"), (230, 80, 820, 56), RESULT_TITLE,
              GOLD, bold=True)
        y = 150.0
        for line in self.lines():
            label(screen, self.app, line, (250, y, 780, 34), LINE, INK)
            y += 36
        sheet = self.result.get("sheet")
        if isinstance(sheet, dict):
            draw_sheet(screen, self.app, (220, y + 10, 840, 590 - y), sheet["columns"],
                       sheet["rows"], self.table.name, self.table.team_label,
                       self.table.rules.terms, RESULT_SHEET)
        self.buttons.draw(screen)
