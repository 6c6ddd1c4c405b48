"""Where everything lies on the table, in virtual coordinates (1280×720): the seats on an
ellipse around the viewer, and each zone of an observation as a `ZoneBox`."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame

from game.core import Event
from game.shapes import Observation, ZoneView, move
from ui.painter import COMPACT_BELOW

CARD_RATIO = 1.4
VIRTUAL_W = 1280.0
CENTRE = (640.0, 318.0)
RX, RY = 500.0, 250.0
HAND_W, SEAT_W, MID_W, SMALL_W = 84.0, 46.0, 70.0, 40.0
HAND_Y = 612.0
CARD_WIDTHS = (HAND_W, SEAT_W, MID_W, MID_W + 6, 52.0, SMALL_W, SMALL_W + 8)
"""Every width a card is laid out at, so the card art can be drawn ahead."""
FRENCH_SUITS = "SHCD"  # black, red, black, red
FRENCH_RANKS = "23456789TJQKA"
RED = "HD"


def is_french(card: str) -> bool:
    """A French card's code (``AS``, or a second deck's twin ``ASb``); not a joker."""
    return len(card) in (2, 3) and card[0] in FRENCH_RANKS and card[1] in FRENCH_SUITS \
        and card[2:] in ("", "b")


def suit_order(suits: Collection[str], order: str, trump: str | None) -> str:
    """The suits of a hand, left to right (in reading order), as ``order`` lays them: ``suit``
    the fixed ♠ ♥ ♣ ♦; ``colours`` the suits held, black and red taking turns as far as they
    can (the colour held in more suits first); ``trump`` the trump first, then the others
    taking turns from the other colour (as ``colours`` where no trump is named or held); by
    ``rank`` the suits come in the fixed order within a rank."""
    held = [s for s in FRENCH_SUITS if s in suits]
    if order not in ("colours", "trump"):
        return "".join(held)
    first = trump if order == "trump" and trump in held else None
    rest = [s for s in held if s != first]
    black, red = [s for s in rest if s not in RED], [s for s in rest if s in RED]
    lead, follow = (black, red) if len(black) > len(red) or (
        len(black) == len(red) and (first is None or first in RED)) else (red, black)
    turns = [s for i in range(len(lead)) for s in (lead[i], *follow[i:i + 1])]
    return (first or "") + "".join(turns)


def sort_hand(cards: Sequence[str | None], order: str = "suit", trump: str | None = None,
              own: Sequence[str] = ()) -> Sequence[str | None]:
    """A hand as a player holds it, in reading order: French cards by the suits of
    `suit_order`, high to low within a suit (or, ``order`` ``rank``, by rank high to low across
    the suits), any other card of a French deck (a joker) before them; a hand of other cards by
    their code; face-down cards keep their places. The cards of ``own`` (the order the player
    dragged them into this deal) come first, in that order, the others after them."""
    known = [c for c in cards if c is not None]
    if len(known) < len(cards):
        return cards
    french = [c for c in known if is_french(c)]
    if not french:
        ordered = sorted(known, key=lambda c: (len(c), c))
    else:
        suits = suit_order({c[1] for c in french}, order, trump)
        if order == "rank":
            french.sort(key=lambda c: (-FRENCH_RANKS.index(c[0]), suits.index(c[1]), c))
        else:
            french.sort(key=lambda c: (suits.index(c[1]), -FRENCH_RANKS.index(c[0]), c))
        ordered = sorted((c for c in known if not is_french(c)), key=lambda c: (len(c), c)) \
            + french
    if not own:
        return ordered
    left = Counter(known)
    first = []
    for card in own:
        if left[card] > 0:
            left[card] -= 1
            first.append(card)
    kept = Counter(first)
    rest = []
    for card in ordered:
        if kept[card] > 0:
            kept[card] -= 1
        else:
            rest.append(card)
    return first + rest


INDEX_SHARE = 0.56
"""A face-up row of a seat (but the viewer's hand) steps at least this share of a card's width
from card to card: a little more than the corner index takes in the compact art (`ui.cardart`,
`INDEX_COMPACT`; other seats' cards are drawn compact), so that no card covers the index of the
card under it."""
INDEX_COMPACT, INDEX_FULL, INDEX_LARGE = (0.5, 0.5), (0.24, 0.32), (0.5, 0.77)
"""A card's corner index (`index_rects`), as shares of its width and height, in the compact art,
in the full one, and in the large face at every size (`ui.painter.large_index`: a label more
than half the card's height, a mark under it)."""
LARGE_RANK = 0.6
"""The share of a large face's height its label (the rank) takes, from the top: in the
smallest window, a status line that wraps at the foot of the table covers the lower third of
the viewer's cards, the marks under their ranks but never the ranks (`ui.table.status`)."""
GROUP_GAP = 0.7
"""The gap between the groups of a row (melds), in card widths."""
EDGE = 12.0
"""A row of another seat keeps this far (virtual px) inside the table's left and right edges."""
NAME_GAP, NAME_TUCK = 4.0, 2.0
"""A seat's name above its hand keeps this far (virtual px) from it; under it, a name reaches
this far over the hand's lower edge, where a line of text has room of its own above its
letters and a card no index (`Layout.name_at`)."""
FACING_DROP = 12.0
"""The hand of the seat facing the viewer lies this much (virtual px) below its anchor, so that
its name fits above it at the top of the table, in a small window too."""
NAME_Y = 704.0
"""The viewer's name, centred under its hand."""
NAME_ROW, NAME_APART = 100.0, 16.0
"""Two seats' names less than `NAME_ROW` apart in height (virtual px: two lines of a name in the
smallest window, its text at its floor size), both under their hands or both above, share a
row: each keeps to its side of the point halfway between them, with `NAME_APART` between the
two (`Layout.name_room`)."""
TRICK_RX, TRICK_RY = 74.0, 56.0
"""How far from the centre each seat's card of a trick lies, towards its seat (virtual px): far
enough that a card beside another leaves its index, at either top corner, in sight."""
NUMBERED_Y = 196.0
"""The first row of numbered piles (Bourse's prizes) at a table of several seats."""
PILE_GAP = 150.0


def index_rects(boxes: Sequence[ZoneBox], scale: float, rtl: bool,
                large: bool = False) -> list[tuple[int, int, pygame.Rect]]:
    """The corner index of every face-up card that shows one, as (box, slot, virtual rect): at
    the top left in English, the top right in Persian and Arabic (`ui.cardart`), larger on a
    card drawn compact at ``scale`` or with the ``large`` face; of a pile (cards on one
    another), its top card's only."""
    out = []
    for b, box in enumerate(boxes):
        cards = list(enumerate(zip(box.cards, box.slots)))
        if len(cards) > 1 and abs(cards[-1][1][1][0] - cards[0][1][1][0]) < 10:
            cards = cards[-1:]
        w, h = box.width, box.width * CARD_RATIO
        share_w, share_h = INDEX_LARGE if large else \
            INDEX_COMPACT if w * scale < COMPACT_BELOW else INDEX_FULL
        for slot, (code, (x, y)) in cards:
            if code is not None:
                left = x + w / 2 - share_w * w if rtl else x - w / 2
                out.append((b, slot, pygame.Rect(round(left), round(y - h / 2),
                                                 round(share_w * w), round(share_h * h))))
    return out


def free_place(x: float, taken: Sequence[float]) -> float:
    """``x``, or the nearest place along the centre's line, ``PILE_GAP`` steps to either
    side, that no pile in ``taken`` holds (two discards of one game lie side by side)."""
    for k in range(len(taken) + 1):
        for place in (x + k * PILE_GAP, x - k * PILE_GAP):
            if all(abs(place - t) >= PILE_GAP * 0.6 for t in taken):
                return place
    return x


@dataclass
class ZoneBox:
    """Where a zone is drawn: its cards' centres and width, and its drop rectangle."""

    id: str
    kind: str
    owner: int | None
    cards: list[str | None]
    face_up: bool
    slots: list[tuple[float, float]]
    width: float
    rect: pygame.Rect


class Layout:
    """Places every zone of an observation around the table for one viewer."""

    def __init__(self, seats: int, viewer: int | None, direction: str) -> None:
        self.seats = seats
        self.viewer = 0 if viewer is None else viewer
        self.sign = -1 if direction == "anticlockwise" else 1

    def angle(self, seat: int) -> float:
        """Where a seat sits: the viewer at the bottom (π/2, y grows downwards), the others
        evenly from one side of the table over the top to the other, in play order, so that
        none sits beside the viewer's hand and its controls (up to ten seats at 1280×720)."""
        k = (seat - self.viewer) % self.seats
        if k == 0:
            return math.pi / 2
        if self.seats == 2:
            return 3 * math.pi / 2
        side = math.pi / 2 if self.seats <= 6 else math.radians(50)  # many seats: lower sides
        arc = 2 * (math.pi - side)
        return math.pi / 2 + self.sign * (side + arc * (k - 1) / (self.seats - 2))

    def anchor(self, seat: int, pull: float = 0.0) -> tuple[float, float]:
        """A point on the seat's ray: ``pull`` 0 at the seat, 1 at the centre."""
        a = self.angle(seat)
        r = 1 - pull
        return CENTRE[0] + RX * r * math.cos(a), CENTRE[1] + RY * r * math.sin(a)

    def boxes(self, obs: Observation) -> list[ZoneBox]:
        owned: dict[int, list[ZoneView]] = {}
        out = []
        for z in obs["zones"]:
            if z["owner"] is not None:
                owned.setdefault(z["owner"], []).append(z)
        for seat, zones in owned.items():
            mine = seat == self.viewer
            extras = [z for z in zones if z["kind"] not in ("hand", "won", "bank")]
            for z in zones:
                if z["kind"] == "hand" and obs.get("sitting_out") == seat and not mine:
                    out.append(self._pile(z, *self.anchor(seat), SMALL_W))  # laid aside
                elif z["kind"] == "hand" and mine:
                    out.append(self._row(z, 640.0, HAND_Y, HAND_W, 760.0))
                elif z["kind"] == "hand":
                    x, y = self.anchor(seat)
                    out.append(self._shown_row(z, x, y + FACING_DROP * self.facing(seat),
                                               SEAT_W, 170.0 if self.seats <= 6 else 120.0))
                elif z["kind"] == "won" and self.seats == 1 and z["layout"] != "pile":
                    # a fortune's cards read (its pairs) stay in sight, where a hand would be
                    out.append(self._row(z, 640.0, HAND_Y, 52.0, 760.0))
                elif z["kind"] in ("won", "bank"):
                    if mine:
                        x, y = 200.0, HAND_Y
                    else:  # a little inside the seat, to its side along the table's edge,
                        # the side that is not higher up (the top corners hold the game's
                        # panel); the top seat, sideways either way, keeps its side
                        a = self.angle(seat)
                        x, y = self.anchor(seat, 0.18)
                        dx, dy = -130 * math.sin(a), 130 * math.cos(a)
                        if dy < -1:
                            dx, dy = -dx, -dy
                        x, y = x + dx, y + dy
                    out.append(self._pile(z, x, y, SMALL_W))
            n = len(extras)
            if self.seats == 1:  # a solo table (a fortune): its rows one above the other
                out += [self._row(z, 640.0, 110.0 + i * min(112.0, 470.0 / n), MID_W, 600.0)
                        for i, z in enumerate(extras)]
                continue
            for i, z in enumerate(extras):
                x, y = self.anchor(seat, 0.42 if not mine else 0.0)
                if mine:
                    y = 478.0
                w = MID_W if mine else 52.0
                span = (n - 1) * (w + 14)
                x = x - span / 2 + i * (w + 14) if n > 1 else x
                if z["layout"] in ("row", "spread", "fan"):
                    out.append(self._shown_row(z, x, y, w, 300.0 if mine else 210.0))
                else:
                    out.append(self._pile(z, x, y, w))
        centre = [z for z in obs["zones"] if z["owner"] is None]
        numbered = [z for z in centre if re.fullmatch(r"[a-z_]+:\d+", z["id"])]
        top = 150.0 if self.seats == 1 else NUMBERED_Y  # under the top seat's name
        for i, z in enumerate(numbered):  # piles of one kind, numbered: rows of piles
            line, place = divmod(i, 13)
            across = min(len(numbered) - line * 13, 13)
            out.append(self._pile(z, 640.0 + (place - (across - 1) / 2) * 64, top + line * 92,
                                  SMALL_W + 8))
        piles: list[float] = []  # the xs of the single piles in the centre's line
        rows = [self._row(z, 640.0, CENTRE[1] + 60, MID_W, 880.0) for z in centre
                if z not in numbered and z["layout"] == "row" and z["kind"] != "trick"]
        for z in centre:
            if z in numbered:
                continue
            if z["layout"] == "row" and z["kind"] != "trick":
                out.append(next(r for r in rows if r.id == z["id"]))
            elif z["kind"] == "trick":
                out.append(self._trick(z, obs))
            else:
                middle, deck = (640.0, MID_W + 6), (470.0 if self.seats > 1 else 300.0,
                                                    SMALL_W + 8)
                x, w = {"canvas": middle, "discard": middle, "deck": deck}.get(
                    z["kind"], (810.0, SMALL_W))
                x = free_place(x, piles)
                box = self._pile(z, x, CENTRE[1], w)
                for row in rows:  # a pile left of a wide row (Pasur's table) keeps clear of it
                    if box.rect.colliderect(row.rect) and row.rect.left > 2 * w:
                        x -= box.rect.right - row.rect.left + 4
                        box = self._pile(z, x, CENTRE[1], w)
                piles.append(x)
                out.append(box)
        return out

    def _box(self, z: ZoneView, slots: list[tuple[float, float]], w: float,
             rect: pygame.Rect) -> ZoneBox:
        return ZoneBox(z["id"], z["kind"], z["owner"], z["cards"], z["face_up"], slots, w, rect)

    def _row(self, z: ZoneView, x: float, y: float, w: float, span: float) -> ZoneBox:
        """A row of cards centred on (x, y) within ``span``; the zone's ``groups`` (melds)
        apart by a gap of most of a card."""
        n = len(z["cards"])
        group_of = [g for g, size in enumerate(z.get("groups") or [n]) for _ in range(size)]
        group_of += [group_of[-1] if group_of else 0] * (n - len(group_of))
        gap = w * GROUP_GAP
        gaps = group_of[-1] * gap if n else 0.0
        step = min(w * 0.92, max(span - gaps, w) / max(n - 1, 1)) if n > 1 else 0
        full = step * (n - 1) + gaps
        left = x - full / 2
        slots = [(left + i * step + group_of[i] * gap, y) for i in range(n)]
        width = max(full + w, w)
        h = w * CARD_RATIO
        return self._box(z, slots, w, pygame.Rect(round(x - width / 2 - 6), round(y - h / 2 - 6),
                                                  round(width + 12), round(h + 12)))

    def _shown_row(self, z: ZoneView, x: float, y: float, w: float,
                   span: float) -> ZoneBox:
        """A seat's row (but the viewer's hand): within ``span`` while its faces are down, wider
        as far as its face-up cards need to show every index (`INDEX_SHARE`), and moved in from
        the table's edge as far as it must to stay on it."""
        if any(c is not None for c in z["cards"]):
            gaps = max(len(z.get("groups") or ()) - 1, 0) * GROUP_GAP * w
            span = max(span, (len(z["cards"]) - 1) * INDEX_SHARE * w + gaps)
        box = self._row(z, x, y, w, span)
        shift = max(EDGE - box.rect.left, 0) - max(box.rect.right - (VIRTUAL_W - EDGE), 0)
        return self._row(z, x + shift, y, w, span) if shift else box

    def facing(self, seat: int) -> bool:
        """Whether ``seat`` sits right across the table from the viewer, at the top."""
        return self.seats % 2 == 0 and (seat - self.viewer) % self.seats == self.seats // 2

    def name_at(self, seat: int, boxes: Sequence[ZoneBox]) -> tuple[float, float, str]:
        """Where a seat's name goes at a table of ``boxes``, as a point and the name's anchor
        there (a pygame.Rect attribute): centred under the viewer's hand at the foot; above the
        hand of the seat facing the viewer (clear of the names of the seats beside it, under
        their hands a little lower), and of a seat in the upper half that has zones of its own
        between its hand and the centre (stacks, a palette, melds); else just under the hand."""
        if seat == self.viewer:
            return 640.0, NAME_Y, "center"
        x, y = self.anchor(seat)
        half = SEAT_W * CARD_RATIO / 2
        inner = any(box.owner == seat and box.kind not in ("hand", "won", "bank")
                    for box in boxes)
        if self.facing(seat):
            return x, y + FACING_DROP - half - NAME_GAP, "midbottom"
        if inner and y < CENTRE[1] - 1:
            return x, y - half - NAME_GAP, "midbottom"
        return x, y + half - NAME_TUCK, "midtop"

    def name_room(self, seat: int, boxes: Sequence[ZoneBox]) -> tuple[float, float]:
        """The span of x (virtual px) a seat's name and marks may take: the table inside its
        `EDGE`, up to `NAME_APART` short of halfway to the name of each other seat in its row
        (`NAME_ROW`, the viewer's at the foot aside); a name drawn wider than its room breaks
        into lines (`ui.table.paint.seat_places`)."""
        x, y, anchor = self.name_at(seat, boxes)
        low, high = EDGE, VIRTUAL_W - EDGE
        if seat == self.viewer:
            return low, high
        for other in range(self.seats):
            if other in (seat, self.viewer):
                continue
            ox, oy, other_anchor = self.name_at(other, boxes)
            if other_anchor == anchor and abs(oy - y) < NAME_ROW and ox != x:
                middle = (x + ox) / 2
                if ox > x:
                    high = min(high, middle - NAME_APART / 2)
                else:
                    low = max(low, middle + NAME_APART / 2)
        return low, high

    def _pile(self, z: ZoneView, x: float, y: float, w: float) -> ZoneBox:
        slots = [(x + min(i, 12) * 0.6, y - min(i, 12) * 0.6) for i in range(len(z["cards"]))]
        h = w * CARD_RATIO
        return self._box(z, slots, w, pygame.Rect(round(x - w / 2 - 6), round(y - h / 2 - 6),
                                                  round(w + 12), round(h + 12)))

    def _trick(self, z: ZoneView, obs: Observation) -> ZoneBox:
        leader = obs.get("leader")
        slots = []
        for i in range(len(z["cards"])):
            if isinstance(leader, int):
                a = self.angle((leader + i) % self.seats)
                slots.append((CENTRE[0] + TRICK_RX * math.cos(a),
                              CENTRE[1] + TRICK_RY * math.sin(a)))
            else:
                slots.append((CENTRE[0] + (i - (len(z["cards"]) - 1) / 2) * 40, CENTRE[1]))
        w = MID_W
        return self._box(z, slots, w, pygame.Rect(round(CENTRE[0] - 150), round(CENTRE[1] - 120),
                                                  300, 240))


def held_trick(seen: Observation, events: Sequence[Event]) -> Observation | None:
    """The observation ``seen`` with the trick that ``events`` take still on the table (every
    card face up in the trick, none yet in the taker's pile), or None if no trick was taken."""
    taken = [moved for moved in map(move, (e.data for e in events))
             if moved.get("from") == "trick" and "cards" in moved]
    if not taken:
        return None
    cards: list[str | None] = list(taken[-1]["cards"])
    pile = taken[-1].get("to")
    zones = []
    for shown in seen["zones"]:
        zone = shown.copy()
        if zone["id"] == "trick":
            zone["cards"] = cards
        elif zone["id"] == pile:
            keep = max(len(zone["cards"]) - len(cards), 0)
            zone["cards"] = zone["cards"][:keep]
            if "shown" in zone:
                zone["shown"] = zone["shown"][:keep]
        zones.append(zone)
    return {**seen, "zones": zones}
