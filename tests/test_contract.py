"""The contract's shared checks: options, stacked decks, patterns, visibility, bad input."""

from __future__ import annotations

import json
import random

import pytest

from game import registry
from game.cards.french import deck
from game.core import (FIELD_MAX, SEAT_METHODS, VIEWER_METHODS, Action, IllegalAction, Option,
                       State, Zone, fill, is_pattern, matches, number_range, on_top, pick_range,
                       random_fill)

HOKM = registry.get("hokm")
THIEF = registry.get("thief")


# -- numeric options ------------------------------------------------------------------------
def test_a_numeric_option_checks_range_step_and_type() -> None:
    purse = Option.number("purse", 500, 100, 2000, 50)
    assert purse.numeric and purse.problem(650) is None
    assert "out of range" in str(purse.problem(50))
    assert "steps of 50" in str(purse.problem(120))
    assert "whole number" in str(purse.problem("500"))
    assert "whole number" in str(purse.problem(True))
    with pytest.raises(ValueError, match="default"):
        Option.number("bad", 7, 0, 10, 5)


def test_resolve_options_names_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(HOKM.options, "target", Option.number("target", 7, 1, 21, 2))
    assert HOKM.resolve_options({"target": 9})["target"] == 9
    with pytest.raises(ValueError, match="target=8 for hokm: not on the steps of 2"):
        HOKM.resolve_options({"target": 8})
    with pytest.raises(ValueError, match=r"out of range 1\.\.21"):
        HOKM.resolve_options({"target": 23})
    with pytest.raises(ValueError, match="sets=5 for hokm: allowed: 1, 2, 3"):
        HOKM.resolve_options({"sets": 5})
    with pytest.raises(ValueError, match="allowed"):
        HOKM.resolve_options({"sets": True})


