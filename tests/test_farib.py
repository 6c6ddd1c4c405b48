"""Farib: the seed's two worked examples card by card, the rules, refusals, secrecy, bot."""

from __future__ import annotations

import json

import pytest

from game import registry
from game.bots import make
from game.bots.farib import HeuristicBot, View
from game.core import IllegalAction
from game.rules.farib import FaribState, deck_for, is_farmer, power, suit_of
from tests.positions import bot_move, top_up
from tests.test_shapes import events_as_declared

RULES = registry.get("farib")

# Four seats: الف (A) deals = seat 0, ب (B) = 1, ج (C) = 2, د (D) = 3.
# The deal goes five at a time from the dealer's left: seat 1, 2, 3, 0; then the turned card.
B4 = ["JS", "AS", "AH", "AD", "AC"]
C4 = ["KD", "QD", "JD", "TD", "9D"]
D4 = ["JC", "KS", "QS", "TS", "9S"]
A4 = ["KH", "QH", "JH", "TH", "9H"]
DECK4 = B4 + C4 + D4 + A4 + ["9C", "TC", "QC", "KC"]

# Five seats: player k is seat k-1; player 1 (seat 0) deals; seat 1 gets the first five.
P2 = ["AS", "KS", "QS", "JS", "8H"]
P3 = ["JD", "JH", "KD", "QD", "8S"]
P4 = ["9D", "AC", "KC", "QC", "JC"]
P5 = ["AD", "9S", "8C", "9C", "TC"]
P1 = ["TS", "AH", "KH", "QH", "TH"]
DECK5 = P2 + P3 + P4 + P5 + P1 + ["TD", "9H", "8D"]


def new(seats: int, deck: list[str], **options: object) -> FaribState:
    state = RULES.new(seats, 1, {"deck": deck, **options})
    assert isinstance(state, FaribState)
    return state


def run(state: FaribState, moves: list[tuple[int, str]]) -> None:
    for seat, code in moves:
        assert state.to_act() == [seat], (seat, code, state.to_act())
        state.apply(seat, code)


def refused(state: FaribState, seat: int, code: str, words: str) -> None:
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=words):
        state.apply(seat, code)
    assert state.to_dict() == before


