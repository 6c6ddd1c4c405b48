"""The saves package: atomic files that survive kills, bad files kept aside, resume, scores."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from game import registry
from game.core import State
from saves import Saves, data_folder, selftest_info
from saves.cli import main as scores_main
from saves.schemas import DEFAULT_SETTINGS
from saves.store import Schema, Store

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
TEST_SCHEMA = Schema("test", 1, "Test file", "nothing is used", lambda d: d)
STAMP = r"\d{8}-\d{6}(-\d+)?"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("CARD_TABLE_HOME", str(folder))
    return folder


# -- helpers shared with the subprocesses below ------------------------------------------------
def payload(i: int) -> dict[str, Any]:
    """A large save (about 1.5 MB) that says which version it is."""
    return {"i": i, "rows": [[i, j, f"row {j} of version {i} " + "x" * 40] for j in range(20000)]}


def random_step(state: State, rng: random.Random) -> None:
    seat = state.to_act()[0]
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def hokm_match(seed: int, actions: int) -> dict[str, Any]:
    """The match dict the table would save after ``actions`` random actions of a Hokm game."""
    state = registry.get("hokm").new(4, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        random_step(state, rng)
    return {"game": "hokm", "state": state.to_dict(), "seed": seed, "options": {},
            "seats": [{"kind": "person", "name": "Sara", "level": ""}]
            + [{"kind": "bot", "name": f"Bot {i}", "level": "easy"} for i in (1, 2, 3)],
            "actions": actions}


def hokm_result(seed: int) -> dict[str, Any]:
    state = registry.get("hokm").new(4, seed)
    rng = random.Random(seed)
    while not state.is_over():
        random_step(state, rng)
    return state.result()


def spawn(code: str, home: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "CARD_TABLE_HOME": str(home),
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(TESTS)])}
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)


def kill(proc: subprocess.Popen[str]) -> list[str]:
    """SIGKILL the process; the lines it printed that were not read yet. Read through the
    stream, whose buffer may hold lines already (``communicate`` would read past them)."""
    proc.send_signal(signal.SIGKILL)
    assert proc.stdout is not None
    out = proc.stdout.read()
    proc.wait(timeout=30)
    return out.split()


# -- where and what ------------------------------------------------------------------------------
def test_the_folder_is_card_table_home_or_the_platform_data_folder(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_folder() == home
    monkeypatch.delenv("CARD_TABLE_HOME")
    assert data_folder() == platformdirs.user_data_path("cardtable", appauthor=False)


def test_everything_is_written_in_the_data_folder_only(home: Path, tmp_path: Path) -> None:
    s = Saves.open()
    assert s.folder == home and home.is_dir()
    s.save_settings({"lang": "en"})
    s.add_profile("Sara")
    s.save_match(hokm_match(1, 5))
    s.record_result("hokm", ["Sara", "Bot 1", "Bot 2", "Bot 3"], hokm_result(1))
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert written == {"home/settings.json", "home/profiles.json", "home/match.json",
                       "home/scores/hokm.json", "home/scores/hokm.summary", "home/saves.lock"}
    assert not s.notices


def test_settings_defaults_changes_and_refusals(home: Path) -> None:
    s = Saves.open()
    assert s.settings == {"lang": "fa", "anim_speed": 1.0, "bot_pace": 1.0, "sound": True,
                          "colorblind": False, "fullscreen": False, "back": 0, "felt": 0,
                          "face": "standard", "speech": False}
    s.save_settings({"lang": "ar", "anim_speed": 2})
    s.save_settings({"sound": False, "window": [800, 600]})
    with pytest.raises(ValueError, match="lang"):
        s.save_settings({"lang": "de"})
    with pytest.raises(ValueError, match="bot_pace"):
        s.save_settings({"bot_pace": 0})
    live = s.settings
    live["fullscreen"] = True  # the table's dict of this run, written by save_settings
    assert Saves.open().settings["fullscreen"] is False
    s.save_settings({})
    assert live is s.settings
    again = Saves.open().settings
    assert again == s.settings and again["fullscreen"] is True
    assert again["lang"] == "ar" and again["anim_speed"] == 2 and again["sound"] is False
    assert again["window"] == [800, 600]


@pytest.mark.parametrize("bad", [
    {"back": 5}, {"back": -1}, {"back": 1.0}, {"back": True}, {"felt": 9}, {"felt": "1"},
    {"face": "huge"}, {"face": ["large"]}, {"speech": "yes"}, {"speech": 1}])
def test_the_look_and_the_voice_take_only_what_the_table_draws(home: Path,
                                                                bad: dict[str, Any]) -> None:
    """A back and a felt are counted from 0 below how many the table draws, a face is named,
    speech is on or off: anything else is refused by name, and nothing is written; a file
    holding it is moved aside and the defaults are used, the language with them."""
    s = Saves.open()
    s.save_settings({"back": 4, "felt": 4, "face": "large", "speech": True})
    assert Saves.open().settings["face"] == "large"
    name = next(iter(bad))
    with pytest.raises(ValueError, match=name):
        s.save_settings(bad)
    assert Saves.open().settings[name] == {"back": 4, "felt": 4, "face": "large",
                                           "speech": True}[name]
    (home / "settings.json").write_text(json.dumps(
        {"schema": "cardtable/settings", "version": 2, "data": {"lang": "en", **bad}}),
        encoding="utf-8")
    again = Saves.open()
    assert [n.key for n in again.notices] == ["settings.corrupt.empty"]
    assert again.settings["lang"] == "fa" and again.settings[name] == DEFAULT_SETTINGS[name]


@pytest.mark.parametrize("setup", [
    "x", [], {"hokm": "x"}, {"hokm": {"chairs": "x"}}, {"hokm": {"chairs": [1]}},
    {"hokm": {"chairs": [{"kind": "bot", "name": "N" * 41, "level": "normal"}]}},
    {"hokm": {"chairs": [{"kind": "person", "name": "", "level": "normal"}]}},
    {"hokm": {"options": []}}, {"Not a game!": {}}])
def test_a_remembered_setup_the_table_cannot_use_is_refused_at_reading(
        home: Path, setup: Any) -> None:
    """``setup`` is read back by the setup scene: a value it cannot use (not an object, a
    chair name over 40 characters, which crashed Start or the end of the match) sets the
    file aside with a notice; the defaults are used and the setup scene opens."""
    home.mkdir()
    (home / "settings.json").write_text(json.dumps(
        {"schema": "cardtable/settings", "version": 2, "data": {"lang": "en", "setup": setup}}),
        "utf-8")
    s = Saves.open()
    assert [n.key for n in s.notices] == ["settings.corrupt.empty"]
    assert s.settings["lang"] == "fa" and "setup" not in s.settings


def test_a_remembered_setup_round_trips(home: Path) -> None:
    setup = {"hokm": {"chairs": [{"kind": "person", "name": "Sara", "level": "normal"}] + [
        {"kind": "bot", "name": f"Bot {i}", "level": "hard"} for i in (1, 2, 3)],
        "options": {"sets": 2}}}
    Saves.open().save_settings({"setup": setup})
    again = Saves.open()
    assert again.notices == [] and again.settings["setup"] == setup


def test_profiles_are_kept_once_each(home: Path) -> None:
    s = Saves.open()
    for name in ("Sara", " Ali ", "sara", "علی"):
        s.add_profile(name)
    with pytest.raises(ValueError):
        s.add_profile("   ")
    assert Saves.open().profiles == ["Sara", "Ali", "علی"]
    s.remove_profile("ALI")
    assert Saves.open().profiles == ["Sara", "علی"]


def test_each_write_keeps_the_previous_copy(home: Path) -> None:
    s = Saves.open()
    s.save_settings({"lang": "en"})
    s.save_settings({"lang": "ar"})
    bak = json.loads((home / "settings.json.bak").read_text("utf-8"))
    assert bak["data"]["lang"] == "en" and bak["version"] == 2
    assert bak["schema"] == "cardtable/settings"


def test_a_match_is_saved_loaded_and_cleared(home: Path) -> None:
    s = Saves.open()
    assert s.load_match() is None
    match = hokm_match(3, 40)
    s.save_match(match)
    loaded = Saves.open().load_match()
    assert loaded == match
    assert registry.restore(loaded["state"]).to_dict() == match["state"]
    with pytest.raises(ValueError):
        s.save_match({"game": "hokm", "state": {"game": "tiraje"}})
    s.clear_match()
    assert not (home / "match.json").exists() and not (home / "match.json.bak").exists()
    assert Saves.open().load_match() is None


# -- crashes -------------------------------------------------------------------------------------
WRITER = """
import sys
from pathlib import Path
from saves.store import Store
from test_saves import TEST_SCHEMA, payload
store, i = Store(Path(sys.argv[1])), int(sys.argv[2])
while True:
    store.save("big.json", TEST_SCHEMA, payload(i))
    print(i, flush=True)
    i += 1
