"""The card painter that every deck's art draws with: a card drawn as shapes at `SS` times its
size and scaled down (smooth edges at any size), text queued and set upright at the final size
(through `ui.text`, so Persian and Arabic are shaped), unit-box shapes (`Prim`), colours, and
the corner index. `ui.cardart` (the French, Tiraje and Clumsy Thief decks, and the dispatch by
code) and `ui.art_taki` (Super Taki) draw with it; it knows no deck."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import pygame

from ui import text as uitext

Color = tuple[int, int, int]
Point = tuple[float, float]

SS = 4
"""Supersampling factor of the shapes."""
COMPACT_BELOW = 60
"""Cards narrower than this use the compact layout."""


def inked(text: str, lang: str, px: int, color: Color) -> pygame.Surface:
    """``text`` shaped and rendered in bold at font size ``px``, cropped to its ink."""
    surf = uitext.font(max(4, px), bold=True).render(uitext.shape(text, lang), True, color)
    return surf.subsurface(surf.get_bounding_rect()).copy()


def fit_text(text: str, lang: str, color: Color, height: float, max_width: float) -> pygame.Surface:
    """``text`` whose ink is ``height`` px tall, or less if it would be wider than ``max_width``."""
    probe = 40
    ink = inked(text, lang, probe, color)
    scale = min(height / max(1, ink.get_height()), max_width / max(1, ink.get_width()))
    return inked(text, lang, round(probe * scale), color)


def tall_text(text: str, lang: str, color: Color, height: float,
              max_width: float) -> pygame.Surface:
    """``text`` whose ink is at least ``height`` px tall (to the pixel), narrowed (as a
    condensed type is) to ``max_width`` if it is wider, down to `CONDENSED` of its width; past
    that it is shrunk whole. The large face's indices are written so: a "10" keeps its height
    in a narrow column."""
    probe = inked(text, lang, 40, color)
    px = max(4, round(40 * height / max(1, probe.get_height())))
    ink = inked(text, lang, px, color)
    while ink.get_height() < round(height) and px < 4 * height:
        px += 1
        ink = inked(text, lang, px, color)
    if ink.get_width() * CONDENSED > max_width:  # too wide even condensed: smaller
        ink = inked(text, lang, max(4, round(px * max_width / CONDENSED / ink.get_width())),
                    color)
    if ink.get_width() <= max_width:
        return ink
    return pygame.transform.smoothscale(ink, (max(1, round(max_width)), ink.get_height()))


CONDENSED = 0.45
"""The narrowest a large index is squeezed to, as a share of its natural width."""


def word_text(text: str, lang: str, color: Color, px: float, max_width: float) -> pygame.Surface:
    """A word at font size ``px`` (smaller if it would be wider than ``max_width``), cropped to
    its ink. Words are sized by font, not by ink: dots and descenders would shrink them."""
    ink = inked(text, lang, round(px), color)
    if ink.get_width() <= max_width:
        return ink
    return inked(text, lang, round(px * max_width / ink.get_width()), color)


def text_lines(text: str, lang: str, px: int, color: Color,
               max_width: float) -> list[pygame.Surface]:
    """``text`` wrapped to ``max_width`` and rendered line by line at font size ``px``."""
    fnt = uitext.font(px, bold=True)
    return [fnt.render(uitext.shape(line, lang), True, color)
            for line in uitext.wrap(text, lang, fnt, round(max_width))]


def mix(a: Color, b: Color, t: float) -> Color:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def luma(c: Color) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


WHITE: Color = (255, 255, 255)
INK: Color = (28, 28, 34)


GOLD: Color = (214, 170, 62)


Prim = tuple[str, tuple[Point, ...], float]
"""One piece of a shape drawn in a unit box (height 1, centred on 0, y down): ``("poly",
points, 0)``, ``("circle", (centre,), radius)`` or ``("hole", (centre,), radius)``, a circle in
the card's ground colour that cuts into what is drawn before it."""


def poly_prim(points: Sequence[Point]) -> Prim:
    return ("poly", tuple(points), 0.0)


def circle_prim(x: float, y: float, r: float, kind: str = "circle") -> Prim:
    return (kind, ((x, y),), r)


@functools.lru_cache(maxsize=16)
def _star_rays(n: int, turn: float) -> tuple[tuple[bool, float, float], ...]:
    """The ``2n`` directions of a star's points (outer first), as (outer, cos, sin)."""
    return tuple((i % 2 == 0, math.cos(a), math.sin(a))
                 for i, a in ((i, turn + math.pi * i / n) for i in range(2 * n)))


def star_points(n: int, r_out: float, r_in: float, cx: float = 0, cy: float = 0,
                 turn: float = -math.pi / 2) -> list[Point]:
    return [(cx + (r_out if outer else r_in) * c, cy + (r_out if outer else r_in) * s)
            for outer, c, s in _star_rays(n, turn)]


