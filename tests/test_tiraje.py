"""Tiraje rules from seed 000: the seed's figures, the seven rules, the odd-number actions, the
advanced options, and the contract over seeded playouts."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from typeguard import check_type

from game import bots, registry
from game.core import Action, IllegalAction, on_top
from game.rules.tiraje import (CARDS, TirajeObservation, TirajeState, best_cards, card_value,
                               standing, winner)
from tests.test_shapes import events_as_declared

RULES = registry.get("tiraje")
ALL_ON = {"actions": True, "palette_draw": True, "scoring": True}


def stacked(hands: list[list[str]], palettes: list[str], **options: Any) -> TirajeState:
    """A new game dealt from a stacked deck: 7-card hands, then one palette card each."""
    deck = on_top([c for h in hands for c in h] + palettes, CARDS)
    state = RULES.new(len(hands), 1, {**options, "deck": deck})
    assert isinstance(state, TirajeState)
    return state


def position(hands: list[list[str]], palettes: list[list[str]], current: int = 0,
             canvas: tuple[str, ...] = (), deck_top: tuple[str, ...] = (),
             banks: list[list[str]] | None = None, out: tuple[int, ...] = (),
             **options: Any) -> TirajeState:
    """A mid-round position; every card not named lies in the deck under ``deck_top``."""
    n = len(hands)
    d = RULES.new(n, 1, options).to_dict()
    banks = banks or [[] for _ in range(n)]
    named = [c for h in hands for c in h] + [c for p in palettes for c in p] + list(canvas)
    named += list(deck_top) + [c for b in banks for c in b]
    assert len(set(named)) == len(named)
    rest = [c for c in CARDS if c not in named]
    d.update(hands=hands, palettes=palettes, canvas=list(canvas), banks=banks, out=[],
             deck=(list(deck_top) + rest)[::-1], current=current, phase="play", pending=0,
             active=[s not in out for s in range(n)], deck_known=0, known=[[]] * n)
    state = registry.restore(d)
    assert isinstance(state, TirajeState)
    return state


def refused(state: TirajeState, seat: int, code: str, reason: str) -> None:
    """``code`` is refused with a message containing ``reason``, and nothing changes."""
    before = state.to_dict()
    assert RULES.parse_action(code) not in state.legal_actions(seat)
    with pytest.raises(IllegalAction, match=re.escape(reason)):
        state.apply(seat, code)
    assert state.to_dict() == before


def codes(state: TirajeState, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


# -- cards and the seven rules ------------------------------------------------------------

def test_figure_1_number_first_then_colour() -> None:
    cards = ["B2", "R4", "V5", "R5"]
    assert sorted(cards, key=card_value, reverse=True) == ["R5", "V5", "R4", "B2"]
    assert card_value("R7") == max(map(card_value, CARDS))
    assert card_value("V1") == min(map(card_value, CARDS))


@pytest.mark.parametrize("rule, palettes, expected", [
    # red: the highest card; a tie of numbers goes to the stronger colour
    ("R", {0: ["R3", "V6"], 1: ["B2", "O5"]}, 0),
    ("R", {0: ["V6", "R1"], 1: ["O6", "B2"]}, 1),
    # orange: most cards of one number; tie: the highest card of the counted group
    ("O", {0: ["R3", "O3", "Y3"], 1: ["R7", "O7"]}, 0),
    ("O", {0: ["R2", "O2", "B7"], 1: ["V5", "B5", "R1"]}, 1),
    # yellow: most cards of one colour; tie: the highest card of the counted group
    ("Y", {0: ["B1", "B2", "B3"], 1: ["R7", "R6"]}, 0),
    ("Y", {0: ["G1", "G2", "R7"], 1: ["Y3", "Y4"]}, 1),
    # green: most even cards; tie: the highest even card
    ("G", {0: ["R2", "O4"], 1: ["R6", "R7", "R5"]}, 0),
    ("G", {0: ["R4", "O4", "R2", "R7"], 1: ["V2", "B4", "O6"]}, 1),
    # blue: most different colours; tie: the highest card (the highest of one per colour)
    ("B", {0: ["R1", "O1", "Y1"], 1: ["R7", "R6"]}, 0),
    ("B", {0: ["R1", "O2", "Y3"], 1: ["V5", "I4", "B1"]}, 1),
    # indigo: longest run of numbers, colours ignored; tie: the highest card of the run
    ("I", {0: ["R1", "O2", "Y3"], 1: ["R7", "O6"]}, 0),
    ("I", {0: ["R1", "O2", "V6", "V7"], 1: ["R3", "R4", "O4"]}, 0),
    # violet: most cards below 4; tie: the highest of them
    ("V", {0: ["R1", "O2"], 1: ["V3", "R7", "O7"]}, 0),
    ("V", {0: ["R1", "O2", "R7"], 1: ["V3", "V2"]}, 1),
])
def test_each_rule_has_a_winner_and_a_tie_break(rule: str, palettes: dict[int, list[str]],
                                                  expected: int) -> None:
    assert winner(palettes, rule) == expected


def test_counted_cards_per_rule() -> None:
    assert best_cards(["R1", "R5", "O2", "V5"], "B") == ["R5", "O2", "V5"]
    assert best_cards(["R3", "V3", "R4", "B6"], "I") == ["R3", "R4"]
    assert best_cards(["R1", "O2", "V6", "V7"], "I") == ["V6", "V7"]
    assert best_cards(["R2", "O2", "V5", "B5"], "O") == ["V5", "B5"]
    assert standing(["R1", "R3"], "G") == (0, 0)
    assert winner({0: ["R1"], 1: ["O3"]}, "G") is None  # nobody satisfies green: nobody wins


# -- the seed's figure 3, played ----------------------------------------------------------

def test_figure_3_green_tie_goes_to_the_six() -> None:
    """Nader (seat 0) and Meysam (seat 1) each reach three even cards; Meysam puts green 7 on
    the canvas and his 6 beats all of Nader's even cards."""
    nader = ["O4", "R2", "Y5", "V1", "V3", "I1", "I3"]
    meysam = ["B4", "G1", "O6", "G7", "B1", "B3", "I5"]
    state = stacked([nader, meysam], ["R4", "V2"])
    assert state.hands == [nader, meysam] and state.palettes == [["R4"], ["V2"]]
    assert len(state.deck) == 49 - 16 and state.deck[-1] == "R1"  # the rest in fixed order
    assert state.current == 1  # Nader wins red (R4 > V2); the seat after him starts
    state.apply(1, "palette B4")
    state.apply(1, "canvas G1")  # green: Meysam 2 even cards, Nader 1
    state.apply(0, "palette O4")  # green: 2 each, Nader's R4 beats Meysam's B4
    state.apply(0, "end")
    state.apply(1, "palette O6")
    state.apply(1, "end")
    state.apply(0, "palette R2")  # three even cards each, but Meysam holds the 6 ...
    refused(state, 0, "end", "seat 1 leads")
    state.apply(0, "canvas Y5")  # ... so Nader changes to yellow: his two reds lead
    assert state.facts(None)["rule"] == "Y" and state.winning() == 0
    state.apply(1, "canvas G7")
    assert standing(state.palettes[0], "G") == (3, card_value("R4"))
    assert standing(state.palettes[1], "G") == (3, card_value("O6"))
    assert state.winning() == 1 and state.current == 0
    assert state.canvas == ["G1", "Y5", "G7"] and state.facts(0)["rule_name"] == "most even cards"


