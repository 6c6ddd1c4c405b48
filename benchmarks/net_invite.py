"""Invitations over the internet on localhost: how soon a typed code shows the table, how soon an
action reaches the others through the relay, and what the link costs the host.

    python benchmarks/net_invite.py [--joins 50] [--matches 1] [--seed 1] [--direct loopback]

A mailbox and a transit relay (`net.rendezvous`) run on 127.0.0.1; every link offers 127.0.0.1
alone for a direct connection (``--direct loopback``) or nothing (``relay``).

- ``join``: ``--joins`` times, a host with one seat to invite (the others bots) opens an
  invitation; the time from the code typed (`net.invite.join`) to the table shown (the first
  update a `RemoteMatch` through the link takes): p50, p99 and the worst, in ms.
- ``relay``: four friends, every link forced through the relay, play ``--matches`` whole Hokm
  matches (``sets=1``, normal bots): the time from one friend's action to each other friend's
  update, as ``benchmarks/net.py`` measures it on the LAN; p50, p99, the worst.
- ``host``: the same match hosted in a process of its own, its four players joining once on
  the LAN (websockets to the listener) and once through links (relay): that process's CPU
  time and peak memory (VmHWM) each way, and what the link adds.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.shapes import Chair
from benchmarks.net import figures, play_at
from net.client import RemoteMatch
from net.host import Host
from net.invite import Inviter, Joined, LinkSettings, join
from net.rendezvous import Servers

LOOPBACK = "127.0.0.1"
MATCH_WAIT = 300.0
"""Seconds at most one match may take."""


def bots_but(seats: int, invited: list[int]) -> list[Chair]:
    return [{"kind": "remote", "name": f"#{s + 1}"} if s in invited
            else {"kind": "bot", "name": f"Bot {s + 1}", "level": "normal"}
            for s in range(seats)]


def joins(settings: LinkSettings, count: int, seed: int) -> dict[str, Any]:
    """Code typed to table shown, ``count`` times."""
    shown: list[float] = []
    for i in range(count):
        host = Host.start("hokm", bots_but(4, [1]), seed + i, {"sets": 1}, pace=1.0)
        host.open(LOOPBACK, 0)
        inviter = Inviter(host, settings)
        joined: Joined | None = None
        match: RemoteMatch | None = None
        try:
            code = inviter.invite(1).code
            start = time.perf_counter()
            joined = join(code, settings)
            match = RemoteMatch(joined.address, "Sara", joined.code, joined.seat)
            if match.ready(30) and match.wait(30) and match.poll() is not None:
                shown.append((time.perf_counter() - start) * 1000)
        finally:
            if match is not None:
                match.close()
            if joined is not None:
                joined.close()
            inviter.close()
            host.stop()
    return {"mode": "join", "direct": settings.direct, "joins": count, **figures(shown)}


def through_links(host: Host, settings: LinkSettings, seats: list[int]
                  ) -> tuple[Inviter, list[Joined]]:
    inviter = Inviter(host, settings)
    codes = [inviter.invite(seat).code for seat in seats]
    return inviter, [join(code, settings) for code in codes]


def relay_delay(settings: LinkSettings, matches: int, seed: int) -> dict[str, Any]:
    """Action to update, every friend through the relay."""
    delays: list[float] = []
    actions = 0
    for m in range(matches):
        host = Host.start("hokm", bots_but(4, [0, 1, 2, 3]), seed + m, {"sets": 1})
        host.open(LOOPBACK, 0)
        inviter, links = through_links(host, settings, [0, 1, 2, 3])
        try:
            table = play_at(at(links), time.monotonic() + MATCH_WAIT)
        finally:
            for joined in links:
                joined.close()
            inviter.close()
            host.stop()
        delays += table.delays_ms()
        actions += table.actions
    return {"mode": "relay", "matches": matches, "actions": actions, **figures(delays)}


def at(links: list[Joined]) -> list[tuple[str, str, int]]:
    """Where each link's friend joins: its loopback address, the table code, the seat."""
    return [(j.address, j.code, j.seat) for j in links]


def peak_kib() -> int:
    """This process's peak memory in KiB: Linux's VmHWM, which starts anew with the process
    (ru_maxrss, the fallback elsewhere, keeps the parent's peak across the spawn's exec)."""
    try:
        status = Path("/proc/self/status").read_text()
        return int(next(line.split()[1] for line in status.splitlines()
                        if line.startswith("VmHWM:")))
    except (OSError, StopIteration):
        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def hosting(way: str, settings: LinkSettings, seed: int, out: Any) -> None:
    """The host's process: one match, its players joining ``way`` (``lan`` or ``link``);
    puts where to join, then this process's CPU seconds and peak memory in KiB."""
    host = Host.start("hokm", bots_but(4, [0, 1, 2, 3]), seed, {"sets": 1})
    address = host.open(LOOPBACK, 0)
    inviter = None
    if way == "link":
        inviter = Inviter(host, settings)
        out.put([inviter.invite(seat).code for seat in range(4)])
    else:
        out.put([f"{address[0]}:{address[1]}", host.code])
    host.referee.finished.wait(MATCH_WAIT)
    time.sleep(1.0)
    if inviter is not None:
        inviter.close()
    host.stop()
    times = os.times()
    out.put({"cpu_s": round(times.user + times.system, 3), "peak_kib": peak_kib(),
             "wormhole_loaded": "wormhole" in sys.modules})


def host_cost(settings: LinkSettings, seed: int) -> dict[str, Any]:
    """The host's CPU and memory for one match, on the LAN and through links."""
    spawn = multiprocessing.get_context("spawn")
    costs: dict[str, Any] = {}
    for way in ("lan", "link"):
        out: Any = spawn.Queue()
        process = spawn.Process(target=hosting, args=(way, settings, seed, out))
        process.start()
        where = out.get(timeout=60)
        links: list[Joined] = []
        try:
            if way == "link":
                links = [join(code, settings) for code in where]
                play_at(at(links), time.monotonic() + MATCH_WAIT)
            else:
                play_at([(where[0], where[1], seat) for seat in range(4)],
                        time.monotonic() + MATCH_WAIT)
        finally:
            for joined in links:
                joined.close()
        costs[way] = out.get(timeout=MATCH_WAIT)
        process.join(30)
    return {"mode": "host", **{f"{way}_{k}": v for way, c in costs.items()
                               for k, v in c.items()},
            "link_adds_cpu_s": round(costs["link"]["cpu_s"] - costs["lan"]["cpu_s"], 3),
            "link_adds_kib": costs["link"]["peak_kib"] - costs["lan"]["peak_kib"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joins", type=int, default=50)
    parser.add_argument("--matches", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--direct", default="loopback", choices=["loopback", "relay"],
                        help="how the joins connect (the delay and cost go through the relay)")
    parser.add_argument("--only", choices=["join", "relay", "host"], help="one measure alone")
    args = parser.parse_args()
    with Servers() as servers:
        def settings(direct: str) -> LinkSettings:
            return LinkSettings(mailbox=servers.mailbox, relay=servers.relay, direct=direct)

        if args.only in (None, "join"):
            print(json.dumps(joins(settings(args.direct), args.joins, args.seed)), flush=True)
        if args.only in (None, "relay"):
            print(json.dumps(relay_delay(settings("relay"), args.matches, args.seed)),
                  flush=True)
        if args.only in (None, "host"):
            print(json.dumps(host_cost(settings("relay"), args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
