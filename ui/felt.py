"""The cloths the table is played on (setting ``felt``, an index of `FELTS`): the oval, its rim,
a faint pattern woven into it, the room round it, and the colours the table draws on it (the
outline of an empty zone, the cards' shadows).

- 0 baize: the green of a card table, plain (the table's first cloth).
- 1 carpet: a Persian carpet's madder field, a medallion (toranj) faint in the middle, a
  lapis border band with gold lines.
- 2 lapis: deep blue with a faint lattice of eight-pointed stars, a gold rim.
- 3 walnut: a wooden table, its grain, an inlaid rim of bone and ebony triangles (khatam).
- 4 turquoise: the colour of Persian tiles, a faint star-and-cross, a white rim.

Each is dark enough that the table's white and gold words read on it. A felt is drawn once per
window size and kept (`surface`): a frame blits it whole, as cheap as the plain oval was.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import NamedTuple

import pygame

from ui.painter import Color, mix, star_points

VIRTUAL = (1280, 720)
OVAL = (110, 60, 1060, 520)
"""The table's oval in virtual pixels (1280×720)."""


class Felt(NamedTuple):
    """One cloth: its name (``felt.<name>``), the room round the table, the oval, its rim, the
    outline of an empty zone, the cards' shadow, and the pattern woven into the oval (drawn
    on a surface the oval's size, then cut to the oval)."""

    name: str
    room: Color
    cloth: Color
    rim: Color
    line: Color
    shadow: Color
    weave: Callable[[pygame.Surface, Color], None] | None