def test_seed_example_four_players() -> None:
    s = new(4, DECK4)
    assert s.hands[1] == B4 and s.hands[0] == A4 and s.up_card == "9C"
    assert s.to_act() == [1]
    run(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.phase == "name" and s.turned_down
    refused(s, 1, "name C", "turned down")
    run(s, [(1, "pass"), (2, "pass"), (3, "name S")])
    assert s.trump == "S" and s.maker == 3
    run(s, [(3, "partner")])
    assert s.to_act() == [1]  # B, the dealer's left, leads
    tricks = [
        [(1, "JS"), (2, "9D"), (3, "9S"), (0, "9H")],
        [(1, "AS"), (2, "TD"), (3, "TS"), (0, "TH")],
        [(1, "AH"), (2, "JD"), (3, "QS"), (0, "JH")],
        [(3, "KS"), (0, "QH"), (1, "AD"), (2, "QD")],
        [(3, "JC"), (0, "KH"), (1, "AC"), (2, "KD")],
    ]
    winners = [1, 1, 3, 3, 3]
    for i, (cards, winner) in enumerate(zip(tricks, winners)):
        run(s, [(seat, "play " + card) for seat, card in cards])
        if i < 4:
            assert s.to_act() == [winner]
    assert s.scores == [0, 2]  # team 2 (seats 1+3) takes all five: 2 points
    assert s.sheet[0] == [1, 0, 3, "S", False, None, 5, 2]
    assert s.dealer == 1 and s.hand_no == 2


def test_seed_example_five_players() -> None:
    s = new(5, DECK5)
    assert s.up_card == "TD" and s.to_act() == [1]
    run(s, [(1, "pass"), (2, "order")])
    assert s.trump == "D" and s.phase == "discard" and "TD" in s.hands[0]
    run(s, [(0, "discard TH")])
    refused(s, 2, "call JD", "you hold")
    run(s, [(2, "call AD")])
    assert s.partner == 4 and not s.revealed
    assert s.observation(3)["teams"] is None and s.observation(3)["partner"] is None
    assert s.observation(4)["i_am_partner"] is True
    assert s.observation(0)["i_am_partner"] is False
    run(s, [(1, "play AS"), (2, "play 8S"), (3, "play 9D"), (4, "play 9S"), (0, "play TS")])
    assert s.tricks[3] == 1 and s.to_act() == [3]
    run(s, [(3, "play AC"), (4, "play 8C"), (0, "play QH"), (1, "play 8H"), (2, "play JD")])
    run(s, [(2, "play JH"), (3, "play JC")])
    events = s.apply(4, "play AD")
    assert any(e.kind == "partner" and e.seat == 4 for e in events)
    assert s.observation(3)["teams"] == [[2, 4], [0, 1, 3]]
    run(s, [(0, "play TD"), (1, "play KS")])
    run(s, [(2, "play KD"), (3, "play QC"), (4, "play TC"), (0, "play KH"), (1, "play QS")])
    run(s, [(2, "play QD"), (3, "play KC"), (4, "play 9C"), (0, "play AH"), (1, "play JS")])
    # the hand is scored and the next one dealt: the sheet keeps it
    assert s.sheet[0] == [1, 0, 2, "D", False, 4, 4, 1] and s.hand_no == 2 and s.dealer == 1
    assert s.scores == [0, 0, 1, 0, 1]


def test_partner_secret_from_third_seats() -> None:
    """Partner seat 4 or seat 1: seats 0, 2 (the maker) and 3 see exactly the same."""
    other = list(DECK5)
    i, j = other.index("AD"), other.index("8H")
    other[i], other[j] = other[j], other[i]
    worlds = [new(5, DECK5), new(5, other)]
    moves = [(1, "pass"), (2, "order"), (0, "discard TH"), (2, "call AD"),
             (1, "play AS"), (2, "play 8S"), (3, "play 9D"), (4, "play 9S"), (0, "play TS")]
    for seat, code in moves:
        events = [w.apply(seat, code) for w in worlds]
        for third in (0, 2, 3):
            assert worlds[0].observation(third) == worlds[1].observation(third)
            shown = [[(e.kind, e.seat, e.data) for e in evs if e.visible_to(third)]
                     for evs in events]
            assert shown[0] == shown[1]
            assert worlds[0].legal_actions(third) == worlds[1].legal_actions(third)
        assert worlds[0].observation(None) == worlds[1].observation(None)
    assert worlds[0].partner == 4 and worlds[1].partner == 1
    assert worlds[0].observation(4)["i_am_partner"] and worlds[1].observation(1)["i_am_partner"]
    assert worlds[0].observation(3)["teams"] is None


def test_called_card_in_kitty_plays_alone_unknowingly() -> None:
    s = new(5, DECK5)
    run(s, [(1, "pass"), (2, "order"), (0, "discard TH"), (2, "call 9H")])
    assert s.partner is None and s.observation(2)["teams"] is None
    refused(s, 2, "alone", "not your turn")
    moves = [(1, "AS"), (2, "8S"), (3, "9D"), (4, "9S"), (0, "TS"),
             (3, "AC"), (4, "8C"), (0, "QH"), (1, "8H"), (2, "JD"),
             (2, "JH"), (3, "JC"), (4, "AD"), (0, "TD"), (1, "KS"),
             (2, "KD"), (3, "QC"), (4, "TC"), (0, "KH"), (1, "QS"),
             (2, "QD"), (3, "KC"), (4, "9C"), (0, "AH")]
    run(s, [(seat, "play " + c) for seat, c in moves])
    events = s.apply(1, "play JS")
    assert any(e.kind == "unrevealed" for e in events)
    # the maker alone took 4: 1 point to him only
    assert s.scores == [0, 0, 1, 0, 0]


def test_refusals_and_alone_four_players() -> None:
    s = new(4, DECK4)
    refused(s, 1, "alone", "order the turned card up")
    refused(s, 1, "name S", "order the turned card up")
    run(s, [(1, "order")])  # B orders clubs: dealer A takes 9C
    assert s.phase == "discard" and s.to_act() == [0]
    refused(s, 0, "discard AS", "you do not hold")
    run(s, [(0, "discard 9H")])
    assert s.laid == ["9H"]
    laid = {z["id"]: z for z in s.observation(1)["zones"]}["laid"]["cards"]
    assert laid == [None]
    assert {z["id"]: z for z in s.observation(0)["zones"]}["laid"]["cards"] == ["9H"]
    refused(s, 3, "alone", "not your turn")
    run(s, [(1, "alone")])
    assert s.sitting_out == 3
    assert s.to_act() == [1]
    refused(s, 3, "play JC", "sit this hand out")
    refused(s, 1, "alone", "only the maker")
    # clubs trump: JS is the left bower and belongs to clubs
    run(s, [(1, "play AC")])
    assert s.hands[2] == C4
    run(s, [(2, "play KD")])
    assert s.to_act() == [0]  # seat 3 is skipped
    assert suit_of("JS", "C") == "C" and power("JS", "C", "H") > power("AC", "C", "C")


def test_left_bower_must_follow_trump() -> None:
    s = new(4, DECK4)
    run(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "name H"), (1, "partner")])
    # hearts trump: JD (seat 2's) is the left bower; seat 1 leads AH
    run(s, [(1, "play AH")])
    refused(s, 2, "play KD", "follow suit.*left bower")
    run(s, [(2, "play JD")])


