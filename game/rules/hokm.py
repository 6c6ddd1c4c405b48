"""Hokm (حکم), as seed 002 gives it, for four seats in two teams; for two and three as published.

Rules (four seats: the seed)
----------------------------
- Teams: seats 0 and 2 against 1 and 3. Play runs anticlockwise ("to the right"): seat ``s`` is
  followed by ``(s + 1) % n``.
- The Hakem (حاکم) of the first hand is drawn: each seat draws a card, the highest rank is Hakem,
  seats tied on the highest rank draw again (option ``hakem="draw"``, the seed). The published
  way, ``hakem="first_ace"``, deals cards face up round the table until an ace falls.
- The deal goes to the Hakem first, then round the table: 5 each; the Hakem names trump from his
  five; then 4 and 4 each, 13 in all. The dealer is the seat before the Hakem.
- The Hakem leads. Each seat must follow the led suit when it can, else plays any card. The
  highest trump wins the trick, else the highest card of the led suit; the winner leads next.
- A hand ends as soon as a team has 7 tricks. That team scores 1 hand; Kot (کوت, 7–0) scores 2
  hands for the Hakem's team and 3 for the other team (the reverse Kot).
- Bam (بام): a team that reaches 7–0 may insist on playing on (``bam``) or stop (``stop``,
  scoring the Kot). If it then takes all 13 tricks it wins the whole match at once. The seed does
  not say what a failed Bam costs; here the hand ends at the first lost trick and scores 1 hand
  instead of the Kot, so insisting is a real gamble. The seat that won the seventh trick decides.
- The Hakem stays while his team wins the hand; otherwise the seat after him (his right, of the
  winning team) becomes Hakem.
- A set is won by the first team to 7 hands; the match by the first team to ``sets`` sets.

Three seats (published: wumbagic.com/hokm, "3 Players game")
------------------------------------------------------------
- One two is taken out (here always the two of clubs, laid aside face up for all to see), leaving
  51 cards, 17 each; everyone plays for himself (no teams).
- The Hakem is chosen as with four (draw or first ace); he gets 5 cards first and names trump from
  them; then 4, 4 and 4 each round the table. He leads; following and winning tricks as with four.
- The source stops there; what follows is ours, each the nearest thing to the four-seat rule. The
  hand ends as soon as a player has 6 tricks (the smallest number only one player can reach: 17
  tricks cannot be shared 5, 5, 5 or less, so the race always has a single winner, as 7 of 13 does
  for two teams). The winner scores 1 hand; Kot (6–0–0) 2 hands for the Hakem and 3 for another
  player; Bam at 6–0–0 means playing on for all 17 tricks (the whole match), a failed Bam ending
  at the first trick lost for 1 hand. The Hakem stays while he wins; otherwise the winner of the
  hand becomes Hakem. 7 hands win a set and ``sets`` sets the match, as with four.

Two seats (published: the common Iranian draw, zhinam.github.io/resource_web_hokm/rules-2players)
---------------------------------------------------------------------------------------------
- The Hakem is chosen as with four. Each player gets 5 cards, the Hakem first, and the Hakem names
  trump from his five.
- Then the draw, the Hakem first, turn about: the player to draw looks at the top card of the
  stock (only he sees it) and either keeps it, and the next card goes face down to the discards
  without anyone seeing it, or discards it face down and takes the next card, whatever it is.
  Each turn uses two cards; after 8 turns each, both hold 13 and the 10 cards left in the stock
  stay there unseen. A player remembers the cards he looked at and threw away (a private fact,
  ``seen_discards``); nobody sees the other's discards.
- The source linked above deals the whole stock and has the Hakem throw 3 and the other 2 at the
  end; we follow the issue's form (stop at 13 each), which is the one Iranian players describe
  most and needs no extra discarding step.
- Play, the 7 tricks, Kot, reverse Kot, Bam and the sets are as with four (a "team" is one
  player). The Hakem stays while he wins; otherwise the other player becomes Hakem.

Claim (`game.claim`)
--------------------
A seat about to play may claim the rest of the hand: its side (its team with four seats, itself
otherwise) takes every trick until the hand ends (its seventh trick, or the thirteenth of a Bam;
at 7-0 the side then chooses Bam or stop as ever), whatever the others play, in every deal of
the cards it has not seen that fits the voids shown and, with two seats, the discards it looked
at (the stock and the discards, never played, are not told apart).

Options
-------
``sets`` 1, 2 or 3 (default 2; seed: "2 or 3", and "1, 2 or 3" in the detail), ``hakem`` "draw"
(default) or "first_ace", ``length`` "match" (default) or "hand" (one hand: the simulator's
unit). The seat count chooses the form: 4 (the seed's, the default), 3 or 2. ``deck`` stacks
shuffles (game.core): one list of the game's cards (52, or 51 with three seats), top first,
stacks the first hand's deal; a list of such lists stacks the Hakem draw (the seats draw from the
top, in turn from seat 0) and then each hand in order. With two seats the deal's order is: the
5 cards of each player (the Hakem's first), then the stock, top first.

Codes
-----
Cards ``AS TD 9H 2C`` (game.cards.french). Actions: ``trump S`` (the Hakem names trump: S H D C),
``play AS``, ``bam`` / ``stop`` (the 7–0 choice), and with two seats ``keep`` / ``discard`` (the
looked-at card). Refusals are `Reason`s with keys ``trump_first``, ``bam_or_stop``,
``draw_first``, ``play_card``, ``not_held`` (card) and ``follow`` (suit).

Zones: ``hand:<s>``, ``trick``, ``won:<s>`` (the tricks seat s took, face down), ``deck`` (the
stock); with two seats ``look`` (the card the drawing player looks at, seen by him only) and
``discard`` (face down); with three ``out`` (the two of clubs, face up).
Facts: trump, hakem, dealer, leader (the observation's ``teams``, from `Rules.default_teams`, is
None with two or three seats), tricks, hands in this set and sets per side (a side is a team
with four seats, a player otherwise: ``tricks``, ``hand_points``, ``sets`` with two sides,
``seat_tricks``, ``seat_hands``, ``seat_sets`` with three, since the table reads the first as a
pair; with three ``banked`` repeats the hands of this set, which the table shows beside each
name), the tricks of this hand (public: everyone watched them), the last trick, the score sheet;
with two seats ``seen_discards`` (the seat's own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import is_
from typing import NotRequired, TypedDict

from game.cards.french import RANK_VALUE, SUITS, deck
from game.core import (HAND_IDS, JSON, Action, Event, Option, Reason, Rules, State, Zone,
                       check_choice, check_entries, check_seat_fields, check_trick_seats)
from game.deal import Hidden, play_events
from game.registry import register
from game.shapes import (CardMoved, CardPassed, CardsMoved, Dealt, Moved, NoData, Observation, Play,
                         Result, Sheet, TableFacts, Trick)
from game.tricks import (SUIT, SUIT_NAMES, faces, fails_to_follow, hidden_deals, hidden_hands,
                         honour_voids, played, power_tables, refuse_play, round_the_table,
                         seat_hands, seat_zones, trick_leader, unseen_cards)
from game.tricks import shown_voids as voids_in
from game.tricks import trick_winner as winner_of

TEAMS = ((0, 2), (1, 3))
OUT3 = "2C"
"""The two taken out for three seats."""
DECK = deck()
"""The 52 cards, in a fixed order (never changed). Every table below and every deal holds these
very strings, so that looking a card up or finding it in a hand meets the same object first."""
PLAY = {c: Action("play", c) for c in DECK}
PLAY_OF = PLAY.__getitem__
"""``PLAY_OF(card)``: the play of ``card`` (the lookup bound once, not at every legal list)."""
FOLLOW = {s: {c: a for c, a in PLAY.items() if c[1] == s}.get for s in SUITS}
"""Per suit, the play of a card of that suit (``FOLLOW["H"](card)``), None for another suit."""
TRUMP = {s: Action("trump", s) for s in SUITS}
BAM = Action("bam")
STOP = Action("stop")
KEEP = Action("keep")
DISCARD = Action("discard")
_ACTIONS = {str(a): a for a in [*PLAY.values(), *TRUMP.values(), BAM, STOP, KEEP, DISCARD]}
TRICKS = {2: 13, 3: 17, 4: 13}
"""Tricks in a hand, by seat count."""
WIN_AT = {2: 7, 3: 6, 4: 7}
"""Tricks that win the hand, by seat count."""
DRAW_TURNS = 16
"""Turns of the two-seat draw: 8 each, 5 + 8 = 13 cards."""
CARDS = {n: [c for c in DECK if c != OUT3] if n == 3 else DECK for n in TRICKS}
"""The game's cards by seat count, in a fixed order (never changed: shuffles copy it)."""
WON_IDS = tuple(f"won:{s}" for s in range(4))
SEEN_BY = tuple((s,) for s in range(4))
"""What seat ``s`` alone sees (a zone, an event): ``SEEN_BY[s]``."""
ROUND = {n: [[(first + i) % n for i in range(n)] for first in range(n)] for n in TRICKS}
"""``ROUND[seats][first]``: the seats in play order from ``first``."""
OUT3_ZONE = Zone("out", "out", None, (OUT3,), "pile")
"""Three seats: the two of clubs laid aside, face up (a zone never changed, so made once)."""
ZONE_FORMS = {n: [*(((HAND_IDS[s], "hand", s), ("fan", SEEN_BY[s], None, None)) for s in range(n)),
                  (("trick", "trick", None), ("spread", None, None, None)),
                  *(((WON_IDS[s], "won", s), ("pile", (), None, None)) for s in range(n)),
                  (("deck", "deck", None), ("pile", (), None, None))]
              for n in TRICKS}
