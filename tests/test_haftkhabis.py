"""Haft Khabis: every rule the module docstring states, refusals included, each played from a
stacked deck (``options["deck"]``). No seed describes the game, so there is no worked example
to replay."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from game import registry
from game.bots import make
from game.core import on_top
from game.rules.haftkhabis import ONE, TWO, VALUE, HaftKhabisState, cards_for
from tests.refusals import refused
from tests.test_invariants import walk
from tests.test_table import app, chairs, play  # noqa: F401 - app: the table's fixture

RULES = registry.get("haftkhabis")


def stacked(hands: list[list[str]], top: str, stock: Sequence[str] = ()) -> list[str]:
    """The deal's order that gives these hands (seven cards each, dealt one at a time from
    seat 0), turns up ``top`` and leaves ``stock`` on top of the stock, its first card first."""
    n = len(hands)
    order = [hands[i % n][i // n] for i in range(7 * n)]
    return on_top(order + [top, *stock], list(cards_for(n)))


def game(hands: list[list[str]], top: str, stock: Sequence[str] = (),
         **options: object) -> HaftKhabisState:
    s = RULES.new(len(hands), 1, {"deck": stacked(hands, top, stock), **options})
    assert isinstance(s, HaftKhabisState)
    return s


H0 = ["2C", "3C", "4C", "5C", "6C", "9C", "QC"]
H1 = ["7H", "JS", "AH", "8H", "TH", "KD", "2D"]
H2 = ["7S", "3D", "4D", "5D", "6D", "9D", "QD"]


def test_the_deal_from_a_stacked_deck() -> None:
    s = game([H0, H1, H2], "3H", ["KS", "KH"])
    assert [sorted(h) for h in s.hands] == [sorted(H0), sorted(H1), sorted(H2)]
    assert s.hands[1] == ["JS", "7H", "8H", "TH", "AH", "2D", "KD"]  # by suit, then rank
    assert s.pile == ["3H"] and s.stock[-2:] == ["KH", "KS"]  # KS on top
    assert len(s.stock) == 52 - 21 - 1
    assert s.turn == 1 and s.suit == "H"  # the seat after the dealer starts
    assert s.observation(0)["direction"] == "clockwise"
    opening = [e.kind for e in s.opening]
    assert opening[-2:] == ["turnup", "start"]


def test_one_pack_up_to_five_seats_two_above() -> None:
    assert cards_for(5) == ONE and len(ONE) == 52
    assert cards_for(6) == TWO and len(TWO) == 104 and len(set(TWO)) == 104
    s = RULES.new(6, 3)
    assert sum(len(z.cards) for z in s.zones()) == 104
    assert "7Hb" in [c for z in s.zones() for c in z.cards]
    assert [len(h) for h in s.hands] == [7] * 6


def test_match_by_suit_or_rank_else_refused() -> None:
    s = game([H0, H1, H2], "3H")
    legal = {str(a) for a in s.legal_actions(1)}
    assert {"play 7H", "play AH", "play 8H", "play TH", "play JS", "draw"} == legal
    refused(s, 1, "play KD", "match")
    refused(s, 1, "play 3D", "not_held")
    refused(s, 0, "play 3C", "turn")
    refused(s, 1, "pass", "no_pass")
    refused(s, 1, "suit H", "no_suit")
    s.apply(1, "play TH")  # a ten: play turns the other way
    assert s.turn == 0 and s.dir == -1
    assert {str(a) for a in s.legal_actions(0)} == {"draw"}  # no heart, no ten
    s = game([H0, H1, H2], "3H")
    s.apply(1, "draw")
    s.apply(1, "pass")
    assert "play 3D" in {str(a) for a in s.legal_actions(2)}  # the rank of the top card


def test_a_seven_makes_the_next_seat_draw_two() -> None:
    s = game([H0, H1, H2], "3H", ["KS", "KH", "5S"])
    s.apply(1, "play 7H")
    assert s.turn == 2 and s.penalty == 2
    s2 = s.clone()
    # seat 2 could answer with its seven; suppose it draws instead
    assert {str(a) for a in s.legal_actions(2)} == {"play 7S", "draw"}
    refused(s, 2, "play 3D", "seven")
    events = s.apply(2, "draw")
    assert {"KS", "KH"} <= set(s.hands[2]) and s.penalty == 0 and s.turn == 0
    assert [e.data.get("why") for e in events if e.kind == "draw"] == ["seven", "seven"]
    # the seven is dead: seat 0 plays on it as on any heart or seven
    assert {str(a) for a in s.legal_actions(0)} == {"draw"}
    assert s2.penalty == 2


def test_sevens_answered_stack_two_more_each() -> None:
    h0 = ["7C", "3C", "4C", "5C", "6C", "9C", "QC"]
    s = game([h0, H1, H2], "3H", ["KS", "KH", "5S", "5H", "6S"])
    s.apply(1, "play 7H")
    s.apply(2, "play 7S")
    assert s.turn == 0 and s.penalty == 4
    s.apply(0, "play 7C")
    assert s.turn == 1 and s.penalty == 6
    s.apply(1, "draw")
    assert len(s.hands[1]) == 7 - 1 + 6 and s.penalty == 0 and s.turn == 2


def test_the_sevens_option_doubles_as_the_page_it_cites() -> None:
    """iskambilci.com: a seven makes the next take 3, a second seven 6, a third 12."""
    h0 = ["7C", "3C", "4C", "5C", "6C", "9C", "QC"]
    s = game([h0, H1, H2], "3H", sevens=3)
    s.apply(1, "play 7H")
    assert s.penalty == 3
    s.apply(2, "play 7S")
    assert s.penalty == 6
    s.apply(0, "play 7C")
    assert s.penalty == 12 and s.turn == 1
    s.apply(1, "draw")
    assert len(s.hands[1]) == 7 - 1 + 12 and s.penalty == 0


def test_a_single_seven_under_the_sevens_option_costs_three() -> None:
    s = game([H0, H1, H2], "3H", sevens=3)
    s.apply(1, "play 7H")
    assert s.penalty == 3
    s.apply(2, "draw")
    assert len(s.hands[2]) == 10


def test_the_jack_goes_on_anything_and_names_the_suit() -> None:
    s = game([H0, H1, H2], "3H")
    s.apply(1, "play JS")
    assert s.phase == "suit" and s.turn == 1
    assert {str(a) for a in s.legal_actions(1)} == {"suit S", "suit H", "suit D", "suit C"}
    refused(s, 1, "play 7H", "name_suit")
    s.apply(1, "suit D")
    assert s.suit == "D" and s.turn == 2 and s.observation(None)["suit"] == "D"
    assert {str(a) for a in s.legal_actions(2)} == {
        "play 3D", "play 4D", "play 5D", "play 6D", "play 9D", "play QD", "draw"}
    refused(s, 2, "play 7S", "match")


def test_no_jack_on_a_live_seven() -> None:
    s = game([H0, H2, H1], "3S")
    s.apply(1, "play 7S")
    assert "play JS" not in {str(a) for a in s.legal_actions(2)}
    refused(s, 2, "play JS", "seven")


def test_the_ace_skips_the_next_seat() -> None:
    s = game([H0, H1, H2], "3H")
    events = s.apply(1, "play AH")
    assert s.turn == 0
    assert [(e.kind, e.seat) for e in events if e.kind == "skip"] == [("skip", 2)]


def test_with_two_seats_the_ace_comes_back() -> None:
    s = game([H0, H1], "3H")
    s.apply(1, "play AH")
    assert s.turn == 1


def test_the_eight_plays_again() -> None:
    s = game([H0, H1, H2], "3H")
    s.apply(1, "play 8H")
    assert s.turn == 1 and s.phase == "play"
    s.apply(1, "play TH")
    assert s.turn == 0


def test_draw_then_play_the_drawn_card_if_it_fits_or_keep_it() -> None:
    s = game([H0, H1, H2], "3H", ["5H", "KS"])
    s.apply(1, "draw")  # allowed though seat 1 could play
    assert s.phase == "drawn" and s.turn == 1 and s.drawn == "5H" and "5H" in s.hands[1]
    assert s.observation(1)["drawn"] == "5H" and s.observation(2)["drawn"] is None
    assert {str(a) for a in s.legal_actions(1)} == {"play 5H", "pass"}
    refused(s, 1, "play 7H", "drawn_only")
    refused(s, 1, "draw", "drawn")
    s.apply(1, "play 5H")
    assert s.turn == 2
    s.apply(2, "draw")  # KS does not fit: keep it
    assert {str(a) for a in s.legal_actions(2)} == {"pass"}
    s.apply(2, "pass")
    assert s.turn == 0 and "KS" in s.hands[2] and len(s.hands[2]) == 8 and not s.drawn


def test_the_draw_until_option_draws_until_a_card_fits() -> None:
    s = game([H0, H1, H2], "3H", ["KS", "2S", "5H"], draw_until=True)
    s.apply(1, "draw")
    assert {str(a) for a in s.legal_actions(1)} == {"draw"}
    refused(s, 1, "pass", "draw_again")
    s.apply(1, "draw")
    s.apply(1, "draw")
    assert {str(a) for a in s.legal_actions(1)} == {"play 5H", "pass"}


def test_the_pile_under_the_top_is_reshuffled_when_the_stock_runs_out() -> None:
    deal = stacked([H0, H1], "3H")
    last, under = deal[15], [*deal[16:], "3H"]  # one card left in the stock, the rest played
    order = sorted(under)
    s = RULES.new(2, 1, {"deck": [deal, order]})
    s.stock, s.pile = [last], list(under)  # (set up for the test: the cards played so far)
    s.apply(1, "play 7H")
    events = s.apply(0, "draw")  # two: the stock's last card, then the new stock's first
    assert "reshuffle" in [e.kind for e in events]
    assert {last, order[0]} <= set(s.hands[0]) and s.pile == ["7H"]
    assert s.stock == order[1:][::-1]
    assert s.recycled == order and s.old == [8, 6]  # the hands at the reshuffle


def test_sample_state_keeps_the_reshuffled_cards_in_the_stock_or_drawn_since() -> None:
    s = RULES.new(3, 5)
    rng = random.Random(5)
    while not s.recycled and not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert s.recycled
    for k in range(5):
        obs = s.observation(0)
        world = RULES.sample_state(obs, k)
        assert world.observation(0) == obs
        for seat in (1, 2):  # a hand holds at least its old cards that are not recycled
            kept = [c for c in world.hands[seat] if c not in world.recycled]
            assert len(kept) >= world.old[seat]
        assert set(world.stock) <= set(world.recycled)
        if world.phase == "drawn":
            assert world.drawn in world.hands[world.turn]


def test_going_out_wins_the_deal_and_the_others_score_their_cards() -> None:
    h1 = ["3S", "4H", "5H", "6H", "9H", "QH", "KH"]
    s = game([H0, h1, H2], "3H")
    s.hands[1] = ["4H"]  # a deal near its end (set up for the test)
    events = s.apply(1, "play 4H")
    ends = [e for e in events if e.kind == "deal_end"]
    assert ends and ends[0].data["winner"] == 1
    points = [sum(VALUE[c] for c in H0), 0, sum(VALUE[c] for c in H2)]
    assert points == [2 + 3 + 4 + 5 + 6 + 9 + 10, 0, 20 + 3 + 4 + 5 + 6 + 9 + 10]
    assert s.totals == points and s.last is not None and s.last["points"] == points
    assert s.deal_no == 2 and s.turn == 1 and not s.is_over()  # the winner starts the next
    assert s.result()["sheet"]["rows"] == [[1, 1, points, points]]  # type: ignore[index]


def test_a_last_seven_or_jack_ends_the_deal_at_once() -> None:
    s = game([H0, H1, H2], "3H")
    s.hands[1] = ["JS"]
    s.apply(1, "play JS")
    assert s.deal_no == 2 and s.phase == "play" and s.penalty == 0


def test_the_match_ends_at_the_target_and_the_lowest_total_wins() -> None:
    s = game([H0, H1, H2], "3H", target=50)
    s.totals = [10, 30, 0]
    s.hands[1] = ["4H"]
    events = s.apply(1, "play 4H")
    assert s.is_over() and s.totals == [10 + 39, 30, 57]
    assert s.result()["winners"] == [1] and [e.seat for e in events if e.kind == "won"] == [1]
    assert s.deal_value(1) > s.deal_value(0)


def test_one_deal_length() -> None:
    s = game([H0, H1, H2], "3H", length="deal")
    s.hands[1] = ["4H"]
    s.apply(1, "play 4H")
    assert s.is_over() and s.result()["winners"] == [1]


def test_a_blocked_deal_goes_to_the_fewest_points() -> None:
    s = game([H0, H1], "3H")
    everything = s.stock + s.pile[:-1]
    s.hands[0] += everything
    s.stock, s.pile = [], s.pile[-1:]
    s.hands[1] = ["2D", "KD"]
    s.turn = 1
    s.apply(1, "draw")  # nothing to draw: the turn passes
    assert s.turn == 0 and s.idle == 1
    events = s.apply(0, "draw")
    assert [e.kind for e in events][:2] == ["blocked", "deal_end"]
    assert s.last is not None and s.last["winner"] == 1 and s.last["blocked"]


def test_refusals_have_words_in_every_language() -> None:
    from ui.games.haftkhabis import STRINGS
    for key in ("turn", "name_suit", "no_suit", "not_held", "drawn_only", "draw_again",
                "drawn", "no_pass", "seven", "match"):
        assert set(STRINGS[f"why.{key}"]) == {"fa", "en", "ar"}


def test_the_bot_answers_a_seven_with_a_seven_and_names_its_longest_suit() -> None:
    bot = make("heuristic", "haftkhabis", 1)
    s = game([H0, H1, H2], "3H")
    s.apply(1, "play 7H")
    assert str(bot.act(s, 2)) == "play 7S"
    s = game([H0, H1, H2], "3H")
    s.hands[1] = ["JS", "2D", "KD", "5C"]
    s.apply(1, "play JS")
    assert str(bot.act(s, 1)) == "suit D"


def test_the_bot_keeps_its_jack_and_its_seven_when_another_card_plays() -> None:
    bot = make("heuristic", "haftkhabis", 1)
    s = game([H0, H1, H2], "3H")
    choice = str(bot.act(s, 1))
    assert choice not in ("play JS", "play 7H", "draw")


def test_a_whole_match_of_bots_ends() -> None:
    s = RULES.new(4, 9)
    bots = [make("heuristic", "haftkhabis", k) for k in range(4)]
    steps = 0
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].act(s, seat))
        steps += 1
        assert steps < 20000
    assert s.result()["winners"]


def test_a_person_plays_a_whole_deal_with_the_mouse(app: Any) -> None:
    """Real mouse events through the app's loop: cards dragged to the pile, the suit after a
    jack and the draw or keep by the table's buttons."""
    config = {"game": "haftkhabis", "seats": chairs(4), "options": {"length": "deal"},
              "seed": 3}
    table, person = play(app, config, 30000, seed=2)
    assert table.match.state.is_over(), "the deal did not end"
    assert person.actions > 0


@pytest.mark.parametrize("seats, options", [
    (2, {"draw_until": True, "length": "deal"}), (6, {"sevens": 3, "length": "deal"}),
    (3, {"draw_until": True, "sevens": 3, "length": "deal"}),
])
def test_the_variants_keep_the_contract(seats: int, options: dict[str, object]) -> None:
    """The generic invariant walk (cards kept, refusals change nothing, saves and sampled
    worlds) over the options the suite does not try, since they change the flow: a deal at two
    seats and at six (two packs), and both variants at three (the whole match with the default
    options is the suite's)."""
    walk(RULES.new(seats, seats, options), seats)
