"""Pasur (پاسور, also Chahar Barg, Haft Khaj, Yazdah), the Persian fishing game of eleven.

The seeds (``../shared/seeds/``) do not describe Pasur: seed 002 only names "11 (Chahar Barg)" in
its introduction. The rules below follow the published descriptions Iranian players recognise:
pagat.com's Pasur page (after Ali Jahanshiri, with notes from other Iranian players), Jahanshiri's
own page (jahanshiri.ir), the English Wikipedia article and, for two variants, the rules of online
tables (playpasur.com; the "Welcome to Pasur" sheet of an online game). Where they differ, the
commonest form is the default and the others are options, named below with their source.

Rules
-----
- One 52-card pack; 2 seats (the usual game), 3, or 4 in two partnerships sitting opposite
  (seats 0 and 2 against 1 and 3). Deal and play are anticlockwise (to the right): the seat after
  ``s`` is ``s + 1``. The first dealer is the last seat, so seat 0 leads the first deal; the deal
  then passes to the right.
- The dealer gives four cards to each seat, starting at his right, then four face up to the
  table. If the table shows more than one jack, or three queens, or three kings, the cards are
  gathered, reshuffled and dealt again (pagat, Jahanshiri). A single jack is buried in the undealt
  pack (at a random place) and replaced by the top card of the pack (pagat, Jahanshiri); if that
  card is a jack too, the deal starts again (Wikipedia).
- When every seat has played its four cards, four more go to each seat (none to the table) until
  the pack is spent: six hands for two seats, four for three, three for four. A "deal" here is
  the whole pack; its four-card rounds are "hands".
- In turn a seat plays one card. A numeral card (ace 1, 2 ... 10) captures any set of numeral
  cards of the table that make eleven with it; a queen captures one queen, a king one king; a
  jack captures every numeral card and jack on the table (not queens or kings). A card that
  cannot capture stays on the table. A card that can capture must capture (Wikipedia: a card
  that can pick up may not be added to the pool; pagat and Jahanshiri: no seat must play a
  capturing card, but a card laid on the table is one that captures nothing); where a numeral can
  capture in several ways the player chooses the set. Option ``capture`` "free": a capturing card
  may also be laid on the table, as some home tables allow.
- Clearing the table by a capture is a sur (5 points), except with a jack (pagat, Jahanshiri,
  Wikipedia) and, by default, anywhere in the deal's last hand, the four cards each seat holds once
  the pack is spent. The sources that say when: pasor.persianblog.ir, «به سری آخر هر دست، سور
  تعلّق نمی گیرد» (no sur in the last round of each deal); sinabaghal's write-up, "Surs are not
  permitted during the final round of play"; pagat counts each four-card round a "deal" and
  Jahanshiri names the last of them "the final deal (i.e. the last hand of each round)", so an
  engine that follows pagat reads its rule as "no surs in the final deal"; another public engine
  scores a sur only while cards remain in the pack. Option ``sur_last`` "play" keeps only the
  deal's very last play from making one (a reading of the same rule as its last card alone). The
  cards left on the table after the last play go to the last seat that captured (no sur).
- Scoring a deal: the majority of clubs (seven or more) 7, the 2 of clubs 2, the 10 of diamonds
  3, each ace 1, each jack 1, each sur 5. Partners score together. Scores carry; the match ends
  when a side has reached 62 (option) after a deal with more points than every other side (equal
  leaders play another deal).

Options (defaults first)
------------------------
``target`` 62 (20..200 in 1s; all sources: 62); ``sur_last`` "hand" (no sur in the deal's whole
last hand: the sources above), "play" (none on its last play only), "yes" (a sur even then);
``jack_sur`` "no" (a jack never makes a sur: all sources), "alone" (a jack that takes a table of
jacks only makes one, as some tables play); ``sur_points`` 5 (1..10; all sources 5,
agreed at the table otherwise); ``sur_cancel`` "no", "yes" (a sur made while an opposing side has
surs cancels one of theirs instead of scoring: the "Welcome to Pasur" online rules);
``capture`` "forced" or "free" (see above);
``clubs`` "seven" (7 points only to a side with seven clubs or more: every source), "most" (with
three seats, where nobody took seven, to the seat with most clubs, alone); ``length`` "match" or
"deal" (one deal: the simulator's unit). ``deck`` stacks shuffles (game.core): one list of 52
codes, top first, stacks the first deal; a reshuffle for a redeal is tagged ``redeal``.

Codes
-----
Cards ``AS TD 9H 2C`` (game.cards.french). Actions: ``play 5H`` (lay a card that cannot capture
on the table), ``take 5H 6C`` / ``take 5H 2S 4D`` (play 5H and capture the cards after it;
written in the deck's order S H D C, 2 to A; any order is read), ``take QH QS``, ``take JC ...``
(the jack with every numeral and jack of the table). `legal_actions` lists each capturing set as
its own action.

Zones: ``hand:<s>`` (fan, its owner sees it), ``table`` (public row, kind discard), ``won:<s>``
(the cards seat s captured, public pile: everyone saw them taken), ``stock`` (the undealt pack,
face down).
Phases: ``play``, ``over``.

Facts: ``options``, ``dealer``, ``turn``, ``deal_no``, ``hand_no`` and ``hands`` (this deal's hand
and how many it has), ``deck_count`` (cards left in the pack), ``last_taker``, ``buried`` (jacks
buried this deal), ``redeals``, ``surs`` (per seat), ``clubs`` and ``taken`` (per seat: clubs and
cards captured this deal), ``sides`` (seat lists that score together), ``side_points`` (per side:
points of the cards taken so far this deal, surs included, clubs majority once reached), ``totals``
(per side, before this deal), ``target``, ``last`` (the last deal's scoring), ``sheet``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypedDict

from game.cards.french import deck
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules, State,
                       Zone, check_choice, check_entries, check_seat_fields, copy_json)
from game.deal import HandDealt, hands_dealt, play_events
from game.fast import make_clone
from game.registry import register
from game.shapes import CardMoved, CardsMoved, NoData, Observation, Result, Sheet, TableFacts

CARDS = tuple(deck())
CARD_SET = frozenset(CARDS)
ORDER = {c: i for i, c in enumerate(CARDS)}
VALUE = {c: (1 if c[0] == "A" else 10 if c[0] == "T" else int(c[0])) for c in CARDS
         if c[0] not in "JQK"}
"""The numeral cards and their values: ace 1 ... ten 10."""
POINTS = {c: (2 if c == "2C" else 3 if c == "TD" else 1 if c[0] in "AJ" else 0) for c in CARDS}
"""Points of a captured card (the clubs majority and surs apart)."""
CLUBS_POINTS = 7
CLUBS_MAJORITY = 7
PLAY = {c: Action("play", c) for c in CARDS}
SHEET_COLUMNS = ("deal", "dealer")


class DealScore(TypedDict):
    """The last deal's score, per side: its points and what they were made of."""

    points: list[int]
    clubs: list[int]
    surs: list[int]
    cards: list[int]
    clubs_points: list[int]


