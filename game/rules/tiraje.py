"""Tiraje (تیراژه), the seven-rule game (sold elsewhere as Red7), as seed 000 gives it.

Cards
-----
49 cards: seven colours, strongest first red ``R``, orange ``O``, yellow ``Y``, green ``G``,
blue ``B``, indigo ``I``, violet ``V``; numbers 1-7. A card is written colour then number:
``R7 O3 Y1 G6 B2 I5 V4``. One card beats another by number first, then by colour (`card_value`):
``R5 > V5 > R4 > B2`` (the seed's figure 1).

Rules
-----
- 2-4 seats; play runs clockwise (to the left): seat ``s`` is followed by ``(s + 1) % n``.
- A round: deal 7 cards to each hand and 1 face up to each palette; the rest is the deck. The
  canvas starts on red (the "start red" marker, not a card). The seat after the one winning
  under red (the highest palette card) takes the first turn.
- The rule in force is the colour of the canvas's top card (red while it is empty):
  red: the highest card; orange: most cards of one number; yellow: most cards of one colour;
  green: most even cards; blue: most different colours; indigo: the longest run of consecutive
  numbers (colours ignored); violet: most cards below 4.
- Who is winning: the seat whose palette has the most cards that satisfy the rule; a tie goes
  to the highest card among the cards that satisfy it (`best_cards` picks them): for orange and
  yellow the seat's best group (most cards, then holding the highest card); for blue one card
  per colour, the highest of each, so the tie goes to the highest palette card; for indigo one
  card per number of the run, the highest of each, and of several longest runs the one with the
  highest card. Cards are all different, so a tie survives only when no palette satisfies the
  rule at all (green with no even card anywhere): then nobody is winning.
- A turn is one of: a hand card to your palette; a hand card to the canvas (the rule changes);
  both, palette first; or give up (``fold``). At the end of your turn you must be winning under
  the rule then in force, or you are out. Plays that cannot end with you winning are refused
  (with the reason), so ``fold`` is how a seat that cannot win goes out (the seed's "do nothing
  and lose"). A palette play is allowed when some way to finish the turn winning remains (a 3's
  draw counts as such a way while the deck has cards: the seat cannot know what it draws).
- Out: the seat's hand and palette go face up to ``out``. A seat with no hand card at the start
  of its turn is out. The last seat left wins the round.

Options
-------
The seed adds three rules in its advanced section ("after a few games you may add all three of
the rules below, or one or two of them"): A. greater than palette, B. scoring, and C. (پ) the
odd-number actions. The actions' section is lettered پ, the third of those three, so they are
advanced rules too and every option is off by default:

- ``actions`` (default False): a card with an odd number played to the palette (not to the
  canvas) acts at once, compulsory when possible. 7: move a card of your palette (the 7 too)
  face up onto the canvas, where you must then be winning and your turn ends (greater-than-
  palette does not apply), or face down on top of the deck. 5: play one more hand card to your
  palette, whose own action applies in turn (nothing with an empty hand). 3: draw the top card
  of the deck (nothing if it is empty). 1: move a card from the palette of an opponent whose
  palette is not smaller than yours (the 1 counted) face down on top of the deck, never their
  only card; and you may not play a 1 to your palette when you cannot win at the end of the
  turn (exact here: the refusal above covers it).
- ``palette_draw`` (default False): after playing to the canvas a card whose number is strictly
  greater than the number of cards in your palette, you may draw the deck's top card.
- ``scoring`` (default False; without it the game is one round): the round's winner banks the
  palette cards that satisfy the final rule (``best_cards``; for blue the highest card of each
  colour) face up in ``bank:<s>`` (under the seed's guide card). The next round is dealt from
  all the other cards, reshuffled. When too few cards are left to deal (8 per seat) the hand of
  rounds ends: each seat adds the numbers of its banked cards to its total. If a total has
  reached the target (2 seats 40, 3 seats 35, 4 seats 30) the game ends and the highest total
  wins (ties share the win); otherwise all 49 cards are dealt again for another hand.

``deck`` stacks shuffles (game.core): one list of the 49 codes, top first, stacks the first round:
seat 0's hand is the first 7 cards, seat 1's the next 7 and so on, then one palette card per seat
in seat order, then the deck (its top first); a list of such lists stacks later rounds too (each
holds the cards not banked).

Codes
-----
``palette R5`` (hand card to your palette; also the 5's extra card), ``canvas G7`` (hand card
to the canvas; ends the turn unless greater-than-palette offers a draw), ``seven G3 canvas`` /
``seven G3 deck`` (the 7's action), ``one 2 B4`` (the 1's action: seat 2's B4 to the deck),
``draw`` (greater-than-palette draw), ``end`` (end the turn: only when winning), ``fold``.

Phases: ``play`` (turn start), ``action`` (an odd card's action awaits: fact ``pending``),
``more`` (after the palette play: canvas, end or fold), ``draw`` (draw or end), ``over``.

Zones: ``hand:<s>`` (its owner sees it), ``palette:<s>`` (row), ``canvas`` (pile, last card on
top), ``deck`` (face down, last card on top), ``out``, and with scoring ``bank:<s>``.
Facts: ``options``, ``rule`` (colour letter) and ``rule_name``, ``winning`` (the seat winning
now; left out while none is), ``active`` and ``eliminated`` seats, ``pending`` (7, 5, 1 or
None), ``deck_top`` (cards an action put face down on the deck, top first: everyone saw them go)
and ``known`` (per seat, hand cards everyone saw it draw from there), ``hand`` and ``round``
numbers; with scoring ``banked`` (this hand's banked numbers per seat), ``totals`` (earlier
hands) and ``target``.
Events: ``shuffle``, ``deal`` (hand cards shown only to their owner), ``turn``, ``palette``,
``canvas``, ``seven``, ``one``, ``draw`` (the card shown only to the drawer, unless everyone saw
it go onto the deck), ``out`` (with the reason: ``fold`` or ``no cards``), ``round_end``,
``hand_end``, ``game_end``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, NotRequired, TypedDict

from game.core import (JSON, Action, Event, IllegalAction, Option, Reason, Rules, State, Zone,
                       check_choice, check_entries, check_seat_fields)
from game.fast import make_clone
from game.registry import register
from game.shapes import CardMoved, Dealt, Observation, Result, Sheet, TableFacts
from game.tricks import faces

COLOURS = "ROYGBIV"
"""Colour letters, strongest first; each colour is also a rule."""
CARDS = [c + str(n) for c in COLOURS for n in range(1, 8)]
NUMBER = {c: int(c[1]) for c in CARDS}
COLOUR = {c: c[0] for c in CARDS}
VALUE = {c: NUMBER[c] * 7 + 6 - COLOURS.index(c[0]) for c in CARDS}
"""Card strength: number first, then colour; V1 = 7 lowest, R7 = 55 highest."""

COLOUR_NAMES = {
    "R": {"en": "red", "fa": "قرمز", "ar": "أحمر"},
    "O": {"en": "orange", "fa": "نارنجی", "ar": "برتقالي"},
    "Y": {"en": "yellow", "fa": "زرد", "ar": "أصفر"},
    "G": {"en": "green", "fa": "سبز", "ar": "أخضر"},
    "B": {"en": "blue", "fa": "آبی", "ar": "أزرق"},
    "I": {"en": "indigo", "fa": "نیلی", "ar": "نيلي"},
    "V": {"en": "violet", "fa": "بنفش", "ar": "بنفسجي"},
}
RULE_NAMES = {
    "R": {"en": "highest card", "fa": "برترین کارت", "ar": "أعلى ورقة"},
    "O": {"en": "most of one number", "fa": "بیشترین عدد یکسان", "ar": "أكثر أوراق برقم واحد"},
    "Y": {"en": "most of one colour", "fa": "بیشترین رنگ یکسان", "ar": "أكثر أوراق بلون واحد"},
    "G": {"en": "most even cards", "fa": "بیشترین تعداد عدد زوج", "ar": "أكثر أوراق زوجية"},
    "B": {"en": "most different colours", "fa": "بیشترین تعداد رنگ", "ar": "أكثر ألوان مختلفة"},
    "I": {"en": "longest run", "fa": "بیشترین اعداد پشت سرهم", "ar": "أطول تسلسل أرقام"},
    "V": {"en": "most cards below 4", "fa": "بیشترین اعداد کمتر از ۴",
          "ar": "أكثر أوراق أقل من ٤"},
}
TARGETS = {2: 40, 3: 35, 4: 30}
DEAL = 8
"""Cards a round needs per seat: 7 in hand, 1 on the palette."""

PALETTE = {c: Action("palette", c) for c in CARDS}
CANVAS = {c: Action("canvas", c) for c in CARDS}
SEVEN = {(c, w): Action("seven", f"{c} {w}") for c in CARDS for w in ("canvas", "deck")}
ONE = {(t, c): Action("one", f"{t} {c}") for t in range(4) for c in CARDS}
DRAW, END, FOLD = Action("draw"), Action("end"), Action("fold")
_ACTIONS = {str(a): a for a in [*PALETTE.values(), *CANVAS.values(), *SEVEN.values(),
                                *ONE.values(), DRAW, END, FOLD]}
_PENDING = {
    7: Reason("pending_seven", "first carry out your {n}: move a card of your palette to the "
              "canvas or the deck", n=7),
    5: Reason("pending_five", "first carry out your {n}: play one more card to your palette", n=5),
    1: Reason("pending_one", "first carry out your {n}: send a card of an opponent's palette to "
              "the deck", n=1)}
"""What an odd card's action awaits, as a refusal of anything else."""


