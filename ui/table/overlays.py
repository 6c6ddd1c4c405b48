"""What lies over the table: the note (a refusal or a hint), the log (L), the last trick (T)
and the hot-seat cover; and the text helper the table draws its words with."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ui.app import VIRTUAL, App
from ui.widgets import Button

GOLD = (236, 200, 90)
WHITE = (245, 245, 240)
DIM = (170, 190, 180)
PANEL = (8, 28, 20, 215)
MIN_TEXT_PX = 11
LOG_LINES = 16
READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that do what the cover's "I'm ready" button does (the cover says so)."""


def text_px(app: App, size: float) -> int:
    """A text size in screen pixels, never below what a small window can still show."""
    return max(app.view.px(size), MIN_TEXT_PX)


def draw_text(app: App, screen: pygame.Surface, text: str, x: float, y: float, size: float,
              color: Any = WHITE, anchor: str = "center", bold: bool = False,
              width: float | None = None) -> pygame.Rect:
    """``text`` with its ``anchor`` point at virtual (x, y); the screen rect it covers."""
    view = app.view
    surf = app.text.render(text, text_px(app, size), color,
                           view.px(width) if width else None, bold=bold)
    px, py = view.pt(x, y)
    rect = surf.get_rect()
    setattr(rect, anchor, (px, py))
    screen.blit(surf, rect)
    return rect


@functools.lru_cache(maxsize=256)
def dimmed(card: pygame.Surface) -> pygame.Surface:
    """``card`` darkened: a card that cannot be played now (drawn before it is touched)."""
    out = card.copy()
    shade = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    out.blit(shade, (0, 0))
    return out


def draw_note(app: App, screen: pygame.Surface, text: str, refusal: bool) -> None:
    """A refusal (red) or a hint (blue) between the table's centre and the viewer's hand,
    where it covers no other player's cards."""
    view = app.view
    surf = app.text.render(text, text_px(app, 19), WHITE, view.px(620), align="center")
    rect = surf.get_rect(center=view.pt(640, 485))
    pygame.draw.rect(screen, (70, 20, 20) if refusal else (20, 50, 90),
                     rect.inflate(view.px(24), view.px(14)), border_radius=view.px(10))
    screen.blit(surf, rect)


def draw_log(app: App, screen: pygame.Surface, lines: Sequence[str]) -> None:
    """The last `LOG_LINES` lines of the log in a panel at the side."""
    view = app.view
    rtl = app.text.rtl
    x = 10.0 if rtl else 900.0
    panel = pygame.Surface((view.px(370), view.px(440)), pygame.SRCALPHA)
    panel.fill(PANEL)
    screen.blit(panel, view.pt(x, 130))
    draw_text(app, screen, app.text.tr("table.log"), x + 185, 148, 17, GOLD, bold=True)
    for i, line in enumerate(lines[-LOG_LINES:]):
        draw_text(app, screen, line, x + (360 if rtl else 10), 178 + 24 * i, 14, WHITE,
                  "midright" if rtl else "midleft")


def draw_last(app: App, screen: pygame.Surface, cards: Sequence[str],
              card: Callable[[str, int], pygame.Surface]) -> None:
    """The last trick's ``cards``, drawn by ``card(code, width)``, in a panel below the centre."""
    view = app.view
    panel = pygame.Surface((view.px(420), view.px(200)), pygame.SRCALPHA)
    panel.fill(PANEL)
    screen.blit(panel, view.pt(430, 380))
    draw_text(app, screen, app.text.tr("table.last_trick"), 640, 398, 16, GOLD, bold=True)
    if not cards:
        draw_text(app, screen, app.text.tr("table.none"), 640, 470, 15)
    for i, code in enumerate(cards):
        screen.blit(card(code, view.px(70)), view.pt(470 + i * 90, 418))


def cover_button(app: App, ready: Callable[[], None]) -> Button:
    """The hot-seat cover's "I'm ready" button."""
    return Button((520, 400, 240, 60), app.text.tr("table.ready"), ready, primary=True)


def draw_cover(app: App, screen: pygame.Surface, name: str, button: Button) -> None:
    """The hot-seat cover: the whole table hidden until ``name`` says they are ready, by the
    ``button`` or one of `READY_KEYS` (the cover says which)."""
    view = app.view
    screen.fill((10, 30, 22), view.rect(0, 0, *VIRTUAL))
    draw_text(app, screen, app.text.tr("table.pass_to", name=name), 640, 300, 30, GOLD,
              bold=True)
    draw_text(app, screen, app.text.tr("table.pass_hint"), 640, 350, 18, DIM)
    button.draw(screen, app, True)
    draw_text(app, screen, app.text.tr("table.ready_keys"), 640, 490, 16, DIM)
