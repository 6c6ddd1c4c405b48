"""Rim (seed 002): the deal, melds, the discard, going out, the 42-point example, the match."""

from __future__ import annotations

import pytest

from game import registry
from game.bots import make
from game.cards.french import deck
from game.core import IllegalAction, on_top
from game.rules.rim import RimState, hand_melds, unmatched
from tests.test_shapes import events_as_declared

RULES = registry.get("rim")

ONE = ["4S", "5S", "6S", "9H", "9D", "9S", "QC", "QD", "QS", "2C"]
DEALER = ["KH", "AD", "5D", "JH", "3H", "3D", "3C", "7C", "8C", "9C", "4H"]


def example_deck(after: list[str]) -> list[str]:
    """The deal of the 42-point example: seat 1 gets ONE, the dealer (seat 0) DEALER."""
    top = [c for pair in zip(ONE, DEALER) for c in pair] + [DEALER[10]] + after
    return on_top(top, deck())


def new(options: dict | None = None, after: list[str] | None = None) -> RimState:
    s = RULES.new(2, 1, {"deck": example_deck(after or ["7S"]), **(options or {})})
    assert isinstance(s, RimState)
    return s


def refused(s: RimState, seat: int, code: str, match: str) -> None:
    before = s.to_dict()
    with pytest.raises(IllegalAction, match=match):
        s.apply(seat, code)
    assert s.to_dict() == before


def test_the_deal_gives_ten_and_eleven_and_the_dealer_discards_first() -> None:
    s = new()
    assert sorted(s.hands[1]) == sorted(ONE) and sorted(s.hands[0]) == sorted(DEALER)
    assert len(s.stock) == 31 and s.stock[0] == "7S" and s.discard == []
    assert s.to_act() == [0]
    assert all(a.verb == "discard" for a in s.legal_actions(0))
    refused(s, 0, "draw", "dealer first discards")
    refused(s, 0, "meld 3H 3D 3C", "dealer first discards")
    s.apply(0, "discard 4H")
    assert s.discard == ["4H"] and s.to_act() == [1]
    assert [str(a) for a in s.legal_actions(1)] == ["draw", "take"]


def test_the_seeds_42_point_example() -> None:
    """The loser keeps K♥ A♦ 5♦ J♥ unmatched (and six matched cards): 14 + 13 + 5 + 10 = 42."""
    s = new()
    s.apply(0, "discard 4H")
    s.apply(1, "draw")
    assert "7S" in s.hands[1]
    s.apply(1, "meld 4S 5S 6S 7S")
    s.apply(1, "meld 9H 9S 9D")  # any order; read as 9S 9H 9D
    s.apply(1, "meld QS QD QC")
    assert s.observation(1)["melds"][1] == {"id": 1, "owner": 1, "kind": "set",
                                            "cards": ["9S", "9H", "9D"]}
    events = s.apply(1, "discard 2C")
    assert s.totals == [0, 42]
    reveal = next(e for e in events if e.kind == "reveal")
    assert sorted(reveal.data["unmatched"]) == sorted(["KH", "AD", "5D", "JH"])
    assert reveal.data["points"] == 42
    assert s.sheet[0] == [1, 0, 1, 42, 0, 42]
    assert s.deal_no == 2 and s.dealer == 1 and s.to_act() == [1]  # the deal alternates


def test_unmatched_points_take_the_best_arrangement() -> None:
    assert unmatched(["KH", "AD", "5D", "JH", "3H", "3D", "3C", "7C", "8C", "9C"]) == (
        42, ["KH", "AD", "5D", "JH"])
    # 7H is in a run or in the set: the arrangement leaving fewer points wins.
    pts, cards = unmatched(["5H", "6H", "7H", "7S", "7D", "KS"])
    assert pts == 24 and cards == ["5H", "6H", "KS"]  # the set leaves 11 + 13, the run 14 + 13
    assert unmatched(["AS", "2S", "3S"]) == (0, [])
    assert unmatched(["QS", "KS", "AS"]) == (0, [])
    assert unmatched(["QS", "KS", "AS"], ace_high=False) == (39, ["QS", "KS", "AS"])
    assert unmatched(["KS", "AS", "2S"]) == (29, ["KS", "AS", "2S"])  # no corner