def card_value(card: str) -> int:
    """The card's strength: number first, then colour."""
    return VALUE[card]


def rule_text(rule: str) -> str:
    """``green (most even cards)``: a rule in words, for messages."""
    return f"{COLOUR_NAMES[rule]['en']} ({RULE_NAMES[rule]['en']})"


def _best_group(groups: Sequence[list[str]]) -> list[str]:
    """The group with the most cards, then the highest card; [] when there is none."""
    return max(groups, key=lambda g: (len(g), max(VALUE[c] for c in g)), default=[])


def _grouped(cards: Sequence[str], key: Mapping[str, object]) -> list[list[str]]:
    groups: dict[object, list[str]] = {}
    for c in cards:
        groups.setdefault(key[c], []).append(c)
    return list(groups.values())


def best_cards(cards: Sequence[str], rule: str) -> list[str]:
    """The cards of a palette that count under ``rule`` (what a round's winner banks)."""
    if rule == "R":
        return [max(cards, key=VALUE.__getitem__)] if cards else []
    if rule == "O":
        return _best_group(_grouped(cards, NUMBER))
    if rule == "Y":
        return _best_group(_grouped(cards, COLOUR))
    if rule == "G":
        return [c for c in cards if NUMBER[c] % 2 == 0]
    if rule == "B":
        return [max(g, key=VALUE.__getitem__) for g in _grouped(cards, COLOUR)]
    if rule == "I":
        tops: dict[int, str] = {}
        for c in cards:
            if NUMBER[c] not in tops or VALUE[c] > VALUE[tops[NUMBER[c]]]:
                tops[NUMBER[c]] = c
        runs: list[list[str]] = []
        for n in range(1, 8):
            if n in tops:
                if n - 1 in tops:
                    runs[-1].append(tops[n])
                else:
                    runs.append([tops[n]])
        return _best_group(runs)
    return [c for c in cards if NUMBER[c] < 4]