def test_dealer_is_stuck() -> None:
    s = new(4, DECK4)
    run(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"),
             (1, "pass"), (2, "pass"), (3, "pass")])
    refused(s, 0, "pass", "stuck")
    assert "pass" not in [str(a) for a in s.legal_actions(0)]
    run(s, [(0, "name D")])


@pytest.mark.parametrize("scoring,tricks,points", [
    ("seed", 0, 4), ("standard", 0, 2), ("seed", 2, 2), ("standard", 2, 2)])
def test_defender_scoring(scoring: str, tricks: int, points: int) -> None:
    s = new(4, DECK4, scoring=scoring)
    s.trump, s.maker, s.phase = "S", 0, "play"
    s.tricks = [tricks, 5 - tricks, 0, 0]
    assert s._end_hand()
    assert s.scores == [0, points]


def test_lone_maker_five_tricks_scores_four() -> None:
    s = new(4, DECK4)
    s.trump, s.maker, s.alone, s.sitting_out = "S", 0, True, 2
    s.tricks = [5, 0, 0, 0]
    s._end_hand()
    assert s.scores == [4, 0]


def test_farmer_hand_is_redealt() -> None:
    assert is_farmer(["9S", "TS", "9H", "TD", "9C"], 4)
    assert not is_farmer(["9S", "TS", "9H", "TD", "JC"], 4), "a jack is above the farmer's"
    assert is_farmer(["8S", "9S", "8H", "9D", "8C"], 5)
    assert not is_farmer(["8S", "9S", "8H", "9D", "TC"], 5), "five seats: eights and nines only"
    farmer = ["9S", "TS", "9H", "TH", "9D"] + [c for c in deck_for(4) if c not in
                                              ("9S", "TS", "9H", "TH", "9D")]
    s = RULES.new(4, 3, {"deck": farmer})
    # shown to all: the dealer's left (seat 1) got the first five
    assert [(e.seat, e.data, e.to) for e in s.opening if e.kind == "farmer"] == [
        (1, {"cards": farmer[:5]}, None)]
    events_as_declared("farib", s.opening)
    assert not any(is_farmer(h, 4) for h in s.hands)


