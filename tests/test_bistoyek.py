"""Bist-o-Yek (seed 002): the seed's 17 against 17, the bank, stakes, the shown card, bad input."""

from __future__ import annotations

import json
import random
from typing import Any

from game import registry
from game.bots import make
from game.core import fill, on_top
from game.rules.bistoyek import CARDS, hand_value
from net.protocol import event_json, read_event
from tests.refusals import refused
from tests.test_invariants import concrete
from tests.test_shapes import events_as_declared

RULES = registry.get("bistoyek")


def game(top: list[str], seats: int = 2, **options: Any) -> Any:
    return RULES.new(seats, 1, {"deck": on_top(top, CARDS), **options})


def test_values_follow_the_seed() -> None:
    assert hand_value(["JS", "QS", "KS", "AS"]) == 2 + 3 + 4 + 1
    assert hand_value(["AS", "AH"]) == 21
    assert hand_value(["AS", "AH", "9D"]) == 11
    assert hand_value(["TS", "9S", "6S"]) == 25
    assert hand_value(["AS", "9H"], ace11=True) == 20
    assert hand_value(["AS", "9H", "6D"], ace11=True) == 16
    assert len(CARDS) == 36 and not any(c[0] in "2345" for c in CARDS)


def test_seed_example_seventeen_against_seventeen_the_banker_wins() -> None:
    # Banker (seat 0) gives himself a card, then his right-hand neighbour a 10; the neighbour
    # stakes 200, draws a 7 and stands on 17; the banker draws 9 then 8: 17, and wins the tie.
    s = game(["9S", "TS", "7S", "8S"], deals=1)
    assert s.to_act() == [0] and s.phase == "bank"
    s.apply(0, "bank")
    assert s.chipset.bank == 1000 and s.chipset.purses == [4000, 5000]
    assert s.hands == [["9S"], ["TS"]] and s.to_act() == [1]
    assert [str(a) for a in s.legal_actions(1)] == ["stake #50-1000/50"]
    s.apply(1, "stake 200")
    s.apply(1, "hit")
    assert s.hands[1] == ["TS", "7S"] and s.value(1) == 17
    s.apply(1, "stand")
    assert s.to_act() == [0] and s.phase == "banker"
    s.apply(0, "hit")
    assert s.hands[0] == ["9S", "8S"] and s.value(0) == 17
    s.apply(0, "stand")
    assert s.is_over()
    assert s.result()["sheet"]["rows"] == [[1, 0, [200, -200], [5200, 4800]]]
    assert s.result()["winners"] == [0] and s.result()["points"] == [200, -200]


def test_a_card_drawn_counts_the_hand_and_the_showdown_lists_every_hand_by_seat() -> None:
    """``hit`` says how many cards the hand ``holds``; ``showdown`` gives each seat's hand at
    its place in a list (a seat that sat the deal out with its card too), as a joined table
    reads it."""
    s = game(["9S", "TS", "7S", "8S", "6S"], seats=3, deals=1, purse=1000)
    s.apply(0, "bank")  # all of seat 0's purse: seat 1 may stake it all, seat 2 then sits out
    s.apply(1, "stake 1000")
    assert [e.data for e in s.apply(1, "hit") if e.kind == "hit"] == [{"holds": 2}]
    s.apply(1, "stand")
    assert s.status == ["", "stood", "skip"]
    s.apply(0, "hit")
    show = next(e for e in s.apply(0, "stand") if e.kind == "showdown")
    assert show.data == {"hands": [["9S", "6S"], ["TS", "8S"], ["7S"]], "banker": 15}
    assert read_event(json.loads(json.dumps(event_json(show))), 3, "bistoyek").data == show.data


def test_a_match_with_side_bets_makes_only_declared_events() -> None:
    """Side bets, off by default (so not in the random matches of tests/test_shapes.py), add
    ``back`` and ``pass``: every event of such matches holds to its declared shape."""
    for seed in range(3):
        s = RULES.new(4, seed, {"side_bets": True, "bank_on": 2})
        events = list(s.opening)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            events += s.apply(seat, concrete(s, seat, rng.choice(s.legal_actions(seat)), rng))
        events_as_declared("bistoyek", events)
        assert {"back", "pass"} <= {e.kind for e in events}


def test_a_player_beats_a_burnt_banker_and_takes_his_stake_from_the_bank() -> None:
    s = game(["9S", "TS", "7S", "8S", "6S"], deals=1)
    s.apply(0, "bank")
    s.apply(1, "stake 300")
    s.apply(1, "hit")
    s.apply(1, "stand")
    s.apply(0, "hit")
    s.apply(0, "hit")  # 9 + 8 + 6 = 23: burnt
    assert s.is_over()
    assert s.result()["points"] == [-300, 300]


