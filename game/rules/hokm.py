"""Hokm (حکم), as seed 002 gives it, for four seats in two teams.

Rules
-----
- Teams: seats 0 and 2 against 1 and 3. Play runs anticlockwise ("to the right"): seat ``s`` is
  followed by ``(s + 1) % 4``.
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

Options
-------
``sets`` 1, 2 or 3 (default 2; seed: "2 or 3", and "1, 2 or 3" in the detail), ``hakem`` "draw"
(default) or "first_ace", ``length`` "match" (default) or "hand" (one hand: the simulator's
unit). ``deck`` stacks shuffles (game.core): one list of the 52 codes, top first, stacks the first
hand's deal; a list of such lists stacks the Hakem draw (the seats draw from the top, in turn
from seat 0) and then each hand in order.

Codes
-----
Cards ``AS TD 9H 2C`` (game.cards.french). Actions: ``trump S`` (the Hakem names trump: S H D C),
``play AS``, ``bam`` / ``stop`` (the 7–0 choice).

Zones: ``hand:<s>``, ``trick``, ``won:<s>`` (the tricks seat s took, face down), ``deck``.
Facts: trump, hakem, dealer, leader, tricks per team, hands per team in this set, sets per team,
the tricks of this hand (public: everyone watched them), the last trick, the score sheet.
"""

from __future__ import annotations

import random

from game.cards.french import RANK_VALUE, SUITS, deck
from game.core import JSON, Action, Event, IllegalAction, Option, Rules, State, Zone
from game.deal import deal_constrained
from game.registry import register

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
TEAMS = ((0, 2), (1, 3))
SHEET_COLUMNS = ("hand", "hakem", "trump", "tricks 0-2", "tricks 1-3", "team", "hands", "kind")
PLAY = {c: Action("play", c) for c in deck()}
TRUMP = {s: Action("trump", s) for s in SUITS}
BAM = Action("bam")
STOP = Action("stop")
_ACTIONS = {str(a): a for a in [*PLAY.values(), *TRUMP.values(), BAM, STOP]}


def trick_winner(cards: list[str], leader: int, trump: str) -> int:
    """The seat that wins ``cards`` (in play order from ``leader``) with ``trump`` as trump."""
    led = cards[0][1]
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card[1] == top[1]:
            if RANK_VALUE[card[0]] > RANK_VALUE[top[0]]:
                best = i
        elif card[1] == trump and top[1] != trump or card[1] == led and top[1] not in (led, trump):
            best = i
    return (leader + best) % 4