"""


def test_a_writer_killed_at_any_moment_leaves_the_old_or_the_new_file(home: Path) -> None:
    rng = random.Random(7)
    for kill_round in range(10):
        first = kill_round * 1000
        proc = spawn(WRITER, home, str(home), str(first))
        assert proc.stdout is not None
        assert int(proc.stdout.readline()) == first
        time.sleep(rng.uniform(0.0, 0.4))
        done = [first, *map(int, kill(proc))]
        store = Store(home)
        data = store.load("big.json", TEST_SCHEMA)
        assert not store.notices, store.notices
        assert data is not None and data == payload(data["i"])
        assert done[-1] <= data["i"] <= done[-1] + 1  # the last write may finish unprinted
        if kill_round:  # from the second write on there is always a whole previous copy
            bak = json.loads((home / "big.json.bak").read_text("utf-8"))["data"]
            assert bak == payload(bak["i"]) and bak["i"] <= data["i"]


RESUMER = """
import random, sys, time
from game import registry
from saves import Saves
from test_saves import hokm_match, random_step
seed = int(sys.argv[1])
saves = Saves.open()
state, rng, n = registry.get("hokm").new(4, seed), random.Random(seed), 0
while not state.is_over():
    random_step(state, rng)
    n += 1
    match = hokm_match(seed, 0)
    match.update(state=state.to_dict(), actions=n)
    saves.save_match(match)
    print(n, flush=True)
