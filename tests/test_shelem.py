"""Shelem rules from seed 002, played card by card on stacked decks."""

from __future__ import annotations

import json
import random

import pytest

from game import registry
from game.bots import make
from game.cards.french import deck
from game.core import IllegalAction, fill, is_pattern, random_fill
from game.rules.shelem import ShelemState, card_points
from tests.positions import bot_move, top_up
from tests.test_shapes import events_as_declared

RULES = registry.get("shelem")
SEED = 0  # seed 0 draws seat 0 (الف) as the first dealer

# Decks for the seed's worked example (seats: الف 0, ب 1, ج 2, د 3, each to the right of the
# one before). Replayed with the seed's bids, the Hakem laying away the widow's own four cards
# and every seat playing the first card it may (hand order), they give the seed's counts.
DEAL1 = ("TS JH 5D 9S 4C AH 7C JS 7D KH AS 5H 7H 9H 2S 8C KS AC TD 3H AD TC 4D 9C 3D 4H 2H QH "
         "7S 3C 8H 8D 2C 3S 4S 5S TH 5C 6S QS 6D KC QC 8S 6C 6H KD JC JD QD 9D 2D").split()
DEAL2 = ("5S KD JC 9H 4C 3H JD 8H 8C 2D 8D 9S 7H 4H 3D 9C 4S 3C JH QS KH 2C 6H 5C 4D 2H 7D 6S "
         "QH 5H 5D JS AS QD KS QC TD TC 6D 3S 7C KC TS TH 8S AD 6C AC 9D 2S AH 7S").split()
DEAL4 = ("TC 7H 7S TS JS 5S 7D 2C 5C 3H 4D KH 3S TD QC QD AC JD KS AS 2S 8D KC 2H 8C 4H 5H 4C "
         "9D 6C 9S AH 6D 8H TH 6H 9H JH KD QS AD 4S 7C 5D QH 6S 8S 9C JC 3D 2D 3C").split()
SPADES = [r + "S" for r in "AKQJT9876543"]


def shelem_deck(dealer: int, hakem: int) -> list[str]:
    """A deck where ``hakem`` holds twelve spades and the widow holds 2S and three aces."""
    widow = ["2S", "AH", "AD", "AC"]
    rest = [c for c in deck() if c not in SPADES and c not in widow]
    hands: dict[int, list[str]] = {}
    for seat in range(4):
        hands[seat] = SPADES if seat == hakem else [rest.pop() for _ in range(12)]
    order = [(dealer + i) % 4 for i in (1, 2, 3)]
    return [c for s in order for c in hands[s]] + widow + hands[dealer]


def auction(state: ShelemState, bids: list[int | None]) -> None:
    for bid in bids:
        state.apply(state.turn, "pass" if bid is None else f"bid {bid}")


def play_first(state: ShelemState) -> None:
    """Lay the widow's four away, then every seat plays the first card it may."""
    assert state.hakem is not None
    state.apply(state.hakem, "discard " + " ".join(state.seen_widow))
    while state.phase == "play":
        state.apply(state.turn, state.legal_actions(state.turn)[0])


