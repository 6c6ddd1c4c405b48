"""Rim (ریم), the two-player rummy of seed 002.

Rules (seed)
------------
- Two seats, one 52-card deck. The dealer gives 10 cards to the other seat and 11 to himself
  (one at a time, the other seat first; the dealer takes the 21st card); the rest is the stock,
  face down. The dealer opens by discarding one card face up, so that both hold 10.
- In turn a seat takes one card, from the stock (``draw``) or the top of the discard pile
  (``take``), may lay down melds from its hand and add cards to melds on the table, then discards
  one card face up.
- A meld is three or more cards in sequence of one suit (a run: the seed's "1 2 3 of one suit")
  or three or four cards of one rank (a set: "three kings").
- The first seat to meld all its cards wins the deal and scores the loser's unmatched points:
  ace 14, king 13, queen 12, jack 10, number cards their face (the seed's example: K♥ A♦ 5♦ J♥
  left unmatched give 14 + 13 + 5 + 10 = 42). Scores carry; the match ends when a seat reaches the
  target agreed at the start (option ``target``).

Where the seed is silent, and what we chose (as Iranian players usually play)
-------------------------------------------------------------------------------
- Melds are laid face up on the table in front of the seat that made them (zone ``melds:<s>``),
  as the issue asks, and cards may be added to **any** meld on the table, one's own or the
  opponent's (option ``lay_off="own"``: only one's own).
- Aces: the seed's run "1 2 3" puts the ace low; its count (14, the highest card) puts it high.
  Both are allowed: A-2-3 and Q-K-A, never round the corner (K-A-2). Option ``aces="low"``:
  the ace is low only.
- Unmatched cards: the loser's hand is looked at and the cards that form runs or sets *in his
  hand* are not counted (the seed: "6 matched, 4 unmatched"), taking the arrangement that leaves
  the fewest points. Cards that would only fit the winner's melds on the table still count.
- Going out: a seat goes out when its hand is empty, after its discard or straight after a meld
  or an addition (no card left to discard is needed).
- The card just taken from the discard pile may not be discarded in the same turn (it would be
  a turn without a change); a meld or addition that would leave only that card in hand is
  refused for the same reason.
- Stock runs out: the discard pile but its top card is turned over, shuffled, as the new stock,
  once per deal. When the stock runs out a second time the deal ends: each seat's unmatched
  points are counted and the seat with fewer scores the difference (equal: nobody scores).
- The first dealer is seat 0; the deal alternates.

Options
-------
``target`` points that win the match (number 50..1000 in 50s, default 100; the seed: agreed at
the start); ``aces`` "both" (default) or "low"; ``lay_off`` "any" (default) or "own";
``length`` "match" (default) or "deal" (one deal: the simulator's unit). ``deck`` stacks shuffles
(game.core): one list of 52 codes, top first, stacks the first deal.

Codes
-----
Cards ``AS TD 9H 2C`` (game.cards.french). Actions: ``draw`` (stock), ``take`` (the discard's
top card), ``meld 5H 6H 7H`` (the cards of a new meld, in order: a run low to high, a set by
suit S H D C), ``add 8H 3`` (add 8H to meld number 3, counted from 0 in the order laid),
``discard 9C``.

`legal_actions` lists concrete melds, not a pattern (a pattern promises that every filling is
legal, which is not so for melds): for each suit every stretch of three or more consecutive
cards of the hand (all sub-runs of a longer run), and for each rank every three or four of a
kind. At most a few dozen for an eleven-card hand. Any valid meld may also be written in
another order; it is read as its canonical order.

Zones: ``hand:<s>`` (fan, its owner sees it), ``stock`` (deck, face down), ``discard`` (public,
top last), ``melds:<s>`` (public row: seat s's melds one after another, their sizes as its
``groups``). Phases: ``open`` (the dealer's first discard), ``draw``, ``play`` (melds,
additions, the discard), ``over``. Facts: ``options`` (the rules' options, for
`sample_state`), ``dealer``,
``turn``, ``taken`` (the card taken from the discard this turn), ``known`` (per seat, the cards it
took from the discard and still holds: everyone saw them taken), ``melds`` (list of
``{"id", "owner", "kind", "cards"}``), ``restocked`` and ``recycled`` (the cards turned into the
stock), ``totals``, ``target``, ``deal_no``, ``last`` (the last deal: winner, points, the
loser's unmatched cards), ``sheet``, and for the seat itself ``unmatched`` (its hand's unmatched
points and cards now).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NotRequired, TypedDict

from game.cards.french import RANKS, SUITS, deck
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules, State,
                       Zone, check_choice, check_entries, check_seat_fields, seat_of)
from game.deal import HandDealt, hands_dealt
from game.registry import register
from game.shapes import (CardMoved, CardPassed, CardsMoved, CountMoved, NoData, Observation,
                         Result, Sheet, TableFacts)


class Meld(TypedDict):
    """A meld on the table: its place in the list, who laid it, run or set, its cards."""

    id: int
    owner: int
    kind: str
    cards: list[str]


class DealEnd(TypedDict):
    """How the last deal ended: the winner (None: a tie when the stock ran out), the points it
    scored, ``out`` or ``stock``, and the loser's unmatched cards."""

    winner: int | None
    points: int
    kind: str
    cards: list[str]


