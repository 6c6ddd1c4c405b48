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
from saves.schemas import check_setups
from saves import scores
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
            "actions": actions, "saved": "2026-03-01T21:40:00+03:30"}


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
    sqlite_own = {"home/history.sqlite-wal", "home/history.sqlite-shm"}  # while it is open
    assert written - sqlite_own == {
        "home/settings.json", "home/profiles.json", "home/matches/hokm.json",
        "home/history.sqlite", "home/saves.lock"}
    s.close()
    Saves.open().close()  # a start finding finished matches copies the history
    assert (home / "history.sqlite.bak").is_file()
    assert not s.notices


def test_settings_defaults_changes_and_refusals(home: Path) -> None:
    s = Saves.open()
    assert s.settings == {"lang": "fa", "anim_speed": 1.0, "bot_pace": 1.0, "sound": True,
                          "colorblind": False, "fullscreen": False, "back": 0, "felt": 0,
                          "face": "standard", "speech": False,
                          "forced_card": True, "hand_order": "suit"}
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
    holding it keeps its other settings (the language), that one left out and named."""
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
    [notice] = again.notices
    assert notice.key == "settings.partial.kept" and notice.details == (name,)
    assert again.settings["lang"] == "en" and again.settings[name] == DEFAULT_SETTINGS[name]


@pytest.mark.parametrize("bad", ["ftp://cards.example.net/", 8751, "wss://" + "x" * 200])
def test_the_table_server_kept_is_a_ws_address_or_left_out_by_name(home: Path, bad: Any) -> None:
    s = Saves.open()
    s.save_settings({"server": "wss://cards.example.net/"})
    with pytest.raises(ValueError, match="server"):
        s.save_settings({"server": bad})
    assert Saves.open().settings["server"] == "wss://cards.example.net/"
    (home / "settings.json").write_text(json.dumps(
        {"schema": "cardtable/settings", "version": 2, "data": {"lang": "en", "server": bad}}),
        encoding="utf-8")
    again = Saves.open()
    [notice] = again.notices
    assert notice.details == ("server",) and "server" not in again.settings
    assert again.settings["lang"] == "en"


def test_how_the_table_plays_a_persons_cards_is_kept_and_checked(home: Path) -> None:
    s = Saves.open()
    s.save_settings({"forced_card": False, "hand_order": "trump"})
    again = Saves.open().settings
    assert again["forced_card"] is False and again["hand_order"] == "trump"
    for bad in ({"forced_card": "yes"}, {"forced_card": 1}, {"hand_order": "size"},
                {"hand_order": None}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            s.save_settings(bad)
    assert Saves.open().settings == again


@pytest.mark.parametrize("setup, left_out", [
    ("x", ["setup"]), ([], ["setup"]), ({"hokm": "x"}, ["setup.hokm"]),
    ({"hokm": {"chairs": "x"}}, ["setup.hokm.chairs"]),
    ({"hokm": {"chairs": [1]}}, ["setup.hokm.chair.1"]),
    ({"hokm": {"chairs": [{"kind": "bot", "name": "N" * 41, "level": "normal"}]}},
     ["setup.hokm.chair.1"]),
    ({"hokm": {"chairs": [{"kind": "person", "name": "", "level": "normal"}]}},
     ["setup.hokm.chair.1"]),
    ({"hokm": {"options": []}}, ["setup.hokm.options"]),
    ({"Not a game!": {}}, ["setup.Not a game!"])])
def test_a_remembered_setup_the_table_cannot_use_is_left_out_at_reading(
        home: Path, setup: Any, left_out: list[str]) -> None:
    """``setup`` is read back by the setup scene: a value it cannot use (not an object, a
    chair name over 40 characters, which crashed Start or the end of the match) is left out,
    named in a notice, and the rest of the settings kept (the whole file was thrown away)."""
    home.mkdir()
    raw = json.dumps({"schema": "cardtable/settings", "version": 2,
                      "data": {"lang": "en", "setup": setup}}).encode()
    (home / "settings.json").write_bytes(raw)
    s = Saves.open()
    [notice] = s.notices
    assert notice.key == "settings.partial.kept" and list(notice.details) == left_out
    assert re.fullmatch(rf"settings\.json\.partial-{STAMP}", notice.path.name)
    assert notice.path.read_bytes() == raw
    assert s.settings["lang"] == "en"
    check_setups(s.settings.get("setup", {}))
    assert Saves.open().settings == s.settings and not Saves.open().notices


def test_one_bad_chair_leaves_the_other_chairs_and_settings(home: Path) -> None:
    """The issue's case: one chair of Hokm's remembered four is damaged; the other three,
    Shelem's setup and every other setting are kept, the bad chair named."""
    chairs = [{"kind": "person", "name": "Sara", "level": "normal"}] + [
        {"kind": "bot", "name": f"Bot {i}", "level": "hard"} for i in (1, 2, 3)]
    shelem = {"chairs": chairs, "options": {}}
    s = Saves.open()
    s.save_settings({"lang": "ar", "anim_speed": 2.5,
                     "setup": {"hokm": {"chairs": chairs, "options": {"sets": 2}},
                               "shelem": shelem}})
    doc = json.loads((home / "settings.json").read_text("utf-8"))
    doc["data"]["setup"]["hokm"]["chairs"][2]["kind"] = "robot"
    doc["data"]["bot_pace"] = "fast"
    (home / "settings.json").write_text(json.dumps(doc), "utf-8")
    s = Saves.open()
    [notice] = s.notices
    assert notice.details == ("bot_pace", "setup.hokm.chair.3")
    assert "bot_pace" in notice.message and "setup.hokm.chair.3" in notice.message
    assert s.settings["lang"] == "ar" and s.settings["anim_speed"] == 2.5
    assert s.settings["bot_pace"] == 1.0
    assert s.settings["setup"]["hokm"] == {"chairs": [chairs[0], chairs[1], chairs[3]],
                                           "options": {"sets": 2}}
    assert s.settings["setup"]["shelem"] == shelem


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


