"""The table scene playing a match hosted over loopback (`ui.table.remote.NetMatch`): the
person's cards are dragged as at home, the host's bots answer, the hand ends in its sheet,
and the panel says the table's code, all under SDL's dummy drivers.

Play online, the same table at a table server (on the loopback, in this process): a table
created through the game's choice and its setup shows its code and link while a friend is
awaited, and the friend joins by the link from their own Play online; a plain ws:// server
outside the local network is used only once the player says so; ``--server`` is checked; the
quick phrases are said and shown beside the seat (muted: only one's own), the turn clock runs
as a ring; a finished match is in the player's own history once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

import main
from game import claim, registry
from game.clock import ONLINE
from game.core import IllegalAction
from net.client import RemoteMatch
from net.host import Host
from net.protocol import SERVER_CODE_LENGTH, shown_code
from net.server import Settings
from net.servers import DEFAULT_SERVER, invite_link
from tests.peers import server_running
from saves import Saves
from ui.app import App
from ui.scenes import online as online_scene
from ui.scenes.menu import MenuScene
from ui.scenes.online import OnlineScene, server_of
from ui.scenes.setup import SetupScene
from ui.table.remote import Hosting, NetMatch, Online, online_table
from ui.table.scene import TableScene
from ui.widgets import Dialog

FRAME = 1 / 60
LIVENESS = 60.0
HAND_HANG = 900.0
"""How long a hand played at the table may take before the test calls it hung: a guard
against a hang only, far beyond a hand at any load (a hand takes about 20 s idle; one failed
its former 60 s at a load of 13 to 20)."""
"""Seconds a step that happens on loopback in well under one may take on a loaded machine before
a test calls it stuck: a bound on waiting, not a measure of speed."""


def notes(app: App, table: TableScene) -> list[str]:
    """The panel's lines about the network, as the table says them."""
    return table.match.notes(app.text.tr, table.words.name)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    saves = Saves.open()
    saves.save_settings({"lang": "en", "anim_speed": 10.0})
    app = App(saves)
    yield app
    while app.scenes:  # closing each table's connection
        app.pop()
    app.quit()


def drag(app: App, table: TableScene, code: str, zone: str) -> None:
    """The person drags card ``code`` onto ``zone`` with the mouse."""
    sprite = next(s for s in table.sprites.values() if s.code == code)
    box = next(b for b in table.boxes if b.id == zone)
    start, end = app.view.pt(sprite.x, sprite.y), app.view.pt(*box.rect.center)
    for kind, at in ((pygame.MOUSEBUTTONDOWN, start), (pygame.MOUSEMOTION, end),
                     (pygame.MOUSEBUTTONUP, end)):
        data = {"pos": at} if kind == pygame.MOUSEMOTION else {"pos": at, "button": 1}
        if kind == pygame.MOUSEMOTION:
            data.update(rel=(0, 0), buttons=(1, 0, 0))
        pygame.event.post(pygame.event.Event(kind, data))
    app.step(FRAME)


@contextmanager
def hosted_hokm(app: App, seed: int, options: dict[str, Any]
                ) -> Iterator[tuple[Host, NetMatch, TableScene]]:
    """A Hokm match hosted over loopback, a person (Sara) at seat 0 and normal bots in the
    others, at the table on top of ``app``; the host stopped and the person gone after."""
    chairs = [{"kind": "remote", "name": "Sara"},
              *({"kind": "bot", "name": f"Bot {s}", "level": "normal"} for s in (2, 3, 4))]
    host = Host.start("hokm", chairs, seed, options, pace=0.0)
    address = host.open("127.0.0.1", 0)
    remote = RemoteMatch(f"127.0.0.1:{address[1]}", "Sara", host.code, seat=0)
    try:
        match = NetMatch(remote, Hosting(host, f"127.0.0.1:{address[1]}"))
        table = TableScene(app, match.config, match)
        app.push(table)
        yield host, match, table
    finally:
        remote.close()
        host.stop()


