"""The scenes over the table: the pause menu (Esc) and the match result with its score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui.widgets import GOLD, INK, Buttons, Button, Dialog, label, mirror, panel
from ui.app import Scene

if TYPE_CHECKING:
    from ui.app import App
    from ui.table import Match, TableScene


class PauseScene(Dialog):
    """Esc over the table: go on, read the rules, or leave (the match stays saved)."""

    def __init__(self, app: App, table: TableScene) -> None:
        t = app.text.tr
        super().__init__(app, t("pause.title"), t("pause.text"), [
            (t("pause.resume"), lambda: None),
            (t("pause.rules"), lambda: self._rules(table)),
            (t("pause.leave"), lambda: app.pop()),
        ])

    def _rules(self, table: TableScene) -> None:
        from ui.scenes.help import HelpScene
        self.app.push(HelpScene(self.app, table.rules.id))


class ResultScene(Scene):
    """The end of a match: who won, the points, the score sheet; play again or go back."""

    opaque = False

    def __init__(self, app: App, match: Match, result: dict[str, Any]) -> None:
        super().__init__(app)
        self.match = match
        self.result = result
        self.buttons = Buttons(app)

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
        self.app.pop()
        self.app.pop()

    def back(self) -> None:
        self._menu()

    def handle(self, event: pygame.event.Event) -> None:
        self.buttons.handle(event)

    def lines(self) -> list[str]:
        t = self.app.text.tr
        names = [self.match.name(s) for s in range(self.match.state.seats)]
        winners = "، ".join(names[s] for s in self.result["winners"])
        out = [t("result.winners", names=winners)]
        for seat, points in enumerate(self.result["points"]):
            out.append(t("result.points", name=names[seat], points=points))
        return out

    def draw(self, screen: pygame.Surface) -> None:
        veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        screen.blit(veil, (0, 0))
        panel(screen, self.app, (190, 60, 900, 620), (14, 46, 32, 245))
        label(screen, self.app, self.app.text.tr("result.title"), (230, 80, 820, 56), 34, GOLD,
              bold=True)
        y = 150.0
        for line in self.lines():
            label(screen, self.app, line, (250, y, 780, 34), 22, INK)
            y += 36
        sheet = self.result.get("sheet")
        if isinstance(sheet, dict):
            rows = sheet.get("rows", [])[-8:]
            for row in [sheet.get("columns", []), *rows]:
                text = "  |  ".join(str(c) for c in row)
                label(screen, self.app, text, (250, y, 780, 28), 15, INK)
                y += 28
        self.buttons.draw(screen)
