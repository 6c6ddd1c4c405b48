"""Invite a friend over the internet with a code: magic-wormhole carries the table's protocol.

The host's machine shows a short code (``7-guitar-ribbon``: a number and two words); the friend
types it. Both computers meet at a mailbox server (the rendezvous), agree on a key from the code
(SPAKE2: one wrong guess burns the code, and the mailbox never learns the key) and open an end
to end encrypted link: directly where the routers allow it, else through a transit relay
(magic-wormhole's Dilation, which also survives a change of network). No server of ours runs:
the public mailbox and relay of the magic-wormhole project serve by default, and both addresses
are settings (`LinkSettings`), so a family or a community can run their own.

The link carries the LAN's protocol unchanged (`net.protocol`): the joiner's side listens on a
loopback port (`Joined.port`) and each connection made to it becomes a subchannel of the link,
which the host's side connects, on loopback, to a door of the host's listener kept for that
link (`net.host.Host.door`), where it counts as from the link's own name (its code), not from
127.0.0.1. So every limit and proof of the LAN holds for each friend apart: the connection
caps, the hello's deadline, the queues and rates, the proof of the table code and the
wrong-code back-off, and one friend's link spends none of another's allowance. What the joiner
needs beyond the code comes over the link, encrypted: the table code, the seat the code is for
and, when the code takes a seat back, its token.

Why magic-wormhole and not iroh (measured on this machine, loopback): a wormhole code is short
enough to read over the phone because SPAKE2 turns it into a full key, where iroh dials a
64-character key (a ticket is longer), so a short code over iroh would need a rendezvous of our
own; magic-wormhole's mailbox and relay are on PyPI, so the tests run the real servers on
loopback, where iroh's relay is a Rust binary no wheel ships; iroh's Python binding (uniffi,
"alpha") ships no wheel for Intel Macs. Costs: iroh's wheel is 7.2 MB (an 18.6 MB library)
and dials a known address in 4.5 ms (p50); magic-wormhole adds 17.3 MB to the build (12 of
them cryptography's), 32 MB to the host's memory, and a typed code shows the table in about
0.5 s on loopback (``benchmarks/net_invite.py``). Both run beside pygame and asyncio on a
thread of their own.

Contract:

- `Inviter` (the host) opens one invitation a seat (`invite`): a single-use code, which the
  mailbox forgets once a friend has used it. An invitation ends when it is used, when `expire`
  seconds pass (`invite` again gives a new code), when a wrong code burns it (a new code for the
  seat opens by itself: `invitations` gives the latest), or at `close`. Once a friend's link is
  lost (their computer closed, their program killed) the connections it carried are closed at
  once, so the seat is ``reconnecting`` and a bot stands in after the host's wait, as on the
  LAN. The library says a lost link on one side of the two, its leader, which also pings the
  other to find a silent one; on the other it says nothing until the leader calls again, so
  there the loss of the link's connection is told as the leader's would be (`_connectors`).
  The seat's invitation is then ``away`` and a new one, carrying the seat's token, is opened
  by itself: its code lets the friend take the seat back from a new run. Should the old link
  come back instead (a change of network), their program reconnects through it as on the LAN
  and the new code is closed. A link that stays silent without being lost is found by the
  host's listener, which pings every connection (`net.limits.Limits.keepalive`).
- `join` (the friend) returns a `Joined` once the link is up, or raises `LinkError` in words a
  player reads (`LinkError.reason`: ``mailbox`` the rendezvous cannot be reached, ``code`` the
  code is wrong, ``expired`` nobody waits with this code, ``version`` the other side's
  program speaks another protocol, ``relay`` the two computers reached each other neither
  directly nor through the relay), within `LinkSettings.join_wait` seconds.
- Everything runs on Twisted's reactor in one thread of its own (`reactor_thread`), started
  the first time a link is used and kept for the process; callers on any other thread (the
  window, the host's asyncio loop) block only for the bounded times stated here.
- `LinkSettings.direct` says which addresses a side offers for a direct connection: ``any``
  (every interface: the library's way), ``loopback`` (127.0.0.1 only: tests, so that nothing
  is sent elsewhere) or ``relay`` (none: everything goes through the relay). The library's
  dilation builds its connector by name, so ours replaces it for the whole process
  (`_connectors`: frames sent at once, and ``loopback``'s addresses): links in one process use
  one such setting.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from net.protocol import TOKEN, VERSION
from saves.schemas import INVITE_DIRECT as DIRECT_MODES

if TYPE_CHECKING:
    from net.host import Host

APP_ID = "cardtable.invite/v1"
"""The magic-wormhole application id: codes of other programs never meet ours."""
SUBCHANNEL = "cardtable"
"""The dilation subprotocol that carries one connection to the host's listener."""
CALL_WAIT = 30.0
"""Seconds a caller waits for the link's thread to answer a call that is not itself timed."""
_T = TypeVar("_T")