"""The zones every seat count has (the hands, the trick, the won piles, the stock), each as
the fields before its cards and those after."""
_zone = Zone._make
"""A `Zone` from all its fields in order: half the time of its constructor's defaults, and
observations build a dozen zones."""



# -- the events' data (`HokmRules.events`) ---------------------------------------------------
class HakemChosen(TypedDict):
    """The first Hakem found: the [seat, card] draws in order, ``how`` as the option says."""

    draws: list[Play]
    how: str


class Shuffled(TypedDict):
    """A hand begins: its number, its Hakem and the seat that deals."""

    hand: int
    hakem: int
    dealer: int


class Trumped(TypedDict):
    suit: str


class Side(TypedDict, total=False):
    """The side an end names: ``team`` with four seats, ``winner`` (a seat) otherwise."""

    team: int
    winner: int


class HandEnded(Side):
    """A hand won: ``kind`` ``win``, ``kot``, ``reverse_kot``, ``bam`` or ``bam_failed``, the
    hands it scores, each side's tricks."""

    kind: str
    points: int
    tricks: list[int]


class SetEnded(Side):
    """A set or the match won: the sets each side has."""

    sets: list[int]


EVENTS = {"hakem": HakemChosen, "shuffle": Shuffled, "deal": Dealt, "trump": Trumped,
          "look": CardPassed, "keep": Moved, "bury": Moved, "discard": Moved, "take": CardPassed,
          "play": CardMoved, "trick": CardsMoved, "bam": NoData, "claim": NoData,
          "hand_end": HandEnded, "set_end": SetEnded, "match_end": SetEnded}

