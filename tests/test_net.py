"""Play across machines (`net`): whole matches between a host and clients replay the local run of
the same seed, a player who drops is stood in for and takes the seat back, no frame shows a
seat another's hidden cards, and bad input is refused on its own connection only.

Every server and client here is on the loopback address, and every wait is bounded.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import main
from game import registry
from game.core import Action, IllegalAction, State, is_pattern, random_fill
from net import protocol
from net.client import RemoteMatch, play_headless
from net.discovery import Announcer, announcement, find_tables, read_announcement
from net.host import Host
from net.messages import ClientMessage, HostMessage
from net.protocol import ProtocolError, encode
from net.referee import Refused
from tests.peers import LOOPBACK, WAIT, Raw, bots_and_remotes, local_result, serving
from tests.test_claim import HEARTS_UNKNOWN, TRUMP_FIRST, hokm_options

ROOT = Path(__file__).resolve().parent.parent


def join_all(address: str, code: str, seats: list[int], seed: int | None = None
             ) -> list[dict[str, Any] | None]:
    """Headless clients at ``seats`` play to the end (their bots seeded from ``seed``); their
    results."""
    results: list[dict[str, Any] | None] = [None] * len(seats)

    def play(i: int) -> None:
        match = RemoteMatch(address, f"P{seats[i]}", code.lower(), seats[i])
        try:
            results[i] = play_headless(match, seed=seed, timeout=30)
        finally:
            match.close()

    threads = [threading.Thread(target=play, args=(i,)) for i in range(len(seats))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(40)
    return results


@pytest.mark.parametrize("game, options", [("hokm", {"sets": 1}), ("taki", {"match": "round"})])
def test_a_match_across_machines_replays_the_local_one(game: str,
                                                        options: dict[str, Any]) -> None:
    seed = 11
    host = Host.start(game, bots_and_remotes(4, [1, 2, 3]), seed, options, in_order=True)
    with serving(host) as address:
        results = join_all(address, host.code, [1, 2, 3], seed)
        assert host.referee.finished.wait(WAIT)
        hosted = host.result()
    assert results == [hosted] * 3
    assert hosted == local_result(game, seed, 4, options)


def wait_for(check: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.01)


def test_a_player_who_drops_is_stood_in_for_and_takes_the_seat_back() -> None:
    host = Host.start("hokm", bots_and_remotes(4, [1]), 5, {"sets": 1}, wait=0.2, pace=0.003)
    with serving(host) as address:
        leaver = RemoteMatch(address, "Sara", host.code, 1)
        assert leaver.ready(WAIT)
        token, acted = leaver.token, 0
        while acted < 5:  # a few moves of its own, then the player's machine goes away
            assert leaver.wait(WAIT)
            leaver.poll()
            legal = leaver.legal_actions(1)
            if legal:
                leaver.act(1, legal[0])
                acted += 1
        moves = host.referee.moves
        leaver.close()
        watcher = RemoteMatch(address, "Watcher", host.code, token=None)  # the table is full
        assert watcher.ready(WAIT) is False and "full" in str(watcher.problem)
        wait_for(lambda: host.chair_state(1) == "bot" and host.referee.moves > moves + 8,
                 "a bot to stand in for seat 1")
        back = RemoteMatch(address, "Sara", host.code, token=token)
        try:
            assert back.ready(WAIT) and back.seat == 1
            wait_for(lambda: host.chair_state(1) == "connected", "seat 1 to be taken back")
            assert back.wait(WAIT)
            back.poll()
            assert back.observation(1)["seat"] == 1 and back.opening == []
            assert not back.is_over()
            assert play_headless(back, timeout=30) == host.result()
        finally:
            back.close()


def secrets(state: State) -> list[set[str]]:
    """Per seat, the codes of the cards in the other seats' hands that it may not see, less
    any code it sees somewhere (Clumsy Thief's cards are values: a 50 may be in two hands)."""
    zones = state.zones()
    hands = [z for z in zones if z.kind == "hand"]
    out = []
    for seat in range(state.seats):
        seen = {c for z in zones for c in z.visible(seat) if c is not None}
        out.append({c for z in hands if z.owner != seat
                    for c, shown in zip(z.cards, z.visible(seat)) if shown is None} - seen)
    return out


def words(value: Any) -> set[str]:
    """Every word of every text (keys too) in a decoded message, but for its game's options
    (Bi-Del's ``"removed": "2D"`` names no card in play at four)."""
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, dict):
        return set().union(*(words(k) | words(v) for k, v in value.items() if k != "options"))
    if isinstance(value, list):
        return set().union(*(words(v) for v in value))
    return set()


