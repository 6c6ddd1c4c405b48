"""The table server: many tables in one asyncio process, each refereed as a home host referees
its one (`net.referee.Referee`), so that no player's computer holds the deal. Every player's
computer dials out; a reverse proxy may spread the tables over several such processes
(``deploy/haproxy.cfg``), each process a *shard* named by one character of the code alphabet.

    cardtable-server --port 8751 --shard A [--proxy 127.0.0.1] [--search 1] ...
    python -m net.server --port 8751 --shard A ...

Contract:

- Paths: a connection to ``.../new`` creates a table (its first frame a ``create``), one to
  ``.../t/<shard>`` joins one (a ``knock`` naming the table by `net.protocol.table_id`); any
  other path is answered 404. A new table's code is this process's shard and eight characters
  drawn as a home code's (`net.protocol.SERVER_CODE_LENGTH`), so the proxy sends every
  connection of a table to the process that holds it by the path; a table a process does not
  hold (it was closed, or the process that held it stopped and the proxy sent the player to
  another) is refused as ``no table has this code``: the player's client ends, saying so.
- The creator says the game, its options, which chairs are friends (``remote``) and which
  bots (with their levels), and the turn clock; the server draws the seed (a creator's seed is
  taken only with ``--allow-seed``: a seed chosen by a player may be one whose deal they know)
  and seats the creator at once (the welcome follows ``created``). Friends join with the code,
  proven as at home (`net.proof`), never sent.
- Every limit of the home host holds, per table and per process (`net.limits`): the gate
  (``--connections`` in all, ``--per-address`` from one address), the hello deadline, each
  player's queue, frame, refusal and phrase rates (`net.link`), and per table its wrong codes
  (`net.limits.Guesses`). Per process besides: knocks for a table it does not hold are wrong
  codes too, limited per address (doubling waits) and for the process (`MISSES`); one address
  creates at most `Settings.creates_burst` tables, then `Settings.creates_per_min` a minute,
  and all together at most `Settings.creates_per_s` a second (each deals a new match), and
  the process holds at most ``--tables``. Behind a proxy given by ``--proxy`` (its address),
  the player's address is the one it forwards (``X-Forwarded-For``, `net.link.gated`); other
  peers are taken at their socket's address.
- Bots: normal by default. Searching levels (hard, expert) think in ``--search`` processes of
  their own; with none, or while `SEARCH_QUEUE` searches a process wait already, such a seat
  plays that move as the normal bot (`Budgeted`): the CPU spent on searching is the operator's
  choice, and never slows the tables.
- A table with nobody connected for ``--idle`` seconds (`OVER_LINGER` once its game is over)
  is closed; its code then leads nowhere. Stopping (SIGTERM, SIGINT) tells every player the
  server is stopping, and closes.
- TLS: behind the shipped proxy, which terminates it, the server listens on the loopback in
  plain ``ws://``; alone on the internet it takes a certificate (``--cert``, ``--key``).
- The garbage collector's whole passes come on a schedule (``--collect-every``, every 300 s
  from the command line): the whole heap is collected, then frozen (`gc.freeze`), so that
  the collector's own passes, which come whenever enough has survived, look only at what is
  newer. At 1,000 tables a whole pass held the loop about 0.3 s wherever it fell, and set
  the p99 of every update waiting behind it.
- Frames go uncompressed: per-message deflate cost every connection its compressor (most
  of a table's memory) and every update its compression (a tenth of the process's time at
  1,000 tables), to save a few KB a move.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import os
import re
import secrets
import signal
import ssl
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game import registry
from game.bots import BUDGET_MS, Bot, decide, levels, make
from game.core import Action, State
from game.shapes import Chair, Observation
from net import protocol
from net.limits import Bucket, Gate, Guesses, Limits
from net.link import Link, address_of, admit, first_message, gated, play
from net.messages import Create, Knock
from net.protocol import (CODE_ALPHABET, SERVER_CODE_LENGTH, ProtocolError, TryLater, encode,
                          table_id)
from net.referee import HostedConfig, Referee, new_token

LIMITS = Limits(connections=20000, keepalive=30.0)
"""The server's limits: the home host's, for many more connections at once, pinged a third
as often (a ping is a frame each way: at 10 s, 4,000 players' pings outnumbered their
actions)."""
MISSES = 600
"""Knocks for tables a process does not hold that it answers from all addresses together: a
burst of as many, then as many a minute (per address, the home host's doubling waits)."""
OVER_LINGER = 60.0
"""Seconds a finished table with nobody connected is kept (for a player coming back to its
result)."""
SEARCH_QUEUE = 2
"""Searches that may wait per search process; past them a searching seat plays as normal."""
CLOSE_WAIT = 2.0
COLLECT_EVERY = 300.0
"""``--collect-every``'s default (`Server.collect`)."""
PATHS = re.compile(rf"(?:/.*)?/(?:new|t/[{CODE_ALPHABET}])")
"""The paths a server answers: ``.../new`` and ``.../t/<shard>``."""


@dataclass(frozen=True)
class Settings:
    """How a server process runs (``cardtable-server --help`` says each)."""

    shard: str = "A"
    wait: float = 60.0
    pace: float = 0.8
    """Seconds a bot waits before it acts: a table's rhythm, for the people at it."""
    idle: float = 600.0
    tables: int = 5000
    search: int = 0
    allow_seed: bool = False
    collect_every: float = 0.0
    """Seconds between the process's scheduled whole collections (`Server.collect`); 0: the
    collector's own schedule."""
    proxies: frozenset[str] = frozenset()
    limits: Limits = LIMITS
    creates_burst: int = 5
    creates_per_min: float = 2.0
    creates_per_s: float = 20.0


class Budgeted(Bot[Any]):
    """A searching bot (``level``: hard or expert) whose every decision is made in the server's
    search processes where one is free (``searches``: a semaphore of the free places), else
    by the normal bot (``normal``)."""

    def __init__(self, level: str, game_id: str, seed: int, normal: Bot[Any],
                 pool: Executor | None, searches: Searches) -> None:
        super().__init__(seed)
        self.level = level
        self.game_id = game_id
        self.normal = normal
        self.pool = pool
        self.searches = searches

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if self.pool is None or not self.searches.take():
            return self.normal.choose(observation, legal)
        try:
            future = self.pool.submit(decide, self.level, self.game_id,
                                      self.rng.randrange(2**31), observation.copy(),
                                      list(legal))
            return future.result()
        finally:
            self.searches.give()


@dataclass
class Searches:
    """The places in the search processes' queues (`SEARCH_QUEUE` a process), taken by
    `Budgeted` bots on their threads."""

    free: int
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> bool:
        with self.lock:
            if self.free <= 0:
                return False
            self.free -= 1
            return True

    def give(self) -> None:
        with self.lock:
            self.free += 1


@dataclass
class Table:
    """One table the server holds: its referee (which keeps its code), its wrong codes, and
    the timer that closes it while nobody is connected."""

    referee: Referee
    guesses: Guesses
    closing: asyncio.TimerHandle | None = None


class Server:
    """The tables of one process (see the module docstring)."""

    def __init__(self, settings: Settings = Settings()) -> None:
        if len(settings.shard) != 1 or settings.shard not in CODE_ALPHABET:
            raise ValueError(f"a shard is one character of {CODE_ALPHABET}")
        self.settings = settings
        self.limits = settings.limits
        self.tables: dict[str, Table] = {}
        """By `net.protocol.table_id` of their codes."""
        self.gate = Gate(self.limits, settings.proxies)
        self.misses = Guesses(replace(self.limits, table_guesses=MISSES,
                                      table_guesses_per_min=MISSES))
        self.creates: dict[str, Bucket] = {}
        self.all_creates = Bucket(settings.creates_per_s, settings.creates_per_s)
        self.search = ProcessPoolExecutor(settings.search) if settings.search else None
        self.searches = Searches(SEARCH_QUEUE * settings.search)
        self.bots = ThreadPoolExecutor(2 + self.searches.free, thread_name_prefix="bot")
        """Where every table's bots think (a searching one waits there for its process)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping: asyncio.Event | None = None
        self.address: tuple[str, int] | None = None

    # -- serving -----------------------------------------------------------------------
    async def serve(self, host: str, port: int, tls: ssl.SSLContext | None = None,
                    ready: Callable[[tuple[str, int]], None] | None = None) -> None:
        """Serve on ``host``:``port`` until `stop`; ``ready`` is told the address bound."""
        self.loop = asyncio.get_running_loop()
        self.stopping = asyncio.Event()
        if self.settings.collect_every:
            self.collect()
        async with serve(self._connection, host, port, ssl=tls, compression=None,
                         max_size=4 * protocol.CLIENT_FRAME_MAX,
                         open_timeout=self.limits.hello_wait, close_timeout=CLOSE_WAIT,
                         ping_interval=self.limits.keepalive,
                         ping_timeout=self.limits.keepalive, process_request=self._request,
                         create_connection=gated(self.gate)) as server:
            self.address = server.sockets[0].getsockname()[:2]
            if ready is not None:
                ready(self.address)
            await self.stopping.wait()
            for table in list(self.tables.values()):
                for peer in list(table.referee.peers.values()):
                    peer.close("the table server is stopping: this table is closed")
            await asyncio.sleep(0.2)  # the refusals go out before the sockets close
            for tid in list(self.tables):
                self._close(tid)
        self.bots.shutdown(wait=False, cancel_futures=True)
        if self.search is not None:
            self.search.shutdown(wait=False, cancel_futures=True)

    def collect(self) -> None:
        """Collect the whole heap and freeze what is left (`gc.freeze`: the collector's passes
        no longer look at it; what of it dies by its count is freed as ever, a cycle of it
        waits for the next), then again after `Settings.collect_every` while serving."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        if self.loop is not None and self.stopping is not None and not self.stopping.is_set():
            self.loop.call_later(self.settings.collect_every, self.collect)

    def stop(self) -> None:
        """End `serve` (on the server's loop)."""
        if self.stopping is not None:
            self.stopping.set()

    def _request(self, ws: ServerConnection, request: Request) -> Response | None:
        if PATHS.fullmatch(request.path) is None:
            return ws.respond(404, "a table server answers .../new and .../t/<shard>\n")
        forward: Callable[[Request], Response | None] | None = getattr(ws, "forward", None)
        return forward(request) if forward is not None else None

    # -- connections -------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        link = Link(ws, self.limits)
        table: Table | None = None
        seat: int | None = None
        wait = self.limits.hello_wait
        try:
            end = asyncio.get_running_loop().time() + wait
            if ws.request is not None and ws.request.path.endswith("/new"):
                table, seat = self._create(ws, link, await first_message(
                    ws, end, wait, Create))
            else:
                knock = await first_message(ws, end, wait, Knock)
                table = self._find(address_of(ws), knock)
                hello = await admit(ws, link, table.referee.code, table.guesses, wait, knock,
                                    end)
                seat, first = table.referee.seat_for(hello)
                table.referee.join(seat, first, hello["name"], link)
            self._occupied(table)
            await play(ws, link, table.referee, seat)
        except ProtocolError as e:
            link.close(str(e), e.after if isinstance(e, TryLater) else None)
        except ConnectionClosed:
            pass
        finally:
            if table is not None and seat is not None:
                table.referee.leave(seat, link)
                self._maybe_idle(table)
            await link.finished()

    def _find(self, address: str, knock: Knock) -> Table:
        """The table a knock names; `ProtocolError` if this process holds none (a wrong code,
        counted as one)."""
        later = math.ceil(self.misses.wait(address))
        if later > 0:
            raise TryLater("too many wrong table codes: this server checks no code from your "
                           f"computer for {later} s", later)
        table = self.tables.get(knock.get("table") or "")
        if table is None:
            self.misses.wrong(address)
            raise ProtocolError("no table has this code: check the code (the table may have "
                                "closed)")
        return table

    def _create(self, ws: ServerConnection, link: Link, message: Create
                      ) -> tuple[Table, int]:
        """Make the table a ``create`` asks for and seat its creator; `ProtocolError` saying
        why not."""
        settings = self.settings
        address = address_of(ws)
        if len(self.tables) >= settings.tables:
            raise TryLater("this server holds all the tables it can: try again in a minute", 60)
        mine = self.creates.setdefault(address, Bucket(settings.creates_burst,
                                                       settings.creates_per_min / 60))
        if not mine.take():
            later = math.ceil(mine.wait())
            raise TryLater(f"you have made many tables: try again in {later} s", later)
        if not self.all_creates.take():
            raise TryLater("many tables are being made: try again in a few seconds", 5)
        config, state = self._match(message)
        referee = Referee(config, state, settings.wait, settings.pace, message["in_order"],
                          executor=self.bots, make_bot=self._make_bot)
        referee.attach(asyncio.get_running_loop())
        table = Table(referee, Guesses(self.limits))
        self.tables[table_id(config["code"])] = table
        seat = next(s for s, c in enumerate(config["seats"]) if c["kind"] == "local")
        link.send(encode({"type": "created", "code": config["code"]}))
        referee.join(seat, True, message["name"], link)
        if len(self.creates) > Guesses.KEPT:  # forget the addresses that may create again
            for kept in [a for a, b in self.creates.items() if b.wait() == 0]:
                del self.creates[kept]
        return table, seat

    def _match(self, message: Create) -> tuple[HostedConfig, State]:
        """The config and the new state a ``create`` asks for; `ProtocolError` saying what
        is wrong with it."""
        game = message["game"]
        if game not in registry.ids():
            raise ProtocolError(f"this server plays no game {game!r}")
        rules = registry.get(game)
        chairs: list[Chair] = []
        offered = levels(game)
        for i, asked in enumerate(message["seats"]):
            if asked["kind"] == "person":
                chairs.append({"kind": "local", "name": message["name"], "token": new_token()})
            elif asked["kind"] == "remote":
                chairs.append({"kind": "remote", "name": f"@player:{i + 1}"})
            else:
                level = asked.get("level") or "normal"
                if level not in offered:
                    raise ProtocolError(f"{game} offers no {level!r} bot; levels: "
                                        f"{', '.join(offered)}")
                if level in BUDGET_MS and self.search is None:
                    level = "normal"  # this server searches for no bot: its chairs say so
                chairs.append({"kind": "bot", "name": f"@bot:{i + 1}", "level": level})
        seed = message["seed"]
        if seed is not None and not self.settings.allow_seed:
            raise ProtocolError("this server chooses every table's deal: a seed is not taken")
        if seed is None:
            seed = secrets.randbelow(2**31)
        code = self._new_code()
        config: HostedConfig = {"game": game, "seats": chairs,
                                "options": dict(message["options"]), "seed": seed, "code": code,
                                "clock": message["clock"]}
        try:
            rules.check_seats(len(chairs))
            state = rules.new(len(chairs), seed, message["options"])
        except (ValueError, TypeError) as e:
            raise ProtocolError(str(e)) from None
        return config, state

    def _new_code(self) -> str:
        while True:
            code = self.settings.shard + "".join(secrets.choice(CODE_ALPHABET)
                                                 for _ in range(SERVER_CODE_LENGTH - 1))
            if table_id(code) not in self.tables:
                return code

    def _make_bot(self, level: str, game_id: str, seed: int) -> Bot[Any]:
        if level in BUDGET_MS:
            return Budgeted(level, game_id, seed, make("normal", game_id, seed), self.search,
                            self.searches)
        return make(level, game_id, seed)

    # -- closing tables ----------------------------------------------------------------
    def _occupied(self, table: Table) -> None:
        if table.closing is not None:
            table.closing.cancel()
            table.closing = None

    def _maybe_idle(self, table: Table) -> None:
        """Nobody left at ``table``: close it after the idle time, unless someone comes."""
        referee = table.referee
        if referee.peers or table.closing is not None or self.loop is None:
            return
        idle = min(self.settings.idle, OVER_LINGER) if referee.state.is_over() \
            else self.settings.idle
        table.closing = self.loop.call_later(idle, self._close, table_id(referee.code))

    def _close(self, tid: str) -> None:
        table = self.tables.pop(tid, None)
        if table is not None:
            if table.closing is not None:
                table.closing.cancel()
            table.referee.detach()


def _tls(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    if cert is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable-server", description="A table server: hosts many card tables in one "
        "process, as the neutral referee (README: \"Running a table server\").")
    defaults = Settings()
    limits = defaults.limits
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address to listen on (the proxy's side: loopback)")
    parser.add_argument("--port", type=int, default=8751, help="0: any free port")
    parser.add_argument("--shard", default=defaults.shard,
                        help="this process's character, the first of its tables' codes (the "
                        "proxy routes by it)")
    parser.add_argument("--proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy's address whose X-Forwarded-For is trusted")
    numbers: list[tuple[str, type[int] | type[float], float, str]] = [
        ("--wait", float, defaults.wait, "seconds before a bot stands in for a player who left"),
        ("--pace", float, defaults.pace, "seconds a bot waits before it acts"),
        ("--idle", float, defaults.idle, "seconds a table with nobody connected is kept"),
        ("--tables", int, defaults.tables, "tables this process holds at most"),
        ("--connections", int, limits.connections, "connections at once, in all"),
        ("--per-address", int, limits.per_address, "connections at once from one address"),
        ("--keepalive", float, limits.keepalive,
         "seconds between pings; a connection that answers none within as many more is closed"),
        ("--creates-per-min", float, defaults.creates_per_min,
         f"tables one address may create a minute (after a burst of {defaults.creates_burst})"),
        ("--creates-per-s", float, defaults.creates_per_s,
         "tables all addresses together may create a second"),
        ("--search", int, defaults.search,
         "processes for the searching bots (hard, expert); 0: they play as normal"),
        ("--collect-every", float, COLLECT_EVERY,
         "seconds between whole garbage collections, the heap then frozen; 0: Python's own"),
    ]
    for flag, kind, default, words in numbers:
        parser.add_argument(flag, type=kind, default=default, help=words)
    parser.add_argument("--allow-seed", action="store_true",
                        help="let a table's creator choose its seed (replays, tests, "
                        "benchmarks; never on a public server)")
    parser.add_argument("--cert", help="a TLS certificate chain (PEM): serve wss:// itself")
    parser.add_argument("--key", help="the certificate's private key (PEM)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = Settings(shard=args.shard, wait=args.wait, pace=args.pace, idle=args.idle,
                            tables=args.tables, search=args.search,
                            allow_seed=args.allow_seed, proxies=frozenset(args.proxy),
                            limits=replace(LIMITS, connections=args.connections,
                                           per_address=args.per_address,
                                           keepalive=args.keepalive),
                            creates_per_min=args.creates_per_min,
                            creates_per_s=args.creates_per_s,
                            collect_every=args.collect_every)
        server = Server(settings)
        tls = _tls(args.cert, args.key)
    except (ValueError, OSError) as e:
        print(f"cardtable-server: {e}", file=sys.stderr)
        return 2
    scheme = "wss" if tls else "ws"

    def ready(address: tuple[str, int]) -> None:
        print(f"cardtable-server: shard {settings.shard} serving {scheme}://{address[0]}:"
              f"{address[1]}/ (pid {os.getpid()})", flush=True)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, server.stop)
        await server.serve(args.bind, args.port, tls, ready)

    try:
        asyncio.run(run())
    except OSError as e:
        print(f"cardtable-server: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
