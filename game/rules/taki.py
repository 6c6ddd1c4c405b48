"""Super Taki (سوبر تاكي), seed 003 (Arabic), and its Pyramid tournament, for 2 to 10 seats.

Rules (seed, with RULES.md where the seed slips)
------------------------------------------------
- The deck: two identical sets of 58 cards, 116 in all (RULES.md: the seed lists +3 and the +3
  Breaker but counts 112). Per colour (red, green, blue, yellow), twice each: 1, +2 (in place of
  the 2), 3 to 9, Stop, Change Direction, Plus, Taki. Colourless: Change Colour 4, Super Taki 2,
  King 2, +3 2, +3 Breaker 2. Option ``cards=112`` (the classic deck) takes out +3 and Breaker.
- Deal 8 to each seat, one at a time round the table; the next card of the stock is turned up to
  start the pile and its action is ignored (RULES.md). Play runs clockwise at first.
- In turn a seat plays one card that matches the leading card (the pile's top) in colour or in
  figure, or a Change Colour, a Super Taki, a King, a +3 or a Breaker, which go on anything
  (see each). A seat that cannot play draws one card; its turn ends, so the drawn card may be
  played only on its next turn (seed).
- Stop: the next seat loses its turn. Change Direction: play turns the other way.
- +2: the next seat plays another +2 (of any colour) or draws 2 for each +2 in the row; after
  the draw the +2 is dead and the following seat plays on it as on any card of its colour.
- Change Colour: the player names the colour the next seat must play (``colour R``). Not on a
  live +2 (seed). Nor is any colourless card but the King.
- Plus: the player plays again; if it cannot, it draws one card (seed).
- Taki: the player may lay on it, one by one, cards of the Taki's colour, then must close the run
  (``close``, "Taki closed"). Only the last card of a run acts (RULES.md): a +2 goes live, a Stop
  skips, a Change Direction turns, a Plus gives another turn; a run of the Taki alone does
  nothing. Super Taki: a Taki of the colour in play (the colour of the leading card, or the one
  named by a Change Colour).
- King: cancels whatever is pending (a live +2) and gives a free play: the player plays again,
  any card at all. A seat that finishes on a King has won (seed: it draws nothing).
- +3: every other seat draws 3. The leading card after a +3 stays the card beneath it (seed).
  +3 Breaker: played on a live +3 by any other seat, even out of its turn; the +3 is cancelled
  and its player draws the 3 himself. In its own turn a seat may throw a Breaker away on
  anything, but must then draw 3 (seed); out of turn it goes only on a live +3.
- Last card: a seat that plays down to one card must say so (``last``) before the next seat
  acts in its turn, or draw 4 (RULES.md). The declaration is the seat's own action, out of turn.
- A round ends when a seat's hand is empty at the end of its turn: it wins the round.

Pyramid tournament (option ``match="pyramid"``, the default; ``"round"`` plays one round)
-------------------------------------------------------------------------------------------
Everyone starts at level 1 with 8 cards. A seat that empties its hand does not end the game: it
goes up a level and draws from the stock one card fewer than it began the level it just finished
with (7, then 6 ... then 1); the others play on with the cards they hold. The first seat to empty
its hand at the top level (the level begun with one card, level 8) wins the tournament.

How we read the seed where it is short, or silent
-------------------------------------------------
- Who starts: the seed says the youngest; the table does not know ages, so the first seat is
  drawn by lot. It plays on the turned-up card.
- A turned-up card that is colourless (Change Colour, King...) has no colour to follow: the next
  card of the stock is turned on top of it until a coloured one shows.
- Drawing: the seed says a seat that cannot play draws; we read it strictly, so ``draw`` is
  offered only when no card may be played (on a live +2 drawing is always allowed, as the seed
  says). Throwing a Breaker away costs 3 cards, so a hand whose only play is a Breaker may draw
  instead. A Taki run cannot draw: it must be closed. A draw thus shows that the hand held
  nothing that played (but Breakers): the public fact ``lacks`` keeps, per seat, what each such
  draw showed and how many of the cards held then the seat must still hold (its hand less the
  cards drawn since, a card played since counting against it only when it could be one of them);
  `TakiRules.sample_state` deals the unseen cards to fit. A draw on a live +2 shows nothing.
- Change Direction with two seats: the seed gives it no special rule; the turn passes to the
  other seat as after any card, and the direction fact turns.
- A Taki run may hold only cards of its colour (seed): no colourless card, not even a Change
  Colour. The seed's "open Taki" (a run left unclosed that the next seat may use) is not played:
  closing is an action and the turn ends only with it (the issue's reading); a run that empties
  the hand closes by itself, the hand count being public.
- A coloured Taki matches a Super Taki by figure; a Super Taki takes the colour in play.
- After a King the free play is any card of the hand. After a Plus played as the last card the
  hand is empty but the turn goes on, so the seat must draw (seed: "if he cannot play again he
  draws"); a Breaker thrown away in one's own turn likewise draws 3, so neither wins.
- The +3 Breaker window: it opens when a +3 is played and every other seat that could hold a
  Breaker is asked, ``breaker <card>`` or ``pass`` (a simultaneous, private choice, as the
  contract asks: the seats asked depend only on public facts: every other seat with cards,
  unless both Breakers lie on the pile, in which case nobody is asked). The first Breaker played
  closes the window at once (as at a real table: the quickest hand wins); otherwise the window
  closes when the last seat asked has passed and everyone but the +3's player draws 3, in play
  order from the next seat. Then play goes on from the seat after the +3's player. A Breaker
  cannot itself be broken. A +3 played as the last card wins only when no Breaker answers it (the
  turn ends after the window); a Breaker that empties its player's hand wins (or goes up a level)
  even though it was played out of turn.
- Last card: "the player who is left with one card" is read as one who plays down to one card;
  drawing up to one card (a Pyramid level begun with one card, a Plus's draw) owes nothing. The
  declaration window is open from that play until another seat takes an action in its turn
  (playing, drawing, closing, naming a colour; answering a +3 is not one): then an undeclared
  seat draws 4, before that action is carried out. While the window is open the seat is listed
  in ``to_act()`` (first, before the seat in turn) with ``last`` as its action: the window
  depends only on public hand counts, and it never holds the game up, since the seat in turn may
  act at once.
- When the stock runs out, the pile under the leading card is shuffled into a new stock. If
  there is nothing left to draw and the draws of two whole rounds in a row find nothing (a
  blocked game), the game ends: the fewest cards win (in the Pyramid: the highest level, then
  the fewest cards).
- The seed's "the winner starts the next round" has no use here: ``round`` is one round, and
  the Pyramid is one unbroken game in which the winners of levels simply play on.
- How a search values a position (`TakiState.deal_value`): each seat's cards still to shed to
  win, those in its hand and those the levels above it will deal. A search plays a round out to
  its end; in the Pyramid, which has no deal end, to the next level won (`TakiState.stage`).
- A round's result: the winner, and minus the cards left for everyone else; one round is the
  simulator's unit (``unit_options``).

Options
-------
``match`` "pyramid" (default: the tournament) or "round" (one round). ``cards`` 116 (default,
RULES.md) or 112 (classic: no +3, no Breaker). ``deck`` stacks the shuffles (game.core): the first
list is the deal (dealt one card at a time from seat 0, then the turned-up card, then the stock
from its top); later lists stack the reshuffles of the pile.

Codes
-----
Cards are three characters, colour (or ``W`` for colourless), figure, copy:
``R`` red, ``G`` green, ``B`` blue, ``Y`` yellow; figures ``1``, ``2`` (+2), ``3``-``9``, ``S``
Stop, ``D`` Change Direction, ``P`` Plus, ``T`` Taki; colourless ``WC`` Change Colour, ``WT``
Super Taki, ``WK`` King, ``W3`` +3, ``WB`` +3 Breaker; the copy is ``1``/``2`` (``1``-``4`` for
Change Colour). So ``R51`` and ``R52`` are the two red 5s, ``G21`` a green +2, ``BT2`` a blue
Taki, ``WC3`` a Change Colour. No code clashes with the French, Tiraje or Thief codes.
Actions: ``play R51``, ``draw``, ``close``, ``colour R`` (after a Change Colour), ``breaker WB1``
/ ``pass`` (the +3 window), ``last`` (the last-card declaration).

Zones and facts
---------------
Zones: ``hand:<s>`` (fan, its owner), ``stock`` (deck, face down; top at the end), ``pile``
(discard, face up; top at the end). Facts: ``turn``, ``direction``, ``colour`` (the colour in
play), ``lead`` (the leading card), ``plus2`` (live +2s), ``run`` (the open Taki's colour or
None), ``free`` (a King's free play), ``plus3`` (the seat whose +3 is live, or None), ``asked``
(seats asked in the +3 window), ``waiting`` (those still to answer), ``answered`` (own:
passed), ``owing`` (seats that must declare), ``declared`` (seats that declared their last
card), ``levels`` (each seat's Pyramid level, 1-8: the table draws it beside each seat as a pyramid
of ``top_level`` steps), ``ups``
(each level gained, [seat, new level, step]), ``step`` (turn actions so far), ``idle`` (draws in
a row that found nothing), ``lacks`` (per seat, ``[colour, figure, count]`` for each draw that
showed a hand with nothing to play on that colour and figure, colour ``*`` after a King: at
least ``count`` cards of the hand are still such cards), ``match``, ``cards``, ``stock``,
``winner``.

Events (public but a hand's cards, named in ``deal`` to its seat alone; a draw names only its
count; each kind's data is declared in `EVENTS`): ``deal``, ``turnup``, ``start``, ``play``,
``draw`` (``count``, ``why``: draw, plus2, plus3, broken, breaker, penalty, level), ``last``,
``penalty`` (a last card not declared), ``colour``, ``close``, ``skip`` (the seat skipped),
``reverse``, ``again`` (a Plus), ``plus3`` (the window opens), ``answered``, ``plus3_lands``,
``breaker``, ``level_up`` (``level``, ``count``: the round's log says who went up),
``reshuffle``, ``blocked``, ``won``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import NotRequired, TypedDict

from game.core import (HAND_IDS, JSON, Action, Event, Option, Reason, Rules, State, Zone,
                       check_choice, check_entries, check_seat_fields, copy_json)
from game.deal import play_events
from game.fast import shuffle_with
from game.registry import register
from game.shapes import CardMoved, CountMoved, Dealt, NoData, Observation, Result, Sheet, TableFacts

COLOURS = "RGBY"
FIGURES = "123456789SDPT"
"""Coloured figures: 1, +2 (written 2), 3-9, Stop, Change Direction, Plus, Taki."""
WILDS = (("C", 4), ("T", 2), ("K", 2), ("3", 2), ("B", 2))
"""Colourless cards: Change Colour, Super Taki, King, +3, +3 Breaker, with their counts."""
DEAL = 8
TOP_LEVEL = DEAL
"""The Pyramid's levels begin with 8, 7 ... 1 cards: level 8 is the one-card level."""
ABOVE = {level: sum(DEAL + 1 - up for up in range(level + 1, TOP_LEVEL + 1))
         for level in range(1, TOP_LEVEL + 1)}
