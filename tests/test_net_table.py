"""The table scene playing a match hosted over loopback (`ui.table.remote.NetMatch`): the
person's cards are dragged as at home, the host's bots answer, the hand ends in its sheet,
and the panel says the table's code, all under SDL's dummy drivers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import claim, registry  # noqa: E402
from net.client import RemoteMatch  # noqa: E402
from net.protocol import shown_code  # noqa: E402
from net.host import Host  # noqa: E402
from saves import Saves  # noqa: E402
from ui.app import App  # noqa: E402
from ui.table.remote import Hosting, NetMatch  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

FRAME = 1 / 60


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
        deadline = time.monotonic() + 60
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
        with pytest.raises(Exception):
            match.act(0, match.rules.parse_action("play AS"))


def test_a_person_claims_the_rest_of_a_hosted_hand(app: App) -> None:
    """The person plays their first card each turn, and claims the rest of a hand once the
    claim is offered and holds on what they see: the host plays the rest out, the hand ends at
    once, and the table's log says who claimed."""
    app.settings["forced_card"] = False
    with hosted_hokm(app, 1, {"sets": 1}) as (_, match, table):  # seed 1: seat 0 comes to claim
        deadline = time.monotonic() + 60
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
        deadline = time.monotonic() + 10
        while not any(b.key == "found:0" for b in scene.buttons.items):
            assert time.monotonic() < deadline, "the table found is listed"
            app.step(FRAME)
        next(b for b in scene.buttons.items if b.key == "found:0").activate()
        assert scene.values["address"] == f"127.0.0.1:{port}"
        scene.values.update(name="Sara", code="WRONG")
        scene.join()
        while not scene.said or scene.said == app.text.tr("join.connecting"):
            assert time.monotonic() < deadline, "a wrong code is refused"
            app.step(FRAME)
        assert app.top is scene and "code" in scene.said.lower()
        scene.values["code"] = host.code
        scene.join()
        while app.top is scene:
            assert time.monotonic() < deadline, "the right code opens the table"
            app.step(FRAME)
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