def test_match_ends_at_target() -> None:
    s = new(4, DECK4, target=5)
    s.scores = [4, 0]
    s.trump, s.maker, s.phase = "S", 0, "play"
    s.tricks = [3, 0, 2, 0]
    s._end_hand()
    assert s.is_over() and s.result()["winners"] == [0, 2]


def test_sample_state_respects_secret_and_voids() -> None:
    s = new(5, DECK5)
    run(s, [(1, "pass"), (2, "order"), (0, "discard TH"), (2, "call AD"),
             (1, "play AS"), (2, "play 8S"), (3, "play 9D")])
    holders = set()
    obs = s.observation(1)
    for seed in range(40):
        sample = RULES.sample_state(obs, seed)
        assert sample.observation(1) == obs
        assert not any(c[1] == "S" for c in sample.hands[3])  # seat 3 showed no spades
        assert "AD" not in sample.hands[2]  # the maker does not hold what he called
        assert "TD" in sample.hands[0] or sample.laid == ["TD"]
        holders.add(sample.partner)
    assert len(holders) >= 3


def test_bot_plays_every_decision() -> None:
    for seats in (4, 5):
        s = RULES.new(seats, 11, {"length": "hand"})
        bots = [make("heuristic", "farib", i) for i in range(seats)]
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, bots[seat].choose(s.observation(seat), s.legal_actions(seat)))
        assert s.result()["winners"]


@pytest.mark.parametrize("seats", [4, 5])
def test_sampled_states_look_the_same_to_their_seat(seats: int) -> None:
    import random

    for seed in range(6):
        s = RULES.new(seats, seed, {"length": "hand"})
        rng = random.Random(seed)
        step = 0
        while not s.is_over():
            step += 1
            if step % 3 == 0:
                for seat in range(seats):
                    obs = s.observation(seat)
                    sample = RULES.sample_state(obs, step)
                    assert sample.observation(seat) == obs
                    assert sample.legal_actions(seat) == s.legal_actions(seat)
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            alone = [a for a in legal if a.verb == "alone"]
            s.apply(seat, alone[0] if alone and seed % 2 else rng.choice(legal))


def test_bot_calls_the_strongest_card_it_lacks_and_the_partner_helps() -> None:
    s = new(5, DECK5)
    run(s, [(1, "pass"), (2, "order"), (0, "discard TH")])
    bot = make("heuristic", "farib", 0)
    # seat 2 holds JD JH KD QD 8S: four trumps with both bowers, worth going alone at five; were
    # it to call, it would make the seed's own call, the ace of trump
    assert str(bot.choose(s.observation(2), s.legal_actions(2))) == "alone"
    assert str(HeuristicBot._call(s.legal_actions(2), "D")) == "call AD"
    run(s, [(2, "call AD"), (1, "play AS"), (2, "play 8S"), (3, "play 9D"), (4, "play 9S"),
            (0, "play TS"), (3, "play AC"), (4, "play 8C"), (0, "play QH"), (1, "play 8H"),
            (2, "play JD"), (2, "play JH"), (3, "play JC")])
    assert View.of(s.observation(4)).friends == {2}  # it knows whom it plays for
    assert View.of(s.observation(3)).friends == set()
    assert View.of(s.observation(2)).friends == set()  # the maker does not know yet
    # the secret partner must follow trump with its only trump, the called ace
    assert str(bot.choose(s.observation(4), s.legal_actions(4))) == "play AD"  # its only trump


