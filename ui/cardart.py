"""Card art drawn by code: every card of the table's games as a `pygame.Surface`.

Public API:

- ``card_surface(code, width, *, colorblind=False, lang="fa", back="french", face="standard",
  pattern=0)`` — the face of ``code`` (``None``: the back of the card system ``back``, one of
  `BACKS`, in the design ``pattern`` of `ui.backs.BACKS`), with the ``face`` of `FACES`.
  The surface is ``width`` x ``card_height(width)`` (about 5:7), SRCALPHA with transparent
  rounded corners, a thin border and no shadow (the table draws shadows). Surfaces are cached per
  (code, width, options) and shared: never draw on one, ``copy()`` it first.
- ``canvas_marker(width, lang="fa")`` — Tiraje's "start on red" card under the canvas; ``R0`` is
  no card, so `card_surface` refuses it.
- ``card_height(width)`` — ``round(width * 1.4)``.
- ``swatch(code, width, *, back="french", colorblind=False)`` — a square tile for a chooser of
  a suit (French games: ``S H D C``, the suit's pip) or a colour (Super Taki, ``back="taki"``:
  ``R G B Y``, the colour with its colour-blind shape on it, always); ``None`` for any other
  code. Cached like the cards.

Codes, any other raises `ValueError`:

- French: rank ``A K Q J T 9 .. 2`` + suit ``S H D C`` (``AS``, ``TD``), jokers ``XR`` (coloured)
  and ``XB`` (black).
- Tiraje: colour ``R O Y G B I V`` + number ``1``-``7`` (``R7``, ``G3``); each card names its
  colour's rule in ``lang``.
- Clumsy Thief: money ``20 30 40 50 60 70 80``, thief ``T``, jail ``J``.
- Super Taki: colour ``R G B Y`` (``W`` colourless) + figure + copy (``R51``, ``GS2``, ``WK1``),
  drawn by `ui.art_taki`, back ``taki``.

How the art is made: shapes (suit pips, emblems, patterns) are drawn with `pygame.draw` at four
times the size and smooth-scaled down, which anti-aliases them; text is rendered at the final
size on top, so it stays crisp. Every label goes through `ui.text`: ``shape`` (digits localized,
۲ Persian and ٢ Arabic; letters reshaped and reordered), ``wrap`` and ``font`` (Vazirmatn Bold).
The corner index sits at the reading start: top-left (and bottom-right, turned) in English,
top-right (and bottom-left) in Persian and Arabic, the corner a fan laid out in that direction
leaves visible. Cards under 60 px wide switch to a compact layout: a big index and one big
symbol, no small text.

The large face (``face="large"``, for players who see less well) has one layout at every size:
an index at least twice as tall as the standard one (`ui.painter.large_index`: the label half
the card's height, condensed to a column half its width, the mark under it) in the corner a fan
shows, and the mark again, big, low in the other column. Court cards are their letter; Tiraje's
rule and the courts' pictures are left to the standard face.

Colour-blind mode: French cards use four colours (diamonds blue, clubs green) while every suit
keeps its drawn shape; Tiraje cards add a shape of their own per colour (circle, triangle,
square, cross, diamond, star, crescent) and the colour's initial (English) or name (Persian,
Arabic). Thief money always shows its amount, so its colour is only a help.
"""

from __future__ import annotations

import functools
import math

import pygame

from game.cards import french
from game.rules.taki import COLOUR_OF as TAKI_CODES
from game.rules.tiraje import COLOUR_NAMES, RULE_NAMES
from ui import art_taki, backs
from ui import text as uitext
from ui.painter import (GOLD, INK, LARGE_COLUMN, LARGE_MARK, WHITE, Canvas, Color, Mark, Point,
                        Prim, circle_prim, corner_index, fit_text, large_index, large_label, luma,
                        mix, poly_prim, star_points, text_lines, word_text)

LANGS = ("fa", "en", "ar")
BACKS = ("french", "tiraje", "thief", "taki")
"""The card systems, each with backs of its own."""
FACES = ("standard", "large")
"""The faces: today's, and the large index (`ui.painter.large_index`) on every deck's cards
but the Clumsy Thief's thief and jail, whose pictures are their index (its money shows the
amount twice as tall)."""
MIN_WIDTH = 8
"""Narrower cards are refused; below about 30 px they are only a coloured shape anyway."""

