"""Ghahve (قهوه), as seed 002 gives it: Spades-like contracts with two jokers, four seats.

Rules
-----
- Teams: seats 0 and 2 against 1 and 3. Play runs anticlockwise ("to the right"): seat ``s`` is
  followed by ``(s + 1) % 4``.
- The pack: 52 cards, the coloured joker ``XR`` and the black joker ``XB`` in place of 2♦ and
  2♥. Spades are always trump. ``XR`` is the highest card, ``XB`` the next; both beat A♠.
- The first dealer is drawn by lot. He deals as in Hokm (5, 4, 4 each, from the seat on his
  right), 13 cards each. He keeps the deal until his team is ahead on points (strictly); then
  the deal passes to his right.
- Bids: from the dealer's right, each seat once says how many tricks it will take, at least 2
  (``bid 2`` ...). A team's contract is the sum of its two bids. The seed sets no upper bound;
  here a team may not contract more than 13 tricks, so a first bidder of a team bids 2–11 and
  his partner at most 13 minus the first bid.
- Play: the seat on the dealer's right leads. Play is as in Hokm (follow the led suit when you
  can; the highest spade wins, else the highest card of the led suit; the winner leads), but a
  joker may be played at any time, even when one could follow suit. A joker counts as a trump:
  it wins the trick (``XR`` over ``XB``). Leading a joker (the seed is silent) calls for spades:
  the others must follow with a spade if they hold one (or play a joker).
- ``XR`` may not be played while ``XB`` is still unplayed. ``XB`` must be played by the tenth
  trick: if its holder still holds it when he plays to the tenth trick, ``XB`` is his only legal
  card (the seed says only that it "must" be played by then; this is how the rules force it).
- Scoring per deal: a team that takes at least its contract scores 10 per contracted trick plus
  1 per overtrick; one that takes fewer scores −10 × its contract.
- The match ends when a team reaches ``target`` (501 or 1001, the seed's two) at the end of a
  deal; the higher score wins (a tie at the top plays on). The seed is silent on losses without
  end; as in Spades, which the seed names as the model, a team that falls to −``target`` or
  below loses at once (the other wins), so the match always ends.

Claim (`game.claim`)
--------------------
A seat about to play may claim the rest of the deal: its team takes every trick left, whatever
the others play (jokers and all), in every deal of the cards it has not seen that fits the voids
shown. The deal's contracts and overtricks are then decided.

Options
-------
``target`` 501 (default) or 1001; ``length`` "match" (default) or "deal" (one deal: the
simulator's unit; the team with more points wins it, equal points are a draw with no winner).
``deck`` stacks shuffles (game.core): one list of the 52 codes, top first,
stacks the first deal; a list of lists stacks each deal in order.

Codes
-----
Cards ``AS TD 9H 3C XR XB`` (game.cards.french). Actions: ``bid 2`` ... ``bid 11``/``bid 13``,
``play AS``.

Zones: ``hand:<s>``, ``trick``, ``won:<s>`` (face down), ``deck`` (empty after the deal).
Facts: dealer, leader, turn, bids per seat, team contracts, tricks per team and per seat,
jokers played, team scores, deal number, the tricks of this deal, the last trick, the score
sheet (a row per deal: contracts, tricks, points, scores).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from game.cards.french import RANK_VALUE, SUITS
from game.core import (JSON, Action, Event, Option, Reason, Rules, State, Zone, check_choice,
                       check_entries, check_seat_fields, check_trick_seats)
from game.deal import Hidden, play_events
from game.fast import make_clone
from game.registry import register
from game.shapes import (CardMoved, CardsMoved, Dealt, NoData, Observation, Result, Sheet,
                         TableFacts, Trick)
from game.tricks import (SUIT_NAMES, faces, fails_to_follow, follow_suit, hidden_deals,
                         hidden_hands, honour_voids, played, power_tables, refuse_play,
                         round_the_table, seat_hands, seat_zones, shown_voids, trick_leader,
                         unseen_cards)
from game.tricks import trick_winner as winner_of

TEAMS = ((0, 2), (1, 3))
SHEET_COLUMNS = ("deal", "dealer", "contract 0-2", "contract 1-3", "tricks 0-2", "tricks 1-3",
                 "points 0-2", "points 1-3", "score 0-2", "score 1-3")
PACK = [r + s for s in "SHDC" for r in "23456789TJQKA" if r + s not in ("2D", "2H")] + ["XR", "XB"]
PLAY = {c: Action("play", c) for c in PACK}
BID = {n: Action("bid", str(n)) for n in range(2, 14)}
_ACTIONS = {str(a): a for a in [*PLAY.values(), *BID.values(),
                                 Action("bid", "0"), Action("bid", "1")]}
"""Parsing knows ``bid 0`` and ``bid 1`` so that the refusal can say why."""
POWER = {**{c: RANK_VALUE[c[0]] for c in PACK if c[0] != "X"}, "XB": 15, "XR": 16}


WILD = "X"
"""The jokers' rank letter: wild for following (`game.tricks.follow_suit`), never showing a void."""


