"""The table's own drawing, from what the scene hands it: the felt and the zones that a held
card may go to, the cards in their stacking order, the seats' names with their marks, the count
under each won pile, and the corner panel with the keys' footer. Nothing here reads the match
or takes input; what lies over the table (note, log, last trick, cover) is `overlays`'."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

import pygame

from ui.app import App
from ui.table import overlays
from ui.table.layout import CARD_RATIO, SEAT_W, Layout, ZoneBox
from ui.table.overlays import GOLD, PANEL, WHITE, draw_text, text_px
from ui.table.sprites import Sprite

PANEL_W, PANEL_W_CROWDED = 400.0, 250.0
"""The corner panel's widest line (virtual px; longer ones wrap), and at five seats or more."""
CardArt = Callable[[str | None, int], pygame.Surface]
"""A card's face (a code) or back (None) at a width in screen pixels."""


class SeatLabel(NamedTuple):
    """What is written under a seat: its words, whether it is to act (gold, framed), its level
    in a tournament of levels and the top level (a pyramid beside; 0, 0 if none), and whether
    its name pulses (a secret partner just revealed)."""

    text: str
    acting: bool
    level: tuple[int, int]
    flash: bool


def draw_felt(app: App, screen: pygame.Surface, boxes: Sequence[ZoneBox],
              targets: Collection[str]) -> None:
    """The table's oval; a gold frame round each zone a held card may go to, and the outline
    of the empty zones that cards are laid on."""
    view = app.view
    pygame.draw.ellipse(screen, (16, 70, 46), view.rect(110, 60, 1060, 520))
    pygame.draw.ellipse(screen, (30, 96, 64), view.rect(110, 60, 1060, 520), view.px(3) or 1)
    for box in boxes:
        if box.id in targets:
            pygame.draw.rect(screen, GOLD, view.rect(*box.rect), view.px(3) or 1,
                             border_radius=view.px(10))
        elif not box.cards and box.kind in ("canvas", "palette", "stack"):
            pygame.draw.rect(screen, (40, 110, 76), view.rect(*box.rect), 1,
                             border_radius=view.px(10))


