"""Shaitan (شیطان; Old Maid with a joker), seed 002, for 3 to 8 seats, anticlockwise.

Rules (seed)
------------
- Cards: the 52 French cards and one joker ``XR``. The deck is shuffled and dealt out one at a
  time, seat 0 first (some seats may hold one card more).
- At the deal every seat lays down its pairs of equal rank at once (four of a rank are two
  pairs); this is done automatically and shown to everyone (event ``pair``, zone ``pairs``).
- Seat 0 begins. In turn a seat draws a card blind from the hand of the seat to its right (the
  next seat in play order that still holds cards): ``draw 3`` takes the 4th card from the left
  as that neighbour holds it. If the card pairs with one in the drawer's hand, both are laid
  down and the seat **draws again** (seed); otherwise its turn ends and the seat it drew from
  plays next.
- The joker never pairs. A seat without cards is out and safe. When one seat alone holds cards
  (the joker), it has lost and every other seat wins. One deal is the whole game (the seed: the
  loser pays a forfeit the table agrees on); ``unit_options`` is empty.

Where the seed is silent
------------------------
- Hand order (the seed's "shuffling" of one's hand): automatic. A card drawn is slid into the
  drawer's hand at a random place (chance), so nobody else ever knows where a card lies in a
  hand, and the seat that gave the joker knows only who holds it, not where. A ``shuffle``
  action would add nothing the random insertion does not already give, and would add a turn.
- If the drawer's neighbour runs out of cards while the drawer still draws again, the drawer
  draws from the next seat to the right that holds cards. A drawer whose hand empties is out;
  the turn passes on.

Options
-------
None besides ``deck`` (stacks the shuffle, game.core: 53 codes, top first).

Codes and zones
---------------
Cards ``AS TD 9H``..., joker ``XR``. Action: ``draw <i>`` (0-based position in the
neighbour's hand). Zones: ``hand:<s>`` (fan, seen by its owner), ``pairs`` (public discard,
the pairs laid down). Facts: ``from`` (the seat to be drawn from), ``out`` (seats out safe, in
the order they went out), ``known`` (private: cards the seat gave away and whose holder it still
knows for sure, ``{card: seat}``), ``loser`` once over.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NotRequired, TypedDict

from game.cards.french import deck
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Reason, Rules, State, Zone,
                       check_choice, check_entries, check_seat_fields, seat_of)
from game.deal import HandDealt, hands_dealt
from game.registry import register
from game.shapes import CardsMoved, NoData, Observation, Result, TableFacts

_copy = list.copy

JOKER = "XR"
CARDS = tuple(deck()) + (JOKER,)
MAX_HAND = 53
DRAWS = tuple(Action("draw", str(i)) for i in range(MAX_HAND))


_Drawn = TypedDict("_Drawn", {"from": int | None})
"""``from``: the seat the drawer draws from (None once over); a keyword, so declared apart."""


class ShaitanFacts(TableFacts, _Drawn):
    """Shaitan's facts: whose turn, whom it draws from, the seats out (the table's ``out``)."""

    turn: int
    known: dict[str, int]
    """Cards the looking seat gave away whose holder it still knows: card -> seat (a
    spectator's: empty)."""
    loser: NotRequired[int]
    """The seat left with the joker, once over."""


class ShaitanObservation(Observation, ShaitanFacts):
    """What a seat may know of a Shaitan game."""


# -- the events' data (`ShaitanRules.events`) ------------------------------------------------
CardDrawn = TypedDict("CardDrawn", {"from": str, "to": str, "card": NotRequired[str],
                                     "index": int})
"""A card drawn blind from a hand (its place ``index`` there, from the left), named to the
drawer and the seat drawn from alone."""


class Lost(TypedDict):
    """The game over: the seat left with the joker."""

    loser: int


EVENTS = {"deal": HandDealt, "pair": CardsMoved, "draw": CardDrawn, "safe": NoData,
          "lost": Lost, "turn": NoData}


def paired(seat: int, pair: list[str]) -> Event:
    """The event of ``seat`` laying ``pair`` down."""
    return Event("pair", seat, CardsMoved({"cards": pair, "from": HAND_IDS[seat], "to": "pairs"}))


def rank_of(card: str) -> str:
    return card[0]


class ShaitanRules(Rules):
    id = "shaitan"
    names = {"fa": "شیطان", "en": "Shaitan", "ar": "الشيطان"}
    seat_counts = (3, 4, 5, 6, 7, 8)
    direction = "anticlockwise"
    options = {}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        words = code.split(" ") if isinstance(code, str) else []
        if len(words) == 2 and words[0] == "draw" and words[1].isdigit() \
                and str(int(words[1])) == words[1] and int(words[1]) < MAX_HAND:
            return DRAWS[int(words[1])]
        raise IllegalAction(f"{code!r} is not a Shaitan action (draw 0, draw 1, ...)")

    def sample_state(self, observation: Observation, seed: int) -> ShaitanState:
        """The unseen cards dealt at random into the other hands, each of the right size; the
        cards the seat knows the holder of (``known``) are put in that hand first."""
        obs = self.narrow(observation, ShaitanObservation)
        n = obs["seats"]
        me = seat_of(obs)
        zones = {z["id"]: z for z in obs["zones"]}
        unseen = Counter(CARDS)
        unseen.subtract(c for z in zones.values() for c in z["cards"] if c is not None)
        known = dict(obs["known"])
        for c in known:
            unseen[c] -= 1
        pool = [c for c, k in sorted(unseen.items()) for _ in range(k)]
        if any(k < 0 for k in unseen.values()):
            raise ValueError("the observation does not fit the cards of Shaitan")
        rng = random.Random(seed)
        rng.shuffle(pool)
        s = ShaitanState(n, seed, {})
        s.pairs = [c for c in zones["pairs"]["cards"] if c is not None]
        s.turn = obs["turn"]
        s.out = list(obs["out"])
        s.phase = obs["phase"]
        s.known[me] = dict(known)
        for seat in range(n):
            z = zones[f"hand:{seat}"]["cards"]
            if seat == me:
                s.hands[seat] = [c for c in z if c is not None]
                continue
            mine = [c for c, h in known.items() if h == seat]
            need = len(z) - len(mine)
            hand = mine + [pool.pop() for _ in range(need)]
            rng.shuffle(hand)
            s.hands[seat] = hand
        if pool:
            raise ValueError("the observation does not fit the cards of Shaitan")
        return s


TURNS = tuple(Event("turn", s, NoData()) for s in range(max(ShaitanRules.seat_counts)))
"""Each seat's ``turn`` event, made once (an event is never changed once made)."""


class ShaitanState(State):
    FIELDS = ("phase", "hands", "pairs", "turn", "out", "known")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "draw"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.pairs: list[str] = []
        self.turn = 0
        self.out: list[int] = []
        self.known: list[dict[str, int]] = [{} for _ in range(seats)]

    def check_fields(self) -> None:
        check_choice(self, "phase", ("draw", "over"))
        check_seat_fields(self, "turn")
        check_entries(self, self.seats, "seat", "hands", "known")

    def start(self) -> list[Event]:
        cards = self.shuffled(list(CARDS), "deal")
        for i, card in enumerate(cards):
            self.hands[i % self.seats].append(card)
        events = hands_dealt(self.hands)
        for seat in range(self.seats):
            hand = self.hands[seat]
            by_rank: dict[str, list[str]] = {}
            for card in hand:
                if card != JOKER:
                    by_rank.setdefault(rank_of(card), []).append(card)
            for cards_of in by_rank.values():
                for k in range(0, len(cards_of) - 1, 2):
                    pair = cards_of[k:k + 2]
                    for c in pair:
                        hand.remove(c)
                    self.pairs.extend(pair)
                    events.append(paired(seat, pair))
        return events + self.settle()

    # -- helpers ------------------------------------------------------------------------
    def holding(self) -> list[int]:
        return [s for s in range(self.seats) if self.hands[s]]

    def next_holder(self, seat: int) -> int:
        """The first seat after ``seat`` in play order that holds cards (not ``seat``)."""
        for k in range(1, self.seats):
            other = (seat + k) % self.seats
            if self.hands[other]:
                return other
        return seat

    def settle(self) -> list[Event]:
        """Mark seats that ran out; end the game or move the turn to a seat holding cards."""
        events: list[Event] = []
        for s in range(self.seats):
            if not self.hands[s] and s not in self.out:
                self.out.append(s)
                events.append(Event("safe", s, NoData()))
        if len(self.holding()) <= 1:
            self.phase = "over"
            loser = self.loser()
            events.append(Event("lost", loser, Lost(loser=loser)))
        elif not self.hands[self.turn]:
            self.turn = self.next_holder(self.turn)
        return events

    def loser(self) -> int:
        left = self.holding()
        return left[0] if left else -1

    def source(self) -> int:
        return self.next_holder(self.turn)

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "over" or seat != self.turn:
            return []
        return list(DRAWS[:len(self.hands[self.source()])])

    def why_illegal(self, seat: int, action: Action) -> str | None:
        size = len(self.hands[self.source()])
        if int(action.arg) >= size:
            return Reason("draw_range", "seat {seat} holds only {n} cards: draw {lo} to {hi}",
                          seat=self.source(), n=size, lo=0, hi=size - 1)
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        src = self.source()
        card = self.hands[src].pop(int(action.arg))
        hand = self.hands[seat]
        mate = next((c for c in hand if c != JOKER and card != JOKER
                     and rank_of(c) == rank_of(card)), None)
        # What the others knew about the source's hand may no longer hold.
        for o in range(self.seats):
            if o not in (seat, src):
                for c in [c for c, h in self.known[o].items() if h == src]:
                    del self.known[o][c]
        self.known[seat].pop(card, None)
        frm, to, index = HAND_IDS[src], HAND_IDS[seat], int(action.arg)
        events = [Event("draw", seat, CardDrawn({"from": frm, "to": to, "card": card,
                                                 "index": index}), to=(seat, src)),
                  Event("draw", seat, CardDrawn({"from": frm, "to": to, "index": index}),
                        to=tuple(o for o in range(self.seats) if o not in (seat, src)))]
        if mate is not None:
            hand.remove(mate)
            self.pairs += [mate, card]
            for k in self.known:
                k.pop(mate, None)
                k.pop(card, None)
            events.append(paired(seat, [mate, card]))
        else:
            hand.insert(self.chance("insert").randrange(len(hand) + 1), card)
            self.known[src][card] = seat
        events += self.settle()
        if self.phase != "over" and mate is None:
            self.turn = self.next_holder(seat) if self.hands[seat] else self.turn
            events.append(TURNS[self.turn])
        return events

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, tuple(self.hands[s]), "fan", (s,))
              for s in range(self.seats)]
        zs.append(Zone("pairs", "discard", None, tuple(self.pairs), "spread"))
        return zs

    def facts(self, seat: int | None) -> ShaitanFacts:
        d: ShaitanFacts = {"turn": self.turn, "out": list(self.out),
                           "from": None if self.phase == "over" else self.source(),
                           "known": dict(self.known[seat]) if seat is not None else {}}
        if self.phase == "over":
            d["loser"] = self.loser()
        return d

    def observation(self, seat: int | None) -> ShaitanObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        loser = self.loser()
        points = [-1 if s == loser else 0 for s in range(self.seats)]
        return {"winners": [s for s in range(self.seats) if s != loser], "points": points,
                "sheet": {"columns": ["seat", "out", "shaitan"],
                          "rows": [[s, self.out.index(s) + 1 if s in self.out else None,
                                    s == loser] for s in range(self.seats)]}}

    def clone(self) -> ShaitanState:
        # One dict copy, then the lists play changes, each copied by list.copy through map:
        # about half the time of update() and a comprehension per list (search clones a lot).
        c = ShaitanState.__new__(ShaitanState)
        d = self.__dict__.copy()
        d["hands"] = list(map(_copy, self.hands))
        d["pairs"] = self.pairs[:]
        d["out"] = self.out[:]
        d["known"] = list(map(dict.copy, self.known))
        d["opening"] = []
        c.__dict__ = d
        return c


RULES = register(ShaitanRules(), ShaitanState)
