"""Dealing: the events of a deal into the hands and of a card played from one, and hidden cards
dealt under constraints for `Rules.sample_state`."""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NotRequired, TypedDict, TypeVar

from game.core import HAND_IDS, Event
from game.fast import shuffle_with
from game.shapes import CardMoved

H = TypeVar("H", bound=Hashable)


class HandDealt(TypedDict):
    """A seat's hand dealt (`hands_dealt`): its ``cards`` to the seat, their ``count`` to the
    others."""

    to: str
    cards: NotRequired[list[str]]
    count: NotRequired[int]


def hands_dealt(hands: Sequence[Sequence[str]]) -> list[Event]:
    """The events of a deal into every seat's hand (``hand:<seat>``), seat by seat: each seat
    is shown its own cards, the others their count."""
    events = []
    for seat, hand in enumerate(hands):
        events.append(Event("deal", seat, HandDealt({"cards": list(hand), "to": f"hand:{seat}"}),
                            to=(seat,)))
        events.append(Event("deal", seat, HandDealt({"count": len(hand), "to": f"hand:{seat}"}),
                            to=tuple(o for o in range(len(hands)) if o != seat)))
    return events


def play_events(cards: Iterable[str], seats: int, to: str) -> list[dict[str, Event]]:
    """``[seat][card]``: the event of ``seat`` playing ``card`` from its hand to the zone
    ``to``, for ``seats`` seats and each of ``cards``: made once and handed out again (an
    `Event` is never changed once made), where a deal would otherwise make one a card."""
    cards = tuple(cards)
    return [{c: Event("play", s, CardMoved({"card": c, "from": HAND_IDS[s], "to": to}))
             for c in cards} for s in range(seats)]


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
    each call deals (a search deals a world a round from the same constraints). See `Deals`."""
    return Deals(cards, capacity, allowed, kind).draw


class Deals(Generic[H]):
    """Every deal of ``cards`` to the holders of ``capacity`` (each exactly its number of cards)
    that ``allowed`` lets them hold: counted (`count`), drawn at random (`draw`), or listed one
    by one (`every`). `ValueError` if none exists.

    The cards fall into groups by the holders they may go to (a void makes a suit's group; the
    cards anyone may hold are one group), and the cards of a group are alike to the constraints.
    So a deal is a split of each group among its holders, and the cards of each group shared
    out by the split; the number of deals behind a choice of splits is the product of the
    groups' multinomials. The counts of deals that complete each partial choice are worked out
    once (by the room each holder has left, group after group).

    `draw` is uniform over the deals that fit, exactly: it draws the groups' splits in
    proportion to those counts and shuffles each group into its split. Placing cards one by one
    with a random holder each would favour clumped deals: two hidden spades and two holders
    with room for two each go to one holder in half the deals so dealt, in a third of the deals
    that fit. ``kind`` (a card's suit, where ``allowed`` reads nothing else of it) lets
    ``allowed`` be asked once a kind and holder instead of once a card and holder."""

    def __init__(self, cards: Sequence[str], capacity: dict[H, int],
                 allowed: Callable[[H, str], bool],
                 kind: Callable[[str], Hashable] | None = None) -> None:
        if sum(capacity.values()) != len(cards):
            raise ValueError("the hidden cards do not fill the hidden places")
        self.cards, self.capacity, self.allowed, self.kind = cards, capacity, allowed, kind
        self.holders = list(capacity)
        keys = cards if kind is None else list(map(kind, cards))
        asked: dict[Hashable, tuple[int, ...]] = {}
        grouped: dict[tuple[int, ...], list[str]] = {}
        for c, k in zip(cards, keys):
            if k not in asked:
                asked[k] = tuple(i for i, h in enumerate(self.holders) if allowed(h, c))
            grouped.setdefault(asked[k], []).append(c)
        self.groups = sorted(grouped.items(), key=lambda g: (len(g[0]), g[0]))
        self.last = len(self.groups) - 1
        self.tail = self.last - 1 if self.last >= 1 and \
            len(self.groups[self.last][0]) == len(self.holders) else None
        """The group after which every card left may go anywhere: its split is drawn as a
        random choice of the places its holders have left (a card to each), which is the share
        of the deals behind each split; where there is none, every split is counted (`ways`)."""
        self.draws: dict[tuple[int, Split], tuple[list[Split], list[int]]] = {}
        """(group, room left) -> the group's splits that can be completed, and the running sum
        of the deals behind each."""
        self.start = tuple(capacity[h] for h in self.holders)
        if not self.ways(0, self.start):
            raise ValueError("no deal fits what has been revealed")

    def ways(self, g: int, room: Split) -> int:
        """The deals of groups ``g``... into ``room``."""
        groups = self.groups
        if g == len(groups):
            return 1 if not any(room) else 0
        places, group = groups[g]
        if g == self.tail:  # n! m! C(places left to the group, n) / the product of room!
            n, m = len(group), len(groups[self.last][1])
            out = math.factorial(n) * math.factorial(m) * math.comb(sum(room[i] for i in places), n)
            for r in room:
                out //= math.factorial(r)
            return out
        key = (g, room)
        if key not in self.draws:
            splits: list[Split] = []
            running: list[int] = []
            total = 0
            for split in _splits(len(group), [room[i] for i in places]):
                w = self.ways(g + 1, _left(room, places, split))
                if w:
                    total += _multinomial(len(group), split) * w
                    splits.append(split)
                    running.append(total)
            self.draws[key] = (splits, running)
        running = self.draws[key][1]
        return running[-1] if running else 0

    def count(self, alike: Collection[H] = ()) -> int:
        """How many deals fit (those `every` lists, with ``alike`` as it takes it)."""
        together = self.together(alike)
        if together:
            return self.merged(together).count()
        return self.ways(0, self.start)

    def together(self, alike: Collection[H]) -> list[H]:
        """The holders of ``alike`` that ``allowed`` treats as the first of them (every card
        allowed to one is allowed to the others): two or more of them, else none."""
        rows = {h: [self.allowed(h, c) for c in self.cards] for h in self.holders if h in alike}
        first = next(iter(rows), None)
        together = [h for h, row in rows.items() if row == rows[first]] if first is not None \
            else []
        return together if len(together) > 1 else []

    def merged(self, together: list[H]) -> Deals[H]:
        """The deals with the holders ``together`` as one, the first of them, holding all their
        cards."""
        capacity = {h: n for h, n in self.capacity.items() if h not in together[1:]}
        capacity[together[0]] = sum(self.capacity[h] for h in together)
        return Deals(self.cards, capacity, self.allowed, self.kind)

    def draw(self, rng: random.Random) -> dict[H, list[str]]:
        """One deal that fits, every one as likely, from ``rng``."""
        holders = self.holders
        out: dict[H, list[str]] = {h: [] for h in holders}
        room = list(self.start)
        for g, (places, group) in enumerate(self.groups):
            if g == self.tail:  # a place for each card, in random order
                seats = [i for i in places for _ in range(room[i])]
                for i, card in zip(rng.sample(seats, len(group)), group):
                    out[holders[i]].append(card)
                    room[i] -= 1
                continue
            if g == self.last:
                split: Split = tuple(room[i] for i in places)
            else:
                splits, running = self.draws[g, tuple(room)]
                split = splits[bisect.bisect_right(running, rng.randrange(running[-1]))]
            shuffled = shuffle_with(rng, group)
            at = 0
            for i, n in zip(places, split):
                if n:
                    out[holders[i]].extend(shuffled[at:at + n])
                    at += n
                    room[i] -= n
        return out

    def every(self, alike: Collection[H] = ()) -> Iterator[dict[H, list[str]]]:
        """Every deal that fits, once each, in a fixed order: `count` of them (each holder's
        cards in the order ``cards`` gave them). The holders ``alike`` (places whose cards
        the caller need not tell apart) that ``allowed`` treats alike (`together`) are dealt as
        one: each choice of the cards they hold between them comes once, those cards shared
        out among them in their order (one of the deals that fit, since any card one may hold
        the others may)."""
        together = self.together(alike)
        if not together:
            yield from self._every()
            return
        for dealt in self.merged(together)._every():
            pile = iter(dealt[together[0]])
            for h in together:
                dealt[h] = [next(pile) for _ in range(self.capacity[h])]
            yield {h: dealt[h] for h in self.holders}

    def _every(self) -> Iterator[dict[H, list[str]]]:
        holders = self.holders

        def deals(g: int, room: Split) -> Iterator[list[list[str]]]:
            if g == len(self.groups):
                yield [[] for _ in holders]
                return
            places, group = self.groups[g]
            for split in _splits(len(group), [room[i] for i in places]):
                left = _left(room, places, split)
                if g != self.tail and not self.ways(g + 1, left):
                    continue
                for shares in _shares(group, split):
                    for rest in deals(g + 1, left):
                        for i, share in zip(places, shares):
                            rest[i] = share + rest[i]
                        yield rest

        for dealt in deals(0, self.start):
            yield dict(zip(holders, dealt))


S = TypeVar("S")


@dataclass(frozen=True)
class Hidden(Generic[S]):
    """What a seat cannot see, as its game's `Rules.sample_state` deals it: ``deals``, the
    deals of the cards it has not seen that fit everything it has learned (voids shown, cards
    passed, the widow...), and ``make``, the full state (a world) of one such deal and a seed.

    `world` is one world at random (what `sample_state` gives for the seed); `every` lists the
    worlds the seat cannot tell from the real one (a claim is checked in all of them)."""

    deals: Deals[str]
    make: Callable[[dict[str, list[str]], int], S]
    unplayed: tuple[str, ...] = ()
    """The places no card is played from for the rest of the hand (the stock, the discards,
    a kitty, a widow laid away): play cannot tell apart the deals that differ only in how
    their cards are shared among them."""

    def world(self, seed: int) -> S:
        return self.make(self.deals.draw(random.Random(seed)), seed)

    def every(self) -> Iterator[S]:
        """A world of every deal that play can tell apart (`Deals.every`, with `unplayed`
        alike): `count` of them."""
        for dealt in self.deals.every(self.unplayed):
            yield self.make(dealt, 0)

    def count(self) -> int:
        return self.deals.count(self.unplayed)


def _left(room: Split, places: Sequence[int], split: Split) -> Split:
    """``room`` less the cards ``split`` gives each of ``places``."""
    left = list(room)
    for i, n in zip(places, split):
        left[i] -= n
    return tuple(left)


def _shares(cards: Sequence[str], split: Split) -> Iterator[list[list[str]]]:
    """Every way to give ``split[0]`` of ``cards`` to the first place, ``split[1]`` of the rest
    to the second, and so on (each share in the order of ``cards``)."""
    if not split:
        yield []
        return
    for chosen in itertools.combinations(range(len(cards)), split[0]):
        taken = set(chosen)
        rest = [c for i, c in enumerate(cards) if i not in taken]
        for tail in _shares(rest, split[1:]):
            yield [[cards[i] for i in chosen], *tail]


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
