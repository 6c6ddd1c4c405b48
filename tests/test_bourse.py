"""Bourse (seed 002): the sale, the prizes, calls striking cards out, trading between calls."""

from __future__ import annotations

from typing import Any

from game import registry
from game.bots import make
from game.core import Action, check_state
from game.rules.bourse import ONE, TWO, BourseState
from tests.refusals import refused

RULES = registry.get("bourse")


def game(seats: int = 4, prize: tuple[str, str, str] = ("7H", "QS", "2C"), **options: Any) -> Any:
    """Deck one in its fixed order (dealt round the table from seat 0); deck two with the
    three prize cards on top, then called in its fixed order."""
    second = [c + "b" for c in prize] + [c for c in TWO if c[:2] not in prize]
    return RULES.new(seats, 1, {"deck": [list(ONE), second], **options})


def all_done(state: Any) -> None:
    """Every seat says it is done (or declines what waits): one card is called."""
    calls = len(state.calls)
    while state.phase == "trade" and state.to_act() and len(state.calls) == calls:
        seat = state.to_act()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        state.apply(seat, "done" if "done" in legal else next(a for a in legal
                                                               if a.startswith("decline")))


def test_the_first_pack_is_sold_and_the_money_cut_into_three_prizes() -> None:
    s = game()
    assert [len(h) for h in s.hands] == [13, 13, 13, 13]
    assert s.chipset.purses == [3700] * 4 and s.chipset.bank == 5200
    assert s.prizes == [2600, 1560, 1040]
    assert s.observation(0)["fair"] == 100 and s.observation(0)["chance"] == round(3 / 52, 4)
    assert s.phase == "trade" and s.to_act() == [0, 1, 2, 3]


def test_each_call_strikes_its_twin_and_the_three_left_win_the_prizes() -> None:
    s = game()
    holder = {c: seat for seat in range(4) for c in s.hands[seat]}
    all_done(s)
    first = TWO[0] if TWO[0][:2] not in ("7H", "QS", "2C") else TWO[1]
    assert s.calls == [first] and first[:2] in s.struck
    assert first[:2] not in s.hands[holder[first[:2]]]
    refused(s, holder[first[:2]], f"offer {first[:2]} all 100", "struck")
    while not s.is_over():
        all_done(s)
    assert sorted(c for h in s.hands for c in h) == sorted(["7H", "QS", "2C"])
    paid = [[0, holder["7H"], "7H"], [1, holder["QS"], "QS"], [2, holder["2C"], "2C"]]
    assert s.winners == paid
    points = [-1300] * 4
    for prize, seat, _ in paid:
        points[seat] += s.prizes[prize]
    assert s.result()["points"] == points
    assert s.result()["sheet"]["rows"][0][2] == points


def test_a_call_moves_the_twin_it_strikes_out_of_its_holders_hand() -> None:
    """The ``call`` event names the second pack's card ``called``, and moves its twin, the
    ``card`` struck out, from the hand that held it to ``struck``."""
    s = game()
    holder = {c: seat for seat in range(4) for c in s.hands[seat]}
    events = [e for seat in range(4) for e in s.apply(seat, "done")]
    called = s.calls[0]
    assert [e.data for e in events if e.kind == "call"] == [
        {"called": called, "card": called[:2], "from": f"hand:{holder[called[:2]]}",
         "to": "struck"}]


def test_an_accepted_offer_moves_the_card_and_the_chips() -> None:
    s = game()
    card = s.hands[0][0]
    made = s.apply(0, f"offer {card} 2 150")
    assert [e.data for e in made] == [{"id": 1, "seller": 0, "card": card, "buyer": 2,
                                       "price": 150}]  # the buyer named, no zone it moves to
    assert s.to_act() == [0, 1, 2, 3]
    offer = s.observation(2)["offers"][0]
    assert offer == {"id": 1, "seller": 0, "card": card, "to": 2, "price": 150}
    refused(s, 1, "accept 1", "not_yours")
    refused(s, 0, "accept 1", "own_offer")
    assert [e.data for e in s.apply(2, "accept 1")] == [
        {"id": 1, "seller": 0, "card": card, "chips": 150, "from": "hand:0", "to": "hand:2"}]
    assert card in s.hands[2] and card not in s.hands[0]
    assert s.chipset.purses[0] == 3850 and s.chipset.purses[2] == 3550
    refused(s, 2, "accept 1", "withdrawn")