# -- turns, elimination, refusals ----------------------------------------------------------

def test_turn_shapes_and_refusals() -> None:
    state = position([["R7", "G2", "B1"], ["O1", "Y1"]], [["V1"], ["O3"]])
    assert codes(state, 0) == {"palette R7", "palette G2", "fold"}
    refused(state, 1, "palette O1", "not your turn")
    refused(state, 0, "end", "play a card")
    refused(state, 0, "palette Y1", "you do not hold Y1")
    refused(state, 0, "canvas B1", "with B1 on the canvas you would not be winning under blue "
                                   "(most different colours): seat 1 leads")
    refused(state, 0, "canvas G2", "no palette satisfies it")
    refused(state, 0, "palette B1", "could not be winning this turn")
    refused(state, 0, "seven V1 deck", "seven is the action of a 7")
    refused(state, 0, "draw", "may draw only")
    state.apply(0, "palette G2")  # not winning red (O3 > G2), but blue would be
    assert codes(state, 0) == {"canvas B1", "fold"}
    refused(state, 0, "end", "you are not winning under red")
    refused(state, 0, "palette R7", "already played to your palette")
    state.apply(0, "canvas B1")
    assert state.current == 1 and state.rule() == "B" and state.winning() == 0
    for garbage in ("", "palette", "palette r7", "one x R7", "seven R7 hand", "canvas R8"):
        with pytest.raises(IllegalAction):
            RULES.parse_action(garbage)
    for action in ("palette R5", "canvas G7", "seven G3 canvas", "seven G3 deck", "one 2 B4",
                   "draw", "end", "fold"):
        assert str(RULES.parse_action(action)) == action


