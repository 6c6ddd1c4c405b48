"""The messages between a referee (a home host, or a table server) and the players who join it:
versioned JSON, one a text frame.

Every message is a JSON object with ``"v"`` (`VERSION`) and ``"type"``. A client's frame is at
most `CLIENT_FRAME_MAX` bytes, a host's at most `HOST_FRAME_MAX`; every incoming message is
checked here, field by field (`read_client`, `read_host`), and anything else is refused with a
`ProtocolError` whose text says what was wrong, for the person on the other side.

A connection opens with the proof of the table code (`net.proof`), which is never sent:
``knock`` then ``challenge`` (the two halves of a key exchange on the code), then the hello
carrying the joiner's proof. At a table server, which holds many tables, the knock names the
table by `table_id` (a hash of the code, which does not give the code back); there a connection
may instead open with ``create``, which makes a new table and seats its creator.

Client to host:

- ``knock``: ``pake`` (the message of the joiner's half of the exchange, `net.proof.Half`,
  `PAKE_DIGITS` hexadecimal digits), the first frame; and ``table`` (a table server only:
  `table_id` of the code, `ID_DIGITS` digits; absent or null at a home host).
- ``create`` (a table server only, the first frame in place of a knock): ``game`` (its id),
  ``seats`` (per chair ``{"kind": "person" | "remote" | "bot", "level": a bot's level}``,
  exactly one ``person``: the creator), ``options`` (the game's options, never a stacked
  ``deck``), ``clock`` (the turn clock: whole seconds for a card, 0 for none, at most
  `CLOCK_MAX`), ``name`` (the creator's), ``seed`` (null; a whole number is taken only where the
  server lets creators choose the deal) and ``in_order`` (true: only the first seat to act is
  offered its actions, as at ``main.py host --in-order``).
- ``hello``: ``proof`` (`net.proof.joiner_proof`), ``name``, ``seat`` (a seat
  asked for, or null: the first free one) and ``token`` (null, or the rejoin token a welcome
  gave: take that seat back).
- ``act``: ``seat`` (the client's own), ``action`` (an action code, or `CLAIM`: the seat
  claims the rest of the hand, `game.claim`) and ``update`` (the ``n`` of the update it
  answers: an action answering an update it answered already, or one older than the latest, is
  stale and refused; the connection stays).
- ``say``: ``phrase``, one of `PHRASES` (the quick phrases: there is no free text).

Host to client:

- ``challenge``: ``pake`` (the message of the host's half) and ``proof``
  (`net.proof.host_proof`), the answer to a knock.
- ``created``: ``code``, the new table's code (`SERVER_CODE_LENGTH` characters, the first
  naming the server process that holds it), the answer to a create; the welcome follows.
- ``welcome``: ``seat``, ``seats``, ``game``, ``options`` (never a stacked deck, and no seed:
  either would tell every hand), ``chairs`` (per seat its
  ``name`` and ``kind``: ``person`` for the client's own seat, ``remote`` for another person,
  ``bot``), ``token`` (to rejoin), ``opening`` (the game's opening events this seat may see;
  empty on a rejoin), ``clock`` (the turn clock's seconds for a card, 0: none) and ``match``
  (the match's id, `ID_DIGITS` hexadecimal digits: a player's statistics count it once).
- ``update``: ``n`` (how many actions the game has taken), ``observation`` (the seat's own),
  ``to_act``, ``legal`` (``[code, [card, zone] or null]`` per legal action of this seat, `move_of`
  its drag), ``events`` (those this seat may see since its last update), ``over``, ``result``
  (null until over), ``resync`` (true when events were missed: a rejoin) and ``clocks``
  (``[seat, left, total]`` for each seat whose turn clock runs: seconds left as the update was
  made, and the decision's whole time).
- ``status``: ``chairs``, per seat ``name``, ``kind`` and ``state``: ``waiting`` (not joined
  yet), ``connected``, ``reconnecting``, ``bot`` (a bot plays it: a bot's chair, or a bot
  standing in for a person who left).
- ``said``: ``seat`` and ``phrase`` (of `PHRASES`): a player's quick phrase, to every seat.
- ``timeout``: ``seat``: that seat's clock ran out, and a bot made its move.
- ``refused``: ``reason``, ``fatal`` (true: the host closes this connection), ``stale``
  (true: the action answered an update the table has moved on from; the newer update is sent
  already, so there is nothing to do) and ``retry`` (null, or the seconds after which the same
  hello may be tried again: the table takes no code for now).

An event travels as ``{"kind", "seat", "data", "to"}``, the fields of `game.core.Event`; a table
holds each it is sent to the shape its game declares for its kind (`read_event`).

Each message's declared shape is in `net.messages`: what `read_client` and `read_host` return
once they have checked a frame, and what the senders build.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from typing import Any, cast

from typeguard import TypeCheckError, check_type

from game import registry
from game.core import Event
from game.shapes import Result
from net.messages import ClientMessage, EventJSON, HostMessage

VERSION = 4
"""4: the table server's messages (``create``, ``created``, the knock's ``table``), the turn
clock and the quick phrases; 3: the code proven by a key exchange (SPAKE2); 2: the LAN's
second round."""
CLIENT_FRAME_MAX = 2048
"""The largest frame a client may send, in bytes (an act is tens of bytes)."""
HOST_FRAME_MAX = 1 << 20
"""The largest frame a host sends, in bytes (an update is a few kilobytes)."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Table codes are read aloud and typed: no 0/O, 1/I/L."""
CODE_LENGTH = 8
"""Characters of a home table's code, shown in groups of four (`shown_code`)."""
SERVER_CODE_LENGTH = 9
"""Characters of a table server's code, shown in groups of three: the first names the server
process that holds the table (`net.server`), the eight others are drawn as a home code's."""
ID_DIGITS = 32
"""A table's id at a table server (`table_id`) and a match's id are lower-case hexadecimal
of these many digits."""
PAKE_DIGITS = 66
PROOF_DIGITS = 64
"""A half's message of the exchange (SPAKE2's side mark and a point of Ed25519's group) and a
proof are lower-case hexadecimal of these many digits."""
NAME_MAX = 40
ACTION_MAX = 400
CLAIM = "claim"
"""The ``action`` of an act that claims the rest of the hand (`game.claim`) instead of a move:
the host plays the rest out if the claim holds, else refuses it (a host that does not know it
refuses it as a move it cannot take)."""
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
CHAIR_STATES = ("waiting", "connected", "reconnecting", "bot")
UPDATE_MAX = 10**9
CLOCK_MAX = 600
"""The longest turn clock a table may set, in seconds for a card."""
PHRASES = ("hello", "well_played", "sorry", "thanks", "hurry", "lucky", "next_hand", "partner",
           "think", "goodbye")
