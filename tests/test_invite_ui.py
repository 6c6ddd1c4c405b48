"""The invitations at the table (`ui.table.remote.NetMatch.invite`): a chair is "a friend over
the internet" in the setup, Start hosts and the table shows its code large with a copy button
(beside the code and address of a chair on the network), the menu's "Join with a code" seats
the friend at the table, and where the mailbox cannot be reached both screens say so in the
player's language and offer the other ways; the invitation fits every window in every language.
Under SDL's dummy drivers, with the mailbox and relay on 127.0.0.1 and every link offering
127.0.0.1 alone."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import registry
from net.rendezvous import Servers, free_port
from saves import Saves
from ui.app import App
from ui.headless import crossings, drawn, resize
from ui.scenes.join import JoinCodeScene
from ui.scenes.setup import SetupScene
from ui.table import remote as remote_table
from ui.table.remote import NetMatch
from ui.table.scene import TableScene
from ui.text import default_name

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


def hosted_table(app: App) -> TableScene:
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.match, NetMatch)
    return table


def test_start_shows_the_code_and_a_friend_joins_with_it(app: App) -> None:
    setup = hosting_setup(app)
    app.text.heard = []
    app.step(FRAME)
    assert any(text == app.text.tr("setup.internet_explain") for _, text in app.text.heard)
    app.text.heard = None
    setup._start()
    table = hosted_table(app)
    step_until(app, lambda: table.inviting is not None and table.inviting.friends[0].code
               is not None, "the code")
    invite = table.inviting
    assert invite is not None and invite.awaited == () and invite.problem is None
    code = invite.friends[0].code
    assert code is not None and [f.seat for f in invite.friends] == [1]
    assert any(b.key == "invite:1" for b in table.buttons)
    table.copy_invite(1)
    assert pygame.scrap.get_text() == code

    joining = JoinCodeScene(app)  # the friend's screen: the same app serves both here
    app.push(joining)
    joining.values.update(name="Sara", code=code.upper().replace("-", " "))
    joining.join()
    step_until(app, lambda: isinstance(app.top, TableScene) and app.top is not table,
               "the friend's table")
    friends = app.top
    assert isinstance(friends, TableScene)
    assert friends.match.name(1) == "Sara" and friends.match.persons == [1]
    step_until(app, lambda: table.match.invite() is None,
               "the invitation to go once she is seated")


def test_a_mailbox_out_of_reach_is_said_and_the_other_ways_offered(tmp_path: Path) -> None:
    nobody = {"invite_mailbox": f"ws://127.0.0.1:{free_port('127.0.0.1')}/v1",
              "invite_relay": "tcp:127.0.0.1:1"}
    app = make_app(tmp_path, "fa", nobody)
    try:
        hosting_setup(app)._start()
        table = hosted_table(app)
        step_until(app, lambda: table.inviting is not None
                   and table.inviting.problem == "mailbox", "the refusal")
        app.text.heard = []
        app.step(FRAME)
        heard = [text for _, text in app.text.heard]
        app.text.heard = None
        assert app.text.tr("invite.err.mailbox") in heard
        assert app.text.tr("invite.other_ways") in heard
        assert "«در شبکه»" in app.text.tr("invite.other_ways")
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


@pytest.mark.parametrize("game, kinds", [
    ("hokm", ["person", "remote", "internet", "internet"]),
    ("taki", ["person", "remote", *["internet"] * 8]),
])
def test_the_invitation_fits_every_window_in_every_language(
        tmp_path: Path, servers: Servers, monkeypatch: pytest.MonkeyPatch, game: str,
        kinds: list[str]) -> None:
    """Friends on the network and over the internet awaited at once, at the usual table and at
    the fullest (ten seats, eight codes): no text or button of the invitation over another,
    none out of the window (it lies over the table, whose status and panel it may cover)."""
    monkeypatch.setattr(remote_table, "network", remote_table.LOOPBACK)
    problems = []
    for lang in ("fa", "en", "ar"):
        app = make_app(tmp_path / lang, lang, {"invite_mailbox": servers.mailbox,
                                               "invite_relay": servers.relay})
        try:
            setup = SetupScene(app, registry.get(game))
            app.push(setup)
            setup.seat_count(len(kinds))
            for i, (chair, kind) in enumerate(zip(setup.chairs, kinds)):
                if kind != "person":
                    chair.update(kind=kind, name=default_name("player", i + 1))
            setup._start()
            table = hosted_table(app)
            step_until(app, lambda: table.inviting is not None and all(
                f.code is not None for f in table.inviting.friends), "every code")
            for size in ((640, 360), (1280, 720), (1920, 1080)):
                resize(app, size)
                app.step(FRAME)
                buttons = {tuple(b.shown(app)) for b in table.buttons
                           if b.key.startswith("invite")}
                ours = [d for d in drawn(app) if d["role"] == "invite"
                        or (d["role"] == "button" and tuple(d["rect"]) in buttons)]
                assert len(ours) > len(kinds)  # a code and a button a friend, and more
                problems += [f"{lang} {size}: {p}" for p in crossings(ours, size)]
        finally:
            while len(app.scenes) > 1:
                app.pop()
            app.quit()
    assert problems == []


LONGEST = "999-belowground-belowground"
"""Longer than any code magic-wormhole gives (a nameplate of three digits and the longest word
of its word list, twice)."""


@pytest.mark.parametrize("network, friends", [(True, 1), (True, 2), (True, 8), (False, 9)])
def test_the_longest_codes_fit_every_window_in_every_language(
        tmp_path: Path, network: bool, friends: int) -> None:
    """However long the codes, the invitation's rows widen (or go side by side) rather than let
    a code run under its button or shrink below legibility."""
    from ui.table.match import Friend, Invite
    from ui.table.overlays import draw_invite, invite_buttons

    invite = Invite("K7QXP3MN", "192.168.100.200:47250", (1,) if network else (),
                    tuple(Friend(seat, LONGEST) for seat in range(2, 2 + friends)))
    problems = []
    for lang in ("fa", "en", "ar"):
        app = make_app(tmp_path / lang, lang, {})
        try:
            def name(seat: int) -> str:
                return app.text.name(default_name("player", seat + 1))
            for size in ((640, 360), (1280, 720), (1920, 1080)):
                resize(app, size)
                screen = pygame.display.get_surface()
                app.text.drawn = []
                draw_invite(app, screen, invite, name)
                buttons = invite_buttons(app, invite, name, lambda seat: None)
                for button in buttons:
                    button.draw(screen, app, False)
                ours, app.text.drawn = app.text.drawn, None
                assert len(buttons) == friends + network
                assert sum(d["text"] == LONGEST for d in ours) == friends
                problems += [f"{lang} {size}: {p}" for p in crossings(ours, size)]
        finally:
            app.quit()
    assert problems == []


def test_a_wrong_code_is_refused_in_the_players_language(app: App) -> None:
    joining = JoinCodeScene(app)
    app.push(joining)
    joining.values.update(name="Sara", code="guitar")
    joining.join()
    step_until(app, lambda: joining.said == app.text.tr("invite.err.code"), "the refusal")
