"""Ghahve rules from seed 002, played card by card on stacked decks."""

from __future__ import annotations

import random

import pytest

from game import registry
from game.bots import make
from game.bots.ghahve import reading
from game.core import IllegalAction
from game.rules.ghahve import PACK, GhahveState, trick_winner
from tests.positions import bot_move, top_up

RULES = registry.get("ghahve")
SEED = 5

# Seat 0 holds both jokers and the top spades; the others hold whole runs, so plays are known.
HANDS = {
    0: ["XB", "XR", "AS", "KS", "QS", "JS", "TS", "9S", "3C", "4C", "5C", "6C", "7C"],
    1: ["AC", "KC", "QC", "JC", "TC", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"],
    2: ["9C", "8C", "2C", "JH", "QH", "KH", "AH", "3D", "4D", "5D", "6D", "7D", "8D"],
    3: ["8S", "7S", "6S", "5S", "4S", "3S", "2S", "9D", "TD", "JD", "QD", "KD", "AD"],
}


def dealer_of(seed: int) -> int:
    return RULES.new(4, seed).dealer


def stacked(dealer: int, hands: dict[int, list[str]]) -> list[str]:
    """The deck, top first, that deals ``hands`` (5, 4, 4 each) from the dealer's right."""
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    out: list[str] = []
    for start, count in ((0, 5), (5, 4), (9, 4)):
        for seat in order:
            out.extend(hands[seat][start:start + count])
    return out


def new(hands: dict[int, list[str]] | None = None, **options: object) -> GhahveState:
    d = dealer_of(SEED)
    opts: dict[str, object] = {"length": "deal", **options}
    if hands is not None:
        opts["deck"] = stacked(d, hands)
    state = RULES.new(4, SEED, opts)
    assert isinstance(state, GhahveState)
    return state


def bid_all(state: GhahveState, bids: list[int]) -> None:
    """``bids[s]`` for seat s, in turn from the dealer's right."""
    for i in range(4):
        seat = (state.dealer + 1 + i) % 4
        state.apply(seat, f"bid {bids[seat]}")


def play_random(state: GhahveState, rng: random.Random, tricks: int = 13) -> None:
    while not state.is_over() and len(state.history) < tricks and state.phase == "play":
        seat = state.turn
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_pack_has_jokers_for_two_of_diamonds_and_hearts() -> None:
    assert len(PACK) == 52 and "XR" in PACK and "XB" in PACK
    assert "2D" not in PACK and "2H" not in PACK and "2S" in PACK and "2C" in PACK


def test_deal_bids_from_the_dealers_right_and_contracts_add_up() -> None:
    state = new(HANDS)
    d = state.dealer
    assert [sorted(h) for h in state.hands] == [sorted(HANDS[s]) for s in range(4)]
    assert state.phase == "bid" and state.to_act() == [(d + 1) % 4]
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="bid at least 2"):
        state.apply((d + 1) % 4, "bid 1")
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply((d + 2) % 4, "bid 3")
    with pytest.raises(IllegalAction, match="bid first"):
        state.apply((d + 1) % 4, f"play {HANDS[(d + 1) % 4][0]}")
    assert state.to_dict() == before
    state.apply((d + 1) % 4, "bid 4")
    state.apply((d + 2) % 4, "bid 2")
    # the first bidder's partner may bring the team to 13, no further
    assert max(int(a.arg) for a in state.legal_actions((d + 3) % 4)) == 9
    with pytest.raises(IllegalAction, match="at most 13"):
        state.apply((d + 3) % 4, "bid 10")
    state.apply((d + 3) % 4, "bid 3")
    state.apply(d, "bid 2")
    obs = state.observation(0)
    assert obs["bids"][(d + 1) % 4] == 4
    team = (d + 1) % 2
    assert obs["contracts"][team] == 7 and obs["contracts"][1 - team] == 4
    assert state.phase == "play" and state.to_act() == [(d + 1) % 4] and state.leader == (d + 1) % 4


def test_trick_winner_jokers_over_spades_and_a_joker_lead_calls_spades() -> None:
    assert trick_winner(["5H", "KH", "AS", "XB"], 0) == 3
    assert trick_winner(["XB", "KH", "XR", "AS"], 0) == 2
    assert trick_winner(["5H", "AH", "2S", "KH"], 1) == 3
    assert trick_winner(["XB", "AH", "2S", "KH"], 1) == 1  # the joker led: a spade, but lower
    assert trick_winner(["5H", "AC", "AD", "6H"], 2) == 1


