"""The host: the one authority over a match that players on other machines join.

Contract:

- The host's `State` is the only truth. Every action, a player's or a bot's, goes through
  `State.apply`; what a seat is sent is its own `observation`, its legal actions and the events
  `Event.visible_to` it (`net.protocol`).
- Chairs are ``local`` (a person at the host's machine, who plays through a `RemoteMatch` over
  loopback with the seat's `token`), ``remote`` (a person who joins with the table code) or
  ``bot``. Bots are seeded as the local table seeds them (``seed * 31 + seat + 1``) and, where
  several seats may act at once, the first listed bot acts; so a match of bots replays the
  local one of the same seed. With ``in_order`` only the first seat of ``to_act`` is offered
  its actions, people too (a headless run of bots replays a local run exactly).
- Play starts once every local and remote chair has been taken. A player whose connection drops
  is shown as ``reconnecting``; after ``wait`` seconds a normal bot plays the seat until the
  player comes back with their token and takes it over where it stands.
- A player is never sent the seed nor a stacked deck (``options["deck"]``): either tells
  every card of the match.
- The network is untrusted. A frame that breaks the protocol (malformed, oversized, another
  version, a wrong table code, an action for a seat not the connection's, a replayed update,
  an update never sent) is refused and that connection alone is closed (a frame of more than
  four times `protocol.CLIENT_FRAME_MAX` is cut off by websockets itself, close code 1009, and
  a connection silent for `HELLO_WAIT` seconds is refused). An action the game
  cannot take now (stale: the table moved on since the update it answers; out of turn;
  illegal, with the engine's reason) is refused without closing, and the seat is sent where the
  table stands: with several seats acting at once an honest player's action can cross another.
- The server runs on an asyncio loop in a thread of its own (`open`), never the caller's; all
  game state is touched on that loop only. Bots think on one worker thread.
- `save` writes the config (tokens included, so players can rejoin) and ``state.to_dict()``
  through `saves.store.Store`; `Host.resume` reads it back through `registry.load`.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import threading
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game import registry
from game.bots import KINDS, Bot, make
from game.core import Event, IllegalAction, State
from net import protocol
from net.protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError, encode, event_json
from saves.schemas import check_name
from saves.store import Schema, Store

CHAIR_KINDS = ("local", "remote", "bot")
HELLO_WAIT = 10.0
"""Seconds a new connection has to say hello."""
OPEN_WAIT = 10.0
"""Seconds `Host.open` waits for the server to listen."""
_T = TypeVar("_T")


class Refused(Exception):
    """An action the game cannot take now: refused, the connection kept."""


def new_code() -> str:
    """A table code: `CODE_LENGTH` characters of `CODE_ALPHABET`, drawn by `secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def check_config(config: Any) -> dict[str, Any]:
    """A hosted match's config (without its state): ``game``, ``seats`` (chairs of
    `CHAIR_KINDS` with a ``name``, a bot's ``level``, a person's ``token`` once taken),
    ``options``, ``seed`` and ``code``; `ValueError` or `TypeError` naming what is wrong."""
    if not isinstance(config, dict):
        raise TypeError("a hosted match is a JSON object")
    game = config.get("game")
    if not isinstance(game, str) or game not in registry.ids():
        raise ValueError(f"no game {game!r}")
    rules = registry.get(game)
    chairs = config.get("seats")
    if not isinstance(chairs, list):
        raise TypeError("seats is a list of chairs")
    rules.check_seats(len(chairs))
    for chair in chairs:
        if not isinstance(chair, dict) or chair.get("kind") not in CHAIR_KINDS:
            raise ValueError(f"a chair is local, remote or bot: {chair!r}")
        check_name(chair.get("name"))
        if chair["kind"] == "bot" and chair.get("level", "normal") not in KINDS:
            raise ValueError(f"no bot level {chair.get('level')!r}")
        token = chair.get("token")
        if token is not None and not (isinstance(token, str) and protocol.TOKEN.fullmatch(token)):
            raise ValueError("a chair's token is the text a welcome gave")
    if type(config.get("seed")) is not int:
        raise ValueError("seed is a whole number")
    code = config.get("code")
    if not (isinstance(code, str) and len(code) == CODE_LENGTH
            and all(c in CODE_ALPHABET for c in code)):
        raise ValueError(f"a table code is {CODE_LENGTH} letters and digits of {CODE_ALPHABET}")
    rules.resolve_options(config.get("options") or {})
    return config


def _check_saved(data: Any) -> dict[str, Any]:
    config = check_config({k: v for k, v in data.items() if k != "state"}
                          if isinstance(data, dict) else data)
    state = registry.load(data.get("state"))
    if state.rules.id != config["game"] or state.seats != len(config["seats"]):
        raise ValueError("the saved state is not of the match's game and chairs")
    return {**config, "state": data["state"]}


SAVED = Schema("hosted", 1, "Hosted match", "the match cannot be resumed", _check_saved)
"""A hosted match on disk: the config and ``state`` (`State.to_dict`)."""


class Host:
    """A match served to players on other machines (see the module docstring)."""

    def __init__(self, config: dict[str, Any], state: State, wait: float = 60.0,
                 pace: float = 0.0, in_order: bool = False) -> None:
        self.config = check_config(config)
        self.state = state
        self.rules = state.rules
        self.wait = wait
        self.pace = pace
        """Seconds a bot waits before it acts (0: at once)."""
        self.in_order = in_order
        self.moves = 0
        """How many actions the host has applied: the ``n`` of the latest update."""
        seed = int(config["seed"])
        self.bots: dict[int, Bot] = {
            s: make(c.get("level", "normal"), self.rules.id, seed * 31 + s + 1)
            for s, c in enumerate(self.chairs) if c["kind"] == "bot"}
        self.standins: dict[int, Bot] = {}
        self.outboxes: dict[int, asyncio.Queue[str | None]] = {}
        self.answered: dict[int, int] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.started = False
        self.thinking = False
        self.save_to: Path | None = None
        self.finished = threading.Event()
        """Set when the game is over (or the host stops)."""
        self.address: tuple[str, int] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-bot")
        self._save_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-save")

    # -- making one --------------------------------------------------------------------
    @classmethod
    def start(cls, game: str, chairs: Sequence[dict[str, Any]], seed: int,
              options: dict[str, Any] | None = None, code: str | None = None,
              **settings: Any) -> Host:
        """A new match of ``game``; local chairs get their tokens now (`token`)."""
        chairs = [dict(c) for c in chairs]
        for chair in chairs:
            if chair.get("kind") == "local":
                chair["token"] = new_token()
        options = dict(options or {})
        config = {"game": game, "seats": chairs, "options": options, "seed": seed,
                  "code": (code or new_code()).upper()}
        check_config(config)
        state = registry.get(game).new(len(chairs), seed, options)
        return cls(config, state, **settings)

    @classmethod
    def resume(cls, path: Path, **settings: Any) -> Host:
        """The match `save` wrote to ``path``, checked as any untrusted save; `ValueError`
        saying why it cannot be used (the file is then moved aside, as `Store` does)."""
        store = Store(path.parent)
        data = store.load(path.name, SAVED)
        if data is None:
            why = "; ".join(n.message for n in store.notices) or f"no hosted match at {path}"
            raise ValueError(why)
        config = {k: v for k, v in data.items() if k != "state"}
        host = cls(config, registry.load(data["state"]), **settings)
        host.started = host._all_taken()
        return host

    def save(self, path: Path) -> None:
        """Write the match to ``path`` now (from any thread), and after every action from
        now on."""
        self.save_to = path
        self._on_loop(lambda: self._save(wait=True))

    def _save(self, wait: bool = False) -> None:
        if self.save_to is None:
            return
        path = self.save_to
        data = {**self.config, "state": self.state.to_dict()}  # taken on the loop
        done = self._save_pool.submit(lambda: Store(path.parent).save(path.name, SAVED, data))
        if wait:
            done.result()

    # -- what it says ------------------------------------------------------------------
    @property
    def chairs(self) -> list[dict[str, Any]]:
        return list(self.config["seats"])

    @property
    def code(self) -> str:
        return str(self.config["code"])

    def token(self, seat: int) -> str | None:
        """The rejoin token of ``seat`` (a local chair's, for the host's own client)."""
        token = self.config["seats"][seat].get("token")
        return str(token) if token else None

    def open_seats(self) -> int:
        """Remote chairs nobody has taken yet."""
        return sum(c["kind"] == "remote" and not c.get("token") for c in self.chairs)

    def chair_state(self, seat: int) -> str:
        if seat in self.bots or seat in self.standins:
            return "bot"
        if seat in self.outboxes:
            return "connected"
        return "reconnecting" if self.token(seat) else "waiting"

    def _all_taken(self) -> bool:
        return all(c["kind"] == "bot" or c.get("token") for c in self.chairs)

    def _update(self, seat: int, events: Sequence[Event], resync: bool = False) -> str:
        state = self.state
        over = state.is_over()
        acting = state.to_act()
        offered = self.started and not over and seat in (acting[:1] if self.in_order
                                                          else acting)
        legal = state.legal_actions(seat) if offered else []
        moves = [state.move_of(seat, a) for a in legal]
        return encode({
            "type": "update", "n": self.moves, "observation": state.observation(seat),
            "to_act": acting,
            "legal": [[str(a), None if m is None else list(m)] for a, m in zip(legal, moves)],
            "events": [event_json(e) for e in events if e.visible_to(seat)],
            "over": over, "result": state.result() if over else None, "resync": resync})

    def _welcome(self, seat: int, first: bool) -> str:
        chairs = [{"name": str(c["name"]),
                   "kind": "person" if s == seat else "bot" if c["kind"] == "bot"
                   else "remote"} for s, c in enumerate(self.chairs)]
        opening = self.state.opening if first and self.moves == 0 else ()
        return encode({
            "type": "welcome", "seat": seat, "seats": self.state.seats, "game": self.rules.id,
            "options": {k: v for k, v in self.state.options.items() if k != "deck"},
            "chairs": chairs,
            "token": self.token(seat), "opening": [event_json(e) for e in opening
                                                   if e.visible_to(seat)]})

    def _status(self) -> str:
        return encode({"type": "status", "chairs": [
            {"name": str(c["name"]), "kind": c["kind"], "state": self.chair_state(s)}
            for s, c in enumerate(self.chairs)]})

    def _send(self, seat: int, text: str | None) -> None:
        """Queue ``text`` for ``seat``'s connection (None: close it after what is queued)."""
        outbox = self.outboxes.get(seat)
        if outbox is not None:
            outbox.put_nowait(text)

    def _tell_all(self, make_text: Callable[[int], str]) -> None:
        for seat in list(self.outboxes):
            self._send(seat, make_text(seat))

    # -- the game ----------------------------------------------------------------------
    def _applied(self, events: Sequence[Event]) -> None:
        """An action was applied: every seat is told, the match saved, the bots driven."""
        self.moves += 1
        self._tell_all(lambda s: self._update(s, events))
        self._save()
        if self.state.is_over():
            self.finished.set()
        self._drive()

    def _player_acts(self, seat: int, message: dict[str, Any]) -> None:
        """Apply a connection's act, or raise `ProtocolError` (closes it) or `Refused`."""
        if message["type"] != "act":
            raise ProtocolError("you are seated already: say hello once")
        if message["seat"] != seat:
            raise ProtocolError(f"you sit at seat {seat}: an action for seat "
                                f"{message['seat']} is refused")
        n = message["update"]
        if n > self.moves:
            raise ProtocolError(f"update {n} was never sent (the latest is {self.moves})")
        if n <= self.answered.get(seat, -1):
            raise ProtocolError(f"update {n} was answered already: a replayed action")
        if n < self.moves:
            raise Refused(f"stale: the table has moved on since update {n}")
        if not self.started:
            raise Refused("the game starts once every chair is taken")
        if self.in_order and self.state.to_act()[:1] != [seat]:
            raise Refused("it is not your turn")
        try:
            action = self.rules.parse_action(message["action"])
            events = self.state.apply(seat, action)
        except IllegalAction as e:
            raise Refused(str(e.reason)) from None
        self.answered[seat] = n  # a refused action answers nothing: the seat may try again
        self._applied(events)

    def _bot_for(self, seat: int) -> Bot | None:
        return self.bots.get(seat) or self.standins.get(seat)

    def _drive(self) -> None:
        """Start the first bot to act thinking, after the pace, unless one is thinking."""
        state = self.state
        if not self.started or self.thinking or state.is_over() or self.loop is None:
            return
        acting = state.to_act()
        seats = [s for s in (acting[:1] if self.in_order else acting) if self._bot_for(s)]
        if not seats:
            return
        seat = seats[0]
        bot = self._bot_for(seat)
        assert bot is not None
        self.thinking = True
        self.loop.create_task(self._think(seat, bot, self.moves, state.observation(seat),
                                          state.legal_actions(seat)))

    async def _think(self, seat: int, bot: Bot, moves: int, observation: dict[str, Any],
                     legal: list[Any]) -> None:
        assert self.loop is not None
        try:
            if self.pace:
                await asyncio.sleep(self.pace)
            action = await self.loop.run_in_executor(self._bot_pool, bot.choose, observation,
                                                     legal)
        except Exception as failure:  # noqa: BLE001 - a bot's defect costs its move, not the match
            traceback.print_exception(failure)
            action = make("random", self.rules.id, moves).choose(observation, legal)
        finally:
            self.thinking = False
        if self.moves == moves and self._bot_for(seat) is bot and not self.state.is_over():
            self._applied(self.state.apply(seat, action))
        else:
            self._drive()

    # -- connections -------------------------------------------------------------------
    def _seat_for(self, hello: dict[str, Any]) -> tuple[int, bool]:
        """The seat a hello takes, and whether it is taken for the first time."""
        if not hmac.compare_digest(hello["code"].upper().encode(), self.code.encode()):
            raise ProtocolError("wrong table code: ask the host for the code on their screen")
        token, asked = hello["token"], hello["seat"]
        if token is not None:
            seat = next((s for s, c in enumerate(self.chairs)
                         if c.get("token") and hmac.compare_digest(c["token"], token)), None)
            if seat is None:
                raise ProtocolError("this rejoin token is for no seat at this table")
            if asked is not None and asked != seat:
                raise ProtocolError(f"this rejoin token is for seat {seat}, not {asked}")
            return seat, False
        open_seats = [s for s, c in enumerate(self.chairs)
                      if c["kind"] == "remote" and not c.get("token")]
        if asked is None:
            if not open_seats:
                raise ProtocolError("the table is full")
            return open_seats[0], True
        if not 0 <= asked < len(self.chairs) or self.chairs[asked]["kind"] != "remote":
            raise ProtocolError(f"seat {asked} is not open to players who join")
        if asked not in open_seats:
            raise ProtocolError(f"seat {asked} is taken")
        return asked, True

    def _seat(self, seat: int, first: bool, name: str,
              outbox: asyncio.Queue[str | None]) -> None:
        """Seat a connection that said hello: welcome it, tell everyone, play on."""
        chair = self.config["seats"][seat]
        if first:
            chair["token"] = chair.get("token") or new_token()
            if chair["kind"] == "remote":
                chair["name"] = check_name(name)
        old = self.outboxes.pop(seat, None)
        if old is not None:
            old.put_nowait(encode({"type": "refused", "fatal": True,
                                   "reason": "you joined this seat again from elsewhere"}))
            old.put_nowait(None)
        self.outboxes[seat] = outbox
        self.answered.pop(seat, None)
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.standins.pop(seat, None)
        outbox.put_nowait(self._welcome(seat, first))
        starting = not self.started and self._all_taken()
        self.started = self.started or starting
        if starting:
            self._tell_all(lambda s: self._update(s, ()))
        else:
            outbox.put_nowait(self._update(seat, (), resync=not first))
        self._tell_all(lambda s: self._status())
        self._save()
        self._drive()

    def _dropped(self, seat: int) -> None:
        """``seat``'s connection is gone: reconnecting, and after `wait` a bot stands in."""
        del self.outboxes[seat]
        if self.state.is_over():
            return
        assert self.loop is not None
        self.timers[seat] = self.loop.call_later(self.wait, self._stand_in, seat)
        self._tell_all(lambda s: self._status())

    def _stand_in(self, seat: int) -> None:
        self.timers.pop(seat, None)
        self.standins[seat] = make("normal", self.rules.id, int(self.config["seed"]) * 31
                                   + seat + 1)
        self._tell_all(lambda s: self._status())
        self._drive()

    async def _connection(self, ws: ServerConnection) -> None:
        outbox: asyncio.Queue[str | None] = asyncio.Queue()
        writer = asyncio.create_task(_write(ws, outbox))
        seat: int | None = None
        try:
            try:
                hello = protocol.read_client(await asyncio.wait_for(ws.recv(), HELLO_WAIT))
                if hello["type"] != "hello":
                    raise ProtocolError("say hello first")
                seat, first = self._seat_for(hello)
            except asyncio.TimeoutError:  # TimeoutError itself from Python 3.11 on
                raise ProtocolError(f"no hello within {HELLO_WAIT:.0f} s") from None
            self._seat(seat, first, hello["name"], outbox)
            async for frame in ws:
                try:
                    self._player_acts(seat, protocol.read_client(frame))
                except Refused as e:
                    outbox.put_nowait(encode({"type": "refused", "reason": str(e),
                                              "fatal": False}))
                    outbox.put_nowait(self._update(seat, ()))
        except ProtocolError as e:
            outbox.put_nowait(encode({"type": "refused", "reason": str(e), "fatal": True}))
            outbox.put_nowait(None)
        except ConnectionClosed:
            pass
        finally:
            if seat is not None and self.outboxes.get(seat) is outbox:
                self._dropped(seat)
            outbox.put_nowait(None)
            await writer

    # -- serving -----------------------------------------------------------------------
    def open(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Serve on ``host``:``port`` (0: any free port) from a thread of its own; the address
        bound. `OSError` if it cannot listen."""
        ready = threading.Event()
        failed: list[BaseException] = []

        def run() -> None:
            try:
                asyncio.run(self._serve(host, port, ready))
            except BaseException as e:  # noqa: BLE001 - handed to the caller below
                failed.append(e)
            finally:
                self.finished.set()
                ready.set()

        self._thread = threading.Thread(target=run, name="net-host", daemon=True)
        self._thread.start()
        if not ready.wait(OPEN_WAIT) or failed or self.address is None:
            raise failed[0] if failed else OSError(f"the host did not start on {host}:{port}")
        return self.address

    async def _serve(self, host: str, port: int, ready: threading.Event) -> None:
        self.loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        async with serve(self._connection, host, port,
                         max_size=4 * protocol.CLIENT_FRAME_MAX) as server:
            self.address = server.sockets[0].getsockname()[:2]
            for seat, chair in enumerate(self.chairs):
                if chair["kind"] != "bot" and chair.get("token"):  # resumed: away until back
                    self.timers[seat] = self.loop.call_later(self.wait, self._stand_in, seat)
            ready.set()
            self._drive()
            await self._stopping.wait()
            for seat in list(self.outboxes):
                self._send(seat, None)
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        self._save_pool.shutdown(wait=True)

    def serve_forever(self, host: str = "0.0.0.0", port: int = 0,
                      on_open: Callable[[tuple[str, int]], None] | None = None,
                      linger: float = 2.0) -> dict[str, Any]:
        """Serve until the game is over, then ``linger`` seconds for the last updates to
        reach the players; the result."""
        address = self.open(host, port)
        if on_open is not None:
            on_open(address)
        self.finished.wait()
        threading.Event().wait(linger)
        self.stop()
        return self.result()

    def result(self) -> dict[str, Any]:
        return self._on_loop(self.state.result)

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


async def _write(ws: ServerConnection, outbox: asyncio.Queue[str | None]) -> None:
    """Send what is queued for one connection, in order; None closes it."""
    try:
        while (text := await outbox.get()) is not None:
            await ws.send(text)
        await ws.close()
    except ConnectionClosed:
        pass