def test_bot_goes_alone_with_five_sure_tricks_and_orders_strong_hands() -> None:
    s = new(4, DECK4)
    run(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"), (2, "pass")])
    bot = make("heuristic", "farib", 0)
    # seat 3 holds JC KS QS TS 9S: five spades with the left bower
    assert str(bot.choose(s.observation(3), s.legal_actions(3))) == "name S"
    run(s, [(3, "name S")])
    assert str(bot.choose(s.observation(3), s.legal_actions(3))) == "alone"
    weak = new(4, DECK4)
    assert str(bot.choose(weak.observation(1), weak.legal_actions(1))) == "order"  # four aces
    run(weak, [(1, "pass")])
    assert str(bot.choose(weak.observation(2), weak.legal_actions(2))) == "pass"  # no clubs


def test_bot_goes_alone_on_a_strong_hand_short_of_sure_tricks() -> None:
    bot = make("heuristic", "farib", 0)
    s = new(4, DECK4)
    run(s, [(1, "order"), (0, "discard 9H")])
    # seat 1 holds JS AS AH AD AC, clubs trump: the left bower, the ace and three outside aces
    # (strength 7.5, two trumps only): a march alone scores 4
    assert str(bot.choose(s.observation(1), s.legal_actions(1))) == "alone"
    s = new(4, DECK4)
    run(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "name H")])
    # the same hand with hearts trump counts 5 (the ace and four aces): the partner plays
    assert str(bot.choose(s.observation(1), s.legal_actions(1))) == "partner"



def test_bot_orders_its_partner_up_on_its_own_strength() -> None:
    """Seat 2, the dealer's partner, asked to order up the jack of hearts: the ace, king and
    nine of hearts count 4.5, short of 6 (the jack its partner would take counts for nothing),
    so it passes; with the ten of hearts and the ace of spades besides it counts 6.5 and orders."""
    bot = make("heuristic", "farib", 0)
    for hand, call in ((["AH", "KH", "9H", "9S", "TS"], "pass"),
                       (["AH", "KH", "9H", "TH", "AS"], "order")):
        others = [c for c in deck_for(4) if c not in hand and c != "JH"]
        deck = others[:5] + hand + others[5:15] + ["JH"] + others[15:]
        s = new(4, deck)
        run(s, [(1, "pass")])
        assert str(bot.choose(s.observation(2), s.legal_actions(2))) == call, hand

# Four seats, seat 0 deals and orders up the 9H himself (hearts trump, seats 0+2 make):
# seat 1 AC KC 9S TS QD, seat 2 9D TD AD KH QH (no clubs), seat 3 9C QC AS KS QS,
# seat 0 TC JH AH TH JS + 9H; the kitty JD KD JC.
DEFENCE = (["AC", "KC", "9S", "TS", "QD"] + ["9D", "TD", "AD", "KH", "QH"]
           + ["9C", "QC", "AS", "KS", "QS"] + ["TC", "JH", "AH", "TH", "JS"]
           + ["9H", "JD", "KD", "JC"])


def defence_deal() -> FaribState:
    s = new(4, DEFENCE)
    run(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "order"), (0, "discard JS"),
            (0, "partner")])
    return s


def test_bot_defender_cashes_a_boss_but_not_into_a_ruff() -> None:
    s = defence_deal()
    bot = make("heuristic", "farib", 0)
    assert str(bot.choose(s.observation(1), s.legal_actions(1))) == "play AC"  # a sure trick
    run(s, [(1, "play AC"), (2, "play 9D"), (3, "play 9C"), (0, "play TC")])
    assert s.to_act() == [1]
    # KC is now the best club, but seat 2 showed it has none and may hold trumps: not KC
    assert str(bot.choose(s.observation(1), s.legal_actions(1))) != "play KC"


def test_bot_wins_cheaply_draws_trumps_and_leaves_its_partners_trick_alone() -> None:
    s = defence_deal()
    run(s, [(1, "play AC"), (2, "play 9D"), (3, "play 9C"), (0, "play TC"),
            (1, "play 9S"), (2, "play TD"), (3, "play AS")])
    bot = make("heuristic", "farib", 0)
    # last to play, void in spades: the lowest trump takes the trick; the bower is kept
    assert str(bot.choose(s.observation(0), s.legal_actions(0))) == "play 9H"
    run(s, [(0, "play 9H")])
    # the maker holds the best trump while the opponents may still hold some: he draws them
    assert str(bot.choose(s.observation(0), s.legal_actions(0))) == "play JH"
    run(s, [(0, "play JH"), (1, "play TS")])
    # seat 2 follows its partner's right bower, which nothing beats: its lower trump
    assert str(bot.choose(s.observation(2), s.legal_actions(2))) == "play QH"


