"""Shelem (شلم), as seed 002 gives it: four seats in two teams, or the two-player form.

Rules (four seats)
------------------
- Teams: seats 0 and 2 against 1 and 3. Play runs anticlockwise ("to the right"): seat ``s`` is
  followed by ``(s + 1) % 4``. The first dealer is drawn by lot (by chance); the deal then
  passes to the right: the next dealer is the seat after the last one.
- The dealer gives 12 cards to the seat after him, 12 to the one opposite, 12 to the one before
  him, 4 face down to the middle (the widow) and the last 12 to himself: the last card of the
  pack is always his. (The seed writes "4 to the left"; 12 + 12 + 4 + 4 + 12 is 44, not 52:
  a slip for 12.)
- The auction starts at the seat after the dealer and runs round the table. A bid is a multiple
  of 5 from 100 to 165 and must be higher than the last; ``pass`` leaves this auction for good.
  When all but one have passed, the one left (who made the last bid) is the Hakem (حاکم) at that
  bid.
- All four pass (the seed is silent): option ``all_pass``. ``"last_bids"`` (default): the seed
  ends the auction "when three have passed", so the fourth seat is then the Hakem and must bid
  (100 or more); no deal is wasted and every deal is played, as the seed's sheet shows.
  ``"redeal"``: the same dealer gathers and deals again.
- The Hakem takes the widow (only he sees it), then lays 4 cards of his 16 away face down
  (``discard`` with 4 cards, one action); they count as his side's won cards, as one trick.
- The Hakem leads; the suit of his first card is trump for the deal. Then as in Hokm: follow
  the led suit when you can; the highest trump wins, else the highest card of the led suit; the
  winner leads.
- Counting: 5 a trick (13 with the laid-away cards), every ace and ten 10, every five 5: 165.
- Scoring: the Hakem's side scores what it took if it made its bid, else minus the bid; Yasa
  (یاسا): under 85 it scores minus 165 instead. Shelem (شلم): every trick, 330. The other side
  scores what it took. Only the Hakem's side can make Shelem: the cards laid away are its own
  (the seed says so), so the other side never takes every card.
- The match: the first side to ``target`` (1200; 660 and 330 are the seed's other usual
  targets) wins; both past it on the same deal: the higher wins, a tie goes to the Hakem's side.
  The seed is silent on a side that sinks: with ``minus_target="loses"`` (default) a side at
  minus the target or below loses at once (so a match always ends); ``"plays_on"`` ignores it.

The two-player form
-------------------
Seats 0 and 1, no teams (each side is one seat; ``teams`` is None). The dealer gives 12 to the
other, 12 to himself, then piles of 4 face down: one to the other, one to himself, one to the
other, one to himself, one to the other, the widow (4) to the middle, and the last pile to
himself. The auction is the same between the two (the seat after the dealer opens), and ends
when one passes. The Hakem takes the widow and lays 4 away. A trick has four cards: the leader
plays from his hand, the other from his hand; then (from the first trick on) the top card of
each of the six piles is face up; the leader plays one of his three pile tops, then the other
one of his. From hand, follow suit as usual; from the piles, follow the led suit if one of your
face-up tops has it, else any top. When a top is played the pile's next card turns up; an empty
pile is gone and the player plays from the piles left. The winner of the trick leads the next
from his hand. 12 tricks, counting and scoring as for four. The sheet's line is drawn after
every two deals.

Claim (`game.claim`)
--------------------
A seat about to play may claim the rest of the deal: its side takes every trick left, whatever
the others play, in every deal of the cards it has not seen that fits the voids shown (the cards
laid away, never played, are not told apart; with two seats, the cards its piles turn up may
differ from deal to deal, and it plays alike only where it may play the same cards). Its side
then takes every point still out, and the deal's score is decided.

Options
-------
``target`` 1200 (default), 660 or 330; ``all_pass`` "last_bids" (default) or "redeal";
``minus_target`` "loses" (default) or "plays_on"; ``length`` "match" (default) or "deal" (one
deal: the simulator's unit). ``deck`` stacks shuffles (game.core): each deal is one shuffle
tagged ``deal`` of the 52 cards, top first, dealt as above.

Codes
-----
Cards ``AS TD 5H`` (game.cards.french). Actions: ``bid 100`` .. ``bid 165`` (steps of 5),
``pass``, ``discard AS KD 5C 2H`` (pattern ``discard ?4``), ``play AS`` (from hand, or from a
pile top in the two-player form).

Zones: ``hand:<s>``, ``widow`` (face down), ``laid`` (the Hakem's 4 laid away, seen by him),
``trick``, ``won:<s>`` (tricks seat s took, face down; everyone watched them: see ``history``),
two-player: ``pile:<s>:<i>`` (i 0..2, top last; the top is shown once the piles are up).
Facts: options, dealer, deal_no, the auction (``auction``: [seat, bid or null for pass] in
order; ``passed`` per seat; ``high`` bid), hakem, bid, trump, leader, turn, ``taken`` (points
each side took in tricks this deal; the laid-away trick is added at the deal's end), scores,
history (the tricks: [leader, cards]), last trick, the sheet (columns: team 0+2, bid, team 1+3,
a ``line`` after every full round of dealers), winner; the Hakem alone also sees ``widow``
(the cards he took up) and ``laid_points``. ``result()`` gives ``teams`` for four; for two it
leaves the key out (``game.simulate`` iterates it), and ``points`` are each seat's side's score.

`sample_state` deals the unseen cards (other hands, the widow, the laid-away cards for all but
the Hakem, the face-down cards of the piles) honouring the suits a seat has shown void in hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NotRequired, TypedDict

from game.cards.french import SUITS, deck
from game.core import (JSON, Action, Event, IllegalAction, Option, Reason, Rules, State, Zone,
                       check_choice, check_entries, check_seat_fields, check_trick_seats, fill)
from game.deal import Hidden, play_events
from game.fast import make_clone
from game.registry import register
from game.shapes import (CardMoved, CardsMoved, Dealt, NoData, Observation, Result, Sheet,
                         TableFacts, Trick)
from game.tricks import (SUIT, SUIT_NAMES, best_card, faces, fails_to_follow, hidden_deals,
                         honour_voids, played, power_tables, shown_voids, trick_leader,
                         unseen_cards)

BIDS = tuple(range(100, 166, 5))
BID = {b: Action("bid", str(b)) for b in BIDS}
PASS = Action("pass")
PLAY = {c: Action("play", c) for c in deck()}
DISCARD = Action("discard", "?4")
_ACTIONS = {str(a): a for a in [*BID.values(), PASS, *PLAY.values(), DISCARD]}
ALL = frozenset(deck())
TOTAL = 165
SHEET_COLUMNS = ("0+2", "bid", "1+3", "hakem", "took 0+2", "took 1+3", "kind", "line")


def card_points(card: str) -> int:
    r = card[0]
    return 10 if r in "AT" else 5 if r == "5" else 0


POWER = power_tables(deck(), [*SUITS, None], SUITS)
"""``POWER[trump, led]``: the cards' strengths in a trick (`game.tricks.power_table`); trump
None before the first card names it."""


def trick_best(cards: list[str], trump: str | None) -> int:
    """The position in ``cards`` (in play order) of the card that wins them."""
    return best_card(cards, POWER[trump, cards[0][1]])


def order_of(n: int, leader: int) -> list[int]:
    """Who plays each card of a trick led by ``leader``: round the table, or for two
    leader, other (from hand), leader, other (from the piles)."""
    if n == 2:
        return [leader, 1 - leader, leader, 1 - leader]
    return [(leader + i) % n for i in range(n)]


def bid_of(entry: Sequence[int | None]) -> tuple[int, int | None]:
    """An entry of the auction as a state keeps it, (seat, bid or None for a pass), from the
    pair an observation or a save writes (`ValueError` for anything else)."""
    match entry:
        case [int(seat), int() | None as bid] if not isinstance(seat, bool):
            return seat, bid
    raise ValueError(f"an auction entry is [seat, bid or null], not {entry!r}")


def score_deal(took: int, bid: int) -> tuple[str, int, int]:
    """How a deal scores when the Hakem's side took ``took`` of 165 on ``bid``:
    (kind, the Hakem's side's points, the other side's points)."""
    other = TOTAL - took
    if took == TOTAL:  # every trick: one trick lost would give the others 5 at least
        return "shelem", 2 * TOTAL, 0
    if took >= bid:
        return "made", took, other
    if took < other:  # under 85: Yasa
        return "yasa", -TOTAL, other
    return "failed", -bid, other


# -- the events' data (`ShelemRules.events`) -------------------------------------------------
class Shuffled(TypedDict):
    """A deal begins: its number and the seat that deals."""

    deal: int
    dealer: int


class Bid(TypedDict):
    """A bid made (``bid``), or the auction won at it (``hakem``)."""

    bid: int


class Trumped(TypedDict):
    """Trump made: the suit of the Hakem's first card."""

    suit: str


class PilesUp(TypedDict):
    """Two seats: the piles' top cards turned up, as each seat's list of its piles' tops."""

    piles: list[list[str]]


class DealEnded(TypedDict):
    """A deal scored (`score_deal`): its ``kind``, the Hakem's ``bid``, the points each side
    ``took`` (the laid-away trick in), what the deal scores each side (``points``), the
    ``scores`` after it and the four cards the Hakem ``laid`` away."""

    kind: str
    bid: int
    took: list[int]
    points: list[int]
    scores: list[int]
    laid: list[str]


class MatchEnded(TypedDict):
    """The match won by side ``team`` (0: seats 0 and 2), with both sides' scores."""

    team: int
    scores: list[int]


EVENTS = {"shuffle": Shuffled, "deal": Dealt, "bid": Bid, "pass": NoData, "redeal": NoData,
          "hakem": Bid, "widow": Dealt, "discard": Dealt, "trump": Trumped, "play": CardMoved,
          "piles_up": PilesUp, "trick": CardsMoved, "claim": NoData, "deal_end": DealEnded,
          "match_end": MatchEnded}

PLAYED = play_events(deck(), 4, "trick")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the trick.
A card played from a pile (two seats) is an event made as it is played."""


class ShelemFacts(TableFacts):
    """Shelem's facts beyond the table's (the auction, its ``high`` bid, the Hakem and trump
    are the table's); the Hakem alone also sees ``widow`` and ``laid_points``."""

    dealer: int
    deal_no: int
    turn: int
    bid: int | None
    """The Hakem's contract, once the auction is won."""
    passed: list[bool]
    """Whether each seat has passed in this auction."""
    taken: list[int]
    """Points each side took in tricks this deal (the laid-away cards added at its end)."""
    scores: list[int]
    piles_up: bool
    """Two seats: whether the piles' top cards are turned up."""
    winner: int | None
    """The side that won the match; None before."""
    history: list[Trick]
    """This deal's finished tricks, each [leader, its cards in the order played]."""
    widow: NotRequired[list[str]]
    """The Hakem's: the widow's cards he took up."""
    laid_points: NotRequired[int]
    """The Hakem's: what his laid-away cards will count (5 for their trick), 0 before."""


class ShelemObservation(Observation, ShelemFacts):
    """A seat's view of a Shelem match: the frame, the table's facts and Shelem's own."""


class ShelemRules(Rules):
    id = "shelem"
    names = {"fa": "شلم", "en": "Shelem", "ar": "شلم"}
    seat_counts = (2, 4)
    teams = True
    direction = "anticlockwise"
    options = {
        "target": Option("target", 1200, (1200, 660, 330), "points that win the match"),
        "all_pass": Option("all_pass", "last_bids", ("last_bids", "redeal"),
                           "when every seat passes: the last must bid, or deal again"),
        "minus_target": Option("minus_target", "loses", ("loses", "plays_on"),
                               "a side at minus the target loses, or plays on"),
        "length": Option("length", "match", ("match", "deal"), "a whole match or one deal"),
    }
    unit_options = {"length": "deal"}
    events = EVENTS

    def default_teams(self, seats: int) -> list[list[int]] | None:
        return [[0, 2], [1, 3]] if seats == 4 else None

    def parse_action(self, code: str) -> Action:
        words = str(code).split()
        if words:
            words[0] = words[0].lower()
        if len(words) == 5 and words[0] == "discard":
            cards = [w.upper() for w in words[1:]]
            if all(c in ALL for c in cards):
                return Action("discard", " ".join(cards))
        if len(words) == 2 and words[0] == "play":
            words[1] = words[1].upper()
        action = _ACTIONS.get(" ".join(words))
        if action is None and words and words[0] == "bid" and len(words) == 2 \
                and words[1].isdigit():
            raise IllegalAction(f"no bid of {words[1]}: bids go in fives from 100 to 165")
        if action is None and words and words[0] == "discard" and len(words) != 5 \
                and all(w.upper() in ALL for w in words[1:]):
            raise IllegalAction("lay away exactly 4 cards")
        if action is None:
            raise IllegalAction(f"{code!r} is not a Shelem action "
                                "(bid 120, pass, discard AS KD 5C 2H, play AS)")
        return action

    def sample_state(self, observation: Observation, seed: int) -> ShelemState:
        """Deal the cards the seat cannot see, honouring voids shown and the widow it saw."""
        return self.hidden(observation).world(seed)

    def worlds(self, observation: Observation) -> Callable[[int], ShelemState]:
        return self.hidden(observation).world

    def hidden(self, observation: Observation) -> Hidden[ShelemState]:
        """What the observing seat cannot see, the observation read once: a state of what it
        shows (the auction, the tricks and the won piles they make, the voids they showed),
        cloned for each world and dealt the unseen cards."""
        obs = self.narrow(observation, ShelemObservation)
        n = obs["seats"]
        s = ShelemState(n, 0, dict(obs["options"]))
        s.phase = obs["phase"]
        s.trump = obs["trump"]
        s.winner = obs["winner"]
        s.dealer, s.turn, s.leader = obs["dealer"], obs["turn"], trick_leader(obs)
        s.hakem, s.bid, s.deal_no = obs["hakem"], obs["bid"], obs["deal_no"]
        s.up = obs["piles_up"]
        s.auction = [bid_of(a) for a in obs["auction"]]
        s.passed = list(obs["passed"])
        s.taken = list(obs["taken"])
        s.scores = list(obs["scores"])
        s.sheet = [list(r) for r in obs["sheet"]["rows"]]
        s.history = played(obs["history"])
        s.seen_widow = list(obs.get("widow", []))
        zones = {z["id"]: z for z in obs["zones"]}
        s.trick = faces(zones["trick"])
        s.won = [[] for _ in range(n)]
        for leader, cards in s.history:
            s.won[order_of(n, leader)[trick_best(cards, s.trump)]].extend(cards)
        unseen = unseen_cards(ALL, obs["zones"], s.won)
        capacity: dict[str, int] = {}
        for zid, z in zones.items():
            if not zid.startswith("won:") and zid != "trick":
                holes = sum(1 for c in z["cards"] if c is None)
                if holes:
                    capacity[zid] = holes
        # the cards of a place with hidden ones are all replaced by the world's deal
        s.hands = [faces(zones[f"hand:{x}"]) for x in range(n)]
        s.widow, s.laid = faces(zones["widow"]), faces(zones["laid"])
        if n == 2:
            s.piles = [[faces(zones[f"pile:{x}:{i}"]) for i in range(3)] for x in range(2)]
        deals = hidden_deals(unseen, capacity, honour_voids(s.voids()), SUIT)

        def deal(dealt: dict[str, list[str]], seed: int) -> ShelemState:
            world = s.clone()
            world.seed = seed
            for zid, cards in dealt.items():  # the zones with hidden cards
                got = iter(cards)
                full = [c if c is not None else next(got) for c in zones[zid]["cards"]]
                kind, *at = zid.split(":")
                if kind == "hand":
                    world.hands[int(at[0])] = full
                elif kind == "pile":
                    world.piles[int(at[0])][int(at[1])] = full
                else:
                    setattr(world, kind, full)  # the widow, the laid-away cards
            return world

        return Hidden(deals, deal, ("widow", "laid"))


class ShelemState(State):
    FIELDS = ("phase", "trump", "winner", "dealer", "turn", "leader", "hakem", "bid", "deal_no",
              "up", "hands", "piles", "widow", "laid", "trick", "seen_widow", "won", "auction",
              "passed", "taken", "scores", "history", "sheet")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "bid"
        self.dealer = 0
        self.turn = 0
        self.leader = 0
        self.hakem: int | None = None
        self.bid: int | None = None
        self.deal_no = 0
        self.up = False
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.piles: list[list[list[str]]] = [[[], [], []] for _ in range(seats)] \
            if seats == 2 else []
        self.widow: list[str] = []
        self.laid: list[str] = []
        self.seen_widow: list[str] = []
        self.trick: list[str] = []
        self.won: list[list[str]] = [[] for _ in range(seats)]
        self.auction: list[tuple[int, int | None]] = []
        self.passed = [False] * seats
        self.trump: str | None = None
        self.taken = [0, 0]
        self.scores = [0, 0]
        self.history: list[tuple[int, list[str]]] = []
        self.sheet: list[list[JSON]] = []
        self.winner: int | None = None

    def check_fields(self) -> None:
        check_choice(self, "phase", ("bid", "discard", "play", "over"))
        check_seat_fields(self, "dealer", "turn", "leader")
        playing = self.phase in ("discard", "play")
        check_seat_fields(self, "hakem", none=not playing)
        if not ((self.bid is None and not playing) or type(self.bid) is int):
            raise ValueError(f"bid is the Hakem's bid{'' if playing else ' or none'}, not "
                             f"{self.bid!r}")
        check_choice(self, "trump", (None, *SUITS))
        check_entries(self, self.seats, "seat", "hands", "won", "passed")
        check_entries(self, 2, "side", "taken", "scores", numbers=True)
        check_choice(self, "winner", (None, 0, 1))
        check_entries(self, 2 if self.seats == 2 else 0, "seat of two", "piles")
        check_trick_seats(self, self.leader, self.turn, self.trick, self.phase == "play")

    def start(self) -> list[Event]:
        self.dealer = self.chance("dealer").randrange(self.seats)
        return self.deal()

    # -- dealing ------------------------------------------------------------------------
    def deal(self) -> list[Event]:
        """Shuffle (or stack) the 52 cards and deal them as the seed says, from the dealer."""
        n = self.seats
        cards = self.shuffled(deck(), "deal")
        self.deal_no += 1
        self.hands = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.trick, self.history, self.laid, self.seen_widow = [], [], [], []
        self.auction, self.passed = [], [False] * n
        self.hakem = self.bid = self.trump = None
        self.taken = [0, 0]
        self.up = False
        self.phase = "bid"
        events = [Event("shuffle", None, Shuffled({"deal": self.deal_no, "dealer": self.dealer}))]
        d = self.dealer
        pos = 0

        def take(count: int) -> list[str]:
            nonlocal pos
            got = cards[pos:pos + count]
            pos += count
            return got

        def give(seat: int, got: list[str], zone: str) -> None:
            """The events of ``got`` dealt to ``zone``: a hand's cards named to its seat (a copy:
            the hand changes in play, an event never does), a pile's counted to everyone."""
            counted = Dealt({"from": "deck", "to": zone, "count": len(got)})
            if zone.startswith("hand:"):
                events.append(Event("deal", seat, Dealt({**counted, "cards": list(got)}),
                                    to=(seat,)))
                events.append(Event("deal", seat, counted,
                                    to=tuple(x for x in range(n) if x != seat)))
            else:
                events.append(Event("deal", seat, counted))

        if n == 4:
            for i in (1, 2, 3):
                seat = (d + i) % 4
                self.hands[seat] = take(12)
                give(seat, self.hands[seat], f"hand:{seat}")
            self.widow = take(4)
            events.append(Event("deal", None, Dealt({"from": "deck", "to": "widow", "count": 4})))
            self.hands[d] = take(12)
            give(d, self.hands[d], f"hand:{d}")
        else:
            o = 1 - d
            self.piles = [[[], [], []], [[], [], []]]
            self.hands[o] = take(12)
            give(o, self.hands[o], f"hand:{o}")
            self.hands[d] = take(12)
            give(d, self.hands[d], f"hand:{d}")
            for i in range(3):
                self.piles[o][i] = take(4)
                give(o, self.piles[o][i], f"pile:{o}:{i}")
                if i < 2:
                    self.piles[d][i] = take(4)
                    give(d, self.piles[d][i], f"pile:{d}:{i}")
            self.widow = take(4)
            events.append(Event("deal", None, Dealt({"from": "deck", "to": "widow", "count": 4})))
            self.piles[d][2] = take(4)
            give(d, self.piles[d][2], f"pile:{d}:2")
        self.turn = self.leader = (d + 1) % n
        return events

    def as_dealt(self) -> ShelemState:
        """A copy of this four-seat state at this deal's deal (the cards played and laid away
        back in the hands they came from, the widow back in the middle, nothing bid), from which
        `deal_actions` replays the deal to this state. A search replays the deal so in a world
        it deals (`Bot.misfits`). Only the Hakem knows which of his sixteen cards were the
        widow: where this state does not (``seen_widow`` empty: a world dealt for another seat),
        four he laid away stand in for them (before he lays any, the last four of his hand), so
        his hand at the auction is a guess."""
        assert self.seats == 4, "the two-seat deal's piles are not replayed"
        state = self.clone()
        for leader, cards in [*self.history, (self.leader, self.trick)]:
            for seat, card in zip(order_of(4, leader), cards):
                state.hands[seat].append(card)
        if self.hakem is not None:
            held = state.hands[self.hakem]
            held += self.laid
            widow = self.seen_widow or self.laid or held[-4:]
            state.hands[self.hakem] = [c for c in held if c not in widow]
            state.widow = list(widow)
        state.trick, state.history, state.laid, state.seen_widow = [], [], [], []
        state.won = [[] for _ in range(4)]
        state.auction, state.passed = [], [False] * 4
        state.hakem = state.bid = state.trump = None
        state.taken = [0, 0]
        state.phase = "bid"
        state.turn = state.leader = (self.dealer + 1) % 4
        return state

    def deal_actions(self) -> list[tuple[int, Action]]:
        """This deal's actions so far, in order: the auction's bids and passes, the Hakem's
        laying away, the cards played."""
        out = [(seat, PASS if bid is None else BID[bid]) for seat, bid in self.auction]
        if self.laid and self.hakem is not None:
            out.append((self.hakem, fill(DISCARD, self.laid)))
        for leader, cards in [*self.history, (self.leader, self.trick)]:
            out += [(seat, PLAY[card]) for seat, card in zip(order_of(self.seats, leader), cards)]
        return out

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def high(self) -> int:
        return max((b for _, b in self.auction if b is not None), default=0)

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase == "over":
            return []
        if self.phase == "bid":
            high = self.high()
            bids = [BID[b] for b in BIDS if b > high]
            if self.must_bid():
                return bids
            return [*bids, PASS]
        if self.phase == "discard":
            return [DISCARD]
        return [PLAY[c] for c in self.playable(seat)]

    def must_bid(self) -> bool:
        """All the others passed and nobody bid: under "last_bids" this seat must bid."""
        return (self.options["all_pass"] == "last_bids" and self.high() == 0
                and sum(self.passed) == self.seats - 1)

    def from_piles(self) -> bool:
        return self.seats == 2 and len(self.trick) >= 2

    def tops(self, seat: int) -> list[str]:
        return [p[-1] for p in self.piles[seat] if p]

    def playable(self, seat: int) -> list[str]:
        source = self.tops(seat) if self.from_piles() else self.hands[seat]
        if self.trick:  # game.tricks.follow_suit written out: a legal list a decision (-1%)
            led = self.trick[0][1]
            follow = [c for c in source if c[1] == led]
            if follow:
                return follow
        return list(source)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "bid":
            if action.verb == "pass":
                return Reason("must_bid", "you must bid: everyone else passed") \
                    if self.must_bid() else None
            if action.verb != "bid":
                return Reason("bid_or_pass", "bid or pass")
            high = self.high()
            if int(action.arg) <= high:
                return Reason("bid_higher", "bid more than {n}", n=high)
            return None
        if self.phase == "discard":
            if action.verb != "discard":
                return Reason("discard_first", "lay {n} cards away first", n=4)
            cards = action.arg.split()
            if len(cards) != 4 or len(set(cards)) != 4:
                return Reason("discard_four", "lay away exactly {n} different cards", n=4)
            missing = [c for c in cards if c not in self.hands[seat]]
            if missing:
                return Reason("not_held", "you do not hold {card}", card=missing[0])
            return None
        if action.verb != "play":
            return Reason("play_card", "play a card")
        card = action.arg
        if self.from_piles():
            source = self.tops(seat)
            if card not in source:
                return Reason("not_on_top", "{card} is not on top of one of your piles", card=card)
        else:
            source = self.hands[seat]
            if card not in source:
                return Reason("not_held", "you do not hold {card}", card=card)
        if self.trick:
            led = self.trick[0][1]
            if fails_to_follow(card, source, led):
                if self.from_piles():
                    return Reason("follow_piles", "you must follow suit: you have "
                                  + SUIT_NAMES[led] + " on your piles", suit=led)
                return Reason("follow", "you must follow suit: you have " + SUIT_NAMES[led]
                              + " in hand", suit=led)
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb in ("bid", "pass"):
            return self._bid(seat, int(action.arg) if action.verb == "bid" else None)
        if action.verb == "discard":
            return self._discard(seat, action.arg.split())
        return self._play(seat, action.arg)

    def _bid(self, seat: int, bid: int | None) -> list[Event]:
        n = self.seats
        self.auction.append((seat, bid))
        if bid is None:
            self.passed[seat] = True
            events = [Event("pass", seat, NoData())]
        else:
            events = [Event("bid", seat, Bid(bid=bid))]
        left = [x for x in range(n) if not self.passed[x]]
        high = self.high()
        if not left:  # everyone passed: deal again (option all_pass="redeal")
            return events + [Event("redeal", self.dealer, NoData())] + self.deal()
        if len(left) == 1 and high:
            return events + self._won_auction(left[0], high)
        nxt = (seat + 1) % n
        while self.passed[nxt]:
            nxt = (nxt + 1) % n
        self.turn = nxt
        return events

    def _won_auction(self, seat: int, bid: int) -> list[Event]:
        self.hakem, self.bid = seat, bid
        self.seen_widow = list(self.widow)
        self.hands[seat].extend(self.widow)
        self.widow = []
        self.phase = "discard"
        self.turn = self.leader = seat
        taken = Dealt({"from": "widow", "to": f"hand:{seat}", "count": 4})
        return [Event("hakem", seat, Bid(bid=bid)),
                Event("widow", seat, Dealt({**taken, "cards": list(self.seen_widow)}),
                      to=(seat,)),
                Event("widow", seat, taken, to=tuple(x for x in range(self.seats) if x != seat))]

    def _discard(self, seat: int, cards: list[str]) -> list[Event]:
        for c in cards:
            self.hands[seat].remove(c)
        self.laid = list(cards)
        self.phase = "play"
        laid = Dealt({"from": f"hand:{seat}", "to": "laid", "count": 4})
        return [Event("discard", seat, Dealt({**laid, "cards": list(cards)}), to=(seat,)),
                Event("discard", seat, laid, to=tuple(x for x in range(self.seats) if x != seat))]

    def _play(self, seat: int, card: str) -> list[Event]:
        n = self.seats
        events: list[Event] = []
        if self.from_piles():
            pile = next(i for i, p in enumerate(self.piles[seat]) if p and p[-1] == card)
            self.piles[seat][pile].pop()
            played = Event("play", seat, CardMoved({"card": card, "from": f"pile:{seat}:{pile}",
                                                    "to": "trick"}))
        else:
            self.hands[seat].remove(card)
            played = PLAYED[seat][card]
        if self.trump is None:
            self.trump = card[1]
            events.append(Event("trump", seat, Trumped(suit=card[1])))
        self.trick.append(card)
        events.append(played)
        order = order_of(n, self.leader)
        if n == 2 and len(self.trick) == 2 and not self.up:
            self.up = True
            events.append(Event("piles_up", None, PilesUp(
                piles=[[p[-1] for p in self.piles[x] if p] for x in range(2)])))
        if len(self.trick) < len(order):
            self.turn = order[len(self.trick)]
            return events
        winner = order[best_card(self.trick, POWER[self.trump, self.trick[0][1]])]
        side = winner % 2
        self.taken[side] += 5 + sum(card_points(c) for c in self.trick)
        self.history.append((self.leader, self.trick))
        self.won[winner].extend(self.trick)
        events.append(Event("trick", winner, CardsMoved({"cards": self.trick, "from": "trick",
                                                         "to": f"won:{winner}"})))
        self.trick = []
        self.leader = self.turn = winner
        if not self.hands[winner]:
            return events + self._end_deal()
        return events

    def _end_deal(self) -> list[Event]:
        assert self.hakem is not None and self.bid is not None
        side = self.hakem % 2
        took = list(self.taken)
        took[side] += 5 + sum(card_points(c) for c in self.laid)
        kind, mine, theirs = score_deal(took[side], self.bid)
        delta = [0, 0]
        delta[side], delta[1 - side] = mine, theirs
        self.scores = [self.scores[i] + delta[i] for i in range(2)]
        round_done = (len(self.sheet) + 1) % self.seats == 0
        self.sheet.append([self.scores[0], self.bid, self.scores[1], self.hakem, took[0],
                           took[1], kind, round_done])
        events = [Event("deal_end", self.hakem, DealEnded({
            "kind": kind, "bid": self.bid, "took": took, "points": delta,
            "scores": list(self.scores), "laid": list(self.laid)}))]
        target = int(self.options["target"])
        winner: int | None = None
        if max(self.scores) >= target:
            if self.scores[0] == self.scores[1]:
                winner = side
            else:
                winner = 0 if self.scores[0] > self.scores[1] else 1
        elif self.options["minus_target"] == "loses" and min(self.scores) <= -target:
            if self.scores[0] == self.scores[1]:
                winner = 1 - side
            else:
                winner = 0 if self.scores[0] > self.scores[1] else 1
        elif self.options["length"] == "deal":
            winner = side if self.scores[side] >= self.scores[1 - side] else 1 - side
        if winner is not None:
            self.phase = "over"
            self.winner = winner
            return events + [Event("match_end", None, MatchEnded({"team": winner,
                                                                  "scores": list(self.scores)}))]
        self.dealer = (self.dealer + 1) % self.seats
        return events + self.deal()

    def zones(self) -> list[Zone]:
        n = self.seats
        zs = [Zone(f"hand:{s}", "hand", s, self.hands[s], "fan", (s,)) for s in range(n)]
        if n == 2:
            for s in range(2):
                for i, p in enumerate(self.piles[s]):
                    shown = [False] * len(p)
                    if p and self.up:
                        shown[-1] = True
                    zs.append(Zone(f"pile:{s}:{i}", "deck", s, p, "pile", (), shown))
        zs.append(Zone("widow", "deck", None, self.widow, "pile", ()))
        zs.append(Zone("laid", "won", self.hakem, self.laid, "pile",
                       (self.hakem,) if self.hakem is not None else ()))
        zs.append(Zone("trick", "trick", None, self.trick, "spread"))
        zs.extend(Zone(f"won:{s}", "won", s, self.won[s], "pile", ()) for s in range(n))
        return zs

    def voids(self) -> list[set[str]]:
        """The suits each seat has shown it lacks in hand, by not following them."""
        n = self.seats
        hand_plays = 2 if n == 2 else 4  # with two, the last two cards come from the piles
        return shown_voids([(order_of(n, leader)[:hand_plays], cards)
                            for leader, cards in [*self.history, (self.leader, self.trick)]], n)

    def facts(self, seat: int | None) -> ShelemFacts:
        out: ShelemFacts = {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "dealer": self.dealer, "deal_no": self.deal_no, "turn": self.turn,
            "leader": self.leader, "hakem": self.hakem, "bid": self.bid, "trump": self.trump,
            "auction": [[s, b] for s, b in self.auction], "passed": list(self.passed),
            "high": self.high(), "taken": list(self.taken), "scores": list(self.scores),
            "piles_up": self.up, "winner": self.winner,
            "history": [[leader, list(cards)] for leader, cards in self.history],
            "last_trick": list(self.history[-1][1]) if self.history else [],
            "sheet": self.score_sheet(),
        }
        if seat is not None and seat == self.hakem:
            out["widow"] = list(self.seen_widow)
            out["laid_points"] = (5 + sum(card_points(c) for c in self.laid)) if self.laid \
                else 0
        return out

    def observation(self, seat: int | None) -> ShelemObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def score_sheet(self) -> Sheet:
        """The seed's three columns: side 0+2's total, the bid, side 1+3's total; a line
        after every full round of dealers; then the Hakem, what each side took and how."""
        columns = list(SHEET_COLUMNS)
        if self.seats == 2:
            columns[0], columns[2], columns[4], columns[5] = "0", "1", "took 0", "took 1"
        return {"columns": columns, "rows": [list(r) for r in self.sheet]}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        n = self.seats
        teams = self.rules.default_teams(n)
        out: Result = {"winners": [], "points": [self.scores[s % 2] for s in range(n)],
                       "team_points": list(self.scores), "sheet": self.score_sheet()}
        if teams is not None:  # for two there are no teams (game.simulate wants a list or none)
            out["teams"] = teams
        if self.winner is not None:
            out["winners"] = [s for s in range(n) if s % 2 == self.winner]
        return out

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.auction = [bid_of(a) for a in d["auction"]]
        self.history = played(d["history"])

    clone = make_clone(nested=("hands", "won"), deeper=("piles",),
                       flat=("widow", "laid", "trick", "auction", "passed", "taken", "scores",
                             "history", "sheet"))

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        if action.verb == "play":
            return (action.arg, "trick")
        return None


__all__ = [
    "RULES",
    "IllegalAction",
    "ShelemRules",
    "ShelemState",
    "card_points",
    "score_deal",
    "trick_best",
]


RULES = register(ShelemRules(), ShelemState)
