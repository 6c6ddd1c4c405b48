"""Rules help: one tab per game, the rules (catalogue ``help.<game>``, written by us) in the
current language, scrolled with the wheel, Up/Down, Page Up/Down, Home/End; for the games that
have one, "Show me how to play" opens their guided first deal (`ui.lessons`).

The text is rendered once per layout into one tall surface (a line starting ``## `` is a heading;
a line starting with card codes in braces, ``{AS KS QS JS TS} Royal flush``, draws those cards'
faces in a row and its words beside them, for a hand shown as cards: `card_row`) and drawn
through a clip, so scrolling costs a blit.
"""

from __future__ import annotations

import re

import pygame

from ui.app import VIRTUAL, App
from ui.looks import card_face
from ui.scenes import GameTabsScene, lesson_button
from ui.widgets import DIM, GOLD, INK, Button, label, mirror, panel

CARD_ROW = re.compile(r"^\{([^}]*)\}\s*(.*)$")
CARD_W, CARD_GAP, ROW_GAP = 40, 3, 14
"""A row's cards: their width, the gap between them and before its words (virtual px)."""


def card_row(line: str) -> tuple[list[str], str] | None:
    """The card codes and the words of a help line of cards (``{AS KS} words``), None for a
    line of text."""
    found = CARD_ROW.match(line)
    return (found.group(1).split(), found.group(2)) if found else None

AREA = (80, 160, 1120, 450)
PAD = 36
VISIBLE = AREA[3] - PAD
"""The height of the text window inside the panel, in virtual pixels."""
_SCROLL_KEYS = {pygame.K_UP: -60, pygame.K_DOWN: 60, pygame.K_PAGEUP: -380,
                pygame.K_PAGEDOWN: 380, pygame.K_HOME: -10**6, pygame.K_END: 10**6}


class HelpScene(GameTabsScene):
    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app, game_id)
        self.scroll = 0.0
        """How far the text is scrolled, in virtual pixels."""
        self.content = pygame.Surface((1, 1))

    def show(self, game_id: str) -> None:
        self.scroll = 0.0
        super().show(game_id)

    def layout(self) -> None:
        super().layout()
        self.content = self.render_text()
        self.scroll = min(self.scroll, self.max_scroll())

    def own_buttons(self) -> list[Button]:
        """"Show me how to play", under the help of a game that has a lesson."""
        return lesson_button(self.app, self.game_id, (mirror(self.app, 860, 340), 630, 340, 60))

    def render_text(self) -> pygame.Surface:
        """The help of the current game as one surface as wide as the text area."""
        view, text = self.app.view, self.app.text
        key = f"help.{self.game_id}"
        body = text.tr(key) if text.has(key) else text.tr("help.missing")
        width = view.px(AREA[2] - 2 * PAD)
        parts = []
        for line in filter(None, body.split("\n")):
            row = card_row(line)
            if line.startswith("## "):
                parts.append((view.px(16), text.render(line[3:], view.px(30), GOLD, width,
                                                        bold=True)))
            elif row is not None:
                parts.append((view.px(8), self.render_row(*row, width)))
            else:
                parts.append((view.px(6), text.render(line, view.px(23), INK, width)))
        height = sum(gap + img.get_height() for gap, img in parts) + view.px(PAD)
        out = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for gap, img in parts:
            y += gap
            out.blit(img, (0, y))
            y += img.get_height()
        return out

    def render_row(self, codes: list[str], words: str, width: int) -> pygame.Surface:
        """A hand's cards face up in a row from the reading side, its words beside them."""
        app, view = self.app, self.app.view
        card_w, step = view.px(CARD_W), view.px(CARD_W + CARD_GAP)
        faces = [card_face(app, "french", code, card_w) for code in codes]
        cards_w = step * len(faces)
        said = app.text.render(words, view.px(21), INK, max(1, width - cards_w - view.px(ROW_GAP)))
        height = max([f.get_height() for f in faces] + [said.get_height()])
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        rtl = app.text.rtl
        for i, face in enumerate(faces):
            out.blit(face, (width - (i + 1) * step if rtl else i * step, 0))
        x = width - cards_w - view.px(ROW_GAP) - said.get_width() if rtl else \
            cards_w + view.px(ROW_GAP)
        out.blit(said, (x, (height - said.get_height()) // 2))
        return out

    def max_scroll(self) -> float:
        return max(0.0, self.content.get_height() / self.app.view.scale - VISIBLE)

    def scroll_by(self, dy: float) -> None:
        self.scroll = min(max(0.0, self.scroll + dy), self.max_scroll())

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
        elif event.type == pygame.KEYDOWN and event.key in _SCROLL_KEYS:
            self.scroll_by(_SCROLL_KEYS[event.key])
        else:
            self.buttons.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        app, view = self.app, self.app.view
        label(screen, app, app.text.tr("help.title"), (0, 24, VIRTUAL[0], 60), 40, GOLD, "center",
              bold=True)
        panel(screen, app, AREA)
        x, y, w, _ = AREA
        inner = view.rect(x + PAD, y + PAD / 2, w - 2 * PAD, VISIBLE)
        clip = screen.get_clip()
        screen.set_clip(inner)
        screen.blit(self.content, (inner.x, inner.y - view.px(self.scroll)))
        screen.set_clip(clip)
        top = self.max_scroll()
        if top > 0:
            track = (mirror(app, x + w - PAD / 2 - 3, 6), y + PAD / 2, 6, VISIBLE)
            pygame.draw.rect(screen, (40, 70, 55), view.rect(*track), border_radius=3)
            shown = VISIBLE / (VISIBLE + top)
            thumb_h = track[3] * shown
            thumb_y = track[1] + (track[3] - thumb_h) * self.scroll / top
            pygame.draw.rect(screen, DIM, view.rect(track[0], thumb_y, 6, thumb_h),
                             border_radius=3)
        self.buttons.draw(screen)
