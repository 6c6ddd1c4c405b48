"""Play across machines on localhost: how soon an action reaches the other players, how many
tables one host process serves at once, and what attacks cost the host.

    python benchmarks/net.py [--game hokm] [--matches 2] [--seed 1]
    python benchmarks/net.py --tables 1,4,16 [--seconds 5] [--game hokm]
    python benchmarks/net.py --attack all [--seconds 20]       # or none, flood, slow, guess, storm

Delay (the default): a host and four headless clients in this process, every seat a person
played by a normal bot, nothing paced, play whole matches (``sets=1``). For each action, the
time from the moment a client sends it (`RemoteMatch.act`) to the moment each other client
takes the update it caused (`RemoteMatch.wait` wakes and `poll` returns it); p50, p99 and the
worst, in ms. The goal is p99 < 50 ms.

Tables (``--tables``): this process hosts N tables at once, each with two bot chairs and two
remote ones, bots acting at once; a second process, standing for the players' machines, runs
the 2N clients (a bot plays each). Over ``--seconds``: the actions per second all tables took
and the same delay between the two clients of each table. A table count is served while that
delay's p99 stays under 50 ms.

Attacks (``--attack``): the host runs in a process of its own with the home table's limits
(`net.limits.Limits`), three honest players in this one play a Hokm match (``sets=1``, the
host's bots paced 0) while an attacker in a third process does one thing for ``--seconds`` at
most (or until the match ends):

- ``flood``: seated at the fourth chair, plays its turns and, in between, sends a refused
  action as fast as the socket takes it;
- ``slow``: seated at the fourth chair, sends refused actions and reads nothing (a 4 KB
  receive buffer): the host cuts it off once its queue is full, and a bot takes the seat;
- ``guess``: from eight loopback addresses, tries wrong table codes as fast as it is let;
- ``storm``: opens 3,000 connections from one address and says nothing;
- ``none``: nothing, for the baseline.

Each prints one JSON line: the host's peak RSS (MB), the honest players' action-to-update
delay (p50, p99, worst, ms), whether their match ended with the host's result, and for each
attack what it did and what it was let do: refused actions sent and refusals answered, whether
the slow reader was cut off, wrong codes checked per second, connections let in. Every address
is on the loopback range (127.0.0.x); every loop ends by the clock.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import socket
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import make
from game.core import Action
from game.shapes import Chair
from net import proof
from net.client import RemoteMatch
from net.host import Host
from net.protocol import encode, read_host

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
    return play_at([(address, code, seat) for seat in seats], deadline)


def play_at(places: list[tuple[str, str, int]], deadline: float) -> Table:
    """A client at each ``(address, table code, seat)`` of one table, each on a thread,
    played by the normal bot until the game is over or ``deadline``."""
    table = Table()
    matches = [RemoteMatch(address, f"P{seat}", code, seat) for address, code, seat in places]
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
        chairs: list[Chair] = [{"kind": "remote", "name": f"#{s + 1}"} for s in range(4)]
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
    chairs: list[Chair] = [{"kind": "bot" if s % 2 == 0 else "remote", "name": f"#{s + 1}"}
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
    actions = sum(host.referee.moves for host in hosts)
    result = figures(delays)
    return {"mode": "tables", "game": game, "tables": count, "seconds": round(elapsed, 1),
            "actions_per_s": round(actions / elapsed, 1), "client_actions": client_actions,
            **result, "served": result.get("p99_ms", GOAL_MS) < GOAL_MS}


ATTACKS = ("none", "flood", "slow", "guess", "storm")
STORM = 3000
GUESSERS = [f"127.0.0.{i}" for i in range(2, 10)]


def hosting(attack: str, seed: int, out: multiprocessing.Queue[Any], stop: Any) -> None:
    """The host's process: a Hokm match for three honest players and the attacker's chair
    (a bot where the attack takes no seat); its address, code, then its figures."""
    seated = attack in ("flood", "slow")
    chairs: list[Chair] = [{"kind": "remote" if s < 3 or seated else "bot", "name": f"#{s + 1}"}
                           for s in range(4)]
    host = Host.start("hokm", chairs, seed, {"sets": 1}, wait=2.0)
    address = host.open(LOOPBACK, 0)
    out.put((f"{address[0]}:{address[1]}", host.code))
    stop.wait(600)
    figures_ = {"host_peak_rss_mb": peak_rss_mb(),
                "result": host.result(), "turned_away": host.gate.turned_away,
                "most_open": host.gate.peak,
                "wrong_codes_checked": host.guesses.total,
                "stood_in": sorted(host.referee.standins)}
    host.stop()
    out.put(figures_)


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB: Linux's VmHWM (its own, where ru_maxrss of
    a spawned process starts from its parent's), else ru_maxrss."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource  # not on Windows

    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KB elsewhere
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2 ** 20, 1)


def dial(address: str, source: str = LOOPBACK, rcvbuf: int | None = None) -> ClientConnection:
    host, _, port = address.rpartition(":")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(10)
    sock.bind((source, 0))
    sock.connect((host, int(port)))
    return connect(f"ws://{address}", sock=sock, open_timeout=10)


def prove(ws: ClientConnection, code: str, seat: int) -> bool:
    """Knock with ``code``'s half of the exchange and, once the host answers with its own,
    say hello for ``seat`` with the proof; whether the host answered (else it refused the
    knock: it checks no code from this address for now)."""
    half = proof.Half(code)
    ws.send(encode({"type": "knock", "pake": half.message}))
    challenge = read_host(ws.recv(timeout=10), None)
    if challenge["type"] != "challenge":
        return False
    key = half.key(challenge["pake"])
    ws.send(encode({"type": "hello", "name": "Eve", "seat": seat, "token": None,
                    "proof": proof.joiner_proof(key, challenge["pake"], half.message)}))
    return True


def seated(address: str, code: str, seat: int, source: str = LOOPBACK,
           rcvbuf: int | None = None) -> ClientConnection:
    """A connection that proves ``code`` and takes ``seat``."""
    ws = dial(address, source, rcvbuf)
    prove(ws, code, seat)
    return ws


def flood(ws: ClientConnection, latest: list[int], until: float,
          over: threading.Event) -> int:
    """Refused actions (``play ZZ`` for the latest update seen), as fast as the socket takes
    them; how many were sent."""
    sent = 0
    try:
        while time.monotonic() < until and not over.is_set():
            ws.send(encode({"type": "act", "seat": 3, "action": "play ZZ",
                            "update": latest[0]}))
            sent += 1
    except (ConnectionClosed, OSError):
        pass
    return sent


def attacking(attack: str, address: str, code: str, seconds: float,
              out: multiprocessing.Queue[Any]) -> None:
    """The attacker's process (see the module docstring); what it did."""
    until = time.monotonic() + seconds
    if attack in ("flood", "slow"):
        ws = seated(address, code, 3, rcvbuf=4096 if attack == "slow" else None)
        latest, refusals, over = [0], [0], threading.Event()
        while True:
            message = read_host(ws.recv(timeout=30), 4)
            if message["type"] == "update":
                latest[0] = message["n"]
                break
        if attack == "flood":
            bot = make("normal", "hokm", 4)

            def read() -> None:
                try:
                    while not over.is_set():
                        message = read_host(ws.recv(timeout=30), 4)
                        refusals[0] += message["type"] == "refused"
                        if message["type"] != "update":
                            continue
                        latest[0] = message["n"]
                        if message["over"]:
                            over.set()
                        elif message["legal"]:
                            legal = [Action(*c.split(" ", 1)) for c, _ in message["legal"]]
                            ws.send(encode({"type": "act", "seat": 3, "update": message["n"],
                                            "action": str(bot.choose(message["observation"],
                                                                     legal))}))
                except (ConnectionClosed, OSError):
                    over.set()

            reader = threading.Thread(target=read, daemon=True)
            reader.start()
        sent = flood(ws, latest, until, over)
        if attack == "flood":
            over.wait(max(0.0, until - time.monotonic()) + 30)
        ws.close()
        out.put({"refused_actions_sent": sent, "refusals_answered": refusals[0]}
                if attack == "flood" else {"refused_actions_sent": sent})
    elif attack == "guess":
        tried = [0]

        def guess(source: str) -> None:
            rng = random.Random(source)
            while time.monotonic() < until:
                wrong = "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in code)
                try:
                    with dial(address, source) as ws:
                        if prove(ws, wrong, 3):
                            ws.recv(timeout=10)  # refused: a wrong code
                except (ConnectionClosed, OSError):
                    continue
                tried[0] += 1
        threads = [threading.Thread(target=guess, args=(s,)) for s in GUESSERS]
        for t in threads:
            t.start()
        for t in threads:
            t.join(seconds + 30)
        out.put({"guessers": len(GUESSERS), "codes_tried": tried[0]})
    elif attack == "storm":
        held: list[socket.socket] = []
        where, _, port = address.rpartition(":")
        for _ in range(STORM):
            try:
                held.append(socket.create_connection((where, int(port)), timeout=10))
            except OSError:
                break
        time.sleep(max(0.0, until - time.monotonic()))
        for sock in held:
            sock.close()
        out.put({"connections_opened": len(held)})
    else:
        out.put({})