def test_the_issue_stack_a_lone_maker_in_seat_2_euchred_scores_for_the_defenders() -> None:
    deck = ("JH JD AH KH QH QS 9S TC 9C TD TH AS KS AC KC TS JS QD KD AD 9H 9D JC QC").split()
    s = new(4, deck, scoring="standard", length="hand")
    run(s, [(1, "pass"), (2, "order"), (0, "discard TS"), (2, "alone")])
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.tricks[1] + s.tricks[3] == 5
    assert s.scores == [0, 2] and s.winners == [1, 3]


def expected_points(alone: bool, got: int, standard: bool) -> tuple[str, int]:
    """Euchre's table, written apart from the rules module: (side that scores, points)."""
    if got == 5:
        return "makers", 4 if alone else 2
    if got >= 3:
        return "makers", 1
    return "defenders", 2 if standard or got > 0 else 4


@pytest.mark.parametrize("scoring", ["standard", "seed"])
def test_every_maker_seat_alone_or_not_euchred_or_marching_scores_its_side(scoring: str) -> None:
    """Random hands until every maker seat has been seen alone and not, euchred, making its
    point and marching: the points go to the side the table of Euchre names, every time."""
    seen: set[tuple[int, bool, str]] = set()
    bots = {s: make("random", "farib", s) for s in range(4)}
    for seed in range(4000):
        s = RULES.new(4, seed, {"scoring": scoring, "length": "hand"})
        assert isinstance(s, FaribState)
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, bots[seat].choose(s.observation(seat), s.legal_actions(seat)))
        row = s.sheet[-1]
        maker, alone, got = int(row[2]), bool(row[4]), int(row[6])
        side, points = expected_points(alone, got, scoring == "standard")
        team = maker % 2 if side == "makers" else 1 - maker % 2
        assert s.scores[team] == points and s.scores[1 - team] == 0, (seed, row, s.scores)
        outcome = "euchred" if got < 3 else "march" if got == 5 else "made"
        seen.add((maker, alone, outcome))
        if len(seen) == 24:
            break
    assert len(seen) == 24, sorted(seen)


def position(hands: dict[int, list[str]], trump: str, maker: int, moves: list[str],
             avoid: dict[int, str] | None = None) -> FaribState:
    """Four seats as they sit (seat 0 deals, seat 1 leads first), ``hands`` topped up from the
    pack (`tests.positions.top_up`); the turned card is the first card left of another suit
    than ``trump``; all pass it, ``maker`` names ``trump`` in round two and plays with his
    partner; then the cards ``moves`` are played."""
    full, rest = top_up(hands, deck_for(4), 5, avoid=avoid)
    up = next(c for c in rest if c[1] != trump)
    rest.remove(up)
    deck = [c for seat in (1, 2, 3, 0) for c in full[seat]] + [up, *rest]
    state = new(4, deck, length="hand")
    assert state.hands == [full[s] for s in range(4)], "a farmer's hand was dealt again"
    for seat in [1, 2, 3, 0, *range(1, maker if maker else 4)]:
        state.apply(seat, "pass")
    state.apply(maker, f"name {trump}")
    state.apply(maker, "partner")
    for card in moves:
        state.apply(state.turn, f"play {card}")
    return state