# Events that carry nothing but the seat and a card or suit are made once and handed out again
# (`Event`: never changed once made): a hand would otherwise make some sixty of them.
PLAYED = play_events(PLAY, 4, "trick")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the trick."""
TRUMPED = [{t: Event("trump", s, Trumped(suit=t)) for t in SUITS} for s in range(4)]
DEALT_UNSEEN = {(n, count): [Event("deal", s, Dealt({"from": "deck", "to": HAND_IDS[s],
                                                     "count": count}),
                                   to=tuple(o for o in range(n) if o != s)) for s in range(n)]
                for n in TRICKS for count in (4, 5)}
"""``DEALT_UNSEEN[seats, count][seat]``: ``count`` cards dealt to ``seat``, as the others see it."""


def cards_for(seats: int) -> list[str]:
    """The game's cards, in a fixed order: 52, or 51 without the two of clubs for three seats."""
    return list(CARDS[seats])


POWER = power_tables(DECK, SUITS, SUITS)
"""``POWER[trump, led][card]``: the card's strength in a trick led in ``led`` with ``trump`` as
trump (`game.tricks.power_table`)."""


def trick_winner(cards: list[str], leader: int, trump: str, seats: int = 4) -> int:
    """The seat that wins ``cards`` (in play order from ``leader``) with ``trump`` as trump."""
    return winner_of(cards, leader, seats, POWER[trump, cards[0][1]])


def shown_voids(tricks: Iterable[tuple[int, Sequence[str]]], seats: int) -> list[set[str]]:
    """The suits each seat showed it lacks in ``tricks`` (leader and cards in play order, the
    trick being played too): `game.tricks.shown_voids`."""
    return voids_in(round_the_table(tricks, seats), seats)


COLUMNS = {n: ("hand", "hakem", "trump",
               *(("tricks 0-2", "tricks 1-3", "team") if n == 4 else
                 (*(f"tricks {s}" for s in range(n)), "winner")), "hands", "kind")
           for n in TRICKS}
"""The score sheet's column headings, by seat count."""


def sides_of(seats: int) -> int:
    """How many sides score: two teams with four seats, every player otherwise."""
    return 2 if seats == 4 else seats