def test_a_joker_may_be_played_though_one_could_follow_but_the_coloured_waits() -> None:
    hands = {s: list(h) for s, h in HANDS.items()}
    state = new(hands)
    bid_all(state, [3, 3, 3, 3])
    d = state.to_dict()  # make seat 1 lead clubs to seat 2, then seat 3, then seat 0
    d["leader"] = d["turn"] = 1
    state = registry.restore(d)
    state.apply(1, "play AC")
    state.apply(2, "play 2C")
    state.apply(3, "play 9D")  # void in clubs
    legal = {a.arg for a in state.legal_actions(0)}
    assert "XB" in legal and "XR" not in legal and "3C" in legal and "AS" not in legal
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="coloured joker cannot be played before the black"):
        state.apply(0, "play XR")
    with pytest.raises(IllegalAction, match="follow suit: you hold clubs"):
        state.apply(0, "play AS")
    assert state.to_dict() == before
    state.apply(0, "play XB")  # holds clubs, plays the black joker anyway, and wins
    assert state.leader == 0 and state.seat_tricks[0] == 1
    assert state.observation(1)["jokers_played"] == ["XB"]
    assert "XR" in {a.arg for a in state.legal_actions(0)}
    state.apply(0, "play XR")  # the coloured joker led calls spades
    assert {a.arg for a in state.legal_actions(1)} == set(state.hands[1])  # no spades
    state.apply(1, "play 3H")
    assert state.voids()[1] == {"S"}
    state.apply(2, "play 3D")
    assert {a.arg for a in state.legal_actions(3)} == {c for c in state.hands[3] if c[1] == "S"}
    with pytest.raises(IllegalAction, match="follow suit: you hold spades"):
        state.apply(3, "play 9D" if "9D" in state.hands[3] else "play TD")
    state.apply(3, "play 2S")
    assert state.seat_tricks[0] == 2


def test_the_black_joker_is_forced_on_the_tenth_trick() -> None:
    hands = {s: list(h) for s, h in HANDS.items()}
    state = new(hands)
    bid_all(state, [3, 3, 3, 3])
    rng = random.Random(3)
    while len(state.history) < 9:  # nobody plays the black joker for nine tricks
        seat = state.turn
        options = [a for a in state.legal_actions(seat) if a.arg != "XB"]
        state.apply(seat, rng.choice(options))
    assert "XB" in state.hands[0]
    while state.turn != 0:
        seat = state.turn
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert [str(a) for a in state.legal_actions(0)] == ["play XB"]
    other = next(c for c in state.hands[0] if c != "XB")
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="black joker must be played by the tenth trick"):
        state.apply(0, f"play {other}")
    assert state.to_dict() == before


def finish_with(bids: list[int], team0_tricks: int, seed: int = 2) -> GhahveState:
    """A random deal up to its last trick, re-bid and re-counted so team 0-2 ends on
    ``team0_tricks``: the seed's worked example of the sheet."""
    state = new()
    bid_all(state, [2, 2, 2, 2])
    play_random(state, random.Random(seed), tricks=12)
    d = state.to_dict()
    d["bids"] = list(bids)
    last = [state.hands[(state.leader + i) % 4][0] for i in range(4)]
    winner_team = trick_winner(last, state.leader) % 2
    before0 = team0_tricks - (winner_team == 0)
    d["seat_tricks"] = [before0, 12 - before0, 0, 0]
    state = registry.restore(d)
    play_random(state, random.Random(seed))
    assert isinstance(state, GhahveState)
    return state


def test_the_seeds_example_six_contracted_eight_taken_scores_62() -> None:
    state = finish_with([3, 2, 3, 3], team0_tricks=8)  # team 0-2: 6, team 1-3: 5
    row = state.sheet[-1]
    assert row[2:6] == [6, 5, 8, 5]
    assert row[6:8] == [62, 50] and state.scores == [62, 50]


def test_the_seeds_example_a_failed_six_costs_60() -> None:
    state = finish_with([3, 2, 3, 3], team0_tricks=5)
    assert state.sheet[-1][6:8] == [-60, 53]  # the other team: 50 and 3 overtricks


def test_the_dealer_keeps_the_deal_until_his_team_leads() -> None:
    state = new()
    bid_all(state, [2, 2, 2, 2])
    play_random(state, random.Random(2), tricks=12)
    dealer = state.dealer
    d = state.to_dict()
    d["options"]["length"] = "match"
    # the dealer's team falls behind: he deals again
    d["bids"] = [2, 2, 2, 2]
    ahead = 1 - dealer % 2
    d["scores"] = [100, 0] if ahead == 0 else [0, 100]
    s = registry.restore(d)
    play_random(s, random.Random(1))
    assert s.dealer == dealer and s.deal_no == 2 and s.phase == "bid"
    assert s.to_act() == [(dealer + 1) % 4]
    # the dealer's team comes out ahead: the deal passes to his right
    d["scores"] = [100, 0] if ahead == 1 else [0, 100]
    s = registry.restore(d)
    play_random(s, random.Random(1))
    assert s.dealer == (dealer + 1) % 4 and s.to_act() == [(dealer + 2) % 4]