def draw_cards(app: App, screen: pygame.Surface, order: Sequence[Sprite], card: CardArt,
               dimmed: str | None, playable: Collection[str],
               framed: Collection[Sprite | None]) -> None:
    """Every card, bottom first, with its shadow: a moving card scaled from the card it will be
    (narrowed while it turns over), the cards of zone ``dimmed`` not in ``playable`` dimmed, and
    a gold frame round the ``framed`` ones (the focused, the selected)."""
    view = app.view
    for sprite in order:
        r = sprite.rect()
        width = max(view.px(sprite.w), 8)
        if sprite.moving:  # scale the card it will be rather than draw every width
            turning = sprite.flip and sprite.t < 1
            face = sprite.code if sprite.face_shown else None
            surf = card(face, view.px(sprite.end[2]))
            height = round(surf.get_height() * width / surf.get_width())
            if turning:
                squeeze = max(abs(1 - 2 * sprite.t), 0.04)
                surf = pygame.transform.smoothscale(surf, (max(round(width * squeeze), 1),
                                                           height))
            elif surf.get_width() != width:
                surf = pygame.transform.smoothscale(surf, (width, height))
        else:
            surf = card(sprite.code, width)
            if sprite.zone == dimmed and sprite.code not in playable:
                surf = overlays.dimmed(surf)
        left, top = view.pt(r.x, r.y)
        pos = (left + (width - surf.get_width()) // 2, top)  # a turning card stays centred
        shadow = pygame.Rect(pos[0] + 2, pos[1] + 3, surf.get_width(), surf.get_height())
        pygame.draw.rect(screen, (5, 25, 16), shadow, border_radius=view.px(6))
        screen.blit(surf, pos)
        if sprite in framed:
            pygame.draw.rect(screen, GOLD, (pos, surf.get_size()), 2,
                             border_radius=view.px(6))


def draw_seats(app: App, screen: pygame.Surface, lay: Layout, labels: Sequence[SeatLabel],
               viewer: int | None, clock: float) -> pygame.Rect | None:
    """Each seat's label under its place (the viewer's at the foot of the table); the screen
    rect of the viewer's, which the status line may come beside."""
    view = app.view
    mine = None
    for seat, label in enumerate(labels):
        x, y = lay.anchor(seat)
        y = 704.0 if seat == viewer else y + SEAT_W * CARD_RATIO / 2 + 16
        level, top = label.level
        rect = draw_text(app, screen, label.text, x, y, 17,
                         GOLD if label.acting else WHITE, bold=label.acting,
                         room=overlays.PYRAMID_W if level else 0)
        if seat == viewer:
            mine = rect
        if level:
            overlays.draw_pyramid(app, screen, rect, level, top)
        if label.acting:
            pygame.draw.rect(screen, GOLD, rect.inflate(view.px(14), view.px(4)), 1,
                             border_radius=view.px(8))
        if label.flash:
            grow = view.px(10 + 8 * abs(math.sin(clock * 5)))
            pygame.draw.rect(screen, GOLD, rect.inflate(grow * 2, grow), view.px(3) or 1,
                             border_radius=view.px(12))
    return mine


def draw_won_counts(app: App, screen: pygame.Surface, boxes: Sequence[ZoneBox],
                    per_trick: int) -> None:
    """Under each seat's pile of won cards, how much it holds: tricks where a trick is
    ``per_trick`` cards, else cards (``per_trick`` 0)."""
    for box in boxes:
        if box.kind != "won" or not box.cards or not re.fullmatch(r"won:\d+", box.id):
            continue
        n = len(box.cards)
        words = app.text.tr("table.won_tricks", n=n // per_trick) if per_trick \
            else app.text.tr("table.won_cards", n=n)
        draw_text(app, screen, words, box.rect.centerx, box.rect.bottom + 2, 14,
                  anchor="midtop")


def draw_panel(app: App, screen: pygame.Surface, lines: Sequence[str], crowded: bool,
               keys: str) -> None:
    """The game's public facts in the top corner (the right one in Persian and Arabic), the
    first line its title; the ``keys`` footer in the bottom corner where the window is big
    enough not to cover the names with it."""
    view = app.view
    rtl = app.text.rtl
    # text has a floor in pixels: so has its line; from five seats on, a seat's hand
    # lies near the top corner, and the panel keeps beside it
    width = PANEL_W_CROWDED if crowded else PANEL_W
    widest = max(view.px(width), round(0.75 * width))
    images = []
    for i, line in enumerate(lines):
        size, color = text_px(app, 18 if i == 0 else 16), GOLD if i == 0 else WHITE
        image = app.text.render(line, size, color, bold=i == 0)
        if image.get_width() > widest:  # a long line (what a phase allows) wraps
            image = app.text.render(line, size, color, widest, bold=i == 0)
        images.append(image)
    pad = view.px(10) or 1
    width = max(img.get_width() for img in images) + 2 * pad
    height = sum(img.get_height() for img in images) + 2 * pad
    left = view.pt(1270 if rtl else 10, 8)[0] - (width if rtl else 0)
    top = view.pt(0, 8)[1]
    panel = pygame.Surface((width, height), pygame.SRCALPHA)
    panel.fill(PANEL)
    screen.blit(panel, (left, top))
    y = top + pad
    for img in images:
        screen.blit(img, (left + width - pad - img.get_width() if rtl else left + pad, y))
        y += img.get_height()
    if view.scale >= 0.75:  # in a small window the keys' line would cover the names
        app.text.role = "keys"
        draw_text(app, screen, keys, 1270.0 if not rtl else 10.0, 712, 13, overlays.DIM,
                  "bottomright" if not rtl else "bottomleft")
