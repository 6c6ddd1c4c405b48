"""Play across machines on localhost: how soon an action reaches the other players, and how many
tables one host process serves at once.

    python benchmarks/net.py [--game hokm] [--matches 2] [--seed 1]
    python benchmarks/net.py --tables 1,4,16 [--seconds 5] [--game hokm]

Delay (the default): a host and four headless clients in this process, every seat a person
played by a normal bot, nothing paced, play whole matches (``sets=1``). For each action, the
time from the moment a client sends it (`RemoteMatch.act`) to the moment each other client
takes the update it caused (`RemoteMatch.wait` wakes and `poll` returns it); p50, p99 and the
worst, in ms. The goal is p99 < 50 ms.

Tables (``--tables``): this process hosts N tables at once, each with two bot chairs and two
remote ones, bots acting at once; a second process, standing for the players' machines, runs
the 2N clients (a bot plays each). Over ``--seconds``: the actions per second all tables took
and the same delay between the two clients of each table. A table count is served while that
delay's p99 stays under 50 ms. Every address is 127.0.0.1; every loop ends by the clock.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make  # noqa: E402
from net.client import RemoteMatch  # noqa: E402
from net.host import Host  # noqa: E402

GOAL_MS = 50.0
LOOPBACK = "127.0.0.1"


class Table:
    """What the clients of one table saw: when each update was caused by a client's action,
    and when each other client took it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[int, tuple[int, float]] = {}
        """Update number -> (the seat whose action causes it, when it was sent)."""
        self.taken: dict[tuple[int, int], float] = {}
        """(update number, seat) -> when that seat first took it."""
        self.actions = 0

    def delays_ms(self) -> list[float]:
        return [(at - self.sent[n][1]) * 1000 for (n, seat), at in self.taken.items()
                if n in self.sent and self.sent[n][0] != seat]


def drive(match: RemoteMatch, table: Table, deadline: float) -> None:
    """Play ``match``'s seat with the normal bot until the game is over or ``deadline``,
    noting when actions leave and updates arrive."""
    if not match.ready(max(0.0, deadline - time.monotonic())):
        return
    seat = match.seat
    bot = make("normal", match.rules.id, match.seat + 1)
    while time.monotonic() < deadline and not match.is_over():
        legal = match.legal_actions(seat)
        if legal:
            action = bot.choose(match.observation(seat), legal)
            with table.lock:
                table.sent[match.moves + 1] = (seat, time.perf_counter())
                table.actions += 1
            match.act(seat, action)
        elif match.wait(0.5) and match.poll() is not None:
            at = time.perf_counter()
            with table.lock:
                table.taken.setdefault((match.moves, seat), at)
        elif match.connection == "closed":
            return


def play(address: str, code: str, seats: list[int], deadline: float) -> Table:
    """Clients at ``seats`` of one table, each on a thread, until ``deadline``."""
    table = Table()
    matches = [RemoteMatch(address, f"P{s}", code, s) for s in seats]
    threads = [threading.Thread(target=drive, args=(m, table, deadline)) for m in matches]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()) + 5)
    for m in matches:
        m.close()
    return table


def figures(delays: list[float]) -> dict[str, Any]:
    delays = sorted(delays)
    if not delays:
        return {"samples": 0}
    return {"samples": len(delays), "p50_ms": round(statistics.median(delays), 2),
            "p99_ms": round(delays[min(len(delays) - 1, int(len(delays) * 0.99))], 2),
            "max_ms": round(delays[-1], 2)}


def delay(game: str, matches: int, seed: int) -> dict[str, Any]:
    delays: list[float] = []
    actions = 0
    for m in range(matches):
        chairs = [{"kind": "remote", "name": f"#{s + 1}"} for s in range(4)]
        host = Host.start(game, chairs, seed + m, {"sets": 1} if game == "hokm" else {})
        address = host.open(LOOPBACK, 0)
        try:
            table = play(f"{address[0]}:{address[1]}", host.code, [0, 1, 2, 3],
                         time.monotonic() + 120)
        finally:
            host.stop()
        delays += table.delays_ms()
        actions += table.actions
    return {"mode": "delay", "game": game, "matches": matches, "actions": actions,
            **figures(delays), "goal_p99_ms": GOAL_MS}


def players(tables: list[tuple[str, str]], seconds: float,
            out: multiprocessing.Queue[Any]) -> None:
    """The players' machine: two clients at seats 1 and 3 of every table, for ``seconds``."""
    deadline = time.monotonic() + seconds
    done: list[Table] = []
    threads = [threading.Thread(target=lambda a=a, c=c: done.append(play(a, c, [1, 3],
                                                                         deadline)))
               for a, c in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 30)
    out.put((sum(t.actions for t in done), [d for t in done for d in t.delays_ms()]))


def capacity(game: str, count: int, seconds: float, seed: int) -> dict[str, Any]:
    chairs = [{"kind": "bot" if s % 2 == 0 else "remote", "name": f"#{s + 1}"}
              for s in range(4)]
    hosts = [Host.start(game, chairs, seed + i, {"sets": 3} if game == "hokm" else {})
             for i in range(count)]
    tables = []
    for host in hosts:
        address = host.open(LOOPBACK, 0)
        tables.append((f"{address[0]}:{address[1]}", host.code))
    spawn = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue[Any] = spawn.Queue()
    process = spawn.Process(target=players, args=(tables, seconds, out))
    start = time.perf_counter()
    process.start()
    try:
        client_actions, delays = out.get(timeout=seconds + 60)
    finally:
        process.join(30)
        for host in hosts:
            host.stop()
    elapsed = time.perf_counter() - start
    actions = sum(host.moves for host in hosts)
    result = figures(delays)
    return {"mode": "tables", "game": game, "tables": count, "seconds": round(elapsed, 1),
            "actions_per_s": round(actions / elapsed, 1), "client_actions": client_actions,
            **result, "served": result.get("p99_ms", GOAL_MS) < GOAL_MS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hokm")
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", help="table counts to host at once, comma-separated")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    if args.tables:
        for count in (int(n) for n in args.tables.split(",")):
            print(json.dumps(capacity(args.game, count, args.seconds, args.seed)), flush=True)
    else:
        print(json.dumps(delay(args.game, args.matches, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