class HokmFacts(TableFacts):
    """Hokm's facts: with two sides (two or four seats) the table's ``tricks``, ``hand_points``
    and ``sets``; with three seats each player's own, under the ``seat_`` keys below (the table
    reads ``tricks`` as a pair)."""

    dealer: int
    turn: int
    hand_no: int
    bam: bool
    """Whether the side at 7–0 chose to play on for Bam this hand."""
    winner: int | None
    """The side that won the match (a team with four seats, else a seat); None before."""
    history: list[Trick]
    """This hand's finished tricks, each [leader, its cards in the order played]."""
    seat_tricks: NotRequired[list[int]]
    """Three seats: the tricks each player took this hand."""
    seat_hands: NotRequired[list[int]]
    """Three seats: the hands each player won in this set."""
    seat_sets: NotRequired[list[int]]
    """Three seats: the sets each player won."""
    draws: NotRequired[int]
    """Two seats: draw turns taken this hand."""
    seen_discards: NotRequired[list[str]]
    """Two seats: the cards the looking seat looked at and threw away (none for a spectator)."""


class HokmObservation(Observation, HokmFacts):
    """A seat's view of a Hokm match: the frame, the table's facts and Hokm's own."""


class HokmRules(Rules):
    id = "hokm"
    names = {"fa": "حکم", "en": "Hokm", "ar": "حكم"}
    actions = _ACTIONS
    action_forms = "trump S, play AS, bam, stop, keep, discard"
    seat_counts = (4, 2, 3)
    teams = True
    direction = "anticlockwise"
    options = {
        "sets": Option("sets", 2, (1, 2, 3), "sets a team must win to win the match"),
        "hakem": Option("hakem", "draw", ("draw", "first_ace"), "how the first Hakem is chosen"),
        "length": Option("length", "match", ("match", "hand"), "a whole match or one hand"),
    }
    unit_options = {"length": "hand"}
    events = EVENTS

    def default_teams(self, seats: int) -> list[list[int]] | None:
        return list(map(list, TEAMS)) if seats == 4 else None

    def sample_state(self, observation: Observation, seed: int) -> HokmState:
        """Deal the cards ``observation``'s seat cannot see, honouring the voids tricks showed
        and, with two seats, the discards it saw."""
        return self.hidden(observation).world(seed)

    def worlds(self, observation: Observation) -> Callable[[int], HokmState]:
        return self.hidden(observation).world

    def hidden(self, observation: Observation) -> Hidden[HokmState]:
        """What the observing seat cannot see, the observation read once: a state of what it
        shows (the tricks, the won piles they make, the voids they showed), cloned for each
        world and dealt the unseen cards."""
        obs = self.narrow(observation, HokmObservation)
        me, n, zones = seat_zones(obs)
        s = HokmState(n, 0, dict(obs["options"]))
        s.phase = obs["phase"]
        s.trump = obs["trump"]
        hakem = obs["hakem"]
        if hakem is None:
            raise ValueError("a Hokm observation names its Hakem")
        s.hakem, s.leader, s.turn = hakem, trick_leader(obs), obs["turn"]
        if n == 3:
            tricks, hands, sets = obs["seat_tricks"], obs["seat_hands"], obs["seat_sets"]
        else:
            tricks, hands, sets = obs["tricks"], obs["hand_points"], obs["sets"]
        s.tricks, s.hand_points, s.sets = tricks[:], hands[:], sets[:]
        s.hand_no = obs["hand_no"]
        s.bam = obs["bam"]
        s.winner = obs["winner"]
        s.sheet = [list(r) for r in obs["sheet"]["rows"]]
        s.history = played(obs["history"])
        s.trick = faces(zones["trick"])
        s.won = [[] for _ in range(n)]
        for leader, cards in s.history:
            s.won[trick_winner(cards, leader, str(s.trump), n)].extend(cards)
        mine_seen = list(obs.get("seen_discards", []))
        unseen = unseen_cards(CARDS[n], obs["zones"], [*s.won, mine_seen])
        capacity = {"deck": len(zones["deck"]["cards"]), **hidden_hands(zones, me, n)}
        if n == 2:
            capacity["discard"] = len(zones["discard"]["cards"]) - len(mine_seen)
            look = zones["look"]["cards"]
            if look and look[0] is None:
                capacity["look"] = len(look)
        deals = hidden_deals(unseen, capacity, honour_voids(s.voids()), SUIT)
        if n == 2:
            s.draws = obs["draws"]
            s.seen[me] = mine_seen

        def deal(dealt: dict[str, list[str]], seed: int) -> HokmState:
            world = s.clone()
            world.seed = seed
            world.deck = dealt["deck"]
            world.hands = seat_hands(dealt, zones, me, n)
            if n == 2:
                world.discard = mine_seen + dealt["discard"]
                world.look = (dealt["look"] if "look" in capacity
                              else faces(zones["look"]))
            return world

        return Hidden(deals, deal, ("deck", "discard"))


