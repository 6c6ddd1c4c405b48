"""Farib (فریب, Persian Euchre), as seed 004 gives it, for four seats in teams or five with a
called partner.

Rules
-----
- Four seats: teams 0+2 against 1+3, 24 cards (9 to ace). Five seats: 28 cards (8 to ace),
  every player for himself, a partner called each hand. Play runs clockwise (the seed: "با
  چرخش ساعتگرد"): seat ``s`` is followed by ``(s + 1) % n``; "the dealer's left" is the next seat.
- The first dealer is seat 0; the deal passes to the next seat each hand. Five cards each, dealt
  five at a time from the dealer's left (a stacked deck: top first, the first five to the
  dealer's left, and so on round the table), then the next card is turned up (zone ``up``); the
  rest (3 or 2) lie face down (zone ``kitty``).
- Farmer's hand (دست کشاورز): a hand of only 9s and 10s (five seats: 8s and 9s, as the seed
  says for five). The seed has the player declare it and the cards are redealt; here it is
  claimed **automatically**: such a deal is announced (event ``farmer``) and the same dealer
  deals again at once, so nobody can keep such a hand by forgetting.
- Round one, from the dealer's left: ``order`` (the turned suit is trump) or ``pass``. On an
  order the dealer takes the turned card and lays one card away face down (``discard XX``; he
  may lay away the card he took). If all pass, the turned card is turned down (it stays in zone
  ``up``, known to all, out of play; fact ``turned_down``) and round two begins from the
  dealer's left: ``name S`` (any suit but the turned one) or ``pass``. The dealer may not pass
  in round two: he is stuck and must name a suit (the seed: "چسبیدن به دست دهنده").
- Trump ranks: the jack of trump (right bower), the other jack of the same colour (left bower,
  جیک), then A K Q 10 9 (8). The left bower belongs to the trump suit in every way (following,
  leading, voids). Other suits rank A K Q J 10 9 (8).
- The maker then decides how to play. Four seats: ``alone`` (his partner's hand sits out, face
  down and unshown, and the partner is skipped) or ``partner`` (play with the partner). Five
  seats: ``call XX`` names a card he does not hold; its holder is his secret partner, known to
  nobody (the maker included) until that card is played (event ``partner``); or ``alone``. If the
  called card lies in the kitty the maker plays alone without knowing it; that is told when
  the hand ends. Not callable: a card in his hand, the turned card (everyone knows where it
  lies: in the dealer's hand or turned down) and the card he himself laid away as dealer.
- The dealer's left leads the first trick (the next seat if that one sits out); one must follow
  the led suit (the left bower counts as trump); the highest trump wins, else the highest card
  of the led suit; the winner leads next.
- Scoring (seed, option ``scoring="seed"``): makers 3-4 tricks 1 point, 5 tricks 2 (4 if the
  maker played alone, declared or not); defenders 3-4 tricks 2 points ("farib"), 5 tricks 4.
  Option ``scoring="standard"``: standard Euchre: makers as above, defenders 2 for any euchre.
  Four seats score per team; five seats per player: each maker (the maker and his partner) and
  each defender gets the points of his side.
- The match ends when a team (a player) reaches ``target`` points (default 10, the seed); the
  winners are those at the top of the score then.

The seed's 4-player example has players الف ب ج د: الف (A) deals, so A=seat 0, B=1, C=2, D=3
("team 2" of the seed is seats 1+3). The 5-player example numbers players 1..5, dealer 1:
player k is seat k-1.

Claim (`game.claim`)
--------------------
A seat about to play may claim the rest of the hand: its side as it knows it (its team with
four seats; with five, the maker and the partner once revealed, else itself alone) takes every
trick left, whatever the others play, in every deal of the cards it has not seen that fits the
voids shown, the turned card and the called card (the cards of the kitty and the one laid away,
never played, are not told apart where nothing else is known of them).

Options
-------
``target`` 5..30 (default 10), ``scoring`` "seed" (default) or "standard", ``length`` "match"
(default) or "hand" (one hand: the simulator's unit). ``deck`` stacks shuffles (game.core).

Codes
-----
Cards ``AS TD 9H 8C`` (game.cards.french). Actions: ``order``, ``pass``, ``discard XX``,
``name S`` (S H D C), ``alone``, ``partner`` (4 seats), ``call XX`` (5 seats), ``play XX``.

Zones: ``hand:<s>``, ``up`` (the turned card, public), ``kitty`` (face down), ``laid`` (the
dealer's discard, seen by him), ``trick``, ``won:<s>``.
Facts: dealer, trump, up card, turned_down, maker, alone, sitting_out, called card, partner
(None until revealed), ``i_am_partner`` (only the holder's own observation says True), teams
(5 seats: None until the partner is known), ``seat_tricks`` per seat, ``tricks`` per team (four
seats only: the table reads it as a pair), ``scores`` (per team or per player) and ``banked``
(each seat's points, which the table shows beside its name), history, sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from game.cards.french import SUITS
from game.core import (JSON, Action, Event, IllegalAction, Option, Reason, Rules, State, Zone,
                       check_choice, check_entries, check_seat_fields)
from game.deal import Hidden, play_events
from game.fast import make_clone
from game.registry import register
from game.shapes import (CardMoved, CardPassed, CardsMoved, Dealt, Frame, NoData, Observation,
                         Result, Sheet, TableFacts)
from game.tricks import (SUIT_NAMES, best_card, faces, fails_to_follow, follow_suit, hidden_deals,
                         hidden_hands, honour_voids, power_tables, refuse_play, seat_hands,
                         seat_zones, shown_voids, trick_leader, unseen_cards)

SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
PLAIN_RANK = {r: i for i, r in enumerate("89TJQKA")}
TRUMP_RANK = {r: i for i, r in enumerate("89TQKA")}


def deck_for(seats: int) -> list[str]:
    ranks = "9TJQKA" if seats == 4 else "89TJQKA"
    return [r + s for s in SUITS for r in ranks]


ALL = deck_for(5)
PLAY = {c: Action("play", c) for c in ALL}
DISCARD = {c: Action("discard", c) for c in ALL}
CALL = {c: Action("call", c) for c in ALL}
NAME = {s: Action("name", s) for s in SUITS}
ORDER, PASS, ALONE, PARTNER = Action("order"), Action("pass"), Action("alone"), Action("partner")
_ACTIONS = {str(a): a for a in [*PLAY.values(), *DISCARD.values(), *CALL.values(),
                                *NAME.values(), ORDER, PASS, ALONE, PARTNER]}
SHEET_COLUMNS = ("hand", "dealer", "maker", "trump", "alone", "partner", "maker tricks",
                 "points")


def suit_of(card: str, trump: str | None) -> str:
    """The suit ``card`` belongs to in play: the left bower belongs to trump."""
    if trump is not None and card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump
    return card[1]


def power(card: str, trump: str, led: str) -> int:
    """How strongly ``card`` takes a trick led in ``led`` (0: it cannot)."""
    s = suit_of(card, trump)
    if s == trump:
        if card[0] == "J":
            return 200 if card[1] == trump else 199
        return 100 + TRUMP_RANK[card[0]]
    return 10 + PLAIN_RANK[card[0]] if s == led else 0


def rank_of(card: str, trump: str | None) -> int:
    """A card's rank within its suit as trump makes it (`game.tricks`): in trump the right
    bower, the left bower, then A K Q 10 9 (8); other suits A K Q J 10 9 (8)."""
    if trump is not None and suit_of(card, trump) == trump:
        if card[0] == "J":
            return 21 if card[1] == trump else 20
        return TRUMP_RANK[card[0]]
    return PLAIN_RANK[card[0]]


TRICK_POWER = power_tables(ALL, SUITS, SUITS, suit_of, rank_of)
"""``TRICK_POWER[trump, led]``: the cards' strengths in a trick (`game.tricks.power_table`):
the order `power` gives, read from a table."""


def is_farmer(hand: list[str], seats: int) -> bool:
    low = "9T" if seats == 4 else "89"
    return all(c[0] in low for c in hand)


FaribTrick = list[int | list[int] | list[str]]
"""A finished trick as the observation writes it: [leader, the seats that played in order,
their cards] (a seat sitting out plays none)."""


def trick_of(entry: object) -> tuple[int, list[int], list[str]]:
    """A finished trick as a state keeps it, (leader, seats, cards), from the triple an
    observation or a save writes (`ValueError` for anything else)."""
    if isinstance(entry, list) and len(entry) == 3:
        leader, seats, cards = entry
        if type(leader) is int and isinstance(seats, list) and isinstance(cards, list) \
                and all(type(s) is int for s in seats) and all(isinstance(c, str) for c in cards):
            return leader, seats[:], cards[:]
    raise ValueError(f"a trick is [leader, seats, cards], not {entry!r}")


# -- the events' data (`FaribRules.events`) --------------------------------------------------
class Farmer(TypedDict):
    """A farmer's hand, shown to all and dealt again: the seat's five ``cards``."""

    cards: list[str]


class Shuffled(TypedDict):
    """A hand begins: its number and the seat that deals."""

    hand: int
    dealer: int


class TurnedUp(TypedDict):
    """The card turned up after the deal, to zone ``to`` (``up``)."""

    card: str
    to: str


class Passed(TypedDict):
    """A pass in the first ``round`` (ordering up) or the second (naming a suit)."""

    round: int


class CardNamed(TypedDict):
    """A card the event is about: the turned card turned down (``turn_down``), a card called
    as partner (``call``), or a called card never played (``unrevealed``)."""

    card: str


class Ordered(TypedDict):
    """The turned ``card`` ordered up: its ``suit`` is trump."""

    suit: str
    card: str


class TrumpNamed(TypedDict):
    """Round two: the suit named trump."""

    suit: str


class Alone(TypedDict):
    """The maker goes alone: four seats, his partner ``sitting_out``; five, None."""

    sitting_out: int | None


class PartnerShown(TypedDict):
    """The called ``card`` played: its player is the ``maker``'s partner."""

    card: str
    maker: int


