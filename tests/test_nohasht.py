"""9-8 (seed 002): the seed's five hands, payouts, ties, side pots, the pack, bad input."""

from __future__ import annotations

import json
from typing import Any

from game import registry
from game.bots import make
from game.core import on_top
from game.rules.nohasht import ONE, worth
from net.protocol import event_json, read_event
from tests.refusals import refused

RULES = registry.get("nohasht")


def dealt(hands: list[list[str]], dealer: int = 0) -> list[str]:
    """The top of a pack that deals ``hands`` (one per seat), one card at a time from the
    dealer's right round to the dealer."""
    n = len(hands)
    order = [(dealer + k) % n for k in range(1, n + 1)]
    return [hands[s][r] for r in range(3) for s in order]


def game(hands: list[list[str]], **options: Any) -> Any:
    top = dealt(hands)
    return RULES.new(len(hands), 1, {"deck": on_top(top, ONE), "side_pots": False, **options})


def test_worth_is_the_total_modulo_ten_faces_nothing() -> None:
    assert worth(["5S", "6S", "QS"]) == 1
    assert worth(["KS", "QH", "JD"]) == 0
    assert worth(["KS", "QH", "JD"], faces9=True) == 9
    assert worth(["TS", "TH", "TD"], faces9=True) == 0


def test_seed_five_hands_mohammad_wins_200_from_everyone() -> None:
    # Amin deals (seat 0); from his right: Mina 6 8 7 (21: 1; the seed's "22" is a slip),
    # Hamed 8 9 9 (6), Hamid 6 8 K (4), Mohammad 4 5 10 (9), Amin 5 6 Q (1).
    amin, mina, hamed, hamid, mohammad = (["5S", "6S", "QS"], ["6H", "8H", "7H"],
                                          ["8D", "9D", "9C"], ["6C", "8C", "KC"],
                                          ["4S", "5H", "TD"])
    s = game([amin, mina, hamed, hamid, mohammad], deals=1)
    assert s.to_act() == [0] and [str(a) for a in s.legal_actions(0)] == ["deal"]
    s.apply(0, "deal")
    assert s.hands == [amin, mina, hamed, hamid, mohammad]
    assert s.observation(None)["values"] == [1, 1, 6, 4, 9]
    assert s.winners == [4] and s.payout == 200
    assert s.is_over()
    assert s.result()["points"] == [-200, -200, -200, -200, 800]
    assert s.result()["sheet"]["rows"][0][2] == [-200, -200, -200, -200, 800]


def test_eight_and_lower_winners_take_their_payouts() -> None:
    s = game([["8S", "KS", "QS"], ["2S", "3S", "AS"], ["4H", "KH", "QH"]], deals=1)
    s.apply(0, "deal")
    assert s.result()["points"] == [200, -100, -100]
    s = game([["7S", "KS", "QS"], ["2S", "3S", "AS"], ["4H", "KH", "QH"]], deals=1,
             pay_low=70)
    s.apply(0, "deal")
    assert s.result()["points"] == [140, -70, -70]


def test_ties_split_and_odd_chips_go_from_the_dealers_right() -> None:
    hands = [["9S", "KS", "QS"], ["4S", "5S", "KD"], ["2H", "3H", "KH"], ["AS", "2D", "3D"]]
    s = game(hands, deals=1, pay9=30)  # seats 0 and 1 have 9; seats 2 and 3 pay 30 each
    s.apply(0, "deal")
    assert s.winners == [1, 0]
    assert s.result()["points"] == [30, 30, -30, -30]
    s = game(hands[:3], deals=1, pay9=30)  # one payer: 30 split 15 and 15
    s.apply(0, "deal")
    assert s.result()["points"] == [15, 15, -30]
    s = game(hands[:3], deals=1, pay9=10, purse=500)
    s.apply(0, "deal")
    assert s.result()["points"] == [5, 5, -10]


def test_optional_rules_three_threes_double_and_three_faces_are_nine() -> None:
    s = game([["3S", "3H", "3D"], ["2S", "3C", "AS"]], deals=1, triple3=True)
    s.apply(0, "deal")
    assert s.result()["points"] == [400, -400]
    s = game([["3S", "3H", "3D"], ["2S", "3C", "AS"]], deals=1)
    s.apply(0, "deal")
    assert s.result()["points"] == [200, -200]
    s = game([["KS", "QH", "JD"], ["8S", "KC", "QC"]], deals=1, faces9=True)
    s.apply(0, "deal")
    assert s.result()["points"] == [200, -200]


def test_a_seat_that_cannot_pay_in_full_pays_what_it_has_and_is_out() -> None:
    s = game([["9S", "KS", "QS"], ["2S", "3S", "AS"], ["4H", "KH", "QH"]], purse=500,
             pay9=500)
    s.apply(0, "deal")
    assert s.chipset.purses == [1500, 0, 0]
    assert s.is_over() and s.result()["winners"] == [0]


def test_side_pot_opened_joined_and_won_among_its_seats() -> None:
    hands = [["9S", "KS", "QS"], ["2S", "3S", "AS"], ["4H", "KH", "QH"], ["7S", "KD", "QD"]]
    s = RULES.new(4, 1, {"deck": on_top(dealt(hands), ONE), "deals": 1})
    assert s.phase == "pot" and s.to_act() == [1]  # asked from the dealer's right
    refused(s, 1, "join", "no_pot_open")
    refused(s, 1, "open 20", "below_minimum")
    refused(s, 1, "open 9000", "over_purse")
    s.apply(1, "open 500")
    refused(s, 2, "open 100", "pot_open")
    assert [str(a) for a in s.legal_actions(2)] == ["join", "pass"]
    s.apply(2, "join")
    s.apply(3, "join")
    s.apply(0, "pass")
    assert s.chipset.stakes == [0, 500, 500, 500] and s.phase == "deal"
    s.apply(0, "deal")
    # Seat 0 wins the main payout with 9 (200 from each); seat 3 (7) wins the pot of 1500.
    assert s.result()["points"] == [600, -200 - 500, -200 - 500, -200 + 1000]


