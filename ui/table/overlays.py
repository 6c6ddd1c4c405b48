"""What lies over the table: the note (a refusal or a hint), the log (L), the last trick (T),
the hot-seat cover and the invitation of a hosted table; and the text helper the table draws
its words with."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from ui.app import VIRTUAL, App
from ui.table.match import Friend, Invite
from ui.text import render
from ui.widgets import Button, mirror

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
              width: float | None = None, room: float = 0, *, role: str) -> pygame.Rect:
    """``text``, the table's ``role`` (`Text.render`), with its ``anchor`` point at virtual
    (x, y), moved in as far as it must to stay `EDGE` inside the table (a long name beside a
    seat at the side), with ``room`` virtual px more kept free past its reading end (for a mark
    drawn there); the screen rect it covers."""
    surf, rect = placed_text(app, text, x, y, size, color, anchor, bold, width, room)
    screen.blit(surf, rect)
    app.text.hear(text, role)
    app.text.note(rect.clip(screen.get_clip()), text, role)
    return rect


def placed_text(app: App, text: str, x: float, y: float, size: float, color: Any = WHITE,
                anchor: str = "center", bold: bool = False, width: float | None = None,
                room: float = 0) -> tuple[pygame.Surface, pygame.Rect]:
    """What `draw_text` draws, and the screen rect it would cover, without drawing it."""
    view = app.view
    surf = render(text, app.text.lang, text_px(app, size), color,
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
    view, lang = app.view, app.text.lang
    surf = render(text, lang, text_px(app, 19), WHITE, align="center")
    if surf.get_width() > view.px(620):
        surf = render(text, lang, text_px(app, 19), WHITE, view.px(620), align="center")
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
    app.text.hear(text, "note")
    app.text.note(band, text, "note")


def draw_log(app: App, screen: pygame.Surface, lines: Sequence[str]) -> None:
    """The last `LOG_LINES` lines of the log in a panel at the side."""
    view = app.view
    rtl = app.text.rtl
    x = 10.0 if rtl else 900.0
    panel = pygame.Surface((view.px(370), view.px(440)), pygame.SRCALPHA)
    panel.fill(PANEL)
    screen.blit(panel, view.pt(x, 130))
    draw_text(app, screen, app.text.tr("table.log"), x + 185, 148, 17, GOLD, bold=True,
              role="log")
    for i, line in enumerate(lines[-LOG_LINES:]):
        draw_text(app, screen, line, x + (360 if rtl else 10), 178 + 24 * i, 14, WHITE,
                  "midright" if rtl else "midleft", role="log")


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
    draw_text(app, screen, title, 640, 210, 16, GOLD, bold=True, role="last_trick")
    if not plays:
        draw_text(app, screen, app.text.tr("table.none"), 640, 310, 15, role="last_trick")
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
                      width=105, role="last_trick")


def cover_button(app: App, ready: Callable[[], None]) -> Button:
    """The hot-seat cover's "I'm ready" button."""
    return Button((520, 400, 240, 60), app.text.tr("table.ready"), ready, primary=True)


def draw_cover(app: App, screen: pygame.Surface, name: str, button: Button) -> None:
    """The hot-seat cover: the whole table hidden until ``name`` says they are ready, by the
    ``button`` or one of `READY_KEYS` (the cover says which)."""
    view = app.view
    screen.fill((10, 30, 22), view.rect(0, 0, *VIRTUAL))
    draw_text(app, screen, app.text.tr("table.pass_to", name=name), 640, 300, 30, GOLD,
              bold=True, role="cover")
    draw_text(app, screen, app.text.tr("table.pass_hint"), 640, 350, 18, DIM, role="cover")
    button.draw(screen, app, True, "cover")
    draw_text(app, screen, app.text.tr("table.ready_keys"), 640, 490, 16, DIM, role="cover")


