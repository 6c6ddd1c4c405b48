"""The card backs a player chooses from (setting ``back``, an index of `BACKS`), drawn by code in
the Persian decorative arts with `ui.painter`; `ui.cardart` caches them.

- 0 classic: the back each deck had first, a lattice of eight-pointed stars in the deck's own
  colours (`CLASSIC`); Super Taki's classic back is its own (`ui.art_taki.back`).
- 1 khatam (خاتم): the inlay of Shiraz boxes, six-pointed stars of bone, ebony and brass on
  walnut, framed by a saw-tooth band of little triangles.
- 2 termeh (ترمه): the woven silk of Yazd, rows of boteh (the paisley) in gold, green and cream
  on madder red, round a central medallion, in striped borders.
- 3 tile (کاشی): the star-and-cross tiles of Kashan, cobalt eight-pointed stars with white
  rosettes on a turquoise ground, set in white grout.
- 4 miniature (نگارگری): a manuscript's illuminated page, a gold medallion and corner pieces
  on lapis, a cypress, a blossoming branch and a bird in each half.

Every back reads the same upside down (turned half a turn, a card shows nothing of which way
it was held): each design draws one half and the same half turned. A deck that has an emblem of
its own (Tiraje's seven colours, Super Taki's colour wheel) shows it in the centre of every
back (``emblem``), so the deck on the table is known from behind.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from functools import partial

import pygame

from ui.painter import GOLD, INK, WHITE, Canvas, Color, Point, mix, star_points

Emblem = Callable[[Canvas, float, float, float], None]
"""Draws a deck's emblem centred on (cx, cy) within radius r."""
Turn = Callable[[Point], Point]
"""Where a point of one half lies: itself, or turned half a turn round the card's centre."""

BACKS = ("classic", "khatam", "termeh", "tile", "miniature")
"""The backs, in the order the settings offer them (their names: ``back.<name>``)."""
CLASSIC: dict[str, tuple[Color, Color]] = {
    "french": ((26, 46, 104), GOLD),
    "tiraje": ((38, 36, 48), (120, 118, 136)),
    "thief": ((22, 88, 58), (214, 196, 140)),
}
"""Ground and motif colour of each deck's classic back."""


def draw(pattern: int, kind: str, width: int, emblem: Emblem | None) -> pygame.Surface:
    """The back ``pattern`` (an index of `BACKS`) of the deck ``kind`` (a key of `CLASSIC`
    for the classic back; any deck for the others), ``width`` px wide."""
    name = BACKS[pattern]
    if name == "classic":
        return _classic(kind, width, emblem)
    return {"khatam": _khatam, "termeh": _termeh, "tile": _tile,
            "miniature": _miniature}[name](width, emblem)


def _halves(card: Canvas) -> tuple[Turn, Turn]:
    """The two ways a half of the card is drawn: as is, and turned half a turn."""
    w, h = card.w, card.h
    return (lambda p: p), (lambda p: (w - p[0], h - p[1]))


def _frame(card: Canvas, color: Color, inset: float, line: float) -> None:
    card.rect(color, inset, inset, card.w - 2 * inset, card.h - 2 * inset,
              radius=card.w * 0.04, width=max(0.5, line))


def _classic(kind: str, width: int, emblem: Emblem | None) -> pygame.Surface:
    """A lattice of eight-pointed stars with small crosses between them, a double frame, and a
    medallion (holding the deck's emblem, if it has one)."""
    ground, motif = CLASSIC[kind]
    card = Canvas(width, ground, mix(ground, INK, 0.5), "en")
    w, h = card.w, card.h
    cell = w / 4
    for i in range(-1, 6):
        for j in range(-1, 8):
            x, y = w / 2 + (i - 2) * cell, h / 2 + (j - 3) * cell
            card.poly(motif, star_points(8, cell * 0.36, cell * 0.26, x, y))
            card.poly(ground, star_points(8, cell * 0.22, cell * 0.16, x, y))
            card.poly(mix(motif, ground, 0.35), star_points(4, cell * 0.2, cell * 0.07,
                                                             x + cell / 2, y + cell / 2))
    inset = w * 0.07
    for k, line in ((1.0, w / 45), (1.6, w / 110)):
        _frame(card, motif, inset * k, line)
    cx, cy, r = w / 2, h / 2, w * 0.28
    card.circle(ground, (cx, cy), r * 1.08)
    card.circle(motif, (cx, cy), r * 1.08, width=max(0.6, w / 70))
    card.poly(motif, star_points(8, r, r * 0.72, cx, cy))
    card.poly(ground, star_points(8, r * 0.78, r * 0.56, cx, cy))
    return _finish(card, emblem, r * 0.6,
                   partial(_star_heart, card, r * 0.45, (r * 0.3, r * 0.15), (motif, ground)))