class HokmRules(Rules):
    id = "hokm"
    names = {"fa": "حکم", "en": "Hokm", "ar": "حكم"}
    seat_counts = (4,)
    teams = True
    direction = "anticlockwise"
    options = {
        "sets": Option("sets", 2, (1, 2, 3), "sets a team must win to win the match"),
        "hakem": Option("hakem", "draw", ("draw", "first_ace"), "how the first Hakem is chosen"),
        "length": Option("length", "match", ("match", "hand"), "a whole match or one hand"),
    }
    unit_options = {"length": "hand"}

    def _new(self, seats: int, seed: int, options: dict[str, JSON]) -> HokmState:
        state = HokmState(seed, options)
        state.opening = state.start()
        return state

    def parse_action(self, code: str) -> Action:
        words = str(code).split()
        if len(words) == 2:
            words = [words[0].lower(), words[1].upper()]
        action = _ACTIONS.get(" ".join(words).lower() if len(words) == 1 else " ".join(words))
        if action is None:
            raise IllegalAction(f"{code!r} is not a Hokm action (trump S, play AS, bam, stop)")
        return action

    def state_from_dict(self, d: dict[str, JSON]) -> HokmState:
        s = HokmState(int(d["seed"]), dict(d["options"]))
        s.load_base(d)
        s.phase = str(d["phase"])
        s.hands = [list(h) for h in d["hands"]]
        s.deck = list(d["deck"])
        s.trick = list(d["trick"])
        s.won = [list(w) for w in d["won"]]
        s.leader, s.turn, s.hakem = int(d["leader"]), int(d["turn"]), int(d["hakem"])
        s.trump = d["trump"]
        s.tricks = list(d["tricks"])
        s.hand_points = list(d["hand_points"])
        s.sets = list(d["sets"])
        s.hand_no = int(d["hand_no"])
        s.bam = bool(d["bam"])
        s.history = [(int(t[0]), list(t[1])) for t in d["history"]]
        s.sheet = [list(r) for r in d["sheet"]]
        s.winner = d["winner"]
        return s

    def sample_state(self, observation: dict[str, JSON], seed: int) -> HokmState:
        """Deal the cards ``observation``'s seat cannot see, honouring the voids tricks showed."""
        me = observation["seat"]
        zones = {z["id"]: z for z in observation["zones"]}
        s = HokmState(seed, dict(observation["options"]))
        s.phase = observation["phase"]
        s.trump = observation["trump"]
        s.hakem, s.leader, s.turn = observation["hakem"], observation["leader"], observation["turn"]
        s.tricks = list(observation["tricks"])
        s.hand_points = list(observation["hand_points"])
        s.sets = list(observation["sets"])
        s.hand_no = observation["hand_no"]
        s.bam = observation["bam"]
        s.winner = observation["winner"]
        s.sheet = [list(r) for r in observation["sheet"]["rows"]]
        s.history = [(int(t[0]), list(t[1])) for t in observation["history"]]
        s.trick = list(zones["trick"]["cards"])
        s.won = [[] for _ in range(4)]
        for leader, cards in s.history:
            s.won[trick_winner(cards, leader, str(s.trump))].extend(cards)
        unseen = set(deck())
        for z in observation["zones"]:
            unseen.difference_update(c for c in z["cards"] if c is not None)
        unseen.difference_update(c for w in s.won for c in w)
        voids = s.voids()
        capacity: dict[str, int] = {"deck": len(zones["deck"]["cards"])}
        for seat in range(4):
            if seat != me:
                capacity[f"hand:{seat}"] = len(zones[f"hand:{seat}"]["cards"])

        def allowed(holder: str, card: str) -> bool:
            return holder == "deck" or card[1] not in voids[int(holder[5:])]

        dealt = deal_constrained(sorted(unseen), capacity, allowed, random.Random(seed))
        s.deck = dealt["deck"]
        s.hands = [list(zones[f"hand:{me}"]["cards"]) if seat == me else dealt[f"hand:{seat}"]
                   for seat in range(4)]
        return s


RULES = register(HokmRules())


