"""Haft Khabis (هفت خبیث, "Wicked Seven", also Haft Kasif, هفت کثیف), the Persian shedding
game in which a seven punishes the next player, for 2 to 8 seats.

The seeds do not describe it: ``../shared/seeds/`` (the 002 text) only names it ("7 or Haft
Khabis (Haft Kasif)") in its introduction. The rules below are the form the published Persian
descriptions share, with the sources named where they settle a point (Sources, at the end).

Rules
-----
- One pack of 52 French cards; two packs (104) with more than five seats [P, C, B, W]. Seven
  cards each [P, C, B, F], dealt one at a time from seat 0; the next card of the stock is turned
  up to start the pile; the rest is the stock, face down [C, B, W].
- In turn a seat plays one card that matches the top card of the pile by suit or by rank
  [P, C, B, W], or a jack (see below). A seat that cannot (or will not) play draws one card
  (``draw``); if the drawn card fits it may play it at once (``play``), else it keeps it
  (``pass``) and the turn passes [C, B, W].
- Seven: the next seat draws two unless it answers with a seven (any suit) [P]; sevens answered
  stack, two more cards each: 2, 4, 6... (the issue's rule; the stacking is also the Turkish
  Pis Yedili's [I]). Facing a live seven a seat plays a seven or draws the whole penalty
  (``draw``), and its turn ends; the seven is then dead and the next seat plays on it as on any
  card.
- Jack: goes on any card (not on a live seven) and its player names the suit the next seat must
  follow (``suit H``) [I, Y]. The next seat plays that suit, or another jack.
- Ace: the next seat loses its turn (the issue's "commonly"; no page we could read settles it).
- Eight: its player plays again (the issue's "commonly"); it may also draw, as in any turn.
- Ten: play turns the other way (the Persian pages' "Iranian form" opens with it [B, W]; the
  Turkish form has it too [I]). With two seats the turn simply passes.
- When the stock runs out the pile under its top card is shuffled into a new stock.
- The first seat to empty its hand wins the deal [P, C, B]; the others score the cards they
  hold: numerals their face value, ten, queen and king 10, ace 11, seven and jack 20 (face
  value and courts 10 as in [I]; the ace 11 and the seven and jack "more", as the issue asks:
  the cards that hurt others weigh most). The winner of a deal starts the next [C, BB].
- Scores are penalty points, carried from deal to deal; when a seat reaches the target (option
  ``target``) at the end of a deal the match ends and the lowest total wins (ties share).

Where the sources are silent, what we chose (what players expect)
-----------------------------------------------------------------
- The first deal is started by seat 1 (the seat after the dealer, seat 0); each later deal by the
  winner of the one before. The turned-up card's own action is ignored (a seven there punishes
  nobody); a turned-up jack asks for its own suit.
- A seat that plays its last card has won the deal at once: a last seven punishes nobody, a
  last jack names no suit, a last eight has no second play.
- A draw is always allowed ("or will not play"), so a draw or a pass shows nothing about a hand
  (with ``draw_until`` a second draw shows that the first card did not fit: `sample_state` does
  not keep that).
- A jack may go on a jack (the Turkish app forbids it [Y]; the Persian pages say nothing).
- The twos, the queens and the kings do nothing: some families give more cards an action, but
  the Persian pages we could read name none beyond these. No "last card" call either: none of
  them has one (the Turkish game's "tek" is not theirs).
- Nothing left to draw: when the stock is empty and the pile holds only its top card, ``draw``
  draws nothing and ends the turn. When every seat in a row has so drawn nothing (a blocked
  deal), the deal ends: the seat holding the fewest points wins it (the first in play order
  from the seat that drew last, on a tie).

Options
-------
``target`` penalty points that end the match (50..500 in 50s, default 100); ``length``
"match" (default) or "deal" (one deal, the simulator's unit); variants, off by default:
``sevens`` 2 (default) or 3 (the Turkish Pis Yedili's [I]: a seven costs three cards, and each
seven that answers doubles the penalty, 3, 6, 12, as the page counts them; the page stops at the
third, a fourth doubles again to 24, as its count goes on);
``draw_until`` False (default) or True (draw until a card fits or the stock is out, as the
Turkish app has it [Y]). ``deck`` stacks the shuffles (game.core): one list stacks the first
deal (seat 0's first card first, one card a seat round the table, then the turned-up card,
then the stock from its top); a list of lists stacks every shuffle in order, deals and
reshuffles of the pile alike.

Codes
-----
Cards ``AS TD 7H 2C`` (game.cards.french); with two packs the second pack's cards carry a
``b``: ``7Hb``. Actions: ``play 7H``, ``draw`` (one card, or the penalty of a live seven),
``pass`` (keep the card just drawn), ``suit H`` (after a jack: S H D C).

Zones and facts
---------------
Zones: ``hand:<s>`` (fan, its owner; sorted by suit, spades hearts clubs diamonds, then rank),
``stock`` (deck, face down, top at the end), ``pile`` (discard, face up, top at the end).
Phases: ``play``, ``drawn`` (the seat in turn has drawn and may play that card or pass),
``suit`` (a jack's player names the suit), ``over``.
Facts: ``turn``, ``direction``, ``suit`` (the suit in force), ``top`` (the pile's top card),
``penalty`` (cards the seat in turn draws unless it plays a seven; 0 when no seven is live),
``hands`` (cards in each hand), ``stock``, ``totals``, ``target``, ``length``, ``sevens``,
``draw_until``, ``deal_no``, ``starter``, ``last`` (the last deal: ``winner``, ``points`` per
seat, ``blocked``), ``sheet`` (columns and rows: deal, winner, points and totals per seat),
``idle`` (empty draws in a row), ``recycled`` (the cards of the
pile shuffled into the stock at the last reshuffle that nobody has seen again) and ``old`` (per
seat, how many cards of its hand it held before that reshuffle), for `sample_state`; the
winners once over; and for the seat in turn alone, ``drawn`` (the card it has just drawn).

Events: ``deal`` (private cards, public count), ``turnup``, ``start``, ``play``, ``draw``
(``count``, ``why``: draw or seven; the cards themselves only to the drawer, the count to the
others), ``drew`` (the count, to everyone: the log's line), ``pass``,
``suit``, ``skip`` (the seat skipped), ``again`` (an eight), ``reverse``, ``penalty`` (a seven
lands), ``reshuffle``, ``blocked``, ``deal_end`` (``winner``, ``points``, ``totals``), ``won``.

Sources (read through the project's page search)
------------------------------------------------
- [P] pasoororginal.com, "هفت خبیث": 52 cards, two packs above five players, seven each, match
  the pile, else draw; a seven makes the next draw two unless he holds a seven; the first to
  empty his hand wins.
- [C] casinoyab.net, "چگونگی انجام بازی هفت کثیف": the same, with the turned-up starting card,
  the drawn card played if it fits or kept, and the winner beginning the next round.
- [B] btyad.xyz, "uno-game" (هفت کثیف یا هفت خبیث), and [W] fa.wikipedia.org "هفت خبیث":
  2-7 players, two packs above five, usually seven cards, match rank or suit, draw one and play
  it if it fits; rules vary by group; the Iranian form's list opens with "10: direction" (the
  rest of the list was not in what we could read).
- [BB] bababet.vip, "نحوه بازی هفت خبیث": the winner starts the next round.
- [F] footbal91.com, "بازی هفت خبیث چیست": seven cards each, dealt clockwise.
- [I] iskambilci.com, "How to play dirty seven" (the Turkish Pis Yedili): "If a player plays a
  7, the next player must take 3 cards [...] If this player plays a 7 too, this time the next
  player must take 6 cards [...] If the third player plays a 7 too, then the next player takes
  12 cards"; a ten reverses; a jack changes the suit; remaining cards counted at face
  value, courts 10.
- [Y] the Pis Yedili app's description (obssmobile): a jack on any card names a suit, not a jack
  on a jack; draw until a card fits.
The ace's skip and the eight's second play are the issue's "commonly": we found no page that
settles them, and took them as its author gives them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import NotRequired, TypedDict

from game.cards.french import SUITS, deck
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules, State,
                       Zone, check_choice, check_entries, check_seat_fields, copy_json)
from game.deal import play_events
from game.fast import shuffle_with
from game.registry import register
from game.shapes import CardMoved, CountMoved, Dealt, NoData, Observation, Result, Sheet, TableFacts


class DealEnd(TypedDict):
    """How the last deal ended: who went out (or held the fewest points when the stock ran
    dry: ``blocked``) and the penalty points it gave each seat."""

    winner: int
    points: list[int]
    blocked: bool


class HaftKhabisFacts(TableFacts):
    """Haft Khabis's facts (besides the table's totals and sheet); which way play goes is the
    frame's ``direction``, which turns."""

    turn: int
    suit: str
    """The suit in force ("" before the first card)."""
    top: str | None
    """The pile's top card."""
    penalty: int
    """Cards the seat in turn must draw unless it answers with a seven."""
    hands: list[int]
    """How many cards each seat holds."""
    stock: int
    """How many cards the stock holds."""
    target: int
    length: str
    """``deal`` (one deal) or ``match`` (to the target)."""
    sevens: int
    draw_until: bool
    deal_no: int
    starter: int
    """The seat that began this deal."""
    last: DealEnd | None
    """How the last deal ended (None before the first ends)."""
    idle: int
    """Draws in a row that found nothing to draw."""
    recycled: list[str]
    """The pile's cards shuffled into the stock at the last reshuffle, not seen since."""
    old: list[int]
    """Per seat: cards of its hand held since before the last reshuffle."""
    winners: list[int]
    """The match's winners, once over (empty before)."""
    drawn: str | None
    """Private, the seat in turn's: the card it has just drawn and may play."""