# -- the engine's API refuses bad input with a message naming it ---------------------------
def test_new_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="seats is a whole number"):
        HOKM.new(4.0, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="options are a dict"):
        HOKM.new(4, 1, 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed is a whole number"):
        HOKM.new(4, "abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        HOKM.new(4, True)
    with pytest.raises(ValueError, match="option deck"):
        HOKM.new(4, 1, {"deck": []})


def test_apply_and_legal_actions_check_seat_and_action() -> None:
    state = THIEF.new(3, 0)
    with pytest.raises(IllegalAction, match="not a Clumsy Thief action"):
        state.apply(0, Action("build", ""))
    with pytest.raises(IllegalAction, match="there is no seat 3"):
        state.legal_actions(3)
    with pytest.raises(IllegalAction, match="there is no seat -1"):
        state.apply(-1, "done")
    with pytest.raises(TypeError, match="an action is an Action"):
        state.apply(0, 3.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a seat is a whole number"):
        state.apply(True, "done")
    with pytest.raises(TypeError, match="a seat is a whole number"):
        state.legal_actions(None)  # type: ignore[arg-type]
    assert state.to_dict() == THIEF.new(3, 0).to_dict()


NOT_SEATS = (True, False, 1.0, "1", -1, 10**18, [1])


def seat_call(state: State, name: str, seat: object) -> object:
    """Call the contract's method ``name`` of ``state`` with ``seat`` and arguments that would
    otherwise do: a legal action of the seat in turn (filled), a card of the game, the trick."""
    turn = state.to_act()[0]
    action = random_fill(state.legal_actions(turn)[0], state.own_cards(turn), random.Random(1))
    card = next((c for z in state.zones() for c in z.cards), "AS")
    more = {"apply": (action,), "why_illegal": (action,), "move_of": (action,),
            "drop_action": (card, "trick"), "why_not_move": (card, None)}.get(name, ())
    return getattr(state, name)(seat, *more)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_seat_is_a_whole_number_at_the_table(game_id: str) -> None:
    """``observation(True)`` and ``observation(1.0)`` gave seat 1's hand, ``observation(9)`` an
    IndexError: every method that takes a seat, a game's own included, refuses what is no
    seat at the table, clearly, and changes nothing."""
    rules = registry.get(game_id)
    state = rules.new(max(rules.seat_counts), 2)
    before = state.to_dict()
    for name in SEAT_METHODS:
        for seat in (*NOT_SEATS, state.seats, *([] if name in VIEWER_METHODS else [None])):
            with pytest.raises((TypeError, IllegalAction), match=r"a seat is a whole number|"
                               r"there is no seat"):
                seat_call(state, name, seat)
        try:  # the last seat is one (an action may be refused, not its seat)
            seat_call(state.clone(), name, state.seats - 1)
        except IllegalAction as e:
            assert "no seat" not in str(e)
    assert state.observation(None)["seat"] is None and state.facts(None) is not None
    assert state.to_dict() == before


def test_the_engine_shuffle_is_random_shuffle_draw_for_draw() -> None:
    """Every game's chance (and so every saved game) depends on it: `fast.shuffle_with` must give
    exactly what `random.Random.shuffle` gives from the same generator, and leave it alike."""
    from game.fast import shuffle_with
    for seed in range(300):
        for n in (0, 1, 2, 7, 49, 52, 104, 1100):
            cards = [str(i) for i in range(n)]
            mine, theirs = random.Random(seed), random.Random(seed)
            expected = list(cards)
            theirs.shuffle(expected)
            assert shuffle_with(mine, cards) == expected
            assert mine.getstate() == theirs.getstate()


def test_apply_trusts_only_the_last_legal_list_of_the_same_state() -> None:
    """A legal action skips the game's second check only when `legal_actions` has just listed it
    for that seat of that very state; a clone, another seat or a changed state is checked."""
    state = HOKM.new(4, 5, {"length": "hand"})
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])  # trump named
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    twin = state.clone()
    twin.hands[seat] = [c for c in twin.hands[seat] if c != legal[0].arg]
    with pytest.raises(IllegalAction, match="you do not hold"):
        twin.apply(seat, legal[0])  # the clone is not the state the list was made for
    other = (seat + 1) % 4
    assert state.legal_actions(other) == []
    state.legal_actions(seat)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(other, legal[0])  # the list was for another seat
    state.legal_actions(seat)
    state.apply(seat, legal[0])
    with pytest.raises(IllegalAction):
        state.apply(seat, legal[1])  # the list is spent once an action is applied


# -- restore refuses what no game allows ----------------------------------------------------
def _hokm_save() -> dict:
    state = HOKM.new(4, 3)
    return state.to_dict()


@pytest.mark.parametrize("damage, message", [
    (lambda d: d["hands"].pop(), r"hands holds one entry for each seat \(4\), not 3"),
    (lambda d: d["hands"][0].__setitem__(0, "ZZ"), "not cards of this deal: ZZ"),
    (lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]), "too many of"),
    (lambda d: d.__setitem__("turn", 9), "turn 9 is not a seat"),
    (lambda d: d.__setitem__("seats", 7), "seats, not 7"),
    # Refused before any per-seat list is built (this one hung at 6 GB).
    (lambda d: d.__setitem__("seats", 100_000_000), "seats, not 100000000"),
    (lambda d: d.__setitem__("seats", "4"), "seats is a whole number"),
    (lambda d: d.__setitem__("seed", float("inf")), "seed is a whole number"),
    (lambda d: d.__setitem__("chance_count", -1), "chance_count"),
    (lambda d: d.__setitem__("options", {"sets": 9}), "sets=9"),
    (lambda d: d.pop("hands"), "without its field 'hands'"),
])
def test_restore_refuses_an_impossible_game(damage, message: str) -> None:  # type: ignore[no-untyped-def]
    d = _hokm_save()
    assert registry.restore(d).to_dict() == d
    damage(d)
    with pytest.raises(ValueError, match=message):
        registry.restore(d)


def test_restore_refuses_what_is_not_a_save() -> None:
    with pytest.raises(TypeError, match="a saved game is a dict"):
        registry.restore(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="without its field"):
        registry.restore({"game": "hokm"})
    with pytest.raises(ValueError, match="names its game"):
        registry.restore({"game": "chess"})


# -- stacking every shuffle -----------------------------------------------------------------
def _rotated(k: int) -> list[str]:
    cards = deck()
    return cards[k:] + cards[:k]


def test_a_list_of_decks_stacks_the_hakem_draw_and_three_hands() -> None:
    draw = on_top(["2S", "AS", "3S", "4S"], deck())  # seat 1 draws the ace: Hakem
    hands = [_rotated(5), _rotated(11), _rotated(17)]
    state = HOKM.new(4, 9, {"deck": [draw, *hands]})
    assert state.hakem == 1
    for n, stacked in enumerate(hands):
        hakem = state.hakem
        first_five = stacked[:5]
        assert state.hands[hakem] == first_five, f"hand {n + 1} is dealt from its stacked deck"
        while state.hand_no == n + 1 and not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, state.legal_actions(seat)[0])
    assert state.hand_no == 4, "the fourth hand is shuffled from the seed"


def test_a_single_deck_stacks_the_first_deal_not_the_draw() -> None:
    stacked = _rotated(3)
    state = HOKM.new(4, 5, {"deck": stacked})
    assert state.hands[state.hakem] == stacked[:5]