def test_a_person_plays_a_hosted_hokm_hand_at_the_table(app: App) -> None:
    with hosted_hokm(app, 4, {"length": "hand"}) as (host, match, table):
        played = 0
        deadline = time.monotonic() + HAND_HANG
        while not match.is_over() and time.monotonic() < deadline:
            app.step(FRAME)
            if app.top is not table:  # the sheet between hands
                app.pop()
                continue
            moves = table.moves()
            if moves and not any(s.moving for s in table.sprites.values()):
                code, [(_, zone), *_] = next(iter(moves.items()))
                drag(app, table, code, zone)
                played += 1
            elif table.my_legal() and any(b.enabled for b in table.buttons):
                next(b for b in table.buttons if b.enabled).activate()  # name trump
            else:
                time.sleep(0.002)
        assert match.is_over(), "the hand ended"
        assert played >= 7, "the person's cards went by drag and drop"
        assert match.result()["winners"], "the host's result reached the table"
        assert any(shown_code(host.code) in line for line in notes(app, table)), "the code shows"
        with pytest.raises(IllegalAction):
            match.act(0, match.rules.parse_action("play AS"))


def test_a_person_claims_the_rest_of_a_hosted_hand(app: App) -> None:
    """The person plays their first card each turn, and claims the rest of a hand once the
    claim is offered and holds on what they see: the host plays the rest out, the hand ends at
    once, and the table's log says who claimed."""
    app.settings["forced_card"] = False
    with hosted_hokm(app, 1, {"sets": 1}) as (_, match, table):  # seed 1: seat 0 comes to claim
        deadline = time.monotonic() + HAND_HANG
        claimed = [i for i, e in enumerate(match.history) if e.kind == "claim"]
        while not claimed and not match.is_over() and time.monotonic() < deadline:
            app.step(FRAME)
            claimed = [i for i, e in enumerate(match.history) if e.kind == "claim"]
            if app.top is not table:
                app.pop()
                continue
            busy = any(s.moving for s in table.sprites.values())
            button = next((b for b in table.buttons if b.key == "claim"), None)
            if busy or not table.my_legal():
                time.sleep(0.002)
            elif button is not None and claim.check("hokm", match.observation(0)):
                button.activate()
            elif table.moves():
                code, [(_, zone), *_] = next(iter(table.moves().items()))
                drag(app, table, code, zone)
            else:
                next(b for b in table.buttons if b.enabled).activate()  # name trump
        assert [match.history[i].seat for i in claimed] == [0]
        rest = match.history[claimed[0]:]
        assert any(e.kind in match.rules.deal_ends for e in rest), "the hand ended at once"
        assert table.words.tr("log.claim", who=table.words.name(0)) in table.log


