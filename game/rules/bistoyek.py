"""Bist-o-Yek (۲۱, twenty-one with a bank that turns), seed 002, for 2 to 10 seats, for chips.

Rules (seed)
------------
- Cards: the French deck without its 2s, 3s, 4s and 5s (36 cards: 6 to 10, J Q K A). Values: 6
  to 10 at face, jack 2, queen 3, king 4, ace 1. Exactly two cards that are both aces make 21.
  A hand over 21 **burns** (سوخت). The banker wins every tie, 21 against 21 included.
- Chips (`game.chips`): every seat starts with a purse. One seat is the **banker**: he puts up
  the bank from his purse and keeps it deal after deal. The bank is offered round the table in
  seat order ("to the right"), starting at seat 0; a seat may **refuse** to be banker (seed).
- A deal: the banker gives one card face down to himself, then one to each other seat that
  still has chips, from his right. In turn each seat **stakes** on its card, from the table's
  minimum up to the whole bank (``stake #50-1000/50``: whole chips on the minimum's steps, never
  more than its purse, nor more of the bank than earlier stakes of this deal left uncovered, so
  that the bank can always pay). Then it asks for cards (``hit``) one at a time and stands
  (``stand``) or burns; a seat that burns shows its cards and its stake goes into the bank at
  once (seed: "سوز"). From the third card on, a seat asking for one more must **show** one of
  its hidden cards (seed): ``hit 9H`` turns up the 9 of hearts and asks for a card.
- The banker plays last. While he holds only his first card, unseen by anyone, he may
  **change** it once (seed: lay it away and take one other, only one): ``change``. He draws
  and stands like a player. Then every hand is shown; against every seat that stood, the
  higher hand wins (a burnt banker loses to all of them), the banker on a tie. A winning seat
  takes its stake back and as much again from the bank; a losing stake goes into the bank.
- "The bank is on" (بانک خیره): once the bank holds the agreed multiple of what it began with,
  the banker may announce it when he deals (``announce`` instead of ``deal``); he plays that
  deal with everyone and then takes the whole bank home, whatever it holds (seed). A bank that runs
  dry (below the minimum stake) passes on too. Then the bank is offered to the next seat.
- Side bets (option, seed: agreed at the start): when a seat has staked, every other seat but
  the banker in turn may back that hand (``back #50-300/50``) or ``pass``; a side bet wins and
  loses with the hand it backs.

Where the seed is silent, and what we chose
-------------------------------------------
- The issue settles that the banker plays his hand once, last, against every seat that stood
  (the seed's text can also be read as a new banker's hand per player). His ``change`` is
  offered at the start of his turn, before he draws.
- The pack is not gathered after each deal: the cards played lie face up on the discard pile
  (everyone saw them at the showdown; the seed tells players to keep count of the aces gone),
  and when the stock runs out the discard is shuffled into a new stock. When both are empty no
  one may draw.
- The last seat that could take the bank may not refuse it when every other seat able to has
  refused (else the table would stop). A seat that cannot put up the minimum stake is out.
- A banker collects after ``bank_deals`` deals at most (option, 10; 0 = no limit), so that the
  bank keeps going round.
- A seat whose purse or the uncovered bank is below the minimum sits the deal out (``skip``
  event) without deciding anything.
- The banker's first deal follows at once when he takes the bank; before each later deal he
  says ``deal`` (or ``announce``), so the last deal's hands lie face up on the table until then.
- The ace worth 11 (option ``ace11``, the published rule) counts 11 unless that burns the hand,
  then 1; two aces alone are still 21.

Options
-------
``purse`` starting chips (5000), ``bank`` the bank a banker puts up (1000, or all his purse if
less), ``minimum`` the smallest stake and the stakes' step (50), ``bank_on`` the multiple at
which the banker may announce the bank (3; 0 = never), ``bank_deals`` (10), ``rounds`` the match
ends when the bank has been offered round the table that many times (1), ``deals`` the match
ends after that many deals (0 = no limit; the simulator plays 1), ``side_bets`` (False),
``ace11`` (False). The match also ends when only one seat has chips left.

Codes, zones and facts
----------------------
Cards ``6S 7H TD JC QS KH AD``. Actions: ``bank``, ``refuse``, ``deal``, ``announce``,
``stake <n>`` (offered as ``stake #lo-hi/step``), ``back <n>`` / ``pass`` (side bets), ``hit``,
``hit <card>`` (show that card and draw), ``stand``, ``change``. Zones: ``hand:<s>`` (fan, seen by
its owner; shown cards public through ``Zone.shown``), ``deck`` (the stock, face down),
``discard`` (face up). Facts: ``banker``, ``turn``, ``status`` per seat (``""`` not in the
deal, ``wait``, ``play``, ``stood``, ``burnt``, ``skip``), ``own_stake`` per seat, ``sides``
``[[backer, hand, chips]]``, ``values`` (a hand's value where the seat may know it, else None),
``bank_start``, ``bank_on`` (the amount at which the bank may be announced), ``announced``,
``deal``, ``limit`` (for the seat to act: ``{"min", "half", "all"}`` the quick picks of a stake),
and the chip facts of `game.chips` (``purses``, ``bank``, ``bank_owner``, ``stakes``,
``holdings``, ``sheet``: the ledger). `result()` gives the ledger as the sheet; points are each
seat's chips won or lost.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import NotRequired, TypedDict

from game.cards.french import SUITS
from game.chips import LEDGER_ENDS, ChipFacts, Chips, ChipState, Holdings, Ledgered, stake_pattern
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules,
                       Zone, check_choice, check_entries, check_seat_fields, copy_json)
from game.registry import register
from game.shapes import CardMoved, CardPassed, Limit, Moved, NoData, Observation

RANKS21 = "6789TJQKA"
CARDS = tuple(r + s for s in SUITS for r in RANKS21)
VALUE = {"6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 2, "Q": 3, "K": 4, "A": 1}

BANK, REFUSE, ANNOUNCE, DEAL = Action("bank"), Action("refuse"), Action("announce"), Action("deal")
HIT, STAND, CHANGE, PASS = Action("hit"), Action("stand"), Action("change"), Action("pass")
HIT_SHOWING = {c: Action("hit", c) for c in CARDS}
_PLAIN = {str(a): a for a in (BANK, REFUSE, ANNOUNCE, DEAL, HIT, STAND, CHANGE, PASS)}
_PLAIN.update({str(a): a for a in HIT_SHOWING.values()})
_NUMBERED: dict[str, Action] = {}
_PATTERN = re.compile(r"^#\d{1,7}-\d{1,7}/\d{1,7}$")


def hand_value(cards: list[str], ace11: bool = False) -> int:
    """The hand's value: two aces alone are 21; with ``ace11`` an ace is 11 unless that burns."""
    if len(cards) == 2 and cards[0][0] == "A" and cards[1][0] == "A":
        return 21
    total = 0
    aces = 0
    for c in cards:
        total += VALUE[c[0]]
        aces += c[0] == "A"
    if ace11 and aces and total + 10 <= 21:
        total += 10
    return total


