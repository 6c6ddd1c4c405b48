"""What lies over the table: the note (a refusal or a hint), the log (L), the last trick (T),
the hot-seat cover and the invitation of a hosted table; and the text helper the table draws
its words with."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ui.app import VIRTUAL, App
from ui.text import render
from ui.widgets import Button

GOLD = (236, 200, 90)
WHITE = (245, 245, 240)
DIM = (170, 190, 180)
PANEL = (8, 28, 20, 215)
MIN_TEXT_PX = 13
LOG_LINES = 16
DIM_SHADE = 190
"""A dimmed card's channels are scaled by this over 255: below a card face's white (235)."""
EDGE = 12.0
"""Words drawn on the table keep this far (virtual px) from its left and right edges."""
READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that do what the cover's "I'm ready" button does (the cover says so)."""


def text_px(app: App, size: float) -> int:
    """A text size in screen pixels, never below what a small window can still show."""
    return max(app.view.px(size), MIN_TEXT_PX)


def draw_text(app: App, screen: pygame.Surface, text: str, x: float, y: float, size: float,
              color: Any = WHITE, anchor: str = "center", bold: bool = False,
              width: float | None = None, room: float = 0) -> pygame.Rect:
    """``text`` with its ``anchor`` point at virtual (x, y), moved in as far as it must to stay
    `EDGE` inside the table (a long name beside a seat at the side), with ``room`` virtual px
    more kept free past its reading end (for a mark drawn there); the screen rect it covers."""
    surf, rect = placed_text(app, text, x, y, size, color, anchor, bold, width, room)
    screen.blit(surf, rect)
    app.text.note(rect.clip(screen.get_clip()), text)
    return rect


def placed_text(app: App, text: str, x: float, y: float, size: float, color: Any = WHITE,
                anchor: str = "center", bold: bool = False, width: float | None = None,
                room: float = 0) -> tuple[pygame.Surface, pygame.Rect]:
    """What `draw_text` draws, and the screen rect it would cover, without drawing it."""
    view = app.view
    surf = app.text.render(text, text_px(app, size), color,
                           view.px(width) if width else None, bold=bold)
    px, py = view.pt(x, y)
    rect = surf.get_rect()
    setattr(rect, anchor, (px, py))
    inside = view.rect(EDGE, 0, VIRTUAL[0] - 2 * EDGE - room, VIRTUAL[1])
    if app.text.rtl:
        inside.x += view.px(room)
    rect.clamp_ip(inside)
    return surf, rect


