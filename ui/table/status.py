"""The table's status line: one sentence saying whose decision it is and what it is (the game's
``status`` hook of `ui.games`, or the fallback made here from the legal verbs' labels), after
the last public event's words while others decide. It has one place for the whole game: between
the table's centre and the viewer's hand, or, where the game keeps zones of the viewer's there
(`in_the_way`), below the hand beside the viewer's name."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ui.app import VIRTUAL, App
from ui.games import game_status
from ui.games.speech import Seen
from ui.table.layout import ZoneBox
from ui.table.overlays import PANEL, WHITE, text_px

STATUS_Y = 516.0
"""The status line's centre (virtual px): below the trick, above the viewer's hand (and
clear of a card lifted from it)."""
STATUS_W, STATUS_W_CROWDED = 720.0, 440.0
"""The status line's widest (virtual px): it stays clear of the seats at the sides, which
come nearer the hand from `CROWDED` seats on."""
CROWDED = 7
FOOT_W, FOOT_EDGE, FOOT_GAP, FOOT_Y = 470.0, 16.0, 24.0, 704.0
"""Below the hand (`in_the_way`), in virtual px: the widest when the viewer's name is not known,
the distance from the screen's edge, the gap kept before the name, the line's centre."""
BAND_H = 40
"""The height the line's band may take there (virtual px), its margins included."""
SIZES = (18, 16, 14)
"""Text sizes tried in turn until the line fits."""
MANY = 3
"""From this many seats deciding at once, the line counts them instead of naming them."""


def status_line(game_id: str, seen: Seen, tr: Callable[..., str], last: str,
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


def turn_words(game_id: str, seen: Seen, tr: Callable[..., str]) -> str:
    """What the log says when the turn passes to the seat deciding now ("Bot 2's turn"), which
    the line then need not repeat before "Bot 2 is choosing…"; empty if the game says nothing
    of the kind."""
    if not seen.deciding:
        return ""
    try:
        return tr(f"log.{game_id}.turn", who=seen.who())
    except (KeyError, IndexError):  # a "turn" event of other words (a fortune's card)
        return ""


def fallback_mine(seen: Seen, tr: Callable[..., str]) -> str:
    """"Your turn: Bid or Pass": the labels of the legal verbs, in their first order."""
    labels: list[str] = []
    for action in seen.legal:
        label = seen.label(action._replace(arg=""))
        if label not in labels:
            labels.append(label)
    choices = labels[0] if len(labels) == 1 else tr(
        "say.or", a=tr("table.list_sep").join(labels[:-1]), b=labels[-1])
    return tr("say.your_turn", what=choices)


def fallback_others(seen: Seen, tr: Callable[..., str]) -> str:
    """"Bot 2 is choosing…", or several, or how many."""
    others = [s for s in seen.deciding if s != seen.seat]
    if len(others) == 1:
        return tr("say.choosing", who=seen.name(others[0]))
    if len(others) >= MANY:
        return tr("say.choosing_n", n=len(others))
    return tr("say.choosing_many", who=tr("table.and").join(seen.name(s) for s in others))


def in_the_way(boxes: Sequence[ZoneBox], seats: int, viewer: int | None) -> bool:
    """Whether a zone of the table (but the viewer's hand) lies where the line would be: a
    palette, melds or stacks of the viewer's just above its hand. Zones have their places from
    the start, empty or not, so the answer holds for the whole game."""
    band = pygame.Rect(0, 0, STATUS_W if seats < CROWDED else STATUS_W_CROWDED, BAND_H)
    band.center = (VIRTUAL[0] // 2, round(STATUS_Y))
    return any(box.rect.colliderect(band) for box in boxes
               if not (box.kind == "hand" and box.owner == viewer))


def draw_status(app: App, screen: pygame.Surface, text: str, seats: int, foot: bool,
                name: pygame.Rect | None = None) -> None:
    """The line centred at `STATUS_Y` on a dark band, at the largest size of `SIZES` that fits
    in `STATUS_W` (at the smallest, it wraps); with ``foot`` (a table with zones there, see
    `in_the_way`) below the hand instead, level with the viewer's ``name`` (its screen rect),
    from the reading side's edge up to that name."""
    if not text:
        return
    view = app.view
    rtl = app.text.rtl
    edge = view.pt(VIRTUAL[0] - FOOT_EDGE if rtl else FOOT_EDGE, FOOT_Y)
    if not foot:
        widest = view.px(STATUS_W if seats < CROWDED else STATUS_W_CROWDED)
    elif name is None:
        widest = view.px(FOOT_W)
    else:
        gap = view.px(FOOT_GAP)
        widest = edge[0] - name.right - gap if rtl else name.left - gap - edge[0]
    align = ("right" if rtl else "left") if foot else "center"
    for size in SIZES:
        image = app.text.render(text, text_px(app, size), WHITE, align=align)
        if image.get_width() <= widest:
            break
    else:
        image = app.text.render(text, text_px(app, SIZES[-1]), WHITE, max(widest, 1),
                                align=align)
    if foot:
        rect = image.get_rect(**{"midright" if rtl else "midleft":
                                 (edge[0], name.centery if name else edge[1])})
        rect.bottom = min(rect.bottom, screen.get_height() - view.px(4))
    else:
        rect = image.get_rect(center=view.pt(VIRTUAL[0] / 2, STATUS_Y))
    outer = rect.inflate(view.px(24), view.px(8))
    band = pygame.Surface(outer.size, pygame.SRCALPHA)
    pygame.draw.rect(band, PANEL, band.get_rect(), border_radius=min(outer.h // 2, view.px(14)))
    screen.blit(band, outer)
    screen.blit(image, rect)
