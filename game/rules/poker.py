"""Poker (پوکر), five-card draw as the Persian home plays it, for 2 to 8 seats, for chips.

The Persian book (seed 002) lists Poker among its games and never describes it. The published
Persian pages say which poker an Iranian home plays and how it differs; the standard game of
five-card draw fills in the rest.

Sources, and which holds which rule
-----------------------------------
- [FA-WP] Persian Wikipedia, "پوکر" (the 2007 article and its copies): five-card draw is "the form
  common in Iran" (پوکر پنج کارتی - نوع رایج در ایران); the standard ranking, royal flush down to
  high card, the best hand wins.
- [SHANS] shans.io's poker page (its text also on the Persian blogs that copy it): in the
  five-card poker customary in Iran **three of a kind beats a straight and a flush beats a full
  house**; and in many games not every card is used: with five players the cards below 6 are
  left out. Its Persian names of the hands are the help's: رویال فلاش، استریت فلاش، کاره، فول،
  رنگ، ردیف، سه‌تایی، دو پر، جفت، بش.
- [DRAW] The standard five-card draw, Hoyle's "Draw Poker" (as copied on pokersplay.blogspot.com;
  pagat's draw pages were not in the reference store we searched): antes (or blinds), five cards
  each one at a time from the dealer's left (here: his right, the Persian way round), a betting
  round, the draw (each in turn throws 0 to 3 cards and gets as many; four if he keeps an ace and
  shows it; five in some games), a second betting round, the showdown; "pass and back in" (a
  check is allowed until someone bets).
- [WP-DRAW] The English Wikipedia's "Draw poker", Gardena jackpots: nobody may open without a
  pair of jacks or better; if nobody opens, everyone antes again into the same pot.
- [STRIP] The English Wikipedia's "Stripped deck": in a stripped pack a flush is rarer than a full
  house, so it ranks above it; some places let the ace play low below the lowest rank kept
  (A-7-8-9-T in a 32-card pack) as in A-2-3-4-5; the frequency of straights against three of a
  kind moves with the pack, "so some places may play that trips beat a straight".
- [BANDITS] pokerbandits' five-card draw page: with fewer than five players the pack is ace to
  seven (32 cards); with five, the sixes are added (36).
- [CASINO] Published house rules (pokerharder.com, tigergaming): a split pot's odd chip goes to the
  first winner after the dealer; the last player to bet shows first.

Where they differ: [SHANS] gives its ranking for the five-card game played in Iran, whatever the
pack; [STRIP] ranks a flush over a full house only in a stripped pack, where it is the rarer (in
32 cards 204 flushes to 1,344 full houses of 201,376 hands; in the full pack a flush is commoner,
5,108 to 3,744 of 2,598,960), and says only that some places let three of a kind beat a straight:
dealt five cards, a straight is still the rarer (32 cards: 5,100 straights to 10,752 three of a
kind; 36 cards: 6,120 to 16,128). In 32 cards a flush is rarer even than four of a kind (204 to
224), which no source ranks so. [SHANS] leaves out the cards below 6 for five players, [BANDITS]
the same, and those below 7 for fewer. We follow the Persian source by default (its ranking with
every pack, the pack fitting the table) and offer the standard ranking and each pack as options.

Rules
-----
- Packs (option ``pack``): ``fit`` (default) is the pack [BANDITS] and [SHANS] give for the
  table: 7 to ace (32 cards) for 2 to 4 seats, 6 to ace (36) for 5, the full 52 for 6 to 8; or a
  pack named (``52``, ``36``, ``32``). A pack must hold six cards a seat (five dealt and a draw);
  one that does not (a 32-card pack at six seats) is played as the smallest larger pack that does,
  and the table's panel names the pack in play (fact ``pack``).
- Ranking (option ``ranking``): ``persian`` (default, [SHANS]): straight flush, four of a kind,
  flush, full house, three of a kind, straight, two pair, pair, high card; ``standard``
  ([FA-WP]): straight flush, four of a kind, full house, flush, straight, three of a kind, two
  pair, pair, high card. Within a kind: the higher set, then the kickers in order; a straight by
  its top card; suits never count; equal hands split. The ace is high, and low in the lowest
  straight of the pack: A-2-3-4-5 in 52 cards, A-6-7-8-9 in 36, A-7-8-9-T in 32 ([STRIP] says
  some places play so; the code does in every pack), ranked below every other straight.
- A deal: every seat with chips is dealt in. Forced bets (option ``start``): ``ante`` each seat
  puts ``ante`` in; ``jacks`` the same, and the first bet before the draw needs a pair of jacks or
  better ([WP-DRAW]'s jackpots; the rules refuse a bet without it, so whoever opens has them); if
  nobody opens, the deal is thrown in, the antes stay in the middle and go to the pot of the next
  deal; ``blinds``: the seat after the dealer puts half of ``ante`` (the small blind), the next
  ``ante`` (the big blind); two seats: the dealer puts the small blind and speaks first before
  the draw. A seat short of a forced bet puts in what it has and is all in.
- The dealer gives five cards to each, one at a time, from the seat on his right round to
  himself. The first betting round begins at the dealer's right (with blinds: at the right of the
  big blind). Each in turn: ``check`` (nothing to call), ``bet`` (the first chips of a round),
  ``call``, ``raise`` (a raise names the seat's whole bet of the round: ``raise 60`` brings it to
  60), ``fold``, ``allin``. A round ends when every seat still in has had its say and put in as
  much as the highest bet or all it has.
- Limits (option ``limit``): ``fixed`` (default): bets and raises of ``ante`` before the draw
  and twice that after, at most four a round (a bet and three raises: the usual cap, which the
  sources read do not give); ``pot``: at most the pot as it would stand after the call;
  ``none``: up to all one's chips. A bet is at least ``ante``, a raise at least the last bet or
  raise of the round, in steps of ``ante``. A seat may always call with what it has (all in for
  less) and may go all in for less than a full raise; such a raise does not let those who have
  already spoken since the last full raise raise again (they call or fold).
- The draw ([DRAW]): each seat still in (all-in seats too), from the dealer's right, throws 0 to 3
  cards face down and is dealt as many (``draw`` option ``3``; ``4ace``: four if the card kept is
  an ace, which is shown to all; ``5``: any number). How many each drew is public. When the stock
  cannot serve a draw, the cards thrown and folded so far (not the drawer's own) are shuffled
  under it.
- The second betting round begins with the first seat still in at the dealer's right. Then the
  showdown ([CASINO]): the last to bet or raise in that round shows first (if nobody bet, the
  first seat still in at the dealer's right), then each in turn; a seat shows its hand unless a
  hand already shown beats it for every pot it shares in, and then it gives up without showing
  (what a player would do: the program never hides a winning hand). A seat left alone takes the
  pot unseen. A folded hand is never shown.
- Pots: each seat's chips put in make the main pot and the side pots (a seat all in shares only
  in the pots it could cover); a bet nobody could call comes back to its seat. Each pot goes to
  the best hand shown among the seats in it; equal hands split it, the odd chips one each to the
  winners from the dealer's right ([CASINO]).
- The deal then passes to the right (to the next seat with chips); the shown hands lie face up
  until the new dealer says ``deal``. A seat without chips is out. The match ends when the deal
  has gone round the table ``rounds`` times (0: when one seat holds every chip), after ``deals``
  deals (0: no limit; the simulator plays 1), or when fewer than two seats have chips. A pot
  carried from a thrown-in deal when the match ends goes back to the seats that put it in.

Options
-------
``pack`` (fit), ``ranking`` (persian), ``start`` (ante; jacks, blinds), ``ante`` (10: the ante,
the big blind, the smallest bet and the bets' steps), ``limit`` (fixed; pot, none), ``draw`` (3;
4ace, 5), ``purse`` the buy-in (1000), ``rounds`` (2), ``deals`` (0).

Codes, zones and facts
----------------------
Cards ``AS TD 7H``. Actions: ``deal``, ``check``, ``call``, ``fold``, ``allin``, ``bet <n>``,
``raise <n>`` (offered as ``bet #lo-hi/step`` where the limit leaves a range; in fixed limit as
the one amount), ``draw`` (stand pat) or ``draw 7H 2C`` (the cards thrown; offered as ``draw
?0-3``), ``four 7H 2C 9D 3S`` (throw four, keeping an ace, which is shown). Zones: ``hand:<s>``
(a row seen by its owner; cards shown at the showdown or a kept ace shown to all through
``Zone.shown``), ``deck`` (the stock, face down), ``muck`` (thrown and folded cards, face down to
all). Facts: ``dealer``, ``turn``, ``round`` (1 before the draw, 2 after), ``status`` per seat
(``out``, ``in``, ``fold``, ``allin``), ``bets`` (this round), ``said`` (each seat's last word
this round), ``to_call``, ``pot``, ``pots`` (``[{"chips", "seats"}]``: main pot first), ``drawn``
(cards each drew, None before), ``opener``, ``aggressor``, ``named`` (a shown hand's name
``[kind, ranks...]``; one's own always), ``won`` (the last deal's pots: ``[{"chips", "seats",
"hand"}]``), ``pack`` (``{"cards", "low"}``), ``ranking``, ``limit`` (quick picks of a bet:
``{"min", "half", "all"}``), ``muck_by`` (who threw each card of the muck), ``thrown`` (one's
own cards in the muck, to oneself), ``log`` (this deal's public actions, a draw by its count),
``carried`` (a thrown-in pot's chips by seat), ``deal``, and the chip facts of `game.chips`
(``stakes`` are the chips each seat has in the pot this deal). `result()` gives the ledger as
the sheet.
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import NotRequired, TypedDict

from game.cards.french import RANK_VALUE, RANKS, SUITS
from game.chips import LEDGER_ENDS, ChipFacts, Chips, ChipState, Holdings, Ledgered, stake_pattern
from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules, Zone,
                       check_choice, check_entries, check_seat_fields, copy_json)
from game.fast import shuffle_with
from game.registry import register
from game.shapes import CardPassed, CountMoved, Limit, Moved, NoData, Observation

# -- hands ------------------------------------------------------------------------------------
KINDS = ("high", "pair", "two_pair", "trips", "straight", "flush", "full_house", "quads",
         "straight_flush")
"""The kinds of hand, by their index in a hand's value (the standard order, lowest first)."""
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
ORDERS: dict[str, tuple[int, ...]] = {
    "standard": (HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH),
    "persian": (HIGH, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH),
}
"""Each ranking's kinds, lowest first ([SHANS]: three of a kind over a straight, a flush over a
full house)."""
STRENGTH = {name: tuple(order.index(k) for k in range(9)) for name, order in ORDERS.items()}
"""Each ranking: a kind's place, lowest 0, by the kind's index."""
PACKS = {52: 2, 36: 6, 32: 7}
"""Cards in a pack -> its lowest rank's value."""
_RV = {r: RANK_VALUE[r] for r in RANKS}
_LETTER = {v: r for r, v in RANK_VALUE.items()}