def public_servers() -> tuple[str, str]:
    """The magic-wormhole project's public mailbox and transit relay."""
    from wormhole.cli.public_relay import RENDEZVOUS_RELAY, TRANSIT_RELAY
    return str(RENDEZVOUS_RELAY), str(TRANSIT_RELAY)


@dataclass(frozen=True)
class LinkSettings:
    """Where the two sides meet and how they connect (see the module docstring).

    ``mailbox`` is a websocket URL (``ws://host:port/v1``), ``relay`` a transit relay's
    endpoint (``tcp:host:port``); None: the magic-wormhole project's public one."""

    mailbox: str | None = None
    relay: str | None = None
    direct: str = "any"
    expire: float = 1800.0
    """Seconds an unused invitation waits before its code is forgotten."""
    join_wait: float = 20.0
    """Seconds a joiner waits for the host's side to answer the code."""

    def __post_init__(self) -> None:
        if self.direct not in DIRECT_MODES:
            raise ValueError(f"direct is one of {', '.join(DIRECT_MODES)}, not {self.direct!r}")
        if self.mailbox is not None and not self.mailbox.startswith(("ws://", "wss://")):
            raise ValueError(f"the mailbox is a ws:// or wss:// address, not {self.mailbox!r}")
        if self.relay is not None and not self.relay.startswith("tcp:"):
            raise ValueError(f"the relay is a tcp:HOST:PORT address, not {self.relay!r}")
        if not (self.expire > 0 and self.join_wait > 0):
            raise ValueError("expire and join_wait are seconds above 0")

    def servers(self) -> tuple[str, str]:
        """The mailbox and relay to use: these settings', the public ones where unset."""
        mailbox, relay = public_servers()
        return self.mailbox or mailbox, self.relay or relay


class LinkError(Exception):
    """A link that could not be made; its text is for the player, ``reason`` for the program
    (``mailbox``, ``code``, ``expired``, ``version``, ``relay``)."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(text)
        self.reason = reason


# -- the reactor's thread -----------------------------------------------------------------
_started = threading.Lock()
_thread: threading.Thread | None = None


def _twisted() -> tuple[Any, Any]:
    """Twisted's reactor and its endpoints module (read as Any: their types are interfaces)."""
    from twisted.internet import endpoints, reactor
    return reactor, endpoints


def reactor_thread() -> Any:
    """Twisted's reactor, running in a daemon thread of its own (started on the first call)."""
    global _thread
    reactor, _ = _twisted()
    with _started:
        if _thread is None:
            _thread = threading.Thread(target=reactor.run,
                                       kwargs={"installSignalHandlers": False},
                                       name="net-link", daemon=True)
            _thread.start()
    return reactor


def _call(make: Callable[[], Awaitable[_T]], timeout: float) -> _T:
    """Run the coroutine ``make()`` on the reactor's thread; its result, or what it raised,
    within ``timeout`` seconds (`TimeoutError` past that)."""
    from twisted.internet.defer import ensureDeferred
    from twisted.python.failure import Failure
    reactor = reactor_thread()
    done: Future[_T] = Future()

    def failed(failure: Failure) -> None:
        done.set_exception(failure.value)

    def start() -> None:
        ensureDeferred(make()).addCallbacks(done.set_result, failed)  # type: ignore[arg-type]

    reactor.callFromThread(start)
    return done.result(timeout)


