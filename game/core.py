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
- Every shuffle goes through `State.shuffled(cards, tag)`, so a test can stack it:
  ``options["deck"]`` is either one list of card codes, top first, which stacks the game's first
  shuffle tagged ``deal`` (the first deal: Hokm's first hand, not its Hakem draw), or a list of
  such lists, which stacks every shuffle the game makes, in order, whatever its tag (Hokm: the
  Hakem draw, then each hand). Once the stacked decks run out, shuffles come from the seed. A
  stacked deck must hold exactly the cards being shuffled: one too few, a card twice or a card
  the game does not have is refused with a `ValueError` that names it.
- Play order is seat order: the seat after ``s`` is ``(s + 1) % n``. Each `Rules` says in
  `direction` whether that order runs anticlockwise (the Persian games: "to the right") or
  clockwise; what may change in play is a public fact (see below).
- The shared checks live here, once: `Rules.new` checks the seat count, the seed and the
  options before a game's `_new` runs; `State.legal_actions` and `State.apply` check the seat
  and the action's type and form before a game's `_legal` / `_apply` runs; `registry.restore`
  checks every saved game's size (`check_size`), then its fields by the game's own
  `State.check_fields`, then against what every game guarantees (`check_state`).
- A seat is a whole number from 0 to ``seats - 1``: every method of the contract that takes a
  seat (`SEAT_METHODS`; `observation` and `facts` take ``None`` too, the spectator) refuses
  anything else, a game's own override included (`State.__init_subclass__` wraps it): a
  `TypeError` for what is not an ``int`` (``True`` and ``1.0`` are no seats), an
  `IllegalAction` for a seat not at the table.

Who acts, and what that reveals:

- `to_act()` lists the seats whose decision is pending. With one seat it is a turn. With several
  it is real time when `Rules.realtime` is True (Clumsy Thief: anyone may grab at any moment, so
  the table seats one person); otherwise it is a **simultaneous, private** choice: each listed
  seat decides without seeing the others' choices (Bi-Del's pass, an interrupt window), the table
  takes each person in turn behind the hot-seat cover, and the game moves on when the last has
  chosen.
- `to_act()` and everything else public never depend on cards a seat cannot see. An interrupt
  ("any seat holding X may act now") is therefore offered to **every seat that could hold X**,
  with a way to decline (``pass``), and the window closes when each has answered; or it is
  settled by a rule that uses only public facts. The invariant suite checks it: a state sampled
  from a seat's observation (its unseen cards dealt anew) shows that seat the same observation,
  `to_act()` included.

Actions with several cards or a number (patterns):

