"""Bi-Del (بی دل), as seed 002 gives it: hearts for 3 or 4 seats, every seat for itself.

Rules
-----
- 3 or 4 seats, no teams. Play runs anticlockwise ("to the right"): seat ``s`` is followed by
  ``(s + 1) % n``; "right" is the next seat in play order, "left" the one before.
- 4 seats: 52 cards, 13 each. 3 seats: one two is set aside face up (option ``removed``: 2♦ by
  default, as RULES.md settles; the seed allows 2♠), 17 each. The deal is "like Hokm": packets
  of 5, then 4s, from the seat after the dealer; the dealer moves one seat each deal (the seed
  lets anyone deal; rotating is our choice).
- Passing: every seat gives three cards of its choice, all at once. The cycle is right, left,
  across, none (3 seats: right, left, none), repeating. Each seat chooses in private; the cards
  move together when the last seat has chosen; the receiver sees the three cards it got and the
  passer knows where its three went (`sample_state` keeps them there until played).
- The holder of 2♣ leads it to the first trick (the table learns who holds it by that seat being
  to act, as at a real table where the holder says so). Follow suit if you can.
- No heart and no Q♠ on the first trick. Our choice where the seed is silent: a seat void in
  clubs whose hand is only hearts and Q♠ may play any of them.
- Hearts may not be led until a heart has been played (broken), unless the hand is all hearts.
  Q♠ does not break hearts (the seed: only a heart opens them).
- Each heart is 1 penalty point, Q♠ 13: 26 a deal. A seat taking all 26 scores 0 and every other
  seat 26 (shooting the moon).
- The match ends after the deal in which a seat reaches the limit (option ``limit``; the seed:
  "whoever reaches 300 has lost"); the lowest total wins (ties share the win).

Where the seed slips: for three players it first says "once with the left, once with the right,
the third with nobody" and then "the fourth again with the right"; RULES.md settles the cycle as
right, left, none, which also fits the four-player order. The table learns who holds 2♣ from
that seat being to act (the contract's rule that `to_act` shows no hidden card is met the way a
real table meets it: the holder says so), and `sample_state` keeps 2♣ with that seat.

Claim (`game.claim`)
--------------------
A seat about to play may claim the rest of the deal: every penalty point still out comes to it
(no other seat takes a trick holding a heart or Q♠), whatever the others play, in every deal of
the cards it has not seen that fits the voids shown and the cards it passed. The deal's
penalties are then decided: a moon made, or a deal whose points are all out already (any seat
may claim it then). "I take no more points" would not decide them: who of the others takes the
points still out would still be played for.

Options
-------
``limit`` 300 (default, the seed's example), 100 or 50; ``removed`` "2D" (default) or "2S", the
card set aside at 3 seats; ``length`` "match" (default) or "deal" (one deal: the simulator's
unit). ``deck`` stacks shuffles (game.core).

Codes
-----
Cards ``AS TD 9H 2C`` (game.cards.french). Actions: ``pass 2C 3H QS`` (legal as the pattern
``pass ?3``), ``play AS``.

Zones: ``hand:<s>``, ``pass:<s>`` (the three cards s chose, seen only by s until they move),
``trick``, ``won:<s>`` (face down), ``out`` (the two set aside at 3 seats, face up).
Facts: pass direction this deal (``pass_dir``, ``pass_to``), points this deal per seat, running
totals, hearts broken, leader and turn, the tricks of this deal, the last trick, which seats have
chosen their pass, for the seat itself the cards it gave and got this deal, and the score sheet
(a row per deal: the penalties per seat and the running totals, as the seed notes them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from game.cards.french import SUITS, deck
from game.core import (JSON, Action, Event, IllegalAction, Option, Reason, Rules, State, Zone,
                       check_choice, check_entries, check_seat_fields, check_trick_seats)
from game.deal import Hidden, play_events
from game.fast import make_clone
from game.registry import register
from game.shapes import (CardMoved, CardsMoved, Dealt, NoData, Observation, Result, Sheet,
                         TableFacts, Trick)
from game.tricks import (SUIT_NAMES, faces, fails_to_follow, hidden_deals, played, power_tables,
                         refuse_play, round_the_table, seat_hands, seat_zones, shown_voids,
                         trick_leader, unseen_cards)
from game.tricks import trick_winner as winner_of

CYCLES = {4: ("right", "left", "across", "none"), 3: ("right", "left", "none")}
OFFSET = {"right": 1, "left": -1, "across": 2, "none": 0}
SHEET_COLUMNS = ("deal", "pass", "points", "totals", "moon")
PLAY = {c: Action("play", c) for c in deck()}
PASS_PATTERN = Action("pass", "?3")
ALL_CARDS = frozenset(deck())


def points_of(card: str) -> int:
    return 13 if card == "QS" else 1 if card[1] == "H" else 0


POWER = power_tables(deck(), [None], SUITS)
"""``POWER[None, led]``: the cards' strengths in a trick led in ``led``, without trump
(`game.tricks.power_table`)."""


def trick_winner(cards: list[str], leader: int, n: int) -> int:
    """The seat that wins ``cards`` (in play order from ``leader``): the highest of the led suit."""
    return winner_of(cards, leader, n, POWER[None, cards[0][1]])


def pass_direction(n: int, deal_no: int) -> str:
    cycle = CYCLES[n]
    return cycle[(deal_no - 1) % len(cycle)]


# -- the events' data (`BiDelRules.events`) --------------------------------------------------
Shuffled = TypedDict("Shuffled", {"deal": int, "dealer": int, "pass": str})
"""A deal begins: its number, the seat that deals and the way the cards pass (`CYCLES`)."""

class Exchanged(Dealt):
    """Three chosen cards passed to the ``receiver``'s hand: named to the seats that gave and
    got them, counted for the others."""

    receiver: int


class Led(TypedDict):
    """The holder of ``card`` (2C) leads the first trick."""

    card: str


class TrickTaken(CardsMoved):
    """A trick taken, with the penalty ``points`` it holds."""

    points: int


class DealScored(TypedDict):
    """A deal scored: each seat's penalty ``points`` (the moon's 0 and 26s), the ``totals``
    after it, the seat that shot the ``moon`` (None: nobody)."""

    points: list[int]
    totals: list[int]
    moon: int | None


class GameOver(TypedDict):
    """The match over: the seats with the lowest total, and every seat's total."""

    winners: list[int]
    totals: list[int]