# -- the events' data (`BistoyekRules.events`) -----------------------------------------------
class Amount(TypedDict):
    """Chips put up or taken: a bank put up (``bank``) or taken home (``collect``), a stake."""

    chips: int


class DealStarted(TypedDict):
    """A deal begins: its number and what the bank holds."""

    deal: int
    bank: int


class Backed(TypedDict):
    """A side bet of ``chips`` on the hand of the seat ``hand``."""

    hand: int
    chips: int


class Shown(TypedDict):
    """A hidden card of the hand turned up, to draw one more."""

    card: str


class Hit(TypedDict):
    """A card drawn that did not burn the hand: the cards it now ``holds``."""

    holds: int


class Burnt(TypedDict):
    """A hand over 21, shown: its cards and value."""

    cards: list[str]
    value: int


class Settled(TypedDict):
    """A stake won or lost: its ``chips`` (a burnt hand's with its backers'), and the hand's
    ``value`` where it stood to the showdown."""

    chips: int
    value: NotRequired[int]


class Showdown(TypedDict):
    """Every hand shown, by seat (empty for a seat not dealt in), and the banker's value."""

    hands: list[list[str]]
    banker: int


class Announced(TypedDict):
    """The bank is on: what it holds, which its banker takes home after this deal."""

    bank: int