def suit_of(card: str, trump: str | None = None) -> str:
    """The suit a card counts as: jokers count as spades (trump)."""
    return "S" if card[0] == "X" else card[1]


def rank_of(card: str, trump: str | None = None) -> int:
    """A card's rank in its suit: the jokers above the ace of spades, the black one lower."""
    return POWER[card]


TRICK_POWER = power_tables(PACK, ["S"], SUITS, suit_of, rank_of)
"""``TRICK_POWER["S", led]``: the cards' strengths in a trick led in ``led`` (a joker led calls
spades), spades trump (`game.tricks.power_table`)."""


def trick_winner(cards: list[str], leader: int) -> int:
    """The seat that wins ``cards`` (in play order from ``leader``): jokers, spades, led suit."""
    return winner_of(cards, leader, 4, TRICK_POWER["S", suit_of(cards[0])])


# -- the events' data (`GhahveRules.events`) -------------------------------------------------
class DealerDrawn(TypedDict):
    """The first dealer found, ``how`` (``lot``: drawn by lot)."""

    how: str


class Shuffled(TypedDict):
    """A deal begins: its number and the seat that deals."""

    deal: int
    dealer: int


class Bid(TypedDict):
    """A seat's bid: the tricks it says it will take."""

    bid: int


class Contracts(TypedDict):
    """Every seat has bid: the two teams' contracts, as a list and each apart (``c02`` for seats
    0 and 2, ``c13`` for 1 and 3: the log names them)."""

    contracts: list[int]
    c02: int
    c13: int


class DealScored(TypedDict):
    """A deal scored: per team its contract, tricks, the points the deal gives and the score
    after it; the points and the scores each apart too (``p02``, ``s13``...: the log names
    them)."""

    contracts: list[int]
    tricks: list[int]
    points: list[int]
    scores: list[int]
    p02: int
    p13: int
    s02: int
    s13: int


class MatchEnded(TypedDict):
    """The match won by ``team`` (0: seats 0 and 2; None: a one-deal game drawn), with both
    teams' scores."""

    team: int | None
    scores: list[int]


EVENTS = {"dealer": DealerDrawn, "shuffle": Shuffled, "deal": Dealt, "bid": Bid,
          "contracts": Contracts, "play": CardMoved, "trick": CardsMoved, "claim": NoData,
          "deal_scored": DealScored, "match_end": MatchEnded}