EVENTS = {"shuffle": Shuffled, "deal": Dealt, "pass_chosen": Dealt, "exchange": Exchanged,
          "lead": Led, "play": CardMoved, "trick": TrickTaken, "claim": NoData,
          "deal_score": DealScored, "game_over": GameOver}

PLAYED = play_events(deck(), 4, "trick")
"""``PLAYED[seat][card]``: ``seat`` plays ``card`` to the trick."""


class BiDelFacts(TableFacts):
    """Bi-Del's facts beyond the table's; a seat sees its own pass (``pass_to``, ``gave``,
    ``received``, ``received_from``), the spectator none of it."""

    pass_dir: str
    """This deal's pass: "right", "left", "across" or "none"."""
    pass_to: int | None
    """The seat the looking seat passes to (None: no pass this deal, or a spectator)."""
    chosen: list[bool]
    """Whether each seat has chosen the cards it passes."""
    gave: list[str]
    """The cards the looking seat passed this deal."""
    received: list[str]
    """The cards passed to it (once it has passed its own)."""
    received_from: int | None
    points: list[int]
    """Penalty points each seat took this deal."""
    hearts_broken: bool
    turn: int
    dealer: int
    deal_no: int
    history: list[Trick]
    """This deal's finished tricks, each [leader, its cards in the order played]."""


class BiDelObservation(Observation, BiDelFacts):
    """A seat's view of a Bi-Del match: the frame, the table's facts and Bi-Del's own."""