"""The quick phrases a player may say at the table (their words are the catalogue's
``phrase.<key>``, in each viewer's language)."""
CREATE_KINDS = ("person", "remote", "bot")


def shown_code(code: str) -> str:
    """A table code as it is shown and read out: ``K7QX-P3MN`` (a home table's), ``AK7-QXP-3MN``
    (a table server's)."""
    step = 4 if len(code) % 4 == 0 else 3
    return "-".join(code[i:i + step] for i in range(0, len(code), step))


def table_id(code: str) -> str:
    """How a knock names the table of ``code`` (as `net.proof.normal_code` gives it) at a table
    server: a hash that does not give the code back."""
    return hashlib.sha256(b"cardtable table " + code.encode("ascii")).hexdigest()[:ID_DIGITS]


class ProtocolError(ValueError):
    """A message that breaks this protocol; its text is the refusal the sender is shown."""


class TryLater(ProtocolError):
    """A hello the table takes no code for now: refused, to be tried again ``after`` seconds."""

    def __init__(self, reason: str, after: int) -> None:
        super().__init__(reason)
        self.after = after


def encode(message: Mapping[str, object]) -> str:
    """``message`` as a frame, with the protocol version."""
    return json.dumps({"v": VERSION, **message}, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":"))


def _refuse_constant(name: str) -> float:
    raise ProtocolError(f"{name} is not a number this protocol carries")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError(f"{text} is not a finite number")
    return value


def _no_float(text: str) -> float:
    raise ProtocolError(f"{text}: a client sends whole numbers only")


