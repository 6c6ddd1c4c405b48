"""The table's own drawing, from what the scene hands it: the felt and the zones that a held
card may go to, the cards in their stacking order, the seats' names with their marks, the count
under each won pile, and the corner panel with the keys' footer. Nothing here reads the match
or takes input; what lies over the table (note, log, last trick, cover) is `overlays`'."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import partial
from typing import NamedTuple

import pygame

from ui import felt, looks
from ui.app import App
from ui.looks import card_face
from ui.sheet import TEXT_SIZES
from ui.table import overlays, status
from ui.table.layout import CARD_RATIO, CARD_WIDTHS, Layout, ZoneBox
from ui.table.overlays import GOLD, WHITE, draw_text, text_px
from ui.table.sprites import Sprite
from ui.text import render

CardArt = Callable[[str | None, int], pygame.Surface]
"""A card's face (a code) or back (None) at a width in screen pixels."""
TABLE_TEXT = ((17, False), (17, True), (18, True), (16, False), (14, False), (13, False))
"""The sizes (and weights) of the table's own words: names, panel, status line, counts, keys."""
Job = tuple[str, Callable[[], object]]
"""Work drawn ahead of need: its kind (``face``, ``back``, ``text``) and the call."""


def ahead_jobs(app: App, back: str, codes: Iterable[str]) -> list[Job]:
    """What the table draws ahead, last first: the fonts of its words and of the scenes that
    come up between hands, then the back and the faces of ``codes`` at every width a card is
    laid out at (`CARD_WIDTHS`)."""
    view = app.view
    cards = [None, *sorted(codes)]
    jobs: list[Job] = [("back" if c is None else "face", partial(card_face, app, back, c, w))
                       for w in sorted({view.px(w) for w in CARD_WIDTHS}) for c in cards[::-1]]
    return jobs + [("text", partial(app.text.warm, text_px(app, size), bold))
                   for size, bold in (*TEXT_SIZES, *TABLE_TEXT)]


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
    """The table on the player's felt; a gold frame round each zone a held card may go to, and
    the outline of the empty zones that cards are laid on."""
    view = app.view
    cloth = looks.cloth(app)
    room = view.rect(0, 0, *felt.VIRTUAL)
    screen.blit(felt.surface(cloth, room.size), room)
    for box in boxes:
        if box.id in targets:
            pygame.draw.rect(screen, GOLD, view.rect(*box.rect), view.px(3) or 1,
                             border_radius=view.px(10))
        elif not box.cards and box.kind in ("canvas", "palette", "stack"):
            pygame.draw.rect(screen, cloth.line, view.rect(*box.rect), 1,
                             border_radius=view.px(10))


def draw_cards(app: App, screen: pygame.Surface, order: Sequence[Sprite], card: CardArt,
               dimmed: str | None, playable: Collection[str],
               framed: Collection[Sprite | None]) -> None:
    """Every card, bottom first, with its shadow: a moving card scaled from the card it will be
    (narrowed while it turns over), the cards of zone ``dimmed`` not in ``playable`` dimmed, and
    a gold frame round the ``framed`` ones (the focused, the selected)."""
    view = app.view
    shade = looks.cloth(app).shadow
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
        pygame.draw.rect(screen, shade, shadow, border_radius=view.px(6))
        screen.blit(surf, pos)
        if sprite in framed:
            pygame.draw.rect(screen, GOLD, (pos, surf.get_size()), 2,
                             border_radius=view.px(6))


NAME_SIZE = 17
"""The seats' names' text size (virtual px)."""
NAME_CLEAR = 8.0
"""What a seat's name keeps between itself and a control or the status line's room (virtual px)."""


class SeatPlace(NamedTuple):
    """Where a seat's label is drawn: its lines, each its words, the width it wraps at (None:
    it does not) and its screen rect, and the screen rect of them all."""

    lines: list[tuple[str, int | None, pygame.Rect]]
    rect: pygame.Rect


def seat_line(app: App, label: SeatLabel, words: str, width: int | None,
              heard: bool = False) -> pygame.Surface:
    """A line of a seat's label as drawn (gold and bold while the seat is to act), wrapped at
    ``width`` px if given; with ``heard``, through the table's text, which keeps what is shown
    (`screenshot --words`), else only measured."""
    size, color = text_px(app, NAME_SIZE), GOLD if label.acting else WHITE
    if heard:
        return app.text.render(words, size, color, width, "center", label.acting, role="seat")
    return render(words, app.text.lang, size, color, width, "center", label.acting)