PLAYOUT = 30


@pytest.mark.parametrize("game", registry.ids())
def test_no_frame_shows_a_seat_the_hidden_cards_of_another(game: str) -> None:
    rules = registry.get(game)
    seats = rules.usual_seats
    host = Host.start(game, bots_and_remotes(seats, list(range(seats))), 3, in_order=True)
    rng = random.Random(game)
    with serving(host) as address:
        clients = [Raw(address, host.code, {"name": f"P{s}", "seat": s})
                   for s in range(seats)]
        hidden = {0: secrets(host.referee.state)}
        for n in range(PLAYOUT):
            state = host.referee.state  # the host is idle: every seat is ours, and nobody has acted
            if state.is_over():
                break
            seat = state.to_act()[0]
            update = clients[seat].update(n)
            while not update["legal"]:
                update = clients[seat].until("update", n)
            action = Action(*rng.choice(update["legal"])[0].split(" ", 1))
            if is_pattern(action):
                action = random_fill(action, state.own_cards(seat), rng)
            clients[seat].ws.send(encode({"type": "act", "seat": seat, "action": str(action),
                                          "update": n}))
            clients[seat].until("update", n + 1)
            hidden[n + 1] = secrets(host.referee.state)
        last = host.referee.moves
        for seat, client in enumerate(clients):
            client.update(last)
            seen: set[str] = set()
            n = 0
            assert "seed" not in client.got[0]  # the seed tells every hand
            for message in client.got:
                n = message.get("n", n)
                said = words(message)
                leaked = said & hidden[max(n - 1, 0)][seat] & hidden[n][seat] - seen
                assert not leaked, f"{game}: seat {seat} was shown {leaked} in {message}"
                seen |= said
            client.close()


def test_a_stacked_deck_is_never_sent() -> None:
    rules = registry.get("hokm")
    deck = [c for z in rules.new(4, 1).zones() for c in z.cards]
    host = Host.start("hokm", bots_and_remotes(4, [1]), 1, {"deck": deck})
    host.referee.config["seats"][1]["token"] = "t" * 32  # as a hello taking the seat leaves it
    welcome = protocol.read_host(host.referee.welcome(1, True), None)
    assert "deck" not in welcome["options"] and "seed" not in welcome


def test_refusals_name_what_is_wrong_and_close_only_what_they_must() -> None:
    """Each act checked by the referee alone: a breach it can prove raises `ProtocolError` (the
    connection closes); what the game cannot take now raises `Refused` (it stays): ``stale``
    for an answer to an update the table has left or one answered already, which asks
    nothing more of the host; else the seat is sent the latest update again."""
    host = Host.start("hokm", bots_and_remotes(4, [0, 1, 2, 3]), 2, in_order=True)
    referee = host.referee
    state = host.referee.state
    seat = state.to_act()[0]
    other = (seat + 1) % 4
    good = state.legal_actions(seat)[0]

    def act(who: int, action: Action | str, n: int) -> None:
        referee.act(who, {"type": "act", "seat": who, "action": str(action), "update": n})

    with pytest.raises(Refused, match="every chair is taken") as early:
        act(seat, good, 0)
    assert not early.value.stale
    referee.started = True
    with pytest.raises(ProtocolError, match="never sent"):
        act(seat, good, 5)
    with pytest.raises(ProtocolError, match=f"you sit at seat {other}"):
        referee.act(other, {"type": "act", "seat": seat, "action": str(good), "update": 0})
    with pytest.raises(Refused, match="not your turn"):
        act(other, good, 0)
    with pytest.raises(ProtocolError, match="hello once"):
        referee.act(seat, {"type": "hello"})
    with pytest.raises(Refused) as refused:
        act(seat, "play ZZ", 0)
    assert str(refused.value) == engine_reason(state, seat, "play ZZ")
    assert not refused.value.stale
    act(seat, good, 0)  # refusals answer nothing: the seat may try again
    assert host.referee.moves == 1
    for who in range(4):  # the answer again, and anyone's answer to update 0: stale
        with pytest.raises(Refused, match="answered already" if who == seat else "stale") \
                as crossed:
            act(who, good, 0)
        assert crossed.value.stale
    assert host.referee.moves == 1  # none of them was taken