def test_the_seeds_four_deals_with_the_corrected_totals() -> None:
    decks = [DEAL1, DEAL2, shelem_deck(2, 0), DEAL4]
    s = RULES.new(4, SEED, {"deck": decks})
    assert s.dealer == 0
    # Deal 1: الف deals, ب opens. ب 110, ج 115, د pass, الف 125, ب 130, ج pass, الف 135, ب pass.
    assert s.turn == 1
    auction(s, [110, 115, None, 125, 130, None, 135])
    obs = s.observation(3)
    assert obs["auction"] == [[1, 110], [2, 115], [3, None], [0, 125], [1, 130], [2, None],
                              [0, 135]]
    assert obs["passed"] == [False, False, True, True] and obs["high"] == 135
    auction(s, [None])
    assert s.hakem == 0 and s.bid == 135 and s.phase == "discard"
    play_first(s)
    assert s.sheet[0][:3] == [-135, 135, 35] and s.sheet[0][4:7] == [130, 35, "failed"]
    # Deal 2: ب deals; ج passes, د 125, الف pass, ب pass. B–D take 150.
    assert s.dealer == 1 and s.turn == 2
    auction(s, [None, 125, None, None])
    assert s.hakem == 3
    play_first(s)
    assert s.sheet[1][:3] == [-120, 125, 185] and s.sheet[1][4:6] == [15, 150]
    # Deal 3: ج deals. د 100, الف 120, ب 125, ج pass, د 130, الف 135, ب 140, د pass, الف 150,
    # ب pass. الف takes every trick: Shelem, 330.
    assert s.dealer == 2
    auction(s, [100, 120, 125, None, 130, 135, 140, None, 150, None])
    assert s.hakem == 0 and s.bid == 150
    state_widow = list(s.seen_widow)
    s.apply(0, "discard " + " ".join(["2S", "AH", "AD", "AC"]))
    assert sorted(s.laid) == sorted(state_widow)
    s.apply(0, "play AS")
    assert s.trump == "S"
    while s.phase == "play":
        s.apply(s.turn, s.legal_actions(s.turn)[0])
    assert s.sheet[2][:3] == [210, 150, 185] and s.sheet[2][6] == "shelem"
    # Deal 4: د deals. الف 130, ب pass, ج pass, د 135, الف pass. B–D 135, A–C 30.
    assert s.dealer == 3
    auction(s, [130, None, None, 135, None])
    assert s.hakem == 3
    play_first(s)
    # The seed carries −135 into deal 3 and writes 225; RULES.md corrects it: 240 and 320.
    assert s.sheet[3][:3] == [240, 135, 320] and s.sheet[3][4:7] == [30, 135, "made"]
    assert [r[7] for r in s.sheet] == [False, False, False, True]  # the line after a round
    assert s.scores == [240, 320] and s.dealer == 0 and s.phase == "bid"
    sheet = s.observation(None)["sheet"]
    assert sheet["columns"][:3] == ["0+2", "bid", "1+3"]


def test_the_deal_gives_twelve_each_and_the_widow_before_the_dealers_last_twelve() -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1})
    assert s.hands[1] == DEAL1[:12] and s.hands[2] == DEAL1[12:24]
    assert s.hands[3] == DEAL1[24:36] and s.widow == DEAL1[36:40]
    assert s.hands[0] == DEAL1[40:] and DEAL1[-1] in s.hands[s.dealer]
    obs = s.observation(1)
    zones = {z["id"]: z for z in obs["zones"]}
    assert zones["widow"]["cards"] == [None] * 4 and zones["hand:0"]["cards"] == [None] * 12
    assert obs["teams"] == [[0, 2], [1, 3]] and obs["direction"] == "anticlockwise"


def test_the_deals_events_name_each_seats_twelve_and_keep_them() -> None:
    """Each seat is shown the twelve it was dealt, the others their count; an event is never
    changed once made, so the cards it names stay those dealt as the hand is played."""
    s = RULES.new(4, SEED, {"deck": DEAL1})
    dealt = {e.seat: (e.data, e.to) for e in s.opening if e.kind == "deal" and "cards" in e.data}
    assert dealt == {seat: ({"from": "deck", "to": f"hand:{seat}", "count": 12,
                             "cards": s.hands[seat][:]}, (seat,)) for seat in range(4)}
    auction(s, [110, 115, None, 125, 130, None, 135, None])
    play_first(s)
    assert {e.seat: e.data["cards"] for e in s.opening if e.kind == "deal" and "cards" in e.data} \
        == {1: DEAL1[:12], 2: DEAL1[12:24], 3: DEAL1[24:36], 0: DEAL1[40:]}


