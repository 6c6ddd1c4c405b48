"""The table server (`net.server`) in this process, on loopback: a table made there plays as the
local run of its seed; what a creator may not ask is refused; a wrong code and a table it does
not hold are refused without harm to the other tables; the turn clock lets a bot make a slow
seat's move; quick phrases reach every seat within their rate; a table nobody is at closes;
behind a trusted proxy the limits count the address it forwards. (The server as its own
processes behind the real proxy: tests/test_net_proxy.py.)

Every socket is on the loopback range, and every wait is bounded.
"""

from __future__ import annotations

import gc
import threading
import time
import weakref
from contextlib import ExitStack
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus

from game import registry
from game.bots import make
from game.clock import MORE
from game.core import Action
from net import proof, protocol
from net.client import RemoteMatch
from net.limits import Gate, Limits
from net.link import address_key
from net.protocol import encode, read_host, table_id
from net.server import COLLECT_EVERY, Budgeted, Searches, Server, Settings, build_parser
from tests.peers import (HOKM, LOOPBACK, WAIT, Raw, chairs, create, dial, local_result, play_all,
                   server_running)

QUICK = Settings(pace=0.0, allow_seed=True)
"""A server whose bots act at once and whose creators may choose the deal (to replay it)."""


def refusal_of(ws: Any) -> dict[str, Any]:
    message = read_host(ws.recv(timeout=WAIT), None)
    assert message["type"] == "refused", message
    return message


def test_a_table_made_at_the_server_plays_as_the_local_run_of_its_seed() -> None:
    with server_running(QUICK) as (server, url):
        creator = create(url)
        assert len(creator.code) == protocol.SERVER_CODE_LENGTH
        assert creator.code[0] == server.settings.shard
        assert creator.invite == f"http://{LOOPBACK}:{url.rsplit(':', 1)[1].rstrip('/')}" \
            f"/join/{protocol.shown_code(creator.code)}"
        results = play_all(url, creator, [1, 3], 11)
    assert results == [local_result("hokm", 11, 4, HOKM)] * 3


@pytest.mark.parametrize("ask, refusal", [
    ({"game": "chess"}, "no game 'chess'"),
    ({"seats": chairs("person", "bot", level="genius")}, "no 'genius' bot"),
    ({"seats": chairs("person", "person", "bot", "bot")}, "exactly one chair"),
    ({"seats": chairs("person", "bot", "bot", "bot", "bot", "bot")}, "seats"),
    ({"options": {"deck": ["AS"]}}, "never a deck"),
    ({"options": {"sets": 9}}, "sets"),
    ({"clock": protocol.CLOCK_MAX + 1}, "clock is a whole number"),
])
def test_the_server_refuses_a_table_it_cannot_make_in_words(ask: dict[str, Any],
                                                            refusal: str) -> None:
    with server_running(QUICK) as (server, url):
        with dial(url, path="/new") as ws:
            ws.send(encode({"type": "create", "game": "hokm", "options": {}, "name": "Eve",
                            "seats": chairs("person", "bot", "bot", "bot"), "clock": 0,
                            "seed": None, "in_order": False, **ask}))
            message = refusal_of(ws)
        assert message["fatal"] and refusal in message["reason"], message
        assert not server.tables


def test_a_creator_chooses_the_deal_only_where_the_server_lets_them() -> None:
    with server_running(Settings(pace=0.0)) as (server, url):
        match = RemoteMatch.create(url, "Eve", {"game": "hokm", "seats": chairs(
            "person", "bot", "bot", "bot"), "options": {}, "clock": 0, "seed": 5})
        try:
            assert not match.ready(WAIT)
            assert "chooses every table's deal" in str(match.problem)
        finally:
            match.close()
        creator = create(url, seed=None, seats=chairs("person", "bot", "bot", "bot",
                                                      level="hard"))
        try:  # this server searches for no bot: the hard chairs play, and say, normal
            assert [c.get("level") for c in creator.config["seats"][1:]] == ["normal"] * 3
            assert server.tables[table_id(creator.code)].referee.config["seed"] != 5
        finally:
            creator.close()


def test_one_address_makes_few_tables_and_the_others_still_can() -> None:
    with server_running(Settings(pace=0.0, creates_per_min=0.5)) as (server, url):
        made = [create(url, seed=None, seats=chairs("person", "bot", "bot", "bot"))
                for _ in range(server.settings.creates_burst)]
        late = RemoteMatch.create(url, "Eve", {"game": "hokm", "seats": chairs(
            "person", "bot", "bot", "bot"), "options": {}, "clock": 0})
        try:
            assert not late.ready(WAIT) and "made many tables" in str(late.problem)
            with dial(url, source="127.0.0.2", path="/new") as ws:  # another computer
                ws.send(encode({"type": "create", "game": "hokm", "options": {}, "name": "Ali",
                                "seats": chairs("person", "bot", "bot", "bot"), "clock": 0}))
                assert read_host(ws.recv(timeout=WAIT), None)["type"] == "created"
        finally:
            for match in [*made, late]:
                match.close()