class HaftKhabisObservation(Observation, HaftKhabisFacts):
    """What a seat may know of a Haft Khabis game."""


HAND = 7
MOST_SEATS = 8
"""The most seats at a table (two packs above five)."""
ONE = tuple(deck())
TWO = ONE + tuple(c + "b" for c in ONE)
VALUE = {c: (20 if c[0] in "7J" else 11 if c[0] == "A" else 10 if c[0] in "TQK" else int(c[0]))
         for c in TWO}
"""Penalty points of a card left in hand: numerals face value, ten and courts 10, ace 11, seven
and jack 20."""
PLAY = {c: Action("play", c) for c in TWO}
SUIT = {s: Action("suit", s) for s in SUITS}
DRAW = Action("draw")
PASS = Action("pass")
_ACTIONS = {str(a): a for a in [*PLAY.values(), *SUIT.values(), DRAW, PASS]}
ORDER = {c: ("SHCD".index(c[1]), "23456789TJQKA".index(c[0]), c) for c in TWO}
"""A hand's order: by suit (black and red in turn), then by rank, ace high."""
SHEET_COLUMNS = ("deal", "winner", "points", "total")


def cards_for(seats: int) -> tuple[str, ...]:
    """The cards of a game: one pack up to five seats, two above."""
    return TWO if seats > 5 else ONE


