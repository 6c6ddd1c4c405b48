"""Bourse (بورس و قدرت ذهن, "the stock exchange"), seed 002, for 3 to 8 seats, two decks, for chips.

Rules (seed)
------------
- Two packs. The first pack's 52 cards are **sold** to the players at a set price each
  (``price``, 100): dealt round the table one at a time, every card paid for into the money.
- The money is cut into three prizes of different sizes (``split``, the seed's 50 / 30 / 20 of
  the whole). From the second pack three cards are laid face down under the three prizes,
  unseen by anyone.
- A reader calls the second pack's other 49 cards one by one. Each called card **strikes out**
  its twin in the first pack, whoever holds it: that card can no longer win. When only three
  cards of the first pack are left they are the twins of the prize cards: the prize cards are
  turned up and each pays its prize to the holder of its twin.
- **Between calls the players trade** (seed: the bourse): a seat offers one of its live cards
  to one seat or to all at a price, ``offer 7H 3 120`` / ``offer 7H all 120``; the seat offered
  answers ``accept <id>`` or ``decline <id>`` (an offer to all is taken by the first to accept
  it); the seller may ``withdraw <id>``. An accepted offer moves the card and the chips. The
  next card is called when every seat has said ``done`` (which also declines whatever offer to
  it is still open); an offer to a seat that was done asks it again, to answer only.

Where the seed is silent, and what we chose
-------------------------------------------
- The first pack's cards lie face up in front of their holders: a card's chance depends only
  on whether it has been called (every live card is as likely as any other to be a prize
  card), and every offer shows its card anyway. So nothing a seat holds is secret; what is
  hidden is the order of the second pack and the three prize cards.
- The table calls the cards (the reader has no choice to make). A window for trading opens
  before every call. Each seat may make at most ``offers`` offers in a window (1), so that
  every window closes; a person is asked again only to answer an offer made to them. One
  offer a window by default keeps a table of eight moving (49 windows); raise it at will.
- Prices are whole chips in steps of ``price_step`` (10), from one step up to the first prize
  (the seed: "up to the ceiling of the most money"), and never more than the seat offered
  holds; an offer to all may go to the first prize. Accepting needs the chips. Offers expire
  when the window closes. Struck cards cannot be offered.
- The money's odd chips (after the split) go to the first prize.
- A match is ``deals`` games (1, the seed's one game); a seat that cannot pay for its share of
  the first pack sits a game out, and the match ends when fewer than two seats can play.

Options
-------
``purse`` (5000), ``price`` per card (100), ``split`` (``50-30-20``, ``60-30-10``,
``40-35-25``), ``price_step`` (10), ``offers`` per seat per window (1), ``deals`` (1).

Codes, zones and facts
----------------------
First pack ``AS TD 9H``; second pack ``ASb TDb 9Hb``. Actions: ``offer <card> <seat|all>
<price>`` (offered as ``offer ?1 3 #10-2500/10``: one card of the hand, a seat, a price),
``withdraw <id>``, ``accept <id>``, ``decline <id>`` (an offer's number, counted from 1 afresh
in each window: an offer of an earlier window is never open again), ``done``. Zones: ``hand:<s>``
(face up), ``struck`` (first-pack cards called, face up), ``calls`` (second-pack cards called, face
up), ``deck`` (the second pack still to call, face down), ``prize:0`` .. ``prize:2`` (one face-down
card each, turned up at the end). Facts: ``offers`` (the open offers:
``[{"id", "seller", "card", "to", "price"}]``, ``to`` None for all), ``done`` per seat, ``made``
(offers made this window per seat), ``prizes`` (chips), ``live`` (first-pack cards not yet struck),
``chance`` (each live card's chance to win a prize, 3 / live), ``fair`` (a live card's expected
prize: money / live), ``winners`` (after the end: ``[[prize, seat, card]]``), ``deal``,
``calls_left``, and the chip facts of `game.chips` (the bank holds the prize money). `result()`
gives the ledger as the sheet.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Mapping
from typing import Any, TypedDict

from game.cards.french import deck
from game.chips import LEDGER_ENDS, ChipFacts, Chips, ChipState, Holdings, Ledgered
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules, Zone,
                       check_choice, check_entries, copy_json)
from game.fast import shuffle_with
from game.registry import register
from game.shapes import NoData, Observation, Offer, Result

ONE = tuple(deck())
TWO = tuple(c + "b" for c in ONE)
ONE_SET = frozenset(ONE)
TWO_SORTED = tuple(sorted(TWO))
PRIZE_IDS = tuple(f"prize:{i}" for i in range(3))
SPLITS = {"50-30-20": (50, 30, 20), "60-30-10": (60, 30, 10), "40-35-25": (40, 35, 25)}

DONE = Action("done")
_CACHE: dict[str, Action] = {"done": DONE}
_PAT = re.compile(r"^#\d{1,7}-\d{1,7}/\d{1,7}\Z")
SEAT_WORDS = tuple(str(s) for s in range(8))
"""A seat as an offer names it, by seat."""


def _number(word: str) -> bool:
    """A whole number as a code writes it: 0, or 1 to 9999999 without a leading zero."""
    return word == "0" or ("1" <= word[:1] <= "9" and len(word) <= 7 and word.isdecimal())


@functools.lru_cache(maxsize=4096)
def offer_pattern(who: str, step: int, top: int) -> Action:
    """``offer ?1 <who> #<step>-<top>/<step>``: one card of the hand offered to ``who`` (a seat's
    number or ``all``) at a price on the steps up to ``top``; made once, not on every call."""
    return Action("offer", f"?1 {who} #{step}-{top}/{step}")


@functools.lru_cache(maxsize=1024)
def on_offer(verb: str, ident: int) -> Action:
    """``accept 4``, ``decline 4`` or ``withdraw 4``: made once, not on every call."""
    return Action(verb, str(ident))


MENUS_KEPT = 1 << 14
_MENUS: dict[tuple[object, ...], tuple[Action, ...]] = {}
"""A seat's offer patterns by what they are made from: the seat, the price step, the cap, the
seats in play and the purses (emptied when it holds `MENUS_KEPT`)."""


# -- the events' data (`BourseRules.events`) -------------------------------------------------
class Sold(TypedDict):
    """A seat's share of the first pack, dealt ``to`` its hand face up for ``chips``."""

    to: str
    cards: list[str]
    chips: int


