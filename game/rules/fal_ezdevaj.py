"""Fal-e Ezdevaj (فال ازدواج), the marriage fortune of seed 002, laid by one person alone.

Rules (seed)
------------
- One seat. The deck is the seventeen cards the seed gathers: the aces, kings, queens and jacks
  of the four suits and the ten of diamonds. They are shuffled.
- The layout: four cards in a row, left to right, then four more in a row under them, and so on
  until sixteen lie in a 4×4 grid, numbered 1 to 16 left to right, row by row, face down. The
  seventeenth card stays in the hand, face down.

Ours (the seed's reading is cut off after the layout)
-----------------------------------------------------
Everything after the layout is ours, written in the seed's spirit and kept kind:

- The cards are turned one by one in the order they were laid (1 to 16), then the card left in
  the hand.
- The ten of diamonds is the ring. Its row tells when: the first row "soon", the second "within
  the year", the third "after a little patience", the fourth "in its own good time"; left in the
  hand, "not yet in the cards: your heart is free, and the road is yours to choose".
- The cards beside the ring in the grid (above, left, right, below) tell of the match, one line
  per rank among them: an ace "a home of your own, full of light", a king "someone steady and
  generous", a queen "a warm family that welcomes you", a jack "good news brought by a friend".
  Their words are in ``ui/games/fal_ezdevaj.py`` (keys ``reading.fal_ezdevaj.<...>``).

Options
-------
None besides ``deck`` (stacks the one shuffle, game.core: the 17 codes, top first).

Codes and steps
---------------
Cards ``AS KH QD JC TD`` (game.cards.french). The one action is ``next``: the first lays the
sixteen cards (one event per card), each later one turns the next card; after the seventeenth
the reading is given and the fortune is over. A bot (the person watching) only says ``next``.

Zones: ``deck`` (face down; its one card shown when turned), ``row:0`` … ``row:3`` (the grid's
rows, face down, with ``shown`` marking the turned cards). Facts: ``turned`` (how many cards are
turned), ``reading`` once over: ``{"ring": 1..16 or 0 (left in the hand), "when": "row1".."row4"
or "hand", "beside": [ranks beside the ring, distinct, in the order above, left, right, below]}``.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from game.cards.french import SUITS
from game.core import JSON, Action, Event, Rules, State, Zone, check_choice
from game.deal import Unseen
from game.fast import make_clone
from game.registry import register
from game.shapes import Observation, Reading, Result, TableFacts

CARDS = tuple(r + s for s in SUITS for r in "AKQJ") + ("TD",)
RING = "TD"
NEXT = Action("next")


SIDES = ("above", "left", "right", "below")


def beside(place: int) -> list[tuple[str, int]]:
    """The places (0..15) of the grid beside ``place``, each with its side of it, in the order
    above, left, right, below; a place at the grid's edge has fewer."""
    row, col = divmod(place, 4)
    steps = ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col))
    return [(side, r * 4 + c) for side, (r, c) in zip(SIDES, steps) if 0 <= r < 4 and 0 <= c < 4]


def reading(grid: list[str], left: str) -> Reading:
    """Our reading of a finished layout (see the module docstring)."""
    if RING not in grid:
        return {"ring": 0, "when": "hand", "beside": []}
    i = grid.index(RING)
    ranks: list[str] = []
    for _, place in beside(i):
        if grid[place][0] not in ranks:
            ranks.append(grid[place][0])
    return {"ring": i + 1, "when": f"row{i // 4 + 1}", "beside": ranks}


# -- the events' data (`FalEzdevajRules.events`) ---------------------------------------------
class Shuffled(TypedDict):
    """The seventeen cards shuffled face down ``to`` the deck, ``count`` of them."""

    to: str
    count: int


Laid = TypedDict("Laid", {"from": str, "to": str, "place": int})
"""A card laid face down from the deck into its row, at ``place`` (1..16, row by row)."""


class Turned(TypedDict):
    """A card turned face up where it lies: its ``zone`` (a row, or the deck for the card left
    in the hand) and its ``place`` (1..16, 17 for that card)."""

    card: str
    zone: str
    place: int