def hand_value(cards: Sequence[str], low: int = 2, strength: Sequence[int] = STRENGTH["standard"]
               ) -> int:
    """Five cards as one number, higher better: the kind's place in the ranking (``strength``),
    then the ranks that break ties in order, four bits each. ``low`` is the pack's lowest rank,
    under which the ace plays low in the lowest straight."""
    kind, ranks = judge(cards, low)
    value = strength[kind]
    for r in ranks:
        value = value << 4 | r
    return value << 4 * (5 - len(ranks))


def judge(cards: Sequence[str], low: int = 2) -> tuple[int, list[int]]:
    """The kind of five cards (an index of `KINDS`) and the ranks that break ties, in order:
    the set's rank before the kickers', a straight's top card."""
    r = sorted([_RV[c[0]] for c in cards], reverse=True)
    s = cards[0][1]
    flush = cards[1][1] == s and cards[2][1] == s and cards[3][1] == s and cards[4][1] == s
    if r[0] != r[1] and r[1] != r[2] and r[2] != r[3] and r[3] != r[4]:
        top = r[0] if r[0] - r[4] == 4 else low + 3 if r[0] == 14 and r[1] == low + 3 \
            and r[4] == low else 0
        if top:
            return (STRAIGHT_FLUSH if flush else STRAIGHT), [top]
        return (FLUSH if flush else HIGH), r
    counts = Counter(r)
    groups = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    first, second = counts[groups[0]], counts[groups[1]]
    if first == 4:
        kind = QUADS
    elif first == 3:
        kind = FULL_HOUSE if second == 2 else TRIPS
    else:
        kind = TWO_PAIR if second == 2 else PAIR
    return kind, groups


def named(cards: Sequence[str], low: int) -> list[str]:
    """A hand as its kind and the rank letters that name it (``["full_house", "K", "5"]``)."""
    kind, ranks = judge(cards, low)
    return [KINDS[kind], *(_LETTER[r] for r in ranks)]


