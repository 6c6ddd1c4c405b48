"""The declared shapes of what crosses the seam between the rules, the bots, the table and the
network: a seat's observation, the public facts the table reads, an event's data, a result, and
a match's configuration (the network's messages are `net.messages`). They are TypedDicts: at run
time plain dicts (what goes to JSON is what was always sent), to the type checker a checked set
of keys, each with its type.

- `Observation` is what every game's observation holds: its `Frame` (the fields every game
  gives, zones as the table draws them) and the `TableFacts`, the facts the table itself reads
  (each declared once, here, with the one type every game that has it gives it). A game's
  observation type adds its own facts: ``class HokmObservation(Observation, HokmFacts)``, with
  ``class HokmFacts(TableFacts)`` in the game's rules module, which `State.facts` returns; its bot
  is a ``Bot[HokmObservation]`` and reads nothing the rules did not declare.
- A game's facts never redeclare a table key (the checker refuses a TypedDict field declared
  twice), so the table and every game agree on it.
- Every game declares each kind of event it makes with the shape of its data (`Rules.events`,
  one TypedDict per kind, made where the event is: ``Event("play", s, Played({...}))``). The
  keys the table reads to move cards (`Move`) mean the same in every game.
- No field is typed ``Any``: tests/test_shapes.py walks every registered game's declared
  observation and holds each value of random matches to it (typeguard).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NotRequired, TypedDict, TypeVar, cast

Play = list[int | str]
"""A card played to a trick, as [seat, card]."""

Trick = list[int | list[str]]
"""A trick as [leader, its cards in the order played] (a JSON pair: read it with
`game.tricks` helpers, which take such pairs)."""

OptionValue = bool | int | str | list[str] | list[list[str]] | None
"""A game option's value: a flag, a number, a word, or a stacked deck (tests only)."""


class ZoneView(TypedDict):
    """A zone as one seat sees it (`game.core.Zone.view`): cards it may not see are None."""

    id: str
    kind: str
    owner: int | None
    cards: list[str | None]
    layout: str
    face_up: bool
    shown: NotRequired[list[bool]]
    """Positions of single cards everyone sees (a zone that is otherwise hidden)."""
    groups: NotRequired[list[int]]
    """Sizes of the runs of cards that belong together (Rim's melds)."""


class Frame(TypedDict):
    """What every game's observation holds."""

    game: str
    seat: int | None
    """The seat that looks (None: a spectator's public view)."""
    seats: int
    to_act: list[int]
    phase: str
    zones: list[ZoneView]
    teams: list[list[int]] | None
    direction: str


Move = TypedDict("Move", {"from": str, "to": str, "card": str, "cards": list[str], "count": int},
                total=False)
"""The keys of an event's data the table moves cards by, each with the one type every game's
event shapes give it: cards go ``from`` one zone id ``to`` another, one ``card`` or several
``cards`` face up, or ``count`` cards face down."""

EventShape = type[Mapping[str, object]]
"""The TypedDict that declares one kind of event's data."""


class NoData(TypedDict):
    """The data of an event that is all in its kind and seat (Hokm's ``bam``)."""


Moved = TypedDict("Moved", {"from": str, "to": str})
"""Cards moved from one zone to another, not named (Hokm's buried card)."""

CardMoved = TypedDict("CardMoved", {"from": str, "to": str, "card": str})
"""A card moved face up from one zone to another (a card played to the trick)."""

CardsMoved = TypedDict("CardsMoved", {"from": str, "to": str, "cards": list[str]})
"""Cards moved face up from one zone to another (a trick to its taker's pile)."""

CardPassed = TypedDict("CardPassed", {"from": str, "to": str, "card": NotRequired[str]})
"""A card moved face down, named to the seats that see it alone (a card dealt to a hand)."""

Dealt = TypedDict("Dealt", {"from": str, "to": str, "count": int, "cards": NotRequired[list[str]]})
"""Cards moved face down (dealt to a hand, laid away): counted for every seat, named to the
seats that see them."""

CountMoved = TypedDict("CountMoved", {"from": str, "to": str, "count": int})
"""Cards moved face down and named to nobody (a pile shuffled into a new stock)."""


def move(data: Mapping[str, object]) -> Move:
    """An event's data read for the keys the table moves cards by (`Move`). Every game's event
    shapes give those keys `Move`'s types (tests/test_shapes.py), and a joined table holds each
    event it is sent to its kind's shape (`net.protocol.read_event`)."""
    return cast(Move, data)


class Offer(TypedDict):
    """An offer standing on the table (Bourse): a card for a price, to one seat or to all."""

    id: int
    card: str
    price: int
    seller: int
    to: int | None


class Limit(TypedDict):
    """What a stake may be now (21, 9-8): at least ``min``, half the bank, or all of it."""

    min: int
    half: int
    all: int