def test_a_seat_that_cannot_win_folds_and_goes_out() -> None:
    state = position([["V5"], ["O1"], ["Y1"]], [["I6"], ["R7"], ["R6"]])
    assert codes(state, 0) == {"fold"}  # V5 wins neither on the palette nor on the canvas
    refused(state, 0, "palette V5", "could not be winning")
    refused(state, 0, "canvas V5", "no palette satisfies it")
    events = state.apply(0, "fold")
    assert events[0].kind == "out" and events[0].data["reason"] == "fold"
    assert state.out == ["V5", "I6"] and state.facts(None)["eliminated"] == [0]
    assert state.current == 1 and not state.is_over()


def test_a_seat_with_no_hand_at_the_start_of_its_turn_is_out() -> None:
    state = position([["R1", "O2"], [], ["Y4", "V2"]], [["R7"], ["O5"], ["V6"]])
    state.apply(0, "palette O2")
    events = state.apply(0, "end")
    assert (events[0].kind, events[0].seat, events[0].data["reason"]) == ("out", 1, "no cards")
    assert state.out == ["O5"] and state.current == 2
    state.apply(2, "fold")
    result = state.result()
    assert state.is_over() and (result["winners"], result["points"]) == ([0], [1, 0, 0])
    assert result["sheet"]["rows"] == [[1, 1, 0, "R", 0]]  # hand, round, winner, rule, points


# -- the odd-number actions ----------------------------------------------------------------

def test_seven_to_the_canvas_must_win_and_ends_the_turn() -> None:
    state = position([["R7", "G2"], ["O1"]], [["B1"], ["O3"]], actions=True)
    state.apply(0, "palette R7")
    assert state.phase == "action" and state.facts(0)["pending"] == 7
    assert codes(state, 0) == {"seven B1 canvas", "seven B1 deck", "fold"}
    refused(state, 0, "seven R7 canvas", "would not be winning under red")
    refused(state, 0, "seven R7 deck", "after R7 goes to the deck you could not be winning")
    refused(state, 0, "canvas G2", "first carry out your 7")
    refused(state, 0, "end", "first carry out your 7")
    state.apply(0, "seven B1 canvas")  # blue: one colour each, R7 is the highest card
    assert state.canvas == ["B1"] and state.palettes[0] == ["R7"] and state.current == 1