INVITE_TOP, INVITE_MARGIN, INVITE_PAD, INVITE_GAP = 140.0, 12.0, 12.0, 6.0
"""The invitation stands over the table's middle from ``INVITE_TOP`` down (clear of the viewer's
hand) where it fits, else as high as it must, ``INVITE_MARGIN`` inside the window; its parts
are ``INVITE_PAD`` inside its box, ``INVITE_GAP`` apart (virtual px)."""
COLUMN_W = 600.0
"""A column of the invitation, at least: wider where a friend's code needs it."""
NAME_W, CODE_W, COPY_W, ROW_CODE, ROW_CODE_LEAST = 150.0, 290.0, 120.0, 30.0, 20.0
"""A friend over the internet's row: name, code (drawn at ``ROW_CODE``, smaller to fit its
column, never below ``ROW_CODE_LEAST`` nor `MIN_TEXT_PX`: the column widens instead), button."""
COPY_H, NETWORK_COPY_W = 40.0, 260.0
"""The invitation's buttons' height, and the width of the one that copies the table code."""


@dataclass(frozen=True)
class Line:
    """A line of the invitation: ``text`` centred at virtual (x, y), at ``size``, wrapped to
    ``width``; or, where ``fit``, on one line shrunk until it fits ``width`` (a name, or with
    ``latin`` a code or an address: drawn as typed, left to right, in every language)."""

    text: str
    x: float
    y: float
    size: float
    color: tuple[int, int, int]
    width: float
    bold: bool = False
    fit: bool = False
    latin: bool = False


@dataclass(frozen=True)
class Part:
    """A part of the invitation's stack, ``tall`` virtual px: a line of ``text`` (``kind``
    "words" or "latin"), the network's copy button ("copy") or the friends' rows ("rows")."""

    kind: str
    tall: float
    text: str = ""
    size: float = 0
    color: tuple[int, int, int] = WHITE
    bold: bool = False


@dataclass(frozen=True)
class InvitePlaces:
    """The invitation laid out for the window: its box, every line, the network's copy button
    (None where nobody on the network is awaited) and each friend's row (seat, button box)."""

    box: tuple[float, float, float, float]
    lines: tuple[Line, ...]
    network_copy: tuple[float, float, float, float] | None
    rows: tuple[tuple[int, tuple[float, float, float, float]], ...]


def _tall(app: App, text: str, size: float, bold: bool = False, width: float | None = None,
          lang: str | None = None) -> float:
    """How tall ``text`` is drawn at ``size`` (wrapped to ``width``), in virtual px at this
    window's scale (a small window's text keeps `MIN_TEXT_PX`)."""
    view = app.view
    surf = render(text, lang or app.text.lang, text_px(app, size), WHITE,
                  view.px(width) if width else None, bold=bold)
    return surf.get_height() / view.scale


def _network_parts(app: App, invite: Invite, name: Callable[[int], str], inner: float,
                   alone: bool) -> list[Part]:
    """The network's part (at a table server, the server's), ``inner`` wide: title, table
    code, address (at a server, the invitation's link: smaller, as it is longer), who is
    awaited, the copy button, and how to join where it stands ``alone`` (smaller beside the
    internet's)."""
    tr, big = app.text.tr, 1.0 if alone else 0.72
    title, hint = ("table.online_title", "table.online_hint") if invite.online \
        else ("table.invite_title", "table.invite_hint")
    parts = [_words(app, tr(title), 21 * big, GOLD, inner, bold=True),
             _words(app, invite.code, 62 * big, WHITE, inner, bold=True, latin=True),
             _words(app, invite.address, (22 if invite.online else 30) * big, WHITE, inner,
                    bold=True, latin=True),
             _words(app, tr("net.seat_waiting", name=tr("table.and").join(
                 name(s) for s in invite.awaited)), 17 if alone else 15, GOLD, inner),
             Part("copy", COPY_H)]
    if alone:
        parts.append(_words(app, tr(hint), 15, DIM, inner))
    return parts


