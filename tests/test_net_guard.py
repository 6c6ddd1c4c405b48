"""A hostile peer can neither swamp nor trick the host: connection caps, the hello deadline,
bounded queues and refusal rates, wrong codes limited per address and per table, and a proof of
the code that a forger learns nothing from. Each attack runs beside honest players, whose match
goes on and ends with the host's result.

The limits' bookkeeping is tested on a clock of its own; every socket is on the loopback range
(127.0.0.2 and 127.0.0.3 stand for other machines), and every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.bots import make
from game.core import Action
from net import proof
from net.client import NOT_THE_TABLE, RemoteMatch
from net.host import Host
from net.limits import Bucket, Gate, Guesses, Limits
from net.protocol import encode
from tests.peers import LOOPBACK, WAIT, Honest, Raw, bots_and_remotes, dial, serving, tcp


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_gives_its_burst_then_its_rate() -> None:
    clock = Clock()
    bucket = Bucket(3, 2.0, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.wait() == pytest.approx(0.5)
    clock.now += 0.5
    assert bucket.take() and not bucket.take()
    clock.now += 100
    assert sum(bucket.take() for _ in range(10)) == 3


def test_the_gate_caps_connections_in_total_and_per_address() -> None:
    gate = Gate(Limits(connections=3, per_address=2))
    assert [gate.admit("a"), gate.admit("a"), gate.admit("a")] == [True, True, False]
    assert gate.admit("b") and not gate.admit("c")  # three in all
    gate.release("a")
    assert gate.admit("c") and gate.turned_away == 2


def test_wrong_codes_double_an_addresss_wait_and_drain_the_tables_bucket() -> None:
    clock = Clock()
    told: list[tuple[str, int]] = []
    guesses = Guesses(Limits(backoff_first=1.0, backoff_most=8.0, table_guesses=5,
                             table_guesses_per_min=6.0), clock,
                      lambda address, n: told.append((address, n)))
    waits = []
    for _ in range(5):
        guesses.wrong("a")
        waits.append(guesses.by_address["a"].until - clock.now)
    assert waits == [1.0, 2.0, 4.0, 8.0, 8.0]  # doubled, at most backoff_most
    assert told == [("a", n) for n in range(1, 6)] and guesses.last == "a"
    assert guesses.wait("b") == pytest.approx(10.0)  # the table's five are gone: one in 10 s
    clock.now += 10
    assert guesses.wait("b") == 0 and guesses.wait("a") == 0
    guesses.right("a")
    assert "a" not in guesses.by_address


@contextmanager
def hokm_table(limits: Limits, remote: list[int], wait: float = 60.0) -> Iterator[tuple[Host, str]]:
    host = Host.start("hokm", bots_and_remotes(4, remote), 7, {"sets": 1}, wait=wait,
                      limits=limits)
    with serving(host) as address:
        yield host, address


def test_a_connection_storm_is_turned_away_at_the_door_and_idle_ones_closed() -> None:
    limits = Limits(connections=12, per_address=6, hello_wait=1.0)
    with hokm_table(limits, [1, 2]) as (host, address):
        honest = Honest(address, host.code, [1, 2])
        honest.seated(host)
        storm = [tcp(address) for _ in range(40)]  # never a word: each holds a socket
        try:
            deadline = time.monotonic() + WAIT
            while host.gate.turned_away < 30:  # two are seated: four more at most at once
                assert time.monotonic() < deadline, "the storm was let in"
                time.sleep(0.01)
            assert host.gate.peak <= limits.per_address
            other = Raw(address, host.code, {"seat": 0}, source="127.0.0.2")  # let in
            assert "not open to players" in other.closed_with()
            other.close()
            deadline = time.monotonic() + WAIT
            while host.gate.open.get(LOOPBACK, 0) > 2:  # the idle ones, after hello_wait
                assert time.monotonic() < deadline, "idle connections were not closed"
                time.sleep(0.05)
        finally:
            for sock in storm:
                sock.close()
        assert honest.results() == [host.result()] * 2


def test_a_connection_that_says_no_hello_is_refused_after_the_deadline() -> None:
    with hokm_table(Limits(hello_wait=0.3), [1]) as (host, address), dial(address) as ws:
        ws.send(encode({"type": "knock", "pake": proof.Half(host.code).message}))
        assert '"challenge"' in str(ws.recv(timeout=WAIT))
        refusal = str(ws.recv(timeout=WAIT))
        assert "no hello within" in refusal
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=WAIT)


def flood(raw: Raw, seat: int, latest: list[int], until: threading.Event,
          most: int = 10 ** 6) -> int:
    """Send ``seat``'s refused action (``play ZZ``, answering the latest update seen) as fast
    as the socket takes it, until ``until``, ``most`` sent or the connection closed; how many
    were sent."""
    sent = 0
    try:
        while not until.is_set() and sent < most:
            raw.act(seat, "play ZZ", latest[0])
            sent += 1
    except (ConnectionClosed, OSError):
        pass
    return sent


def test_a_flood_of_refused_actions_is_answered_at_the_refusals_rate() -> None:
    """The flooder plays its own turns (a bot answers each update that offers it one), and
    in between sends a refused action as fast as it can."""
    limits = Limits(refusals_burst=10, refusals_per_s=200.0, frames_burst=10 ** 6,
                    frames_per_s=10 ** 6)  # every frame read: the answers are what is limited
    with hokm_table(limits, [1, 2, 3]) as (host, address):
        honest = Honest(address, host.code, [1, 2])
        flooder = Raw(address, host.code, {"seat": 3})
        latest, refusals, over = [0], [0], threading.Event()
        bot = make("normal", "hokm", 3)

        def read() -> None:
            while not over.is_set():
                message = flooder.next()
                refusals[0] += message["type"] == "refused"
                if message["type"] == "update":
                    latest[0] = message["n"]
                    if message["over"]:
                        over.set()
                    elif message["legal"]:
                        legal = [Action(*c.split(" ", 1)) for c, _ in message["legal"]]
                        flooder.act(3, str(bot.choose(message["observation"], legal)),
                                    message["n"])

        reader = threading.Thread(target=read)
        reader.start()
        start = time.monotonic()
        sent = flood(flooder, 3, latest, over, 1000)
        reader.join(WAIT)
        seconds = time.monotonic() - start  # the host answered within them
        flooder.close()
        assert honest.results() == [host.result()] * 2
        assert sent == 1000
        assert refusals[0] <= limits.refusals_burst + seconds * limits.refusals_per_s + 1


def test_a_player_whose_queue_overflows_is_cut_off_and_a_bot_plays_on() -> None:
    """The flood again, read and answered at any rate, from a player who reads nothing: what
    waits for it reaches `Limits.outbox_bytes`, it is cut off, and a bot takes its seat."""
    limits = Limits(outbox_bytes=16 * 1024, refusals_burst=10 ** 6, refusals_per_s=10 ** 6,
                    frames_burst=10 ** 6, frames_per_s=10 ** 6)
    with hokm_table(limits, [1, 2, 3], wait=0.1) as (host, address):
        honest = Honest(address, host.code, [1, 2])
        honest.seated(host)
        sleeper = Raw(address, host.code, {"seat": 3}, rcvbuf=4096)
        latest = [sleeper.until("update")["n"]]  # the last it reads
        sent = flood(sleeper, 3, latest, host.referee.finished)
        sleeper.close()
        assert honest.results() == [host.result()] * 2
        assert 3 in host.referee.standins and sent > 0  # cut off, then stood in for


def test_a_player_who_answers_no_ping_is_cut_off_and_a_bot_plays_on() -> None:
    """A seated player who reads nothing and sends nothing (its socket unread once a frame
    waits) answers no ping: after `Limits.keepalive` it is cut off, a bot takes its seat."""
    with hokm_table(Limits(keepalive=0.5), [1, 2, 3], wait=0.1) as (host, address):
        honest = Honest(address, host.code, [1, 2])
        honest.seated(host)
        sleeper = Raw(address, host.code, {"seat": 3}, max_queue=1)
        try:
            assert honest.results() == [host.result()] * 2
            assert 3 in host.referee.standins
        finally:
            sleeper.close()


def test_a_flood_is_read_no_faster_than_the_updates_it_is_sent() -> None:
    """A seated flooder who reads nothing: the host reads at most `Limits.frames_burst`
    frames and `Limits.frames_per_update` for each update it sends it; the rest wait in the
    flooder's socket, and the honest players' match goes on."""
    limits = Limits(frames_burst=5, frames_per_update=1, frames_per_s=0.01, keepalive=1.0)
    with hokm_table(limits, [1, 2, 3], wait=0.1) as (host, address):
        honest = Honest(address, host.code, [1, 2])
        honest.seated(host)
        flooder = Raw(address, host.code, {"seat": 3})
        read: list[int] = []
        referee_act = host.referee.act

        def counted(seat: int, message: dict[str, Any]) -> None:
            read.append(seat)
            referee_act(seat, message)

        host.referee.act = counted  # type: ignore[method-assign]
        start = flooder.until("update")["n"]
        for _ in range(200):
            flooder.act(3, "play ZZ", start)
        time.sleep(0.5)
        updates = host.referee.moves - start + 1
        assert read.count(3) <= limits.frames_burst + updates * limits.frames_per_update + 1
        flooder.close()  # its pongs wait behind its flood: cut off, a bot takes the seat
        assert honest.results() == [host.result()] * 2


def test_wrong_codes_wait_longer_each_time_and_the_host_is_told() -> None:
    told: list[tuple[str, int]] = []
    limits = Limits(backoff_first=30.0)
    with hokm_table(limits, [1, 2]) as (host, address):
        host.on_wrong_code = lambda a, n: told.append((a, n))
        honest = Honest(address, host.code, [1, 2])
        guesser = "127.0.0.2"
        assert "wrong table code" in refusal(address, "ABCDEFGH", guesser)
        assert "no code from your computer for 30 s" in refusal(address, host.code, guesser)
        assert told == [(guesser, 1)]
        # another machine with the right code gets past it (to a table that has no seat left)
        assert "not open to players" in refusal(address, host.code, "127.0.0.3")
        assert honest.results() == [host.result()] * 2


def test_a_table_takes_few_wrong_codes_from_all_addresses_together() -> None:
    """Past the table's wrong codes no code is checked, the right one neither: a player who
    holds a seat's token is told when to try again, and its client does, by itself."""
    limits = Limits(table_guesses=2, table_guesses_per_min=60.0)  # one more a second
    with hokm_table(limits, [1, 2]) as (host, address):
        honest = Honest(address, host.code, [1, 2])
        honest.seated(host)
        for machine in ("127.0.0.2", "127.0.0.3"):
            assert "wrong table code" in refusal(address, "ABCDEFGH", machine)
        told = Raw(address, host.code, {"seat": 3}, source="127.0.0.4")
        try:
            said = told.until("refused")
            assert "too many wrong table codes" in said["reason"] and said["retry"] == 1
        finally:
            told.close()
        assert host.guesses.total == 2
        assert honest.results() == [host.result()] * 2