def test_seven_to_the_deck_goes_face_down_on_top_and_a_three_draws_it() -> None:
    state = position([["R7", "G2"], ["O1", "Y3", "O4"]], [["B1"], ["O3"]], actions=True)
    state.apply(0, "palette R7")
    state.apply(0, "seven B1 deck")
    assert state.deck[-1] == "B1" and state.phase == "more"
    assert state.facts(1)["deck_top"] == ["B1"]
    deck = next(z for z in state.observation(1)["zones"] if z["id"] == "deck")
    assert deck["cards"][-1] is None
    state.apply(0, "end")
    state.apply(1, "palette Y3")  # a 3 draws the deck's top card: B1, which everyone saw
    assert "B1" in state.hands[1] and state.facts(0)["known"] == [[], ["B1"]]
    assert state.facts(0)["deck_top"] == []
    state.apply(1, "canvas O1")  # orange: a pair of 3s
    assert state.current == 0 and state.winning() == 1


def test_five_plays_another_card_and_chains() -> None:
    state = position([["R5", "O5", "Y3", "G2"], ["O1"]], [["B1"], ["O2"]], deck_top=("V7",),
                     actions=True)
    state.apply(0, "palette R5")
    assert state.phase == "action" and codes(state, 0) >= {"palette O5", "palette Y3"}
    refused(state, 0, "canvas G2", "first carry out your 5")
    state.apply(0, "palette O5")  # its own 5 acts in turn
    assert state.facts(0)["pending"] == 5
    state.apply(0, "palette Y3")  # and the 3 draws
    assert state.palettes[0] == ["B1", "R5", "O5", "Y3"] and state.hands[0] == ["G2", "V7"]
    assert state.phase == "more"
    state.apply(0, "end")
    last = position([["R5"], ["O1"]], [["B1"], ["O2"]], actions=True)
    last.apply(0, "palette R5")  # nothing left in hand: the 5 does nothing
    assert last.phase == "more" and codes(last, 0) == {"end", "fold"}


def test_three_with_an_empty_deck_does_nothing() -> None:
    state = position([["R3", "G2"], ["O1"]], [["B1"], ["O2"]], actions=True)
    state.deck.clear()
    state.out.extend(c for c in CARDS if c not in {"R3", "G2", "O1", "B1", "O2"})
    state.apply(0, "palette R3")
    assert state.hands[0] == ["G2"] and state.phase == "more"


def test_one_takes_from_a_palette_not_smaller_never_the_only_card() -> None:
    state = position([["R1", "G2"], ["B6"], ["O6"], ["Y6"]],
                     [["R6", "V4"], ["B2"], ["O5", "O3"], ["Y5", "Y3", "Y1"]], actions=True)
    state.apply(0, "palette R1")  # seat 0's palette now holds 3
    assert state.facts(0)["pending"] == 1
    assert codes(state, 0) == {"one 3 Y5", "one 3 Y3", "one 3 Y1", "fold"}
    refused(state, 0, "one 1 B2", "only card")
    refused(state, 0, "one 2 O5", "smaller than yours")
    refused(state, 0, "one 0 V4", "not an opponent")
    state.apply(0, "one 3 Y5")
    assert state.palettes[3] == ["Y3", "Y1"] and state.deck[-1] == "Y5"
    assert state.facts(1)["deck_top"] == ["Y5"] and state.phase == "more"


def test_a_one_may_not_be_played_when_the_turn_cannot_be_won() -> None:
    hopeless = position([["R1", "O5", "Y6"], ["B1"]], [["V2"], ["R7", "O7"]], actions=True)
    refused(hopeless, 0, "palette R1", "may not play a 1")
    hopeful = position([["R1", "O5", "Y6"], ["B1"]], [["V2"], ["R7", "V1"]], actions=True)
    assert "palette R1" in codes(hopeful, 0)  # taking R7 leaves red to V2
    hopeful.apply(0, "palette R1")
    assert codes(hopeful, 0) == {"one 1 R7", "fold"}  # taking V1 would not win
    hopeful.apply(0, "one 1 R7")
    hopeful.apply(0, "end")
    assert hopeful.current == 1