@pytest.mark.parametrize("hands, tricks", [(TRUMP_FIRST, 11), (HEARTS_UNKNOWN, 12)])
def test_a_player_claims_the_rest_across_machines(hands: list[list[str]], tricks: int) -> None:
    """A claim (an act of `protocol.CLAIM`) is checked by the host on what the seat sees, as at
    home (tests/test_claim.py's deals): with AS AH left and the last other trump out, seat 0's
    claim plays the rest out; with 2H left where seat 3 may still hold a heart, it is refused,
    nothing changed, and the seat plays on."""
    host = Host.start("hokm", bots_and_remotes(4, [0, 1, 2, 3]), 1, hokm_options(hands),
                      in_order=True)
    referee = host.referee
    state = referee.state
    referee.started = True

    def act(seat: int, code: str) -> None:
        referee.act(seat, {"type": "act", "seat": seat, "action": code, "update": referee.moves})

    act(0, "trump S")
    for _ in range(4 * tricks):
        seat = state.to_act()[0]
        act(seat, str(state.legal_actions(seat)[0]))
    if hands is TRUMP_FIRST:
        act(0, protocol.CLAIM)
        assert state.is_over() and state.sheet[-1][3:5] == [7, 6]
        return
    moves = referee.moves
    with pytest.raises(Refused, match="does not hold") as refused:
        act(0, protocol.CLAIM)
    assert not refused.value.stale and referee.moves == moves and not state.is_over()
    act(0, "play 2H")
    assert referee.moves == moves + 1


def engine_reason(state: State, seat: int, code: str) -> str:
    """Why the engine refuses ``code`` from ``seat`` (on a copy of ``state``)."""
    try:
        state.clone().apply(seat, state.rules.parse_action(code))
    except IllegalAction as e:
        return str(e.reason)
    raise AssertionError(f"{code} is legal")


@pytest.mark.parametrize("frame, refusal", [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"v": 3, "type": "hello"}', f"version {protocol.VERSION}, not 3 (an older card table)"),
    ('{"v": 4, "type": "hello", "proof": "X", "name": "A", "seat": null}', "64 hexadecimal"),
    ('{"v": 4, "type": "knock", "pake": "%s"}' % ("A" * 66), "66 hexadecimal"),
    ('{"v": 4, "type": "knock", "nonce": "%s"}' % ("a" * 32), "no field 'nonce'"),
    ('{"v": 4, "type": "knock", "pake": "%s", "table": "X"}' % ("a" * 66), "32 hexadecimal"),
    ('{"v": 4, "type": "hello", "proof": "%s", "name": "A", "seat": 1.5}' % ("a" * 64),
     "whole numbers"),
    ('{"v": 4, "type": "hello", "proof": "%s", "name": "", "seat": null}' % ("a" * 64),
     "name is some text"),
    ('{"v": 4, "type": "hello", "proof": "%s", "name": "@", "seat": null}' % ("a" * 64),
     "name is some text"),
    ('{"v": 4, "type": "hello", "proof": "%s", "name": "A", "admin": true}' % ("a" * 64),
     "no field 'admin'"),
    ('{"v": 4, "type": "act", "seat": 0, "action": "play AS", "update": -1}', "update is"),
    ('{"v": 4, "type": "hello", "proof": "%s", "name": "A", "seat": NaN}' % ("a" * 64), "NaN"),
    ('{"v": 4, "type": "shout"}', "knock, create, hello, act or say"),
    ("x" * (protocol.CLIENT_FRAME_MAX + 1), "too large"),
    (b"\x00binary", "text"),
])
def test_a_malformed_frame_is_refused_in_words(frame: str | bytes, refusal: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(refusal)):
        protocol.read_client(frame)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.floats(allow_nan=False,
                                                                       allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)