def test_declines_withdrawals_and_offers_to_all() -> None:
    s = game()
    a, b = s.hands[0][0], s.hands[1][0]
    s.apply(0, f"offer {a} 1 200")
    s.apply(1, "decline 1")
    assert s.observation(0)["offers"] == [] and a in s.hands[0]
    refused(s, 0, f"offer {s.hands[0][1]} 1 200", "quota")
    s.apply(1, f"offer {b} all 120")
    refused(s, 2, "decline 2", "open_to_all")
    s.apply(1, "withdraw 2")
    refused(s, 3, "accept 2", "withdrawn")
    refused(s, 3, "accept 9", "no_offer")


def test_an_offer_to_all_is_taken_by_the_first_to_accept() -> None:
    s = game()
    card = s.hands[3][0]
    s.apply(3, f"offer {card} all 90")
    s.apply(1, "accept 1")
    assert card in s.hands[1] and s.observation(2)["offers"] == []


def test_bad_offers_are_refused_with_chips_unchanged() -> None:
    s = game()
    mine, theirs = s.hands[0][0], s.hands[1][0]
    refused(s, 0, f"offer {theirs} 1 100", "not_held")
    refused(s, 0, f"offer {mine} 1 -100")
    refused(s, 0, f"offer {mine} 1 5", "price")
    refused(s, 0, f"offer {mine} 1 2610", "price")
    refused(s, 0, f"offer {mine} 0 100", "self")
    refused(s, 0, f"offer {mine} 7 100")
    refused(s, 0, "offer ?1 1 #10-2600/10", "unfilled")
    refused(s, 0, "accept 1", "no_offer")


def test_done_declines_what_waits_and_an_offer_asks_a_done_seat_again() -> None:
    s = game()
    s.apply(1, "done")
    assert s.to_act() == [0, 2, 3]
    card = s.hands[0][0]
    s.apply(0, f"offer {card} 1 100")
    assert s.to_act() == [0, 1, 2, 3]
    assert [str(a) for a in s.legal_actions(1)] == ["accept 1", "decline 1"]
    s.apply(0, "done")
    s.apply(2, "done")
    s.apply(3, "done")
    assert s.to_act() == [1] and s.calls == []  # the window waits only for seat 1's answer
    s.apply(1, "decline 1")
    assert len(s.calls) == 1 and s.to_act() == [0, 1, 2, 3]  # the next window


def test_a_seat_short_of_chips_cannot_accept() -> None:
    s = game(purse=1500)  # 200 left after buying 13 cards
    card = s.hands[0][0]
    s.apply(0, f"offer {card} all 300")
    assert "accept 1" not in [str(a) for a in s.legal_actions(1)]
    refused(s, 1, "accept 1", "over_purse")
    refused(s, 0, f"offer {s.hands[0][1]} 2 300")


def test_sample_state_hides_the_prize_cards_and_the_order_of_calls() -> None:
    s = game()
    all_done(s)
    obs = s.observation(2)
    sample = RULES.sample_state(obs, 5)
    assert sample.observation(2) == obs
    assert sorted(sample.prize_cards + sample.stock) == sorted(s.prize_cards + s.stock)


def test_the_bot_buys_cheap_declines_dear_and_sells_above_the_fair_price() -> None:
    bot = make("heuristic", "bourse", 0)
    s = game()
    s.apply(0, f"offer {s.hands[0][0]} 1 80")
    assert str(bot.act(s, 1)) == "accept 1"
    s = game()
    s.apply(0, f"offer {s.hands[0][0]} 1 300")
    assert str(bot.act(s, 1)) == "decline 1"
    action = bot.act(s, 2)
    assert action.verb == "offer" and int(action.arg.split()[2]) == 150
    s.apply(2, action)
    assert str(bot.act(s, 2)) == "done"