def test_the_match_ends_at_the_target_or_at_minus_the_target() -> None:
    state = new()
    bid_all(state, [2, 2, 2, 2])
    play_random(state, random.Random(4), tricks=12)
    d = state.to_dict()
    d["options"]["length"] = "match"
    d["scores"] = [495, 0]
    d["seat_tricks"] = [6, 6, 0, 0]  # both teams make their 4: 40 + overtricks
    s = registry.restore(d)
    play_random(s, random.Random(1))
    assert s.is_over() and s.result()["winners"] == [0, 2] and s.scores[0] >= 535
    d["options"]["target"] = 1001
    s = registry.restore(d)
    play_random(s, random.Random(1))
    assert not s.is_over() and s.phase == "bid"
    d["options"]["target"] = 501
    d["scores"] = [-480, 0]
    d["bids"] = [5, 2, 5, 2]
    d["seat_tricks"] = [0, 12, 0, 0]
    s = registry.restore(d)
    play_random(s, random.Random(1))
    assert s.is_over() and s.scores[0] == -580 and s.result()["winners"] == [1, 3]


def test_a_whole_match_ends_with_a_winner() -> None:
    state = RULES.new(4, 11, {})
    bots = [make("heuristic", "ghahve", s) for s in range(4)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.observation(seat), state.legal_actions(seat)))
    res = state.result()
    assert len(res["winners"]) == 2
    assert max(state.scores) >= 501 or min(state.scores) <= -501
    assert len(state.sheet) == state.deal_no


def test_sample_state_honours_voids_and_keeps_my_hand() -> None:
    state = new(HANDS)
    bid_all(state, [3, 3, 3, 3])
    d = state.to_dict()
    d["leader"] = d["turn"] = 1
    state = registry.restore(d)
    state.apply(1, "play AC")
    state.apply(2, "play 2C")
    state.apply(3, "play 9D")  # seat 3 shows it has no clubs
    obs = state.observation(0)
    for seed in range(20):
        s = RULES.sample_state(obs, seed)
        assert sorted(s.hands[0]) == sorted(state.hands[0])
        assert not any(c[1] == "C" for c in s.hands[3])
        assert all(len(s.hands[i]) == len(state.hands[i]) for i in range(4))
        assert sorted(c for h in s.hands for c in h) == sorted(c for h in state.hands for c in h)


def test_action_codes_round_trip_and_garbage_is_refused() -> None:
    for card in PACK:
        assert str(RULES.parse_action(f"play {card}")) == f"play {card}"
    assert RULES.parse_action("play xr") == RULES.parse_action("play XR")
    assert str(RULES.parse_action("bid 13")) == "bid 13"
    for bad in ("", "play", "play 2D", "bid 14", "jump"):
        with pytest.raises(IllegalAction):
            RULES.parse_action(bad)