ObservationT = TypeVar("ObservationT", bound="Observation")
"""An observation type: `Observation` or a game's own (``HokmObservation``); what a generic
reader of observations (a ``Bot[ObservationT]``, a ``Seen[ObservationT]``) is parametrised by."""


class Sheet(TypedDict):
    """A score sheet: one row per deal, one column per heading."""

    columns: list[str]
    rows: list[list[int | str | bool | list[int] | None]]
    ups: NotRequired[list[list[int]]]
    """Super Taki: each round's pyramid levels climbed."""


class TableFacts(TypedDict, total=False):
    """The public facts the table reads itself (names' marks, the panel, the trick, the seats
    out of play), each with its one type; a game gives those it has."""

    trump: str | None
    leader: int | None
    """The seat that led the current trick."""
    last_trick: list[str]
    """The cards of the last trick taken, in the order played (the table shows it on demand)."""
    hakem: int | None
    maker: int | None
    """The seat that named trump (Farib), alone when ``alone``, with ``partner``."""
    alone: bool
    partner: int | None
    sitting_out: int | None
    """The seat whose partner plays alone: its hand is set aside this deal."""
    out: list[int]
    """Seats out of the game (Shaitan: rid of their cards)."""
    eliminated: list[int]
    """Seats out of the match (Tiraje)."""
    declared: list[int]
    """Seats that declared their last card (Super Taki)."""
    auction: list[list[int | None]]
    """The bidding so far, as [seat, bid or None for a pass] pairs (Shelem)."""
    bids: list[int | None]
    """Each seat's bid, None where it has not bid (Ghahve)."""
    levels: list[int]
    top_level: int
    match: str
    purses: list[int]
    stakes: list[int]
    bank_owner: int | None
    bank: int
    money: list[int]
    banked: list[int]
    totals: list[int]
    offers: list[Offer]
    limit: Limit | None
    options: dict[str, OptionValue]
    """The options the game is played with (a stacked deck left out)."""
    tricks: list[int]
    """Tricks taken this hand by each side of a two-sided game."""
    hand_points: list[int]
    sets: list[int]
    rule: str
    """The rule in force (Tiraje)."""
    winning: int
    """The seat whose palette wins under the rule now (Tiraje); absent while none does."""
    colour: str
    """The colour asked for (Super Taki)."""
    plus2: int
    """Plus-twos stacked for the next player (Super Taki)."""
    high: int
    """The highest bid so far (Shelem)."""
    called: str | None
    deck_count: int
    chance: float
    """A live card's chance of a prize (Bourse), which the table adds to an offer's line."""
    sheet: Sheet
    """The score sheet so far (the table shows it between deals)."""


class Observation(Frame, TableFacts):
    """What ``seat`` may know of any game: the table reads a game's observation as this."""


class Chair(TypedDict):
    """Who sits in a seat: ``kind`` (at a table here ``person`` or ``bot``, and as the setup
    asks ``remote`` or ``internet``; at a referee ``local``, ``remote`` or ``bot``), the
    ``name`` shown, a bot's ``level`` (`game.bots.KINDS`)."""

    kind: str
    name: str
    level: NotRequired[str]
    token: NotRequired[str]
    """A referee's: the rejoin token of the person who took the chair."""


class MatchConfig(TypedDict):
    """A match to play: its game, a chair per seat in the order of play, the game's options,
    the ``seed`` all its chance follows from (absent where another machine holds the chance: a
    table joined over the network), the turn ``clock`` (seconds for a card; 0 or absent:
    none)."""

    game: str
    seats: list[Chair]
    options: NotRequired[dict[str, OptionValue]]
    seed: NotRequired[int]
    clock: NotRequired[int]


class TableConfig(MatchConfig):
    """A match as a table here plays it (`ui.table.match.MatchView.config`): besides the match,
    its ``match_id`` (the history keeps its result under it), the ``lesson`` it plays (a guided
    deal, `ui.lessons`: never saved nor timed), and ``net`` where another machine holds it."""

    match_id: NotRequired[str]
    lesson: NotRequired[str]
    net: NotRequired[bool]


class Reading(TypedDict):
    """A fortune's reading of a marriage layout (Fal-e Ezdevaj)."""

    beside: list[str]
    ring: int
    when: str


class Result(TypedDict):
    """A finished game's standing (`State.result`): who won and each seat's points."""

    winners: list[int]
    points: list[int]
    teams: NotRequired[list[list[int]] | None]
    team_points: NotRequired[list[int]]
    sheet: NotRequired[Sheet]
    chips: NotRequired[list[int]]
    prizes: NotRequired[list[list[int | str]]]
    readings: NotRequired[list[str]]
    name: NotRequired[str]
    reading: NotRequired[Reading]


class Record(Result):
    """A result as the history keeps it: with the last deal's tricks to replay, each as
    ``[plays, taker]``: its [seat, card] plays and the seat that took it (None where the
    table did not see it taken)."""

    replay: NotRequired[list[list[list[Play] | int | None]]]