def test_a_match_is_kept_per_game_loaded_and_discarded(home: Path) -> None:
    s = Saves.open()
    assert s.load_match("hokm") is None and s.matches() == []
    match = hokm_match(3, 40)
    s.save_match(match)
    taki = {"game": "taki", "state": registry.get("taki").new(4, 2).to_dict(), "seed": 2,
            "saved": "2030-01-01T10:00:00+00:00"}
    s.save_match(taki)
    again = Saves.open()
    assert again.load_match("hokm") == match and again.load_match("taki") == taki
    assert [m["game"] for m in again.matches()] == ["taki", "hokm"]  # the latest saved first
    assert registry.restore(again.load_match("hokm")["state"]).to_dict() == match["state"]
    with pytest.raises(ValueError):
        s.save_match({"game": "hokm", "state": {"game": "tiraje"}})
    with pytest.raises(ValueError):
        s.save_match({"game": "../evil", "state": {"game": "../evil"}})
    s.discard_match("hokm")
    assert not (home / "matches" / "hokm.json").exists()
    assert not (home / "matches" / "hokm.json.bak").exists()
    assert [m["game"] for m in Saves.open().matches()] == ["taki"]


def test_a_match_of_the_first_format_loads_as_its_games_match(home: Path) -> None:
    """``match.json``, version 1, as the table wrote it before one match was kept per game:
    it becomes its game's match (version 2), with the time the file was written."""
    match = hokm_match(3, 20)
    del match["saved"]  # the first format's matches did not say when
    home.mkdir()
    old = home / "match.json"
    old.write_text(json.dumps({"schema": "cardtable/match", "version": 1,
                               "saved": "2026-03-01T21:40:00+03:30", "data": match},
                              ensure_ascii=False, separators=(",", ":")), "utf-8")
    s = Saves.open()
    assert not s.notices and not old.exists()
    [kept] = s.matches()
    assert kept == {**match, "saved": kept["saved"]} and kept["saved"][:4].isdigit()
    written = json.loads((home / "matches" / "hokm.json").read_text("utf-8"))
    assert written["version"] == 2 and written["data"] == kept
    assert Saves.open().load_match("hokm") == s.load_match("hokm")


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
    match = s.load_match("hokm")
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
    s.close()  # the copy of the history this start makes is done
    assert (records, names) == (60, 60)
    assert not s.notices and not list(home.rglob("~*"))