def _finish(card: Canvas, emblem: Emblem | None, room: float,
            plain: Callable[[], None]) -> pygame.Surface:
    """The back done: in the middle of its medallion the deck's ``emblem`` within radius
    ``room``, or for a deck without one the design's own heart (``plain``)."""
    if emblem is not None:
        emblem(card, card.w / 2, card.h / 2, room)
    else:
        plain()
    return card.finish()


def _star_heart(card: Canvas, star: float, inner: tuple[float, float],
                colours: tuple[Color, Color]) -> None:
    """An eight-pointed ``star`` in the middle (its inner radius and a dot: ``inner``), in the
    first of ``colours``, pierced by the second."""
    centre = (card.w / 2, card.h / 2)
    card.poly(colours[0], star_points(8, star, inner[0], *centre))
    card.circle(colours[1], centre, inner[1])


# ---------------------------------------------------------------- khatam

WALNUT: Color = (92, 56, 32)
BONE: Color = (238, 226, 198)
EBONY: Color = (38, 26, 20)
BRASS: Color = (200, 160, 78)
INLAY_GREEN: Color = (40, 112, 76)


def _hexagon(r: float, cx: float, cy: float, turn: float = 0.0) -> list[Point]:
    return [(cx + r * math.cos(turn + math.pi * k / 3), cy + r * math.sin(turn + math.pi * k / 3))
            for k in range(6)]


def _khatam_star(card: Canvas, cx: float, cy: float, r: float) -> None:
    """One star of the inlay: a bone hexagram, an ebony hexagon in it, a brass star, a green
    heart."""
    card.poly(BONE, star_points(6, r, r * 0.58, cx, cy))
    card.poly(EBONY, _hexagon(r * 0.52, cx, cy, math.pi / 6))
    card.poly(BRASS, star_points(6, r * 0.42, r * 0.25, cx, cy))
    card.circle(INLAY_GREEN, (cx, cy), r * 0.13)


def _saw_band(card: Canvas, inset: float, band: float) -> None:
    """A band of little triangles, bone and ebony in turn, round the card ``inset`` px in."""
    w, h = card.w, card.h
    card.rect(EBONY, inset, inset, w - 2 * inset, h - 2 * inset, width=band)
    for (x0, y0), (x1, y1), (nx, ny) in (
            ((inset, inset), (w - inset, inset), (0, 1)),
            ((w - inset, h - inset), (inset, h - inset), (0, -1)),
            ((inset, h - inset), (inset, inset), (1, 0)),
            ((w - inset, inset), (w - inset, h - inset), (-1, 0))):
        length = math.hypot(x1 - x0, y1 - y0)
        n = max(2, round(length / band))
        dx, dy = (x1 - x0) / n, (y1 - y0) / n
        for k in range(n):
            ax, ay = x0 + dx * k, y0 + dy * k
            card.poly(BONE, [(ax, ay), (ax + dx, ay + dy),
                             (ax + dx / 2 + nx * band, ay + dy / 2 + ny * band)])


def _khatam(width: int, emblem: Emblem | None) -> pygame.Surface:
    card = Canvas(width, WALNUT, EBONY, "en")
    w, h = card.w, card.h
    pitch = w / 3.1
    rows = math.ceil(h / (pitch * 0.866) / 2) + 1
    for j in range(-rows, rows + 1):
        y = h / 2 + j * pitch * 0.866
        shift = pitch / 2 if j % 2 else 0.0
        for i in range(-3, 4):
            x = w / 2 + i * pitch + shift
            _khatam_star(card, x, y, pitch * 0.46)
            card.circle(BRASS, (x + pitch / 2, y + pitch * 0.289), pitch * 0.06)
            card.circle(BRASS, (x + pitch / 2, y - pitch * 0.289), pitch * 0.06)
    band = w * 0.06
    _saw_band(card, w * 0.035, band)
    _frame(card, BRASS, w * 0.035 + band, w / 90)
    cx, cy, r = w / 2, h / 2, w * 0.24
    card.poly(BRASS, _hexagon(r * 1.1, cx, cy, math.pi / 6))
    card.poly(EBONY, _hexagon(r, cx, cy, math.pi / 6))
    return _finish(card, emblem, r * 0.75, partial(_khatam_star, card, cx, cy, r * 0.85))


