"""Super Taki (seed 003) and its Pyramid: every rule the module docstring states, refusals
included. The seed has no worked example; the deal is replayed from a stacked deck."""

from __future__ import annotations

import random

import pytest

from game import registry
from game.bots import make
from game.cards import french
from game.core import Action, IllegalAction
from game.rules.taki import COLOUR_OF, cards_for
from tests.refusals import refused
from tests.test_shapes import events_as_declared

RULES = registry.get("taki")


def table(hands: list[list[str]], top: str = "R51", turn: int = 0, match: str = "round",
          stock: list[str] | None = None,
          colour: str | None = None):  # type: ignore[no-untyped-def]
    """A game with the given hands and leading card; the stock holds the rest, its top (the end
    of the list) being ``stock``'s last card when given."""
    s = RULES.new(len(hands), 0, {"match": match})
    s.hands = [list(h) for h in hands]
    used = {c for h in hands for c in h} | {top}
    rest = [c for c in cards_for(116) if c not in used and c not in (stock or [])]
    s.stock = rest + list(stock or [])
    s.pile = [top]
    s.lead = top
    s.colour = colour or COLOUR_OF[top]
    s.turn = turn
    s.dir = 1
    return s


def test_the_deck_116_and_the_classic_112() -> None:
    full, classic = cards_for(116), cards_for(112)
    assert len(full) == len(set(full)) == 116 and len(classic) == 112
    assert sum(1 for c in full if c[:2] == "WC") == 4
    assert {c[:2] for c in full} - {c[:2] for c in classic} == {"W3", "WB"}
    assert sum(1 for c in full if c[0] == "R") == 26
    assert not any(french.is_card(c) for c in full)  # no clash with the other card systems
    assert all(len(c) == 3 and not c.endswith("b") for c in full)


def test_the_deal_from_a_stacked_deck() -> None:
    deck = cards_for(116)
    order = deck[::-1]  # the Breakers and +3s first, so colourless cards are turned up too
    s = RULES.new(3, 5, {"deck": order})
    assert [len(h) for h in s.hands] == [8, 8, 8]
    assert s.hands[0][:3] == [order[0], order[3], order[6]]
    # cards 24.. turned up until a coloured one shows: WC..., then Y cards
    turned = [e.data["card"] for e in s.opening if e.kind == "turnup"]
    assert turned == order[24:24 + len(turned)] and COLOUR_OF[turned[-1]] == "Y"
    assert all(not COLOUR_OF[c] for c in turned[:-1])
    assert s.pile == turned and s.lead == turned[-1] and s.colour == "Y"
    assert len(s.stock) == 116 - 24 - len(turned)
    assert s.stock[-1] == order[24 + len(turned)]
    assert s.to_act() == [s.turn] and s.plus2 == 0 and not s.run
    deals = [e for e in s.opening if e.kind == "deal"]  # a hand named to its seat, counted to all
    assert [(e.seat, e.to, e.data.get("cards")) for e in deals] == [
        (seat, seen, cards) for seat in range(3)
        for seen, cards in (((seat,), s.hands[seat]), (tuple({0, 1, 2} - {seat}), None))]
    assert all(e.data["from"] == "stock" and e.data["to"] == f"hand:{e.seat}"
               and e.data["count"] == 8 for e in deals)
    events_as_declared("taki", s.opening)


def test_a_turned_up_action_card_does_nothing() -> None:
    deck = cards_for(116)
    order = [c for c in deck if c != "R21"]
    order.insert(16, "R21")  # two seats: 16 cards dealt, then the +2 is turned up
    s = RULES.new(2, 0, {"deck": order})
    assert s.lead == "R21" and s.plus2 == 0


