"""Finding tables on the home network: a host announces itself by UDP broadcast, a player lists
what is announced.

An announcement is one datagram of at most `DATAGRAM_MAX` bytes, the JSON object ``{"v": VERSION,
"type": "table", "game": id, "name": the table's name as the host chose it, "port": the host's port,
"open": seats still open to players}``, sent every `EVERY` seconds to `PORT` on the broadcast
address (`Announcer`). The table code is never announced: it is what a player is told by the host,
so that a table found is not a table joined; and anyone may announce anything, so a table is trusted
only once it has proven the code (`net.proof`). `find_tables` listens for a bounded time and keeps
the last announcement of each address; anything else that arrives is ignored. Tests pass loopback
addresses to both sides (``target``, ``bind``); nothing here sends anywhere it was not told to.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from net.protocol import VERSION, ProtocolError, decode

PORT = 47251
EVERY = 1.0
DATAGRAM_MAX = 512
BROADCAST = "255.255.255.255"


@dataclass(frozen=True)
class Found:
    """A table that announced itself: where to join it, and what it plays."""

    address: str
    port: int
    game: str
    name: str
    open: int

    @property
    def join(self) -> str:
        """``host:port``, as `RemoteMatch` and ``main.py join`` take it."""
        return f"{self.address}:{self.port}"


def announcement(game: str, name: str, port: int, open_seats: int) -> bytes:
    return json.dumps({"v": VERSION, "type": "table", "game": game, "name": name[:40],
                       "port": port, "open": open_seats}, ensure_ascii=False).encode("utf-8")


def read_announcement(data: bytes, sender: str) -> Found:
    """The table ``data`` announces from ``sender``; `ProtocolError` for anything else."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("not text") from None
    message = decode(text, DATAGRAM_MAX, floats=False)
    game, name, port, seats = (message.get(k) for k in ("game", "name", "port", "open"))
    if not (message["type"] == "table" and isinstance(game, str) and len(game) <= 40
            and isinstance(name, str) and len(name) <= 40 and type(port) is int
            and 0 < port < 65536 and type(seats) is int and 0 <= seats <= 10):
        raise ProtocolError("not a table's announcement")
    return Found(sender, port, game, name, seats)


class Announcer:
    """Sends ``what()`` (an announcement) every `EVERY` seconds from a thread, until
    `stop`."""

    def __init__(self, what: Callable[[], bytes], target: str = BROADCAST, port: int = PORT,
                 every: float = EVERY) -> None:
        self.what = what
        self.target = (target, port)
        self.every = every
        self._stop = threading.Event()
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        if target == BROADCAST:
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self._thread = threading.Thread(target=self._run, name="net-announce", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._socket.sendto(self.what(), self.target)
            except OSError:  # no network now: try again at the next beat
                pass
            self._stop.wait(self.every)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(self.every + 1.0)
        self._socket.close()


def find_tables(seconds: float = 2.0, bind: str = "", port: int = PORT,
                most: int = 1000, ready: Callable[[int], object] | None = None) -> list[Found]:
    """The tables announced to ``port`` within ``seconds`` (reading at most ``most``
    datagrams), by address; ``ready`` is told the port listened on (``port`` 0: a free one)."""
    found: dict[tuple[str, int], Found] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((bind, port))
        if ready is not None:
            ready(listener.getsockname()[1])
        deadline = time.monotonic() + seconds
        for _ in range(most):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            listener.settimeout(left)
            try:
                data, (sender, _) = listener.recvfrom(DATAGRAM_MAX + 1)
            except TimeoutError:
                break
            try:
                table = read_announcement(data, sender)
            except ProtocolError:
                continue
            found[(table.address, table.port)] = table
    return sorted(found.values(), key=lambda t: (t.name, t.address, t.port))


def addresses(bind: str) -> list[str]:
    """Where players reach a server bound to ``bind``: this machine's addresses for
    ``0.0.0.0`` (the loopback address when it has no other)."""
    if bind not in ("", "0.0.0.0"):
        return [bind]
    try:
        found = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        found = []
    return [a for a in found if not a.startswith("127.")] or ["127.0.0.1"]