class Unmatched(TypedDict):
    """A hand's unmatched points and cards (its best arrangement into melds)."""

    points: int
    cards: list[str]


class RimFacts(TableFacts):
    """Rim's facts (besides the table's options, totals and sheet)."""

    dealer: int
    turn: int
    taken: str | None
    """The card taken from the discard this turn."""
    known: list[list[str]]
    """Per seat, the cards it took from the discard and still holds (everyone saw them)."""
    melds: list[Meld]
    restocked: bool
    """Whether the discard has been turned into the stock this deal."""
    recycled: list[str]
    """The cards turned into the stock."""
    target: int
    deal_no: int
    last: DealEnd | None
    """How the last deal ended (None before the first ends)."""
    unmatched: NotRequired[Unmatched]
    """The looking seat's own hand now (not in a spectator's view)."""


class RimObservation(Observation, RimFacts):
    """What a seat may know of a Rim game."""


CARDS = tuple(deck())
CARD_SET = frozenset(CARDS)
POINTS = {r: (14 if r == "A" else 13 if r == "K" else 12 if r == "Q" else 10 if r == "J"
              else 10 if r == "T" else int(r)) for r in RANKS}
"""Points of an unmatched card: ace 14, king 13, queen 12, jack 10, ten 10, number cards their
face (the seed's example)."""
ORDER = "A23456789TJQKA"
"""Run positions: the ace low at 0 and high at 13."""
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}
DRAW = Action("draw")
TAKE = Action("take")
DISCARD = {c: Action("discard", c) for c in CARDS}
MAX_MELDS = 40
ADD = {(c, m): Action("add", f"{c} {m}") for c in CARDS for m in range(MAX_MELDS)}
_SIMPLE = {str(a): a for a in [DRAW, TAKE, *DISCARD.values(), *ADD.values()]}
SHEET_COLUMNS = ("deal", "dealer", "winner", "points", "total 0", "total 1")
ROW = ("melds:0", "melds:1")
"""Zone ids, by seat."""


# -- the events' data (`RimRules.events`) ----------------------------------------------------
class Melded(CardsMoved):
    """A meld laid from a hand: ``meld`` is its number on the table, counted from 0."""

    meld: int


class Added(CardMoved):
    """A card added from a hand to meld number ``meld``, in its owner's row."""

    meld: int


class Revealed(TypedDict):
    """A hand shown at the end of a deal: its cards, the unmatched ones and their points."""

    cards: list[str]
    unmatched: list[str]
    points: int


class DealOver(TypedDict):
    """A deal over, ``kind`` ``out`` (a seat went out) or ``stock`` (the stock ran out again),
    with each seat's total: as is, nobody scored (equal unmatched points)."""

    kind: str
    totals: list[int]


class Scored(DealOver):
    """The deal's winner scores ``points``: the loser's unmatched points, or the difference."""

    points: int


class MatchEnded(TypedDict):
    """The match won: each seat's total."""

    totals: list[int]


EVENTS = {"deal": HandDealt, "turn": NoData, "draw": CardPassed, "take": CardMoved,
          "discard": CardMoved, "restock": CountMoved, "meld": Melded, "add": Added,
          "reveal": Revealed, "no_score": DealOver, "scored": Scored, "match": MatchEnded}

DRAWN = [{c: Event("draw", s, CardPassed({"card": c, "from": "stock", "to": HAND_IDS[s]}), to=(s,))
          for c in CARDS} for s in (0, 1)]
DRAWN_UNSEEN = [Event("draw", s, CardPassed({"from": "stock", "to": HAND_IDS[s]}), to=(1 - s,))
                for s in (0, 1)]
TAKEN = [{c: Event("take", s, CardMoved({"card": c, "from": "discard", "to": HAND_IDS[s]}))
          for c in CARDS} for s in (0, 1)]
DISCARDED = [{c: Event("discard", s, CardMoved({"card": c, "from": HAND_IDS[s], "to": "discard"}))
              for c in CARDS} for s in (0, 1)]
TURN = [Event("turn", s, NoData()) for s in (0, 1)]
"""The events of a turn, by seat and card, made once: an event is a value that nobody changes
(frozen, its data only read), so the same one is handed out each time it happens."""


