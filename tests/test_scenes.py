"""The app shell and its scenes under SDL's dummy drivers: open, click, type, close."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import registry
from game.bots import BELOW, MEASURED
from saves import Notice, Saves
from ui.app import MIN_SIZE, SCENES, VIRTUAL, App, Scene, View
from ui.result import PauseScene
from ui.table.layout import Layout
from ui.scenes import continue_text, games
from ui.scenes.help import HelpScene
from ui.scenes.menu import MenuScene, players
from ui.scenes.online import OnlineScene, server_of
from ui.scenes.settings import ServerScene, SettingsScene
from ui.scenes.setup import SetupScene
from ui.text import Text, default_name
from ui.widgets import LABEL_PAD, Button, Dialog, TextField


class FakeTable(Scene):
    """Stands in for the table (`App.open` "table" and "resume"): keeps how it was opened."""

    def __init__(self, app: App, config: dict[str, Any], resumed: bool = False) -> None:
        super().__init__(app)
        self.config = config
        self.resumed = resumed

    @classmethod
    def resume(cls, app: App, match: dict[str, Any]) -> FakeTable:
        return cls(app, match, resumed=True)


STAND_INS = {**SCENES, "table": FakeTable, "resume": FakeTable.resume}
"""The app's scenes, the table's stood in for."""


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Saves:
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    Saves.open().save_settings({})  # a returning player: the first start's question is asked
    return Saves.open()              # in its own test


@pytest.fixture
def app(saves: Saves) -> Iterator[App]:
    app = App(saves, scenes=STAND_INS)
    yield app
    app.quit()


def step(app: App, frames: int = 2) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def click(app: App, button: Button) -> None:
    pos = button.rect(app).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 1)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    step(app, 1)


def keyed(scene: Any, key: str) -> Button:
    return next(b for b in scene.buttons.items if b.key == key)


def button(scene: Any, text: str) -> Button:
    found = [b for b in scene.buttons.items if b.text == text]
    assert found, f"no button {text!r} in {[b.text for b in scene.buttons.items]}"
    return found[0]


def test_view_letterboxes_and_maps_both_ways() -> None:
    view = View((1000, 800))
    assert view.scale == pytest.approx(1000 / 1280)
    assert view.ox == 0 and view.oy == round((800 - 720 * view.scale) / 2)
    assert view.pt(0, 0) == (0, view.oy)
    assert view.to_virtual(view.pt(640, 360)) == pytest.approx((640, 360), abs=1)
    assert view.rect(0, 0, 640, 720).right == view.rect(640, 0, 640, 720).left
    assert view.px(100) == 78


def test_menu_lists_the_games_and_mirrors_in_persian(app: App) -> None:
    app.push(MenuScene(app))
    step(app)
    menu = app.top
    assert isinstance(menu, MenuScene)
    names = [b.text for b in menu.buttons.items]
    for rules in games():
        assert rules.names["fa"] in names
    settings = button(menu, app.text.tr("menu.settings"))
    quit_ = button(menu, app.text.tr("menu.quit"))
    assert settings.rect(app).x > quit_.rect(app).x  # the first item at the right
    app.set_lang("en")
    step(app)
    settings = button(menu, "Settings")
    assert settings.rect(app).x < button(menu, "Quit").rect(app).x
    assert app.saves.settings["lang"] == "en"


def test_the_menu_turns_to_each_language_from_a_button_named_in_its_own_words(
        app: App) -> None:
    """One click from the first screen, whatever language the table opened in: the button
    names the next language as its speakers write it, and the choice is kept."""
    app.push(MenuScene(app))
    step(app)
    menu = app.top
    seen = []
    where = keyed(menu, "lang").rect(app)
    for expected in ("en", "ar", "fa"):
        lang = keyed(menu, "lang")
        assert lang.text == app.text.tr(f"lang.{expected}")
        assert lang.rect(app) == where, "in the same place in every language: clicks find it"
        click(app, lang)
        step(app)
        seen.append(app.lang)
        assert app.saves.settings["lang"] == expected
    assert seen == ["en", "ar", "fa"]


def test_every_scene_opens_and_closes(app: App) -> None:
    app.push(MenuScene(app))
    scenes: list[Scene] = [SettingsScene(app)]
    scenes += [SetupScene(app, rules) for rules in games()]
    scenes += [HelpScene(app, rules.id) for rules in games()]
    for lang in ("fa", "en", "ar"):
        app.set_lang(lang)
        for scene in scenes:
            app.push(scene)
            step(app, 3)
            assert app.top is scene
            press(app, pygame.K_ESCAPE)
            assert isinstance(app.top, MenuScene)


def test_menu_buttons_open_settings_help_and_setup(app: App) -> None:
    app.push(MenuScene(app))
    step(app)
    click(app, button(app.top, app.text.tr("menu.settings")))
    assert isinstance(app.top, SettingsScene)
    click(app, button(app.top, app.text.tr("common.back")))
    click(app, button(app.top, app.text.tr("menu.help")))
    assert isinstance(app.top, HelpScene)
    press(app, pygame.K_ESCAPE)
    first = games()[0]
    click(app, button(app.top, first.names["fa"]))
    assert isinstance(app.top, SetupScene) and app.top.rules is first


def test_quit_button_and_window_close_end_the_loop(app: App) -> None:
    left: list[str] = []

    class Recording(Scene):
        def leave(self) -> None:
            left.append("table")

    app.push(MenuScene(app))
    app.push(Recording(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 1)
    assert not app.running and left == ["table"] and not app.scenes


def test_keyboard_moves_focus_and_activates(app: App) -> None:
    app.push(MenuScene(app))
    step(app)
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert menu.buttons.focus == 0
    press(app, pygame.K_DOWN)
    assert menu.buttons.focus != 0, "down moves to the game below (a grid of games)"
    press(app, pygame.K_UP)
    assert menu.buttons.focus == 0
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene) and app.top.rules is games()[0]


def test_setup_defaults_choices_and_start(app: App) -> None:
    rules = registry.get("tiraje")
    app.push(MenuScene(app))
    setup = SetupScene(app, rules)
    app.push(setup)
    step(app)
    tr = app.text.tr
    assert [c["kind"] for c in setup.chairs] == ["person", "bot", "bot", "bot"]
    click(app, button(setup, tr("setup.seats", n=4)))
    assert len(setup.chairs) == 2  # 4 -> round to 2
    click(app, button(setup, tr("setup.bot")))  # chair 2 becomes a person
    assert setup.chairs[1]["kind"] == "person"
    field = [b for b in setup.buttons.items if isinstance(b, TextField)][1]
    click(app, field)
    for ch in "لیلا":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, 1)
    assert setup.buttons.editing is not None
    press(app, pygame.K_ESCAPE)  # ends typing, stays on the setup
    assert app.top is setup and setup.buttons.editing is None
    option = rules.options["actions"]
    assert setup.options["actions"] == option.default
    click(app, keyed(setup, "opt:actions"))
    assert setup.options["actions"] == option.choices[1]
    click(app, button(setup, tr("setup.start")))
    table = app.top
    assert isinstance(table, FakeTable) and not table.resumed
    config = table.config
    assert config["game"] == "tiraje" and isinstance(config["seed"], int)
    assert config["options"] == {**{n: o.default for n, o in rules.options.items()},
                                 "actions": option.choices[1]}
    assert config["seats"] == [
        {"kind": "person", "name": "@you", "level": "normal"},
        {"kind": "person", "name": tr("setup.player_n", n=2) + "لیلا", "level": "normal"}]
    assert "@you" not in app.saves.profiles, "a name the table gave is kept in no language"


@pytest.mark.parametrize("lang", ["fa", "en", "ar"])
def test_a_name_the_table_gave_reads_in_the_tables_language(lang: str) -> None:
    text = Text(lang)
    assert text.name(default_name("you")) == text.tr("setup.you")
    assert text.name(default_name("bot", 2)) == text.tr("setup.bot_n", n=2)
    assert text.name("لیلا") == "لیلا"
    assert (text.name("@you") == "You") == (lang == "en")


def test_a_real_time_game_seats_one_person(app: App) -> None:
    setup = SetupScene(app, registry.get("thief"))
    app.push(setup)
    step(app)
    assert [c["kind"] for c in setup.chairs].count("person") == 1
    click(app, button(setup, app.text.tr("setup.bot")))  # chair 2 becomes the person
    kinds = [c["kind"] for c in setup.chairs]
    assert kinds.count("person") == 1 and kinds[1] == "person"


def test_setup_bot_levels_and_profiles(app: App) -> None:
    app.saves.add_profile("Sara")
    app.saves.add_profile("Reza")
    setup = SetupScene(app, registry.get("hokm"))
    app.push(setup)
    step(app)
    assert setup.chairs[0]["name"] == "Sara"
    click(app, button(setup, app.text.tr("setup.profiles")))
    assert setup.chairs[0]["name"] == "Reza"
    assert setup.levels == ["normal", "easy", "hard"], "Hokm offers a searching bot"
    click(app, button(setup, app.text.tr("level.normal")))
    assert setup.chairs[1]["level"] == "easy"
    click(app, button(setup, app.text.tr("level.easy")))
    assert setup.chairs[1]["level"] == "hard"


def test_under_a_searched_level_the_setup_says_what_it_won_against_the_level_below(
        app: App) -> None:
    setup = SetupScene(app, registry.get("farib"))
    app.push(setup)
    step(app)
    for level in setup.levels:
        setup.chairs[1]["level"] = level
        setup.layout()
        shown = keyed(setup, "level1")
        measured = MEASURED.get(("farib", level))
        if level in ("easy", "normal"):
            assert shown.sub == ("" if level == "normal" else app.text.tr("level.easy.word")), \
                "normal is what the others are measured against"
            continue
        assert measured is not None, "a searched level is offered where it was measured"
        below = app.text.tr(f"level.{BELOW[level]}")
        assert shown.sub == app.text.tr("level.searched.word", won=round(100 * measured.won),
                                        below=below)
        assert below in shown.sub and app.text.digits(str(round(100 * measured.won))) in \
            app.text.as_read(shown.sub)
    bidel = SetupScene(app, registry.get("bidel"))
    bidel.chairs[1]["level"] = "hard"
    bidel.layout()
    measured = MEASURED[("bidel", "hard")]
    assert keyed(bidel, "level1").sub == app.text.tr(
        "level.searched.word_fair", won=round(100 * measured.won),
        below=app.text.tr("level.normal"), fair=25), "a share of four seats says what is fair"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_buttons_label_too_long_for_it_is_drawn_smaller_inside_it(app: App, lang: str) -> None:
    """An option's long value (Farib's "As the seed (defenders 2 or 4)") ran past its button's
    sides; it is drawn smaller instead, on one line or under a title."""
    app.text = Text(lang)
    long = {"en": "As the seed (defenders 2 or 4), and more",
            "fa": "مثل متن (مدافعان ۲ یا ۴)، و بیشتر"}[lang]
    screen = pygame.Surface(app.view.size)
    box = (100, 100, 230, 50)
    for title, sub in ((long, ""), ("Hard", long)):
        screen.fill((0, 0, 0))
        Button(box, title, lambda: None, size=22, sub=sub).draw_label(screen, app, (255,) * 3)
        inked = pygame.mask.from_threshold(screen, (255, 255, 255), (100, 100, 100, 255))
        drawn = inked.get_bounding_rects()
        assert drawn
        inside = app.view.rect(box[0] + LABEL_PAD - 2, box[1], box[2] - 2 * LABEL_PAD + 4, box[3])
        assert all(inside.contains(r) for r in drawn), (drawn, inside)


def test_settings_change_and_save(app: App) -> None:
    settings = SettingsScene(app)
    app.push(MenuScene(app))
    app.push(settings)
    step(app)
    click(app, button(settings, app.text.tr("lang.fa")))
    assert app.lang == "en" and app.saves.settings["lang"] == "en"
    step(app)
    click(app, button(settings, "English"))
    assert app.lang == "ar"
    sound = keyed(settings, "settings.sound")
    click(app, sound)
    assert app.saves.settings["sound"] is False
    speed = keyed(settings, "settings.anim_speed")
    click(app, speed)
    assert app.saves.settings["anim_speed"] == 1.5
    click(app, keyed(settings, "settings.fullscreen"))
    assert app.saves.settings["fullscreen"] is True
    press(app, pygame.K_F11)
    assert app.saves.settings["fullscreen"] is False


def typed(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app, 1)


def server_editor(app: App) -> ServerScene:
    """The settings opened over the menu, and their table server's row clicked."""
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    step(app)
    click(app, keyed(app.top, "settings.server"))
    editor = app.top
    assert isinstance(editor, ServerScene)
    return editor