def test_melds_listed_from_the_hand() -> None:
    melds = {" ".join(m) for m in hand_melds(["4S", "5S", "6S", "7S", "9H", "9D", "9S", "2C"],
                                             True)}
    assert melds == {"4S 5S 6S", "5S 6S 7S", "4S 5S 6S 7S", "9S 9H 9D"}
    four = hand_melds(["9H", "9D", "9S", "9C"], True)
    assert len(four) == 5


def test_bad_melds_and_discards_are_refused_and_change_nothing() -> None:
    s = new()
    s.apply(0, "discard 4H")
    refused(s, 1, "discard 2C", "take a card first")
    refused(s, 1, "meld 4S 5S 6S", "take a card first")
    s.apply(1, "take")
    assert s.observation(0)["known"] == [[], ["4H"]] and s.observation(0)["taken"] == "4H"
    refused(s, 1, "take", "already taken")
    refused(s, 1, "draw", "already taken")
    refused(s, 1, "discard 4H", "just took it")
    refused(s, 1, "meld 4S 5S QS", "not a run or a set")
    refused(s, 1, "meld 4S 5S", "not a run or a set")
    refused(s, 1, "meld 3H 3D 3C", "do not hold")
    refused(s, 1, "discard KH", "do not hold")
    refused(s, 1, "add 9H 0", "no such meld")
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "discard 4H")
    assert err.value.reason.key == "taken_back"  # type: ignore[attr-defined]
    s.apply(1, "meld 4S 5S 6S")
    refused(s, 1, "add 9C 0", "do not hold")
    refused(s, 1, "add 9H 0", "does not fit")
    refused(s, 1, "add 4H 0", "does not fit")  # 4H is not a spade


def test_adding_to_melds_own_and_the_opponents() -> None:
    s = new(after=["7S", "AS"])
    s.apply(0, "discard 4H")
    s.apply(1, "draw")
    s.apply(1, "meld 4S 5S 6S")
    s.apply(1, "add 7S 0")
    assert s.melds[0] == (1, ("4S", "5S", "6S", "7S"))
    s.apply(1, "discard 2C")
    s.apply(0, "draw")  # AS
    s.apply(0, "meld 3H 3D 3C")
    assert "add 3S 1" not in [str(a) for a in s.legal_actions(0)]
    s.apply(0, "discard AS")
    s.apply(1, "draw")
    own = new({"lay_off": "own"}, after=["7S", "8S", "3S"])
    own.apply(0, "discard 4H")
    own.apply(1, "draw")
    own.apply(1, "meld 4S 5S 6S 7S")
    own.apply(1, "discard 2C")
    own.apply(0, "draw")  # 8S
    refused(own, 0, "add 8S 0", "only to your own")


def test_a_meld_may_not_leave_only_the_taken_card() -> None:
    s = new()
    s.hands[1] = ["4S", "5S", "6S"]
    s.apply(0, "discard 4H")
    s.apply(1, "take")
    refused(s, 1, "meld 4S 5S 6S", "keep a card to discard")
    s.apply(1, "discard 6S")
    assert s.to_act() == [0]


def test_an_addition_may_not_leave_only_the_taken_card() -> None:
    s = new()
    s.apply(0, "discard 4H")
    s.phase, s.turn, s.taken = "play", 1, "3S"
    s.hands[1] = ["7S", "3S"]
    s.melds = [(0, ("4S", "5S", "6S"))]
    assert [str(a) for a in s.legal_actions(1)] == ["add 3S 0", "discard 7S"]
    refused(s, 1, "add 7S 0", "keep a card to discard")