class HokmState(State):
    FIELDS = ("phase", "hands", "deck", "trick", "won", "leader", "turn", "hakem", "trump",
              "tricks", "hand_points", "sets", "hand_no", "bam", "history", "sheet", "winner")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.sides = sides_of(seats)
        self.phase = "trump"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.deck: list[str] = []
        self.trick: list[str] = []
        self.won: list[list[str]] = [[] for _ in range(seats)]
        self.leader = self.turn = self.hakem = 0
        self.trump: str | None = None
        self.tricks = [0] * self.sides
        self.hand_points = [0] * self.sides
        self.sets = [0] * self.sides
        self.hand_no = 0
        self.bam = False
        self.history: list[tuple[int, list[str]]] = []
        self.sheet: list[list[JSON]] = []
        self.winner: int | None = None
        self.kept_zones: tuple[list[Zone], list[list[str]]] | None = None
        """What `zones` made last, and the lists it made them of (never changed, only replaced:
        clones share it)."""
        if seats == 2:  # the draw's own fields (left out elsewhere: a cheaper clone)
            self.look: list[str] = []
            """Two seats: the card the drawing player looks at (none or one)."""
            self.discard: list[str] = []
            self.seen: list[list[str]] = [[], []]
            """Two seats: the cards each player looked at and threw away."""
            self.draws = 0
            """Two seats: draw turns taken this hand."""

    def check_fields(self) -> None:
        check_choice(self, "phase", ("draw", "trump", "play", "bam", "over"))
        check_seat_fields(self, "leader", "turn", "hakem")
        check_choice(self, "trump", (None, *SUITS) if self.phase in ("trump", "over") else SUITS)
        check_entries(self, self.seats, "seat", "hands", "won")
        check_entries(self, self.sides, "side", "tricks", "hand_points", "sets", numbers=True)
        check_choice(self, "winner", (None, *range(self.sides)))
        if self.seats == 2:
            check_entries(self, 2, "seat", "seen")
            if type(self.draws) is not int or not 0 <= self.draws <= DRAW_TURNS:
                raise ValueError(f"draws counts the draw's turns, 0 to {DRAW_TURNS}, not "
                                 f"{self.draws!r}")

    def side(self, seat: int) -> int:
        """The side ``seat`` scores for: its team with four seats, itself otherwise."""
        return seat % 2 if self.seats == 4 else seat

    # -- dealing ------------------------------------------------------------------------
    def start(self) -> list[Event]:
        """Draw the first Hakem and deal the first hand."""
        if self.options["hakem"] == "first_ace":
            events = self._first_ace()
        else:
            events = self._draw_hakem()
        return events + self._deal()

    def _draw_hakem(self) -> list[Event]:
        pack = iter(self.shuffled(CARDS[self.seats], "hakem"))
        drawing: Sequence[int] = range(self.seats)
        draws: list[Play] = []
        while len(drawing) > 1:
            got = [(seat, next(pack)) for seat in drawing]
            draws += ([seat, card] for seat, card in got)
            top = max(RANK_VALUE[card[0]] for _, card in got)
            drawing = [seat for seat, card in got if RANK_VALUE[card[0]] == top]
        self.hakem = drawing[0]
        return [Event("hakem", self.hakem, HakemChosen({"draws": draws, "how": "draw"}))]

    def _first_ace(self) -> list[Event]:
        pack = self.shuffled(CARDS[self.seats], "hakem")[::-1]
        draws: list[Play] = []
        seat = 0
        while True:
            card = pack.pop()
            draws.append([seat, card])
            if card[0] == "A":
                break
            seat = (seat + 1) % self.seats
        self.hakem = seat
        return [Event("hakem", seat, HakemChosen({"draws": draws, "how": "first_ace"}))]

    def _deal(self) -> list[Event]:
        """Gather every card, shuffle (or stack), give 5 each from the Hakem on."""
        n = self.seats
        self.deck = self.shuffled(CARDS[n], "deal")
        self.hand_no += 1
        self.hands = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.trick, self.history = [], []
        self.tricks = [0] * self.sides
        self.trump, self.bam = None, False
        if n == 2:
            self.look, self.discard, self.seen, self.draws = [], [], [[], []], 0
        self.phase = "trump"
        self.leader = self.turn = self.hakem
        events = [Event("shuffle", None, Shuffled({"hand": self.hand_no, "hakem": self.hakem,
                                                  "dealer": (self.hakem + n - 1) % n}))]
        return events + self._give(5)

    def _give(self, count: int) -> list[Event]:
        """``count`` cards from the top of the deck to each seat, the Hakem first."""
        events: list[Event] = []
        n = self.seats
        deck = self.deck
        hands = self.hands
        unseen = DEALT_UNSEEN[n, count]
        start = 0
        for seat in ROUND[n][self.hakem]:
            got = deck[start:start + count]
            start += count
            hands[seat] += got
            dealt: Dealt = {"from": "deck", "to": HAND_IDS[seat], "count": count, "cards": got}
            events += (Event("deal", seat, dealt, SEEN_BY[seat]), unseen[seat])
        self.deck = deck[start:]
        return events

    def _look(self) -> list[Event]:
        """Two seats: the player to draw turns up the stock's top card for himself."""
        seat, other = self.turn, 1 - self.turn
        card, self.deck = self.deck[0], self.deck[1:]
        self.look = [card]
        return [Event("look", seat, CardPassed({"from": "deck", "to": "look", "card": card}),
                      to=(seat,)),
                Event("look", seat, CardPassed({"from": "deck", "to": "look"}), to=(other,))]

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn:
            return []
        phase = self.phase
        if phase == "play":
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                follow = list(filter(None, map(FOLLOW[trick[0][1]], hand)))
                if follow:
                    return follow
            return list(map(PLAY_OF, hand))
        if phase == "over":
            return []
        if phase == "trump":
            return list(TRUMP.values())
        if phase == "draw":
            return [KEEP, DISCARD]
        return [BAM, STOP]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "trump":
            return None if action.verb == "trump" else Reason(
                "trump_first", "the Hakem must name trump first")
        if self.phase == "bam":
            return None if action.verb in ("bam", "stop") else Reason(
                "bam_or_stop", "choose: play on for Bam, or stop")
        if self.phase == "draw":
            return None if action.verb in ("keep", "discard") else Reason(
                "draw_first", "keep or discard the card you looked at")
        hand = self.hands[seat]
        if (refused := refuse_play(action, hand)) is not None:
            return refused
        card = action.arg
        if self.trick:
            led = self.trick[0][1]
            if fails_to_follow(card, hand, led):
                return Reason("follow", f"you must follow suit: you hold {SUIT_NAMES[led]}",
                              suit=led)
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """A card played (nearly every action, so here); the other actions in `_decide`."""
        if action.verb != "play":
            return self._decide(seat, action)
        card = action.arg
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < self.seats:
            self.turn = (seat + 1) % self.seats
            return [PLAYED[seat][card]]
        return self._take_trick([PLAYED[seat][card]])

    def _decide(self, seat: int, action: Action) -> list[Event]:
        """Trump named, a card kept or thrown in the two-seat draw, Bam or stop."""
        if action.verb == "trump":
            self.trump = action.arg
            events = [TRUMPED[seat][action.arg]]
            if self.seats == 2:
                self.phase = "draw"
                return events + self._look()
            self.phase = "play"
            for _ in range(3 if self.seats == 3 else 2):
                events.extend(self._give(4))
            return events
        if action.verb in ("keep", "discard"):
            return self._draw(seat, action.verb == "keep")
        if action.verb == "bam":
            self.bam = True
            self.phase = "play"
            return [Event("bam", seat, NoData())]
        return self._end_hand()

    def _draw(self, seat: int, keep: bool) -> list[Event]:
        """Two seats: keep the looked-at card and bury the next unseen, or throw it and take
        the next."""
        other = 1 - seat
        looked, self.look = self.look[0], []
        nxt, self.deck = self.deck[0], self.deck[1:]
        if keep:
            self.hands[seat].append(looked)
            self.discard.append(nxt)
            events = [Event("keep", seat, Moved({"from": "look", "to": f"hand:{seat}"})),
                      Event("bury", seat, Moved({"from": "deck", "to": "discard"}))]
        else:
            self.discard.append(looked)
            self.seen[seat].append(looked)
            self.hands[seat].append(nxt)
            hand = f"hand:{seat}"
            events = [Event("discard", seat, Moved({"from": "look", "to": "discard"})),
                      Event("take", seat, CardPassed({"from": "deck", "to": hand, "card": nxt}),
                            to=(seat,)),
                      Event("take", seat, CardPassed({"from": "deck", "to": hand}), to=(other,))]
        self.draws += 1
        if self.draws == DRAW_TURNS:
            self.phase = "play"
            self.leader = self.turn = self.hakem
            return events
        self.turn = other
        return events + self._look()

    def _take_trick(self, events: list[Event]) -> list[Event]:
        """The trick is full: its winner takes it and leads, and the hand may end. ``events``
        are the last card's, to go first."""
        n = self.seats
        trick = self.trick
        leader = self.leader
        winner = winner_of(trick, leader, n, POWER[str(self.trump), trick[0][1]])
        side = self.side(winner)
        # history, won and the score lists are replaced, never changed: clones share them
        self.history = [*self.history, (leader, trick)]
        won = self.won
        won[winner] = won[winner] + trick
        taken_in: CardsMoved = {"cards": trick, "from": "trick", "to": WON_IDS[winner]}
        events.append(Event("trick", winner, taken_in))
        self.trick = []
        tricks = self.tricks
        taken = tricks[side] = tricks[side] + 1
        self.leader = self.turn = winner
        others = sum(tricks) - taken
        if self.bam:
            if others or taken == TRICKS[n]:
                return events + self._end_hand()
        elif taken == WIN_AT[n]:
            if others == 0:
                self.phase = "bam"
                return events
            return events + self._end_hand()
        return events

    def _end_hand(self) -> list[Event]:
        n = self.seats
        side = max(range(self.sides), key=lambda t: self.tricks[t])
        hakem_side = self.side(self.hakem)
        others = sum(self.tricks) - self.tricks[side]
        if self.bam and self.tricks[side] == TRICKS[n]:
            kind, points = "bam", 0
        elif self.bam:
            kind, points = "bam_failed", 1
        elif others == 0:
            kind, points = ("kot", 2) if side == hakem_side else ("reverse_kot", 3)
        else:
            kind, points = "win", 1
        self.sheet = [*self.sheet, [self.hand_no, self.hakem, self.trump, *self.tricks,
                                    side, points, kind]]
        who = None if n == 4 else side
        events = [Event("hand_end", who, HandEnded({**self._side(side), "kind": kind,
                                                    "points": points,
                                                    "tricks": list(self.tricks)}))]
        sets, hand_points = self.sets[:], self.hand_points[:]
        if kind == "bam":
            sets[side] = int(self.options["sets"])
        else:
            hand_points[side] = min(7, hand_points[side] + points)
            if hand_points[side] == 7:
                sets[side] += 1
                hand_points = [0] * self.sides
                events.append(Event("set_end", who, SetEnded({**self._side(side),
                                                               "sets": list(sets)})))
        self.sets, self.hand_points = sets, hand_points
        if side != hakem_side:
            self.hakem = (self.hakem + 1) % 4 if n == 4 else side
        if self.sets[side] >= int(self.options["sets"]) or self.options["length"] == "hand":
            self.phase = "over"
            self.winner = side
            return events + [Event("match_end", who, SetEnded({**self._side(side),
                                                                "sets": list(self.sets)}))]
        return events + self._deal()

    def _side(self, side: int) -> Side:
        """How an event names the winning side: ``team`` with four seats, ``winner`` (a seat)
        otherwise."""
        return {"team": side} if self.seats == 4 else {"winner": side}

    def zones(self) -> list[Zone]:
        """The zones, those of every seat count kept between calls (``kept_zones``): a zone
        shows one of the state's lists, which play changes in place or replaces, so a kept zone
        whose list is still the state's own is still right (an observation per decision of a
        search's playouts would otherwise make them all anew)."""
        n = self.seats
        lists = [*(self.hands[s] for s in range(n)), self.trick, *(self.won[s] for s in range(n)),
                 self.deck]  # a seat missing from a save is an IndexError, as restore expects
        kept = self.kept_zones
        if kept is None:
            kept = self.kept_zones = ([_zone(head + (cards,) + tail) for (head, tail), cards
                                       in zip(ZONE_FORMS[n], lists)], lists)
        elif not all(map(is_, kept[1], lists)):
            kept = self.kept_zones = ([zone if was is cards else _zone(head + (cards,) + tail)
                                       for zone, was, cards, (head, tail)
                                       in zip(kept[0], kept[1], lists, ZONE_FORMS[n])], lists)
        zs = kept[0][:]
        if n == 2:
            turn = self.turn
            zs.append(_zone(("look", "deck", turn, self.look, "row", SEEN_BY[turn], None, None)))
            zs.append(_zone(("discard", "out", None, self.discard, "pile", (), None, None)))
        elif n == 3:
            zs.append(OUT3_ZONE)
        return zs

    def voids(self) -> list[set[str]]:
        """The suits each seat has shown it lacks, by not following them this hand."""
        return shown_voids([*self.history, (self.leader, self.trick)], self.seats)

    def facts(self, seat: int | None) -> HokmFacts:
        n = self.seats
        options = self.options.copy()
        options.pop("deck", None)
        history = self.history
        facts: HokmFacts = {
            "options": options,
            "trump": self.trump, "hakem": self.hakem, "dealer": (self.hakem + n - 1) % n,
            "leader": self.leader, "turn": self.turn,
            "hand_no": self.hand_no, "bam": self.bam,
            "winner": self.winner,
            "history": [[leader, cards[:]] for leader, cards in history],
            "last_trick": history[-1][1][:] if history else [],
            "sheet": self.score_sheet(),
        }
        if n == 3:  # the table shows these beside each name (it reads tricks only as a pair)
            facts["seat_tricks"] = self.tricks[:]
            facts["seat_hands"] = self.hand_points[:]
            facts["seat_sets"] = self.sets[:]
            facts["banked"] = self.hand_points[:]
        else:
            facts["tricks"] = self.tricks[:]
            facts["hand_points"] = self.hand_points[:]
            facts["sets"] = self.sets[:]
        if n == 2:
            facts["draws"] = self.draws
            facts["seen_discards"] = self.seen[seat][:] if seat is not None else []
        return facts

    def observation(self, seat: int | None) -> HokmObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def score_sheet(self) -> Sheet:
        """The seed's sheet: a row per hand, the Hakem, trump, tricks, who won it and how."""
        return {"columns": list(COLUMNS[self.seats]), "rows": list(map(list, self.sheet))}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        n = self.seats
        teams = self.rules.default_teams(n)
        if self.winner is None:
            return {"winners": [], "points": [0] * n, "teams": teams}
        won = self.hand_points if self.options["length"] == "hand" else self.sets
        if n != 4:  # a match of one hand is scored in that hand's points, else in sets
            return {"winners": [self.winner], "points": list(won), "teams": None,
                    "sheet": self.score_sheet()}
        return {
            "winners": list(TEAMS[self.winner]),
            "points": [won[s % 2] for s in range(4)],
            "teams": teams,
            "team_points": list(won),
            "sheet": self.score_sheet(),
        }

    def deal_value(self, seat: int) -> float:
        """Hands won, a set counting 7 (`result` says only sets), the match's `State.WIN`, and
        the tricks of the hand (a thirteenth of a hand each): of the hand in play, or once a hand
        has ended, of that hand (the sheet's last row), so that a search playing a hand out
        tells a narrow loss from a heavy one."""
        us = seat % self.sides  # a team of four, else the seat itself
        tricks: Sequence[JSON] = self.tricks
        if not any(tricks) and self.sheet:
            tricks = self.sheet[-1][3:3 + self.sides]

        def standing(side: int) -> float:
            return 7 * self.sets[side] + self.hand_points[side] + int(tricks[side]) / 13

        value = standing(us) - max(standing(s) for s in range(self.sides) if s != us)
        if self.winner is not None:
            value += self.WIN if self.winner == us else -self.WIN
        return value

    TWO_SEAT_FIELDS = ("look", "discard", "seen", "draws")
    """What two seats keep besides (the stock's draw)."""

    def saved_fields(self) -> tuple[str, ...]:
        return self.FIELDS + self.TWO_SEAT_FIELDS if self.seats == 2 else self.FIELDS

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.history = played(d["history"])
        check_trick_seats(self, self.leader, self.turn, self.trick, self.phase == "play",
                          hakem=self.hakem)

    def clone(self) -> HokmState:
        """A copy that shares the lists play replaces rather than changes (the deck, history,
        sheet, hand points and sets, each seat's won cards) and copies the others."""
        c = HokmState.__new__(HokmState)
        d = self.__dict__.copy()
        d["hands"] = list(map(list.copy, self.hands))
        d["trick"] = self.trick[:]
        d["won"] = self.won[:]
        d["tricks"] = self.tricks[:]
        if self.seats == 2:
            d["look"] = self.look[:]
            d["discard"] = self.discard[:]
            d["seen"] = [x[:] for x in self.seen]
        d["opening"] = []
        c.__dict__ = d
        return c

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return (action.arg, "trick") if action.verb == "play" else None


RULES = register(HokmRules(), HokmState)