def broken(text: str, sep: str, fits: Callable[[str], bool]) -> list[str]:
    """A seat's label as the lines it is drawn in: one, where it all ``fits``; else its name
    (before the first ``sep``) alone on the first line, then its marks, parted by ``sep``, as
    many on each line as fit (one at least)."""
    if fits(text):
        return [text]
    name, *marks = text.split(sep)
    lines, line = [name], ""
    for mark in marks:
        longer = f"{line}{sep}{mark}" if line else mark
        if line and not fits(longer):
            lines.append(line)
            longer = mark
        line = longer
    return lines + [line] if line else lines


def seat_places(app: App, lay: Layout, boxes: Sequence[ZoneBox], labels: Sequence[SeatLabel],
                keep: Sequence[pygame.Rect] = ()) -> list[SeatPlace]:
    """Where each seat's label goes (`seat_place`), in seat order, clear of ``keep`` (screen
    rects: the controls), of the viewer's cards, and of the status line's room between the
    table's centre and that hand (`status.centre_band`, where the line is not below the hand)."""
    view = app.view
    aside = [view.rect(*cards_area(box)) for box in boxes
             if box.kind == "hand" and box.owner == lay.viewer and box.slots]
    if not status.in_the_way(boxes, lay.seats, lay.viewer):
        aside.append(view.rect(*status.centre_band(lay.seats)))
    return [seat_place(app, lay, boxes, seat, label, [*keep, *aside])
            for seat, label in enumerate(labels)]


def cards_area(box: ZoneBox) -> tuple[float, float, float, float]:
    """What the cards of a zone that holds some cover (virtual x, y, w, h), its margins aside."""
    xs, ys = [x for x, _ in box.slots], [y for _, y in box.slots]
    w, h = box.width, box.width * CARD_RATIO
    return min(xs) - w / 2, min(ys) - h / 2, max(xs) - min(xs) + w, max(ys) - min(ys) + h


def seat_place(app: App, lay: Layout, boxes: Sequence[ZoneBox], seat: int, label: SeatLabel,
               keep: Sequence[pygame.Rect]) -> SeatPlace:
    """A seat's label where the layout puts its name (`Layout.name_at`), within the seat's
    room (`Layout.name_room`, less a pyramid's room past its reading end where the seat has a
    level), in lines (`broken`) where it is wider. Where it would cover a rect of ``keep``
    (screen rects), its room ends short of that rect, on the side the rect lies, and the
    label breaks anew. The viewer's name, alone at the foot, keeps its one line."""
    view = app.view
    x, y, anchor = lay.name_at(seat, boxes)
    low, high = lay.name_room(seat, boxes)
    if label.level[0]:
        low, high = (low + overlays.PYRAMID_W, high) if app.text.rtl else \
            (low, high - overlays.PYRAMID_W)
    at = view.pt(x, y)
    place = _seat_lines(app, label, at, anchor, low, high)
    for _ in range(len(keep) if seat != lay.viewer else 0):
        hit = [r for r in keep if r.colliderect(place.rect)]
        if not hit:
            break
        for r in hit:
            if r.centerx >= at[0]:
                high = min(high, view.to_virtual((r.left, 0))[0] - NAME_CLEAR)
            else:
                low = max(low, view.to_virtual((r.right, 0))[0] + NAME_CLEAR)
        place = _seat_lines(app, label, at, anchor, low, high)
    return place


def _seat_lines(app: App, label: SeatLabel, at: tuple[int, int], anchor: str, low: float,
                high: float) -> SeatPlace:
    """`seat_place` within x from ``low`` to ``high`` (virtual px): the label's ``anchor``
    point at ``at`` (screen px), as near as that room and the window allow; a line still wider
    than the room (a long name) wraps between its words."""
    view = app.view
    left = view.pt(low, 0)[0]
    room = pygame.Rect(left, 0, max(view.pt(high, 0)[0] - left, 1), app.screen.get_height())
    lines = []
    for words in broken(label.text, app.text.tr("table.mark_sep"),
                        lambda words: seat_line(app, label, words, None).get_width() <= room.w):
        width = None if seat_line(app, label, words, None).get_width() <= room.w else room.w
        lines.append((words, width, seat_line(app, label, words, width).get_rect()))
    rect = pygame.Rect(0, 0, max(r.w for _, _, r in lines), sum(r.h for _, _, r in lines))
    setattr(rect, anchor, at)
    rect.clamp_ip(room.clip(app.screen.get_rect()) or room)
    top = rect.top
    for _, _, line in lines:
        line.midtop = (rect.centerx, top)
        top += line.h
    return SeatPlace(lines, rect)