"""Any JSON value a peer may send in a field."""


def messages(union: object) -> st.SearchStrategy[dict[str, object]]:
    """Frames of one of ``union``'s messages (`net.messages`): its ``type``, some of the fields
    any message of the union has, and an odd one, each with any JSON value."""
    shapes = get_args(union)
    types = [get_args(get_type_hints(s)["type"])[0] for s in shapes]
    fields = sorted({f for s in shapes for f in get_type_hints(s)} - {"type"} | {"odd"})
    return st.builds(lambda kind, given: {"type": kind, **given}, st.sampled_from(types),
                     st.dictionaries(st.sampled_from(fields), JSON_VALUES, max_size=len(fields)))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages(ClientMessage))
def test_whatever_a_client_sends_is_read_or_refused_in_words(message: dict[str, object]) -> None:
    """A hostile client's frame, of any fields with any values, is read as its declared shape
    or refused with a `ProtocolError`: no other exception reaches the referee."""
    try:
        protocol.read_client(encode(message))
    except ProtocolError as e:
        assert str(e)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages(HostMessage))
def test_whatever_a_host_sends_is_read_or_refused_in_words(message: dict[str, object]) -> None:
    """The same for a hostile host's frame, read by a table of Hokm at four seats."""
    try:
        protocol.read_host(encode(message), 4, "hokm")
    except ProtocolError as e:
        assert str(e)


def test_bad_connections_are_refused_and_closed_while_the_others_play_on() -> None:
    host = Host.start("hokm", bots_and_remotes(4, [1, 2, 3]), 8, {"sets": 1})
    with serving(host) as address:
        def refused(hello: dict[str, Any], frame: str | bytes | None = None,
                    code: str = host.code, source: str = LOOPBACK) -> str:
            raw = Raw(address, code, hello, source)
            try:
                if frame is not None:
                    raw.until("update")
                    raw.ws.send(frame)
                return raw.closed_with()
            finally:
                raw.close()

        assert "is not open to players" in refused({"seat": 0})
        assert "token is for no seat" in refused({"token": "x" * 32})
        players = RemoteMatch(address, "Ali", host.code, 3)
        assert players.ready(WAIT)
        assert "seat 3 is taken" in refused({"seat": 3})
        assert "too large" in refused({"seat": 2}, "{" + " " * protocol.CLIENT_FRAME_MAX + "}")
        assert host.chair_state(2) == "reconnecting"  # taken once, then its frame refused
        token = host.token(2)
        assert "for seat 3" in refused({"token": token}, encode(
            {"type": "act", "seat": 3, "action": "play AS", "update": 0}))
        assert "version" in refused({"token": token}, '{"v": 9, "type": "act"}')
        assert "wrong table code" in refused({"seat": 1}, code="WRONGCDE", source="127.0.0.2")
        assert players.connection == "connected"
        results: list[Any] = []
        others = [threading.Thread(target=lambda: results.extend(join_all(
                      address, host.code, [1]))),
                  threading.Thread(target=lambda: results.append(play_headless(players,
                                                                               timeout=30)))]
        for t in others:
            t.start()
        back = RemoteMatch(address, "Eve", host.code, token=token)
        try:
            results.append(play_headless(back, timeout=30))
        finally:
            back.close()
        for t in others:
            t.join(WAIT)
        players.close()
        assert results == [host.result()] * 3


