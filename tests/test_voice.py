"""The table read aloud (`ui.voice`): the status line, a trick's winner and a deal's scores are
spoken through espeak-ng in the table's language, Persian in the Persian voice; the frame never
waits for it; the keys' focus is read; where espeak-ng is missing the setting says so.

espeak-ng must be installed (``.ci/run`` installs it from Debian's packages). Some tests put a
small shell script in its place that records what it is given, or waits for a file, before it
runs the real espeak-ng."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import array
import io
import itertools
import shlex
import stat
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from saves import Saves
from ui.app import App
from ui.headless import bot_config, bot_moves
from ui.scenes.settings import SettingsScene
from ui.table.scene import TableScene
from ui.voice import Line, Voice, find_program

ESPEAK = find_program()
LIMIT = 60.0
"""Seconds a test waits for espeak-ng at most (a line takes a tenth of one)."""


def espeak() -> str:
    assert ESPEAK, "espeak-ng is not installed: apt-get install espeak-ng (.ci/run does)"
    return ESPEAK


def stand_in(folder: Path, before: str = "") -> str:
    """A program in espeak-ng's place: it runs ``before`` (shell), keeps each line's arguments
    and words (``args.N``, ``text.N``) and the WAV espeak-ng makes of them (``wav.N``)."""
    script = folder / "espeak"
    script.write_text(f"""#!/bin/sh
{before}
n=$(ls {shlex.quote(str(folder))} | grep -c '^args\\.')
echo "$@" > {shlex.quote(str(folder))}/args.$n
tee {shlex.quote(str(folder))}/text.$n | {shlex.quote(espeak())} "$@" | \\
    tee {shlex.quote(str(folder))}/wav.$n
""")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def until(done: Callable[[], bool]) -> None:
    """Wait (at most `LIMIT` seconds) for ``done``."""
    end = time.monotonic() + LIMIT
    while not done():
        assert time.monotonic() < end, "espeak-ng's stand-in never got there"
        time.sleep(0.01)


def samples(wav: bytes) -> array.array[int]:
    with wave.open(io.BytesIO(wav)) as w:
        assert w.getsampwidth() == 2 and w.getnframes() > 0
        return array.array("h", w.readframes(w.getnframes()))


def voiced(wav: bytes) -> bool:
    """Not silence: a good share of the samples is loud."""
    s = samples(wav)
    return max(abs(v) for v in s) > 3000 and sum(1 for v in s if abs(v) > 500) > len(s) // 20


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    saves = Saves.open(tmp_path / "home")
    saves.settings.update(lang="fa", speech=True, bot_pace=10.0)  # bots wait a while
    the_app = App(saves)
    yield the_app
    the_app.quit()
    pygame.quit()


def table_of(app: App, game: str = "hokm") -> TableScene:
    table = TableScene(app, bot_config(game, 1, lang=app.lang))
    app.push(table)
    return table


def close(table: TableScene) -> None:
    table.match.worker.shutdown()
    table.hints.shutdown()


def test_the_status_line_is_spoken_in_persian_to_a_wav_that_is_not_silence(
        app: App, tmp_path: Path) -> None:
    folder = tmp_path / "said"
    folder.mkdir()
    app.voice = Voice(stand_in(folder))
    table = table_of(app)
    app.step(1 / 60)
    status = table.status()
    assert status and Line("status", " ".join(status.split()), "fa") in app.voice.said
    assert app.voice.wait(LIMIT)
    said = sorted(folder.glob("text.*"))
    assert said[0].read_text("utf-8") == " ".join(status.split())
    assert "-v fa" in (folder / "args.0").read_text()
    wav = (folder / "wav.0").read_bytes()
    assert wav.startswith(b"RIFF") and voiced(wav)
    assert app.voice.waiting == [" ".join(status.split())]
    app.step(1 / 60)  # the frame hands it to the mixer
    assert app.voice.speaking and app.voice.waiting == []
    close(table)


def test_each_language_is_spoken_in_its_own_voice() -> None:
    """The same words in the Persian and the Arabic voice make different sounds, and both are
    sound: Persian is not read with another language's rules."""
    voice = Voice(espeak())
    words = "نوبت شماست: یک کارت بازی کنید"
    persian, arabic = voice.render(words, "fa"), voice.render(words, "ar")
    assert voiced(persian) and voiced(arabic) and persian != arabic
    assert voiced(voice.render("Your turn: play a card", "en"))