def fits(card: str, suit: str, top: str) -> bool:
    """Whether ``card`` may go on ``top`` with ``suit`` in force (no seven live)."""
    return card[0] == "J" or card[1] == suit or card[0] == top[0]


def raised(penalty: int, sevens: int) -> int:
    """The penalty after one more seven: two more cards each under ``sevens`` 2 (2, 4, 6...);
    under ``sevens`` 3 three cards, then doubled by each seven that answers (3, 6, 12...)."""
    if sevens == 3:
        return 2 * penalty if penalty else 3
    return penalty + sevens


# -- the events' data (`HaftKhabisRules.events`) ---------------------------------------------
Drawn = TypedDict("Drawn", {"from": str, "to": str, "count": int, "why": str,
                            "cards": NotRequired[list[str]]})
"""Cards drawn from the stock, named to the drawing seat alone; ``why`` ``draw`` (one card,
by choice) or ``seven`` (the cards a live seven made the seat draw)."""

class SuitNamed(TypedDict):
    """The suit a jack's player names, in force from now on."""

    suit: str


class Reversed(TypedDict):
    """A ten turned the way play goes: ``direction`` it now runs."""

    direction: str


class Counted(TypedDict):
    """A number of cards for everyone's log: the ``count`` a seven makes the seat draw
    (``penalty``), or the cards it drew (``drew``)."""

    count: int