def test_going_out_by_melding_everything_needs_no_discard() -> None:
    s = new(after=["7S"])
    s.hands[1] = ["4S", "5S", "6S"]
    s.stock = list(s.stock) + [c for c in ONE if c not in s.hands[1]]
    s.apply(0, "discard 4H")
    s.apply(1, "draw")
    s.apply(1, "meld 4S 5S 6S 7S")
    assert s.totals == [0, 42]
    assert s.deal_no == 2


def test_the_stock_is_turned_once_then_the_lower_hand_scores() -> None:
    s = RULES.new(2, 5, {"length": "deal"})
    bots = [make("random", "rim", 1), make("random", "rim", 2)]
    while not s.restocked and not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].act(s, seat))
    if s.is_over():
        pytest.skip("someone went out first")
    assert len(s.discard) == 1 and set(s.recycled) == set(s.stock)
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].act(s, seat))
    last = s.last
    assert last is not None
    if last["kind"] == "stock":
        a, b = (unmatched(h)[0] for h in s.hands)
        assert last["points"] == abs(a - b)


def test_equal_hands_score_nothing_when_the_stock_runs_out_again() -> None:
    """The stock spent once more after it was turned: both hands are shown and their unmatched
    points compared; equal (K♥ A♦ against K♠ A♣, 27 each) scores nothing, and the other seat
    deals next."""
    s = new()
    s.apply(0, "discard 4H")
    s.apply(1, "draw")
    s.hands, s.held = [["KH", "AD"], ["KS", "AC", "2D"]], None
    s.stock, s.restocked = [], True
    events = s.apply(1, "discard 2D")
    assert [e.kind for e in events[:4]] == ["discard", "reveal", "reveal", "no_score"]
    assert [e.data["points"] for e in events[1:3]] == [27, 27]
    assert events[3].seat is None and events[3].data == {"kind": "stock", "totals": [0, 0]}
    assert s.totals == [0, 0] and s.sheet[0] == [1, 0, None, 0, 0, 0]
    assert s.deal_no == 2 and s.dealer == 1
    events_as_declared("rim", events)


def test_the_match_ends_at_the_target() -> None:
    s = new({"target": 50})
    s.apply(0, "discard 4H")
    s.apply(1, "draw")
    for m in ("meld 4S 5S 6S 7S", "meld 9S 9H 9D", "meld QS QD QC"):
        s.apply(1, m)
    s.apply(1, "discard 2C")
    assert not s.is_over() and s.totals == [0, 42]
    bots = [make("heuristic", "rim", 1), make("heuristic", "rim", 2)]
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].act(s, seat))
    r = s.result()
    assert max(r["points"]) >= 50 and r["winners"] == [r["points"].index(max(r["points"]))]


def test_sample_state_refuses_a_spectators_view() -> None:
    """A spectator holds no hand: there is no hand to deal the unseen cards around."""
    with pytest.raises(ValueError, match="spectator"):
        RULES.sample_state(RULES.new(2, 1).observation(None), 0)


def test_sample_state_keeps_taken_cards_and_the_turned_stock() -> None:
    s = new()
    s.apply(0, "discard 4H")
    s.apply(1, "take")
    s.apply(1, "discard 2C")
    obs = s.observation(0)
    for seed in range(5):
        sample = RULES.sample_state(obs, seed)
        assert "4H" in sample.hands[1]
        assert sample.observation(0) == obs
    s2 = RULES.new(2, 5, {"length": "deal"})
    bots = [make("random", "rim", 1), make("random", "rim", 2)]
    while not s2.restocked and not s2.is_over():
        seat = s2.to_act()[0]
        s2.apply(seat, bots[seat].act(s2, seat))
    if not s2.is_over():
        obs = s2.observation(0)
        sample = RULES.sample_state(obs, 3)
        assert set(sample.stock) <= set(s2.recycled)


def test_aces_low_option_refuses_queen_king_ace() -> None:
    s = new({"aces": "low"})
    s.hands[1] = ["QS", "KS", "AS", "2C"] + s.hands[1][4:]
    s.hands[0] = list(s.hands[0])
    s.apply(0, "discard 4H")
    s.apply(1, "draw")
    refused(s, 1, "meld QS KS AS", "not a run or a set")