EVENTS = {"offer": NoData, "refuse": NoData, "bank": Amount, "collect": Amount,
          "deal_start": DealStarted, "deal": CardPassed, "reshuffle": Moved, "skip": NoData,
          "stake": Amount, "back": Backed, "pass": NoData, "show": Shown, "hit": Hit,
          "burn": Burnt, "stand": NoData, "turn": NoData, "change": CardMoved,
          "announce": Announced, "lose": Settled, "win": Settled, "showdown": Showdown,
          "ledger": Ledgered, "match_end": Holdings}


class BistoyekRules(Rules):
    id = "bistoyek"
    names = {"fa": "بیست و یک", "en": "Bist-o-Yek (21)", "ar": "واحد وعشرون"}
    seat_counts = (2, 3, 4, 5, 6, 7, 8, 9, 10)
    deal_ends = LEDGER_ENDS
    direction = "anticlockwise"
    options = {
        "purse": Option.number("purse", 5000, 500, 100000, 50, "starting chips of each seat"),
        "bank": Option.number("bank", 1000, 100, 50000, 50, "chips a banker puts up"),
        "minimum": Option("minimum", 50, (10, 25, 50, 100), "smallest stake, and its steps"),
        "bank_on": Option("bank_on", 3, (0, 2, 3, 4, 5),
                          "multiple of the bank at which the banker may take it (0: never)"),
        "bank_deals": Option.number("bank_deals", 10, 0, 50, 1,
                                    "deals a banker keeps the bank at most (0: no limit)"),
        "rounds": Option.number("rounds", 1, 1, 10, 1, "times the bank goes round the table"),
        "deals": Option.number("deals", 0, 0, 500, 1, "deals in the match (0: no limit)"),
        "side_bets": Option("side_bets", False, (False, True), "bets on another seat's hand"),
        "ace11": Option("ace11", False, (False, True), "an ace counts 11 (or 1 if that burns)"),
    }
    unit_options = {"deals": 1}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        if isinstance(code, str):
            action = _PLAIN.get(code)
            if action is not None:
                return action
            action = _NUMBERED.get(code)
            if action is not None:
                return action
            words = code.split(" ")
            if len(words) == 2 and words[0] in ("stake", "back") and (
                    (words[1].isdigit() and str(int(words[1])) == words[1] and len(words[1]) < 8)
                    or _PATTERN.match(words[1])):
                action = Action(words[0], words[1])
                if len(_NUMBERED) < 100000:
                    _NUMBERED[code] = action
                return action
        raise IllegalAction(f"{code!r} is not a Bist-o-Yek action "
                            "(bank, refuse, stake 100, hit, hit 9H, stand, change)")

    def sample_state(self, observation: Observation, seed: int) -> BistoyekState:
        """The cards the seat has not seen dealt anew: the stock and the other hands' hidden
        cards, so that no hand still in play burns (everyone would have seen it burn)."""
        seen_by = self.narrow(observation, BistoyekObservation)
        me = seen_by["seat"]
        n = seen_by["seats"]
        zones = {z["id"]: z for z in seen_by["zones"]}
        s = BistoyekState(n, seed, dict(seen_by["options"]))
        s.__dict__.update(copy_json(seen_by["state"]))
        s.chipset = Chips.from_dict(seen_by["chips"])
        seen = Counter(c for z in zones.values() for c in z["cards"] if c is not None)
        unseen = Counter(CARDS)
        unseen.subtract(seen)
        pool = sorted(unseen.elements())
        rng = random.Random(seed)
        rng.shuffle(pool)
        s.discard = list(filter(None, zones["discard"]["cards"]))
        ace11 = bool(s.options["ace11"])
        hands: list[list[str]] = []
        for seat in range(n):
            cards = zones[f"hand:{seat}"]["cards"]
            known = list(filter(None, cards))
            if seat == me or len(known) == len(cards):
                hands.append(known)
                continue
            need = len(cards) - len(known)
            must_live = s.status[seat] in ("play", "stood") or (
                seat == s.banker and s.phase in ("banker", "stake", "side", "draw"))
            for _ in range(200):
                pick = rng.sample(pool, need)
                if not must_live or hand_value(known + pick, ace11) <= 21:
                    break
            for c in pick:
                pool.remove(c)
            it = iter(pick)
            hands.append([c if c is not None else next(it) for c in cards])
        s.hands = hands
        s.stock = pool
        return s