def points(cards: list[str] | tuple[str, ...]) -> int:
    return sum(POINTS[c[0]] for c in cards)


def _all_melds(ace_high: bool) -> dict[frozenset[str], tuple[str, ...]]:
    """Every meld of the deck, by its set of cards, in canonical order."""
    out: dict[frozenset[str], tuple[str, ...]] = {}
    top = 14 if ace_high else 13
    for s in SUITS:
        for lo in range(top):
            for hi in range(lo + 2, top):
                if lo == 0 and hi == 13:
                    continue
                cards = tuple(ORDER[p] + s for p in range(lo, hi + 1))
                out[frozenset(cards)] = cards
    for r in RANKS:
        four = tuple(r + s for s in SUITS)
        out[frozenset(four)] = four
        for skip in range(4):
            three = tuple(c for i, c in enumerate(four) if i != skip)
            out[frozenset(three)] = three
    return out


MELDS = {True: _all_melds(True), False: _all_melds(False)}
MELD_ACTIONS = {cards: Action("meld", " ".join(cards))
                for table in MELDS.values() for cards in table.values()}


def is_run(cards: tuple[str, ...]) -> bool:
    return cards[0][0] != cards[1][0]


POS = {r: ORDER.index(r) for r in RANKS}
BIT = {r + s: 1 << (16 * i + POS[r]) for i, s in enumerate(SUITS) for r in RANKS}
"""A card's bit in a mask of cards: 16 bits a suit (S H D C), at the rank's run position (ace
0). Bit 13 of a suit is left for the high ace, bits 14 and 15 stay empty: no run crosses suits."""
LOW = 0x1FFF
"""The 13 bits of one suit's cards."""
COUNTED = 52
"""Where a hand's value (`hand_value`) keeps the hand's mask: above 13 four-bit counts."""
VALUE = {high: {c: (BIT[c] | (BIT[c] << 13 if high and c[0] == "A" else 0)) << COUNTED
                | 1 << 4 * POS[c[0]] for c in CARDS} for high in (True, False)}
FIVES = int("5" * 13, 16)
THREES = int("8" * 13, 16)
"""Adding FIVES to the counts carries into THREES's bit of each rank held three or four times."""
THREE = {r: 8 << 4 * POS[r] for r in RANKS}


def hand_value(hand: list[str] | tuple[str, ...], ace_high: bool) -> int:
    """The cards of ``hand`` (held once each) at once as a mask and as counts: shifted up by
    `COUNTED`, their bits (`BIT`, and bit 13 of its suit for an ace where aces are high),
    and below, 4 bits a rank, how many of the hand's cards have that rank."""
    return sum(map(VALUE[ace_high].__getitem__, hand))


class _Runs(dict[int, tuple[tuple[str, ...], ...]]):
    """Every run in one suit's bits (bit 13 the high ace), keyed ``suit << 14 | bits``, low card
    first and short before long; filled as hands show them (at most 4 x 2**14 entries)."""

    def __missing__(self, key: int) -> tuple[tuple[str, ...], ...]:
        s, bits = SUITS[key >> 14], key & 0x3FFF
        found = []
        for lo in range(12):
            if (bits >> lo) & 7 != 7:
                continue
            hi = lo + 2
            while True:
                if not (lo == 0 and hi == 13):
                    found.append(tuple(ORDER[p] + s for p in range(lo, hi + 1)))
                if hi < 13 and bits >> (hi + 1) & 1:
                    hi += 1
                else:
                    break
        runs = self[key] = tuple(found)
        return runs


RUNS = _Runs()


def hand_melds(hand: list[str] | tuple[str, ...], ace_high: bool,
               value: int | None = None) -> list[tuple[str, ...]]:
    """Every meld that can be made from ``hand``: runs (all stretches of 3+) suit by suit, then
    sets, rank by rank in the order the hand first shows them. ``value`` is
    `hand_value(hand, ace_high)` when the caller has it."""
    if value is None:
        value = hand_value(hand, ace_high)
    mask = value >> COUNTED
    starts = mask & mask >> 1 & mask >> 2  # the low cards of three in a row of one suit
    three = (value + FIVES) & THREES
    if not starts and not three:
        return []
    found: list[tuple[str, ...]] = []
    if starts:
        for suit in range(4):
            if starts >> 16 * suit & LOW:
                found += RUNS[suit << 14 | mask >> 16 * suit & 0x3FFF]
    for card in hand if three else ():
        r = card[0]
        if three & THREE[r]:
            three ^= THREE[r]
            cards = tuple(r + s for s in SUITS if BIT[r + s] & mask)
            found.append(cards)
            if len(cards) == 4:
                found.extend(tuple(c for i, c in enumerate(cards) if i != skip)
                             for skip in range(4))
    return found