_STANDINGS: dict[tuple[tuple[str, ...], str], tuple[int, int]] = {}
"""`standing` by palette and rule: legal moves and bots ask the same few palettes again and
again (every candidate card, under every rule it could bring). Cleared when it grows large."""


def standing(cards: Sequence[str], rule: str) -> tuple[int, int]:
    """(cards that count, value of the highest of them); more is better, (0, 0) for none."""
    key = (tuple(cards), rule)
    known = _STANDINGS.get(key)
    if known is None:
        if len(_STANDINGS) >= 100_000:
            _STANDINGS.clear()
        best = best_cards(cards, rule)
        known = _STANDINGS[key] = (len(best), max(VALUE[c] for c in best)) if best else (0, 0)
    return known


def winner(palettes: Mapping[int, Sequence[str]], rule: str) -> int | None:
    """The seat winning under ``rule`` among ``palettes`` (seat to cards); None if nobody."""
    best, top = None, (0, 0)
    for seat, cards in palettes.items():
        key = standing(cards, rule)
        if key > top:
            best, top = seat, key
    return best


def _without(cards: Sequence[str], card: str) -> list[str]:
    return [c for c in cards if c != card]


class TirajeFacts(TableFacts):
    """Tiraje's facts beyond the table's (the ``rule`` in force, the ``eliminated`` seats and,
    with scoring, ``banked`` and ``totals`` are the table's). The table's ``winning`` is given
    while a seat is winning under the rule in force, and left out while none is."""

    rule_name: str
    """The rule in force, in English (the table names it in its own language)."""
    active: list[int]
    """The seats still in the round."""
    pending: int | None
    """The odd card (7, 5 or 1) whose action awaits; None when none does."""
    deck_top: list[str]
    """Cards an action put face down on the deck, its top first: everyone saw them go."""
    known: list[list[str]]
    """Per seat, the cards in its hand everyone saw it draw from the deck's known top."""
    hand: int
    """The hand's number (a hand is played in rounds)."""
    round: int
    target: NotRequired[int]
    """With scoring: the points that win the match."""


class TirajeObservation(Observation, TirajeFacts):
    """A seat's view of a Tiraje match: the frame, the table's facts and Tiraje's own."""


# -- the events' data (`TirajeRules.events`) -------------------------------------------------
class Shuffled(TypedDict):
    """A round dealt: the hand's number and the round's within it."""

    hand: int
    round: int


