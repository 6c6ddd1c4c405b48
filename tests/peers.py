"""Players written for the network's tests: a host or a table server serving on loopback, chairs,
and a client that speaks the protocol by hand (the code's proof included) and keeps every
message it gets. Every address here is on the loopback range, and every wait is bounded."""

from __future__ import annotations

import asyncio
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game import registry
from game.bots import make
from net import proof, protocol
from net.client import RemoteMatch, play_headless
from net.host import Host
from net.protocol import encode, table_id
from net.server import Server, Settings

LOOPBACK = "127.0.0.1"
WAIT = 10.0
"""The longest any one wait here may take, in seconds."""


@contextmanager
def serving(host: Host) -> Iterator[str]:
    """``host`` serving on the loopback address; its ``host:port``."""
    address = host.open(LOOPBACK, 0)
    try:
        yield f"{address[0]}:{address[1]}"
    finally:
        host.stop()


def local_result(game: str, seed: int, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    """The match played at one table by bots, as `ui.table.bots.BotWorker` plays it but for
    its claims (a host's bots claim nothing): seeded ``seed * 31 + seat + 1``, the first seat to
    act acts."""
    state = registry.get(game).new(seats, seed, options)
    bots = {s: make("normal", game, seed * 31 + s + 1) for s in range(seats)}
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.observation(seat), state.legal_actions(seat)))
    return state.result()


@contextmanager
def server_running(settings: Settings) -> Iterator[tuple[Server, str]]:
    """A table server of ``settings`` serving on the loopback address from a thread; it and
    its URL."""
    server = Server(settings)
    ready = threading.Event()
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(
        LOOPBACK, 0, None, lambda _: ready.set())), name="server", daemon=True)
    thread.start()
    assert ready.wait(WAIT), "the table server did not start"
    assert server.address is not None
    try:
        yield server, f"ws://{LOOPBACK}:{server.address[1]}/"
    finally:
        assert server.loop is not None
        server.loop.call_soon_threadsafe(server.stop)
        thread.join(WAIT)


def bots_and_remotes(seats: int, remote: list[int]) -> list[dict[str, Any]]:
    return [{"kind": "remote", "name": f"#{s + 1}"} if s in remote
            else {"kind": "bot", "name": f"Bot {s + 1}", "level": "normal"}
            for s in range(seats)]


def tcp(address: str, source: str = LOOPBACK, rcvbuf: int | None = None) -> socket.socket:
    """A TCP connection to ``address`` from the loopback address ``source`` (127.0.0.2 stands
    for another machine), its receive buffer ``rcvbuf`` bytes where given."""
    host, _, port = address.rpartition(":")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(WAIT)
    sock.bind((source, 0))
    sock.connect((host, int(port)))
    return sock


def dial(address: str, source: str = LOOPBACK, rcvbuf: int | None = None,
         max_queue: int = 16, path: str = "/", headers: dict[str, str] | None = None,
         tls: ssl.SSLContext | None = None) -> ClientConnection:
    """A websocket to ``address`` (`tcp`; ``host:port``, or a table server's URL and the
    ``path`` under it; ``tls`` checks a ``wss://`` server) that stops reading its socket once
    ``max_queue`` frames wait unread (pings included: a client that reads nothing answers
    none)."""
    scheme, _, base = address.rpartition("://")
    base = base.rstrip("/")
    return connect(f"{scheme or 'ws'}://{base}{path}", sock=tcp(base, source, rcvbuf),
                   open_timeout=WAIT, max_queue=max_queue, close_timeout=1.0,
                   additional_headers=headers, ssl=tls,
                   server_hostname=base.rpartition(":")[0] if tls else None)


HOKM = {"sets": 1}
"""A whole Hokm match, of one set."""


def chairs(*kinds: str, level: str = "normal") -> list[dict[str, Any]]:
    """A create's chairs of ``kinds`` (person, remote, bot), its bots of ``level``."""
    return [{"kind": k, **({"level": level} if k == "bot" else {})} for k in kinds]


def create(url: str, name: str = "Mina", game: str = "hokm",
           seats: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
           clock: int = 0, seed: int | None = 11, in_order: bool = True,
           tls: ssl.SSLContext | None = None) -> RemoteMatch:
    """A table made at the table server ``url`` by ``name`` (seated); Hokm's match by
    default, replaying the local run of ``seed``."""
    match = RemoteMatch.create(url, name, {
        "game": game, "seats": seats or chairs("person", "remote", "bot", "remote"),
        "options": HOKM if options is None and game == "hokm" else options or {},
        "clock": clock, "seed": seed, "in_order": in_order}, tls=tls)
    assert match.ready(WAIT), match.problem
    return match