# ---------------------------------------------------------------- colours

PAPER: Color = (252, 250, 244)
SKIN: Color = (242, 212, 178)

SUIT_COLOURS: dict[str, Color] = {"S": INK, "H": (206, 24, 38), "D": (206, 24, 38), "C": INK}
FOUR_COLOURS: dict[str, Color] = {"S": INK, "H": (206, 24, 38), "D": (22, 88, 214),
                                  "C": (12, 132, 64)}

TIRAJE_COLOURS: dict[str, Color] = {
    "R": (214, 38, 46), "O": (242, 128, 24), "Y": (246, 204, 44), "G": (40, 154, 74),
    "B": (34, 128, 222), "I": (62, 50, 150), "V": (160, 74, 190)}
"""Red, orange, yellow, green, blue, indigo, violet: Tiraje's colours, strongest first."""

MONEY_COLOURS: dict[str, Color] = {
    "20": (34, 128, 62), "30": (204, 110, 22), "40": (118, 70, 168), "50": (30, 96, 186),
    "60": (190, 38, 52), "70": (0, 134, 140), "80": (124, 84, 44)}


def _on(c: Color) -> Color:
    """Text colour that reads on a ground of colour ``c``."""
    return INK if luma(c) > 150 else WHITE


# ---------------------------------------------------------------- words on cards

TIRAJE_TAGS: dict[str, dict[str, str]] = {
    "en": {c: c for c in TIRAJE_COLOURS},
    **{lang: {c: COLOUR_NAMES[c][lang] for c in TIRAJE_COLOURS} for lang in ("fa", "ar")},
}
"""Colour-blind tag per Tiraje colour: the initial in English, the (short) name otherwise,
since the Persian and Arabic initials collide (نارنجی/نیلی, أحمر/أصفر/أخضر/أزرق)."""

RANK_LABELS: dict[str, dict[str, str]] = {
    "en": {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10"},
    "fa": {"A": "آ", "K": "ش", "Q": "ب", "J": "س", "T": "10"},
    "ar": {"A": "آ", "K": "ش", "Q": "ب", "J": "و", "T": "10"},
}
"""Corner labels of aces, faces and tens; other ranks are their digit (localized when drawn).
Persian: آس، شاه، بی‌بی، سرباز; Arabic (as Levant and Gulf players say): آس، شايب، بنت، ولد."""
FACE_NAMES: dict[str, dict[str, str]] = {
    "en": {"K": "KING", "Q": "QUEEN", "J": "JACK"},
    "fa": {"K": "شاه", "Q": "بی‌بی", "J": "سرباز"},
    "ar": {"K": "شايب", "Q": "بنت", "J": "ولد"},
}
WORDS: dict[str, dict[str, str]] = {
    "en": {"joker": "JOKER", "money": "TOMAN", "T": "THIEF", "J": "JAIL", "start": "START ON RED"},
    "fa": {"joker": "جوکر", "money": "تومان", "T": "دزد", "J": "زندان", "start": "شروع با قرمز"},
    "ar": {"joker": "جوكر", "money": "تومان", "T": "لص", "J": "سجن", "start": "البداية بالأحمر"},
}

# ---------------------------------------------------------------- shapes


def _normalized(points: list[Point]) -> list[Point]:
    """``points`` scaled to height 1 and centred on 0."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy, h = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2, max(ys) - min(ys)
    return [((x - cx) / h, (y - cy) / h) for x, y in points]


def _heart_outline(n: int = 64) -> list[Point]:
    """The classic parametric heart, point down."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        pts.append((16 * math.sin(t) ** 3,
                    -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t)
                      - math.cos(4 * t))))
    return _normalized(pts)