time.sleep(60)
"""


@pytest.mark.parametrize("seed,target", [(11, 1), (12, 57), (13, 400)])
def test_a_game_killed_mid_play_resumes_at_its_last_saved_action(
        home: Path, seed: int, target: int) -> None:
    proc = spawn(RESUMER, home, str(seed))
    assert proc.stdout is not None
    while int(proc.stdout.readline()) < target:
        pass
    printed = [target, *map(int, kill(proc))]
    s = Saves.open()
    assert not s.notices
    match = s.load_match()
    assert match is not None
    actions = match["actions"]
    assert printed[-1] <= actions <= printed[-1] + 1
    assert match == hokm_match(seed, actions)  # the same cards, action for action
    restored = registry.restore(match["state"])
    replayed = registry.restore(hokm_match(seed, actions)["state"])
    random_step(restored, random.Random(5))
    random_step(replayed, random.Random(5))
    assert restored.to_dict() == replayed.to_dict()


TWO_COPIES = """
import sys, time
from pathlib import Path
from saves import Saves
copy, go = sys.argv[1], Path(sys.argv[2])
saves = Saves.open()
print("open", flush=True)
while not go.exists():
    time.sleep(0.001)
for i in range(30):
    saves.record_result("tiraje", [f"{copy} {i}", "B"], {"winners": [0], "points": [3, 1]})
    saves.add_profile(f"{copy} {i}")
