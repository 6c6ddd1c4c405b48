"""The French deck: codes ``AS TD 9H 2C`` (rank then suit), jokers ``XR`` (coloured), ``XB``.

Ranks low to high ``2 3 4 5 6 7 8 9 T J Q K A``; suits ``S`` spades (پیک), ``H`` hearts (دل),
``D`` diamonds (خشت), ``C`` clubs (خاج).
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "SHDC"
JOKERS = ("XR", "XB")

RANK_VALUE: dict[str, int] = {r: i + 2 for i, r in enumerate(RANKS)}
"""Rank strength, 2 low, ace 14."""


def deck(jokers: bool = False) -> list[str]:
    """A fresh 52-card deck (plus the jokers), in a fixed order."""
    cards = [r + s for s in SUITS for r in RANKS]
    return cards + list(JOKERS) if jokers else cards


FULL_DECK = frozenset(deck(jokers=True))


def is_card(code: str) -> bool:
    return code in FULL_DECK


def rank(code: str) -> int:
    return RANK_VALUE[code[0]]


def suit(code: str) -> str:
    return code[1]