_HEART = _heart_outline()
SUIT_SHAPES: dict[str, list[Prim]] = {
    "H": [poly_prim(_HEART)],
    "S": [poly_prim([(x * 0.92, -y * 0.8 - 0.1) for x, y in _HEART]),
          poly_prim([(0, 0.0), (-0.2, 0.5), (0.2, 0.5)])],
    "D": [poly_prim([(0, -0.5), (0.37, 0), (0, 0.5), (-0.37, 0)])],
    "C": [circle_prim(0, -0.26, 0.23), circle_prim(-0.25, 0.06, 0.23),
          circle_prim(0.25, 0.06, 0.23),
          circle_prim(0, 0, 0.14),
          poly_prim([(0, -0.02), (-0.19, 0.5), (0.19, 0.5)])],
}
COLOUR_SHAPES: dict[str, list[Prim]] = {
    "R": [circle_prim(0, 0, 0.46)],
    "O": [poly_prim([(0, -0.5), (0.52, 0.4), (-0.52, 0.4)])],
    "Y": [poly_prim([(-0.42, -0.42), (0.42, -0.42), (0.42, 0.42), (-0.42, 0.42)])],
    "G": [poly_prim([(-0.17, -0.5), (0.17, -0.5), (0.17, -0.17), (0.5, -0.17), (0.5, 0.17),
                 (0.17, 0.17), (0.17, 0.5), (-0.17, 0.5), (-0.17, 0.17), (-0.5, 0.17),
                 (-0.5, -0.17), (-0.17, -0.17)])],
    "B": [poly_prim([(0, -0.52), (0.38, 0), (0, 0.52), (-0.38, 0)])],
    "I": [poly_prim(star_points(5, 0.54, 0.23, cy=0.05))],
    "V": [circle_prim(0, 0, 0.48), circle_prim(0.2, -0.1, 0.4, "hole")],
}
"""Colour-blind shapes of Tiraje: circle, triangle, square, cross, diamond, star, crescent."""


# ---------------------------------------------------------------- the painter



# ---------------------------------------------------------------- French cards

PIP_ROWS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1),
        (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)],
}
"""Pip positions of the number cards: (column 0..1, row 0..1) in the pip field."""


def _rank_label(rank: str, lang: str) -> str:
    return RANK_LABELS[lang].get(rank, rank)




def _french(code: str, width: int, colorblind: bool, lang: str, large: bool) -> pygame.Surface:
    card = Canvas(width, PAPER, (150, 150, 156), lang)
    w, h = card.w, card.h
    if code in french.JOKERS:
        return _joker(card, code == "XR", large)
    rank, suit = code[0], code[1]
    color = (FOUR_COLOURS if colorblind else SUIT_COLOURS)[suit]
    pips = SUIT_SHAPES[suit]

    def pip(cx: float, cy: float, size: float, flip: bool) -> None:
        card.shape(pips, cx, cy, size, color, flip=flip)

    label = index_label(card, rank, color, large)
    if large:
        large_index(card, label, pip, h * LARGE_MARK)
        _beside_large(card, pip)
        return card.finish()
    corner_index(card, label, pip, h * (0.15 if card.compact else 0.085), not card.compact)
    if card.compact:
        pip(card.mx(w * 0.58), h * 0.72, h * 0.36, False)
    elif rank in "KQJ":
        _face(card, rank, suit, color)
    elif rank == "A":
        pip(w / 2, h / 2, w * 0.46, False)
    else:
        left, right, top, bottom = w * 0.35, w * 0.65, h * 0.19, h * 0.81
        for col, row in PIP_ROWS[french.rank(code)]:
            pip(left + (right - left) * col, top + (bottom - top) * row, w * 0.15, row > 0.5)
    return card.finish()


STANDARD_LABELS: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {
    "french": ((0.27, 0.48), (0.15, 0.2)), "tiraje": ((0.24, 0.4), (0.14, 0.22))}
"""The standard face's label: its height and greatest width as shares of the card's, on a
compact card and on a full one, per deck."""


def index_label(card: Canvas, figure: str, color: Color, large: bool,
                deck: str = "french") -> pygame.Surface:
    """The label of a card's index on ``card``, in the standard face or the ``large`` one: a
    French card's rank (``A K Q J T 9 .. 2``, by its name in the card's language) or a Tiraje
    card's number (``deck="tiraje"``)."""
    text = _rank_label(figure, card.lang)
    if large:
        return large_label(card, text, color)
    compact, full = STANDARD_LABELS[deck]
    tall, wide = compact if card.compact else full
    return fit_text(text, card.lang, color, card.h * tall, card.w * wide)