def test_bids_step_by_five_from_100_to_165() -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1})
    codes = [str(a) for a in s.legal_actions(1)]
    assert codes == [f"bid {b}" for b in range(100, 170, 5)] + ["pass"]
    s.apply(1, "bid 160")
    assert [str(a) for a in s.legal_actions(2)] == ["bid 165", "pass"]


@pytest.mark.parametrize("code, words", [
    ("bid 100", "more than 110"), ("bid 110", "more than 110"), ("bid 103", "in fives from 100"),
    ("bid 170", "in fives from 100"), ("bid 95", "in fives from 100"), ("bid", "not a Shelem"),
    ("play AS", "bid or pass"),
])
def test_refused_bids_change_nothing(code: str, words: str) -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1})
    s.apply(1, "bid 110")
    before = s.to_dict()
    with pytest.raises(IllegalAction, match=words):
        s.apply(2, code)
    assert s.to_dict() == before


def test_a_seat_that_passed_is_out_of_the_auction() -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1})
    auction(s, [110, None, 115])  # ب 110, ج pass, د 115
    assert s.turn == 0
    auction(s, [None, 120])  # الف pass, ب 120: ج is skipped
    assert s.turn == 3
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(2, "bid 125")


def test_refused_discards_and_plays_change_nothing() -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1})
    auction(s, [110, 115, None, 125, 130, None, 135, None])
    hand = s.hands[0]
    assert len(hand) == 16 and [str(a) for a in s.legal_actions(0)] == ["discard ?4"]
    assert s.observation(0)["widow"] == DEAL1[36:40]
    assert "widow" not in s.observation(1)
    other = s.hands[1][0]
    before = s.to_dict()
    for code, words in [("discard " + " ".join(hand[:3]), "exactly 4 cards"),
                        ("discard " + " ".join(hand[:5]), "exactly 4 cards"),
                        ("discard " + " ".join(hand[:3] + [other]), f"do not hold {other}"),
                        ("discard " + " ".join(hand[:3] + hand[:1]), "4 different"),
                        (f"play {hand[0]}", "lay 4 cards away"), ("discard ?4", "choose")]:
        with pytest.raises(IllegalAction, match=words):
            s.apply(0, code)
        assert s.to_dict() == before
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(1, "discard " + " ".join(s.hands[1][:4]))
    s.apply(0, fill(s.legal_actions(0)[0], hand[:4]))
    assert len(s.hands[0]) == 12 and len(s.laid) == 4
    zones = {z["id"]: z for z in s.observation(1)["zones"]}
    assert zones["laid"]["cards"] == [None] * 4
    lead = s.hands[0][0]
    s.apply(0, f"play {lead}")
    assert s.trump == lead[1]
    follower = s.hands[1]
    off = [c for c in follower if c[1] != lead[1]]
    if off and any(c[1] == lead[1] for c in follower):
        before = s.to_dict()
        with pytest.raises(IllegalAction, match="follow suit"):
            s.apply(1, f"play {off[0]}")
        assert s.to_dict() == before
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(2, f"play {s.hands[2][0]}")
    assert s.to_dict() == before


def test_a_seat_void_in_the_led_suit_may_play_any_card() -> None:
    s = RULES.new(4, SEED, {"deck": shelem_deck(0, 3)})
    auction(s, [None, None, 100])  # ب, ج pass; د 100
    auction(s, [None])
    assert s.hakem == 3
    s.apply(3, "discard 2S AH AD AC")
    s.apply(3, "play AS")
    before = s.to_dict()
    hand = s.hands[0]
    assert not any(c[1] == "S" for c in hand)  # void: anything goes
    s.apply(0, f"play {hand[0]}")
    assert s.to_dict() != before


def test_all_pass_last_bids_makes_the_last_seat_bid() -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1})
    auction(s, [None, None, None])
    assert s.turn == 0
    assert all(a.verb == "bid" for a in s.legal_actions(0))
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="must bid"):
        s.apply(0, "pass")
    assert s.to_dict() == before
    s.apply(0, "bid 100")
    assert s.hakem == 0 and s.bid == 100 and s.phase == "discard"