def _internet_parts(app: App, invite: Invite, inner: float, rows_h: float) -> list[Part]:
    """The internet's part, ``inner`` wide: title, the friends' rows (``rows_h`` tall) or why
    there are none and the other ways, how to join."""
    tr = app.text.tr
    title = _words(app, tr("invite.title"), 17, GOLD, inner, bold=True)
    if invite.problem is not None:
        return [title, _words(app, tr(f"invite.err.{invite.problem}"), 17, GOLD, inner),
                _words(app, tr("invite.other_ways"), 14, DIM, inner)]
    return [title, Part("rows", rows_h), _words(app, tr("invite.hint"), 14, DIM, inner)]


def _words(app: App, text: str, size: float, color: tuple[int, int, int], inner: float,
           bold: bool = False, latin: bool = False) -> Part:
    """A line of the invitation as a part, as tall as it is drawn (wrapped to ``inner``, but a
    code or an address: one line)."""
    tall = _tall(app, text, size, bold, None, "en") if latin else _tall(
        app, text, size, bold, inner)
    return Part("latin" if latin else "words", tall, text, size, color, bold)


def _stack_height(parts: Sequence[Part]) -> float:
    return 2 * INVITE_PAD - INVITE_GAP + sum(p.tall + INVITE_GAP for p in parts)