def _beside_large(card: Canvas, mark: Mark) -> None:
    """Beside a large index, low in the other column: its mark again, as big as the column
    holds."""
    side = card.w * (1 - LARGE_COLUMN)
    size = min(side * 0.8, card.h * 0.3)
    mark(card.mx(card.w - side / 2), card.h * 0.96 - size / 2, size, False)


def _face(card: Canvas, rank: str, suit: str, color: Color) -> None:
    """A framed court figure (crown for the king, tiara for the queen, feathered cap for the
    jack) wearing the suit on its chest, with the court's name under it."""
    w, h = card.w, card.h
    fx, fy, fw, fh = w * 0.25, h * 0.07, w * 0.5, h * 0.86
    card.rect(mix(color, PAPER, 0.9), fx, fy, fw, fh, radius=w * 0.03)
    cx, head_y, head_r = w / 2, fy + fh * 0.3, fw * 0.18
    # shoulders and robe
    card.ellipse(color, cx - fw * 0.4, head_y + head_r * 0.9, fw * 0.8, fh * 0.55)
    card.rect(mix(color, PAPER, 0.9), fx, fy + fh * 0.64, fw, fh * 0.36)
    card.line(GOLD, (cx - fw * 0.4, fy + fh * 0.64), (cx + fw * 0.4, fy + fh * 0.64), w / 50)
    card.circle(PAPER, (cx, head_y + head_r * 2.4), fw * 0.12)
    card.shape(SUIT_SHAPES[suit], cx, head_y + head_r * 2.4, fw * 0.15, color)
    # head
    if rank == "Q":
        card.ellipse(INK, cx - head_r * 1.3, head_y - head_r * 1.05, head_r * 2.6, head_r * 2.5)
    card.circle(SKIN, (cx, head_y), head_r)
    card.circle(INK, (cx, head_y), head_r, width=max(0.6, w / 120))
    eye = head_r * 0.35
    for side in (-1, 1):
        card.circle(INK, (cx + side * eye, head_y - head_r * 0.1), head_r * 0.1)
    crown_base = head_y - head_r * 0.75
    if rank == "K":
        tips = [(cx - head_r, crown_base), (cx - head_r * 1.1, crown_base - head_r * 1.1),
                (cx - head_r * 0.5, crown_base - head_r * 0.55), (cx, crown_base - head_r * 1.3),
                (cx + head_r * 0.5, crown_base - head_r * 0.55),
                (cx + head_r * 1.1, crown_base - head_r * 1.1), (cx + head_r, crown_base)]
        card.poly(GOLD, tips)
        for x, y in tips[1:6:2]:
            card.circle(GOLD, (x, y), head_r * 0.18)
        card.line(INK, (cx - head_r, head_y + head_r * 0.55), (cx + head_r, head_y + head_r * 0.55),
                  head_r * 0.18)
    elif rank == "Q":
        card.ellipse(GOLD, cx - head_r * 0.9, crown_base - head_r * 0.65, head_r * 1.8,
                     head_r * 0.9)
        card.circle(color, (cx, crown_base - head_r * 0.25), head_r * 0.22)
    else:
        card.ellipse(color, cx - head_r * 1.15, crown_base - head_r * 0.7, head_r * 2.3,
                     head_r * 1.2)
        card.rect(color, cx - head_r * 1.2, crown_base - head_r * 0.05, head_r * 2.4,
                  head_r * 0.35)
        card.poly(GOLD, [(cx + head_r * 0.4, crown_base - head_r * 0.4),
                         (cx + head_r * 1.6, crown_base - head_r * 1.6),
                         (cx + head_r * 0.8, crown_base - head_r * 0.2)])
    card.rect(color, fx, fy, fw, fh, radius=w * 0.03, width=max(0.8, w / 90))
    name = FACE_NAMES[card.lang][rank]
    card.text(word_text(name, card.lang, color, w * 0.15, fw * 0.9), cx, fy + fh * 0.82)