def test_match_colour_or_figure_else_refused() -> None:
    s = table([["G51", "R91", "B71", "Y32"], ["G11", "G31"]], top="R51")
    assert {str(a) for a in s.legal_actions(0)} == {"play G51", "play R91"}
    refused(s, 0, "play B71", "match")
    refused(s, 0, "play G11", "not_held")
    refused(s, 0, "draw", "can_play")
    refused(s, 1, "play G11", "turn")
    s.apply(0, "play G51")
    assert s.colour == "G" and s.lead == "G51" and s.turn == 1


def test_no_play_draws_one_and_the_turn_ends() -> None:
    s = table([["B71", "Y31"], ["G11", "G31"]], top="R51", stock=["R61"])
    assert [str(a) for a in s.legal_actions(0)] == ["draw"]
    s.apply(0, "draw")
    assert "R61" in s.hands[0] and s.turn == 1
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(0, "play R61")  # a drawn card waits for the next turn


def test_stop_skips_the_next_seat() -> None:
    s = table([["RS1", "R31"], ["G11"], ["G31"], ["G41"]])
    s.apply(0, "play RS1")
    assert s.turn == 2


def test_stop_with_two_seats_plays_again() -> None:
    s = table([["RS1", "R31", "R41"], ["G11"]])
    s.apply(0, "play RS1")
    assert s.turn == 0


def test_change_direction() -> None:
    s = table([["RD1", "R31"], ["G11"], ["G31"], ["G41"]])
    s.apply(0, "play RD1")
    assert s.turn == 3 and s.observation(None)["direction"] == "anticlockwise"
    two = table([["RD1", "R31"], ["G11"]])
    two.apply(0, "play RD1")
    assert two.turn == 1 and two.observation(1)["direction"] == "anticlockwise"


def test_plus_two_stacks_and_the_dead_plus_two_is_played_on_by_colour() -> None:
    s = table([["R21", "R31"], ["G21", "G31"], ["Y31", "R71", "WC1", "B61"], ["G51", "Y51"]])
    s.apply(0, "play R21")
    assert s.plus2 == 1
    assert {str(a) for a in s.legal_actions(1)} == {"play G21", "draw"}
    s.apply(1, "play G21")
    assert s.plus2 == 2
    assert [str(a) for a in s.legal_actions(2)] == ["draw"]  # no Change Colour on a live +2
    refused(s, 2, "play WC1", "plus2")
    s.apply(2, "draw")
    assert len(s.hands[2]) == 8 and s.plus2 == 0 and s.turn == 3
    assert {str(a) for a in s.legal_actions(3)} == {"play G51"}  # the dead +2 is green


def test_change_colour_names_the_colour() -> None:
    s = table([["WC1", "R31", "R41"], ["B11", "G31"]])
    s.apply(0, "play WC1")
    assert s.to_act() == [0] and {str(a) for a in s.legal_actions(0)} == {
        "colour R", "colour G", "colour B", "colour Y"}
    refused(s, 0, "play R31", "choose")
    s.apply(0, "colour B")
    assert s.colour == "B" and s.turn == 1
    assert {str(a) for a in s.legal_actions(1)} == {"play B11"}


def test_plus_plays_again_or_draws() -> None:
    s = table([["RP1", "R31", "G41"], ["B11"]], stock=["Y91"])
    s.apply(0, "play RP1")
    assert s.turn == 0
    s.apply(0, "play R31")
    assert s.turn == 1
    s = table([["RP1", "G41", "Y51"], ["B11"]], stock=["Y91"])
    s.apply(0, "play RP1")
    assert [str(a) for a in s.legal_actions(0)] == ["draw"]
    s.apply(0, "draw")
    assert s.turn == 1 and "Y91" in s.hands[0]


def test_plus_as_the_last_card_does_not_win() -> None:
    s = table([["RP1"], ["B11", "B21"]], stock=["Y91"])
    s.apply(0, "play RP1")
    assert not s.is_over() and s.legal_actions(0) == [RULES.parse_action("draw")]
    s.apply(0, "draw")
    assert s.hands[0] == ["Y91"] and s.owing == []  # drawing to one card owes nothing