def kept_on_disk(saves: Saves) -> dict[str, Any]:
    """The settings as the file holds them (read anew, as the next start would)."""
    return dict(Saves.open(saves.folder).settings)


def test_the_table_server_is_typed_pasted_or_put_back_in_the_settings_and_kept(
        app: App, saves: Saves) -> None:
    settings = SettingsScene(app)
    app.push(MenuScene(app))
    app.push(settings)
    step(app)
    row = keyed(settings, "settings.server")
    assert row.text == "wss://cardtable.example.org/" and row.latin  # the default, as typed
    click(app, row)
    editor = app.top
    assert isinstance(editor, ServerScene)
    field = keyed(editor, "server:field")
    click(app, field)
    assert field.editing
    for _ in field.text:
        press(app, pygame.K_BACKSPACE)
    typed(app, "cards.example.net:۸۷۵۱")  # a bare name is wss://; Persian digits read as Latin
    press(app, pygame.K_RETURN)  # Enter ends the typing and saves
    assert app.top is settings
    assert kept_on_disk(saves)["server"] == "wss://cards.example.net:8751/"
    assert keyed(settings, "settings.server").text == "wss://cards.example.net:8751/"

    click(app, keyed(settings, "settings.server"))
    editor = app.top
    assert isinstance(editor, ServerScene)
    pygame.scrap.put_text("wss://play.example.org/tables\nsecond line")
    field = keyed(editor, "server:field")
    click(app, field)
    press(app, pygame.K_END)
    for _ in field.text:
        press(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v,
                                         mod=pygame.KMOD_LCTRL, unicode=""))
    step(app, 1)
    assert editor.value == "wss://play.example.org/tables"  # the first line pasted
    press(app, pygame.K_ESCAPE)  # Esc ends the typing alone
    assert app.top is editor and "tables" not in kept_on_disk(saves)["server"]
    click(app, keyed(editor, "server:save"))
    assert kept_on_disk(saves)["server"] == "wss://play.example.org/tables/"

    click(app, keyed(settings, "settings.server"))
    editor = app.top
    assert isinstance(editor, ServerScene)
    click(app, keyed(editor, "server:default"))
    assert keyed(editor, "server:field").text == "wss://cardtable.example.org/"
    click(app, keyed(editor, "server:save"))
    assert kept_on_disk(saves)["server"] == "wss://cardtable.example.org/"


