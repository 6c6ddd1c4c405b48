"""Fal-e Eshgh (فال عشق), the love fortune of seed 002, laid by one person alone.

Rules (seed)
------------
- One seat, one 52-card deck, shuffled. The person gives the name of the one they ask about.
- Deal: as many cards as the name has letters are laid in a row, one per letter, face down; the
  rest of the deck is laid on them in turn, one card on each pile, round and round, until the
  deck is used up (card ``i`` of the deck goes on pile ``i mod n``).
- Gather: the first pile is taken up and the second put under it, and so on to the last.
- The gathered packet is turned over, and the cards are looked at in order. Two cards of the
  same rank lying side by side are taken out as a pair, and each pair's rank is read:
  ace "loves you", two "in two minds about coming closer", three "means to marry", four
  "jealous", five "worried about the future", six "you will meet soon", seven "means you harm",
  eight "thinks of you", nine "wants to talk with you", ten "wants a kiss", jack "protective",
  queen "a rival", king "likes your character". The table shows these in our own words
  (``ui/games/fal_eshgh.py``, keys ``reading.fal_eshgh.<rank>``), in Persian, English and Arabic.

Where the seed is terse, and what we chose
------------------------------------------
- "Two cards side by side": we lay the turned packet out card by card in a line; when the card
  laid has the rank of the card before it in the line, the two are taken out and read, and the
  next card is compared with the card now last in the line (so pairs may close up, as cards do
  when a pair is lifted from a row). No pair at all is a reading too: "the cards are quiet".
- Counting letters (the seed: "as many as the letters of the name"): every letter counts once,
  whether it joins the next letter or not: the non-joining letters ا د ذ ر ز ژ و count like the
  joining ones, so مریم is 4 (م ر ی م) and آرزو is 4 (آ ر ز و). آ is one letter, whether typed as
  one character or as ا with a madda mark; لا is two letters (ل ا), also when typed as the one
  ligature character. Marks (fatha, kasra, damma, tashdid, tanwin, hamza above), the tatweel ـ,
  spaces and the half-space (ZWNJ) count nothing. Any script's letters count the same way, so a
  name may be typed in Latin letters. Digits and signs are refused.
- A name of 1 to 26 letters: with more than 26 piles the second round could not cover every
  pile, as the seed lays it. No letters, other signs, or more letters are refused with a reason.

Options
-------
None besides ``deck`` (stacks the one shuffle, game.core: the 52 codes, top first).

Codes and steps
---------------
Cards ``AS TD 9H`` (game.cards.french). Actions: ``name <the name>`` (first; `legal_actions`
lists a few sample names, ``name مریم`` and the like, but any name of letters is accepted: the
table offers a text field for the verb ``name``), then ``next`` steps the layout: each ``next``
of the deal lays one round, a card on each pile (one event per card; the last round may be
short), the next gathers the piles and turns the packet over, and each later one lays cards in
the line up to the next pair (or to the end). A bot (the person watching) only says
``next``; the table may run through by repeating it at the animation speed.

Zones: ``deck`` (face down), ``pile:<i>`` for each letter once the name is given (face down),
``packet`` (the gathered, turned packet, face down until laid), ``line`` (face up, row),
``pairs`` (face up, the pairs read, in order, grouped two by two). Facts: ``name``, ``letters``
(the count), ``readings`` (the ranks read, in order: ``["A", "8"]``).
"""

from __future__ import annotations

import unicodedata
from typing import TypedDict

from game.cards.french import deck
from game.core import JSON, Action, Event, IllegalAction, Reason, Rules, State, Zone, check_choice
from game.deal import Unseen
from game.fast import make_clone
from game.registry import register
from game.shapes import CardPassed, CardsMoved, Moved, Observation, Result, TableFacts

CARDS = tuple(deck())
MAX_LETTERS = 26
MAX_CHARS = 80
NEXT = Action("next")
SAMPLE_NAMES = ("مریم", "علی", "شیرین", "فرهاد", "لیلا", "آرزو")
NAME_ACTIONS = tuple(Action("name", n) for n in SAMPLE_NAMES)
_IGNORED = {"\u200c", "\u200d", "\u0640", " "}
"""Half-space (ZWNJ), joiner, tatweel and space: written, but not letters."""