# ---------------------------------------------------------------- termeh

MADDER: Color = (126, 22, 36)
TERMEH_GOLD: Color = (224, 178, 76)
TERMEH_GREEN: Color = (34, 96, 70)
CREAM: Color = (240, 228, 196)


def _boteh_outline(n: int = 40) -> list[Point]:
    """The boteh (the paisley) in a unit box, its round body below and its tip bent over to
    the right above: a drop whose upper part is pushed sideways the more the higher."""
    pts = []
    for k in range(n):
        t = 2 * math.pi * k / n
        x = 0.5 * math.sin(t) * math.sin(t / 2) ** 1.6
        y = -0.5 * math.cos(t)
        lift = max(0.0, -y - 0.05)
        pts.append((x + 0.9 * lift ** 2, y))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cx, cy, size = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2, max(ys) - min(ys)
    return [((x - cx) / size, (y - cy) / size) for x, y in pts]


BOTEH = _boteh_outline()


def _boteh(card: Canvas, turn: Turn, cx: float, cy: float, size: float, mirror: bool) -> None:
    """A boteh ``size`` px tall on (cx, cy), its tip bent right (left if ``mirror``): gold with
    a green body, a cream heart and a red seed, ringed with gold dots."""
    k = -1 if mirror else 1

    def at(scale: float) -> list[Point]:
        return [turn((cx + k * x * size * scale, cy + y * size * scale)) for x, y in BOTEH]

    for x, y in BOTEH[::3]:
        card.circle(TERMEH_GOLD, turn((cx + k * x * size * 1.22, cy + y * size * 1.18)),
                    size * 0.035)
    card.poly(TERMEH_GOLD, at(1.0))
    card.poly(TERMEH_GREEN, at(0.74))
    card.poly(CREAM, at(0.46))
    card.circle(MADDER, turn((cx, cy + size * 0.12)), size * 0.08)


def _termeh(width: int, emblem: Emblem | None) -> pygame.Surface:
    card = Canvas(width, MADDER, mix(MADDER, INK, 0.5), "en")
    w, h = card.w, card.h
    size = w * 0.2
    step_x, step_y = w * 0.3, h * 0.155
    for turn in _halves(card):
        for row in range(4):
            y = h * 0.1 + row * step_y
            shift = step_x / 2 if row % 2 else 0.0
            for col in range(-1, 4):
                x = w * 0.2 + col * step_x + shift
                _boteh(card, turn, x, y, size, row % 2 == 1)
    for inset, color, line in ((0.03, TERMEH_GOLD, w / 80), (0.06, TERMEH_GREEN, w / 30),
                               (0.09, TERMEH_GOLD, w / 110)):
        _frame(card, color, w * inset, line)
    for turn in _halves(card):  # gold dots along the green stripe, top and one side
        for k in range(1, 12):
            card.circle(TERMEH_GOLD, turn((w * 0.06 + (w * 0.88) * k / 12, w * 0.06)), w / 90)
        for k in range(1, 16):
            card.circle(TERMEH_GOLD, turn((w * 0.06, w * 0.06 + (h - w * 0.12) * k / 16)),
                        w / 90)
    cx, cy = w / 2, h / 2
    medallion = [(cx + w * 0.3 * math.cos(a) ** 3, cy + h * 0.15 * math.sin(a))
                 for a in (2 * math.pi * k / 48 for k in range(48))]
    card.poly(TERMEH_GOLD, [(cx + (x - cx) * 1.12, cy + (y - cy) * 1.12) for x, y in medallion])
    card.poly(MADDER, medallion)
    card.poly(TERMEH_GREEN, [(cx + (x - cx) * 0.7, cy + (y - cy) * 0.7) for x, y in medallion])
    return _finish(card, emblem, h * 0.085, partial(_star_heart, card, h * 0.075,
                                                    (h * 0.035, h * 0.022), (CREAM, MADDER)))


# ---------------------------------------------------------------- tile

TURQUOISE: Color = (38, 158, 168)
COBALT: Color = (24, 50, 138)
GROUT: Color = (236, 240, 236)


