"""Every benchmark script runs each of its modes and prints its figure, on the smallest inputs: a
figure an issue asks for is only worth the script that shows it (`bots.py --ui` broke once when
the table's `bench_ui` learned levels, and nothing noticed)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.cards.french import deck

ROOT = Path(__file__).resolve().parent.parent

RUNS = {
    "strength": (["bots.py", "--game", "hokm", "--pairs", "normal-easy", "--games", "2"],
                 "| hokm | 4 (teams) | normal vs easy | 2 |"),
    "strength in two processes": (["bots.py", "--game", "farib", "--pairs", "normal-random",
                                   "--games", "4", "--jobs", "2"],
                                  "| farib | 4 (teams) | normal vs random | 4 |"),
    "a whole pyramid": (["bots.py", "--game", "taki", "--option", "match=pyramid", "--pairs",
                         "normal-easy", "--games", "1"],
                        "| taki | 4 match=pyramid | normal vs easy | 1 |"),
    "a bot against another version of it": (
        ["bots.py", "--game", "rim", "--pairs", "normal-heuristic", "--bot",
         "heuristic=game/bots/rim.py", "--games", "2", "--jobs", "2"],
        "| rim | 2 | normal vs heuristic | 2 |"),
    "chips a game against the calling player": (
        ["bots.py", "--game", "poker", "--pairs", "normal-calling", "--games", "4"],
        "; chips a game "),
    "frames": (["bots.py", "--ui", "hokm", "--frames", "20", "--level", "normal"], '"p99_ms"'),
    "chips": (["chips.py", "--game", "bistoyek", "--deals", "5"], '"bistoyek"'),
    "judge": (["decisions.py", "--game", "hokm", "--hands", "1", "--rounds", "2"],
              "search wrong"),
    "engine": (["engine.py", "--seconds", "0.05", "--game", "hokm"], '"games_per_s"'),
    "worlds": (["engine.py", "--worlds", "--game", "taki"], '"world_us"'),
    "taki lookahead": (["taki_lookahead.py", "--games", "4", "--worlds", "2", "--others", "plan"],
                       '"won"'),
    "taki lookahead seeing the hands": (["taki_lookahead.py", "--games", "4", "--worlds", "2",
                                         "--see-hands"], '"see_hands": true'),
    "contract share": (["engine.py", "--contract-share", "5", "--game", "hokm"], "checks_pct"),
    "search share": (["engine.py", "--search-share", "1", "--game", "hokm"], "engine_pct"),
    "decision times": (["engine.py", "--decisions", "1", "--game", "tiraje"], "median_ms"),
    "startup": (["startup.py", "--python", "--no-packaged", "--runs", "1"], '"within_target"'),
    "table entry": (["table_entry.py", "--game", "hokm", "--runs", "1", "--setup-frames", "5"],
                    '"median_ms"'),
    "thief person": (["thief_person.py", "--matches", "2", "--seats", "3"], "the person wins"),
    "partners": (["partners.py", "--game", "ghahve", "--iterations", "1", "--seeds", "1"],
                 '"hard_passed"'),
    "hint frames": (["hint_frames.py", "--hints", "1"], '"over_goal"'),
    "checker marks": (["checker.py", "--decisions", "1", "--budget-ms", "30"], '"marks_agree"'),
    "saves": (["saves.py", "--sizes", "50", "--opens", "1", "--records", "2"], '"within_target"'),
    "claim": (["claim.py", "--hands", "2", "--game", "hokm"], '"max_ms"'),
}


@pytest.mark.parametrize("name", RUNS)
def test_the_benchmark_runs_and_prints_its_figure(name: str, tmp_path: Path) -> None:
    args, figure = RUNS[name]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CARD_TABLE_HOME": str(tmp_path)}
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / args[0]), *args[1:]],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    last = run.stdout.strip().splitlines()[-1]
    assert figure in last, run.stdout[-2000:]
    if last.startswith("{"):
        json.loads(last)


def script(name: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """benchmarks/<name>.py, imported as module ``name`` (a script, not a package module)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


