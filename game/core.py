"""The rules contract every game follows.

A game is a `Rules` object (registered in `game.registry`) that makes `State` objects. A state
answers who must act (`to_act`), what each seat may do (`legal_actions`), performs an action
(`apply`, returning `Event`s for the table to animate), tells each seat what it may see
(`observation`), and serialises itself (`to_dict`, restored by `game.registry.restore`).

Design choices, and why:

- Actions are small immutable `Action(verb, arg)` tuples written as text codes (``play AS``,
  ``trump H``, ``grab 80 s2``); ``rules.parse_action(str(a)) == a``. Each game interns its
  actions so that legal-move generation allocates nothing in the hot loop.
- All chance comes from `State.chance(tag)`: a `random.Random` seeded from the game's seed, a
  counter of chance events so far, and a tag. The state holds two integers instead of a
  Mersenne Twister (2.5 KB), so `clone()` and `to_dict()` stay cheap and a restored game draws
  the same cards as the original.
- `options["deck"]` (card codes, top first) replaces every shuffle, so a test can replay a
  worked example card by card.
- Play order is seat order: the seat after ``s`` is ``(s + 1) % n``. Each `Rules` says in
  `direction` whether that order runs anticlockwise (the Persian games: "to the right") or
  clockwise, and the table lays out seats to match.

How the later games fit without changing this contract:

- Bi-Del's passing is simultaneous: `to_act()` holds every seat that has not chosen its three
  cards; each ``pass 2C 3H QS`` is applied by its own seat in any order, and the cards move when
  the last seat has chosen.
- Super Taki's +3 Breaker is an interrupt: while a +3 is pending, `to_act()` also holds every
  seat that holds a Breaker, and `legal_actions` of such a seat lists only ``breaker``.
- Shelem's bidding is ``bid 120`` / ``pass`` turns, then ``widow`` discards (``discard 2C``).
- Bist-o-Yek's stakes are chip counts in the public facts and ``stake 10`` actions; the bank is
  one more seat.
- Clumsy Thief is real time: `to_act()` is every seat with something to do, and the game says in
  its docstring how "grabbing has stopped" is reached.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

JSON = Any
"""A JSON-safe value: dict, list, str, int, float, bool or None."""


class IllegalAction(ValueError):
    """An action that the rules refuse; the message is for the player. Nothing was changed."""


class Action(NamedTuple):
    """One decision: a verb and its argument text, written ``verb arg`` (``play AS``)."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb


@dataclass(frozen=True)
class Event:
    """Something that happened, in order, for the table to animate and the log to show.

    ``kind`` names it (``deal``, ``play``, ``trick``, ``grab``...), ``seat`` is who did it,
    ``data`` carries JSON-safe details (card codes, zone ids ``from``/``to``, scores).
    ``to`` is the tuple of seats that may see it; ``None`` means everyone may.
    """

    kind: str
    seat: int | None = None
    data: dict[str, JSON] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_dict(self) -> dict[str, JSON]:
        d: dict[str, JSON] = {"kind": self.kind, "seat": self.seat, **self.data}
        return d


ZONE_KINDS = ("hand", "trick", "won", "palette", "canvas", "stack", "deck", "discard", "out")
"""The zone vocabulary of observations.

hand: a seat's cards in hand; trick: cards played to the current trick; won: tricks or cards a
seat has taken; palette: a seat's face-up cards that count (Tiraje); canvas: the card that sets
the rule; stack: a money stack (Clumsy Thief); deck: the draw pile; discard: a public pile;
out: cards out of play (an eliminated seat's cards, cards set aside).
"""

LAYOUTS = ("fan", "pile", "row", "spread")




class Zone(NamedTuple):
    """Where cards lie, as the rules know it: every card of a game is in exactly one zone.

    ``seen_by`` says who may see the faces: ``None`` everyone, ``()`` nobody (a face-down
    pile), or the seats that may (a hand: its owner). ``layout`` hints how to draw it.
    """

    id: str
    kind: str
    owner: int | None
    cards: Sequence[str]
    layout: str = "pile"
    seen_by: tuple[int, ...] | None = None

    def view(self, seat: int | None) -> dict[str, JSON]:
        """The zone as ``seat`` sees it: codes it may see, ``None`` for the others."""
        seen = self.seen_by is None or (seat is not None and seat in self.seen_by)
        cards: list[str | None] = list(self.cards) if seen else [None] * len(self.cards)
        return {"id": self.id, "kind": self.kind, "owner": self.owner, "cards": cards,
                "layout": self.layout, "face_up": self.seen_by is None}


@dataclass(frozen=True)
class Option:
    """A game option: its default (from the seed) and the values it allows."""

    name: str
    default: JSON
    choices: tuple[JSON, ...]
    help: str = ""


