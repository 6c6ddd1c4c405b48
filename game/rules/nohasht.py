"""9-8 (۹و۸, "nine-eight"), seed 002, for 2 to 10 seats (the seed: 5 to 10, five by default), for
chips.

Rules (seed)
------------
- Cards: the French deck (two decks mixed with option ``decks``, as the seed allows for a large
  table). Values: ace 1, 2 to 10 at face, jack, queen and king 0. A hand of three cards is
  worth its total modulo 10 (5 6 Q = 11, worth 1).
- The dealer gives three cards to every seat that still has chips, one at a time, from the seat
  on his right round to himself (seed). Then the hands are shown; the highest worth wins.
- Payouts are set at the table (options): every other seat pays the winner ``pay9`` if he won
  with 9, ``pay8`` with 8, ``pay_low`` with less (the seed: 200, 100, 50). Winners who tie
  split what the others pay (seed).
- Side pot (seed): before the deal, seats may agree to a pot of their own: one seat opens it
  with a stake (``open #50-2000/50``), the others in turn ``join`` it with the same stake or
  ``pass``; among those in the pot the highest hand takes it all (ties split). One pot a deal:
  seats are asked to open from the dealer's right round to the dealer; once one opens, every
  other seat that can cover the stake, from the opener's right round, is asked to join or pass
  (the seed's example: the dealer Amin says "I bet 500", Hamed and Mina join, 1,500 in the
  pot).
- The dealer keeps dealing from the same pack, the cards played laid aside, until what is left
  cannot serve a round (three cards to every seat in play); then the pack is gathered and
  shuffled and the deal passes to the right (seed: 52 cards, five players: three deals and 7
  cards left over).
- Optional seed rules (agreed before play): three 3s are paid double (``triple3``); three faces
  count as 9 (``faces9``).

Where the seed is silent, and what we chose
-------------------------------------------
- Chips: a seat that cannot pay in full pays what it has and is out. A split that does not
  divide evenly gives the odd chips one each to the winners from the dealer's right.
- With ``triple3``, every other seat pays double when a winner holds three 3s.
- The seed's table talk ("7s go home!", showing one's cards slowly) is not modelled: hands are
  shown together. The dealer says ``deal``, so that each deal begins when he is ready.
- Payouts and the pot are purse to purse; the pot lies in the stakes until the showdown.
- The seed's example names five players (and six names); the table's default is five seats.
- The match ends when the deal has gone round the table ``rounds`` times (1), after ``deals``
  deals (0 = no limit; the simulator plays 1), or when one seat holds every chip.

Options
-------
``purse`` (5000), ``pay9`` (200), ``pay8`` (100), ``pay_low`` (50), ``pot_minimum`` smallest side
pot stake and its steps (50), ``side_pots`` (True), ``triple3`` (False), ``faces9`` (False),
``decks`` (1 or 2; 1), ``rounds`` (1), ``deals`` (0).

Codes, zones and facts
----------------------
Cards ``AS TD 9H`` (a second deck's card is written with a ``b``: ``ASb``). Actions: ``deal``,
``open <n>`` (offered as ``open #lo-hi/step``), ``join``, ``pass``. Zones: ``hand:<s>`` (a
row, face up from the showdown until the next deal), ``deck`` (the stock, face down),
``discard`` (cards of earlier deals of this pack, face up). Facts: ``dealer``, ``turn``,
``in_play`` (seats dealt in), ``pot`` ``{"stake", "seats", "opener"}`` or None, ``values`` (a shown
hand's worth), ``winners`` (of the last showdown), ``payout`` (what each loser paid), ``deal``,
``limit`` (the quick picks of an opening stake: ``{"min", "half", "all"}``), and the chip facts of
`game.chips`. `result()` gives the ledger as the sheet.
"""

from __future__ import annotations

import re
from typing import TypedDict

from game.cards.french import deck
from game.chips import LEDGER_ENDS, ChipFacts, Chips, ChipState, Holdings, Ledgered, stake_pattern
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules,
                       Zone, check_choice, check_entries, check_seat_fields, copy_json)
from game.deal import Unseen
from game.registry import register
from game.shapes import CardPassed, Limit, NoData, Observation

ONE = tuple(deck())
TWO = ONE + tuple(c + "b" for c in ONE)
WORTH = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10,
         "J": 0, "Q": 0, "K": 0}