class Prizes(TypedDict):
    """The ``money`` paid for the first pack, cut into the three ``prizes``."""

    prizes: list[int]
    money: int


class Window(TypedDict):
    """Trading opens before a call, with ``live`` first-pack cards not yet struck."""

    live: int


Called = TypedDict("Called", {"from": str, "to": str, "card": str, "called": str})
"""A second-pack card ``called``: its twin, the ``card``, struck out of the hand that held it."""


class PrizeWon(TypedDict):
    """Prize number ``prize`` (1 to 3) of ``chips``: its ``card`` turned up, whose ``twin`` the
    seat holds."""

    prize: int
    card: str
    twin: str
    chips: int


class Offered(TypedDict):
    """An offer made (its ``id``): the ``card`` for ``price`` chips, to the seat ``buyer`` (None:
    to all)."""

    id: int
    seller: int
    card: str
    buyer: int | None
    price: int


class Withdrawn(TypedDict):
    """An offer (its ``id``) taken back by its seller."""

    id: int


class Declined(TypedDict):
    """An offer (its ``id``) the seller made refused by the seat it was made to."""

    id: int
    seller: int


Accepted = TypedDict("Accepted", {"from": str, "to": str, "card": str, "id": int, "seller": int,
                                  "chips": int})
"""An offer (its ``id``) taken: the ``card`` from the seller's hand to the buyer's, ``chips``
paid."""


EVENTS = {"sell": Sold, "prizes": Prizes, "window": Window, "offer": Offered,
          "withdraw": Withdrawn, "decline": Declined, "accept": Accepted, "done": NoData,
          "call": Called, "prize": PrizeWon, "ledger": Ledgered, "match_end": Holdings}

DONE_EVENTS = tuple(Event("done", s, NoData()) for s in range(8))
"""Each seat's ``done`` event, made once (an event is never changed once made)."""