def test_a_player_holding_a_token_tries_again_when_the_table_takes_codes_again() -> None:
    limits = Limits(table_guesses=1, table_guesses_per_min=30.0)  # one more in 2 s
    with hokm_table(limits, [1, 2], wait=0.5) as (host, address):
        player = RemoteMatch(address, "Sara", host.code, 1)
        honest = Honest(address, host.code, [2])
        try:
            assert player.ready(WAIT)
            token = player.token
            player.close()  # its machine goes away, and a guess drains the table's codes
            assert "wrong table code" in refusal(address, "ABCDEFGH", "127.0.0.2")
            back = RemoteMatch(address, "Sara", host.code, token=token)
            try:
                assert back.ready(WAIT) and back.seat == 1  # after the wait it was told
                assert host.guesses.total == 1
            finally:
                back.close()
        finally:
            honest.results()


def refusal(address: str, code: str, source: str) -> str:
    raw = Raw(address, code, {"seat": 3}, source=source)
    try:
        return raw.closed_with()
    finally:
        raw.close()


def test_a_mistyped_code_is_told_by_the_joiners_side_and_counts_as_a_code_tried() -> None:
    """The joiner learns from the host's proof that its code is not the table's, and leaves
    without a proof of its own; the host answered an exchange, which told whether one code
    was right, so it counts a wrong code all the same (a guesser could leave there too)."""
    told: list[tuple[str, int]] = []
    with hokm_table(Limits(), [1]) as (host, address):
        host.on_wrong_code = lambda a, n: told.append((a, n))
        joiner = RemoteMatch(address, "Sara", "ABCD-EFGH", 1)
        try:
            assert not joiner.ready(WAIT)
            assert joiner.problem == NOT_THE_TABLE
        finally:
            joiner.close()
        deadline = time.monotonic() + WAIT
        while not told:
            assert time.monotonic() < deadline, "the host counted no code tried"
            time.sleep(0.01)
        assert told == [(LOOPBACK, 1)]