DEAL, JOIN, PASS = Action("deal"), Action("join"), Action("pass")
_PLAIN = {"deal": DEAL, "join": JOIN, "pass": PASS}
_OPENS: dict[str, Action] = {}
_PATTERN = re.compile(r"^#\d{1,7}-\d{1,7}/\d{1,7}$")


def worth(cards: list[str], faces9: bool = False) -> int:
    """A hand's worth: its total modulo 10; three faces are 9 with ``faces9``."""
    if faces9 and len(cards) == 3 and all(WORTH[c[0]] == 0 and c[0] != "T" for c in cards):
        return 9
    return sum(WORTH[c[0]] for c in cards) % 10


# -- the events' data (`NohashtRules.events`) ------------------------------------------------
class Shuffled(TypedDict):
    """The pack gathered and shuffled by the seat that deals now."""

    dealer: int


class DealStarted(TypedDict):
    """A deal begins: its number."""

    deal: int


class Amount(TypedDict):
    """The chips a seat puts in a side pot: opening it or joining it."""

    chips: int


class Shown(TypedDict):
    """The hands shown, by seat, and their worths (an empty hand and None for a seat not dealt
    in)."""

    hands: list[list[str]]
    values: list[int | None]


class Paid(TypedDict):
    """The deal won with the worth ``value``: each other seat pays ``each`` (less if it holds
    less), ``chips`` in all, shared by the ``winners``."""

    winners: list[int]
    value: int
    each: int
    chips: int


class PotWon(TypedDict):
    """The side pot of ``chips`` taken by its ``winners`` (a split)."""

    winners: list[int]
    chips: int


EVENTS = {"shuffle": Shuffled, "deal_start": DealStarted, "deal": CardPassed, "open": Amount,
          "join": Amount, "pass": NoData, "pot_off": NoData, "show": Shown, "pay": Paid,
          "pot_won": PotWon, "ledger": Ledgered, "out": NoData, "match_end": Holdings}


class NohashtRules(Rules):
    id = "nohasht"
    names = {"fa": "۹ و ۸", "en": "9-8", "ar": "تسعة وثمانية"}
    seat_counts = (2, 3, 4, 5, 6, 7, 8, 9, 10)
    deal_ends = LEDGER_ENDS
    direction = "anticlockwise"
    options = {
        "purse": Option.number("purse", 5000, 500, 100000, 50, "starting chips of each seat"),
        "pay9": Option.number("pay9", 200, 0, 10000, 10, "each seat pays a winning 9"),
        "pay8": Option.number("pay8", 100, 0, 10000, 10, "each seat pays a winning 8"),
        "pay_low": Option.number("pay_low", 50, 0, 10000, 10, "each seat pays a lower winner"),
        "pot_minimum": Option("pot_minimum", 50, (10, 25, 50, 100), "smallest side pot stake"),
        "side_pots": Option("side_pots", True, (True, False), "side pots agreed before a deal"),
        "triple3": Option("triple3", False, (False, True), "three 3s are paid double"),
        "faces9": Option("faces9", False, (False, True), "three faces count as 9"),
        "decks": Option("decks", 1, (1, 2), "packs mixed together"),
        "rounds": Option.number("rounds", 1, 1, 10, 1, "times the deal goes round the table"),
        "deals": Option.number("deals", 0, 0, 500, 1, "deals in the match (0: no limit)"),
    }
    unit_options = {"deals": 1}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        if isinstance(code, str):
            action = _PLAIN.get(code) or _OPENS.get(code)
            if action is not None:
                return action
            words = code.split(" ")
            if len(words) == 2 and words[0] == "open" and (
                    (words[1].isdigit() and str(int(words[1])) == words[1] and len(words[1]) < 8)
                    or _PATTERN.match(words[1])):
                action = Action("open", words[1])
                if len(_OPENS) < 100000:
                    _OPENS[code] = action
                return action
        raise IllegalAction(f"{code!r} is not a 9-8 action (deal, open 100, join, pass)")

    def sample_state(self, observation: Observation, seed: int) -> NohashtState:
        """The stock (the only cards unseen at a decision) shuffled anew; hidden hand cards,
        were there any, dealt from the same unseen cards."""
        seen = self.narrow(observation, NohashtObservation)
        n = seen["seats"]
        zones = {z["id"]: z for z in seen["zones"]}
        s = NohashtState(n, seed, dict(seen["options"]))
        s.__dict__.update(copy_json(seen["state"]))
        s.chipset = Chips.from_dict(seen["chips"])
        unseen = Unseen(s.cards(), zones.values(), seed)
        s.discard = list(filter(None, zones["discard"]["cards"]))
        s.hands = [unseen.fill(f"hand:{seat}") for seat in range(n)]
        s.stock = unseen.rest
        return s