class DealScored(TypedDict):
    """A deal won by ``winner``: each seat's penalty ``points`` in it and its ``totals``."""

    winner: int
    points: list[int]
    totals: list[int]


# Made once and handed out again (`Event`: never changed once made): play is the commonest move.
PLAYED = play_events(TWO, MOST_SEATS, "pile")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the pile."""

EVENTS = {"deal": Dealt, "turnup": CardMoved, "start": NoData, "suit": SuitNamed,
          "pass": NoData, "play": CardMoved, "skip": NoData, "again": NoData,
          "reverse": Reversed, "penalty": Counted, "draw": Drawn, "drew": Counted,
          "blocked": NoData, "reshuffle": CountMoved, "deal_end": DealScored, "won": NoData}


class HaftKhabisRules(Rules):
    id = "haftkhabis"
    names = {"fa": "هفت خبیث", "en": "Haft Khabis", "ar": "السبعة الخبيثة"}
    seat_counts = tuple(range(2, MOST_SEATS + 1))
    direction = "clockwise"
    options = {
        "target": Option.number("target", 100, 50, 500, 50,
                                "penalty points that end the match"),
        "length": Option("length", "match", ("match", "deal"), "a whole match, or one deal"),
        "sevens": Option("sevens", 2, (2, 3),
                         "a seven's cards: 2 more each (2, 4, 6), or 3 doubled (3, 6, 12)"),
        "draw_until": Option("draw_until", False, (False, True),
                             "draw until a card fits, rather than one card"),
    }
    unit_options = {"length": "deal"}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        """Codes are matched exactly: the two packs' cards differ by case (``AH``, ``AHb``)."""
        try:
            return _ACTIONS[code]
        except (KeyError, TypeError):  # not a code, or not text at all
            raise IllegalAction(f"{code!r} is not a Haft Khabis action "
                                "(play 7H, draw, pass, suit H)") from None

    def sample_state(self, observation: Observation, seed: int) -> HaftKhabisState:
        """The cards the seat cannot see dealt anew at random, to fit what it has seen: since
        the last reshuffle the stock holds only cards of ``recycled`` (the pile shuffled in),
        and a hand's first ``old`` cards were held before it, so they are none of them."""
        obs = self.narrow(observation, HaftKhabisObservation)
        n = obs["seats"]
        zones = {z["id"]: z for z in obs["zones"]}
        s = HaftKhabisState(n, seed, {"target": obs["target"], "length": obs["length"],
                                      "sevens": obs["sevens"], "draw_until": obs["draw_until"]})
        unseen = Counter(cards_for(n))
        for z in zones.values():
            unseen.subtract(c for c in z["cards"] if c is not None)
        if any(k < 0 for k in unseen.values()):
            raise ValueError("the observation does not fit the cards of Haft Khabis")
        rng = random.Random(seed)
        recycled = [c for c in obs["recycled"] if unseen[c] > 0]
        fresh = shuffle_with(rng, sorted(recycled))
        rest = Counter(unseen)
        rest.subtract(recycled)
        others = shuffle_with(rng, sorted(rest.elements()))
        old = obs["old"]
        for seat in range(n):
            cards = zones[HAND_IDS[seat]]["cards"]
            hand: list[str] = []
            for i, c in enumerate(cards):
                if c is not None:
                    hand.append(c)
                elif i < old[seat] or not fresh:
                    hand.append(others.pop() if others else fresh.pop())
                else:
                    hand.append(fresh.pop())
            s.hands[seat] = hand
        pool = fresh + others
        s.stock = [c if c is not None else pool.pop() for c in zones["stock"]["cards"]]
        s.pile = [c for c in zones["pile"]["cards"] if c is not None]
        if pool:
            raise ValueError("the observation does not fit the cards of Haft Khabis")
        s.load_public(obs)
        if s.phase == "drawn" and not s.drawn:  # another seat's card: one it drew, by chance
            s.drawn = s.hands[s.turn][-1]
        s.deals = s.deal_no
        return s


