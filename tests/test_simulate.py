"""The simulator and its command line, including bad input."""

from __future__ import annotations

import json

import pytest

import main
from game.simulate import simulate


def test_simulate_prints_one_json_line_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["simulate", "--game", "hokm", "--games", "20", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["game"] == "hokm" and out["games"] == 20
    for key in ("seconds", "games_per_s", "actions_per_s", "wins", "team_wins"):
        assert key in out
    assert sum(out["team_wins"].values()) == 20 and sum(out["wins"]) == 40


def test_same_seed_same_outcome_and_heuristic_beats_random() -> None:
    kinds = ["heuristic", "random", "heuristic", "random"]
    first = simulate("hokm", 120, 1, kinds)
    assert first == simulate("hokm", 120, 1, kinds)
    assert first["team_wins"]["0+2"] > 0.7 * 120


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--game", "nope"], "games: hokm"),
    (["simulate", "--game", "hokm", "--seats", "5"], "2, 3 or 4 seats, not 5"),
    (["simulate", "--game", "hokm", "--bots", "smart"], "kinds: random, heuristic"),
    (["simulate", "--game", "hokm", "--option", "speed=9"], "options: hakem, length, sets"),
    (["simulate", "--game", "hokm", "--option", "sets=9"], "allowed: 1, 2, 3"),
    (["simulate", "--game", "hokm", "--games", "x"], "invalid int"),
])
def test_bad_input_is_one_line_and_status_two(argv: list[str], words: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
