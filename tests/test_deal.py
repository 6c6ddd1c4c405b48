"""Dealing hidden cards under constraints (`game.deal.deal_constrained`): the deal always fits
what was revealed, one is found whenever one exists, however little slack the voids leave, and
every deal that fits is equally likely."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from game import deal, registry
from game.core import State, is_pattern, random_fill
from game.deal import deal_constrained

SUITS = "SHDC"


def fits(dealt: dict[str, list[str]], cards: list[str], capacity: dict[str, int],
         voids: dict[str, str]) -> bool:
    """Every card dealt once, every holder filled to its capacity with suits it may hold."""
    return (sorted(c for held in dealt.values() for c in held) == sorted(cards)
            and all(len(dealt[h]) == n for h, n in capacity.items())
            and all(c[-1] not in voids[h] for h, held in dealt.items() for c in held))


def revealed(seed: int) -> tuple[list[str], dict[str, int], dict[str, str]]:
    """Hidden cards, the room of three hands and the suits each showed void in, taken from a
    real (random) deal, so that a deal fitting them exists: the one they came from."""
    rng = random.Random(seed)
    voids = {h: "".join(rng.sample(SUITS, rng.randint(0, 2))) for h in "abc"}
    cards: list[str] = []
    capacity = {}
    for h in "abc":
        capacity[h] = rng.randint(0, 10)
        for _ in range(capacity[h]):
            cards.append(f"{len(cards)}{rng.choice([s for s in SUITS if s not in voids[h]])}")
    return cards, capacity, voids


def test_a_deal_with_no_slack_is_found() -> None:
    """Forty places in a chain: card i may go to holder i or i + 1, the last card to the last
    holder only. Exactly one deal fits (card i to holder i); placing cards one by one with a
    random holder each finds it about once in 300,000 tries."""
    n = 40
    cards = [f"{i}X" for i in range(n)]
    holders = {c: ({i, i + 1} if i < n - 1 else {i}) for i, c in enumerate(cards)}
    for seed in range(5):
        dealt = deal_constrained(cards, dict.fromkeys(range(n), 1),
                                 lambda h, c: h in holders[c], random.Random(seed))
        assert dealt == {i: [c] for i, c in enumerate(cards)}


def test_every_deal_fits_the_voids_and_the_room_of_each_hand() -> None:
    """Over 300 revelations taken from real deals."""
    for seed in range(300):
        cards, capacity, voids = revealed(seed)
        dealt = deal_constrained(cards, capacity, lambda h, c: c[-1] not in voids[h],
                                 random.Random(seed))
        assert fits(dealt, cards, capacity, voids), seed


def every_fitting_deal(cards: list[str], capacity: dict[str, int],
                       voids: dict[str, str]) -> set[tuple[tuple[str, ...], ...]]:
    """Every deal that fits, each as the holders' sorted cards in holder order."""
    out = set()
    for order in itertools.permutations(cards):
        dealt, at = {}, 0
        for h, n in capacity.items():
            dealt[h] = list(order[at:at + n])
            at += n
        if fits(dealt, cards, capacity, voids):
            out.add(tuple(tuple(sorted(dealt[h])) for h in capacity))
    return out


@pytest.mark.parametrize("voids", [{"a": "", "b": "", "c": ""}, {"a": "S", "b": "", "c": ""},
                                   {"a": "S", "b": "H", "c": ""}, {"a": "SH", "b": "D", "c": ""}])
def test_every_deal_that_fits_is_equally_likely(voids: dict[str, str]) -> None:
    """Seven cards to three holders with room for 2, 2 and 3, under voids: each deal that fits
    is drawn as often as chance allows (a chi-squared test at the 0.1 % level, 200 draws a
    deal on average). A deal that places the cards one by one, each with a random holder that
    may take it, fails it: it draws the clumped deals too often."""
    cards = ["1S", "2S", "3S", "1H", "2H", "1D", "1C"]
    capacity = {"a": 2, "b": 2, "c": 3}
    fitting = every_fitting_deal(cards, capacity, voids)
    deal_ = deal.dealer(cards, capacity, lambda h, c: c[-1] not in voids[h], lambda c: c[-1])
    rng = random.Random(7)
    draws = 200 * len(fitting)
    seen = Counter(tuple(tuple(sorted(held)) for held in deal_(rng).values())
                   for _ in range(draws))
    assert set(seen) == fitting
    expected = draws / len(fitting)
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in fitting)
    assert chi2 < chi2_bound(len(fitting) - 1), (chi2, len(fitting))


