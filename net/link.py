"""A player's connection as a websocket listener keeps it: counted in at the door, proven
before anything is said, and sent to through a bounded queue. Any listener of `websockets`
uses these (the home host, `net.host`; the table server holding many tables, `net.server`).

- `gated` makes the connection class that counts each connection in at its opening (a
  `net.limits.Gate`): over a cap it is closed at once, before its handshake costs anything.
  The address counted is the socket's peer; behind a reverse proxy the listener trusts (the
  gate's ``proxies``), the proxy is counted in the total only, and once the request has come
  the player's own address that the proxy forwarded (`forward`, from ``X-Forwarded-For``) is
  counted and capped in its stead. Every address is kept as `address_key` gives it. A listener
  may instead name all its connections' address: a carrier that delivers everyone's
  connections from 127.0.0.1 (a friend's link over the internet, `net.invite`) has a listener
  of its own per link, so that each link is held to an address's limits apart from the others.
- `first_message` reads the opening frame within the hello deadline; `admit` runs the code's
  proof (`net.proof`) from the knock and gives the proven hello; every exchange it answers is
  a code tried, counted by the table's `net.limits.Guesses` unless it ends with the right
  proof.
- `Link` is a seated player's `net.referee.Peer`: what is sent waits in a queue of at most
  `Limits.outbox_bytes`; a player whose queue overflows does not read, and is cut off (the
  referee sees a drop, as for any). Its refusals are answered through a `net.limits.Bucket`,
  its quick phrases go through another (past it they are dropped unsaid), and its frames are
  read through a third that the updates it is sent refill (`spend`).
- `play` is a seated player's side of the conversation, the same at every listener: each
  frame read, checked and handed to the referee, within those limits.
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
from collections import deque
from collections.abc import Callable
from typing import TypeVar, cast, get_args, get_type_hints

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from net import proof
from net.limits import Bucket, Gate, Guesses, Limits
from net.messages import Create, Hello, Knock
from net.protocol import ProtocolError, TryLater, encode, read_client
from net.referee import Referee, Refused

Opening = TypeVar("Opening", Knock, Create, Hello)
"""The messages a connection may open with."""

FORWARDED = "X-Forwarded-For"


def address_key(address: str) -> str:
    """``address`` as limits count it: an IPv6 address by its /64 network (what one home or
    one machine holds), any other as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def gated(gate: Gate, address: str | None = None) -> type[ServerConnection]:
    """The connection class of a listener whose connections ``gate`` counts, each as from its
    peer's address, or all as from ``address`` where it is given."""

    class Gated(ServerConnection):
        address = ""
        """The player's address (`address_key`): the socket's peer, or the one a trusted
        proxy forwarded (`forward`)."""
        admitted = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self.address = address if address is not None \
                else address_key(str(peer[0])) if peer else ""
            self.admitted = gate.admit(self.address)
            if not self.admitted and isinstance(transport, asyncio.Transport):
                transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            if self.admitted:
                self.admitted = False
                gate.release(self.address)

        def forward(self, request: Request) -> Response | None:
            """Behind a trusted proxy, count the player's address it forwarded in place of
            its own; a refusal to answer the request with (over the cap, or no address
            forwarded), else None."""
            if self.address not in gate.proxies:
                return None
            said = request.headers.get(FORWARDED, "").rpartition(",")[2].strip()
            try:
                player = address_key(str(ipaddress.ip_address(said)))
            except ValueError:
                return self.respond(400, "the proxy forwarded no player's address\n")
            if not gate.forward(self.address, player):
                return self.respond(429, "too many connections from your address\n")
            self.address = player
            return None

    return Gated


def address_of(ws: ServerConnection) -> str:
    return str(getattr(ws, "address", "")) or address_key(str((ws.remote_address or ("",))[0]))