def test_taki_run_only_the_last_card_acts_and_must_be_closed() -> None:
    s = table([["RT1", "R21", "R31", "RS1", "G41"], ["B11"], ["B31"]], top="R51")
    s.apply(0, "play RT1")
    assert s.run == "R" and s.turn == 0
    refused(s, 0, "play G41", "run")
    refused(s, 0, "draw", "close_first")
    s.apply(0, "play R21")  # a +2 in the middle of the run does nothing
    s.apply(0, "play RS1")
    s.apply(0, "play R31")
    assert s.plus2 == 0 and s.turn == 0
    refused(s, 1, "play B11", "turn")
    s.apply(0, "close")
    assert s.run == "" and s.turn == 1 and s.plus2 == 0  # R3 closed it: nothing acts
    s = table([["RT1", "R31", "R21", "G41"], ["B11"], ["B31"]], top="R51")
    for code in ("play RT1", "play R31", "play R21", "close"):
        s.apply(0, code)
    assert s.plus2 == 1 and s.turn == 1
    refused(s, 1, "close", "no_run")


def test_a_run_that_empties_the_hand_closes_itself_and_wins() -> None:
    s = table([["RT1", "R31"], ["B11"]])
    s.apply(0, "play RT1")
    s.apply(0, "play R31")
    assert s.is_over() and s.result()["winners"] == [0]


def test_super_taki_takes_the_colour_in_play() -> None:
    s = table([["WT1", "B31", "B41", "R31"], ["G11"]], top="WC2", colour="B")
    s.apply(0, "play WT1")
    assert s.run == "B"
    assert {str(a) for a in s.legal_actions(0)} == {"play B31", "play B41", "close"}
    s.apply(0, "play B31")
    s.apply(0, "close")
    assert s.turn == 1 and s.colour == "B"


def test_king_cancels_a_live_plus_two_and_gives_a_free_play() -> None:
    s = table([["R21", "R31"], ["WK1", "Y71", "G91"], ["B11"]])
    s.apply(0, "play R21")
    assert {str(a) for a in s.legal_actions(1)} == {"play WK1", "draw"}
    s.apply(1, "play WK1")
    assert s.plus2 == 0 and s.turn == 1 and s.free
    assert {str(a) for a in s.legal_actions(1)} == {"play Y71", "play G91"}
    s.apply(1, "play Y71")
    assert s.turn == 2 and s.colour == "Y" and not s.free


def test_finishing_on_a_king_wins() -> None:
    s = table([["WK1"], ["B11"]], top="G51")
    s.apply(0, "play WK1")
    assert s.is_over() and s.result()["winners"] == [0]


def test_plus_three_window_every_other_seat_is_asked() -> None:
    s = table([["W31", "R31", "R41"], ["B11", "B12"], ["WB1", "G31"], ["G41", "G42"]])
    s.apply(0, "play W31")
    assert s.phase == "break" and sorted(s.to_act()) == [1, 2, 3]
    assert [str(a) for a in s.legal_actions(1)] == ["pass"]  # the same window, card or none
    assert {str(a) for a in s.legal_actions(2)} == {"breaker WB1", "pass"}
    obs = s.observation(1)
    assert obs["asked"] == [1, 2, 3] and obs["plus3"] == 0
    s.apply(1, "pass")
    s.apply(3, "pass")
    assert s.to_act() == [2]
    s.apply(2, "pass")
    assert [len(h) for h in s.hands] == [2, 5, 5, 5] and s.turn == 1 and s.lead == "R51"


def test_breaker_turns_the_plus_three_back() -> None:
    s = table([["W31", "R31", "R41"], ["B11", "B12"], ["WB1", "G31"], ["G41", "G42"]])
    s.apply(0, "play W31")
    s.apply(1, "pass")
    s.apply(2, "breaker WB1")
    assert s.phase == "play" and [len(h) for h in s.hands] == [5, 2, 1, 2]
    assert s.turn == 1 and s.lead == "R51" and s.pile[-2:] == ["W31", "WB1"]
    assert s.owing == [2]  # the Breaker left seat 2 with one card