@pytest.mark.parametrize("lang", ["fa", "en", "ar"])
def test_a_malformed_server_is_refused_in_words_and_nothing_is_kept(
        app: App, saves: Saves, lang: str) -> None:
    app.set_lang(lang)
    editor = server_editor(app)
    tr = app.text.tr
    for typed_in, reason in (("ftp://cards.example.net", "scheme"),
                             ("wss://cards.example.net:99999", "port"),
                             ("wss://me@cards.example.net", "form"), ("  ", "empty")):
        editor.type(typed_in)
        click(app, keyed(editor, "server:save"))
        assert app.top is editor
        assert editor.said == tr("online.bad_server", why=tr(f"server.bad.{reason}"))
    assert "server" not in kept_on_disk(saves)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SettingsScene)


def test_a_plain_server_outside_the_home_network_is_kept_only_once_the_player_says_so(
        app: App, saves: Saves) -> None:
    app.push(MenuScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    step(app)
    click(app, keyed(settings, "settings.server"))
    editor = app.top
    assert isinstance(editor, ServerScene)
    editor.type("ws://cards.example.net:8751")
    click(app, keyed(editor, "server:save"))
    asked = app.top
    assert isinstance(asked, Dialog) and asked.title == app.text.tr("online.plain_title")
    assert "ws://cards.example.net:8751/" in asked.message
    click(app, button(asked, app.text.tr("common.back")))
    assert app.top is editor and "server" not in kept_on_disk(saves)
    click(app, keyed(editor, "server:save"))
    click(app, button(app.top, app.text.tr("online.plain_go")))
    assert app.top is settings
    assert kept_on_disk(saves)["server"] == "ws://cards.example.net:8751/"
    click(app, keyed(settings, "settings.server"))
    editor = app.top
    assert isinstance(editor, ServerScene)
    editor.type("ws://192.168.1.20:8751")  # the home network: not asked
    click(app, keyed(editor, "server:save"))
    assert app.top is settings
    assert kept_on_disk(saves)["server"] == "ws://192.168.1.20:8751/"


def test_a_plain_server_the_player_said_to_use_is_not_asked_about_again(
        app: App, saves: Saves) -> None:
    """Play online with the plain server the settings keep (kept once the player said so)
    goes on without the question; one typed there and turned down is asked about, and not
    kept, until the player says to use it."""
    editor = server_editor(app)
    editor.type("ws://cards.example.net:8751")
    click(app, keyed(editor, "server:save"))
    click(app, button(app.top, app.text.tr("online.plain_go")))
    online = OnlineScene(app)
    online.values["name"] = "Sara"
    app.push(online)
    step(app)
    click(app, keyed(online, "create"))
    assert isinstance(app.top, MenuScene) and app.top is not online
    app.pop()
    online.values["server"] = "ws://other.example.net:8751"
    click(app, keyed(online, "create"))
    asked = app.top
    assert isinstance(asked, Dialog) and asked.title == app.text.tr("online.plain_title")
    click(app, button(asked, app.text.tr("common.back")))
    assert app.top is online
    assert kept_on_disk(saves)["server"] == "ws://cards.example.net:8751/"


def test_a_server_kept_in_the_settings_is_used_over_the_runs_own(app: App) -> None:
    app.server = "wss://given.example.com/"
    editor = server_editor(app)
    editor.type("wss://chosen.example.com")
    click(app, keyed(editor, "server:save"))
    assert server_of(app) == "wss://chosen.example.com/"


def test_help_scrolls_and_switches_games(app: App) -> None:
    help_ = HelpScene(app, "hokm")
    app.push(help_)
    step(app)
    assert help_.max_scroll() > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    step(app, 1)
    assert help_.scroll == 120
    press(app, pygame.K_END)
    assert help_.scroll == help_.max_scroll()
    press(app, pygame.K_HOME)
    assert help_.scroll == 0
    thief = registry.get("thief")
    click(app, button(help_, thief.names["fa"]))
    assert help_.game_id == "thief"


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_help_strip_shows_and_highlights_the_chosen_game_inside_the_window(
        app: App, lang: str) -> None:
    """Every game's tab, chosen, is on screen and highlighted; every tab and its name lie
    inside the window; the end tabs step to the game before and after."""
    app.set_lang(lang)
    ids = [g.id for g in games()]
    help_ = HelpScene(app, ids[-1])
    app.push(help_)
    step(app)
    for game_id in ids:
        help_.show(game_id)
        tabs = [b for b in help_.buttons.items if b.key in ids]
        assert [b.key for b in tabs if b.primary] == [game_id]
        for tab in [*tabs, keyed(help_, "tabs-"), keyed(help_, "tabs+")]:
            x, _, w, _ = tab.box
            assert x >= 0 and x + w <= VIRTUAL[0], f"{tab.text} runs off the window"
            width = app.text.render(tab.text, app.view.px(tab.size), bold=True).get_width()
            assert width <= app.view.px(w), f"{tab.text} runs past its tab"
    help_.show(ids[3])
    click(app, keyed(help_, "tabs+"))
    assert help_.game_id == ids[4]
    click(app, keyed(help_, "tabs-"))
    click(app, keyed(help_, "tabs-"))
    assert help_.game_id == ids[2]


def test_resize_is_clamped_and_relayouts_in_the_same_window(app: App) -> None:
    app.push(MenuScene(app))
    window = app.window.id
    app.window.size = (300, 200)  # the system keeps the window's minimum size
    step(app, 1)
    assert app.screen.get_size() == MIN_SIZE
    assert app.view.scale == pytest.approx(MIN_SIZE[0] / VIRTUAL[0])
    press(app, pygame.K_F11)
    press(app, pygame.K_F11)
    assert app.window.id == window, "the window was made anew"
    assert app.screen.get_size() == MIN_SIZE


def test_menu_offers_to_resume_and_shows_notices(saves: Saves,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    match = {"game": "hokm", "state": {}, "saved": datetime.now().astimezone().isoformat()}
    monkeypatch.setattr(saves, "matches", lambda: [match])
    saves.notices.append(Notice("settings.corrupt.backup", "The settings file was damaged.",
                                Path("settings.json")))
    app = App(saves, scenes=STAND_INS)
    try:
        app.push(MenuScene(app))
        step(app)
        notice = app.top
        assert isinstance(notice, Dialog)
        assert notice.message == app.text.tr("notice.corrupt", what=app.text.tr(
            "notice.kind.settings")) + " " + app.text.tr("notice.outcome.backup")
        press(app, pygame.K_ESCAPE)  # Esc reads as OK: the resume question follows
        resume = app.top
        assert isinstance(resume, Dialog) and resume.title == app.text.tr("menu.resume_title")
        assert registry.get("hokm").name(app.lang) in resume.message, "it names the game"
        click(app, button(resume, app.text.tr("menu.continue")))
        table = app.top
        assert isinstance(table, FakeTable) and table.resumed and table.config == match
        assert [type(s) for s in app.scenes] == [MenuScene, FakeTable]
    finally:
        app.quit()


@pytest.mark.parametrize("lang", ["fa", "en", "ar"])
def test_the_entries_left_out_of_the_settings_are_named_in_the_players_language(
        saves: Saves, lang: str) -> None:
    """One bad chair and a bad speed in the settings: the notice says which, each as the table
    names it (the setting's own label, the chair and its game), and that the rest is kept."""
    said, tr = notice_said(saves, lang, Notice(
        "settings.partial.kept", "Settings held entries ...", Path("settings.json.partial-x"),
        ("anim_speed", "setup.hokm.chair.3", "name.2")))
    joined = "، " if lang != "en" else ", "
    items = joined.join([tr("settings.anim_speed"),
                         tr("notice.item.chair", n=3, game=registry.get("hokm").name(lang)),
                         tr("notice.item.name", n=2)])
    assert said == tr("notice.partial", what=tr("notice.kind.settings"), items=items) + " " + \
        tr("notice.outcome.kept")


def notice_said(saves: Saves, lang: str, notice: Notice) -> tuple[str, Any]:
    """What the menu's first dialog says of ``notice`` in ``lang``, and that language's tr."""
    saves.notices.append(notice)
    saves.settings["lang"] = lang
    app = App(saves, scenes=STAND_INS)
    try:
        app.push(MenuScene(app))
        step(app)
        dialog = app.top
        assert isinstance(dialog, Dialog)
        return dialog.message, app.text.tr
    finally:
        app.quit()


@pytest.mark.parametrize("lang", ["fa", "en", "ar"])
def test_a_second_copy_says_the_other_window_keeps_the_game(saves: Saves, lang: str) -> None:
    said, tr = notice_said(saves, lang, Notice(
        "match.in_use.readonly", "The table is already open in another window.",
        Path("table.lock")))
    assert said == tr("notice.in_use", what=tr("notice.kind.match")) + " " + \
        tr("notice.outcome.readonly")
    assert "another" not in said or lang == "en"


def test_screenshots_render(app: App, tmp_path: Path) -> None:
    """Each scene draws something in every language (the PNGs are kept in tmp_path)."""
    app.push(MenuScene(app))
    for lang in ("fa", "en", "ar"):
        app.set_lang(lang)
        for scene in (SettingsScene(app), SetupScene(app, games()[0]), HelpScene(app)):
            app.push(scene)
            step(app)
            path = tmp_path / f"{type(scene).__name__}_{lang}.png"
            pygame.image.save(app.screen, str(path))
            assert path.stat().st_size > 5000
            app.pop()


def test_a_numeric_option_is_a_stepper_that_stops_at_its_ends(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core import Option
    rules = registry.get("hokm")
    monkeypatch.setitem(rules.options, "target", Option.number("target", 10, 5, 15, 5))
    setup = SetupScene(app, rules)
    app.push(setup)
    step(app)
    down, shown, up = (keyed(setup, f"opt:target{k}") for k in "-=+")
    assert shown.text == "۱۰" and not shown.enabled
    assert down.rect(app).centerx > up.rect(app).centerx, "minus at the reading start (right)"
    click(app, up)
    assert setup.options["target"] == 15 and not keyed(setup, "opt:target+").enabled
    click(app, keyed(setup, "opt:target-"))
    click(app, keyed(setup, "opt:target-"))
    assert setup.options["target"] == 5 and not keyed(setup, "opt:target-").enabled
    assert setup.config()["options"]["target"] == 5
    rules.resolve_options(setup.config()["options"])


def test_setup_remembers_the_last_choices_of_each_game(app: App) -> None:
    rules = registry.get("tiraje")
    app.push(MenuScene(app))
    setup = SetupScene(app, rules)
    app.push(setup)
    step(app)
    click(app, button(setup, app.text.tr("setup.seats", n=4)))  # 4 -> 2
    click(app, keyed(setup, "opt:actions"))
    chosen = dict(setup.options)
    click(app, button(setup, app.text.tr("setup.start")))
    app.home()
    again = SetupScene(app, rules)
    assert len(again.chairs) == 2 and again.options == chosen
    other = SetupScene(app, registry.get("hokm"))
    assert len(other.chairs) == 4, "each game keeps its own choices"


def test_starting_a_new_game_over_an_unfinished_one_of_that_game_asks_first_naming_it(
        app: App) -> None:
    rules = registry.get("hokm")
    unfinished = {"game": "hokm", "seats": [], "options": {}, "seed": 1,
                  "saved": datetime.now().astimezone().replace(hour=21, minute=40).isoformat(),
                  "state": rules.new(4, 1).to_dict()}
    app.saves.save_match(unfinished)
    app.push(MenuScene(app))
    step(app)
    while isinstance(app.top, Dialog):  # the offer to continue: not now
        click(app, button(app.top, app.text.tr("menu.new_game")))
    setup = SetupScene(app, rules)
    app.push(setup)
    step(app)
    click(app, button(setup, app.text.tr("setup.start")))
    question = app.top
    assert isinstance(question, Dialog), "it asks before replacing the unfinished game"
    assert question.message == app.text.tr("setup.replace_text", game=rules.name(app.lang),
                                           when=app.text.tr("menu.today", time="21:40"))
    click(app, button(question, app.text.tr("common.back")))
    assert app.top is setup
    click(app, button(setup, app.text.tr("setup.start")))
    click(app, button(app.top, app.text.tr("setup.replace")))
    assert isinstance(app.top, FakeTable)


def test_enter_on_the_replace_question_continues_the_saved_match(app: App) -> None:
    """Enter never throws a match away: the question's first button continues it."""
    rules = registry.get("hokm")
    unfinished = {"game": "hokm", "seats": [], "options": {}, "seed": 1,
                  "saved": "2026-02-01T10:00:00+03:30", "state": rules.new(4, 1).to_dict()}
    app.saves.save_match(unfinished)
    setup = SetupScene(app, rules)
    app.push(setup)
    step(app)
    click(app, button(setup, app.text.tr("setup.start")))
    assert isinstance(app.top, Dialog)
    press(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, FakeTable) and table.resumed and table.config == unfinished
    assert app.saves.load_match("hokm") == unfinished, "the saved match was thrown away"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_menu_and_setup_offer_the_saved_match_with_its_game_and_time(app: App,
                                                                     lang: str) -> None:
    app.set_lang(lang)
    menu = MenuScene(app)
    app.push(menu)
    step(app)
    assert not any(b.key.startswith("continue:") for b in menu.buttons.items), "nothing saved"
    rules = registry.get("shelem")
    saved = datetime.now().astimezone().replace(hour=9, minute=5)
    match = {"game": "shelem", "seats": [], "options": {}, "seed": 1,
             "saved": saved.isoformat(), "state": rules.new(4, 1).to_dict()}
    app.saves.save_match(match)
    setup = SetupScene(app, rules)
    app.push(setup)
    step(app)
    click(app, keyed(setup, "back"))  # shown again, the menu shows what is saved now
    text = app.text.tr("menu.continue_game_when", game=rules.name(lang),
                       when=app.text.tr("menu.today", time="09:05"))
    assert keyed(menu, "continue:shelem").text == text
    assert keyed(menu, "game:shelem").sub == app.text.tr(
        "menu.saved_at", when=app.text.tr("menu.today", time="09:05"))
    other = SetupScene(app, registry.get("hokm"))
    app.push(other)
    step(app)
    assert not any(b.key == "continue" for b in other.buttons.items), \
        "another game's setup offers no match of Shelem"
    app.pop()
    setup = SetupScene(app, rules)
    app.push(setup)
    step(app)
    assert keyed(setup, "continue").text == text
    click(app, keyed(setup, "continue"))
    table = app.top
    assert isinstance(table, FakeTable) and table.resumed and table.config == match
    older = {**match, "saved": "2026-01-31T21:40:00+03:30"}
    at = datetime.fromisoformat(older["saved"]).astimezone().strftime("%Y/%m/%d %H:%M")
    assert continue_text(app, older) == app.text.tr("menu.continue_game_when",
                                                    game=rules.name(lang), when=at)


def test_the_menu_lists_the_latest_saved_matches_and_marks_every_game_with_one(
        app: App) -> None:
    """One match per game: the three saved last stand under the title, newest first, and the
    tile of each of the five games with a match says when it was saved."""
    now = datetime.now().astimezone()
    ids = ["hokm", "pasur", "rim", "taki", "bidel"]
    for minute, game_id in enumerate(ids):
        rules = registry.get(game_id)
        app.saves.save_match({"game": game_id, "seats": [], "options": {}, "seed": 1,
                              "saved": now.replace(hour=20, minute=minute).isoformat(),
                              "state": rules.new(rules.usual_seats, 1).to_dict()})
    menu = MenuScene(app, greet=False)
    app.push(menu)
    step(app)
    shown = [b.key for b in menu.buttons.items if b.key.startswith("continue:")]
    assert shown == ["continue:bidel", "continue:taki", "continue:rim"]
    for minute, game_id in enumerate(ids):
        assert keyed(menu, f"game:{game_id}").sub == app.text.tr(
            "menu.saved_at", when=app.text.tr("menu.today", time=f"20:{minute:02}"))
    assert keyed(menu, "game:shelem").sub == players(app, registry.get("shelem"))


def test_leaving_a_table_goes_to_the_main_menu(app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    app.push(SetupScene(app, registry.get("hokm")))
    table = FakeTable(app, {})
    app.push(table)
    app.push(PauseScene(app, table))  # type: ignore[arg-type]
    step(app)
    click(app, button(app.top, app.text.tr("pause.leave")))
    assert app.top is menu


def test_a_chair_keeps_its_place_round_the_table_from_game_to_game(app: App) -> None:
    """Chair 2 sits on the viewer's right in Hokm (played to the right) and in Tiraje (played
    to the left) alike: the seat order follows play, the chairs stay put."""
    places = {}
    for game_id in ("hokm", "tiraje"):
        rules = registry.get(game_id)
        setup = SetupScene(app, rules)
        setup.seat_count(4)
        config = setup.config()
        seat = next(i for i, s in enumerate(config["seats"]) if s["name"] == "@bot:2")
        places[game_id] = Layout(4, 0, rules.direction).anchor(seat)
    assert places["hokm"] == pytest.approx(places["tiraje"])
    assert places["hokm"][0] > 640, "on the right"


def test_each_scene_imports_no_other_scene() -> None:
    """Scenes open one another by name through the app (`App.open`), never by importing each
    other: a scene's module, imported alone, brings in no other scene's module."""
    modules = sorted({maker.partition(":")[0] for maker in SCENES.values()})
    probe = ("import importlib, sys; importlib.import_module(sys.argv[1]); "
             "print(' '.join(sys.modules))")
    for module in modules:
        loaded = subprocess.run([sys.executable, "-c", probe, module], capture_output=True,
                                text=True, check=True, cwd=Path(__file__).parent.parent,
                                env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}).stdout
        assert set(loaded.split()) & set(modules) == {module}, module


@pytest.mark.parametrize("system, first", [("en_US.UTF-8", "en"), ("fa_IR.UTF-8", "fa"),
                                           ("ar_EG.UTF-8", "ar"), ("de_DE.UTF-8", "fa")])
def test_the_first_start_asks_the_language_the_systems_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str, first: str) -> None:
    """With no settings yet, the menu's first question is the language, in all three, each named
    in its own words and the system's language first (Enter takes it); the answer is kept, and
    the next start does not ask."""
    monkeypatch.setenv("CARD_TABLE_HOME", str(tmp_path))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", system)
    saves = Saves.open()
    assert saves.first_start
    app = App(saves, scenes=STAND_INS)
    try:
        app.push(MenuScene(app))
        step(app)
        asked = app.top
        assert isinstance(asked, Dialog) and "Language" in asked.title and "زبان" in asked.title
        assert asked.choices[0][0] == Text(first).tr(f"lang.{first}")
        assert len(asked.choices) == 3
        press(app, pygame.K_RETURN)
        assert app.lang == first and isinstance(app.top, MenuScene)
    finally:
        app.quit()
    again = Saves.open()
    assert not again.first_start and again.settings["lang"] == first


def test_the_setup_readies_the_table_it_opens(saves: Saves) -> None:
    """While the setup stands open it imports the table, makes the sounds and draws the cards of
    the first deal as chair 1 sees them and the table's fonts, a few ms a frame, so that the
    table's first frame does not draw them cold (`benchmarks/table_entry.py` times it)."""
    from ui import cardart
    from ui.sound import sounds
    from ui.table.layout import CARD_WIDTHS
    from ui.table.paint import card_face

    app = App(saves)
    try:
        setup = SetupScene(app, registry.get("hokm"))
        app.push(setup)
        for _ in range(600):
            app.step(1 / 60)
            if setup.ahead == []:
                break
        assert setup.ahead == [], "everything was drawn ahead within ten seconds of frames"
        assert "ui.table.scene" in sys.modules and sounds.cache_info().currsize == 1
        first = registry.get("hokm").new(4, setup.seed, setup.options).observation(0)
        mine = next(c for z in first["zones"] for c in z["cards"] if c)
        before = cardart._render.cache_info()
        card_face(app, "french", mine, app.view.px(CARD_WIDTHS[0]))
        assert cardart._render.cache_info().misses == before.misses, "drawn ahead"
    finally:
        app.quit()


def in_sight(setup: SetupScene, item: Button) -> bool:
    """Whether all of ``item`` shows in the setup (inside the area it scrolls in, if any)."""
    return item.clip is None or pygame.Rect(item.clip).contains(pygame.Rect(item.box))


def options_area(app: App, setup: SetupScene) -> pygame.Rect:
    return app.view.rect(*setup.areas["options"].box)


def test_the_options_scroll_by_the_wheel_over_them(app: App) -> None:
    setup = SetupScene(app, registry.get("bistoyek"))
    app.push(setup)
    step(app)
    last = keyed(setup, "reseed")
    assert not in_sight(setup, last), "nine options and the game number: more than the room"
    area = options_area(app, setup)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=area.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False))
    step(app, 1)
    assert in_sight(setup, keyed(setup, "reseed"))
    assert not in_sight(setup, keyed(setup, "opt:purse-")), "the first rows went up"
    chairs = app.view.rect(*setup.areas["chairs"].box)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=chairs.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False))
    step(app, 1)
    assert in_sight(setup, keyed(setup, "reseed")), "the wheel scrolls the area under it"