"""The cards the Pyramid's levels above ``level`` will deal a seat: 28 above level 1, 0 above
the top."""
NO_SEAT = -1
FREE = "*"
"""The colour in a ``lacks`` entry for a draw on a King's free play (nothing but Breakers)."""
SAMPLE_TRIES = 8
"""Shuffles a sample tries before it deals the unseen cards without what draws showed."""

Lack = tuple[str, str, int]
"""A draw that showed a hand unable to play: the colour and figure in play (`FREE` after a
King), and how many cards of the hand at least are still such cards."""


class TakiFacts(TableFacts):
    """Super Taki's facts (besides the table's colour, plus2, declared, levels, top_level and
    match); which way play goes is the frame's ``direction``, which turns."""

    turn: int
    step: int
    """The turn's actions so far."""
    lead: str
    """The leading card (the pile's top that counts)."""
    run: str | None
    """The colour of an open Taki run (None: no run)."""
    free: bool
    """Whether a King gave a free play: any card plays."""
    plus3: int | None
    """The seat whose +3 is in the window (None: none)."""
    asked: list[int]
    """The seats asked whether to break the +3."""
    waiting: list[int]
    """Of those, the ones that have not answered."""
    answered: bool
    """Private: whether the looking seat has passed in the +3 window."""
    owing: list[int]
    """The seats that must declare their last card."""
    cards: int
    """The deck's size: 116, or 112 (the classic, without +3 and Breaker)."""
    stock: int
    """How many cards the stock holds."""
    idle: int
    """Draws in a row that found nothing to draw."""
    lacks: list[list[list[int | str]]]
    """Per seat, its draws that showed its hand could not play, each [colour, figure, at
    least so many cards of that hand could not]."""
    ups: list[list[int]]
    """Each Pyramid level gained, as [seat, new level, step]."""
    winner: int | None


