"""The table's status line: one sentence saying whose decision it is and what it is (the game's
``status`` hook of `ui.games`, or the fallback made here from the legal verbs' labels), after
the last public event's words while others decide. It has one place for the whole game: between
the table's centre and the viewer's hand, or, where the game keeps zones of the viewer's there
(`in_the_way`), below the hand beside the viewer's name; there too while a control lies across
its place between the centre and the hand (the third of Bourse's open offers).

And the table's panel of public facts (`draw_panel`): in the top corner on the reading side, or,
where that would cover a seat's name, cards or a button (a crowded table in a small window),
in the free place nearest that corner."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import pygame

from game.shapes import Observation
from ui.app import VIRTUAL, App, View
from ui.games import game_status
from ui.games.speech import Seen
from ui.looks import dressed
from ui.table.layout import CARD_RATIO, HAND_W, HAND_Y, ZoneBox, index_rects
from ui.table.overlays import GOLD, PANEL, WHITE, text_px

STATUS_Y = 516.0
"""The status line's centre (virtual px): below the trick, above the viewer's hand (and
clear of a card lifted from it)."""
STATUS_W, STATUS_W_CROWDED = 720.0, 440.0
"""The status line's widest (virtual px): it stays clear of the seats at the sides, which
come nearer the hand from `CROWDED` seats on."""
CROWDED = 7
HAND_TOP = HAND_Y - HAND_W * CARD_RATIO / 2
"""The top of the viewer's hand (virtual px): the line's band ends above it."""
FOOT_W, FOOT_EDGE, FOOT_GAP, FOOT_Y = 470.0, 16.0, 24.0, 704.0
"""Below the hand (`in_the_way`), in virtual px: the widest when the viewer's name is not known,
the distance from the screen's edge, the gap kept before the name, the line's centre."""
BAND_H = 40
"""The height the line's band may take (virtual px), its margins included."""
SIZES = (18, 16, 14)
"""Text sizes tried in turn until the line fits."""
MANY = 3
"""From this many seats deciding at once, the line counts them instead of naming them."""


def status_line(game_id: str, seen: Seen[Observation], tr: Callable[..., str], last: str,
                holding: bool = False, over: bool = False) -> str:
    """The sentence for the table now. ``last`` is the last public event's words; ``holding``
    says the table shows a finished trick (nobody decides until it is taken); ``over`` that the
    match has ended: then the game's own last word if it has one (a fortune's "the fortune is
    read"), else the last event's words."""
    if over:
        return game_status(game_id, seen, tr) or last or tr("say.over")
    if holding:
        return last
    own = game_status(game_id, seen, tr)
    if seen.mine:
        return own or fallback_mine(seen, tr)
    if not seen.deciding:
        return last
    waiting = own or fallback_others(seen, tr)
    if not last or last == turn_words(game_id, seen, tr):
        return waiting
    return tr("say.then", last=last, now=waiting)


def turn_words(game_id: str, seen: Seen[Observation], tr: Callable[..., str]) -> str:
    """What the log says when the turn passes to the seat deciding now ("Bot 2's turn"), which
    the line then need not repeat before "Bot 2 is choosing…"; empty if the game says nothing
    of the kind."""
    if not seen.deciding:
        return ""
    try:
        return tr(f"log.{game_id}.turn", who=seen.who())
    except (KeyError, IndexError):  # a "turn" event of other words (a fortune's card)
        return ""


def fallback_mine(seen: Seen[Observation], tr: Callable[..., str]) -> str:
    """"Your turn: Bid or Pass": the labels of the legal verbs, in their first order."""
    labels: list[str] = []
    for action in seen.legal:
        label = seen.label(action._replace(arg=""))
        if label not in labels:
            labels.append(label)
    choices = labels[0] if len(labels) == 1 else tr(
        "say.or", a=tr("table.list_sep").join(labels[:-1]), b=labels[-1])
    return tr("say.your_turn", what=choices)