def _joker(card: Canvas, coloured: bool, large: bool) -> pygame.Surface:
    """The coloured joker: a red and gold eight-pointed star; the black one: a black
    five-pointed star — shape and colour both tell them apart. The large face has no label:
    its index is the star, as tall as a label."""
    w, h = card.w, card.h
    color = (206, 24, 38) if coloured else INK

    def star(cx: float, cy: float, size: float, flip: bool) -> None:
        if coloured:
            card.poly(GOLD, star_points(8, size * 0.55, size * 0.3, cx, cy))
            card.poly(color, star_points(8, size * 0.42, size * 0.2, cx, cy, turn=0))
            card.circle(GOLD, (cx, cy), size * 0.12)
        else:
            card.poly(color, star_points(5, size * 0.55, size * 0.23, cx, cy,
                                          turn=math.pi / 2 if flip else -math.pi / 2))

    if large:
        large_index(card, None, star, h * 0.5)
        _beside_large(card, star)
        return card.finish()
    if card.compact:
        corner_index(card, None, star, h * 0.24, False)
        star(card.mx(w * 0.58), h * 0.7, h * 0.42, False)
        return card.finish()
    corner_index(card, None, star, h * 0.14, True)
    star(w / 2, h * 0.45, w * 0.62, False)
    card.text(word_text(WORDS[card.lang]["joker"], card.lang, color, w * 0.18, w * 0.7), w / 2,
              h * 0.75)
    return card.finish()


# ---------------------------------------------------------------- Tiraje

def _tiraje(code: str, width: int, colorblind: bool, lang: str, large: bool) -> pygame.Surface:
    colour, number = code[0], code[1]
    ground = TIRAJE_COLOURS[colour]
    ink = _on(ground)
    card = Canvas(width, ground, mix(ground, INK, 0.45), lang)
    w, h = card.w, card.h
    inset = w * 0.05
    card.rect(mix(ground, WHITE, 0.45), inset, inset, w - 2 * inset, h - 2 * inset,
              radius=w * 0.05, width=max(0.7, w / 100))

    def badge(cx: float, cy: float, size: float, flip: bool) -> None:
        if colorblind:
            card.shape(COLOUR_SHAPES[colour], cx, cy, size, ink, flip=flip)

    label = index_label(card, number, ink, large, "tiraje")
    if large:  # the number and the colour's shape; the rule is the colour's, in the help
        large_index(card, label, badge, h * LARGE_MARK)
        return card.finish()
    if card.compact:
        corner_index(card, label, badge, h * 0.17, False)
        card.text(fit_text(number, lang, ink, h * 0.4, w * 0.6), card.mx(w * 0.6), h * 0.66)
        return card.finish()
    corner_index(card, label, badge, h * 0.11, False)
    card.text(fit_text(number, lang, ink, h * 0.28, w * 0.5), w / 2, h * 0.32)
    if colorblind:
        tag = TIRAJE_TAGS[lang][colour]
        card.text(word_text(tag, lang, ink, w * 0.15, w * 0.6), w / 2, h * 0.545)
    band_y, band_h = h * 0.63, h * 0.3
    card.rect(mix(ground, INK, 0.25), inset * 1.8, band_y, w - 3.6 * inset, band_h,
              radius=w * 0.04)
    _rule_text(card, RULE_NAMES[colour][lang], band_y, band_h, _on(mix(ground, INK, 0.25)))
    return card.finish()


def _rule_text(card: Canvas, text: str, top: float, height: float, color: Color) -> None:
    """``text`` centred in the band ``top``..``top + height``: the largest font up to 15 % of
    the card width whose wrapped lines fit the band."""
    max_w = card.w * 0.8
    px = max(8, round(card.w * 0.15))
    lines = text_lines(text, card.lang, px, color, max_w)
    while px > 8 and (sum(line.get_height() for line in lines) > height * 1.1
                      or max(line.get_width() for line in lines) > max_w):
        px -= 1
        lines = text_lines(text, card.lang, px, color, max_w)
    step = uitext.font(px, bold=True).get_linesize() * 0.92
    y = top + height / 2 - step * (len(lines) - 1) / 2
    for line in lines:
        card.text(line, card.w / 2, y)
        y += step