class Rules:
    """A game. Subclasses set the class attributes and implement `new` and `state_from_dict`."""

    id: ClassVar[str]
    names: ClassVar[dict[str, str]]
    seat_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[dict[str, Option]] = {}
    direction: ClassVar[str] = "anticlockwise"
    teams: ClassVar[bool] = False
    unit_options: ClassVar[dict[str, JSON]] = {}
    """Options that make one game of the simulator (one Hokm hand rather than a match)."""
    realtime: ClassVar[bool] = False
    """True where seats act at any moment rather than in turn (Clumsy Thief): one screen can
    then seat only one person, the others are bots."""
    terms: ClassVar[dict[str, dict[str, str]]] = {}
    """The game's own words in fa, en and ar, keyed ``<fact>.<code>`` (Tiraje: ``rule.G``),
    so the table and the card art name a fact's code the way the seed does."""

    def resolve_options(self, options: dict[str, JSON] | None) -> dict[str, JSON]:
        """The options with defaults filled in; `ValueError` names an unknown option or value.

        ``deck`` (card codes, top first) is accepted by every game and replaces the shuffle.
        """
        given = dict(options or {})
        out: dict[str, JSON] = {}
        for name, value in given.items():
            if name == "deck":
                if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                    raise ValueError("option deck: a list of card codes, top first")
                continue
            spec = self.options.get(name)
            if spec is None:
                allowed = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"unknown option {name!r} for {self.id}; options: {allowed}")
            if value not in spec.choices:
                allowed = ", ".join(str(c) for c in spec.choices)
                raise ValueError(f"option {name}={value!r} for {self.id}; allowed: {allowed}")
        for name, spec in self.options.items():
            out[name] = given.get(name, spec.default)
        if "deck" in given:
            out["deck"] = list(given["deck"])
        return out

    def check_seats(self, seats: int) -> None:
        if seats not in self.seat_counts:
            allowed = ", ".join(str(n) for n in self.seat_counts)
            raise ValueError(f"{self.id} is played by {allowed} seats, not {seats}")

    def new(self, seats: int, seed: int, options: dict[str, JSON] | None = None) -> State:
        raise NotImplementedError

    def parse_action(self, code: str) -> Action:
        """The action written as ``code``; `IllegalAction` if it is not a well-formed code."""
        raise NotImplementedError

    def state_from_dict(self, d: dict[str, JSON]) -> State:
        raise NotImplementedError

    def sample_state(self, observation: dict[str, JSON], seed: int) -> State:
        """A full state that the observing seat cannot tell from the real one.

        The cards hidden from that seat are dealt at random (seeded) from the cards it cannot
        see, respecting everything the rules have revealed (a seat shown void in a suit).
        """
        raise NotImplementedError

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])


class State:
    """One game in progress. Subclasses implement the underscored hooks and the serialisation.

    `apply` parses text codes, refuses a seat that may not act and asks `why_illegal` for the
    reason before `_apply` changes anything, so a refused action changes nothing.
    """

    rules: Rules
    seats: int
    seed: int
    chance_count: int
    opening: Sequence[Event] = ()
    """What `Rules.new` did by chance (the draw, the deal), for the table to animate once.

    Not saved: a restored game has nothing left to animate."""

    def chance(self, tag: str = "") -> random.Random:
        """A fresh generator for the next chance event: same seed, same order, same draws."""
        self.chance_count += 1
        return random.Random(f"{self.rules.id}:{self.seed}:{self.chance_count}:{tag}")

    # -- the contract -------------------------------------------------------------------
    def to_act(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if isinstance(action, str):
            action = self.rules.parse_action(action)
        if self.is_over():
            raise IllegalAction("the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(f"there is no seat {seat}")
        if seat not in self.to_act():
            raise IllegalAction("it is not your turn")
        reason = self.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(seat, action)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not take ``action`` now, in words for a player; None if it may."""
        if action in self.legal_actions(seat):
            return None
        return f"{action} is not allowed now"

    def _apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    phase: str

    def zones(self) -> list[Zone]:
        """Every card of the game, zone by zone, faces and all: the truth observations filter."""
        raise NotImplementedError

    def facts(self, seat: int | None) -> dict[str, JSON]:
        """The game's public facts (trump, scores, the rule...) plus what only ``seat`` knows."""
        return {}

    def observation(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may know and nothing more; ``None`` is a spectator's public view."""
        obs: dict[str, JSON] = {
            "game": self.rules.id, "seat": seat, "seats": self.seats,
            "to_act": self.to_act(), "phase": self.phase,
            "zones": [z.view(seat) for z in self.zones()],
        }
        obs.update(self.facts(seat))
        return obs

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> dict[str, JSON]:
        """Final standing: ``{"winners": [seats], "points": [per seat], "teams": ...}``."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, JSON]:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        """``(card, zone id)`` when ``action`` moves a card the seat can drag to that zone.

        The table offers such actions as drags; the others (bids, trump, pass) as buttons.
        """
        return None
