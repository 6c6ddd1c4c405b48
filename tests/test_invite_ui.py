"""The invitations at the table (`ui.scenes.invite`): a chair is "a friend over the internet" in
the setup, Start hosts and shows its code large with a copy button, the menu's "Join with a
code" seats the friend at the table, and where the mailbox cannot be reached both screens say
so in the player's language and offer the other ways. Under SDL's dummy drivers, with the
mailbox and relay on 127.0.0.1 and every link offering 127.0.0.1 alone."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from game import registry  # noqa: E402
from net.rendezvous import Servers, free_port  # noqa: E402
from saves import Saves  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes.invite import InviteScene, JoinCodeScene  # noqa: E402
from ui.scenes.setup import SetupScene  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

FRAME = 1 / 60
WAIT = 30.0


@pytest.fixture(scope="module")
def servers() -> Iterator[Servers]:
    with Servers() as running:
        yield running


def make_app(home: Path, lang: str, link: dict[str, Any]) -> App:
    os.environ["CARD_TABLE_HOME"] = str(home)
    saves = Saves.open()
    saves.save_settings({"lang": lang, "anim_speed": 10.0, "invite_direct": "loopback",
                         **link})
    return App(saves)


@pytest.fixture
def app(tmp_path: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    app = make_app(tmp_path, "en", {"invite_mailbox": servers.mailbox,
                                    "invite_relay": servers.relay})
    yield app
    while len(app.scenes) > 1:
        app.pop()
    app.quit()


def step_until(app: App, check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        app.step(FRAME)
        time.sleep(0.005)


def hosting_setup(app: App) -> SetupScene:
    """Hokm's setup: chair 1 this screen's person, chair 2 a friend over the internet."""
    setup = SetupScene(app, registry.get("hokm"))
    app.push(setup)
    kinds = ["bot"]
    for _ in range(4):
        setup.toggle_kind(1)
        kinds.append(setup.chairs[1]["kind"])
    assert kinds == ["bot", "person", "remote", "internet", "bot"]
    for _ in range(3):
        setup.toggle_kind(1)
    assert [c["kind"] for c in setup.chairs] == ["person", "internet", "bot", "bot"]
    return setup


def test_start_shows_the_code_and_a_friend_joins_with_it(app: App) -> None:
    setup = hosting_setup(app)
    setup._start()
    invite = app.top
    assert isinstance(invite, InviteScene)
    invitations = invite.match.invitations
    assert invitations is not None
    step_until(app, lambda: 1 in invitations.codes(), "the code")
    code = invitations.codes()[1]
    app.step(FRAME)
    assert any(b.key == "copy1" for b in invite.buttons.items)
    assert any(code in line for line in invite.match.notes(app.text.tr))
    invite.back()
    assert isinstance(app.top, TableScene)

    host_table = app.top
    joining = JoinCodeScene(app)  # the friend's screen: the same app serves both here
    app.push(joining)
    joining.values.update(name="Sara", code=code.upper().replace("-", " "))
    joining.join()
    step_until(app, lambda: isinstance(app.top, TableScene) and app.top is not host_table,
               "the friend's table")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.match.name(1) == "Sara" and table.match.persons == [1]
    step_until(app, lambda: 1 not in invitations.codes()
               and invite.match.remote.status[1] == "connected", "the friend seated")


def test_a_mailbox_out_of_reach_is_said_and_the_other_ways_offered(tmp_path: Path) -> None:
    nobody = {"invite_mailbox": f"ws://127.0.0.1:{free_port('127.0.0.1')}/v1",
              "invite_relay": "tcp:127.0.0.1:1"}
    app = make_app(tmp_path, "fa", nobody)
    try:
        hosting_setup(app)._start()
        invite = app.top
        assert isinstance(invite, InviteScene) and invite.match.invitations is not None
        step_until(app, lambda: invite.match.invitations.problem == "mailbox", "the refusal")
        assert app.text.tr("invite.err.mailbox") in invite.match.notes(app.text.tr)
        assert "«در شبکه»" in app.text.tr("invite.other_ways")
        invite.back()
        app.pop()  # the table: its host stops

        joining = JoinCodeScene(app)
        app.push(joining)
        joining.values.update(name="Sara", code="7-guitar-ribbon")
        joining.join()
        step_until(app, lambda: joining.said == app.text.tr("invite.err.mailbox"),
                   "the refusal in Persian")
        other = next(b for b in joining.buttons.items if b.key == "other")
        other.activate()
        assert type(app.top).__name__ == "JoinScene"
    finally:
        while len(app.scenes) > 1:
            app.pop()
        app.quit()


def test_a_wrong_code_is_refused_in_the_players_language(app: App) -> None:
    joining = JoinCodeScene(app)
    app.push(joining)
    joining.values.update(name="Sara", code="guitar")
    joining.join()
    step_until(app, lambda: joining.said == app.text.tr("invite.err.code"), "the refusal")
