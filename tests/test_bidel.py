"""Bi-Del rules from seed 002, played card by card on stacked decks."""

from __future__ import annotations

import random

import pytest

from game import registry
from game.bots import make
from game.cards.french import deck
from game.core import Action, IllegalAction, is_pattern
from game.rules.bidel import BiDelState, pass_direction
from tests.positions import bot_move, top_up

RULES = registry.get("bidel")
AMIR, AMIN, HAMID, MOHAMMAD = 0, 1, 2, 3  # Amir faces Hamid, Amin faces Mohammad

# The seed's deal, as it is played after the pass (hands after the exchange).
AFTER_PASS = {
    AMIR: "2C 2H AH AS KH QH JH 7S 8S 9S 3C 4C 9C".split(),
    AMIN: "QC 2D 5C QS 6C 7C 8C 4D 5D 6D 7D 8D 9D".split(),
    HAMID: "KC 3D 4H 2S 5H 6H 7H 8H 9H TH KS JS TS".split(),
    MOHAMMAD: "AC AD 3H 3S 4S 5S 6S TC JC TD JD QD KD".split(),
}
TRICKS = [  # (leader, cards in play order)
    (AMIR, "2C QC KC AC"),  # the seed: Amir 2♣, Amin Q♣, Hamid K♣, Mohammad A♣ takes it
    (MOHAMMAD, "AD 2H 2D 3D"),  # the seed: A♦, Amir is void and gives Mohammad a heart
    (MOHAMMAD, "3H AH 5C 4H"),  # hearts are broken: Mohammad may lead one
    (AMIR, "AS QS 2S 3S"), (AMIR, "KH 6C 5H 4S"), (AMIR, "QH 7C 6H 5S"), (AMIR, "JH 8C 7H 6S"),
    (AMIR, "7S 4D KS TC"), (HAMID, "8H JC 8S 5D"), (HAMID, "9H TD 9S 6D"),
    (HAMID, "TH JD 3C 7D"), (HAMID, "JS QD 4C 8D"), (HAMID, "TS KD 9C 9D"),
]


def stacked(hands: dict[int, list[str]], n: int = 4) -> list[str]:
    """The deck, top first, that deals ``hands`` in packets of 5, 4, 4 (, 4) from seat 0."""
    out: list[str] = []
    start = 0
    for count in ([5, 4, 4] if n == 4 else [5, 4, 4, 4]):
        for seat in range(n):
            out.extend(hands[seat][start:start + count])
        start += count
    return out