def _toranj(surf: pygame.Surface, cloth: Color) -> None:
    """A carpet's field: a medallion in the middle, its border band."""
    w, h = surf.get_size()
    light = mix(cloth, (255, 230, 190), 0.045)
    cx, cy = w / 2, h / 2
    points = [(cx + w * 0.2 * math.sin(a) * (1 + 0.2 * math.cos(4 * a)),
               cy + h * 0.3 * math.cos(a) * (1 + 0.5 * abs(math.cos(a)) ** 6))
              for a in (2 * math.pi * k / 96 for k in range(96))]
    pygame.draw.polygon(surf, light, points)
    pygame.draw.polygon(surf, cloth, [(cx + (x - cx) * 0.8, cy + (y - cy) * 0.8)
                                      for x, y in points])
    pygame.draw.polygon(surf, light, [(cx + (x - cx) * 0.55, cy + (y - cy) * 0.55)
                                      for x, y in points])
    band = max(2, round(h * 0.05))
    inner = pygame.Rect(0, 0, w, h).inflate(-band * 2, -band * 2)
    pygame.draw.ellipse(surf, (30, 36, 82), pygame.Rect(0, 0, w, h), band)
    pygame.draw.ellipse(surf, (196, 150, 70), inner.inflate(2, 2), max(1, band // 6))


def _lattice(surf: pygame.Surface, cloth: Color) -> None:
    """Eight-pointed stars in rows, a shade lighter than the cloth."""
    w, h = surf.get_size()
    light = mix(cloth, (255, 255, 255), 0.06)
    cell = h / 6
    for j in range(-1, 8):
        for i in range(-1, round(w / cell) + 2):
            x, y = i * cell + (cell / 2 if j % 2 else 0), j * cell
            pygame.draw.polygon(surf, light, star_points(8, cell * 0.3, cell * 0.2, x, y))
            pygame.draw.polygon(surf, cloth, star_points(8, cell * 0.17, cell * 0.12, x, y))


def _grain(surf: pygame.Surface, cloth: Color) -> None:
    """A wooden top: long waving lines of grain, a shade darker and lighter, and an inlaid
    rim of bone and ebony triangles."""
    w, h = surf.get_size()
    dark, light = mix(cloth, (0, 0, 0), 0.14), mix(cloth, (255, 220, 170), 0.06)
    lines = 26
    for k in range(lines):
        y0 = h * (k + 0.5) / lines
        points = [(x, y0 + h * 0.012 * math.sin(x / w * 9 + k * 1.7)
                   + h * 0.02 * math.sin(x / w * 2.3 + k)) for x in range(0, w + 8, 8)]
        pygame.draw.lines(surf, dark if k % 3 else light, False, points, max(1, h // 260))
    _khatam_rim(surf)


def _khatam_rim(surf: pygame.Surface) -> None:
    """The oval's edge inlaid with triangles of ebony and of aged bone (dark enough that a
    seat's name written over the rim still reads)."""
    w, h = surf.get_size()
    band = max(3.0, h * 0.035)
    n = max(24, round(math.pi * (w + h) / 2 / band))
    for k in range(n):
        a0, a1 = 2 * math.pi * k / n, 2 * math.pi * (k + 1) / n
        outer = [(w / 2 + (w / 2) * math.cos(a), h / 2 + (h / 2) * math.sin(a)) for a in (a0, a1)]
        mid = (a0 + a1) / 2
        tip = (w / 2 + (w / 2 - band) * math.cos(mid), h / 2 + (h / 2 - band) * math.sin(mid))
        pygame.draw.polygon(surf, (150, 122, 86) if k % 2 else (40, 28, 20), [*outer, tip])


def _stars_and_crosses(surf: pygame.Surface, cloth: Color) -> None:
    """The star-and-cross of Kashan's tiles, outlined a shade lighter than the cloth."""
    w, h = surf.get_size()
    light = mix(cloth, (255, 255, 255), 0.1)
    pitch = h / 5
    outer = pitch * math.sqrt(2) / 2
    inner = outer * math.cos(math.pi / 4) / math.cos(math.pi / 8)
    for i in range(-1, round(w / pitch) + 2):
        for j in range(-1, 7):
            if (i + j) % 2 == 0:
                pygame.draw.polygon(surf, light, star_points(8, outer * 0.96, inner * 0.96,
                                                             i * pitch, j * pitch, turn=0),
                                    max(1, round(h / 300)))


FELTS = (
    Felt("baize", (12, 40, 28), (16, 70, 46), (30, 96, 64), (40, 110, 76), (5, 25, 16), None),
    Felt("carpet", (34, 12, 16), (104, 24, 32), (196, 150, 70), (150, 64, 70), (30, 6, 10),
         _toranj),
    Felt("lapis", (10, 16, 38), (26, 44, 100), (200, 160, 80), (70, 96, 160), (6, 10, 30),
         _lattice),
    Felt("walnut", (30, 18, 10), (92, 58, 34), (58, 36, 20), (140, 100, 64), (22, 12, 6),
         _grain),
    Felt("turquoise", (6, 36, 42), (16, 92, 102), (226, 232, 226), (60, 140, 146),
         (2, 24, 28), _stars_and_crosses),
)
"""The cloths, in the order the settings offer them."""


def chosen(index: object) -> Felt:
    """The felt of the setting ``index`` (the first for a value that names none)."""
    return FELTS[index] if type(index) is int and 0 <= index < len(FELTS) else FELTS[0]


@functools.lru_cache(maxsize=8)
def surface(felt: Felt, size: tuple[int, int]) -> pygame.Surface:
    """The table ``size`` px (the 1280×720 view, scaled): the room, the oval with its weave,
    the rim; opaque, drawn once per felt and size."""
    w, h = size
    sx, sy = w / VIRTUAL[0], h / VIRTUAL[1]
    out = pygame.Surface(size)
    out.fill(felt.room)
    oval = pygame.Rect(round(OVAL[0] * sx), round(OVAL[1] * sy), round(OVAL[2] * sx),
                       round(OVAL[3] * sy))
    cloth = pygame.Surface(oval.size, pygame.SRCALPHA)
    cloth.fill(felt.cloth)
    if felt.weave is not None:
        felt.weave(cloth, felt.cloth)
    cut = pygame.Surface(oval.size, pygame.SRCALPHA)
    pygame.draw.ellipse(cut, (255, 255, 255, 255), cut.get_rect())
    cloth.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(cloth, oval)
    pygame.draw.ellipse(out, felt.rim, oval, max(1, round(3 * min(sx, sy))))
    return out
