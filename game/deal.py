"""Dealing hidden cards under constraints, for `Rules.sample_state`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

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


class Unseen:
    """The cards of a game that the zones of an observation do not show, shuffled from
    ``seed``: for a `sample_state` with nothing to honour but what is shown. `fill` gives a
    zone's cards with each hidden place (None) dealt one of them; what is left is `rest`."""

    def __init__(self, cards: Iterable[str], zones: Iterable[Mapping[str, Any]],
                 seed: int) -> None:
        left = Counter(cards)
        left.subtract(c for z in zones for c in z["cards"] if c is not None)
        self.rest = sorted(left.elements())
        random.Random(seed).shuffle(self.rest)

    def fill(self, zone: Mapping[str, Any]) -> list[str]:
        return [c if c is not None else self.rest.pop() for c in zone["cards"]]
