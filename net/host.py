"""The home host: one table (`net.referee.Referee`) served from this machine to players on the
same network, over websockets.

Contract:

- The listener and the referee are apart: here are the socket, the limits every peer is held
  to (`net.limits`, through `net.link`) and the proof of the code; the match, its chairs, bots,
  updates and staleness are the referee's.
- A connection is counted in at the door (`Limits.connections` in total, `Limits.per_address`
  from one address), must prove the code (`net.proof`: a key exchange on the code, the host
  proving first, so a forger learns nothing) and say hello within `Limits.hello_wait`
  seconds, and is then seated by the referee. Codes tried are limited per address and per
  table (`net.limits.Guesses`), every exchange answered counting as one; wrong ones are told
  to ``on_wrong_code`` (the host's table shows them).
- The network is untrusted. A frame that breaks the protocol (malformed, oversized, another
  version, an action for a seat not the connection's, an update never made) is refused and that
  connection alone is closed (a frame of more than four times `protocol.CLIENT_FRAME_MAX` is cut
  off by websockets itself, close code 1009). An action the referee refuses without a breach
  (stale, out of turn, illegal) keeps the connection; refusals are answered at most at
  `Limits.refusals_per_s` a connection, and a seated connection is read at most
  `Limits.frames_per_update` frames for each update it is sent (after a burst): a flood waits
  in the flooder's own socket, not in the host. What waits to be sent to one connection is bounded
  (`Limits.outbox_bytes`), and a connection that answers no ping within `Limits.keepalive`
  seconds is closed: a player who does not read is cut off, and their seat goes to a bot after
  ``wait`` as for any drop.
- A carrier that brings players' connections from elsewhere to this machine's loopback (a
  friend's link over the internet, `net.invite`) asks for a `door` per link: a listener on
  127.0.0.1 of its own, served as the main one, whose connections all count, for the limits,
  as from the name given, not from 127.0.0.1. So every limit and the proof hold for a friend
  over the internet as on the network, and one friend's link cannot spend another's allowance.
- The server runs on an asyncio loop in a thread of its own (`open`), never the caller's; the
  referee is touched on that loop only.
- `keep` hands the config (tokens included, so players can rejoin) and ``state.to_dict()`` to
  a writer after every change (the table's saves, or a file: `save`, through
  `saves.store.Store`); `Host.restore` and `Host.resume` go on with it, checked as any
  untrusted save.
"""

from __future__ import annotations

import asyncio
import copy
import socket
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game import registry
from game.core import State
from game.shapes import Chair, Result
from net import proof, protocol
from net.limits import Gate, Guesses, Limits
from net.link import Link, admit, gated, play
from net.protocol import ProtocolError, TryLater
from net.referee import HostedConfig, Referee, check_config, new_code, new_token
from saves.store import Schema, Store

OPEN_WAIT = 10.0
"""Seconds `Host.open` waits for the server to listen."""
CLOSE_WAIT = 2.0
"""Seconds a closing connection has to answer the close before it is cut."""
_T = TypeVar("_T")


def _check_saved(data: Any) -> dict[str, Any]:
    config = check_config({k: v for k, v in data.items() if k != "state"}
                          if isinstance(data, dict) else data)
    state = registry.load(data.get("state"))
    if state.rules.id != config["game"] or state.seats != len(config["seats"]):
        raise ValueError("the saved state is not of the match's game and chairs")
    return {**config, "state": data["state"]}


SAVED = Schema("hosted", 1, "Hosted match", "the match cannot be resumed", _check_saved)
"""A hosted match on disk: the config and ``state`` (`State.to_dict`)."""


class _Door:
    """A `Host.door`'s listener, once open; shut before it opens, it closes as it does."""

    def __init__(self) -> None:
        self.server: Server | None = None
        self.closed = False

    def shut(self) -> None:
        self.closed = True
        if self.server is not None:
            self.server.close()


