"""Dealing: the events of a deal into the hands, and hidden cards dealt under constraints for
`Rules.sample_state`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from game.core import Event, shuffle_with

H = TypeVar("H", bound=Hashable)

TRIES = 200
"""Quick deals tried before `_deal_by_exchange` looks for one that fits."""
SHAKES = 4
"""Random exchanges tried per card to stir a deal `_deal_by_exchange` found."""


def hands_dealt(hands: Sequence[Sequence[str]]) -> list[Event]:
    """The events of a deal into every seat's hand (``hand:<seat>``), seat by seat: each seat
    is shown its own cards, the others their count."""
    events = []
    for seat, hand in enumerate(hands):
        events.append(Event("deal", seat, {"cards": list(hand), "to": f"hand:{seat}"},
                            to=(seat,)))
        events.append(Event("deal", seat, {"count": len(hand), "to": f"hand:{seat}"},
                            to=tuple(o for o in range(len(hands)) if o != seat)))
    return events


def deal_constrained(cards: Sequence[str], capacity: dict[H, int],
                     allowed: Callable[[H, str], bool], rng: random.Random,
                     kind: Callable[[str], Hashable] | None = None) -> dict[H, list[str]]:
    """Deal ``cards`` so that each holder gets exactly ``capacity[holder]`` cards it may hold.

    The most constrained cards are placed first, each with a random holder that still has room;
    a dead end restarts with a new shuffle. Where voids leave little slack, a quick deal gives
    a seat, at random, cards another could have taken, then has nowhere for the cards only that
    seat may hold; if `TRIES` such deals all end so (a Hokm search met it once in 130 hands),
    `_deal_by_exchange` finds a deal that fits, as there is one whenever the constraints came
    from a real deal. `ValueError` only if none exists.

    ``kind`` (a card's suit, where ``allowed`` reads nothing else of it) lets ``allowed`` be
    asked once a kind and holder instead of once a card and holder. The cards every holder may
    take are dealt last, shuffled and cut to the room left: placed one by one they would end the
    same, each set of them equally likely in each holder's room (what a sample costs is mostly
    this deal, which a search repeats every round).
    """
    return dealer(cards, capacity, allowed, kind)(rng)


def dealer(cards: Sequence[str], capacity: dict[H, int], allowed: Callable[[H, str], bool],
           kind: Callable[[str], Hashable] | None = None
           ) -> Callable[[random.Random], dict[H, list[str]]]:
    """`deal_constrained` with the generator given later: what the constraints allow each card
    is worked out once, then each call deals (a search deals a world a round from the same
    constraints)."""
    if sum(capacity.values()) != len(cards):
        raise ValueError("the hidden cards do not fill the hidden places")
    holders = list(capacity)
    keys = cards if kind is None else list(map(kind, cards))
    asked: dict[Hashable, list[H]] = {}
    for c, k in zip(cards, keys):
        if k not in asked:
            asked[k] = [h for h in holders if allowed(h, c)]
    narrow = {k for k, hs in asked.items() if len(hs) < len(holders)}
    free = [c for c, k in zip(cards, keys) if k not in narrow] if narrow else list(cards)
    bound = {c: asked[k] for c, k in zip(cards, keys) if k in narrow}
    width = {c: len(hs) for c, hs in bound.items()}
    placed = list(bound)

    def deal(rng: random.Random) -> dict[H, list[str]]:
        bits = rng.getrandbits
        for _ in range(TRIES):
            order = shuffle_with(rng, placed)
            order.sort(key=width.__getitem__)
            room = dict(capacity)
            out: dict[H, list[str]] = {h: [] for h in holders}
            for card in order:
                choices = [h for h in bound[card] if room[h] > 0]
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
                rest = shuffle_with(rng, free)
                for h in holders:
                    if room[h]:
                        out[h].extend(rest[-room[h]:])
                        del rest[-room[h]:]
                return out
        return _deal_by_exchange(cards, capacity, {c: asked[k] for c, k in zip(cards, keys)},
                                 rng)

    return deal


def _deal_by_exchange(cards: Sequence[str], capacity: dict[H, int],
                      options: dict[str, list[H]], rng: random.Random) -> dict[H, list[str]]:
    """A deal that fits, found where the quick one of `deal_constrained` gave up: each card in
    random order takes a holder with room, or else the end of a chain of exchanges that makes
    room (a card moves to another holder it may go to, whose card moves on...: augmenting paths
    of a bipartite matching, so a card is left over only if no deal exists). Then random
    exchanges of two cards that may trade places (`SHAKES` a card) stir the deal found, so the
    worlds drawn here differ. `ValueError` if no deal exists."""
    room = dict(capacity)
    held: dict[H, list[str]] = {h: [] for h in capacity}

    def place(card: str, seen: set[H]) -> bool:
        holders = rng.sample(options[card], len(options[card]))
        for h in holders:
            if room[h] > 0:
                room[h] -= 1
                held[h].append(card)
                return True
        for h in holders:
            if h in seen:
                continue
            seen.add(h)
            for i, other in enumerate(held[h]):
                held[h][i] = card  # ``other`` gives its place up if it finds another
                if place(other, seen):
                    return True
                held[h][i] = other
        return False

    for card in shuffle_with(rng, cards):
        if not place(card, set()):
            raise ValueError("no deal fits what has been revealed")
    where = [(h, i) for h in held for i in range(len(held[h]))]
    if len(where) > 1:
        for _ in range(SHAKES * len(where)):
            (h1, i1), (h2, i2) = rng.sample(where, 2)
            a, b = held[h1][i1], held[h2][i2]
            if h1 != h2 and h2 in options[a] and h1 in options[b]:
                held[h1][i1], held[h2][i2] = b, a
    return held


class Unseen:
    """The cards of a game that the zones of an observation do not show, shuffled from
    ``seed``: for a `sample_state` with nothing to honour but what is shown. `fill` gives a
    zone's cards (by id) with each hidden place (None) dealt one of them; what is left is
    `rest`. `zones` are the observation's zones by id."""

    def __init__(self, cards: Iterable[str], zones: Iterable[Mapping[str, Any]],
                 seed: int) -> None:
        self.zones = {z["id"]: z for z in zones}
        left = Counter(cards)
        left.subtract(c for z in self.zones.values() for c in z["cards"] if c is not None)
        self.rest = sorted(left.elements())
        random.Random(seed).shuffle(self.rest)

    def fill(self, zone_id: str) -> list[str]:
        return [c if c is not None else self.rest.pop() for c in self.zones[zone_id]["cards"]]
