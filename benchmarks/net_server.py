"""The table server under load, on the loopback only: how soon a player's action comes back as
an update, and what each table costs the server process.

    python benchmarks/net_server.py [--tables 1000] [--seconds 60] [--loaders 2]     # human pace
    python benchmarks/net_server.py --pace full --find 10,25,50,100,200,400 [--seconds 15]
    python benchmarks/net_server.py --processes 2 [--tables 1000] ...          # behind HAProxy
    python benchmarks/net_server.py --tables 300 --churn 20                # players join all along

Human pace (the default): ``--tables`` Hokm tables, every chair a client (four a table), each
seat answering its turn after 1-3 s (uniform). ``--pace full``: each seat answers at once.
The clients run in ``--loaders`` processes of their own (asyncio), each table's four from one
loopback address of its own (127.1.x.y: the per-address limits see a household each). A table
whose match ends is closed and a new one made, so the count holds. With ``--churn S`` its
players also leave after about S seconds (uniform from S/2 to 3S/2) and it is made again, so that
players prove table codes all through the measuring, as at a busy server.

One process (the default) is a ``cardtable-server`` the clients reach directly; with
``--processes 2`` or ``4`` they are `net.cluster`'s, behind HAProxy and the shipped
configuration, over TLS, new tables spread over the processes by the proxy.

After every table is made and seated, over ``--seconds``: for each action a seat sends, the
time until that seat receives the update it caused (p50, p99, worst, ms; the goal is p99 <
100 ms), the actions per second, and per server process its RSS (MB, and KB per table) and its
CPU (user + system, in % of one core per table); RSS per table is the growth over the
process's RSS as it started. With ``--find``, the same at each table count
listed, at full speed, each on fresh processes, reporting the most a process served at p99 <
100 ms. Each run prints one JSON line, with the load average of the machine as it ended: the
clients share the machine's cores with the server, so a figure says what this machine did,
not what a server machine would.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import ssl
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import ClientConnection, connect

from net import proof, protocol
from net.cluster import CERT, LOOPBACK, START_WAIT, Cluster, free_port, listening
from net.protocol import encode, read_host, table_id

GOAL_MS = 100.0
SETUP_WAIT = 600.0
"""Seconds the tables may take to be made and seated before measuring starts regardless."""
HUMAN = (1.0, 3.0)
"""Seconds a seat takes to answer at a human pace: uniform between these."""
SEATS = 4
SERVER_ARGS = ["--pace", "0", "--idle", "30", "--tables", "100000", "--connections", "100000",
               "--creates-per-s", "1000", "--creates-per-min", "100"]
"""Every server process's settings here: bots at once, and no limit the load itself would
trip (the load is not an attack; each table's clients share one address)."""


SETTING_UP = 8
"""Tables a loader makes at once."""
GRACE = 5.0
"""Seconds the tables are given to end once the measuring ends, before they are cut off."""
SETUP_TIMEOUT = 60.0
"""Seconds a table may take to be made and seated, else it counts as an error and is made
again."""


@dataclass(frozen=True)
class Plan:
    """What one loader process does."""
    url: str
    first: int
    """Its first table's number (its tables are ``first`` to ``first + tables - 1``)."""
    tables: int
    pace: tuple[float, float]
    tls: bool
    churn: float
    """Seconds (about) after which a table's players leave and it is made again; 0: never."""


def source(table: int) -> str:
    """The loopback address table number ``table``'s clients connect from."""
    return f"127.1.{table // 250}.{table % 250 + 1}"


class Load:
    """A loader's tables, their delays and what went wrong."""

    def __init__(self, plan: Plan, seated: Any, window: Any) -> None:
        self.plan = plan
        self.seated = seated
        """Tables whose four players are all seated, in all loaders (shared)."""
        self.window = window
        """When measuring starts and ends (`time.time`), 0 until every table is seated: the
        parent sets it (shared)."""
        self.setting_up = asyncio.Semaphore(SETTING_UP)
        self.delays: list[float] = []
        self.actions = 0
        self.errors: list[str] = []
        self.tls = ssl.create_default_context(cafile=str(CERT)) if plan.tls else None

    async def dial(self, path: str, table: int) -> ClientConnection:
        return await connect(f"{self.plan.url}{path}", ssl=self.tls,
                             local_addr=(source(table), 0), open_timeout=START_WAIT,
                             max_size=protocol.HOST_FRAME_MAX)

    def over(self) -> bool:
        return bool(0 < self.window[1] < time.time())

    def measured(self, sent: float, now: float) -> bool:
        return bool(0 < self.window[0] <= sent and now <= self.window[1])

    async def table(self, table: int) -> None:
        """Table ``table``, made again whenever its match ends, until the end."""
        first = True
        while not self.over():
            try:
                await self.match(table, first)
                first = False
            except Exception as e:
                self.errors.append(f"{type(e).__name__}: {e}"[:200])
                if len(self.errors) <= 3:
                    print(f"table {table}: {self.errors[-1]}", file=sys.stderr, flush=True)
                await asyncio.sleep(1.0)

    async def match(self, table: int, first: bool) -> None:
        """Make the table, seat its four players (`SETTING_UP` tables at once), then play
        its match."""
        async with self.setting_up, asyncio.timeout(SETUP_TIMEOUT):
            creator = await self.dial("new", table)
            await creator.send(encode({
                "type": "create", "game": "hokm", "options": {}, "clock": 0, "seed": None,
                "in_order": False, "name": "P0",
                "seats": [{"kind": "person"}] + [{"kind": "remote"}] * (SEATS - 1)}))
            created = read_host(await creator.recv(), None)
            if created["type"] != "created":
                raise RuntimeError(f"not created: {created}")
            code = created["code"]
            friends = [await self.join(code, seat, table) for seat in range(1, SEATS)]
        if first:
            with self.seated.get_lock():
                self.seated.value += 1
        playing = asyncio.gather(*(self.seat(ws) for ws in [creator, *friends]))
        if not self.plan.churn:
            await playing
            return
        with contextlib.suppress(TimeoutError):  # the seats close as they are cancelled
            await asyncio.wait_for(playing, self.plan.churn * random.uniform(0.5, 1.5))

    async def join(self, code: str, seat: int, table: int) -> ClientConnection:
        ws = await self.dial(f"t/{code[0]}", table)
        half = proof.Half(code)
        await ws.send(encode({"type": "knock", "pake": half.message, "table": table_id(code)}))
        challenge = read_host(await ws.recv(), None)
        if challenge["type"] != "challenge":
            raise RuntimeError(f"no challenge: {challenge}")
        key = half.key(challenge["pake"])
        await ws.send(encode({"type": "hello", "name": f"P{seat}", "seat": seat, "token": None,
                              "proof": proof.joiner_proof(key, challenge["pake"],
                                                          half.message)}))
        return ws

    async def seat(self, ws: ClientConnection) -> None:
        """Play a seat at the pace planned until the match or the run ends: each turn's
        action a random legal one (the server's work is the figure, not the clients')."""
        seats: int | None = None
        sent: tuple[int, float] | None = None
        answer: asyncio.Task[None] | None = None
        me = -1
        try:
            async for frame in ws:
                message = read_host(frame, seats)
                if message["type"] == "welcome":
                    seats, me = message["seats"], message["seat"]
                if message["type"] != "update":
                    continue
                now = time.time()
                if sent is not None and message["n"] > sent[0]:
                    if self.measured(sent[1], now):
                        self.delays.append((now - sent[1]) * 1000)
                        self.actions += 1
                    sent = None
                if message["over"] or self.over():
                    break
                if me in message["to_act"] and message["legal"]:
                    action = random.choice(message["legal"])[0]
                    if answer is not None:
                        answer.cancel()

                    async def act(n: int = message["n"], action: str = action) -> None:
                        nonlocal sent
                        await asyncio.sleep(random.uniform(*self.plan.pace))
                        sent = (n, time.time())
                        await ws.send(encode({"type": "act", "seat": me, "action": action,
                                              "update": n}))
                    answer = asyncio.create_task(act())
        finally:
            if answer is not None:
                answer.cancel()
            await ws.close()


def loader(plan: Plan, seated: Any, window: Any, out: Connection) -> None:
    """A loader process: its tables made, then played until the end; its delays, action count
    and errors sent back on ``out``."""
    load = Load(plan, seated, window)

    async def run() -> None:
        tables = asyncio.gather(*(load.table(t)
                                  for t in range(plan.first, plan.first + plan.tables)))
        while not window[0]:
            await asyncio.sleep(0.5)
        gc.freeze()  # the clients' own collections would count in the delays they measure:
        gc.disable()  # none while measuring (a minute's cycles are little to keep)
        while not load.over():  # a table stuck on a refused action would wait for ever
            await asyncio.sleep(0.5)
        await asyncio.sleep(GRACE)
        tables.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await tables
    asyncio.run(run())
    out.send((load.delays, load.actions, load.errors[:20], len(load.errors)))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Servers:
    """``processes`` server processes: one reached directly, or several behind the proxy."""

    def __init__(self, processes: int) -> None:
        self.cluster: Cluster | None = None
        self.direct: subprocess.Popen[bytes] | None = None
        if processes == 1:
            port = free_port()
            self.direct = subprocess.Popen(
                [sys.executable, "-m", "net.server", "--bind", LOOPBACK, "--port", str(port),
                 "--shard", "A", *SERVER_ARGS], cwd=Path(__file__).resolve().parent.parent,
                stdout=subprocess.DEVNULL)
            deadline = time.monotonic() + START_WAIT
            while not listening(port):
                if time.monotonic() > deadline or self.direct.poll() is not None:
                    self.stop()
                    raise OSError("the server did not start")
                time.sleep(0.05)
            self.url, self.pids, self.tls = f"ws://{LOOPBACK}:{port}/", [self.direct.pid], False
        else:
            self.cluster = Cluster(processes, server_args=SERVER_ARGS)
            self.cluster.start()
            self.url, self.pids = self.cluster.url, list(self.cluster.pids().values())
            self.tls = True

    def stop(self) -> None:
        if self.cluster is not None:
            self.cluster.stop()
        if self.direct is not None:
            self.direct.terminate()
            self.direct.wait(START_WAIT)


def run(tables: int, processes: int, pace: tuple[float, float], seconds: float,
        loaders: int, churn: float = 0.0) -> dict[str, Any]:
    """One measurement on fresh server processes: its figures."""
    servers = Servers(processes)
    idle = {pid: rss_mb(pid) for pid in servers.pids}
    try:
        seated = multiprocessing.Value("i", 0)
        window = multiprocessing.Array("d", [0.0, 0.0])
        pipes, workers = [], []
        share = -(-tables // loaders)
        for i in range(loaders):
            first, count = i * share, min(share, tables - i * share)
            if count <= 0:
                break
            mine, theirs = multiprocessing.Pipe(duplex=False)
            plan = Plan(servers.url, first, count, pace, servers.tls, churn)
            worker = multiprocessing.Process(target=loader, args=(plan, seated, window, theirs))
            worker.start()
            pipes.append(mine)
            workers.append(worker)
        made = time.time()
        while seated.value < tables and time.time() - made < SETUP_WAIT:
            time.sleep(0.5)
            if int(time.time() - made) % 30 == 0:
                print(f"{seated.value} of {tables} tables seated", file=sys.stderr, flush=True)
        setup_s = time.time() - made
        start = time.time() + 2
        end = start + seconds
        window[0], window[1] = start, end
        print(f"measuring from {start:.1f} to {end:.1f} (time.time)", file=sys.stderr, flush=True)
        time.sleep(max(0.0, start - time.time()))
        cpu0 = {pid: cpu_seconds(pid) for pid in servers.pids}
        loaders0 = {w.pid: cpu_seconds(w.pid) for w in workers if w.pid is not None}
        time.sleep(max(0.0, end - time.time()))
        cpu = {pid: cpu_seconds(pid) - cpu0[pid] for pid in servers.pids}
        loaders_cpu = [cpu_seconds(pid) - used for pid, used in loaders0.items()]
        rss = {pid: rss_mb(pid) for pid in servers.pids}
        delays: list[float] = []
        actions, errors, failed = 0, [], 0
        for pipe, worker in zip(pipes, workers):
            got, n, said, count = pipe.recv()
            worker.join()
            delays += got
            actions += n
            errors += said
            failed += count
    finally:
        servers.stop()
    per_process = tables / processes
    delays.sort()
    return {
        "tables": tables, "seated": seated.value, "setup_s": round(setup_s, 1),
        "processes": processes, "pace": "human" if pace[0] else "full",
        "seconds": seconds, "churn_s": churn, "actions_per_s": round(actions / seconds, 1),
        "p50_ms": round(statistics.median(delays), 1) if delays else None,
        "p99_ms": round(delays[int(len(delays) * 0.99)], 1) if delays else None,
        "worst_ms": round(delays[-1], 1) if delays else None,
        "rss_mb": [round(r, 1) for r in rss.values()],
        "rss_idle_mb": [round(r, 1) for r in idle.values()],
        "rss_kb_per_table": round((sum(rss.values()) - sum(idle.values())) * 1024 / tables, 1),
        "cpu_pct_per_table": round(sum(cpu.values()) / seconds * 100 / tables, 3),
        "cpu_pct_per_process": [round(c / seconds * 100, 1) for c in cpu.values()],
        "loader_cpu_pct": [round(c / seconds * 100, 1) for c in loaders_cpu],
        "tables_per_process": per_process, "errors": failed, "first_errors": errors[:3],
        "loadavg": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--processes", type=int, default=1, choices=(1, 2, 3, 4))
    parser.add_argument("--pace", choices=("human", "full"), default="human")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--loaders", type=int, default=2, help="client processes")
    parser.add_argument("--find", help="full speed: table counts to try, comma-separated")
    parser.add_argument("--churn", type=float, default=0.0,
                        help="seconds after which a table's players leave and it is made again")
    args = parser.parse_args(argv)
    pace = HUMAN if args.pace == "human" else (0.0, 0.0)
    if args.find:
        served = 0
        for tables in (int(t) for t in args.find.split(",")):
            figures = run(tables, args.processes, (0.0, 0.0), args.seconds, args.loaders)
            print(json.dumps(figures), flush=True)
            if figures["p99_ms"] is None or figures["p99_ms"] >= GOAL_MS:
                break
            served = tables
        print(json.dumps({"served_at_p99_under_100ms_per_process": served / args.processes,
                          "processes": args.processes}))
        return 0
    print(json.dumps(run(args.tables, args.processes, pace, args.seconds, args.loaders,
                         args.churn)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
