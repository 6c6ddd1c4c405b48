"""Dealing: the events of a deal into the hands, and hidden cards dealt under constraints for
`Rules.sample_state`."""

from __future__ import annotations

import bisect
import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from game.core import Event
from game.fast import shuffle_with

H = TypeVar("H", bound=Hashable)


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
    """Deal ``cards`` so that each holder gets exactly ``capacity[holder]`` cards it may hold
    (``allowed``), every such deal equally likely. `ValueError` if none exists.

    ``kind`` (a card's suit, where ``allowed`` reads nothing else of it) lets ``allowed`` be
    asked once a kind and holder instead of once a card and holder. See `dealer`."""
    return dealer(cards, capacity, allowed, kind)(rng)


Split = tuple[int, ...]
"""How many cards of one group each of its holders gets."""


def dealer(cards: Sequence[str], capacity: dict[H, int], allowed: Callable[[H, str], bool],
           kind: Callable[[str], Hashable] | None = None
           ) -> Callable[[random.Random], dict[H, list[str]]]:
    """`deal_constrained` with the generator given later: the constraints are read once, then
    each call deals (a search deals a world a round from the same constraints).

    Uniform over the deals that fit, exactly: the cards fall into groups by the holders they
    may go to (a void makes a suit's group; the cards anyone may hold are one group), and the
    cards of a group are alike to the constraints. So a deal is a split of each group among its
    holders, and the cards of each group shuffled into the split; the number of deals behind a
    choice of splits is the product of the groups' multinomials. The counts of deals that
    complete each partial choice are worked out once (by the room each holder has left, group
    after group), and each call draws the groups' splits in proportion to them. Placing cards
    one by one with a random holder each would favour clumped deals: two hidden spades and two
    holders with room for two each go to one holder in half the deals so dealt, in a third of
    the deals that fit."""
    if sum(capacity.values()) != len(cards):
        raise ValueError("the hidden cards do not fill the hidden places")
    holders = list(capacity)
    keys = cards if kind is None else list(map(kind, cards))
    asked: dict[Hashable, tuple[int, ...]] = {}
    grouped: dict[tuple[int, ...], list[str]] = {}
    for c, k in zip(cards, keys):
        if k not in asked:
            asked[k] = tuple(i for i, h in enumerate(holders) if allowed(h, c))
        grouped.setdefault(asked[k], []).append(c)
    groups = sorted(grouped.items(), key=lambda g: (len(g[0]), g[0]))
    last = len(groups) - 1
    tail = last - 1 if last >= 1 and len(groups[last][0]) == len(holders) else None
    """The group after which every card left may go anywhere: its split is drawn as a random
    choice of the places its holders have left (a card to each), which is the share of the
    deals behind each split; where there is none, every split is counted (`ways`)."""
    draws: dict[tuple[int, Split], tuple[list[Split], list[int]]] = {}
    """(group, room left) -> the group's splits that can be completed, and the running sum of
    the deals behind each."""

    def ways(g: int, room: Split) -> int:
        """The deals of groups ``g``... into ``room``."""
        if g == len(groups):
            return 1 if not any(room) else 0
        places, group = groups[g]
        if g == tail:  # n! m! C(places left to the group, n) / the product of room!
            n, m = len(group), len(groups[last][1])
            out = math.factorial(n) * math.factorial(m) * math.comb(sum(room[i] for i in places), n)
            for r in room:
                out //= math.factorial(r)
            return out
        key = (g, room)
        if key not in draws:
            splits: list[Split] = []
            running: list[int] = []
            total = 0
            for split in _splits(len(group), [room[i] for i in places]):
                left = list(room)
                for i, n in zip(places, split):
                    left[i] -= n
                w = ways(g + 1, tuple(left))
                if w:
                    total += _multinomial(len(group), split) * w
                    splits.append(split)
                    running.append(total)
            draws[key] = (splits, running)
        running = draws[key][1]
        return running[-1] if running else 0

    start = tuple(capacity[h] for h in holders)
    if not ways(0, start):
        raise ValueError("no deal fits what has been revealed")

    def deal(rng: random.Random) -> dict[H, list[str]]:
        out: dict[H, list[str]] = {h: [] for h in holders}
        room = list(start)
        for g, (places, group) in enumerate(groups):
            if g == tail:  # a place for each card, in random order
                seats = [i for i in places for _ in range(room[i])]
                for i, card in zip(rng.sample(seats, len(group)), group):
                    out[holders[i]].append(card)
                    room[i] -= 1
                continue
            if g == last:
                split: Split = tuple(room[i] for i in places)
            else:
                splits, running = draws[g, tuple(room)]
                split = splits[bisect.bisect_right(running, rng.randrange(running[-1]))]
            shuffled = shuffle_with(rng, group)
            at = 0
            for i, n in zip(places, split):
                if n:
                    out[holders[i]].extend(shuffled[at:at + n])
                    at += n
                    room[i] -= n
        return out

    return deal


def _splits(n: int, rooms: Sequence[int]) -> Iterator[Split]:
    """Every way to share ``n`` cards among places with ``rooms`` (a count each, none over its
    room)."""
    if len(rooms) == 1:
        if n <= rooms[0]:
            yield (n,)
        return
    rest = sum(rooms[1:])
    for k in range(max(0, n - rest), min(n, rooms[0]) + 1):
        for tail in _splits(n - k, rooms[1:]):
            yield (k, *tail)


def _multinomial(n: int, parts: Sequence[int]) -> int:
    """The ways to deal ``n`` distinct cards into places of the sizes ``parts``."""
    out = math.factorial(n)
    for k in parts:
        out //= math.factorial(k)
    return out


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
