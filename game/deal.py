"""Dealing hidden cards under constraints, for `Rules.sample_state`."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from game.core import _shuffle

H = TypeVar("H", bound=Hashable)


def deal_constrained(cards: Sequence[str], capacity: dict[H, int],
                     allowed: Callable[[H, str], bool], rng: random.Random) -> dict[H, list[str]]:
    """Deal ``cards`` so that each holder gets exactly ``capacity[holder]`` cards it may hold.

    The most constrained cards are placed first, each with a random holder that still has room;
    a dead end restarts with a new shuffle. `ValueError` if no deal exists (after many tries,
    which for the constraints card games reveal means there is none).
    """
    if sum(capacity.values()) != len(cards):
        raise ValueError("the hidden cards do not fill the hidden places")
    holders = list(capacity)
    options = {c: [h for h in holders if allowed(h, c)] for c in cards}
    width = {c: len(hs) for c, hs in options.items()}
    bits = rng.getrandbits
    for _ in range(200):
        order = _shuffle(rng, cards)
        order.sort(key=width.__getitem__)
        room = dict(capacity)
        out: dict[H, list[str]] = {h: [] for h in holders}
        for card in order:
            choices = [h for h in options[card] if room[h] > 0]
            n = len(choices)
            if not n:
                break
            # choices[rng.randrange(n)], the same draws without its checks and calls
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            holder = choices[r]
            out[holder].append(card)
            room[holder] -= 1
        else:
            return out
    raise ValueError("no deal fits what has been revealed")