- An action naming several cards is one action: ``pass 2C 3H QS``. Where listing every
  combination would be large, `legal_actions` may list a **pattern** instead: in its argument a
  token ``?N`` stands for N cards chosen from the acting seat's hand (``pass ?3``), ``?A-B`` for
  between A and B of them (``claim ?1-4 K``), and ``#A-B`` or ``#A-B/S`` for a whole number
  from A to B in steps of S (``stake #10-500/10``). A pattern promises that **every filling is
  legal**: any distinct cards of the hand in the count range, any number on the steps. `apply`
  takes only filled actions (`fill`, `random_fill`); the table turns a pattern into "choose N
  cards" or a number control; a random bot fills one at random. An action may carry at most one
  card token and one number token.
- Numbers that are few (Shelem's bids 100..165 in fives) are better listed as plain actions
  (``bid 120``): the table shows every verb whose arguments are all whole numbers as one number
  control.

What may vary within a game is public, in the observation:

- ``teams``: a list of seat lists, or None (no teams); ``direction``: "clockwise" or
  "anticlockwise". `State.observation` fills both from `Rules.teams` / `Rules.direction`; a game
  whose teams or direction change in play (Shelem for two, Farib's secret partner, Super Taki's
  reversal) overrides them in `facts`.
- A zone's faces are seen per `Zone.seen_by`; `Zone.shown` can in addition turn single cards of
  a zone face up for everyone (Shelem for two: the top card of each pile).

How a search values a deal (`State.deal_value`):

- A search bot plays out only the deal in play: a deal has ended when the game is over or when
  `State.stage` has grown: by default `State.deals` (the next deal's shuffle is tagged ``deal``; a
  reshuffle within a deal takes another tag); a game that is one long deal says where a stage ends
  (Super Taki's Pyramid: at each level won). It then reads ``deal_value(seat)``: a number, higher
  better for that seat (for its team where the game has teams), on the game's own scale; the search
  compares only outcomes of the same position, so a constant offset (the match's score before the
  deal) does not matter. The default reads `result()`: the seat's points less the best points of a
  seat not on its team, plus ``WIN`` (1e6) for a finished game the seat won and minus ``WIN`` for
  one it lost. `result()["points"]` is taken as higher-better and as standing during the match; a
  game where either is untrue overrides `deal_value` (Bi-Del: penalty points; Hokm and Ghahve:
  points that say only the match's end).

How the later games fit:

- Bi-Del's passing: every seat in `to_act()` at once (simultaneous, private), ``pass ?3``.
- Shelem: ``bid 120`` / ``pass`` turns, then ``discard ?4`` (the widow laid away).
- Super Taki's +3 Breaker: while a +3 is live every other seat is asked (``breaker`` or
  ``pass``); the last-card declaration is a seat's own action, also out of turn.
- Stake games: purses and the bank are public facts, ``stake #1-200``; `State.chips` gives the
  total of purses, bank and stakes, which never changes (see `game.chips`).
- Clumsy Thief is real time: `to_act()` is every seat with something to do, and the game says in
  its docstring how "grabbing has stopped" is reached.
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, Self, TypeVar, cast

from game import fast
from game.shapes import (EventShape, Frame, Observation, ObservationT, Result, TableFacts,
                         ZoneView)

JSON = Any
"""A JSON-safe value: dict, list, str, int, float, bool or None."""


class Reason(str):
    """Why an action is refused, for a player: the English words, plus a ``key`` and ``args`` that
    the table renders in its language from the catalogue (``why.<game>.<key>``, else the shared
    ``why.<key>``). An argument named ``card``, ``suit`` or ``rank`` (a code), or ``cards`` (codes
    separated by spaces), is shown as players name cards."""

    key: str
    args: dict[str, object]

    def __new__(cls, key: str, text: str, **args: object) -> Reason:
        reason = super().__new__(cls, text.format(**args))
        reason.key = key
        reason.args = args
        return reason


class IllegalAction(ValueError):
    """An action that the rules refuse; nothing was changed. ``reason`` says why, for a player
    (a `Reason` where the game gives one a key, so that the table can translate it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
    ``data`` carries JSON-safe details (card codes, zone ids ``from``/``to``, scores) in the
    shape the game declares for the kind (`Rules.events`).
    ``to`` is the tuple of seats that may see it; ``None`` means everyone may.
    An event and its ``data`` are never changed once made (readers only read), so a game may
    hand out the same event again (Rim makes its turn's events once per seat and card).
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, object] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def __init__(self, kind: str, seat: int | None = None, data: Mapping[str, object] | None = None,
                 to: tuple[int, ...] | None = None) -> None:
        # The generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__; a game makes dozens of events an action, so they are written
        # straight into the instance dict (half the cost). Still frozen for everyone else.
        d = self.__dict__
        d["kind"] = kind
        d["seat"] = seat
        d["data"] = {} if data is None else data
        d["to"] = to

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

HAND_IDS = tuple(f"hand:{s}" for s in range(10))
"""The id of each seat's hand zone (``hand:3``), up to ten seats: made once, for the games whose
hot path names a hand on every action."""




class Zone(NamedTuple):
    """Where cards lie, as the rules know it: every card of a game is in exactly one zone.

    ``seen_by`` says who may see the faces: ``None`` everyone, ``()`` nobody (a face-down
    pile), or the seats that may (a hand: its owner). ``shown``, when given, marks single cards
    (by position) that everyone sees whatever ``seen_by`` says. ``layout`` hints how to draw
    it; ``groups``, when given, are the sizes of the runs of cards that belong together, in
    order (Rim's melds, one after another in a seat's row): the table leaves a gap between them.
    """

    id: str
    kind: str
    owner: int | None
    cards: Sequence[str]
    layout: str = "pile"
    seen_by: tuple[int, ...] | None = None
    shown: Sequence[bool] | None = None
    groups: tuple[int, ...] | None = None

    def sees(self, seat: int | None) -> bool:
        """Whether ``seat`` sees every face of this zone."""
        return self.seen_by is None or (seat is not None and seat in self.seen_by)

    def visible(self, seat: int | None) -> list[str | None]:
        """The cards as ``seat`` sees them: codes it may see, ``None`` for the others."""
        if self.sees(seat):
            return list(self.cards)
        if self.shown is None:
            return [None] * len(self.cards)
        return [c if up else None for c, up in zip(self.cards, self.shown)]

    def view(self, seat: int | None) -> ZoneView:
        """The zone as ``seat`` sees it (``shown`` lists the public cards' positions)."""
        # `visible` spelled out: every observation views every zone (bots read one per move).
        zid, kind, owner, cards, layout, seen_by, shown, groups = self
        if seen_by is None or (seat is not None and seat in seen_by):
            faces: list[str | None] = list(cards)
        elif shown is None:
            faces = [None] * len(cards)
        else:
            faces = [c if up else None for c, up in zip(cards, shown)]
        d: ZoneView = {"id": zid, "kind": kind, "owner": owner, "cards": faces,
                       "layout": layout, "face_up": seen_by is None}
        if shown is not None:
            d["shown"] = [bool(up) for up in shown]
        if groups is not None:
            d["groups"] = list(groups)
        return d


@dataclass(frozen=True)
class Option:
    """A game option: its default (from the seed) and the values it allows.

    Either a finite list of ``choices``, or (``choices`` empty) a whole number from ``lo`` to
    ``hi`` on steps of ``step`` counted from ``lo`` (a starting purse, a score target): make
    those with `Option.number`. The setup shows the first as a list, the second as a number.
    """

    name: str
    default: JSON
    choices: tuple[JSON, ...] = ()
    help: str = ""
    lo: int = 0
    hi: int = 0
    step: int = 1

    @classmethod
    def number(cls, name: str, default: int, lo: int, hi: int, step: int = 1,
               help: str = "") -> Option:
        option = cls(name, default, (), help, lo, hi, step)
        if option.problem(default) is not None:
            raise ValueError(f"option {name}: default {default} is not allowed")
        return option

    @property
    def numeric(self) -> bool:
        return not self.choices

    def problem(self, value: JSON) -> str | None:
        """Why ``value`` is not allowed, in words; None if it is."""
        if self.choices:
            if value in self.choices and type(value) in {type(c) for c in self.choices}:
                return None
            return f"allowed: {', '.join(str(c) for c in self.choices)}"
        if not isinstance(value, int) or isinstance(value, bool):
            return f"a whole number from {self.lo} to {self.hi}"
        if not self.lo <= value <= self.hi:
            return f"out of range {self.lo}..{self.hi}"
        if (value - self.lo) % self.step:
            return f"not on the steps of {self.step} from {self.lo}"
        return None


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
    events: ClassVar[Mapping[str, EventShape]] = {}
    """Every kind of event the game makes, with the shape of its data (`game.shapes`)."""
    deal_ends: ClassVar[frozenset[str]] = frozenset({"hand_end", "round_end", "deal_end"})
    """The kinds of event with which a deal ends (the table then shows the score so far and
    keeps the deal's tricks for a replay)."""
    back: ClassVar[str] = "french"
    """The card back the table draws (`ui.cardart`): ``french``, ``tiraje``, ``thief``, ``taki``."""
    text_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs whose argument is text a person types (a fortune's name): `legal_actions` lists a
    few samples, `parse_action` accepts any text the rules then judge, and the table offers a
    text box instead of a button per sample."""
    step_verb: ClassVar[str | None] = None
    """The verb that steps a layout a person watches (a fortune's ``next``): besides a button
    for one step the table offers to run through, repeating it at the animation speed."""
    seat_words: ClassVar[dict[str, int]] = {}
    """Verb -> the place (0-based) of the word of its argument that names a seat (a seat's
    number, or ``all`` for every other seat): Bourse's ``offer 7H 3 120`` is ``{"offer": 1}``.
    The table shows that word as the seat's name, offers one chooser of seats for patterns
    that differ only there, and takes a card dragged onto a seat as naming that seat."""
    terms: ClassVar[dict[str, dict[str, str]]] = {}
    """The game's own words in fa, en and ar, keyed ``<fact>.<code>`` (Tiraje: ``rule.G``),
    so the table and the card art name a fact's code the way the seed does."""

    actions: ClassVar[Mapping[str, Action]] = {}
    """Every action of a game whose actions can all be listed, by its code: what the default
    `parse_action` reads."""
    action_forms: ClassVar[str] = ""
    """The forms of the game's actions, named in the refusal of a code that is none of them
    (``trump S, play AS``)."""

    state_class: ClassVar[type[State]]
    """The game's `State` subclass (`registry.register` names it)."""

    WELL_FORMED_KEPT: ClassVar[int] = 1 << 16
    """The most actions `well_formed` remembers: a game whose filled actions seldom repeat
    (Bluff's claims, ~100 new ones a game) would otherwise grow it through a long search."""

    @functools.cached_property
    def well_formed(self) -> set[Action]:
        """Actions already checked against `parse_action`: `State.apply` checks each once (up
        to `WELL_FORMED_KEPT` of them; the others are checked every time)."""
        return set()

    def resolve_options(self, options: dict[str, JSON] | None) -> dict[str, JSON]:
        """The options with defaults filled in; `ValueError` names an unknown option or value.

        ``deck`` is accepted by every game and stacks its shuffles (see the module docstring).
        """
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"options are a dict, not {type(options).__name__}")
        given = dict(options or {})
        out: dict[str, JSON] = {}
        for name, value in given.items():
            if name == "deck":
                continue
            spec = self.options.get(name)
            if spec is None:
                allowed = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"unknown option {name!r} for {self.id}; options: {allowed}")
            problem = spec.problem(value)
            if problem is not None:
                raise ValueError(f"option {name}={value!r} for {self.id}: {problem}")
        for name, spec in self.options.items():
            out[name] = given.get(name, spec.default)
        if "deck" in given:
            out["deck"] = _stacked_decks(given["deck"])
        return out

    @property
    def usual_seats(self) -> int:
        """The table's usual size: 4 where the game is played by four, else its fewest seats
        (the setup's first offer, the benchmarks' table)."""
        return 4 if 4 in self.seat_counts else min(self.seat_counts)

    def check_seats(self, seats: int) -> None:
        if seats not in self.seat_counts:
            counts = [str(n) for n in sorted(self.seat_counts)]
            allowed = " or ".join([", ".join(counts[:-1]), counts[-1]] if len(counts) > 1
                                  else counts)
            raise ValueError(f"{self.id} is played by {allowed} seats, not {seats}")

    def new(self, seats: int, seed: int, options: dict[str, JSON] | None = None) -> State:
        """A new game for ``seats`` seats; all its chance follows from ``seed``.

        `TypeError` or `ValueError` name a seat count, seed or option that is not allowed."""
        for what, value in (("seats", seats), ("seed", seed)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{what} is a whole number, not {value!r}")
        self.check_seats(seats)
        return self._new(seats, seed, self.resolve_options(options))

    def _new(self, seats: int, seed: int, options: dict[str, JSON]) -> State:
        """The game's own start, with the seat count checked and the options resolved: by
        default a `state_class` made for them, and its `State.start` as the `opening`."""
        state = self.state_class(seats, seed, options)
        state.opening = state.start()
        return state

    def default_teams(self, seats: int) -> list[list[int]] | None:
        """The teams when `teams` is set: seats alternate round the table (0 and 2 vs 1 and 3)."""
        if not self.teams:
            return None
        return [list(range(t, seats, 2)) for t in range(2)]

    def parse_action(self, code: str) -> Action:
        """The action written as ``code``; `IllegalAction` if it is not a well-formed code.

        By default ``code`` is looked up (by `action_key`) in `actions`, and a code that is
        none of them is refused naming `action_forms`."""
        action = self.actions.get(action_key(code)) if isinstance(code, str) else None
        if action is None:
            raise IllegalAction(f"{code!r} is not a {self.names['en']} action "
                                f"({self.action_forms})")
        return action

    def state_from_dict(self, d: dict[str, JSON]) -> State:
        """The state `State.to_dict` wrote: by default `State.restore` of `state_class`."""
        return self.state_class.restore(d)

    def narrow(self, observation: Observation, shape: type[ObservationT]) -> ObservationT:
        """``observation`` as this game's own observation type ``shape`` (its facts declared
        there): what a game's `sample_state` reads. `ValueError` for another game's."""
        if observation["game"] != self.id:
            raise ValueError(f"{self.id} cannot read a {observation['game']!r} observation")
        return cast(ObservationT, observation)

    def sample_state(self, observation: Observation, seed: int) -> State:
        """A full state that the observing seat cannot tell from the real one.

        The cards hidden from that seat are dealt at random (seeded) from the cards it cannot
        see, respecting everything the rules have revealed (a seat shown void in a suit).
        """
        raise NotImplementedError

    def worlds(self, observation: Observation) -> Callable[[int], State]:
        """`sample_state` of ``observation`` as a function of the seed: ``worlds(obs)(seed)``
        deals the same world as ``sample_state(obs, seed)``. A search deals a world every round
        from one observation, so a game may read the observation once here (the tricks, the
        voids they showed, the cards unseen) and only deal for each seed."""
        return lambda seed: self.sample_state(observation, seed)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])


SEAT_METHODS = ("observation", "facts", "legal_actions", "apply", "why_illegal", "move_of",
                "drop_action", "why_not_move", "own_cards", "deal_value")
"""The methods of `State` whose first argument is a seat, checked before they run."""
VIEWER_METHODS = ("observation", "facts")
"""Those of `SEAT_METHODS` that also take ``None``: the spectator, who sees only what is public."""

F = TypeVar("F", bound=Callable[..., Any])


def seat_checked(method: F) -> F:
    """``method`` of a `State`, refusing a first argument that is not a seat at the table
    (`State.check_seat`; ``None`` too where the method is one of `VIEWER_METHODS`)."""
    viewer = method.__name__ in VIEWER_METHODS

    @functools.wraps(method)
    def checked(self: State, seat: Any, *args: Any, **kwargs: Any) -> Any:
        if (type(seat) is not int or not 0 <= seat < self.seats) \
                and not (viewer and seat is None):
            self.check_seat(seat)
        return method(self, seat, *args, **kwargs)

    checked.seat_checked = True  # type: ignore[attr-defined]
    return cast(F, checked)


class State:
    """One game in progress. Subclasses implement the underscored hooks and the serialisation.

    `legal_actions` and `apply` check the seat and the action's form here, once, then ask the
    game (`_legal`, `why_illegal`, `_apply`); `why_illegal` gives the reason before `_apply`
    changes anything, so a refused action changes nothing.

    A state changes only through `apply` (a game's code, a test or a search that builds a
    position sets it up before asking it anything, or builds a new state). That lets `apply`
    skip asking the game again about the action a bot has just chosen: one that the last call of
    `legal_actions` listed for the same seat of this very state object (`game.fast.vouched`).
    Any other action is checked in full.

    `clone` shares what the game does not name for copying (`game.fast.make_clone`): a game
    replaces a shared field, never changes it in place.
    """

    rules: Rules
    seats: int
    seed: int
    options: dict[str, JSON]
    chance_count: int = 0
    shuffles: int = 0
    """How many shuffles `shuffled` has made: the index of the next stacked deck."""
    deals: int = 0
    """How many of those were tagged ``deal``: a single stacked deck stacks the first one."""
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The game's own fields that `to_dict` saves and `load` takes back as they are: JSON
    values (text, numbers, None, lists and dicts of them)."""
    opening: Sequence[Event] = ()
    """What `Rules.new` did by chance (the draw, the deal), for the table to animate once.

    Not saved: a restored game has nothing left to animate."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's own `SEAT_METHODS` check their seat as the base's do (`seat_checked`)."""
        super().__init_subclass__(**kwargs)
        for name in SEAT_METHODS:
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "seat_checked", False):
                setattr(cls, name, seat_checked(method))

    def __init__(self, seats: int, seed: int, options: dict[str, JSON]) -> None:
        """The frame every state starts from: its seats, seed and options, no chance drawn yet
        (a game's ``__init__`` calls it first, then sets its own fields)."""
        self.seats = seats
        self.seed = seed
        self.options = options
        self.chance_count = 0

    def chance(self, tag: str = "") -> random.Random:
        """A fresh generator for the next chance event: same seed, same order, same draws."""
        self.chance_count += 1
        return random.Random(f"{self.rules.id}:{self.seed}:{self.chance_count}:{tag}")

    def shuffled(self, cards: list[str], tag: str = "deal") -> list[str]:
        """``cards`` in a new order, top first: the next stacked deck, or shuffled by chance.

        The caller passes the cards in a fixed order (so that the seed decides everything)."""
        stack = self.options.get("deck")
        index, self.shuffles = self.shuffles, self.shuffles + 1
        first_deal = tag == "deal" and self.deals == 0
        if tag == "deal":
            self.deals += 1
        given: list[str] | None = None
        if stack and isinstance(stack[0], list):
            given = stack[index] if index < len(stack) else None
        elif stack and first_deal:
            given = stack
        if given is None:
            return fast.shuffle_with(self.chance(tag), cards)
        problem = deck_problem(given, cards)
        if problem:
            raise ValueError(f"stacked deck {index + 1} ({tag}): {problem}")
        return list(given)

    def base_dict(self) -> dict[str, JSON]:
        """The fields every saved game has: game, seats, seed, options and the chance counters."""
        return {"game": self.rules.id, "seats": self.seats, "seed": self.seed,
                "options": dict(self.options), "chance_count": self.chance_count,
                "shuffles": self.shuffles, "deals": self.deals}

    def load_base(self, d: dict[str, JSON]) -> None:
        """Restore the chance counters that `base_dict` wrote."""
        self.chance_count = int(d["chance_count"])
        self.shuffles = int(d.get("shuffles", 0))
        self.deals = int(d.get("deals", 0))

    @classmethod
    def restore(cls, d: dict[str, JSON]) -> Self:
        """The state `to_dict` wrote: a state made for the same seats, seed and options, into
        which `load` takes back the rest."""
        state = cls(int(d["seats"]), int(d["seed"]), dict(d["options"]))
        state.load(d)
        return state

    def check_fields(self) -> None:
        """`ValueError` naming a field of this state, just restored, that no play of the game
        could hold: a seat that is not at the table, a list without one entry for each seat
        (or side), a trump or a phase the game does not have (`check_seat_fields`,
        `check_entries`, `check_choice`). `registry.restore` asks it before `check_state`, so
        that such a field is refused in its own words, not met by a later move."""

    def load(self, d: dict[str, JSON]) -> None:
        """Take back what `to_dict` saved into a state just made for the same seats, seed and
        options: the chance counters, then each of `FIELDS`, refused (`ValueError`) where it
        is not of the kind the fresh state holds there (`same_kind`): a damaged save whose
        hands are a number is refused here, not met by the next deal. A game whose fields
        hold more than JSON (tuples, sets, numbers as keys) converts those after this."""
        self.load_base(d)
        for name in self.saved_fields():
            value, fresh = d[name], getattr(self, name, None)
            if fresh is not None and not same_kind(fresh, value):
                raise ValueError(f"{name} is {value!r}, not a {type(fresh).__name__}")
            setattr(self, name, copy_json(value))

    # -- the contract -------------------------------------------------------------------
    def start(self) -> list[Event]:
        """The game's opening by chance (the draw for the dealer, the deal) on a state just
        made (`Rules.new`): what it did, for the table to animate once."""
        raise NotImplementedError

    def to_act(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (patterns included); empty when it has none."""
        if type(seat) is not int or not 0 <= seat < self.seats:
            self.check_seat(seat)
        legal = self._legal(seat)
        fast.remember(self, seat, legal)
        return legal

    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def check_seat(self, seat: object) -> None:
        """`TypeError` unless ``seat`` is an ``int`` (not a bool, not a float), `IllegalAction`
        unless it is a seat at this table."""
        if type(seat) is not int:
            raise TypeError(f"a seat is a whole number, not {seat!r}")
        if not 0 <= seat < self.seats:
            raise IllegalAction(f"there is no seat {seat} at a table of {self.seats}")

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if type(seat) is not int or not 0 <= seat < self.seats:
            self.check_seat(seat)
        if isinstance(action, str):
            action = self.rules.parse_action(action)
        if type(action) is not Action or action not in self.rules.well_formed:
            self._check_form(action)  # a plain tuple equal to a known action is no action
        if not fast.vouched(self, seat, action):
            # Not what legal_actions has just listed for this seat of this state: ask the game.
            if self.is_over():
                raise IllegalAction(Reason("over", "the game is over"))
            if seat not in self.to_act():
                raise IllegalAction(Reason("turn", "it is not your turn"))
            reason = self.why_illegal(seat, action)
            if reason is not None:
                raise IllegalAction(reason)
        try:
            return self._apply(seat, action)
        finally:
            fast.forget()

    def _check_form(self, action: object) -> None:
        """Refuse what is not a filled action of this game; remember those that are."""
        if type(action) is not Action:
            raise TypeError(f"an action is an Action or its code, not {action!r}")
        if not (isinstance(action.verb, str) and isinstance(action.arg, str)) \
                or self.rules.parse_action(str(action)) != action:
            raise IllegalAction(f"{action} is not a well-formed {self.rules.id} action")
        if is_pattern(action):
            raise IllegalAction(Reason("unfilled", "choose the cards or the number first"))
        known = self.rules.well_formed
        if len(known) < self.rules.WELL_FORMED_KEPT:
            known.add(action)

    @seat_checked
    def why_illegal(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not take ``action`` now, in words for a player (a `Reason`, so that the
        table can say it in its language); None if it may."""
        legal = self._legal(seat)
        if action in legal or any(matches(p, action) for p in legal if is_pattern(p)):
            return None
        return Reason("not_now", "{action} is not allowed now", action=str(action))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    phase: str

    def zones(self) -> list[Zone]:
        """Every card of the game, zone by zone, faces and all: the truth observations filter."""
        raise NotImplementedError

    @seat_checked
    def own_cards(self, seat: int) -> list[str]:
        """The cards of ``seat``'s hand (zone ``hand:<seat>``) that the seat sees, in order; empty
        without one: what a pattern's ``?`` is filled from (`random_fill`, the simulator).

        Read from `zones`; a game whose zones cost more than its hand list returns that list's
        copy (the invariant suite holds the two the same)."""
        zone_id = f"hand:{seat}"
        hand = next((z for z in self.zones() if z.id == zone_id), None)
        return [] if hand is None else [c for c in hand.visible(seat) if c is not None]

    @seat_checked
    def facts(self, seat: int | None) -> TableFacts:
        """The game's public facts (trump, scores, the rule...) plus what only ``seat`` knows:
        a game returns its own TypedDict of them (``HokmFacts``, see `game.shapes`)."""
        return {}

    def frame(self, seat: int | None) -> Frame:
        """What every observation holds: game, seat, seats, to_act, phase, zones as ``seat``
        sees them, teams and direction."""
        return {
            "game": self.rules.id, "seat": seat, "seats": self.seats,
            "to_act": self.to_act(), "phase": self.phase,
            "zones": [z.view(seat) for z in self.zones()],
            "teams": self.rules.default_teams(self.seats), "direction": self.direction(),
        }

    def direction(self) -> str:
        """Which way play goes now: the rules' `Rules.direction` unless a game turns it."""
        return self.rules.direction

    @seat_checked
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know and nothing more; ``None`` is a spectator's public view: its
        `frame` and its `facts`. A game declares its own shape by overriding this with its
        type (``def observation(self, seat) -> HokmObservation: return {**self.frame(seat),
        **self.facts(seat)}``), which the type checker holds to the facts it returns."""
        return {**self.frame(seat), **self.facts(seat)}

    def is_over(self) -> bool:
        raise NotImplementedError

    def chips(self) -> int | None:
        """Every chip at the table (purses, bank, stakes) in a game played for chips, else None.

        Chips are conserved like cards: the invariant suite checks this never changes."""
        return None

    def result(self) -> Result:
        """Final standing: ``{"winners": [seats], "points": [per seat], "teams": ...}``."""
        raise NotImplementedError

    WIN: ClassVar[float] = 1e6
    """What winning (losing) the game adds to (takes from) `deal_value`: more than any points."""

    def stage(self) -> int:
        """A count that grows when a deal ends, where a search stops its playouts and reads
        `deal_value` (see the module docstring). Default: `deals`."""
        return self.deals

    @seat_checked
    def deal_value(self, seat: int) -> float:
        """How the deal just played went for ``seat`` (its team's), higher better; read by a
        search when the deal has ended (see the module docstring, "How a search values a deal").

        Default: the seat's `result()` points less the best points of a seat not on its team
        (teams from `result()["teams"]`, else `Rules.default_teams`), plus `WIN` if the game is
        over and the seat is among the winners, minus `WIN` if it is over and the seat is not (a
        finished game without winners, a draw, adds nothing)."""
        result = self.result()
        points = [float(p) for p in result["points"]]
        teams = result.get("teams") or self.rules.default_teams(self.seats) or []
        mates = next((set(t) for t in teams if seat in t), {seat})
        others = [points[s] for s in range(len(points)) if s not in mates]
        value = points[seat] - max(others) if others else points[seat]
        if self.is_over() and result["winners"]:
            value += self.WIN if seat in result["winners"] else -self.WIN
        return value

    def to_dict(self) -> dict[str, JSON]:
        """The whole state, JSON-safe, in new lists and dicts that share nothing with the live
        state (the table saves it on another thread while play goes on): `base_dict` and a
        copy of each of `FIELDS`."""
        d = self.base_dict()
        for name in self.saved_fields():
            d[name] = copy_json(getattr(self, name))
        return d

    def saved_fields(self) -> tuple[str, ...]:
        """The fields `to_dict` saves and `load` takes back: `FIELDS`, unless a game keeps
        more at some tables (Hokm's two-seat draw)."""
        return self.FIELDS

    def clone(self) -> State:
        raise NotImplementedError

    @seat_checked
    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        """``(card, zone id)`` when ``action`` moves a card the seat can drag to that zone.

        The table offers such actions as drags; the others (bids, trump, pass) as buttons."""
        return None

    @seat_checked
    def drop_action(self, seat: int, card: str, zone: str) -> Action | None:
        """The action ``seat`` means by dropping ``card`` on ``zone`` (the inverse of
        `move_of`), legal or not, so that the table can ask `why_illegal` and say why a drop is
        refused; None where the game cannot tell (the table then tries ``play <card>``)."""
        return None

    @seat_checked
    def why_not_move(self, seat: int, code: str, zone: str | None) -> str | None:
        """Why ``seat`` may not move card ``code`` to ``zone`` (None: anywhere), as the rules
        say it (a `Reason`): the action the drop means, if the game can tell
        (`State.drop_action`), else the same kind of move as a legal one with this card, else
        playing it; None if the rules give no reason."""
        meant = self.drop_action(seat, code, zone) if zone else None
        candidates: list[Action | str] = [meant] if meant is not None else []
        for action in self.legal_actions(seat):
            move = self.move_of(seat, action)
            if move and (zone is None or move[1] == zone) and move[0] in action.arg.split():
                words = [code if w == move[0] else w for w in action.arg.split()]
                candidates.append(f"{action.verb} {' '.join(words)}")
        for candidate in candidates:
            try:
                reason = self.why_illegal(seat, candidate if isinstance(candidate, Action)
                                          else self.rules.parse_action(candidate))
            except IllegalAction as e:
                reason = e.reason
            if reason:
                return reason
        try:  # no card may move now: the rules say why a play is refused (name trump first)
            return self.why_illegal(seat, self.rules.parse_action(f"play {code}"))
        except IllegalAction:
            return None


def seat_of(observation: Observation) -> int:
    """The seat ``observation`` is of: what a world dealt from it, a bot and a claim read
    (`ValueError` for the spectator's, which has none)."""
    seat = observation["seat"]
    if seat is None:
        raise ValueError("a spectator's observation has no seat to deal, play or claim for")
    return seat


def copy_json(value: JSON) -> JSON:
    """``value`` with every list and dict in it copied, a tuple as a list."""
    if isinstance(value, (list, tuple)):
        return [copy_json(x) for x in value]
    if isinstance(value, dict):
        return {k: copy_json(x) for k, x in value.items()}
    return value


def same_kind(fresh: JSON, value: JSON) -> bool:
    """Whether a saved ``value`` is of the JSON kind of ``fresh``, the field of a state just
    made (a whole number for a count, a list for a list...)."""
    if isinstance(fresh, bool) or isinstance(value, bool):
        return type(value) is type(fresh)
    if isinstance(fresh, int):
        return type(value) is int
    if isinstance(fresh, float):
        return isinstance(value, (int, float))
    if isinstance(fresh, (list, tuple)):
        return isinstance(value, list)
    return isinstance(value, type(fresh))


def action_key(code: str) -> str:
    """How a typed action is looked up in a game's table of actions (``str(action)``): a lone
    word in lower case (``BAM`` -> ``bam``), a verb and its argument as ``verb ARG`` (``Play as``
    -> ``play AS``), more words as typed."""
    words = str(code).split()
    if len(words) == 2:
        return f"{words[0].lower()} {words[1].upper()}"
    if len(words) == 1:
        return words[0].lower()
    return " ".join(words)


COUNTER_MAX = 10**9
"""More chance events, shuffles or deals than any real game makes."""
FIELD_MAX = 200_000
"""The most entries (lists' and objects' items, counted at every depth) one saved field may
hold: far more than a real match keeps, far less than a damaged save's million. The field that
grows longest is a stake game's ledger, 25 entries a deal at ten seats: 8,000 deals (a 21
match of ten rounds of ten seats' fifty-deal banks is 5,000; a night at the table, a few
hundred)."""
TEXT_MAX = 10_000
"""The longest text a saved field may hold (a fortune's name, a card code: a few letters)."""


def check_frame(rules: Rules, d: dict[str, JSON]) -> None:
    """`ValueError` naming what is wrong with the fields every saved game has (`base_dict`),
    checked before a game builds anything from them: a seat count the game is not played by
    (a damaged ``"seats": 100000000`` would have had per-seat lists built before any other
    check), a seed or a counter that is not a whole number in range, options the game does not
    allow."""
    for name in ("seed", "options", "chance_count"):
        if name not in d:
            raise ValueError(f"a saved {rules.id} game without its field {name!r}")
    seats = d.get("seats", rules.usual_seats)
    if type(seats) is not int:
        raise ValueError(f"seats is a whole number, not {seats!r}")
    rules.check_seats(seats)
    if type(d["seed"]) is not int:
        raise ValueError(f"a saved game's seed is a whole number, not {d['seed']!r}")
    for name in ("chance_count", "shuffles", "deals"):
        value = d.get(name, 0)
        if type(value) is not int or not 0 <= value <= COUNTER_MAX:
            raise ValueError(f"{name} is a whole number from 0 to {COUNTER_MAX}, not {value!r}")
    options = d["options"]
    if not isinstance(options, dict):
        raise ValueError(f"a saved game's options are a JSON object, not {options!r}")
    missing = [name for name in rules.resolve_options(options) if name not in options]
    if missing:  # a game saves its options resolved: each one's value, defaults included
        raise ValueError(f"a saved game's options name every option of {rules.id}: "
                         f"{', '.join(missing)} missing")
    for name, value in d.items():
        check_size(name, value)


def check_size(name: str, value: JSON) -> None:
    """`ValueError` if the saved field ``name`` holds more than `FIELD_MAX` entries or a text
    longer than `TEXT_MAX`: a game restored from it would play on, ever slower."""
    entries, todo = 0, [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if len(item) > TEXT_MAX:
                raise ValueError(f"{name} holds a text of {len(item)} characters, longer than "
                                 f"any game keeps ({TEXT_MAX})")
        elif isinstance(item, (list, dict)):
            entries += len(item)
            if entries > FIELD_MAX:
                raise ValueError(f"{name} holds more than {FIELD_MAX} entries, more than any "
                                 "game keeps")
            todo.extend([*item, *item.values()] if isinstance(item, dict) else item)


def check_seat_fields(state: State, *names: str, none: bool = False) -> None:
    """`ValueError` unless each field ``names`` of ``state`` is a seat at its table (or None,
    where ``none``): a dealer of seat 10**18 is refused here, not by the next deal."""
    for name in names:
        value = getattr(state, name)
        if value is None and none:
            continue
        if type(value) is not int or not 0 <= value < state.seats:
            raise ValueError(f"{name} is a seat of this table of {state.seats}"
                             f"{' or none' if none else ''}, not {value!r}")


def check_entries(state: State, count: int, each: str, *names: str, numbers: bool = False
                  ) -> None:
    """`ValueError` unless each field ``names`` of ``state`` is a list of ``count`` entries, one
    for each ``each`` (seat, side, team), whole numbers where ``numbers``: a two-seat Hokm's
    sets kept for one side are refused here, not by the hand that reads the second."""
    for name in names:
        value = getattr(state, name)
        if not isinstance(value, (list, tuple)) or len(value) != count:
            size = len(value) if isinstance(value, (list, tuple)) else repr(value)
            raise ValueError(f"{name} holds one entry for each {each} ({count}), not {size}")
        if numbers and not all(type(x) is int for x in value):
            raise ValueError(f"{name} holds a whole number for each {each}, not {value!r}")


def check_choice(state: State, name: str, choices: Sequence[JSON]) -> None:
    """`ValueError` unless the field ``name`` of ``state`` is one of ``choices`` (of the same
    kind: ``true`` is not 1)."""
    value = getattr(state, name)
    if not any(type(value) is type(c) and value == c for c in choices):
        raise ValueError(f"{name} is one of {', '.join(map(repr, choices))}, not {value!r}")


def check_state(state: State) -> None:
    """`ValueError` naming what a (restored) state breaks of what every game guarantees.

    Every card of the game once (the same cards as a new game with its options), zone owners
    and seats to act in range, a seat to act with a legal action unless the game is over, and
    observations that can be built for every seat."""
    rules = state.rules
    if state.seats not in rules.seat_counts:
        raise ValueError(f"{state.seats} seats: {rules.id} is played by {rules.seat_counts}")
    fresh = rules.new(state.seats, state.seed, state.options)
    have = Counter(c for z in state.zones() for c in z.cards)
    problem = deck_problem(list(have.elements()), [c for z in fresh.zones() for c in z.cards])
    if problem:
        raise ValueError(f"the cards are not the game's: {problem}")
    if state.chips() != fresh.chips():
        raise ValueError(f"{state.chips()} chips at the table: this game holds {fresh.chips()}")
    for z in state.zones():
        if z.owner is not None and not 0 <= z.owner < state.seats:
            raise ValueError(f"zone {z.id} belongs to seat {z.owner}, who is not at the table")
    acting = state.to_act()
    if any(not isinstance(s, int) or not 0 <= s < state.seats for s in acting):
        raise ValueError(f"seats to act {acting} are not all at the table")
    if not state.is_over():
        if not acting:
            raise ValueError("nobody is to act in a game that is not over")
        for seat in acting:
            if not state.legal_actions(seat):
                raise ValueError(f"seat {seat} is to act but has nothing it may do")
    for seat in [None, *range(state.seats)]:
        state.observation(seat)


def check_trick_seats(state: State, leader: int, turn: int, trick: Sequence[object],
                      playing: bool, **seats: int) -> None:
    """`ValueError` unless ``leader``, ``turn`` and each of ``seats`` (name to value) are seats
    at the table and, while a trick is being played (``playing``), ``turn`` is the seat after
    the last card of ``trick`` (a restored trick game whose turn disagrees with its trick
    sticks a hand later, with a seat asked to play twice)."""
    for name, value in {"leader": leader, "turn": turn, **seats}.items():
        if not 0 <= value < state.seats:
            raise ValueError(f"{name} {value} is not a seat at this table of {state.seats}")
    if playing and turn != (leader + len(trick)) % state.seats:
        raise ValueError(f"seat {turn} to play after {len(trick)} cards led by seat {leader}")


TRIAL_ACTIONS = 3000
"""The most actions `check_in_play` plays of a restored game (it stops sooner: at the end of
the game, or once two deals have ended after the one in play, `State.stage`)."""


def check_in_play(state: State) -> None:
    """`ValueError` if a copy of ``state``, played on by random legal actions (the same ones
    every time) to the end of the deal after next (at most `TRIAL_ACTIONS`), fails: a field the
    checks above cannot judge (an empty trump, a dealer far outside the table, a pot that is not
    one) is found here, not by the player a move later. Any error counts, `IllegalAction` too
    (an action the game listed and then refused)."""
    rng = random.Random(f"{state.rules.id}:{state.seed}:trial")
    try:
        trial = state.clone()
        stage = trial.stage()
        for _ in range(TRIAL_ACTIONS):
            if trial.is_over() or trial.stage() > stage + 2:
                break
            seat = rng.choice(trial.to_act())
            legal = trial.legal_actions(seat)
            if not legal:
                raise ValueError(f"seat {seat} is to act but has nothing it may do")
            action = rng.choice(legal)
            if is_pattern(action):
                action = random_fill(action, trial.own_cards(seat), rng)
            trial.apply(seat, action)
        for viewer in [None, *range(trial.seats)]:
            trial.observation(viewer)
        trial.to_dict()
        if trial.is_over():
            trial.result()
    except Exception as e:  # whatever a damaged field makes the rules raise
        raise ValueError(f"it fails in play ({type(e).__name__}: {e})") from e


def deck_problem(given: Sequence[str], cards: Sequence[str]) -> str | None:
    """What is wrong with ``given`` as an order of ``cards`` (missing, extra, twice), or None."""
    want, got = Counter(cards), Counter(given)
    if want == got:
        return None
    parts = []
    extra = got - want
    missing = want - got
    twice = [c for c, k in got.items() if k > want.get(c, 0) and c in want]
    unknown = [c for c in extra if c not in want]
    if unknown:
        parts.append("not cards of this deal: " + " ".join(sorted(unknown)))
    if twice:
        parts.append("too many of: " + " ".join(sorted(twice)))
    if missing:
        parts.append(f"{sum(missing.values())} missing: " + " ".join(sorted(missing)))
    return "; ".join(parts)


def on_top(top: Sequence[str], cards: Sequence[str]) -> list[str]:
    """A whole deck, top first: ``top``, then the rest of ``cards`` in their given order.

    For tests that stack only the cards a worked example names. `ValueError` if ``top`` holds
    a card that ``cards`` does not have (or has fewer of)."""
    rest = Counter(cards)
    rest.subtract(top)
    if any(k < 0 for k in rest.values()):
        raise ValueError("option deck: " + (deck_problem(list(top), [c for c in cards if c in
                                                                      set(top)]) or "too many"))
    out = list(top)
    for card in cards:
        if rest[card] > 0:
            rest[card] -= 1
            out.append(card)
    return out


def _stacked_decks(value: JSON) -> JSON:
    """``options["deck"]`` checked for form: a list of codes, or a non-empty list of such lists."""
    def codes(v: JSON) -> bool:
        return isinstance(v, list) and bool(v) and all(isinstance(c, str) for c in v)

    if codes(value):
        return list(value)
    if isinstance(value, list) and value and all(codes(d) for d in value):
        return [list(d) for d in value]
    raise ValueError("option deck: a list of card codes, top first, or a list of such lists "
                     "(one per shuffle, in order)")


# -- patterns -----------------------------------------------------------------------------
_PICK = re.compile(r"^\?(\d+)(?:-(\d+))?$")
_NUMBER = re.compile(r"^#(\d+)-(\d+)(?:/(\d+))?$")


class _Parsed(NamedTuple):
    """A pattern's argument read once (games list the same few patterns again and again)."""

    words: tuple[str, ...]
    picks: tuple[tuple[int, int] | None, ...]
    """Per word: (lo, hi) for a ``?`` token, else None."""
    numbered: tuple[bool, ...]
    """Per word: whether it is a ``#`` token."""
    pick: tuple[int, int] | None
    """The first ``?`` token's (lo, hi)."""
    numbers: range | None
    """The first ``#`` token's numbers."""


@functools.lru_cache(maxsize=4096)
def _parsed(arg: str) -> _Parsed:
    words = tuple(arg.split())
    picks: list[tuple[int, int] | None] = []
    numbered: list[bool] = []
    pick: tuple[int, int] | None = None
    numbers: range | None = None
    for word in words:
        m = _PICK.match(word)
        span = (int(m.group(1)), int(m.group(2) or m.group(1))) if m else None
        picks.append(span)
        if pick is None:
            pick = span
        n = _NUMBER.match(word)
        numbered.append(n is not None)
        if n and numbers is None:
            numbers = range(int(n.group(1)), int(n.group(2)) + 1, int(n.group(3) or 1))
    return _Parsed(words, tuple(picks), tuple(numbered), pick, numbers)


def is_pattern(action: Action) -> bool:
    """Whether ``action`` stands for a choice still to be made (``pass ?3``, ``stake #1-9``)."""
    return "?" in action.arg or "#" in action.arg


def pick_range(action: Action) -> tuple[int, int] | None:
    """How many cards the pattern's ``?`` token asks for, (lo, hi); None without one."""
    return _parsed(action.arg).pick


def number_range(action: Action) -> range | None:
    """The numbers the pattern's ``#`` token allows; None without one."""
    return _parsed(action.arg).numbers


def fill(pattern: Action, cards: Sequence[str] = (), number: int | None = None) -> Action:
    """The pattern with its ``?`` token replaced by ``cards`` and its ``#`` token by ``number``.

    `ValueError` if the count or the number is outside what the pattern allows."""
    parsed = _parsed(pattern.arg)
    words: list[str] = []
    for word, span, numbered in zip(parsed.words, parsed.picks, parsed.numbered):
        if span is not None:
            lo, hi = span
            if not lo <= len(cards) <= hi or len(set(cards)) != len(cards):
                raise ValueError(f"{pattern} takes {lo}..{hi} different cards, not {len(cards)}")
            words.extend(cards)
        elif numbered:
            allowed = parsed.numbers
            if number is None or allowed is None or number not in allowed:
                raise ValueError(f"{pattern} takes a number in {allowed}, not {number}")
            words.append(str(number))
        else:
            words.append(word)
    return Action(pattern.verb, " ".join(words))


def random_fill(pattern: Action, hand: Sequence[str | None], rng: random.Random) -> Action:
    """A filling of ``pattern`` drawn at random, the cards from ``hand`` (the seat's own)."""
    cards: list[str] = []
    parsed = _parsed(pattern.arg)
    span = parsed.pick
    if span is not None:
        own = [c for c in hand if c is not None]
        cards = rng.sample(own, rng.randint(span[0], min(span[1], len(own))))
    numbers = parsed.numbers
    return fill(pattern, cards, rng.choice(numbers) if numbers is not None else None)


def matches(pattern: Action, action: Action) -> bool:
    """Whether ``action`` is a filling of ``pattern`` (cards distinct, counts and steps kept)."""
    if pattern.verb != action.verb:
        return False
    parsed = _parsed(pattern.arg)
    want, got = parsed.words, action.arg.split()
    i = 0
    for word, span, numbered in zip(want, parsed.picks, parsed.numbered):
        if span is not None:
            lo, hi = span
            rest = len(want) - want.index(word) - 1
            taken = got[i:len(got) - rest]
            if not lo <= len(taken) <= hi or len(set(taken)) != len(taken):
                return False
            i += len(taken)
        elif numbered:
            allowed = parsed.numbers
            if i >= len(got) or not got[i].isdigit() or allowed is None \
                    or int(got[i]) not in allowed:
                return False
            i += 1
        else:
            if i >= len(got) or got[i] != word:
                return False
            i += 1
    return i == len(got)