class TakiObservation(Observation, TakiFacts):
    """What a seat may know of a Super Taki game."""


def could_play(card: str, colour: str, figure: str) -> bool:
    """Whether ``card`` plays, a Breaker aside, on ``colour`` and ``figure`` (any card on a
    King's free play, ``colour`` `FREE`): what a hand that drew could not hold."""
    return KIND[card] != "WB" and (colour == FREE or not COLOUR_OF[card]
                                   or COLOUR_OF[card] == colour or FIGURE_OF[card] == figure)


def cards_for(size: int = 116) -> list[str]:
    """The deck in a fixed order: 116 cards, or 112 without +3 and Breaker."""
    out = [f"{c}{f}{k}" for c in COLOURS for f in FIGURES for k in "12"]
    for fig, count in WILDS:
        if size == 112 and fig in "3B":
            continue
        out += [f"W{fig}{k}" for k in "1234"[:count]]
    return out


ALL_CARDS = cards_for(116)
DECKS = {size: frozenset(cards_for(size)) for size in (116, 112)}
"""Each deck's cards (every code differs: the copy is its last figure)."""
COLOUR_OF: dict[str, str] = {c: ("" if c[0] == "W" else c[0]) for c in ALL_CARDS}
FIGURE_OF: dict[str, str] = {c: (c[1] if c[0] != "W" else "w" + c[1]) for c in ALL_CARDS}
FIGURE_OF.update({c: "T" for c in ALL_CARDS if c[:2] == "WT"})  # a Taki by figure
KIND: dict[str, str] = {c: (c[:2] if c[0] == "W" else c[1]) for c in ALL_CARDS}
"""``WC WT WK W3 WB`` for colourless cards, else the coloured figure."""
BREAKERS = tuple(c for c in ALL_CARDS if KIND[c] == "WB")

PLAY = {c: Action("play", c) for c in ALL_CARDS}
BREAK = {c: Action("breaker", c) for c in BREAKERS}
COLOUR = {c: Action("colour", c) for c in COLOURS}
DRAW = Action("draw")
CLOSE = Action("close")
PASS = Action("pass")
LAST = Action("last")
_ACTIONS = {str(a): a for a in [*PLAY.values(), *BREAK.values(), *COLOUR.values(), DRAW, CLOSE,
                                PASS, LAST]}

PENALTY = 4
"""Cards drawn for a last card not declared (RULES.md)."""


# -- the events' data (`TakiRules.events`) ---------------------------------------------------
Drawn = TypedDict("Drawn", {"from": str, "to": str, "count": int, "why": str})
"""Cards drawn from the stock, counted only: ``why`` ``draw``, ``plus2``, ``plus3``, ``broken``
(the +3's player, after a Breaker), ``breaker`` (one thrown away), ``penalty`` or ``level``."""