class BiDelRules(Rules):
    id = "bidel"
    deal_ends = frozenset({"deal_score"})
    names = {"fa": "بی دل", "en": "Bi-Del", "ar": "بي دل"}
    seat_counts = (4, 3)
    teams = False
    direction = "anticlockwise"
    options = {
        "limit": Option("limit", 300, (300, 100, 50), "the match ends when a seat reaches it"),
        "removed": Option("removed", "2D", ("2D", "2S"), "the card set aside at 3 seats"),
        "length": Option("length", "match", ("match", "deal"), "a whole match or one deal"),
    }
    unit_options = {"length": "deal"}
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        words = str(code).split()
        if len(words) == 2 and words[0].lower() == "play":
            action = PLAY.get(words[1].upper())
            if action is not None:
                return action
        if len(words) >= 2 and words[0].lower() == "pass":
            if words[1:] == ["?3"]:
                return PASS_PATTERN
            cards = [w.upper() for w in words[1:]]
            if all(c in ALL_CARDS for c in cards):
                return Action("pass", " ".join(cards))
        raise IllegalAction(f"{code!r} is not a Bi-Del action (pass 2C 3H QS, play AS)")

    def sample_state(self, observation: Observation, seed: int) -> BiDelState:
        """Deal the cards the seat cannot see, honouring voids, passes and forced plays."""
        return self.hidden(observation).world(seed)

    def worlds(self, observation: Observation) -> Callable[[int], BiDelState]:
        return self.hidden(observation).world

    def hidden(self, observation: Observation) -> Hidden[BiDelState]:
        """What the observing seat cannot see, the observation read once: a state of what it
        shows, cloned for each world and dealt the unseen cards (voids, the cards it passed
        kept with their receiver, 2♣ with the seat to lead it, forced plays)."""
        obs = self.narrow(observation, BiDelObservation)
        me, n, zones = seat_zones(obs)
        s = BiDelState(n, 0, dict(obs["options"]))
        s.phase = obs["phase"]
        s.leader, s.turn = trick_leader(obs), obs["turn"]
        s.dealer, s.deal_no = obs["dealer"], obs["deal_no"]
        s.broken = obs["hearts_broken"]
        s.points = list(obs["points"])
        s.totals = list(obs["totals"])
        s.sheet = [list(r) for r in obs["sheet"]["rows"]]
        s.history = played(obs["history"])
        s.trick = faces(zones["trick"])
        s.out = faces(zones["out"])
        s.won = [[] for _ in range(n)]
        for leader, cards in s.history:
            s.won[trick_winner(cards, leader, n)].extend(cards)
        s.gave = [[] for _ in range(n)]
        s.gave[me] = list(obs["gave"])
        received_from = obs["received_from"]
        if received_from is not None:
            s.gave[received_from] = list(obs["received"])
        unseen = unseen_cards(ALL_CARDS, obs["zones"], s.won)
        gone = {c for _, cards in s.history for c in cards} | set(s.trick)
        must: dict[str, int] = {}
        target = obs["pass_to"]
        if s.phase == "play" and target is not None:
            for c in s.gave[me]:
                if c not in gone:
                    must[c] = target
        if s.phase == "play" and not gone:
            must["2C"] = s.turn
        only = s.restrictions()
        capacity: dict[str, int] = {}
        for seat in range(n):
            if seat != me:
                capacity[f"hand:{seat}"] = len(zones[f"hand:{seat}"]["cards"])
                capacity[f"pass:{seat}"] = len(zones[f"pass:{seat}"]["cards"])

        def allowed(holder: str, card: str) -> bool:
            seat = int(holder.split(":")[1])
            if card in must:
                return holder == f"hand:{must[card]}"
            if holder.startswith("pass:"):
                return True
            return card[1] not in only[seat][0] and not (only[seat][1] and points_of(card) == 0)

        def deal(dealt: dict[str, list[str]], seed: int) -> BiDelState:
            world = s.clone()
            world.seed = seed
            world.hands = seat_hands(dealt, zones, me, n)
            world.chosen = [faces(zones[f"pass:{me}"]) if seat == me
                            else dealt[f"pass:{seat}"] for seat in range(n)]
            return world

        return Hidden(hidden_deals(unseen, capacity, allowed), deal)