class ReadingGiven(TypedDict):
    """The fortune laid out: its reading (`reading`)."""

    reading: Reading


LAID = tuple(Event("lay", 0, Laid({"from": "deck", "to": f"row:{i // 4}", "place": i + 1}))
             for i in range(16))
"""The layout's sixteen events, the same in every fortune: made once and handed out again
(`Event`: never changed once made)."""

EVENTS = {"shuffle": Shuffled, "lay": Laid, "turn": Turned, "read": ReadingGiven}


class FalEzdevajRules(Rules):
    id = "fal_ezdevaj"
    names = {"fa": "فال ازدواج", "en": "Marriage fortune", "ar": "فأل الزواج"}
    seat_counts = (1,)
    step_verb = "next"
    direction = "anticlockwise"
    options = {}
    actions = {"next": NEXT}
    action_forms = "next"
    events = EVENTS

    def sample_state(self, observation: Observation, seed: int) -> FalEzdevajState:
        """The cards not yet turned dealt anew among their places."""
        seen = self.narrow(observation, FalEzdevajObservation)
        unseen = Unseen(CARDS, seen["zones"], seed)
        s = FalEzdevajState(1, seed, {})
        s.phase = seen["phase"]
        s.turned = seen["turned"]
        s.grid = [c for r in range(4) for c in unseen.fill(f"row:{r}")]
        s.deck = unseen.fill("deck")
        return s


class FalEzdevajFacts(TableFacts):
    """What the marriage fortune shows besides its cards."""

    turned: int
    """How many cards are turned (the seventeenth is the one left in the hand)."""
    reading: NotRequired[Reading]
    """The reading, once the last card is turned."""


class FalEzdevajObservation(Observation, FalEzdevajFacts):
    """The marriage fortune as the person watching sees it."""


class FalEzdevajState(State):
    FIELDS = ("phase", "deck", "grid", "turned")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "lay"
        self.deck: list[str] = []
        self.grid: list[str] = []
        self.turned = 0

    def check_fields(self) -> None:
        check_choice(self, "phase", ("lay", "turn", "over"))

    def start(self) -> list[Event]:
        self.deck = self.shuffled(list(CARDS), "deal")
        return [Event("shuffle", None, Shuffled({"to": "deck", "count": len(CARDS)}))]

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [0]

    def _legal(self, seat: int) -> list[Action]:
        return [] if self.phase == "over" else [NEXT]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if self.phase == "lay":
            for _ in range(16):
                self.grid.append(self.deck.pop(0))
            self.phase = "turn"
            return list(LAID)
        self.turned += 1
        if self.turned <= 16:
            card = self.grid[self.turned - 1]
            events = [Event("turn", 0, Turned({"card": card,
                                               "zone": f"row:{(self.turned - 1) // 4}",
                                               "place": self.turned}))]
        else:
            events = [Event("turn", 0, Turned({"card": self.deck[0], "zone": "deck",
                                               "place": 17}))]
            self.phase = "over"
            events.append(Event("read", 0, ReadingGiven({"reading": self.reading()})))
        return events

    def reading(self) -> Reading:
        return reading(self.grid, self.deck[0] if self.deck else "")

    def zones(self) -> list[Zone]:
        zs = [Zone("deck", "deck", None, tuple(self.deck), "pile", (),
                   [self.turned > 16] * len(self.deck))]
        for r in range(4):
            cards = tuple(self.grid[4 * r:4 * r + 4])
            zs.append(Zone(f"row:{r}", "palette", 0, cards, "row", (),
                           [4 * r + i < self.turned for i in range(len(cards))]))
        return zs

    def facts(self, seat: int | None) -> FalEzdevajFacts:
        d: FalEzdevajFacts = {"turned": self.turned}
        if self.phase == "over":
            d["reading"] = self.reading()
        return d

    def observation(self, seat: int | None) -> FalEzdevajObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        """The reading once the fortune is over (none before)."""
        result: Result = {"winners": [0], "points": [0], "teams": None}
        if self.phase == "over":
            result["reading"] = self.reading()
        return result

    clone = make_clone(flat=("deck", "grid"))


RULES = register(FalEzdevajRules(), FalEzdevajState)