def test_a_wrong_code_and_a_table_not_held_are_refused_and_the_other_tables_play_on() -> None:
    with server_running(QUICK) as (server, url):
        playing = create(url, seats=chairs("person", "remote", "bot", "bot"))
        other = create(url, name="Ali", seats=chairs("person", "remote", "bot", "bot"))
        code = playing.code
        results: list[Any] = []
        honest = threading.Thread(target=lambda: results.extend(
            play_all(url, playing, [1], 11)))
        honest.start()
        not_held = code[0] + ("A" if code[1] != "A" else "B") + code[2:]
        for i in range(2):
            with dial(url, source="127.0.0.2", path=f"/t/{code[0]}") as ws:
                ws.send(encode({"type": "knock", "pake": proof.Half(not_held).message,
                                "table": table_id(not_held)}))
                message = refusal_of(ws)
                assert message["fatal"]
                assert ("no table has this code" if i == 0 else "checks no code from your "
                        "computer") in message["reason"], message
        assert server.misses.total == 1  # the second was not even looked up
        wrong = other.code[:-1] + ("A" if other.code[-1] != "A" else "B")
        thief = Raw(url, other.code, {"seat": 1}, source="127.0.0.4", proven=wrong)
        assert "wrong table code" in thief.closed_with()
        thief.close()
        assert server.tables[table_id(other.code)].guesses.total == 1
        honest.join(70)
        other.close()
    assert results == [local_result("hokm", 11, 4, HOKM)] * 2
    assert server.misses.by_address.keys() == {"127.0.0.2"}


def test_the_turn_clock_lets_a_bot_make_a_slow_seats_move_and_says_so() -> None:
    with server_running(QUICK) as (_, url):
        slow = create(url, seats=chairs("person", "bot", "bot", "bot"), clock=1, seed=3,
                      in_order=False)
        timed: list[tuple[float, bool]] = []
        try:
            deadline = time.monotonic() + 4 * WAIT
            while len(slow.timeouts) < 3:
                assert time.monotonic() < deadline, "the clock never ran out"
                slow.wait(0.2)
                if slow.poll() is None:
                    continue
                clock = slow.clock_of(0)
                if clock is not None:
                    legal = slow.legal_actions(0)
                    timed.append((clock[1], all(slow.move_of(0, a) for a in legal)))
                    assert legal, "a clock runs for a seat offered nothing"
            assert slow.clock == 1
            assert {seat for seat, _ in slow.timeouts} == {0}
            assert timed and all(total == (1.0 if cards else 1.0 * MORE)
                                 for total, cards in timed), timed
            assert slow.moves > 3  # the game went on without the seat's player
        finally:
            slow.close()


def test_quick_phrases_reach_every_seat_within_their_rate() -> None:
    with server_running(QUICK) as (_, url):
        creator = create(url, seats=chairs("person", "remote", "bot", "bot"))
        friend = Raw(url, creator.code, {"seat": 1})
        try:
            friend.until("welcome")
            for _ in range(6):
                creator.say("well_played")
            friend.ws.send(encode({"type": "say", "phrase": "thanks"}))
            heard = []
            deadline = time.monotonic() + WAIT
            while len(heard) < 4:  # the creator's burst of three, then the friend's own
                assert time.monotonic() < deadline, heard
                message = friend.next()
                if message["type"] == "said":
                    heard.append((message["seat"], message["phrase"]))
            assert sorted(heard) == [(0, "well_played")] * 3 + [(1, "thanks")]
            deadline = time.monotonic() + WAIT
            while len(creator.said) < 4:
                assert time.monotonic() < deadline
                time.sleep(0.01)
            assert [(s, p) for s, p, _ in creator.said] == heard  # in one order for all
            friend.ws.send(f'{{"v": {protocol.VERSION}, "type": "say", "phrase": "you cheat"}}')
            assert "phrase is one of" in friend.closed_with()
        finally:
            friend.close()
            creator.close()


def test_a_table_nobody_is_at_closes_and_its_code_then_leads_nowhere() -> None:
    with server_running(Settings(pace=0.0, idle=0.3, allow_seed=True)) as (server, url):
        creator = create(url, seats=chairs("person", "remote", "bot", "bot"))
        code = creator.code
        assert table_id(code) in server.tables
        creator.close()
        deadline = time.monotonic() + WAIT
        while server.tables:
            assert time.monotonic() < deadline, "the empty table was kept"
            time.sleep(0.05)
        late = RemoteMatch(url, "Ali", code)
        try:
            assert not late.ready(WAIT)
            assert "no table has this code" in str(late.problem)
        finally:
            late.close()


