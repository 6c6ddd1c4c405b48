"""Clumsy Thief (دزد دست‌وپا چلفتی), seed 001: a real-time money game for 3–6 seats, no turns.

Rules
-----
- Cards: 84 money cards, twelve each of 20 30 40 50 60 70 80 (20+80, 30+70, 40+60, 50+50 make
  100), 6 thieves and 3 jails: 93 cards. The seed's seven spare money cards are not dealt.
- Deal: the deck is shuffled; seat 0 takes the top seven cards face down, then seat 1, and so
  on; the rest is the central deck.
- A money stack starts with two hand cards that make exactly 100, the second face up on the
  first. Stacks stay on the table to the end; their owner changes when they are taken.
- Opening (phase ``build``): every seat must build as many stacks as it can, so a seat that can
  build may only build, and says ``done`` when it cannot. When every seat is done: if nobody has
  built a stack, everyone draws one more card (seat order) and the opening goes on; otherwise the
  dealer says "start!" (event ``start``) and the game goes live.
- Live (phase ``live``): no turns. Any seat that is not done may at any moment
  - build a new stack: building stays allowed after the opening, because the seed's refill rule
    speaks of rounds in which "nobody could build a new money stack or take one";
  - add a hand money card to its own stack when it and the top card make exactly 100;
  - grab another seat's stack by putting on its top a hand money card that makes exactly 100
    with it: the card goes on top and the whole stack becomes the grabber's;
  - grab another seat's stack with a thief, whatever its top (a thief on a thief too);
  - put a jail on any stack whose top is a thief, its own too: the stack becomes the seat's and
    is locked, for nothing may be placed on a jail (it can no longer be added to or taken);
  - or say ``done``: "I have nothing more, or I wait".
  Every action but ``done`` clears every seat's done flag, since a new top card may open new
  grabs. Grabbing has stopped when every seat is done; the round then ends inside the rules
  (event ``refill``): with ``refill="seven"`` each seat below 7 cards draws up to 7 (seat order),
  and if every seat had 7 or more, everyone draws one; with ``refill="one"`` everyone draws one.
  The done flags clear and the next round opens as the first one does (seed: «دوباره یک دور
  دیگر بازی میکنند»; the published rules agree: draw, make new stacks, then a new "Go!"): phase
  ``build``, in which a seat that can build may only build, until every seat is done; then
  "start!" again and grabbing resumes.
- End: the game ends when a draw is due (a round's refill, or the opening's draw) and the central
  deck cannot give every seat what that draw gives it: the deck is empty, or too short to bring
  every seat to 7 (or to give everyone one card). So a refill that empties the deck exactly is
  still made and played. The cards left in hands and in the deck are set aside face down
  (``out``) and count nothing.
- Score: the money cards in a seat's stacks; thieves and jails count nothing. The most money
  wins; tied seats all win.

Why a seat with nothing to do must still say ``done``: ``to_act()`` is public, so a seat that
dropped out by itself would tell everyone that its hand holds no thief, no pair and no card
that fits a top. ``to_act()`` is every seat not done and each of them has at least ``done``, so
a person is never stuck; the table may say ``done`` for a person whose only action it is.

Why the game ends: every action but ``done`` moves a hand card to a stack, and cards reach hands
only by drawing; between two such actions each seat says ``done`` at most once. So a round is
finite, and each round end either draws at least one card from the finite deck or ends the game.
(Two seats cannot take one stack back and forth forever: each take spends a card.)

Options
-------
``refill`` "seven" (seed, default: refill each hand to 7) or "one" (published: everyone draws
one). ``deck`` stacks the shuffle (game.core): the 93 codes, top first.

Codes
-----
Cards: money ``20`` ... ``80``, thief ``T``, jail ``J``. Stacks are ``s1``, ``s2`` ... in the
order they were built. Actions: ``build 20 80`` (20 first, 80 on top), ``add 80 s3``,
``grab 80 s3``, ``thief s3``, ``jail s3``, ``done``.

Zones: ``deck`` (face down, first card on top), ``hand:<s>`` (its owner), ``new:<s>`` (kind
stack, always empty: the slot in front of seat s where a new stack is built), ``stack:<id>``
(public, its owner, bottom to top), ``out`` (face down, the cards set aside at the end).
`move_of`: ``build A B`` is dragging A to ``new:<s>`` (B follows on top); ``add``/``grab`` drag
the card, ``thief`` the ``T``, ``jail`` the ``J`` to ``stack:<id>``; ``done`` is a button.
Facts: ``money`` per seat, ``locked`` stack ids, ``done`` flags per seat, ``deck`` (cards left),
``refill`` (the option).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import NamedTuple, NotRequired, TypedDict

from game.core import (HAND_IDS, JSON, Action, Event, IllegalAction, Option, Reason, Rules, State,
                       Zone, check_choice, check_entries)
from game.fast import make_clone
from game.registry import register
from game.shapes import NoData, Observation, Result, TableFacts

MONEY = ("20", "30", "40", "50", "60", "70", "80")
VALUE = {c: int(c) for c in MONEY}
PARTNER = {c: str(100 - int(c)) for c in MONEY}
"""The money card that makes 100 with each money card."""
THIEF, JAIL = "T", "J"
CARDS = tuple(c for c in MONEY for _ in range(12)) + (THIEF,) * 6 + (JAIL,) * 3
"""The game's 93 cards in their fixed order."""
HAND = 7
DONE = Action("done")
_STACK_ID = re.compile(r"s[1-9][0-9]*")