def test_the_keys_scroll_the_option_they_reach_into_sight(app: App) -> None:
    setup = SetupScene(app, registry.get("nohasht"))
    app.push(setup)
    step(app)
    setup.buttons.focus = setup.buttons.items.index(keyed(setup, "opt:purse+"))
    reached = []
    for _ in range(len(setup.rules.options) + 2):
        press(app, pygame.K_DOWN)
        focused = setup.buttons.focused
        assert focused is not None and in_sight(setup, focused), focused.key
        reached.append(focused.key.rstrip("+-="))
    assert "reseed" in reached and "opt:deals" in reached
    press(app, pygame.K_PAGEUP)
    assert setup.areas["options"].offset == 0
    focused = setup.buttons.focused
    assert focused is not None and focused.clip == setup.areas["options"].box
    assert in_sight(setup, focused), "Page Up brings the focus along"
    press(app, pygame.K_PAGEDOWN)
    assert setup.areas["options"].offset > 0


def test_dragging_the_options_scrolls_them_and_clicks_nothing(app: App) -> None:
    setup = SetupScene(app, registry.get("bistoyek"))
    app.push(setup)
    step(app)
    before = dict(setup.options)
    grip = keyed(setup, "opt:minimum").rect(app).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grip, button=1))
    for dy in (10, 60, 300):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(grip[0], grip[1] - dy),
                                             rel=(0, -dy), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(grip[0], grip[1] - 300),
                                         button=1))
    step(app, 1)
    area = setup.areas["options"]
    assert area.offset == area.room > 100, "dragged up 300 px: to the end of the rows"
    assert setup.options == before, "a drag chooses nothing"
    thumb = setup.areas["options"].bar(app)
    assert thumb is not None
    top = app.view.rect(*thumb).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=top, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(top[0], 0), rel=(0, -top[1]),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(top[0], 0), button=1))
    step(app, 1)
    assert setup.areas["options"].offset == 0, "the bar dragged to the top"
    click(app, keyed(setup, "opt:minimum"))
    assert setup.options != before, "a click still chooses"


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game_id", ["bistoyek", "pasur", "taki"])
def test_start_is_in_sight_and_starts_at_every_size(app: App, game_id: str,
                                                    size: tuple[int, int]) -> None:
    from ui.headless import resize
    resize(app, size)
    setup = SetupScene(app, registry.get(game_id))
    app.push(setup)
    setup.seat_count(max(setup.rules.seat_counts))
    setup.layout()
    step(app)
    start = keyed(setup, "start")
    assert pygame.Rect((0, 0), size).contains(start.rect(app))
    for item in setup.buttons.items:
        if item is not start:
            assert not item.shown(app).colliderect(start.rect(app)), item.key
    click(app, start)
    assert isinstance(app.top, FakeTable) and app.top.config["game"] == game_id


