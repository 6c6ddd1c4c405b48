"""Shaitan (seed 002): the deal lays pairs, blind draws, draw again on a pair, the joker loses."""

from __future__ import annotations

import pytest

from game import registry
from game.bots import make
from game.core import IllegalAction
from game.rules.shaitan import CARDS, JOKER

RULES = registry.get("shaitan")


def stacked(top: list[str]) -> list[str]:
    rest = [c for c in CARDS if c not in top]
    return top + rest


def test_deal_lays_pairs_publicly_and_hands_hold_one_of_each_rank() -> None:
    s = RULES.new(3, 1)
    pairs = [e for e in s.opening if e.kind == "pair"]
    assert all(e.to is None for e in pairs)
    for h in s.hands:
        ranks = [c[0] for c in h if c != JOKER]
        assert len(ranks) == len(set(ranks))
    assert sum(len(h) for h in s.hands) + len(s.pairs) == 53


def test_draw_names_a_position_in_the_neighbours_hand() -> None:
    s = RULES.new(3, 2)
    seat = s.to_act()[0]
    src = s.source()
    assert [str(a) for a in s.legal_actions(seat)] == [
        f"draw {i}" for i in range(len(s.hands[src]))]
    assert src == (seat + 1) % 3 or not s.hands[(seat + 1) % 3]


def test_a_pair_draws_again_and_a_miss_ends_the_turn() -> None:
    s = RULES.new(3, 0)
    s.hands = [["KS", "2H"], ["KD", "3C", JOKER], ["2C", "3D", "4S"]]
    s.pairs = [c for c in CARDS if c not in {c for h in s.hands for c in h}]
    s.turn = 0
    s.apply(0, "draw 0")  # KD pairs with KS
    assert "KD" in s.pairs and "KS" in s.pairs and s.to_act() == [0]
    s.apply(0, "draw 0")  # 3C: no pair
    assert "3C" in s.hands[0] and s.to_act() == [1]
    assert s.observation(1)["known"] == {"3C": 0}


def test_the_seat_left_with_the_joker_loses() -> None:
    s = RULES.new(3, 0)
    s.hands = [["KS"], [JOKER, "KD"], []]
    s.pairs = [c for c in CARDS if c not in {"KS", "KD", JOKER}]
    s.out = [2]
    s.turn = 0
    s.apply(0, "draw 1")  # KD pairs: seat 0 is out; seat 1 holds the joker alone
    assert s.is_over()
    r = s.result()
    assert r["winners"] == [0, 2] and r["points"] == [0, -1, 0]


def test_refusals_change_nothing() -> None:
    s = RULES.new(4, 5)
    seat = s.to_act()[0]
    before = s.to_dict()
    too_far = len(s.hands[s.source()])
    with pytest.raises(IllegalAction, match="holds only"):
        s.apply(seat, f"draw {too_far}")
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply((seat + 1) % 4, "draw 0")
    with pytest.raises(IllegalAction, match="not a Shaitan action"):
        s.apply(seat, "shuffle")
    assert s.to_dict() == before


def test_stacked_deck_deals_in_order() -> None:
    s = RULES.new(3, 0, {"deck": stacked(["AS", "2S", "3S", "AH"])})
    # seat 0 got AS and AH: a pair laid at once
    assert "AS" in s.pairs and "AH" in s.pairs


def test_sample_state_keeps_known_cards_with_their_holder() -> None:
    s = RULES.new(4, 3)
    for _ in range(6):
        if s.is_over():
            break
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    for seat in range(4):
        obs = s.observation(seat)
        for k in range(5):
            sample = RULES.sample_state(obs, k)
            assert sample.observation(seat) == obs
            for card, holder in obs["known"].items():
                assert card in sample.hands[holder]


def test_sample_state_refuses_a_spectators_view() -> None:
    """A spectator holds no hand: there is no hand to deal the unseen cards around."""
    with pytest.raises(ValueError, match="spectator"):
        RULES.sample_state(RULES.new(3, 1).observation(None), 0)


def test_bot_plays_whole_games() -> None:
    for seed in range(5):
        s = RULES.new(5, seed)
        bots = [make("heuristic", "shaitan", seed + i) for i in range(5)]
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, bots[seat].act(s, seat))
        assert len(s.result()["winners"]) == 4


def test_a_seat_that_pairs_out_at_the_deal_is_safe_and_the_table_is_told() -> None:
    """Seat 0 dealt nothing but pairs lays them all down at once: it is out, safe, and the
    opening says so (as it would after a draw)."""
    pairs = [f"{rank}{suit}" for rank in "23456789T" for suit in "SH"]
    rest = [c for c in CARDS if c not in pairs]
    deck = []
    for i in range(len(CARDS)):  # dealt round the table from seat 0: every third card is its
        deck.append(pairs.pop() if i % 3 == 0 and pairs else rest.pop())
    s = RULES.new(3, 0, {"deck": deck})
    assert s.hands[0] == [] and 0 in s.out
    assert [(e.kind, e.seat) for e in s.opening if e.kind == "safe"] == [("safe", 0)]