class Turn(TypedDict):
    """A seat's turn; a round's first names ``red_winner``, the seat winning under red, whose
    next seat plays first."""

    red_winner: NotRequired[int]


class Painted(CardMoved):
    """A hand card to the canvas: ``rule`` is the rule it puts in force (its colour)."""

    rule: str


class Sent(CardMoved):
    """The 1's action: ``card`` of seat ``target``'s palette sent face down onto the deck."""

    target: int


class Eliminated(TypedDict):
    """A seat out, ``reason`` ``fold`` or ``no cards``: its hand and palette (``cards``) go face
    up ``to`` the out pile."""

    reason: str
    cards: list[str]
    to: str


RoundEnded = TypedDict("RoundEnded", {"rule": str, "cards": NotRequired[list[str]],
                                      "from": NotRequired[str], "to": NotRequired[str]})
"""A round won under ``rule`` (the rule in force at its end); with scoring, the ``cards`` banked,
from the winner's palette to its bank."""


class HandEnded(TypedDict):
    """A hand of rounds over (scoring): the numbers each seat banked in it, and the totals."""

    scores: list[int]
    totals: list[int]


class GameEnded(TypedDict):
    """The game over: the seats that won, the last seat in the round without scoring, the
    highest totals with it (a tie shares the win)."""

    winners: list[int]


EVENTS = {"shuffle": Shuffled, "deal": Dealt, "turn": Turn, "palette": CardMoved,
          "canvas": Painted, "seven": CardMoved, "one": Sent, "draw": Dealt, "out": Eliminated,
          "round_end": RoundEnded, "hand_end": HandEnded, "game_end": GameEnded}


class TirajeRules(Rules):
    id = "tiraje"
    back = "tiraje"
    names: ClassVar[dict[str, str]] = {"fa": "تیراژه", "en": "Tiraje", "ar": "تيراژه"}
    seat_counts = (2, 3, 4)
    direction = "clockwise"
    terms: ClassVar[dict[str, dict[str, str]]] = {
        **{f"rule.{c}": names for c, names in RULE_NAMES.items()},
        **{f"colour.{c}": names for c, names in COLOUR_NAMES.items()},
    }
    options: ClassVar[dict[str, Option]] = {
        "actions": Option("actions", False, (False, True),
                          "odd cards played to the palette act: 7, 5, 3, 1"),
        "palette_draw": Option("palette_draw", False, (False, True),
                               "draw after a canvas card greater than your palette size"),
        "scoring": Option("scoring", False, (False, True),
                          "bank the winning cards and play rounds to a target"),
    }
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        """Codes are matched as written, but for the spaces between words."""
        action = _ACTIONS.get(" ".join(str(code).split()))
        if action is None:
            raise IllegalAction(f"{code!r} is not a Tiraje action (palette R5, canvas G7, "
                                "seven G3 canvas, seven G3 deck, one 2 B4, draw, end, fold)")
        return action

    def sample_state(self, observation: Observation, seed: int) -> TirajeState:
        """Deal the cards the seat cannot see at random, keeping the publicly known ones in place:
        the deck's known top cards and the known cards in each hand."""
        obs = self.narrow(observation, TirajeObservation)
        me = obs["seat"]
        n = obs["seats"]
        zones = {z["id"]: z for z in obs["zones"]}
        s = TirajeState(n, seed, dict(obs["options"]))
        s.phase = obs["phase"]
        s.current = obs["to_act"][0] if obs["to_act"] else 0
        s.pending = obs["pending"] or 0
        s.palettes = [faces(zones[f"palette:{t}"]) for t in range(n)]
        s.canvas = faces(zones["canvas"])
        s.out = faces(zones["out"])
        if s.scoring:
            s.banks = [faces(zones[f"bank:{t}"]) for t in range(n)]
            s.totals = list(obs["totals"])
        s.active = [t in obs["active"] for t in range(n)]
        s.known = [list(k) for k in obs["known"]]
        top = list(obs["deck_top"])
        s.deck_known = len(top)
        s.hand_no, s.round = obs["hand"], obs["round"]
        s.sheet = [list(r) for r in obs["sheet"]["rows"]]
        unseen = set(CARDS) - set(top) - {c for k in s.known for c in k}
        for z in obs["zones"]:
            unseen.difference_update(faces(z))
        pool = sorted(unseen, key=CARDS.index)
        rng = random.Random(seed)
        rng.shuffle(pool)
        for t in range(n):
            cards = zones[f"hand:{t}"]["cards"]
            if t == me:
                s.hands[t] = faces(zones[f"hand:{t}"])
            else:
                hidden = len(cards) - len(s.known[t])
                s.hands[t] = s.known[t] + pool[:hidden]
                del pool[:hidden]
        s.deck = pool + top[::-1]
        return s