class Penalised(TypedDict):
    """A last card not declared: the seat draws ``count``."""

    count: int


class Coloured(TypedDict):
    """A colour: the one a Change Colour names, or that of the Taki run closed."""

    colour: str


class Reversed(TypedDict):
    """Play turns: ``direction`` is the way it goes now."""

    direction: str


class LevelUp(TypedDict):
    """A seat up a Pyramid level: its new ``level``, and the ``count`` of cards it draws."""

    level: int
    count: int


class Won(TypedDict):
    """A seat wins: with its ``level`` when it empties its hand at the Pyramid's top; without,
    the round, or a blocked game."""

    level: NotRequired[int]


EVENTS = {"deal": Dealt, "turnup": CardMoved, "start": NoData, "play": CardMoved,
          "draw": Drawn, "last": NoData, "penalty": Penalised, "colour": Coloured,
          "close": Coloured, "skip": NoData, "reverse": Reversed, "again": NoData,
          "plus3": NoData, "answered": NoData, "plus3_lands": NoData, "breaker": CardMoved,
          "level_up": LevelUp, "reshuffle": CountMoved, "blocked": NoData, "won": Won}

# Plays and draws are most of a round's events: an event is never changed once made
# (game.core.Event), so each is made once and handed out again.
PLAYED = play_events(ALL_CARDS, 10, "pile")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the pile."""


@functools.cache
def draw_event(seat: int, count: int, why: str) -> Event:
    """The event of ``seat`` drawing ``count`` cards from the stock for ``why`` (`Drawn`),
    made when first needed and handed out again."""
    return Event("draw", seat, Drawn({"count": count, "from": "stock", "to": HAND_IDS[seat],
                                      "why": why}))


class TakiRules(Rules):
    id = "taki"
    back = "taki"
    names = {"fa": "سوپر تاکی", "en": "Super Taki", "ar": "سوبر تاكي"}
    actions = _ACTIONS
    action_forms = "play R51, draw, close, colour R, breaker WB1, pass, last"
    seat_counts = tuple(range(2, 11))
    direction = "clockwise"
    options = {
        "match": Option("match", "pyramid", ("pyramid", "round"),
                        "the Pyramid tournament, or one round"),
        "cards": Option("cards", 116, (116, 112),
                        "the full deck, or the classic 112 without +3 and Breaker"),
    }
    unit_options = {"match": "round"}
    events = EVENTS
    terms = {f"colour.{c}": w for c, w in {
        "R": {"fa": "قرمز", "en": "red", "ar": "أحمر"},
        "G": {"fa": "سبز", "en": "green", "ar": "أخضر"},
        "B": {"fa": "آبی", "en": "blue", "ar": "أزرق"},
        "Y": {"fa": "زرد", "en": "yellow", "ar": "أصفر"}}.items()}

    def sample_state(self, observation: Observation, seed: int) -> TakiState:
        """The cards the seat cannot see (other hands, the stock) dealt anew at random, to fit
        what draws showed (``lacks``: at least so many cards of a hand that drew are cards that
        would not have played then). Nothing else is known of them: a pass in the +3 window is
        allowed with a Breaker in hand, a draw on a live +2 with any hand."""
        return self.worlds(observation)(seed)

    def worlds(self, observation: Observation) -> Callable[[int], TakiState]:
        """`sample_state` for each seed, the observation read once: a state of what it shows,
        the hidden cards left out, cloned and dealt for each world."""
        obs = self.narrow(observation, TakiObservation)
        n = obs["seats"]
        me = obs["seat"]
        zones = {z["id"]: z for z in obs["zones"]}
        s = TakiState(n, 0, {"match": obs["match"], "cards": obs["cards"]})
        seen = [c for z in obs["zones"] for c in z["cards"] if c is not None]
        deck = DECKS[s.size]
        unseen = sorted(deck.difference(seen))
        if len(unseen) + len(seen) != len(deck):  # a card twice, or not of this deck
            raise ValueError("the observation does not fit the cards of Super Taki")
        hidden = {seat: zones[f"hand:{seat}"]["cards"].count(None)
                  for seat in range(n) if seat != me}
        s.lacks = _lacks(obs["lacks"])
        s.pile = [c for c in zones["pile"]["cards"] if c is not None]
        s.phase = obs["phase"]
        s.turn, s.step = obs["turn"], obs["step"]
        s.dir = 1 if obs["direction"] == "clockwise" else -1
        s.lead, s.colour = obs["lead"], obs["colour"]
        s.plus2 = obs["plus2"]
        s.run = obs["run"] or ""
        s.free = obs["free"]
        p3 = obs["plus3"]
        s.plus3 = NO_SEAT if p3 is None else p3
        s.asked = list(obs["asked"])
        waiting = set(obs["waiting"])
        s.passed = [x for x in s.asked if x not in waiting]
        s.owing = list(obs["owing"])
        declared = set(obs["declared"])
        s.declared = [x in declared for x in range(n)]
        s.levels = list(obs["levels"])
        s.idle = obs["idle"]
        s.winner = obs["winner"]
        s.ups = [list(x) for x in obs["ups"]]
        needs = _needs(hidden, s.lacks)
        hands = [zones[f"hand:{seat}"]["cards"] for seat in range(n)]
        stock = zones["stock"]["cards"]

        def deal(seed: int) -> TakiState:
            world = s.clone()
            world.seed = seed
            rng = random.Random(seed)
            dealt: dict[int, list[str]] | None = None
            for _ in range(SAMPLE_TRIES):
                pool = shuffle_with(rng, unseen)
                dealt = _deal_lacking(pool, needs)
                if dealt is not None:
                    break
            if dealt is None:  # what the draws showed cannot be met by these shuffles
                pool = shuffle_with(rng, unseen)
                dealt = {seat: [] for seat in hidden}
            world.hands = [_fill(cards, dealt.get(seat, []), pool)
                           for seat, cards in enumerate(hands)]
            world.stock = _fill(stock, [], pool)
            if pool:
                raise ValueError("the observation does not fit the cards of Super Taki")
            return world

        return deal


def _fill(cards: list[str | None], given: list[str], pool: list[str]) -> list[str]:
    """A zone's cards, each hidden one (None) dealt from ``given``, then from the end of
    ``pool`` (taken from both); a zone wholly hidden (a hand not one's own, the stock) is cut
    from the pool at once."""
    hidden = cards.count(None)
    if hidden < len(cards):
        return [c if c is not None else (given.pop() if given else pool.pop()) for c in cards]
    cut = len(pool) - (hidden - len(given))
    if cut < 0:
        raise ValueError("the observation does not fit the cards of Super Taki")
    got = given + pool[cut:]
    del pool[cut:]
    return got


def _lacks(data: JSON) -> list[list[Lack]]:
    """``lacks`` read back from a save or an observation."""
    return [[(str(c), str(f), int(k)) for c, f, k in seat] for seat in data]


Need = tuple[int, list[Lack], dict[str, bool]]
"""How many cards of a hidden hand at least are cards none of some draws could play (the draws;
each card found to be one or not, kept for the next world)."""


def _needs(hidden: dict[int, int], lacks: list[list[Lack]]) -> dict[int, list[Need]]:
    """For each hidden hand, what its ``lacks`` bind, its oldest draw first: the cards held
    since a seat's oldest draw shown are held since every later one, so they avoid what each of
    those draws could have played. Read once an observation (`_deal_lacking` deals by it)."""
    out: dict[int, list[Need]] = {}
    for seat, size in hidden.items():
        need = 0
        shown = lacks[seat]
        out[seat] = []
        for i in range(len(shown)):
            need = min(size, max(need, shown[i][2]))
            out[seat].append((need, shown[i:], {}))
    return out


def _deal_lacking(pool: list[str], needs: dict[int, list[Need]]) -> dict[int, list[str]] | None:
    """Cards from ``pool`` (shuffled; taken from it) for each hidden hand that meet its
    ``needs`` (`_needs`), the first that fit. Only the cards the draws bind are dealt here;
    None if the pool cannot meet them."""
    dealt: dict[int, list[str]] = {}
    for seat, steps in needs.items():
        got = dealt[seat] = []
        for need, later, known in steps:
            while len(got) < need:
                for card in pool:
                    fits = known.get(card)
                    if fits is None:
                        fits = known[card] = not any(could_play(card, col, fig)
                                                     for col, fig, _ in later)
                    if fits:
                        break
                else:
                    return None
                pool.remove(card)
                got.append(card)
    return dealt


class TakiState(State):
    FIELDS = ("phase", "hands", "stock", "pile", "lead", "colour", "turn", "dir", "step", "plus2",
              "run", "free", "plus3", "asked", "passed", "owing", "declared", "levels", "idle",
              "winner", "ups")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.size = int(options["cards"])
        self.pyramid = options["match"] == "pyramid"
        self.phase = "play"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.stock: list[str] = []
        self.pile: list[str] = []
        self.lead = ""
        self.colour = ""
        self.turn = 0
        self.dir = 1
        self.step = 0
        """Turn actions taken so far: a public clock."""
        self.plus2 = 0
        self.run = ""
        self.free = False
        self.plus3 = NO_SEAT
        self.asked: list[int] = []
        self.passed: list[int] = []
        self.owing: list[int] = []
        self.declared = [False] * seats
        self.levels = [1] * seats
        self.idle = 0
        self.lacks: list[list[Lack]] = [[] for _ in range(seats)]
        """Per seat, what its draws showed it could not play (see `Lack`), oldest first."""
        self.winner: int | None = None
        self.ups: list[list[int]] = []
        """Each level gained: [seat, new level, step]."""

    def check_fields(self) -> None:
        check_choice(self, "phase", ("play", "colour", "break", "over"))
        check_seat_fields(self, "turn")
        check_seat_fields(self, "winner", none=True)
        check_choice(self, "dir", (1, -1))
        if self.plus3 != NO_SEAT:
            check_seat_fields(self, "plus3")
        check_entries(self, self.seats, "seat", "hands", "declared", "levels", "lacks")

    def start(self) -> list[Event]:
        order = self.shuffled(cards_for(self.size), "deal")
        for i in range(DEAL * self.seats):
            self.hands[i % self.seats].append(order[i])
        self.stock = order[DEAL * self.seats:][::-1]
        events: list[Event] = []
        for seat in range(self.seats):
            hand = f"hand:{seat}"
            events.append(Event("deal", seat, Dealt({"cards": list(self.hands[seat]),
                                                     "count": DEAL, "from": "stock",
                                                     "to": hand}), to=(seat,)))
            events.append(Event("deal", seat, Dealt({"count": DEAL, "from": "stock", "to": hand}),
                                to=tuple(o for o in range(self.seats) if o != seat)))
        while True:
            card = self.stock.pop()
            self.pile.append(card)
            events.append(Event("turnup", None, CardMoved({"card": card, "from": "stock",
                                                           "to": "pile"})))
            if COLOUR_OF[card]:
                break
        self.lead = card
        self.colour = COLOUR_OF[card]
        self.turn = self.chance("start").randrange(self.seats)
        events.append(Event("start", self.turn, NoData()))
        return events

    def after(self, seat: int, skip: int = 0) -> int:
        return (seat + self.dir * (1 + skip)) % self.seats

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "break":
            main = [s for s in self.asked if s not in self.passed]
        else:
            main = [self.turn]
        if not self.owing:
            return main
        return [s for s in self.owing if s not in main] + main

    def _legal(self, seat: int) -> list[Action]:
        out: list[Action] = []
        phase = self.phase
        if phase == "break":
            if seat in self.asked and seat not in self.passed:
                out = [BREAK[c] for c in self.hands[seat] if KIND[c] == "WB"]
                out.append(PASS)
        elif seat == self.turn and phase != "over":
            if phase == "colour":
                out = list(COLOUR.values())
            else:
                out = self._plays(seat)
        if self.owing and seat in self.owing:
            out.append(LAST)
        return out

    def _plays(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.run:
            run = self.run
            out = [PLAY[c] for c in hand if COLOUR_OF[c] == run]
            out.append(CLOSE)
            return out
        if self.plus2:
            out = [PLAY[c] for c in hand if KIND[c] in ("2", "WK")]
            out.append(DRAW)
            return out
        if self.free:
            out = [PLAY[c] for c in hand]
        else:
            colour, figure = self.colour, FIGURE_OF[self.lead]
            out = [PLAY[c] for c in hand
                   if not COLOUR_OF[c] or COLOUR_OF[c] == colour or FIGURE_OF[c] == figure]
        if not out or all(KIND[a.arg] == "WB" for a in out):
            out.append(DRAW)  # no play but throwing a Breaker away (3 cards) is no play
        return out

    def why_illegal(self, seat: int, action: Action) -> str | None:
        legal = self._legal(seat)
        if action in legal:
            return None
        verb, card = action.verb, action.arg
        if verb == "last":
            return Reason("no_last", "you may declare only after playing down to one card")
        if verb in ("play", "breaker") and card not in self.hands[seat]:
            return Reason("not_held", "you do not hold {card}", card=card)
        if self.phase == "break":
            if verb == "breaker" or verb == "pass":
                return Reason("turn", "it is not your turn")
            return Reason("answer", "answer the +3 first: break it or pass")
        if verb == "breaker":
            return Reason("no_plus3", "there is no +3 to break")
        if verb == "pass":
            return Reason("no_window", "there is nothing to pass on")
        if seat != self.turn:
            return Reason("turn", "it is not your turn")
        if self.phase == "colour":
            return Reason("choose", "choose the colour first")
        if verb == "colour":
            return Reason("no_colour", "a colour is named only after a Change Colour")
        if verb == "close":
            return Reason("no_run", "there is no Taki to close")
        if self.run:
            if verb == "draw":
                return Reason("close_first", "close the Taki before your turn ends")
            return Reason("run", "a Taki run takes only {card} cards: close it first",
                          card=self.run)
        if self.plus2:
            return Reason("plus2", "a +2 is live: play a +2 or a King, or draw")
        if verb == "draw":
            return Reason("can_play", "you have a card to play: draw only when you cannot")
        return Reason("match", "{card} matches neither the colour nor the figure in play",
                      card=card)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb = action.verb
        if verb == "last":
            self.owing.remove(seat)
            self.declared[seat] = True
            return [Event("last", seat, NoData())]
        if self.phase == "break":
            if verb == "pass":
                self.passed.append(seat)
                if len(self.passed) < len(self.asked):
                    return [Event("answered", seat, NoData())]
                return self._plus3_lands()
            return self._breaker(seat, action.arg)
        events: list[Event] = []
        if self.owing:
            events += self._penalise(seat)
        self.step += 1
        if verb == "play":
            self.idle = 0
            events += self._play(seat, action.arg)
        elif verb == "draw":
            count = 2 * self.plus2 if self.plus2 else 1
            if not self.plus2 and self.hands[seat]:
                shown = (FREE if self.free else self.colour, FIGURE_OF[self.lead],
                         len(self.hands[seat]))
                self.lacks[seat] = [*self.lacks[seat], shown]
            self.plus2 = 0
            self.free = False
            got, drawn = self._draw(seat, count, "plus2" if count > 1 else "draw")
            events += got
            self.idle = 0 if drawn else self.idle + 1
            events += self._end_turn(seat)
            if self.idle >= 2 * self.seats and self.phase != "over":
                events += self._blocked()
        elif verb == "close":
            events.append(Event("close", seat, Coloured(colour=self.run)))
            self.run = ""
            events += self._acts(seat, self.pile[-1])
        else:  # colour
            self.colour = action.arg
            self.phase = "play"
            events.append(Event("colour", seat, Coloured(colour=action.arg)))
            events += self._end_turn(seat)
        return events

    # -- the moves ------------------------------------------------------------------------
    def _lose(self, seat: int, card: str) -> None:
        """``card`` leaves ``seat``'s hand for the pile; the last-card duty follows the count."""
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.declared[seat] = False
        if self.lacks[seat]:  # a card that could have played then was drawn since
            kept = ((c, f, min(len(hand), k - (not could_play(card, c, f))))
                    for c, f, k in self.lacks[seat])
            self.lacks[seat] = [lack for lack in kept if lack[2] > 0]
        if len(hand) == 1:
            if seat not in self.owing:
                self.owing.append(seat)
        elif seat in self.owing:
            self.owing.remove(seat)

    def _play(self, seat: int, card: str) -> list[Event]:
        self._lose(seat, card)
        events = [PLAYED[seat][card]]
        kind = KIND[card]
        if self.run:
            self.lead = card
            if not self.hands[seat]:
                events.append(Event("close", seat, Coloured(colour=self.run)))
                self.run = ""
                events += self._acts(seat, card)
            return events
        self.free = False
        if kind == "WB":
            got, _ = self._draw(seat, 3, "breaker")
            return events + got + self._end_turn(seat)
        if kind == "W3":
            return events + self._plus3(seat)
        self.lead = card
        if kind == "WK":
            self.plus2 = 0
            self.free = True
            if not self.hands[seat]:
                return events + self._end_turn(seat)
            return events
        if kind == "WC":
            self.phase = "colour"
            return events
        if kind == "WT" or kind == "T":
            if kind == "T":
                self.colour = COLOUR_OF[card]
            self.run = self.colour
            if not self.hands[seat]:
                events.append(Event("close", seat, Coloured(colour=self.run)))
                self.run = ""
                return events + self._end_turn(seat)
            return events
        self.colour = COLOUR_OF[card]
        return events + self._acts(seat, card)

    def _acts(self, seat: int, card: str) -> list[Event]:
        """The action of a coloured ``card`` that ends a play (alone or closing a run)."""
        kind = KIND[card]
        if kind == "2":
            self.plus2 += 1
            return self._end_turn(seat)
        if kind == "S":
            return [Event("skip", self.after(seat), NoData())] + self._end_turn(seat, skip=1)
        if kind == "D":
            self.dir = -self.dir
            return [Event("reverse", seat, Reversed(direction=self.direction()))] \
                + self._end_turn(seat)
        if kind == "P":
            return [Event("again", seat, NoData())]
        return self._end_turn(seat)

    def _plus3(self, seat: int) -> list[Event]:
        self.plus3 = seat
        self.passed = []
        seen = sum(1 for c in self.pile if KIND[c] == "WB")
        possible = self.size == 116 and seen < len(BREAKERS)
        self.asked = [o for o in self._order(seat) if self.hands[o]] if possible else []
        if not self.asked:
            return self._plus3_lands()
        self.phase = "break"
        return [Event("plus3", seat, NoData())]

    def _order(self, seat: int) -> list[int]:
        """The other seats in play order from the one after ``seat``."""
        return [(seat + self.dir * k) % self.seats for k in range(1, self.seats)]

    def _plus3_lands(self) -> list[Event]:
        seat = self.plus3
        events = [Event("plus3_lands", seat, NoData())]
        for other in self._order(seat):
            events += self._draw(other, 3, "plus3")[0]
        self._close_window()
        return events + self._end_turn(seat)

    def _breaker(self, seat: int, card: str) -> list[Event]:
        victim = self.plus3
        self._lose(seat, card)
        events = [Event("breaker", seat, CardMoved({"card": card, "from": f"hand:{seat}",
                                                    "to": "pile"}))]
        events += self._draw(victim, 3, "broken")[0]
        self._close_window()
        if not self.hands[seat]:
            events += self._finish(seat)
            if self.phase == "over":
                return events
        return events + self._end_turn(victim)

    def _close_window(self) -> None:
        self.phase = "play"
        self.plus3 = NO_SEAT
        self.asked = []
        self.passed = []

    def _penalise(self, actor: int) -> list[Event]:
        events: list[Event] = []
        for seat in [s for s in self.owing if s != actor]:
            self.owing.remove(seat)
            events.append(Event("penalty", seat, Penalised(count=PENALTY)))
            events += self._draw(seat, PENALTY, "penalty")[0]
        return events

    def _draw(self, seat: int, count: int, why: str) -> tuple[list[Event], int]:
        events: list[Event] = []
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not self.stock:
                events += self._reshuffle()
                if not self.stock:
                    break
            hand.append(self.stock.pop())
            drawn += 1
        if drawn:
            self.declared[seat] = False
            if seat in self.owing and len(hand) != 1:
                self.owing.remove(seat)
            events.append(draw_event(seat, drawn, why))
        return events, drawn

    def _reshuffle(self) -> list[Event]:
        keep = self.pile.index(self.lead)
        if keep == 0:
            return []
        under = self.pile[:keep]
        self.pile = self.pile[keep:]
        self.stock = self.shuffled(under, "reshuffle")[::-1]
        return [Event("reshuffle", None, CountMoved({"count": len(under), "from": "pile",
                                                     "to": "stock"}))]

    def _end_turn(self, seat: int, skip: int = 0) -> list[Event]:
        """The turn of ``seat`` is over: an empty hand finishes; then the next seat plays."""
        events: list[Event] = []
        if not self.hands[seat]:
            events += self._finish(seat)
            if self.phase == "over":
                return events
        self.free = False
        self.turn = self.after(seat, skip)
        return events

    def _finish(self, seat: int) -> list[Event]:
        if not self.pyramid or self.levels[seat] == TOP_LEVEL:
            self.winner = seat
            self.phase = "over"
            self.owing = []
            return [Event("won", seat, Won(level=self.levels[seat]) if self.pyramid else Won())]
        start = DEAL + 1 - self.levels[seat]
        self.levels[seat] += 1
        self.ups.append([seat, self.levels[seat], self.step])
        events = [Event("level_up", seat, LevelUp(level=self.levels[seat], count=start - 1))]
        return events + self._draw(seat, start - 1, "level")[0]

    def _blocked(self) -> list[Event]:
        """Nothing left to draw and nobody plays: the best placed seat wins."""
        def rank(s: int) -> tuple[int, int, int]:
            return (-self.levels[s], len(self.hands[s]), s)
        self.winner = min(range(self.seats), key=rank)
        self.phase = "over"
        self.owing = []
        return [Event("blocked", None, NoData()), Event("won", self.winner, Won())]

    # -- what may be seen -------------------------------------------------------------------
    def direction(self) -> str:
        """Which way play goes now: a Change Direction turns it."""
        return "clockwise" if self.dir == 1 else "anticlockwise"

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, tuple(self.hands[s]), "fan", (s,))
              for s in range(self.seats)]
        zs.append(Zone("stock", "deck", None, tuple(self.stock), "pile", ()))
        zs.append(Zone("pile", "discard", None, tuple(self.pile), "pile", None))
        return zs

    def facts(self, seat: int | None) -> TakiFacts:
        return {
            "turn": self.turn, "step": self.step,
            "colour": self.colour, "lead": self.lead, "plus2": self.plus2,
            "run": self.run or None, "free": self.free,
            "plus3": None if self.plus3 == NO_SEAT else self.plus3,
            "asked": list(self.asked),
            "waiting": [s for s in self.asked if s not in self.passed],
            "answered": seat is not None and seat in self.passed,
            "owing": list(self.owing),
            "declared": [s for s in range(self.seats) if self.declared[s]],
            "levels": list(self.levels), "top_level": TOP_LEVEL,
            "match": "pyramid" if self.pyramid else "round", "cards": self.size,
            "stock": len(self.stock), "idle": self.idle,
            "lacks": [[list(lack) for lack in seat] for seat in self.lacks],
            "ups": [list(u) for u in self.ups], "winner": self.winner,
        }

    def observation(self, seat: int | None) -> TakiObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        left = [len(h) for h in self.hands]
        winners = [] if self.winner is None else [self.winner]
        sheet: Sheet
        if self.pyramid:
            points = list(self.levels)
            sheet = {"columns": ["seat", "level", "cards left"],
                     "rows": [[s, self.levels[s], left[s]] for s in range(self.seats)]}
        else:
            points = [0 if s in winners else -left[s] for s in range(self.seats)]
            sheet = {"columns": ["seat", "cards left"],
                     "rows": [[s, left[s]] for s in range(self.seats)]}
        sheet["ups"] = [list(u) for u in self.ups]
        return {"winners": winners, "points": points, "sheet": sheet}

    def stage(self) -> int:
        """The Pyramid is one long deal; a search plays it out to the next level won."""
        return len(self.ups) if self.pyramid else self.deals

    def deal_value(self, seat: int) -> float:
        """The cards the best placed other seat still has to shed to win, less ``seat``'s (its
        hand and what the levels above it will deal: `ABOVE`), plus or minus `State.WIN` once
        the game is over. For one round this is the default's value (points: minus the cards
        left)."""
        left = [len(self.hands[s]) + (ABOVE[self.levels[s]] if self.pyramid else 0)
                for s in range(self.seats)]
        value = float(min(left[s] for s in range(self.seats) if s != seat) - left[seat])
        if self.winner is not None:
            value += self.WIN if self.winner == seat else -self.WIN
        return value

    def to_dict(self) -> dict[str, JSON]:
        return {**super().to_dict(), "lacks": copy_json(self.lacks)}

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        if "lacks" in d:  # a game saved before draws were kept knows of none
            self.lacks = _lacks(d["lacks"])

    def clone(self) -> TakiState:
        c = TakiState.__new__(TakiState)
        c.__dict__.update(self.__dict__)
        c.hands = [h[:] for h in self.hands]
        c.stock = self.stock[:]
        c.pile = self.pile[:]
        c.asked = self.asked[:]
        c.passed = self.passed[:]
        c.owing = self.owing[:]
        c.declared = self.declared[:]
        c.levels = self.levels[:]
        c.lacks = [seat[:] for seat in self.lacks]
        c.ups = [u[:] for u in self.ups]
        c.opening = []
        return c

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        if action.verb in ("play", "breaker"):
            return (action.arg, "pile")
        if action.verb == "draw":
            return None
        return None


RULES = register(TakiRules(), TakiState)