def test_breaker_refused_without_a_live_plus_three() -> None:
    s = table([["R31", "R41"], ["WB1", "G31"]])
    refused(s, 0, "breaker WB1", "not_held")
    s.turn = 1
    refused(s, 1, "breaker WB1", "no_plus3")
    s.turn = 0
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, "breaker WB1")


def test_breaker_thrown_away_in_turn_draws_three() -> None:
    s = table([["B31", "WB1", "G31"], ["R41"]])
    assert "play WB1" in {str(a) for a in s.legal_actions(0)}
    s.apply(0, "play WB1")
    assert len(s.hands[0]) == 5 and s.turn == 1


def test_breaker_alone_does_not_block_the_draw() -> None:
    s = table([["B31", "WB1"], ["R41"]])
    assert {str(a) for a in s.legal_actions(0)} == {"play WB1", "draw"}


def test_no_window_when_both_breakers_lie_on_the_pile() -> None:
    s = table([["W31", "R31", "R41"], ["B11", "B12"], ["G31", "G32"]])
    s.pile = ["WB1", "WB2", "R51"]
    s.stock = [c for c in s.stock if c not in ("WB1", "WB2")]
    s.apply(0, "play W31")
    assert s.phase == "play" and [len(h) for h in s.hands] == [2, 5, 5]


def test_classic_deck_has_no_window() -> None:
    s = RULES.new(3, 1, {"cards": 112, "match": "round"})
    assert len(s.stock) + len(s.pile) + 24 == 112


def test_last_card_declared_in_time() -> None:
    s = table([["R31", "R41"], ["R61", "G31", "G41"]])
    s.apply(0, "play R31")
    assert s.owing == [0] and s.to_act() == [0, 1]
    assert [str(a) for a in s.legal_actions(0)] == ["last"]
    s.apply(0, "last")
    assert s.to_act() == [1] and s.observation(1)["declared"] == [0]
    s.apply(1, "play R61")
    assert len(s.hands[0]) == 1


def test_last_card_forgotten_draws_four() -> None:
    s = table([["R31", "R41"], ["R61", "G31", "G41"]])
    s.apply(0, "play R31")
    s.apply(1, "play R61")
    assert len(s.hands[0]) == 5 and s.owing == [] and s.to_act() == [0]
    refused(s, 1, "last", "turn")


def test_last_refused_when_not_owed() -> None:
    s = table([["R31", "R41", "R71"], ["R61", "G31", "G41"]])
    refused(s, 0, "last", "no_last")


def test_answering_a_plus_three_does_not_close_the_declaration() -> None:
    s = table([["W31", "R31"], ["B11", "B12"], ["G31", "G32"]])
    s.apply(0, "play W31")
    assert s.to_act() == [0, 1, 2]
    s.apply(1, "pass")
    assert 0 in s.to_act()
    s.apply(0, "last")
    s.apply(2, "pass")
    assert len(s.hands[0]) == 1


def test_round_ends_when_a_hand_is_empty() -> None:
    s = table([["R31"], ["G31", "G41"]])
    s.apply(0, "play R31")
    assert s.is_over()
    r = s.result()
    assert r["winners"] == [0] and r["points"] == [0, -2]


def test_pyramid_goes_up_a_level_and_draws_one_fewer() -> None:
    s = table([["R31"], ["G31", "G41"], ["B31", "B41"]], match="pyramid")
    s.apply(0, "play R31")
    assert not s.is_over() and s.levels == [2, 1, 1] and len(s.hands[0]) == 7
    assert s.observation(2)["levels"] == [2, 1, 1] and s.turn == 1
    s.levels[1] = 7  # a seat finishing the level begun with 2 cards draws 1
    s.hands[1] = ["R71"]
    s.lead, s.colour = "R31", "R"
    events = s.apply(1, "play R71")
    ups = [e for e in events if e.kind == "level_up"]
    assert ups and ups[0].seat == 1 and ups[0].data == {"level": 8, "count": 1}
    assert len(s.hands[1]) == 1 and s.owing == []  # drawn to one card: nothing owed