# -- the dilation's connections ----------------------------------------------------------
def _use_direct(direct: str) -> None:
    """Make the dilation of the links opened next connect as ``direct`` says: the library's
    connector builds its connection by the name ``Connector`` in its manager's module, so
    ours takes that name (`_connectors`), for every link of the process."""
    from wormhole._dilation import manager
    quick, loopback = _connectors()
    manager.Connector = loopback if direct == "loopback" else quick


_CONNECTORS: list[Any] = []


def _connectors() -> tuple[Any, Any]:
    """Two dilation connectors: one whose connections send each frame at once (TCP_NODELAY:
    without it a small update waits about 40 ms for the other side's delayed
    acknowledgement) and whose follower tells the loss of its connection (below), and one that
    also listens on 127.0.0.1 alone and offers only that address for a direct connection.

    The library tells a lost connection on its leader's side only (``ReconnectingPeer``); its
    follower waits, saying nothing, for the leader to call again, which a killed program never
    does. Meanwhile the link pauses the host's connections to its listener (a paused
    connection is not read, so not even the listener's closing it is seen): the seat would
    stay taken, with no code to come back with. So the follower's loss of the connection in
    use is told as the leader's is, at once, whichever of the two the host is."""
    if _CONNECTORS:
        return _CONNECTORS[0], _CONNECTORS[1]
    from attrs import evolve
    from wormhole._dilation.connector import Connector, InboundConnectionFactory
    from wormhole._dilation.roles import FOLLOWER
    from wormhole._hints import DirectTCPV1Hint
    from wormhole._status import ReconnectingPeer
    _, endpoints = _twisted()

    class _QuickConnector(Connector):  # type: ignore[misc]
        def build_protocol(self, addr: Any, description: Any) -> Any:
            connection = super().build_protocol(addr, description)
            make_connection = connection.makeConnection

            def made(transport: Any) -> None:
                if hasattr(transport, "setTcpNoDelay"):
                    transport.setTcpNoDelay(True)
                make_connection(transport)

            connection.makeConnection = made
            connection.when_disconnected().addCallback(self._lost)
            return connection

        def _lost(self, connection: Any) -> None:
            if connection is self._winning_connection and self._role is FOLLOWER:
                manager = self._manager
                manager._maybe_send_status(evolve(
                    manager._latest_status,
                    peer_connection=ReconnectingPeer(self._reactor.seconds())))

    class _LoopbackConnector(_QuickConnector):
        def _get_listener_addresses(self) -> list[str]:
            return ["127.0.0.1"]

        def _start_listener(self, addresses: list[str]) -> None:
            listening = endpoints.TCP4ServerEndpoint(self._reactor, 0,
                                                     interface="127.0.0.1").listen(
                InboundConnectionFactory(self))

            def ready(port: Any) -> None:
                self._listeners.add(port)
                self.listener_ready([DirectTCPV1Hint("127.0.0.1", port.getHost().port, 0.0)])

            listening.addCallback(ready)

    _CONNECTORS.extend((_QuickConnector, _LoopbackConnector))
    return _QuickConnector, _LoopbackConnector


# -- piping a connection through a subchannel ---------------------------------------------
class Carried:
    """The connections a link carries, by their TCP ends (`Pipe`); ``changed(count)`` is
    called whenever one opens or closes."""

    def __init__(self, changed: Callable[[int], None] | None = None) -> None:
        self.ends: set[Any] = set()
        self.changed = changed

    def add(self, end: Any) -> None:
        self.ends.add(end)
        if self.changed is not None:
            self.changed(len(self.ends))

    def discard(self, end: Any) -> None:
        if end in self.ends:
            self.ends.discard(end)
            if self.changed is not None:
                self.changed(len(self.ends))

    def drop_all(self) -> None:
        for end in list(self.ends):
            end.drop()


HELD_MAX = 1 << 16
"""Bytes a subchannel's end keeps for the other end before that is connected; past that the
pipe is closed (the host's listener would refuse such a frame anyway)."""


