"""Clumsy Thief: the opening, grabs, thieves, jails, refills, the end, and the contract."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game import registry
from game.bots import make
from game.bots.thief import HeuristicBot
from game.core import Action, IllegalAction
from game.core import on_top
from game.rules.thief import CARDS, MONEY, RULES, ThiefState

S0 = ["20", "80", "30", "70", "T", "J", "50"]
S1 = ["40", "60", "T", "30", "30", "60", "60"]
S2 = ["20", "20", "30", "40", "T", "J", "J"]


def new(hands: list[list[str]], rest: list[str] | None = None,
        refill: str = "seven") -> ThiefState:
    """A game whose deck is stacked: the hands (seat 0 first), then ``rest``, then the others."""
    deck = on_top([c for h in hands for c in h] + (rest or []), CARDS)
    state = RULES.new(len(hands), 0, {"deck": deck, "refill": refill})
    assert isinstance(state, ThiefState)
    return state


def play(state: ThiefState, *moves: tuple[int, str]) -> None:
    for seat, code in moves:
        state.apply(seat, code)


def opened(refill: str = "seven") -> ThiefState:
    """S0 builds 20 80 (s1) and 70 30 (s2), S1 builds 60 40 (s3), S2 cannot build: start!"""
    state = new([S0, S1, S2], refill=refill)
    play(state, (0, "build 20 80"), (0, "build 70 30"), (1, "build 60 40"),
         (2, "done"), (1, "done"), (0, "done"))
    assert state.phase == "live"
    return state


def position(hands: list[list[str]], stacks: list[tuple[int, list[str]]], deck: list[str],
             refill: str = "seven") -> ThiefState:
    """A live game restored from a save: the hands, the stacks (owner, cards) and the deck."""
    used = Counter(c for h in hands for c in h) + Counter(deck)
    used += Counter(c for _, cards in stacks for c in cards)
    out = list((Counter(CARDS) - used).elements())
    state = RULES.state_from_dict({
        "game": "thief", "seats": len(hands), "seed": 0, "chance_count": 1,
        "options": {"refill": refill}, "refill": refill,
        "phase": "live", "hands": hands, "deck": deck, "done": [False] * len(hands),
        "stacks": [{"owner": o, "cards": cards} for o, cards in stacks], "out": out})
    assert isinstance(state, ThiefState)
    return state


def refused(state: ThiefState, seat: int, code: str, reason: str) -> None:
    """``code`` is refused with a message containing ``reason`` and changes nothing."""
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, code)
    assert state.to_dict() == before


# -- the opening ----------------------------------------------------------------------------
def test_deal_gives_seven_each_from_the_top_and_the_rest_is_the_deck() -> None:
    state = new([S0, S1, S2])
    assert state.hands == [S0, S1, S2]
    assert len(state.deck) == 93 - 21 and state.phase == "build"
    assert sorted(c for z in state.zones() for c in z.cards) == sorted(CARDS)
    assert [e.data["count"] for e in state.opening if e.to == (0,)] == [7]
    assert [e.data.get("cards") for e in state.opening if e.seat == 1 and e.to == (1,)] == [S1]
    assert all("cards" not in e.data for e in state.opening if e.to and e.seat not in e.to)


def test_every_seat_builds_all_it_can_then_start() -> None:
    state = new([S0, S1, S2])
    assert state.to_act() == [0, 1, 2]
    assert [str(a) for a in state.legal_actions(0)] == [
        "build 20 80", "build 30 70", "build 70 30", "build 80 20"]
    assert state.legal_actions(2) == [Action("done")]
    refused(state, 0, "done", "first build every stack you can: 20 and 80 make 100")
    refused(state, 2, "thief s1", "there is no stack|grabbing begins")
    refused(state, 2, "build 20 80", "you hold no 80")
    refused(state, 0, "build 20 70", "exactly 100, not 20 \\+ 70 = 90")
    events = state.apply(0, "build 20 80")
    assert events[0].kind == "build" and events[0].data["to"] == "stack:s1"
    assert state.stacks == [["20", "80"]] and state.owners == [0]
    play(state, (0, "build 70 30"), (2, "done"))
    assert state.stacks[1] == ["70", "30"] and state.hands[0] == ["T", "J", "50"]
    assert state.to_act() == [0, 1]
    refused(state, 1, "grab 20 s1", "grabbing begins")
    play(state, (1, "build 60 40"), (1, "done"))
    events = state.apply(0, "done")
    assert [e.kind for e in events] == ["done", "start"]
    assert state.phase == "live" and state.to_act() == [0, 1, 2]
    assert state.observation(2)["money"] == [200, 100, 0]


def test_nobody_can_build_so_everyone_draws_one() -> None:
    hands = [["20", "30", "40", "T", "J", "20", "30"], ["20", "30", "40", "T", "J", "50", "T"],
             ["30", "40", "20", "T", "30", "40", "50"]]
    state = new(hands, rest=["80", "40", "60"])
    assert all(state.legal_actions(s) == [Action("done")] for s in range(3))
    play(state, (0, "done"), (1, "done"))
    events = state.apply(2, "done")
    assert state.phase == "build" and [len(h) for h in state.hands] == [8, 8, 8]
    assert [e.data["cards"] for e in events if e.kind == "draw" and e.to and len(e.to) == 1] == [
        ["80"], ["40"], ["60"]]
    assert [str(a) for a in state.legal_actions(0)] == ["build 20 80", "build 80 20"]
    assert [str(a) for a in state.legal_actions(2)] == ["build 40 60", "build 60 40"]
    assert state.legal_actions(1) == [Action("done")]


# -- taking stacks --------------------------------------------------------------------------
def test_grab_with_money_needs_exactly_100_and_takes_the_whole_stack() -> None:
    state = opened()
    refused(state, 2, "grab 30 s2", "30 and the top 30 make 60, not 100")
    refused(state, 2, "grab 80 s1", "you hold no 80")
    refused(state, 2, "grab 20 s9", "there is no stack s9")
    events = state.apply(2, "grab 20 s1")
    assert events[0].data == {"card": "20", "stack": "s1", "owner": 0, "money": 120,
                              "from": "hand:2", "to": "stack:s1"}
    assert state.stacks[0] == ["20", "80", "20"] and state.owners[0] == 2
    assert state.facts(None)["money"] == [100, 100, 120]
    play(state, (0, "done"))
    refused(state, 0, "grab 80 s1", "not your turn")
    state.apply(1, "add 60 s3")
    assert state.done == [False, False, False], "a move opens new grabs for everyone"


def test_thief_takes_any_other_stack_even_one_a_thief_took() -> None:
    state = opened()
    refused(state, 0, "thief s1", "s1 is already yours: a thief steals another seat's stack")
    play(state, (0, "thief s3"))
    assert state.stacks[2] == ["60", "40", "T"] and state.owners[2] == 0
    refused(state, 1, "grab 60 s3", "the top of s3 is a thief: only a thief or a jail")
    play(state, (1, "thief s3"))
    assert state.stacks[2] == ["60", "40", "T", "T"] and state.owners[2] == 1
    assert state.facts(None)["money"] == [200, 100, 0]


def test_jail_goes_only_on_a_thief_and_locks_the_stack() -> None:
    state = opened()
    refused(state, 2, "jail s1", "a jail goes only on a thief; the top of s1 is 80")
    play(state, (1, "thief s1"), (2, "jail s1"))
    assert state.stacks[0] == ["20", "80", "T", "J"] and state.owners[0] == 2
    assert state.facts(None)["locked"] == ["s1"]
    refused(state, 0, "thief s1", "s1 is in jail: nothing may be placed on it")
    refused(state, 0, "jail s1", "s1 is in jail")
    refused(state, 2, "add 20 s1", "s1 is in jail")
    assert not any(a.arg.endswith("s1") for s in range(3) for a in state.legal_actions(s))


def test_jail_on_your_own_thief_keeps_the_stack() -> None:
    state = opened()
    play(state, (0, "thief s3"), (0, "jail s3"))
    assert state.owners[2] == 0 and state.stacks[2][-2:] == ["T", "J"]
    refused(state, 2, "thief s3", "s3 is in jail")


def test_add_only_to_your_own_stack() -> None:
    state = opened()
    refused(state, 1, "add 60 s1", "s1 is not yours: to take it, grab it")
    refused(state, 1, "grab 60 s3", "s3 is already yours: add to it instead")
    refused(state, 1, "add 30 s3", "30 and the top 40 make 70, not 100")
    play(state, (1, "add 60 s3"))
    assert state.stacks[2] == ["60", "40", "60"] and state.owners[2] == 1
    assert state.facts(None)["money"] == [200, 160, 0]


def test_building_goes_on_in_the_live_game() -> None:
    state = position([["20", "80"], ["T"], ["J"]], [], ["30"] * 12)
    play(state, (0, "build 80 20"))
    assert state.stacks == [["80", "20"]] and state.owners == [0]


# -- refills and the end --------------------------------------------------------------------
def test_when_everyone_is_done_hands_refill_to_seven() -> None:
    state = opened()
    top = list(state.deck[:12])
    play(state, (0, "done"), (1, "done"))
    events = state.apply(2, "done")
    assert [e.kind for e in events][:2] == ["done", "refill"]
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert state.hands[0] == ["T", "J", "50"] + top[:4]
    assert state.hands[1] == ["T", "30", "30", "60", "60"] + top[4:6]
    assert state.hands[2] == S2 and state.deck[:6] == top[6:]
    assert state.done == [False, False, False]
    assert state.phase == "build", "the next round opens with building, as the first one"
    for seat in range(3):
        events = state.apply(seat, "done")
    assert state.phase == "live" and [e.kind for e in events] == ["done", "start"]
    play(state, (0, "done"), (1, "done"), (2, "done"))
    assert [len(h) for h in state.hands] == [8, 8, 8], "everyone had 7: everyone draws one"


def test_a_new_round_opens_with_building_before_anyone_grabs() -> None:
    """Seed 001: after the refill another round is played, and a round opens with every seat
    building what it can before «شروع!»: no grab in between."""
    state = new([S0, S1, S2], rest=["80", "20", "40", "40", "70", "70"] + ["30"] * 6)
    play(state, (0, "build 20 80"), (0, "build 70 30"), (1, "build 60 40"),
         (2, "done"), (1, "done"), (0, "done"))
    play(state, (0, "done"), (1, "done"), (2, "done"))  # grabbing stopped: refill
    assert state.phase == "build" and "80" in state.hands[0]
    with pytest.raises(IllegalAction, match="start"):
        state.apply(2, "thief s1")
    builds = state.legal_actions(0)
    assert builds and {a.verb for a in builds} == {"build"}, "who can build must build"
    while state.phase == "build":
        seat = state.to_act()[0]
        assert {a.verb for a in state.legal_actions(seat)} <= {"build", "done"}
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == "live"
    assert Action("thief", "s1") in state.legal_actions(2)


def test_draw_one_variant() -> None:
    state = opened(refill="one")
    play(state, (0, "done"), (1, "done"), (2, "done"))
    assert [len(h) for h in state.hands] == [4, 6, 8]


def test_game_ends_when_the_deck_cannot_bring_everyone_to_seven() -> None:
    stacks = [(0, ["20", "80", "50", "50"]), (1, ["30", "70"]), (2, ["40", "60", "T", "J"])]
    state = position([["T"] * 5 + ["30"], ["J"] * 2 + ["20"] * 5, ["30"] * 7], stacks, ["40"])
    play(state, (0, "done"), (1, "done"), (2, "done"))
    assert state.phase == "build" and state.deck == [] and state.hands[0][-1] == "40"
    play(state, (0, "done"), (1, "done"), (2, "done"))
    assert state.phase == "live"
    play(state, (0, "done"), (1, "done"))
    events = state.apply(2, "done")
    assert state.is_over() and [e.kind for e in events][-2:] == ["set_aside", "end"]
    assert state.hands == [[], [], []] and len(state.out) == 93 - 10
    result = state.result()
    assert (result["winners"], result["points"]) == ([0], [200, 100, 100])
    assert result["sheet"] == {"columns": ["seat", "stacks", "money"],
                               "rows": [[0, 1, 200], [1, 1, 100], [2, 1, 100]]}
    assert state.to_act() == [] and state.legal_actions(0) == []
    refused(state, 0, "done", "the game is over")


def test_a_short_deck_ends_the_game_without_drawing_and_ties_all_win() -> None:
    state = position([["20"] * 7, ["30"] * 6, ["40"] * 5], [(0, ["50", "50"]), (2, ["30", "70"])],
                     ["60", "60"])
    play(state, (0, "done"), (1, "done"))
    assert [e.kind for e in state.apply(2, "done")] == ["done", "set_aside", "end"]
    assert state.is_over() and state.deck == [] and state.hands == [[], [], []]
    result = state.result()
    assert (result["winners"], result["points"]) == ([0, 2], [100, 0, 100])


# -- codes, zones, facts --------------------------------------------------------------------
def test_codes_round_trip_and_garbage_is_refused() -> None:
    for code in ["build 20 80", "build 50 50", "add 80 s3", "grab 20 s12", "thief s1",
                 "jail s7", "done"]:
        assert str(RULES.parse_action(code)) == code
    for code in ["build 20", "build 20 90", "add 80", "grab 80 s0", "grab 80 s01", "thief",
                 "jail 3", "done now", "thief  s1", "pass", "", "T s1"]:
        with pytest.raises(IllegalAction):
            RULES.parse_action(code)


def test_moves_name_a_card_and_a_zone_that_exists() -> None:
    state = opened()
    ids = {z.id for z in state.zones()}
    assert state.move_of(0, Action("build", "20 80")) == ("20", "new:0") and "new:0" in ids
    assert state.move_of(2, Action("grab", "20 s1")) == ("20", "stack:s1")
    assert state.move_of(0, Action("thief", "s3")) == ("T", "stack:s3")
    assert state.move_of(0, Action("jail", "s3")) == ("J", "stack:s3")
    assert state.move_of(0, Action("done")) is None
    assert all(not z.cards for z in state.zones() if z.id.startswith("new:"))


def test_observation_hides_hands_and_deck() -> None:
    state = opened()
    obs = state.observation(1)
    zones = {z["id"]: z for z in obs["zones"]}
    assert zones["hand:1"]["cards"] == ["T", "30", "30", "60", "60"]
    assert zones["hand:0"]["cards"] == [None] * 3 and set(zones["deck"]["cards"]) == {None}
    assert zones["stack:s3"]["cards"] == ["60", "40"] and zones["stack:s3"]["owner"] == 1
    assert obs["done"] == [False] * 3 and obs["deck"] == 72 and obs["refill"] == "seven"


# -- playouts and the contract --------------------------------------------------------------
def candidates(state: ThiefState) -> list[Action]:
    """Every well-formed action that could matter now, legal or not."""
    sids = [f"s{i + 1}" for i in range(len(state.stacks) + 1)]
    acts = [Action("done")] + [Action("build", f"{a} {b}") for a in MONEY for b in MONEY]
    for sid in sids:
        acts += [Action(v, f"{c} {sid}") for v in ("add", "grab") for c in MONEY]
        acts += [Action("thief", sid), Action("jail", sid)]
    return acts


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
@pytest.mark.parametrize("refill", ["seven", "one"])
def test_random_playouts_end_and_keep_the_contract(seats: int, refill: str) -> None:
    for seed in range(3):
        state = RULES.new(seats, seed, {"refill": refill})
        assert isinstance(state, ThiefState)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over():
            steps += 1
            assert steps < 3000
            assert Counter(c for z in state.zones() for c in z.cards) == Counter(CARDS)
            saved = json.loads(json.dumps(state.to_dict()))
            assert registry.restore(saved).to_dict() == state.to_dict()
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                assert legal and all(RULES.parse_action(str(a)) == a for a in legal)
                for action in candidates(state):
                    assert (state.why_illegal(seat, action) is None) == (action in legal), action
            if steps % 5 == 0:
                seat = rng.randrange(seats)
                obs = state.observation(seat)
                assert RULES.sample_state(obs, steps).observation(seat) == obs
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.result()["points"] == state.facts(None)["money"]
        assert not state.deck and not any(state.hands)


def test_same_seed_same_game_and_clone_is_independent() -> None:
    a, b = RULES.new(4, 11), RULES.new(4, 11)
    assert a.to_dict() == b.to_dict() and a.to_dict() != RULES.new(4, 12).to_dict()
    copy = a.clone()
    seat = copy.to_act()[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert a.to_dict() == b.to_dict() != copy.to_dict()


def test_stacked_deck_must_fit_the_game() -> None:
    with pytest.raises(ValueError, match="too many of: J"):
        RULES.new(3, 0, {"deck": on_top(["J"] * 3, CARDS) + ["J"]})
    with pytest.raises(ValueError, match="not cards of this deal: AS"):
        RULES.new(3, 0, {"deck": [*CARDS[1:], "AS"]})
    with pytest.raises(ValueError, match="1 missing: 20"):
        RULES.new(3, 0, {"deck": list(CARDS[1:])})
    with pytest.raises(ValueError, match="option deck"):
        RULES.new(3, 0, {"deck": on_top(["J"] * 4, CARDS)})


# -- the heuristic bot ----------------------------------------------------------------------
def choose(state: ThiefState, seat: int) -> str:
    return str(HeuristicBot(1).act(state, seat))


def test_bot_grabs_the_richest_stack_it_can() -> None:
    stacks = [(1, ["20", "80", "30"]), (2, ["50", "50", "20", "80", "30"]), (1, ["40", "60"])]
    state = position([["70", "40", "T"], ["20"], ["20"]], stacks, ["30"] * 8)
    assert choose(state, 0) == "grab 70 s2"


def test_bot_jails_its_own_richest_thief_topped_stack() -> None:
    stacks = [(0, ["20", "80", "T"]), (0, ["50", "50", "30", "70", "T"]), (1, ["40", "60"])]
    state = position([["J", "30"], ["20"], ["20"]], stacks, ["30"] * 8)
    assert choose(state, 0) == "jail s2"


def test_bot_keeps_its_thief_for_a_rich_stack_but_spends_it_at_the_end() -> None:
    state = position([["T", "30"], ["20"], ["20"]], [(1, ["40", "60"])],
                     ["30"] * 11 + ["70"] * 8)
    assert choose(state, 0) == "done"
    state = position([["T", "30"], ["20"], ["20"]], [(1, ["40", "60"])], ["30"] * 3)
    assert choose(state, 0) == "thief s1"


def test_bot_builds_with_the_rarer_partner_exposed() -> None:
    stacks = [(1, ["20", "80", "20", "80", "20", "80", "20", "T"]),
              (2, ["20", "80", "20", "80", "20", "T"])]
    state = position([["20", "80"], ["30"], ["30"]], stacks, ["30"] * 8)
    assert choose(state, 0) == "build 20 80", "few 20s are unseen: 80 on top is safer"


def test_heuristic_beats_random_bots() -> None:
    wins = 0.0
    games = 60
    for g in range(games):
        state = RULES.new(4, g)
        rng = random.Random(g)
        bots = [make("heuristic" if s == g % 4 else "random", "thief", 10 * g + s)
                for s in range(4)]
        while not state.is_over():
            seat = rng.choice(state.to_act())
            state.apply(seat, bots[seat].act(state, seat))
        winners = state.result()["winners"]
        wins += (g % 4 in winners) / len(winners)
    assert wins / games > 0.4, "the fair share is 25%"


def test_bot_grabs_where_the_card_it_lays_is_hardest_to_answer() -> None:
    """Both stacks hold 100; laying the 60 is worth more, but every unseen 40 could take that
    stack straight back, while no 60 is left unseen to answer a 40."""
    stacks = [(1, ["40", "60"]), (2, ["60", "40"])]
    state = position([["40"] + ["60"] * 10, ["40", "40"], ["40"]], stacks, ["30"] * 8)
    assert choose(state, 0) == "grab 40 s1"


def test_bot_does_not_add_a_card_that_opens_its_stack_to_many() -> None:
    """Its stack's top 80 can be taken only with a 20, and it holds the last one; adding the 20
    would put a top on it that any of eleven unseen 80s takes."""
    stacks = [(0, ["30", "70", "20", "80"]), (1, ["20"] * 5 + ["T"]), (2, ["20"] * 5 + ["T"])]
    state = position([["20", "30"], ["80", "80"], ["80"]], stacks, ["80"] * 8 + ["30"] * 4)
    assert choose(state, 0) == "done"
