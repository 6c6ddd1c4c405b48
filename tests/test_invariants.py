"""Invariants every registered game keeps, checked over seeded random playouts."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from game import registry
from game.core import Action, IllegalAction, State, is_pattern, random_fill

GAMES = registry.ids()
SEEDS = range(4)
GARBAGE = ["", "   ", "xyzzy", "play", "play ZZ", "grab", "palette Q9", "bid -1", "\x00"]


def random_playout(game_id: str, seed: int, seats: int | None = None,
                   limit: int = 20000) -> tuple[State, list[tuple[int, str]]]:
    """Play ``game_id`` with uniformly random actions of uniformly random acting seats."""
    rules = registry.get(game_id)
    n = seats or rules.seat_counts[0]
    state = rules.new(n, seed)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while not state.is_over():
        assert len(moves) < limit, f"{game_id} seed {seed}: no end after {limit} actions"
        acting = state.to_act()
        assert acting, "a game that is not over must have a seat to act"
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is asked to act but has no legal action"
        action = concrete(state, seat, rng.choice(legal), rng)
        state.apply(seat, action)
        moves.append((seat, str(action)))
    return state, moves


def concrete(state: State, seat: int, action: Action, rng: random.Random) -> Action:
    """``action``, or a random filling of it when it is a pattern (its cards from the hand)."""
    if not is_pattern(action):
        return action
    return random_fill(action, state.own_cards(seat), rng)


def card_multiset(state: State) -> Counter[str]:
    return Counter(c for z in state.zones() for c in z.cards)


def all_cards_in_view(obs: dict) -> list[str]:
    return [c for z in obs["zones"] for c in z["cards"] if c is not None]


QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def strings_in_json(text: str) -> set[str]:
    """Every string written in the JSON ``text`` (keys too): `strings_in` of what it encodes,
    read at C speed (the walk asks it for every seat at every step)."""
    return set(QUOTED.findall(text))


def refused(state: State, seat: int, action: Action | str, words: str = "") -> None:
    """``action`` is refused with `IllegalAction` (saying ``words``): `pytest.raises` without
    its cost, which the walk pays hundreds of thousands of times."""
    try:
        state.apply(seat, action)
    except IllegalAction as e:
        assert words in str(e), f"{action} refused, but not for {words!r}: {e}"
        return
    raise AssertionError(f"{action} was not refused")


def strings_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings_in(v)]
    return []


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_with_a_result(game_id: str, seed: int) -> None:
    rules = registry.get(game_id)
    for seats in rules.seat_counts:
        state, _ = random_playout(game_id, seed, seats)
        result = state.result()
        assert result["winners"], "a finished game names its winners"
        assert len(result["points"]) == seats
        json.dumps(result)


TRIED_PER_SEAT = 40
"""Actions legal earlier that each seat tries again at each step (a sample, once there are
more: a ten-seat Super Taki match would otherwise try thousands at every step)."""


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_step_of_a_deal_keeps_the_contract(game_id: str, seed: int) -> None:
    """Cards conserved, codes round-trip, refusals change nothing, saves round-trip,
    observations hide what they must and sampled states look the same to their seat: every
    step of one deal (the rules' unit) at the most seats."""
    rules = registry.get(game_id)
    walk(rules.new(rules.seat_counts[-1], seed, dict(rules.unit_options)), seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_of_a_whole_match_keeps_the_contract(game_id: str) -> None:
    """The same through a whole match with the default options (deals that follow deals,
    scores carried) at the fewest seats."""
    rules = registry.get(game_id)
    walk(rules.new(rules.seat_counts[0], 11), 11)


def walk(state: State, seed: int) -> None:
    """Play ``state`` out at random, checking the contract at every step."""
    rules = state.rules
    n = state.seats
    cards = card_multiset(state)
    seen: list[set[str]] = [set() for _ in range(n)]  # what each seat was ever shown
    for event in state.opening:
        for viewer in range(n):
            if event.visible_to(viewer):
                seen[viewer].update(strings_in(event.data))
    rng = random.Random(seed)
    tried: set[Action] = set()
    step = 0
    chips = state.chips()
    while not state.is_over():
        step += 1
        assert card_multiset(state) == cards, "a card appeared or vanished"
        assert state.chips() == chips, "a chip appeared or vanished"
        zones = state.zones()
        zone_ids = {z.id for z in zones}
        every_card = {c for z in zones for c in z.cards}
        snapshot = state.to_dict()
        assert registry.restore(json.loads(json.dumps(snapshot))).to_dict() == snapshot

        for seat in range(n):
            obs = state.observation(seat)
            assert {"game", "seat", "to_act", "phase", "zones"} <= set(obs)
            visible = {c for z in zones for c in z.visible(seat) if c is not None}
            hand = next((z.visible(seat) for z in zones if z.id == f"hand:{seat}"), [])
            assert state.own_cards(seat) == [c for c in hand if c is not None]
            assert set(all_cards_in_view(obs)) <= visible
            seen[seat] |= visible
            hidden_now = every_card - visible
            leaked = strings_in_json(json.dumps(  # options: set before the deal (Bi-Del's
                {k: v for k, v in obs.items() if k not in ("zones", "options")}))  # "2D")
            told = (leaked & hidden_now) - seen[seat]
            assert not told, f"seat {seat} is told hidden cards {sorted(told)} ({state.phase})"
            if step % 7 == 1:
                # The seat's unseen cards dealt anew change nothing it is shown: not to_act()
                # (an interrupt offered only to the holder of a card would show here), not
                # its own legal actions.
                sample = rules.sample_state(obs, seed + step)
                assert sample.observation(seat) == obs
                assert sample.legal_actions(seat) == state.legal_actions(seat)
                assert card_multiset(sample) == cards
        public = state.observation(None)
        assert set(all_cards_in_view(public)) <= {
            c for z in state.zones() for c in z.visible(None) if c is not None}

        acting = state.to_act()
        for seat in range(n):
            legal = state.legal_actions(seat)
            if seat not in acting:
                assert not legal, f"seat {seat} has actions but is not to act"
            for action in legal:
                assert rules.parse_action(str(action)) == action
                move = state.move_of(seat, action)
                if move is not None:
                    assert move[1] in zone_ids, f"{action} moves to a zone that is not there"
            not_now = sorted(tried - set(legal), key=str)
            for action in rng.sample(not_now, min(TRIED_PER_SEAT, len(not_now))):
                refused(state, seat, action)
            for code in GARBAGE:
                refused(state, seat, code)
            for pattern in (a for a in legal if is_pattern(a)):
                refused(state, seat, pattern, "choose")
        assert state.to_dict() == snapshot, "a refused action changed the game"

        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        tried.update(a for a in legal if not is_pattern(a))
        for event in state.apply(seat, concrete(state, seat, rng.choice(legal), rng)):
            for viewer in range(n):
                if event.visible_to(viewer):
                    seen[viewer].update(strings_in(event.data))
        assert step < 20000


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_and_actions_give_the_same_game(game_id: str) -> None:
    first, moves = random_playout(game_id, 7)
    rules = registry.get(game_id)
    again = rules.new(first.seats, 7)
    for seat, code in moves:
        again.apply(seat, code)
    assert again.to_dict() == first.to_dict()
    other = rules.new(first.seats, 8)
    assert other.to_dict() != rules.new(first.seats, 7).to_dict()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_state_and_its_clone_never_change_each_other(game_id: str) -> None:
    """A clone shares every field its game does not name for copying (`game.fast.make_clone`,
    or a clone written by hand): at every step of a random match (the most seats, then the
    fewest) a clone is made, an action played on it, another on the original; neither may
    change the other, as a shared list changed in place (``+=``, ``append``) would."""
    rules = registry.get(game_id)
    for seats in {rules.seat_counts[-1], rules.seat_counts[0]}:
        state, rng = rules.new(seats, 5), random.Random(5)
        for _ in range(400):
            if state.is_over():
                break
            before = state.to_dict()
            twin = state.clone()
            seat = rng.choice(twin.to_act())
            twin.apply(seat, concrete(twin, seat, rng.choice(twin.legal_actions(seat)), rng))
            assert state.to_dict() == before, f"playing on a clone changed the original ({seat})"
            after = twin.to_dict()
            seat = rng.choice(state.to_act())
            state.apply(seat, concrete(state, seat, rng.choice(state.legal_actions(seat)), rng))
            assert twin.to_dict() == after, f"playing on the original changed its clone ({seat})"


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_describe_themselves(game_id: str) -> None:
    rules = registry.get(game_id)
    assert rules.id == game_id and {"fa", "en", "ar"} <= set(rules.names)
    assert rules.__module__ and registry.get(game_id) is rules
    module = __import__(rules.__module__, fromlist=["_"])
    assert (module.__doc__ and "Options" in module.__doc__) or "option" in module.__doc__.lower()
    with pytest.raises(ValueError, match="seats"):
        rules.new(99, 0)
    with pytest.raises(ValueError, match="unknown option"):
        rules.new(rules.seat_counts[0], 0, {"no_such_option": 1})