def decode(frame: str | bytes, limit: int, floats: bool) -> dict[str, Any]:
    """The message in ``frame``: a text frame of at most ``limit`` bytes holding a JSON object of
    this protocol's version, with a ``type``; ``floats`` allows finite fractional numbers."""
    if not isinstance(frame, str):
        raise ProtocolError("frames are text (JSON), not binary")
    size = len(frame.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ProtocolError(f"a frame of {size} bytes is too large (at most {limit})")
    try:
        message = json.loads(frame, parse_constant=_refuse_constant,
                             parse_float=_finite if floats else _no_float)
    except RecursionError:
        raise ProtocolError("the frame is nested too deeply") from None
    except ProtocolError:
        raise
    except ValueError:
        raise ProtocolError("the frame is not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    version = message.get("v")
    if version != VERSION or type(version) is not int:
        older = type(version) is int and version < VERSION
        raise ProtocolError(f"this table speaks protocol version {VERSION}, not {version!r}"
                            f"{' (an older card table)' if older else ''}: both players need "
                            "the same version of the card table")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("a message needs its type")
    return message


def _fields(message: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(message) - allowed - {"v", "type"})
    if extra:
        raise ProtocolError(f"a {message['type']} message has no field {extra[0]!r}")


def _text(message: dict[str, Any], name: str, longest: int) -> str:
    value = message.get(name)
    if not isinstance(value, str) or not value:
        raise ProtocolError(f"{name} is some text")
    if len(value) > longest:
        raise ProtocolError(f"{name} has at most {longest} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(f"{name} is not valid Unicode text") from None
    if not value.isprintable():
        raise ProtocolError(f"{name} holds characters that cannot be shown")
    return value


def _whole(message: dict[str, Any], name: str, hi: int, none: bool = False) -> int | None:
    value = message.get(name)
    if value is None and none:
        return None
    if type(value) is not int or not 0 <= value <= hi:
        raise ProtocolError(f"{name} is a whole number from 0 to {hi}"
                            + (" or null" if none else "") + f", not {value!r}")
    return value


def is_hex(value: Any, digits: int) -> bool:
    return isinstance(value, str) and re.fullmatch(f"[0-9a-f]{{{digits}}}", value) is not None


def _hex(message: dict[str, Any], name: str, digits: int) -> str:
    value = message.get(name)
    if not is_hex(value, digits):
        raise ProtocolError(f"{name} is {digits} hexadecimal digits")
    return str(value)


def _name(message: dict[str, Any]) -> None:
    """The player's ``name``, trimmed. A leading @ marks a name the table gives (``@bot:2``,
    said in each viewer's language): a player's own name cannot pose as one."""
    message["name"] = _text(message, "name", NAME_MAX).strip().lstrip("@").strip()
    if not message["name"]:
        raise ProtocolError("name is some text")


def read_client(frame: str | bytes) -> ClientMessage:
    """A client's knock, create, hello, act or say, checked: `ProtocolError` says what is
    wrong (a create's game and options are the table server's to check). Once checked it has
    its declared shape (`net.messages`)."""
    message = decode(frame, CLIENT_FRAME_MAX, floats=False)
    kind = message["type"]
    if kind == "knock":
        _fields(message, {"pake", "table"})
        _hex(message, "pake", PAKE_DIGITS)
        if message.get("table") is not None:
            _hex(message, "table", ID_DIGITS)
        message.setdefault("table", None)
    elif kind == "create":
        _read_create(message)
    elif kind == "hello":
        _fields(message, {"proof", "name", "seat", "token"})
        _hex(message, "proof", PROOF_DIGITS)
        _name(message)
        _whole(message, "seat", 9, none=True)
        token = message.get("token")
        if token is not None and not (isinstance(token, str) and TOKEN.fullmatch(token)):
            raise ProtocolError("token is the text a welcome gave, or null")
        message.setdefault("seat", None)
        message.setdefault("token", None)
    elif kind == "act":
        _fields(message, {"seat", "action", "update"})
        _whole(message, "seat", 9)
        _text(message, "action", ACTION_MAX)
        _whole(message, "update", UPDATE_MAX)
    elif kind == "say":
        _fields(message, {"phrase"})
        if message.get("phrase") not in PHRASES:
            raise ProtocolError(f"phrase is one of {', '.join(PHRASES)}")
    else:
        raise ProtocolError(f"a client sends knock, create, hello, act or say, not {kind!r}")
    return cast(ClientMessage, message)


def _read_create(message: dict[str, Any]) -> None:
    _fields(message, {"game", "seats", "options", "clock", "name", "seed", "in_order"})
    _text(message, "game", 40)
    seats = message.get("seats")
    if not (isinstance(seats, list) and 1 <= len(seats) <= 10):
        raise ProtocolError("seats is a list of 1 to 10 chairs")
    for chair in seats:
        if not (isinstance(chair, dict) and set(chair) <= {"kind", "level"}
                and chair.get("kind") in CREATE_KINDS
                and isinstance(chair.get("level", ""), str)
                and len(chair.get("level", "")) <= 20):
            raise ProtocolError("a chair is {\"kind\": person, remote or bot, \"level\": a bot's "
                                f"level}}, not {str(chair)[:80]}")
    if sum(chair["kind"] == "person" for chair in seats) != 1:
        raise ProtocolError("exactly one chair is the person who creates the table")
    options = message.get("options", {})
    if not isinstance(options, dict) or "deck" in options:
        raise ProtocolError("options is an object of the game's options, never a deck")
    message["options"] = options
    message["clock"] = _whole(message, "clock", CLOCK_MAX) if "clock" in message else 0
    _name(message)
    message["seed"] = _whole(message, "seed", 2**31, none=True)
    if not isinstance(message.get("in_order", False), bool):
        raise ProtocolError("in_order is true or false")
    message["in_order"] = bool(message.get("in_order", False))


def event_json(event: Event) -> EventJSON:
    return {"kind": event.kind, "seat": event.seat, "data": event.data,
            "to": None if event.to is None else list(event.to)}


def _seat_list(value: Any, seats: int) -> bool:
    return isinstance(value, list) and all(type(s) is int and 0 <= s < seats for s in value)


def read_event(value: Any, seats: int, game: str | None = None) -> Event:
    """An event as `event_json` wrote it; `ProtocolError` otherwise. With ``game``, it is a
    kind of event the game makes, its data in that kind's declared shape (`Rules.events`)."""
    if not (isinstance(value, dict) and set(value) == {"kind", "seat", "data", "to"}
            and isinstance(value["kind"], str) and isinstance(value["data"], dict)
            and (value["seat"] is None or _seat_list([value["seat"]], seats))
            and (value["to"] is None or _seat_list(value["to"], seats))):
        raise ProtocolError(f"not an event: {str(value)[:80]}")
    if game is not None:
        kind = value["kind"]
        shape = registry.get(game).events.get(kind)
        if shape is None:
            raise ProtocolError(f"{game} makes no event {kind[:40]!r}")
        problem = differs(value["data"], shape)
        if problem is not None:
            raise ProtocolError(f"a {kind} event whose data is not the game's: {problem[:160]}")
    to = None if value["to"] is None else tuple(value["to"])
    return Event(value["kind"], value["seat"], value["data"], to)


def _is_list(value: Any) -> bool:
    return isinstance(value, list)


def _is_token(value: Any) -> bool:
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


def _is_legal(value: Any) -> bool:
    """``[[code, [card, zone] or null], ...]``."""
    return isinstance(value, list) and all(
        isinstance(e, list) and len(e) == 2 and isinstance(e[0], str)
        and (e[1] is None or (isinstance(e[1], list) and len(e[1]) == 2
                              and all(isinstance(x, str) for x in e[1])))
        for e in value)


def _shaped(message: dict[str, Any], name: str, shape: object) -> None:
    problem = differs(message[name], shape)
    if problem is not None:
        raise ProtocolError(f"a {message['type']} message whose {name} is not the game's: "
                            f"{problem[:160]}")


def _need(message: dict[str, Any], checks: dict[str, Any]) -> None:
    for name, ok in checks.items():
        if not ok(message.get(name)):
            raise ProtocolError(f"a {message['type']} message with a bad {name}: "
                                f"{str(message.get(name))[:80]}")


def differs(value: object, shape: object) -> str | None:
    """What in ``value`` is not as the declared ``shape`` (a TypedDict of `game.shapes`, or a
    game's observation) says: a key missing or not declared, a value of another type; None
    where it is as declared."""
    try:
        check_type(value, shape)
    except TypeCheckError as error:
        return str(error)
    return None


def read_host(frame: str | bytes, seats: int | None, game: str | None = None
              ) -> HostMessage:
    """A host's message, checked for its fields' kinds: `ProtocolError` otherwise. ``seats``
    is the table's size once welcomed (None before), ``game`` its game: then an update's
    observation and result are held to their declared shapes (`game.shapes`), so that what
    the table reads is what the game declares."""
    message = decode(frame, HOST_FRAME_MAX, floats=True)
    kind = message["type"]
    n = seats or 0

    def chairs(v: Any) -> bool:
        return isinstance(v, list) and (seats is None or len(v) == seats) and all(
            isinstance(c, dict) and isinstance(c.get("name"), str)
            and isinstance(c.get("kind"), str) for c in v)

    def clocks(v: Any) -> bool:
        return isinstance(v, list) and all(
            isinstance(c, list) and len(c) == 3 and _seat_list(c[:1], n)
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0
                    for x in c[1:]) for c in v)

    if kind == "challenge":
        _need(message, {"pake": lambda v: is_hex(v, PAKE_DIGITS),
                        "proof": lambda v: is_hex(v, PROOF_DIGITS)})
    elif kind == "welcome":
        _need(message, {"seat": lambda v: type(v) is int and 0 <= v < 10,
                        "seats": lambda v: type(v) is int and 0 < v <= 10,
                        "game": lambda v: isinstance(v, str), "token": _is_token,
                        "options": lambda v: isinstance(v, dict), "chairs": chairs,
                        "opening": _is_list,
                        "clock": lambda v: type(v) is int and 0 <= v <= CLOCK_MAX,
                        "match": lambda v: is_hex(v, ID_DIGITS)})
        if message["seat"] >= message["seats"] or len(message["chairs"]) != message["seats"]:
            raise ProtocolError("a welcome to a seat that is not at its table")
        if message["game"] not in registry.ids():
            raise ProtocolError(f"a game this table does not know: {message['game'][:40]}")
        message["opening"] = [read_event(e, message["seats"], message["game"])
                              for e in message["opening"]]
    elif kind == "update":
        _need(message, {"n": lambda v: type(v) is int and v >= 0,
                        "observation": lambda v: isinstance(v, dict),
                        "to_act": lambda v: _seat_list(v, n), "legal": _is_legal,
                        "events": _is_list, "over": lambda v: isinstance(v, bool),
                        "result": lambda v: v is None or isinstance(v, dict),
                        "resync": lambda v: isinstance(v, bool), "clocks": clocks})
        message["events"] = [read_event(e, n, game) for e in message["events"]]
        message["legal"] = [(code, None if move is None else (move[0], move[1]))
                            for code, move in message["legal"]]
        if game is not None:
            _shaped(message, "observation", registry.observation_type(game))
            if message["result"] is not None:
                _shaped(message, "result", Result)
    elif kind == "status":
        _need(message, {"chairs": lambda v: chairs(v) and all(
            c.get("state") in CHAIR_STATES for c in v)})
    elif kind == "created":
        _need(message, {"code": lambda v: isinstance(v, str) and len(v) == SERVER_CODE_LENGTH
                        and all(c in CODE_ALPHABET for c in v)})
    elif kind == "said":
        _need(message, {"seat": lambda v: _seat_list([v], n), "phrase": lambda v: v in PHRASES})
    elif kind == "timeout":
        _need(message, {"seat": lambda v: _seat_list([v], n)})
    elif kind == "refused":
        _need(message, {"reason": lambda v: isinstance(v, str),
                        "fatal": lambda v: isinstance(v, bool),
                        "stale": lambda v: isinstance(v, bool),
                        "retry": lambda v: v is None or (type(v) is int and 0 <= v <= 3600)})
    else:
        raise ProtocolError("a host sends challenge, created, welcome, update, status, said, "
                            f"timeout or refused, not {kind!r}")
    return cast(HostMessage, message)
