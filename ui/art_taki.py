"""Super Taki's cards drawn by code (see `game.rules.taki` for the codes), and its back.

`ui.cardart.card_surface` sends every Taki code here (``R51``, ``GS2``, ``WK1``...); the copy
digit does not change the picture. It draws with `ui.painter`;
the caching is `ui.cardart`'s.

- Coloured cards: the colour as the ground, a white tilted oval in the middle holding the
  figure's picture in the colour, the index in both corners (the figure, and the colour's shape
  in the colour-blind mode), and on action cards the action's name on a band at the foot.
- Colourless cards: a dark ground framed in the four colours.
- Pictures: numbers as big digits (localized); +2 and +3 as the sum over a fan of that many
  cards; Stop a no-entry sign; Change Direction two arrows chasing each other; Plus a big plus;
  Taki a fan of three cards of the colour; Change Colour a wheel of the four colours; Super
  Taki a fan of cards of the four colours; King a crown; +3 Breaker the +3 split by a bolt.
- Colour-blind mode: red a circle, green a triangle, blue a square, yellow a star, in the
  corners and behind the oval's picture; the shapes differ in outline, so colour is never
  the only cue.
- Cards narrower than ``painter.COMPACT_BELOW`` show only the index and one big picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ui import painter
from ui.games.taki import CARD_WORDS
from ui.painter import (INK, WHITE, Canvas, Color, Point, fit_text, mix, poly_prim, star_points,
                        word_text)

TAKI_COLOURS: dict[str, Color] = {
    "R": (214, 40, 48), "G": (30, 148, 70), "B": (30, 104, 204), "Y": (244, 194, 28)}
DARK: Color = (34, 34, 44)
CRIMSON: Color = (128, 22, 70)
SHAPES: dict[str, list[painter.Prim]] = {
    "R": [painter.circle_prim(0, 0, 0.46)],
    "G": [poly_prim([(0, -0.5), (0.55, 0.42), (-0.55, 0.42)])],
    "B": [poly_prim([(-0.42, -0.42), (0.42, -0.42), (0.42, 0.42), (-0.42, 0.42)])],
    "Y": [poly_prim(star_points(5, 0.55, 0.23, cy=0.05))],
}
"""Colour-blind shapes: red circle, green triangle, blue square, yellow star."""
NAMED = {"S", "D", "P", "T", "WC", "WT", "WK", "WB"}
"""Figures whose name is written on a band (numbers, +2 and +3 read by themselves)."""


def is_code(code: str) -> bool:
    return len(code) == 3 and code[0] in "RGBYW" and code in _CODES


def _codes() -> frozenset[str]:
    from game.rules.taki import ALL_CARDS
    return frozenset(ALL_CARDS)


_CODES = _codes()


def card(code: str, width: int, colorblind: bool, lang: str, large: bool) -> pygame.Surface:
    colour, figure = code[0], code[1]
    if colour == "W":
        return _wild(figure, width, lang, large)
    ground = TAKI_COLOURS[colour]
    ink = _on(ground)
    c = Canvas(width, ground, mix(ground, INK, 0.45), lang)
    w, h = c.w, c.h
    if large:
        _large(c, figure, colour, colorblind, ink, ground)
        return c.finish()

    label = _label(c, figure, ink)

    def mark(cx: float, cy: float, size: float, flip: bool) -> None:
        if label is None:  # an action card: its small picture, then the colour's shape
            _picture(c, figure, colour, cx, cy, size * 1.5, ink, ground)
            cy += (-size if flip else size) * 1.25
        if colorblind:
            c.shape(SHAPES[colour], cx, cy, size, ink, flip=flip)

    if c.compact:
        painter.corner_index(c, label, mark, h * 0.15, False)
        _picture(c, figure, colour, c.mx(w * 0.6), h * 0.68, h * 0.36, ink, ground)
        return c.finish()
    painter.corner_index(c, label, mark, h * 0.085, True)
    cx, cy = w / 2, h * (0.45 if figure in NAMED else 0.5)
    oval = _oval(cx, cy, w * 0.36, h * 0.3)
    c.poly(WHITE, oval)
    if colorblind:
        c.shape(SHAPES[colour], cx, cy, w * 0.5, mix(ground, WHITE, 0.78))
    deep = mix(ground, INK, 0.22) if colour == "Y" else ground  # yellow on white is faint
    _picture(c, figure, colour, cx, cy, w * 0.5, deep, WHITE)
    if figure in NAMED:
        _band(c, CARD_WORDS[figure][lang], ink, mix(ground, INK, 0.3))
    return c.finish()


def _large(c: Canvas, figure: str, colour: str, colorblind: bool, ink: Color,
           ground: Color) -> None:
    """The large index (`painter.large_index`): a number or a sum as the label, with the
    colour's shape (colour-blind mode) under it; an action card's picture as tall as a label,
    the shape under it too."""
    def mark(cx: float, cy: float, size: float, flip: bool) -> None:
        if colorblind:
            c.shape(SHAPES[colour], cx, cy, size, ink)

    if figure.isdigit():
        painter.large_index(c, _large_label(c, figure, ink), mark, c.h * painter.LARGE_MARK)
        return
    top = _large_picture(c, lambda cx, cy, size: _picture(c, figure, colour, cx, cy, size, ink,
                                                          ground))
    mark(c.mx(c.w * 0.3), top + c.h * (0.03 + painter.LARGE_MARK / 2), c.h * painter.LARGE_MARK,
         False)


def _large_picture(c: Canvas, picture: Callable[[float, float, float], None]) -> float:
    """An action card's large index: its picture at the reading-start top, as tall as a large
    label (wider than the label's column: a picture is no narrow glyph); where it ends."""
    size = min(c.w * 0.6, c.h * 0.45)
    top = c.h * 0.035
    picture(c.mx(c.w * 0.3), top + size / 2, size)
    return top + size


def _on(ground: Color) -> Color:
    return INK if painter.luma(ground) > 150 else WHITE


def _label(c: Canvas, figure: str, ink: Color) -> pygame.Surface | None:
    """The corner label: the digit, +2 or +3; action cards show a small picture instead."""
    tall = c.h * (0.27 if c.compact else 0.13)
    wide = c.w * (0.5 if c.compact else 0.24)
    if figure in ("2", "3+"):
        return _sum(figure[0], c.lang, ink, tall, wide)
    if figure.isdigit():
        return fit_text(figure, c.lang, ink, tall, wide)
    return None


def _large_label(c: Canvas, figure: str, ink: Color, plus: bool = False) -> pygame.Surface:
    """A large index's label: the number, or with ``plus`` the sum (+2 is the coloured cards'
    figure ``2``; +3 is a colourless card's)."""
    if plus or figure == "2":
        return _sum(figure, c.lang, ink, c.h * painter.LARGE_LABEL,
                    c.w * painter.LARGE_COLUMN * 0.92, painter.tall_text)
    return painter.large_label(c, figure, ink)


def _sum(digit: str, lang: str, color: Color, height: float, max_width: float,
         fit: Callable[[str, str, Color, float, float], pygame.Surface] = fit_text
         ) -> pygame.Surface:
    """"+2" or "+3", the plus on the left in every language (as printed on the cards), the
    digit localized and written by ``fit`` (`painter.tall_text` condenses it)."""
    num = fit(digit, lang, color, height, max_width * 0.6)
    plus = fit_text("+", "en", color, height * 0.62, max_width * 0.4)
    gap = max(1, round(height * 0.06))
    out = pygame.Surface((plus.get_width() + gap + num.get_width(),
                          max(plus.get_height(), num.get_height())), pygame.SRCALPHA)
    out.blit(plus, (0, (out.get_height() - plus.get_height()) // 2))
    out.blit(num, (plus.get_width() + gap, (out.get_height() - num.get_height()) // 2))
    return out


def _oval(cx: float, cy: float, rx: float, ry: float, turn: float = 0.45) -> list[Point]:
    """An ellipse leaning right, as a polygon."""
    out = []
    for i in range(48):
        a = 2 * math.pi * i / 48
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + x * math.cos(turn) - y * math.sin(turn) * 0.4,
                    cy + y + x * math.sin(turn) * 0.4))
    return out


def _band(c: Canvas, word: str, color: Color, ground: Color) -> None:
    w, h = c.w, c.h  # between the corner indexes
    c.rect(ground, w * 0.22, h * 0.8, w * 0.56, h * 0.13, radius=w * 0.04)
    c.text(word_text(word, c.lang, color, w * 0.13, w * 0.52), w / 2, h * 0.865)


def _picture(c: Canvas, figure: str, colour: str, cx: float, cy: float, size: float,
             color: Color, ground: Color) -> None:
    """The figure's picture ``size`` px across, centred on (cx, cy), in ``color`` over
    ``ground``."""
    if figure.isdigit() and figure != "2":
        c.text(fit_text(figure, c.lang, color, size * 0.95, size * 0.9), cx, cy)
    elif figure == "2":
        _fan(c, cx, cy + size * 0.08, size * 0.8, [color, color], ground)
        c.text(_sum("2", c.lang, color, size * 0.36, size * 0.6), cx, cy - size * 0.36)
    elif figure == "S":
        _stop(c, cx, cy, size * 0.8, color, ground)
    elif figure == "D":
        _arrows(c, cx, cy, size * 0.78, color)
    elif figure == "P":
        t = size * 0.2
        c.rect(color, cx - size * 0.38, cy - t / 2, size * 0.76, t, radius=t * 0.2)
        c.rect(color, cx - t / 2, cy - size * 0.38, t, size * 0.76, radius=t * 0.2)
    elif figure == "T":
        _fan(c, cx, cy, size * 0.85, [color] * 3, ground)


def _rotated_rect(cx: float, cy: float, w: float, h: float, turn: float) -> list[Point]:
    cos, sin = math.cos(turn), math.sin(turn)
    return [(cx + x * cos - y * sin, cy + x * sin + y * cos)
            for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def _fan(c: Canvas, cx: float, cy: float, size: float, colors: list[Color],
         ground: Color) -> None:
    """``len(colors)`` little cards fanned from a point below, ``size`` px tall."""
    k = len(colors)
    cw, ch = size * 0.5, size * 0.7
    pivot = (cx, cy + size * 0.45)
    for i, col in enumerate(colors):
        turn = (i - (k - 1) / 2) * 0.42
        mx = pivot[0] + math.sin(turn) * ch * 0.55
        my = pivot[1] - math.cos(turn) * ch * 0.55 - size * 0.1
        outer = _rotated_rect(mx, my, cw, ch, turn)
        c.poly(ground, _rotated_rect(mx, my, cw * 1.16, ch * 1.12, turn))
        c.poly(col, outer)
        c.poly(mix(col, WHITE, 0.35), _rotated_rect(mx, my, cw * 0.55, ch * 0.65, turn))


def _stop(c: Canvas, cx: float, cy: float, size: float, color: Color, ground: Color) -> None:
    r = size / 2
    octagon = [(cx + r * math.cos(math.pi / 8 + i * math.pi / 4),
                cy + r * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
    c.poly(color, octagon)
    c.rect(ground, cx - r * 0.62, cy - r * 0.17, r * 1.24, r * 0.34, radius=r * 0.05)


def _arc(cx: float, cy: float, r: float, t: float, a0: float, a1: float) -> list[Point]:
    """A thick arc from angle a0 to a1 (radians), ``t`` thick, as a polygon."""
    n = 20
    outer = [(cx + (r + t / 2) * math.cos(a0 + (a1 - a0) * i / n),
              cy + (r + t / 2) * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n + 1)]
    inner = [(cx + (r - t / 2) * math.cos(a1 - (a1 - a0) * i / n),
              cy + (r - t / 2) * math.sin(a1 - (a1 - a0) * i / n)) for i in range(n + 1)]
    return outer + inner


def _arrows(c: Canvas, cx: float, cy: float, size: float, color: Color) -> None:
    """Two arrows going round a circle, each pointing at the other's tail."""
    r, t = size * 0.36, size * 0.13
    for start in (math.pi * 0.1, math.pi * 1.1):
        end = start + math.pi * 0.72
        c.poly(color, _arc(cx, cy, r, t, start, end))
        hx, hy = cx + r * math.cos(end), cy + r * math.sin(end)
        tx, ty = -math.sin(end), math.cos(end)  # the way round
        nx, ny = math.cos(end), math.sin(end)
        head = t * 1.5
        c.poly(color, [(hx + nx * head, hy + ny * head), (hx - nx * head, hy - ny * head),
                       (hx + tx * head * 1.4, hy + ty * head * 1.4)])


def _wheel(c: Canvas, cx: float, cy: float, r: float) -> None:
    for i, col in enumerate(TAKI_COLOURS.values()):
        a0 = -math.pi / 2 + i * math.pi / 2
        pts = [(cx, cy)] + [(cx + r * math.cos(a0 + math.pi / 2 * k / 12),
                             cy + r * math.sin(a0 + math.pi / 2 * k / 12)) for k in range(13)]
        c.poly(col, pts)


def _crown(c: Canvas, cx: float, cy: float, size: float) -> None:
    s = size / 2
    base = cy + s * 0.45
    tips = [(cx - s, base), (cx - s * 1.05, cy - s * 0.55), (cx - s * 0.5, cy - s * 0.05),
            (cx, cy - s * 0.8), (cx + s * 0.5, cy - s * 0.05), (cx + s * 1.05, cy - s * 0.55),
            (cx + s, base)]
    c.poly(painter.GOLD, tips)
    c.rect(painter.GOLD, cx - s, base - s * 0.05, s * 2, s * 0.3, radius=s * 0.05)
    for x, y in tips[1:6:2]:
        c.circle(painter.GOLD, (x, y), s * 0.14)
    for i, col in enumerate(TAKI_COLOURS.values()):
        c.circle(col, (cx + (i - 1.5) * s * 0.48, base + s * 0.1), s * 0.1)


def _bolt(c: Canvas, cx: float, cy: float, size: float) -> None:
    s = size / 2
    c.poly(painter.GOLD, [(cx + s * 0.25, cy - s), (cx - s * 0.35, cy + s * 0.1),
                      (cx - s * 0.02, cy + s * 0.1), (cx - s * 0.25, cy + s),
                      (cx + s * 0.35, cy - s * 0.12), (cx + s * 0.02, cy - s * 0.12)])


def _wild(figure: str, width: int, lang: str, large: bool) -> pygame.Surface:
    c = Canvas(width, DARK, INK, lang)
    w, h = c.w, c.h
    kind = "W" + figure
    inset, bar = w * 0.045, w * 0.04
    red, green, blue, yellow = TAKI_COLOURS.values()
    c.rect(red, inset, inset, w - 2 * inset, bar)  # a frame in the four colours
    c.rect(green, w - inset - bar, inset, bar, h - 2 * inset)
    c.rect(blue, inset, h - inset - bar, w - 2 * inset, bar)
    c.rect(yellow, inset, inset, bar, h - 2 * inset)

    def mark(cx: float, cy: float, size: float, flip: bool) -> None:
        _wild_picture(c, kind, cx, cy, size)

    if large:  # +3 and its Breaker by the sum, the others by their picture
        if kind in ("W3", "WB"):
            painter.large_index(c, _large_label(c, "3", WHITE, plus=True), _no_mark, 0)
            if kind == "WB":
                _bolt(c, c.mx(w * 0.75), h * 0.75, h * 0.3)
        else:
            _large_picture(c, lambda cx, cy, size: _wild_picture(c, kind, cx, cy, size))
        return c.finish()
    label = None
    if kind in ("W3", "WB"):
        label = _sum("3", lang, WHITE, h * (0.27 if c.compact else 0.12),
                     w * (0.5 if c.compact else 0.2))
    if c.compact:
        painter.corner_index(c, label, mark if label is None else _no_mark, h * 0.2, False)
        _wild_picture(c, kind, c.mx(w * 0.6), h * 0.68, h * 0.36)
        return c.finish()
    painter.corner_index(c, label, mark if label is None else _no_mark, h * 0.09, True)
    _wild_picture(c, kind, w / 2, h * 0.45, w * 0.62)
    if kind in NAMED:
        _band(c, CARD_WORDS[kind][lang], WHITE, mix(DARK, WHITE, 0.12))
    return c.finish()


def _no_mark(cx: float, cy: float, size: float, flip: bool) -> None:
    return None


def _wild_picture(c: Canvas, kind: str, cx: float, cy: float, size: float) -> None:
    if kind == "WC":
        _wheel(c, cx, cy, size * 0.45)
        c.circle(DARK, (cx, cy), size * 0.12)
    elif kind == "WT":
        _wheel(c, cx, cy, size * 0.22)
        _fan(c, cx, cy, size * 0.9, list(TAKI_COLOURS.values())[:4], DARK)
    elif kind == "WK":
        _crown(c, cx, cy, size * 0.85)
    elif kind == "W3" and c.compact:
        _fan(c, cx, cy, size * 0.9, [WHITE] * 3, DARK)
    elif kind == "WB" and c.compact:
        _bolt(c, cx, cy, size)
    elif kind == "W3":
        _fan(c, cx, cy + size * 0.12, size * 0.75, [WHITE] * 3, DARK)
        c.text(_sum("3", c.lang, painter.GOLD, size * 0.3, size * 0.6), cx, cy - size * 0.38)
    elif kind == "WB":
        c.text(_sum("3", c.lang, WHITE, size * 0.5, size * 0.85), cx, cy)
        _bolt(c, cx, cy, size * 0.95)


def emblem(c: Canvas, cx: float, cy: float, r: float) -> None:
    """Super Taki's emblem on the backs of `ui.backs`: the wheel of its four colours."""
    _wheel(c, cx, cy, r)
    c.poly(WHITE, star_points(4, r * 0.4, r * 0.13, cx, cy))


def back(width: int) -> pygame.Surface:
    """Taki's back: a deep crimson card, a wheel of the four colours and a ring of little
    cards."""
    c = Canvas(width, CRIMSON, INK, "en")
    w, h = c.w, c.h
    inset = w * 0.07
    c.rect(painter.GOLD, inset, inset, w - 2 * inset, h - 2 * inset, radius=w * 0.05,
           width=max(0.6, w / 60))
    for i in range(8):
        a = 2 * math.pi * i / 8
        col = list(TAKI_COLOURS.values())[i % 4]
        c.poly(col, _rotated_rect(w / 2 + w * 0.3 * math.cos(a), h / 2 + w * 0.3 * math.sin(a),
                                  w * 0.1, w * 0.15, a + math.pi / 2))
    _wheel(c, w / 2, h / 2, w * 0.15)
    c.circle(CRIMSON, (w / 2, h / 2), w * 0.05)
    c.poly(WHITE, star_points(4, w * 0.06, w * 0.02, w / 2, h / 2))
    return c.finish()