def test_the_right_code_typed_after_a_mistyped_one_is_seated_once_the_wait_is_over() -> None:
    """A mistyped code makes the joiner's machine wait (1 s first); the right one typed at once
    is told so, and the client tries again by itself after the wait: seated, with the host
    having counted the one wrong code. A wait longer than the client's ``retry`` is said."""
    with hokm_table(Limits(), [1]) as (host, address):
        mistyped = RemoteMatch(address, "Sara", "ABCD-EFGH", 1)
        try:
            assert not mistyped.ready(WAIT) and mistyped.problem == NOT_THE_TABLE
        finally:
            mistyped.close()
        deadline = time.monotonic() + WAIT
        while host.guesses.total < 1:
            assert time.monotonic() < deadline, "the host counted no code tried"
            time.sleep(0.01)
        impatient = RemoteMatch(address, "Sara", host.code, 1, retry=0.0)
        try:
            assert not impatient.ready(WAIT)
            assert "no code from your computer for 1 s" in str(impatient.problem)
        finally:
            impatient.close()
        joiner = RemoteMatch(address, "Sara", host.code, 1)
        try:
            assert joiner.ready(WAIT) and joiner.seat == 1
            assert host.guesses.total == 1
        finally:
            joiner.close()


def test_a_knock_answered_and_left_is_a_wrong_code() -> None:
    with hokm_table(Limits(backoff_first=30.0), [1]) as (host, address):
        with dial(address, "127.0.0.2") as ws:
            ws.send(encode({"type": "knock", "pake": proof.Half("ABCDEFGH").message}))
            assert '"challenge"' in str(ws.recv(timeout=WAIT))
        deadline = time.monotonic() + WAIT
        while host.guesses.total < 1:
            assert time.monotonic() < deadline, "the host counted no code tried"
            time.sleep(0.01)
        assert "no code from your computer for 30 s" in refusal(address, host.code,
                                                                "127.0.0.2")


