"""A seat at a table hosted on another machine: `RemoteMatch`, the match as the table scene
reads it, fed by the host's messages (`net.protocol`). The host is a player's machine on the
home network (``address`` is ``host:port``) or a table server (``address`` is its URL,
``ws://`` or ``wss://``, `net.servers`), where a player may also create the table
(`RemoteMatch.create`).

Contract:

- The connection runs on an asyncio loop in a thread of its own; every public method is
  thread-safe and returns at once (`wait` and `ready` block, up to the time given).
- What the scene reads (`observation`, `legal_actions`, `to_act`, `is_over`, `result`,
  `move_of`) describes the last update `poll` handed out, whatever has arrived since; `poll`
  returns the next update's events (visible to this seat, rebuilt as `Event`s), or None.
- `act` checks the action against that update's legal actions (a filling of a pattern counts),
  sends it with the update's number and returns []: the events come back through `poll`, as
  everyone's do. Until then the seat has no legal action, so an action cannot be sent twice.
- Each connection opens with the proof of the code (`net.proof`): the host proves it knows the
  code before this side says anything but its half of the key exchange; a host that cannot is
  not the table the player was invited to (or the code was mistyped), and the player leaves it
  at once: ``closed``, `problem` saying so. The code itself is never sent.
- A connection that drops after the welcome is tried again with the seat's token (every
  `RETRY_EVERY` seconds, for `retry` seconds at most): ``reconnecting``, and the update that
  follows the new welcome is a resync (its events are none; the observation is where the table
  stands). A refusal that closes the connection, or a host that cannot be reached before any
  welcome, ends it: ``closed``, `problem` saying why; but where a refusal names a wait
  (``retry``: the table checks no code for now, after wrong ones) within `retry` seconds, the
  player (with a seat's token or none yet) tries again after it, its code checked then (a
  table server's refusal to create a table is not tried again: it ends it). A refused action
  keeps the connection:
  a stale one says nothing new (the newer update is on its way); another's reason stays in
  `refusal` until the next update.
- At a table server a seated player whose connection drops is not kept waiting when the table
  is gone: a fatal refusal (the server holds no table of that code: it stopped, or closed the
  table) or, for `GONE_AFTER` seconds, a server that refuses connections (or a proxy that
  answers 502, 503 or 504) ends it: ``closed``, `gone` True. A home host may come back (its
  player continues the match), so it is tried for `retry` seconds.
- What the table says besides the game is kept with the time it came (`time.monotonic`): the
  quick phrases (`said`: seat, phrase), the seats whose clock ran out (`timeouts`), and each
  update's turn clocks (`clock_of`).
"""

from __future__ import annotations

import asyncio
import secrets
import ssl
import threading
import time
from collections import deque
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from game import registry
from game.bots import make
from game.core import Action, Event, IllegalAction, Reason, Rules, is_pattern, matches
from game.shapes import MatchConfig, Observation, Result
from net import proof, protocol, servers
from net.messages import Act, HostMessage, Knock, Say, Update
from net.protocol import ProtocolError, encode

RETRY_EVERY = 1.0
CONNECT_WAIT = 10.0
GONE_AFTER = 3.0
"""Seconds a table server may refuse a seated player's connections before the table is
taken for gone."""
GONE_STATUS = (502, 503, 504)
"""What a reverse proxy answers when the server process behind it does not."""
HEARD = 32
"""Phrases and timeouts kept at most (the table shows the latest few seconds' only)."""
NOT_THE_TABLE = ("this table does not know the code you hold: check the code with the host "
                 "(or this is not the table you were invited to)")