def test_all_pass_redeal_deals_again_from_the_same_dealer() -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1, "all_pass": "redeal"})
    auction(s, [None, None, None])
    events = s.apply(s.turn, "pass")
    assert [(e.kind, e.seat) for e in events[:3]] == [("pass", 0), ("redeal", 0), ("shuffle", None)]
    events_as_declared("shelem", events)
    assert s.dealer == 0 and s.deal_no == 2 and s.phase == "bid" and s.turn == 1
    assert s.hands[1] != DEAL1[:12] and not s.sheet


@pytest.mark.parametrize("took, bid, kind, points", [
    (130, 135, "failed", [-135, 35]), (150, 125, "made", [150, 15]),
    (165, 150, "shelem", [330, 0]), (80, 100, "yasa", [-165, 85]), (85, 120, "failed", [-120, 80]),
    (100, 100, "made", [100, 65]),
])
def test_scoring(took: int, bid: int, kind: str, points: list[int]) -> None:
    from game.rules.shelem import score_deal
    assert score_deal(took, bid) == (kind, points[0], points[1])


def test_card_points_make_165_with_thirteen_tricks() -> None:
    assert sum(card_points(c) for c in deck()) + 13 * 5 == 165


def test_the_match_ends_at_the_target() -> None:
    s = RULES.new(4, SEED, {"deck": shelem_deck(0, 1), "target": 330})
    auction(s, [150, None, None, None])
    s.apply(1, "discard 2S AH AD AC")
    while s.phase == "play":
        s.apply(s.turn, s.legal_actions(s.turn)[0])
    assert s.is_over() and s.scores == [0, 330]
    result = s.result()
    assert result["winners"] == [1, 3] and result["points"] == [0, 330, 0, 330]
    json.dumps(result)


def test_a_side_at_minus_the_target_loses() -> None:
    s = RULES.new(4, SEED, {"deck": DEAL1, "target": 330})
    s.scores = [-200, 0]
    auction(s, [110, 115, None, 125, 130, None, 135, None])
    play_first(s)
    assert s.is_over() and s.result()["winners"] == [1, 3]
    s = RULES.new(4, SEED, {"deck": DEAL1, "target": 330, "minus_target": "plays_on"})
    s.scores = [-200, 0]
    auction(s, [110, 115, None, 125, 130, None, 135, None])
    play_first(s)
    assert not s.is_over() and s.scores == [-335, 35]


def two_player(**options: object) -> ShelemState:
    s = RULES.new(2, SEED, {"deck": deck(), **options})
    return s


def test_two_player_deal_piles_and_widow() -> None:
    s = two_player()
    d, o = s.dealer, 1 - s.dealer
    cards = deck()
    assert s.hands[o] == cards[:12] and s.hands[d] == cards[12:24]
    assert s.piles[o] == [cards[24:28], cards[32:36], cards[40:44]]
    assert s.piles[d] == [cards[28:32], cards[36:40], cards[48:52]]
    assert s.widow == cards[44:48]
    obs = s.observation(o)
    assert obs["teams"] is None
    zones = {z["id"]: z for z in obs["zones"]}
    assert zones[f"pile:{o}:0"]["cards"] == [None] * 4  # face down until the first trick
    to_piles = [(e.seat, e.data, e.to) for e in s.opening
                if str(e.data.get("to")).startswith("pile:")]
    assert to_piles == [(seat, {"from": "deck", "to": f"pile:{seat}:{i}", "count": 4}, None)
                        for seat, i in [(o, 0), (d, 0), (o, 1), (d, 1), (o, 2), (d, 2)]]