class HaftKhabisState(State):
    FIELDS = ("phase", "hands", "stock", "pile", "drawn")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        self.seats, self.seed, self.options = seats, seed, options
        self.chance_count = 0
        self.cards = cards_for(seats)
        self.sevens = int(options["sevens"])
        self.until = bool(options["draw_until"])
        self.target = int(options["target"])
        self.one_deal = options["length"] == "deal"
        self.phase = "play"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.stock: list[str] = []
        self.pile: list[str] = []
        self.suit = ""
        self.turn = 0
        self.dir = 1
        self.penalty = 0
        self.starter = 0
        self.deal_no = 0
        self.idle = 0
        """Draws in a row that found nothing to draw."""
        self.totals = [0] * seats
        self.sheet: list[list[JSON]] = []
        self.last: DealEnd | None = None
        self.recycled: list[str] = []
        """The pile's cards shuffled into the stock at the last reshuffle, not seen since."""
        self.old = [0] * seats
        """Per seat: cards of its hand held since before the last reshuffle."""
        self.drawn = ""
        """The card just drawn by the seat in turn (phase ``drawn``), which it may play."""

    def check_fields(self) -> None:
        check_choice(self, "phase", ("play", "drawn", "suit", "over"))
        check_seat_fields(self, "turn", "starter")
        check_choice(self, "suit", ("", *SUITS))
        check_entries(self, self.seats, "seat", "hands")
        check_entries(self, self.seats, "seat", "totals", "old", numbers=True)

    def start(self) -> list[Event]:
        return self.deal(1 % self.seats)

    def load_public(self, d: Mapping[str, JSON]) -> None:
        """The public facts (and ``drawn`` where given) from a save or an observation."""
        self.phase = str(d["phase"])
        self.suit = str(d["suit"])
        for name in ("turn", "penalty", "starter", "deal_no", "idle"):
            setattr(self, name, int(d[name]))
        self.dir = 1 if d["direction"] == "clockwise" else -1
        self.totals = [int(x) for x in d["totals"]]
        self.sheet = [list(r) for r in d["sheet"]["rows"]]
        self.last = copy_json(d["last"]) if isinstance(d["last"], dict) else None
        self.recycled = [str(c) for c in d["recycled"]]
        self.old = [int(x) for x in d["old"]]
        self.drawn = str(d.get("drawn") or "")

    def after(self, seat: int, skip: int = 0) -> int:
        return (seat + self.dir * (1 + skip)) % self.seats

    # -- dealing ----------------------------------------------------------------------------
    def deal(self, starter: int) -> list[Event]:
        """A new deal, started by ``starter``."""
        n = self.seats
        order = self.shuffled(list(self.cards), "deal")
        self.hands = [sorted(order[s:HAND * n:n], key=ORDER.__getitem__) for s in range(n)]
        rest = order[HAND * n:]
        self.pile = [rest[0]]
        self.stock = rest[1:][::-1]
        self.suit = rest[0][1]
        self.turn = self.starter = starter
        self.dir = 1
        self.penalty = 0
        self.idle = 0
        self.phase = "play"
        self.deal_no += 1
        self.recycled = []
        self.old = [0] * n
        events: list[Event] = []
        for seat in range(n):
            events.append(Event("deal", seat, Dealt({"cards": list(self.hands[seat]),
                                                     "count": HAND, "from": "stock",
                                                     "to": HAND_IDS[seat]}), to=(seat,)))
            events.append(Event("deal", seat, Dealt({"count": HAND, "from": "stock",
                                                     "to": HAND_IDS[seat]}),
                                to=tuple(o for o in range(n) if o != seat)))
        events.append(Event("turnup", None, CardMoved({"card": rest[0], "from": "stock",
                                                       "to": "pile"})))
        events.append(Event("start", starter, NoData()))
        return events

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase == "over":
            return []
        hand = self.hands[seat]
        if self.phase == "suit":
            return list(SUIT.values())
        if self.phase == "drawn":
            card = self.drawn
            out = [PLAY[card]] if fits(card, self.suit, self.pile[-1]) else []
            out.append(DRAW if self.until and not out and self.can_draw() else PASS)
            return out
        if self.penalty:
            out = [PLAY[c] for c in hand if c[0] == "7"]
        else:
            suit, rank = self.suit, self.pile[-1][0]
            out = [PLAY[c] for c in hand if c[0] == "J" or c[1] == suit or c[0] == rank]
        out.append(DRAW)
        return out

    def can_draw(self) -> bool:
        return bool(self.stock) or len(self.pile) > 1

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if action in self._legal(seat):
            return None
        verb, arg = action.verb, action.arg
        if seat != self.turn:
            return Reason("turn", "it is not your turn")
        if self.phase == "suit":
            return Reason("name_suit", "name the suit first")
        if verb == "suit":
            return Reason("no_suit", "a suit is named only after a jack")
        if verb == "play" and arg not in self.hands[seat]:
            return Reason("not_held", "you do not hold {card}", card=arg)
        if self.phase == "drawn":
            if verb == "play":
                return Reason("drawn_only", "only the card just drawn may be played now")
            if verb == "pass":
                return Reason("draw_again", "it does not fit: draw again")
            return Reason("drawn", "play the card you drew, or keep it")
        if verb == "pass":
            return Reason("no_pass", "pass only after drawing: play or draw")
        if self.penalty:
            return Reason("seven", "a seven is live: answer with a seven or draw {count}",
                          count=self.penalty)
        return Reason("match", "{card} matches neither the suit in force ({suit}) nor the rank "
                      "on the pile", card=arg, suit=self.suit)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb = action.verb
        if verb == "play":
            return self._play(seat, action.arg)
        if verb == "suit":
            self.suit = action.arg
            self.phase = "play"
            return [Event("suit", seat, SuitNamed({"suit": action.arg}))] + self._next(seat)
        if verb == "pass":
            self.phase = "play"
            self.drawn = ""
            return [Event("pass", seat, NoData())] + self._next(seat)
        return self._draw_turn(seat)

    # -- the moves ------------------------------------------------------------------------
    def _play(self, seat: int, card: str) -> list[Event]:
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.idle = 0
        self.drawn = ""
        if card in self.recycled:
            self.recycled.remove(card)
        elif self.old[seat]:
            self.old[seat] -= 1
        self.phase = "play"
        events = [PLAYED[seat][card]]
        if not hand:
            return events + self._deal_end(seat)
        rank = card[0]
        self.suit = card[1]
        if rank == "J":
            self.phase = "suit"
            return events
        if rank == "7":
            self.penalty = raised(self.penalty, self.sevens)
            return events + self._next(seat)
        if rank == "A":
            skipped = self.after(seat)
            return events + [Event("skip", skipped, NoData())] + self._next(seat, skip=1)
        if rank == "8":
            return events + [Event("again", seat, NoData())]
        if rank == "T":
            self.dir = -self.dir
            direction = "clockwise" if self.dir == 1 else "anticlockwise"
            events.append(Event("reverse", seat, Reversed({"direction": direction})))
        return events + self._next(seat)

    def _draw_turn(self, seat: int) -> list[Event]:
        if self.penalty:
            count, self.penalty = self.penalty, 0
            events = [Event("penalty", seat, Counted({"count": count}))]
            got, _ = self._draw(seat, count, "seven")
            return events + got + self._next(seat)
        got, drawn = self._draw(seat, 1, "draw")
        if drawn:
            self.idle = 0
            self.phase = "drawn"
            self.drawn = drawn[0]
            return got
        self.idle += 1
        self.phase = "play"
        if self.idle >= self.seats:
            return got + [Event("blocked", None, NoData())] + self._deal_end(self._least(seat))
        return got + self._next(seat)

    def _least(self, seat: int) -> int:
        """The seat holding the fewest points, the first in play order from ``seat`` on a tie."""
        order = [(seat + self.dir * k) % self.seats for k in range(self.seats)]
        return min(order, key=lambda s: sum(VALUE[c] for c in self.hands[s]))

    def _draw(self, seat: int, count: int, why: str) -> tuple[list[Event], list[str]]:
        """Up to ``count`` cards from the stock to ``seat``, the pile reshuffled once it runs out
        (once is enough: the pile then holds only its top card)."""
        hand = self.hands[seat]
        got = self._take(count)
        hand += got  # in the hand before a reshuffle counts the cards held (`old`)
        events = self._reshuffle() if len(got) < count else []
        more = self._take(count - len(got))
        hand += more
        got += more
        if got:
            hand.sort(key=ORDER.__getitem__)
            counted = Drawn({"count": len(got), "from": "stock", "to": HAND_IDS[seat],
                             "why": why})
            events.append(Event("draw", seat, Drawn({**counted, "cards": got}), to=(seat,)))
            events.append(Event("draw", seat, counted,
                                to=tuple(o for o in range(self.seats) if o != seat)))
            events.append(Event("drew", seat, Counted({"count": len(got)})))  # everyone's log
        return events, got

    def _take(self, count: int) -> list[str]:
        """The stock's top ``count`` cards (fewer if it has fewer), taken off it, top first."""
        cut = max(0, len(self.stock) - count)
        got = self.stock[cut:][::-1]
        del self.stock[cut:]
        return got

    def _reshuffle(self) -> list[Event]:
        under = self.pile[:-1]
        if not under:
            return []
        self.pile = self.pile[-1:]
        self.stock = self.shuffled(under, "reshuffle")[::-1]
        self.recycled = sorted(under)
        self.old = [len(h) for h in self.hands]
        return [Event("reshuffle", None, CountMoved({"count": len(under), "from": "pile",
                                                     "to": "stock"}))]

    def _next(self, seat: int, skip: int = 0) -> list[Event]:
        self.turn = self.after(seat, skip)
        return []

    def _deal_end(self, winner: int) -> list[Event]:
        points = [0 if s == winner else sum(VALUE[c] for c in self.hands[s])
                  for s in range(self.seats)]
        self.totals = [t + p for t, p in zip(self.totals, points)]
        blocked = bool(self.hands[winner])
        self.last = {"winner": winner, "points": list(points), "blocked": blocked}
        self.sheet.append([self.deal_no, winner, list(points), list(self.totals)])
        self.penalty = 0
        events = [Event("deal_end", winner, DealScored({"winner": winner,
                                                        "points": list(points),
                                                        "totals": list(self.totals)}))]
        if self.one_deal or max(self.totals) >= self.target:
            self.phase = "over"
            return events + [Event("won", w, NoData()) for w in self.winners()]
        return events + self.deal(winner)

    def winners(self) -> list[int]:
        if self.one_deal:
            return [] if self.last is None else [int(self.last["winner"])]
        best = min(self.totals)
        return [s for s in range(self.seats) if self.totals[s] == best]

    # -- what may be seen -------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        zs = [Zone(HAND_IDS[s], "hand", s, tuple(self.hands[s]), "fan", (s,))
              for s in range(self.seats)]
        zs.append(Zone("stock", "deck", None, tuple(self.stock), "pile", ()))
        zs.append(Zone("pile", "discard", None, tuple(self.pile), "pile", None))
        return zs

    def own_cards(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def direction(self) -> str:
        """Which way play goes now: a ten turns it."""
        return "clockwise" if self.dir == 1 else "anticlockwise"

    def facts(self, seat: int | None) -> HaftKhabisFacts:
        return {
            "turn": self.turn, "suit": self.suit, "top": self.pile[-1] if self.pile else None,
            "penalty": self.penalty, "hands": [len(h) for h in self.hands],
            "stock": len(self.stock), "totals": list(self.totals), "target": self.target,
            "length": "deal" if self.one_deal else "match", "sevens": self.sevens,
            "draw_until": self.until, "deal_no": self.deal_no, "starter": self.starter,
            "last": self._last(), "sheet": self.score_sheet(), "idle": self.idle,
            "recycled": list(self.recycled), "old": list(self.old),
            "winners": self.winners() if self.phase == "over" else [],
            "drawn": self.drawn if seat == self.turn and self.drawn else None,
        }

    def observation(self, seat: int | None) -> HaftKhabisObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        """Points are penalty points (lower is better), as on the score sheet."""
        return {"winners": self.winners() if self.phase == "over" else [],
                "points": list(self.totals),
                "sheet": self.score_sheet()}

    def score_sheet(self) -> Sheet:
        """The score sheet, in new lists: a row a deal, its winner, the penalty points it gave
        each seat and the totals after it."""
        return {"columns": list(SHEET_COLUMNS),
                "rows": [[r[0], r[1], list(r[2]), list(r[3])] for r in self.sheet]}

    def _last(self) -> DealEnd | None:
        return None if self.last is None else {**self.last, "points": list(self.last["points"])}

    def deal_value(self, seat: int) -> float:
        """Penalty points: the others' lowest total less the seat's own, and `State.WIN`; in a
        deal not yet over, the points of the cards held count as if it ended now."""
        held = [self.totals[s] + sum(VALUE[c] for c in self.hands[s]) for s in range(self.seats)]
        value = float(min(t for s, t in enumerate(held) if s != seat) - held[seat])
        if self.phase == "over":
            value += self.WIN if seat in self.winners() else -self.WIN
        return value

    def to_dict(self) -> dict[str, JSON]:
        """The public facts and the direction, then every zone's cards and the card just
        drawn."""
        return {**self.facts(None), "direction": self.direction(), **super().to_dict()}

    def load(self, d: dict[str, JSON]) -> None:
        """A save is the public facts with the cards of every zone."""
        super().load(d)
        self.load_public(d)

    def clone(self) -> HaftKhabisState:
        """A copy sharing nothing that play changes: the lists in place are copied (a sheet's
        rows are never changed once written, so they are shared)."""
        c = HaftKhabisState.__new__(HaftKhabisState)
        mine = c.__dict__
        mine.update(self.__dict__)
        for name in ("stock", "pile", "totals", "sheet", "recycled", "old"):
            mine[name] = mine[name][:]
        c.hands = [h[:] for h in self.hands]
        c.opening = []
        return c

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        if action.verb == "play":
            return (action.arg, "pile")
        return None

    def drop_action(self, seat: int, card: str, zone: str) -> Action | None:
        return PLAY.get(card) if zone == "pile" else None


RULES = register(HaftKhabisRules(), HaftKhabisState)
