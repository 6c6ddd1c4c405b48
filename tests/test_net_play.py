"""Every game played to its end with every chair remote, over loopback, by clients that answer
every update they receive: once answering each one twice at once (the second a duplicate the
host must refuse without closing), once lagging at random before they answer (so that answers
cross each other and arrive stale). Each match ends, nobody is disconnected nor stood in for,
and every player's last update carries the host's result.

The suite plays each game's small match (`Rules.unit_options`) at its usual seat count, a
tenth of the lagging clients' answers late by 0-200 ms; the stress run (``-m stress``) plays
the fewest and the most seats of every game over two seeds (the second answering twice too),
half of every client's answers late by 0-200 ms.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game import registry
from game.bots import make
from game.core import Action
from net.host import Host
from tests.peers import Raw, serving

LAG_MS = 200
SUITE_LAG_SHARE = 0.1
SWEEP_LAG_SHARE = 0.5
"""The share of answers a lagging client delays, in the suite and in the stress sweep."""
MATCH_WAIT = 90.0
"""Seconds a whole match may take here at most (in the suite: each is a small one)."""
SWEEP_WAIT = 900.0
"""... in the stress sweep, where eight lagging players may take 2,000 actions (Bourse)."""


class Player:
    """One seat's client on a thread of its own: a normal bot answers every update that offers
    the seat an action, from that update's observation and legal actions, ``twice`` over or
    after a random ``lag`` (the share of answers delayed)."""

    def __init__(self, address: str, code: str, game: str, seat: int, seed: int,
                 twice: bool, lag: float, wait: float) -> None:
        self.raw = Raw(address, code, {"name": f"P{seat}", "seat": seat})
        self.seat = seat
        self.bot = make("normal", game, seed * 31 + seat + 1)
        self.twice = twice
        self.lag = lag
        self.rng = random.Random(seed * 100 + seat)
        self.result: dict[str, Any] | None = None
        self.fatal: list[str] = []
        self.answers = 0
        self.wait = wait
        self.thread = threading.Thread(target=self.run, name=f"player-{seat}")
        self.thread.start()

    def run(self) -> None:
        deadline = time.monotonic() + self.wait
        try:
            while time.monotonic() < deadline:
                message = self.raw.next()
                if message["type"] == "refused" and message["fatal"]:
                    self.fatal.append(message["reason"])
                    return
                if message["type"] != "update":
                    continue
                if message["over"]:
                    self.result = message["result"]
                    return
                if message["legal"]:
                    self.answer(message)
        except (OSError, ConnectionClosed) as e:  # the host went silent or closed the socket
            self.fatal.append(repr(e))
        finally:
            self.raw.close()

    def answer(self, update: dict[str, Any]) -> None:
        if self.lag and self.rng.random() < self.lag:
            time.sleep(self.rng.uniform(0, LAG_MS / 1000))
        legal = [Action(*code.split(" ", 1)) for code, _ in update["legal"]]
        action = str(self.bot.choose(update["observation"], legal))
        for _ in range(2 if self.twice else 1):
            self.raw.act(self.seat, action, update["n"])
            self.answers += 1


def play_remote(game: str, seats: int, seed: int, twice: bool, lag: float,
                wait: float = MATCH_WAIT) -> None:
    """``game`` at ``seats`` chairs, every one remote, played to its end by `Player` clients
    within ``wait`` seconds."""
    rules = registry.get(game)
    chairs = [{"kind": "remote", "name": f"#{s + 1}"} for s in range(seats)]
    host = Host.start(game, chairs, seed, dict(rules.unit_options))
    with serving(host) as address:
        players = [Player(address, host.code, game, s, seed, twice, lag, wait)
                   for s in range(seats)]
        deadline = time.monotonic() + wait
        while not host.referee.finished.wait(0.05) and time.monotonic() < deadline:
            assert not any(p.fatal for p in players), [p.fatal for p in players]
        assert host.referee.finished.is_set(), f"{game} at move {host.referee.moves} did not end"
        for p in players:
            p.thread.join(wait)
        hosted = host.result()
        assert not host.referee.standins, "a bot stood in: a player was dropped"
    assert [p.fatal for p in players] == [[]] * seats, "an honest player was disconnected"
    assert [p.result for p in players] == [hosted] * seats


@pytest.mark.parametrize("game", registry.ids())
def test_every_chair_remote_answering_every_update_twice(game: str) -> None:
    play_remote(game, registry.get(game).usual_seats, 5, twice=True, lag=0)


@pytest.mark.parametrize("game", registry.ids())
def test_every_chair_remote_with_players_who_lag(game: str) -> None:
    play_remote(game, registry.get(game).usual_seats, 6, twice=False, lag=SUITE_LAG_SHARE)


@pytest.mark.stress
@pytest.mark.parametrize("game", registry.ids())
def test_every_chair_remote_at_every_table_size_lagging_often(game: str) -> None:
    counts = registry.get(game).seat_counts
    for seats in sorted({min(counts), max(counts)}):
        for seed in (1, 2):
            play_remote(game, seats, seed, twice=seed == 2, lag=SWEEP_LAG_SHARE,
                        wait=SWEEP_WAIT)