def kind_of(value: int, ranking: str) -> int:
    """The kind (an index of `KINDS`) of a hand's `hand_value` under ``ranking``."""
    return ORDERS[ranking][value >> 20]


def openers(cards: Sequence[str], low: int, strength: Sequence[int]) -> bool:
    """Whether the hand may open under the jackpots rule: a pair of jacks or better."""
    return hand_value(cards, low, strength) >= OPENING[tuple(strength)]


OPENING = {s: (s[PAIR] << 20) | (RANK_VALUE["J"] << 16) for s in STRENGTH.values()}
"""The least value that opens (a pair of jacks, no kickers), by ranking."""


def pack(size: int) -> tuple[str, ...]:
    """The pack of ``size`` cards in a fixed order: ranks from its lowest up, every suit."""
    low = PACKS[size]
    return tuple(r + s for s in SUITS for r in RANKS if RANK_VALUE[r] >= low)


def pack_size(option: str, seats: int) -> int:
    """The cards of the pack in play: ``fit`` the table's ([BANDITS], [SHANS]), else the pack
    named, or the smallest larger one that holds six cards a seat."""
    if option == "fit":
        return 32 if seats <= 4 else 36 if seats == 5 else 52
    return min(size for size in PACKS if size >= int(option) and size >= 6 * seats)


# -- actions ----------------------------------------------------------------------------------
DEAL, CHECK, CALL, FOLD, ALLIN = (Action("deal"), Action("check"), Action("call"),
                                  Action("fold"), Action("allin"))
STAND_PAT = Action("draw")
_PLAIN = {str(a): a for a in (DEAL, CHECK, CALL, FOLD, ALLIN, STAND_PAT)}
_AMOUNT = re.compile(r"^(?:[1-9]\d{0,7}|#\d{1,8}-\d{1,8}(?:/\d{1,8})?)$")
_DRAW_PATTERN = re.compile(r"^\?0-[35]$")
CARDS = frozenset(r + s for s in SUITS for r in RANKS)
MOST_SEATS = 8
"""The most seats at a table (six cards a seat: the 52-card pack holds eight)."""
FIXED_CAP = 4
"""Bets a round in fixed limit: a bet and three raises (the usual cap of fixed-limit games; the
sources we read give none)."""


# -- the events' data (`PokerRules.events`) --------------------------------------------------
class DealBegun(TypedDict):
    """A deal begins: its number in the match."""

    deal: int


class Amount(TypedDict):
    """A number of ``chips``: what the seat puts in (``ante``, ``call``), its whole bet of the
    round (``bet``, ``raise``, ``allin``), a pot it takes uncontested (``take``: the others
    folded, or a bet nobody could call comes back), or what stays in the middle for the next
    deal (``thrown_in``)."""

    chips: int


class Blind(Amount):
    """A forced bet before the deal: the ``blind`` (``small`` or ``big``) and its ``chips``."""

    blind: str


Thrown = TypedDict("Thrown", {"from": str, "to": str, "cards": NotRequired[list[str]],
                              "count": NotRequired[int]})
"""Cards thrown to the muck at the draw: named to their seat, counted for the others."""

class AceShown(TypedDict):
    """The ace a seat keeps to draw four, shown to all."""

    card: str


class Drew(TypedDict):
    """How many cards a seat drew (it threw as many)."""

    count: int


class Shown(TypedDict):
    """A hand shown at the showdown: its ``cards`` and its name (``hand``: the kind and the rank
    letters that name it, ``["full_house", "K", "5"]``)."""

    cards: list[str]
    hand: list[str]


class PotWon(Amount):
    """A pot won at the showdown by the event's seat: its ``chips`` and the name of the hand that
    won it."""

    hand: list[str]


class PotSplit(PotWon):
    """A pot split between equal hands: the winning ``seats``, the odd chips to the first."""

    seats: list[int]


# The deal's events are made once and handed out again (`Event`: never changed once made): a
# deal makes two for each card, one naming it to its seat and one for the others.
DEALT = [{c: Event("deal", s, CardPassed({"card": c, "from": "deck", "to": HAND_IDS[s]}), to=(s,))
          for c in CARDS} for s in range(MOST_SEATS)]
"""``DEALT[seat][card]``: ``card`` dealt to ``seat``, as that seat sees it."""
DEALT_UNSEEN = {n: [Event("deal", s, CardPassed({"from": "deck", "to": HAND_IDS[s]}),
                          to=tuple(o for o in range(n) if o != s)) for s in range(n)]
                for n in range(2, MOST_SEATS + 1)}
"""``DEALT_UNSEEN[seats][seat]``: a card dealt to ``seat``, as the others see it."""

EVENTS = {"deal_start": DealBegun, "ante": Amount, "blind": Blind, "deal": CardPassed,
          "check": NoData, "bet": Amount, "call": Amount, "raise": Amount, "allin": Amount,
          "fold": Moved, "draw_start": NoData, "throw": Thrown, "show_ace": AceShown,
          "reshuffle": CountMoved, "drew": Drew, "pat": NoData, "thrown_in": Amount,
          "show": Shown, "muck": NoData, "take": Amount, "pot": PotWon, "split": PotSplit,
          "ledger": Ledgered, "out": NoData, "match_end": Holdings}