def test_pyramid_top_level_wins() -> None:
    s = table([["R31"], ["G31", "G41"]], match="pyramid")
    s.levels = [8, 3]
    s.apply(0, "play R31")
    assert s.is_over() and s.result()["winners"] == [0] and s.result()["points"] == [8, 3]


def test_a_search_plays_the_pyramid_to_the_next_level_won_and_counts_cards_to_shed() -> None:
    s = table([["R31"], ["G31", "G41"], ["B31", "B41", "B51"]], match="pyramid")
    s.levels = [1, 2, 1]
    stage = s.stage()
    # still to shed: seat 0 its card and the 28 the levels above deal; seat 1 2 + 21; seat 2 31
    assert [s.deal_value(seat) for seat in range(3)] == [23 - 29, 29 - 23, 23 - 31]
    s.apply(0, "play R31")
    assert s.stage() == stage + 1 and not s.is_over()  # a search's playout stops here
    assert s.deal_value(0) == 23 - (7 + 21)
    one = table([["R31"], ["G31", "G41"]])
    assert one.stage() == one.deals and one.deal_value(1) == 1 - 2
    one.apply(0, "play R31")
    assert one.deal_value(0) == 2 + one.WIN and one.deal_value(1) == -2 - one.WIN


@pytest.mark.parametrize("match,levels,winner", [("round", [1, 1], 1), ("pyramid", [3, 2], 0)])
def test_a_blocked_game_goes_to_the_best_placed_seat(match: str, levels: list[int],
                                                      winner: int) -> None:
    """Nothing left to draw, and draws in a row find nothing for two whole rounds: the game
    ends, won by the highest level (the Pyramid), then the fewest cards."""
    s = table([["G31", "G41"], ["B31"]], top="R51", match=match)
    s.stock = []  # every other card out of the game: nothing to draw, nothing to reshuffle
    s.levels = levels
    events = []
    for turn in range(4):
        assert not s.is_over() and s.legal_actions(turn % 2) == [Action("draw")]
        events += s.apply(turn % 2, "draw")
    assert s.is_over() and s.result()["winners"] == [winner]
    assert [(e.kind, e.seat, e.data) for e in events] == [("blocked", None, {}),
                                                         ("won", winner, {})]
    events_as_declared("taki", events)


def test_the_pile_is_reshuffled_when_the_stock_runs_out() -> None:
    s = table([["B71", "Y31"], ["G11", "G31"]], top="R51")
    s.pile = [c for c in s.stock if c not in ("R51",)][:5] + ["R51"]
    s.stock = [c for c in s.stock if c not in s.pile]
    rest = s.stock
    s.hands[1] += rest  # nothing left in the stock
    s.stock = []
    s.apply(0, "draw")
    assert len(s.hands[0]) == 3 and s.pile == ["R51"] and len(s.stock) == 4


def test_refusals_change_nothing_and_codes_round_trip() -> None:
    s = RULES.new(4, 2)
    before = s.to_dict()
    for code in ("play ZZZ", "play R5", "xyzzy", "colour Q", "breaker R51"):
        with pytest.raises(IllegalAction):
            s.apply(s.turn, code)
    assert s.to_dict() == before
    for a in s.legal_actions(s.turn):
        assert RULES.parse_action(str(a)) == a


def test_sample_state_keeps_what_the_seat_sees() -> None:
    s = table([["W31", "R31", "R41"], ["B11", "B12"], ["WB1", "G31"], ["G41", "G42"]])
    s.apply(0, "play W31")
    s.apply(3, "pass")
    for seat in range(4):
        obs = s.observation(seat)
        sample = RULES.sample_state(obs, 9)
        assert sample.observation(seat) == obs
        assert sample.legal_actions(seat) == s.legal_actions(seat)