RECORDER = """
import sys
from saves import Saves
saves, i = Saves.open(), int(sys.argv[1])
while True:
    saves.record_result("tiraje", ["Sara", "Ali"], {"winners": [0], "points": [i, 0]})
    print(i, flush=True)
    i += 1
"""


def test_a_copy_killed_while_recording_loses_nothing_recorded_before(home: Path) -> None:
    """kill -9 at random moments of a copy recording results as fast as it can: every result
    it had recorded (printed once `record_result` returned) is in the history at the next
    start, the one being written is there whole or not at all, and the database is sound."""
    rng = random.Random(3)
    printed: set[int] = set()
    unprinted: set[int] = set()
    for kill_round in range(8):
        first = kill_round * 100_000
        proc = spawn(RECORDER, home, str(first))
        assert proc.stdout is not None
        assert int(proc.stdout.readline()) == first
        time.sleep(rng.uniform(0.0, 0.3))
        done = [first, *map(int, kill(proc))]
        printed |= set(done)
        unprinted.add(done[-1] + 1)  # the last may have been recorded, not yet printed
        s = Saves.open()
        assert not s.notices, s.notices
        kept = {int(e["points"][0]) for e in s.history("tiraje")}
        assert printed <= kept, f"lost: {sorted(printed - kept)[:5]}"
        assert kept <= printed | unprinted
        assert s.stats("tiraje")[1]["played"] == len(kept)  # statistics in the same step
        s.close()
    import sqlite3
    db = sqlite3.connect(home / "history.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


@pytest.mark.stress
def test_a_result_waits_out_another_copys_long_write(home: Path) -> None:
    """Another copy holding the history's write lock for 12 s (a slow disk, a copy stopped in
    a debugger): a result recorded meanwhile waits and is kept, where the JSON history's lock
    gave up after 10 s and the result was lost."""
    Saves.open().close()
    proc = spawn(LOCKER, home, str(home / "history.sqlite"), "12")
    assert proc.stdout is not None and proc.stdout.readline().strip() == "holding"
    s = Saves.open()
    start = time.monotonic()
    assert s.record_result("tiraje", ["Sara", "Ali"], result([0], [3, 1])) is True
    assert time.monotonic() - start > 5 and not s.notices
    proc.wait(timeout=30)
    s.close()
    assert len(Saves.open().history("tiraje")) == 1


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
    assert second.load_match("hokm") == hokm_match(6, 3)  # tools not holding the table see it
    assert second.hold_table() is False
    [notice] = second.notices
    assert notice.key == "match.in_use.readonly" and "another window" in notice.message
    assert second.load_match("hokm") is None and second.matches() == []  # not offered here
    saved = (home / "matches" / "hokm.json").read_bytes()
    second.save_match(hokm_match(6, 9))
    second.discard_match("hokm")
    assert (home / "matches" / "hokm.json").read_bytes() == saved
    second.add_profile("Sara")  # names, scores and settings are still kept
    assert Saves.open().profiles == ["Sara"]
    kill(proc)
    third = Saves.open()
    assert third.hold_table() is True and not third.notices  # the lock died with its holder
    assert third.load_match("hokm") == hokm_match(6, 3)


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
    if name == "matches/hokm.json":
        match = s.load_match("hokm")
        return None if match is None else match["actions"] - 3
    return len(s.history("hokm")) or None


FILES = {"settings.json": "settings", "profiles.json": "profiles",
         "matches/hokm.json": "match"}
"""The JSON files `fill` writes, and their kind (the history is a database: `HISTORY`)."""
HISTORY = "history.sqlite"


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


@pytest.mark.parametrize("name, how", [
    (name, how) for name in FILES for how in REASONS
    # settings and names with a bad entry keep the rest instead (`test_..._left_out_...`)
    if not (how == "bad_content" and name in ("settings.json", "profiles.json"))])
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


def damage_history(path: Path, how: str) -> None:
    """Spoil the history database: bytes that are no database, cut short, emptied, from a
    newer version, another program's database; or gone, with SQLite's files beside it."""
    good = path.read_bytes()
    if how == "missing":
        for part in (path, *(path.with_name(path.name + side) for side in ("-wal", "-shm"))):
            part.unlink(missing_ok=True)
        return
    if how in ("newer", "foreign"):
        import sqlite3
        db = sqlite3.connect(path)
        db.execute("PRAGMA user_version = 99" if how == "newer" else "DROP TABLE results")
        if how == "foreign":
            db.execute("PRAGMA user_version = 0")
        db.commit()
        db.close()
        return
    path.write_bytes({"garbage": b"\x00\xff\xfe not sqlite at all" * 100,
                      "truncated": good[:len(good) // 2], "empty": b""}[how])


def filled_twice(home: Path) -> None:
    """`fill` version 1 in one run, version 2 in the next: the JSON files' copies, and the
    history's (made as the second run started), hold version 1."""
    for version in (1, 2):
        s = Saves.open()
        fill(s, version)
        s.close()


@pytest.mark.parametrize("how", ["garbage", "truncated", "empty", "newer", "foreign"])
def test_a_bad_history_is_kept_aside_and_its_copy_used(home: Path, how: str) -> None:
    filled_twice(home)
    damage_history(home / HISTORY, how)
    s = Saves.open()
    assert version_seen(s, HISTORY) == 1
    [notice] = s.notices
    reason = {"newer": "newer", "foreign": "foreign"}.get(how, "corrupt")
    assert notice.key == f"scores.{reason}.backup"
    tag = "newer-v99" if how == "newer" else reason
    assert re.fullmatch(rf"history\.sqlite\.{tag}-{STAMP}", notice.path.name)
    assert notice.path.exists() and "previous copy" in notice.message
    fill(s, 2)
    s.close()
    assert version_seen(Saves.open(), HISTORY) == 2


def test_a_history_the_folder_refuses_is_told_and_the_results_kept_for_the_run(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The history cannot be opened (a read-only folder, the database locked past its wait):
    the table starts all the same, says so once, keeps this run's results for its scores and
    records them, in order, once it can."""
    from saves.history import History

    real = History.open

    def refused(path: Path) -> History:
        raise OSError(f"{path.name} cannot be used now (attempt to write a readonly database)")

    monkeypatch.setattr(History, "open", refused)
    s = Saves.open()
    assert [n.key for n in s.notices] == ["scores.write_failed.unsaved"]
    assert s.record_result("tiraje", ["Sara", "Ali"], result([0], [3, 1])) is True
    assert [row["won"] for row in s.stats("tiraje")] == [0, 1] and len(s.history()) == 1
    assert s.record_result("tiraje", ["Sara", "Ali"], result([1], [0, 2])) is True
    assert len(s.notices) == 1  # told once
    monkeypatch.setattr(History, "open", real)  # the folder takes writes again
    s.record_result("tiraje", ["Mina", "Ali"], result([0], [5, 2]))
    s.close()
    assert len(Saves.open().history("tiraje")) == 3


def test_a_start_copies_the_history_only_when_it_changed(home: Path) -> None:
    """Each start copies the history as it finds it (a hundred thousand results are a hundred
    megabytes), unless the copy already holds the same results."""
    s = Saves.open()
    s.record_result("tiraje", ["Sara", "Ali"], result([0], [3, 1]))
    s.close()
    bak = home / "history.sqlite.bak"
    assert not bak.exists()  # nothing was recorded when that start began
    Saves.open().close()
    made = bak.stat().st_mtime_ns
    time.sleep(0.01)
    Saves.open().close()
    assert bak.stat().st_mtime_ns == made, "copied again with nothing new"
    s = Saves.open()
    s.record_result("tiraje", ["Sara", "Ali"], result([1], [0, 2]))
    s.close()
    Saves.open().close()
    assert bak.stat().st_mtime_ns != made


@pytest.mark.parametrize("how", ["truncated", "missing"])
@pytest.mark.parametrize("name", [*FILES, HISTORY])
def test_what_is_recovered_is_written_back_and_found_at_every_start(
        home: Path, name: str, how: str) -> None:
    """A damaged or missing file's copy was used for that run only: the next start found the
    defaults, no names, no match and an empty history, without a word, and two writes later
    the copy itself was gone. What is recovered is now written back at once: three starts
    after the damage find the data, the first says so, and the table writes on from there."""
    filled_twice(home)
    if name == HISTORY:
        damage_history(home / name, how)
    elif how == "missing":
        (home / name).unlink()
    else:
        damage(home / name, how)
    for start in range(3):
        s = Saves.open()
        assert version_seen(s, name) == 1, f"start {start + 1}"
        assert [n.key.split(".")[2] for n in s.notices] == (["backup"] if start == 0 else [])
        s.close()
    s = Saves.open()
    fill(s, 2)
    s.close()
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


def old_scores(home: Path, game_id: str, records: list[dict[str, Any]]) -> Path:
    """A score file of the first format (``scores/<game>.json``, version 1) holding
    ``records``, as the table wrote one before the history was a database."""
    path = home / "scores" / f"{game_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"schema": "cardtable/scores", "version": 1,
                                "saved": "2026-01-01T10:00:00+03:30",
                                "data": {"game": game_id, "matches": records}},
                               ensure_ascii=False), "utf-8")
    return path


def old_record(i: int, match_id: bool = True) -> dict[str, Any]:
    record = {"date": f"2026-01-01T{10 + i // 60:02}:{i % 60:02}:00+03:30",
              "players": ["Sara", "Ali"], "result": result([i % 2], [i, 60 - i], rows=2)}
    return {**record, "match_id": f"old{i}"} if match_id else record


def test_names_and_numbers_no_write_could_keep_are_refused_at_reading(home: Path) -> None:
    """A lone surrogate in a profile, NaN in a record's points, an infinite seed beside a
    match's state: each file goes aside at start, and every later write works (before, the
    file passed its check and the next write raised, losing the change)."""
    s = Saves.open()
    s.add_profile("Ali")
    s.save_match(hokm_match(3, 5))

    def rewrite(name: str, change: Any) -> None:
        doc = json.loads((home / name).read_text("utf-8"))
        change(doc["data"])
        (home / name).write_text(json.dumps(doc), "utf-8")
        (home / (name + ".bak")).unlink(missing_ok=True)

    rewrite("profiles.json", lambda d: d["profiles"].append("Mina\ud800"))
    old_scores(home, "hokm", [old_record(1)])
    rewrite("scores/hokm.json", lambda d: d["matches"][0]["result"]["points"].__setitem__(
        0, float("nan")))
    rewrite("matches/hokm.json", lambda d: d.__setitem__("seed", float("inf")))
    s = Saves.open()
    assert sorted(n.key for n in s.notices) == ["match.corrupt.empty", "profiles.corrupt.empty",
                                               "scores.corrupt.empty"]
    assert s.load_match("hokm") is None and s.profiles == [] and s.history("hokm") == []
    s.add_profile("Sara")
    s.save_match(hokm_match(3, 6))
    s.record_result("hokm", ["Sara", "Ali", "Bot 1", "Bot 2"], hokm_result(2))
    s.close()
    again = Saves.open()
    assert again.notices == [] and again.profiles == ["Sara"]
    assert len(again.history("hokm")) == 1 and again.load_match("hokm") is not None


def test_a_names_file_with_a_bad_name_keeps_the_others(home: Path) -> None:
    s = Saves.open()
    for name in ("Sara", "Ali", "Mina"):
        s.add_profile(name)
    doc = json.loads((home / "profiles.json").read_text("utf-8"))
    doc["data"]["profiles"][1:1] = [42, "sara"]  # not text, and Sara twice
    (home / "profiles.json").write_text(json.dumps(doc), "utf-8")
    s = Saves.open()
    [notice] = s.notices
    assert notice.key == "profiles.partial.kept" and notice.details == ("name.2", "name.3")
    assert s.profiles == ["Sara", "Ali", "Mina"] and Saves.open().profiles == s.profiles


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
    match = hokm_match(4, 10)
    match["state"]["hands"] = "no cards here"
    (home / "matches").mkdir(parents=True)
    (home / "matches" / "hokm.json").write_text(json.dumps(
        {"schema": "cardtable/match", "version": 2, "data": match}), "utf-8")
    s = Saves.open()
    assert s.load_match("hokm") is None and s.matches() == []
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
    (home / "matches").mkdir(parents=True)
    raw = json.dumps({"schema": "cardtable/match", "version": 2, "data": match}).encode()
    (home / "matches" / "hokm.json").write_bytes(raw)
    s = Saves.open()
    assert s.load_match("hokm") is None
    [notice] = s.notices
    assert notice.key == "match.corrupt.empty" and "cannot be restored" in notice.message
    assert re.fullmatch(rf"hokm\.json\.corrupt-{STAMP}", notice.path.name)
    assert notice.path.read_bytes() == raw
    again = Saves.open()
    assert again.load_match("hokm") is None and not again.notices


def test_a_match_the_table_cannot_resume_is_set_aside_as_invalid(home: Path) -> None:
    match = hokm_match(4, 10)
    del match["seats"]
    Saves.open().save_match(match)
    s = Saves.open()
    assert s.load_match("hokm") == match and not s.notices  # the chairs are the table's
    s.reject_match("hokm", "KeyError: 'seats'")
    assert s.load_match("hokm") is None and s.matches() == []
    [notice] = s.notices
    assert notice.key == "match.invalid.empty" and "'seats'" in notice.message
    assert re.fullmatch(rf"hokm\.json\.invalid-{STAMP}", notice.path.name)
    assert json.loads(notice.path.read_text("utf-8"))["data"] == match
    again = Saves.open()
    assert again.load_match("hokm") is None and not again.notices


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
    assert s.load_match("hokm") == hokm_match(5, 3)
    assert Saves.open().load_match("hokm") == hokm_match(5, 1)
    assert not list(home.rglob("~*.tmp"))


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
    assert info["schema_versions"] == {"settings": 2, "profiles": 1, "match": 2, "history": 1}
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


def test_a_bad_old_score_file_is_kept_aside_and_the_history_goes_on(home: Path) -> None:
    s = Saves.open()
    s.record_result("hokm", ["A", "B", "C", "D"], hokm_result(1))
    s.close()
    old_scores(home, "tiraje", [old_record(1)])
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
    assert s.load_match("hokm") is not None and s.profiles == ["Sara"]  # held for this run
    assert [n.key for n in s.notices][1:] == ["match.write_failed.unsaved",
                                             "profiles.write_failed.unsaved"]


def test_the_statistics_kept_are_those_of_every_record(home: Path) -> None:
    """The history keeps each player's statistics as results come (so that the scores open
    without reading every match): they are the ones computed from all the records, in a game
    where the highest points win and in one where the lowest do, names in two seats included."""
    rng = random.Random(5)
    s = Saves.open()
    names = ["Sara", "Ali", "Mina", "Reza"]
    recorded: dict[str, list[dict[str, Any]]] = {"bidel": [], "tiraje": []}
    for i in range(120):
        players = [rng.choice(names) for _ in range(3)]
        points = [rng.randint(0, 50) for _ in range(3)]
        best = min(points) if i % 7 else max(points)  # Bi-Del: the lowest wins, mostly
        for game_id, record in (
                ("bidel", {"players": players, "result": result([points.index(best)], points)}),
                ("tiraje", {"players": players[:2],
                            "result": result([rng.randint(0, 1)], points[:2])})):
            s.record_result(game_id, record["players"], record["result"])
            recorded[game_id].append(record)
    s.close()
    again = Saves.open()
    for game_id, records in recorded.items():
        assert again.stats(game_id) == scores.stats(game_id, records)
    assert again.stats("bidel") != scores.stats("bidel", recorded["bidel"][:-1]), \
        "the last match (the highest won) decides which is the best score"


def test_the_history_of_the_first_format_moves_into_the_database_once(home: Path) -> None:
    """``scores/<game>.json`` (every result rewrote it whole) is read into the database at the
    first start that finds it, each record once (one without an id too), then kept aside;
    starting again, or two starts at once, adds nothing twice."""
    records = [old_record(i, match_id=i % 3 != 0) for i in range(40)]
    path = old_scores(home, "tiraje", records)
    summary = path.with_suffix(".summary")
    summary.write_text("{}")
    s = Saves.open()
    assert not s.notices and len(s.history("tiraje")) == 40
    assert [e["date"] for e in reversed(s.history("tiraje"))] == [r["date"] for r in records]
    assert s.stats("tiraje") == scores.stats("tiraje", records)
    assert not path.exists() and not summary.exists()
    assert [p.name[:len("tiraje.json.migrated-")] for p in path.parent.iterdir()] == [
        "tiraje.json.migrated-"]
    s.close()
    old_scores(home, "tiraje", records)  # found again (put back by hand, a sync tool)
    assert len(Saves.open().history("tiraje")) == 40