def test_the_menu_joins_a_table_found_on_the_network_and_says_why_not(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Join a table from the menu: a table the hosts announce fills the address (the
    announcements are stood in for: nothing is heard off this machine), a wrong code is refused
    in words, the right one opens that match's table."""
    from net.discovery import Found
    from ui.scenes import join as join_scene
    from ui.scenes.menu import MenuScene

    chairs = [{"kind": "remote", "name": "#1"},
              *({"kind": "bot", "name": f"Bot {s}", "level": "normal"} for s in (2, 3, 4))]
    host = Host.start("hokm", chairs, 4, {"length": "hand"}, pace=0.0)
    port = host.open("127.0.0.1", 0)[1]
    monkeypatch.setattr(join_scene, "find_tables",
                        lambda seconds: [Found("127.0.0.1", port, "hokm", "Mina's laptop", 1)])
    try:
        app.push(MenuScene(app, greet=False))
        app.step(FRAME)
        next(b for b in app.top.buttons.items if b.text == app.text.tr("menu.join")).activate()
        scene = app.top
        assert isinstance(scene, join_scene.JoinScene)
        deadline = time.monotonic() + LIVENESS
        while not any(b.key == "found:0" for b in scene.buttons.items):
            assert time.monotonic() < deadline, "the table found is listed"
            app.step(FRAME)
            time.sleep(0.005)  # the network threads need the GIL too
        next(b for b in scene.buttons.items if b.key == "found:0").activate()
        assert scene.values["address"] == f"127.0.0.1:{port}"
        scene.values.update(name="Sara", code="WRONG")
        scene.join()
        deadline = time.monotonic() + LIVENESS
        while not scene.said or scene.said == app.text.tr("join.connecting"):
            assert time.monotonic() < deadline, "a wrong code is refused"
            app.step(FRAME)
            time.sleep(0.005)  # the network threads need the GIL too
        assert app.top is scene and "code" in scene.said.lower()
        scene.values["code"] = host.code
        scene.join()
        deadline = time.monotonic() + LIVENESS
        while app.top is scene:
            assert time.monotonic() < deadline, "the right code opens the table"
            app.step(FRAME)
            time.sleep(0.005)  # the network threads need the GIL too
        table = app.top
        assert isinstance(table, TableScene) and isinstance(table.match, NetMatch)
        assert table.match.persons == [0] and table.match.name(0) == "Sara"
    finally:
        while len(app.scenes) > 0:
            app.pop()
        host.stop()


def test_a_chair_for_a_player_on_another_computer_hosts_the_match(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the setup a chair goes round bot, person, a player on another computer; Start then
    hosts the match (on loopback here, announcing nothing) with this screen's person seated,
    the code in the panel, and the friend who joins with it takes the chair."""
    from game import registry
    from ui.scenes import setup as setup_scene
    from ui.table import remote as remote_table

    monkeypatch.setattr(remote_table, "network", remote_table.LOOPBACK)
    setup = setup_scene.SetupScene(app, registry.get("hokm"))
    app.push(setup)
    app.step(FRAME)
    setup.toggle_kind(1)  # a bot, a person, a player on another computer
    setup.toggle_kind(1)
    assert setup.chairs[1]["kind"] == "remote"
    setup._start()
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.match, NetMatch)
    match = table.match
    try:
        assert match.hosting is not None
        code, address = match.hosting.code, match.hosting.address
        deadline = time.monotonic() + 10
        while table.inviting is None:  # the host's word on its chairs
            assert time.monotonic() < deadline, "the table shows the invitation"
            app.step(FRAME)
        app.step(FRAME)
        assert table.inviting is not None, "the code and address stand large"
        assert (table.inviting.code, table.inviting.address) == (code, address)
        assert table.inviting.awaited == (1,)
        assert any(b.key == "invite" for b in table.buttons)
        port = address.rpartition(":")[2]
        friend = RemoteMatch(f"127.0.0.1:{port}", "Ali", code, seat=1)
        try:
            assert friend.ready(10) and friend.seat == 1
            deadline = time.monotonic() + 10
            while table.inviting is not None:
                assert time.monotonic() < deadline, "the friend took the chair"
                app.step(FRAME)
            assert match.name(1) == "Ali" and not any(b.key == "invite" for b in table.buttons)
            assert any(code in line for line in notes(app, table))  # in the panel now
        finally:
            friend.close()
    finally:
        app.pop()  # the table closes: its host stops


def test_the_menu_hosts_a_table_with_friends_chairs_explained(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Host a table, beside Join: the game is chosen (games of one player are not offered),
    its setup seats friends on other computers in every chair but this screen's and says how
    they join, and Start opens the table showing the code and the address large."""
    from ui.scenes import setup as setup_scene
    from ui.scenes.menu import MenuScene
    from ui.table import remote as remote_table

    monkeypatch.setattr(remote_table, "network", remote_table.LOOPBACK)
    app.push(MenuScene(app, greet=False))
    app.step(FRAME)
    keys = [b.key for b in app.top.buttons.items]
    assert keys.index("menu.host") == keys.index("menu.join") - 1  # beside Join
    next(b for b in app.top.buttons.items if b.key == "menu.host").activate()
    chooser = app.top
    assert isinstance(chooser, MenuScene) and chooser.host
    app.step(FRAME)
    names = [b.text for b in chooser.buttons.items]
    assert "Hokm" in names and "Love fortune" not in names
    next(b for b in chooser.buttons.items if b.text == "Hokm").activate()
    setup = app.top
    assert isinstance(setup, setup_scene.SetupScene)
    assert [c["kind"] for c in setup.chairs] == ["person", "remote", "remote", "remote"]
    app.text.heard = []
    app.step(FRAME)
    assert any(text == app.text.tr("setup.remote_explain") for _, text in app.text.heard)
    app.text.heard = None
    setup._start()
    table = app.top
    try:
        assert isinstance(table, TableScene) and isinstance(table.match, NetMatch)
        deadline = time.monotonic() + 10
        while table.inviting is None:
            assert time.monotonic() < deadline, "the table shows the code"
            app.step(FRAME)
        assert table.inviting.awaited == (1, 2, 3)
        table.copy_invite()
        assert pygame.scrap.get_text() == f"{table.inviting.code} {table.inviting.address}"
    finally:
        while app.scenes:
            app.pop()


def test_a_hosted_match_is_kept_and_continuing_it_hosts_it_again_for_its_players(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match hosted from the setup is saved like any match; the host's table closing (its
    machine restarting) leaves it to Continue from the menu, which hosts it again on the same
    port and code, and the friend's client, holding its token, takes its seat back by
    itself."""
    from ui.scenes import continue_match
    from ui.scenes import setup as setup_scene
    from ui.table import remote as remote_table

    monkeypatch.setattr(remote_table, "network", remote_table.LOOPBACK)
    setup = setup_scene.SetupScene(app, registry.get("hokm"), host=True)
    app.push(setup)
    for chair in (2, 3):
        setup.toggle_kind(chair)  # a friend's on the network, over the internet, a bot's
        setup.toggle_kind(chair)
    setup._start()
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.match, NetMatch)
    assert table.match.hosting is not None
    host, address = table.match.hosting.host, table.match.hosting.address
    port = int(address.rpartition(":")[2])
    friend = RemoteMatch(f"127.0.0.1:{port}", "Ali", host.code, seat=1)
    try:
        assert friend.ready(10)
        wait_until(app, lambda: (app.saves.load_match("hokm") or {}).get("seats", [{}] * 4)[1]
                   .get("token") == friend.token, "the match is kept with the friend's token")
        saved = app.saves.load_match("hokm")
        assert saved is not None and saved["hosted"] == {"port": port, "internet": []}
        assert saved["code"] == host.code
        app.pop()  # the host's table closes: its server stops, the match stays kept
        wait_until(app, lambda: friend.connection == "reconnecting", "the friend to notice")
        kept = app.saves.load_match("hokm")
        assert kept is not None
        continue_match(app, kept)
        again = app.top
        assert isinstance(again, TableScene) and isinstance(again.match, NetMatch)
        assert again.match.hosting is not None
        rehosted = again.match.hosting.host
        assert rehosted.code == host.code and again.match.hosting.address == address
        wait_until(app, lambda: rehosted.chair_state(1) == "connected"
                   and friend.connection == "connected", "the friend to take the seat back")
        assert rehosted.referee.chairs[1]["name"] == "Ali"  # the match it kept, not a new one
    finally:
        friend.close()
        while app.scenes:
            app.pop()


def wait_until(app: App, check: Any, what: str) -> None:
    deadline = time.monotonic() + 10
    while not check():
        assert time.monotonic() < deadline, f"waited 10 s for {what}"
        app.step(FRAME)
        time.sleep(0.005)


def press(app: App, key: str) -> None:
    app.step(FRAME)
    scene: Any = app.top  # a scene with buttons (the table keeps a list of them)
    buttons = scene.buttons if isinstance(scene.buttons, list) else scene.buttons.items
    next(b for b in buttons if b.key == key).activate()


def test_a_table_created_online_shows_its_link_and_a_friend_joins_by_it(app: App) -> None:
    with server_running(Settings(pace=0.0)) as (_, url):
        app.push(MenuScene(app, greet=False))
        app.step(FRAME)
        press(app, "menu.online")
        online = app.top
        assert isinstance(online, OnlineScene)
        assert online.values["server"] == DEFAULT_SERVER  # until the player changes it
        online.values.update(server=url, name="Mina")
        press(app, "create")
        assert app.settings["server"] == url  # kept for the next time
        chooser = app.top
        assert isinstance(chooser, MenuScene) and chooser.online == Online(url, "Mina")
        app.step(FRAME)
        next(b for b in chooser.buttons.items if b.text == "Hokm").activate()
        setup = app.top
        assert isinstance(setup, SetupScene) and setup.online == Online(url, "Mina")
        assert [c["kind"] for c in setup.chairs] == ["person", "remote", "remote", "remote"]
        assert setup.chairs[0]["name"] == "Mina"
        for i in (2, 3):  # friends' chairs become bots
            setup.toggle_kind(i)
        assert [c["kind"] for c in setup.chairs] == ["person", "remote", "bot", "bot"]
        setup._start()
        table = app.top
        assert isinstance(table, TableScene) and isinstance(table.match, NetMatch)
        remote = table.match.remote
        assert len(remote.code) == SERVER_CODE_LENGTH and remote.clock == ONLINE
        wait_until(app, lambda: table.inviting is not None, "the code and link shown")
        assert table.inviting is not None and table.inviting.online
        assert table.inviting.code == shown_code(remote.code)
        assert table.inviting.address == invite_link(url, remote.code)
        assert table.inviting.awaited == (1,)

        friend = OnlineScene(app)  # the friend's own Play online, pasting the link
        app.push(friend)
        friend.values.update(name="Sara", invite=table.inviting.address)
        friend.join()
        wait_until(app, lambda: app.top is not friend, "the friend seated")
        theirs = app.top
        assert isinstance(theirs, TableScene) and isinstance(theirs.match, NetMatch)
        assert theirs.match.persons == [1] and theirs.match.remote.code == remote.code
        assert theirs.match.name(0) == "Mina"
        wait_until(app, lambda: remote.status[1:2] == ["connected"], "the friend seen as come")
        assert table.match.invite() is None  # nobody awaited: the invitation steps aside


def test_an_invitation_that_is_no_code_or_a_bad_server_is_said_not_sent(app: App) -> None:
    online = OnlineScene(app)
    app.push(online)
    online.values.update(name="Sara", invite="HELLO")
    online.join()
    assert online.said == app.text.tr("online.bad_invite") and online.remote is None
    online.values.update(invite="AK7-QXP-3MN", server="ftp://example.org")
    online.join()
    assert online.said.startswith(app.text.tr("online.bad_server", why="")) \
        and online.remote is None


class Dialed:
    """Stands in for `RemoteMatch` where nothing may be dialled: what would have been."""

    def __init__(self, address: str, name: str, code: str) -> None:
        self.address, self.name, self.code = address, name, code
        self.connection = "connecting"

    def ready(self, timeout: float) -> bool:
        return False

    def close(self) -> None:
        self.connection = "closed"


def test_a_plain_server_outside_the_local_network_is_used_only_once_the_player_says_so(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_scene, "RemoteMatch", Dialed)
    online = OnlineScene(app)
    app.push(online)
    online.values.update(name="Sara", invite="AK7-QXP-3MN", server="ws://cards.example.net:8751")
    online.join()
    dialog = app.top
    assert isinstance(dialog, Dialog) and online.remote is None
    next(b for b in dialog.buttons.items if b.text == app.text.tr("common.back")).activate()
    app.step(FRAME)
    assert app.top is online and online.remote is None
    online.join()
    anyway = app.top
    assert isinstance(anyway, Dialog)
    next(b for b in anyway.buttons.items if b.text == app.text.tr("online.plain_go")).activate()
    app.step(FRAME)
    assert isinstance(online.remote, Dialed)
    assert online.remote.address == "ws://cards.example.net:8751/"
    assert online.remote.code == "AK7QXP3MN"
    online.values["server"] = "ws://192.168.1.20:8751"  # the local network: not asked
    online.join()
    assert isinstance(online.remote, Dialed) and app.top is online
    assert online.remote.address == "ws://192.168.1.20:8751/"
    online.remote = None


def test_the_server_is_the_setting_then_the_runs_own(app: App) -> None:
    assert server_of(app) == DEFAULT_SERVER
    app.settings["server"] = "wss://cards.example.net/"
    assert server_of(app) == "wss://cards.example.net/"
    app.server = "wss://ours.example.com/"
    assert server_of(app) == "wss://ours.example.com/"


def test_a_server_given_on_the_command_line_is_checked(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert main.main(["--server", "ftp://cards.example.net"]) == 2
    assert "--server" in capsys.readouterr().err


def test_quick_phrases_show_beside_the_seat_unless_muted_and_the_turn_clock_runs_as_a_ring(
        app: App) -> None:
    with server_running(Settings(pace=0.0)) as (_, url):
        config = {"game": "hokm", "options": {"sets": 1},
                  "seats": [{"kind": "person", "name": "Mina", "level": "normal"},
                            {"kind": "remote", "name": "@player:2", "level": "normal"},
                            {"kind": "bot", "name": "@bot:3", "level": "normal"},
                            {"kind": "bot", "name": "@bot:4", "level": "normal"}]}
        match = online_table(config, url)
        table = TableScene(app, match.config, match)
        app.push(table)
        friend = RemoteMatch(url, "Sara", match.remote.code, 1)
        try:
            assert friend.ready(15)
            wait_until(app, lambda: table.inviting is None, "the friend seated")
            press(app, "say")
            press(app, "phrase:hello")
            wait_until(app, lambda: (0, "hello") in table.heard(), "Mina's own phrase shown")
            assert not any(b.key.startswith("phrase:") for b in table.buttons)  # closed
            friend.say("well_played")
            wait_until(app, lambda: (1, "well_played") in table.heard(), "Sara's phrase shown")
            app.text.heard = []
            app.step(FRAME)
            assert any(text == "Well played!" for _, text in app.text.heard)
            app.text.heard = None
            app.settings["mute_phrases"] = True
            assert table.heard() == [(0, "hello")]
            wait_until(app, lambda: any(share is not None for share in table.clocks()),
                  "a turn clock running")
            assert all(share is None or 0 <= share <= 1 for share in table.clocks())
        finally:
            friend.close()


def test_a_finished_online_match_is_in_the_players_own_history_once(app: App) -> None:
    with server_running(Settings(pace=0.0)) as (_, url):
        config = {"game": "hokm", "options": {"length": "hand"},
                  "seats": [{"kind": "person", "name": "Mina", "level": "normal"},
                            *({"kind": "bot", "name": f"@bot:{s}", "level": "normal"}
                              for s in (2, 3, 4))]}
        match = online_table(config, url)
        match.keep(app.saves)
        try:
            deadline = time.monotonic() + HAND_HANG
            while not match.remote.is_over():  # this screen's seat played by its first move
                assert time.monotonic() < deadline, "the match did not end"
                match.poll(0.0, 0.0, lambda: False)
                legal = match.legal_actions(0) if 0 in match.to_act() else []
                if legal:
                    match.act(0, legal[0])
                time.sleep(0.01)
            while match.poll(0.0, 0.0, lambda: False) is not None or not match.recorded:
                assert time.monotonic() < deadline, "the last update was not taken"
                time.sleep(0.01)
            match.poll(0.0, 0.0, lambda: False)  # the end seen again counts nothing twice
        finally:
            match.close()
    history = app.saves.history("hokm")
    assert len(history) == 1 and history[0]["players"][0] == "Mina"
    assert [s["player"] for s in app.saves.stats("hokm")].count("Mina") == 1
    assert match.remote.match_id is not None  # recorded under the referee's id: not again
    assert not app.saves.record_result("hokm", history[0]["players"],
                                       dict(match.remote.result()), match.remote.match_id)


def test_a_table_its_server_no_longer_holds_says_so_and_goes_back_to_the_menu(app: App) -> None:
    menu = MenuScene(app, greet=False)
    app.push(menu)
    with server_running(Settings(pace=0.5)) as (_, url):
        config = {"game": "hokm", "options": {"sets": 1},
                  "seats": [{"kind": "person", "name": "Mina", "level": "normal"},
                            *({"kind": "bot", "name": f"@bot:{s}", "level": "normal"}
                              for s in (2, 3, 4))]}
        match = online_table(config, url)
        app.push(TableScene(app, match.config, match))
        app.step(FRAME)
    # the server stopped mid-match (as a killed process's tables are refused by the others)
    wait_until(app, lambda: isinstance(app.top, Dialog), "the player told")
    told = app.top
    assert isinstance(told, Dialog) and told.title == app.text.tr("net.lost_title")
    assert not match.remote.is_over()
    next(b for b in told.buttons.items if b.text == app.text.tr("common.ok")).activate()
    app.step(FRAME)
    assert app.top is menu