def play_all(url: str, creator: RemoteMatch, seats: list[int], seed: int,
             tls: ssl.SSLContext | None = None, timeout: float = 60.0
             ) -> list[dict[str, Any] | None]:
    """The creator's seat and friends at ``seats`` played by normal bots seeded as the local
    table seeds them; every player's result."""
    out: dict[int, dict[str, Any] | None] = {}

    def friend(seat: int) -> None:
        match = RemoteMatch(url, f"P{seat}", creator.code, seat, tls=tls)
        try:
            out[seat] = play_headless(match, seed=seed, timeout=timeout)
        finally:
            match.close()

    threads = [threading.Thread(target=friend, args=(s,)) for s in seats]
    for t in threads:
        t.start()
    try:
        out[creator.seat] = play_headless(creator, seed=seed, timeout=timeout)
    finally:
        creator.close()
    for t in threads:
        t.join(timeout + 10)
    return [out.get(s) for s in sorted(out)]


class Raw:
    """A client that speaks the protocol by hand and keeps every message it receives: it
    proves ``code`` (`net.proof`) and says ``hello`` (name, seat, token), unless the host
    refuses its knock (that refusal is then the first message it reads). At a table server
    (``address`` its URL) it knocks at the code's table; ``headers`` go with the request (a
    proxy's); ``proven`` is the code it proves where that is not the one it names the table
    by (a table server's wrong code)."""

    def __init__(self, address: str, code: str, hello: dict[str, Any],
                 source: str = LOOPBACK, rcvbuf: int | None = None,
                 max_queue: int = 16, headers: dict[str, str] | None = None,
                 proven: str | None = None, tls: ssl.SSLContext | None = None) -> None:
        self.stack = ExitStack()
        server = "://" in address
        code = proof.normal_code(code)
        self.ws: ClientConnection = self.stack.enter_context(
            dial(address, source, rcvbuf, max_queue, f"/t/{code[0]}" if server else "/",
                 headers, tls))
        self.got: list[dict[str, Any]] = []
        self.seats: int | None = None
        self.game: str | None = None
        half = proof.Half(proven or code)
        self.ws.send(encode({"type": "knock", "pake": half.message,
                             **({"table": table_id(code)} if server else {})}))
        challenge = protocol.read_host(self.ws.recv(timeout=WAIT), None)
        self.early = [] if challenge["type"] == "challenge" else [challenge]
        if not self.early:
            key = half.key(challenge["pake"])
            self.ws.send(encode({"type": "hello", "seat": None, "token": None, "name": "Eve",
                                 **hello, "proof": proof.joiner_proof(key, challenge["pake"],
                                                                      half.message)}))

    def next(self) -> dict[str, Any]:
        message = self.early.pop() if self.early else protocol.read_host(
            self.ws.recv(timeout=WAIT), self.seats, self.game)
        self.seats = message.get("seats", self.seats)
        self.game = message.get("game", self.game)
        self.got.append(message)
        return message

    def close(self) -> None:
        self.stack.close()

    def until(self, kind: str, n: int | None = None) -> dict[str, Any]:
        for _ in range(1000):
            message = self.next()
            if message["type"] == kind and (n is None or message.get("n") == n):
                return message
        raise AssertionError(f"no {kind} came")

    def update(self, n: int) -> dict[str, Any]:
        """The latest update, once it is update ``n``."""
        latest = next((m for m in reversed(self.got) if m["type"] == "update"), None)
        return latest if latest is not None and latest["n"] == n else self.until("update", n)

    def act(self, seat: int, action: str, n: int) -> None:
        self.ws.send(encode({"type": "act", "seat": seat, "action": action, "update": n}))

    def closed_with(self) -> str:
        """The refusal the host closed this connection with."""
        refusal = self.until("refused")
        assert refusal["fatal"] is True
        with pytest.raises(ConnectionClosed):
            for _ in range(100):
                self.next()
        return str(refusal["reason"])


class Honest:
    """Players at ``seats`` of the table at ``address``, each a `RemoteMatch` played by a normal
    bot on a thread of its own, from the moment they are made; `results` waits for their
    ends."""

    def __init__(self, address: str, code: str, seats: list[int]) -> None:
        self.seats = seats
        self.out: dict[int, dict[str, Any] | None] = {}
        self.threads = [threading.Thread(target=self._play, args=(address, code, s))
                        for s in seats]
        for t in self.threads:
            t.start()

    def _play(self, address: str, code: str, seat: int) -> None:
        match = RemoteMatch(address, f"P{seat}", code, seat)
        try:
            self.out[seat] = play_headless(match, timeout=60)
        finally:
            match.close()

    def seated(self, host: Host) -> None:
        """Wait until each of them holds their seat at ``host``."""
        deadline = time.monotonic() + WAIT
        while not all(host.chair_state(s) == "connected" for s in self.seats):
            assert time.monotonic() < deadline, "the honest players were not seated"
            time.sleep(0.01)

    def results(self) -> list[dict[str, Any] | None]:
        for t in self.threads:
            t.join(70)
        return [self.out.get(s) for s in sorted(self.out)]
