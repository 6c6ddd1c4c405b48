"""Fal-e Eshgh (seed 002): letters counted, piles dealt and gathered, side-by-side pairs read."""

from __future__ import annotations

import pytest

from game import registry
from game.bots import make
from game.cards.french import deck
from game.core import IllegalAction
from game.rules.fal_eshgh import FalEshghState, count_letters

RULES = registry.get("fal_eshgh")


def new(cards: list[str] | None = None, seed: int = 1) -> FalEshghState:
    s = RULES.new(1, seed, {"deck": cards} if cards else None)
    assert isinstance(s, FalEshghState)
    return s


def refused(s: FalEshghState, code: str, key: str) -> None:
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(0, code)
    assert err.value.reason.key == key  # type: ignore[attr-defined]
    assert s.to_dict() == before


def test_letters_count_once_joined_or_not() -> None:
    assert count_letters("مریم") == 4  # م ر ی م: the non-joining ر counts like the others
    assert count_letters("آرزو") == 4  # آ ر ز و: all but آ's mark are non-joining
    assert count_letters("\u0627\u0653رزو") == 4  # ا with a madda mark is one letter
    assert count_letters("لا") == 2 and count_letters("\ufefb") == 2  # the ligature is two
    assert count_letters("علی\u200cرضا") == 6  # the half-space counts nothing
    assert count_letters("مُحَمَّد") == 4  # marks count nothing
    assert count_letters("ـمـ") == 1  # nor does the tatweel
    assert count_letters("Leila Ali") == 8
    assert count_letters("Ali2") is None and count_letters("!") is None


def test_bad_names_are_refused_with_a_reason() -> None:
    s = new()
    refused(s, "next", "name_first")
    refused(s, "name", "no_letters")
    refused(s, "name ـ\u200c", "no_letters")
    refused(s, "name Ali2", "letters_only")
    refused(s, "name " + "م" * 27, "too_long")
    s.apply(0, "name " + "م" * 26)
    refused(s, "name مریم", "named")
    assert s.observation(0)["letters"] == 26


def test_the_layout_follows_the_seed() -> None:
    cards = deck()
    s = new(cards)
    s.apply(0, "name علی")  # three letters: three piles
    events = s.apply(0, "next")  # the first round: one card on each pile
    assert len(events) == 3 and [len(p) for p in s.piles] == [1, 1, 1]
    while s.phase == "deal":
        s.apply(0, "next")
    assert [len(p) for p in s.piles] == [18, 17, 17] and not s.deck
    assert s.piles[0][:2] == [cards[0], cards[3]] and s.piles[1][0] == cards[1]
    s.apply(0, "next")  # gather: pile 0 on top, pile 1 under it...; then turned over
    order = s.packet[:]
    expected = [c for p in ([cards[i::3] for i in range(3)][::-1]) for c in p]
    assert order == expected
    assert all(c is None for z in s.observation(0)["zones"] if z["id"] == "packet"
               for c in z["cards"])


def test_side_by_side_pairs_are_read_and_close_up() -> None:
    s = new()
    s.apply(0, "name مریم")
    while s.phase != "read":
        s.apply(0, "next")
    s.packet = ["2S", "5H", "5D", "2C", "AS", "AH"] + [c for c in s.packet
                                                     if c not in {"2S", "5H", "5D", "2C", "AS",
                                                                  "AH"}]
    s.apply(0, "next")
    assert s.readings == ["5"] and s.line[-1] == "2S"
    s.apply(0, "next")  # 2C closes up with 2S once the fives are lifted
    assert s.readings == ["5", "2"]
    s.apply(0, "next")
    assert s.readings == ["5", "2", "A"] and s.pairs[-2:] == ["AS", "AH"]
    while not s.is_over():
        s.apply(0, "next")
    assert len(s.line) + len(s.pairs) == 52
    assert all(a[0] != b[0] for a, b in zip(s.line, s.line[1:]))
    assert s.result()["readings"] == s.readings and s.result()["winners"] == [0]


def test_sample_state_keeps_the_cards_laid() -> None:
    s = new(seed=4)
    s.apply(0, "name لیلا")
    for _ in range(5):
        s.apply(0, "next")  # in the deal: piles part laid
    sample = RULES.sample_state(s.observation(0), 3)
    assert [len(p) for p in sample.piles] == [len(p) for p in s.piles]
    assert sorted(sample.deck + [c for p in sample.piles for c in p]) == sorted(
        s.deck + [c for p in s.piles for c in p])
    while s.phase != "read":
        s.apply(0, "next")
    s.apply(0, "next")
    s.apply(0, "next")
    obs = s.observation(0)
    sample = RULES.sample_state(obs, 9)
    assert sample.line == s.line and sample.pairs == s.pairs
    assert sample.observation(0) == obs


def test_the_bot_lays_the_whole_fortune() -> None:
    s = new(seed=2)
    bot = make("heuristic", "fal_eshgh", 1)
    steps = 0
    while not s.is_over():
        s.apply(0, bot.act(s, 0))
        steps += 1
    deal = -(-52 // s.letters)  # a round per step
    assert s.name and steps in (2 + deal + len(s.readings), 3 + deal + len(s.readings))