BUILD = {a: Action("build", f"{a} {PARTNER[a]}") for a in MONEY}
"""``build A B`` by the card that goes first: legal-move generation allocates no actions."""


class _StackActions(NamedTuple):
    """The actions on one stack, made once: ``add``/``grab`` by the stack's top card."""

    add: dict[str, Action]
    grab: dict[str, Action]
    thief: Action
    jail: Action


_ON_STACK: list[_StackActions] = []
"""The actions on stack ``s<i+1>`` at index i, grown as games build more stacks."""


def _grow_stack_actions(count: int) -> None:
    for i in range(len(_ON_STACK), count):
        sid = f"s{i + 1}"
        _ON_STACK.append(_StackActions(
            {top: Action("add", f"{PARTNER[top]} {sid}") for top in MONEY},
            {top: Action("grab", f"{PARTNER[top]} {sid}") for top in MONEY},
            Action("thief", sid), Action("jail", sid)))


class ThiefFacts(TableFacts):
    """Clumsy Thief's facts besides the table's ``money`` (each seat's money on its stacks)."""

    locked: list[str]
    """The stacks in jail (``s1``...)."""
    done: list[bool]
    """Each seat's done flag this round."""
    deck: int
    """The cards left in the central deck."""
    refill: str
    """The refill rule: ``seven`` or ``one``."""


class ThiefObservation(Observation, ThiefFacts):
    """What a seat may know of a Clumsy Thief game."""


# -- the events' data (`ThiefRules.events`) --------------------------------------------------
Drawn = TypedDict("Drawn", {"from": str, "to": str, "count": int,
                            "cards": NotRequired[list[str]]})
"""Cards from the deck to a hand (the deal, a refill): named to the seat that gets them, counted
for the others."""

Built = TypedDict("Built", {"from": str, "to": str, "cards": list[str], "stack": str})
"""A new stack (``stack`` its id) built of two hand cards, the second on top."""

Placed = TypedDict("Placed", {"from": str, "to": str, "card": str, "stack": str, "owner": int,
                              "money": int})
"""A hand card put on a stack (``add``, ``grab``, ``thief``, ``jail``): ``owner`` the seat whose
stack it was, ``money`` the stack's money now."""


class Refilled(TypedDict):
    """Grabbing has stopped: each seat draws ``need[seat]`` cards of the ``deck`` left."""

    deck: int
    need: list[int]


class SetAside(TypedDict):
    """The game over: the cards left in hands and deck laid face down ``to`` the ``out`` zone."""

    to: str
    count: int


class Ended(TypedDict):
    """The game's end: each seat's ``money`` and the seats that won."""

    money: list[int]
    winners: list[int]


EVENTS = {"deal": Drawn, "draw": Drawn, "done": NoData, "build": Built, "add": Placed,
          "grab": Placed, "thief": Placed, "jail": Placed, "start": NoData, "refill": Refilled,
          "set_aside": SetAside, "end": Ended}


def money(cards: list[str]) -> int:
    """The money in ``cards``: thieves and jails count nothing."""
    return sum(VALUE.get(c, 0) for c in cards)