def _pipe_classes() -> tuple[Any, Any]:
    """The two Twisted classes that pipe bytes: `Pipe`, one end, and `PipeFactory`."""
    from twisted.internet.protocol import Factory, Protocol

    class Pipe(Protocol):
        """One end of a pipe: what it receives is written to the other end, and closing one
        closes the other. A TCP end (``pausable``) is paused until the other end is there and
        whenever the other's buffer is full (Twisted's producer and consumer). A subchannel's
        end is never paused (magic-wormhole 0.24 fails when a subchannel pauses its
        connection): until the other end is there it keeps at most `HELD_MAX` bytes.
        ``on_open`` is called with this end once its transport is there."""

        transport: Any

        def __init__(self, pausable: bool, on_open: Callable[[Any], None] | None = None,
                     carried: Carried | None = None) -> None:
            self.pausable = pausable
            self.other: Any = None
            self.held: list[bytes] = []
            self.on_open = on_open
            self.carried = carried
            self.open = False

        def join(self, other: Any) -> None:
            self.other, other.other = other, self
            for consumer, producer in ((self, other), (other, self)):
                if producer.pausable:
                    consumer.transport.registerProducer(producer.transport, True)
            for pipe in (self, other):
                for data in pipe.held:
                    pipe.other.transport.write(data)
                pipe.held.clear()
                if pipe.pausable:
                    pipe.transport.resumeProducing()

        def drop(self) -> None:
            """Close this end (and so the other), unless it is closed already."""
            if self.open:
                self.open = False
                self.transport.loseConnection()

        def connectionMade(self) -> None:
            self.open = True
            if self.carried is not None:
                self.carried.add(self)
            if self.pausable:  # a TCP end: small frames leave at once (no Nagle delay)
                self.transport.setTcpNoDelay(True)
                if self.other is None:
                    self.transport.pauseProducing()
            if self.on_open is not None:
                self.on_open(self)

        def dataReceived(self, data: bytes) -> None:
            if self.other is not None:
                self.other.transport.write(data)
                return
            self.held.append(data)
            if sum(map(len, self.held)) > HELD_MAX:
                self.drop()

        def connectionLost(self, reason: Any = None) -> None:
            self.open = False
            if self.carried is not None:
                self.carried.discard(self)
            if self.other is not None:
                self.other.drop()

    class PipeFactory(Factory):
        def __init__(self, make: Callable[[], Any]) -> None:
            self.make = make

        def buildProtocol(self, addr: Any) -> Any:
            pipe = self.make()
            pipe.factory = self
            return pipe

    return Pipe, PipeFactory


# -- the two sides ------------------------------------------------------------------------
def _wormhole(settings: LinkSettings) -> Any:
    import wormhole
    reactor, _ = _twisted()
    mailbox, _ = settings.servers()
    return wormhole.create(APP_ID, mailbox, reactor, dilation=True,
                           versions={"cardtable": VERSION})


def _dilate(w: Any, settings: LinkSettings,
            on_status: Callable[[Any], None] | None = None) -> Any:
    _, relay = settings.servers()
    _use_direct(settings.direct)
    return w.dilate(transit_relay_location=relay, no_listen=settings.direct == "relay",
                    on_status_update=on_status)


def _timed(deferred: Any, seconds: float) -> Any:
    reactor, _ = _twisted()
    return deferred.addTimeout(seconds, reactor)


@dataclass
class Invitation:
    """One seat's code at the host. ``state``: ``open`` (waiting for the friend), ``joined``
    (the link is up), ``away`` (the link is down: the friend's program may come back on it),
    ``expired``, ``burnt`` (a wrong code was tried: a new one opens by itself), ``failed``
    (the mailbox went away; ``problem`` says why) or ``closed``."""

    seat: int
    code: str
    state: str = "open"
    problem: str | None = None
    connected_by: str | None = None
    """How the link connects once up: ``direct`` or ``relay``."""
    _wormhole: Any = field(default=None, repr=False)
    _carried: Carried = field(default_factory=Carried, repr=False)
    _token: str | None = field(default=None, repr=False)
    _door: int | None = field(default=None, repr=False)
    """The port of the host's door for this link (`net.host.Host.door`), once it is up."""

    @property
    def connections(self) -> int:
        """How many connections to the host's listener the link carries now."""
        return len(self._carried.ends)