class BourseRules(Rules):
    id = "bourse"
    names = {"fa": "بورس", "en": "Bourse", "ar": "البورصة"}
    seat_counts = (3, 4, 5, 6, 7, 8)
    deal_ends = LEDGER_ENDS
    direction = "anticlockwise"
    options = {
        "purse": Option.number("purse", 5000, 500, 100000, 50, "starting chips of each seat"),
        "price": Option.number("price", 100, 10, 1000, 10, "price of a card of the first pack"),
        "split": Option("split", "50-30-20", tuple(SPLITS), "the three prizes, in hundredths"),
        "price_step": Option("price_step", 10, (1, 5, 10, 50), "steps of a trading price"),
        "offers": Option.number("offers", 1, 1, 10, 1, "offers a seat may make between calls"),
        "deals": Option.number("deals", 1, 1, 50, 1, "games in the match"),
    }
    unit_options = {"deals": 1}
    seat_words = {"offer": 1}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        if isinstance(code, str):
            action = _CACHE.get(code)
            if action is not None:
                return action
            words = code.split(" ")
            ok = False
            if len(words) == 2 and words[0] in ("accept", "decline", "withdraw"):
                ok = _number(words[1])
            elif len(words) == 4 and words[0] == "offer":
                who = words[2]
                ok = (words[1] in ONE_SET or words[1] == "?1") \
                    and (who == "all" or (len(who) == 1 and who.isdigit())) \
                    and (_number(words[3]) or bool(_PAT.match(words[3])))
            if ok:
                action = Action(words[0], code[len(words[0]) + 1:])
                if len(_CACHE) < 200000:
                    _CACHE[code] = action
                return action
        raise IllegalAction(f"{code!r} is not a Bourse action "
                            "(offer 7H 3 120, offer 7H all 120, accept 4, decline 4, done)")

    def sample_state(self, observation: Observation, seed: int) -> BourseState:
        """The second pack's uncalled cards (the stock and the three prize cards) dealt anew:
        every card of it but those called and the prize cards turned up, sorted, then shuffled
        from ``seed`` (the draws of ``random.Random(seed).shuffle``)."""
        seen_by = self.narrow(observation, BourseObservation)
        n = seen_by["seats"]
        zones = {z["id"]: z for z in seen_by["zones"]}
        s = BourseState(n, seed, dict(seen_by["options"]))
        s.__dict__.update(public_fields(seen_by["state"]))
        s.hands = [list(filter(None, zones[HAND_IDS[seat]]["cards"])) for seat in range(n)]
        s.struck = list(filter(None, zones["struck"]["cards"]))
        s.calls = list(filter(None, zones["calls"]["cards"]))
        s.chipset = Chips.from_dict(seen_by["chips"])
        shown = [zones[z]["cards"] for z in PRIZE_IDS]
        seen: set[str | None] = set(s.calls)
        for cards in shown:
            seen.update(cards)
        pool = shuffle_with(random.Random(seed), [c for c in TWO_SORTED if c not in seen])
        prizes: list[str] = []
        for cards in shown:
            if cards:
                prizes.append(cards[0] if cards[0] is not None else pool.pop())
        s.prize_cards = prizes
        s.stock = pool
        return s


_FIELDS = ("phase", "hands", "struck", "calls", "stock", "prize_cards", "revealed", "offers",
           "next_id", "done", "made", "prizes", "deal_no", "in_play", "winners")


class BourseFields(TypedDict):
    """The state's fields but its cards, as the ``state`` fact holds them for
    `BourseRules.sample_state` (see `BourseState`)."""

    phase: str
    revealed: bool
    offers: list[Offer]
    next_id: int
    done: list[bool]
    made: list[int]
    prizes: list[int]
    deal_no: int
    in_play: list[int]
    winners: list[list[int | str]]


class BourseFacts(ChipFacts):
    """Bourse's public facts (see the module docstring) and the chip facts."""

    state: BourseFields
    done: list[bool]
    """Which seats are done trading this window."""
    made: list[int]
    """Offers each seat made this window."""
    prizes: list[int]
    """The three prizes, in chips."""
    live: int
    """First-pack cards not yet struck."""
    fair: int
    """A live card's fair price: the prize money / live."""
    winners: list[list[int | str]]
    """The prizes won, as [prize, seat, card] (after the end)."""
    deal: int
    calls_left: int
    """Cards of the second pack still to be called."""