def test_a_table_of_bots_finishes_with_chips_conserved() -> None:
    for seats in (3, 8):
        s = RULES.new(seats, seats, {"deals": 2})
        total = s.chips()
        players = [make("heuristic" if k % 2 else "random", "bourse", k) for k in range(seats)]
        steps = 0
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, players[seat].act(s, seat))
            assert s.chips() == total
            steps += 1
        assert len(s.result()["sheet"]["rows"]) == 2 and steps < 5000


def test_zones_and_legal_actions_stay_those_of_a_restored_game() -> None:
    """The table's zones are kept from one call to the next and actions are made once: after
    every move of a two-game match they are what a game restored from its save (made afresh)
    shows, and every legal action is the one its code parses to."""
    s = RULES.new(3, 7, {"deals": 2})
    players = [make("random", "bourse", k) for k in range(3)]
    while not s.is_over():
        restored = RULES.state_from_dict(s.to_dict())
        assert s.zones() == restored.zones()
        for seat in s.to_act():
            legal = s.legal_actions(seat)
            assert legal == restored.legal_actions(seat)
            assert all(RULES.parse_action(str(a)) == a for a in legal)
        seat = s.to_act()[0]
        s.apply(seat, players[seat].act(s, seat))
    assert s.zones() == RULES.state_from_dict(s.to_dict()).zones()


def test_a_match_that_runs_out_of_buyers_ends_with_every_card_still_on_the_table() -> None:
    """A purse of 2000 pays for one share of 18 cards at 100; after the first game no two seats
    can pay for the next, so the match ends there, the last game's cards left where they lay."""
    s = RULES.new(3, 4, {"deals": 5, "purse": 2000, "price": 100})
    players = [make("random", "bourse", k) for k in range(3)]
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, players[seat].act(s, seat))
    check_state(s)
    assert len(s.result()["sheet"]["rows"]) == 1
    assert sum(len(z.cards) for z in s.zones() if z.kind == "hand") > 0


def test_a_match_nobody_can_buy_into_is_over_at_once_with_both_packs_unsold() -> None:
    s = RULES.new(3, 1, {"purse": 500, "price": 100})
    check_state(s)
    assert s.is_over() and s.chipset.purses == [500, 500, 500]
    assert all(not z.cards for z in s.zones() if z.kind == "hand")


def test_a_beginner_buys_dear_lets_a_bargain_go_and_sells_cheap() -> None:
    """The easy level's mistakes (`HeuristicBot.slip`), each the bot's judgement turned round."""
    bot = make("heuristic", "bourse", 0)
    s = game()
    s.apply(0, f"offer {s.hands[0][0]} 1 80")
    assert str(bot.slip(s.observation(1), s.legal_actions(1), Action("accept", "1"))) \
        == "decline 1"
    s = game()
    s.apply(0, f"offer {s.hands[0][0]} 1 300")
    assert str(bot.slip(s.observation(1), s.legal_actions(1), Action("decline", "1"))) \
        == "accept 1"
    obs, legal = s.observation(2), s.legal_actions(2)
    offer = bot.choose(obs, legal)
    cheap = bot.slip(obs, legal, offer)
    assert cheap is not None and cheap.arg.split()[:2] == offer.arg.split()[:2]
    assert int(cheap.arg.split()[2]) < int(obs["fair"]) < int(offer.arg.split()[2])
    assert bot.slip(obs, legal, Action("done")) is None


def test_the_observation_holds_every_field_but_the_cards_and_a_world_made_from_it_too() -> None:
    """`public_fields` names the fields one by one: none may be left out of the ``state`` fact
    (the cards are the zones), and a world sampled from it keeps them, copied, not shared."""
    s = game()
    s.apply(0, f"offer {s.hands[0][0]} 2 150")
    state = s.observation(1)["state"]
    assert set(state) <= set(BourseState.FIELDS)
    assert set(BourseState.FIELDS) - set(state) == {"hands", "struck", "calls", "stock",
                                                    "prize_cards"}
    world = RULES.sample_state(s.observation(1), 3)
    for name in state:
        assert getattr(world, name) == getattr(s, name)
        if isinstance(state[name], list):
            assert getattr(world, name) is not state[name]
    assert world.offers[0] is not state["offers"][0]