class ThiefRules(Rules):
    id = "thief"
    back = "thief"
    names = {"fa": "دزد دست‌وپا چلفتی", "en": "Clumsy Thief", "ar": "اللص الأخرق"}
    seat_counts = (3, 4, 5, 6)
    realtime = True
    direction = "anticlockwise"
    options = {
        "refill": Option("refill", "seven", ("seven", "one"),
                         "when grabbing stops: refill every hand to 7 (seed) or draw one each"),
    }
    events = EVENTS

    def parse_action(self, code: str) -> Action:
        words = code.split(" ") if isinstance(code, str) else []
        verb, args = (words[0], words[1:]) if words else ("", [])
        if ((verb == "done" and not args)
                or (verb == "build" and len(args) == 2 and all(a in VALUE for a in args))
                or (verb in ("add", "grab") and len(args) == 2 and args[0] in VALUE
                    and _STACK_ID.fullmatch(args[1]))
                or (verb in ("thief", "jail") and len(args) == 1
                    and _STACK_ID.fullmatch(args[0]))):
            return Action(verb, " ".join(args))
        raise IllegalAction(f"{code!r} is not a Clumsy Thief action (build 20 80, add 80 s3, "
                            "grab 80 s3, thief s3, jail s3, done)")

    def sample_state(self, observation: Observation, seed: int) -> ThiefState:
        """Deal the cards the observing seat cannot see at random into the places it cannot see.

        The observation depends on no hidden card (``to_act`` and the done flags are choices,
        not consequences of a hand), so any such deal looks the same. Not honoured: a seat done
        in the opening, and every hand at "start!", is known to hold no pair; a sampled hand
        may, which only lets that sampled seat build.
        """
        obs = self.narrow(observation, ThiefObservation)
        zones = obs["zones"]
        stacks = [z for z in zones if z["kind"] == "stack" and z["id"].startswith("stack:")]
        owners = [z["owner"] for z in stacks]
        unseen = Counter(CARDS)
        unseen.subtract(c for z in zones for c in z["cards"] if c is not None)
        hidden = [c for c, k in sorted(unseen.items()) for _ in range(k)]
        if min(unseen.values()) < 0 or None in owners or len(hidden) != sum(
                c is None for z in zones for c in z["cards"]):
            raise ValueError("the observation does not fit the cards of Clumsy Thief")
        random.Random(seed).shuffle(hidden)
        fill = iter(hidden)
        cards = {z["id"]: [next(fill) if c is None else c for c in z["cards"]] for z in zones}
        n = obs["seats"]
        s = ThiefState(n, seed, {"refill": obs["refill"]})
        s.phase = obs["phase"]
        s.done = list(obs["done"])
        s.hands = [cards[f"hand:{seat}"] for seat in range(n)]
        s.deck = cards["deck"]
        s.out = cards["out"]
        s.stacks = [cards[z["id"]] for z in stacks]
        s.owners = [o for o in owners if o is not None]
        return s


DONE_EVENTS = tuple(Event("done", s, NoData()) for s in range(max(ThiefRules.seat_counts)))
"""Each seat's ``done`` event, made once (an event is never changed once made): the most
frequent action of a round."""