class TirajeState(State):
    FIELDS = ("phase", "current", "pending", "hands", "palettes", "canvas", "deck", "out", "banks",
              "active", "deck_known", "known", "round", "totals", "sheet")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        self.seats = seats
        self.seed = seed
        self.chance_count = 0
        self.options = {k: bool(options[k]) for k in ("actions", "palette_draw", "scoring")}
        if "deck" in options:
            self.options["deck"] = options["deck"]
        self.actions = self.options["actions"]
        self.palette_draw = self.options["palette_draw"]
        self.scoring = self.options["scoring"]
        self.phase = "play"
        self.current = 0
        self.pending = 0
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.palettes: list[list[str]] = [[] for _ in range(seats)]
        self.canvas: list[str] = []
        self.deck: list[str] = []
        self.out: list[str] = []
        self.banks: list[list[str]] = [[] for _ in range(seats)]
        self.active = [True] * seats
        self.deck_known = 0
        self.known: list[list[str]] = [[] for _ in range(seats)]
        self.hand_no = 1
        self.round = 1
        self.totals = [0] * seats
        self.sheet: list[list[JSON]] = []
        """The score sheet: a row per round (hand, round, winner, final rule, points banked)."""

    def check_fields(self) -> None:
        check_choice(self, "phase", ("play", "action", "more", "draw", "over"))
        check_seat_fields(self, "current")
        check_choice(self, "pending", (0, 1, 3, 5, 7))
        check_entries(self, self.seats, "seat", "hands", "palettes", "banks", "active", "known")
        check_entries(self, self.seats, "seat", "totals", numbers=True)

    # -- dealing and the flow of turns --------------------------------------------------
    def deal(self) -> list[Event]:
        """Deal a round from every unbanked card, shuffled."""
        n = self.seats
        banked = {c for b in self.banks for c in b}
        order = self.shuffled([c for c in CARDS if c not in banked], "deal")
        self.hands = [order[7 * s:7 * s + 7] for s in range(n)]
        self.palettes = [[order[7 * n + s]] for s in range(n)]
        self.deck = order[DEAL * n:][::-1]
        self.canvas, self.out = [], []
        self.active = [True] * n
        self.deck_known, self.known = 0, [[] for _ in range(n)]
        red = winner(dict(enumerate(self.palettes)), "R")
        assert red is not None
        self.current, self.phase, self.pending = (red + 1) % n, "play", 0
        events = [Event("shuffle", None, Shuffled({"hand": self.hand_no, "round": self.round}))]
        for s in range(n):
            hand = f"hand:{s}"
            events.append(Event("deal", s, Dealt({"from": "deck", "to": hand, "count": 7,
                                                  "cards": list(self.hands[s])}), to=(s,)))
            events.append(Event("deal", s, Dealt({"from": "deck", "to": hand, "count": 7}),
                                to=self._others(s)))
        for s in range(n):
            events.append(Event("deal", s, Dealt({"from": "deck", "to": f"palette:{s}",
                                                  "count": 1, "cards": list(self.palettes[s])})))
        events.append(Event("turn", self.current, Turn(red_winner=red)))
        return events

    start = deal
    """The opening is the first deal."""

    def _others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s != seat)

    def _advance(self) -> list[Event]:
        """End the current turn: the next active seat with cards in hand plays, or the round
        ends when one seat is left."""
        events: list[Event] = []
        seat = self.current
        while self.active.count(True) > 1:
            seat = (seat + 1) % self.seats
            if not self.active[seat]:
                continue
            if not self.hands[seat]:
                events += self._eliminate(seat, "no cards")
                continue
            self.current, self.phase, self.pending = seat, "play", 0
            return events + [Event("turn", seat, Turn())]
        return events + self._end_round()

    def _eliminate(self, seat: int, reason: str) -> list[Event]:
        cards = self.hands[seat] + self.palettes[seat]
        self.out.extend(cards)
        self.hands[seat], self.palettes[seat], self.known[seat] = [], [], []
        self.active[seat] = False
        return [Event("out", seat, Eliminated(reason=reason, cards=cards, to="out"))]

    def _end_round(self) -> list[Event]:
        last = self.active.index(True)
        rule = self.rule()
        banked = sum(NUMBER[c] for c in best_cards(self.palettes[last], rule))
        self.sheet.append([self.hand_no, self.round, last, rule, banked if self.scoring else 0])
        if not self.scoring:
            self.phase = "over"
            return [Event("round_end", last, RoundEnded({"rule": rule})),
                    Event("game_end", None, GameEnded(winners=[last]))]
        bank = best_cards(self.palettes[last], rule)
        self.palettes[last] = [c for c in self.palettes[last] if c not in bank]
        self.banks[last].extend(bank)
        events = [Event("round_end", last, RoundEnded({"rule": rule, "cards": bank,
                                                       "from": f"palette:{last}",
                                                       "to": f"bank:{last}"}))]
        if len(CARDS) - sum(len(b) for b in self.banks) >= DEAL * self.seats:
            self.round += 1
            return events + self.deal()
        scores = self._banked()
        self.totals = [t + b for t, b in zip(self.totals, scores)]
        events.append(Event("hand_end", None, HandEnded(scores=scores,
                                                        totals=list(self.totals))))
        if max(self.totals) >= TARGETS[self.seats]:
            self.phase = "over"
            return events + [Event("game_end", None, GameEnded(winners=self._leaders()))]
        self.banks = [[] for _ in range(self.seats)]
        self.hand_no, self.round = self.hand_no + 1, 1
        return events + self.deal()

    def _banked(self) -> list[int]:
        return [sum(NUMBER[c] for c in b) for b in self.banks]

    def _leaders(self) -> list[int]:
        return [s for s in range(self.seats) if self.totals[s] == max(self.totals)]

    # -- who wins, and what can still win ----------------------------------------------
    def rule(self) -> str:
        """The colour whose rule is in force: the canvas's top card, red while it is empty."""
        return COLOUR[self.canvas[-1]] if self.canvas else "R"

    def palettes_in_play(self) -> dict[int, list[str]]:
        return {s: self.palettes[s] for s in range(self.seats) if self.active[s]}

    def winning(self) -> int | None:
        """The seat winning now under the rule in force, or None."""
        return winner(self.palettes_in_play(), self.rule())

    def _can_end(self, seat: int, pals: dict[int, list[str]], hand: Sequence[str]) -> bool:
        """Whether ``seat`` wins now, or after one of ``hand`` goes to the canvas."""
        rules = {self.rule()} | {COLOUR[c] for c in hand}
        return any(winner(pals, r) == seat for r in rules)

    def _targets(self, seat: int, pals: dict[int, list[str]]) -> list[tuple[int, str]]:
        """The cards a 1 may send to the deck: from palettes not smaller than the seat's,
        never a palette's only card."""
        size = max(2, len(pals[seat]))
        return [(t, c) for t, cards in pals.items() if t != seat and len(cards) >= size
                for c in cards]

    def _finishable(self, seat: int, pals: dict[int, list[str]], hand: Sequence[str],
                    card: str) -> bool:
        """Whether after ``card`` goes from hand to palette the turn can still end winning."""
        pals = {**pals, seat: [*pals[seat], card]}
        rest = _without(hand, card)
        act = NUMBER[card] if self.actions and NUMBER[card] % 2 else 0
        if act == 7:
            return any(winner({**pals, seat: _without(pals[seat], z)}, COLOUR[z]) == seat
                       or self._can_end(seat, {**pals, seat: _without(pals[seat], z)}, rest)
                       for z in pals[seat])
        if act == 5 and rest:
            return any(self._finishable(seat, pals, rest, y) for y in rest)
        if act == 3 and self.deck:
            return True
        if act == 1 and self._targets(seat, pals):
            return any(self._can_end(seat, {**pals, t: _without(pals[t], z)}, rest)
                       for t, z in self._targets(seat, pals))
        return self._can_end(seat, pals, rest)

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.current]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.current or self.phase == "over":
            return []
        hand = self.hands[seat]
        phase = self.phase
        if phase == "draw":
            return [DRAW, END]
        if phase == "play":
            cands = [PALETTE[c] for c in hand] + [CANVAS[c] for c in hand]
        elif phase == "more":
            cands = [CANVAS[c] for c in hand] + [END]
        elif self.pending == 7:
            cands = [SEVEN[c, w] for c in self.palettes[seat] for w in ("canvas", "deck")]
        elif self.pending == 5:
            cands = [PALETTE[c] for c in hand]
        else:
            cands = [ONE[t, c] for t, c in self._targets(seat, self.palettes_in_play())]
        return [a for a in cands if self.why_illegal(seat, a) is None] + [FOLD]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "over":
            return Reason("over", "the game is over")
        if seat != self.current:
            return Reason("turn", "it is not your turn")
        if _ACTIONS.get(str(action)) != action:
            return Reason("not_now", "{action} is not a Tiraje action", action=str(action))
        verb, words = action.verb, action.arg.split()
        phase = self.phase
        if phase == "draw":
            return None if verb in ("draw", "end") else \
                Reason("draw_or_end", "you have played to the canvas: draw a card or end your turn")
        if verb == "fold":
            return None
        if phase == "action":
            need = {7: "seven", 5: "palette", 1: "one"}[self.pending]
            if verb != need:
                return _PENDING[self.pending]
        elif verb in ("seven", "one"):
            return Reason("odd_action", "{verb} is the action of a {n} just played to your palette",
                          verb=verb, n=7 if verb == "seven" else 1)
        if verb == "draw":
            return Reason("draw_after_canvas",
                          "you may draw only after a canvas card greater than your palette size")
        if verb == "end":
            if phase == "play":
                return Reason("play_first",
                              "play a card to your palette or the canvas first, or fold")
            return self._not_winning(seat, self.palettes_in_play(), self.rule(), None)
        pals = self.palettes_in_play()
        if verb == "palette":
            card = words[0]
            if phase == "more":
                return Reason("palette_done", "you have already played to your palette this turn")
            if card not in self.hands[seat]:
                return Reason("not_held", "you do not hold {card}", card=card)
            if self._finishable(seat, pals, self.hands[seat], card):
                return None
            if self.actions and NUMBER[card] == 1:
                return Reason("one_cannot_win", "you may not play a {n} to your palette when you "
                              "cannot win this turn", n=1)
            return Reason("palette_cannot_win", "after {card} goes to your palette you could not "
                          "be winning this turn", card=card)
        if verb == "canvas":
            card = words[0]
            if card not in self.hands[seat]:
                return Reason("not_held", "you do not hold {card}", card=card)
            return self._not_winning(seat, pals, COLOUR[card], card)
        if verb == "seven":
            card, where = words
            if card not in self.palettes[seat]:
                return Reason("palette_lacks", "your palette holds no {card}", card=card)
            pals[seat] = _without(pals[seat], card)
            if where == "canvas":
                return self._not_winning(seat, pals, COLOUR[card], card)
            if self._can_end(seat, pals, self.hands[seat]):
                return None
            return Reason("deck_cannot_win", "after {card} goes to the deck you could not be "
                          "winning this turn", card=card)
        target, card = int(words[0]), words[1]
        if target == seat or target >= self.seats or not self.active[target]:
            return Reason("not_opponent", "seat {seat} is not an opponent in play", seat=target)
        if card not in self.palettes[target]:
            return Reason("their_palette_lacks", "seat {seat}'s palette holds no {card}",
                          seat=target, card=card)
        if len(pals[target]) < 2:
            return Reason("only_card", "you may not take seat {seat}'s only card", seat=target)
        if len(pals[target]) < len(pals[seat]):
            return Reason("smaller_palette", "seat {seat}'s palette is smaller than yours",
                          seat=target)
        pals[target] = _without(pals[target], card)
        if self._can_end(seat, pals, self.hands[seat]):
            return None
        return Reason("deck_cannot_win", "after {card} goes to the deck you could not be "
                      "winning this turn", card=card)

    def _not_winning(self, seat: int, pals: dict[int, list[str]], rule: str,
                     card: str | None) -> str | None:
        """None if ``seat`` wins under ``rule`` with ``pals``, else why not (with ``card`` on
        the canvas, or, when None, as things stand)."""
        best = winner(pals, rule)
        if best == seat:
            return None
        under = f"winning under {rule_text(rule)}: "
        if card is None:
            if best is None:
                return Reason("not_winning_none", "you are not " + under +
                              "no palette satisfies it", rule=rule)
            return Reason("not_winning", "you are not " + under + "seat {seat} leads",
                          rule=rule, seat=best)
        if best is None:
            return Reason("canvas_not_winning_none", "with {card} on the canvas you would not be "
                          + under + "no palette satisfies it", rule=rule, card=card)
        return Reason("canvas_not_winning", "with {card} on the canvas you would not be " + under
                      + "seat {seat} leads", rule=rule, card=card, seat=best)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb, words = action.verb, action.arg.split()
        if verb == "fold":
            return self._eliminate(seat, "fold") + self._advance()
        if verb == "end":
            return self._advance()
        if verb == "draw":
            return self._draw(seat) + self._advance()
        if verb == "palette":
            card = words[0]
            self._from_hand(seat, card)
            self.palettes[seat].append(card)
            self.phase, self.pending = "more", 0
            events = [Event("palette", seat, CardMoved({"card": card, "from": f"hand:{seat}",
                                                        "to": f"palette:{seat}"}))]
            return events + self._act(seat, card)
        if verb == "canvas":
            card = words[0]
            self._from_hand(seat, card)
            self.canvas.append(card)
            events = [Event("canvas", seat, Painted({"card": card, "from": f"hand:{seat}",
                                                     "to": "canvas", "rule": COLOUR[card]}))]
            if self.palette_draw and self.deck and NUMBER[card] > len(self.palettes[seat]):
                self.phase = "draw"
                return events
            return events + self._advance()
        if verb == "seven":
            card, where = words
            self.palettes[seat].remove(card)
            self.phase, self.pending = "more", 0
            events = [Event("seven", seat, CardMoved({"card": card, "from": f"palette:{seat}",
                                                      "to": where}))]
            if where == "canvas":
                self.canvas.append(card)
                return events + self._advance()
            self._to_deck(card)
            return events
        target, card = int(words[0]), words[1]
        self.palettes[target].remove(card)
        self._to_deck(card)
        self.phase, self.pending = "more", 0
        return [Event("one", seat, Sent({"card": card, "from": f"palette:{target}", "to": "deck",
                                         "target": target}))]

    def _from_hand(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _to_deck(self, card: str) -> None:
        self.deck.append(card)
        self.deck_known += 1

    def _act(self, seat: int, card: str) -> list[Event]:
        """The action of ``card``, just played to ``seat``'s palette, when it has one."""
        act = NUMBER[card] if self.actions and NUMBER[card] % 2 else 0
        if act == 3:
            return self._draw(seat) if self.deck else []
        if (act == 7 or (act == 5 and self.hands[seat])
                or (act == 1 and self._targets(seat, self.palettes_in_play()))):
            self.phase, self.pending = "action", act
        return []

    def _draw(self, seat: int) -> list[Event]:
        card = self.deck.pop()
        self.hands[seat].append(card)
        hand = f"hand:{seat}"
        named = Dealt({"from": "deck", "to": hand, "count": 1, "cards": [card]})
        if self.deck_known:
            self.deck_known -= 1
            self.known[seat].append(card)
            return [Event("draw", seat, named)]
        return [Event("draw", seat, named, to=(seat,)),
                Event("draw", seat, Dealt({"from": "deck", "to": hand, "count": 1}),
                      to=self._others(seat))]

    def zones(self) -> list[Zone]:
        n = self.seats
        zs = [Zone(f"hand:{s}", "hand", s, self.hands[s], "fan", (s,)) for s in range(n)]
        zs += [Zone(f"palette:{s}", "palette", s, self.palettes[s], "row") for s in range(n)]
        zs.append(Zone("canvas", "canvas", None, self.canvas, "pile"))
        zs.append(Zone("deck", "deck", None, self.deck, "pile", ()))
        zs.append(Zone("out", "out", None, self.out, "spread"))
        if self.scoring:
            zs += [Zone(f"bank:{s}", "won", s, self.banks[s], "spread") for s in range(n)]
        return zs

    def facts(self, seat: int | None) -> TirajeFacts:
        rule = self.rule()
        facts: TirajeFacts = {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "rule": rule, "rule_name": RULE_NAMES[rule]["en"],
            "active": [s for s in range(self.seats) if self.active[s]],
            "eliminated": [s for s in range(self.seats) if not self.active[s]],
            "pending": self.pending or None,
            "deck_top": self.deck[len(self.deck) - self.deck_known:][::-1],
            "known": [list(k) for k in self.known],
            "hand": self.hand_no, "round": self.round, "sheet": self.score_sheet(),
        }
        winning = self.winning()
        if winning is not None:
            facts["winning"] = winning
        if self.scoring:
            facts["banked"] = self._banked()
            facts["totals"] = list(self.totals)
            facts["target"] = TARGETS[self.seats]
        return facts

    def observation(self, seat: int | None) -> TirajeObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def score_sheet(self) -> Sheet:
        """The seed's sheet: a row per round, who survived it, the last rule, points banked."""
        return {"columns": ["hand", "round", "winner", "rule", "points"],
                "rows": [list(r) for r in self.sheet]}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        over = self.phase == "over"
        if self.scoring:
            points = self.totals if over else [t + b for t, b in zip(self.totals,
                                                                      self._banked())]
            return {"winners": self._leaders() if over else [], "points": list(points),
                    "sheet": self.score_sheet()}
        winners = [s for s in range(self.seats) if self.active[s]] if over else []
        return {"winners": winners, "points": [int(s in winners) for s in range(self.seats)],
                "sheet": self.score_sheet()}

    def to_dict(self) -> dict[str, JSON]:
        return {**super().to_dict(), "hand": self.hand_no}

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.hand_no = int(d["hand"])

    clone = make_clone(nested=("hands", "palettes", "banks", "known"),
                       flat=("canvas", "deck", "out", "active", "totals", "sheet"))

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        verb, words = action.verb, action.arg.split()
        if verb == "palette":
            return words[0], f"palette:{seat}"
        if verb == "canvas":
            return words[0], "canvas"
        if verb == "seven":
            return words[0], words[1]
        if verb == "one":
            return words[1], "deck"
        return None


RULES = register(TirajeRules(), TirajeState)