def test_two_player_auction_ends_when_one_passes_and_piles_turn_up() -> None:
    s = two_player()
    d, o = s.dealer, 1 - s.dealer
    assert s.turn == o
    s.apply(o, "bid 100")
    s.apply(d, "bid 105")
    s.apply(o, "pass")
    assert s.hakem == d and s.phase == "discard"
    s.apply(d, "discard " + " ".join(s.hands[d][:4]))
    lead = s.hands[d][0]
    s.apply(d, f"play {lead}")
    assert s.turn == o and not s.up
    events = s.apply(o, s.legal_actions(o)[0])
    assert s.up and s.turn == d
    assert [e.data for e in events if e.kind == "piles_up"] == [
        {"piles": [[p[-1] for p in s.piles[seat]] for seat in range(2)]}]
    obs = s.observation(o)
    zones = {z["id"]: z for z in obs["zones"]}
    tops = [s.piles[d][i][-1] for i in range(3)]
    assert [zones[f"pile:{d}:{i}"]["cards"][-1] for i in range(3)] == tops
    assert zones[f"pile:{d}:0"]["cards"][:3] == [None] * 3
    legal = [a.arg for a in s.legal_actions(d)]
    led = lead[1]
    assert legal == ([c for c in tops if c[1] == led] or tops)
    if len(legal) < 3:
        bad = next(c for c in tops if c not in legal)
        before = s.to_dict()
        with pytest.raises(IllegalAction, match="follow suit"):
            s.apply(d, f"play {bad}")
        assert s.to_dict() == before
    with pytest.raises(IllegalAction, match="not on top"):
        s.apply(d, f"play {s.hands[d][0]}")
    pile = tops.index(legal[0])
    under = s.piles[d][pile][-2]
    s.apply(d, f"play {legal[0]}")
    zones = {z["id"]: z for z in s.observation(o)["zones"]}
    assert zones[f"pile:{d}:{pile}"]["cards"][-1] == under  # the next card turns up
    s.apply(o, s.legal_actions(o)[0])
    assert len(s.history) == 1 and s.turn == s.leader


def test_two_player_first_passer_leaves_the_other_to_bid() -> None:
    s = two_player()
    o = 1 - s.dealer
    s.apply(o, "pass")
    assert all(a.verb == "bid" for a in s.legal_actions(s.dealer))


def playout(seats: int, seed: int, check: bool = False) -> ShelemState:
    s = RULES.new(seats, seed, {"target": 330})
    rng = random.Random(seed)
    step = 0
    while not s.is_over():
        step += 1
        seat = s.to_act()[0]
        if check:
            snapshot = s.to_dict()
            assert registry.restore(json.loads(json.dumps(snapshot))).to_dict() == snapshot
            for viewer in range(seats):
                obs = s.observation(viewer)
                sample = RULES.sample_state(obs, seed + step)
                assert sample.observation(viewer) == obs
                assert sample.legal_actions(viewer) == s.legal_actions(viewer)
        action = rng.choice(s.legal_actions(seat))
        if is_pattern(action):
            action = random_fill(action, s.hands[seat], rng)
        s.apply(seat, action)
    return s


def test_two_player_matches_keep_the_contract() -> None:
    s = playout(2, 3, check=True)
    assert s.result()["winners"] and s.result().get("teams") is None


def test_sample_state_honours_voids_and_the_laid_cards() -> None:
    s = RULES.new(4, SEED, {"deck": shelem_deck(0, 3)})
    auction(s, [None, None, 100, None])
    s.apply(3, "discard 2S AH AD AC")
    s.apply(3, "play AS")
    s.apply(0, s.legal_actions(0)[0])  # void in spades
    for k in range(20):
        sample = RULES.sample_state(s.observation(1), k)
        assert not any(c[1] == "S" for c in sample.hands[0])
        assert sample.hands[1] == s.hands[1] and sample.observation(1) == s.observation(1)
        mine = RULES.sample_state(s.observation(3), k)
        assert sorted(mine.laid) == sorted(["2S", "AH", "AD", "AC"])
        assert mine.hands[3] == s.hands[3]