def test_without_the_actions_option_odd_cards_do_nothing() -> None:
    state = position([["R7", "G2"], ["O1"]], [["B1"], ["O3"]])
    state.apply(0, "palette R7")
    assert state.phase == "more" and state.pending == 0 and codes(state, 0) == {"end", "fold"}


# -- greater than palette ------------------------------------------------------------------

def test_palette_draw_after_a_canvas_card_greater_than_the_palette() -> None:
    state = position([["G4", "G2"], ["O1"]], [["V2"], ["O3"]], palette_draw=True)
    state.apply(0, "canvas G4")  # 4 > one palette card: may draw
    assert state.phase == "draw" and codes(state, 0) == {"draw", "end"}
    top = state.deck[-1]
    refused(state, 0, "fold", "draw a card or end")
    events = state.apply(0, "draw")
    assert state.hands[0] == ["G2", top] and state.current == 1
    assert [e.data.get("cards") for e in events if e.kind == "draw" and e.visible_to(1)] == [None]
    assert [e.data["cards"] for e in events if e.kind == "draw" and e.visible_to(0)] == [[top]]
    equal = position([["R3", "G2"], ["O1"]], [["V2", "V4"], ["O3"]], palette_draw=True)
    equal.apply(0, "canvas G2")  # 2 is not greater than 2 palette cards
    assert equal.phase == "play" and equal.current == 1


def test_no_palette_draw_after_a_seven_to_the_canvas() -> None:
    state = position([["R7", "G2"], ["O1"]], [["B6"], ["O3"]], actions=True, palette_draw=True)
    state.apply(0, "palette R7")
    state.apply(0, "seven B6 canvas")  # 6 > one palette card left, yet no draw
    assert state.current == 1 and state.phase == "play"


# -- scoring -------------------------------------------------------------------------------

def test_the_round_winner_banks_the_cards_of_the_final_rule_and_a_new_round_is_dealt() -> None:
    state = position([["R1"], ["O1", "Y1"]], [["V2", "B6", "I4", "R5"], ["O2"]],
                     canvas=("G7",), current=1, scoring=True)
    events = state.apply(1, "fold")
    assert sorted(state.banks[0]) == ["B6", "I4", "V2"]  # green: the even cards
    assert state.facts(None)["banked"] == [12, 0]
    assert [e.kind for e in events][:3] == ["out", "round_end", "shuffle"]
    assert state.round == 2 and all(len(h) == 7 for h in state.hands)
    assert not set(state.banks[0]) & {c for z in state.zones() if not z.id.startswith("bank")
                                      for c in z.cards}
    assert Counter(c for z in state.zones() for c in z.cards) == Counter(CARDS)


def test_blue_banks_the_highest_card_of_each_colour() -> None:
    state = position([["R1"], ["O1"]], [["R5", "R3", "B2", "B6"], ["O2"]], canvas=("B7",),
                     current=1, scoring=True)
    state.apply(1, "fold")
    assert state.banks[0] == ["R5", "B6"]


def test_the_game_ends_when_a_total_reaches_the_target() -> None:
    high = [c for c in CARDS if c[1] in "567"]
    low = [c for c in CARDS if c[1] == "4"] + ["R3", "O3", "Y3", "G3", "B3"]
    state = position([["O2"], ["Y1"]], [["R2"], ["O1"]], current=1, banks=[high, low],
                     scoring=True)
    assert state.facts(None)["target"] == 40
    events = state.apply(1, "fold")
    assert [e.kind for e in events][-2:] == ["hand_end", "game_end"]
    result = state.result()
    assert state.is_over() and (result["winners"], result["points"]) == ([0], [128, 43])