class PasurFacts(TableFacts):
    """Pasur's facts (besides the table's options, deck_count, totals and sheet)."""

    dealer: int
    turn: int
    deal_no: int
    hand_no: int
    """The hand of this deal being played (four cards each a hand)."""
    hands: int
    """How many hands a deal holds."""
    last_taker: int | None
    buried: list[str]
    """Jacks dealt to the table and buried in the pack."""
    redeals: int
    surs: list[int]
    """Each seat's surs this deal."""
    clubs: list[int]
    """Each seat's clubs taken this deal."""
    taken: list[int]
    """Each seat's cards taken this deal."""
    sides: list[list[int]]
    side_points: list[int]
    """Each side's points this deal so far."""
    target: int
    last: DealScore | None
    """The last deal's score (None before the first ends)."""


class PasurObservation(Observation, PasurFacts):
    """What a seat may know of a Pasur game."""


# -- the events' data (`PasurRules.events`) --------------------------------------------------
class Redealt(TypedDict):
    """The four table ``cards`` that could not stand (a jack, three queens or three kings):
    the pack is gathered and dealt again."""

    cards: list[str]


class TableDealt(TypedDict):
    """Four ``cards`` dealt face up ``to`` the table."""

    to: str
    cards: list[str]


class HandBegun(TypedDict):
    """Four more cards to each seat: ``hand`` is the deal's hand now played (1 the first)."""

    hand: int


Took = TypedDict("Took", {"from": str, "to": str, "card": str, "cards": list[str]})
"""A capture: ``card`` played from the hand takes ``cards`` off the table, all ``to`` the
seat's pile."""


class Sur(TypedDict):
    """A sur made: the seat's ``surs`` this deal, this one counted."""

    surs: int