def test_a_burnt_seat_shows_its_cards_and_loses_its_stake_at_once() -> None:
    s = game(["9S", "TS", "6H", "9H", "7S"], seats=3)
    s.apply(0, "bank")
    s.apply(1, "stake 100")
    s.apply(1, "hit")  # 10 + 9 = 19
    s.apply(1, "hit")  # ... + 7: burnt
    assert s.status[1] == "burnt" and all(s.shown[1])
    assert s.chipset.bank == 1100 and s.chipset.stakes[1] == 0
    assert s.observation(2)["values"][1] == 26
    assert s.to_act() == [2]


def test_from_the_third_card_a_seat_shows_one_to_draw() -> None:
    s = game(["9S", "6S", "JS", "QS", "KS", "AS"])
    s.apply(0, "bank")
    s.apply(1, "stake 50")
    s.apply(1, "hit")
    s.apply(1, "hit")  # 6 + 2 + 3 = 11, three cards
    assert sorted(str(a) for a in s.legal_actions(1)) == ["hit 6S", "hit JS", "hit QS", "stand"]
    refused(s, 1, "hit", "show_one")
    refused(s, 1, "hit 9H", "not_held")
    s.apply(1, "hit JS")
    assert s.shown[1] == [False, True, False, False]
    assert s.observation(0)["zones"][1]["cards"] == [None, "JS", None, None]
    refused(s, 1, "hit JS", "already_shown")
    assert "hit JS" not in [str(a) for a in s.legal_actions(1)]


def test_stakes_are_bounded_by_minimum_purse_and_the_uncovered_bank() -> None:
    s = game(["9S", "TS", "6S"], seats=3, purse=1000)
    s.apply(0, "bank")  # the whole purse: 1000
    refused(s, 1, "stake 20", "below_minimum")
    refused(s, 1, "stake 1050", "over_purse")
    refused(s, 1, "stake 75", "steps")
    s.apply(1, "stake 800")
    s.apply(1, "stand")
    assert [str(a) for a in s.legal_actions(2)] == ["stake #50-200/50"]
    refused(s, 2, "stake 250", "over_bank")
    assert s.observation(2)["limit"] == {"min": 50, "half": 200, "all": 200}


def test_asking_for_a_card_after_standing_is_refused() -> None:
    s = game(["9S", "TS", "6S", "7S"], seats=3)
    s.apply(0, "bank")
    s.apply(1, "stake 100")
    s.apply(1, "stand")
    refused(s, 1, "hit", "turn")
    refused(s, 2, "hit")  # must stake first


def test_the_banker_may_change_his_first_card_once_before_drawing() -> None:
    s = game(["6S", "TS", "9H", "KD"])
    s.apply(0, "bank")
    s.apply(1, "stake 100")
    s.apply(1, "stand")
    assert "change" in [str(a) for a in s.legal_actions(0)]
    s.apply(0, "change")
    assert s.hands[0] == ["9H"] and s.discard[-1] == "6S"
    assert "change" not in [str(a) for a in s.legal_actions(0)]
    refused(s, 0, "change", "changed")


def test_refusing_the_bank_passes_it_on_and_the_last_may_not_refuse() -> None:
    s = RULES.new(3, 5)
    s.apply(0, "refuse")
    assert s.to_act() == [1]
    s.apply(1, "refuse")
    assert s.to_act() == [2] and [str(a) for a in s.legal_actions(2)] == ["bank"]
    refused(s, 2, "refuse", "must_bank")
    s.apply(2, "bank")
    assert s.chipset.owner == 2 and s.turn == 0  # seat 0 is on the banker's right


def test_the_bank_is_on_announced_then_taken_home_after_the_deal() -> None:
    s = game(["9S", "TS", "9H", "6S"], bank=100, minimum=50)
    s.apply(0, "bank")
    s.chipset.bank = 300  # as if seats had lost 200 to it
    s.chipset.purses[1] -= 200
    s.bank_start = 100
    # Finish this deal; the next deal may be announced.
    s.apply(1, "stake 50")
    s.apply(1, "hit")
    s.apply(1, "hit")  # 10 + 9 + 6: burnt
    assert s.phase == "deal" and s.to_act() == [0]
    assert [str(a) for a in s.legal_actions(0)] == ["deal", "announce"]
    assert all(s.shown[1]) and s.hands[1]  # the last hands lie face up until the deal
    assert s.observation(1)["bank_on"] == 300
    s.apply(0, "announce")
    assert s.announced
    seat = s.to_act()[0]
    s.apply(seat, fill(s.legal_actions(seat)[0], (), 50))
    while s.phase in ("draw", "banker"):
        s.apply(s.to_act()[0], "stand")
    assert s.chipset.owner is None or s.chipset.owner == 1
    collects = s.chipset.ledger
    assert len(collects) == 2 and s.offer == 1


