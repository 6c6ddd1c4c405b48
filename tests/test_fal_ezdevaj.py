"""Fal-e Ezdevaj (seed 002): the 17 cards, the 4×4 layout left to right, our kind reading."""

from __future__ import annotations

import pytest

from game import registry
from game.bots import make
from game.core import IllegalAction
from game.rules.fal_ezdevaj import CARDS, FalEzdevajState, beside, reading

RULES = registry.get("fal_ezdevaj")


def new(cards: list[str] | None = None, seed: int = 1) -> FalEzdevajState:
    s = RULES.new(1, seed, {"deck": cards} if cards else None)
    assert isinstance(s, FalEzdevajState)
    return s


def test_the_deck_is_the_seeds_seventeen_cards() -> None:
    assert sorted(CARDS) == sorted([r + s for r in "AKQJ" for s in "SHDC"] + ["TD"])
    with pytest.raises(ValueError):
        RULES.new(1, 0, {"deck": list(CARDS) + ["2C"]})


def test_the_layout_is_four_rows_left_to_right_face_down() -> None:
    cards = list(CARDS)
    s = new(cards)
    s.apply(0, "next")
    rows = {z["id"]: z for z in s.observation(0)["zones"]}
    assert [RULES.new(1, 1, {"deck": cards}).deck[i] for i in range(16)] == s.grid
    assert s.grid == cards[:16] and s.deck == cards[16:]
    assert rows["row:0"]["cards"] == [None] * 4
    s.apply(0, "next")
    rows = {z["id"]: z for z in s.observation(0)["zones"]}
    assert rows["row:0"]["cards"] == [cards[0], None, None, None]
    with pytest.raises(IllegalAction):
        s.apply(0, "name x")


def test_turning_every_card_gives_the_reading() -> None:
    s = new(seed=3)
    bot = make("heuristic", "fal_ezdevaj", 1)
    steps = 0
    while not s.is_over():
        s.apply(0, bot.act(s, 0))
        steps += 1
    assert steps == 18
    obs = s.observation(0)
    assert all(c is not None for z in obs["zones"] for c in z["cards"])
    assert obs["reading"] == s.result()["reading"]


def test_our_reading() -> None:
    grid = ["AS", "KS", "QS", "JS",
            "AH", "TD", "QH", "JH",
            "AD", "KD", "QD", "JD",
            "AC", "KC", "QC", "JC"]
    assert reading(grid, "KH") == {"ring": 6, "when": "row2", "beside": ["K", "A", "Q"]}
    corner = ["TD"] + grid[1:5] + ["KH"] + grid[6:]
    assert reading(corner, "AS")["beside"] == ["K", "A"]
    assert reading([c if c != "TD" else "KH" for c in grid], "TD") == {
        "ring": 0, "when": "hand", "beside": []}


def test_the_places_beside_a_place() -> None:
    assert beside(5) == [("above", 1), ("left", 4), ("right", 6), ("below", 9)]
    assert beside(0) == [("right", 1), ("below", 4)]
    assert beside(15) == [("above", 11), ("left", 14)]


def test_sample_state_keeps_the_turned_cards() -> None:
    s = new(seed=5)
    for _ in range(6):
        s.apply(0, "next")
    obs = s.observation(0)
    sample = RULES.sample_state(obs, 2)
    assert sample.grid[:5] == s.grid[:5] and sample.observation(0) == obs
