"""Players written for the network's tests: a host serving on loopback, chairs, and a client
that speaks the protocol by hand (the code's proof included) and keeps every message it gets.
Every address here is on the loopback range, and every wait is bounded."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from net import proof, protocol
from net.client import RemoteMatch, play_headless
from net.host import Host
from net.protocol import encode

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
         max_queue: int = 16) -> ClientConnection:
    """A websocket to ``address`` (`tcp`) that stops reading its socket once ``max_queue``
    frames wait unread (pings included: a client that reads nothing answers none)."""
    return connect(f"ws://{address}", sock=tcp(address, source, rcvbuf), open_timeout=WAIT,
                   max_queue=max_queue, close_timeout=1.0)


class Raw:
    """A client that speaks the protocol by hand and keeps every message it receives: it
    proves ``code`` (`net.proof`) and says ``hello`` (name, seat, token), unless the host
    refuses its knock (that refusal is then the first message it reads)."""

    def __init__(self, address: str, code: str, hello: dict[str, Any],
                 source: str = LOOPBACK, rcvbuf: int | None = None,
                 max_queue: int = 16) -> None:
        self.stack = ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(
            dial(address, source, rcvbuf, max_queue))
        self.got: list[dict[str, Any]] = []
        self.seats: int | None = None
        half = proof.Half(code)
        self.ws.send(encode({"type": "knock", "pake": half.message}))
        challenge = protocol.read_host(self.ws.recv(timeout=WAIT), None)
        self.early = [] if challenge["type"] == "challenge" else [challenge]
        if not self.early:
            key = half.key(challenge["pake"])
            self.ws.send(encode({"type": "hello", "seat": None, "token": None, "name": "Eve",
                                 **hello, "proof": proof.joiner_proof(key, challenge["pake"],
                                                                      half.message)}))

    def next(self) -> dict[str, Any]:
        message = self.early.pop() if self.early else protocol.read_host(
            self.ws.recv(timeout=WAIT), self.seats)
        self.seats = message.get("seats", self.seats)
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