def chi2_bound(df: int) -> float:
    """The chi-squared value that chance exceeds once in a thousand with ``df`` degrees of
    freedom (the Wilson-Hilferty approximation, good to a few per cent from 3 on)."""
    z = 3.09
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3) if df else 0.0


def test_tight_voids_still_deal_different_worlds_from_different_seeds() -> None:
    cards = [f"{r}{s}" for s in SUITS for r in range(1, 4)]
    capacity = {"a": 4, "b": 4, "c": 4}
    voids = {"a": "S", "b": "", "c": "H"}
    worlds = {tuple(tuple(sorted(held)) for held in deal_constrained(
        cards, capacity, lambda h, c: c[-1] not in voids[h], random.Random(seed)).values())
        for seed in range(40)}
    assert len(worlds) > 20


def test_no_deal_is_made_up_where_none_fits() -> None:
    """Two holders void in spades and three spades hidden: the third holder has room for two."""
    cards = ["1S", "2S", "3S", "1H", "2H", "3H"]
    voids = {"a": "S", "b": "S", "c": ""}
    with pytest.raises(ValueError, match="no deal fits"):
        deal_constrained(cards, {"a": 2, "b": 2, "c": 2},
                         lambda h, c: c[-1] not in voids[h], random.Random(1))


@pytest.mark.parametrize("game_id", ["hokm", "shelem"])
def test_the_worlds_a_seat_is_dealt_are_equally_likely_among_those_it_cannot_tell_apart(
        game_id: str) -> None:
    """Two tricks before the end of a hand (two cards a hidden hand): every way to deal the
    cards seat 0 has not seen to the other hands, each hand void in the suits it failed to
    follow, comes up as often as chance allows among the worlds of `Rules.worlds`, and no
    other does."""
    rules = registry.get(game_id)
    state = next(s for s in (two_tricks_before_the_end(game_id, seed) for seed in range(50))
                 if getattr(s, "hakem", 0) == 0)  # Shelem: seat 0 knows the cards laid away
    led_voids: dict[int, set[str]] = {s: set() for s in range(4)}
    for leader, cards in state.history:
        for i, card in enumerate(cards):
            if card[1] != cards[0][1]:
                led_voids[(leader + i) % 4].add(cards[0][1])
    obs = state.observation(0)
    unseen = sorted(c for s in (1, 2, 3) for c in state.hands[s])
    capacity = {s: len(state.hands[s]) for s in (1, 2, 3)}
    fitting = every_fitting_deal(unseen, capacity,
                                 {s: "".join(led_voids[s]) for s in capacity})
    deal_world = rules.worlds(obs)
    draws = 200 * len(fitting)
    seen = Counter(tuple(tuple(sorted(world.hands[s])) for s in (1, 2, 3))
                   for world in map(deal_world, range(draws)))
    assert set(seen) == fitting
    expected = draws / len(fitting)
    chi2 = sum((seen[d] - expected) ** 2 / expected for d in fitting)
    assert chi2 < chi2_bound(len(fitting) - 1), (chi2, len(fitting))


def two_tricks_before_the_end(game_id: str, seed: int) -> State:
    """A hand of ``game_id`` played at random (seeded) until every hand holds two cards."""
    state = registry.get(game_id).new(4, seed)
    rng = random.Random(seed)
    while not (state.phase == "play" and not state.trick and len(state.hands[0]) == 2):
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        if is_pattern(action):
            action = random_fill(action, state.own_cards(seat), rng)
        state.apply(seat, action)
    return state