def test_speech_never_holds_the_frame(app: App, tmp_path: Path) -> None:
    """While espeak-ng has not answered (a stand-in that waits for a file), frames go on."""
    folder = tmp_path / "said"
    folder.mkdir()
    gate = tmp_path / "go"
    app.voice = Voice(stand_in(folder, f"while [ ! -e {shlex.quote(str(gate))} ]; "
                                       f"do sleep 0.02; done"))
    table = table_of(app)
    for _ in range(30):
        app.step(1 / 60)
    assert app.frames >= 30 and app.voice.said and not app.voice.waiting
    assert not list(folder.glob("wav.*"))  # it is still waiting for the gate
    gate.touch()
    assert app.voice.wait(LIMIT) and app.voice.waiting
    close(table)


def test_a_newer_status_replaces_one_not_yet_said_and_the_keys_cut_in(tmp_path: Path) -> None:
    folder = tmp_path / "said"
    folder.mkdir()
    gate = tmp_path / "go"
    started = tmp_path / "started"
    voice = Voice(stand_in(folder, f"touch {shlex.quote(str(started))}; "
                                   f"while [ ! -e {shlex.quote(str(gate))} ]; "
                                   f"do sleep 0.02; done"))
    voice.say("first status", "en")
    until(started.exists)  # the first line is under way
    voice.say("a trick taken", "en", "event")
    voice.say("second status", "en")
    voice.say("second status", "en")  # the same again: not queued twice
    gate.touch()
    assert voice.wait(LIMIT)
    assert voice.waiting == ["a trick taken", "second status"]
    spoken = [p.read_text() for p in sorted(folder.glob("text.*"))]
    assert spoken[1:] == ["a trick taken", "second status"]  # the first was under way
    voice.say("ace of spades", "en", "focus")
    assert voice.wait(LIMIT)
    assert voice.waiting == ["ace of spades"]
    with pytest.raises(ValueError, match="status, event, focus"):
        voice.say("x", "en", "shout")
    voice.close()


def test_the_table_reads_who_takes_a_trick_and_how_a_hand_ends(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[tuple[str, str]] = []
    monkeypatch.setattr(app.voice, "say",
                        lambda text, lang, kind="status": heard.append((kind, text)))
    table = table_of(app)
    for _ in bot_moves(table, table.match, 1, 400):
        app.step(1 / 60)
        if any(kind == "event" and text.startswith("بازی به") for kind, text in heard):
            break  # the hand's end, with its points, was read
    events = [text for kind, text in heard if kind == "event"]
    taken = [line for line in table.log if line.startswith("دست را") and "برد" in line]
    ends = [line for line in table.log if line.startswith("بازی به")]
    assert taken and set(taken) <= set(events) and ends and ends[0] in events
    statuses = [text for kind, text in heard if kind == "status"]
    assert len(statuses) > 10 and all(a != b for a, b in itertools.pairwise(statuses))
    close(table)


def test_the_arrows_read_the_card_or_button_they_reach(app: App,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[tuple[str, str]] = []
    monkeypatch.setattr(app.voice, "say",
                        lambda text, lang, kind="status": heard.append((kind, text)))
    table = table_of(app)
    for _ in bot_moves(table, table.match, 1, 60):
        if table.my_legal() and len(table.focusables()) > 1:
            break
    table._refresh([])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.step(1 / 60)
    focused = table.pointer.focused()
    assert focused is not None and focused.code
    assert ("focus", table.words.card_name(focused.code)) in heard
    close(table)
    app.pop()
    app.settings["lang"] = "en"
    app.set_lang("en")
    scene = SettingsScene(app)
    app.push(scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.step(1 / 60)
    assert ("focus", "Card animation speed: Normal") in heard


def test_where_no_espeak_ng_is_found_the_setting_says_so_and_nothing_else_changes(
        app: App) -> None:
    app.voice = Voice(None)
    app.settings["speech"] = False
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60)
    row = next(b for b in scene.buttons.items if b.key == "settings.speech")
    assert row.text == app.text.tr("settings.no_speech") and not row.enabled
    row.activate()
    assert app.settings["speech"] is False
    app.settings["speech"] = True  # a settings file from a machine that had it
    table = table_of(app)
    for _ in range(5):
        app.step(1 / 60)
    assert not app.voice.available and not app.voice.said and not app.voice.waiting
    close(table)


def test_without_a_sound_device_the_setting_says_so_and_nothing_is_queued(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    assert not app.voice.available
    app.voice.say("Your turn", "en")
    assert not app.voice.said
    scene = SettingsScene(app)
    app.push(scene)
    row = next(b for b in scene.buttons.items if b.key == "settings.speech")
    assert row.text == app.text.tr("settings.no_audio") and not row.enabled