def test_bots_finish_and_the_heuristic_beats_random() -> None:
    wins = 0
    for seed in range(12):
        s = RULES.new(2, seed, {"length": "deal"})
        kinds = ["heuristic", "random"] if seed % 2 else ["random", "heuristic"]
        bots = [make(k, "rim", seed * 7 + i) for i, k in enumerate(kinds)]
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, bots[seat].act(s, seat))
        if kinds.index("heuristic") in s.result()["winners"]:
            wins += 1
    assert wins >= 9


def bot_turn(s: RimState, seat: int) -> list[str]:
    """The normal bot's actions for ``seat`` until its turn (or the deal) ends."""
    bot = make("normal", "rim", 1)
    done = []
    deal = s.deal_no
    while s.to_act() == [seat] and s.deal_no == deal:
        action = bot.act(s, seat)
        s.apply(seat, action)
        done.append(str(action))
    return done


def test_the_bot_keeps_its_melds_in_hand_until_it_can_go_out() -> None:
    """Laid melds let the opponent shed on them and tell him what is held, while melds kept in
    hand are not counted against their holder: the bot lays nothing while two loose cards are
    left, and everything in the turn it can go out."""
    s = new(after=["8H"])
    s.apply(0, "discard 4H")
    s.apply(1, "draw")  # 8H: 4S 5S 6S, 9H 9D 9S, QC QD QS, and 2C 8H loose
    played = bot_turn(s, 1)
    assert len(played) == 1 and played[0].startswith("discard") and s.melds == []
    out = new(after=["8H"])
    out.melds = [(0, ("5H", "6H", "7H"))]
    out.apply(0, "discard 4H")
    out.apply(1, "draw")  # 8H fits the meld on the table: only 2C is left loose
    played = bot_turn(out, 1)
    assert played == ["meld 4S 5S 6S", "meld 9S 9H 9D", "meld QS QD QC", "add 8H 0",
                      "discard 2C"]
    assert out.deal_no == 2 and out.totals[1] > 0


def test_melds_listed_are_exactly_the_melds_the_hand_holds() -> None:
    import random

    from game.rules.rim import CARDS, MELDS
    rng = random.Random(1)
    for t in range(400):
        ace_high = t % 2 == 0
        hand = rng.sample(CARDS, rng.randint(3, 14))
        brute = {m for m in MELDS[ace_high].values() if set(m) <= set(hand)}
        got = hand_melds(hand, ace_high)
        assert len(got) == len(set(got)) and set(got) == brute


def test_legal_actions_are_exactly_what_the_rules_allow() -> None:
    """Every action the rules would take (`why_illegal` finds nothing against it) is listed, once,
    and nothing else: melds, additions to one's own and the other's melds, discards, over random
    deals with each option, with a state rebuilt from its save asked the same."""
    import random

    from game.rules.rim import ADD, DISCARD, DRAW, MELD_ACTIONS, MELDS, TAKE
    rng = random.Random(5)
    for n, options in enumerate([{}, {"aces": "low"}, {"lay_off": "own"}] * 2):
        s = RULES.new(2, n, {"length": "deal", **options})
        assert isinstance(s, RimState)
        while not s.is_over():
            seat = s.to_act()[0]
            hand = s.hands[seat]
            maybe = [DRAW, TAKE, *(DISCARD[c] for c in hand),
                     *(ADD[c, i] for c in hand for i in range(len(s.melds)))]
            maybe += [MELD_ACTIONS[m] for m in MELDS[True].values() if set(m) <= set(hand)]
            legal = s.legal_actions(seat)
            assert len(legal) == len(set(legal))
            assert set(legal) == {a for a in maybe if s.why_illegal(seat, a) is None}
            assert s.legal_actions(1 - seat) == []
            assert registry.restore(s.to_dict()).legal_actions(seat) == legal
            s.apply(seat, rng.choice(legal))