def test_a_draw_shows_what_the_hand_lacked_and_samples_fit_it() -> None:
    """Drawing is allowed only with nothing to play: seat 1 drew on a red 3, so the three cards
    it held then are neither red nor 3s nor colourless (a Breaker aside); the card drawn may be
    anything. A card played since that could not have played then was one of the three."""
    s = table([["R31", "R62", "R41"], ["B71", "Y61", "G11"], ["R81", "G91", "G92"]],
              top="R51", stock=["R91"])
    s.apply(0, "play R31")
    s.apply(1, "draw")
    assert s.observation(0)["lacks"] == [[], [["R", "3", 3]], []]
    for seed in range(40):
        hand = RULES.sample_state(s.observation(0), seed).hands[1]
        fit = [c for c in hand if c[0] not in "RW" and c[1] != "3"]
        assert len(hand) == 4 and len(fit) >= 3, hand
    s.apply(2, "play R81")
    s.apply(0, "play R62")
    s.apply(0, "last")
    s.apply(1, "play Y61")  # on the 6: one of the three, or the drawn card
    assert s.lacks[1] == [("R", "3", 2)]
    s.apply(2, "draw")
    assert s.lacks[2] == [("Y", "6", 2)]
    assert registry.restore(s.to_dict()).to_dict() == s.to_dict()


def test_a_draw_on_a_live_plus_two_or_from_an_empty_hand_shows_nothing() -> None:
    s = table([["R21", "R31"], ["R22", "B71"], ["G71"]], top="R51")
    s.apply(0, "play R21")
    s.apply(1, "draw")  # a +2 in hand, and the draw allowed all the same
    assert s.lacks == [[], [], []]

def test_save_and_restore() -> None:
    s = RULES.new(5, 3)
    rng = random.Random(3)
    for _ in range(60):
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    again = registry.restore(s.to_dict())
    assert again.to_dict() == s.to_dict()


def test_bot_beats_random_bots() -> None:
    wins = 0
    for seed in range(30):  # two seats, whole Pyramids (89-92 % measured over 300)
        s = RULES.new(2, seed)
        bots = [make("heuristic" if i == 0 else "random", "taki", seed + i) for i in range(2)]
        while not s.is_over():
            acting = s.to_act()
            seat = acting[seed % len(acting)]
            s.apply(seat, bots[seat].act(s, seat))
        wins += s.result()["winners"] == [0]
    assert wins >= 21


# -- the bot's judgements, position by position ----------------------------------------------
def bot_move(s, seat: int = 0) -> str:  # type: ignore[no-untyped-def]
    return str(make("heuristic", "taki", 1).act(s, seat))


def bot_turn(s, seat: int = 0) -> list[str]:  # type: ignore[no-untyped-def]
    """The bot's actions while the game asks it (its turn, its declaration)."""
    bot = make("heuristic", "taki", 1)
    done = []
    while not s.is_over() and seat in s.to_act():
        action = bot.act(s, seat)
        done.append(str(action))
        s.apply(seat, action)
    return done


def test_bot_goes_out_through_a_king_and_declares_in_its_own_turn() -> None:
    s = table([["R71", "WK1"], ["G11", "G31", "G41"]], top="R51")
    assert bot_turn(s) == ["play WK1", "last", "play R71"]
    assert s.is_over() and s.result()["winners"] == [0]


def test_bot_keeps_the_change_colour_as_its_last_card_and_declares_at_once() -> None:
    # the owing seat acts first, so the declaration is safe; the Change Colour left plays on
    # anything but a live +2, where a red 7 needs red still in play
    s = table([["R71", "WC1"], ["G11", "G31", "G41"], ["G12"], ["G13"]], top="R51")
    assert bot_turn(s) == ["play R71", "last"]
    assert s.hands[0] == ["WC1"] and s.declared[0]