class BourseObservation(Observation, BourseFacts):
    """Bourse as one seat (or a spectator) sees it."""


def public_fields(fields: Mapping[str, Any]) -> BourseFields:
    """The fields other than the cards, copied from ``fields`` (a state's ``__dict__``, or the
    observation's ``state`` fact that holds them): what `BourseRules.sample_state` rebuilds a
    world from. Copied field by field, not by `copy_json`: a heuristic playout builds an
    observation every move."""
    return {"phase": fields["phase"], "revealed": fields["revealed"],
            "offers": list(map(Offer.copy, fields["offers"])), "next_id": fields["next_id"],
            "done": fields["done"][:], "made": fields["made"][:], "prizes": fields["prizes"][:],
            "deal_no": fields["deal_no"], "in_play": fields["in_play"][:],
            "winners": list(map(list.copy, fields["winners"]))}


class BourseState(ChipState):
    FIELDS = _FIELDS

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "trade"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.struck: list[str] = []
        self.calls: list[str] = []
        self.stock: list[str] = []  # top at the end
        self.prize_cards: list[str] = []
        self.revealed = False
        self.offers: list[Offer] = []
        """Open offers: id, seller, card, to (a seat, or None for all), price."""
        self.next_id = 1
        self.done: list[bool] = [False] * seats
        self.made: list[int] = [0] * seats
        self.prizes: list[int] = [0, 0, 0]
        self.deal_no = 0
        self.in_play: list[int] = []
        self.winners: list[list[int | str]] = []
        self.chipset = Chips(seats, int(options["purse"]))
        self.step = int(options["price_step"])
        """The steps of a trading price (an option, read once)."""
        self.quota = int(options["offers"])
        """Offers a seat may make in a window (an option, read once)."""
        self.table_zones: tuple[tuple[int, int, int, int, bool], tuple[Zone, ...]] | None = None
        """The zones other than the hands, with what they were made from (see `zones`)."""

    def check_fields(self) -> None:
        check_choice(self, "phase", ("trade", "payout", "over"))
        check_entries(self, self.seats, "seat", "hands", "done")
        check_entries(self, self.seats, "seat", "made", numbers=True)
        check_entries(self, 3, "prize", "prizes", numbers=True)
        ids = [offer.get("id") for offer in self.offers]
        most = 1 + self.seats * self.quota  # ids count afresh after each call
        if type(self.next_id) is not int or not 1 <= self.next_id <= most or not all(
                type(i) is int and 0 < i < self.next_id for i in ids):
            raise ValueError(f"next_id is the number after every offer's ({ids}), at most "
                             f"{most}, not {self.next_id!r}")
        if any(type(s) is not int or not 0 <= s < self.seats for s in self.in_play):
            raise ValueError(f"in_play lists seats of this table of {self.seats}, not "
                             f"{self.in_play!r}")
        self.chipset.check(self.seats)

    # -- values -------------------------------------------------------------------------
    def live(self) -> int:
        return sum(map(len, self.hands))

    def cap(self) -> int:
        return self.prizes[0] // self.step * self.step

    # -- flow ---------------------------------------------------------------------------
    def start_deal(self) -> list[Event]:
        """Sell the first pack to the seats that can pay for a share and cut the prizes; end the
        match instead when fewer than two can (the last game's cards stay where they lay; a
        match nobody could buy into leaves both packs unsold, the first in ``struck``)."""
        price = int(self.options["price"])
        chips = self.chipset
        for m in range(self.seats, 1, -1):
            share = -(-52 // m)
            buyers = [s for s in range(self.seats) if chips.purses[s] >= price * share]
            if len(buyers) >= m:
                break
        else:
            buyers = []
        if len(buyers) < 2:
            if self.deal_no == 0:
                self.struck, self.stock = list(ONE), list(TWO)
            return self.end_match()
        cards = self.shuffled(list(ONE), "deal")
        events: list[Event] = []
        for seat in range(self.seats):
            self.hands[seat] = []
        self.struck, self.calls, self.winners = [], [], []
        self.revealed = False
        first = self.deal_no % self.seats
        buyers.sort(key=lambda s: (s - first) % self.seats)
        self.deal_no += 1
        chips.begin_deal()
        self.in_play = buyers
        for i, card in enumerate(cards):
            seat = buyers[i % len(buyers)]
            self.hands[seat].append(card)
            chips.purse_to_bank(seat, price)
        for seat in buyers:
            events.append(Event("sell", seat, Sold({"cards": list(self.hands[seat]),
                                                    "chips": price * len(self.hands[seat]),
                                                    "to": HAND_IDS[seat]})))
        money = chips.bank
        cuts = SPLITS[str(self.options["split"])]
        self.prizes = [money * cut // 100 for cut in cuts]
        self.prizes[0] += money - sum(self.prizes)
        second = self.shuffled(list(TWO), "prizes")
        self.prize_cards = second[:3]
        self.stock = second[3:][::-1]
        events.append(Event("prizes", None, Prizes(prizes=list(self.prizes), money=money)))
        return events + self.open_window()

    start = start_deal
    """The opening is the first deal."""

    def open_window(self) -> list[Event]:
        self.phase = "trade"
        self.offers = []
        self.next_id = 1  # ids count afresh in each window: an old id is never open again
        self.made = [0] * self.seats
        self.done = [True] * self.seats
        for s in self.in_play:
            self.done[s] = not self.hands[s] and self.chipset.purses[s] < self.step
        if all(self.done):
            return self.call()
        return [Event("window", None, Window({"live": self.live()}))]

    def call(self) -> list[Event]:
        self.offers = []
        card = self.stock.pop()
        self.calls.append(card)
        twin = card[:2]
        events: list[Event] = []
        for seat in range(self.seats):
            if twin in self.hands[seat]:
                self.hands[seat].remove(twin)
                self.struck.append(twin)
                events.append(Event("call", seat, Called({"called": card, "card": twin,
                                                          "from": HAND_IDS[seat],
                                                          "to": "struck"})))
                break
        if not self.stock:
            return events + self.payout()
        return events + self.open_window()

    def payout(self) -> list[Event]:
        self.revealed = True
        self.phase = "payout"
        events: list[Event] = []
        for i, card in enumerate(self.prize_cards):
            twin = card[:2]
            holder = next(s for s in range(self.seats) if twin in self.hands[s])
            self.chipset.bank_pays(holder, self.prizes[i])
            self.winners.append([i, holder, twin])
            events.append(Event("prize", holder, PrizeWon(prize=i + 1, card=card, twin=twin,
                                                         chips=self.prizes[i])))
        events.append(Event("ledger", None, self.chipset.end_deal(self.deal_no, None)))
        if self.deal_no >= int(self.options["deals"]):
            return events + self.end_match()
        return events + self.start_deal()

    def end_match(self) -> list[Event]:
        self.phase = "over"
        self.offers = []
        self.done = [True] * self.seats
        return [Event("match_end", None, Holdings(holdings=self.chipset.holdings()))]

    def close_if_done(self, events: list[Event]) -> list[Event]:
        """``events``, then the next card's call once every seat is done and no offer awaits an
        answer."""
        if all(self.done):
            for o in self.offers:  # loops, not generators, on the hot path: each costs a call
                if o["to"] is not None:
                    return events
            events += self.call()
        return events

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        """The seats not done, and those an offer made to them awaits."""
        if self.phase != "trade":
            return []
        acting = []
        offers = self.offers
        for s, done in enumerate(self.done):  # loops, not comprehensions: each costs a call
            if not done:
                acting.append(s)
            elif offers:
                for o in offers:
                    if o["to"] == s:
                        acting.append(s)
                        break
        return acting

    def _offer_patterns(self, seat: int) -> tuple[Action, ...]:
        """One pattern per seat that can pay a step (prices up to what it holds, at most the
        first prize, on the steps), then one to all; none without a card or a prize to bid.
        Made once for each seat, cap, seats in play and purses (`_MENUS`)."""
        step = self.step
        cap = self.cap()
        if cap < step or not self.hands[seat]:
            return ()
        purses = self.chipset.purses
        key = (seat, step, cap, tuple(self.in_play), tuple(purses))
        menu = _MENUS.get(key)
        if menu is None:
            out: list[Action] = []
            for t in self.in_play:
                if t != seat:
                    purse = purses[t]
                    top = cap if purse >= cap else purse // step * step
                    if top >= step:
                        out.append(offer_pattern(SEAT_WORDS[t], step, top))
            out.append(offer_pattern("all", step, cap))
            menu = tuple(out)
            if len(_MENUS) >= MENUS_KEPT:
                _MENUS.clear()
            _MENUS[key] = menu
        return menu

    def _legal(self, seat: int) -> list[Action]:
        """A seat not done may answer, withdraw, offer and say done; a seat done may only
        answer an offer made to it (and has nothing to do without one)."""
        if self.phase != "trade":
            return []
        done = self.done[seat]
        out: list[Action] = []
        offers = self.offers
        if offers:
            purse = self.chipset.purses[seat]
            for o in offers:
                to = o["to"]
                if to == seat:
                    if purse >= o["price"]:
                        out.append(on_offer("accept", o["id"]))
                    out.append(on_offer("decline", o["id"]))
                elif to is None and not done and o["seller"] != seat and purse >= o["price"]:
                    out.append(on_offer("accept", o["id"]))
            if not done:
                for o in offers:
                    if o["seller"] == seat:
                        out.append(on_offer("withdraw", o["id"]))
        if not done:
            if self.made[seat] < self.quota:
                out += self._offer_patterns(seat)
            out.append(DONE)
        return out

    def find(self, ident: str) -> Offer | None:
        i = int(ident)
        for o in self.offers:
            if o["id"] == i:
                return o
        return None

    def why_illegal(self, seat: int, action: Action) -> str | None:
        verb = action.verb
        if verb == "offer":
            card, who, price = action.arg.split(" ")
            if self.done[seat]:
                return Reason("done_already", "you have said you are done")
            if card not in self.hands[seat]:
                if card in self.struck:
                    return Reason("struck", "{card} has been called: it cannot win", card=card)
                return Reason("not_held", "you do not hold {card}", card=card)
            if who != "all":
                t = int(who)
                if t == seat:
                    return Reason("self", "offer to another seat")
                if t >= self.seats or t not in self.in_play:
                    return Reason("no_seat", "that seat is not trading")
            if price.startswith("#"):
                return super().why_illegal(seat, action)
            p, step, cap = int(price), self.step, self.cap()
            if p < step or p > cap or p % step:
                return Reason("price", "a price is from {lo} to {hi} in steps of {n}",
                              lo=step, hi=cap, n=step)
            if who != "all" and p > self.chipset.purses[t]:
                return Reason("buyer_short", "that seat holds only {n} chips",
                              n=self.chipset.purses[t])
            if self.made[seat] >= self.quota:
                return Reason("quota", "you have made {n} offers before this call",
                              n=self.quota)
            return None
        if verb in ("accept", "decline", "withdraw"):
            o = self.find(action.arg)
            if o is None:
                if int(action.arg) < self.next_id:
                    return Reason("withdrawn", "that offer is no longer open")
                return Reason("no_offer", "there is no such offer")
            if verb == "withdraw":
                if o["seller"] != seat:
                    return Reason("not_seller", "only the seller may withdraw an offer")
                if self.done[seat]:
                    return Reason("done_already", "you have said you are done")
                return None
            if o["seller"] == seat:
                return Reason("own_offer", "that is your own offer")
            if o["to"] is not None and o["to"] != seat:
                return Reason("not_yours", "that offer was made to another seat")
            if verb == "decline" and o["to"] is None:
                return Reason("open_to_all", "an offer to all needs no answer")
            if verb == "accept" and o["to"] is None and self.done[seat]:
                return Reason("done_already", "you have said you are done")
            if verb == "accept" and int(o["price"]) > self.chipset.purses[seat]:
                return Reason("over_purse", "you hold only {n} chips", n=self.chipset.purses[seat])
            return None
        return super().why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb = action.verb
        if verb == "done":
            self.done[seat] = True
            events = [DONE_EVENTS[seat]]
            offers = self.offers
            if offers:
                for waiting in [x for x in offers if x["to"] == seat]:
                    offers.remove(waiting)
                    events.append(Event("decline", seat, Declined({
                        "id": waiting["id"], "seller": waiting["seller"]})))
            return self.close_if_done(events)
        if verb == "offer":
            card, who, price = action.arg.split(" ")
            made: Offer = {"id": self.next_id, "seller": seat, "card": card,
                           "to": None if who == "all" else int(who), "price": int(price)}
            self.next_id += 1
            self.made[seat] += 1
            self.offers.append(made)
            return [Event("offer", seat, Offered({"id": made["id"], "seller": seat, "card": card,
                                                  "buyer": made["to"], "price": made["price"]}))]
        o = self.find(action.arg)
        assert o is not None
        if verb == "withdraw":
            self.offers.remove(o)
            return self.close_if_done([Event("withdraw", seat, Withdrawn({"id": o["id"]}))])
        if verb == "decline":
            self.offers.remove(o)
            return self.close_if_done([Event("decline", seat, Declined({
                "id": o["id"], "seller": o["seller"]}))])
        # accept
        seller, sold, cost = int(o["seller"]), str(o["card"]), int(o["price"])
        self.chipset.pay(seat, seller, cost)
        self.hands[seller].remove(sold)
        self.hands[seat].append(sold)
        self.offers = [x for x in self.offers if x["card"] != sold]
        return self.close_if_done([Event("accept", seat, Accepted({
            "id": o["id"], "seller": seller, "card": sold, "chips": cost,
            "from": HAND_IDS[seller], "to": HAND_IDS[seat]}))])

    def own_cards(self, seat: int) -> list[str]:
        return self.hands[seat][:]

    def zones(self) -> list[Zone]:
        zs = []
        for s, hand in enumerate(self.hands):
            zs.append(Zone(HAND_IDS[s], "hand", s, tuple(hand), "fan"))
        # The table's zones change only with a call, a deal or the payout: made once for each.
        key = (self.deal_no, len(self.calls), len(self.stock), len(self.struck), self.revealed)
        if self.table_zones is None or self.table_zones[0] != key:
            seen = None if self.revealed else ()
            table = [Zone("struck", "discard", None, tuple(self.struck), "pile"),
                     Zone("calls", "discard", None, tuple(self.calls), "pile"),
                     Zone("deck", "deck", None, tuple(self.stock), "pile", ())]
            for i in range(3):
                cards = (self.prize_cards[i],) if i < len(self.prize_cards) else ()
                table.append(Zone(PRIZE_IDS[i], "stack", None, cards, "pile", seen))
            self.table_zones = (key, tuple(table))
        zs += self.table_zones[1]
        return zs

    def facts(self, seat: int | None) -> BourseFacts:
        live = self.live()
        money = self.chipset.bank
        options = dict(self.options)
        options.pop("deck", None)
        return {
            "options": options, "state": public_fields(self.__dict__),
            "offers": list(map(Offer.copy, self.offers)), "done": self.done[:],
            "made": self.made[:], "prizes": self.prizes[:], "live": live,
            "chance": round(3 / live, 4) if live else 0.0,
            "fair": money // live if live else 0,
            "winners": list(map(list.copy, self.winners)), "deal": self.deal_no,
            "calls_left": len(self.stock),
            **self.chipset.facts(),
        }

    def observation(self, seat: int | None) -> BourseObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def result(self) -> Result:
        return {**super().result(), "prizes": copy_json(self.winners)}

    def clone(self) -> BourseState:
        """A state that shares no list or dict with this one (every field copied as it is)."""
        c = BourseState.__new__(BourseState)
        d = self.__dict__.copy()
        d["hands"] = list(map(list.copy, self.hands))  # map, not a comprehension: no call
        d["struck"] = self.struck[:]
        d["calls"] = self.calls[:]
        d["stock"] = self.stock[:]
        d["prize_cards"] = self.prize_cards[:]
        d["offers"] = list(map(Offer.copy, self.offers))
        d["done"] = self.done[:]
        d["made"] = self.made[:]
        d["prizes"] = self.prizes[:]
        d["in_play"] = self.in_play[:]
        d["winners"] = list(map(list.copy, self.winners))
        d["chipset"] = self.chipset.copy()
        d["opening"] = []
        c.__dict__ = d
        return c


RULES = register(BourseRules(), BourseState)