def test_the_peer_benchmark_maps_our_cards_to_openspiels_action_ids(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """benchmarks/peer.py plays against OpenSpiel, which CI does not install; its card mapping
    needs none of it: ids are rank * 4 + suit (ranks 2..A, suits C D H S), one per card."""
    peer = script("peer", monkeypatch)
    assert [peer.action_id(c) for c in ("2C", "2D", "2H", "2S", "3C", "QS", "AS")] == \
        [0, 1, 2, 3, 4, 43, 51]
    assert sorted(peer.action_id(c) for c in deck()) == list(range(52))
    assert all(peer.card_of(peer.action_id(c)) == c for c in deck())


def test_the_strength_table_keeps_the_rows_a_run_did_not_measure(tmp_path: Path) -> None:
    """`bots.py --markdown` builds docs/bots.md from runs of different days: a run replaces
    the rows it measures again and keeps the others, each naming the command that made it
    (less ``--json PATH``: where a machine kept a copy is no part of the measure)."""
    page = tmp_path / "bots.md"
    base = [str(ROOT / "benchmarks" / "bots.py"), "--games", "2", "--markdown", str(page)]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for extra in (["--game", "hokm", "--pairs", "normal-easy,normal-random"],
                  ["--game", "farib", "--pairs", "normal-random"],
                  ["--game", "hokm", "--pairs", "normal-random", "--seed", "9",
                   "--json", str(tmp_path / "copy.json")]):
        run = subprocess.run([sys.executable, *base, *extra], capture_output=True, text=True,
                             env=env, cwd=ROOT, timeout=120)
        assert run.returncode == 0, run.stderr[-2000:]
    rows = json.loads((tmp_path / "bots.json").read_text(encoding="utf-8"))
    assert [(r["game"], r["a"], r["b"]) for r in rows] == [
        ("hokm", "normal", "easy"), ("hokm", "normal", "random"), ("farib", "normal", "random")]
    assert "--seed 9" in rows[1]["command"] and "--seed" not in rows[0]["command"]
    assert "--json" not in rows[1]["command"]
    copy = json.loads((tmp_path / "copy.json").read_text(encoding="utf-8"))
    assert [r["command"] for r in copy] == [rows[1]["command"]]
    text = page.read_text(encoding="utf-8")
    assert text.count("| hokm | 4 (teams) | normal vs random | 2 |") == 1
    assert "--seed 9" in text and "--game farib" in text


def test_the_strength_benchmark_plays_a_level_by_the_bot_of_a_file(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``--bot heuristic=FILE``: that level is the ``HeuristicBot`` of FILE (an older version of
    the game's bot; Farib's holds a dataclass, which needs its module registered), the other
    levels the project's; a file without one is refused."""
    strength = script("bots", monkeypatch)
    old = tmp_path / "old_farib.py"
    old.write_text((ROOT / "game" / "bots" / "farib.py").read_text(encoding="utf-8"),
                   encoding="utf-8")
    monkeypatch.setitem(strength.SETTINGS, "bot_files", {"heuristic": str(old)})
    mine = strength.make("heuristic", "farib", 1, 300)
    assert type(mine).__name__ == "HeuristicBot" and type(mine).__module__ != "game.bots.farib"
    assert type(strength.make("normal", "farib", 1, 300)).__module__ == "game.bots.farib"
    r = strength.match("farib", "normal", "heuristic", 2, 1, 300, progress=False)
    assert r["games"] == 2
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="has no HeuristicBot"):
        strength.file_bot(str(empty))


def test_the_strength_benchmark_refuses_a_match_whose_games_ended_unplayed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A StopIteration escaping a game (a bot's ``next`` that found nothing) ends the
    iteration over the games without a word: the match says so instead of reporting the
    games it played as all of them."""
    strength = script("bots", monkeypatch)
    real = strength.play

    def stops_at_the_second(game: object) -> object:
        if game.index == 1:
            raise StopIteration
        return real(game)

    monkeypatch.setattr(strength, "play", stops_at_the_second)
    with pytest.raises(RuntimeError, match="3 of 4 games of hokm ended unplayed"):
        strength.match("hokm", "normal", "random", 4, 1, 300, progress=False)


def test_runs_on_different_deals_pool_into_one_row(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    """``bots.py --pool``: two runs of one measure on different deals are one row, as one run
    of all their deals would be (games added, the interval over deals narrower); runs that
    share deals or measure different things are refused."""
    strength = script("bots", monkeypatch)

    def run(seed: int, games: int, won: float, lo: float, hi: float) -> dict[str, Any]:
        return {"game": "rim", "a": "hard", "b": "normal", "games": games, "seats": 2,
                "teams": False, "share": 0.5, "won": won, "lo": 0.0, "hi": 1.0,
                "deals": games // 2, "paired_lo": lo, "paired_hi": hi, "by_seat": [0.5, 0.5],
                "ms": {"hard": {"n": 10, "median": 298.0, "p99": 301.0},
                       "normal": {"n": 10, "median": 0.1, "p99": 0.2}},
                "rounds": {"n": 10, "median": 40.0, "p99": 90}, "seconds": 1.0,
                "options": {}, "one_seat": False, "date": "2026-11-28",
                "command": f"python benchmarks/bots.py --game rim --seed {seed}"}

    first, second = run(1001, 600, 0.522, 0.488, 0.556), run(1, 400, 0.537, 0.495, 0.579)
    both = strength.pooled([first, second])
    assert (both["games"], both["deals"], both["won"]) == (1000, 500, 0.528)
    assert both["paired_lo"] == 0.502 and both["paired_hi"] == 0.554  # 0.528 ± 1.96 x 0.0135
    assert both["command"].count("--seed") == 2 and "--seed 1001 and" in both["command"]
    with pytest.raises(ValueError, match="different deals"):
        strength.pooled([first, run(1201, 400, 0.5, 0.45, 0.55)])
    with pytest.raises(ValueError, match="same game"):
        strength.pooled([first, {**second, "b": "random"}])
    files = []
    for i, r in enumerate((first, second)):
        files.append(tmp_path / f"run{i}.json")
        files[-1].write_text(json.dumps([r]), encoding="utf-8")
    page = tmp_path / "bots.md"
    assert strength.main(["--pool", *map(str, files), "--markdown", str(page)]) == 0
    assert "| rim | 2 | hard vs normal | 1000 |" in page.read_text(encoding="utf-8")