class Pot(TypedDict):
    """A side pot: its stake (each member's), its members and the seat that opened it."""

    stake: int
    seats: list[int]
    opener: int


class NohashtFields(TypedDict):
    """The state's fields but its cards, as the ``state`` fact holds them for
    `NohashtRules.sample_state`."""

    phase: str
    shown: bool
    dealer: int
    passes: int
    turn: int
    asked: list[int]
    in_play: list[int]
    pot: Pot | None
    deal_no: int
    winners: list[int]
    payout: int


class NohashtFacts(ChipFacts):
    """9-8's public facts (see the module docstring) and the chip facts."""

    state: NohashtFields
    dealer: int
    turn: int | None
    """The seat asked about the side pot or to deal (None once the match is over)."""
    in_play: list[int]
    """The seats dealt in."""
    pot: Pot | None
    values: list[int | None]
    """Each hand's worth where the seat may know it."""
    winners: list[int]
    """The winners of the last showdown."""
    payout: int
    """What each loser paid them."""
    deal: int


class NohashtObservation(Observation, NohashtFacts):
    """9-8 as one seat (or a spectator) sees it."""


_FIELDS = ("phase", "stock", "discard", "hands", "shown", "dealer", "passes", "turn", "asked",
           "in_play", "pot", "deal_no", "winners", "payout")