def count_letters(name: str) -> int | None:
    """The letters of ``name`` as the fortune counts them; None if it holds a digit or a sign."""
    letters = 0
    for ch in unicodedata.normalize("NFKC", name):
        cat = unicodedata.category(ch)
        if ch in _IGNORED or cat.startswith("M"):
            continue
        if cat.startswith("L"):
            letters += 1
        else:
            return None
    return letters


def name_problem(name: str) -> Reason | None:
    """Why ``name`` cannot be laid, or None."""
    n = count_letters(name)
    if n is None:
        return Reason("letters_only", "a name is written in letters only")
    if n == 0:
        return Reason("no_letters", "type a name: it has no letters")
    if n > MAX_LETTERS or len(name) > MAX_CHARS:
        return Reason("too_long", "a name of {n} letters is too long: at most {most}",
                      n=n, most=MAX_LETTERS)
    return None


# -- the events' data (`FalEshghRules.events`) -----------------------------------------------
class Shuffled(TypedDict):
    """The deck shuffled face down into ``to``: ``count`` cards."""

    to: str
    count: int


class Named(TypedDict):
    """The name given, and the letters it counts (the piles of the deal)."""

    name: str
    letters: int


class TurnedOver(TypedDict):
    """The gathered packet turned over: ``zone`` is its id."""

    zone: str


class Paired(CardsMoved):
    """Two cards of ``rank`` side by side in the line, lifted out to the pairs and read."""

    rank: str


class Read(TypedDict):
    """The fortune laid out: the ranks read, in order."""

    readings: list[str]


EVENTS = {"shuffle": Shuffled, "named": Named, "lay": CardPassed, "gather": Moved,
          "turn_over": TurnedOver, "pair": Paired, "read": Read}

# The events that move one card, and the turn, are alike in every fortune: an event is never
# changed once made (game.core.Event), so each is made once and handed out again.
DEALT = tuple(Event("lay", 0, CardPassed({"from": "deck", "to": f"pile:{i}"}))
              for i in range(MAX_LETTERS))
"""``DEALT[i]``: a card laid face down from the deck on pile ``i``."""
GATHERED = tuple(Event("gather", 0, Moved({"from": f"pile:{i}", "to": "packet"}))
                 for i in range(MAX_LETTERS))
"""``GATHERED[i]``: pile ``i`` gathered under the packet."""
LINED = {c: Event("lay", 0, CardPassed({"card": c, "from": "packet", "to": "line"})) for c in CARDS}
"""``LINED[card]``: ``card`` laid face up from the packet in the line."""
TURNED_OVER = Event("turn_over", 0, TurnedOver({"zone": "packet"}))


class FalEshghRules(Rules):
    id = "fal_eshgh"
    names = {"fa": "فال عشق", "en": "Love fortune", "ar": "فأل الحب"}
    seat_counts = (1,)
    step_verb = "next"
    direction = "anticlockwise"
    options = {}
    text_verbs = frozenset({"name"})
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        if code == "next":
            return NEXT
        if isinstance(code, str):
            verb, _, rest = code.partition(" ")
            if verb == "name" and "\x00" not in rest:
                return Action("name", " ".join(rest.split()))
        raise IllegalAction(f"{code!r} is not a fortune action (name <a name>, next)")

    def sample_state(self, observation: Observation, seed: int) -> FalEshghState:
        """The face-down cards (deck, piles, packet) dealt anew among their places."""
        seen = self.narrow(observation, FalEshghObservation)
        unseen = Unseen(CARDS, seen["zones"], seed)
        s = FalEshghState(1, seed, {})
        s.phase = seen["phase"]
        s.name = seen["name"]
        s.letters = seen["letters"]
        s.deck = unseen.fill("deck")
        s.piles = [unseen.fill(f"pile:{i}") for i in range(s.letters)
                   if f"pile:{i}" in unseen.zones]
        s.packet = unseen.fill("packet")
        s.line = unseen.fill("line")
        s.pairs = unseen.fill("pairs")
        s.readings = list(seen["readings"])
        return s


