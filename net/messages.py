"""The declared shapes of the network's messages (`net.protocol`'s docstring says what each
field means): what a client sends and what a referee sends, each a TypedDict whose ``type`` is a
literal, so that a sender that forgets a field, or a reader that misspells one, is a type error.
A message read from the network has its shape only once `net.protocol` has checked it field by
field (`read_client`, `read_host`); by then the events of a welcome and an update are `Event`s
(on the wire `EventJSON`s: `WelcomeWire`, `UpdateWire`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict

from game.core import Event
from game.shapes import Chair as MatchChair
from game.shapes import Observation, OptionValue, Result

# -- client to referee -----------------------------------------------------------------


class Knock(TypedDict):
    type: Literal["knock"]
    pake: str
    table: NotRequired[str | None]
    """A table server's table (`net.protocol.table_id`); a home host's knock has none."""


class CreateChair(TypedDict):
    kind: str
    level: NotRequired[str]


class Create(TypedDict):
    type: Literal["create"]
    game: str
    seats: list[CreateChair]
    options: dict[str, OptionValue]
    clock: int
    name: str
    seed: int | None
    in_order: bool


class Hello(TypedDict):
    type: Literal["hello"]
    proof: str
    name: str
    seat: int | None
    token: str | None


class Act(TypedDict):
    type: Literal["act"]
    seat: int
    action: str
    update: int


class Say(TypedDict):
    type: Literal["say"]
    phrase: str


ClientMessage = Knock | Create | Hello | Act | Say
"""What a client sends, as `net.protocol.read_client` gives it once checked."""

# -- referee to client -----------------------------------------------------------------


class Challenge(TypedDict):
    type: Literal["challenge"]
    pake: str
    proof: str


class Created(TypedDict):
    type: Literal["created"]
    code: str


class Chair(MatchChair):
    """A chair as a player sees it: its name and kind (``person``: the player's own, ``remote``
    another person, ``bot``), a bot's level (never a token), and in a status its ``state``."""

    state: NotRequired[str]


class EventJSON(TypedDict):
    """An event on the wire (`net.protocol.event_json`): the fields of `game.core.Event`."""

    kind: str
    seat: int | None
    data: Mapping[str, object]
    to: list[int] | None


class WelcomeFields(TypedDict):
    """A welcome's fields but its opening events."""

    type: Literal["welcome"]
    seat: int
    seats: int
    game: str
    options: dict[str, OptionValue]
    chairs: list[Chair]
    token: str
    clock: int
    match: str


class WelcomeWire(WelcomeFields):
    opening: list[EventJSON]


class Welcome(WelcomeFields):
    """A welcome as read: its opening events made `Event`s."""

    opening: list[Event]


class UpdateWire(TypedDict):
    type: Literal["update"]
    n: int
    observation: Observation
    to_act: list[int]
    legal: list[list[str | list[str] | None]]
    """Per legal action of the seat ``[code, [card, zone] or None]``."""
    events: list[EventJSON]
    over: bool
    result: Result | None
    resync: bool
    clocks: list[list[float]]
    """Per running clock ``[seat, seconds left, the decision's whole time]``."""


class Update(TypedDict):
    """An update as read: its events made `Event`s, its legal actions (code, move) pairs, and
    when it came (the client's clock)."""

    type: Literal["update"]
    n: int
    observation: Observation
    to_act: list[int]
    legal: list[tuple[str, tuple[str, str] | None]]
    events: list[Event]
    over: bool
    result: Result | None
    resync: bool
    clocks: list[list[float]]
    received: NotRequired[float]


class Status(TypedDict):
    type: Literal["status"]
    chairs: list[Chair]


class Said(TypedDict):
    type: Literal["said"]
    seat: int
    phrase: str


class Timeout(TypedDict):
    type: Literal["timeout"]
    seat: int


class Refused(TypedDict):
    type: Literal["refused"]
    reason: str
    fatal: bool
    stale: bool
    retry: int | None


HostMessage = Challenge | Created | Welcome | Update | Status | Said | Timeout | Refused
"""What a referee sends, as `net.protocol.read_host` gives it once checked."""
