"""Invitations over the internet (`net.invite`): a host and three friends play a whole Hokm
match and a Bi-Del deal through the real magic-wormhole mailbox and transit relay, directly
and forced through the relay, and end where the local run of the same seed ends; a wrong, an
unknown or an expired code is refused in words; each link is held to the limits of an address
of its own; a friend whose program is killed mid-match is away at once, whichever side leads
the link, and comes back with the new code the host is given and plays on to the end.

The servers (`net.rendezvous`) listen on 127.0.0.1, and every link offers 127.0.0.1 alone for a
direct connection (``direct="loopback"``) or nothing (``relay``): nothing leaves the machine.
Every wait is bounded.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from net.client import RemoteMatch, play_headless
from net.host import Host
from net.invite import Inviter, LinkError, LinkSettings, join
from net.limits import Limits
from net.rendezvous import Servers, free_port
from tests.peers import Raw, bots_and_remotes, local_result

ROOT = Path(__file__).resolve().parent.parent
WAIT = 30.0
"""The longest any one wait here may take, in seconds."""
SEED = 11


@pytest.fixture(scope="module")
def servers() -> Iterator[Servers]:
    with Servers() as running:
        yield running


def link(servers: Servers, direct: str = "loopback", **settings: Any) -> LinkSettings:
    return LinkSettings(mailbox=servers.mailbox, relay=servers.relay, direct=direct,
                        **{"join_wait": 5.0, **settings})


def wait_for(check: Callable[[], bool], what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.02)


def hosting(game: str, options: dict[str, Any], settings: LinkSettings,
            wait: float = 60.0, friends: tuple[int, ...] = (1, 2, 3),
            limits: Limits | None = None) -> tuple[Host, Inviter]:
    """A host of ``game`` (the ``friends``' seats over the internet, the others bots) and its
    inviter."""
    host = Host.start(game, bots_and_remotes(4, list(friends)), SEED, options, in_order=True,
                      wait=wait, limits=limits)
    host.open("127.0.0.1", 0)
    return host, Inviter(host, settings)


@pytest.mark.parametrize("direct", ["loopback", "relay"])
@pytest.mark.parametrize("game, options", [("hokm", {"sets": 1}), ("bidel", {"length": "deal"})])
def test_three_friends_play_through_the_link_as_at_one_table(
        servers: Servers, game: str, options: dict[str, Any], direct: str) -> None:
    settings = link(servers, direct)
    host, inviter = hosting(game, options, settings)
    results: dict[int, Any] = {}
    try:
        codes = {seat: inviter.invite(seat).code for seat in (1, 2, 3)}
        assert len(set(codes.values())) == 3

        def play(seat: int) -> None:
            joined = join(codes[seat], settings)
            assert joined.seat == seat and joined.token is None and joined.code == host.code
            match = RemoteMatch(joined.address, f"P{seat}", joined.code, joined.seat)
            try:
                results[seat] = play_headless(match, seed=SEED, timeout=WAIT * 3)
            finally:
                match.close()
                joined.close()

        players = [threading.Thread(target=play, args=(s,)) for s in (1, 2, 3)]
        for player in players:
            player.start()
        for player in players:
            player.join(WAIT * 4)
        assert host.referee.finished.wait(WAIT)
        hosted = host.result()
        assert results == {1: hosted, 2: hosted, 3: hosted}
        assert hosted == local_result(game, SEED, 4, options)
        by = {i.connected_by for i in inviter.invitations().values()}
        assert by == {"direct" if direct == "loopback" else "relay"}
    finally:
        inviter.close()
        host.stop()


def test_a_wrong_code_is_refused_and_burns_the_invitation_which_opens_anew(
        servers: Servers) -> None:
    settings = link(servers)
    host, inviter = hosting("hokm", {"sets": 1}, settings)
    try:
        code = inviter.invite(1).code
        number, _, words = code.partition("-")
        wrong = f"{number}-{'-'.join(reversed(words.split('-')))}"
        with pytest.raises(LinkError) as refused:
            join(wrong, settings)
        assert refused.value.reason == "code" and "wrong" in str(refused.value)
        wait_for(lambda: inviter.invitations()[1].code != code
                 and inviter.invitations()[1].state == "open", "a new code for the seat")
        fresh = inviter.invitations()[1].code
        joined = join(fresh, settings)
        assert joined.seat == 1
        joined.close()
    finally:
        inviter.close()
        host.stop()


def test_an_expired_or_unknown_code_is_refused_in_words(servers: Servers) -> None:
    settings = link(servers, expire=0.5, join_wait=2.0)
    host, inviter = hosting("hokm", {"sets": 1}, settings)
    try:
        code = inviter.invite(1).code
        wait_for(lambda: inviter.invitations()[1].state == "expired", "the code to expire")
        for typed in (code, "424242-guitar-ribbon"):
            with pytest.raises(LinkError) as refused:
                join(typed, settings)
            assert refused.value.reason == "expired"
            assert "nobody is waiting with this code" in str(refused.value)
        with pytest.raises(LinkError) as refused:
            join("guitar ribbon", settings)
        assert refused.value.reason == "code" and "7-guitar-ribbon" in str(refused.value)
    finally:
        inviter.close()
        host.stop()


def test_a_mailbox_that_cannot_be_reached_is_said_on_both_sides() -> None:
    nobody = f"ws://127.0.0.1:{free_port('127.0.0.1')}/v1"
    settings = LinkSettings(mailbox=nobody, relay="tcp:127.0.0.1:1", direct="loopback",
                            join_wait=1.0)
    with pytest.raises(LinkError) as refused:
        join("7-guitar-ribbon", settings)
    assert refused.value.reason == "mailbox" and nobody in str(refused.value)
    with pytest.raises(LinkError) as refused:
        Inviter(Host.start("hokm", bots_and_remotes(4, [1]), SEED), settings).invite(1)
    assert refused.value.reason == "mailbox" and "cannot reach the rendezvous" in str(
        refused.value)


def test_each_link_is_held_to_an_addresss_limits_apart_from_the_others(
        servers: Servers) -> None:
    """Every friend's connections reach the host from 127.0.0.1, yet each link counts as an
    address of its own: one link's connections past the cap are closed while another's get
    in, and its wrong table codes make it wait (the host told which link) but not the other."""
    settings = link(servers)
    limits = Limits(per_address=2, backoff_first=120.0)
    host, inviter = hosting("hokm", {"sets": 1}, settings, friends=(1, 2), limits=limits)
    told: list[str] = []
    host.on_wrong_code = lambda address, count: told.append(address)
    opened: list[socket.socket] = []
    try:
        code = inviter.invite(1).code
        eve, sara = join(code, settings), join(inviter.invite(2).code, settings)
        for _ in range(limits.per_address + 1):
            opened.append(socket.create_connection(("127.0.0.1", eve.port), timeout=WAIT))
            wait_for(lambda: inviter.invitations()[1].connections == min(
                len(opened), limits.per_address), "the link to carry the connection")
        opened[-1].settimeout(WAIT)  # the gate closes it as it opens, not the hello's wait
        assert opened[-1].recv(1) == b"", "the connection past the link's cap is closed"
        for connection in opened:
            connection.close()
        wait_for(lambda: inviter.invitations()[1].connections == 0, "the link to be free")

        wrong = Raw(eve.address, "WRNGC2DE", {"seat": 1})
        assert "wrong table code" in wrong.closed_with()
        wrong.close()
        assert told == [code], "the host is told the link, not 127.0.0.1"
        again = Raw(eve.address, host.code, {"seat": 1})
        assert "this table checks no code from your computer" in again.closed_with()
        again.close()

        match = RemoteMatch(sara.address, "Sara", sara.code, sara.seat)
        try:
            wait_for(lambda: host.chair_state(2) == "connected", "the other friend's seat")
        finally:
            match.close()
        eve.close()
        sara.close()
    finally:
        for connection in opened:
            connection.close()
        inviter.close()
        host.stop()


def test_settings_refuse_what_they_cannot_use() -> None:
    for bad in ({"direct": "sometimes"}, {"mailbox": "http://x"}, {"relay": "x:1"},
                {"expire": 0}):
        with pytest.raises(ValueError):
            LinkSettings(**bad)


LEADS, FOLLOWS = "f" * 16, "0" * 16
"""Dilation sides: of a link's two, the greater leads (magic-wormhole's rule)."""


def joiner(code: str, servers: Servers, side: str) -> subprocess.Popen[str]:
    """A friend's program, headless (a bot plays), joining with ``code``, its link's side
    ``side`` (drawn at random otherwise)."""
    run = ("import sys, wormhole._dilation.manager as m, main; "
           f"m.make_side = lambda: {side!r}; sys.exit(main.main(sys.argv[1:]))")
    return subprocess.Popen(
        [sys.executable, "-c", run, "join", "--invite", code, "--name", "Sara",
         "--headless", "--seed", str(SEED), "--timeout", str(WAIT * 3), "--mailbox",
         servers.mailbox, "--relay", servers.relay, "--direct", "loopback"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("host_leads", [True, False])
def test_a_friend_whose_program_is_killed_is_away_at_once_and_comes_back_with_a_new_code(
        servers: Servers, monkeypatch: pytest.MonkeyPatch, host_leads: bool) -> None:
    """Whichever side of the link leads, the seat is ``reconnecting`` and a new code is open
    as soon as the friend's program dies: the host's listener pings nobody here (its
    keepalive outlasts the test), so only the link's own loss can tell it."""
    from wormhole._dilation import manager
    monkeypatch.setattr(manager, "make_side", lambda: LEADS if host_leads else FOLLOWS)
    settings = link(servers)
    host, inviter = hosting("hokm", {"sets": 1}, settings, wait=WAIT * 4, friends=(1,),
                            limits=Limits(keepalive=3600.0))
    try:
        code = inviter.invite(1).code
        first = joiner(code, servers, FOLLOWS if host_leads else LEADS)
        wait_for(lambda: host._on_loop(lambda: host.referee.moves) >= 8, "some moves")
        first.kill()
        first.communicate(timeout=WAIT)
        wait_for(lambda: host.chair_state(1) == "reconnecting", "seat 1 to be away")
        wait_for(lambda: inviter.invitations()[1].code != code
                 and inviter.invitations()[1].state == "open", "a code to come back with")
        again = joiner(inviter.invitations()[1].code, servers, FOLLOWS if host_leads else LEADS)
        out, err = again.communicate(timeout=WAIT * 4)
        assert again.returncode == 0, err
        assert host.referee.finished.wait(WAIT)
        assert json.loads(out.splitlines()[-1]) == host.result()
        assert host.chair_state(1) != "bot"
    finally:
        inviter.close()
        host.stop()


def test_the_benchmark_runs_and_prints_its_figures() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "net_invite.py"),
                          "--joins", "2", "--only", "join"],
                         capture_output=True, text=True, timeout=WAIT * 4)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout.splitlines()[-1])
    assert figures["mode"] == "join" and figures["samples"] == 2
    assert 0 < figures["p50_ms"] <= figures["p99_ms"]
