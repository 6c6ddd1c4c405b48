"""The scenes over the table: the pause menu (Esc) and the match result with its score sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.bots import searched
from ui.app import Scene
from ui.sheet import HAND_SHEET, HAND_TITLE, LINE, RESULT_SHEET, RESULT_TITLE, draw_sheet
from ui.table.match import next_match
from ui.widgets import GOLD, INK, Button, Buttons, Dialog, label, mirror, panel, veil

if TYPE_CHECKING:
    from ui.app import App
    from ui.table.match import Trick
    from ui.table.scene import TableScene

ARMED_AFTER = 0.7
"""Seconds before a scene between hands takes a key or a click: a key pressed for the last
move of the hand must not dismiss what it has not yet shown."""


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
        self.app.push(self.app.open("help", table.rules.id))


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


class ReplayScene(Scene):
    """A deal played again trick by trick, every hand face up: each seat's cards as they were
    before the trick shown (the cards it played from then on), the trick in the middle with the
    taker's card framed. ←/→ (as they point) or the buttons step; Esc closes."""

    def __init__(self, app: App, tricks: list[Trick], name: Callable[[int], str],
                 card: Callable[[str, int], pygame.Surface]) -> None:
        super().__init__(app)
        self.tricks = tricks
        self.name = name
        self.card = card
        self.at = 0
        self.buttons = Buttons(app)

    def layout(self) -> None:
        t = self.app.text.tr
        self.buttons.set([
            Button((mirror(self.app, 300, 200), 640, 200, 56), t("replay.previous"),
                   lambda: self.step(-1), enabled=self.at > 0),
            Button((mirror(self.app, 540, 200), 640, 200, 56), t("replay.close"), self.back,
                   primary=True),
            Button((mirror(self.app, 780, 200), 640, 200, 56), t("replay.next"),
                   lambda: self.step(1), enabled=self.at < len(self.tricks) - 1)])
        forward = -1 if self.app.text.rtl else 1  # the arrow toward the "next" button
        self.keys = {pygame.K_RIGHT: forward, pygame.K_LEFT: -forward}

    def step(self, by: int) -> None:
        self.at = max(0, min(len(self.tricks) - 1, self.at + by))
        self.layout()

    def back(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in self.keys:
            self.step(self.keys[event.key])
            return
        self.buttons.handle(event)

    def hands(self) -> dict[int, list[str]]:
        """Each seat's cards before the trick shown: what it plays in it and after it."""
        out: dict[int, list[str]] = {}
        for plays, _ in self.tricks[self.at:]:
            for seat, card in plays:
                out.setdefault(seat, []).append(card)
        return out

    def draw(self, screen: pygame.Surface) -> None:
        from ui.table.layout import sort_hand
        app, view = self.app, self.app.view
        veil(screen, 200)
        panel(screen, app, (40, 20, 1200, 690), (14, 46, 32, 250))
        label(screen, app, app.text.tr("replay.title", n=self.at + 1, of=len(self.tricks)),
              (80, 30, 1120, 44), HAND_TITLE, GOLD, "center", bold=True)
        plays, taker = self.tricks[self.at]
        hands = self.hands()
        seats = sorted(hands)
        row_h = min(125.0, 520.0 / max(len(seats), 1))
        width = row_h / 1.45
        for i, seat in enumerate(seats):
            y = 100 + i * row_h
            label(screen, app, self.name(seat), (mirror(app, 60, 200), y, 200, row_h * 0.7),
                  LINE, GOLD if seat == taker else INK)
            cards = [c for c in sort_hand(hands[seat]) if c is not None]
            gap = min(width * 0.62, 560 / max(len(cards), 1))
            for k, code in enumerate(cards):
                played = (seat, code) in plays  # this trick's card, raised and framed
                x = mirror(app, 270 + k * gap, width)
                face = self.card(code, view.px(width))
                at = view.pt(x, y - (12 if played else 0))
                screen.blit(face, at)
                if played:
                    pygame.draw.rect(screen, GOLD if seat == taker else (245, 245, 240),
                                     (at, face.get_size()), view.px(3) or 1,
                                     border_radius=view.px(5))
        self.buttons.draw(screen)


def review_button(app: App, table: TableScene, x: float) -> list[Button]:
    """"Review my plays" at ``x`` where the game has a hard level to judge a person's plays by
    (`game.bots.searched`) and a person plays at the table; it opens the review of the choices
    made in the deal that ended last by the person whose view the table shows (where several
    people share the screen)."""
    match = table.match
    if not searched(table.rules.id) or table.viewer not in match.persons:
        return []

    def review() -> None:
        mine = [d for d in match.decisions.last_deal if d.observation["seat"] == table.viewer]
        app.push(app.open("review", mine, table.rules.id,
                          match.config.get("seed", 0) * 31 + match.moves, table.words,
                          table.card, table.hints.searcher()))

    return [Button((mirror(app, x, 220), 600, 220, 60), app.text.tr("review.open"), review,
                   key="review")]


class HandScene(Armed):
    """Between hands: how the hand ended and the score sheet so far; its button (or Enter,
    once armed) goes on (the table, and its bots, wait below)."""

    def __init__(self, app: App, table: TableScene, text: str) -> None:
        super().__init__(app)
        self.table = table
        self.text = text

    def layout(self) -> None:
        t = self.app.text.tr
        items = [Button((mirror(self.app, 530, 220), 600, 220, 60), t("hand.go_on"), self.back,
                        primary=True)]
        if self.table.match.tricks.last_deal:
            items.append(Button((mirror(self.app, 790, 220), 600, 220, 60), t("replay.open"),
                                self.replay))
        self.buttons.set([*items, *review_button(self.app, self.table, 270)])

    def replay(self) -> None:
        table = self.table
        self.app.push(ReplayScene(self.app, table.match.tricks.last_deal, table.words.name,
                                  table.card))

    def back(self) -> None:
        if self.armed:
            self.app.pop()

    def draw(self, screen: pygame.Surface) -> None:
        veil(screen, 120)
        panel(screen, self.app, (190, 90, 900, 590), (14, 46, 32, 245))
        label(screen, self.app, self.app.text.tr("hand.title"), (230, 105, 820, 50), HAND_TITLE,
              GOLD, "center", bold=True)
        label(screen, self.app, self.text, (230, 160, 820, 40), LINE, INK, "center")
        sheet = self.table.match.observation(self.table.viewer).get("sheet")
        if isinstance(sheet, dict):
            draw_sheet(screen, self.app, (220, 210, 840, 370), sheet["columns"], sheet["rows"],
                       self.table.words.name, self.table.words.team_label, self.table.rules.terms,
                       HAND_SHEET, self.table.rules.id)
        self.buttons.draw(screen)


POINTS_ROWS = 5
"""The seats' points at a match's end stand one under another up to this many; more stand in
two columns, so that the score sheet under them keeps its room (ten seats in a small window)."""


class ResultScene(Armed):
    """The end of a match: who won, the points, the score sheet; play again or go back."""

    def __init__(self, app: App, table: TableScene, result: dict[str, Any]) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        self.result = result

    def layout(self) -> None:
        t = self.app.text.tr
        if self.match.seats == 1:  # a fortune: its reading stays on the table, beside its cards
            self.buttons.set([
                Button((mirror(self.app, 1040, 220), 560, 220, 56), t("result.again"),
                       self._again, primary=True),
                Button((mirror(self.app, 1040, 220), 624, 220, 50), t("result.menu"),
                       self._menu)])
            return
        self.buttons.set([
            Button((mirror(self.app, 400, 220), 600, 220, 60), t("result.again"), self._again,
                   primary=True),
            Button((mirror(self.app, 660, 220), 600, 220, 60), t("result.menu"), self._menu),
        ])
        if self.table.match.tricks.last_deal:
            self.buttons.items.append(Button((mirror(self.app, 920, 220), 600, 220, 60),
                                             t("replay.open"), self._replay))
        self.buttons.items += review_button(self.app, self.table, 140)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.match.seats == 1:  # the fortune's cards, in view, still come to their places
            self.table.update(dt)

    def _replay(self) -> None:
        table = self.table
        self.app.push(ReplayScene(self.app, table.match.tricks.last_deal, table.words.name,
                                  table.card))

    def _again(self) -> None:
        if self.match.config.get("net"):  # the host deals the next match, not this screen
            self.app.home()
            return
        self.app.pop()
        self.app.replace(self.app.open("table", next_match(self.match.config)))

    def _menu(self) -> None:
        self.app.home()

    def back(self) -> None:
        if self.armed:
            self._menu()

    def lines(self) -> list[str]:
        t = self.app.text.tr
        names = [self.table.words.name(s) for s in range(self.match.seats)]
        winners = [names[s] for s in self.result["winners"]]
        out = [t("result.winners", names=self.table.words.listing(winners), n=len(winners))]
        for seat, points in enumerate(self.result["points"]):
            out.append(t("result.points", name=names[seat], points=points))
        return out

    def draw(self, screen: pygame.Surface) -> None:
        if self.match.seats == 1:  # the table's panel holds the reading
            self.buttons.draw(screen)
            return
        veil(screen, 150)
        panel(screen, self.app, (190, 60, 900, 620), (14, 46, 32, 245))
        label(screen, self.app, self.app.text.tr("result.title"), (230, 80, 820, 56), RESULT_TITLE,
              GOLD, bold=True)
        winners, *points = self.lines()
        label(screen, self.app, winners, (250, 150, 780, 34), LINE, INK)
        rows = -(-len(points) // 2) if len(points) > POINTS_ROWS else len(points)
        for i, line in enumerate(points):  # many seats: two columns, the first on the reading side
            column, row = divmod(i, rows)
            label(screen, self.app, line, (mirror(self.app, 250 + 400 * column, 380),
                                           186 + 36 * row, 380, 34), LINE, INK)
        y = 186.0 + 36 * rows
        sheet = self.result.get("sheet")
        if isinstance(sheet, dict):
            draw_sheet(screen, self.app, (220, y + 10, 840, 590 - y), sheet["columns"],
                       sheet["rows"], self.table.words.name, self.table.words.team_label,
                       self.table.rules.terms, RESULT_SHEET, self.table.rules.id)
        self.buttons.draw(screen)
