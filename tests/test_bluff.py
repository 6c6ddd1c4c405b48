"""Bluff (seed 002): claims face down, a private call window, the liar or the caller takes the
pile."""

from __future__ import annotations

import pytest

from game import registry
from game.bots import make
from game.core import Action, IllegalAction, is_pattern
from game.rules.bluff import cards_for

RULES = registry.get("bluff")


def game(hands: list[list[str]], pile: list[str] | None = None):  # type: ignore[no-untyped-def]
    s = RULES.new(len(hands), 0)
    s.hands = [list(h) for h in hands]
    used = {c for h in hands for c in h}
    s.pile = pile if pile is not None else [c for c in cards_for(1) if c not in used]
    return s


def test_deal_out_one_or_two_decks() -> None:
    s = RULES.new(4, 1)
    assert sum(len(h) for h in s.hands) == 52
    s2 = RULES.new(4, 1, {"decks": 2})
    assert sum(len(h) for h in s2.hands) == 104 and any(c.endswith("b") for c in s2.hands[0])
    legal = s2.legal_actions(0)
    assert legal[0].arg == "?1-8 2" and all(is_pattern(a) for a in legal)


def test_claim_opens_a_private_window_for_every_other_seat() -> None:
    s = game([["3S", "3D", "4H"], ["KS", "QD"], ["2C", "5C"]])
    s.apply(0, "claim 3S 4H 3")
    assert s.to_act() == [1, 2] and s.phase == "call"
    obs = s.observation(1)
    assert obs["claim"] == [0, 2, "3"] and obs["pile"] == len(s.pile)
    s.apply(2, "pass")
    assert s.to_act() == [1]
    assert s.observation(1)["answered"] == {}


def test_a_caught_liar_takes_the_pile() -> None:
    s = game([["3S", "3D", "4H"], ["KS", "QD"], ["2C", "5C"]])
    pile = len(s.pile)
    s.apply(0, "claim 3S 4H 3")
    s.apply(1, "pass")
    s.apply(2, "call")
    assert len(s.hands[0]) == 1 + pile + 2 and s.pile == []
    assert s.record[0] == [1, 0] and s.to_act() == [1]


def test_a_wrong_caller_takes_the_pile_and_the_first_caller_pays() -> None:
    s = game([["3S", "3D", "4H"], ["KS", "QD"], ["2C", "5C"]])
    pile = len(s.pile)
    s.apply(0, "claim 3S 3D 3")
    s.apply(2, "call")
    s.apply(1, "call")
    assert len(s.hands[1]) == 2 + pile + 2 and len(s.hands[2]) == 2
    assert s.record[0] == [0, 1]


def test_last_cards_win_when_not_called_or_true() -> None:
    s = game([["3S"], ["KS", "QD"], ["2C", "5C"]])
    s.apply(0, "claim 3S 3")
    s.apply(1, "pass")
    s.apply(2, "pass")
    assert s.is_over() and s.result()["winners"] == [0]
    s = game([["3S"], ["KS", "QD"], ["2C", "5C"]])
    s.apply(0, "claim 3S 3")
    s.apply(1, "call")
    s.apply(2, "pass")
    assert s.is_over() and s.result()["winners"] == [0]


def test_last_cards_called_as_a_lie_play_on() -> None:
    s = game([["3S"], ["KS", "QD"], ["2C", "5C"]])
    s.apply(0, "claim 3S K")
    s.apply(1, "call")
    s.apply(2, "pass")
    assert not s.is_over() and len(s.hands[0]) > 1 and s.to_act() == [1]


def test_refusals_change_nothing() -> None:
    s = game([["3S", "3D", "4H"], ["KS", "QD"], ["2C", "5C"]])
    before = s.to_dict()
    for code, why in (("claim KS K", "do not hold"), ("call", "lay cards"),
                      ("claim ?1-3 K", "choose"), ("claim 3S Z", "not a Bluff action"),
                      ("claim 3", "not a Bluff action"), ("claim 3S 34", "not a Bluff action"),
                      ("claim 3S ", "not a Bluff action")):
        with pytest.raises(IllegalAction, match=why):
            s.apply(0, code)
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, "claim KS K")
    assert s.to_dict() == before


def test_sample_state_refuses_a_spectators_view() -> None:
    """A spectator holds no hand: there is no hand to deal the unseen cards around."""
    with pytest.raises(ValueError, match="spectator"):
        RULES.sample_state(RULES.new(4, 1).observation(None), 0)


def test_sample_state_keeps_what_the_seat_knows() -> None:
    s = game([["3S", "3D", "4H"], ["KS", "QD"], ["2C", "5C"]])
    s.apply(0, "claim 3S 4H 3")
    obs = s.observation(0)
    assert obs["known"] == {"3S": "pile", "4H": "pile"}
    sample = RULES.sample_state(obs, 3)
    assert sample.observation(0) == obs and sample.last == ["3S", "4H"]
    s.apply(1, "pass")
    s.apply(2, "call")
    obs = s.observation(1)
    assert obs["known"] == {"3S": "hand:0", "4H": "hand:0"}
    sample = RULES.sample_state(obs, 4)
    assert sample.observation(1) == obs and {"3S", "4H"} <= set(sample.hands[0])