class HandScored(TypedDict):
    """A hand scored: the ``side`` that scores (``makers`` or ``defenders``), the ``points``
    each of its ``seats`` gets, the ``tricks`` the makers took."""

    side: str
    points: int
    tricks: int
    seats: list[int]


class GameOver(TypedDict):
    """The match over: the seats at the top, and the scores (per team, or per player)."""

    winners: list[int]
    scores: list[int]


EVENTS = {"farmer": Farmer, "shuffle": Shuffled, "deal": Dealt, "turn_up": TurnedUp,
          "pass": Passed, "turn_down": CardNamed, "order": Ordered, "pick_up": CardMoved,
          "name": TrumpNamed, "discard": CardPassed, "alone": Alone, "partner_plays": NoData,
          "call": CardNamed, "play": CardMoved, "partner": PartnerShown, "trick": CardsMoved,
          "claim": NoData, "unrevealed": CardNamed, "hand_score": HandScored,
          "game_over": GameOver}

PLAYED = play_events(ALL, 5, "trick")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the trick."""


class FaribFacts(TableFacts):
    """Farib's facts beyond the table's (trump, maker, alone, partner, sitting_out, called, the
    tricks per team with four seats and each seat's ``banked`` points are the table's)."""

    dealer: int
    turn: int
    up_card: str
    """The card turned up for the order ("" before the deal)."""
    turned_down: bool
    """Whether every seat passed the turned card (it is then out of play, seen by all)."""
    up_taken: bool
    """Whether the dealer took the turned card into his hand."""
    revealed: bool
    """Whether the maker's partner is known (five seats: the called card was played)."""
    i_am_partner: bool
    """Whether the looking seat holds the called card, the maker's secret partner."""
    passes: int
    """The passes so far in this round of the bidding."""
    hand_no: int
    seat_tricks: list[int]
    """The tricks each seat took this hand."""
    scores: list[int]
    """The match's points: per team with four seats, per player with five."""
    trick_seats: list[int]
    """The seats that played to the trick in play, in order."""
    history: list[FaribTrick]
    """This hand's finished tricks."""