def _marker(width: int, lang: str) -> pygame.Surface:
    """A red-framed card with a red bullseye, "start on red" and red's rule."""
    red = TIRAJE_COLOURS["R"]
    card = Canvas(width, PAPER, red, lang)
    w, h = card.w, card.h
    inset = w * 0.06
    card.rect(red, inset, inset, w - 2 * inset, h - 2 * inset, radius=w * 0.05, width=w / 30)
    for r, ring in ((0.26, red), (0.18, PAPER), (0.1, red)):
        card.circle(ring, (w / 2, h * 0.5), w * r)
    start = WORDS[lang]["start"]
    if card.compact:
        card.text(word_text(start.split()[0], lang, red, w * 0.22, w * 0.8), w / 2, h * 0.17)
    else:
        for y, text in ((h * 0.2, start), (h * 0.81, RULE_NAMES["R"][lang])):
            lines = text_lines(text, lang, max(8, round(w * 0.12)), red, w * 0.76)
            step = lines[0].get_height() * 0.9
            for i, line in enumerate(lines):
                card.text(line, w / 2, y + (i - (len(lines) - 1) / 2) * step)
    return card.finish()


# ---------------------------------------------------------------- Clumsy Thief

def _money(code: str, width: int, lang: str, large: bool) -> pygame.Surface:
    """A banknote: pale ground, a guilloche rosette, a framed medallion with the amount (the
    large face: the amount across the note, twice as tall, over the rosette)."""
    color = MONEY_COLOURS[code]
    pale = mix(color, WHITE, 0.86)
    card = Canvas(width, pale, mix(color, INK, 0.3), lang)
    w, h = card.w, card.h
    cx, cy = w / 2, h * 0.47
    line = mix(color, WHITE, 0.55)
    for i in range(18):
        a = 2 * math.pi * i / 18
        card.circle(line, (cx + w * 0.18 * math.cos(a), cy + w * 0.18 * math.sin(a)), w * 0.2,
                    width=max(0.35, w / 200))
    inset = w * 0.06
    card.rect(color, inset, inset, w - 2 * inset, h - 2 * inset, radius=w * 0.04,
              width=max(0.8, w / 60))
    dark = mix(color, INK, 0.25)
    if card.compact or large:
        card.text(fit_text(code, lang, dark, h * (0.52 if large else 0.26), w * 0.8), cx, cy)
        return card.finish()
    card.ellipse(pale, cx - w * 0.3, cy - h * 0.13, w * 0.6, h * 0.26)
    card.ellipse(color, cx - w * 0.3, cy - h * 0.13, w * 0.6, h * 0.26, width=max(0.8, w / 70))
    card.text(fit_text(code, lang, dark, h * 0.14, w * 0.48), cx, cy)
    label = fit_text(code, lang, dark, h * 0.09, w * 0.3)
    x = card.mx(w * 0.24)
    card.text(label, x, h * 0.11)
    card.text(label, w - x, h * 0.89)  # upright, as the corner index is
    card.text(word_text(WORDS[lang]["money"], lang, dark, w * 0.14, w * 0.6), cx, h * 0.76)
    return card.finish()