class Canvas:
    """One card being drawn: shapes at SS times the size, text queued for the final size.

    Coordinates are in final pixels (floats). ``mx`` mirrors an x for right-to-left languages.
    """

    def __init__(self, width: int, face: Color, border: Color, lang: str,
                 height: int | None = None) -> None:
        self.w, self.h = width, height or card_height(width)
        self.lang, self.rtl = lang, lang != "en"
        self.face, self.border = face, border
        self.big = pygame.Surface((self.w * SS, self.h * SS), pygame.SRCALPHA)
        self.big.fill(face)
        self.texts: list[tuple[pygame.Surface, float, float]] = []

    @property
    def compact(self) -> bool:
        return self.w < COMPACT_BELOW

    def mx(self, x: float) -> float:
        return self.w - x if self.rtl else x

    @staticmethod
    def _p(p: Point) -> tuple[int, int]:
        return (round(p[0] * SS), round(p[1] * SS))

    def poly(self, color: Color, points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.big, color, [(round(x * SS), round(y * SS)) for x, y in points])

    def circle(self, color: Color, c: Point, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.big, color, self._p(c), max(1, round(r * SS)),
                           max(1, round(width * SS)) if width else 0)

    def rect(self, color: Color, x: float, y: float, w: float, h: float,
             radius: float = 0, width: float = 0) -> None:
        pygame.draw.rect(self.big, color, pygame.Rect(*self._p((x, y)), *self._p((w, h))),
                         max(1, round(width * SS)) if width else 0,
                         border_radius=round(radius * SS))

    def ellipse(self, color: Color, x: float, y: float, w: float, h: float,
                width: float = 0) -> None:
        pygame.draw.ellipse(self.big, color, pygame.Rect(*self._p((x, y)), *self._p((w, h))),
                            max(1, round(width * SS)) if width else 0)

    def line(self, color: Color, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.big, color, self._p(a), self._p(b), max(1, round(width * SS)))

    def shape(self, prims: list[Prim], cx: float, cy: float, size: float, color: Color,
              flip: bool = False) -> None:
        """Draw a unit-box shape ``size`` px tall centred on (cx, cy), upside down if ``flip``."""
        k = -size if flip else size
        for kind, points, r in prims:
            placed = [(cx + x * size, cy + y * k) for x, y in points]
            if kind == "poly":
                self.poly(color, placed)
            else:
                self.circle(self.face if kind == "hole" else color, placed[0], r * size)

    def text(self, surf: pygame.Surface, cx: float, cy: float) -> None:
        """Queue ``surf`` centred on (cx, cy), upright."""
        self.texts.append((surf, cx, cy))

    def finish(self) -> pygame.Surface:
        """Border, rounded corners, scale down, then the text."""
        radius = round(self.w * 0.075 * SS)
        edge = max(1.0, self.w / 64) * SS
        card = pygame.Surface(self.big.get_size(), pygame.SRCALPHA)
        card.fill(self.border)
        round_off(self.big, radius - edge, edge)
        card.blit(self.big, (0, 0))
        round_off(card, radius, 0)
        out = pygame.transform.smoothscale(card, (self.w, self.h))
        for surf, cx, cy in self.texts:
            out.blit(surf, (round(cx - surf.get_width() / 2), round(cy - surf.get_height() / 2)))
        if pygame.display.get_surface() is not None:
            out = out.convert_alpha()
        return out


def round_off(surf: pygame.Surface, radius: float, inset: float) -> None:
    """Make ``surf`` transparent outside a rounded rectangle ``inset`` px inside its edge."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    rect = surf.get_rect().inflate(-2 * round(inset), -2 * round(inset))
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=max(0, round(radius)))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


Mark = Callable[[float, float, float, bool], None]
"""Draws a symbol: ``mark(cx, cy, size, upside_down)``."""


def corner_index(card: Canvas, label: pygame.Surface | None, mark: Mark, mark_size: float,
           both: bool) -> None:
    """The corner index: ``label`` (if any) over ``mark``, at the reading-start top corner and,
    when ``both``, at the opposite bottom corner with the mark turned but the label upright (a
    turned Persian ۸ reads as ۷, a turned ۶ as ۹)."""
    cx = card.mx(card.w * (0.26 if card.compact else 0.12))
    top = card.h * 0.045
    label_h = label.get_height() + card.h * 0.025 if label else 0
    mark_y = top + label_h + mark_size / 2
    if label:
        card.text(label, cx, top + label.get_height() / 2)
    mark(cx, mark_y, mark_size, False)
    if both:
        ox, oy = card.w - cx, card.h
        if label:
            card.text(label, ox, oy - top - label.get_height() / 2)
        mark(ox, oy - mark_y, mark_size, True)


LARGE_LABEL, LARGE_MARK = 0.58, 0.15
"""The large face's index, as shares of the card's height: the label (a rank, a number), more
than twice the standard label (0.15 of the height on a full card, 0.27 on a compact one), and
the mark under it (a suit, a colour's shape)."""
LARGE_COLUMN = 0.5
"""The large index's column, as a share of the card's width, at the reading-start side."""


def large_index(card: Canvas, label: pygame.Surface | None, mark: Mark,
                mark_size: float) -> float:
    """The large face's index in one column at the reading-start side, at every size: the
    ``label`` (if any) over the ``mark``, each centred in the column; the height (px) where
    the index ends. Only the top corner has one: a large index is read where a fan shows it."""
    cx = card.mx(card.w * LARGE_COLUMN / 2)
    top = card.h * 0.02
    if label is not None:
        card.text(label, cx, top + label.get_height() / 2)
        top += label.get_height() + card.h * 0.02
    mark(cx, top + mark_size / 2, mark_size, False)
    return top + mark_size


def large_label(card: Canvas, text: str, color: Color) -> pygame.Surface:
    """A large index's label: `LARGE_LABEL` of the height, condensed to fit the column."""
    return tall_text(text, card.lang, color, card.h * LARGE_LABEL, card.w * LARGE_COLUMN * 0.92)


def card_height(width: int) -> int:
    return round(width * 1.4)