class FaribObservation(Observation, FaribFacts):
    """A seat's view of a Farib match: the frame (with five seats, the teams once the partner
    is known), the table's facts and Farib's own."""


class FaribRules(Rules):
    id = "farib"
    deal_ends = frozenset({"hand_score"})
    names = {"fa": "فریب", "en": "Farib", "ar": "فريب"}
    actions = _ACTIONS
    action_forms = "order, pass, name S, discard AS, alone, partner, call AS, play AS"
    seat_counts = (4, 5)
    teams = True
    direction = "clockwise"
    options = {
        "target": Option.number("target", 10, 5, 30, 1, "points that win the match"),
        "scoring": Option("scoring", "seed", ("seed", "standard"), "how a hand scores"),
        "length": Option("length", "match", ("match", "hand"), "a whole match or one hand"),
    }
    unit_options = {"length": "hand"}
    events = EVENTS

    def default_teams(self, seats: int) -> list[list[int]] | None:
        return [[0, 2], [1, 3]] if seats == 4 else None

    def sample_state(self, observation: Observation, seed: int) -> FaribState:
        """Deal what the seat cannot see: voids kept, the turned card with the dealer (or laid
        away), the called card at random among the seats that could hold it."""
        return self.hidden(observation).world(seed)

    def worlds(self, observation: Observation) -> Callable[[int], FaribState]:
        return self.hidden(observation).world

    def hidden(self, observation: Observation) -> Hidden[FaribState]:
        """What the observing seat cannot see, the observation read once: a state of what it
        shows, cloned for each world and dealt the unseen cards (`sample_state`), the secret
        partner being the seat dealt the called card."""
        obs = self.narrow(observation, FaribObservation)
        me, n, zones = seat_zones(obs)
        s = FaribState(n, 0, dict(obs["options"]))
        s.phase, s.dealer, s.turn, s.leader = obs["phase"], obs["dealer"], obs["turn"], \
            trick_leader(obs)
        s.trump, s.turned_down, s.up_taken = obs["trump"], obs["turned_down"], obs["up_taken"]
        s.maker, s.alone, s.sitting_out = obs["maker"], obs["alone"], obs["sitting_out"]
        s.called, s.partner, s.revealed = obs["called"], obs["partner"], obs["revealed"]
        s.passes, s.hand_no, s.up_card = obs["passes"], obs["hand_no"], obs["up_card"]
        s.tricks = list(obs["seat_tricks"])
        s.scores = list(obs["scores"])
        s.sheet = [list(r) for r in obs["sheet"]["rows"]]
        s.history = [trick_of(h) for h in obs["history"]]
        s.trick = faces(zones["trick"])
        s.trick_seats = list(obs["trick_seats"])
        s.up = faces(zones["up"])
        s.won = [[] for _ in range(n)]
        for _, seats, cards in s.history:
            s.won[s.trick_winner(seats, cards)].extend(cards)
        unseen = unseen_cards(deck_for(n), obs["zones"], s.won)
        capacity: dict[str, int] = {"kitty": len(zones["kitty"]["cards"])}
        if zones["laid"]["cards"] and zones["laid"]["cards"][0] is None:
            capacity["laid"] = 1
        capacity.update(hidden_hands(zones, me, n))
        honours = honour_voids(s.voids(), suit_of, s.trump)
        up_card, called, dealer, maker = s.up_card, s.called, s.dealer, s.maker

        def allowed(holder: str, card: str) -> bool:
            if card == up_card:
                return holder in (f"hand:{dealer}", "laid")
            if card == called and (holder == f"hand:{maker}"
                                   or (holder == "laid" and maker == dealer)):
                return False
            return honours(holder, card)

        def deal(dealt: dict[str, list[str]], seed: int) -> FaribState:
            world = s.clone()
            world.seed = seed
            world.kitty = dealt["kitty"]
            world.laid = faces(zones["laid"]) if "laid" not in capacity else dealt["laid"]
            world.hands = seat_hands(dealt, zones, me, n)
            if called is not None and not world.revealed:
                holder = [seat for seat in range(n) if called in world.hands[seat]]
                world.partner = holder[0] if holder else None
            return world

        return Hidden(hidden_deals(unseen, capacity, allowed), deal, ("kitty", "laid"))