class HokmState(State):
    rules = RULES
    seats = 4

    def __init__(self, seed: int, options: dict[str, JSON]) -> None:
        self.seed = seed
        self.options = options
        self.chance_count = 0
        self.phase = "trump"
        self.hands: list[list[str]] = [[], [], [], []]
        self.deck: list[str] = []
        self.trick: list[str] = []
        self.won: list[list[str]] = [[], [], [], []]
        self.leader = self.turn = self.hakem = 0
        self.trump: str | None = None
        self.tricks = [0, 0]
        self.hand_points = [0, 0]
        self.sets = [0, 0]
        self.hand_no = 0
        self.bam = False
        self.history: list[tuple[int, list[str]]] = []
        self.sheet: list[list[JSON]] = []
        self.winner: int | None = None

    # -- dealing ------------------------------------------------------------------------
    def start(self) -> list[Event]:
        """Draw the first Hakem and deal the first hand."""
        if self.options["hakem"] == "first_ace":
            events = self._first_ace()
        else:
            events = self._draw_hakem()
        self.deck = deck()
        return events + self._deal()

    def _draw_hakem(self) -> list[Event]:
        pack = self.shuffled(deck(), "hakem")[::-1]
        drawing = [0, 1, 2, 3]
        draws: list[JSON] = []
        while len(drawing) > 1:
            got = {seat: pack.pop() for seat in drawing}
            draws.extend([seat, card] for seat, card in got.items())
            top = max(RANK_VALUE[c[0]] for c in got.values())
            drawing = [seat for seat, c in got.items() if RANK_VALUE[c[0]] == top]
        self.hakem = drawing[0]
        return [Event("hakem", self.hakem, {"draws": draws, "how": "draw"})]

    def _first_ace(self) -> list[Event]:
        pack = self.shuffled(deck(), "hakem")[::-1]
        draws: list[JSON] = []
        seat = 0
        while True:
            card = pack.pop()
            draws.append([seat, card])
            if card[0] == "A":
                break
            seat = (seat + 1) % 4
        self.hakem = seat
        return [Event("hakem", seat, {"draws": draws, "how": "first_ace"})]

    def _deal(self) -> list[Event]:
        """Gather every card, shuffle (or stack), give 5 each from the Hakem on."""
        self.deck = self.shuffled(deck(), "deal")
        self.hand_no += 1
        self.hands = [[], [], [], []]
        self.won = [[], [], [], []]
        self.trick, self.history = [], []
        self.tricks = [0, 0]
        self.trump, self.bam = None, False
        self.phase = "trump"
        self.leader = self.turn = self.hakem
        events = [Event("shuffle", None, {"hand": self.hand_no, "hakem": self.hakem,
                                         "dealer": (self.hakem + 3) % 4})]
        return events + self._give(5)

    def _give(self, count: int) -> list[Event]:
        events = []
        for i in range(4):
            seat = (self.hakem + i) % 4
            got, self.deck = self.deck[:count], self.deck[count:]
            self.hands[seat].extend(got)
            where = {"from": "deck", "to": f"hand:{seat}", "count": count}
            events.append(Event("deal", seat, {**where, "cards": got}, to=(seat,)))
            events.append(Event("deal", seat, where, to=tuple(s for s in range(4) if s != seat)))
        return events

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.turn or self.phase == "over":
            return []
        if self.phase == "play":
            hand = self.hands[seat]
            if self.trick:
                led = self.trick[0][1]
                follow = [PLAY[c] for c in hand if c[1] == led]
                if follow:
                    return follow
            return [PLAY[c] for c in hand]
        if self.phase == "trump":
            return list(TRUMP.values())
        return [BAM, STOP]

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "trump":
            return None if action.verb == "trump" else "the Hakem must name trump first"
        if self.phase == "bam":
            return None if action.verb in ("bam", "stop") else "choose: play on for Bam, or stop"
        if action.verb != "play":
            return "play a card"
        card = action.arg
        hand = self.hands[seat]
        if card not in hand:
            return f"you do not hold {card}"
        if self.trick:
            led = self.trick[0][1]
            if card[1] != led and any(c[1] == led for c in hand):
                return f"you must follow suit: you hold {SUIT_NAMES[led]}"
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "play":
            return self._play(seat, action.arg)
        if action.verb == "trump":
            self.trump = action.arg
            self.phase = "play"
            return [Event("trump", seat, {"suit": action.arg}), *self._give(4), *self._give(4)]
        if action.verb == "bam":
            self.bam = True
            self.phase = "play"
            return [Event("bam", seat)]
        return self._end_hand()

    def _play(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        self.trick.append(card)
        events = [Event("play", seat, {"card": card, "from": f"hand:{seat}", "to": "trick"})]
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return events
        winner = trick_winner(self.trick, self.leader, str(self.trump))
        team = winner % 2
        self.history.append((self.leader, self.trick))
        self.won[winner].extend(self.trick)
        events.append(Event("trick", winner, {"cards": self.trick, "from": "trick",
                                              "to": f"won:{winner}"}))
        self.trick = []
        self.tricks[team] += 1
        self.leader = self.turn = winner
        if self.bam:
            if self.tricks[1 - team] or self.tricks[team] == 13:
                return events + self._end_hand()
        elif self.tricks[team] == 7:
            if self.tricks[1 - team] == 0:
                self.phase = "bam"
                return events
            return events + self._end_hand()
        return events

    def _end_hand(self) -> list[Event]:
        team = 0 if self.tricks[0] > self.tricks[1] else 1
        hakem_team = self.hakem % 2
        if self.bam and self.tricks[team] == 13:
            kind, points = "bam", 0
        elif self.bam:
            kind, points = "bam_failed", 1
        elif self.tricks[1 - team] == 0:
            kind, points = ("kot", 2) if team == hakem_team else ("reverse_kot", 3)
        else:
            kind, points = "win", 1
        self.sheet.append([self.hand_no, self.hakem, self.trump, self.tricks[0], self.tricks[1],
                           team, points, kind])
        events = [Event("hand_end", None, {"team": team, "kind": kind, "points": points,
                                           "tricks": list(self.tricks)})]
        if kind == "bam":
            self.sets[team] = int(self.options["sets"])
        else:
            self.hand_points[team] = min(7, self.hand_points[team] + points)
            if self.hand_points[team] == 7:
                self.sets[team] += 1
                self.hand_points = [0, 0]
                events.append(Event("set_end", None, {"team": team, "sets": list(self.sets)}))
        if team != hakem_team:
            self.hakem = (self.hakem + 1) % 4
        if self.sets[team] >= int(self.options["sets"]) or self.options["length"] == "hand":
            self.phase = "over"
            self.winner = team
            return events + [Event("match_end", None, {"team": team, "sets": list(self.sets)})]
        return events + self._deal()

    def zones(self) -> list[Zone]:
        zs = [Zone(f"hand:{s}", "hand", s, self.hands[s], "fan", (s,)) for s in range(4)]
        zs.append(Zone("trick", "trick", None, self.trick, "spread"))
        zs.extend(Zone(f"won:{s}", "won", s, self.won[s], "pile", ()) for s in range(4))
        zs.append(Zone("deck", "deck", None, self.deck, "pile", ()))
        return zs

    def voids(self) -> list[set[str]]:
        """The suits each seat has shown it lacks, by not following them this hand."""
        voids: list[set[str]] = [set(), set(), set(), set()]
        for leader, cards in [*self.history, (self.leader, self.trick)]:
            if cards:
                led = cards[0][1]
                for i, card in enumerate(cards):
                    if card[1] != led:
                        voids[(leader + i) % 4].add(led)
        return voids

    def facts(self, seat: int | None) -> dict[str, JSON]:
        return {
            "options": {k: v for k, v in self.options.items() if k != "deck"},
            "trump": self.trump, "hakem": self.hakem, "dealer": (self.hakem + 3) % 4,
            "leader": self.leader, "turn": self.turn, "teams": [list(t) for t in TEAMS],
            "tricks": list(self.tricks), "hand_points": list(self.hand_points),
            "sets": list(self.sets), "hand_no": self.hand_no, "bam": self.bam,
            "winner": self.winner,
            "history": [[leader, list(cards)] for leader, cards in self.history],
            "last_trick": list(self.history[-1][1]) if self.history else [],
            "sheet": self.score_sheet(),
        }

    def score_sheet(self) -> dict[str, JSON]:
        """The seed's sheet: a row per hand, the Hakem, trump, tricks, who won it and how."""
        return {"columns": list(SHEET_COLUMNS), "rows": [list(r) for r in self.sheet]}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, JSON]:
        if self.winner is None:
            return {"winners": [], "points": [0, 0, 0, 0], "teams": [list(t) for t in TEAMS]}
        return {
            "winners": list(TEAMS[self.winner]),
            "points": [self.sets[s % 2] for s in range(4)],
            "teams": [list(t) for t in TEAMS],
            "team_points": list(self.sets),
            "sheet": self.score_sheet(),
        }

    def deal_value(self, seat: int) -> float:
        """Hands won, a set counting 7 (`result` says only sets), the tricks of a hand that ended
        the game (a thirteenth of a hand each), and the match's `State.WIN`."""
        us, them = seat % 2, 1 - seat % 2
        value = float(7 * (self.sets[us] - self.sets[them]) + self.hand_points[us]
                      - self.hand_points[them] + (self.tricks[us] - self.tricks[them]) / 13)
        if self.winner is not None:
            value += self.WIN if self.winner == seat % 2 else -self.WIN
        return value

    def to_dict(self) -> dict[str, JSON]:
        return {
            **self.base_dict(), "phase": self.phase,
            "hands": [list(h) for h in self.hands], "deck": list(self.deck),
            "trick": list(self.trick), "won": [list(w) for w in self.won],
            "leader": self.leader, "turn": self.turn, "hakem": self.hakem, "trump": self.trump,
            "tricks": list(self.tricks), "hand_points": list(self.hand_points),
            "sets": list(self.sets), "hand_no": self.hand_no, "bam": self.bam,
            "history": [[leader, list(cards)] for leader, cards in self.history],
            "sheet": [list(r) for r in self.sheet], "winner": self.winner,
        }

    def clone(self) -> HokmState:
        c = HokmState.__new__(HokmState)
        c.__dict__.update(self.__dict__)
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.trick = self.trick[:]
        c.won = [w[:] for w in self.won]
        c.tricks = self.tricks[:]
        c.hand_points = self.hand_points[:]
        c.sets = self.sets[:]
        c.history = self.history[:]
        c.sheet = self.sheet[:]
        c.opening = []
        return c

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        return (action.arg, "trick") if action.verb == "play" else None