class PokerRules(Rules):
    id = "poker"
    names = {"fa": "پوکر", "en": "Poker (five-card draw)", "ar": "بوكر"}
    seat_counts = tuple(range(2, MOST_SEATS + 1))
    deal_ends = LEDGER_ENDS
    direction = "anticlockwise"
    options = {
        "pack": Option("pack", "fit", ("fit", "52", "36", "32"),
                       "the pack: fit the table (32 cards to 4 seats, 36 for 5, else 52)"),
        "ranking": Option("ranking", "persian", ("persian", "standard"),
                          "Persian: three of a kind over a straight, a flush over a full house"),
        "start": Option("start", "ante", ("ante", "jacks", "blinds"),
                        "antes; antes and jacks or better to open; or blinds"),
        "ante": Option("ante", 10, (2, 10, 20, 50, 100),
                       "the ante or big blind, the smallest bet and its steps"),
        "limit": Option("limit", "fixed", ("fixed", "pot", "none"), "the betting limit"),
        "draw": Option("draw", "3", ("3", "4ace", "5"),
                       "cards a seat may draw: 3, 4 keeping an ace, or 5"),
        "purse": Option.number("purse", 1000, 100, 100000, 50, "each seat's buy-in"),
        "rounds": Option.number("rounds", 2, 0, 10, 1,
                                "times the deal goes round the table (0: until one has all)"),
        "deals": Option.number("deals", 0, 0, 500, 1, "deals in the match (0: no limit)"),
    }
    unit_options = {"deals": 1}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        action = _parse(code) if isinstance(code, str) else None
        if action is None:
            raise IllegalAction(f"{code!r} is not a poker action (deal, check, call, fold, "
                                "allin, bet 20, raise 40, draw 7H 2C, four 7H 2C 9D 3S)")
        return action

    def sample_state(self, observation: Observation, seed: int) -> PokerState:
        """The cards the seat has not seen dealt anew at random: the other hands' hidden cards,
        the muck's (but the seat's own thrown and folded cards, which it knows lie there) and
        the stock. Every public fact is the observation's."""
        seen = self.narrow(observation, PokerObservation)
        me = seen["seat"]
        s = PokerState(seen["seats"], seed, dict(seen["options"]))
        fields = dict(seen)
        for name in PUBLIC:
            setattr(s, name, copy_json(fields[name]))
        s.chipset = Chips.from_dict(seen["chips"])
        zones = {z["id"]: z for z in seen["zones"]}
        mine = list(seen["thrown"])
        known = [c for z in zones.values() for c in z["cards"] if c is not None] + mine
        unseen = list((Counter(s.cards()) - Counter(known)).elements())
        unseen = shuffle_with(random.Random(seed), sorted(unseen))
        own = iter(mine)
        s.muck = [next(own) if by == me else unseen.pop() for by in s.muck_by]
        s.hands = [[c if c is not None else unseen.pop() for c in zones[f"hand:{seat}"]["cards"]]
                   for seat in range(s.seats)]
        s.stock = unseen
        return s


@functools.lru_cache(maxsize=1 << 16)
def _parse(code: str) -> Action | None:
    """The action written ``code``, None if it is none (read once a code: a search parses the
    same few again and again)."""
    if code in _PLAIN:
        return _PLAIN[code]
    verb, *args = code.split(" ")
    if (verb in ("bet", "raise") and len(args) == 1 and _AMOUNT.match(args[0])) \
            or (verb == "draw" and ((len(args) == 1 and _DRAW_PATTERN.match(args[0]))
                                   or (0 < len(args) <= 5 and _cards(args)))) \
            or (verb == "four" and len(args) == 4 and _cards(args)):
        return Action(verb, " ".join(args))
    return None


def _cards(words: Sequence[str]) -> bool:
    return all(w in CARDS for w in words) and len(set(words)) == len(words)


PUBLIC = ("phase", "round", "dealer", "turn", "status", "bets", "need", "may_raise", "raises",
          "last_raise", "aggressor", "opener", "drawn", "said", "shown", "won", "log", "carried",
          "muck_by", "passes", "deal_no", "seen_names")
"""The state's public fields: what every observation holds as it is (`sample_state` takes them
back)."""


class Pot(TypedDict):
    """A pot: its chips and the seats that share in it."""

    chips: int
    seats: list[int]


class WonPot(Pot):
    """A pot of the last deal, with the seats that took it and the name of their hand (None
    where nobody contested it)."""

    hand: list[str] | None


class Pack(TypedDict):
    """The pack in play: how many cards, and its lowest rank's letter."""

    cards: int
    low: str


class PokerFacts(ChipFacts):
    """Poker's public facts (see the module docstring) and the chip facts: the state's public
    fields (`PUBLIC`, but its phase, which the frame gives) as they are, and what is read off
    them."""

    round: int
    """1 before the draw, 2 after."""
    dealer: int
    turn: int | None
    """The seat to act (None once the match is over)."""
    status: list[str]
    """Each seat's state in the deal: out, in, fold or allin."""
    bets: list[int]
    """What each seat has bet this round."""
    need: list[int]
    """Seats still to speak this round."""
    may_raise: list[int]
    """Seats that may still bet or raise this round."""
    raises: int
    """Full bets and raises this round."""
    last_raise: int
    """The last full bet or raise of the round, the least the next raise adds."""
    aggressor: int | None
    opener: int | None
    drawn: list[int | None]
    """How many cards each seat drew (None before it drew)."""
    said: list[str]
    """Each seat's last word this round."""
    shown: list[list[bool]]
    """Which cards of each hand are shown to all."""
    won: list[WonPot]
    """The pots of the last deal."""
    log: list[list[int | str]]
    """This deal's public actions as [seat, code], a draw by its count (``draw 2``)."""
    carried: list[int]
    """A thrown-in deal's antes, lying in the bank, by the seat that put them in."""
    muck_by: list[int]
    """Who threw each card of the muck."""
    passes: int
    """How many times the deal has passed on."""
    deal_no: int
    seen_names: list[list[str] | None]
    """The name of each hand shown at the showdown."""
    to_call: int | None
    """What the seat to act must add to call (None for any other seat)."""
    pot: int
    """Every chip staked this deal, with the antes carried in the bank."""
    pots: list[Pot]
    """The main pot and the side pots, main first (during the betting and the draw)."""
    named: list[list[str] | None]
    """The name of each hand the seat may know: those shown, and its own."""
    deal: int
    pack: Pack
    ranking: str
    """The ranking of the kinds of hand: standard or persian."""
    thrown: list[str]
    """The seat's own cards in the muck."""


class PokerObservation(Observation, PokerFacts):
    """Poker as one seat (or a spectator) sees it."""