def _thief(width: int, lang: str) -> pygame.Surface:
    """A masked burglar in a striped shirt under a spotlight."""
    night = (44, 46, 62)
    card = Canvas(width, night, INK, lang)
    w, h = card.w, card.h
    cx, top = w / 2, h * (0.12 if card.compact else 0.08)
    s = w * (0.9 if card.compact else 0.75)
    card.circle((84, 88, 112), (cx, top + s * 0.55), s * 0.5)
    # striped shirt
    body_y = top + s * 0.72
    card.ellipse(WHITE, cx - s * 0.42, body_y, s * 0.84, s * 0.7)
    for i in range(4):
        card.rect(INK, cx - s * 0.42, body_y + s * (0.08 + 0.14 * i), s * 0.84, s * 0.07)
    card.rect(night, cx - s * 0.5, body_y + s * 0.52, s, s * 0.3)
    # head, mask, beanie
    head_y, head_r = top + s * 0.5, s * 0.22
    card.circle(SKIN, (cx, head_y), head_r)
    card.rect(INK, cx - head_r * 1.15, head_y - head_r * 0.35, head_r * 2.3, head_r * 0.6,
              radius=head_r * 0.25)
    for side in (-1, 1):
        card.ellipse(WHITE, cx + side * head_r * 0.45 - head_r * 0.22, head_y - head_r * 0.22,
                     head_r * 0.44, head_r * 0.32)
        card.circle(INK, (cx + side * head_r * 0.45, head_y - head_r * 0.05), head_r * 0.1)
    card.ellipse((196, 40, 44), cx - head_r * 1.02, head_y - head_r * 1.25, head_r * 2.04,
                 head_r * 1.5)
    card.rect(night, cx - head_r * 1.1, head_y - head_r * 0.5, head_r * 2.2, head_r * 0.15)
    card.rect((150, 26, 32), cx - head_r * 1.1, head_y - head_r * 0.72, head_r * 2.2,
              head_r * 0.36, radius=head_r * 0.12)
    card.circle(WHITE, (cx, head_y - head_r * 1.28), head_r * 0.2)
    _banner(card, WORDS[lang]["T"], (250, 208, 60), night)
    return card.finish()


def _jail(width: int, lang: str) -> pygame.Surface:
    """A barred window in a stone wall, with a padlock."""
    stone = (150, 152, 160)
    card = Canvas(width, stone, INK, lang)
    w, h = card.w, card.h
    mortar = mix(stone, INK, 0.3)
    row = h / 11
    for r in range(12):
        card.line(mortar, (0, r * row), (w, r * row), max(0.5, w / 120))
        for c in range(4):
            x = (c + (0.5 if r % 2 else 0)) * w / 3
            card.line(mortar, (x, r * row), (x, (r + 1) * row), max(0.5, w / 120))
    wx, wy, ww, wh = w * 0.16, h * 0.1, w * 0.68, h * (0.72 if card.compact else 0.6)
    card.rect((30, 30, 38), wx, wy, ww, wh, radius=w * 0.04)
    steel, shine = (196, 198, 206), (240, 240, 246)
    bar = w * 0.06
    for i in range(4):
        x = wx + ww * (0.14 + 0.24 * i)
        card.rect(steel, x - bar / 2, wy, bar, wh)
        card.rect(shine, x - bar / 2, wy, bar * 0.3, wh)
    card.rect(steel, wx, wy + wh * 0.3, ww, bar)
    card.rect(mortar, wx, wy, ww, wh, radius=w * 0.04, width=max(0.8, w / 50))
    lx, ly = w / 2, wy + wh * 0.66
    card.circle(GOLD, (lx, ly - w * 0.08), w * 0.075, width=w * 0.03)
    card.rect(GOLD, lx - w * 0.12, ly - w * 0.07, w * 0.24, w * 0.18, radius=w * 0.03)
    card.circle(INK, (lx, ly + w * 0.01), w * 0.03)
    _banner(card, WORDS[lang]["J"], INK, stone)
    return card.finish()


def _banner(card: Canvas, word: str, color: Color, ground: Color) -> None:
    """The card's name on a band at the bottom; left out on compact cards."""
    if card.compact:
        return
    w, h = card.w, card.h
    card.rect(ground, w * 0.1, h * 0.76, w * 0.8, h * 0.17, radius=w * 0.04)
    card.rect(color, w * 0.1, h * 0.76, w * 0.8, h * 0.17, radius=w * 0.04,
              width=max(0.8, w / 70))
    card.text(word_text(word, card.lang, color, w * 0.17, w * 0.7), w / 2, h * 0.845)


# ---------------------------------------------------------------- backs

def _rosette(card: Canvas, cx: float, cy: float, r: float) -> None:
    """Tiraje's emblem: its seven colours in a ring."""
    for i, colour in enumerate(TIRAJE_COLOURS.values()):
        a = -math.pi / 2 + 2 * math.pi * i / 7
        card.circle(colour, (cx + r * 0.63 * math.cos(a), cy + r * 0.63 * math.sin(a)),
                    r * 0.33)


EMBLEMS: dict[str, backs.Emblem] = {"tiraje": _rosette, "taki": art_taki.emblem}
"""The decks whose backs carry an emblem of their own (`ui.backs`)."""