class ThiefState(State):
    FIELDS = ("phase", "hands", "deck", "done", "out")

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        self.seats = seats
        self.seed = seed
        self.options = options
        self.refill = str(options["refill"])
        self.chance_count = 0
        self.phase = "build"
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.deck: list[str] = []
        self.stacks: list[list[str]] = []
        """Stack ``s<i+1>``, bottom to top."""
        self.owners: list[int] = []
        self.done = [False] * seats
        self.out: list[str] = []

    def check_fields(self) -> None:
        check_choice(self, "phase", ("build", "live", "over"))
        check_entries(self, self.seats, "seat", "hands", "done")
        check_entries(self, len(self.stacks), "stack", "owners")
        for owner in self.owners:
            if not 0 <= owner < self.seats:
                raise ValueError(f"a stack's owner is a seat of this table of {self.seats}, "
                                 f"not {owner}")

    def start(self) -> list[Event]:
        self.deck = self.shuffled(list(CARDS), "deal")
        return [e for s in range(self.seats) for e in self.draw(s, HAND, "deal")]

    # -- helpers ------------------------------------------------------------------------
    def draw(self, seat: int, count: int, kind: str = "draw") -> list[Event]:
        """``seat`` takes ``count`` cards from the top of the deck; the others see only a count."""
        got, self.deck = self.deck[:count], self.deck[count:]
        self.hands[seat].extend(got)
        hand = HAND_IDS[seat]
        others = tuple(s for s in range(self.seats) if s != seat)
        return [Event(kind, seat, Drawn({"from": "deck", "to": hand, "count": count,
                                         "cards": got}), to=(seat,)),
                Event(kind, seat, Drawn({"from": "deck", "to": hand, "count": count}),
                      to=others)]

    def builds(self, seat: int) -> list[Action]:
        """Every ``build A B`` the seat's hand allows (both orders: which card goes on top)."""
        hand = self.hands[seat]
        return [BUILD[a] for a in MONEY
                if a in hand and hand.count(PARTNER[a]) >= (2 if a == "50" else 1)]

    def points(self) -> list[int]:
        """Each seat's money on the table."""
        points = [0] * self.seats
        for owner, stack in zip(self.owners, self.stacks):
            points[owner] += money(stack)
        return points

    def _stack(self, sid: str) -> int | None:
        i = int(sid[1:]) - 1
        return i if i < len(self.stacks) else None

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        return [s for s in range(self.seats) if not self.done[s]]

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "over" or self.done[seat]:
            return []
        actions = self.builds(seat)
        if self.phase == "build":
            return actions or [DONE]
        held = set(self.hands[seat])
        thief, jail = THIEF in held, JAIL in held
        owners = self.owners
        if len(_ON_STACK) < len(self.stacks):
            _grow_stack_actions(len(self.stacks))
        for i, stack in enumerate(self.stacks):
            top, own = stack[-1], owners[i] == seat
            on = _ON_STACK[i]
            if top in PARTNER:
                if PARTNER[top] in held:
                    actions.append((on.add if own else on.grab)[top])
                if thief and not own:
                    actions.append(on.thief)
            elif top == THIEF:
                if thief and not own:
                    actions.append(on.thief)
                if jail:
                    actions.append(on.jail)
        actions.append(DONE)
        return actions

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "over":
            return Reason("over", "the game is over")
        if self.done[seat]:
            return Reason("said_done", "you said done: wait for the next move or the next round")
        verb, arg = action
        if verb == "done":
            can = self.builds(seat) if self.phase == "build" else []
            return Reason("build_first", "first build every stack you can: "
                          + can[0].arg.replace(" ", " and ") + " make {n}", cards=can[0].arg,
                          n=100) if can else None
        words = arg.split()
        if verb == "build":
            return self._lacks(seat, words) or (
                None if VALUE[words[0]] + VALUE[words[1]] == 100 else
                Reason("build_100", "a stack starts with two cards that make exactly {n}, not "
                       + " + ".join(words) + " = {total}", cards=arg, n=100,
                       total=VALUE[words[0]] + VALUE[words[1]]))
        if self.phase == "build":
            return Reason("building", "first everyone builds stacks; grabbing begins at "
                          "\u201cstart!\u201d")
        sid = words[-1]
        i = self._stack(sid)
        if i is None:
            return Reason("no_stack", "there is no stack {stack}", stack=sid)
        card = {"thief": THIEF, "jail": JAIL}.get(verb, words[0])
        lacking = self._lacks(seat, [card])
        if lacking:
            return lacking
        top, own = self.stacks[i][-1], self.owners[i] == seat
        if top == JAIL:
            return Reason("jailed", "{stack} is in jail: nothing may be placed on it", stack=sid)
        if verb == "jail" and top != THIEF:
            return Reason("jail_on_thief", "a jail goes only on a thief; the top of {stack} is "
                          "{card}", stack=sid, card=top)
        if verb == "jail":
            return None
        if verb == "thief":
            return Reason("thief_own", "{stack} is already yours: a thief steals another seat's "
                          "stack", stack=sid) if own else None
        if verb == "add" and not own:
            return Reason("add_not_own", "{stack} is not yours: to take it, grab it", stack=sid)
        if verb == "grab" and own:
            return Reason("grab_own", "{stack} is already yours: add to it instead", stack=sid)
        if top == THIEF:
            return Reason("top_thief", "the top of {stack} is a thief: only a thief or a jail "
                          "goes on it", stack=sid)
        if VALUE[card] + VALUE[top] != 100:
            return Reason("not_100", "{card} and the top {top} make {total}, not {n}", card=card,
                          top=top, total=VALUE[card] + VALUE[top], n=100)
        return None

    def _lacks(self, seat: int, cards: list[str]) -> str | None:
        """Why ``seat`` cannot spend ``cards`` from its hand, or None."""
        hand = self.hands[seat]
        for card in set(cards):
            if hand.count(card) < cards.count(card):
                name = {THIEF: "thief", JAIL: "jail"}.get(card, card)
                if cards.count(card) == 1:
                    return Reason("not_held", "you hold no " + name, card=card)
                return Reason("hold_one", "you hold one " + name, card=card)
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        verb, arg = action
        hand = self.hands[seat]
        if verb == "done":
            self.done[seat] = True
            events = [DONE_EVENTS[seat]]
        elif verb == "build":
            a, b = arg.split()
            hand.remove(a)
            hand.remove(b)
            self.stacks.append([a, b])
            self.owners.append(seat)
            sid = f"s{len(self.stacks)}"
            events = [Event("build", seat, Built({"cards": [a, b], "stack": sid,
                                                  "from": HAND_IDS[seat],
                                                  "to": f"stack:{sid}"}))]
        else:
            sid = arg.split()[-1]
            card = {"thief": THIEF, "jail": JAIL}.get(verb, arg.split()[0])
            i = int(sid[1:]) - 1
            hand.remove(card)
            self.stacks[i].append(card)
            taken_from, self.owners[i] = self.owners[i], seat
            events = [Event(verb, seat, Placed({"card": card, "stack": sid, "owner": taken_from,
                                                "money": money(self.stacks[i]),
                                                "from": HAND_IDS[seat], "to": f"stack:{sid}"}))]
        if verb != "done" and self.phase == "live":
            self.done = [False] * self.seats
        if all(self.done):
            events += self._round_end()
        return events

    def _round_end(self) -> list[Event]:
        """Everyone is done: start the live game, or draw (refill), or end if the deck cannot."""
        n = self.seats
        self.done = [False] * n
        if self.phase == "build" and self.stacks:
            self.phase = "live"
            return [Event("start", None, NoData())]
        need = [max(0, HAND - len(h)) for h in self.hands]
        if self.phase == "build" or self.refill == "one" or not any(need):
            need = [1] * n
        if sum(need) > len(self.deck):
            return self._end()
        events = [Event("refill", None, Refilled(deck=len(self.deck), need=need))]
        for seat, count in enumerate(need):
            if count:
                events += self.draw(seat, count)
        self.phase = "build"
        return events

    def _end(self) -> list[Event]:
        self.out += [c for h in self.hands for c in h] + self.deck
        self.hands = [[] for _ in range(self.seats)]
        self.deck = []
        self.phase = "over"
        result = self.result()
        return [Event("set_aside", None, SetAside({"count": len(self.out), "to": "out"})),
                Event("end", None, Ended(money=result["points"], winners=result["winners"]))]

    def zones(self) -> list[Zone]:
        zs = [Zone("deck", "deck", None, tuple(self.deck), "pile", ())]
        zs += [Zone(f"hand:{s}", "hand", s, tuple(self.hands[s]), "fan", (s,))
               for s in range(self.seats)]
        zs += [Zone(f"new:{s}", "stack", s, (), "pile") for s in range(self.seats)]
        zs += [Zone(f"stack:s{i + 1}", "stack", self.owners[i], tuple(stack), "pile")
               for i, stack in enumerate(self.stacks)]
        zs.append(Zone("out", "out", None, tuple(self.out), "pile", ()))
        return zs

    def facts(self, seat: int | None) -> ThiefFacts:
        return {
            "money": self.points(),
            "locked": [f"s{i + 1}" for i, st in enumerate(self.stacks) if st[-1] == JAIL],
            "done": list(self.done), "deck": len(self.deck), "refill": self.refill,
        }

    def observation(self, seat: int | None) -> ThiefObservation:
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        """The richest seats win; the sheet is the seed's count: each seat's stacks and money."""
        points = self.points()
        best = max(points)
        return {"winners": [s for s in range(self.seats) if points[s] == best], "points": points,
                "sheet": {"columns": ["seat", "stacks", "money"],
                          "rows": [[s, self.owners.count(s), points[s]]
                                   for s in range(self.seats)]}}

    def to_dict(self) -> dict[str, JSON]:
        return {**super().to_dict(), "refill": self.refill,
                "stacks": [{"owner": o, "cards": list(st)}
                           for o, st in zip(self.owners, self.stacks)]}

    def load(self, d: dict[str, JSON]) -> None:
        super().load(d)
        self.stacks = [list(st["cards"]) for st in d["stacks"]]
        self.owners = [int(st["owner"]) for st in d["stacks"]]

    clone = make_clone(nested=("hands", "stacks"), flat=("deck", "owners", "done", "out"))

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        verb, arg = action
        words = arg.split()
        if verb == "build":
            return words[0], f"new:{seat}"
        if verb in ("add", "grab"):
            return words[0], f"stack:{words[1]}"
        if verb in ("thief", "jail"):
            return (THIEF if verb == "thief" else JAIL), f"stack:{arg}"
        return None

    def drop_action(self, seat: int, card: str, zone: str) -> Action | None:
        kind, _, where = zone.partition(":")
        i = self._stack(where) if kind == "stack" and re.fullmatch(r"s[1-9]\d*", where) else None
        if i is None:
            return None
        if card in (THIEF, JAIL):
            return Action("thief" if card == THIEF else "jail", where)
        return Action("add" if self.owners[i] == seat else "grab", f"{card} {where}")


RULES = register(ThiefRules(), ThiefState)
