"""The table server as it is deployed: `cardtable-server` processes behind HAProxy running the
shipped configuration (``deploy/haproxy.cfg``; `net.cluster` fills in only its ports and
paths), over TLS on loopback. Whole matches played through it by headless clients equal the
same seeds played locally; a forged token, a wrong code, a flood and a slow reader are refused
without harm to another table; a server process killed mid-match ends its tables for their
players within seconds while the other process's tables play on.

It needs HAProxy (Debian's package: `.ci/run` installs it where it is missing).
"""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from net.client import GONE_AFTER, RemoteMatch, play_headless
from net.cluster import Cluster
from tests.peers import (HOKM, WAIT, Raw, chairs, create, local_result, play_all)

SERVER = ["--allow-seed", "--pace", "0", "--keepalive", "1", "--creates-per-min", "600"]
"""The processes' settings here: bots at once, creators choosing the deal (to replay it), pings
each second (a player who does not read is found within two), and as many tables from one
address as the tests make."""
MATCH = 120.0
"""Seconds a whole match may take here at most."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    with Cluster(2, server_args=SERVER) as running:
        yield running


@pytest.mark.parametrize("game, options, seed", [
    ("hokm", HOKM, 11),  # a whole match
    ("bidel", {"length": "deal"}, 4),  # a deal, its pass to the right first
    ("taki", {"match": "round"}, 6),  # a round
])
def test_a_match_played_through_the_proxy_equals_the_local_run_of_its_seed(
        cluster: Cluster, game: str, options: dict[str, Any], seed: int) -> None:
    creator = create(cluster.url, game=game, options=options, seed=seed,
                     seats=chairs("person", "remote", "remote", "remote"), tls=cluster.tls)
    assert creator.code[0] in cluster.shards
    results = play_all(cluster.url, creator, [1, 2, 3], seed, cluster.tls, MATCH)
    assert results == [local_result(game, seed, 4, options)] * 4


def test_the_link_form_of_a_code_opens_a_page_that_says_how_to_join(cluster: Cluster) -> None:
    site = cluster.url.replace("wss://", "https://")
    with urllib.request.urlopen(f"{site}join/AK7-QXP-3MN", context=cluster.tls,
                                timeout=WAIT) as page:
        text = page.read().decode("utf-8")
    assert "AK7-QXP-3MN" in text and "بازی آنلاین" in text and "Play online" in text
    for path in ("join/<b>AK7-QXP-3MN</b>", "admin", "t/AB"):
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(f"{site}{path}", context=cluster.tls, timeout=WAIT)
        assert answer.value.code == 404


def attacked_table(cluster: Cluster) -> tuple[RemoteMatch, threading.Thread]:
    """A table whose creator plays on (a bot, headless) while strangers attack it (each from an
    address of its own: 127.0.0.5 and on stand for other machines)."""
    creator = create(cluster.url, name="Ali", seed=None, in_order=False, tls=cluster.tls,
                     seats=chairs("person", "remote", "remote", "remote"))
    thread = threading.Thread(target=play_headless, args=(creator,), kwargs={"timeout": MATCH})
    thread.start()
    return creator, thread


def test_attacks_on_one_table_are_refused_without_harm_to_another(cluster: Cluster) -> None:
    honest = create(cluster.url, seats=chairs("person", "remote", "bot", "remote"),
                    tls=cluster.tls)
    results: list[Any] = []
    playing = threading.Thread(target=lambda: results.extend(
        play_all(cluster.url, honest, [1, 3], 11, cluster.tls, MATCH)))
    playing.start()
    target, creator = attacked_table(cluster)
    url, code, tls = cluster.url, target.code, cluster.tls
    try:
        forger = Raw(url, code, {"token": "F" * 32}, tls=tls, source="127.0.0.5")
        assert "token is for no seat" in forger.closed_with()
        forger.close()
        guesser = Raw(url, code, {}, tls=tls, source="127.0.0.6",
                      proven=code[:-1] + ("A" if code[-1] != "A" else "B"))
        assert "wrong table code" in guesser.closed_with()
        guesser.close()
        slow = Raw(url, code, {"seat": 2, "name": "Slow"}, tls=tls, rcvbuf=4096, max_queue=1,
                   source="127.0.0.7")
        flooder = Raw(url, code, {"seat": 1, "name": "Flood"}, tls=tls, source="127.0.0.8")
        latest = flooder.until("update")
        sent = 0
        deadline = time.monotonic() + 3
        try:  # refused actions as fast as the socket takes them, reading nothing
            while time.monotonic() < deadline:
                flooder.act(1, "play ZZ", latest["n"])
                sent += 1
        except (ConnectionClosed, OSError):  # cut off: what it was sent waits unread
            pass
        deadline = time.monotonic() + WAIT
        while True:  # neither reader answers a ping: cut off, their seats reconnecting
            with target._lock:
                state = list(target.status)
            if state and state[1] != "connected" and state[2] != "connected":
                break
            assert time.monotonic() < deadline, f"the flooder or the slow reader was kept: " \
                f"{state}"
            time.sleep(0.1)
        assert sent > 100
        with pytest.raises(ConnectionClosed):
            for _ in range(1000):
                slow.next()
        slow.close()
        flooder.close()
    finally:
        target.close()
        creator.join(MATCH)
        playing.join(MATCH + 10)
    assert results == [local_result("hokm", 11, 4, HOKM)] * 3


def test_a_killed_process_ends_its_tables_within_seconds_and_the_others_play_on() -> None:
    with Cluster(2, server_args=[*SERVER, "--pace", "0.05"]) as cluster:
        tables: dict[str, RemoteMatch] = {}
        while len(tables) < 2:  # a new table goes to each process in turn
            made = create(cluster.url, seats=chairs("person", "remote", "bot", "bot"),
                          seed=7, tls=cluster.tls)
            if made.code[0] in tables:
                made.close()
            else:
                tables[made.code[0]] = made
        doomed, living = tables["A"], tables["B"]
        friend = RemoteMatch(cluster.url, "Sara", doomed.code, tls=cluster.tls)
        assert friend.ready(WAIT)
        doomed_play = [threading.Thread(target=play_headless, args=(m,),
                                        kwargs={"timeout": MATCH}) for m in (doomed, friend)]
        for t in doomed_play:
            t.start()
        results: list[Any] = []
        living_play = threading.Thread(target=lambda: results.extend(
            play_all(cluster.url, living, [1], 7, cluster.tls, MATCH)))
        living_play.start()
        while doomed.moves < 5:  # mid-match
            assert not doomed.is_over()
            time.sleep(0.05)
        cluster.kill("A")
        killed = time.monotonic()
        for t in doomed_play:
            t.join(WAIT + GONE_AFTER)
        told = time.monotonic() - killed
        for player in (doomed, friend):
            assert player.connection == "closed" and player.gone, player.problem
            assert not player.is_over()
            player.close()
        assert told < GONE_AFTER + 5, f"its players were told after {told:.1f} s"
        living_play.join(MATCH + 10)
    assert results == [local_result("hokm", 7, 4, HOKM)] * 2