def test_the_makers_second_hand_leaves_a_low_lead_to_its_partner() -> None:
    """Spades trump, seat 2 named them; seat 2 holds no club and two low spades that a higher
    one may overtrump. On a defender's low club it throws its cheapest card for its partner,
    last to play, to take the trick; on a king it trumps; a defender second to play on the
    maker's low club trumps (his trumps would fall to the makers' anyway)."""
    mine = ["9S", "TS", "AH", "QD", "9H"]
    low = position({1: ["9C", "QC"], 2: mine}, "S", 2, ["9C"])
    assert bot_move(low) == "play 9H"
    high = position({1: ["KC", "QC"], 2: mine}, "S", 2, ["KC"])
    assert bot_move(high) == "play 9S"
    defender = position({1: ["9C", "QC"], 2: mine}, "S", 1, ["9C"])
    assert bot_move(defender) == "play 9S"

@pytest.mark.parametrize("seats", [4, 5])
def test_a_hand_replays_from_its_deal(seats: int) -> None:
    """At every step of heuristic and random hands, the hand's actions (`hand_actions`) applied
    to the state at its deal (`as_dealt`) make the state again."""
    import random

    for seed in range(8):
        s = RULES.new(seats, seed, {"length": "hand"})
        bots = [make("normal" if seed % 2 else "random", "farib", i) for i in range(seats)]
        rng = random.Random(seed)
        while not s.is_over():
            replay = s.as_dealt()
            for seat, action in s.hand_actions():
                replay.apply(seat, action)
            assert replay.to_dict() == s.to_dict()
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            alone = [a for a in legal if a.verb == "alone"]
            s.apply(seat, alone[0] if alone and rng.random() < 0.3 else bots[seat].act(s, seat))


def test_a_world_where_a_seat_that_passed_holds_a_monster_misfits() -> None:
    """Seats 1 and 2 passed the turned card; in a world seat 3 deals where seat 2, an opponent,
    holds the five best trumps of its suit, seat 2's pass is not what the bot would have done
    there; where seat 1, its partner, holds them, nothing misfits (a partner is not read)."""
    bot = HeuristicBot(0)
    for seed in range(40):
        s = RULES.new(4, seed, {"length": "hand"})
        run(s, [(1, "pass"), (2, "pass")])
        trump = s.up_card[1]
        best = sorted((c for c in deck_for(4) if suit_of(c, trump) == trump),
                      key=lambda c: -power(c, trump, trump))
        monster = [c for c in best if c != s.up_card][:5]
        if any(c in s.hands[3] for c in monster) or bot.misfits(s, 3, 99):
            continue  # seat 3 holds one of them, or the bot would not have passed both
        for strong, misfits in ((2, 1), (1, 0)):
            world = RULES.sample_state(s.observation(3), seed)
            hand = world.hands[strong]
            for card in (c for c in monster if c not in hand):
                holder = next(h for h in [*world.hands[:3], world.kitty] if card in h)
                spare = next(c for c in hand if c not in monster)
                holder[holder.index(card)] = spare
                hand[hand.index(spare)] = card
            assert world.observation(3) == s.observation(3)
            assert bot.misfits(world, 3, 99) == misfits
        return
    raise AssertionError("no deal where seats 1 and 2 pass")


def test_a_save_whose_tricks_are_not_leader_seats_and_cards_is_refused() -> None:
    s = new(5, DECK5)
    for seat, code in [(1, "pass"), (2, "order"), (0, "discard TH"), (2, "call AD"),
                       (1, "play AS"), (2, "play 8S"), (3, "play 9D"), (4, "play 9S"),
                       (0, "play TS")]:
        s.apply(seat, code)
    d = json.loads(json.dumps(s.to_dict()))
    assert registry.restore(d).history == s.history == [(1, [1, 2, 3, 4, 0],
                                                          ["AS", "8S", "9D", "9S", "TS"])]
    leader, seats, cards = d["history"][0]
    for bad in ([str(leader), seats, cards], [leader, [*seats[:-1], "0"], cards],
                [leader, seats, [*cards[:-1], 5]], [leader, seats]):
        with pytest.raises(ValueError, match="leader, seats, cards"):
            registry.restore({**d, "history": [bad]})