def test_side_bets_win_and_lose_with_the_hand_they_back() -> None:
    s = game(["9S", "TS", "6H", "7S", "8S"], seats=3, side_bets=True, deals=1)
    s.apply(0, "bank")
    s.apply(1, "stake 200")
    assert s.phase == "side" and s.to_act() == [2]
    s.apply(2, "back 100")
    s.apply(1, "hit")
    s.apply(1, "stand")  # 17
    s.apply(2, "stake 50")
    assert s.to_act() == [1]  # seat 1 may back seat 2's hand in turn
    s.apply(1, "pass")
    s.apply(2, "stand")  # 6
    s.apply(0, "hit")
    s.apply(0, "stand")  # 9 + 8 = 17: the banker wins both, and the side bet
    assert s.result()["points"] == [350, -200, -150]


def test_every_bad_input_is_refused_with_chips_unchanged() -> None:
    s = game(["9S", "TS", "6S", "7S"])
    refused(s, 1, "bank", "turn")
    refused(s, 0, "stake 100")
    refused(s, 0, "xyzzy")
    s.apply(0, "bank")
    refused(s, 1, "stake -50")
    refused(s, 1, "stake #50-1000/50", "unfilled")
    refused(s, 1, "hit")
    refused(s, 0, "stand", "turn")


def test_sample_state_keeps_unburnt_hands_under_22() -> None:
    s = game(["9S", "TS", "TH", "JS"], seats=3)
    s.apply(0, "bank")
    s.apply(1, "stake 100")
    s.apply(1, "hit")
    s.apply(1, "stand")  # 20, unseen by seat 2
    obs = s.observation(2)
    for seed in range(40):
        sample = RULES.sample_state(obs, seed)
        assert sample.observation(2) == obs
        assert hand_value(sample.hands[1]) <= 21


def test_chips_are_conserved_and_a_match_ends() -> None:
    for seats in (2, 4, 10):
        s = RULES.new(seats, seats)
        total = s.chips()
        rng = random.Random(seats)
        players = [make("heuristic" if k % 2 else "random", "bistoyek", k) for k in range(seats)]
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, players[seat].act(s, seat))
            assert s.chips() == total
        assert sum(s.result()["chips"]) == total and rng


def test_the_bot_stakes_more_on_a_ten_and_stands_at_17() -> None:
    bot = make("heuristic", "bistoyek", 0)
    s = game(["9S", "TS"])
    s.apply(0, "bank")
    action = bot.act(s, 1)
    assert action.verb == "stake" and int(action.arg) > 50
    s.apply(1, action)
    s.hands[1] = ["TS", "7S"]
    s.shown[1] = [False, False]
    assert str(bot.act(s, 1)) == "stand"


def test_a_beginner_stops_a_card_early_or_late_and_stakes_by_hope() -> None:
    """The easy level's mistakes (`HeuristicBot.slip`): on 17 it may draw, on 15 it may stand,
    and it stakes high on a weak first card; far from the bot's limit it never slips."""
    bot = make("heuristic", "bistoyek", 0)
    s = game(["9S", "7S"])
    s.apply(0, "bank")
    stake = bot.act(s, 1)
    assert stake.verb == "stake" and int(stake.arg) == 50
    weak = bot.slip(s.observation(1), s.legal_actions(1), stake)
    assert weak is not None and int(weak.arg) > 50
    s.apply(1, stake)
    for hand, normal, beginner in ((["TS", "7S"], "stand", "hit"), (["8S", "7S"], "hit", "stand"),
                                  (["TS", "9S"], "stand", None), (["6S", "JS"], "hit", None)):
        s.hands[1] = hand
        s.shown[1] = [False, False]
        obs, legal = s.observation(1), s.legal_actions(1)
        favourite = bot.choose(obs, legal)
        slip = bot.slip(obs, legal, favourite)
        assert str(favourite) == normal and (slip and str(slip)) == beginner, hand