def draw_seats(app: App, screen: pygame.Surface, lay: Layout, boxes: Sequence[ZoneBox],
               labels: Sequence[SeatLabel], clock: float,
               clocks: Sequence[float | None] = (), keep: Sequence[pygame.Rect] = ()
               ) -> list[pygame.Rect]:
    """Each seat's label where `seat_places` puts it, clear of ``keep`` (screen rects: the
    controls), and round it, where a turn clock runs (``clocks``: per seat the share of its
    time left, or None), a ring that empties as the time goes (`draw_clock`); the screen rect
    of each, in seat order (the status line and the panel keep clear of them)."""
    view = app.view
    rects = []
    for seat, (label, place) in enumerate(zip(labels, seat_places(app, lay, boxes, labels,
                                                                  keep))):
        rect = place.rect
        for words, width, at in place.lines:
            screen.blit(seat_line(app, label, words, width, heard=True), at)
        app.text.note(rect.clip(screen.get_clip()), label.text, role="seat")
        rects.append(rect)
        level, top = label.level
        if level:
            overlays.draw_pyramid(app, screen, rect, level, top)
        if label.acting:
            pygame.draw.rect(screen, GOLD, rect.inflate(view.px(14), view.px(4)), 1,
                             border_radius=view.px(8))
        if label.flash:
            grow = view.px(10 + 8 * abs(math.sin(clock * 5)))
            pygame.draw.rect(screen, GOLD, rect.inflate(grow * 2, grow), view.px(3) or 1,
                             border_radius=view.px(12))
        left = clocks[seat] if seat < len(clocks) else None
        if left is not None:
            draw_clock(app, screen, rect, left)
    return rects


CLOCK_LOW = 0.25
"""The share of a turn's time left under which its ring turns red."""


def draw_clock(app: App, screen: pygame.Surface, name: pygame.Rect, left: float) -> None:
    """A ring round a seat's ``name``, full at the turn's start and shrinking back to the top
    as its time goes (``left``, the share still to run), red in its last quarter."""
    view = app.view
    ring = name.inflate(view.px(34), view.px(22))
    width = max(2, view.px(4))
    pygame.draw.ellipse(screen, (60, 70, 60), ring, width)
    if left > 0:
        top = math.pi / 2
        color = (220, 60, 50) if left < CLOCK_LOW else GOLD
        pygame.draw.arc(screen, color, ring, top, top + 2 * math.pi * min(1.0, left), width)


def draw_won_counts(app: App, screen: pygame.Surface, boxes: Sequence[ZoneBox],
                    per_trick: int) -> list[pygame.Rect]:
    """Under each seat's pile of won cards, how much it holds: tricks where a trick is
    ``per_trick`` cards, else cards (``per_trick`` 0). The screen rects of the counts (the
    panel and the status line keep clear of them)."""
    rects = []
    for box in boxes:
        if box.kind != "won" or not box.cards or not re.fullmatch(r"won:\d+", box.id):
            continue
        n = len(box.cards)
        words = app.text.tr("table.won_tricks", n=n // per_trick) if per_trick \
            else app.text.tr("table.won_cards", n=n)
        rects.append(draw_text(app, screen, words, box.rect.centerx, box.rect.bottom + 2, 14,
                               anchor="midtop", role="seat"))
    return rects


def draw_keys(app: App, screen: pygame.Surface, keys: str) -> None:
    """The ``keys`` footer in the bottom corner, where the window is big enough not to cover
    the names with it."""
    if app.view.scale >= 0.75:
        rtl = app.text.rtl
        draw_text(app, screen, keys, 1270.0 if not rtl else 10.0, 712, 13, overlays.DIM,
                  "bottomright" if not rtl else "bottomleft", role="keys")