def test_bot_keeps_its_plus_three_as_its_last_card() -> None:
    # kept, the +3 goes out next turn on anything (unless a Breaker answers it), where played
    # now it would leave a red 7 that needs red still in play; the owing seat declares first
    s = table([["W31", "R71"], ["G11", "G31", "G41"], ["B12", "B32", "Y11"],
               ["B13", "B33", "Y13"]], top="R51")
    assert bot_turn(s) == ["play R71", "last"]
    assert s.hands[0] == ["W31"] and s.declared[0]


def test_bot_keeps_a_plus_with_a_card_of_its_colour() -> None:
    # R71 would leave the Plus with nothing to follow it; G51 leaves two cards for one turn
    s = table([["RP1", "R71", "G51"], ["G11", "G31", "G41"], ["B12", "B32", "Y11"],
               ["B13", "B33", "Y13"]], top="R51")
    assert bot_move(s) == "play G51"


def test_bot_keeps_its_change_colour_for_the_end() -> None:
    # the Plus and the Change Colour could both go now; the Change Colour is kept to declare
    # the last card in the bot's own turn later
    s = table([["WC1", "RP2", "G31", "B11"], ["G11", "G32", "G41"], ["B12", "B32", "Y11"],
               ["B13", "B33", "Y13"]], top="BP2")
    assert bot_move(s) == "play B11"


def test_bot_plays_the_plus_first_with_its_follow_up() -> None:
    s = table([["R71", "RP1"], ["G11", "G31"]], top="R51")
    assert bot_turn(s) == ["play RP1", "last", "play R71"]
    assert s.result()["winners"] == [0]


def test_bot_keeps_the_king_while_it_has_plain_cards() -> None:
    s = table([["WK1", "R71", "G61", "B31"], ["G11", "G31", "G41"]], top="R51")
    assert bot_move(s) == "play R71"


def test_bot_runs_a_taki_and_closes_on_the_plus_two() -> None:
    s = table([["RT1", "R61", "R21", "R81", "G31", "B41"], ["G11", "G31", "G41"],
               ["G12", "G32"], ["B12", "B32"]], top="R51")
    s.apply(0, "play RT1")  # the run is open: the bot lays the rest of it
    done = bot_turn(s)
    assert done[-1] == "close"
    assert done[-2] == "play R21"  # only the last card acts: the +2 hits the next seat
    assert sorted(s.hands[0]) == ["B41", "G31"] and s.plus2 == 1


def test_bot_goes_out_on_a_run_rather_than_shed_one_card() -> None:
    s = table([["GT1", "G61", "G71", "G81"], ["B11", "B31", "B41"]], top="G51")
    done = bot_turn(s)
    assert done[0] == "play GT1" and "last" in done  # declared in the run, before the end
    assert sorted(a for a in done[1:] if a != "last") == ["play G61", "play G71", "play G81"]
    assert s.is_over() and s.result()["winners"] == [0]


def test_bot_runs_its_taki_when_the_run_sheds_most_of_the_hand() -> None:
    # the run lays four cards now, where gathering would shed one a turn
    s = table([["GT1", "G61", "G71", "G81", "R31"], ["B11", "B31", "B41"]], top="G51")
    assert bot_move(s) == "play GT1"


def test_bot_on_a_live_plus_two_stacks_or_spends_its_king_on_a_heavy_one() -> None:
    s = table([["G21", "WK1", "B31", "Y41"], ["G11", "G31", "G41"]], top="R21")
    s.plus2 = 1
    assert bot_move(s) == "play G21"
    s = table([["WK1", "B31", "Y41", "G71"], ["G11", "G31", "G41"]], top="R21")
    s.plus2 = 2  # four cards to draw: the King cancels them (two it keeps for the end)
    assert bot_move(s) == "play WK1"
    s.plus2 = 1
    assert bot_move(s) == "draw"


def test_bot_names_the_colour_it_holds_most() -> None:
    s = table([["WC1", "B31", "B41", "B51", "G71"], ["G11", "G31", "G41"]], top="R51")
    s.apply(0, "play WC1")
    assert bot_move(s) == "colour B"