class Link:
    """A connection's queue of frames to send and its writer (see the module docstring)."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.most = limits.outbox_bytes
        self.queue: deque[str | None] = deque()
        self.queued = 0
        """Characters waiting in the queue (a frame's bytes are at most four times those)."""
        self.closing = False
        self.refusals = Bucket(limits.refusals_burst, limits.refusals_per_s)
        self.phrases = Bucket(limits.phrases_burst, limits.phrases_per_s)
        self.frames = Bucket(limits.frames_burst, limits.frames_per_s)
        self.per_update = limits.frames_per_update
        self._earned = asyncio.Event()
        self._more = asyncio.Event()
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self._closed = asyncio.ensure_future(ws.wait_closed())

    def send(self, text: str, update: bool = False) -> None:
        if update:
            self.frames.give(self.per_update)
            self._earned.set()
        if self.closing:
            return
        if self.queued + len(text) > self.most:  # it does not read: nothing more waits for it
            self.closing = True
            self.queue.clear()
            self._writer.cancel()
            if self.ws.transport is not None:
                self.ws.transport.abort()
            return
        self.queue.append(text)
        self.queued += len(text)
        self._more.set()

    def close(self, reason: str | None, retry: int | None = None) -> None:
        """Refuse with ``reason`` (to be tried again after ``retry`` seconds, where given)
        after what is queued, and close; None closes with no refusal."""
        if self.closing:
            return
        if reason is not None:
            self.send(encode({"type": "refused", "reason": reason, "fatal": True,
                              "stale": False, "retry": retry}))
        self.closing = True
        self.queue.append(None)
        self._more.set()

    def refuse(self, reason: str, stale: bool, again: Callable[[], str] | None) -> None:
        """Say that an action was refused, and send ``again()`` (the latest update) after it;
        past the refusals' rate, say nothing (the action stays refused)."""
        if self.refusals.take():
            self.send(encode({"type": "refused", "reason": reason, "fatal": False,
                              "stale": stale, "retry": None}))
            if again is not None:
                self.send(again())

    async def spend(self) -> None:
        """Take a frame's allowance, waiting (reading nothing more) until there is one or
        the connection has closed."""
        while not self.frames.take() and not self._closed.done():
            self._earned.clear()
            earned = asyncio.ensure_future(self._earned.wait())
            await asyncio.wait([earned, self._closed], timeout=self.frames.wait(),
                               return_when=asyncio.FIRST_COMPLETED)
            earned.cancel()

    async def _write(self) -> None:
        try:
            while True:
                while not self.queue:
                    self._more.clear()
                    await self._more.wait()
                text = self.queue.popleft()
                if text is None:
                    await self.ws.close()
                    return
                self.queued -= len(text)
                await self.ws.send(text)
        except ConnectionClosed:
            pass

    async def finished(self) -> None:
        """Wait until what was queued is sent and the connection closed (or cut off)."""
        self.close(None)
        await asyncio.wait([self._writer])
        self._closed.cancel()


async def first_message(ws: ServerConnection, end: float, wait: float,
                        shape: type[Opening]) -> Opening:
    """The next message, of the kind ``shape`` declares (`net.messages`: a knock, a create or
    a hello), before the loop's time ``end``; `ProtocolError` saying why not (``wait``: the
    seconds the hello was given, for the refusal)."""
    loop = asyncio.get_running_loop()
    try:
        frame = await asyncio.wait_for(ws.recv(), max(0.0, end - loop.time()))
    except TimeoutError:
        raise ProtocolError(f"no hello within {wait:.0f} s") from None
    message = read_client(frame)
    kind = get_args(get_type_hints(shape)["type"])[0]
    if message["type"] != kind:
        raise ProtocolError(f"a {kind} comes first, not a {message['type']}")
    return cast(Opening, message)


async def admit(ws: ServerConnection, link: Link, code: str, guesses: Guesses,
                wait: float, knock: Knock | None = None,
                end: float | None = None) -> Hello:
    """The hello of a player who proved the table ``code`` (`net.proof`), within ``wait``
    seconds of the opening (by the loop's time ``end`` where the ``knock`` was read already);
    `ProtocolError` saying why not. The exchange is answered only while ``guesses`` takes a
    code from the connection's address (else `TryLater`), and once answered it is a code
    tried: unless it ends with the right proof (a wrong one, none within the wait, a dropped
    connection) it is counted a wrong code."""
    end = asyncio.get_running_loop().time() + wait if end is None else end
    if knock is None:
        knock = await first_message(ws, end, wait, Knock)
    address = address_of(ws)
    later = math.ceil(guesses.wait(address))
    if later > 0:
        raise TryLater("too many wrong table codes: this table checks no code from your "
                       f"computer for {later} s", later)
    half = proof.Half(code)
    try:
        key = half.key(knock["pake"])
    except ValueError as e:
        raise ProtocolError(str(e)) from None
    link.send(encode({"type": "challenge", "pake": half.message,
                      "proof": proof.host_proof(key, knock["pake"], half.message)}))
    try:
        hello = await first_message(ws, end, wait, Hello)
        if not proof.same(hello["proof"], proof.joiner_proof(key, half.message,
                                                             knock["pake"])):
            raise ProtocolError("wrong table code: ask the host for the code on their screen")
    except (ProtocolError, ConnectionClosed):
        guesses.wrong(address)
        raise
    guesses.right(address)
    return hello


async def play(ws: ServerConnection, link: Link, referee: Referee, seat: int) -> None:
    """Read a seated player's frames until the connection ends: each checked
    (`net.protocol.read_client`) and handed to ``referee`` (an act) or said to the table (a
    phrase, within its rate); a refused act is answered through `Link.refuse`, and no frame is
    read before the link has the allowance (`Link.spend`). `ProtocolError` is a breach."""
    async for frame in ws:
        message = read_client(frame)
        if message["type"] == "say":
            if link.phrases.take():
                referee.say(seat, message["phrase"])
        else:
            try:
                referee.act(seat, message)
            except Refused as e:
                link.refuse(str(e), e.stale, None if e.stale else lambda: referee.update(seat))
        await link.spend()