class Inviter:
    """The host's side: invitations that carry each friend's connections to ``host``'s
    listener, which is serving (each link through a door of its own: `net.host.Host.door`),
    telling the friend the table's code (see the module docstring)."""

    def __init__(self, host: Host, settings: LinkSettings | None = None) -> None:
        self.host = host
        self.settings = settings or LinkSettings()
        self._lock = threading.Lock()
        self._latest: dict[int, Invitation] = {}
        self._all: list[Invitation] = []

    def _token_of(self, seat: int) -> str | None:
        """The token a new code for ``seat`` carries: the seat's, until the game is over."""
        return None if self.host.referee.finished.is_set() else self.host.token(seat)

    def invitations(self) -> dict[int, Invitation]:
        """The latest invitation of each seat invited (a rejoin's, once one is opened)."""
        with self._lock:
            return dict(self._latest)

    def invite(self, seat: int, token: str | None = None) -> Invitation:
        """A new code for ``seat`` (with the seat's ``token``: a code to take it back), the
        seat's earlier invitation closed unless its link is up or down; `LinkError`
        (``mailbox``) if the mailbox cannot be reached within `LinkSettings.join_wait`
        seconds."""
        if token is not None and not TOKEN.fullmatch(token):
            raise ValueError("a seat's token is the text the host gave it")
        return _call(lambda: self._open(seat, token), self.settings.join_wait + 5)

    def close(self) -> None:
        """Close every invitation and link (the table is over)."""
        async def close() -> None:
            with self._lock:
                every = list(self._all)
            for invitation in every:
                await self._close(invitation)

        _call(close, CALL_WAIT)

    async def _close(self, invitation: Invitation, state: str = "closed") -> None:
        if invitation.state in ("open", "joined", "away"):
            invitation.state = state
        invitation._carried.drop_all()
        door, invitation._door = invitation._door, None
        if door is not None:
            self.host.shut(door)
        w, invitation._wormhole = invitation._wormhole, None
        if w is not None:
            try:
                await w.close()
            except Exception:
                pass

    async def _open(self, seat: int, token: str | None) -> Invitation:
        from twisted.internet.defer import ensureDeferred
        reactor, _ = _twisted()
        with self._lock:
            old = self._latest.get(seat)
        if old is not None and old.state == "open":
            await self._close(old)
        w = _wormhole(self.settings)
        w.allocate_code()
        try:
            code = await _timed(w.get_code(), self.settings.join_wait)
        except Exception as e:
            w.close().addErrback(lambda _: None)
            mailbox, _ = self.settings.servers()
            raise LinkError("mailbox", f"cannot reach the rendezvous at {mailbox}: {e}") \
                from None
        invitation = Invitation(seat, str(code), _wormhole=w, _token=token)
        invitation._carried.changed = lambda count: self._carrying(invitation, count)
        with self._lock:
            self._latest[seat] = invitation
            self._all.append(invitation)
        expiry = reactor.callLater(self.settings.expire, self._expire, invitation)
        ensureDeferred(self._serve(invitation, token, expiry)).addErrback(
            lambda failure: self._failed(invitation, failure))
        return invitation

    def _expire(self, invitation: Invitation) -> None:
        from twisted.internet.defer import ensureDeferred
        if invitation.state == "open":
            ensureDeferred(self._close(invitation, "expired"))

    def _failed(self, invitation: Invitation, failure: Any) -> None:
        from twisted.internet.defer import ensureDeferred
        from wormhole.errors import LonelyError, WormholeClosed, WrongPasswordError
        error = failure.value
        if isinstance(error, WrongPasswordError):
            invitation.state = "burnt"
            ensureDeferred(self._open(invitation.seat, invitation._token)).addErrback(
                lambda failure: setattr(invitation, "problem", str(failure.value)))
        elif not isinstance(error, (WormholeClosed, LonelyError)):
            invitation.state = "failed"
            invitation.problem = str(error)
        ensureDeferred(self._close(invitation))

    async def _serve(self, invitation: Invitation, token: str | None, expiry: Any) -> None:
        """Wait for the friend, tell them the table, and carry their connections."""
        reactor, endpoints = _twisted()
        w = invitation._wormhole
        versions = await w.get_versions()
        if expiry.active():
            expiry.cancel()
        if invitation.state != "open":
            return
        if not _same_protocol(versions):
            w.send_message(json.dumps({"refused": "version"}).encode())
            await self._close(invitation)
            return
        try:
            invitation._door = door = self.host.door(invitation.code)
        except OSError:  # the table is over
            await self._close(invitation)
            return
        w.send_message(json.dumps({"code": self.host.code, "seat": invitation.seat,
                                   "token": token}).encode())
        dilated = _dilate(w, self.settings, lambda status: self._peer(invitation, status))
        Pipe, PipeFactory = _pipe_classes()

        def carry() -> Any:
            def opened(subchannel_end: Any) -> None:
                listener_end = Pipe(pausable=True, carried=invitation._carried)
                connecting = endpoints.TCP4ClientEndpoint(reactor, "127.0.0.1", door).connect(
                    PipeFactory(lambda: listener_end))
                connecting.addCallback(lambda end: subchannel_end.join(end))
                connecting.addErrback(lambda _: subchannel_end.drop())

            return Pipe(pausable=False, on_open=opened)

        await dilated.listener_for(SUBCHANNEL).listen(PipeFactory(carry))
        invitation.state = "joined"
        await self._replaced(invitation)

    async def _replaced(self, invitation: Invitation) -> None:
        """``invitation``'s friend is seated: the seat's older links are closed (a rejoin
        replaces them), and its newer open invitation too (the old link came back)."""
        with self._lock:
            others = [i for i in self._all if i.seat == invitation.seat and i is not invitation
                      and i._wormhole is not None]
            self._latest[invitation.seat] = invitation
        for other in others:
            await self._close(other)

    def _peer(self, invitation: Invitation, status: Any) -> None:
        """How the link to the friend connects (``connected_by``); when it is lost, the
        connections it carried are closed (told by the library on its leader's side, by
        `_connectors` on its follower's)."""
        from wormhole._status import ConnectedPeer, ReconnectingPeer
        peer = status.peer_connection
        if isinstance(peer, ConnectedPeer):
            invitation.connected_by = "relay" if "relay" in peer.hint_description.lower() \
                else "direct"
        elif isinstance(peer, ReconnectingPeer):
            invitation._carried.drop_all()

    def _carrying(self, invitation: Invitation, count: int) -> None:
        """The link carries ``count`` connections now: with none the friend is ``away`` (and
        a new invitation for the seat, with its token, is opened), with one again
        ``joined`` (and that new invitation closed)."""
        from twisted.internet.defer import ensureDeferred
        if count and invitation.state == "away":
            invitation.state = "joined"
            ensureDeferred(self._replaced(invitation))
        elif not count and invitation.state == "joined":
            invitation.state = "away"
            token = self._token_of(invitation.seat)
            if token is not None:
                ensureDeferred(self._open(invitation.seat, token)).addErrback(
                    lambda failure: setattr(invitation, "problem", str(failure.value)))