def test_bot_breaks_a_plus_three_and_declares_at_once() -> None:
    s = table([["W31", "R71", "G81"], ["WB1", "B31", "B41"], ["G11", "G31"]], top="R51")
    s.apply(0, "play W31")
    assert 1 in s.to_act() and bot_move(s, 1) == "breaker WB1"
    s = table([["R71", "R81"], ["G11", "G31", "G41"], ["G12", "G32"]], top="R51")
    s.apply(0, "play R71")
    assert bot_move(s) == "last"


def test_bot_keeps_a_breaker_while_another_card_plays() -> None:
    s = table([["WB1", "R71", "G61", "B31"], ["G11", "G31", "G41"]], top="R51")
    assert bot_move(s) == "play R71"


def test_bot_with_few_seats_throws_a_breaker_away_when_stuck() -> None:
    # a +3 seldom comes with two seats: the Breaker is dead weight, better shed now for three
    # cards than kept while drawing
    s = table([["WB1", "G61", "B31", "Y71", "Y81"], ["G11", "G31", "G41"]], top="R51")
    assert {str(a) for a in s.legal_actions(0)} == {"play WB1", "draw"}
    assert bot_move(s) == "play WB1"


def test_bot_stops_the_seat_about_to_go_out() -> None:
    s = table([["RS1", "R71", "R81", "G31"], ["G11"], ["G12", "G32", "B11"],
               ["B12", "B32", "Y11"]], top="R51")
    assert bot_move(s) == "play RS1"


def test_bot_names_a_colour_the_next_seat_with_one_card_lacks() -> None:
    # seat 1 drew on a blue 3 with the one card it holds: it has no blue; the bot holds more
    # green, but names blue, which it holds too
    s = table([["WC1", "B41", "G71", "G81", "G91"], ["Y61"], ["G12", "G32", "B11"],
               ["B12", "B32", "Y11"]], top="R51")
    s.lacks[1] = [("B", "3", 1)]
    s.apply(0, "play WC1")
    assert bot_move(s) == "colour B"
    s.lacks[1] = []  # nothing known: the colour held most
    assert bot_move(s) == "colour G"


def test_bot_plays_a_whole_pyramid() -> None:
    s = RULES.new(4, 1)
    bots = [make("heuristic", "taki", i) for i in range(4)]
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].act(s, seat))
    assert s.result()["winners"] and max(s.levels) == 8


def test_a_random_pyramid_keeps_the_contract() -> None:
    """Sampled states look the same to their seat and saves round-trip all through a Pyramid
    (the invariant suite runs the Pyramid at ten seats; this is the quick check)."""
    s = RULES.new(3, 4)
    rng = random.Random(4)
    step = 0
    while not s.is_over():
        step += 1
        if step % 11 == 0:
            for seat in range(3):
                obs = s.observation(seat)
                sample = RULES.sample_state(obs, step)
                assert sample.observation(seat) == obs
                assert sample.legal_actions(seat) == s.legal_actions(seat)
            assert registry.restore(s.to_dict()).to_dict() == s.to_dict()
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert s.levels[s.result()["winners"][0]] == 8


def test_a_game_saved_before_draws_were_kept_still_loads() -> None:
    state = RULES.new(3, 5)
    saved = state.to_dict()
    del saved["lacks"]
    loaded = RULES.state_from_dict(saved)
    assert loaded.lacks == [[], [], []] and loaded.legal_actions(loaded.to_act()[0])


def test_the_two_copies_of_a_card_are_alike_to_the_bot() -> None:
    bot = make("normal", "taki", 0)
    state = RULES.new(3, 5)
    obs = state.observation(0)
    assert bot.alike(obs, Action("play", "BD1"), Action("play", "BD2"))
    assert not bot.alike(obs, Action("play", "BD1"), Action("play", "RD1"))