def test_a_hosted_table_names_its_bots_so_each_player_reads_them_in_their_language(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.scenes.setup as setup_module
    hosted: list[dict[str, Any]] = []

    def host_table(config: dict[str, Any], **link: Any) -> None:
        hosted.append(config)
        raise OSError("not here")

    monkeypatch.setattr(setup_module, "host_table", host_table)
    setup = SetupScene(app, registry.get("hokm"))
    app.push(setup)
    step(app)
    setup.toggle_kind(1)  # a bot becomes a person, then a player on another computer
    setup.toggle_kind(1)
    setup.start()
    seats = hosted[0]["seats"]
    assert [s["kind"] for s in seats] == ["person", "remote", "bot", "bot"]
    assert [s["name"] for s in seats[2:]] == ["@bot:3", "@bot:4"]
    assert Text("fa").name(seats[2]["name"]) == "ربات 3"
    assert seats[0]["name"] == "@you"  # as kept: the others are told it as @player:1
    # (net.referee), which each of their tables says in its own language


@pytest.mark.parametrize("lang,said", [
    ("fa", "بازی به \u2068A\u2069 و \u2068ربات 3\u2069 رسید (1)"),
    ("en", "\u2068A\u2069 & \u2068Bot 3\u2069 win the hand (1)"),
    ("ar", "يربح \u2068A\u2069 و \u2068روبوت 3\u2069 الجولة (1)"),
])
def test_a_team_is_said_with_each_name_isolated_and_its_verb_agreeing(lang: str,
                                                                      said: str) -> None:
    from game.core import Event
    from ui.table.words import TableWords

    from types import SimpleNamespace
    shell = SimpleNamespace(text=Text(lang), lang=lang)  # what the words read of the app
    names = ["A", "@bot:2", "@bot:3", "@bot:4"]
    words = TableWords(shell, registry.get("hokm"), 4, [0],  # type: ignore[arg-type]
                       names.__getitem__, dict)
    assert words.describe(Event("hand_end", None, {"team": 0, "points": 1})) == said
    if lang == "fa":  # read from the right: the names, then their count
        line = f"{words.team_label(0)}: 1"
        assert Text("fa").shape(line).startswith("۱ :")