def attack_run(attack: str, seconds: float, seed: int) -> dict[str, Any]:
    spawn = multiprocessing.get_context("spawn")
    host_out: multiprocessing.Queue[Any] = spawn.Queue()
    stop = spawn.Event()
    host = spawn.Process(target=hosting, args=(attack, seed, host_out, stop))
    host.start()
    address, code = host_out.get(timeout=60)
    honest = Table()
    matches = [RemoteMatch(address, f"P{s}", code, s) for s in range(3)]
    threads = [threading.Thread(target=drive, args=(m, honest, time.monotonic() + 600))
               for m in matches]
    for t in threads:
        t.start()
    for m in matches:
        m.ready(30)
    attacker_out: multiprocessing.Queue[Any] = spawn.Queue()
    attacker = spawn.Process(target=attacking, args=(attack, address, code, seconds,
                                                     attacker_out))
    attacker.start()
    for t in threads:
        t.join(600)
    results = [m.result() for m in matches]
    for m in matches:
        m.close()
    did = attacker_out.get(timeout=seconds + 120)
    attacker.join(30)
    stop.set()
    hosted = host_out.get(timeout=60)
    host.join(30)
    if attack == "guess":  # the host's count: every wrong code it checked
        did["guesses_per_s_allowed"] = round(hosted["wrong_codes_checked"] / seconds, 3)
    return {"mode": "attack", "attack": attack, "seconds": seconds,
            "host_peak_rss_mb": hosted["host_peak_rss_mb"], **figures(honest.delays_ms()),
            "honest_match_ended_with_hosts_result": results == [hosted["result"]] * 3,
            **did, "host_turned_away": hosted["turned_away"],
            "host_most_connections_open": hosted["most_open"],
            "host_checked_wrong_codes": hosted["wrong_codes_checked"],
            "bot_stood_in_for": hosted["stood_in"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hokm")
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", help="table counts to host at once, comma-separated")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--attack", choices=[*ATTACKS, "all"],
                        help="an attack beside an honest match (see the docstring)")
    args = parser.parse_args()
    if args.attack:
        for attack in ATTACKS if args.attack == "all" else [args.attack]:
            print(json.dumps(attack_run(attack, args.seconds, args.seed)), flush=True)
    elif args.tables:
        for count in (int(n) for n in args.tables.split(",")):
            print(json.dumps(capacity(args.game, count, args.seconds, args.seed)), flush=True)
    else:
        print(json.dumps(delay(args.game, args.matches, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