def _tile(width: int, emblem: Emblem | None) -> pygame.Surface:
    """Stars on the points of a chequerboard, their tips meeting corner to corner: the
    turquoise left between them is the crosses."""
    card = Canvas(width, TURQUOISE, mix(COBALT, INK, 0.4), "en")
    w, h = card.w, card.h
    pitch = w / 3.2
    outer = pitch * math.sqrt(2) / 2
    inner = outer * math.cos(math.pi / 4) / math.cos(math.pi / 8)
    span_i, span_j = math.ceil(w / pitch / 2) + 1, math.ceil(h / pitch / 2) + 1
    for i in range(-span_i, span_i + 1):
        for j in range(-span_j, span_j + 1):
            x, y = w / 2 + i * pitch, h / 2 + j * pitch
            if (i + j) % 2:  # the heart of a cross
                card.circle(COBALT, (x, y), pitch * 0.1)
                continue
            card.poly(GROUT, star_points(8, outer * 1.04, inner * 1.06, x, y, turn=0))
            card.poly(COBALT, star_points(8, outer * 0.94, inner * 0.94, x, y, turn=0))
            for k in range(8):
                a = math.pi / 8 + k * math.pi / 4
                card.circle(GROUT, (x + inner * 0.45 * math.cos(a), y + inner * 0.45 * math.sin(a)),
                            inner * 0.16)
            card.circle(TURQUOISE, (x, y), inner * 0.2)
    band = w * 0.07
    card.rect(COBALT, 0, 0, w, h, width=band)
    _frame(card, GROUT, band, w / 70)
    r = w * 0.2  # a roundel in the middle: a white rosette, or the deck's emblem
    card.circle(GROUT, (w / 2, h / 2), r * 1.1)
    card.circle(COBALT, (w / 2, h / 2), r)
    return _finish(card, emblem, r * 0.8, partial(_star_heart, card, r * 0.75,
                                                  (r * 0.45, r * 0.2), (GROUT, TURQUOISE)))


# ---------------------------------------------------------------- miniature

LAPIS: Color = (24, 42, 104)
LEAF: Color = (34, 104, 62)
CYPRESS: Color = (22, 72, 48)
BLOSSOM: Color = (244, 196, 206)
VERMILION: Color = (196, 58, 40)
FLOWERS = ((0.5, 0.12), (0.16, 0.3), (0.42, 0.2), (0.78, 0.36), (0.58, 0.4), (0.38, 0.44),
           (0.86, 0.16))
"""Where the little gold flowers lie in one half, as shares of the card's width and height."""


def _cypress(card: Canvas, turn: Turn, x: float, base: float, height: float) -> None:
    """A cypress (sarv): a slender flame of dark green on a short trunk, its tip bent over,
    the folds of its leaves in a lighter green."""
    half = height * 0.09

    def edge(side: int, t: float) -> Point:
        width = half * math.sin(math.pi * min(1.0, t * 1.15) ** 0.8) ** 0.6
        return (x + side * width + height * 0.09 * t ** 5, base - height * (0.08 + 0.92 * t))

    steps = [k / 24 for k in range(25)]
    trunk = height * 0.025
    card.rect((110, 74, 46), x - trunk, base - height * 0.1, trunk * 2, height * 0.1)
    card.poly(CYPRESS, [turn(edge(-1, t)) for t in steps] +
              [turn(edge(1, t)) for t in reversed(steps)])
    for k in range(1, 8):  # the folds of its leaves, chevrons up the tree
        t = k / 9
        left, right = edge(-1, t), edge(1, t)
        tip = ((left[0] + right[0]) / 2, left[1] - height * 0.04)
        card.line(LEAF, turn((left[0] * 0.6 + right[0] * 0.4, left[1])), turn(tip), height / 110)
        card.line(LEAF, turn((right[0] * 0.6 + left[0] * 0.4, right[1])), turn(tip), height / 110)


def _branch(card: Canvas, turn: Turn, start: Point, length: float) -> None:
    """A blossoming branch reaching from ``start`` to the right: leaves and pink flowers."""
    x0, y0 = start
    points = [(x0 + length * t, y0 - length * 0.35 * math.sin(t * 2.4)) for t in
              (k / 10 for k in range(11))]
    for here, there in itertools.pairwise(points):
        card.line((176, 128, 72), turn(here), turn(there), length / 32)
    for k, (x, y) in enumerate(points[1::2]):
        card.ellipse(LEAF, *_box(turn, x - length * 0.04, y + length * 0.01, length * 0.08,
                                 length * 0.04))
        r = length * (0.055 - 0.005 * k)
        fx, fy = x + length * 0.02, y - length * 0.05
        for p in range(5):
            a = 2 * math.pi * p / 5
            card.circle(BLOSSOM, turn((fx + r * math.cos(a), fy + r * math.sin(a))), r * 0.7)
        card.circle(TERMEH_GOLD, turn((fx, fy)), r * 0.45)