class PokerState(ChipState):
    FIELDS = ("stock", "hands", "muck", *PUBLIC)

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "deal"
        self.round = 1
        self.stock: list[str] = []  # top at the end
        self.muck: list[str] = []
        self.muck_by: list[int] = []
        """Who threw each card of the muck (public)."""
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.shown: list[list[bool]] = [[] for _ in range(seats)]
        self.dealer = 0
        self.turn = 0
        self.status = ["in"] * seats
        self.bets = [0] * seats
        self.need: list[int] = []
        """Seats still to speak this round."""
        self.may_raise: list[int] = []
        """Seats that may still bet or raise this round."""
        self.raises = 0
        """Full bets and raises this round."""
        self.last_raise = 0
        """The last full bet or raise of the round, the least the next raise adds."""
        self.aggressor: int | None = None
        self.opener: int | None = None
        self.drawn: list[int | None] = [None] * seats
        self.said = [""] * seats
        self.seen_names: list[list[str] | None] = [None] * seats
        """The name of each hand shown at the showdown."""
        self.won: list[WonPot] = []
        """The pots of the last deal: ``{"chips", "seats", "hand"}``."""
        self.log: list[list[int | str]] = []
        """This deal's public actions: ``[seat, code]``, a draw by its count (``draw 2``)."""
        self.carried = [0] * seats
        """A thrown-in deal's antes, lying in the bank, by the seat that put them in."""
        self.passes = 0
        self.deal_no = 0
        self.chipset = Chips(seats, int(options["purse"]))

    def check_fields(self) -> None:
        check_choice(self, "phase", ("deal", "bet", "draw", "over"))
        check_choice(self, "round", (1, 2))
        check_seat_fields(self, "dealer")
        check_seat_fields(self, "aggressor", "opener", none=True)
        if self.phase != "over":  # a finished match has nobody's turn (-1)
            check_seat_fields(self, "turn")
        check_entries(self, self.seats, "seat", "hands", "shown", "status", "said", "drawn",
                      "seen_names")
        check_entries(self, self.seats, "seat", "bets", "carried", numbers=True)
        for name in ("raises", "last_raise", "passes", "deal_no"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} is a count, not {value!r}")
        for name in ("need", "may_raise", "muck_by"):
            if any(type(s) is not int or not 0 <= s < self.seats for s in getattr(self, name)):
                raise ValueError(f"{name} lists seats of this table of {self.seats}, not "
                                 f"{getattr(self, name)!r}")
        if len(self.muck_by) != len(self.muck):
            raise ValueError(f"muck_by names who threw each of the muck's {len(self.muck)} "
                             f"cards, not {len(self.muck_by)}")
        if any(s not in ("out", "in", "fold", "allin") for s in self.status):
            raise ValueError(f"status is out, in, fold or allin for each seat, not "
                             f"{self.status!r}")
        if any(n is not None and (type(n) is not int or not 0 <= n <= 5) for n in self.drawn):
            raise ValueError(f"drawn counts 0 to 5 cards (or none) for each seat, not "
                             f"{self.drawn!r}")
        if any(len(shown) != len(hand) for shown, hand in zip(self.shown, self.hands)):
            raise ValueError("shown holds a mark for each card of each hand")
        if any(type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int
               or not 0 <= entry[0] < self.seats or type(entry[1]) is not str
               for entry in self.log):
            raise ValueError(f"log holds [seat, action] pairs, not {self.log!r}")
        if any(type(w) is not str for w in self.said) or any(
                n is not None and not (isinstance(n, list) and all(type(x) is str for x in n))
                for n in self.seen_names):
            raise ValueError("said holds a word, seen_names a hand's name or none, for each seat")
        if any(not isinstance(w, dict) or type(w.get("chips")) is not int
               or not isinstance(w.get("seats"), list)
               or any(type(x) is not int or not 0 <= x < self.seats for x in w["seats"])
               for w in self.won):
            raise ValueError(f"won holds the last deal's pots, each its chips and seats, not "
                             f"{self.won!r}")
        self.chipset.check(self.seats)

    # -- the pack and the ranking --------------------------------------------------------
    def cards(self) -> tuple[str, ...]:
        return pack(self.size)

    @property
    def size(self) -> int:
        return pack_size(str(self.options["pack"]), self.seats)

    @property
    def low(self) -> int:
        return PACKS[self.size]

    @property
    def strength(self) -> tuple[int, ...]:
        return STRENGTH[str(self.options["ranking"])]

    @property
    def unit(self) -> int:
        return int(self.options["ante"])

    def value(self, seat: int) -> int:
        return hand_value(self.hands[seat], self.low, self.strength)

    # -- flow ------------------------------------------------------------------------------
    def start(self) -> list[Event]:
        return self.deal()

    def after(self, seat: int) -> list[int]:
        """Every seat in play order from the one after ``seat`` round to ``seat``."""
        return [(seat + k) % self.seats for k in range(1, self.seats + 1)]

    def playing(self) -> list[int]:
        """Seats still in the deal (not folded, not out), from the dealer's right."""
        return [s for s in self.after(self.dealer) if self.status[s] in ("in", "allin")]

    def deal(self) -> list[Event]:
        """Gather the pack and shuffle it, then `lay` the deal."""
        self.deal_no += 1
        self.chipset.begin_deal()
        stock = self.shuffled(list(self.cards()), "deal")[::-1]
        return [Event("deal_start", self.dealer, DealBegun({"deal": self.deal_no})),
                *self.lay(stock)]

    def lay(self, stock: list[str]) -> list[Event]:
        """A deal from ``stock`` (top last): the forced bets, five cards each, the first
        round opened."""
        chips = self.chipset
        self.status = ["in" if chips.purses[s] > 0 else "out" for s in range(self.seats)]
        self.hands = [[] for _ in range(self.seats)]
        self.shown = [[] for _ in range(self.seats)]
        self.muck, self.muck_by = [], []
        self.drawn = [None] * self.seats
        self.seen_names = [None] * self.seats
        self.won, self.log = [], []
        self.opener = None
        self.stock = stock
        events: list[Event] = []
        self.bets = [0] * self.seats
        order = [s for s in self.after(self.dealer) if self.status[s] == "in"]
        big: int | None = None
        if self.options["start"] == "blinds":
            small, big = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
            for seat, amount, blind in ((small, self.unit // 2, "small"), (big, self.unit, "big")):
                paid = self.put(seat, amount)
                events.append(Event("blind", seat, Blind({"chips": paid, "blind": blind})))
        else:
            for seat in order:
                events.append(Event("ante", seat, Amount({"chips": self.put(seat, self.unit)})))
            self.bets = [0] * self.seats  # antes lie in the pot, not in the round's bets
        for _ in range(5):
            for seat in order:
                events += self.give(seat)
        return events + self.open_round(1, big)

    def put(self, seat: int, amount: int) -> int:
        """``seat`` puts ``amount`` (or all it has) into the pot in this round; all in if that
        was all. Returns what it put."""
        paid = min(amount, self.chipset.purses[seat])
        self.chipset.put_up(seat, paid)
        self.bets[seat] += paid
        if self.chipset.purses[seat] == 0:
            self.status[seat] = "allin"
        return paid

    def give(self, seat: int) -> list[Event]:
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.shown[seat].append(False)
        return [DEALT[seat][card], DEALT_UNSEEN[self.seats][seat]]

    def open_round(self, number: int, big: int | None = None) -> list[Event]:
        """Begin betting round ``number`` (after the blinds, ``big`` the big blind's seat), or
        pass it by when fewer than two seats could bet."""
        self.phase, self.round = "bet", number
        self.said = [""] * self.seats
        self.aggressor = None
        fixed = self.options["limit"] == "fixed"
        self.last_raise = self.unit * (2 if fixed and number == 2 else 1)
        self.raises = 1 if big is not None else 0
        if number == 2:
            self.bets = [0] * self.seats
        first = self.after(self.dealer if big is None else big)
        able = [s for s in first if self.status[s] == "in"]
        self.need, self.may_raise = able[:], able[:]
        self.turn = able[0] if able else self.dealer
        return self.next_turn([])

    def next_turn(self, events: list[Event]) -> list[Event]:
        """Pass the turn to the next seat that must speak, or end the round."""
        if len(self.playing()) == 1:
            return events + self.uncontested()
        high = max(self.bets)
        self.need = [s for s in self.need if self.status[s] == "in"]
        able = [s for s in range(self.seats) if self.status[s] == "in"]
        if len(able) == 1 and self.bets[able[0]] >= high:
            self.need = []
        if self.need:
            self.turn = next(s for s in self.after(self.turn - 1) if s in self.need)
            return events
        return events + self.end_round()

    def end_round(self) -> list[Event]:
        if self.round == 1:
            if self.options["start"] == "jacks" and self.opener is None \
                    and sum(1 for s in range(self.seats) if self.status[s] == "in") > 1:
                return self.thrown_in()
            self.phase = "draw"
            self.need = self.playing()
            self.turn = self.need[0]
            return [Event("draw_start", None, NoData())]
        return self.showdown()

    def thrown_in(self) -> list[Event]:
        """Nobody opened: the antes stay in the middle for the next deal's pot."""
        for seat in range(self.seats):
            self.carried[seat] += self.chipset.stake_to_bank(seat)
        return [Event("thrown_in", None, Amount({"chips": self.chipset.bank})), *self.end_deal()]

    # -- betting -----------------------------------------------------------------------------
    def to_call(self, seat: int) -> int:
        return max(self.bets) - self.bets[seat]

    def pot(self) -> int:
        return sum(self.chipset.stakes) + self.chipset.bank

    def raise_range(self, seat: int) -> tuple[int, int, int] | None:
        """(least, most, all-in) a bet or raise may bring the seat's bet of the round to, where
        it may bet or raise: the least a full raise, the most the limit's or all its chips."""
        if seat not in self.may_raise:
            return None
        high = max(self.bets)
        allin = self.bets[seat] + self.chipset.purses[seat]
        if allin <= high:
            return None
        limit = self.options["limit"]
        if limit == "fixed" and self.raises >= FIXED_CAP:
            return None
        least = high + self.last_raise
        if limit == "fixed":
            most = least
        elif limit == "pot":
            most = high + self.pot() + high - self.bets[seat]
        else:
            most = allin
        return least, min(most, allin), allin

    def opens(self, seat: int) -> bool:
        """Whether a bet now would open the deal under the jackpots rule (and so needs
        openers)."""
        return self.options["start"] == "jacks" and self.round == 1 and self.opener is None

    def betting(self, seat: int) -> list[Action]:
        to_call = self.to_call(seat)
        out = [CHECK] if to_call == 0 else [FOLD, CALL]
        span = self.raise_range(seat)
        if span is None or (self.opens(seat) and not openers(self.hands[seat], self.low,
                                                            self.strength)):
            return out
        least, most, allin = span
        verb = "raise" if max(self.bets) else "bet"
        top = most if most < allin else allin - 1
        if least == top or (self.options["limit"] == "fixed" and least <= top):
            out.append(self.rules.parse_action(f"{verb} {least}"))
        elif least < top:
            code = stake_pattern(verb, least, top, self.unit)
            if code is not None:
                out.append(self.rules.parse_action(code))
        if allin <= most:
            out.append(ALLIN)
        return out

    def bet_to(self, seat: int, total: int, word: str) -> list[Event]:
        """``seat`` brings its bet of the round to ``total`` (a bet, raise or all-in: ``word``)."""
        high = max(self.bets)
        self.put(seat, total - self.bets[seat])
        self.need = [s for s in range(self.seats) if self.status[s] == "in" and s != seat]
        if seat in self.may_raise:
            self.may_raise.remove(seat)
        if total - high >= self.last_raise:  # a full raise: everyone may raise again
            self.last_raise = total - high
            self.raises += 1
            self.may_raise = self.need[:]
        self.aggressor = seat
        if self.opens(seat):
            self.opener = seat
        self.said[seat] = word
        return [Event(word, seat, Amount({"chips": total}))]

    def spoke(self, seat: int, word: str) -> None:
        self.said[seat] = word
        if seat in self.need:
            self.need.remove(seat)
        if seat in self.may_raise:
            self.may_raise.remove(seat)

    # -- the draw ----------------------------------------------------------------------------
    def drawing(self, seat: int) -> list[Action]:
        rule = self.options["draw"]
        out = [self.rules.parse_action(f"draw ?0-{5 if rule == '5' else 3}")]
        if rule == "4ace":
            hand = self.hands[seat]
            out += [self.rules.parse_action("four " + " ".join(c for c in hand if c != ace))
                    for ace in dict.fromkeys(c for c in hand if c[0] == "A")]
        return out

    def draw(self, seat: int, thrown: list[str], show_ace: bool) -> list[Event]:
        hand = self.hands[seat]
        for card in thrown:
            hand.remove(card)
        self.shown[seat] = [False] * len(hand)
        if show_ace:
            self.shown[seat] = [c[0] == "A" for c in hand]
        self.muck += thrown
        self.muck_by += [seat] * len(thrown)
        others = tuple(o for o in range(self.seats) if o != seat)
        events = [Event("throw", seat, Thrown({"cards": thrown, "from": f"hand:{seat}",
                                               "to": "muck"}), to=(seat,)),
                  Event("throw", seat, Thrown({"count": len(thrown), "from": f"hand:{seat}",
                                               "to": "muck"}), to=others)]
        if show_ace:
            events.append(Event("show_ace", seat, AceShown({"card": hand[0]})))
        if len(self.stock) < len(thrown):
            events += self.reshuffle(len(thrown))
        for _ in thrown:
            events += self.give(seat)
        self.drawn[seat] = len(thrown)
        self.log.append([seat, f"draw {len(thrown)}"])
        events.append(Event("drew", seat, Drew({"count": len(thrown)})) if thrown
                      else Event("pat", seat, NoData()))
        self.need.remove(seat)
        if self.need:
            self.turn = self.need[0]
            return events
        return events + self.open_round(2)

    def reshuffle(self, keep: int) -> list[Event]:
        """The muck but its last ``keep`` cards (the drawer's own) shuffled under the stock."""
        cut = len(self.muck) - keep
        under = self.shuffled(sorted(self.muck[:cut]), "reshuffle")[::-1]
        self.stock = under + self.stock
        self.muck, self.muck_by = self.muck[cut:], self.muck_by[cut:]
        return [Event("reshuffle", None, CountMoved({"count": len(under), "from": "muck",
                                                     "to": "deck"}))]

    # -- the showdown and the pots ----------------------------------------------------------
    def pots(self) -> list[tuple[int, list[int]]]:
        """The main pot and the side pots as the chips in now make them: (chips, the seats
        still in that share in it), main first. A seat all in shares in the pots up to its own
        chips; a seat that may still bet shares in every pot (it will call or fold). The
        carried bank goes with the main pot; a pot only one seat shares in is that seat's bet
        coming back."""
        stakes, status = self.chipset.stakes, self.status
        live = self.playing()
        top = max(stakes)
        levels = sorted({stakes[s] for s in live if status[s] == "allin" and 0 < stakes[s] < top})
        out: list[tuple[int, list[int]]] = []
        below = 0
        for level in [*levels, top] if top else []:
            chips = sum(min(st, level) - min(st, below) for st in stakes)
            seats = [s for s in live if stakes[s] >= level or status[s] == "in"]
            if out and out[-1][1] == seats:
                out[-1] = (out[-1][0] + chips, seats)
            else:
                out.append((chips, seats))
            below = level
        if not out:
            out.append((0, live))
        out[0] = (out[0][0] + self.chipset.bank, out[0][1])
        return out

    def showdown(self) -> list[Event]:
        live = self.playing()
        first = self.aggressor if self.aggressor in live else live[0]
        order = [s for s in self.after(first - 1) if s in live]
        pots = self.pots()
        values = {s: self.value(s) for s in live}
        shown: list[int] = []
        events: list[Event] = []
        for seat in order:
            beaten = all(any(values[o] > values[seat] for o in shown if o in seats)
                         for _, seats in pots if seat in seats)
            if shown and beaten:
                events.append(Event("muck", seat, NoData()))
                continue
            shown.append(seat)
            self.shown[seat] = [True] * len(self.hands[seat])
            self.seen_names[seat] = named(self.hands[seat], self.low)
            events.append(Event("show", seat, Shown({"cards": self.hands[seat][:],
                                                     "hand": list(self.seen_names[seat] or [])})))
        return events + self.award(pots, {s: values[s] for s in shown})

    def award(self, pots: list[tuple[int, list[int]]], values: dict[int, int]) -> list[Event]:
        """Every stake into the bank, then each pot to its best hand (split, odd chips from the
        dealer's right)."""
        chips = self.chipset
        for seat in range(self.seats):
            chips.stake_to_bank(seat)
        self.carried = [0] * self.seats
        events: list[Event] = []
        for amount, seats in pots:
            contenders = [s for s in self.after(self.dealer) if s in seats and s in values]
            best = max(values[s] for s in contenders)
            winners = [s for s in contenders if values[s] == best]
            each, odd = divmod(amount, len(winners))
            for i, w in enumerate(winners):
                chips.bank_pays(w, each + (1 if i < odd else 0))
            hand = self.seen_names[winners[0]] if len(seats) > 1 else None
            self.won.append({"chips": amount, "seats": winners, "hand": hand})
            if hand is None:  # nobody contested it: everyone else folded, or a bet comes back
                events.append(Event("take", winners[0], Amount({"chips": amount})))
            elif len(winners) > 1:
                events.append(Event("split", winners[0], PotSplit({"chips": amount,
                                                                   "seats": winners,
                                                                   "hand": hand})))
            else:
                events.append(Event("pot", winners[0], PotWon({"chips": amount, "hand": hand})))
        return events + self.end_deal()

    def uncontested(self) -> list[Event]:
        """Everyone else folded: the last seat takes every pot unseen."""
        seat = self.playing()[0]
        amount = self.pot()
        return self.award([(amount, [seat])], {seat: 0})

    def end_deal(self) -> list[Event]:
        """The ledger row; then the match's end, or the deal passed on."""
        self.phase = "deal"
        self.need, self.may_raise = [], []
        events = [Event("ledger", self.dealer, self.chipset.end_deal(self.deal_no, self.dealer))]
        for seat in range(self.seats):
            if self.status[seat] != "out" and self.chipset.purses[seat] == 0:
                events.append(Event("out", seat, NoData()))
        able = [s for s in range(self.seats) if self.chipset.purses[s] > 0]
        deals, rounds = int(self.options["deals"]), int(self.options["rounds"])
        self.passes += 1
        if len(able) < 2 or (deals and self.deal_no >= deals) \
                or (rounds and self.passes >= rounds * self.seats):
            return events + self.end_match()
        self.dealer = next(s for s in self.after(self.dealer) if s in able)
        self.turn = self.dealer
        return events

    def end_match(self) -> list[Event]:
        for seat in range(self.seats):
            if self.carried[seat]:
                self.chipset.bank_pays(seat, self.carried[seat])
        self.carried = [0] * self.seats
        self.phase, self.turn = "over", -1
        return [Event("match_end", None, Holdings(holdings=self.chipset.holdings()))]

    # -- the contract ------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [self.turn] if self.phase != "over" else []

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase == "over":
            return []
        if self.phase == "bet":
            return self.betting(seat)
        return self.drawing(seat) if self.phase == "draw" else [DEAL]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        verb = action.verb
        if self.phase == "bet" and seat == self.turn:
            if verb == "check" and self.to_call(seat):
                return Reason("check_bet", "there is {n} to call", n=self.to_call(seat))
            if verb in ("bet", "raise", "allin"):
                return self.why_not_bet(seat, action)
        if self.phase == "draw" and seat == self.turn and verb in ("draw", "four"):
            return self.why_not_draw(seat, action)
        return super().why_illegal(seat, action)

    def why_not_bet(self, seat: int, action: Action) -> str | None:
        span = self.raise_range(seat)
        if span is None:
            if self.options["limit"] == "fixed" and self.raises >= FIXED_CAP:
                return Reason("capped", "the betting is capped: call or fold")
            if self.bets[seat] + self.chipset.purses[seat] <= max(self.bets):
                return Reason("short", "you can only call with what you have, or fold")
            return Reason("not_reopened", "the last raise was not a full one: call or fold")
        if self.opens(seat) and not openers(self.hands[seat], self.low, self.strength):
            return Reason("openers", "you need a pair of jacks or better to open")
        least, most, allin = span
        if action.verb == "allin":
            return None if allin <= most else Reason("over_limit", "the limit is {n}", n=most)
        if action.verb == "bet" and max(self.bets):
            return Reason("say_raise", "there is a bet already: raise it")
        if action.verb == "raise" and not max(self.bets):
            return Reason("say_bet", "nobody has bet: bet")
        if not action.arg.isdigit():
            return super().why_illegal(seat, action)
        total = int(action.arg)
        if total >= allin:
            return Reason("over_purse", "you hold only {n} chips", n=allin - self.bets[seat])
        if total < least:
            return Reason("min_raise", "a bet or raise here is at least {n}", n=least)
        if total > most:
            return Reason("over_limit", "the limit is {n}", n=most)
        if (total - least) % self.unit and self.options["limit"] != "fixed":
            return Reason("steps", "bets go in steps of {n}", n=self.unit)
        return None

    def why_not_draw(self, seat: int, action: Action) -> str | None:
        thrown = action.arg.split()
        hand = self.hands[seat]
        for card in thrown:
            if card not in hand:
                return Reason("not_held", "you do not hold {card}", card=card)
        rule = self.options["draw"]
        if action.verb == "four":
            if rule != "4ace":
                return Reason("no_four", "four cards may not be drawn at this table")
            if not any(c[0] == "A" for c in hand if c not in thrown):
                return Reason("keep_ace", "draw four only keeping an ace")
            return None
        most = 5 if rule == "5" else 3
        if len(thrown) > most:
            return Reason("too_many", "draw at most {n} cards", n=most)
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb = action.verb
        if verb == "deal":
            return self.deal()
        if verb in ("draw", "four"):
            return self.draw(seat, action.arg.split(), verb == "four")
        self.log.append([seat, str(action)])
        events: list[Event] = []
        if verb == "check":
            self.spoke(seat, "check")
            events.append(Event("check", seat, NoData()))
        elif verb == "fold":
            hand, self.hands[seat], self.shown[seat] = self.hands[seat], [], []
            self.status[seat] = "fold"
            self.muck += hand
            self.muck_by += [seat] * len(hand)
            events.append(Event("fold", seat, Moved({"from": f"hand:{seat}", "to": "muck"})))
            self.spoke(seat, "fold")
        elif verb == "call":
            paid = self.put(seat, self.to_call(seat))
            self.spoke(seat, "allin" if self.status[seat] == "allin" else "call")
            events.append(Event("call", seat, Amount({"chips": paid})))
        elif verb == "allin":
            total = self.bets[seat] + self.chipset.purses[seat]
            events += self.bet_to(seat, total, "allin")
        else:
            events += self.bet_to(seat, int(action.arg), verb)
        return self.next_turn(events)

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, tuple(self.hands[s]), "row", (s,),
                   tuple(self.shown[s])) for s in range(self.seats)]
        zs.append(Zone("deck", "deck", None, tuple(self.stock), "pile", ()))
        zs.append(Zone("muck", "discard", None, tuple(self.muck), "pile", ()))
        return zs

    def own_cards(self, seat: int) -> list[str]:
        return self.hands[seat][:]

    def facts(self, seat: int | None) -> PokerFacts:
        acting = seat is not None and seat == self.turn and self.phase == "bet"
        low = self.low
        names: list[list[str] | None] = [None if n is None else n[:] for n in self.seen_names]
        if seat is not None and self.hands[seat] and len(self.hands[seat]) == 5:
            names[seat] = named(self.hands[seat], low)
        limit: Limit | None = None
        if acting and seat is not None:
            span = self.raise_range(seat)
            if span is not None and self.options["limit"] != "fixed":
                least, most, allin = span
                top = min(most, allin - 1)
                half = max(self.bets) + (self.pot() + self.to_call(seat)) // 2
                limit = {"min": least, "half": min(max(least, half), top), "all": top}
        return {
            "round": self.round, "dealer": self.dealer,
            "turn": None if self.phase == "over" else self.turn,
            "status": self.status[:], "bets": self.bets[:], "need": self.need[:],
            "may_raise": self.may_raise[:], "raises": self.raises,
            "last_raise": self.last_raise, "aggressor": self.aggressor, "opener": self.opener,
            "drawn": self.drawn[:], "said": self.said[:], "shown": copy_json(self.shown),
            "won": copy_json(self.won), "log": copy_json(self.log), "carried": self.carried[:],
            "muck_by": self.muck_by[:], "passes": self.passes, "deal_no": self.deal_no,
            "seen_names": copy_json(self.seen_names),
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "to_call": self.to_call(seat) if acting and seat is not None else None,
            "pot": self.pot(),
            "pots": [{"chips": c, "seats": s} for c, s in self.pots()]
            if self.phase in ("bet", "draw") else [],
            "named": names, "deal": self.deal_no,
            "pack": {"cards": self.size, "low": _LETTER[low]},
            "ranking": str(self.options["ranking"]), "limit": limit,
            "thrown": [c for c, by in zip(self.muck, self.muck_by) if by == seat],
            **self.chipset.facts(),
        }

    def observation(self, seat: int | None) -> PokerObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def deal_value(self, seat: int) -> float:
        """The seat's chips: what poker is played for, so a search compares its moves by the
        chips they leave it, the match's last deal too (the most chips win it)."""
        return float(self.chipset.holding(seat))

    def clone(self) -> PokerState:
        c = PokerState.__new__(PokerState)
        d = self.__dict__.copy()
        for name in ("stock", "muck", "muck_by", "status", "bets", "need", "may_raise", "drawn",
                     "said", "seen_names", "won", "log", "carried"):
            d[name] = d[name][:]
        d["hands"] = [h[:] for h in self.hands]
        d["shown"] = [h[:] for h in self.shown]
        d["chipset"] = self.chipset.copy()
        d["opening"] = []
        c.__dict__ = d
        return c


RULES = register(PokerRules(), PokerState)
