"""The play checker: the hard search's verdict on a person's play, the match's record of the
person's choices in a deal, and the review scene that shows the verdicts as they come."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pygame
import pytest

from game import bots, checker, registry
from game.bots.search import Appraisal
from game.checker import Decision, judge, marked, worth_checking
from game.core import Action
from saves import Saves
from tests.test_hokm import position
from ui.app import App
from ui.headless import bot_config, local_table
from ui.result import HandScene, ResultScene
from ui.review import ReviewScene
from ui.table import bots as table_bots
from ui.table.match import Match

FRAME = 1 / 60


def undertrumped() -> Decision:
    """Hokm, trick 12, trump diamonds: seat 1, last to a trick of JC, 6S, 5D, holds 2S and JD.
    The jack overtrumps and wins the hand; the two of spades lets the trick go, and with it the
    hand (the last trick's cards are forced). Reached by seeded random play of game 13."""
    state = registry.get("hokm").new(4, 13, {"length": "hand"})
    rng = random.Random(13)
    while not (len(state.history) == 11 and len(state.trick) == 3):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    legal = state.legal_actions(1)
    assert state.to_act() == [1] and set(legal) == {Action("play", "JD"), Action("play", "2S")}
    return Decision(state.observation(1), tuple(legal), Action("play", "2S"), 1)


def test_a_play_that_gives_the_hand_away_is_flagged_with_what_it_cost() -> None:
    ducked = undertrumped()
    verdict = judge("hokm", 3, ducked, iterations=20)
    assert verdict.differs and verdict.preferred == Action("play", "JD")
    assert 0 < verdict.worlds <= 20  # the search drops the two of spades once it is clear
    assert verdict.played_points < verdict.preferred_points
    assert verdict.played_outcome <= verdict.preferred_outcome
    assert judge("hokm", 3, ducked, iterations=20) == verdict  # the same for a seed


def test_the_bots_own_choice_is_not_flagged() -> None:
    ducked = undertrumped()
    took = Decision(ducked.observation, ducked.legal, Action("play", "JD"), 1)
    verdict = judge("hokm", 3, took, iterations=20)
    assert not verdict.differs and verdict.preferred == took.played
    assert verdict.played_points == verdict.preferred_points


def test_the_verdict_reads_only_the_observation() -> None:
    """The decision carries the seat's observation alone: two states that differ in the hidden
    cards, seen the same, get the same verdict."""
    state, _ = position({0: ["KH"], 1: ["3H"], 2: ["4H"], 3: ["AH", "5H"]}, "S",
                        ["KH", "3H", "4H"])
    other = state.clone()
    seat = state.to_act()[0]
    a, b = (seat + 1) % 4, (seat + 3) % 4
    other.hands[a], other.hands[b] = state.hands[b][:], state.hands[a][:]
    assert other.observation(seat) == state.observation(seat)
    verdicts = [judge("hokm", 5, Decision(s.observation(seat), tuple(s.legal_actions(seat)),
                                          Action("play", "5H"), 1), iterations=6)
                for s in (state, other)]
    assert verdicts[0] == verdicts[1]


def test_a_play_is_marked_where_it_cost_what_a_row_can_show() -> None:
    """The search may prefer another card by a sliver: a row marks the play only where its
    cost shows at two decimals (points) or a hundredth (the game's outcome)."""
    a, b = Action("play", "AH"), Action("play", "5H")
    assert not marked(Appraisal(b, b, 30, 1.0, 1.0, 0.0, 0.0))
    assert not marked(Appraisal(b, a, 30, 0.998, 1.0, 0.0, 0.0))
    assert marked(Appraisal(b, a, 30, 0.7, 1.0, 0.0, 0.0))
    assert marked(Appraisal(b, a, 30, 1.0, 1.0, -0.1, 0.0))
    assert not marked(None)


def test_only_plain_choices_are_worth_checking() -> None:
    assert not worth_checking([Action("play", "AS")])
    assert worth_checking([Action("play", "AS"), Action("play", "KS")])
    assert not worth_checking([Action("pass", "?3"), Action("play", "KS")])


def test_the_match_records_the_persons_choices_of_the_deal_only() -> None:
    """A Hokm hand played through `Match.act` at every seat (a bot's choice at the person's
    seat too): the record holds seat 0's choices that had more than one legal card, in order,
    each with what seat 0 saw then; the bots' are not there, nor forced plays; the hand's end
    moves them to ``last_deal``. Undo takes back a choice with its record."""
    match = Match.start(bot_config("hokm", 3))
    state = match.state
    players = {s: bots.make("normal", "hokm", s) for s in range(4)}
    expected: list[tuple[dict[str, object], Action]] = []
    while state.deals == 1 or not match.decisions.last_deal:
        seat = state.to_act()[0]
        action = players[seat].act(state, seat)
        if seat == 0 and worth_checking(state.legal_actions(seat)):
            expected.append((state.observation(0), action))
        match.act(seat, action)
    record = match.decisions.last_deal
    assert [(d.observation, d.played) for d in record] == expected
    assert all(d.observation["seat"] == 0 for d in record)
    assert 8 <= len(record) <= 13
    assert [d.trick for d in record] == sorted(d.trick for d in record)
    assert match.decisions.current == []
    while True:  # on to a card of seat 0's that undo may take back (not the trump named)
        seat = state.to_act()[0]
        if seat == 0 and match.tricks.done and worth_checking(state.legal_actions(0)):
            break
        match.act(seat, players[seat].act(state, seat))
    kept = len(match.decisions.current)
    match.act(0, players[0].act(state, 0))
    assert len(match.decisions.current) == kept + 1
    assert match.undo() and len(match.decisions.current) == kept


def test_a_game_that_is_one_long_deal_keeps_it_for_the_review_at_its_end() -> None:
    """Bluff ends with no event of the deal's end: the match's end closes the record."""
    match = Match.start(bot_config("bluff", 7))
    state = match.state
    players = {s: bots.make("normal", "bluff", s) for s in range(state.seats)}
    mine = 0
    while not state.is_over():
        seat = state.to_act()[0]
        mine += seat == 0 and worth_checking(state.legal_actions(seat))
        match.act(seat, players[seat].act(state, seat))
    assert not state.rules.deal_ends & {e.kind for e in match.history}
    assert len(match.decisions.last_deal) == mine > 0 and match.decisions.current == []


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An app whose searches run on the frame that asks (`Inline`), a few rounds each."""
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    Saves.open().save_settings({"lang": "fa"})
    monkeypatch.setattr(table_bots, "POOL", lambda searching: table_bots.Inline())
    monkeypatch.setattr(table_bots, "judge", partial(checker.judge, iterations=2))
    the_app = App(Saves.open())
    yield the_app
    the_app.quit()
    pygame.quit()


def test_the_review_opens_from_the_hands_end_fills_in_and_closes(app: App) -> None:
    table, match = local_table(app, bot_config("hokm", 4))
    app.push(table)
    players = {s: bots.make("normal", "hokm", s) for s in range(4)}
    state = match.state
    while not isinstance(app.top, HandScene):
        seat = state.to_act()[0]
        table._after(match.act(seat, players[seat].act(state, seat)))
    hand = app.top
    app.step(FRAME)
    review = next(b for b in hand.buttons.items if b.key == "review")
    assert review.text == app.text.tr("review.open")
    review.activate()
    scene = app.top
    assert isinstance(scene, ReviewScene)
    decisions = match.decisions.last_deal
    assert scene.decisions == decisions and len(decisions) > 2
    assert scene.worker.pool is table.hints.pool  # the hints' process: one a table
    for judged in range(len(decisions)):  # a verdict a frame: asked on one, taken the next
        app.step(FRAME)
        assert scene.worker.judged == judged
        assert scene.summary() == app.text.tr("review.judging", n=judged + 1,
                                              of=len(decisions))
    app.step(FRAME)
    assert scene.worker.done and all(v is not None for v in scene.worker.verdicts)
    assert [v.played for v in scene.worker.verdicts if v] == [d.played for d in decisions]
    assert scene.summary() != app.text.tr("review.judging", n=len(decisions),
                                          of=len(decisions))
    app.set_lang("en")
    app.step(FRAME)
    scene.back()
    assert app.top is hand


def test_the_matchs_end_offers_the_review_of_its_last_deal(app: App) -> None:
    table, match = local_table(app, {**bot_config("hokm", 5), "options": {"length": "hand"}})
    app.push(table)
    players = {s: bots.make("normal", "hokm", s) for s in range(4)}
    state = match.state
    while not isinstance(app.top, ResultScene):
        if table.hold_until:
            app.step(1.0)
            continue
        seat = state.to_act()[0]
        table._after(match.act(seat, players[seat].act(state, seat)))
    assert match.decisions.last_deal
    next(b for b in app.top.buttons.items if b.key == "review").activate()
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.decisions == match.decisions.last_deal
    app.step(FRAME)
    scene.back()
    assert isinstance(app.top, ResultScene)


def test_no_review_where_the_game_has_no_hard_level(app: App) -> None:
    table, _ = local_table(app, bot_config("taki", 4))
    app.push(table)
    hand = HandScene(app, table, "")
    app.push(hand)
    assert not bots.searched("taki")
    assert all(b.key != "review" for b in hand.buttons.items)
