"""game.tricks: the trick rules the trick games share, on hand-made tricks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.cards.french import SUITS, deck
from game import registry
from game.tricks import (best_card, fails_to_follow, follow_suit, hidden_deals, hidden_hands,
                         honour_voids, played, power_table, power_tables, round_the_table,
                         seat_hands, seat_of, shown_voids, trick_leader, trick_winner,
                         unseen_cards)

PLAIN = power_tables(deck(), [*SUITS, None], SUITS)


def winner(cards: list[str], leader: int, trump: str | None, seats: int = 4) -> int:
    return trick_winner(cards, leader, seats, PLAIN[trump, cards[0][1]])


def test_without_trump_the_highest_of_the_led_suit_wins() -> None:
    assert winner(["5H", "KH", "AS", "2H"], 0, None) == 1
    assert winner(["5H", "AS", "AC", "6H"], 1, None) == 0  # off-suit aces never win: seat 1+3
    assert best_card(["9D", "TD", "AC"], PLAIN[None, "D"]) == 1


def test_with_trump_the_highest_trump_wins_from_any_leader() -> None:
    assert winner(["5H", "KH", "2D", "AH"], 0, "D") == 2  # the lone trump
    assert winner(["5H", "3D", "4D", "AH"], 2, "D") == 0  # the higher trump, seat (2 + 2) % 4
    assert winner(["5H", "KH", "AS", "2H"], 0, "D") == 1  # no trump played: the led suit
    assert winner(["2D", "AS", "3D"], 1, "D", seats=3) == 0  # trump led: highest trump, 3 seats


def test_a_game_suit_and_rank_move_cards_between_suits() -> None:
    # Ghahve-like: jokers count as the top spades, spades trump
    def suit(card: str, trump: str | None = None) -> str:
        return "S" if card[0] == "X" else card[1]

    def rank(card: str, trump: str | None = None) -> int:
        return {"XR": 16, "XB": 15}.get(card) or {"A": 14, "K": 13, "5": 5, "2": 2}[card[0]]

    table = power_table(["5H", "KH", "AS", "XB", "XR", "2S"], "S", "H", suit, rank)
    assert best_card(["5H", "KH", "AS", "XB"], table) == 3
    assert best_card(["XB", "KH", "XR", "AS"], table) == 2
    assert table["5H"] < table["KH"] < table["2S"] < table["AS"] < table["XB"] < table["XR"]


def test_follow_suit_keeps_the_led_suit_or_frees_the_hand() -> None:
    hand = ["AS", "5H", "KH", "2C"]
    assert follow_suit(hand, "H") == ["5H", "KH"]
    assert follow_suit(hand, "D") == hand and follow_suit(hand, "D") is not hand
    assert follow_suit(["XR", "5H", "AS"], "H", wild="X") == ["XR", "5H"]
    assert follow_suit(["XR", "AS"], "H", wild="X") == ["XR", "AS"]  # only a joker: free


def test_fails_to_follow() -> None:
    hand = ["AS", "5H", "2C"]
    assert fails_to_follow("AS", hand, "H")
    assert not fails_to_follow("5H", hand, "H")
    assert not fails_to_follow("AS", hand, "D")  # void in diamonds: anything goes
    assert not fails_to_follow("XB", ["XB", "5H"], "H", wild="X")
    assert not fails_to_follow("AS", ["AS", "XR"], "H", wild="X")  # a joker does not oblige


def test_voids_read_from_the_history() -> None:
    history = [(0, ["5H", "KH", "AS", "2H"]), (1, ["3C", "4C", "TD"])]  # the second in play
    voids = shown_voids(round_the_table(history, 4), 4)
    assert voids == [set(), set(), {"H"}, {"C"}]
    # a card with no seat beside it is not read (Shelem's pile plays)
    assert shown_voids([([0, 1], ["5H", "KH", "AS", "2C"])], 4) == [set(), set(), set(), set()]
    # a wild card never shows a void
    assert shown_voids([([0, 1], ["5H", "XR"])], 2, wild="X") == [set(), set()]


def test_the_redeal_honours_voids_and_fills_every_hidden_place() -> None:
    zones: dict[str, dict[str, Any]] = {"hand:0": {"cards": ["AS", "KS"]},
                                        "hand:1": {"cards": [None, None]},
                                        "hand:2": {"cards": [None, None]}, "deck": {"cards": []}}
    unseen = unseen_cards(["AS", "KS", "5H", "6H", "7C", "8C", "9D"], zones.values(), [["9D"]])
    assert unseen == {"5H", "6H", "7C", "8C"}
    capacity = {"deck": 0, **hidden_hands(zones, 0, 3)}
    assert list(capacity) == ["deck", "hand:1", "hand:2"]
    voids = [set(), {"H"}, set()]
    allowed = honour_voids(voids)
    assert not allowed("hand:1", "5H") and allowed("deck", "5H") and allowed("hand:2", "5H")
    deals = hidden_deals(unseen, capacity, allowed)
    assert deals.count() == 1
    for seed in range(20):
        dealt = deals.draw(random.Random(seed))
        assert sorted(dealt["hand:1"]) == ["7C", "8C"]
        hands = seat_hands(dealt, zones, 0, 3)
        assert hands[0] == ["AS", "KS"] and sorted(hands[2]) == ["5H", "6H"]
    assert [*deals.every()] == [deals.draw(random.Random(7))]
    with pytest.raises(ValueError):
        hidden_deals(unseen, capacity, honour_voids([set(), {"H", "C"}, set()]))


def test_tricks_read_from_json_pairs_and_refused_in_another_shape() -> None:
    """`played` reads [leader, cards] pairs (a save's or an observation's) into new lists and
    refuses anything else with ValueError (a save is untrusted)."""
    cards = ["AS", "KS"]
    tricks = played([[1, cards]])
    assert tricks == [(1, ["AS", "KS"])] and tricks[0][1] is not cards
    for bad in ([["1", cards]], [[True, cards]], [[1, "AS KS"]], [[1]], [[1, cards, 2]]):
        with pytest.raises(ValueError, match="leader, cards"):
            played(bad)


def test_a_redeal_reads_a_seats_observation_not_the_spectators() -> None:
    state = registry.get("hokm").new(4, 0)
    seat = state.to_act()[0]
    obs = state.observation(seat)
    assert seat_of(obs) == seat and trick_leader(obs) == state.leader
    with pytest.raises(ValueError, match="spectator"):
        seat_of(state.observation(None))
    with pytest.raises(ValueError, match="leader"):
        trick_leader({**obs, "leader": None})