class SurCancelled(TypedDict):
    """A sur made under option sur_cancel: one of ``seat``'s surs goes instead."""

    seat: int


class DealScored(TypedDict):
    """The deal scored, per seat (partners alike)."""

    points: list[int]
    """Each seat's points this deal."""
    totals: list[int]
    """Each seat's points in the match, this deal's counted."""


class MatchWon(TypedDict):
    """The match won (by the side of the event's seat): each side's ``totals``."""

    totals: list[int]


# Events the same at every turn are made once and handed out again (`Event`: never changed once
# made): each action ends with the next turn, and a card laid is the commonest move.
TURNED = tuple(Event("turn", s, NoData()) for s in range(4))
"""``TURNED[seat]``: the turn passes to ``seat``."""
PLAYED = play_events(CARDS, 4, "table")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the table."""

EVENTS = {"redeal": Redealt, "deal": HandDealt, "table": TableDealt, "bury": CardMoved,
          "turn": NoData, "hand": HandBegun, "play": CardMoved, "take": Took, "sur": Sur,
          "sur_cancel": SurCancelled, "sweep": CardsMoved, "deal_end": DealScored,
          "match": MatchWon}


WON_IDS = tuple(f"won:{s}" for s in range(4))


def sides_of(seats: int) -> list[list[int]]:
    """The seats that score together: partners opposite at four, else each seat alone."""
    return [[0, 2], [1, 3]] if seats == 4 else [[s] for s in range(seats)]


def side_name(side: Sequence[int]) -> str:
    return "+".join(str(s) for s in side)


def captures(card: str, table: Sequence[str]) -> list[tuple[str, ...]]:
    """Every set of table cards that ``card`` may capture, each in the deck's order; empty if
    it captures nothing."""
    rank = card[0]
    if rank in "QK":
        return [(c,) for c in table if c[0] == rank]
    if rank == "J":
        taken = tuple(sorted((c for c in table if c[0] not in "QK"), key=ORDER.__getitem__))
        return [taken] if taken else []
    need = 11 - VALUE[card]
    cands = sorted((c for c in table if c in VALUE), key=ORDER.__getitem__)
    out: list[tuple[str, ...]] = []
    _sums(cands, [VALUE[c] for c in cands], 0, need, [], out)
    out.sort(key=lambda s: [ORDER[c] for c in s])
    return out


def sur_counts(sur_last: str, last_hand: bool, last_play: bool) -> bool:
    """Whether clearing the table now may make a sur under option ``sur_last``: not in the
    deal's last hand ("hand"), not on its last play ("play"), or always ("yes")."""
    if sur_last == "hand":
        return not last_hand
    return sur_last == "yes" or not last_play


def _sums(cands: list[str], values: list[int], i: int, left: int, chosen: list[str],
          out: list[tuple[str, ...]]) -> None:
    """Add to ``out`` ``chosen`` with every set of ``cands[i:]`` (worth ``values``) that adds
    up to ``left``. A function of the module, not a closure of `captures`: a closure that calls
    itself is a reference cycle, and the one made at every call left Pasur's searches 13 % of
    their time in the garbage collector."""
    if left == 0:
        out.append(tuple(chosen))
        return
    for j in range(i, len(cands)):
        v = values[j]
        if v <= left:
            chosen.append(cands[j])
            _sums(cands, values, j + 1, left - v, chosen, out)
            chosen.pop()


_TAKES: dict[tuple[str, tuple[str, ...]], Action] = {}


def take_action(card: str, cards: tuple[str, ...]) -> Action:
    """``take <card> <cards>``, interned (``cards`` in the deck's order)."""
    key = (card, cards)
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = Action("take", " ".join((card, *cards)))
    return action