def test_heuristic_bots_beat_random_bots() -> None:
    wins = 0
    games = 30
    for g in range(games):
        s = RULES.new(4, 100 + g, {"length": "deal"})
        bots = [make("heuristic" if seat % 2 == g % 2 else "random", "shelem", g * 4 + seat)
                for seat in range(4)]
        while not s.is_over():
            seat = s.to_act()[0]
            action = bots[seat].choose(s.observation(seat), s.legal_actions(seat))
            s.apply(seat, action)
        side = g % 2
        wins += s.scores[side] > s.scores[1 - side]
    assert wins >= games * 0.75


# -- the bot's judgement, position by position -----------------------------------------------
# Positions: seat 0 deals (SEED), seat 1 bids 100 and the others pass, so seat 1 is the Hakem
# (partner 3) against seats 0 and 2; the Hakem lays ``laid`` away and leads the first trick.


def bot_position(hands: dict[int, list[str]], moves: list[str], laid: list[str] | None = None,
                 avoid: dict[int, str] | None = None) -> ShelemState:
    """A deal from ``hands`` (topped up to 12 each from the cards left; the Hakem's cards past
    twelve are the widow, topped up to 4 last; a seat in ``avoid`` gets none of the suits
    named), seat 1 the Hakem laying ``laid`` away (default the widow), then ``moves``."""
    widow = list(hands.get(1, [])[12:])
    full, rest = top_up({s: h[:12] for s, h in hands.items()},
                        [c for c in deck() if c not in widow], 12, avoid=avoid)
    widow += rest
    assert len(widow) == 4, widow
    state = RULES.new(4, SEED, {"length": "deal",
                                "deck": [*full[1], *full[2], *full[3], *widow, *full[0]]})
    assert isinstance(state, ShelemState) and state.dealer == 0
    auction(state, [100, None, None, None])
    assert state.hakem == 1
    state.apply(1, "discard " + " ".join(laid or widow))
    for card in moves:
        state.apply(state.turn, f"play {card}")
    return state



@pytest.mark.parametrize("thrown", [["2D", "3D"], ["QC", "JC"]])
def test_bot_reads_the_cards_its_partner_threw(thrown: list[str]) -> None:
    # seat 2, void in spades and hearts, threw two low diamonds (it does not want them) or a
    # queen and jack of clubs (it wants them): either way seat 0 leads a club, not a diamond
    # from its longer suit
    state = bot_position({1: ["AS", "6H"], 2: thrown, 3: ["3S", "7H"],
                          0: ["4S", "AH", "4D", "6D", "7D", "8D", "9D", "2C", "3C", "4C", "8H",
                              "9H"]},
                         ["AS", thrown[0], "3S", "4S", "6H", thrown[1], "7H", "AH"],
                         avoid={2: "SH"})
    assert state.turn == 0 and bot_move(state) == "play 2C"


def test_bot_stops_drawing_trumps_when_only_its_partner_holds_them() -> None:
    # both opponents threw a heart on the Hakem's ace of spades: the trumps out are the
    # partner's, and the king would only draw them; the Hakem cashes its ace of diamonds
    state = bot_position({1: ["AS", "KS", "QS", "AD", "3C", "4C", "6C", "7C", "8C", "9C", "JC",
                              "QC", "2D", "3D", "4D", "6D"], 3: ["2S", "3S", "4S"],
                          2: ["2H"], 0: ["3H"]},
                         ["AS", "2H", "2S", "3H"],
                         avoid={0: "S", 2: "S"})
    assert state.turn == 1 and state.trump == "S"
    assert bot_move(state)[-1] != "S"


def test_bot_throws_a_low_card_rather_than_unguard_a_king() -> None:
    # seat 2 has no spades: throwing the two of diamonds would bare its king
    state = bot_position({2: ["KD", "2D", "3C", "4C", "6C", "7C", "8C", "9C", "JC", "QC", "KC",
                              "3H"]}, ["AS"])
    assert state.turn == 2 and bot_move(state) != "play 2D"