def test_the_hosts_answer_tells_of_one_code_only() -> None:
    """Whoever knocks learns from the host's answer whether the one code its half was made
    from is right, and nothing of any other: the answer checks with the half that knocked
    (here made from the right code) and with no half made afterwards, the right code's
    included, so no code can be tested against it away from the host."""
    with hokm_table(Limits(), [1]) as (host, address), dial(address, "127.0.0.2") as ws:
        knocked = proof.Half(host.code)
        ws.send(encode({"type": "knock", "pake": knocked.message}))
        challenge = json.loads(ws.recv(timeout=WAIT))

    def checks(half: proof.Half) -> bool:
        key = half.key(challenge["pake"])
        return proof.same(challenge["proof"],
                          proof.host_proof(key, knocked.message, challenge["pake"]))

    assert checks(knocked)
    assert not any(checks(proof.Half(code)) for code in (host.code, "ABCDEFGH"))


def test_a_message_sent_back_or_malformed_is_no_half() -> None:
    half = proof.Half("K7QXP3MN")
    with pytest.raises(ValueError):
        half.key(half.message)  # a forger echoing the knock
    for theirs in ("00" * proof.MESSAGE_BYTES, "53" + "00" * (proof.MESSAGE_BYTES - 1), "zz",
                   "ab" * 10):
        with pytest.raises(ValueError):
            proof.Half("K7QXP3MN").key(theirs)
    assert proof.Half("K7QX-P3MN").message != proof.Half("K7QX-P3MN").message  # fresh halves


@contextmanager
def forger() -> Iterator[tuple[str, list[Any]]]:
    """A table that answers a knock with a challenge it cannot prove (a forged announcement's);
    its address and every frame it was sent."""
    heard: list[Any] = []
    ready = threading.Event()
    stop: list[asyncio.Event] = []
    port: list[int] = []
    loops: list[asyncio.AbstractEventLoop] = []

    async def answer(ws: ServerConnection) -> None:  # its best: a half of a code it guessed
        async for frame in ws:
            heard.append(frame)
            knock, half = json.loads(frame), proof.Half("ABCDEFGH")
            key = half.key(knock["pake"])
            await ws.send(encode({"type": "challenge", "pake": half.message,
                                  "proof": proof.host_proof(key, knock["pake"], half.message)}))

    async def run() -> None:
        loops.append(asyncio.get_running_loop())
        stop.append(asyncio.Event())
        async with serve(answer, LOOPBACK, 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            ready.set()
            await stop[0].wait()

    thread = threading.Thread(target=lambda: asyncio.run(run()), daemon=True)
    thread.start()
    assert ready.wait(WAIT)
    try:
        yield f"{LOOPBACK}:{port[0]}", heard
    finally:
        loops[0].call_soon_threadsafe(stop[0].set)
        thread.join(WAIT)


def test_a_forged_table_learns_nothing_and_the_joiner_is_told() -> None:
    with forger() as (address, heard):
        joiner = RemoteMatch(address, "Sara", "K7QX-P3MN", 1)
        try:
            assert not joiner.ready(WAIT)
            assert joiner.problem == NOT_THE_TABLE and joiner.connection == "closed"
        finally:
            joiner.close()
    assert len(heard) == 1  # the knock alone: a half of the exchange, no name, no proof
    assert set(json.loads(heard[0])) == {"v", "type", "pake"}
    assert "K7QX" not in heard[0] and "Sara" not in heard[0]


def test_a_connection_over_the_cap_never_reaches_the_handshake() -> None:
    with hokm_table(Limits(per_address=1), [1]) as (host, address):
        first = tcp(address)
        try:
            deadline = time.monotonic() + WAIT
            while host.gate.total < 1:
                assert time.monotonic() < deadline, "the first connection was not counted"
                time.sleep(0.01)
            with pytest.raises((ConnectionClosed, InvalidHandshake, OSError)), \
                    dial(address) as second:
                second.recv(timeout=WAIT)
            assert host.gate.turned_away == 1
        finally:
            first.close()