class PasurRules(Rules):
    id = "pasur"
    names = {"fa": "پاسور", "en": "Pasur", "ar": "باسور"}
    seat_counts = (2, 3, 4)
    direction = "anticlockwise"
    teams = True
    deal_ends = frozenset({"deal_end"})
    options = {
        "target": Option.number("target", 62, 20, 200, 1, "points that win the match"),
        "sur_last": Option("sur_last", "hand", ("hand", "play", "yes"),
                           "no sur in the deal's last hand, on its last play, or sur always"),
        "jack_sur": Option("jack_sur", "no", ("no", "alone"),
                           "a jack never makes a sur, or does when it takes only jacks"),
        "sur_points": Option.number("sur_points", 5, 1, 10, 1, "points of a sur"),
        "sur_cancel": Option("sur_cancel", "no", ("no", "yes"),
                             "a sur cancels one of the opponents' surs"),
        "clubs": Option("clubs", "seven", ("seven", "most"),
                        "clubs points need seven clubs, or (three seats) the most"),
        "capture": Option("capture", "forced", ("forced", "free"),
                          "a card that can capture must, or may also be laid"),
        "length": Option("length", "match", ("match", "deal"), "a whole match or one deal"),
    }
    unit_options = {"length": "deal"}
    events = EVENTS

    def default_teams(self, seats: int) -> list[list[int]] | None:
        """Partners only at four seats (0 and 2 against 1 and 3)."""
        return [[0, 2], [1, 3]] if seats == 4 else None

    def parse_action(self, code: str) -> Action:
        if not isinstance(code, str):
            raise IllegalAction(f"{code!r} is not a Pasur action")
        words = code.split()
        if len(words) == 2 and words[0].lower() == "play" and words[1].upper() in CARD_SET:
            return PLAY[words[1].upper()]
        if len(words) >= 3 and words[0].lower() == "take":
            cards = [w.upper() for w in words[1:]]
            if all(c in CARD_SET for c in cards) and len(set(cards)) == len(cards):
                return take_action(cards[0], tuple(sorted(cards[1:], key=ORDER.__getitem__)))
        raise IllegalAction(f"{code!r} is not a Pasur action (play 5H, take 5H 6C)")

    def sample_state(self, observation: Observation, seed: int) -> PasurState:
        """The other hands and the undealt pack dealt anew from the cards the seat cannot see.

        Captured cards and the table are public and the seat knows its hand; every other card
        may be anywhere unseen (a buried jack lies at a random place of the pack, so it may have
        been dealt to anyone but the seat since)."""
        obs = self.narrow(observation, PasurObservation)
        me = obs["seat"]
        seats = obs["seats"]
        zones = {z["id"]: z["cards"] for z in obs["zones"]}
        faces = {zid: [c for c in cards if c is not None] for zid, cards in zones.items()}
        seen = {c for cards in faces.values() for c in cards}
        pool = [c for c in CARDS if c not in seen]
        sizes = [len(zones[HAND_IDS[s]]) for s in range(seats)]
        stock_n = len(zones["stock"])
        if len(pool) != stock_n + sum(n for s, n in enumerate(sizes) if s != me):
            raise ValueError("no deal fits what has been seen")
        rng = random.Random(seed)
        rng.shuffle(pool)
        s = PasurState(seats, int(seed), dict(obs["options"]))
        s.phase = obs["phase"]
        at = 0
        for seat in range(seats):
            if seat == me:
                s.hands[seat] = faces[HAND_IDS[seat]]
            else:
                s.hands[seat] = pool[at:at + sizes[seat]]
                at += sizes[seat]
        s.stock = pool[at:]
        s.table = faces["table"]
        s.won = [faces[WON_IDS[seat]] for seat in range(seats)]
        s.load_public(obs)
        return s