# ---------------------------------------------------------------- public



def _check(width: int, lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    if width < MIN_WIDTH:
        raise ValueError(f"cards are drawn at least {MIN_WIDTH} px wide, not {width}")


def _system(code: str) -> str:
    """The card system of ``code``: "french", "tiraje" or "thief"; `ValueError` for others."""
    if french.is_card(code):
        return "french"
    if len(code) == 2 and code[0] in TIRAJE_COLOURS and code[1] in "1234567":
        return "tiraje"
    if code in MONEY_COLOURS or code in ("T", "J"):
        return "thief"
    if code in TAKI_CODES:
        return "taki"
    raise ValueError(f"no card has the code {code!r}")


def card_surface(code: str | None, width: int, *, colorblind: bool = False, lang: str = "fa",
                 back: str = "french", face: str = "standard", pattern: int = 0
                 ) -> pygame.Surface:
    """The card ``code`` (``None``: the back of system ``back``, in the design ``pattern``, an
    index of `ui.backs.BACKS`) ``width`` px wide, with the ``face`` of `FACES`; cached."""
    _check(width, lang)
    if face not in FACES:
        raise ValueError(f"unknown card face {face!r}; known: {', '.join(FACES)}")
    if code is None:
        if back not in BACKS:
            raise ValueError(f"unknown card back {back!r}; known: {', '.join(BACKS)}")
        if not 0 <= pattern < len(backs.BACKS):
            raise ValueError(f"no card back {pattern}; there are {len(backs.BACKS)}")
        return _render(None, width, False, "en", back, False, pattern)
    if len(code) == 3 and code.endswith("b"):  # a second deck's copy (Bluff: ``ASb``)
        code = code[:2]
    system = _system(code)
    if system == "taki":  # the copies of a Taki card look alike: one cache entry
        code = code[:2] + "1"
    return _render(code, width, colorblind and system != "thief", lang, system,
                   face == "large", 0)


def canvas_marker(width: int, lang: str = "fa") -> pygame.Surface:
    """Tiraje's "start on red" card that the canvas begins on; cached."""
    _check(width, lang)
    return _render("R0", width, False, lang, "marker", False, 0)


@functools.lru_cache(maxsize=64)
def swatch(code: str, width: int, *, back: str = "french",
           colorblind: bool = False) -> pygame.Surface | None:
    """A ``width`` px square naming the suit or colour ``code`` in a chooser (see the module's
    docstring); ``None`` where the card system ``back`` has no such suit or colour."""
    if back == "taki":
        if code not in art_taki.TAKI_COLOURS:
            return None
        ground = art_taki.TAKI_COLOURS[code]
        tile = Canvas(width, ground, mix(ground, INK, 0.4), "en", height=width)
        tile.shape(art_taki.SHAPES[code], width / 2, width / 2, width * 0.5,
                   mix(ground, WHITE, 0.8))
        return tile.finish()
    if back != "french" or code not in SUIT_SHAPES:
        return None
    tile = Canvas(width, PAPER, (150, 150, 156), "en", height=width)
    tile.shape(SUIT_SHAPES[code], width / 2, width / 2, width * 0.6,
               (FOUR_COLOURS if colorblind else SUIT_COLOURS)[code])
    return tile.finish()


@functools.lru_cache(maxsize=768)
def _render(code: str | None, width: int, colorblind: bool, lang: str, system: str,
            large: bool, pattern: int) -> pygame.Surface:
    """Draw one card; `card_surface` normalises the key so equal cards share an entry."""
    if code is None:
        if system == "taki" and pattern == 0:
            return art_taki.back(width)
        return backs.draw(pattern, system, width, EMBLEMS.get(system))
    if system == "taki":
        return art_taki.card(code, width, colorblind, lang, large)
    if system == "marker":
        return _marker(width, lang)
    if system == "french":
        return _french(code, width, colorblind, lang, large)
    if system == "tiraje":
        return _tiraje(code, width, colorblind, lang, large)
    if code == "T":
        return _thief(width, lang)
    if code == "J":
        return _jail(width, lang)
    return _money(code, width, lang, large)