def _same_protocol(versions: Any) -> bool:
    return isinstance(versions, dict) and versions.get("cardtable") == VERSION


@dataclass
class Joined:
    """The friend's side of a link: connect the LAN's client to ``127.0.0.1:port`` with the
    table ``code``, asking for ``seat`` (or rejoining with ``token``)."""

    port: int
    code: str
    seat: int
    token: str | None
    _wormhole: Any = field(repr=False)
    _listening: Any = field(repr=False)
    _carried: Carried = field(repr=False)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def close(self) -> None:
        """Leave: stop listening and close the link."""
        async def close() -> None:
            await self._listening.stopListening()
            self._carried.drop_all()
            try:
                await self._wormhole.close()
            except Exception:
                pass

        _call(close, CALL_WAIT)


def join(code: str, settings: LinkSettings | None = None) -> Joined:
    """Join the table that shows ``code``: the link up and listening on loopback, or
    `LinkError` within ``settings.join_wait`` seconds (see the module docstring)."""
    settings = settings or LinkSettings()
    code = " ".join(code.translate(_ASCII_DIGITS).split()).replace(" ", "-").lower()
    if not _well_formed(code):
        raise LinkError("code", "a code is a number and words joined by dashes, "
                                "as the host's screen shows it (7-guitar-ribbon)")
    return _call(lambda: _join(code, settings), settings.join_wait + 10)