class PasurState(State):
    FIELDS = ("phase", "hands", "table", "stock", "won", "dealer", "turn", "deal_no", "hand_no",
              "last_taker", "buried", "redeals", "surs", "totals", "last", "sheet")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "play"
        self.free = options.get("capture") == "free"
        """Whether a card that can capture may be laid on the table (option ``capture``)."""
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.table: list[str] = []
        self.stock: list[str] = []
        self.won: list[list[str]] = [[] for _ in range(seats)]
        self.sides = sides_of(seats)
        self.side_of = [next(i for i, side in enumerate(self.sides) if s in side)
                        for s in range(seats)]
        self.dealer = seats - 1
        self.turn = 0
        self.deal_no = 0
        self.hand_no = 0
        self.last_taker: int | None = None
        self.buried: list[str] = []
        self.redeals = 0
        self.surs = [0] * seats
        self.totals = [0] * len(self.sides)
        self.last: DealScore | None = None
        self.sheet: list[list[JSON]] = []

    def check_fields(self) -> None:
        check_choice(self, "phase", ("play", "over"))
        check_seat_fields(self, "dealer", "turn")
        check_seat_fields(self, "last_taker", none=True)
        check_entries(self, self.seats, "seat", "hands", "won")
        check_entries(self, self.seats, "seat", "surs", numbers=True)
        check_entries(self, len(self.sides), "side", "totals", numbers=True)
        sizes = [len(hand) for hand in self.hands]
        if self.phase == "play" and max(sizes):  # a round goes from the dealer's right
            behind = sum(size < max(sizes) for size in sizes)
            check_choice(self, "turn", ((self.dealer + 1 + behind) % self.seats,))

    def load_public(self, d: Mapping[str, JSON]) -> None:
        """The public part, from a saved game or an observation (the same names)."""
        self.dealer, self.turn = int(d["dealer"]), int(d["turn"])
        self.deal_no, self.hand_no = int(d["deal_no"]), int(d["hand_no"])
        self.last_taker = None if d["last_taker"] is None else int(d["last_taker"])
        self.buried = list(d["buried"])
        self.redeals = int(d["redeals"])
        self.surs = [int(x) for x in d["surs"]]
        self.totals = [int(x) for x in d["totals"]]
        last = d["last"]
        self.last = copy_json(last) if last else None
        sheet = d["sheet"]
        rows = sheet["rows"] if isinstance(sheet, dict) else sheet
        self.sheet = [list(r) for r in rows]

    # -- the deal -----------------------------------------------------------------------
    @property
    def hands_per_deal(self) -> int:
        return (52 - 4) // (4 * self.seats)

    def deal(self) -> list[Event]:
        """Shuffle and deal four to each seat and four to the table; redeal or bury jacks."""
        self.deal_no += 1
        self.buried = []
        self.redeals = 0
        self.last_taker = None
        self.surs = [0] * self.seats
        self.won = [[] for _ in range(self.seats)]
        self.table = []
        events: list[Event] = []
        cards = self.shuffled(list(CARDS), "deal")
        while True:
            n = 4 * self.seats
            table, stock = cards[n:n + 4], cards[n + 4:]
            buried: list[str] = []
            jacks = [c for c in table if c[0] == "J"]
            if len(jacks) == 1:
                jack = jacks[0]
                replacement = stock.pop(0)
                table[table.index(jack)] = replacement
                place = self.chance("bury").randrange(1, len(stock) + 1)
                stock.insert(place, jack)
                buried = [jack]
                jacks = [replacement] if replacement[0] == "J" else []
            ranks = [c[0] for c in table]
            if jacks or ranks.count("Q") > 2 or ranks.count("K") > 2:
                self.redeals += 1
                events.append(Event("redeal", self.dealer, Redealt({"cards": cards[n:n + 4]})))
                cards = self.shuffled(list(CARDS), "redeal")
                continue
            break
        self.hands = [[] for _ in range(self.seats)]
        for i in range(self.seats):
            seat = (self.dealer + 1 + i) % self.seats
            self.hands[seat] = cards[4 * i:4 * i + 4]
        self.table = table
        self.stock = stock
        self.buried = buried
        self.hand_no = 1
        self.turn = (self.dealer + 1) % self.seats
        self.phase = "play"
        events += hands_dealt(self.hands)
        events.append(Event("table", self.dealer, TableDealt({"cards": table[:], "to": "table"})))
        if buried:
            events.append(Event("bury", self.dealer, CardMoved({"card": buried[0],
                                                                "from": "table", "to": "stock"})))
        events.append(TURNED[self.turn])
        return events

    start = deal
    """The opening is the first deal."""

    def deal_hand(self) -> list[Event]:
        """Four more cards to each seat from the pack, starting at the dealer's right."""
        for i in range(self.seats):
            seat = (self.dealer + 1 + i) % self.seats
            self.hands[seat] = self.stock[:4]
            del self.stock[:4]
        self.hand_no += 1
        self.turn = (self.dealer + 1) % self.seats
        return [*hands_dealt(self.hands), Event("hand", None, HandBegun({"hand": self.hand_no}))]

    # -- scoring ------------------------------------------------------------------------
    def side_points(self, final: bool = False) -> list[dict[str, int]]:
        """Per side: its clubs, card points, surs, clubs points and total for this deal (the
        clubs points once a side holds seven clubs; with ``final`` and option clubs "most", to
        the seat with most clubs, alone)."""
        sur_points = int(self.options.get("sur_points", 5))
        out = []
        for side in self.sides:
            cards = [c for s in side for c in self.won[s]]
            clubs = sum(1 for c in cards if c[1] == "C")
            out.append({"clubs": clubs, "cards": sum(POINTS[c] for c in cards),
                        "surs": sum(self.surs[s] for s in side), "clubs_points": 0})
        best = max(p["clubs"] for p in out)
        holders = [p for p in out if p["clubs"] == best]
        if best >= CLUBS_MAJORITY or (final and self.options.get("clubs") == "most"
                                      and len(holders) == 1 and best > 0):
            holders[0]["clubs_points"] = CLUBS_POINTS
        for p in out:
            p["total"] = p["cards"] + p["clubs_points"] + sur_points * p["surs"]
        return out

    def end_deal(self) -> list[Event]:
        """The last capturer takes the table; the deal is scored; the next deal or the end."""
        events: list[Event] = []
        if self.table and self.last_taker is not None:
            rest = self.table
            self.won[self.last_taker] += rest
            self.table = []
            events.append(Event("sweep", self.last_taker, CardsMoved({
                "cards": rest, "from": "table", "to": WON_IDS[self.last_taker]})))
        points = self.side_points(final=True)
        for i, p in enumerate(points):
            self.totals[i] += p["total"]
        self.last = {"points": [p["total"] for p in points],
                     "clubs": [p["clubs"] for p in points],
                     "surs": [p["surs"] for p in points],
                     "cards": [p["cards"] for p in points],
                     "clubs_points": [p["clubs_points"] for p in points]}
        self.sheet.append([self.deal_no, self.dealer, *[p["total"] for p in points],
                           *self.totals])
        events.append(Event("deal_end", None, DealScored({  # per seat, partners alike
            "points": [points[self.side_of[s]]["total"] for s in range(self.seats)],
            "totals": [self.totals[self.side_of[s]] for s in range(self.seats)]})))
        target = int(self.options.get("target", 62))
        top = max(self.totals)
        leaders = [i for i, t in enumerate(self.totals) if t == top]
        if self.options.get("length") == "deal" or (top >= target and len(leaders) == 1):
            self.phase = "over"
            if len(leaders) == 1:
                events.append(Event("match", self.sides[leaders[0]][0],
                                    MatchWon({"totals": list(self.totals)})))
            return events
        self.dealer = (self.dealer + 1) % self.seats
        return events + self.deal()

    def winners(self) -> list[int]:
        top = max(self.totals)
        return sorted(s for i, side in enumerate(self.sides) if self.totals[i] == top
                      for s in side)

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase == "over":
            return []
        table = self.table
        free = self.free
        out: list[Action] = []
        for card in self.hands[seat]:
            sets = captures(card, table)
            if sets:
                out.extend(take_action(card, cards) for cards in sets)
            if free or not sets:
                out.append(PLAY[card])
        return out

    def why_illegal(self, seat: int, action: Action) -> str | None:
        hand = self.hands[seat]
        words = action.arg.split()
        card = words[0] if words else ""
        if action.verb not in ("play", "take"):
            return Reason("not_now", "{action} is not allowed now", action=str(action))
        if card not in hand:
            return Reason("not_held", "you do not hold {card}", card=card)
        sets = captures(card, self.table)
        if action.verb == "play":
            if sets and not self.free:
                return Reason("must_capture", "{card} can capture: take with it", card=card)
            return None
        taken = tuple(words[1:])
        missing = [c for c in taken if c not in self.table]
        if missing:
            return Reason("not_on_table", "{card} is not on the table", card=missing[0])
        if taken in sets:
            return None
        rank = card[0]
        if rank in "QK":
            return Reason("pair_only", "a queen takes one queen, a king one king")
        if rank == "J":
            return Reason("jack_all", "a jack takes every numeral card and jack on the table, "
                                      "and no queen or king")
        if any(c not in VALUE for c in taken):
            return Reason("numerals_only", "a numeral card takes only numeral cards")
        return Reason("not_eleven", "{card} and {cards} do not make eleven", card=card,
                      cards=" ".join(taken))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        words = action.arg.split()
        card = words[0]
        hand = self.hands[seat]
        hand.remove(card)
        last_hand = not self.stock
        last_play = last_hand and not any(self.hands)
        events: list[Event]
        if action.verb == "play":
            self.table.append(card)
            events = [PLAYED[seat][card]]
        else:
            taken = words[1:]
            for c in taken:
                self.table.remove(c)
            self.won[seat] += [card, *taken]
            self.last_taker = seat
            events = [Event("take", seat, Took({"card": card, "cards": taken,
                                                "from": HAND_IDS[seat], "to": WON_IDS[seat]}))]
            if not self.table and self.makes_sur(card, taken, last_hand, last_play):
                events.append(self._sur(seat))
        if last_play:
            return events + self.end_deal()
        if not any(self.hands):
            events += self.deal_hand()
        else:
            self.turn = (seat + 1) % self.seats
        events.append(TURNED[self.turn])
        return events

    def makes_sur(self, card: str, taken: Sequence[str], last_hand: bool, last_play: bool) -> bool:
        """Whether a capture that cleared the table is a sur, under the options."""
        if card[0] == "J" and (self.options.get("jack_sur") != "alone"
                               or any(c[0] != "J" for c in taken)):
            return False
        return sur_counts(str(self.options["sur_last"]), last_hand, last_play)

    def _sur(self, seat: int) -> Event:
        """A sur for ``seat``; with option sur_cancel, one of an opposing side's surs goes
        instead (the side with most, the first in play order from the seat among equals)."""
        if self.options.get("sur_cancel") == "yes":
            mine = self.side_of[seat]
            order = [(seat + k) % self.seats for k in range(1, self.seats)]
            for other in sorted((s for s in order if self.side_of[s] != mine
                                 and self.surs[s] > 0),
                                key=lambda s: -sum(self.surs[t] for t in self.sides[
                                    self.side_of[s]])):
                self.surs[other] -= 1
                return Event("sur_cancel", seat, SurCancelled({"seat": other}))
        self.surs[seat] += 1
        return Event("sur", seat, Sur({"surs": self.surs[seat]}))

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        """A play, or the only capture a card has, is a drag to the table; a card that can
        capture in several ways offers each set as a button (the drop alone cannot say which)."""
        card = action.arg.split(" ", 1)[0]
        if action.verb == "play":
            return None if self.free and captures(card, self.table) else (card, "table")
        if action.verb == "take" and len(captures(card, self.table)) == 1:
            return card, "table"
        return None

    def drop_action(self, seat: int, card: str, zone: str) -> Action | None:
        if zone != "table" or card not in CARD_SET:
            return None
        sets = captures(card, self.table)
        return take_action(card, sets[0]) if len(sets) == 1 else PLAY[card]

    def zones(self) -> list[Zone]:
        zs = [Zone(HAND_IDS[s], "hand", s, tuple(self.hands[s]), "fan", (s,))
              for s in range(self.seats)]
        zs.append(Zone("table", "discard", None, tuple(self.table), "row"))
        zs += [Zone(WON_IDS[s], "won", s, tuple(self.won[s]), "pile")
               for s in range(self.seats)]
        zs.append(Zone("stock", "deck", None, tuple(self.stock), "pile", ()))
        return zs

    def own_cards(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def score_sheet(self) -> Sheet:
        names = [side_name(side) for side in self.sides]
        return {"columns": [*SHEET_COLUMNS, *[f"points {n}" for n in names],
                            *[f"total {n}" for n in names]],
                "rows": [list(r) for r in self.sheet]}

    def facts(self, seat: int | None) -> PasurFacts:
        points = self.side_points()
        return {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "dealer": self.dealer, "turn": self.turn, "deal_no": self.deal_no,
            "hand_no": self.hand_no, "hands": self.hands_per_deal,
            "deck_count": len(self.stock), "last_taker": self.last_taker,
            "buried": list(self.buried), "redeals": self.redeals, "surs": list(self.surs),
            "clubs": [sum(1 for c in w if c[1] == "C") for w in self.won],
            "taken": [len(w) for w in self.won],
            "sides": [list(s) for s in self.sides],
            "side_points": [p["total"] for p in points],
            "totals": list(self.totals), "target": int(self.options.get("target", 62)),
            "last": self.last.copy() if self.last else None, "sheet": self.score_sheet(),
        }

    def observation(self, seat: int | None) -> PasurObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        return {"winners": self.winners() if self.phase == "over" else [],
                "points": [self.totals[self.side_of[s]] for s in range(self.seats)],
                "teams": self.rules.default_teams(self.seats), "sheet": self.score_sheet()}

    # A copy sharing only what is never changed in place (sides, sheet rows, last).
    clone = make_clone(nested=("hands", "won"),
                       flat=("table", "stock", "surs", "totals", "sheet", "buried"))


RULES = register(PasurRules(), PasurState)