def fallback_others(seen: Seen[Observation], tr: Callable[..., str]) -> str:
    """"Bot 2 is choosing…", or several, or how many."""
    others = [s for s in seen.deciding if s != seen.seat]
    if len(others) == 1:
        return tr("say.choosing", who=seen.name(others[0]))
    if len(others) >= MANY:
        return tr("say.choosing_n", n=len(others))
    return tr("say.choosing_many", who=tr("table.and").join(seen.name(s) for s in others))


def in_the_way(boxes: Sequence[ZoneBox], seats: int, viewer: int | None) -> bool:
    """Whether the line goes below the hand: where a zone of the table (but the viewer's hand)
    lies where the line would be (a palette, melds or stacks of the viewer's just above its
    hand). Zones have their places from the start, empty or not, so the answer holds for the
    game; the seats' names keep out of the line's place (`ui.table.paint.seat_places`)."""
    band = centre_band(seats)
    return any(box.rect.colliderect(band) for box in boxes
               if not (box.kind == "hand" and box.owner == viewer))


def centre_band(seats: int) -> pygame.Rect:
    """The room the line has between the table's centre and the viewer's hand (virtual px),
    where it is not below the hand (`in_the_way`): the seats' names keep out of it."""
    band = pygame.Rect(0, 0, STATUS_W if seats < CROWDED else STATUS_W_CROWDED, BAND_H)
    band.center = (VIRTUAL[0] // 2, round(STATUS_Y))
    return band


def placed_status(app: App, text: str, seats: int, foot: bool, name: pygame.Rect | None = None,
                  clear: Sequence[pygame.Rect] = ()
                  ) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
    """The line's text, where it goes and its band's screen rect: centred at `STATUS_Y` (its band
    above `HAND_TOP`), at the largest size of `SIZES` that fits in `STATUS_W` (at the smallest,
    it wraps); with ``foot`` (a table with zones there, see `in_the_way`) below the hand
    instead, level with the viewer's ``name`` (its screen rect), from the reading side's edge up
    to that name. The band keeps off the ``clear`` rects (the seats' names, the counts under
    the won piles, the controls): the centred line grows narrower, or goes below the hand where
    one lies across its middle; the line at the foot starts past them."""
    view = app.view
    rtl = app.text.rtl
    edge = view.pt(VIRTUAL[0] - FOOT_EDGE if rtl else FOOT_EDGE, FOOT_Y)[0]
    gap = view.px(FOOT_GAP)
    widest = view.px(STATUS_W if seats < CROWDED else STATUS_W_CROWDED)
    for _ in range(len(clear) + 1):
        if foot:
            end = None if name is None else name.right + gap if rtl else name.left - gap
            widest = view.px(FOOT_W) if end is None else abs(edge - end)
        image, rect, outer = _status_at(app, text, foot, name, edge, max(widest, 1))
        hit = [r for r in clear if r.colliderect(outer)]
        if not hit:
            break
        if not foot and any(r.left <= outer.centerx <= r.right for r in hit):
            foot = True  # no narrower line passes it: below the hand
        elif foot:  # start past what it would cover
            edge = min(r.left for r in hit) - gap if rtl else max(r.right for r in hit) + gap
        else:  # narrower, clear of what it would cover on either side
            room = min(r.left - outer.centerx if r.centerx > outer.centerx
                       else outer.centerx - r.right for r in hit)
            widest = min(widest - 1, 2 * room - (outer.w - rect.w) - 2)
    return image, rect, outer


def _status_at(app: App, text: str, foot: bool, name: pygame.Rect | None, edge: int,
               widest: int) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
    """`placed_status` for a line at most ``widest`` px wide, starting at ``edge`` (x) at the
    foot."""
    view = app.view
    rtl = app.text.rtl
    align = ("right" if rtl else "left") if foot else "center"
    for size in SIZES:
        image = app.text.render(text, text_px(app, size), WHITE, align=align, role="status")
        if image.get_width() <= widest:
            break
    else:
        image = app.text.render(text, text_px(app, SIZES[-1]), WHITE, widest, align=align,
                                role="status")
    if foot:
        y = name.centery if name else view.pt(0, FOOT_Y)[1]
        rect = image.get_rect(**{"midright" if rtl else "midleft": (edge, y)})
    else:  # centred; lines wrapped in a small window grow upwards, clear of the hand's indices
        rect = image.get_rect(center=view.pt(VIRTUAL[0] / 2, STATUS_Y))
        rect.bottom = min(rect.bottom, view.pt(0, HAND_TOP)[1] - view.px(8))
    outer = rect.inflate(view.px(24), view.px(8))
    inside = outer.clamp(app.screen.get_rect())  # its band, margins and all, in the window
    rect.move_ip(inside.x - outer.x, inside.y - outer.y)
    return image, rect, inside


def draw_status(app: App, screen: pygame.Surface, text: str, seats: int, foot: bool,
                name: pygame.Rect | None = None, clear: Sequence[pygame.Rect] = ()
                ) -> pygame.Rect | None:
    """The line (`placed_status`) on a dark band; the band's screen rect (None: no line)."""
    if not text:
        return None
    image, rect, outer = placed_status(app, text, seats, foot, name, clear)
    band = pygame.Surface(outer.size, pygame.SRCALPHA)
    pygame.draw.rect(band, PANEL, band.get_rect(),
                     border_radius=min(outer.h // 2, app.view.px(14)))
    screen.blit(band, outer)
    screen.blit(image, rect)
    app.text.note(outer, text, "status")
    return outer


PANEL_W, PANEL_W_CROWDED = 400.0, 250.0
"""The panel's widest line (virtual px), where its text is not at its floor in pixels: from
`PANEL_CROWDED` seats on, a seat's hand lies near the top corner, and the panel keeps narrow."""
PANEL_CROWDED = 5
PANEL_EDGE, PANEL_TOP, PANEL_GAP = 10.0, 8.0, 6.0
"""The panel's corner place (virtual px from the reading side's edge and from the top), and the
gap it keeps from what it must not cover."""


def panel_image(app: App, lines: Sequence[str], seats: int) -> pygame.Surface:
    """The panel: its first line (the game's name) in gold over the others, each wrapped at the
    panel's widest, on the dark panel colour, aligned to the reading side."""
    view = app.view
    rtl = app.text.rtl
    width = PANEL_W if seats < PANEL_CROWDED else PANEL_W_CROWDED
    widest = max(view.px(width), round(0.75 * width))  # text has a floor in pixels: so has a line
    images = []
    for i, line in enumerate(lines):
        size, color = text_px(app, 18 if i == 0 else 16), GOLD if i == 0 else WHITE
        image = app.text.render(line, size, color, bold=i == 0, role="panel")
        if image.get_width() > widest:  # a long line (what a phase allows) wraps
            image = app.text.render(line, size, color, widest, bold=i == 0, role="panel")
        images.append(image)
    pad = view.px(10) or 1
    panel = pygame.Surface((max((img.get_width() for img in images), default=0) + 2 * pad,
                            sum(img.get_height() for img in images) + 2 * pad), pygame.SRCALPHA)
    panel.fill(PANEL)
    y = pad
    for img in images:
        panel.blit(img, (panel.get_width() - pad - img.get_width() if rtl else pad, y))
        y += img.get_height()
    return panel


def panel_rect(app: App, size: tuple[int, int], boxes: Sequence[ZoneBox],
               keep: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a panel of ``size`` (screen px) goes at a table of ``boxes`` (the layout's), where
    ``keep`` is what else the table draws that must stay in sight (screen rects: the seats'
    names, the buttons, the status line's band): it covers none of those and no face-up card's
    index, and covers cards only where no place is free of them (`panel_place`)."""
    held = [app.view.rect(*box.rect) for box in boxes if box.cards]
    return panel_place(app.view, size, app.text.rtl, in_sight(app, boxes, keep), held)


def in_sight(app: App, boxes: Sequence[ZoneBox], keep: Sequence[pygame.Rect]
             ) -> list[pygame.Rect]:
    """What the panel must leave in sight (screen rects): ``keep`` and the index of every
    face-up card (`index_rects`)."""
    view = app.view
    large = dressed(app)["face"] == "large"
    indices = [view.rect(*r) for _, _, r in index_rects(boxes, view.scale, app.text.rtl, large)]
    return [*keep, *indices]


def panel_place(view: View, size: tuple[int, int], rtl: bool, avoid: Sequence[pygame.Rect],
                rather: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a panel of ``size`` (screen px) goes: the top corner on the reading side (the right
    one in Persian and Arabic) if it covers none of ``avoid`` and ``rather`` (screen rects);
    else, of the places beside the corner's edges and beside those rects, the one nearest the
    corner that covers none of them, or else none of ``avoid``; if there is none, the corner.
    The panel stays inside the table (the virtual screen)."""
    return pygame.Rect(_place(view.ox, view.oy, view.scale, size, rtl,
                              tuple(tuple(r) for r in avoid), tuple(tuple(r) for r in rather)))


@functools.lru_cache(maxsize=64)
def _place(ox: int, oy: int, scale: float, size: tuple[int, int], rtl: bool,
           avoid: tuple[tuple[int, ...], ...],
           rather: tuple[tuple[int, ...], ...]) -> pygame.Rect:
    """`panel_place`, remembered: the table asks each frame, and its rects seldom change."""
    table = pygame.Rect(ox, oy, round(VIRTUAL[0] * scale), round(VIRTUAL[1] * scale))
    edge, gap = round(PANEL_EDGE * scale), max(round(PANEL_GAP * scale), 1)
    w, h = size
    corner = (table.right - edge - w if rtl else table.left + edge,
              table.top + round(PANEL_TOP * scale))
    hard = [pygame.Rect(r) for r in avoid]
    soft = [pygame.Rect(r) for r in rather]
    xs = {corner[0], *(r.right + gap for r in hard + soft), *(r.left - gap - w for r in hard)}
    xs |= {r.left - gap - w for r in soft}
    ys = {corner[1], *(r.bottom + gap for r in hard + soft), *(r.top - gap - h for r in hard)}
    ys |= {r.top - gap - h for r in soft}
    places = sorted(((x, y) for x in xs for y in ys),
                    key=lambda p: (p[0] - corner[0]) ** 2 + (p[1] - corner[1]) ** 2)
    inside = [pygame.Rect(x, y, w, h) for x, y in places]
    inside = [r for r in inside if table.contains(r) and r.collidelist(hard) == -1]
    free = next((r for r in inside if r.collidelist(soft) == -1), None)
    return free or (inside[0] if inside else pygame.Rect(corner, size))


def placed_panel(app: App, lines: Sequence[str], seats: int, boxes: Sequence[ZoneBox],
                 keep: Sequence[pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect]:
    """The panel of ``lines`` and its place (`panel_rect`). Where the whole panel has no place
    that leaves ``keep`` and every index in sight (a crowded table in a small window), it keeps
    as many of its first lines as have one, the last of them ending in an ellipsis."""
    for n in range(len(lines), 0, -1):
        shown = [*lines[:n - 1], lines[n - 1] + (" …" if n < len(lines) else "")]
        image = panel_image(app, shown, seats)
        rect = panel_rect(app, image.get_size(), boxes, keep)
        if n == 1 or rect.collidelist(in_sight(app, boxes, keep)) == -1:
            return image, rect
    raise ValueError("a panel has at least its title")


def draw_panel(app: App, screen: pygame.Surface, lines: Sequence[str], seats: int,
               boxes: Sequence[ZoneBox], keep: Sequence[pygame.Rect]) -> pygame.Rect:
    """The panel of ``lines`` drawn at its place (`placed_panel`); the screen rect it covers."""
    image, rect = placed_panel(app, lines, seats, boxes, keep)
    screen.blit(image, rect)
    app.text.note(rect, "\n".join(lines), "panel")
    return rect