MELD_OF_MASK = {sum(BIT[c] for c in cards): cards
                for table in MELDS.values() for cards in table.values()}
"""Every meld by its mask of cards (`BIT`: a high ace has the low ace's bit)."""
MELD_MASK = {cards: mask for mask, cards in MELD_OF_MASK.items()}
POINT_BITS = 10
"""An arrangement (`_arranged`) keeps its points in its low bits (a whole deck counts 372)."""
POINTS_OF = (1 << POINT_BITS) - 1
MELD_BITS = 64
"""Above the points, an arrangement keeps its melds' masks, this many bits each."""
ONE_MELD = (1 << MELD_BITS) - 1
COSTLIEST = {c: (POINTS[c[0]], c) for c in CARDS}
"""How a hand's costliest card is found: by points, then by code."""
ARRANGED_KEPT = 1 << 17
"""Arrangements remembered, by aces' rule; the memory is emptied when full."""
ARRANGED: dict[bool, dict[int, int]] = {True: {}, False: {}}


def _arranged(hand: tuple[str, ...], ace_high: bool, value: int) -> int:
    """The best arrangement of ``hand`` (``value``: its `hand_value`) as one int: the fewest
    unmatched points in its low `POINT_BITS`, above them the melds that leave them, a mask
    (`MELD_OF_MASK`) each `MELD_BITS`. Remembered by ``value``: a memory of ints is no work for
    the garbage collector, where a cache of tuples churning at its size (the `lru_cache` this
    replaced) filled the young generation with tens of thousands of them between collections,
    and hard's searches in Rim paused for up to 95 ms at a time."""
    memory = ARRANGED[ace_high]
    got = memory.get(value)
    if got is not None:
        return got
    melds = hand_melds(hand, ace_high, value)
    if not melds:
        got = points(hand)
    else:
        values = VALUE[ace_high]
        first = max(hand, key=COSTLIEST.__getitem__)
        got = _arranged(tuple(c for c in hand if c != first), ace_high,
                        value - values[first]) + POINTS[first[0]]
        for m in melds:
            if first in m:
                sub = _arranged(tuple(c for c in hand if c not in m), ace_high,
                                value - sum(map(values.__getitem__, m)))
                if sub & POINTS_OF < got & POINTS_OF:
                    got = ((sub >> POINT_BITS) << MELD_BITS | MELD_MASK[m]) << POINT_BITS \
                        | sub & POINTS_OF
    if len(memory) >= ARRANGED_KEPT:
        memory.clear()
    memory[value] = got
    return got


def _best(hand: tuple[str, ...], ace_high: bool) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """The fewest unmatched points of ``hand`` (sorted) and the melds that leave them."""
    got = _arranged(hand, ace_high, hand_value(hand, ace_high))
    melds = []
    packed = got >> POINT_BITS
    while packed:
        melds.append(MELD_OF_MASK[packed & ONE_MELD])
        packed >>= MELD_BITS
    return got & POINTS_OF, tuple(melds)


def unmatched(hand: list[str] | tuple[str, ...], ace_high: bool = True) -> tuple[int, list[str]]:
    """The unmatched points of a hand (its best arrangement into melds) and those cards."""
    pts, melds = _best(tuple(sorted(hand)), ace_high)
    used = {c for m in melds for c in m}
    return pts, [c for c in hand if c not in used]


@lru_cache(maxsize=4096)
def extensions(meld: tuple[str, ...], ace_high: bool) -> dict[str, tuple[str, ...]]:
    """The cards that fit ``meld``, each with the meld it makes (canonical order)."""
    table = MELDS[ace_high]
    base = frozenset(meld)
    out: dict[str, tuple[str, ...]] = {}
    for card in CARDS:
        if card not in base:
            grown = table.get(base | {card})
            if grown is not None:
                out[card] = grown
    return out


class _FitMasks(dict[tuple[str, ...], int]):
    """The bits (`BIT`) of the cards that fit a meld, by the meld; filled as melds
    are laid (at most the few hundred melds of the deck)."""

    def __init__(self, ace_high: bool) -> None:
        super().__init__()
        self.ace_high = ace_high

    def __missing__(self, meld: tuple[str, ...]) -> int:
        mask = self[meld] = sum(map(BIT.__getitem__, extensions(meld, self.ace_high)))
        return mask


FIT_MASKS = {True: _FitMasks(True), False: _FitMasks(False)}


def fits(meld: tuple[str, ...], card: str, ace_high: bool) -> tuple[str, ...] | None:
    """The meld with ``card`` added, in canonical order, or None if it does not fit."""
    return extensions(meld, ace_high).get(card)