_FIELDS = ("phase", "stock", "discard", "hands", "shown", "banker", "offer", "turn", "status",
           "own_stake", "sides", "side_queue", "bank_start", "announced", "bank_deals",
           "deal_no", "refusals", "changed", "last_deal")


class BistoyekFields(TypedDict):
    """The state's fields but its cards, as the ``state`` fact holds them for
    `BistoyekRules.sample_state` (see `BistoyekState`)."""

    phase: str
    shown: list[list[bool]]
    banker: int
    offer: int
    turn: int
    status: list[str]
    own_stake: list[int]
    sides: list[list[int]]
    side_queue: list[int]
    bank_start: int
    announced: bool
    bank_deals: int
    deal_no: int
    refusals: int
    changed: bool
    last_deal: bool


class BistoyekFacts(ChipFacts):
    """Bist-o-Yek's public facts (see the module docstring) and the chip facts."""

    state: BistoyekFields
    banker: int | None
    """The seat that holds the bank (None while it is being offered)."""
    turn: int | None
    """The first seat to act (None when nobody is to act)."""
    status: list[str]
    """Each seat's part in the deal: "" not in it, wait, play, stood, burnt or skip."""
    own_stake: list[int]
    """What each seat staked on its own hand this deal."""
    sides: list[list[int]]
    """The side bets, as [backer, hand backed, chips]."""
    values: list[int | None]
    """Each hand's value where the seat may know it."""
    bank_start: int
    """What the bank held when its banker took it."""
    bank_on: int | None
    """What the bank must hold to be announced (None: never)."""
    announced: bool
    deal: int


class BistoyekObservation(Observation, BistoyekFacts):
    """Bist-o-Yek as one seat (or a spectator) sees it."""


