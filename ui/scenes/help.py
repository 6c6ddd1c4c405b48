"""Rules help: one tab per game, the rules (catalogue ``help.<game>``, written by us) in the
current language, scrolled with the wheel, Up/Down, Page Up/Down, Home/End.

The text is rendered once per layout into one tall surface (a line starting ``## `` is a heading)
and drawn through a clip, so scrolling costs a blit.
"""

from __future__ import annotations

import pygame

from ui.app import VIRTUAL, App
from ui.scenes import GameTabsScene
from ui.widgets import DIM, GOLD, INK, label, mirror, panel

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

    def render_text(self) -> pygame.Surface:
        """The help of the current game as one surface as wide as the text area."""
        view, text = self.app.view, self.app.text
        key = f"help.{self.game_id}"
        body = text.tr(key) if text.has(key) else text.tr("help.missing")
        width = view.px(AREA[2] - 2 * PAD)
        parts = []
        for line in filter(None, body.split("\n")):
            if line.startswith("## "):
                parts.append((view.px(16), text.render(line[3:], view.px(30), GOLD, width,
                                                        bold=True)))
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