def test_an_illegal_action_is_refused_with_the_engines_reason_and_play_goes_on() -> None:
    host = Host.start("hokm", bots_and_remotes(4, [0]), 4, {"sets": 1})
    with serving(host) as address:
        raw = Raw(address, host.code, {"seat": 0})
        update = raw.until("update")
        while not update["legal"]:
            update = raw.until("update")
        legal = [code for code, _ in update["legal"]]
        verb = legal[0].split(" ", 1)[0]
        bad = next(f"{verb} {card}" for card in ("AS", "AH", "AC", "AD", "KS", "KH")
                   if f"{verb} {card}" not in legal)
        reason = engine_reason(host.referee.state, 0, bad)
        raw.ws.send(encode({"type": "act", "seat": 0, "action": bad, "update": update["n"]}))
        refusal = raw.until("refused")
        assert refusal == {"v": protocol.VERSION, "type": "refused", "fatal": False,
                           "stale": False, "retry": None, "reason": reason}
        again = raw.until("update")
        assert again["n"] == update["n"] and again["legal"] == update["legal"]
        raw.ws.send(encode({"type": "act", "seat": 0, "action": legal[0],
                            "update": update["n"]}))
        assert raw.until("update", update["n"] + 1)["events"]
        raw.close()


def test_a_saved_match_resumes_and_its_players_rejoin_by_themselves(tmp_path: Path) -> None:
    path = tmp_path / "hosted.json"
    host = Host.start("hokm", bots_and_remotes(4, [1]), 6, {"sets": 1}, wait=30)
    ip, port = host.open(LOOPBACK, 0)
    player = RemoteMatch(f"{ip}:{port}", "Sara", host.code, 1)
    again: Host | None = None
    try:
        host.save(path)
        assert player.ready(WAIT)
        deadline = time.monotonic() + WAIT
        while host.referee.moves <= 20 and time.monotonic() < deadline:
            player.wait(WAIT)
            player.poll()
            if player.legal_actions(1):
                player.act(1, player.legal_actions(1)[0])
        host.stop()  # the host's machine goes away: the player waits for it
        wait_for(lambda: player.connection == "reconnecting", "the player to notice")
        assert json.loads(path.read_text())["data"]["state"] == host.referee.state.to_dict()
        again = Host.resume(path, wait=30)
        assert again.referee.state.to_dict() == host.referee.state.to_dict()
        assert again.code == host.code
        again.open(LOOPBACK, port)
        assert play_headless(player, timeout=30) == again.result()
        assert host.referee.moves > 20 and again.referee.moves > 0
        assert player.connection == "connected"
    finally:
        player.close()
        for h in (host, again):
            if h is not None:
                h.stop()
    path.with_name(path.name + ".bak").unlink()  # else the copy before the last one is used
    path.write_text(path.read_text().replace('"seed"', '"seeds"', 1))
    with pytest.raises(ValueError, match="could not be used"):
        Host.resume(path)


def test_tables_are_found_by_their_announcement() -> None:
    """Announced to the loopback address only (never broadcast from a test)."""
    ports: list[int] = []
    announcers: list[Announcer] = []

    def listening(port: int) -> None:
        ports.append(port)
        announcers.append(Announcer(lambda: announcement("hokm", "Sara's", 47250, 2),
                                    target=LOOPBACK, port=port, every=0.05))
        announcers.append(Announcer(lambda: b"noise", target=LOOPBACK, port=port, every=0.05))

    try:
        found = find_tables(0.5, bind=LOOPBACK, port=0, ready=listening)
    finally:
        for a in announcers:
            a.stop()
    assert [(t.join, t.game, t.name, t.open) for t in found] == [
        (f"{LOOPBACK}:47250", "hokm", "Sara's", 2)]
    with pytest.raises(ProtocolError):
        read_announcement(b'{"v": 1, "type": "table", "port": 99999}', LOOPBACK)


