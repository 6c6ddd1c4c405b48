"""Play online from the menu: a table created at a table server (on the loopback, in this
process) through the game's choice and its setup, the table showing its code and link while a
friend is awaited; the friend joining by the link from their own Play online; a plain ws://
server outside the local network used only once the player says so; ``--server`` checked."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

import main  # noqa: E402
from net.protocol import SERVER_CODE_LENGTH, shown_code  # noqa: E402
from net.server import Settings  # noqa: E402
from net.servers import DEFAULT_SERVER, invite_link  # noqa: E402
from peers import server_running  # noqa: E402
from saves import Saves  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes import online as online_scene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.scenes.online import OnlineScene, server_of  # noqa: E402
from ui.scenes.setup import SetupScene  # noqa: E402
from ui.table.remote import ONLINE_CLOCK, NetMatch, Online  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402
from ui.widgets import Dialog  # noqa: E402

FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    saves = Saves.open()
    saves.save_settings({"lang": "en", "anim_speed": 10.0})
    app = App(saves)
    yield app
    while app.scenes:
        app.pop()
    app.quit()


def until(app: App, check: object, what: str) -> None:
    deadline = time.monotonic() + 15
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"waited 15 s for {what}"
        app.step(FRAME)
        time.sleep(0.005)


def press(app: App, key: str) -> None:
    app.step(FRAME)
    scene: Any = app.top  # a scene with buttons
    next(b for b in scene.buttons.items if b.key == key).activate()


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
        assert len(remote.code) == SERVER_CODE_LENGTH and remote.clock == ONLINE_CLOCK
        until(app, lambda: table.inviting is not None, "the code and link shown")
        assert table.inviting is not None and table.inviting.online
        assert table.inviting.code == shown_code(remote.code)
        assert table.inviting.address == invite_link(url, remote.code)
        assert table.inviting.awaited == (1,)

        friend = OnlineScene(app)  # the friend's own Play online, pasting the link
        app.push(friend)
        friend.values.update(name="Sara", invite=table.inviting.address)
        friend.join()
        until(app, lambda: app.top is not friend, "the friend seated")
        theirs = app.top
        assert isinstance(theirs, TableScene) and isinstance(theirs.match, NetMatch)
        assert theirs.match.persons == [1] and theirs.match.remote.code == remote.code
        assert theirs.match.name(0) == "Mina"
        until(app, lambda: remote.status[1:2] == ["connected"], "the friend seen as come")
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