@functools.lru_cache(maxsize=256)
def dimmed(card: pygame.Surface) -> pygame.Surface:
    """``card`` shaded: a card that cannot be played now (drawn before it is touched). Every
    channel is scaled by `DIM_SHADE`, so its hue and saturation stay (a dimmed yellow card is
    still yellow, its white a soft white) and its transparent corners stay transparent."""
    out = card.copy()
    out.fill((DIM_SHADE, DIM_SHADE, DIM_SHADE, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


PYRAMID_W = 44.0
"""Room a pyramid of levels takes past a seat's name (virtual px, with its gap)."""


def draw_pyramid(app: App, screen: pygame.Surface, beside: pygame.Rect, level: int,
                 top: int) -> pygame.Rect:
    """A pyramid of ``top`` steps, the lowest ``level`` filled in gold, just past the reading
    end of ``beside`` (a seat's name): how far up the tournament the seat has climbed."""
    view = app.view
    step = max(3, view.px(3.4))
    height, width = step * top, view.px(PYRAMID_W - 10)
    gap = view.px(8)
    left = beside.left - gap - width if app.text.rtl else beside.right + gap
    area = pygame.Rect(left, beside.centery - height // 2, width, height)
    for i in range(top):  # i = 0 is the lowest (level 1) and widest step
        w = round(width * (1 - 0.8 * i / max(1, top - 1)))
        bar = pygame.Rect(area.centerx - w // 2, area.bottom - (i + 1) * step, w, step - 1)
        if i < level:
            pygame.draw.rect(screen, GOLD, bar)
        else:
            pygame.draw.rect(screen, DIM, bar, 1)
    return area


def placed_note(app: App, text: str, above: pygame.Rect | None = None
                ) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
    """A note's words, where they go and its band's screen rect: between the table's centre
    and the viewer's hand, where it covers no other player's cards, as wide as its words
    (wrapped at 620 virtual px), just above the status line's band (``above``) if there is one."""
    view = app.view
    surf = app.text.render(text, text_px(app, 19), WHITE, align="center")
    if surf.get_width() > view.px(620):
        surf = app.text.render(text, text_px(app, 19), WHITE, view.px(620), align="center")
    rect = surf.get_rect(center=view.pt(640, 485))
    if above is not None:
        rect.bottom = min(rect.bottom, above.top - view.px(14))
    return surf, rect, rect.inflate(view.px(24), view.px(14))


def draw_note(app: App, screen: pygame.Surface, text: str, refusal: bool,
              above: pygame.Rect | None = None) -> None:
    """A refusal (red) or a hint (blue) on its band (`placed_note`)."""
    surf, rect, band = placed_note(app, text, above)
    pygame.draw.rect(screen, (70, 20, 20) if refusal else (20, 50, 90), band,
                     border_radius=app.view.px(10))
    screen.blit(surf, rect)
    app.text.note(band, text)


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


def draw_last(app: App, screen: pygame.Surface, plays: Sequence[tuple[int, str]],
              taker: int | None, name: Callable[[int], str],
              card: Callable[[str, int], pygame.Surface]) -> None:
    """The last trick in a panel over the table's centre: each card drawn by
    ``card(code, width)`` with the name of who played it (when known), the card that took it
    framed in gold and the taker named."""
    view = app.view
    panel = pygame.Surface((view.px(520), view.px(250)), pygame.SRCALPHA)
    panel.fill(PANEL)
    screen.blit(panel, view.pt(380, 190))
    title = app.text.tr("table.last_trick")
    if taker is not None and taker >= 0:
        title = app.text.tr("table.last_trick_by", name=name(taker))
    draw_text(app, screen, title, 640, 210, 16, GOLD, bold=True)
    if not plays:
        draw_text(app, screen, app.text.tr("table.none"), 640, 310, 15)
    order = list(plays)[::-1] if app.text.rtl else list(plays)
    left = 640 - 55 * len(order) + 10
    for i, (seat, code) in enumerate(order):
        x = left + i * 110
        face = card(code, view.px(80))
        at = view.pt(x, 235)
        screen.blit(face, at)
        if seat >= 0 and seat == taker:
            pygame.draw.rect(screen, GOLD, (at, face.get_size()), view.px(3) or 1,
                             border_radius=view.px(6))
        if seat >= 0:
            draw_text(app, screen, name(seat), x + 40, 372, 14, WHITE if seat != taker else GOLD,
                      width=105)


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


INVITE = (360, 140, 560, 340)
"""The invitation's box (virtual px): over the table's middle, clear of the viewer's hand."""


def invite_button(app: App, copy: Callable[[], None]) -> Button:
    """The invitation's button that copies the code and the address."""
    x, y, w, h = INVITE
    return Button((x + w / 2 - 130, y + h - 58, 260, 46), app.text.tr("table.invite_copy"),
                  copy, size=19, key="invite")


def draw_invite(app: App, screen: pygame.Surface, code: str, address: str,
                awaited: str) -> None:
    """The code and the address friends join with, large enough to read out over the phone,
    and who is ``awaited``. The code and the address are typed as shown, so they keep Latin
    letters and digits, left to right, in every language."""
    view = app.view
    x, y, w, h = INVITE
    panel = pygame.Surface((view.px(w), view.px(h)), pygame.SRCALPHA)
    panel.fill((8, 28, 20, 240))
    screen.blit(panel, view.pt(x, y))
    middle = x + w / 2
    draw_text(app, screen, app.text.tr("table.invite_title"), middle, y + 26, 21, GOLD,
              bold=True)
    for text, at, size in ((code, y + 88, 62), (address, y + 148, 30)):
        if app.text.heard is not None:
            app.text.heard.append((app.text.role, text))
        surf = render(text, "en", text_px(app, size), WHITE, bold=True)
        screen.blit(surf, surf.get_rect(center=view.pt(middle, at)))
    draw_text(app, screen, awaited, middle, y + 190, 17, GOLD)
    draw_text(app, screen, app.text.tr("table.invite_hint"), middle, y + 234, 15, DIM,
              width=w - 40)