class Host:
    """A match served to players on other machines (see the module docstring)."""

    def __init__(self, config: HostedConfig, state: State, wait: float = 60.0,
                 pace: float = 0.0, in_order: bool = False, limits: Limits | None = None,
                 resumed: bool = False) -> None:
        self.referee = Referee(config, state, wait, pace, in_order, resumed)
        self.referee.on_change = self._save
        self.limits = limits or Limits()
        self.gate = Gate(self.limits)
        self.on_wrong_code: Callable[[str, int], None] | None = None
        """Told, on the host's loop, the address of each wrong code and how many so far."""
        self.guesses = Guesses(self.limits, told=self._told)
        self._keep: tuple[Callable[[dict[str, Any]], object],
                          Callable[[], object] | None] | None = None
        self.address: tuple[str, int] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._doors: dict[int, _Door] = {}
        self._thread: threading.Thread | None = None
        self._save_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-save")

    # -- making one --------------------------------------------------------------------
    @classmethod
    def start(cls, game: str, chairs: Sequence[Chair], seed: int,
              options: dict[str, Any] | None = None, code: str | None = None,
              table: str | None = None, clock: int = 0, **settings: Any) -> Host:
        """A new match of ``game``, announced as ``table`` (the name the host chose), with a
        turn ``clock`` of as many seconds for a card (0: none); local chairs get their tokens
        now (`token`)."""
        seats: list[Chair] = [{**c, "token": new_token()} if c["kind"] == "local" else {**c}
                              for c in chairs]
        options = dict(options or {})
        config: HostedConfig = {"game": game, "seats": seats, "options": options, "seed": seed,
                                "code": proof.normal_code(code) if code else new_code(),
                                "clock": clock}
        if table is not None:
            config["table"] = table
        state = registry.get(game).new(len(seats), seed, options)
        return cls(check_config(config), state, **settings)

    @classmethod
    def resume(cls, path: Path, **settings: Any) -> Host:
        """The match `save` wrote to ``path``, checked as any untrusted save; `ValueError`
        saying why it cannot be used (the file is then moved aside, as `Store` does)."""
        store = Store(path.parent)
        data = store.load(path.name, SAVED)
        if data is None:
            why = "; ".join(n.message for n in store.notices) or f"no hosted match at {path}"
            raise ValueError(why)
        return cls.restore(data, **settings)

    @classmethod
    def restore(cls, saved: dict[str, Any], **settings: Any) -> Host:
        """The match a save holds (`SAVED`'s data: the config and ``state``), going on."""
        config = check_config({k: v for k, v in saved.items() if k != "state"})
        return cls(config, registry.load(saved["state"]), resumed=True, **settings)

    def snapshot(self) -> dict[str, Any]:
        """The match as `SAVED` keeps it: the config (a copy) and the state, taken on the
        host's loop."""
        return {**copy.deepcopy(self.referee.config), "state": self.referee.state.to_dict()}

    def keep(self, write: Callable[[dict[str, Any]], object],
             over: Callable[[], object] | None = None) -> None:
        """Hand the match (`snapshot`) to ``write`` now (from any thread, returning once it is
        written) and after every change from now on, on a thread of the host's, in order;
        once the game is over, call ``over`` instead where it is given (nothing is left to
        resume)."""
        self._keep = (write, over)
        self._on_loop(lambda: self._save(wait=True))

    def save(self, path: Path) -> None:
        """`keep` the match in the file ``path`` (`SAVED`)."""
        self.keep(lambda data: Store(path.parent).save(path.name, SAVED, data))

    def _save(self, wait: bool = False) -> None:
        if self._keep is None:
            return
        write, over = self._keep
        if over is not None and self.referee.state.is_over():
            done = self._save_pool.submit(over)
        else:
            data = self.snapshot()  # taken on the loop
            done = self._save_pool.submit(write, data)
        if wait:
            done.result()

    # -- what it says ------------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.referee.code

    @property
    def table(self) -> str:
        """The name the table is announced as: the one given, else its first person's."""
        referee = self.referee
        people = [s for s, c in enumerate(referee.chairs) if c["kind"] != "bot"]
        return str(referee.config.get("table") or referee.name(people[0] if people else 0))

    def token(self, seat: int) -> str | None:
        return self.referee.token(seat)

    def open_seats(self) -> int:
        return self.referee.open_seats()

    def chair_state(self, seat: int) -> str:
        return self.referee.chair_state(seat)

    def result(self) -> Result:
        return self._on_loop(self.referee.result)

    def _told(self, address: str, count: int) -> None:
        if self.on_wrong_code is not None:
            self.on_wrong_code(address, count)

    # -- connections -------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        referee = self.referee
        link = Link(ws, self.limits)
        seat: int | None = None
        try:
            hello = await admit(ws, link, self.code, self.guesses, self.limits.hello_wait)
            seat, first = referee.seat_for(hello)
            referee.join(seat, first, hello["name"], link)
            await play(ws, link, referee, seat)
        except ProtocolError as e:
            link.close(str(e), e.after if isinstance(e, TryLater) else None)
        except ConnectionClosed:
            pass
        finally:
            if seat is not None:
                referee.leave(seat, link)
            await link.finished()

    # -- serving -----------------------------------------------------------------------
    def open(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Serve on ``host``:``port`` (0: any free port) from a thread of its own; the address
        bound. `OSError` if it cannot listen."""
        ready = threading.Event()
        failed: list[BaseException] = []

        def run() -> None:
            try:
                asyncio.run(self._serve(host, port, ready))
            except BaseException as e:  # handed to the caller below
                failed.append(e)
            finally:
                self.referee.finished.set()
                ready.set()

        self._thread = threading.Thread(target=run, name="net-host", daemon=True)
        self._thread.start()
        if not ready.wait(OPEN_WAIT) or failed or self.address is None:
            raise failed[0] if failed else OSError(f"the host did not start on {host}:{port}")
        return self.address

    async def _serve(self, host: str, port: int, ready: threading.Event) -> None:
        self.loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        async with self._listen(None, host=host, port=port) as server:
            self.address = server.sockets[0].getsockname()[:2]
            self.referee.attach(self.loop)
            ready.set()
            await self._stopping.wait()
            doors = list(self._doors.values())
            for door in doors:
                door.shut()
            await asyncio.gather(*(d.server.wait_closed() for d in doors if d.server))
            self.referee.detach()
        self._save_pool.shutdown(wait=True)

    def _listen(self, address: str | None, **where: Any) -> Server:
        """A listener of this host where ``where`` says (``host`` and ``port``, or ``sock``),
        its connections counted as from ``address`` (None: from their peers)."""
        return serve(self._connection, max_size=4 * protocol.CLIENT_FRAME_MAX,
                     open_timeout=self.limits.hello_wait, close_timeout=CLOSE_WAIT,
                     ping_interval=self.limits.keepalive, ping_timeout=self.limits.keepalive,
                     create_connection=gated(self.gate, address), **where)

    def door(self, name: str) -> int:
        """A door for one carrier (see the module docstring): the port on 127.0.0.1 of a
        listener whose connections count as from ``name``, until `shut`. From any thread,
        while the host serves (`OSError` if it does not); the port takes connections at once
        (they wait to be served a moment)."""
        loop = self.loop
        if loop is None or loop.is_closed() or self.referee.finished.is_set():
            raise OSError("the host is not serving")
        sock = socket.create_server(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
        door = _Door()

        async def open_door() -> None:
            if door.closed:  # shut before it opened
                sock.close()
                return
            door.server = await self._listen(name, sock=sock)
            if door.closed:
                door.server.close()

        def start() -> None:
            self._doors[port] = door
            loop.create_task(open_door())

        loop.call_soon_threadsafe(start)
        return port

    def shut(self, port: int) -> None:
        """Close the `door` at ``port`` and every connection it let in (from any thread)."""
        def close() -> None:
            door = self._doors.pop(port, None)
            if door is not None:
                door.shut()

        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(close)
            except RuntimeError:  # the loop closed meanwhile: its doors with it
                pass

    def serve_forever(self, host: str = "0.0.0.0", port: int = 0,
                      on_open: Callable[[tuple[str, int]], None] | None = None,
                      linger: float = 2.0) -> Result:
        """Serve until the game is over, then ``linger`` seconds for the last updates to
        reach the players; the result."""
        address = self.open(host, port)
        if on_open is not None:
            on_open(address)
        self.referee.finished.wait()
        threading.Event().wait(linger)
        self.stop()
        return self.result()

    def stop(self) -> None:
        """Close every connection and the server; return once its thread has ended."""
        if self.loop is not None and self._stopping is not None and not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self._stopping.set)
            except RuntimeError:  # the loop closed meanwhile
                pass
        if self._thread is not None:
            self._thread.join(OPEN_WAIT)

    def _on_loop(self, call: Callable[[], _T]) -> _T:
        """``call()`` on the host's loop (from any thread), or here when it is not serving."""
        loop = self.loop
        if loop is None or not loop.is_running() or self._thread is threading.current_thread():
            return call()

        async def run() -> _T:
            return call()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(OPEN_WAIT)