def test_a_hand_below_the_target_is_followed_by_a_new_hand_with_all_cards() -> None:
    banks = [[c for c in CARDS if c[1] == "1"], [c for c in CARDS if c[1] == "2"],
             ["R3", "O3"], ["Y3"]]
    state = position([["R4"], ["O4"], [], []], [["G3"], ["O5"], [], []], current=1,
                     banks=banks, out=(2, 3), scoring=True)
    state.apply(1, "fold")
    assert state.totals == [10, 14, 6, 3] and state.facts(None)["target"] == 30
    assert state.hand_no == 2 and state.round == 1 and not any(state.banks)
    assert len(state.deck) == 49 - 4 * 8 and not state.is_over()


# -- the contract over seeded games --------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, ALL_ON])
def test_seeded_random_games_keep_the_contract(seats: int, options: dict[str, bool]) -> None:
    """Cards are conserved, saves restore, each seat sees only what it may, and every event is
    of a kind Tiraje declares, in its shape: every kind with all options on, all but the odd
    cards' actions, their draws and the hand's end (scoring) with none."""
    made: set[str] = set()
    for seed in range(3):
        state = RULES.new(seats, seed, options)
        events = list(state.opening)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over():
            steps += 1
            assert steps < 5000
            assert Counter(c for z in state.zones() for c in z.cards) == Counter(CARDS)
            snapshot = state.to_dict()
            assert registry.restore(json.loads(json.dumps(snapshot))).to_dict() == snapshot
            seat = state.to_act()[0]
            if steps % 3 == 0:
                for viewer in [*range(seats), None]:
                    obs = state.observation(viewer)
                    shown = [c for z in obs["zones"] for c in z["cards"] if c is not None]
                    assert set(shown) <= {c for z in state.zones() if z.seen_by is None
                                          or viewer in z.seen_by for c in z.cards}
                    sample = RULES.sample_state(obs, steps)
                    assert sample.observation(viewer) == obs
            legal = state.legal_actions(seat)
            for action in legal:
                assert RULES.parse_action(str(action)) == action
            events += state.apply(seat, rng.choice(legal))
        assert state.result()["winners"]
        events_as_declared("tiraje", events)
        made |= {e.kind for e in events}
    unused = set() if options else {"seven", "one", "draw", "hand_end"}
    assert made == set(RULES.events) - unused


def test_sampled_states_keep_the_known_cards_in_place() -> None:
    state = position([["R7", "G2"], ["O1", "Y3", "O4"]], [["B1"], ["O3"]], actions=True)
    state.apply(0, "palette R7")
    state.apply(0, "seven B1 deck")
    sample = RULES.sample_state(state.observation(1), 9)
    assert sample.deck[-1] == "B1" and sample.hands[1] == state.hands[1]
    state.apply(0, "end")
    state.apply(1, "palette Y3")
    sample = RULES.sample_state(state.observation(0), 9)
    assert "B1" in sample.hands[1] and sample.observation(0) == state.observation(0)


def test_same_seed_same_game_and_restore_goes_on_identically() -> None:
    first = RULES.new(3, 11, ALL_ON)
    rng = random.Random(3)
    for _ in range(40):
        seat = first.to_act()[0]
        first.apply(seat, rng.choice(first.legal_actions(seat)))
    saved = first.to_dict()
    again = registry.restore(json.loads(json.dumps(saved)))
    for state in (first, again):
        r = random.Random(5)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, r.choice(state.legal_actions(seat)))
    assert first.to_dict() == again.to_dict()


def test_move_of_names_the_card_and_its_zone() -> None:
    state = position([["R7"], ["O1"]], [["B1"], ["O3"]])
    assert state.move_of(0, Action("palette", "R7")) == ("R7", "palette:0")
    assert state.move_of(0, Action("canvas", "R7")) == ("R7", "canvas")
    assert state.move_of(0, Action("seven", "B1 deck")) == ("B1", "deck")
    assert state.move_of(0, Action("one", "1 O3")) == ("O3", "deck")
    assert state.move_of(0, Action("fold")) is None


# -- the bot -------------------------------------------------------------------------------

