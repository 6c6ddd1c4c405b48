"""Card art: every card renders at the table's sizes, reads by shape as well as colour, caches."""

from __future__ import annotations

import os
from collections.abc import Sequence
from itertools import combinations

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.cards import french
from game.rules.taki import cards_for
from ui import cardart, painter
from ui.art_taki import TAKI_COLOURS

WIDTHS = (40, 70, 110)
FRENCH = french.deck(jokers=True)
TIRAJE = [c + str(n) for c in "ROYGBIV" for n in range(1, 8)]
THIEF = ["20", "30", "40", "50", "60", "70", "80", "T", "J"]

Box = tuple[float, float, float, float]


def assert_card_shape(surf: pygame.Surface, width: int) -> None:
    w, h = width, round(width * 1.4)
    assert surf.get_size() == (w, h)
    assert surf.get_flags() & pygame.SRCALPHA
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert surf.get_at(corner).a == 0, corner
    for inside in ((w // 2, h // 2), (w // 2, 2), (2, h // 2)):
        assert surf.get_at(inside).a == 255, inside


def pixels(surf: pygame.Surface, box: Box = (0, 0, 1, 1)) -> list[pygame.Color]:
    """The pixels of ``surf`` in ``box`` (fractions of its width and height)."""
    w, h = surf.get_size()
    x0, y0, x1, y1 = round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h)
    return [surf.get_at((x, y)) for y in range(y0, y1) for x in range(x0, x1)]


def far(a: Sequence[float] | pygame.Color, b: Sequence[float] | pygame.Color,
        limit: int = 60) -> bool:
    """Colours more than ``limit`` apart (sum of the RGB differences)."""
    return sum(abs(float(a[i]) - float(b[i])) for i in range(3)) > limit


def ink(surf: pygame.Surface, ground: tuple[int, int, int] = cardart.PAPER,
        box: Box = (0, 0, 1, 1)) -> list[pygame.Color]:
    """Opaque pixels of ``surf`` clearly unlike the card's ground."""
    return [p for p in pixels(surf, box) if p.a == 255 and far(p, ground)]


def ink_mask(surf: pygame.Surface, ground: tuple[int, int, int] = cardart.PAPER,
             box: Box = (0, 0, 1, 1)) -> list[bool]:
    return [p.a == 255 and far(p, ground) for p in pixels(surf, box)]


def mean(colors: list[pygame.Color]) -> tuple[float, float, float]:
    n = len(colors)
    assert n, "no ink"
    return (sum(c.r for c in colors) / n, sum(c.g for c in colors) / n,
            sum(c.b for c in colors) / n)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", cardart.LANGS)
def test_every_card_renders_at_every_size(width: int, lang: str) -> None:
    for code in FRENCH + TIRAJE + THIEF:
        for colorblind in (False, True):
            assert_card_shape(cardart.card_surface(code, width, lang=lang,
                                                   colorblind=colorblind), width)
    assert_card_shape(cardart.canvas_marker(width, lang), width)


@pytest.mark.parametrize("width", [cardart.MIN_WIDTH, 13, 21, 33])
def test_tiny_cards_still_render(width: int) -> None:
    """A very small window must not crash the table, whatever the card looks like."""
    for code in ["TS", "QH", "XR", "V7", "80", "T", "J", None]:
        assert cardart.card_surface(code, width, colorblind=True).get_size() == (
            width, round(width * 1.4))
    assert cardart.canvas_marker(width, "ar").get_width() == width


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("back", cardart.BACKS)
def test_backs_render(width: int, back: str) -> None:
    surf = cardart.card_surface(None, width, back=back)
    assert_card_shape(surf, width)
    assert len({tuple(p) for p in pixels(surf, (0.1, 0.1, 0.9, 0.9))}) > 20, "a pattern"


def test_backs_differ_per_card_system() -> None:
    surfs = [cardart.card_surface(None, 70, back=back) for back in cardart.BACKS]
    centres = [mean(pixels(s, (0.3, 0.3, 0.7, 0.7))) for s in surfs]
    for a, b in combinations(centres, 2):
        assert far(a, b, 20)


@pytest.mark.parametrize("width", WIDTHS)
def test_red_suits_are_red_and_black_suits_dark(width: int) -> None:
    """In the corner index of every rank, and over the whole of the number cards."""
    index: Box = (0.03, 0.03, 0.45 if width < painter.COMPACT_BELOW else 0.22, 0.4)
    for rank in french.RANKS:
        for suit in "SHDC":
            surf = cardart.card_surface(rank + suit, width, lang="en")
            for box in [index, (0.03, 0.03, 0.97, 0.97)] if rank in "23456789TA" else [index]:
                r, g, b = mean(ink(surf, box=box))
                if suit in "HD":
                    assert r > 1.6 * g and r > 1.6 * b, (rank + suit, box, r, g, b)
                else:
                    assert max(r, g, b) < 110 and max(r, g, b) - min(r, g, b) < 40, (
                        rank + suit, box, r, g, b)


@pytest.mark.parametrize("width", WIDTHS)
def test_colourblind_deck_has_four_colours_and_the_same_shapes(width: int) -> None:
    inks = {}
    for suit in "SHDC":
        plain = cardart.card_surface("7" + suit, width, lang="en")
        four = cardart.card_surface("7" + suit, width, lang="en", colorblind=True)
        same = sum(x != y for x, y in zip(ink_mask(four), ink_mask(plain)))
        assert same < 0.03 * sum(ink_mask(plain)), "only the colour changes (up to smoothing)"
        inks[suit] = mean(ink(four, box=(0.25, 0.15, 0.75, 0.85)))
    for a, b in combinations("SHDC", 2):
        assert far(inks[a], inks[b], 100), (a, b)


def test_suits_differ_by_shape_not_only_colour() -> None:
    masks = {s: ink_mask(cardart.card_surface("A" + s, 70, lang="en"), box=(0.25, 0.3, 0.75, 0.7))
             for s in "SHDC"}
    for a, b in combinations("SHDC", 2):
        differ = sum(x != y for x, y in zip(masks[a], masks[b]))
        assert differ > 0.1 * sum(x or y for x, y in zip(masks[a], masks[b])), (a, b)


def test_jokers_differ_by_shape_and_colour() -> None:
    red, black = (cardart.card_surface(c, 70, lang="en") for c in french.JOKERS)
    assert far(mean(ink(red)), mean(ink(black)), 100)
    differ = sum(x != y for x, y in zip(ink_mask(red), ink_mask(black)))
    assert differ > 0.05 * 70 * 98


def test_tiraje_cards_wear_their_colour() -> None:
    for colour, rgb in cardart.TIRAJE_COLOURS.items():
        surf = cardart.card_surface(colour + "4", 70)
        assert not far(surf.get_at((35, 12)), rgb, 30), colour


@pytest.mark.parametrize("width", WIDTHS)
def test_tiraje_colourblind_marks_each_colour_with_its_own_shape(width: int) -> None:
    """Under the corner number: nothing in plain mode, a distinct shape per colour otherwise."""
    corner: Box = ((0.08, 0.28, 0.42, 0.5) if width < painter.COMPACT_BELOW
                  else (0.08, 0.2, 0.25, 0.4))
    marks = {}
    for colour, rgb in cardart.TIRAJE_COLOURS.items():
        plain = cardart.card_surface(colour + "3", width, lang="en")
        assert not any(ink_mask(plain, rgb, corner))
        marks[colour] = ink_mask(cardart.card_surface(colour + "3", width, lang="en",
                                                      colorblind=True), rgb, corner)
        assert sum(marks[colour]) > 8, colour
    for a, b in combinations(marks, 2):
        assert sum(x != y for x, y in zip(marks[a], marks[b])) > 4, (a, b)


def test_the_index_sits_at_the_reading_start() -> None:
    top_left: Box = (0.04, 0.03, 0.2, 0.2)
    top_right: Box = (0.8, 0.03, 0.96, 0.2)
    en = cardart.card_surface("KS", 70, lang="en")
    fa = cardart.card_surface("KS", 70, lang="fa")
    assert ink(en, box=top_left) and not ink(en, box=top_right)
    assert ink(fa, box=top_right) and not ink(fa, box=top_left)


def test_text_follows_the_language() -> None:
    for code in ("QH", "R5", "50", "T", "J"):
        surfs = [cardart.card_surface(code, 110, lang=lang) for lang in cardart.LANGS]
        assert len({pygame.image.tobytes(s, "RGBA") for s in surfs}) == 3, code


def test_cache_returns_the_same_surface() -> None:
    a = cardart.card_surface("QS", 70, lang="fa")
    assert cardart.card_surface("QS", 70, lang="fa") is a
    assert cardart.card_surface("QS", 70, lang="fa", back="thief") is a, "back is for backs"
    assert cardart.card_surface("QS", 70, lang="en") is not a
    assert cardart.card_surface("QS", 71, lang="fa") is not a
    assert cardart.card_surface("QS", 70, lang="fa", colorblind=True) is not a
    assert cardart.card_surface("50", 70, colorblind=True) is cardart.card_surface("50", 70)
    assert cardart.card_surface(None, 70, back="tiraje") is cardart.card_surface(
        None, 70, back="tiraje", lang="en")
    assert cardart.canvas_marker(70, "fa") is cardart.canvas_marker(70, "fa")


@pytest.mark.parametrize("code", ["R0", "R8", "Z3", "1S", "AX", "", "XX", "10", "90", "as", "AS ",
                                  "t", "T1", "X", "JJ", "0"])
def test_unknown_codes_raise(code: str) -> None:
    with pytest.raises(ValueError):
        cardart.card_surface(code, 70)


def test_bad_options_raise() -> None:
    with pytest.raises(ValueError):
        cardart.card_surface("AS", 70, lang="de")
    with pytest.raises(ValueError):
        cardart.card_surface(None, 70, back="uno")
    with pytest.raises(ValueError):
        cardart.card_surface("AS", cardart.MIN_WIDTH - 1)
    with pytest.raises(ValueError):
        cardart.canvas_marker(70, "xx")


TAKI = cards_for(116)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", cardart.LANGS)
def test_every_taki_card_renders_at_every_size(width: int, lang: str) -> None:
    for code in TAKI:
        for colorblind in (False, True):
            assert_card_shape(cardart.card_surface(code, width, lang=lang,
                                                   colorblind=colorblind), width)


def test_taki_copies_share_their_picture() -> None:
    assert cardart.card_surface("R51", 70) is cardart.card_surface("R52", 70)
    assert cardart.card_surface("WC1", 70) is cardart.card_surface("WC4", 70)
    with pytest.raises(ValueError):
        cardart.card_surface("R53", 70)


@pytest.mark.parametrize("width", WIDTHS)
def test_taki_colourblind_marks_each_colour_with_its_own_shape(width: int) -> None:
    """Under the corner number: nothing in plain mode, a distinct shape per colour otherwise."""
    corner: Box = ((0.12, 0.34, 0.38, 0.46) if width < painter.COMPACT_BELOW
                  else (0.04, 0.2, 0.16, 0.28))
    marks = {}
    for colour, rgb in TAKI_COLOURS.items():
        plain = cardart.card_surface(colour + "31", width, lang="en")
        assert not any(ink_mask(plain, rgb, corner))
        marks[colour] = ink_mask(cardart.card_surface(colour + "31", width, lang="en",
                                                      colorblind=True), rgb, corner)
        assert sum(marks[colour]) > 8, colour
    for a, b in combinations(marks, 2):
        assert sum(x != y for x, y in zip(marks[a], marks[b])) > 4, (a, b)


def test_taki_pictures_differ() -> None:
    """Every figure of a colour, and every colourless card, has a picture of its own."""
    for group in ([f"R{f}1" for f in "123456789SDPT"], ["WC1", "WT1", "WK1", "W31", "WB1"]):
        for width in (40, 110):
            masks = {c: ink_mask(cardart.card_surface(c, width, lang="en"),
                                 cardart.card_surface(c, width).get_at((width // 2, 3))[:3],
                                 (0.15, 0.25, 0.85, 0.8)) for c in group}
            for a, b in combinations(group, 2):
                assert sum(x != y for x, y in zip(masks[a], masks[b])) > 10, (a, b, width)
