"""The turn clock as a table option: one rule (`game.clock`) at the home table, on the frames'
clock (never the wall's), and at the table server, whose referee gets the clock the setup
chose."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import registry
from game.clock import CHOICES, MORE, ONLINE, TurnClock, stand_in
from net.protocol import table_id
from net.server import Settings
from saves import Saves
from tests.peers import server_running
from ui.app import App
from ui.scenes.setup import SetupScene
from ui.table import bots as table_bots
from ui.table.match import Match
from ui.table.remote import NetMatch, Online
from ui.table.scene import TableScene

FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    Saves.open().save_settings({"lang": "en"})
    saves = Saves.open()
    saves.settings.update(bot_pace=0.02, anim_speed=4.0)
    monkeypatch.setattr(table_bots, "POOL", lambda searching: table_bots.Inline())
    the_app = App(saves)
    yield the_app
    the_app.quit()
    pygame.quit()


def hokm(clock: int, persons: tuple[int, ...] = (0,), seed: int = 3) -> dict[str, Any]:
    return {"game": "hokm", "options": {}, "seed": seed, "clock": clock,
            "seats": [{"kind": "person", "name": f"P{s}", "level": "normal"} if s in persons
                      else {"kind": "bot", "name": f"B{s}", "level": "normal"}
                      for s in range(4)]}


def until_offered(app: App, table: TableScene, seat: int) -> None:
    """Frames until ``seat`` decides and the table shows it."""
    for _ in range(2000):
        if table.match.to_act() == [seat] and not table._animating():
            app.step(FRAME)
            return
        app.step(FRAME)
    raise AssertionError(f"seat {seat} was never offered a decision")


def test_the_rule_gives_a_card_its_time_and_any_other_decision_more() -> None:
    state = registry.get("hokm").new(4, 3, {})
    hakem = state.to_act()[0]  # names trump first: not a card's decision
    turns = TurnClock(20)
    turns.run(state, [hakem], now=100.0)
    assert turns.left(hakem, 105.0) == (20 * MORE - 5, 20 * MORE)
    turns.run(state, [hakem], now=110.0)  # still deciding: the same clock runs on
    assert turns.due(100.0 + 20 * MORE - 0.1) == []
    assert turns.due(100.0 + 20 * MORE) == [hakem] and turns.left(hakem, 131.0) is None
    turns.run(state, [hakem], now=200.0)
    turns.run(state, [], now=201.0)  # no longer timed: stopped
    assert turns.running == {}
    off = TurnClock(0)
    off.run(state, [hakem], now=0.0)
    assert off.running == {} and off.due(1e9) == []


def test_at_home_a_persons_time_runs_out_and_their_bot_makes_that_one_move(app: App) -> None:
    table = TableScene(app, hokm(15))
    app.push(table)
    match = table.match
    assert isinstance(match, Match)
    until_offered(app, table, 0)
    share = table.clocks()[0]
    assert share is not None and 0.9 < share <= 1, "the ring round the name shows"
    assert table.clocks()[1:] == [None, None, None]
    whole = match.clock_of(0)
    assert whole is not None
    expected = match.state.clone()
    expected.apply(0, stand_in("hokm", 3, 0, match.moves).choose(
        match.observation(0), match.legal_actions(0)))
    moves = match.moves
    for _ in range(int(whole[1]) - 1):  # a second a frame: the frames' clock, not the wall's
        app.step(1.0)
    assert match.moves == moves and match.to_act() == [0], "the time is not up yet"
    app.step(1.5)
    for _ in range(5):
        if match.moves > moves:
            break
        app.step(FRAME)
    assert match.moves == moves + 1
    assert match.state.to_dict() == expected.to_dict(), "the stand-in bot's move, as online"
    until_offered(app, table, 0)
    assert not match.worker.expired, "for that one move only"
    again = match.clock_of(0)
    assert again is not None and again[0] > again[1] - 1, "a new decision, a new clock"


def test_a_person_who_acts_in_time_keeps_the_seat(app: App) -> None:
    table = TableScene(app, hokm(30))
    app.push(table)
    match = table.match
    until_offered(app, table, 0)
    app.step(10.0)
    table.act(match.legal_actions(0)[0])
    assert match.clock_of(0) is None
    until_offered(app, table, 0)
    again = match.clock_of(0)
    assert again is not None and again[0] > again[1] - 1


def test_off_the_clock_never_runs(app: App) -> None:
    table = TableScene(app, hokm(0))
    app.push(table)
    until_offered(app, table, 0)
    moves = table.match.moves
    for _ in range(20):
        app.step(60.0)
    assert table.match.moves == moves and table.match.to_act() == [0]
    assert table.clocks() == [None] * 4


def test_people_at_one_screen_are_timed_only_while_one_alone_decides(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_bots, "POOL", lambda searching: table_bots.Inline())
    passing = {"game": "bidel", "options": {}, "seed": 2, "clock": 15,
               "seats": [{"kind": "person", "name": "A"}, {"kind": "person", "name": "B"},
                         {"kind": "bot", "name": "C", "level": "normal"},
                         {"kind": "bot", "name": "D", "level": "normal"}]}
    match = Match.start(passing)
    assert {0, 1} <= set(match.to_act()), "everyone passes at once"
    match.poll(0.0, 0.02, lambda: False)
    assert match.clock_of(0) is None and match.clock_of(1) is None
    match.poll(1000.0, 0.02, lambda: False)
    assert not match.worker.expired
    turns = Match.start(hokm(15, persons=(0, 2)))
    first = turns.to_act()[0]
    clock = 0.0
    while turns.to_act()[0] not in (0, 2):
        clock += 1.0
        turns.poll(clock, 0.02, lambda: False)
    alone = turns.to_act()[0]
    turns.poll(clock, 0.02, lambda: False)
    assert turns.clock_of(alone) is not None, (first, alone)
    turns.close()
    match.close()


@pytest.mark.parametrize("online", [False, True])
def test_the_setup_offers_the_clock_off_at_home_and_on_online(app: App, online: bool) -> None:
    where = Online("wss://cards.example.net/", "Mina") if online else None
    setup = SetupScene(app, registry.get("hokm"), online=where)
    app.push(setup)
    app.step(FRAME)
    button = next(b for b in setup.buttons.items if b.key == "clock")
    assert setup.clock == (ONLINE if online else 0)
    assert button.text == ("30 s a card" if online else "Off")
    seen = []
    for _ in CHOICES:
        next(b for b in setup.buttons.items if b.key == "clock").activate()
        seen.append(setup.clock)
    assert sorted(seen) == sorted(CHOICES)
    setup.clock = 60
    assert setup.config()["clock"] == 60
    setup._remember()
    assert SetupScene(app, registry.get("hokm"), online=where).clock == 60
    other = SetupScene(app, registry.get("hokm"), online=None if online else
                       Online("wss://cards.example.net/", "Mina"))
    assert other.clock == (0 if online else ONLINE), "home and online remember apart"
    thief = SetupScene(app, registry.get("thief"))
    thief.layout()
    assert not any(b.key == "clock" for b in thief.buttons.items), "no turns: no clock"


def test_the_clock_chosen_online_reaches_the_server(app: App) -> None:
    with server_running(Settings(pace=0.0)) as (server, url):
        setup = SetupScene(app, registry.get("hokm"), online=Online(url, "Mina"))
        app.push(setup)
        app.step(FRAME)
        for i in (2, 3):
            setup.toggle_kind(i)  # two friends' chairs to bots: one friend awaited
        while setup.clock != 60:
            setup.cycle_clock()
        setup._start()
        table = app.top
        assert isinstance(table, TableScene) and isinstance(table.match, NetMatch)
        remote = table.match.remote
        assert remote.clock == 60
        referee = server.tables[table_id(remote.code)].referee
        assert referee.clock == 60 and referee.config["clock"] == 60
        table.match.close()