def test_heuristic_bot_beats_random_bots() -> None:
    wins = 0
    for game in range(40):
        state = RULES.new(2, game, {"actions": True})
        me = game % 2
        players = {me: bots.make("heuristic", "tiraje", game),
                   1 - me: bots.make("random", "tiraje", game)}
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, players[seat].act(state, seat))
        wins += me in state.result()["winners"]
    assert wins >= 34


def test_heuristic_bot_keeps_high_cards_and_prefers_the_palette() -> None:
    state = position([["R7", "G3"], ["O1"]], [["V1"], ["O2"]])
    bot = bots.make("heuristic", "tiraje", 1)
    assert bot.act(state, 0) == Action("palette", "G3")  # G3 > O2 wins red too: keep R7


def test_heuristic_bot_searches_a_chain_of_fives_once_per_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Five 5s can be played in any order: each position is valued once (3,123 steps and
    ~470 ms before), and past its budget the bot judges lines as they stand."""
    from game.bots import tiraje as bot_module
    state = position([["R5", "O5", "Y5", "G5", "B5", "I3", "V1"], ["O1"]], [["V2"], ["O2"]],
                     actions=True)
    steps = 0
    after = bot_module.HeuristicBot._after

    def counted(self: bot_module.HeuristicBot, *args: Any) -> float:
        nonlocal steps
        steps += 1
        return after(self, *args)

    monkeypatch.setattr(bot_module.HeuristicBot, "_after", counted)
    assert bots.make("heuristic", "tiraje", 1).act(state, 0) == Action("palette", "I3")
    assert steps < 500
    monkeypatch.setattr(bot_module, "BUDGET", 10)
    steps = 0
    assert bots.make("heuristic", "tiraje", 1).act(state, 0) in state.legal_actions(0)
    assert steps < 100


@pytest.mark.parametrize("options", [{}, {"scoring": True}])
def test_heuristic_bot_values_plain_turns_as_its_turn_search_does(
        options: dict[str, bool]) -> None:
    """Where no card is drawn within a turn the bot values each turn straight from the state
    (`HeuristicBot._plain`); at every decision of whole games, at every seat count, it takes the
    move its search of the turn (`HeuristicBot._after`, on clones) would take."""
    from game.bots import tiraje as bot_module
    for seats in RULES.seat_counts:
        for game in range(6):
            state = RULES.new(seats, 300 + game, options)
            assert isinstance(state, TirajeState)
            bot = bot_module.HeuristicBot(game)
            while not state.is_over():
                seat = state.to_act()[0]
                plays = [a for a in state.legal_actions(seat) if a != Action("fold")]
                action = bot.act(state, seat)
                if len(plays) > 1:
                    bot._seen, bot._left = {}, bot_module.BUDGET
                    start = (state.hand_no, state.round)
                    assert action == max(plays, key=lambda a: bot._after(state, seat, a, start))
                state.apply(seat, action)


def test_the_seat_winning_is_a_fact_only_while_one_is() -> None:
    """``winning`` names the seat winning under the rule in force, and is left out while no
    palette satisfies the rule; either way the observation is the declared one."""
    nobody = position([["R7"], ["O1"]], [["R1"], ["O3"]], canvas=("G5",))
    leading = position([["R7"], ["O1"]], [["R1"], ["O3"]])
    assert nobody.winning() is None and leading.winning() == 1
    for state in (nobody, leading):
        for seat in (None, 0, 1):
            check_type(state.observation(seat), TirajeObservation)
    assert "winning" not in nobody.observation(None)
    assert leading.observation(0)["winning"] == 1


def test_a_stacked_deck_is_not_shown_in_the_observation() -> None:
    """The options a seat sees leave the stacked deck out: it would show every hidden card."""
    hands = [CARDS[7 * s:7 * s + 7] for s in range(3)]
    state = stacked(hands, ["V5", "V6", "V7"], actions=True)
    assert "deck" in state.options
    for seat in (None, 0, 1, 2):
        assert state.observation(seat)["options"] == {"actions": True, "palette_draw": False,
                                                      "scoring": False}