def test_a_pot_nobody_joins_is_taken_back() -> None:
    s = RULES.new(3, 2, {"deals": 1})
    s.apply(1, "open 100")
    s.apply(2, "pass")
    s.apply(0, "pass")
    assert s.chipset.stakes == [0, 0, 0] and s.pot is None and s.phase == "deal"


def test_the_dealer_keeps_the_pack_until_it_cannot_serve_a_round() -> None:
    s = RULES.new(5, 3, {"side_pots": False})
    for deal in range(3):  # 52 cards, 15 a deal: three deals, seven left over
        assert s.dealer == 0
        s.apply(0, "deal")
        if deal < 2:  # the hands lie face up until the next deal
            hands = [z for z in s.observation(None)["zones"] if z["kind"] == "hand"]
            assert all(len(z["cards"]) == 3 and None not in z["cards"] for z in hands)
    assert len(s.chipset.ledger) == 3 and s.discard == []  # a fresh pack, nothing aside
    assert s.dealer == 1 and len(s.stock) == 52 and s.to_act() == [1]


def test_the_match_ends_when_the_deal_has_gone_round() -> None:
    s = RULES.new(2, 4, {"side_pots": False})
    deals = 0
    while not s.is_over():
        s.apply(s.to_act()[0], "deal")
        deals += 1
    assert s.passes == 2 or min(s.chipset.purses) == 0
    assert len(s.result()["sheet"]["rows"]) == deals


def test_bad_input_is_refused_with_chips_unchanged() -> None:
    s = RULES.new(3, 5)
    refused(s, 0, "open 100", "turn")
    refused(s, 1, "deal")
    refused(s, 1, "open -5")
    refused(s, 1, "open 75", "steps")
    refused(s, 1, "open #50-5000/50", "unfilled")


def test_the_bot_stays_out_of_pots_and_deals() -> None:
    s = RULES.new(4, 1)
    bot = make("heuristic", "nohasht", 1)
    total = s.chips()
    while not s.is_over():
        seat = s.to_act()[0]
        action = bot.act(s, seat)
        assert action.verb in ("deal", "pass")
        s.apply(seat, action)
        assert s.chips() == total


def test_seed_side_pot_the_dealer_opens_500_hamed_and_mina_join_hamed_takes_1500() -> None:
    """Seed 002: Amin (the dealer) says "I bet 500", Hamed and Mina say they are in: 1,500,
    and the highest hand of the three takes it. The dealer is asked last, so those asked
    before him are asked again once he opens."""
    amin, mina, hamed, hamid, mohammad = (["5S", "6S", "QS"], ["6H", "8H", "7H"],
                                          ["8D", "9D", "9C"], ["6C", "8C", "KC"],
                                          ["4S", "5H", "TD"])
    hands = [amin, mina, hamed, hamid, mohammad]
    s = RULES.new(5, 1, {"deck": on_top(dealt(hands), ONE), "deals": 1})
    for seat in (1, 2, 3, 4):
        assert s.to_act() == [seat]
        s.apply(seat, "pass")
    assert s.to_act() == [0]
    s.apply(0, "open 500")
    assert s.to_act() == [1] and [str(a) for a in s.legal_actions(1)] == ["join", "pass"]
    s.apply(1, "join")  # Mina
    s.apply(2, "join")  # Hamed
    s.apply(3, "pass")
    s.apply(4, "pass")
    assert s.chipset.stakes == [500, 500, 500, 0, 0] and s.phase == "deal"
    assert sorted(s.pot["seats"]) == [0, 1, 2]
    s.apply(0, "deal")
    # Mohammad's 9 takes 200 from everyone; Hamed's 6 is the best of the pot's three hands.
    assert s.result()["points"] == [-700, -700, -200 + 1000, -200, 800]


def test_a_pot_opened_midway_asks_those_who_passed_before_it() -> None:
    s = RULES.new(4, 2, {"deals": 1})
    s.apply(1, "pass")
    s.apply(2, "open 100")
    assert s.to_act() == [3]
    s.apply(3, "pass")
    s.apply(0, "pass")
    assert s.to_act() == [1]  # passed on opening, may still join
    s.apply(1, "join")
    assert s.phase == "deal" and s.chipset.stakes == [0, 100, 100, 0]


def test_the_hands_shown_are_listed_by_seat_as_a_joined_table_reads_them() -> None:
    """The ``show`` event gives each seat's hand and worth at the seat's place in a list, an
    empty hand and None for a seat out of chips; the wire gives a joined table the same."""
    s = game([["2S", "3S", "AS"], ["9S", "KS", "QS"], ["4S", "5S", "KD"]], deals=2, pay9=500,
             purse=500)
    s.apply(0, "deal")  # seat 0's 6 pays the two 9s all it has
    assert s.chipset.holdings() == [0, 750, 750] and s.to_act() == [1]
    show = next(e for e in s.apply(1, "deal") if e.kind == "show")
    assert show.data == {"hands": [[], s.hands[1], s.hands[2]],
                         "values": [None, worth(s.hands[1]), worth(s.hands[2])]}
    assert read_event(json.loads(json.dumps(event_json(show))), 3, "nohasht").data == show.data