def before_pass(after: dict[int, list[str]] | None = None
                ) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Hands dealt and the cards each seat passes right so that ``after`` results."""
    after = after or AFTER_PASS
    got = {s: after[s][-3:] for s in range(4)}
    gives = {s: got[(s + 1) % 4] for s in range(4)}
    dealt = {s: [c for c in after[s] if c not in got[s]] + gives[s] for s in range(4)}
    return dealt, gives


def seed_deal(**options: object) -> BiDelState:
    dealt, gives = before_pass()
    state = RULES.new(4, 1, {"deck": stacked(dealt), **options})
    assert isinstance(state, BiDelState)
    for seat in range(4):
        state.apply(seat, Action("pass", " ".join(gives[seat])))
    return state


def playing(hands: dict[int, list[str]], leader: int, history: int = 1,
            broken: bool = False) -> BiDelState:
    """A state in play with the given hands (tests of single rules); ``history`` tricks done."""
    state = RULES.new(4, 3)
    assert isinstance(state, BiDelState)
    state.phase = "play"
    state.hands = [list(hands[s]) for s in range(4)]
    rest = [c for c in deck() if all(c not in h for h in hands.values())]
    state.won = [rest if s == 0 else [] for s in range(4)]
    state.chosen = [[] for _ in range(4)]
    state.history = [(0, rest[4 * i:4 * i + 4]) for i in range(history)]
    state.leader = state.turn = leader
    state.broken = broken
    return state


def refused(state: BiDelState, seat: int, code: str, match: str) -> None:
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=match):
        state.apply(seat, code)
    assert state.to_dict() == before


def test_seed_example_22_1_0_3() -> None:
    state = seed_deal()
    assert [sorted(h) for h in state.hands] == [sorted(AFTER_PASS[s]) for s in range(4)]
    assert state.to_act() == [AMIR]
    for leader, cards in TRICKS:
        assert state.turn == leader
        for i, card in enumerate(cards.split()):
            state.apply((leader + i) % 4, f"play {card}")
    assert state.sheet[0][2] == [22, 0, 3, 1]  # Amir 22, Amin 0, Hamid 3, Mohammad 1
    assert sum(state.sheet[0][2]) == 26
    assert state.totals == [22, 0, 3, 1]
    sheet = state.facts(None)["sheet"]
    assert sheet["rows"][0] == [1, "right", [22, 0, 3, 1], [22, 0, 3, 1], None]
    assert state.deal_no == 2 and state.pass_dir() == "left" and state.phase == "pass"


def test_seed_example_mid_play_facts() -> None:
    state = seed_deal()
    for leader, cards in TRICKS[:2]:
        for i, card in enumerate(cards.split()):
            state.apply((leader + i) % 4, f"play {card}")
    facts = state.facts(AMIR)
    assert facts["hearts_broken"] and facts["points"] == [0, 0, 0, 1]
    assert state.legal_actions(MOHAMMAD) == [Action("play", c) for c in state.hands[MOHAMMAD]]


MOON = {  # Amir holds A♣ and every heart but the 2; Amin the 2♣ and 2♥; Mohammad the Q♠
    AMIR: "AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split(),
    AMIN: "2C 2H 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D".split(),
    HAMID: "6C 7C 8C 9C TD JD QD KD AD 2S 3S 4S 5S".split(),
    MOHAMMAD: "QS TC JC QC KC 6S 7S 8S 9S TS JS KS AS".split(),
}


def test_moon_gives_26_to_everyone_else() -> None:
    dealt, gives = before_pass(MOON)
    state = RULES.new(4, 1, {"deck": stacked(dealt), "length": "deal"})
    assert isinstance(state, BiDelState)
    for seat in range(4):
        state.apply(seat, Action("pass", " ".join(gives[seat])))
    assert state.to_act() == [AMIN]
    for seat, card in ((AMIN, "2C"), (HAMID, "6C"), (MOHAMMAD, "TC"), (AMIR, "AC")):
        state.apply(seat, f"play {card}")
    # Amir holds only hearts: he may lead them before they are broken, and takes every trick.
    assert [a.arg for a in state.legal_actions(AMIR)] == sorted(
        state.hands[AMIR], key=lambda c: "23456789TJQKA".index(c[0]))
    state.apply(AMIR, "play AH")
    state.apply(AMIN, "play 2H")
    state.apply(HAMID, "play 2S")
    state.apply(MOHAMMAD, "play QS")
    while not state.is_over():
        seat = state.turn
        if seat == AMIR:
            top = max(state.hands[AMIR], key=lambda c: "23456789TJQKA".index(c[0]))
            state.apply(seat, f"play {top}")
        else:
            state.apply(seat, state.legal_actions(seat)[0])
    assert state.points == [26, 0, 0, 0]
    assert state.sheet[-1][2] == [0, 26, 26, 26] and state.sheet[-1][4] == AMIR
    assert state.result()["winners"] == [AMIR]


def test_pass_cycle_four_and_three_seats() -> None:
    assert [pass_direction(4, d) for d in range(1, 9)] == \
        ["right", "left", "across", "none"] * 2
    assert [pass_direction(3, d) for d in range(1, 7)] == ["right", "left", "none"] * 2


def test_three_seats_set_aside_two_of_diamonds() -> None:
    state = RULES.new(3, 5)
    assert isinstance(state, BiDelState)
    assert state.out == ["2D"] and all(len(h) == 17 for h in state.hands)
    assert "2D" not in {c for h in state.hands for c in h}
    other = RULES.new(3, 5, {"removed": "2S"})
    assert isinstance(other, BiDelState) and other.out == ["2S"]


def test_pass_is_simultaneous_and_private() -> None:
    dealt, gives = before_pass()
    state = RULES.new(4, 1, {"deck": stacked(dealt)})
    assert state.to_act() == [0, 1, 2, 3]
    assert state.legal_actions(2) == [Action("pass", "?3")]
    state.apply(0, Action("pass", " ".join(gives[0])))
    assert state.to_act() == [1, 2, 3]
    obs = state.observation(1)
    seen = {c for z in obs["zones"] for c in z["cards"] if c is not None}
    assert not seen & set(gives[0])
    assert obs["chosen"] == [True, False, False, False]
    refused(state, 0, "pass " + " ".join(dealt[0][:3]), "not your turn")
    for seat in (1, 2, 3):
        state.apply(seat, Action("pass", " ".join(gives[seat])))
    assert state.phase == "play"
    facts = state.facts(1)
    assert facts["received"] == gives[0] and facts["received_from"] == 0
    assert facts["gave"] == gives[1] and facts["pass_to"] == 2


def test_pass_refusals() -> None:
    dealt, _ = before_pass()
    state = RULES.new(4, 1, {"deck": stacked(dealt)})
    refused(state, 0, "pass " + " ".join(dealt[0][:2]), "exactly three")
    refused(state, 0, "pass " + " ".join(dealt[0][:4]), "exactly three")
    refused(state, 0, f"pass {dealt[0][0]} {dealt[0][1]} {dealt[1][0]}", "do not hold")
    refused(state, 0, f"play {dealt[0][0]}", "pass")


def test_sample_state_keeps_passed_cards_with_the_receiver() -> None:
    state = seed_deal()
    obs = state.observation(AMIR)
    for k in range(20):
        sample = RULES.sample_state(obs, k)
        assert set(AFTER_PASS[AMIN][-3:]) <= set(sample.hands[AMIN])
        assert "2C" in sample.hands[AMIR]
        assert sample.observation(AMIR) == obs


def test_two_of_clubs_leads_and_first_trick_is_clean() -> None:
    state = seed_deal()
    refused(state, AMIR, "play 3C", "2 of clubs")
    refused(state, AMIN, "play QC", "not your turn")
    state.apply(AMIR, "play 2C")
    refused(state, AMIN, "play 5D" if "5D" in state.hands[AMIN] else "play 4D", "follow suit")
    hands = {0: ["2C", "3D"], 1: ["QS", "4D"], 2: ["2H", "5D"], 3: ["3H", "QH"]}
    state = playing(hands, 0, history=0)
    state.apply(0, "play 2C")
    refused(state, 1, "play QS", "first trick")
    state.apply(1, "play 4D")
    refused(state, 2, "play 2H", "first trick")
    state.apply(2, "play 5D")
    state.apply(3, "play 3H")  # nothing but hearts: allowed (our choice)
    assert state.broken


def test_hearts_may_not_be_led_until_broken() -> None:
    hands = {0: ["2H", "3D"], 1: ["4H", "4D"], 2: ["5H", "5D"], 3: ["6H", "6D"]}
    state = playing(hands, 0)
    refused(state, 0, "play 2H", "not broken")
    assert state.legal_actions(0) == [Action("play", "3D")]
    only = playing({0: ["2H", "3H"], 1: ["4H", "4D"], 2: ["5H", "5D"], 3: ["6H", "6D"]}, 0)
    assert [a.arg for a in only.legal_actions(0)] == ["2H", "3H"]
    broken = playing(hands, 0, broken=True)
    broken.apply(0, "play 2H")
    refused(broken, 1, "play 4D", "follow suit")


def test_match_ends_at_the_limit_lowest_wins() -> None:
    state = seed_deal(limit=50)
    state.totals = [30, 40, 30, 20]
    for leader, cards in TRICKS:
        for i, card in enumerate(cards.split()):
            state.apply((leader + i) % 4, f"play {card}")
    assert state.is_over()
    assert state.totals == [52, 40, 33, 21]
    assert state.result()["winners"] == [MOHAMMAD]
    assert state.result()["points"] == [52, 40, 33, 21]


def test_limit_option_values() -> None:
    assert RULES.options["limit"].default == 300
    assert set(RULES.options["limit"].choices) == {300, 100, 50}
    with pytest.raises(ValueError):
        RULES.new(4, 0, {"limit": 42})


def test_bot_passes_danger_and_finishes_a_match() -> None:
    dealt, _ = before_pass()
    state = RULES.new(4, 1, {"deck": stacked(dealt)})
    bot = make("heuristic", "bidel", 0)
    hand = state.hands[AMIN]
    action = bot.act(state, AMIN)
    assert not is_pattern(action) and len(action.arg.split()) == 3
    if "QS" in hand:
        assert "QS" in action.arg.split()
    for n in (3, 4):
        state = RULES.new(n, 9, {"limit": 50})
        bots = [make("heuristic", "bidel", s) for s in range(n)]
        rng = random.Random(0)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            state.apply(seat, bots[seat].act(state, seat))
        assert state.result()["winners"]


def test_bot_ducks_and_dumps_queen() -> None:
    bot = make("heuristic", "bidel", 0)
    state = playing({0: ["KD", "3C"], 1: ["QS", "4H"], 2: ["5D", "9D"], 3: ["6D", "7D"]}, 0)
    state.apply(0, "play KD")
    assert bot.act(state, 1) == Action("play", "QS")
    state.apply(1, "play QS")
    assert bot.act(state, 2) == Action("play", "9D")  # highest card that still ducks


@pytest.mark.parametrize("seats", [3, 4])
def test_sampled_states_look_the_same_at_every_step(seats: int) -> None:
    """What the invariant suite checks at 3 seats, over whole deals at both seat counts."""
    from tests.test_invariants import concrete

    for seed in range(3):
        state = RULES.new(seats, seed, {"length": "deal"})
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            step += 1
            for seat in range(seats):
                obs = state.observation(seat)
                sample = RULES.sample_state(obs, step)
                assert sample.observation(seat) == obs
                assert sample.legal_actions(seat) == state.legal_actions(seat)
            seat = rng.choice(state.to_act())
            state.apply(seat, concrete(state, seat, rng.choice(state.legal_actions(seat)), rng))


def test_bot_does_not_lead_a_suit_everyone_else_is_out_of() -> None:
    # seats 1-3 threw spades on the two of clubs: the three of clubs would take the trick
    # and whatever hearts they throw on it; the four of hearts loses to any of theirs
    bot = make("heuristic", "bidel", 0)
    hands = {0: ["3C", "4H"], 1: ["5H", "9D"], 2: ["6H", "TD"], 3: ["7H", "JD"]}
    state = playing(hands, 0, history=0, broken=True)
    state.history = [(0, ["2C", "2S", "3S", "4S"])]
    assert bot.act(state, 0) == Action("play", "4H")


# -- the bot's judgement, position by position (stacked decks, passed to the right) ----------


def bot_position(hands: dict[int, list[str]], moves: list[str],
                 avoid: dict[int, str] | None = None) -> BiDelState:
    """A deal whose hands after the pass are ``hands`` topped up to 13 each from the cards left
    (a seat in ``avoid`` gets none of the suits named), then ``moves`` played (2♣ first)."""
    after, _ = top_up(hands, deck(), 13, avoid=avoid)
    dealt, gives = before_pass(after)
    state = RULES.new(4, 1, {"deck": stacked(dealt), "length": "deal"})
    assert isinstance(state, BiDelState)
    for seat in range(4):
        state.apply(seat, Action("pass", " ".join(gives[seat])))
    assert [sorted(h) for h in state.hands] == [sorted(after[s]) for s in range(4)]
    for card in moves:
        state.apply(state.turn, f"play {card}")
    return state



def test_bot_takes_a_trick_it_cannot_duck_with_its_highest_card_when_last() -> None:
    # seat 1 threw a heart on the diamonds; seat 2 plays last and every diamond it holds wins:
    # the trick is its own anyway, so it sheds the ace rather than the eight
    state = bot_position({0: ["2C", "3D", "4D", "5D", "6D", "7D"], 1: ["3C", "2H"],
                          2: ["4C", "8D", "KD", "AD"], 3: ["AC", "2D"]},
                         ["2C", "3C", "4C", "AC", "2D", "3D", "2H"], avoid={1: "D"})
    assert state.turn == 2 and bot_move(state) == "play AD"


def test_bot_takes_a_clean_trick_with_its_highest_card_when_last() -> None:
    # no points in the diamonds and seat 2 plays last: it could duck with the three, but the
    # trick is clean, so it sheds the ace, which could otherwise be forced to take points later
    state = bot_position({0: ["2C", "5D"], 1: ["3C", "9D"], 2: ["4C", "3D", "AD"],
                          3: ["AC", "2D"]}, ["2C", "3C", "4C", "AC", "2D", "5D", "9D"])
    assert state.turn == 2 and bot_move(state) == "play AD"


def test_bot_plays_low_when_a_seat_to_come_is_void_in_the_suit() -> None:
    # seat 1 has shown it has no diamonds and will throw points on this trick: seat 3 cannot
    # duck the five, so it plays its nine, which seat 0 may still overtake, not its ace
    state = bot_position({0: ["2C", "3D", "6D", "7D", "8D"], 1: ["3C", "2H"],
                          2: ["4C", "4D", "5D"], 3: ["AC", "2D", "9D", "KD", "AD"]},
                         ["2C", "3C", "4C", "AC", "2D", "3D", "2H", "4D", "5D"],
                         avoid={1: "D"})
    assert state.turn == 3 and bot_move(state) == "play 9D"


def test_bot_gives_no_hearts_to_a_seat_taking_every_point() -> None:
    # seat 3 has taken the queen of spades and every heart played (17 points, nobody else
    # any): seat 1, out of diamonds, throws a card without points on its trick, not a heart
    state = bot_position({0: ["2C", "QS", "2H", "4H", "6H"],
                          1: ["3C", "2S", "3H", "5H", "9H", "TH", "5C", "6C", "7C"],
                          2: ["4C", "3S", "2D", "3D"],
                          3: ["AC", "AS", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D",
                              "5D", "4D"]},
                         ["2C", "3C", "4C", "AC", "AS", "QS", "2S", "3S", "AD", "2H", "3H", "2D",
                          "KD", "4H", "5H", "3D", "QD", "6H"], avoid={0: "D", 1: "D"})
    assert state.turn == 1 and state.points == [0, 0, 0, 17]
    assert bot_move(state)[-1] != "H"


def test_bot_takes_a_few_points_from_a_seat_taking_every_point() -> None:
    # seat 3 has taken every point so far (17) and is winning a trick of hearts: seat 2, last,
    # could duck with the seven, but takes the trick with the king (3 points, not 26)
    state = bot_position({0: ["2C", "QS", "2H", "4H", "6H"], 1: ["3C", "2S", "3H", "5H", "9H"],
                          2: ["4C", "3S", "2D", "3D", "7H", "KH"],
                          3: ["AC", "AS", "AD", "KD", "QH", "QD", "JD", "TD", "9D", "8D", "7D",
                              "6D", "5D"]},
                         ["2C", "3C", "4C", "AC", "AS", "QS", "2S", "3S", "AD", "2H", "3H", "2D",
                          "KD", "4H", "5H", "3D", "QH", "6H", "9H"], avoid={0: "D", 1: "D"})
    assert state.turn == 2 and state.points == [0, 0, 0, 17]
    assert bot_move(state) == "play KH"
