"""The guided first deals (`ui.lessons`), each driven to its end as a person would: opened from
the game's help or its setup ("Show me how to play"), every step read on the status line and
then taken with the mouse (a card dragged, cards lifted and their button pressed, a button
clicked), a move the lesson does not teach refused, and the deal played on to its end."""

from __future__ import annotations

from typing import Any

import pytest

from game import registry
from game.core import Action, is_pattern, matches
from tests.test_table import FRAME, Person, app, click, drag  # noqa: F401 (the fixture)
from ui.app import App
from ui.lessons import LESSONS, PERSON, Lesson
from ui.scenes.help import HelpScene
from ui.scenes.setup import SetupScene
from ui.table.controls import numbers_of
from ui.table.scene import TableScene

LANGS = ("fa", "en", "ar")


def test_every_lesson_is_a_legal_deal_with_words_for_every_step() -> None:
    """Each script is played by the rules as written, the person's steps are the person's, and
    every step and the lesson's end have their words in the three languages."""
    from ui.text import Text
    for game_id, lesson in LESSONS.items():
        state = registry.get(game_id).new(lesson.seats, lesson.seed, dict(lesson.options))
        for seat, code in lesson.moves:
            assert seat in state.to_act(), (game_id, seat, code)
            state.apply(seat, code)
        assert lesson.moves[-1][0] == PERSON, "a lesson ends on the person's step"
        for lang in LANGS:
            text = Text(lang)
            for key in [*(f"lesson.{game_id}.{k}" for k in range(lesson.steps)),
                        f"lesson.{game_id}.done"]:
                assert text.has(key), (lang, key)
            assert not text.has(f"lesson.{game_id}.{lesson.steps}")


def perform(app: App, table: TableScene, action: Action) -> None:
    """Take ``action`` at the table with the mouse, as a person would."""
    seat = int(table.viewer or 0)
    legal = table.my_legal()
    move = table.match.move_of(seat, action)
    pattern = next((p for p in legal if is_pattern(p) and matches(p, action)), None)
    if pattern is not None or any(b.key == f"set:{action.verb}" for b in table.buttons):
        for code in action.arg.split():  # lift the cards, then press the button
            if code not in table.picked:
                click(app, next(s for s in table.order() if s.code == code).rect().center)
        key = f"pick:{pattern}" if pattern is not None else f"set:{action.verb}"
        click(app, next(b for b in table.buttons if b.key == key).rect(app).center)
    elif move is not None:
        card, zone = move
        sprite = next(s for s in table.order() if s.code == card)
        box = next(b for b in table.boxes if b.id == zone)
        drag(app, (sprite.x, sprite.y), box.rect.center)
    elif action.verb in numbers_of(legal):
        take = next(b for b in table.buttons if b.key == f"take:{action.verb}")
        assert table.controls.numbers[action.verb] == int(action.arg)
        click(app, take.rect(app).center)
    else:
        click(app, next(b for b in table.buttons if b.key == str(action)).rect(app).center)


def wrong_card(table: TableScene, taught: Action) -> Any | None:
    """A card of the viewer's hand the lesson does not teach now, if any."""
    hand = f"hand:{table.viewer}"
    return next((s for s in table.order() if s.zone == hand and s.code
                 and s.code not in taught.arg.split()), None)


def play_lesson(app: App, table: TableScene, lesson: Lesson) -> None:
    """Every step of ``lesson`` at ``table``: its words on the status line first, a wrong card
    refused once, then the step taken; and the end of the guided part said."""
    guide = table.guide
    assert guide is not None
    state = table.match.state
    refused = False
    step = 0
    for _ in range(20000):
        if guide.over():
            break
        taught = table.taught()
        if taught is None or table._animating():
            top: Any = app.top
            if top is not table:
                top.back()
            app.step(FRAME)
            continue
        assert table.status() == app.text.tr(f"lesson.{lesson.game}.{step}")
        assert [a for a in table.my_legal() if not (a == taught or is_pattern(a))] == [] \
            or table.my_legal() == [taught]
        other = wrong_card(table, taught)
        if not refused and other is not None and table.match.move_of(
                int(table.viewer or 0), taught) is not None:
            before = state.to_dict()
            box = next(b for b in table.boxes if b.id == table.match.move_of(
                int(table.viewer or 0), taught)[1])  # type: ignore[index]
            drag(app, (other.x, other.y), box.rect.center)
            assert state.to_dict() == before, "a card the lesson does not teach was played"
            assert table.message == app.text.tr(
                "lesson.only", action=table.words.action_label(taught))
            refused = True
        perform(app, table, taught)
        assert guide.taken == step + 1, f"{lesson.game} step {step}: {taught} not taken"
        step += 1
    assert step == lesson.steps and guide.over()
    assert table.message == app.text.tr(f"lesson.{lesson.game}.done")


def finish(app: App, table: TableScene) -> None:
    """Play the deal on to its end, the person's moves chosen at random, with the mouse."""
    person = Person(table, 1)
    for _ in range(40000):
        if table.match.state.is_over():
            return
        top: Any = app.top
        if top is not table:
            top.back()
        if not person.turn(app):
            app.step(FRAME)
    raise AssertionError(f"{table.rules.id}: the deal did not end")


@pytest.mark.parametrize("game_id", sorted(LESSONS))
@pytest.mark.parametrize("lang", ["fa"])
def test_a_guided_first_deal_from_the_help_played_to_its_end(app: App, game_id: str,
                                                              lang: str) -> None:
    app.set_lang(lang)
    app.push(HelpScene(app, game_id))
    app.step(FRAME)
    top: Any = app.top
    button = next(b for b in top.buttons.items if b.key == "lesson")
    click(app, button.rect(app).center)
    table = app.top
    assert isinstance(table, TableScene) and table.guide is not None
    play_lesson(app, table, LESSONS[game_id])
    finish(app, table)
    assert app.saves.load_match(game_id) is None and not app.saves.history(game_id)


def test_a_lesson_opens_from_the_setup_in_english(app: App) -> None:
    app.set_lang("en")
    app.push(SetupScene(app, registry.get("hokm")))
    app.step(FRAME)
    top: Any = app.top
    button = next(b for b in top.buttons.items if b.key == "lesson")
    assert button.text == "Show me how to play"
    click(app, button.rect(app).center)
    table = app.top
    assert isinstance(table, TableScene) and table.guide is not None
    play_lesson(app, table, LESSONS["hokm"])


def test_the_hint_points_at_what_the_step_teaches(app: App) -> None:
    table = TableScene(app, LESSONS["pasur"].config())
    app.push(table)
    app.step(FRAME)
    taught = table.taught()
    assert taught is not None and str(taught) == "take 6C 5H"
    table.hint()
    assert table.message == app.text.tr("table.hint", action=table.words.action_label(taught))
    assert table.pointer.focused() is not None
    assert table.pointer.focused().code == "6C"  # type: ignore[union-attr]


def test_a_game_without_a_lesson_offers_none(app: App) -> None:
    app.push(HelpScene(app, "taki"))
    app.step(FRAME)
    top: Any = app.top
    assert not any(b.key == "lesson" for b in top.buttons.items)