PLAYED = play_events(PACK, 4, "trick")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the trick."""


class GhahveFacts(TableFacts):
    """Ghahve's facts beyond the table's (the bids per seat and ``tricks`` per team are the
    table's)."""

    dealer: int
    turn: int
    contracts: list[int]
    """Each team's contract: its two seats' bids added."""
    seat_tricks: list[int]
    """The tricks each seat took this deal."""
    jokers_played: list[str]
    """The jokers played this deal (``XB``, ``XR``), the black first."""
    scores: list[int]
    deal_no: int
    trick_no: int
    """The number (1–13) of the trick being played."""
    winner: int | None
    """The team that won the match; None before."""
    history: list[Trick]
    """This deal's finished tricks, each [leader, its cards in the order played]."""


class GhahveObservation(Observation, GhahveFacts):
    """A seat's view of a Ghahve match: the frame, the table's facts and Ghahve's own."""


class GhahveRules(Rules):
    id = "ghahve"
    deal_ends = frozenset({"deal_scored"})
    names = {"fa": "قهوه", "en": "Ghahve", "ar": "قهوة"}
    actions = _ACTIONS
    action_forms = "bid 3, play AS"
    seat_counts = (4,)
    teams = True
    direction = "anticlockwise"
    options = {
        "target": Option("target", 501, (501, 1001), "points a team needs to win the match"),
        "length": Option("length", "match", ("match", "deal"), "a whole match or one deal"),
    }
    unit_options = {"length": "deal"}
    events = EVENTS

    def sample_state(self, observation: Observation, seed: int) -> GhahveState:
        """Deal the cards ``observation``'s seat cannot see, honouring the voids tricks showed."""
        return self.hidden(observation).world(seed)

    def worlds(self, observation: Observation) -> Callable[[int], GhahveState]:
        return self.hidden(observation).world

    def hidden(self, observation: Observation) -> Hidden[GhahveState]:
        """What the observing seat cannot see, the observation read once: a state of what it
        shows, cloned for each world and dealt the unseen cards (the voids tricks showed)."""
        obs = self.narrow(observation, GhahveObservation)
        me, _, zones = seat_zones(obs)
        s = GhahveState(4, 0, dict(obs["options"]))
        s.phase = obs["phase"]
        s.dealer, s.leader = obs["dealer"], trick_leader(obs)
        s.turn = obs["turn"]
        s.bids = list(obs["bids"])
        s.seat_tricks = list(obs["seat_tricks"])
        s.scores = list(obs["scores"])
        s.deal_no = obs["deal_no"]
        s.winner = obs["winner"]
        s.sheet = [list(r) for r in obs["sheet"]["rows"]]
        s.history = played(obs["history"])
        s.trick = faces(zones["trick"])
        s.won = [[] for _ in range(4)]
        for leader, cards in s.history:
            s.won[trick_winner(cards, leader)].extend(cards)
        unseen = unseen_cards(PACK, obs["zones"], s.won)
        s.xb_out = "XB" in s.jokers_played()
        capacity = {"deck": len(zones["deck"]["cards"]), **hidden_hands(zones, me, 4)}
        def deal(dealt: dict[str, list[str]], seed: int) -> GhahveState:
            world = s.clone()
            world.seed = seed
            world.deck = dealt["deck"]
            world.hands = seat_hands(dealt, zones, me, 4)
            return world

        return Hidden(hidden_deals(unseen, capacity, honour_voids(s.voids(), wild=WILD)), deal,
                      ("deck",))


def playable(hand: list[str], trick: list[str], tricks: int, xb_out: bool) -> list[str]:
    """The cards of ``hand`` a seat may play to ``trick`` after ``tricks`` finished tricks,
    ``xb_out`` whether the black joker was played this deal: only ``XB`` from the tenth trick
    while held; the suit led followed if it can (the jokers are wild); ``XR`` not before ``XB``.
    (The state's legal play; a bot replaying a deal asks it of hands alone.)"""
    if "XB" in hand and tricks >= 9:
        return ["XB"]
    if trick:
        hand = follow_suit(hand, suit_of(trick[0]), wild=WILD)
    return [c for c in hand if c != "XR" or xb_out]


class GhahveState(State):
    FIELDS = ("phase", "hands", "deck", "trick", "won", "leader", "turn", "dealer", "bids",
              "seat_tricks", "scores", "deal_no", "history", "sheet", "winner")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "bid"
        self.hands: list[list[str]] = [[], [], [], []]
        self.deck: list[str] = []
        self.trick: list[str] = []
        self.won: list[list[str]] = [[], [], [], []]
        self.leader = self.turn = self.dealer = 0
        self.bids: list[int | None] = [None, None, None, None]
        self.seat_tricks = [0, 0, 0, 0]
        self.scores = [0, 0]
        self.deal_no = 0
        self.history: list[tuple[int, list[str]]] = []
        self.sheet: list[list[JSON]] = []
        self.winner: int | None = None
        self.xb_out = False
        """Whether the black joker has been played this deal (kept, not recounted, for _legal)."""

    def check_fields(self) -> None:
        check_choice(self, "phase", ("bid", "play", "over"))
        check_seat_fields(self, "leader", "turn", "dealer")
        check_entries(self, 4, "seat", "hands", "won", "bids")
        check_entries(self, 4, "seat", "seat_tricks", numbers=True)
        check_entries(self, 2, "team", "scores", numbers=True)
        check_choice(self, "winner", (None, 0, 1))
        if len(self.history) != sum(self.seat_tricks):
            raise ValueError(f"history holds {len(self.history)} tricks of the deal, the seats "
                             f"took {sum(self.seat_tricks)}")
        check_trick_seats(self, self.leader, self.turn, self.trick, self.phase == "play")

    # -- dealing ------------------------------------------------------------------------
    def start(self) -> list[Event]:
        """Draw the first dealer by lot and deal the first hand."""
        self.dealer = self.chance("dealer").randrange(4)
        return [Event("dealer", self.dealer, DealerDrawn(how="lot")), *self._deal()]

    def _deal(self) -> list[Event]:
        self.deck = self.shuffled(list(PACK), "deal")
        self.deal_no += 1
        self.hands = [[], [], [], []]
        self.won = [[], [], [], []]
        self.trick, self.history = [], []
        self.bids = [None, None, None, None]
        self.seat_tricks = [0, 0, 0, 0]
        self.xb_out = False
        self.phase = "bid"
        self.leader = self.turn = (self.dealer + 1) % 4
        events = [Event("shuffle", None, Shuffled({"deal": self.deal_no, "dealer": self.dealer}))]
        for count in (5, 4, 4):
            for i in range(4):
                seat = (self.dealer + 1 + i) % 4
                got, self.deck = self.deck[:count], self.deck[count:]
                self.hands[seat].extend(got)
                counted = Dealt({"from": "deck", "to": f"hand:{seat}", "count": count})
                events.append(Event("deal", seat, Dealt({**counted, "cards": got}), to=(seat,)))
                events.append(Event("deal", seat, counted,
                                    to=tuple(s for s in range(4) if s != seat)))
        return events

    def as_dealt(self) -> GhahveState:
        """A copy of this state at this deal's deal (the cards played back in the hands they
        came from, nothing bid), from which `deal_actions` replays the deal to this state. A
        search replays the deal so in a world it deals (`Bot.misfits`)."""
        state = self.clone()
        for leader, cards in [*self.history, (self.leader, self.trick)]:
            for i, card in enumerate(cards):
                state.hands[(leader + i) % 4].append(card)
        state.trick, state.history = [], []
        state.won = [[], [], [], []]
        state.bids = [None, None, None, None]
        state.seat_tricks = [0, 0, 0, 0]
        state.xb_out = False
        state.phase = "bid"
        state.leader = state.turn = (self.dealer + 1) % 4
        return state

    def deal_actions(self) -> list[tuple[int, Action]]:
        """This deal's actions so far, in order: the bids from the dealer's right, the cards
        played."""
        first = (self.dealer + 1) % 4
        out = []
        for i in range(4):
            bid = self.bids[(first + i) % 4]
            if bid is not None:
                out.append(((first + i) % 4, BID[bid]))
        for leader, cards in [*self.history, (self.leader, self.trick)]:
            out += [((leader + i) % 4, PLAY[card]) for i, card in enumerate(cards)]
        return out

    # -- derived ------------------------------------------------------------------------
    def contracts(self) -> list[int]:
        return [sum(self.bids[s] or 0 for s in t) for t in TEAMS]

    def team_tricks(self) -> list[int]:
        return [sum(self.seat_tricks[s] for s in t) for t in TEAMS]

    def max_bid(self, seat: int) -> int:
        partner = self.bids[(seat + 2) % 4]
        return 11 if partner is None else 13 - partner

    def jokers_played(self) -> list[str]:
        seen = {c for _, cards in self.history for c in cards} | set(self.trick)
        return [j for j in ("XB", "XR") if j in seen]

    def trick_no(self) -> int:
        """The number (1–13) of the trick being played."""
        return len(self.history) + 1

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase == "over":
            return []
        if self.phase == "bid":
            return [BID[n] for n in range(2, self.max_bid(seat) + 1)]
        return [PLAY[c] for c in playable(self.hands[seat], self.trick, len(self.history),
                                          self.xb_out)]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "bid":
            if action.verb != "bid":
                return Reason("bid_first", "bid first: how many tricks will you take?")
            n, top = int(action.arg), self.max_bid(seat)
            if n < 2:
                return Reason("bid_least", "bid at least {n} tricks", n=2)
            if n > top:
                return Reason("bid_most", "your team may contract at most {total} tricks: bid {n} "
                              "or less", total=13, n=top)
            return None
        hand = self.hands[seat]
        if (refused := refuse_play(action, hand)) is not None:
            return refused
        card = action.arg
        if "XB" in hand and len(self.history) >= 9 and card != "XB":
            return Reason("black_joker_now", "the black joker must be played by the tenth trick: "
                          "play it now", card="XB", n=10)
        if card == "XR" and not self.xb_out:
            return Reason("coloured_joker_after", "the coloured joker cannot be played before the "
                          "black joker", card="XR")
        if self.trick:
            led = suit_of(self.trick[0])
            if fails_to_follow(card, hand, led, wild=WILD):
                return Reason("follow", "you must follow suit: you hold " + SUIT_NAMES[led],
                              suit=led)
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "bid":
            self.bids[seat] = int(action.arg)
            events = [Event("bid", seat, Bid(bid=int(action.arg)))]
            if all(b is not None for b in self.bids):
                self.phase = "play"
                self.turn = self.leader = (self.dealer + 1) % 4
                c = self.contracts()
                events.append(Event("contracts", None, Contracts({"contracts": c, "c02": c[0],
                                                                  "c13": c[1]})))
            else:
                self.turn = (seat + 1) % 4
            return events
        return self._play(seat, action.arg)

    def _play(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.xb_out = self.xb_out or card == "XB"
        events = [PLAYED[seat][card]]
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return events
        winner = winner_of(self.trick, self.leader, 4, TRICK_POWER["S", suit_of(self.trick[0])])
        self.history.append((self.leader, self.trick))
        self.won[winner].extend(self.trick)
        events.append(Event("trick", winner, CardsMoved({"cards": self.trick, "from": "trick",
                                                         "to": f"won:{winner}"})))
        self.trick = []
        self.seat_tricks[winner] += 1
        self.leader = self.turn = winner
        if len(self.history) == 13:
            return events + self._end_deal()
        return events

    def _end_deal(self) -> list[Event]:
        contracts, tricks = self.contracts(), self.team_tricks()
        points = [10 * c + (t - c) if t >= c else -10 * c for c, t in zip(contracts, tricks)]
        self.scores = [self.scores[i] + points[i] for i in range(2)]
        self.sheet.append([self.deal_no, self.dealer, *contracts, *tricks, *points, *self.scores])
        events = [Event("deal_scored", None, DealScored({
            "contracts": contracts, "tricks": tricks, "points": points,
            "scores": list(self.scores), "p02": points[0], "p13": points[1],
            "s02": self.scores[0], "s13": self.scores[1]}))]
        team = self.dealer % 2
        if self.scores[team] > self.scores[1 - team]:
            self.dealer = (self.dealer + 1) % 4
        target = int(self.options["target"])
        a, b = self.scores
        winner: int | None = None
        if (max(a, b) >= target and a != b) or (min(a, b) <= -target and a != b):
            winner = 0 if a > b else 1
        elif self.options["length"] == "deal":
            winner = 0 if a > b else 1 if b > a else None
            if winner is None:  # one deal drawn: nobody wins it
                self.phase = "over"
                return events + [Event("match_end", None, MatchEnded({
                    "team": None, "scores": list(self.scores)}))]
        if winner is not None:
            self.phase = "over"
            self.winner = winner
            return events + [Event("match_end", None, MatchEnded({"team": winner,
                                                                  "scores": list(self.scores)}))]
        return events + self._deal()

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, self.hands[s], "fan", (s,)) for s in range(4)]
        zs.append(Zone("trick", "trick", None, self.trick, "spread"))
        zs.extend(Zone(f"won:{s}", "won", s, self.won[s], "pile", ()) for s in range(4))
        zs.append(Zone("deck", "deck", None, self.deck, "pile", ()))
        return zs

    def voids(self) -> list[set[str]]:
        """The suits each seat has shown it lacks, by not following them (jokers excepted)."""
        return shown_voids(round_the_table([*self.history, (self.leader, self.trick)], 4), 4,
                           suit_of, None, WILD)

    def facts(self, seat: int | None) -> GhahveFacts:
        return {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "dealer": self.dealer, "leader": self.leader, "turn": self.turn,
            "bids": list(self.bids), "contracts": self.contracts(),
            "tricks": self.team_tricks(), "seat_tricks": list(self.seat_tricks),
            "jokers_played": self.jokers_played(), "scores": list(self.scores),
            "deal_no": self.deal_no, "trick_no": self.trick_no(), "winner": self.winner,
            "history": [[leader, list(cards)] for leader, cards in self.history],
            "last_trick": list(self.history[-1][1]) if self.history else [],
            "sheet": self.score_sheet(),
        }

    def observation(self, seat: int | None) -> GhahveObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def score_sheet(self) -> Sheet:
        """A row per deal: dealer, contracts, tricks, points and running scores per team."""
        return {"columns": list(SHEET_COLUMNS), "rows": [list(r) for r in self.sheet]}

    def is_over(self) -> bool:
        return self.phase == "over"

    def deal_value(self, seat: int) -> float:
        """The team's score less the other's (`result` says it only at the end), and `WIN`."""
        value = float(self.scores[seat % 2] - self.scores[1 - seat % 2])
        if self.winner is not None:
            value += self.WIN if self.winner == seat % 2 else -self.WIN
        return value

    def result(self) -> Result:
        teams = [list(t) for t in TEAMS]
        if self.winner is None:
            return {"winners": [], "points": [0, 0, 0, 0], "teams": teams}
        return {
            "winners": list(TEAMS[self.winner]),
            "points": [self.scores[s % 2] for s in range(4)],
            "teams": teams, "team_points": list(self.scores), "sheet": self.score_sheet(),
        }

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.history = played(d["history"])
        self.xb_out = "XB" in self.jokers_played()

    clone = make_clone(nested=("hands", "won"), flat=("deck", "trick", "bids", "seat_tricks",
                                                       "scores", "history", "sheet"))

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return (action.arg, "trick") if action.verb == "play" else None


RULES = register(GhahveRules(), GhahveState)