@pytest.mark.parametrize("bad, message", [
    (deck()[:-1], "1 missing: AC"),
    (deck()[:-1] + ["AS"], "too many of: AS"),
    (deck()[:-1] + ["XX"], "not cards of this deal: XX"),
])
def test_a_stacked_deck_that_does_not_fit_is_refused(bad: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HOKM.new(4, 1, {"deck": bad})
    with pytest.raises(ValueError, match=f"stacked deck 2 .deal.: {message}"):
        HOKM.new(4, 1, {"deck": [deck(), bad]})


# -- patterns -------------------------------------------------------------------------------
def test_patterns_fill_and_match() -> None:
    pass3, claim = Action("pass", "?3"), Action("claim", "?1-4 K")
    stake = Action("stake", "#10-50/10")
    assert all(is_pattern(a) for a in (pass3, claim, stake))
    assert not is_pattern(Action("pass", "2C 3H QS"))
    assert pick_range(pass3) == (3, 3) and pick_range(claim) == (1, 4)
    assert number_range(stake) == range(10, 51, 10) and pick_range(stake) is None
    assert fill(pass3, ["2C", "3H", "QS"]) == Action("pass", "2C 3H QS")
    assert fill(claim, ["2C"]) == Action("claim", "2C K")
    assert fill(stake, number=30) == Action("stake", "30")
    with pytest.raises(ValueError):
        fill(pass3, ["2C", "3H"])
    with pytest.raises(ValueError):
        fill(pass3, ["2C", "2C", "3H"])
    with pytest.raises(ValueError):
        fill(stake, number=35)
    assert matches(pass3, Action("pass", "2C 3H QS"))
    assert not matches(pass3, Action("pass", "2C 3H"))
    assert not matches(pass3, Action("pass", "2C 2C 3H"))
    assert matches(claim, Action("claim", "2C 3H K")) and not matches(claim, Action("claim", "K"))
    assert not matches(claim, Action("claim", "2C 3H Q"))
    assert matches(stake, Action("stake", "40")) and not matches(stake, Action("stake", "45"))
    rng = random.Random(1)
    hand = ["2C", "3H", "QS", "KD", None]
    for _ in range(50):
        for pattern in (pass3, claim, stake):
            filled = random_fill(pattern, hand, rng)
            assert matches(pattern, filled) and not is_pattern(filled)
            assert set(filled.arg.split()) - {"K"} <= {"2C", "3H", "QS", "KD"} | {
                str(n) for n in range(10, 51, 10)}


# -- per-card visibility ---------------------------------------------------------------------
def test_shown_cards_of_a_hidden_zone_are_public() -> None:
    pile = Zone("pile:0:1", "stack", 0, ["AS", "KH", "2D"], "pile", (), [False, False, True])
    assert pile.visible(0) == [None, None, "2D"] and pile.visible(None) == [None, None, "2D"]
    assert pile.view(1)["shown"] == [False, False, True]
    hand = Zone("hand:0", "hand", 0, ["AS"], "fan", (0,))
    assert hand.visible(0) == ["AS"] and hand.visible(1) == [None] and "shown" not in hand.view(0)


def test_observations_say_teams_and_direction() -> None:
    obs = HOKM.new(4, 1).observation(None)
    assert obs["teams"] == [[0, 2], [1, 3]] and obs["direction"] == "anticlockwise"
    tiraje = registry.get("tiraje").new(3, 1).observation(0)
    assert tiraje["teams"] is None and tiraje["direction"] == "clockwise"


def test_the_well_formed_actions_remembered_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bluff's filled claims seldom repeat: the set of checked actions stops growing at its
    bound, and an action beyond it is still checked and played."""
    from game.simulate import simulate

    rules = registry.get("bluff")
    monkeypatch.setattr(rules, "WELL_FORMED_KEPT", 50)
    rules.__dict__.pop("well_formed", None)  # a fresh cache for this test
    simulate("bluff", 3, 1, ["random"] * 3)
    assert len(rules.well_formed) == 50
    rules.__dict__.pop("well_formed", None)


def test_a_plain_tuple_equal_to_a_known_action_is_refused_by_type() -> None:
    """A tuple equals the `Action` it spells and hashes alike, so membership alone let it in
    once the equal action had been played anywhere; the type is checked first."""
    state = HOKM.new(4, 1)
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    state.clone().apply(seat, action)  # the equal action is now well known to the rules
    assert action in HOKM.well_formed
    before = state.to_dict()
    with pytest.raises(TypeError, match="an action is an Action"):
        state.apply(seat, tuple(action))  # type: ignore[arg-type]
    assert state.to_dict() == before
    state.apply(seat, action)


# -- damaged saves: every field ---------------------------------------------------------------
DAMAGE = ("", -1, None, "XX", 10**18, [], {}, True, [0])


def played_on(state: State, seed: int, limit: int = 3000) -> None:
    """Play ``state`` to its end (at most ``limit`` actions) with random legal actions."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over():
            return
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        if is_pattern(action):
            action = random_fill(action, state.own_cards(seat), rng)
        state.apply(seat, action)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_damaged_field_is_refused_by_restore_or_the_game_plays_on(game_id: str) -> None:
    """Each field of a saved game in play set to a value of another kind or far out of range:
    `registry.restore` refuses it in its own words, or the game it gives plays to its end. No
    damage passes the restore to fail in play (Hokm's empty trump raised KeyError there, a
    two-seat Hokm's sets of one side IndexError, Shelem's bid of "" TypeError...), where only
    `registry.load`'s trial would have caught it, in the words of whatever broke."""
    rules = registry.get(game_id)
    for seats in sorted({min(rules.seat_counts), rules.usual_seats}):
        state = rules.new(seats, 1)
        played_on(state, 1, limit=17)
        saved = state.to_dict()
        for field in saved:
            for value in DAMAGE:
                if field == "game" or (saved[field] == value and type(saved[field]) is type(value)):
                    continue
                damaged = json.loads(json.dumps({**saved, field: value}))
                try:
                    registry.restore(json.loads(json.dumps(damaged)))
                except ValueError:
                    continue
                try:
                    loaded = registry.load(damaged)
                except ValueError as e:
                    assert "fails in play" not in str(e), f"{field}={value!r}: {e}"
                    continue  # not written back as saved: refused in its own words
                played_on(loaded, 7)


def damaged(game_id: str, seats: int, field: str, value: object) -> dict:  # type: ignore[type-arg]
    state = registry.get(game_id).new(seats, 3)
    played_on(state, 3, limit=9)
    return {**state.to_dict(), field: value}


@pytest.mark.parametrize("game_id, seats, field, value, message", [
    ("hokm", 4, "trump", "", "trump is one of 'S', 'H', 'D', 'C', not ''"),
    ("nohasht", 5, "dealer", 10**18, "dealer is a seat of this table of 5, not 10{18}"),
    ("hokm", 2, "sets", [0], r"sets holds one entry for each side \(2\), not 1"),
    ("hokm", 4, "sheet", [[1, 0, 0]] * 1_000_000, f"sheet holds more than {FIELD_MAX} entries"),
    ("bidel", 4, "history", [[0, ["2C"]]] * 1_000_000, "history holds more than"),
    ("fal_eshgh", 1, "name", "x" * 1_000_000, "a text of 1000000 characters"),
    ("shelem", 4, "trump", "", "trump is one of"),
    ("farib", 4, "dealer", 10**18, "dealer is a seat"),
    ("bistoyek", 4, "banker", 10**18, "banker is a seat"),
    ("pasur", 2, "totals", [0], r"totals holds one entry for each side \(2\), not 1"),
    ("taki", 4, "declared", [False], r"declared holds one entry for each seat \(4\)"),
    ("hokm", 4, "options", {}, "options name every option of hokm"),
])
def test_restore_refuses_the_damage_that_failed_in_play_in_its_own_words(
        game_id: str, seats: int, field: str, value: object, message: str) -> None:
    """The damage the issue met (an empty trump, a dealer of 10**18, a two-seat Hokm's sets of
    one side, a million entries) and its kin in other games: refused by `registry.restore`
    itself, naming the field, before any move is tried."""
    with pytest.raises(ValueError, match=message):
        registry.restore(damaged(game_id, seats, field, value))


def test_why_a_card_may_not_move_is_the_rules_reason() -> None:
    """`State.why_not_move`, what the table says when a card is dropped where it may not go:
    in Hokm, a card of another suit while the seat holds the suit led is refused for not
    following; a card the seat may play has no reason against it; a card it does not hold is
    refused too."""
    rng = random.Random(1)
    state = registry.get("hokm").new(4, 1)
    for _ in range(400):
        seat = state.to_act()[0]
        led = state.trick[0][1] if state.trick else None  # the suit led
        hand = state.hands[seat]
        if led and any(c[1] == led for c in hand) and any(c[1] != led for c in hand):
            other = next(c for c in hand if c[1] != led)
            mine = next(c for c in hand if c[1] == led)
            reason = state.why_not_move(seat, other, "trick")
            assert getattr(reason, "key", None) == "follow", reason
            assert state.why_not_move(seat, mine, "trick") is None
            assert state.why_not_move(seat, next(c for c in deck() if c not in hand), "trick")
            return
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no trick came where a seat could fail to follow")