def test_the_command_line_hosts_and_joins(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--option", "sets=1"]
    hosting = subprocess.Popen(
        [sys.executable, "main.py", "host", "--game", "hokm", "--remote", "1,2,3", "--port",
         "0", "--bind", LOOPBACK, "--headless", "--seed", "9", "--code", "QWERTYUP", "--pace",
         "0", "--in-order", "--no-announce", *options],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert hosting.stdout is not None
        first = hosting.stdout.readline()
        address = re.search(r"at (127\.0\.0\.1:\d+), table code QWER-TYUP", first)
        assert address, first
        codes: list[int] = []
        joins = [threading.Thread(target=lambda s=s: codes.append(main.main(
            ["join", address.group(1), "--name", f"P{s}", "--code", "qwer tyup", "--seat", str(s),
             "--seed", "9", "--headless", "--timeout", "30"]))) for s in (1, 2, 3)]
        for t in joins:
            t.start()
        for t in joins:
            t.join(40)
        out, _ = hosting.communicate(timeout=WAIT)
    finally:
        hosting.kill()
    assert codes == [0, 0, 0]
    expected = local_result("hokm", 9, 4, {"sets": 1})
    assert json.loads(out.strip().splitlines()[-1]) == expected
    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert printed == [expected] * 3
    assert main.main(["join", "nowhere", "--name", "A", "--code", "X", "--headless"]) == 2


@pytest.mark.parametrize("args, figure", [
    (["--matches", "1"], '"p99_ms"'), (["--tables", "1", "--seconds", "1"], '"served"'),
    (["--attack", "guess", "--seconds", "1"], '"guesses_per_s_allowed"')])
def test_the_benchmark_runs_and_prints_its_figure(args: list[str], figure: str) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "net.py"), *args],
                         capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    last = run.stdout.strip().splitlines()[-1]
    assert figure in last
    json.loads(last)


def test_names_go_as_kept_so_each_viewer_says_them_in_its_language() -> None:
    """The host's own "@you" is a player to everyone else, its bots keep their given names and
    levels; a Persian table then says them in Persian, each an isolated run."""
    from ui.text import Text

    chairs = [{"kind": "local", "name": "@you"}, {"kind": "bot", "name": "@bot:2",
                                                  "level": "normal"},
              {"kind": "remote", "name": "@player:3"}]
    host = Host.start("hokm", chairs, 4, {"sets": 1}, table="Mina")
    with serving(host) as address:
        friend = RemoteMatch(address, "@Ali", host.code, 2)
        try:
            assert friend.ready(WAIT)
            seats = friend.config["seats"]
            assert [c["name"] for c in seats] == ["@player:1", "@bot:2", "Ali"]
            assert seats[1]["level"] == "normal"
            assert [Text("fa").said(c["name"]) for c in seats[:2]] == [
                "\u2068بازیکن 1\u2069", "\u2068ربات 2\u2069"]
        finally:
            friend.close()
    assert host.table == "Mina"
    assert Host.start("hokm", chairs, 4).table == "@player:1"  # the host's, as others say it


def test_a_kept_match_is_written_after_every_change_and_cleared_once_over() -> None:
    host = Host.start("hokm", bots_and_remotes(4, [1]), 3, {"sets": 1}, pace=0.0)
    written: list[dict[str, Any]] = []
    over: list[int] = []
    with serving(host) as address:
        host.keep(written.append, lambda: over.append(host.referee.moves))
        assert len(written) == 1 and "state" in written[0] and written[0]["code"] == host.code
        assert join_all(address, host.code, [1]) == [host.result()]
    # the seat taken, then every move but the last, kept
    assert over == [host.referee.moves] and len(written) == host.referee.moves + 1
    assert registry.load(written[-1]["state"]).to_act()


def test_a_code_and_an_address_are_read_however_they_are_typed() -> None:
    from net.proof import ascii_digits, normal_code

    assert normal_code("k7qx p۳mn") == normal_code("K7QX-P3MN") == "K7QXP3MN"
    assert ascii_digits("۱۲۷.۰.۰.۱:٤٧٢٥٠") == "127.0.0.1:47250"
    assert protocol.shown_code("K7QXP3MN") == "K7QX-P3MN"
