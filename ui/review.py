"""The play checker's review of a deal: each choice the person made in it, in order, and where
the hard bot would have chosen otherwise, its choice and what the person's play cost on average.

The verdicts are searched in the table's hint process (`ui.table.bots.ReviewWorker`), one after
the other; the scene shows each as it comes and "Thinking…" for those still to come. A verdict
judges the play from what the person could see then (`game.checker`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import pygame

from game.bots.search import Appraisal
from game.checker import Decision, marked
from game.core import Action
from ui.app import App, Scene
from ui.sheet import HAND_TITLE, LINE
from ui.table.bots import ReviewWorker
from ui.widgets import DIM, GOLD, INK, Button, Buttons, label, label_width, mirror, panel, veil

if TYPE_CHECKING:
    from ui.table.words import TableWords

ROWS = 9
"""Rows in a column; two columns to a page."""
ROW_H = 54.0
CARD_W = 34.0
COLUMN_W = 560.0
COLUMNS_X = (60.0, 660.0)
TOP = 128.0
WORSE = (240, 150, 120)
"""The colour of a play the bot would have made otherwise."""


def signed(app: App, value: float) -> str:
    """``value`` with its sign, two decimals below 1 (Hokm's points are hands: a trick is a
    thirteenth), one below 10, none above; the language's decimal point."""
    places = 2 if abs(value) < 1 else 1 if abs(value) < 10 else 0
    return f"{value:+.{places}f}".replace(".", app.text.tr("common.decimal"))


class ReviewScene(Scene):
    """The review of a deal's ``decisions`` in ``game_id`` (its verdicts searched with seeds
    from ``seed``): per play the trick it went to (a card played in a game of tricks; a bid
    or a trump named says none), or its number in a game without tricks; the card or action
    played; and the bot's verdict. ``words`` names actions; ``card`` draws a card at a
    width in screen pixels. Esc or Close closes it, and stops the search."""

    def __init__(self, app: App, decisions: Sequence[Decision], game_id: str, seed: int,
                 words: TableWords, card: Callable[[str, int], pygame.Surface],
                 searcher: Executor) -> None:
        super().__init__(app)
        self.decisions = list(decisions)
        self.words = words
        self.card = card
        self.worker = ReviewWorker(game_id, seed, decisions, searcher)
        self.tricks = any(d.trick > 1 for d in self.decisions)
        """Whether the deal was played in tricks (the rows say the trick, else the move)."""
        self.page = 0
        self.buttons = Buttons(app)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.decisions) // (2 * ROWS)))

    def layout(self) -> None:
        t = self.app.text.tr
        items = [Button((mirror(self.app, 540, 200), 640, 200, 56), t("replay.close"),
                        self.back, primary=True)]
        if self.pages > 1:
            items += [Button((mirror(self.app, 300, 200), 640, 200, 56), t("review.previous"),
                             lambda: self.turn(-1), enabled=self.page > 0),
                      Button((mirror(self.app, 780, 200), 640, 200, 56), t("review.next"),
                             lambda: self.turn(1), enabled=self.page < self.pages - 1)]
        self.buttons.set(items)

    def turn(self, by: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + by))
        self.layout()

    def update(self, dt: float) -> None:
        self.worker.poll()

    def leave(self) -> None:
        self.worker.stop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.pages > 1:
            self.turn(-event.y)
            return
        self.buttons.handle(event)

    # -- drawing ---------------------------------------------------------------------------
    def summary(self) -> str:
        """The line under the title: how far the bot has got, then how many plays differ and
        what they cost in all."""
        t = self.app.text.tr
        if not self.decisions:
            return t("review.none")
        if not self.worker.done:
            return t("review.judging", n=self.worker.judged + 1, of=len(self.decisions))
        worse = [v for v in self.worker.verdicts if v is not None and marked(v)]
        cost = sum(v.played_points - v.preferred_points for v in worse)
        if not worse:
            return t("review.all_agree", of=len(self.decisions))
        return t("review.differ", n=len(worse), of=len(self.decisions),
                 points=signed(self.app, cost))

    def draw(self, screen: pygame.Surface) -> None:
        app = self.app
        veil(screen, 200)
        panel(screen, app, (40, 20, 1200, 690), (14, 46, 32, 250))
        label(screen, app, app.text.tr("review.title"), (80, 30, 1120, 44), HAND_TITLE, GOLD,
              "center", bold=True)
        label(screen, app, self.summary(), (80, 78, 1120, 36), LINE, INK, "center")
        first = self.page * 2 * ROWS
        for k, i in enumerate(range(first, min(first + 2 * ROWS, len(self.decisions)))):
            column, row = divmod(k, ROWS)
            self.draw_row(screen, i, COLUMNS_X[column], TOP + row * ROW_H)
        self.buttons.draw(screen)

    def draw_row(self, screen: pygame.Surface, i: int, x: float, y: float) -> None:
        """Decision ``i`` in the row at (``x``, ``y``): when, what was played, the verdict."""
        app = self.app
        t = app.text.tr
        decision, verdict = self.decisions[i], self.worker.verdicts[i]
        when = t("review.move", n=i + 1) if not self.tricks else \
            t("review.trick", n=decision.trick) if decision.played.verb == "play" else ""
        differs = marked(verdict)
        label(screen, app, when, (mirror(app, x, 120), y, 120, ROW_H), LINE,
              WORSE if differs else DIM)
        at = x + 130 + self.draw_action(screen, decision.played, x + 130, y)
        if differs and verdict is not None:
            self.draw_preferred(screen, verdict, at, x + COLUMN_W, y)
            return
        note = "table.thinking" if i >= self.worker.judged else "review.failed" \
            if verdict is None else "review.as_good" if verdict.differs else "review.agree"
        label(screen, app, t(note), (mirror(app, at, x + COLUMN_W - at), y, x + COLUMN_W - at,
                                     ROW_H), LINE, DIM)

    def draw_preferred(self, screen: pygame.Surface, verdict: Appraisal, x: float,
                       right: float, y: float) -> None:
        """The bot's choice and what the played one cost, between ``x`` and ``right``."""
        app = self.app
        t = app.text.tr
        bot = t("review.bot")
        width = label_width(app, bot, LINE) + 8
        label(screen, app, bot, (mirror(app, x, width), y, width, ROW_H), LINE, WORSE)
        x += width + self.draw_action(screen, verdict.preferred, x + width, y)
        cost = t("review.points", points=signed(app, verdict.played_points -
                                                verdict.preferred_points))
        outcome = verdict.played_outcome - verdict.preferred_outcome
        if abs(outcome) >= 0.005:
            cost += t("review.game", change=f"{100 * outcome:+.0f}")
        label(screen, app, cost, (mirror(app, x, right - x), y, right - x, ROW_H), LINE,
              WORSE)

    def draw_action(self, screen: pygame.Surface, action: Action, x: float, y: float
                    ) -> float:
        """``action`` at ``x`` in the row at ``y``: the card's face where it plays one card,
        else its words; the width it took, with a gap after it."""
        app = self.app
        if action.verb == "play" and self.words.is_card(action.arg):
            face = self.card(action.arg, app.view.px(CARD_W))
            left = mirror(app, x, CARD_W)
            screen.blit(face, app.view.pt(left, y + (ROW_H - CARD_W * 1.45) / 2))
            return CARD_W + 14
        text = self.words.action_label(action)
        width = label_width(app, text, LINE) + 14
        label(screen, app, text, (mirror(app, x, width), y, width, ROW_H), LINE, INK)
        return width