def test_the_bot_bids_sure_tricks_and_plays_legally() -> None:
    state = new(HANDS)
    bot = make("heuristic", "ghahve", 0)
    d = state.dealer
    for i in range(4):
        seat = (d + 1 + i) % 4
        action = bot.choose(state.observation(seat), state.legal_actions(seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.bids[0] is not None and state.bids[0] >= 6  # two jokers and four top spades
    assert state.bids[1] is not None and state.bids[1] <= 3
    while not state.is_over():
        seat = state.turn
        legal = state.legal_actions(seat)
        action = bot.choose(state.observation(seat), legal)
        assert action in legal
        state.apply(seat, action)


# -- the bot's judgement, position by position -----------------------------------------------


def bot_position(hands: dict[int, list[str]], moves: list[str],
                 avoid: dict[int, str] | None = None) -> tuple[GhahveState, int]:
    """A deal from ``hands`` (seats counted from the first leader, the dealer's right: 0 leads)
    topped up to 13 each from the cards left (a seat in ``avoid`` gets none of the suits named;
    ``R`` and ``B`` name the jokers), every seat bidding 2, then ``moves`` played. Returns the
    state and the seat to act, counted from the first leader."""
    lead = (dealer_of(SEED) + 1) % 4
    full, _ = top_up(hands, PACK, 13, avoid=avoid)
    state = new({(lead + s) % 4: full[s] for s in range(4)})
    bid_all(state, [2, 2, 2, 2])
    assert state.turn == lead
    for card in moves:
        state.apply(state.turn, f"play {card}")
    return state, (state.turn - lead) % 4



@pytest.mark.parametrize("thrown", ["3D", "JC"])
def test_bot_reads_the_card_its_partner_threw(thrown: str) -> None:
    # seat 2 had no hearts, spades nor jokers: a low diamond thrown says it does not want
    # diamonds, a jack of clubs that it wants clubs; either way seat 0 leads a club, not a
    # diamond from its longer suit
    state, seat = bot_position({0: ["AH", "4D", "5D", "6D", "7D", "8D", "9D", "2C", "3C", "4C",
                                    "5C", "6C", "3S"], 1: ["3H"], 2: [thrown], 3: ["4H"]},
                               ["AH", "3H", thrown, "4H"], avoid={2: "HSRB"})
    assert seat == 0 and bot_move(state) == "play 2C"


def test_throws_are_the_cards_that_did_not_follow() -> None:
    # a joker may be played on any lead: it shows no void; a spade on hearts is a ruff
    tricks = [[1, ["AH", "XB", "3D", "3S"]], [2, ["4C", "5C", "7H", "XR"]]]
    assert reading.anew(tricks, 4).throws == [["3S", "7H"], [], [], ["3D"]]


def test_bot_does_not_cash_an_ace_into_a_suit_an_opponent_can_ruff() -> None:
    # seat 1 threw a club on the king of diamonds: it has none and may trump the ace
    state, seat = bot_position({0: ["KD", "AD", "3H", "4H", "5H", "6H", "7H", "3C", "4C"],
                                1: ["2C"], 2: ["3D"], 3: ["4D"]},
                               ["KD", "2C", "3D", "4D"], avoid={0: "SRB", 1: "D"})
    assert seat == 0 and bot_move(state)[-1] != "D"


def test_bot_lets_its_partners_queen_stand_when_its_king_is_no_surer() -> None:
    # the partner (seat 0) leads the queen of hearts; the ace is out, so the king is no surer
    state, seat = bot_position({0: ["QH"], 1: ["3H"], 2: ["KH", "4H"], 3: ["AH"]}, ["QH", "3H"],
                               avoid={2: "HRB"})
    assert seat == 2 and bot_move(state) == "play 4H"


def test_bot_throws_a_low_card_rather_than_unguard_a_king() -> None:
    # seat 1 has no hearts, no spades and no joker: throwing the two of clubs bares its king
    diamonds = [r + "D" for r in "3456789TJQK"]
    state, seat = bot_position({0: ["AH"], 1: ["KC", "2C", *diamonds]}, ["AH"])
    assert seat == 1 and bot_move(state) == "play 3D"


def test_bot_leads_into_its_partners_void() -> None:
    # the partner (seat 2) threw a heart on the ace of clubs: a low club lets him trump
    state, seat = bot_position({0: ["AC", "5C", "6C", "3H", "4H", "5H", "6H", "7H", "3D", "4D",
                                    "5D", "6D", "7D"],
                                1: ["3C"], 2: ["8H", "2S"], 3: ["4C", "KC"]},
                               ["AC", "3C", "8H", "4C"], avoid={2: "C"})
    assert seat == 0 and bot_move(state) == "play 5C"


def test_bot_does_not_draw_its_partners_trumps() -> None:
    # both opponents threw a heart on the ace of spades: the spades out are the partner's, and
    # the king would only draw them
    state, seat = bot_position({0: ["XB", "XR", "AS", "KS", "3H", "4H", "5H", "3D", "4D", "5D",
                                    "3C", "4C", "5C"], 1: ["6H"], 2: ["2S"], 3: ["7H"]},
                               ["AS", "6H", "2S", "7H"], avoid={1: "SRB", 3: "SRB"})
    assert seat == 0 and bot_move(state)[-1] not in "SRB"


def test_a_world_where_the_bids_do_not_fit_the_hands_misfits() -> None:
    # seat 2 bid 8 (what the bot bids on seat 0's hand) and seat 0 bid 2: seen by seat 1, the
    # world where they hold each other's hand fits, the true one misfits both bids
    state = new(HANDS)
    bid_all(state, [2, 2, 8, 4])
    bot = make("normal", "ghahve", 0)
    assert bot.misfits(state, 1, 99) == 2 and bot.misfits(state, 1, 1) == 1
    swapped = state.clone()
    swapped.hands[0], swapped.hands[2] = list(HANDS[2]), list(HANDS[0])
    assert swapped.observation(1) == state.observation(1)
    assert bot.misfits(swapped, 1, 99) == 0