def test_a_seated_player_is_told_when_the_server_stops() -> None:
    with server_running(QUICK) as (server, url):
        seated = create(url, seats=chairs("person", "remote", "bot", "bot"))
        assert server.loop is not None
        server.loop.call_soon_threadsafe(server.stop)
        deadline = time.monotonic() + WAIT
        while seated.connection != "closed":
            assert time.monotonic() < deadline, "the player was kept waiting"
            time.sleep(0.05)
        assert seated.gone and "server is stopping" in str(seated.problem)
        seated.close()


def test_behind_a_trusted_proxy_the_limits_count_the_address_it_forwards() -> None:
    limits = Limits(connections=100, per_address=2)
    settings = Settings(pace=0.0, proxies=frozenset({LOOPBACK}), limits=limits)
    with server_running(settings) as (server, url), ExitStack() as stack:
        def forwarded(address: str) -> Any:
            return stack.enter_context(dial(url, path="/t/A", headers={
                "X-Forwarded-For": f"8.8.8.8, {address}"}))

        held = [forwarded("203.0.113.5"), forwarded("203.0.113.5")]
        with pytest.raises(InvalidStatus) as third:
            forwarded("203.0.113.5")
        assert third.value.response.status_code == 429
        held += [forwarded("2001:db8::1"), forwarded("2001:db8::2")]  # another home's /64
        with pytest.raises(InvalidStatus):
            forwarded("2001:db8::3")
        stranger = stack.enter_context(dial(  # not a proxy: counted at its own address
            url, source="127.0.0.2", path="/t/A", headers={"X-Forwarded-For": "198.51.100.7"}))
        held.append(stranger)
        assert server.gate.open == {"203.0.113.5": 2, "2001:db8::/64": 2, "127.0.0.2": 1}
        told = []
        for ws in held:  # a wrong code each: the second from one address waits its turn
            ws.send(encode({"type": "knock", "pake": proof.Half("A" * 9).message,
                            "table": "0" * 32}))
            told.append("no table" in refusal_of(ws)["reason"])
            ws.close()
        assert told == [True, False, True, False, True]
        assert set(server.misses.by_address) == {"203.0.113.5", "2001:db8::/64", "127.0.0.2"}


def test_a_gate_moves_a_proxys_connection_to_the_address_it_forwards() -> None:
    gate = Gate(Limits(connections=4, per_address=1), frozenset({"p"}))
    assert gate.admit("p") and gate.admit("p")  # a proxy is capped by the total only
    assert gate.forward("p", "a") and not gate.forward("p", "a")
    assert gate.open == {"p": 1, "a": 1} and gate.total == 2
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1"


def test_a_table_server_answers_no_other_path() -> None:
    with server_running(QUICK) as (_, url):
        with pytest.raises(InvalidStatus) as answer:
            dial(url, path="/admin")
        assert answer.value.response.status_code == 404


def test_a_searching_seat_plays_as_normal_when_no_search_is_free() -> None:
    normal = make("normal", "hokm", 5)
    state = registry.get("hokm").new(4, 5, HOKM)
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            break
        state.apply(seat, legal[0])
    observation = state.observation(seat)
    with ThreadPoolExecutor(1) as pool:
        budgeted = Budgeted("hard", "hokm", 5, make("normal", "hokm", 5), pool, Searches(0))
        assert budgeted.choose(observation, legal) == normal.choose(observation, legal)
        searching = Budgeted("hard", "hokm", 5, make("normal", "hokm", 5), pool, Searches(1))
        assert isinstance(searching.choose(observation, legal), Action)
        assert searching.searches.free == 1


def test_a_rejoining_player_keeps_the_match_id_and_the_clock() -> None:
    with server_running(QUICK) as (_, url):
        creator = create(url, seats=chairs("person", "remote", "bot", "bot"), clock=30)
        friend = Raw(url, creator.code, {"seat": 1})
        try:
            welcome = friend.until("welcome")
            assert welcome["clock"] == 30 and welcome["match"] == creator.match_id
            token = welcome["token"]
            friend.close()
            again = Raw(url, creator.code, {"token": token})
            assert again.until("welcome")["match"] == creator.match_id
            again.close()
        finally:
            creator.close()


def test_the_whole_heap_is_collected_on_a_schedule_and_frozen_between() -> None:
    """A running server (the command line's every 300 s) collects the whole heap and freezes
    what is left, so the collector's own passes skip the tables' long-lived objects; a
    server made here for the tests leaves the collector alone."""
    assert build_parser().parse_args([]).collect_every == COLLECT_EVERY == 300.0
    assert Settings().collect_every == 0
    garbage = Cycle()
    garbage.me = garbage  # only a collection frees it
    alive = weakref.ref(garbage)
    del garbage
    try:
        Server(Settings(collect_every=COLLECT_EVERY)).collect()
        assert alive() is None, "collected before the rest is frozen"
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


class Cycle:
    me: object