class RemoteMatch:
    """The match at a remote host, seen from one seat (see the module docstring)."""

    def __init__(self, address: str, name: str, code: str, seat: int | None = None,
                 token: str | None = None, retry: float = 120.0,
                 create: dict[str, Any] | None = None,
                 tls: ssl.SSLContext | None = None) -> None:
        """Start joining ``address`` (``host:port``, or a table server's URL) as ``name`` with
        the table ``code``, asking for ``seat`` (None: any free one) or rejoining with
        ``token``; or, at a table server, creating the table ``create`` says (`create`).
        ``tls``: the certificates a ``wss://`` server is checked against (the system's by
        default)."""
        self.address = address
        self.server = servers.is_server_url(address)
        self.phrases: tuple[str, ...] = protocol.PHRASES
        """What this seat may say (`say`)."""
        """Whether the host is a table server (else a player's machine at home)."""
        self.retry = retry
        self.tls = tls
        self.config: MatchConfig = {"game": "", "seats": []}
        self.seats = 0
        self.persons: list[int] = []
        self.opening: list[Event] = []
        self.connection = "connecting"
        self.problem: str | None = None
        self.status: list[str] = []
        """Per seat: waiting, connected, reconnecting or bot (`net.protocol`)."""
        self.token = token
        self.refusal: str | None = None
        """Why the host refused this seat's last action (not a stale one), until the next
        update."""
        self.code = proof.normal_code(code)
        self._hello = {"type": "hello", "name": name, "seat": seat}
        self._create = None if create is None else {"type": "create", **create, "name": name}
        self.clock = 0
        """The table's turn clock: seconds for a card (0: none)."""
        self.match_id: str | None = None
        self.gone = False
        """The table server no longer holds this seat's table."""
        self.said: deque[tuple[int, str, float]] = deque(maxlen=HEARD)
        self.timeouts: deque[tuple[int, float]] = deque(maxlen=HEARD)
        self._rules: Rules | None = None
        self._lock = threading.Condition()
        self._pending: deque[Update] = deque()
        self._view: Update | None = None
        self._legal: list[Action] = []
        self._moves: dict[str, tuple[str, str]] = {}
        self._closing = False
        self._later = 0.0
        """Seconds the host asked this seat to wait before its next try (`TryLater`)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()),
                                        name="net-client", daemon=True)
        self._thread.start()

    # -- what the scene reads ----------------------------------------------------------
    @property
    def rules(self) -> Rules:
        if self._rules is None:
            raise RuntimeError("not seated yet: wait for the welcome (`ready`)")
        return self._rules

    @property
    def seat(self) -> int:
        return self.persons[0]

    def ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the welcome; whether it came."""
        with self._lock:
            self._lock.wait_for(lambda: bool(self.persons) or self.connection == "closed",
                                timeout)
            return bool(self.persons)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for an update to `poll` (or the end); whether one
        is there."""
        with self._lock:
            self._lock.wait_for(lambda: bool(self._pending) or self.connection == "closed",
                                timeout)
            return bool(self._pending)

    @property
    def moves(self) -> int:
        """How many actions the game had taken at the last update `poll` handed out (its
        ``n``); -1 before the first."""
        with self._lock:
            return -1 if self._view is None else self._view["n"]

    def name(self, seat: int) -> str:
        return str(self.config["seats"][seat]["name"])

    def _own(self, seat: int) -> Update:
        if self._view is None or seat not in self.persons:
            raise ValueError(f"seat {seat} is not this player's" if self._view is not None
                             else "no update yet: poll first")
        return self._view

    def observation(self, seat: int) -> Observation:
        """``seat``'s observation in the last update polled: as the game declares it, the
        update having been held to its shape when it came (`protocol.read_host`)."""
        with self._lock:
            return self._own(seat)["observation"]

    def legal_actions(self, seat: int) -> list[Action]:
        with self._lock:
            return list(self._legal) if seat in self.persons else []

    def to_act(self) -> list[int]:
        with self._lock:
            return [] if self._view is None else list(self._view["to_act"])

    def is_over(self) -> bool:
        with self._lock:
            return self._view is not None and bool(self._view["over"])

    def result(self) -> Result:
        """The match's result as the host sent it with its last update; `ValueError` while
        the match goes on."""
        with self._lock:
            result: Result | None = None if self._view is None else self._view["result"]
        if result is None:
            raise ValueError("the match is not over")
        return result

    def move_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        with self._lock:
            return self._moves.get(str(action)) if seat in self.persons else None

    def clock_of(self, seat: int) -> tuple[float, float] | None:
        """``seat``'s turn clock as of the last update `poll` handed out: when it runs out
        (`time.monotonic`) and the decision's whole time in seconds; None if none runs."""
        with self._lock:
            if self._view is None:
                return None
            for s, left, total in self._view["clocks"]:
                if s == seat:
                    return self._view.get("received", 0.0) + left, float(total)
            return None

    @classmethod
    def create(cls, server: str, name: str, table: dict[str, Any], retry: float = 120.0,
               tls: ssl.SSLContext | None = None) -> RemoteMatch:
        """Create a table at the table server ``server`` (its URL) and sit at it as ``name``:
        ``table`` holds the ``create`` message's ``game``, ``seats``, ``options``, ``clock``
        (and ``seed`` and ``in_order`` where the server takes them). The code comes with the
        welcome (`code`; `ready` waits for both)."""
        return cls(server, name, "", retry=retry, create=table, tls=tls)

    @property
    def invite(self) -> str:
        """The link form of this table's code at a table server (`net.servers.invite_link`)."""
        return servers.invite_link(self.address, self.code)

    def say(self, phrase: str) -> None:
        """Say a quick phrase (of `net.protocol.PHRASES`) to the table."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            say: Say = {"type": "say", "phrase": phrase}
            text = encode(say)
            asyncio.run_coroutine_threadsafe(self._send(text), loop)

    def act(self, seat: int, action: Action) -> list[Event]:
        """Send ``action`` for this player's ``seat``; `IllegalAction` at once if the last
        update does not allow it."""
        with self._lock:
            legal = self._legal if seat in self.persons else []
            if not any(a == action or (is_pattern(a) and matches(a, action)) for a in legal):
                raise IllegalAction(Reason("not_now", "{action} is not allowed now",
                                           action=str(action)))
            self._answer(seat, str(action))
        return []

    def claim(self, seat: int) -> None:
        """Claim the rest of the hand for this player's ``seat`` (`protocol.CLAIM`: the host
        checks it, `game.claim`, and plays the rest out or refuses it); `IllegalAction` at once
        if the last update offers the seat no action."""
        with self._lock:
            if not (seat in self.persons and self._legal):
                raise IllegalAction(Reason("not_now", "a claim is not allowed now"))
            self._answer(seat, protocol.CLAIM)

    def _answer(self, seat: int, action: str) -> None:
        """Send the act ``action`` for ``seat`` in answer to the last update, which then offers
        nothing more. The caller holds the lock."""
        assert self._view is not None and self._loop is not None
        act: Act = {"type": "act", "seat": seat, "action": action, "update": self._view["n"]}
        text = encode(act)
        self._legal = []
        asyncio.run_coroutine_threadsafe(self._send(text), self._loop)

    def poll(self) -> list[Event] | None:
        with self._lock:
            if not self._pending:
                return None
            update = self._pending.popleft()
            self._view = update
            self._legal = [Action(*code.split(" ", 1)) for code, _ in update["legal"]]
            self._moves = {code: (move[0], move[1]) for code, move in update["legal"] if move}
            return list(update["events"])

    def close(self) -> None:
        """Leave the table; returns once the connection's thread has ended."""
        self._closing = True
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(ws.close(), loop)
            except RuntimeError:  # the loop ended meanwhile
                pass
        self._thread.join(CONNECT_WAIT)

    # -- the connection ----------------------------------------------------------------
    async def _send(self, text: str) -> None:
        ws = self._ws
        if ws is not None:
            try:
                await ws.send(text)
            except ConnectionClosed:  # the resync after rejoining shows where things stand
                pass

    def _set(self, **fields: Any) -> None:
        with self._lock:
            for name, value in fields.items():
                setattr(self, name, value)
            self._lock.notify_all()

    def _url(self) -> str:
        if not self.server:
            return f"ws://{self.address}"
        return servers.table_url(self.address, self.code or None)

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        dropped = time.monotonic()
        refused: float | None = None
        """Since when a table server has refused this seat's connections."""
        while not self._closing:
            try:
                url = self._url()
                async with connect(url, open_timeout=CONNECT_WAIT,
                                   max_size=protocol.HOST_FRAME_MAX,
                                   ssl=self.tls if url.startswith("wss:") else None) as ws:
                    self._ws = ws
                    refused = None
                    if self._closing:  # `close` came while connecting, with no socket to close
                        break
                    await self._open(ws)
                    async for frame in ws:
                        self._receive(protocol.read_host(
                            frame, self.seats or None,
                            self._rules.id if self._rules is not None else None))
            except NotTheTable:
                self._set(problem=NOT_THE_TABLE)
                break
            except ProtocolError as e:
                self._set(problem=f"the host sent what this table cannot read: {e}")
                break
            except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake, InvalidURI) as e:
                if self.token is None:
                    self._set(problem=f"cannot reach the table at {self.address}: {e}")
                    break
                if self.server and (isinstance(e, ConnectionRefusedError) or (isinstance(
                        e, InvalidStatus) and e.response.status_code in GONE_STATUS)):
                    refused = refused or time.monotonic()
                    if time.monotonic() - refused >= GONE_AFTER:
                        self._set(gone=True, problem="the table server does not answer: "
                                  f"{e}")
                        break
            finally:
                self._ws = None
            if self.connection == "closed" or self._view_over() or (
                    self.token is None and not self._later):
                break
            if self.connection == "connected":
                dropped = time.monotonic()
                self._set(connection="reconnecting")
            if time.monotonic() - dropped + self._later > self.retry:
                self._set(problem="the table could not be reached again")
                break
            await asyncio.sleep(max(RETRY_EVERY, self._later))
            self._later = 0.0
        self._set(connection="closed")

    async def _open(self, ws: ClientConnection) -> None:
        """Create the table where this seat has none yet, else prove the code (`_prove`)."""
        if self._create is None or self.code:
            await self._prove(ws)
            return
        await ws.send(encode(self._create))
        created = protocol.read_host(await ws.recv(), None)
        if created["type"] != "created":
            self._receive(created)
            return
        self._set(code=created["code"])

    async def _prove(self, ws: ClientConnection) -> None:
        """Knock, check the host's proof of the code, then say hello with this side's;
        `NotTheTable` if the host's proof fails."""
        half = proof.Half(self.code)
        knock: Knock = {"type": "knock", "pake": half.message}
        if self.server:
            knock["table"] = protocol.table_id(self.code)
        await ws.send(encode(knock))
        challenge = protocol.read_host(await ws.recv(), None)
        if challenge["type"] == "refused":  # turned away before any proof: a full house
            self._receive(challenge)
            return
        if challenge["type"] != "challenge":
            raise ProtocolError(f"a challenge comes first, not a {challenge['type']}")
        try:
            key = half.key(challenge["pake"])
        except ValueError:
            raise NotTheTable from None
        if not proof.same(challenge["proof"],
                          proof.host_proof(key, half.message, challenge["pake"])):
            raise NotTheTable
        await ws.send(encode({**self._hello, "token": self.token,
                              "proof": proof.joiner_proof(key, challenge["pake"],
                                                          half.message)}))

    def _view_over(self) -> bool:
        with self._lock:
            last = self._pending[-1] if self._pending else self._view
            return last is not None and bool(last["over"])

    def _receive(self, message: HostMessage) -> None:
        if message["type"] == "welcome":
            seat = message["seat"]
            if self.persons and self.persons != [seat]:
                raise ProtocolError(f"welcomed to seat {seat}, not {self.persons[0]}")
            rules = registry.get(message["game"])
            chairs = message["chairs"]
            first = not self.persons
            self._set(_rules=rules, seats=message["seats"], token=message["token"],
                      config={"game": rules.id, "seats": chairs,
                              "options": message["options"]},
                      opening=message["opening"] if first else self.opening,
                      persons=[seat], connection="connected", clock=message["clock"],
                      match_id=message["match"])
        elif message["type"] == "update":
            if self._rules is None:
                raise ProtocolError("an update before the welcome")
            with self._lock:
                message["received"] = time.monotonic()
                self._pending.append(message)
                self.refusal = None
                self._lock.notify_all()
        elif message["type"] == "status":  # who sits where now: a player who joins names the chair
            with self._lock:
                self.config["seats"] = [{**chair, "name": c["name"]}
                                        for chair, c in zip(self.config["seats"],
                                                            message["chairs"])]
            self._set(status=[c.get("state", "") for c in message["chairs"]])
        elif message["type"] == "said":
            self.said.append((message["seat"], message["phrase"], time.monotonic()))
        elif message["type"] == "timeout":
            self.timeouts.append((message["seat"], time.monotonic()))
        elif message["type"] != "refused":
            raise ProtocolError(f"a {message['type']} message out of its place")
        elif message["fatal"] and message["retry"] is not None and self.code \
                and message["retry"] <= self.retry:
            self._later = float(message["retry"])  # no code checked yet: once it lets us
        elif message["fatal"]:
            self._set(problem=message["reason"], connection="closed",
                      gone=self.server and bool(self.persons))
        elif not message["stale"]:
            self._set(refusal=message["reason"])


class NotTheTable(Exception):
    """The host could not prove that it knows the code this player holds."""


def play_headless(match: RemoteMatch, level: str = "normal", seed: int | None = None,
                  timeout: float = 600.0) -> Result | None:
    """Play ``match``'s seat with a bot of ``level`` until the game is over (its result) or the
    connection ends (None), for at most ``timeout`` seconds. Given the match's ``seed`` (the
    host never sends it), the bot is seeded as the local table seeds the seat's bot."""
    deadline = time.monotonic() + timeout
    if not match.ready(timeout):
        return None
    seat = match.seat
    bot = make(level, match.rules.id, (secrets.randbits(32) if seed is None else seed) * 31
               + seat + 1)
    while time.monotonic() < deadline:
        if match.is_over():
            return match.result()
        legal = match.legal_actions(seat)
        if legal:
            match.act(seat, bot.choose(match.observation(seat), legal))
        elif match.poll() is None:
            if match.connection == "closed":
                return None
            match.wait(min(1.0, max(0.0, deadline - time.monotonic())))
    return None