class NohashtState(ChipState):
    FIELDS = _FIELDS

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "deal"
        self.stock: list[str] = []  # top at the end
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.shown = False
        self.dealer = 0
        self.passes = 0
        """How many times the deal has passed on."""
        self.turn = 0
        self.asked: list[int] = []
        """Seats still to answer about the side pot, the first one now."""
        self.in_play: list[int] = []
        self.pot: Pot | None = None
        self.deal_no = 0
        self.winners: list[int] = []
        self.payout = 0
        self.chipset = Chips(seats, int(options["purse"]))

    def check_fields(self) -> None:
        check_choice(self, "phase", ("deal", "pot", "over"))
        check_seat_fields(self, "dealer")
        if self.phase != "over":  # a finished match has nobody's turn (-1)
            check_seat_fields(self, "turn")
        check_entries(self, self.seats, "seat", "hands")
        pot = self.pot
        if pot is not None and not (isinstance(pot, dict) and type(pot.get("stake")) is int
                                    and type(pot.get("opener")) is int
                                    and isinstance(pot.get("seats"), list)):
            raise ValueError(f"pot is {{\"stake\", \"opener\", \"seats\"}} or none, not {pot!r}")
        if self.phase == "pot" and (not self.asked or self.asked[0] != self.turn):
            raise ValueError(f"the seats asked ({self.asked}) begin with the seat in turn "
                             f"({self.turn})")
        for name in ("asked", "in_play", "winners"):
            if any(type(s) is not int or not 0 <= s < self.seats for s in getattr(self, name)):
                raise ValueError(f"{name} lists seats of this table of {self.seats}, not "
                                 f"{getattr(self, name)!r}")
        self.chipset.check(self.seats)

    def start(self) -> list[Event]:
        self.stock = self.shuffled(list(self.cards()), "deal")[::-1]
        return [Event("shuffle", 0, Shuffled(dealer=0))] + self.begin_deal(fresh=True)

    def cards(self) -> tuple[str, ...]:
        return TWO if self.options["decks"] == 2 else ONE

    # -- flow ---------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Seats with chips, from the dealer's right round to the dealer."""
        return [s for s in ((self.dealer + k) % self.seats for k in range(1, self.seats + 1))
                if self.chipset.purses[s] + self.chipset.stakes[s] > 0]

    def begin_deal(self, fresh: bool = False) -> list[Event]:
        """Pass the deal if the pack cannot serve a round (the pack gathered), then ask about
        a side pot or let the dealer deal. The last hands stay face up until the next deal."""
        events: list[Event] = []
        self.pot = None
        if sum(1 for p in self.chipset.purses if p > 0) < 2:
            return self.end_match()
        if not fresh and len(self.stock) < 3 * len(self.order()):
            self.passes += 1
            self.dealer = (self.dealer + 1) % self.seats
            while self.chipset.purses[self.dealer] <= 0:
                self.dealer = (self.dealer + 1) % self.seats
            if self.passes >= int(self.options["rounds"]) * self.seats:
                return self.end_match()
            self.discard = []
            self.hands = [[] for _ in range(self.seats)]
            self.shown = False
            self.stock = self.shuffled(list(self.cards()), "deal")[::-1]
            events.append(Event("shuffle", self.dealer, Shuffled(dealer=self.dealer)))
        elif self.chipset.purses[self.dealer] <= 0:
            self.dealer = next(s for s in self.order())
        if self.options["side_pots"]:
            self.asked = [s for s in self.order() if self.chipset.purses[s] >= self.pot_min]
            if len(self.asked) >= 2:
                self.phase = "pot"
                self.turn = self.asked[0]
                return events
        self.asked = []
        self.phase = "deal"
        self.turn = self.dealer
        return events

    @property
    def pot_min(self) -> int:
        return int(self.options["pot_minimum"])

    def next_asked(self) -> list[Event]:
        self.asked.pop(0)
        if self.pot is not None:
            stake = int(self.pot["stake"])
            self.asked = [s for s in self.asked if self.chipset.purses[s] >= stake]
        if self.asked:
            self.turn = self.asked[0]
            return []
        events: list[Event] = []
        if self.pot is not None and len(self.pot["seats"]) < 2:
            opener = int(self.pot["opener"])
            self.chipset.stake_back(opener)
            events.append(Event("pot_off", opener, NoData()))
            self.pot = None
        self.phase = "deal"
        self.turn = self.dealer
        return events

    def deal(self) -> list[Event]:
        for seat in range(self.seats):
            self.discard.extend(self.hands[seat])
            self.hands[seat] = []
        self.shown = False
        self.deal_no += 1
        self.chipset.begin_deal()
        self.in_play = self.order()
        events = [Event("deal_start", self.dealer, DealStarted(deal=self.deal_no))]
        for _ in range(3):
            for seat in self.in_play:
                card = self.stock.pop()
                self.hands[seat].append(card)
                hand = HAND_IDS[seat]
                events.append(Event("deal", seat, CardPassed({"card": card, "from": "deck",
                                                         "to": hand}), to=(seat,)))
                events.append(Event("deal", seat, CardPassed({"from": "deck", "to": hand}),
                                    to=tuple(o for o in range(self.seats) if o != seat)))
        return events + self.showdown()

    def showdown(self) -> list[Event]:
        faces9 = bool(self.options["faces9"])
        values = {s: worth(self.hands[s], faces9) for s in self.in_play}
        self.shown = True
        events = [Event("show", None, Shown(hands=[list(h) for h in self.hands],
                                            values=[values.get(s) for s in range(self.seats)]))]
        best = max(values.values())
        winners = [s for s in self.in_play if values[s] == best]
        pay = int(self.options["pay9" if best == 9 else "pay8" if best == 8 else "pay_low"])
        if self.options["triple3"] and any(all(c[0] == "3" for c in self.hands[w])
                                           for w in winners):
            pay *= 2
        self.winners = winners
        self.payout = pay
        chips = self.chipset
        taken = 0
        for seat in self.in_play:
            if seat not in winners:
                paid = min(pay, chips.purses[seat])
                chips.purse_to_bank(seat, paid)
                taken += paid
        events.append(Event("pay", None, Paid(winners=winners, value=best, each=pay,
                                              chips=taken)))
        self.share(winners, taken)
        if self.pot is not None:
            members = [int(x) for x in self.pot["seats"]]
            top = max(values[m] for m in members)
            pot_winners = [m for m in self.in_play if m in members and values[m] == top]
            total = sum(chips.stake_to_bank(m) for m in members)
            self.share(pot_winners, total)
            events.append(Event("pot_won", pot_winners[0], PotWon(winners=pot_winners,
                                                                  chips=total)))
        events.append(Event("ledger", self.dealer, chips.end_deal(self.deal_no, self.dealer)))
        for seat in self.in_play:
            if chips.holding(seat) == 0:
                events.append(Event("out", seat, NoData()))
        deals = int(self.options["deals"])
        if deals and self.deal_no >= deals:
            return events + self.end_match()
        return events + self.begin_deal()

    def share(self, winners: list[int], amount: int) -> None:
        """The bank's ``amount`` split among ``winners``, odd chips from the dealer's right."""
        each, odd = divmod(amount, len(winners))
        for i, w in enumerate(winners):
            self.chipset.bank_pays(w, each + (1 if i < odd else 0))

    def end_match(self) -> list[Event]:
        for seat in range(self.seats):
            if self.chipset.stakes[seat]:
                self.chipset.stake_back(seat)
        self.phase = "over"
        self.turn = -1
        self.asked = []
        return [Event("match_end", None, Holdings(holdings=self.chipset.holdings()))]

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "over" or seat != self.turn:
            return []
        if self.phase == "deal":
            return [DEAL]
        if self.pot is None:
            code = stake_pattern("open", self.pot_min, self.open_limit(seat), self.pot_min)
            return [self.rules.parse_action(code), PASS] if code else [PASS]
        return [JOIN, PASS]

    def open_limit(self, seat: int) -> int:
        return self.chipset.purses[seat]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if action.verb == "open":
            if self.phase != "pot":
                return Reason("no_pot", "a side pot is agreed before the deal")
            if self.pot is not None:
                return Reason("pot_open", "a side pot is already open: join it or pass")
            amount = int(action.arg)
            if amount < self.pot_min:
                return Reason("below_minimum", "the smallest stake is {n}", n=self.pot_min)
            if amount > self.chipset.purses[seat]:
                return Reason("over_purse", "you hold only {n} chips",
                              n=self.chipset.purses[seat])
            if amount % self.pot_min:
                return Reason("steps", "stakes go in steps of {n}", n=self.pot_min)
            return None
        if action.verb == "join" and self.phase == "pot" and self.pot is None:
            return Reason("no_pot_open", "no side pot is open to join")
        return super().why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb = action.verb
        if verb == "deal":
            return self.deal()
        if verb == "open":
            amount = int(action.arg)
            self.chipset.put_up(seat, amount)
            self.pot = {"stake": amount, "seats": [seat], "opener": seat}
            # Everyone else is asked anew, those who let the opening pass included: the
            # opener first, for `next_asked` to drop, then round from the opener's right.
            holders = set(self.order())
            self.asked = [seat] + [s for s in ((seat + k) % self.seats
                                               for k in range(1, self.seats)) if s in holders]
            return [Event("open", seat, Amount(chips=amount))] + self.next_asked()
        if verb == "join":
            assert self.pot is not None
            self.chipset.put_up(seat, int(self.pot["stake"]))
            self.pot["seats"].append(seat)
            return [Event("join", seat, Amount(chips=self.pot["stake"]))] + self.next_asked()
        return [Event("pass", seat, NoData())] + self.next_asked()

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, tuple(self.hands[s]), "row",
                   None if self.shown else (s,)) for s in range(self.seats)]
        zs.append(Zone("deck", "deck", None, tuple(self.stock), "pile", ()))
        zs.append(Zone("discard", "discard", None, tuple(self.discard), "pile"))
        return zs

    def facts(self, seat: int | None) -> NohashtFacts:
        faces9 = bool(self.options["faces9"])
        values: list[int | None] = [
            worth(self.hands[s], faces9) if self.hands[s] and (self.shown or s == seat) else None
            for s in range(self.seats)]
        limit: Limit | None = None
        if seat is not None and seat == self.turn and self.phase == "pot" and self.pot is None:
            m = self.pot_min
            top = self.open_limit(seat) // m * m
            if top >= m:
                limit = {"min": m, "half": max(m, top // 2 // m * m), "all": top}
        return {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "state": {"phase": self.phase, "shown": self.shown, "dealer": self.dealer,
                      "passes": self.passes, "turn": self.turn, "asked": self.asked[:],
                      "in_play": self.in_play[:], "pot": copy_json(self.pot),
                      "deal_no": self.deal_no, "winners": self.winners[:],
                      "payout": self.payout},
            "dealer": self.dealer, "turn": None if self.phase == "over" else self.turn,
            "in_play": list(self.in_play), "pot": copy_json(self.pot), "values": values,
            "winners": list(self.winners), "payout": self.payout, "deal": self.deal_no,
            "limit": limit,
            **self.chipset.facts(),
        }

    def observation(self, seat: int | None) -> NohashtObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def clone(self) -> NohashtState:
        c = NohashtState.__new__(NohashtState)
        c.__dict__.update(self.__dict__)
        c.stock = self.stock[:]
        c.discard = self.discard[:]
        c.hands = [h[:] for h in self.hands]
        c.asked = self.asked[:]
        c.in_play = self.in_play[:]
        c.pot = copy_json(self.pot)
        c.winners = self.winners[:]
        c.chipset = self.chipset.copy()
        c.opening = []
        return c


RULES = register(NohashtRules(), NohashtState)