def test_bot_keeps_its_boss_ace_rather_than_give_it_to_its_partners_trick() -> None:
    # the partner (seat 3) leads the queen of trumps, the top one left; the Hakem (seat 1) has
    # no trumps left: it throws a small card and keeps the ace of clubs, a trick of its own (the
    # seven of hearts, alone in a suit without an honour: low from a suit it does not want)
    state = bot_position({1: ["KS", "AC", "7H", "2D", "3D", "4D", "6D", "7D", "8D", "9D", "JD",
                              "QD", "2C", "3C", "4C", "6C"], 3: ["AS", "QS"], 2: ["3S"],
                          0: ["2S", "6S"]},
                         ["KS", "3S", "AS", "2S"])
    assert state.leader == 3
    state.apply(3, "play QS")
    state.apply(0, "play 6S")
    assert state.turn == 1 and bot_move(state) == "play 7H"


def test_bot_leads_into_its_partners_void() -> None:
    # the partner (seat 3) threw a heart on the ace of clubs: a low club lets him trump
    state = bot_position({1: ["AS", "AC", "4C", "6C", "7C", "2H", "3H", "4H", "2D", "3D", "4D",
                              "6D", "8D", "9D", "TD", "JD"], 2: ["2S", "2C"], 3: ["3S", "7H", "8S"],
                          0: ["4S", "3C", "KC"]},
                         ["AS", "2S", "3S", "4S", "AC", "2C", "7H", "3C"], avoid={3: "C"})
    assert state.turn == 1 and bot_move(state) == "play 4C"


def test_bot_names_trump_by_honours_not_by_length_alone() -> None:
    # five small hearts against A K Q J of spades: the spades make the better trump
    hand = ["AS", "KS", "QS", "JS", "2H", "3H", "4H", "6H", "7H", "2D", "3D", "4D",
            "6D", "7D", "8D", "9D"]
    state = bot_position({1: hand}, [])
    assert state.turn == 1 and bot_move(state) == "play AS"


def test_bot_lets_its_partners_queen_stand_when_its_king_is_no_surer() -> None:
    # seat 0 leads the queen of hearts and the Hakem throws his five on it; the ace is out, so
    # seat 2's king would lose to it as surely as the queen: it plays its three
    state = bot_position({1: ["2S", "5H"], 2: ["3S", "KH", "3H"], 3: ["4S", "AH"],
                          0: ["AS", "QH"]}, ["2S", "3S", "4S", "AS", "QH", "5H"],
                         avoid={2: "H"})
    assert state.turn == 2 and bot_move(state) == "play 3H"


def test_a_world_where_a_seat_passed_on_a_hand_the_bot_bids_on_misfits() -> None:
    # seat 2 passed; seen by seat 0, a world where it holds the strong hand misfits (the bot
    # would have bid on it), the world where the Hakem holds it and seat 2 his twelve does not
    # (the Hakem's bids are not read: only he knows which of his cards were the widow)
    strong = "AS KS QS JS AH KH QH AD KD AC KC QC".split()
    kept = "5S 9S 5H 9H JH 5D 9D JD QD 5C 9C JC".split()
    state = bot_position({1: [*kept, *"TS TH TD TC".split()], 2: strong,
                          3: "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C".split()}, [])
    bot = make("normal", "shelem", 0)
    assert bot.misfits(state, 0, 99) == 1
    swapped = state.clone()
    swapped.hands[1], swapped.hands[2] = list(strong), list(kept)
    swapped.seen_widow = []
    assert swapped.observation(0) == state.observation(0)
    assert bot.misfits(swapped, 0, 99) == 0



def test_a_save_whose_auction_is_not_seat_and_bid_pairs_is_refused() -> None:
    s = RULES.new(4, 3)
    s.apply(s.turn, "bid 100")
    d = json.loads(json.dumps(s.to_dict()))
    assert registry.restore(d).auction == [(d["auction"][0][0], 100)]
    for bad in (["1", 100], [1, "100"], [1], [True, None]):
        with pytest.raises(ValueError, match="auction entry"):
            registry.restore({**d, "auction": [bad]})