def test_bot_beats_random_bots() -> None:
    wins = 0
    for seed in range(20):
        s = RULES.new(3, seed)
        bots = [make("heuristic" if i == 0 else "random", "bluff", seed + i) for i in range(3)]
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, bots[seat].act(s, seat))
        wins += s.result()["winners"] == [0]
    assert wins >= 17


def test_two_decks_play_out_and_sampled_states_look_the_same() -> None:
    import random

    from game.core import random_fill
    s = RULES.new(8, 4, {"decks": 2})
    rng = random.Random(4)
    step = 0
    while not s.is_over() and step < 400:
        step += 1
        if step % 5 == 0:
            for seat in range(8):
                obs = s.observation(seat)
                assert RULES.sample_state(obs, step).observation(seat) == obs
        seat = rng.choice(s.to_act())
        action = rng.choice(s.legal_actions(seat))
        if is_pattern(action):
            action = random_fill(action, s.hands[seat], rng)
        s.apply(seat, action)


def test_sample_state_gives_every_seat_its_memory() -> None:
    """A sampled world keeps the observer's own pile cards where it laid them, the cards a call
    turned up in the taker's hand (public, ``shown``), and lets each other seat know its own
    cards on the pile and the shown cards; others' claims are mostly of the claimed rank."""
    hands = [["3S", "3D", "4H", "9C"], ["KS", "KD", "QD"], ["2C", "5C", "KH"]]
    rest = [c for c in cards_for(1) if not any(c in h for h in hands)]
    s = game([h + rest[i::3] for i, h in enumerate(hands)], pile=[])
    s.apply(0, "claim 3S 4H 3")
    s.apply(1, "pass")
    s.apply(2, "call")  # a lie: seat 0 takes 3S 4H, shown to all
    assert s.shown == {"3S": "hand:0", "4H": "hand:0"}
    s.apply(1, "claim KS KD K")
    s.apply(0, "pass")
    s.apply(2, "pass")
    s.apply(2, "claim 2C 2")
    obs = s.observation(1)
    assert obs["shown"] == {"3S": "hand:0", "4H": "hand:0"}
    assert obs["known"] == {"3S": "hand:0", "4H": "hand:0", "KS": "pile", "KD": "pile"}
    true_claims = 0
    for seed in range(40):
        sample = RULES.sample_state(obs, seed)
        assert sample.observation(1) == obs
        assert {"3S", "4H"} <= set(sample.hands[0])
        assert sample.pile[:2] == ["KS", "KD"] and len(sample.last) == 1
        assert sample.known[0] == {}  # seat 0 took the cards: it knows its hand, nothing else
        assert sample.known[2] == {"3S": "hand:0", "4H": "hand:0", sample.last[0]: "pile"}
        true_claims += sample.last[0][0] == "2"
    assert true_claims >= 20
    # the observer's own claim in the window: its cards are the last ones, known as such
    s.apply(0, "pass")
    s.apply(1, "pass")
    s.apply(0, "claim 9C 9")
    obs = s.observation(0)
    sample = RULES.sample_state(obs, 1)
    assert sample.observation(0) == obs and sample.last == ["9C"]
    # seat 1 knows its two cards under seat 2's (which they are, seat 0 cannot tell); seat 0
    # has laid cards, so the cards shown in its hand are forgotten
    assert sample.known[1] == dict.fromkeys(sample.pile[:2], "pile") and not sample.shown


def test_a_beginner_misjudges_a_close_claim_and_pads_a_true_set() -> None:
    """The easy level's mistakes (`HeuristicBot.slip`): a close call turned round, never a call
    the seat's own cards make sure; a true set padded with a card of another rank."""
    bot = make("heuristic", "bluff", 0)
    s = game([["3S", "3D", "4H"], ["KS", "QD"], ["2C", "5C"]])
    obs, legal = s.observation(0), s.legal_actions(0)
    claim = bot.choose(obs, legal)
    assert str(claim) in ("claim 3S 3D 3", "claim 3D 3S 3")
    assert str(bot.slip(obs, legal, claim)) == str(claim)[:-1] + "4H 3"
    s.apply(0, "claim 3S 3D 3")
    obs, legal = s.observation(1), s.legal_actions(1)
    assert str(bot.choose(obs, legal)) == "pass"
    assert str(bot.slip(obs, legal, Action("pass"))) == "call"
    s = game([["3S", "3D", "4H"], ["3C", "3H"], ["2C", "5C"]])
    s.apply(0, "claim 3S 3D 4H 3")
    obs, legal = s.observation(1), s.legal_actions(1)
    assert str(bot.choose(obs, legal)) == "call" and bot.slip(obs, legal, Action("call")) is None