def _box(turn: Turn, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) where ``turn`` puts the box at (x, y), ``w`` by ``h``."""
    (ax, ay), (bx, by) = turn((x, y)), turn((x + w, y + h))
    return min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay)


def _bird(card: Canvas, turn: Turn, x: float, y: float, size: float) -> None:
    """A songbird (bolbol) perched at (x, y), facing left: a long dark tail, a brown body
    with a vermilion wing, a black cap and a gold beak."""
    def at(points: Sequence[Point]) -> list[Point]:
        return [turn((x + px * size, y + py * size)) for px, py in points]

    card.poly(INK, at([(0.25, -0.25), (0.95, 0.1), (0.85, 0.22), (0.2, -0.1)]))
    card.poly((150, 112, 80), at([(-0.45, -0.55), (-0.1, -0.6), (0.35, -0.3), (0.3, -0.1),
                                  (-0.05, 0.0), (-0.35, -0.2)]))
    card.poly(VERMILION, at([(-0.15, -0.45), (0.3, -0.28), (0.05, -0.12), (-0.2, -0.22)]))
    card.circle(INK, turn((x - size * 0.4, y - size * 0.62)), size * 0.17)
    card.poly(GOLD, at([(-0.55, -0.66), (-0.8, -0.6), (-0.55, -0.56)]))
    card.circle(WHITE, turn((x - size * 0.45, y - size * 0.65)), size * 0.045)
    card.line(INK, turn((x - size * 0.1, y)), turn((x - size * 0.1, y + size * 0.12)),
              size / 25)


def _quarter(card: Canvas, turn: Turn, corner: Point, r: float, toward: Sequence[float]) -> None:
    """A corner piece: a quarter of a gold medallion with a red heart, in the corner."""
    sx, sy = toward
    arc = [corner] + [(corner[0] + sx * r * math.cos(a), corner[1] + sy * r * math.sin(a))
                      for a in (math.pi / 2 * k / 12 for k in range(13))]
    card.poly(GOLD, [turn(p) for p in arc])
    card.poly(VERMILION, [turn((corner[0] + (x - corner[0]) * 0.6,
                                corner[1] + (y - corner[1]) * 0.6)) for x, y in arc])


def _miniature(width: int, emblem: Emblem | None) -> pygame.Surface:
    card = Canvas(width, LAPIS, mix(LAPIS, INK, 0.5), "en")
    w, h = card.w, card.h
    inset = w * 0.1
    for turn in _halves(card):
        for fx, fy in FLOWERS:  # little gold flowers strewn over the field
            for k in range(4):
                a = math.pi / 4 + k * math.pi / 2
                card.circle(GOLD, turn((w * fx + w * 0.012 * math.cos(a),
                                        h * fy + w * 0.012 * math.sin(a))), w * 0.01)
        _cypress(card, turn, w * 0.25, h * 0.46, h * 0.3)
        _branch(card, turn, (w * 0.34, h * 0.33), w * 0.42)
        _bird(card, turn, w * 0.58, h * 0.28, w * 0.16)
        _quarter(card, turn, (inset, inset), w * 0.2, (1, 1))
        _quarter(card, turn, (w - inset, inset), w * 0.2, (-1, 1))
    card.rect(GOLD, 0, 0, w, h, width=inset * 0.55)
    _frame(card, VERMILION, inset * 0.55, w / 60)
    _frame(card, GOLD, inset * 0.55 + w / 45, w / 140)
    cx, cy = w / 2, h / 2
    toranj = [(cx + w * 0.2 * math.sin(a) * (1 + 0.25 * math.cos(4 * a)),
               cy + h * 0.1 * math.cos(a) * (1 + 0.6 * abs(math.cos(a)) ** 6))
              for a in (2 * math.pi * k / 64 for k in range(64))]
    card.poly(GOLD, toranj)
    card.poly(VERMILION, [(cx + (x - cx) * 0.72, cy + (y - cy) * 0.72) for x, y in toranj])
    card.poly(LAPIS, [(cx + (x - cx) * 0.5, cy + (y - cy) * 0.5) for x, y in toranj])
    return _finish(card, emblem, h * 0.05, partial(_star_heart, card, h * 0.04,
                                                   (h * 0.018, h * 0.008), (GOLD, LAPIS)))
