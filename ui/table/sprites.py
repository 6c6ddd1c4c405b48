"""Cards on the table as sprites that tween from where they were to where the layout puts them.

Every card is a `Sprite` keyed by identity: its code where the viewer may see it (with a count,
for a game with two of a card), else ``(zone, index)``: a face-down card carries no identity.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core import Event
from game.shapes import move
from ui.table.layout import CARD_RATIO, ZoneBox, sort_hand

BASE_TWEEN = 0.26
"""Seconds a card takes to reach its place at animation speed 1."""
STAGGER = 0.03
"""Seconds between the starts of cards that arrive together (a deal)."""


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class Sprite:
    """One card on the table, in virtual coordinates (its centre) and width."""

    key: Any
    code: str | None
    x: float
    y: float
    w: float
    start: tuple[float, float, float] = (0.0, 0.0, 0.0)
    end: tuple[float, float, float] = (0.0, 0.0, 0.0)
    t: float = 1.0
    delay: float = 0.0
    duration: float = BASE_TWEEN
    zone: str = ""
    slot: int = 0
    lifted: bool = False
    flip: bool = False
    """Turning face up on this way: drawn as a back shrinking, then as its face growing. Only
    the way that reveals it: once there, any later move keeps the face up."""

    def move_to(self, x: float, y: float, w: float, duration: float, delay: float = 0.0) -> None:
        if (x, y, w) == self.end and (self.t < 1 or (self.x, self.y, self.w) == self.end):
            return
        self.start, self.end = (self.x, self.y, self.w), (x, y, w)
        self.t, self.delay, self.duration = 0.0, delay, max(duration, 0.01)

    def update(self, dt: float) -> None:
        if self.t >= 1:
            return
        if self.delay > 0:
            self.delay -= dt
            return
        self.t = min(1.0, self.t + dt / self.duration)
        k = ease_out(self.t)
        self.x, self.y, self.w = (a + (b - a) * k for a, b in zip(self.start, self.end))
        if self.t >= 1:
            self.flip = False

    @property
    def face_shown(self) -> bool:
        """Whether its face is drawn now: a card the viewer may see, unless it is in the first
        half of turning face up."""
        return self.code is not None and not (self.flip and self.t < 0.5)

    @property
    def moving(self) -> bool:
        return self.t < 1

    def rect(self) -> pygame.Rect:
        h = self.w * CARD_RATIO
        return pygame.Rect(round(self.x - self.w / 2), round(self.y - h / 2 - (14 if self.lifted
                                                                               else 0)),
                           round(self.w), round(h))


def place(sprites: dict[Any, Sprite], boxes: Sequence[ZoneBox], events: Sequence[Event],
          viewer: int | None, rtl: bool, speed: float, turned: Collection[str] = (),
          arrange: Callable[[ZoneBox], Sequence[str | None]] | None = None) -> None:
    """Send every card of ``boxes`` to its slot, in place (``sprites`` is updated).

    With ``events`` the cards tween (at ``speed``) and a card new to the table starts at the
    zone the events say it came from, turning face up if it was hidden there from ``viewer``;
    without, they jump. A card new to a zone of ``turned`` (its faces turned because the eyes
    changed, not its cards) appears at its slot. Hands are sorted (``arrange``, by default
    `sort_hand`), read from the right when ``rtl``. Sprites of cards no longer on the table are
    dropped; every sprite ends unlifted.
    """
    by_id = {b.id: b for b in boxes}
    sources: dict[str, str] = {}
    for e in events:
        moved = move(e.data)
        src, dst = moved.get("from"), moved.get("to")
        if src is not None and dst is not None and src in by_id:
            sources[dst] = src
    seen: dict[str, int] = {}
    alive = set()
    duration = BASE_TWEEN / speed
    fresh = 0
    for box in boxes:
        cards: Sequence[str | None] = box.cards
        if box.kind == "hand":  # sorted, read from the right in Persian and Arabic
            cards = arrange(box) if arrange is not None else sort_hand(cards)
            cards = cards[::-1] if rtl else cards
        for i, (code, (x, y)) in enumerate(zip(cards, box.slots)):
            if code is None:
                key: Any = (box.id, i)
            else:
                seen[code] = seen.get(code, 0) + 1
                key = (code, seen[code])
            alive.add(key)
            sprite = sprites.get(key)
            if sprite is None and box.id in turned:
                sprite = sprites[key] = Sprite(key, code, x, y, box.width, end=(x, y, box.width))
                delay = 0.0
            elif sprite is None:
                origin = by_id.get(sources.get(box.id, ""), box)
                ox, oy = origin.rect.center
                sprite = Sprite(key, code, float(ox), float(oy), origin.width)
                sprite.flip = (code is not None and origin is not box and not origin.face_up
                               and (origin.owner != viewer or origin.kind == "deck"))
                sprites[key] = sprite
                delay = fresh * STAGGER / speed if events else 0.0
                fresh += 1
            else:
                delay = 0.0
                sprite.flip = sprite.flip and sprite.moving  # only the way that turns it
            sprite.code, sprite.zone, sprite.slot, sprite.lifted = code, box.id, i, False
            sprite.move_to(x, y, box.width, duration if events else 0.0, delay)
    for key in [k for k in sprites if k not in alive]:
        del sprites[key]


def side_by_side(box: ZoneBox) -> bool:
    """Whether ``box`` lays its cards side by side, each over a part of the one before (a
    hand, a palette, a row, a fan, a spread), so that the order they overlap in decides which
    corner indices show; a pile (each card a hair off the one below) and the trick do not."""
    if box.kind in ("hand", "palette"):
        return True
    return box.id != "trick" and len(box.slots) > 1 \
        and abs(box.slots[1][0] - box.slots[0][0]) > 2


def stacking(sprites: dict[Any, Sprite], boxes: Sequence[ZoneBox], rtl: bool,
             raised: Sequence[Sprite | None]) -> list[Sprite]:
    """The sprites bottom to top: zone by zone in layout order, ``raised`` (held) on top."""
    order = {b.id: i for i, b in enumerate(boxes)}
    rows = {b.id for b in boxes if side_by_side(b)}
    on_top = -1 if rtl else 1

    def depth(s: Sprite) -> tuple[bool, int, int]:
        # in a row every card's corner index must show: the card art puts it at the
        # top left in English and at the top right in Persian and Arabic
        return (any(s is r for r in raised), order.get(s.zone, 0),
                on_top * s.slot if s.zone in rows else s.slot)

    return sorted(sprites.values(), key=depth)