class RimRules(Rules):
    id = "rim"
    deal_ends = frozenset({"scored", "no_score"})
    events = EVENTS
    names = {"fa": "ریم", "en": "Rim", "ar": "ريم"}
    seat_counts = (2,)
    direction = "anticlockwise"
    options = {
        "target": Option.number("target", 100, 50, 1000, 50, "points that win the match"),
        "aces": Option("aces", "both", ("both", "low"), "the ace in runs: low and high, or low"),
        "lay_off": Option("lay_off", "any", ("any", "own"), "add to any meld, or to one's own"),
        "length": Option("length", "match", ("match", "deal"), "a whole match or one deal"),
    }
    unit_options = {"length": "deal"}

    def parse_action(self, code: str) -> Action:
        if not isinstance(code, str):
            raise IllegalAction(f"{code!r} is not a Rim action")
        action = _SIMPLE.get(code)
        if action is not None:
            return action
        words = code.split()
        if len(words) >= 2 and words[0] == "meld":
            cards = [w.upper() for w in words[1:]]
            if all(c in CARD_SET for c in cards) and len(set(cards)) == len(cards):
                canon = MELDS[True].get(frozenset(cards))
                if canon is not None:
                    return MELD_ACTIONS[canon]
                return Action("meld", " ".join(cards))
        if len(words) == 3 and words[0] == "add" and words[2].isdigit():
            action = ADD.get((words[1].upper(), int(words[2])))
            if action is not None:
                return action
        if len(words) in (1, 2):
            action = _SIMPLE.get(" ".join(w.lower() if i == 0 else w.upper()
                                          for i, w in enumerate(words)))
            if action is not None:
                return action
        raise IllegalAction(f"{code!r} is not a Rim action (draw, take, meld 5H 6H 7H, "
                            f"add 8H 0, discard 9C)")

    def sample_state(self, observation: Observation, seed: int) -> RimState:
        """The opponent's hand and the stock dealt anew from the cards the seat cannot see.

        The cards the opponent took from the discard are put in its hand; after the stock was
        turned over, the stock holds only cards that were in the discard pile, so a card never
        seen must be in the opponent's hand. The stock is a random draw, in random order, of the
        cards that may lie there; the opponent holds the rest, shuffled."""
        obs = self.narrow(observation, RimObservation)
        me = seat_of(obs)
        other = 1 - me
        zones = {z["id"]: z for z in obs["zones"]}
        known = [list(k) for k in obs["known"]]
        seen = {c for z in zones.values() for c in z["cards"] if c is not None}
        pool = [c for c in CARDS if c not in seen and c not in known[other]]
        need = len(zones[f"hand:{other}"]["cards"]) - len(known[other])
        stock_n = len(zones["stock"]["cards"])
        recycled = set(obs["recycled"])
        restocked = obs["restocked"]
        free, theirs = pool, known[other]
        if restocked:
            free = [c for c in pool if c in recycled]
            theirs = theirs + [c for c in pool if c not in recycled]
        if len(pool) != need + stock_n or len(free) < stock_n:
            raise ValueError("no deal fits what has been revealed")
        rng = random.Random(seed)
        rng.shuffle(free)
        s = RimState(2, int(seed), dict(obs["options"]))
        s.phase = obs["phase"]
        s.hands[me] = [c for c in zones[f"hand:{me}"]["cards"] if c is not None]
        hand = theirs + free[stock_n:]
        rng.shuffle(hand)
        s.hands[other] = hand
        s.stock = free[:stock_n]
        s.discard = [c for c in zones["discard"]["cards"] if c is not None]
        s.melds = [(m["owner"], tuple(m["cards"])) for m in obs["melds"]]
        s.dealer, s.turn = obs["dealer"], obs["turn"]
        s.deal_no = obs["deal_no"]
        s.taken = obs["taken"]
        s.known = known
        s.restocked = restocked
        s.recycled = list(obs["recycled"])
        s.totals = list(obs["totals"])
        last = obs["last"]
        s.last = last.copy() if last else None
        s.sheet = [list(r) for r in obs["sheet"]["rows"]]
        return s