class FalEshghFacts(TableFacts):
    """What the love fortune shows besides its cards."""

    name: str
    """The name the cards are laid for ("" until it is given)."""
    letters: int
    """How many letters the name has: the piles of the deal."""
    readings: list[str]
    """The rank of each pair lifted out so far, in order."""


class FalEshghObservation(Observation, FalEshghFacts):
    """The love fortune as the person watching sees it."""


class FalEshghState(State):
    FIELDS = ("phase", "name", "letters", "deck", "piles", "packet", "line", "pairs", "readings")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "name"
        self.name = ""
        self.letters = 0
        self.deck: list[str] = []
        self.piles: list[list[str]] = []
        self.packet: list[str] = []
        self.line: list[str] = []
        self.pairs: list[str] = []
        self.readings: list[str] = []

    def check_fields(self) -> None:
        check_choice(self, "phase", ("name", "deal", "gather", "read", "over"))
        if type(self.letters) is not int or not 0 <= self.letters <= MAX_LETTERS:
            raise ValueError(f"letters counts the name's letters, 0 to {MAX_LETTERS}, not "
                             f"{self.letters!r}")

    def start(self) -> list[Event]:
        self.deck = self.shuffled(list(CARDS), "deal")
        return [Event("shuffle", None, Shuffled({"to": "deck", "count": len(CARDS)}))]

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [0]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "over":
            return []
        if self.phase == "name":
            return list(NAME_ACTIONS)
        return [NEXT]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if action.verb == "name":
            if self.phase != "name":
                return Reason("named", "the name is already given")
            return name_problem(action.arg)
        if self.phase == "name":
            return Reason("name_first", "type the name first")
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "name":
            self.name = action.arg
            self.letters = count_letters(action.arg) or 0
            self.piles = [[] for _ in range(self.letters)]
            self.phase = "deal"
            return [Event("named", 0, Named({"name": self.name, "letters": self.letters}))]
        if self.phase == "deal":
            events = []
            for i in range(min(self.letters, len(self.deck))):
                self.piles[i].append(self.deck.pop(0))
                events.append(DEALT[i])
            if not self.deck:
                self.phase = "gather"
            return events
        if self.phase == "gather":
            events = []
            packet: list[str] = []  # face down, top first: pile 0 on top, the others under it
            for i, pile in enumerate(self.piles):
                packet.extend(reversed(pile))
                events.append(GATHERED[i])
            self.piles = [[] for _ in range(self.letters)]
            self.packet = packet[::-1]  # turned over: the bottom card is now on top
            events.append(TURNED_OVER)
            self.phase = "read"
            return events
        events = []
        while self.packet:
            card = self.packet.pop(0)
            if self.line and self.line[-1][0] == card[0]:
                mate = self.line.pop()
                self.pairs += [mate, card]
                self.readings.append(card[0])
                events.append(LINED[card])
                events.append(Event("pair", 0, Paired({"cards": [mate, card], "rank": card[0],
                                                       "from": "line", "to": "pairs"})))
                break
            self.line.append(card)
            events.append(LINED[card])
        if not self.packet:
            self.phase = "over"
            events.append(Event("read", 0, Read({"readings": list(self.readings)})))
        return events

    def zones(self) -> list[Zone]:
        zs = [Zone("deck", "deck", None, tuple(self.deck), "pile", ())]
        zs += [Zone(f"pile:{i}", "deck", None, tuple(p), "pile", ())
               for i, p in enumerate(self.piles)]
        zs.append(Zone("packet", "deck", None, tuple(self.packet), "pile", ()))
        zs.append(Zone("line", "discard", None, tuple(self.line), "row"))
        zs.append(Zone("pairs", "won", 0, tuple(self.pairs), "spread",
                       groups=(2,) * (len(self.pairs) // 2)))
        return zs

    def facts(self, seat: int | None) -> FalEshghFacts:
        return {"name": self.name, "letters": self.letters, "readings": list(self.readings)}

    def observation(self, seat: int | None) -> FalEshghObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        return {"winners": [0], "points": [0], "teams": None,
                "readings": list(self.readings), "name": self.name}

    clone = make_clone(nested=("piles",), flat=("deck", "packet", "line", "pairs", "readings"))


RULES = register(FalEshghRules(), FalEshghState)