class FaribState(State):
    SCALARS = ("phase", "dealer", "turn", "leader", "trump", "turned_down", "maker", "alone",
               "sitting_out", "called", "partner", "revealed", "passes", "hand_no", "up_taken",
               "up_card")
    FIELDS = ("hands", "up", "kitty", "laid", "trick", "trick_seats", "won", "tricks", "scores",
              "sheet", "winners", "history", *SCALARS)

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "order"
        n = seats
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.up: list[str] = []
        self.kitty: list[str] = []
        self.laid: list[str] = []
        self.trick: list[str] = []
        self.trick_seats: list[int] = []
        self.won: list[list[str]] = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.scores = [0] * (2 if n == 4 else n)
        self.sheet: list[list[JSON]] = []
        self.winners: list[int] = []
        self.history: list[tuple[int, list[int], list[str]]] = []
        self.dealer = 0
        self.turn = self.leader = 0
        self.trump: str | None = None
        self.turned_down = False
        self.up_taken = False
        self.maker: int | None = None
        self.alone = False
        self.sitting_out: int | None = None
        self.called: str | None = None
        self.partner: int | None = None
        self.revealed = False
        self.passes = 0
        self.hand_no = 0
        self.up_card = ""

    def check_fields(self) -> None:
        check_choice(self, "phase", ("order", "name", "call", "discard", "play", "over"))
        check_seat_fields(self, "dealer", "turn", "leader")
        playing = self.phase in ("discard", "call", "play")
        check_seat_fields(self, "maker", none=not playing)
        check_seat_fields(self, "partner", none=True)
        check_choice(self, "trump", SUITS if playing else (None, *SUITS))
        partner = None if self.maker is None or not self.alone else (self.maker + 2) % 4
        check_choice(self, "sitting_out", (partner if self.seats == 4 else None,))
        if len(self.trick_seats) != len(self.trick) or any(
                type(s) is not int or not 0 <= s < self.seats for s in self.trick_seats):
            raise ValueError(f"trick_seats names the seat of each card of the trick "
                             f"({len(self.trick)}), not {self.trick_seats!r}")
        check_entries(self, self.seats, "seat", "hands", "won")
        check_entries(self, self.seats, "seat", "tricks", numbers=True)
        check_entries(self, 2 if self.seats == 4 else self.seats, "side", "scores",
                      numbers=True)
        if self.phase == "play":
            check_choice(self, "turn", (self._next(self.trick_seats[-1]) if self.trick
                                        else self.leader,))
        if len(self.history) != sum(self.tricks):
            raise ValueError(f"history holds {len(self.history)} tricks of the hand, the seats "
                             f"took {sum(self.tricks)}")

    # -- dealing ------------------------------------------------------------------------
    def deal(self) -> list[Event]:
        events: list[Event] = []
        n = self.seats
        while True:
            cards = self.shuffled(deck_for(n), "deal")
            hands: list[list[str]] = [[] for _ in range(n)]
            for i in range(n):
                seat = (self.dealer + 1 + i) % n
                hands[seat] = cards[5 * i:5 * i + 5]
            farmer = [seat for seat in range(n) if is_farmer(hands[seat], n)]
            if not farmer:
                break
            events.append(Event("farmer", farmer[0], Farmer(cards=hands[farmer[0]])))
        self.hand_no += 1
        self._begin(hands, cards[5 * n], cards[5 * n + 1:])
        events.append(Event("shuffle", None, Shuffled(hand=self.hand_no, dealer=self.dealer)))
        for seat in range(n):
            counted = Dealt({"from": "deck", "to": f"hand:{seat}", "count": 5})
            events.append(Event("deal", seat, Dealt({**counted, "cards": list(hands[seat])}),
                                to=(seat,)))
            events.append(Event("deal", seat, counted,
                                to=tuple(s for s in range(n) if s != seat)))
        events.append(Event("turn_up", self.dealer, TurnedUp(card=self.up_card, to="up")))
        return events

    def _begin(self, hands: list[list[str]], up_card: str, kitty: list[str]) -> None:
        """Lay out a hand as dealt: ``hands``, ``up_card`` turned up, ``kitty`` face down;
        nothing bid, laid away or played."""
        n = self.seats
        self.hands = hands
        self.up = [up_card]
        self.up_card = up_card
        self.kitty = kitty
        self.laid, self.trick, self.trick_seats, self.history = [], [], [], []
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.trump = self.maker = self.called = self.partner = self.sitting_out = None
        self.turned_down = self.up_taken = self.alone = self.revealed = False
        self.passes = 0
        self.phase = "order"
        self.turn = self.leader = (self.dealer + 1) % n

    def as_dealt(self) -> FaribState:
        """A copy of this state at this hand's deal (the cards played and laid away back in the
        hands they came from, the turned card up again), from which `hand_actions` replays the
        hand to this state. A search replays the hand so in a world it deals (`Bot.misfits`)."""
        hands = [list(h) for h in self.hands]
        for _, seats, cards in [*self.history, (self.leader, self.trick_seats, self.trick)]:
            for seat, card in zip(seats, cards):
                hands[seat].append(card)
        hands[self.dealer].extend(self.laid)
        if self.up_taken:
            hands[self.dealer].remove(self.up_card)
        state = self.clone()
        state._begin(hands, self.up_card, list(self.kitty))
        return state

    def hand_actions(self) -> list[tuple[int, Action]]:
        """This hand's actions so far, in order, as the state holds them: the passes from the
        dealer's left (round one, then two), the maker's order or name, the dealer's discard,
        the maker's choice (alone, partner, call), the cards played."""
        n, dealer, maker = self.seats, self.dealer, self.maker
        until = self.passes if maker is None else (maker - dealer - 1) % n
        first = n if self.turned_down else until
        out = [((dealer + 1 + i) % n, PASS) for i in range(first)]
        if self.turned_down:
            out += [((dealer + 1 + i) % n, PASS) for i in range(until)]
        if maker is None:
            return out
        out.append((maker, NAME[str(self.trump)] if self.turned_down else ORDER))
        if self.laid:
            out.append((dealer, DISCARD[self.laid[0]]))
        if self.phase in ("order", "name", "discard", "call"):
            return out
        out.append((maker, ALONE if self.alone else CALL[str(self.called)]
                    if self.called is not None else PARTNER))
        for _, seats, cards in [*self.history, (self.leader, self.trick_seats, self.trick)]:
            out += [(seat, PLAY[card]) for seat, card in zip(seats, cards)]
        return out

    def is_secret_partner(self, seat: int) -> bool:
        """Whether ``seat`` holds the called card while nobody else knows it (fact
        ``i_am_partner`` of its own observation)."""
        return seat == self.partner and self.called is not None and not self.revealed

    start = deal
    """The opening is the first deal."""

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if isinstance(seat, int) and seat == self.sitting_out and self.phase == "play":
            raise IllegalAction(Reason("sit_out",
                                       "your partner plays alone: you sit this hand out"))
        return super().apply(seat, action)

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase == "over":
            return []
        hand = self.hands[seat]
        if self.phase == "play":
            if self.trick:
                hand = follow_suit(hand, suit_of(self.trick[0], self.trump), suit_of, self.trump)
            return [PLAY[c] for c in hand]
        if self.phase == "order":
            return [ORDER, PASS]
        if self.phase == "name":
            names = [NAME[s] for s in SUITS if s != self.up_card[1]]
            return names if seat == self.dealer else [*names, PASS]
        if self.phase == "discard":
            return [DISCARD[c] for c in hand]
        if self.seats == 4:
            return [ALONE, PARTNER]
        return [*(CALL[c] for c in deck_for(self.seats) if self._callable(seat, c)), ALONE]

    def _callable(self, seat: int, card: str) -> bool:
        return card not in self.hands[seat] and card != self.up_card and card not in (
            self.laid if seat == self.dealer else [])

    def why_illegal(self, seat: int, action: Action) -> str | None:
        verb, arg = action
        phase = self.phase
        if phase == "order":
            return None if action in (ORDER, PASS) else \
                Reason("order_or_pass", "order the turned card up, or pass")
        if phase == "name":
            if verb == "name":
                if arg == self.up_card[1]:
                    return Reason("turned_down", SUIT_NAMES[arg] + " was turned down: name another "
                                  "suit", suit=arg)
                return None
            if action == PASS:
                return Reason("stuck", "the dealer is stuck: name a suit") \
                    if seat == self.dealer else None
            return Reason("name_or_pass", "name a suit, or pass")
        if phase == "discard":
            if verb != "discard":
                return Reason("discard_first", "lay one card away first")
            return None if arg in self.hands[seat] else \
                Reason("not_held", "you do not hold {card}", card=arg)
        if phase == "call":
            if verb == "call" and self.seats == 5:
                if arg in self.hands[seat]:
                    return Reason("call_held", "you hold that card: call one you do not hold",
                                  card=arg)
                if arg == self.up_card:
                    return Reason("call_turned", "everyone knows where the turned card is: call "
                                  "another", card=arg)
                if arg in self.laid and seat == self.dealer:
                    return Reason("call_laid", "you laid that card away: call another", card=arg)
                return None if arg in deck_for(5) else \
                    Reason("call_absent", "{card} is not in this game", card=arg)
            if action == ALONE or (action == PARTNER and self.seats == 4):
                return None
            if self.seats == 5:
                return Reason("call_or_alone", "call a card for your partner, or go alone")
            return Reason("alone_or_partner", "play alone, or with your partner")
        # play
        if action == ALONE:
            return Reason("alone_late", "only the maker may go alone, when trump is made")
        hand = self.hands[seat]
        if (refused := refuse_play(action, hand)) is not None:
            return refused
        if self.trick:
            led = suit_of(self.trick[0], self.trump)
            if fails_to_follow(arg, hand, led, suit_of, self.trump):
                if led == self.trump:
                    return Reason("follow_trump", "you must follow suit: you hold "
                                  + SUIT_NAMES[led] + " (the left bower is trump)", suit=led)
                return Reason("follow", "you must follow suit: you hold " + SUIT_NAMES[led],
                              suit=led)
        return None

    def _next(self, seat: int) -> int:
        nxt = (seat + 1) % self.seats
        return (nxt + 1) % self.seats if nxt == self.sitting_out else nxt

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb, arg = action
        n = self.seats
        if verb == "play":
            return self._play(seat, arg)
        if action == PASS:
            self.passes += 1
            passed = [Event("pass", seat, Passed(round=1 if self.phase == "order" else 2))]
            if self.phase == "order" and self.passes == n:
                self.phase, self.turned_down, self.passes = "name", True, 0
                passed.append(Event("turn_down", self.dealer, CardNamed(card=self.up_card)))
            self.turn = (seat + 1) % n
            return passed
        if action == ORDER:
            self.trump, self.maker = self.up_card[1], seat
            card = self.up.pop()
            self.hands[self.dealer].append(card)
            self.up_taken = True
            self.phase, self.turn = "discard", self.dealer
            return [Event("order", seat, Ordered(suit=card[1], card=card)),
                    Event("pick_up", self.dealer, CardMoved({"card": card, "from": "up",
                                                             "to": f"hand:{self.dealer}"}))]
        if verb == "name":
            self.trump, self.maker = arg, seat
            self.phase, self.turn = "call", seat
            return [Event("name", seat, TrumpNamed(suit=arg))]
        if verb == "discard":
            self.hands[seat].remove(arg)
            self.laid = [arg]
            self.phase, self.turn = "call", int(self.maker)  # type: ignore[arg-type]
            laid = CardPassed({"from": f"hand:{seat}", "to": "laid"})
            return [Event("discard", seat, CardPassed({**laid, "card": arg}), to=(seat,)),
                    Event("discard", seat, laid, to=tuple(s for s in range(n) if s != seat))]
        events: list[Event] = []
        if action == ALONE:
            self.alone = True
            if n == 4:
                self.sitting_out = (seat + 2) % 4
            events.append(Event("alone", seat, Alone(sitting_out=self.sitting_out)))
        elif action == PARTNER:
            events.append(Event("partner_plays", seat, NoData()))
        else:
            self.called = arg
            holders = [s for s in range(n) if arg in self.hands[s]]
            self.partner = holders[0] if holders else None
            events.append(Event("call", seat, CardNamed(card=arg)))
        self.phase = "play"
        self.leader = self.turn = self._next(self.dealer)
        return events

    def trick_winner(self, seats: list[int], cards: list[str]) -> int:
        return seats[best_card(cards, TRICK_POWER[str(self.trump), suit_of(cards[0], self.trump)])]

    def _play(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        events = [PLAYED[seat][card]]
        if card == self.called and not self.revealed:
            assert self.maker is not None  # a card is called only once trump is made
            self.revealed = True
            events.append(Event("partner", seat, PartnerShown(card=card, maker=self.maker)))
        active = self.seats - (1 if self.sitting_out is not None else 0)
        if len(self.trick) < active:
            self.turn = self._next(seat)
            return events
        winner = self.trick_winner(self.trick_seats, self.trick)
        self.history.append((self.leader, self.trick_seats, self.trick))
        self.won[winner].extend(self.trick)
        events.append(Event("trick", winner, CardsMoved({"cards": self.trick, "from": "trick",
                                                         "to": f"won:{winner}"})))
        self.trick, self.trick_seats = [], []
        self.tricks[winner] += 1
        self.leader = self.turn = winner
        if len(self.history) == 5:
            return events + self._end_hand()
        return events

    def makers(self) -> list[int]:
        """The maker's side as the rules know it (the secret partner included)."""
        maker = int(self.maker)  # type: ignore[arg-type]
        if self.seats == 4:
            return [maker] if self.alone else [maker, (maker + 2) % 4]
        return [maker] if self.partner is None else sorted([maker, self.partner])

    def _end_hand(self) -> list[Event]:
        n = self.seats
        makers = self.makers()
        alone = self.alone or (n == 5 and self.partner is None)
        got = sum(self.tricks[s] for s in makers)
        standard = self.options["scoring"] == "standard"
        if got >= 3:
            side, points = "makers", (4 if alone else 2) if got == 5 else 1
        else:
            side, points = "defenders", 2 if standard or got > 0 else 4
        events: list[Event] = []
        if n == 5 and self.called is not None and not self.revealed:
            self.revealed = True
            events.append(Event("unrevealed", self.maker, CardNamed(card=self.called)))
        if side == "makers":
            scorers = makers
        elif n == 4:  # the maker's partner who sat out is no defender
            scorers = [s for s in range(4) if s % 2 != makers[0] % 2]
        else:
            scorers = [s for s in range(n) if s not in makers]
        if n == 4:
            self.scores[scorers[0] % 2] += points
        else:
            for s in scorers:
                self.scores[s] += points
        self.sheet.append([self.hand_no, self.dealer, self.maker, self.trump, alone,
                           self.partner if n == 5 else None, got, points])
        events.append(Event("hand_score", None, HandScored({"side": side, "points": points,
                                                            "tricks": got, "seats": scorers})))
        target = int(self.options["target"])
        top = max(self.scores)
        if top >= target or self.options["length"] == "hand":
            self.phase = "over"
            if n == 4:
                self.winners = [s for s in range(4) if self.scores[s % 2] == top]
            else:
                self.winners = [s for s in range(n) if self.scores[s] == top]
            return events + [Event("game_over", None, GameOver({"winners": list(self.winners),
                                                                "scores": list(self.scores)}))]
        self.dealer = (self.dealer + 1) % n
        return events + self.deal()

    def zones(self) -> list[Zone]:
        n = self.seats
        zs = [Zone(f"hand:{s}", "hand", s, self.hands[s], "fan", (s,)) for s in range(n)]
        zs.append(Zone("up", "discard", None, self.up, "pile"))
        zs.append(Zone("kitty", "deck", None, self.kitty, "pile", ()))
        zs.append(Zone("laid", "out", self.dealer, self.laid, "pile", (self.dealer,)))
        zs.append(Zone("trick", "trick", None, self.trick, "spread"))
        zs.extend(Zone(f"won:{s}", "won", s, self.won[s], "pile", ()) for s in range(n))
        return zs

    def voids(self) -> list[set[str]]:
        """The suits (as trump makes them) each seat has shown it lacks this hand."""
        return shown_voids([(seats, cards) for _, seats, cards
                            in [*self.history, (self.leader, self.trick_seats, self.trick)]],
                           self.seats, suit_of, self.trump)

    def public_teams(self) -> list[list[int]] | None:
        if self.seats == 4:
            return [[0, 2], [1, 3]]
        if self.maker is None or self.phase in ("order", "name", "discard"):
            return None
        if self.alone or (self.revealed and self.partner is None):
            side = [int(self.maker)]
        elif self.revealed:
            side = sorted([int(self.maker), int(self.partner)])  # type: ignore[arg-type]
        else:
            return None
        return [side, [s for s in range(5) if s not in side]]

    def frame(self, seat: int | None) -> Frame:
        """The frame, its teams those known now (`public_teams`)."""
        frame = super().frame(seat)
        frame["teams"] = self.public_teams()
        return frame

    def facts(self, seat: int | None) -> FaribFacts:
        known_partner = self.partner if self.revealed else None
        facts: FaribFacts = {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "dealer": self.dealer, "turn": self.turn, "leader": self.leader,
            "trump": self.trump, "up_card": self.up_card,
            "turned_down": self.turned_down, "up_taken": self.up_taken,
            "maker": self.maker, "alone": self.alone, "sitting_out": self.sitting_out,
            "called": self.called, "partner": known_partner, "revealed": self.revealed,
            "i_am_partner": seat is not None and self.is_secret_partner(seat),
            "passes": self.passes, "hand_no": self.hand_no,
            "seat_tricks": list(self.tricks), "scores": list(self.scores),
            "banked": self.seat_points(),
            "trick_seats": list(self.trick_seats),
            "history": [[leader, list(seats), list(cards)]
                        for leader, seats, cards in self.history],
            "last_trick": list(self.history[-1][2]) if self.history else [],
            "sheet": self.score_sheet(),
        }
        if self.seats == 4:  # the tricks per team, which the table reads as a pair
            facts["tricks"] = [self.tricks[0] + self.tricks[2], self.tricks[1] + self.tricks[3]]
        return facts

    def observation(self, seat: int | None) -> FaribObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def score_sheet(self) -> Sheet:
        """A row per hand: its dealer, maker, trump, who played with him and how it scored."""
        return {"columns": list(SHEET_COLUMNS), "rows": [list(r) for r in self.sheet]}

    def seat_points(self) -> list[int]:
        """Each seat's points (four seats: its team's)."""
        n = self.seats
        return [self.scores[s % 2] for s in range(4)] if n == 4 else list(self.scores)

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        n = self.seats
        points = self.seat_points()
        out: Result = {"winners": list(self.winners), "points": points,
                       "sheet": self.score_sheet()}
        if n == 4:  # five seats have no fixed teams: each plays for himself over the match
            out["teams"] = [[0, 2], [1, 3]]
        return out

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.history = [trick_of(h) for h in d["history"]]

    clone = make_clone(nested=("hands", "won"),
                       flat=("up", "kitty", "laid", "trick", "trick_seats", "tricks", "scores",
                             "history", "sheet", "winners"))

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        if action.verb == "play":
            return action.arg, "trick"
        if action.verb == "discard":
            return action.arg, "laid"
        return None


RULES = register(FaribRules(), FaribState)