class RimState(State):
    FIELDS = ("phase", "hands", "stock", "discard", "melds", "dealer", "turn", "deal_no", "taken",
              "known", "restocked", "recycled", "totals", "last", "sheet")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.ace_high = options.get("aces", "both") == "both"
        self.own_only = options.get("lay_off", "any") == "own"
        self.values = VALUE[self.ace_high]
        """`VALUE` for this game's aces: what each card adds to a hand's value."""
        self.held: list[int] | None = None
        """Per seat, `hand_value` of its hand, kept by `_apply` as cards come and go; None
        until asked (a test may set a hand before that), and again when a meld is laid or
        grows."""
        self.phase = "draw"
        self.hands: list[list[str]] = [[], []]
        self.stock: list[str] = []
        self.discard: list[str] = []
        self.melds: list[tuple[int, tuple[str, ...]]] = []
        self.reach: tuple[int, int] | None = None
        """Per seat, the bits of the cards it may add to a meld on the table (see `_reach`);
        None until asked, and again whenever a meld is laid or grows."""
        self.dealer = 0
        self.turn = 0
        self.deal_no = 0
        self.taken: str | None = None
        self.known: list[list[str]] = [[], []]
        self.restocked = False
        self.recycled: list[str] = []
        self.totals = [0, 0]
        self.last: DealEnd | None = None
        self.sheet: list[list[JSON]] = []

    def check_fields(self) -> None:
        check_choice(self, "phase", ("open", "draw", "play", "over"))
        check_seat_fields(self, "dealer", "turn")
        check_entries(self, 2, "seat", "hands", "known")
        check_entries(self, 2, "seat", "totals", numbers=True)

    # -- the deal -----------------------------------------------------------------------
    def deal(self) -> list[Event]:
        """Shuffle and deal: 10 to the other seat, 11 to the dealer, who then discards."""
        self.deal_no += 1
        cards = self.shuffled(list(CARDS), "deal")
        self.hands = [[], []]
        # One at a time, the other seat first: it gets the even cards of the first 20, the
        # dealer the odd ones and the 21st.
        self.hands[1 - self.dealer] = cards[0:20:2]
        self.hands[self.dealer] = cards[1:21:2] + [cards[20]]
        self.stock = cards[21:]
        self.discard = []
        self.melds = []
        self.reach = None
        self.held = None
        self.taken = None
        self.known = [[], []]
        self.restocked = False
        self.recycled = []
        self.turn = self.dealer
        self.phase = "open"
        return [*hands_dealt(self.hands), TURN[self.turn]]

    start = deal
    """The opening is the first deal."""

    # -- helpers ------------------------------------------------------------------------
    def may_add_to(self, seat: int, index: int) -> bool:
        return not self.own_only or self.melds[index][0] == seat

    def leaves_only_taken(self, seat: int, cards: tuple[str, ...]) -> bool:
        """Whether laying ``cards`` would leave in hand only the card taken this turn."""
        hand = self.hands[seat]
        return (self.taken is not None and len(hand) == len(cards) + 1
                and self.taken in hand and self.taken not in cards)

    def end_deal(self, winner: int | None) -> list[Event]:
        """Score the deal: the winner takes the loser's unmatched points; a spent stock
        compares both hands."""
        events: list[Event] = []
        left = [unmatched(self.hands[s], self.ace_high) for s in range(2)]
        for s in range(2):
            if self.hands[s]:
                events.append(Event("reveal", s, Revealed({"cards": list(self.hands[s]),
                                                           "unmatched": left[s][1],
                                                           "points": left[s][0]})))
        if winner is None:
            a, b = left[0][0], left[1][0]
            winner = None if a == b else (0 if a < b else 1)
            gain = abs(a - b)
            kind = "stock"
        else:
            gain = left[1 - winner][0]
            kind = "out"
        if winner is not None:
            self.totals[winner] += gain
        self.last = {"winner": winner, "points": gain, "kind": kind,
                     "cards": left[1 - winner][1] if winner is not None else []}
        self.sheet.append([self.deal_no, self.dealer, winner, gain, *self.totals])
        if winner is None:
            events.append(Event("no_score", None, DealOver({"kind": kind,
                                                            "totals": list(self.totals)})))
        else:
            events.append(Event("scored", winner, Scored({"points": gain, "kind": kind,
                                                          "totals": list(self.totals)})))
        target = int(self.options.get("target", 100))
        if self.options.get("length") == "deal" or max(self.totals) >= target:
            self.phase = "over"
            self.taken = None
            if len(self.winners()) == 1:
                events.append(Event("match", self.winners()[0],
                                    MatchEnded({"totals": list(self.totals)})))
            return events
        self.dealer = 1 - self.dealer
        return events + self.deal()

    def winners(self) -> list[int]:
        if self.totals[0] == self.totals[1]:
            return [0, 1]
        return [0 if self.totals[0] > self.totals[1] else 1]

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        """Melds (`hand_melds` order), then additions (meld by meld, in hand order), then
        discards (in hand order); none that `why_illegal` would refuse."""
        phase = self.phase
        if seat != self.turn or phase == "over":
            return []
        if phase == "draw":
            return [DRAW, TAKE] if self.discard else [DRAW]
        hand = self.hands[seat]
        if phase == "open":
            return [DISCARD[c] for c in hand]
        # `leaves_only_taken`, spelled out: only a taken card still in hand can be left alone.
        taken = self.taken
        if taken is not None and taken not in hand:
            taken = None
        held = self.held
        if held is None:
            held = self.held = [hand_value(h, self.ace_high) for h in self.hands]
        value = held[seat]
        mask = value >> COUNTED
        melds = hand_melds(hand, self.ace_high, value)
        acts = [MELD_ACTIONS[m] for m in melds
                if taken is None or len(m) + 1 != len(hand) or taken in m] if melds else []
        reach = self.reach
        if reach is None:
            reach = self.reach = self._reach()
        if reach[seat] & mask:
            fit_masks = FIT_MASKS[self.ace_high]
            # At most 17 melds fit on the table: every index is below MAX_MELDS.
            for i, (owner, cards) in enumerate(self.melds):
                fit = fit_masks[cards]
                if fit & mask and (owner == seat or not self.own_only):
                    acts.extend(ADD[c, i] for c in hand if BIT[c] & fit
                                and (taken is None or len(hand) != 2 or c == taken))
        acts += map(DISCARD.__getitem__, hand)
        if taken is not None:  # the card just taken is not discarded
            del acts[len(acts) - len(hand) + hand.index(taken)]
        return acts

    def _reach(self) -> tuple[int, int]:
        """Per seat, the bits of the cards that fit a meld on the table it may add to."""
        fit_masks = FIT_MASKS[self.ace_high]
        reach = [0, 0]
        for owner, cards in self.melds:
            fit = fit_masks[cards]
            for seat in (0, 1):
                if owner == seat or not self.own_only:
                    reach[seat] |= fit
        return reach[0], reach[1]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        verb = action.verb
        hand = self.hands[seat]
        if self.phase == "draw":
            if verb == "draw" or (verb == "take" and self.discard):
                return None
            if verb == "take":
                return Reason("no_discard", "the discard pile is empty")
            return Reason("draw_first", "take a card first: from the stock or the discard")
        if verb in ("draw", "take"):
            if self.phase == "open":
                return Reason("open_discard", "the dealer first discards a card")
            return Reason("drawn", "you have already taken a card this turn")
        if self.phase == "open" and verb != "discard":
            return Reason("open_discard", "the dealer first discards a card")
        if verb == "discard":
            card = action.arg
            if card not in hand:
                return Reason("not_held", "you do not hold {card}", card=card)
            if card == self.taken:
                return Reason("taken_back", "you may not discard {card}: you just took it",
                              card=card)
            return None
        if verb == "meld":
            cards = tuple(action.arg.split())
            missing = [c for c in cards if c not in hand]
            if missing:
                return Reason("not_held", "you do not hold {card}", card=missing[0])
            canon = MELDS[self.ace_high].get(frozenset(cards))
            if canon is None or len(cards) < 3:
                return Reason("not_meld", "{cards} is not a run or a set", cards=" ".join(cards))
            if self.leaves_only_taken(seat, cards):
                return Reason("keep_discard", "keep a card to discard other than {card}",
                              card=self.taken)
            return None
        if verb == "add":
            card, _, index_text = action.arg.partition(" ")
            index = int(index_text)
            if card not in hand:
                return Reason("not_held", "you do not hold {card}", card=card)
            if index >= len(self.melds):
                return Reason("no_meld", "there is no such meld on the table")
            if not self.may_add_to(seat, index):
                return Reason("own_melds", "you may add only to your own melds")
            if fits(self.melds[index][1], card, self.ace_high) is None:
                return Reason("no_fit", "{card} does not fit that meld", card=card)
            if self.leaves_only_taken(seat, (card,)):
                return Reason("keep_discard", "keep a card to discard other than {card}",
                              card=self.taken)
            return None
        return Reason("not_now", "{action} is not allowed now", action=str(action))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb = action.verb
        hand = self.hands[seat]
        if verb == "discard":
            card = action.arg
            hand.remove(card)
            if self.held is not None:
                self.held[seat] -= self.values[card]
            known = self.known[seat]  # `_forget`, spelled out on the hot path
            if card in known:
                known.remove(card)
            self.discard.append(card)
            events = [DISCARDED[seat][card]]
            # The turn ends: the deal too if the seat is out or the stock is spent, else pass.
            if not hand:
                return events + self.end_deal(seat)
            if not self.stock:
                if self.restocked or len(self.discard) < 2:
                    return events + self.end_deal(None)
                top = self.discard[-1]
                self.recycled = self.discard[:-1]
                self.stock = self.shuffled(list(self.recycled), "stock")
                self.discard = [top]
                self.restocked = True
                events.append(Event("restock", None, CountMoved({"from": "discard", "to": "stock",
                                                                "count": len(self.stock)})))
            self.turn = 1 - seat
            self.taken = None
            self.phase = "draw"
            events.append(TURN[1 - seat])
            return events
        if verb == "draw":
            card = self.stock.pop(0)
            hand.append(card)
            if self.held is not None:
                self.held[seat] += self.values[card]
            self.phase = "play"
            return [DRAWN[seat][card], DRAWN_UNSEEN[seat]]
        if verb == "take":
            card = self.discard.pop()
            hand.append(card)
            if self.held is not None:
                self.held[seat] += self.values[card]
            self.taken = card
            self.known[seat].append(card)
            self.phase = "play"
            return [TAKEN[seat][card]]
        self.reach = None
        self.held = None
        if verb == "meld":
            cards = MELDS[self.ace_high][frozenset(action.arg.split())]
            for c in cards:
                hand.remove(c)
            self._forget(seat, cards)
            self.melds.append((seat, cards))
            events = [Event("meld", seat, Melded({"cards": list(cards),
                                                  "meld": len(self.melds) - 1,
                                                  "from": HAND_IDS[seat], "to": ROW[seat]}))]
        else:
            card, _, index_text = action.arg.partition(" ")
            index = int(index_text)
            owner, cards = self.melds[index]
            grown = fits(cards, card, self.ace_high)
            assert grown is not None
            hand.remove(card)
            self._forget(seat, (card,))
            self.melds[index] = (owner, grown)
            events = [Event("add", seat, Added({"card": card, "meld": index,
                                                "from": HAND_IDS[seat], "to": ROW[owner]}))]
        if not hand:
            events += self.end_deal(seat)
        return events

    def _forget(self, seat: int, cards: tuple[str, ...]) -> None:
        """The seat no longer holds ``cards``: they leave its ``known``."""
        known = self.known[seat]
        for c in cards:
            if c in known:
                known.remove(c)

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        if action.verb == "discard":
            return action.arg, "discard"
        if action.verb == "add":
            card, _, index = action.arg.partition(" ")
            i = int(index)
            if i < len(self.melds):
                return card, f"melds:{self.melds[i][0]}"
        return None

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, tuple(self.hands[s]), "fan", (s,)) for s in range(2)]
        zs.append(Zone("stock", "deck", None, tuple(self.stock), "pile", ()))
        zs.append(Zone("discard", "discard", None, tuple(self.discard), "pile"))
        for s in range(2):
            melds = [m for owner, m in self.melds if owner == s]
            zs.append(Zone(f"melds:{s}", "palette", s, tuple(c for m in melds for c in m), "row",
                           groups=tuple(len(m) for m in melds)))
        return zs

    def score_sheet(self) -> Sheet:
        return {"columns": list(SHEET_COLUMNS), "rows": [list(r) for r in self.sheet]}

    def facts(self, seat: int | None) -> RimFacts:
        d: RimFacts = {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "dealer": self.dealer, "turn": self.turn, "taken": self.taken,
            "known": [list(k) for k in self.known],
            "melds": [{"id": i, "owner": o, "kind": "run" if is_run(m) else "set",
                       "cards": list(m)} for i, (o, m) in enumerate(self.melds)],
            "restocked": self.restocked, "recycled": list(self.recycled),
            "totals": list(self.totals), "target": int(self.options.get("target", 100)),
            "deal_no": self.deal_no, "last": self.last.copy() if self.last else None,
            "sheet": self.score_sheet(),
        }
        if seat is not None:
            pts, cards = unmatched(self.hands[seat], self.ace_high)
            d["unmatched"] = {"points": pts, "cards": cards}
        return d

    def observation(self, seat: int | None) -> RimObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        return {"winners": self.winners() if self.phase == "over" else [],
                "points": list(self.totals), "teams": None, "sheet": self.score_sheet()}

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.melds = [(int(m[0]), tuple(m[1])) for m in d["melds"]]

    def clone(self) -> RimState:
        """A copy sharing only what is never changed in place (cards, melds, sheet rows)."""
        c = RimState.__new__(RimState)
        d = c.__dict__ = self.__dict__.copy()
        hands, known, held = self.hands, self.known, self.held
        d["hands"] = [hands[0][:], hands[1][:]]
        d["stock"] = self.stock[:]
        d["discard"] = self.discard[:]
        d["melds"] = self.melds[:]
        d["known"] = [known[0][:], known[1][:]]
        d["totals"] = self.totals[:]
        d["sheet"] = self.sheet[:]
        d["opening"] = []
        if held is not None:
            d["held"] = held[:]
        return c


RULES = register(RimRules(), RimState)