class BistoyekState(ChipState):
    FIELDS = _FIELDS

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "bank"
        self.stock: list[str] = []  # top at the end
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.shown: list[list[bool]] = [[] for _ in range(seats)]
        self.banker = 0
        self.offer = 0
        """How many times the bank has been offered (seat ``offer % seats`` is asked)."""
        self.turn = 0
        self.status: list[str] = [""] * seats
        self.own_stake = [0] * seats
        self.sides: list[list[int]] = []
        self.side_queue: list[int] = []
        self.bank_start = 0
        self.announced = False
        self.bank_deals = 0
        self.deal_no = 0
        self.refusals = 0
        self.changed = False
        self.last_deal = False
        self.chipset = Chips(seats, int(options["purse"]))

    def check_fields(self) -> None:
        check_choice(self, "phase", ("bank", "banker", "stake", "side", "deal", "draw", "over"))
        check_seat_fields(self, "banker")
        if self.phase != "over":  # a finished match has nobody's turn (-1)
            check_seat_fields(self, "turn")
        most = int(self.options["rounds"]) * self.seats
        if type(self.offer) is not int or not 0 <= self.offer <= most:
            raise ValueError(f"offer counts the bank's offers, 0 to {most}, not {self.offer!r}")
        check_entries(self, self.seats, "seat", "hands", "shown", "status")
        check_entries(self, self.seats, "seat", "own_stake", numbers=True)
        self.chipset.check(self.seats)
        if self.chipset.owner is not None:
            check_choice(self, "banker", (self.chipset.owner,))

    def start(self) -> list[Event]:
        self.stock = self.shuffled(list(CARDS), "deal")[::-1]
        return self.offer_bank()

    # -- helpers ------------------------------------------------------------------------
    @property
    def minimum(self) -> int:
        return int(self.options["minimum"])

    def value(self, seat: int) -> int:
        return hand_value(self.hands[seat], bool(self.options["ace11"]))

    def able(self, seat: int) -> bool:
        """Whether ``seat`` still has chips enough to play."""
        return self.chipset.holding(seat) >= self.minimum

    def uncovered(self) -> int:
        """The part of the bank not yet answering for a live stake."""
        return self.chipset.bank - sum(self.chipset.stakes)

    def can_draw(self) -> bool:
        return bool(self.stock or self.discard)

    def draw(self) -> tuple[str, list[Event]]:
        events: list[Event] = []
        if not self.stock:
            self.stock = self.shuffled(sorted(self.discard), "reshuffle")[::-1]
            self.discard = []
            events.append(Event("reshuffle", None, Moved({"from": "discard", "to": "deck"})))
        return self.stock.pop(), events

    def give(self, seat: int) -> list[Event]:
        card, events = self.draw()
        self.hands[seat].append(card)
        self.shown[seat].append(False)
        others = tuple(o for o in range(self.seats) if o != seat)
        hand = HAND_IDS[seat]
        events.append(Event("deal", seat, CardPassed({"card": card, "from": "deck", "to": hand}),
                            to=(seat,)))
        events.append(Event("deal", seat, CardPassed({"from": "deck", "to": hand}), to=others))
        return events

    def stake_limit(self, seat: int) -> int:
        return min(self.chipset.purses[seat], self.uncovered())

    # -- flow ---------------------------------------------------------------------------
    def able_seats(self) -> list[int]:
        return [s for s in range(self.seats) if self.able(s)]

    def offer_bank(self) -> list[Event]:
        """Offer the bank to seat ``offer % seats`` (skipping seats out), or end the match."""
        rounds = int(self.options["rounds"])
        while True:
            if self.offer >= rounds * self.seats or len(self.able_seats()) < 2:
                return self.end_match()
            seat = self.offer % self.seats
            if self.chipset.purses[seat] >= self.minimum:
                self.phase = "bank"
                self.turn = seat
                return [Event("offer", seat, NoData())]
            self.offer += 1

    def may_refuse(self) -> bool:
        can_bank = sum(1 for s in range(self.seats) if self.chipset.purses[s] >= self.minimum)
        return self.refusals < can_bank - 1

    def open_bank(self, seat: int) -> list[Event]:
        amount = min(int(self.options["bank"]), self.chipset.purses[seat])
        self.chipset.open_bank(seat, amount)
        self.banker = seat
        self.bank_start = amount
        self.bank_deals = 0
        self.announced = False
        self.refusals = 0
        return [Event("bank", seat, Amount(chips=amount))] + self.start_deal(first=True)

    def close_bank(self) -> list[Event]:
        banker = self.banker
        amount = self.chipset.close_bank()
        self.offer += 1
        return [Event("collect", banker, Amount(chips=amount))]

    def players(self) -> list[int]:
        """The seats that play against the bank this deal, from the banker's right."""
        order = [(self.banker + k) % self.seats for k in range(1, self.seats)]
        return [p for p in order if self.chipset.purses[p] >= self.minimum]

    def may_announce(self) -> bool:
        multiple = int(self.options["bank_on"])
        return bool(multiple) and not self.announced \
            and self.chipset.bank >= multiple * self.bank_start

    def start_deal(self, first: bool = False) -> list[Event]:
        """The banker's next deal: dealt at once after he takes the bank, else when he says
        ``deal`` (or ``announce``), so that the last hands lie face up until then."""
        if self.chipset.bank < self.minimum or not self.players():
            return self.close_bank() + self.offer_bank()
        if first:
            return self.deal_round()
        self.phase = "deal"
        self.turn = self.banker
        return []

    def deal_round(self) -> list[Event]:
        for seat in range(self.seats):
            self.discard.extend(self.hands[seat])
            self.hands[seat] = []
            self.shown[seat] = []
            self.status[seat] = ""
            self.own_stake[seat] = 0
        self.sides = []
        self.changed = False
        players = self.players()
        self.deal_no += 1
        self.chipset.begin_deal()
        events = [Event("deal_start", self.banker, DealStarted(deal=self.deal_no,
                                                                bank=self.chipset.bank))]
        events += self.give(self.banker)
        for p in players:
            self.status[p] = "wait"
            events += self.give(p)
        self.turn = players[0]
        return events + self.next_stake(players[0])

    def next_stake(self, seat: int) -> list[Event]:
        """Ask ``seat`` (and the seats after it) to stake; skip those who cannot."""
        events: list[Event] = []
        order = [(self.banker + k) % self.seats for k in range(1, self.seats)]
        for p in order[order.index(seat):]:
            if self.status[p] != "wait":
                continue
            if self.stake_limit(p) < self.minimum:
                self.status[p] = "skip"
                events.append(Event("skip", p, NoData()))
                continue
            self.status[p] = "play"
            self.turn = p
            self.phase = "stake"
            return events
        if any(st == "stood" for st in self.status):
            self.phase = "banker"
            self.turn = self.banker
            return events + [Event("turn", self.banker, NoData())]
        return events + self.settle()

    def after_player(self, seat: int) -> list[Event]:
        order = [(self.banker + k) % self.seats for k in range(1, self.seats)]
        i = order.index(seat)
        if i + 1 < len(order):
            return self.next_stake(order[i + 1])
        return self.next_stake(seat)  # nobody waits: goes on to the banker

    def reveal(self, seat: int) -> None:
        self.shown[seat] = [True] * len(self.hands[seat])

    def burn(self, seat: int) -> list[Event]:
        self.reveal(seat)
        self.status[seat] = "burnt" if seat != self.banker else self.status[seat]
        events = [Event("burn", seat, Burnt(cards=list(self.hands[seat]),
                                            value=self.value(seat)))]
        if seat != self.banker:
            lost = self.chipset.stake_to_bank(seat, self.own_stake[seat])
            for side in self.sides:
                if side[1] == seat:
                    lost += self.chipset.stake_to_bank(side[0], side[2])
            events.append(Event("lose", seat, Settled(chips=lost)))
        return events

    def settle(self) -> list[Event]:
        events: list[Event] = []
        for s in range(self.seats):
            self.reveal(s)
        banker_value = self.value(self.banker)
        events.append(Event("showdown", self.banker,
                            Showdown(hands=list(map(list, self.hands)), banker=banker_value)))
        for seat in range(self.seats):
            if self.status[seat] != "stood":
                continue
            mine = self.value(seat)
            won = banker_value > 21 or mine > banker_value
            backers = [(side[0], side[2]) for side in self.sides if side[1] == seat]
            for who, amount in [(seat, self.own_stake[seat]), *backers]:
                if won:
                    self.chipset.stake_back(who, amount)
                    self.chipset.bank_pays(who, amount)
                else:
                    self.chipset.stake_to_bank(who, amount)
            events.append(Event("win" if won else "lose", seat,
                                Settled(chips=self.own_stake[seat], value=mine)))
            self.status[seat] = "won" if won else "lost"
        for seat in range(self.seats):  # stakes of skipped seats (none) and leftovers
            if self.chipset.stakes[seat]:
                self.chipset.stake_back(seat)
        events.append(Event("ledger", self.banker,
                            self.chipset.end_deal(self.deal_no, self.banker)))
        self.bank_deals += 1
        deals = int(self.options["deals"])
        if deals and self.deal_no >= deals:
            return events + self.end_match()
        limit = int(self.options["bank_deals"])
        if self.announced or (limit and self.bank_deals >= limit):
            events += self.close_bank()
            return events + self.offer_bank()
        if len(self.able_seats()) < 2:
            return events + self.end_match()
        return events + self.start_deal()

    def end_match(self) -> list[Event]:
        events: list[Event] = []
        if self.chipset.owner is not None:
            banker = self.banker
            events.append(Event("collect", banker, Amount(chips=self.chipset.close_bank())))
        for seat in range(self.seats):
            if self.chipset.stakes[seat]:
                self.chipset.stake_back(seat)
        self.phase = "over"
        self.turn = -1
        return events + [Event("match_end", None,
                               Holdings(holdings=self.chipset.holdings()))]

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "side":
            return [self.side_queue[0]]
        return [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "over" or seat not in self.to_act():
            return []
        return self._compute_legal(seat)

    def _compute_legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "bank":
            return [BANK, REFUSE] if self.may_refuse() else [BANK]
        if phase == "deal":
            return [DEAL, ANNOUNCE] if self.may_announce() else [DEAL]
        if phase == "stake":
            code = stake_pattern("stake", self.minimum, self.stake_limit(seat), self.minimum)
            return [self.rules.parse_action(code)] if code else []
        if phase == "side":
            code = stake_pattern("back", self.minimum, self.stake_limit(seat), self.minimum)
            return [self.rules.parse_action(code), PASS] if code else [PASS]
        if phase == "draw":
            out = [STAND]
            if self.can_draw():
                hand = self.hands[seat]
                if len(hand) >= 3:
                    out += [HIT_SHOWING[c] for c, up in zip(hand, self.shown[seat]) if not up]
                else:
                    out.append(HIT)
            return out
        if phase == "banker":
            out = [STAND]
            if self.can_draw():
                out.append(HIT)
                if not self.changed and len(self.hands[seat]) == 1:
                    out.append(CHANGE)
            return out
        return []

    def why_illegal(self, seat: int, action: Action) -> str | None:
        verb = action.verb
        phase = self.phase
        if verb in ("stake", "back"):
            want = "stake" if phase == "stake" else "back" if phase == "side" else None
            if want != verb:
                return Reason("no_stake", "you cannot stake now")
            amount = int(action.arg)
            if amount < self.minimum:
                return Reason("below_minimum", "the smallest stake is {n}", n=self.minimum)
            if amount > self.chipset.purses[seat]:
                return Reason("over_purse", "you hold only {n} chips", n=self.chipset.purses[seat])
            if amount > self.uncovered():
                return Reason("over_bank", "the bank can answer for only {n} more",
                              n=self.uncovered())
            if amount % self.minimum:
                return Reason("steps", "stakes go in steps of {n}", n=self.minimum)
            return None
        if verb == "hit" and phase == "draw":
            if self.status[seat] != "play":
                return Reason("stood", "you have stood")
            if not self.can_draw():
                return Reason("no_cards", "no cards are left to draw")
            hand = self.hands[seat]
            if len(hand) >= 3 and not action.arg:
                return Reason("show_one", "from the third card on, show one card to draw")
            if action.arg and len(hand) < 3:
                return Reason("no_show", "show a card only from the third card on")
            if action.arg:
                if action.arg not in hand:
                    return Reason("not_held", "you do not hold {card}", card=action.arg)
                if self.shown[seat][hand.index(action.arg)]:
                    return Reason("already_shown", "{card} is already shown", card=action.arg)
            return None
        if verb == "refuse" and phase == "bank" and not self.may_refuse():
            return Reason("must_bank", "everyone else refused: you must take the bank")
        if verb == "change" and phase == "banker":
            if self.changed:
                return Reason("changed", "you have changed your card once already")
            if len(self.hands[seat]) != 1:
                return Reason("change_first", "change your first card before you draw")
        return super().why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb = action.verb
        phase = self.phase
        if phase == "bank":
            if verb == "refuse":
                self.refusals += 1
                self.offer += 1
                return [Event("refuse", seat, NoData())] + self.offer_bank()
            return self.open_bank(seat)
        if phase == "deal":
            if verb == "announce":
                self.announced = True
                return [Event("announce", seat, Announced(bank=self.chipset.bank)),
                        *self.deal_round()]
            return self.deal_round()
        if verb == "stake":
            amount = int(action.arg)
            self.chipset.put_up(seat, amount)
            self.own_stake[seat] = amount
            events = [Event("stake", seat, Amount(chips=amount))]
            if self.options["side_bets"]:
                order = [(seat + k) % self.seats for k in range(1, self.seats)]
                self.side_queue = [p for p in order if p != self.banker
                                   and self.chipset.purses[p] >= self.minimum]
                if self.side_queue and self.uncovered() >= self.minimum:
                    self.phase = "side"
                    return events
                self.side_queue = []
            self.phase = "draw"
            return events
        if phase == "side":
            backer = self.side_queue.pop(0)
            events = []
            if verb == "back":
                amount = int(action.arg)
                self.chipset.put_up(backer, amount)
                self.sides.append([backer, self.turn, amount])
                events.append(Event("back", backer, Backed(hand=self.turn, chips=amount)))
            else:
                events.append(Event("pass", backer, NoData()))
            self.side_queue = [p for p in self.side_queue
                               if self.chipset.purses[p] >= self.minimum]
            if not self.side_queue or self.uncovered() < self.minimum:
                self.side_queue = []
                self.phase = "draw"
            return events
        if phase == "draw":
            if verb == "stand":
                self.status[seat] = "stood"
                return [Event("stand", seat, NoData())] + self.after_player(seat)
            events = []
            if action.arg:
                i = self.hands[seat].index(action.arg)
                self.shown[seat][i] = True
                events.append(Event("show", seat, Shown(card=action.arg)))
            events += self.give(seat)
            if self.value(seat) > 21:
                events += self.burn(seat)
                events += self.after_player(seat)
            else:
                events.append(Event("hit", seat, Hit(holds=len(self.hands[seat]))))
            return events
        # the banker's turn
        if verb == "stand":
            return [Event("stand", seat, NoData())] + self.settle()
        if verb == "change":
            old = self.hands[seat].pop()
            self.shown[seat].pop()
            self.discard.append(old)
            self.changed = True
            events = [Event("change", seat, CardMoved({"card": old, "from": HAND_IDS[seat],
                                                       "to": "discard"}))]
            return events + self.give(seat)
        events = self.give(seat)
        if self.value(seat) > 21:
            events += self.burn(seat)
            events += self.settle()
        return events

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, tuple(self.hands[s]), "fan", (s,),
                   tuple(self.shown[s])) for s in range(self.seats)]
        zs.append(Zone("deck", "deck", None, tuple(self.stock), "pile", ()))
        zs.append(Zone("discard", "discard", None, tuple(self.discard), "pile"))
        return zs

    def facts(self, seat: int | None) -> BistoyekFacts:
        values: list[int | None] = []
        for s in range(self.seats):
            if self.hands[s] and (s == seat or all(self.shown[s])):
                values.append(self.value(s))
            else:
                values.append(None)
        limit: Limit | None = None
        if seat is not None and seat in self.to_act() and self.phase in ("stake", "side"):
            top = self.stake_limit(seat)
            m = self.minimum
            top = top // m * m
            half = min(top, max(m, self.chipset.bank // 2 // m * m))
            limit = {"min": m, "half": half, "all": top}
        multiple = int(self.options["bank_on"])
        return {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "state": {"phase": self.phase, "shown": [b[:] for b in self.shown],
                      "banker": self.banker, "offer": self.offer, "turn": self.turn,
                      "status": self.status[:], "own_stake": self.own_stake[:],
                      "sides": [x[:] for x in self.sides], "side_queue": self.side_queue[:],
                      "bank_start": self.bank_start, "announced": self.announced,
                      "bank_deals": self.bank_deals, "deal_no": self.deal_no,
                      "refusals": self.refusals, "changed": self.changed,
                      "last_deal": self.last_deal},
            "banker": self.banker if self.chipset.owner is not None else None,
            "turn": self.to_act()[0] if self.to_act() else None,
            "status": list(self.status), "own_stake": list(self.own_stake),
            "sides": [list(x) for x in self.sides], "values": values,
            "bank_start": self.bank_start,
            "bank_on": multiple * self.bank_start if multiple else None,
            "announced": self.announced, "deal": self.deal_no, "limit": limit,
            **self.chipset.facts(),
        }

    def observation(self, seat: int | None) -> BistoyekObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def clone(self) -> BistoyekState:
        c = BistoyekState.__new__(BistoyekState)
        c.__dict__.update(self.__dict__)
        c.stock = self.stock[:]
        c.discard = self.discard[:]
        c.hands = [h[:] for h in self.hands]
        c.shown = [h[:] for h in self.shown]
        c.status = self.status[:]
        c.own_stake = self.own_stake[:]
        c.sides = [x[:] for x in self.sides]
        c.side_queue = self.side_queue[:]
        c.chipset = self.chipset.copy()
        c.opening = []
        return c


RULES = register(BistoyekRules(), BistoyekState)