_ASCII_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
"""A code typed with Persian or Arabic digits is the same code."""


def _well_formed(code: str) -> bool:
    number, _, words = code.partition("-")
    return number.isdigit() and len(number) <= 9 and bool(words) and len(code) <= 80 \
        and all(part.isalpha() and part.isascii() for part in words.split("-"))


async def _join(code: str, settings: LinkSettings) -> Joined:
    from twisted.internet import defer
    from wormhole.errors import ServerConnectionError, WrongPasswordError
    reactor, endpoints = _twisted()
    w = _wormhole(settings)
    mailbox, _ = settings.servers()
    try:
        try:
            await _timed(w.get_welcome(), settings.join_wait)
        except (defer.TimeoutError, ServerConnectionError) as e:
            raise LinkError("mailbox", f"cannot reach the rendezvous at {mailbox}: {e}") \
                from None
        w.set_code(code)
        try:
            versions = await _timed(w.get_versions(), settings.join_wait)
            told = json.loads(await _timed(w.get_message(), settings.join_wait))
        except WrongPasswordError:
            raise LinkError("code", "this code is wrong: check it with the host, who now "
                                    "has a new one to give") from None
        except defer.TimeoutError:
            raise LinkError("expired", "nobody is waiting with this code: it may be mistyped "
                                       "or have expired (ask the host for a new one)") from None
        if not _same_protocol(versions) or "refused" in told:
            raise LinkError("version", "the host's card table speaks another version of the "
                                       "protocol: both players need the same version")
        table = _read_told(told)
    except BaseException:
        w.close().addErrback(lambda _: None)
        raise
    dilated = _dilate(w, settings)
    try:
        await _timed(dilated.when_dilated(), settings.join_wait)
    except defer.TimeoutError:
        w.close().addErrback(lambda _: None)
        _, relay = settings.servers()
        raise LinkError("relay", f"the host's computer could not be reached, directly nor "
                                 f"through the relay at {relay}") from None
    Pipe, PipeFactory = _pipe_classes()
    carried = Carried()

    def carry() -> Any:
        def opened(local_end: Any) -> None:
            subchannel_end = Pipe(pausable=False)
            connecting = dilated.connector_for(SUBCHANNEL).connect(
                PipeFactory(lambda: subchannel_end))
            connecting.addCallback(lambda end: local_end.join(end))
            connecting.addErrback(lambda _: local_end.drop())

        return Pipe(pausable=True, on_open=opened, carried=carried)

    listening = await endpoints.TCP4ServerEndpoint(reactor, 0, interface="127.0.0.1").listen(
        PipeFactory(carry))
    return Joined(listening.getHost().port, table["code"], table["seat"], table["token"],
                  _wormhole=w, _listening=listening, _carried=carried)


def _read_told(told: Any) -> dict[str, Any]:
    """What the host's side says over the link (checked: it is another machine's word)."""
    if not (isinstance(told, dict) and isinstance(told.get("code"), str)
            and 0 < len(told["code"]) <= 16 and type(told.get("seat")) is int
            and 0 <= told["seat"] < 10
            and (told.get("token") is None
                 or (isinstance(told["token"], str) and TOKEN.fullmatch(told["token"])))):
        raise LinkError("version", "the host's side sent what this table cannot read")
    return told