def invite_places(app: App, invite: Invite, name: Callable[[int], str]) -> InvitePlaces:
    """How ``invite`` is laid out in this window and language: parts stacked by the height
    their text is drawn at, and columns as wide as the longest code needs, so that nothing
    covers another at any window size. The first arrangement that fits the window: the
    network's part above the internet's with the friends in one column, then in two, then
    the two parts side by side (see `InvitePlaces`)."""
    view = app.view
    friends = () if invite.problem is not None else invite.friends
    overseas = bool(invite.friends) or invite.problem is not None
    row_h = max(_tall(app, "0-Ag", ROW_CODE, True, lang="en"), _tall(app, "Ag", 18),
                COPY_H) + INVITE_GAP
    least = text_px(app, ROW_CODE_LEAST)
    widest = max((render(f.code, "en", least, WHITE, bold=True).get_width() / view.scale
                  for f in friends if f.code is not None), default=0.0)
    column = max(COLUMN_W, 2 * INVITE_PAD + NAME_W + COPY_W + 2 * INVITE_GAP
                 + max(CODE_W, widest + 2))
    room_w, room_h = VIRTUAL[0] - 2 * INVITE_MARGIN, VIRTUAL[1] - 2 * INVITE_MARGIN

    def rows_h(columns: int) -> float:
        return -(-len(friends) // columns) * row_h - INVITE_GAP

    def network(width: float, alone: bool) -> list[Part]:
        return _network_parts(app, invite, name, width - 2 * INVITE_PAD, alone) \
            if invite.awaited else []

    def internet(width: float, columns: int) -> list[Part]:
        return _internet_parts(app, invite, width - 2 * INVITE_PAD, rows_h(columns)) \
            if overseas else []

    arrangements = []  # (stacks of (width, parts), columns of rows)
    for columns in (1, 2) if len(friends) > 1 else (1,):
        width = columns * column
        arrangements.append(([(width, network(width, not overseas) + internet(width, columns))],
                             columns))
    if invite.awaited and overseas:
        arrangements.append(([(COLUMN_W, network(COLUMN_W, False)),
                              (column, internet(column, 1))], 1))
    stacks, columns = next(
        (a for a in arrangements if sum(w for w, _ in a[0]) <= room_w
         and max(_stack_height(p) for _, p in a[0]) <= room_h), arrangements[-1])
    w, h = sum(wide for wide, _ in stacks), max(_stack_height(p) for _, p in stacks)
    x, top = (VIRTUAL[0] - w) / 2, min(INVITE_TOP, max(INVITE_MARGIN, (VIRTUAL[1] - h) / 2))
    lines: list[Line] = []
    network_copy = None
    rows: list[tuple[int, tuple[float, float, float, float]]] = []
    left = x
    for width, parts in stacks:
        middle, y = left + width / 2, top + INVITE_PAD
        for part in parts:
            if part.kind == "copy":
                network_copy = (middle - NETWORK_COPY_W / 2, y, NETWORK_COPY_W, COPY_H)
            elif part.kind == "rows":
                _place_rows(app, friends, name, (left, y, width / columns, row_h), columns,
                            lines, rows)
            else:
                latin = part.kind == "latin"
                lines.append(Line(part.text, middle, y + part.tall / 2, part.size, part.color,
                                  width - 2 * INVITE_PAD, part.bold, latin, latin))
            y += part.tall + INVITE_GAP
        left += width
    if app.text.rtl:  # the parts and rows read from the right
        lines = [replace(line, x=VIRTUAL[0] - line.x) for line in lines]
        rows = [(seat, (VIRTUAL[0] - bx - bw, by, bw, bh)) for seat, (bx, by, bw, bh) in rows]
        if network_copy is not None:
            cx, cy, cw, ch = network_copy
            network_copy = (VIRTUAL[0] - cx - cw, cy, cw, ch)
    return InvitePlaces((x, top, w, h), tuple(lines), network_copy, tuple(rows))


def _place_rows(app: App, friends: Sequence[Friend], name: Callable[[int], str],
                cell: tuple[float, float, float, float], columns: int, lines: list[Line],
                rows: list[tuple[int, tuple[float, float, float, float]]]) -> None:
    """Each friend's row, left to right (mirrored by the caller): name, code (as wide as the
    column leaves), button; in ``columns`` columns of ``cell`` (x, top, width, row height)."""
    tr = app.text.tr
    x, top, width, row_h = cell
    code_w = width - 2 * INVITE_PAD - NAME_W - COPY_W - 2 * INVITE_GAP
    for i, friend in enumerate(friends):
        at = x + i % columns * width + INVITE_PAD
        mid = top + i // columns * row_h + (row_h - INVITE_GAP) / 2
        code_x = at + NAME_W + INVITE_GAP + code_w / 2
        lines.append(Line(name(friend.seat), at + NAME_W / 2, mid, 18, WHITE, NAME_W,
                          fit=True))
        if friend.code is not None:
            lines.append(Line(friend.code, code_x, mid, ROW_CODE, WHITE, code_w, bold=True,
                              fit=True, latin=True))
        else:
            lines.append(Line(tr("invite.expired" if friend.expired else "invite.opening"),
                              code_x, mid, 18, DIM, code_w, fit=True))
        rows.append((friend.seat, (at + width - 2 * INVITE_PAD - COPY_W, mid - COPY_H / 2,
                                   COPY_W, COPY_H)))


def invite_buttons(app: App, invite: Invite, name: Callable[[int], str],
                   copy: Callable[[int | None], None]) -> list[Button]:
    """The invitation's buttons: one that copies the network's code and address (``copy``
    None), and for each friend over the internet one that copies their code (``copy`` their
    seat) or, where it expired, one that makes a new one (`Invite.renew`)."""
    places = invite_places(app, invite, name)
    buttons = []
    if places.network_copy is not None:
        buttons.append(Button(places.network_copy, app.text.tr("table.invite_copy"),
                              lambda: copy(None), size=19, key="invite"))
    friends = {f.seat: f for f in invite.friends}
    for seat, box in places.rows:
        if friends[seat].code is not None:
            buttons.append(Button(box, app.text.tr("invite.copy"), functools.partial(copy, seat),
                                  size=18, key=f"invite:{seat}"))
        elif friends[seat].expired and invite.renew is not None:
            buttons.append(Button(box, app.text.tr("invite.renew"),
                                  functools.partial(invite.renew, seat), size=18,
                                  key=f"invite:{seat}"))
    return buttons


def _draw_line(app: App, screen: pygame.Surface, line: Line) -> None:
    """One of the invitation's lines (see `Line`): a code or an address shrunk until it fits
    its width, a name too, other words wrapped."""
    view = app.view
    if not line.fit:
        surf = app.text.render(line.text, text_px(app, line.size), line.color,
                               view.px(line.width), "center", line.bold, "invite")
        rect = screen.blit(surf, surf.get_rect(center=view.pt(line.x, line.y)))
        app.text.note(rect.clip(screen.get_clip()), line.text, "invite")
        return
    lang, size = ("en" if line.latin else app.text.lang), line.size
    surf = render(line.text, lang, text_px(app, size), line.color, bold=line.bold)
    while surf.get_width() > view.px(line.width) and text_px(app, size) > MIN_TEXT_PX:
        size -= 1
        surf = render(line.text, lang, text_px(app, size), line.color, bold=line.bold)
    rect = screen.blit(surf, surf.get_rect(center=view.pt(line.x, line.y)))
    app.text.hear(line.text, "invite")
    app.text.note(rect.clip(screen.get_clip()), line.text, "invite")


def draw_invite(app: App, screen: pygame.Surface, invite: Invite,
                name: Callable[[int], str]) -> None:
    """How the friends awaited join, large enough to read out over the phone: those of the
    network with the table code and the address (and who they are), those over the internet
    each with their own code, row by row (or why there is none, and the other ways). Codes and
    addresses are typed as shown, so they keep Latin letters and digits, left to right, in
    every language. Its buttons are `invite_buttons`, drawn by the caller."""
    view = app.view
    places = invite_places(app, invite, name)
    x, y, w, h = places.box
    panel = pygame.Surface((view.px(w), view.px(h)), pygame.SRCALPHA)
    panel.fill((8, 28, 20, 240))
    screen.blit(panel, view.pt(x, y))
    for line in places.lines:
        _draw_line(app, screen, line)


SAY = (10, 590, 170, 42)
"""The Say… button's box (mirrored), at a table where players may say quick phrases."""
PHRASE_W, PHRASE_H, PHRASE_GAP = 200, 40, 4
PHRASE_ROWS = 5
"""The quick phrases stand in two columns of as many rows in the top corner the panel leaves
free, clear of the hand and of the seats' names."""


def say_button(app: App, toggle: Callable[[], None]) -> Button:
    """The button that opens (and closes) the quick phrases."""
    x, y, w, h = SAY
    return Button((mirror(app, x, w), y, w, h), app.text.tr("table.say"), toggle, size=18,
                  key="say")


def phrase_buttons(app: App, phrases: Sequence[str], say: Callable[[str], None]
                   ) -> list[Button]:
    """The quick phrases (`PHRASE_ROWS` to a column), each saying its phrase."""
    x, top = VIRTUAL[0] - 10 - 2 * PHRASE_W - PHRASE_GAP, 20
    return [Button((mirror(app, x + i // PHRASE_ROWS * (PHRASE_W + PHRASE_GAP), PHRASE_W),
                    top + i % PHRASE_ROWS * (PHRASE_H + PHRASE_GAP), PHRASE_W, PHRASE_H),
                   app.text.tr(f"phrase.{p}"), functools.partial(say, p), size=16,
                   key=f"phrase:{p}")
            for i, p in enumerate(phrases)]


def draw_phrase(app: App, screen: pygame.Surface, name: pygame.Rect, words: str) -> None:
    """A seat's quick phrase in a bubble just over its name (``name``, a screen rect)."""
    view = app.view
    surf = app.text.render(words, text_px(app, 17), WHITE, role="seat")
    bubble = surf.get_rect(midbottom=(name.centerx, name.top - view.px(16)))
    bubble.clamp_ip(screen.get_rect())
    pygame.draw.rect(screen, (20, 60, 44), bubble.inflate(view.px(20), view.px(10)),
                     border_radius=view.px(10))
    pygame.draw.rect(screen, GOLD, bubble.inflate(view.px(20), view.px(10)), 1,
                     border_radius=view.px(10))
    screen.blit(surf, bubble)
    app.text.note(bubble, words, "seat")