class BiDelState(State):
    FIELDS = ("phase", "hands", "chosen", "trick", "won", "out", "leader", "turn", "dealer",
              "deal_no", "broken", "points", "totals", "gave", "history", "sheet")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        super().__init__(seats, seed, options)
        self.phase = "pass"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.chosen: list[list[str]] = [[] for _ in range(seats)]
        self.trick: list[str] = []
        self.won: list[list[str]] = [[] for _ in range(seats)]
        self.out: list[str] = []
        self.leader = self.turn = 0
        self.dealer = seats - 1
        self.deal_no = 0
        self.broken = False
        self.points = [0] * seats
        self.totals = [0] * seats
        self.gave: list[list[str]] = [[] for _ in range(seats)]
        self.history: list[tuple[int, list[str]]] = []
        self.sheet: list[list[JSON]] = []

    def check_fields(self) -> None:
        check_choice(self, "phase", ("pass", "play", "over"))
        check_seat_fields(self, "leader", "turn", "dealer")
        check_entries(self, self.seats, "seat", "hands", "chosen", "won", "gave")
        check_entries(self, self.seats, "seat", "points", "totals", numbers=True)

    # -- dealing ------------------------------------------------------------------------
    def cards(self) -> list[str]:
        if self.seats == 3:
            return [c for c in deck() if c != self.options["removed"]]
        return deck()

    def deal(self) -> list[Event]:
        n = self.seats
        self.deal_no += 1
        if self.deal_no > 1:
            self.dealer = (self.dealer + 1) % n
        pack = self.shuffled(self.cards(), "deal")
        self.out = [str(self.options["removed"])] if n == 3 else []
        self.hands = [[] for _ in range(n)]
        self.chosen = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.gave = [[] for _ in range(n)]
        self.trick, self.history = [], []
        self.points = [0] * n
        self.broken = False
        events = [Event("shuffle", None, Shuffled({"deal": self.deal_no, "dealer": self.dealer,
                                                  "pass": self.pass_dir()}))]
        packets = [5, 4, 4] if n == 4 else [5, 4, 4, 4]
        for count in packets:
            for i in range(1, n + 1):
                seat = (self.dealer + i) % n
                got, pack = pack[:count], pack[count:]
                self.hands[seat].extend(got)
                counted = Dealt({"from": "deck", "to": f"hand:{seat}", "count": count})
                events.append(Event("deal", seat, Dealt({**counted, "cards": got}), to=(seat,)))
                events.append(Event("deal", seat, counted,
                                    to=tuple(s for s in range(n) if s != seat)))
        if self.pass_dir() == "none":
            events.extend(self._start_play())
        else:
            self.phase = "pass"
        return events

    start = deal
    """The opening is the first deal."""

    def pass_dir(self) -> str:
        return pass_direction(self.seats, self.deal_no)

    def pass_to(self, seat: int) -> int | None:
        offset = OFFSET[self.pass_dir()]
        return None if offset == 0 else (seat + offset) % self.seats

    def _start_play(self) -> list[Event]:
        self.phase = "play"
        holder = next(s for s in range(self.seats) if "2C" in self.hands[s])
        self.leader = self.turn = holder
        return [Event("lead", holder, Led(card="2C"))]

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "pass":
            return [s for s in range(self.seats) if not self.chosen[s]]
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "pass":
            return [] if self.chosen[seat] else [PASS_PATTERN]
        if self.phase != "play" or seat != self.turn:
            return []
        return [PLAY[c] for c in self.playable(seat)]

    def playable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        first = not self.history
        if not self.trick:
            if first:
                return ["2C"] if "2C" in hand else list(hand)
            if not self.broken:
                safe = [c for c in hand if c[1] != "H"]
                if safe:
                    return safe
            return list(hand)
        led = self.trick[0][1]
        follow = [c for c in hand if c[1] == led]
        if follow:
            return follow
        if first:
            clean = [c for c in hand if points_of(c) == 0]
            if clean:
                return clean
        return list(hand)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "pass":
            if action.verb != "pass":
                return Reason("pass_first", "choose three cards to pass first", n=3)
            cards = action.arg.split()
            if len(cards) != 3:
                return Reason("pass_three", "pass exactly three cards, not {count}", n=3,
                              count=len(cards))
            if len(set(cards)) != 3:
                return Reason("pass_different", "pass three different cards", n=3)
            for c in cards:
                if c not in self.hands[seat]:
                    return Reason("not_held", "you do not hold {card}", card=c)
            return None
        hand = self.hands[seat]
        if (refused := refuse_play(action, hand)) is not None:
            return refused
        card = action.arg
        if card in self.playable(seat):
            return None
        if not self.history and not self.trick:
            return Reason("two_leads", "the 2 of clubs leads the first trick", card="2C")
        if self.trick:
            led = self.trick[0][1]
            if fails_to_follow(card, hand, led):
                return Reason("follow", "you must follow suit: you hold " + SUIT_NAMES[led],
                              suit=led)
            return Reason("first_trick", "no hearts and no queen of spades on the first trick",
                          card="QS", suit="H")
        return Reason("hearts_broken", "hearts are not broken yet: lead another suit", suit="H")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "pass":
            return self._choose(seat, action.arg.split())
        return self._play(seat, action.arg)

    def _choose(self, seat: int, cards: list[str]) -> list[Event]:
        for c in cards:
            self.hands[seat].remove(c)
        self.chosen[seat] = list(cards)
        chosen = Dealt({"from": f"hand:{seat}", "to": f"pass:{seat}", "count": 3})
        others = tuple(s for s in range(self.seats) if s != seat)
        events = [Event("pass_chosen", seat, Dealt({**chosen, "cards": list(cards)}), to=(seat,)),
                  Event("pass_chosen", seat, chosen, to=others)]
        if any(not c for c in self.chosen):
            return events
        for s in range(self.seats):
            target = self.pass_to(s)
            assert target is not None
            got = self.chosen[s]
            self.hands[target].extend(got)
            self.gave[s] = got
            passed = Exchanged({"from": f"pass:{s}", "to": f"hand:{target}", "receiver": target,
                                "count": 3})
            events.append(Event("exchange", s, Exchanged({**passed, "cards": list(got)}),
                                to=(s, target)))
            events.append(Event("exchange", s, passed,
                                to=tuple(o for o in range(self.seats) if o not in (s, target))))
        self.chosen = [[] for _ in range(self.seats)]
        return events + self._start_play()

    def _play(self, seat: int, card: str) -> list[Event]:
        n = self.seats
        self.hands[seat].remove(card)
        self.trick.append(card)
        if card[1] == "H":
            self.broken = True
        events = [PLAYED[seat][card]]
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return events
        winner = winner_of(self.trick, self.leader, n, POWER[None, self.trick[0][1]])
        self.history.append((self.leader, self.trick))
        self.won[winner].extend(self.trick)
        got = sum(points_of(c) for c in self.trick)
        self.points[winner] += got
        events.append(Event("trick", winner, TrickTaken({"cards": self.trick, "from": "trick",
                                                         "to": f"won:{winner}", "points": got})))
        self.trick = []
        self.leader = self.turn = winner
        if self.hands[winner]:
            return events
        return events + self._end_deal()

    def _end_deal(self) -> list[Event]:
        n = self.seats
        moon = next((s for s in range(n) if self.points[s] == 26), None)
        scored = [0 if s == moon else 26 for s in range(n)] if moon is not None \
            else list(self.points)
        self.totals = [t + p for t, p in zip(self.totals, scored)]
        self.sheet.append([self.deal_no, self.pass_dir(), scored, list(self.totals), moon])
        events = [Event("deal_score", moon, DealScored({"points": scored,
                                                        "totals": list(self.totals),
                                                        "moon": moon}))]
        if self.options["length"] == "deal" or max(self.totals) >= int(self.options["limit"]):
            self.phase = "over"
            return events + [Event("game_over", None, GameOver({"winners": self.winners(),
                                                                "totals": list(self.totals)}))]
        return events + self.deal()

    # -- what may be known --------------------------------------------------------------
    def restrictions(self) -> list[tuple[set[str], bool]]:
        """Per seat: suits it has shown it lacks, and whether it holds only penalty cards
        (it played a heart or Q♠ off-suit on the first trick)."""
        n = self.seats
        tricks = [*self.history, (self.leader, self.trick)]
        voids = shown_voids(round_the_table(tricks, n), n)
        only = [False] * n
        broken = False
        for t, (leader, cards) in enumerate(tricks):
            if not cards:
                continue
            led = cards[0][1]
            if led == "H" and not broken:  # a heart led before hearts broke: nothing else held
                voids[leader].update("SDC")
            for i, card in enumerate(cards):
                if t == 0 and card[1] != led and points_of(card):
                    voids[(leader + i) % n].update("DC")
                    only[(leader + i) % n] = True
                if card[1] == "H":
                    broken = True
        return list(zip(voids, only))

    def zones(self) -> list[Zone]:
        n = self.seats
        zs = [Zone(f"hand:{s}", "hand", s, self.hands[s], "fan", (s,)) for s in range(n)]
        zs.extend(Zone(f"pass:{s}", "stack", s, self.chosen[s], "row", (s,)) for s in range(n))
        zs.append(Zone("trick", "trick", None, self.trick, "spread"))
        zs.extend(Zone(f"won:{s}", "won", s, self.won[s], "pile", ()) for s in range(n))
        zs.append(Zone("out", "out", None, self.out, "pile"))
        return zs

    def facts(self, seat: int | None) -> BiDelFacts:
        mine = seat is not None and 0 <= seat < self.seats
        gave = list(self.gave[seat]) if mine and seat is not None else []
        got: list[str] = []
        came_from: int | None = None
        if mine and seat is not None and self.pass_dir() != "none":
            came_from = (seat - OFFSET[self.pass_dir()]) % self.seats
            got = list(self.gave[came_from])
        return {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "pass_dir": self.pass_dir(),
            "pass_to": self.pass_to(seat) if mine and seat is not None else None,
            "chosen": [bool(c) for c in self.chosen],
            "gave": gave, "received": got, "received_from": came_from if got else None,
            "points": list(self.points), "totals": list(self.totals),
            "hearts_broken": self.broken, "leader": self.leader, "turn": self.turn,
            "dealer": self.dealer, "deal_no": self.deal_no,
            "history": [[leader, list(cards)] for leader, cards in self.history],
            "last_trick": list(self.history[-1][1]) if self.history else [],
            "sheet": self.score_sheet(),
        }

    def observation(self, seat: int | None) -> BiDelObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def score_sheet(self) -> Sheet:
        """The seed's sheet: a row per deal with each seat's penalties and running totals."""
        return {"columns": list(SHEET_COLUMNS),
                "rows": [[r[0], r[1], list(r[2]), list(r[3]), r[4]] for r in self.sheet]}

    def winners(self) -> list[int]:
        low = min(self.totals)
        return [s for s in range(self.seats) if self.totals[s] == low]

    def is_over(self) -> bool:
        return self.phase == "over"

    def deal_value(self, seat: int) -> float:
        """Penalty points: the others' lowest total less the seat's own, and `State.WIN`."""
        value = float(min(t for s, t in enumerate(self.totals) if s != seat) - self.totals[seat])
        if self.phase == "over":
            value += self.WIN if seat in self.winners() else -self.WIN
        return value

    def result(self) -> Result:
        return {"winners": self.winners() if self.phase == "over" else [],
                "points": list(self.totals), "sheet": self.score_sheet()}

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.history = played(d["history"])
        check_trick_seats(self, self.leader, self.turn, self.trick, self.phase == "play",
                          dealer=self.dealer)

    # gave: a pass puts a new list in a seat's place, so the outer list alone is copied
    clone = make_clone(nested=("hands", "chosen", "won"),
                       flat=("trick", "points", "gave", "totals", "history", "sheet"))

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return (action.arg, "trick") if action.verb == "play" else None


RULES = register(BiDelRules(), BiDelState)