print("done", flush=True)
"""


def test_two_copies_writing_at_once_lose_nothing(home: Path, tmp_path: Path) -> None:
    """Two tables on one folder, each opened before the other writes, each recording 30
    matches and adding 30 names at the same time: all 60 of each are kept."""
    go = tmp_path / "go"
    copies = [spawn(TWO_COPIES, home, name, str(go)) for name in ("Sara", "Ali")]
    for proc in copies:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "open"
    go.touch()
    for proc in copies:
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out.split() == ["done"]
    s = Saves.open()
    records, names = len(s.history("tiraje")), len(s.profiles)
    assert (records, names) == (60, 60)
    assert not s.notices and not list(home.rglob("~*"))


HOLDER = """
import time
from saves import Saves
saves = Saves.open()
print(saves.hold_table(), flush=True)
time.sleep(60)
"""


def test_a_second_table_on_the_folder_keeps_no_game_in_progress(home: Path) -> None:
    first = Saves.open()
    first.save_match(hokm_match(6, 3))
    proc = spawn(HOLDER, home)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "True"
    second = Saves.open()
    assert second.load_match() == hokm_match(6, 3)  # tools that do not hold the table see it
    assert second.hold_table() is False
    [notice] = second.notices
    assert notice.key == "match.in_use.readonly" and "another window" in notice.message
    assert second.load_match() is None  # the other window's game is not offered here
    saved = (home / "match.json").read_bytes()
    second.save_match(hokm_match(6, 9))
    second.clear_match()
    assert (home / "match.json").read_bytes() == saved
    second.add_profile("Sara")  # names, scores and settings are still kept
    assert Saves.open().profiles == ["Sara"]
    kill(proc)
    third = Saves.open()
    assert third.hold_table() is True and not third.notices  # the lock died with its holder
    assert third.load_match() == hokm_match(6, 3)


# -- bad files -----------------------------------------------------------------------------------
def fill(s: Saves, version: int) -> None:
    """Write every kind of file; version 1 then 2 leaves version 1 in the .bak copies."""
    s.save_settings({"lang": ("en", "ar")[version - 1]})
    s.add_profile(("Ali", "Sara")[version - 1])
    s.save_match(hokm_match(2, 3 + version))
    s.record_result("hokm", ["Sara", "Ali", "Bot 1", "Bot 2"], hokm_result(version))


def version_seen(s: Saves, name: str) -> int | None:
    """Which `fill` version ``s`` holds for the file ``name``; None: the defaults."""
    if name == "settings.json":
        return {"fa": None, "en": 1, "ar": 2}[s.settings["lang"]]
    if name == "profiles.json":
        return len(s.profiles) or None
    if name == "match.json":
        match = s.load_match()
        return None if match is None else match["actions"] - 3
    return len(s.history("hokm")) or None


FILES = {"settings.json": "settings", "profiles.json": "profiles", "match.json": "match",
         "scores/hokm.json": "scores"}


def damage(path: Path, how: str) -> bytes:
    good = path.read_bytes()
    doc = json.loads(good)
    bad = {
        "garbage": b"\x00\xff\xfe not json at all",
        "truncated": good[:len(good) // 2],
        "empty": b"",
        "foreign": json.dumps({"hello": "world", "version": 1}).encode(),
        "other_kind": json.dumps({**doc, "schema": "cardtable/elsewhere"}).encode(),
        "newer": json.dumps({**doc, "version": 99, "data": {"new": "things"}}).encode(),
        "bad_content": json.dumps({**doc, "data": {"game": "hokm", "state": {"game": "hokm"},
                                                   "profiles": [1], "lang": "xx"}}).encode(),
        # Valid JSON that `save` could never write back: refused at reading, not at the
        # next write (which raised and lost the change).
        "nan": with_data(doc, "extra", float("nan")),
        "infinity": with_data(doc, "seed", float("-inf")),
        "huge_number": with_data(doc, "seed", 12345.5).replace(b"12345.5", b"1e400"),
        "lone_surrogate": with_data(doc, "name", "Ali\ud800"),
    }[how]
    path.write_bytes(bad)
    return bad


def with_data(doc: dict[str, Any], key: str, value: Any) -> bytes:
    """The file ``doc`` with ``key`` set to ``value`` in its data, as Python's JSON writes it
    (NaN and Infinity as bare words, a lone surrogate as its escape)."""
    return json.dumps({**doc, "data": {**doc["data"], key: value}}).encode()


REASONS = {"garbage": "corrupt", "truncated": "corrupt", "empty": "corrupt",
           "foreign": "foreign", "other_kind": "foreign", "newer": "newer",
           "bad_content": "corrupt", "nan": "corrupt", "infinity": "corrupt",
           "huge_number": "corrupt", "lone_surrogate": "corrupt"}


@pytest.mark.parametrize("how", list(REASONS))
@pytest.mark.parametrize("name", list(FILES))
def test_a_bad_file_is_kept_aside_and_its_previous_copy_used(home: Path, name: str,
                                                             how: str) -> None:
    s = Saves.open()
    fill(s, 1)
    fill(s, 2)
    bad = damage(home / name, how)
    s = Saves.open()
    assert version_seen(s, name) == 1
    [notice] = s.notices
    reason = REASONS[how]
    assert notice.key == f"{FILES[name]}.{reason}.backup"
    tag = "newer-v99" if how == "newer" else reason
    assert re.fullmatch(re.escape(Path(name).name) + rf"\.{tag}-{STAMP}", notice.path.name)
    assert notice.path.read_bytes() == bad
    assert notice.path.name in notice.message and "previous copy" in notice.message
    fill(s, 2)  # the table goes on writing: the file kept aside is not touched
    assert notice.path.read_bytes() == bad
    assert version_seen(Saves.open(), name) == 2


@pytest.mark.parametrize("name", list(FILES))
def test_a_bad_file_and_a_bad_copy_are_both_kept_and_the_table_starts_without(
        home: Path, name: str) -> None:
    s = Saves.open()
    fill(s, 1)
    fill(s, 2)
    bad = damage(home / name, "truncated")
    bad_bak = damage(home / (name + ".bak"), "newer")
    s = Saves.open()
    assert version_seen(s, name) is None
    kind = FILES[name]
    assert [n.key for n in s.notices] == [f"{kind}.corrupt.empty", f"{kind}.newer.empty"]
    assert [n.path.read_bytes() for n in s.notices] == [bad, bad_bak]
    assert ".bak.newer-v99-" in s.notices[1].path.name


def test_names_and_numbers_no_write_could_keep_are_refused_at_reading(home: Path) -> None:
    """A lone surrogate in a recorded name or a profile, NaN in a record's points, an infinite
    seed beside a match's state: each file goes aside at start, and every later write works
    (before, the file passed its check and the next write raised, losing the change)."""
    s = Saves.open()
    s.add_profile("Ali")
    s.save_match(hokm_match(3, 5))
    s.record_result("hokm", ["Sara", "Ali", "Bot 1", "Bot 2"], hokm_result(1))

    def rewrite(name: str, change: Any) -> None:
        doc = json.loads((home / name).read_text("utf-8"))
        change(doc["data"])
        (home / name).write_text(json.dumps(doc), "utf-8")
        (home / (name + ".bak")).unlink(missing_ok=True)

    rewrite("profiles.json", lambda d: d["profiles"].append("Mina\ud800"))
    rewrite("scores/hokm.json", lambda d: d["matches"][0]["result"]["points"].__setitem__(
        0, float("nan")))
    rewrite("match.json", lambda d: d.__setitem__("seed", float("inf")))
    s = Saves.open()
    assert sorted(n.key for n in s.notices) == ["match.corrupt.empty", "profiles.corrupt.empty",
                                               "scores.corrupt.empty"]
    assert s.load_match() is None and s.profiles == [] and s.history("hokm") == []
    s.add_profile("Sara")
    s.save_match(hokm_match(3, 6))
    s.record_result("hokm", ["Sara", "Ali", "Bot 1", "Bot 2"], hokm_result(2))
    again = Saves.open()
    assert again.notices == [] and again.profiles == ["Sara"]
    assert len(again.history("hokm")) == 1 and again.load_match() is not None


def test_a_newer_settings_file_is_never_overwritten(home: Path) -> None:
    newer = json.dumps({"schema": "cardtable/settings", "version": 3,
                        "data": {"language_pack": "fa-IR"}}).encode()
    home.mkdir()
    (home / "settings.json").write_bytes(newer)
    s = Saves.open()
    assert s.settings["lang"] == "fa"
    [notice] = s.notices
    assert notice.key == "settings.newer.empty"
    assert "newer version" in notice.message and "default settings" in notice.message
    s.save_settings({"lang": "en"})
    s.save_settings({"lang": "ar"})
    assert notice.path.read_bytes() == newer
    assert re.fullmatch(rf"settings\.json\.newer-v3-{STAMP}", notice.path.name)


def test_an_unrestorable_match_is_kept_aside(home: Path) -> None:
    s = Saves.open()
    match = hokm_match(4, 10)
    match["state"]["hands"] = "no cards here"
    (home / "match.json").write_text(json.dumps(
        {"schema": "cardtable/match", "version": 1, "data": match}), "utf-8")
    s = Saves.open()
    assert s.load_match() is None
    [notice] = s.notices
    assert notice.key == "match.corrupt.empty" and "cannot be restored" in notice.message


def impossible(how: str) -> dict[str, Any]:
    """A Hokm match whose state no game could reach: a hand removed, an unknown card, a turn
    of seat 9."""
    match = hokm_match(4, 10)
    state = match["state"]
    if how == "no_hands":
        del state["hands"]
    elif how == "unknown_card":
        state["hands"][0][0] = "ZZ"
    else:
        state["turn"] = 9
    return match


@pytest.mark.parametrize("how", ["no_hands", "unknown_card", "turn_9"])
def test_an_impossible_match_is_kept_aside_and_never_offered_again(home: Path,
                                                                   how: str) -> None:
    match = impossible(how)
    with pytest.raises(ValueError):
        registry.restore(match["state"])
    home.mkdir()
    raw = json.dumps({"schema": "cardtable/match", "version": 1, "data": match}).encode()
    (home / "match.json").write_bytes(raw)
    s = Saves.open()
    assert s.load_match() is None
    [notice] = s.notices
    assert notice.key == "match.corrupt.empty" and "cannot be restored" in notice.message
    assert re.fullmatch(rf"match\.json\.corrupt-{STAMP}", notice.path.name)
    assert notice.path.read_bytes() == raw
    again = Saves.open()
    assert again.load_match() is None and not again.notices


def test_a_match_the_table_cannot_resume_is_set_aside_as_invalid(home: Path) -> None:
    match = hokm_match(4, 10)
    del match["seats"]
    Saves.open().save_match(match)
    s = Saves.open()
    assert s.load_match() == match and not s.notices  # the chairs are the table's to check
    s.reject_match("KeyError: 'seats'")
    assert s.load_match() is None
    [notice] = s.notices
    assert notice.key == "match.invalid.empty" and "'seats'" in notice.message
    assert re.fullmatch(rf"match\.json\.invalid-{STAMP}", notice.path.name)
    assert json.loads(notice.path.read_text("utf-8"))["data"] == match
    again = Saves.open()
    assert again.load_match() is None and not again.notices


def test_a_file_that_cannot_be_moved_aside_is_left_untouched(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Saves.open().save_settings({"lang": "en"})
    bad = damage(home / "settings.json", "garbage")

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    s = Saves.open()
    assert [n.key for n in s.notices] == ["settings.corrupt.stuck"]
    s.save_settings({"lang": "ar"})
    s.save_settings({"lang": "en"})
    assert [n.key for n in s.notices] == ["settings.corrupt.stuck",
                                          "settings.write_failed.unsaved"]
    assert (home / "settings.json").read_bytes() == bad
    assert s.settings["lang"] == "en"


def test_a_failed_write_is_told_and_the_table_goes_on(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_folder() == home
    s = Saves.open()
    s.save_match(hokm_match(5, 1))

    def disk_full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", disk_full)
        s.save_match(hokm_match(5, 2))
        s.save_match(hokm_match(5, 3))
    [notice] = s.notices
    assert notice.key == "match.write_failed.unsaved" and "No space" in notice.message
    assert s.load_match() == hokm_match(5, 3)
    assert Saves.open().load_match() == hokm_match(5, 1)
    assert not list(home.glob("~*.tmp"))


def test_a_file_hard_linked_to_its_copy_leaves_no_temporary_behind(home: Path) -> None:
    """``name`` and ``name.bak`` as two links to one file (a write cut short between its two
    renames, a backup tool): renaming a link over its twin is a no-op, which must not leave
    the ``~*.bak.tmp`` link behind."""
    s = Saves.open()
    s.save_settings({"lang": "en"})
    os.link(home / "settings.json", home / "settings.json.bak")
    s.save_settings({"lang": "ar"})
    assert not list(home.glob("~*"))
    assert json.loads((home / "settings.json.bak").read_text("utf-8"))["data"]["lang"] == "en"
    assert Saves.open().settings["lang"] == "ar"


def test_stale_temporary_files_are_removed(home: Path) -> None:
    home.mkdir()
    old, fresh = home / "~settings.json.abc.tmp", home / "~settings.json.def.tmp"
    old.write_text("half a write")
    fresh.write_text("a write in progress")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    Saves.open()
    assert not old.exists() and fresh.exists()


# -- versions ------------------------------------------------------------------------------------
def test_settings_version_1_is_migrated(home: Path) -> None:
    v1 = {"schema": "cardtable/settings", "version": 1,
          "data": {"language": "en", "animation_speed": 2.5, "sound": False}}
    home.mkdir()
    (home / "settings.json").write_text(json.dumps(v1), "utf-8")
    s = Saves.open()
    assert not s.notices
    assert s.settings == {**DEFAULT_SETTINGS, "lang": "en", "anim_speed": 2.5, "sound": False}
    s.save_settings({"colorblind": True})
    written = json.loads((home / "settings.json").read_text("utf-8"))
    assert written["version"] == 2 and "language" not in written["data"]
    assert json.loads((home / "settings.json.bak").read_text("utf-8")) == v1


def test_a_version_1_backup_is_migrated_too(home: Path) -> None:
    home.mkdir()
    (home / "settings.json").write_text("{\"schema\": \"cardtable/sett")
    (home / "settings.json.bak").write_text(json.dumps(
        {"schema": "cardtable/settings", "version": 1, "data": {"language": "ar"}}))
    s = Saves.open()
    assert s.settings["lang"] == "ar" and s.settings["bot_pace"] == 1.0
    assert [n.key for n in s.notices] == ["settings.corrupt.backup"]


def test_selftest_info(home: Path) -> None:
    info = selftest_info()
    assert info["folder"] == str(home) and info["folder_exists"] is False
    assert info["schema_versions"] == {"settings": 2, "profiles": 1, "match": 1, "scores": 1}
    json.dumps(info)


# -- scores --------------------------------------------------------------------------------------
def result(winners: list[int], points: list[int], rows: int = 0) -> dict[str, Any]:
    r: dict[str, Any] = {"winners": winners, "points": points}
    if rows:
        r["sheet"] = {"columns": ["hand", "A", "B"],
                      "rows": [[i + 1, i, i * 2] for i in range(rows)]}
    return r


def test_record_result_keeps_history_sheets_and_statistics(home: Path) -> None:
    s = Saves.open()
    players = ["Sara", "Ali", "Bot 1", "Bot 2"]
    s.record_result("hokm", players, hokm_result(8))
    for winners, points in (([0], [5, 1, 0, 0]), ([0], [3, 2, 0, 0]), ([1], [1, 9, 0, 0]),
                            ([0], [7, 0, 0, 0])):
        s.record_result("tiraje", players, result(winners, points, rows=2))
    s = Saves.open()
    assert s.games() == ["hokm", "tiraje"]
    [sheet] = s.sheets("hokm")
    assert sheet["players"] == players
    assert sheet["columns"] == hokm_result(8)["sheet"]["columns"]
    assert sheet["rows"] == hokm_result(8)["sheet"]["rows"]
    assert len(s.sheets("tiraje")) == 4
    assert sorted(h["game"] for h in s.history()) == ["hokm"] + ["tiraje"] * 4
    assert [h["winners"] for h in s.history("tiraje")] == [["Sara"], ["Ali"], ["Sara"],
                                                            ["Sara"]]
    assert s.history(player="Nobody") == [] and len(s.history(limit=2)) == 2
    rows = {r["player"]: r for r in s.stats("tiraje")}
    assert rows["Sara"] == {"game": "tiraje", "player": "Sara", "played": 4, "won": 3,
                            "streak": 1, "best_streak": 2, "best_score": 7}
    assert rows["Ali"]["won"] == 1 and rows["Ali"]["best_score"] == 9
    assert rows["Ali"]["streak"] == 0 and rows["Ali"]["best_streak"] == 1
    hokm = {r["player"]: r for r in s.stats("hokm")}
    hokm_winners = {players[w] for w in hokm_result(8)["winners"]}
    assert {p for p, r in hokm.items() if r["won"]} == hokm_winners
    assert {r["game"] for r in s.stats()} == {"hokm", "tiraje"}


def test_a_match_recorded_under_an_id_counts_once(home: Path) -> None:
    s = Saves.open()
    assert s.record_result("tiraje", ["A", "B"], result([0], [3, 1]), match_id="m1") is True
    assert Saves.open().record_result("tiraje", ["A", "B"], result([0], [3, 1]),
                                      match_id="m1") is False
    assert s.record_result("tiraje", ["A", "B"], result([1], [0, 2]), match_id="m2") is True
    assert [r["played"] for r in Saves.open().stats("tiraje")] == [2, 2]


def test_penalty_games_count_the_lowest_score_best(home: Path) -> None:
    s = Saves.open()
    s.record_result("bidel", ["A", "B", "C"], result([1], [40, 5, 60]))
    s.record_result("bidel", ["A", "B", "C"], result([0], [2, 30, 70]))
    rows = {r["player"]: r for r in s.stats("bidel")}
    assert rows["A"]["best_score"] == 2 and rows["B"]["best_score"] == 5


def test_record_result_refuses_what_does_not_fit(home: Path) -> None:
    s = Saves.open()
    for bad in (result([4], [1, 2]), result([0], [1]), {"winners": [0]},
                {"winners": [0], "points": [1, 2], "sheet": {"rows": 3}}):
        with pytest.raises(ValueError):
            s.record_result("hokm", ["A", "B"], bad)
    with pytest.raises(ValueError):
        s.record_result("../evil", ["A", "B"], result([0], [1, 2]))
    assert not (home / "scores").exists() and s.history() == []


def test_scores_survive_a_bad_file_of_another_game(home: Path) -> None:
    s = Saves.open()
    s.record_result("hokm", ["A", "B", "C", "D"], hokm_result(1))
    s.record_result("tiraje", ["A", "B"], result([0], [3, 1]))
    (home / "scores" / "tiraje.json").write_text("[")
    s = Saves.open()
    assert s.games() == ["hokm"] and len(s.history()) == 1
    assert [n.key for n in s.notices] == ["scores.corrupt.empty"]


def test_the_scores_command(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert scores_main(["scores"]) == 0
    assert "No finished matches yet" in capsys.readouterr().out
    s = Saves.open()
    s.record_result("hokm", ["سارا", "Ali", "Bot 1", "Bot 2"], hokm_result(9))
    s.record_result("tiraje", ["Sara", "Ali"], result([1], [2, 6], rows=3))
    assert scores_main(["scores"]) == 0
    out = capsys.readouterr().out
    assert "Hokm (hokm)" in out and "best streak" in out and "سارا" in out
    assert "tricks 0-2" in out and "won: Ali" in out
    assert scores_main(["--json", "--game", "tiraje"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["folder"] == str(home) and list(report["games"]) == ["tiraje"]
    tiraje = report["games"]["tiraje"]
    assert tiraje["sheets"][0]["rows"] == [[1, 0, 0], [2, 1, 2], [3, 2, 4]]
    assert tiraje["stats"][0]["player"] == "Ali" and tiraje["stats"][0]["won"] == 1
    assert scores_main(["scores", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["games"]) == {"hokm", "tiraje"}
    assert scores_main(["scores", "--no-such-flag"]) == 2


def test_a_folder_that_cannot_be_written_is_told_and_the_table_plays_on(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only data folder: the table lock cannot be made (it raised `OSError: Read-only
    file system` out of `hold_table` and ended the app at start). The table plays on, told
    that nothing will be saved, and each write that fails is told once."""
    import errno

    from filelock import FileLock

    def read_only(self: object, *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    s = Saves.open()
    monkeypatch.setattr(FileLock, "acquire", read_only)
    monkeypatch.setattr(Store, "save", read_only)
    assert s.hold_table() is True
    assert [n.key for n in s.notices] == ["folder.write_failed.nothing"]
    assert "nothing will be saved" in s.notices[0].message
    s.save_match(hokm_match(1, 3))
    s.add_profile("Sara")
    assert s.load_match() is not None and s.profiles == ["Sara"]  # held for this run
    assert [n.key for n in s.notices][1:] == ["match.write_failed.unsaved",
                                             "profiles.write_failed.unsaved"]


def test_the_table_opens_on_the_summary_without_reading_every_match(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A year of nightly play and far more: the table opens on each game's summary (its
    statistics and latest matches), not by reading and checking every finished match; a
    summary that no longer sums up its score file (another copy wrote since, or it is
    damaged) is made again, without a notice."""
    s = Saves.open()
    for i in range(60):
        s.record_result("tiraje", ["Sara", "Ali"], result([i % 2], [i, 60 - i], rows=2))
    stats, history = s.stats("tiraje"), s.history(limit=5)
    latest_sheet = s.sheets("tiraje")[-1]
    read: list[str] = []
    real_load = Store.load

    def counting(self: Store, name: str, schema: Any) -> Any:
        read.append(name)
        return real_load(self, name, schema)

    monkeypatch.setattr(Store, "load", counting)
    again = Saves.open()
    assert "scores/tiraje.json" not in read  # the summary was enough
    assert again.stats("tiraje") == stats and again.history(limit=5) == history
    assert again.stats("hokm") == [] and again.games() == ["tiraje"]  # asked, never played
    assert again.sheets("tiraje", 3)[-1] == latest_sheet and again.games() == ["tiraje"]
    assert "scores/tiraje.json" not in read
    assert len(again.history("tiraje")) == 60  # all of them: read now
    assert read.count("scores/tiraje.json") == 1
    read.clear()
    other = Saves.open()
    other.record_result("tiraje", ["Mina", "Ali"], result([0], [3, 1]))  # another copy writes
    assert [row["player"] for row in Saves.open().stats("tiraje")] == ["Ali", "Mina", "Sara"]
    (home / "scores" / "tiraje.summary").write_text("{damaged", "utf-8")
    fresh = Saves.open()
    assert not fresh.notices and len(fresh.history("tiraje", limit=100)) == 61
