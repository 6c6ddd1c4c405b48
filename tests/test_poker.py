"""Poker (five-card draw, the Persian home's): the ranking of both forms from the sources, ties
and kickers, the packs, a deal card by card, the limits, all-ins and side pots, the draw, the
showdown's order and what it shows, jacks to open, the match's end, and the bots."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from game import bots, registry
from game.bots.poker import CallingBot, HeuristicBot, keep, rewound
from game.core import IllegalAction, fill, is_pattern, on_top, random_fill
from game.rules.poker import (KINDS, PACKS, STRENGTH, PokerState, hand_value, judge, named,
                              pack, pack_size)
from tests.refusals import refused
from ui.table.words import TableWords
from ui.text import Text

RULES = registry.get("poker")
PERSIAN, STANDARD = STRENGTH["persian"], STRENGTH["standard"]


def dealt(hands: list[list[str]], dealer: int = 0) -> list[str]:
    """The top of a pack that deals ``hands`` (one per seat), one card at a time from the
    dealer's right round to the dealer."""
    n = len(hands)
    order = [(dealer + k) % n for k in range(1, n + 1)]
    return [hands[s][r] for r in range(5) for s in order]


def game(hands: list[list[str]], draws: list[str] | None = None, **options: Any) -> PokerState:
    """A game whose first deal gives ``hands``, then ``draws`` from the top of the stock."""
    n = len(hands)
    size = pack_size(str(options.get("pack", "fit")), n)
    top = dealt(hands) + list(draws or [])
    state = RULES.new(n, 1, {"deck": on_top(top, pack(size)), "deals": 1, **options})
    assert isinstance(state, PokerState)
    return state


def play(state: PokerState, *moves: tuple[int, str]) -> None:
    for seat, code in moves:
        assert state.to_act() == [seat], (code, state.to_act())
        state.apply(seat, code)


def codes(state: PokerState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


# -- the ranking (the sources) -----------------------------------------------------------------
EXAMPLES = {
    "straight_flush": ["JH", "TH", "9H", "8H", "7H"], "quads": ["KS", "KH", "KD", "KC", "8S"],
    "flush": ["AD", "JD", "9D", "8D", "7D"], "full_house": ["QS", "QH", "QC", "9D", "9S"],
    "trips": ["TS", "TH", "TC", "AS", "8D"], "straight": ["JC", "TD", "9S", "8H", "7C"],
    "two_pair": ["AH", "AC", "8S", "8D", "KH"], "pair": ["JS", "JD", "AC", "QH", "9S"],
    "high": ["AS", "QD", "TH", "8C", "7S"],
}


@pytest.mark.parametrize("ranking,order", [
    ("persian", ["straight_flush", "quads", "flush", "full_house", "trips", "straight",
                 "two_pair", "pair", "high"]),
    ("standard", ["straight_flush", "quads", "full_house", "flush", "straight", "trips",
                  "two_pair", "pair", "high"])])
def test_every_kind_ranks_as_its_form_says(ranking: str, order: list[str]) -> None:
    """[SHANS]: in the Iranian five-card game three of a kind beats a straight and a flush a
    full house; [FA-WP] the standard order."""
    for kind, cards in EXAMPLES.items():
        assert KINDS[judge(cards)[0]] == kind
    ranked = sorted(EXAMPLES, key=lambda k: hand_value(EXAMPLES[k], 2, STRENGTH[ranking]),
                    reverse=True)
    assert ranked == order


def test_ties_are_broken_by_the_set_then_the_kickers_never_by_suit() -> None:
    def beats(a: str, b: str, low: int = 2) -> bool:
        return hand_value(a.split(), low, PERSIAN) > hand_value(b.split(), low, PERSIAN)

    assert beats("KS KH AD 9C 7S", "KD KC QD 9H 7H")  # the kicker
    assert beats("KS KH 7D 7C AS", "KD KC 7H 7S QH")  # two pair's odd card
    assert beats("KS KH 8D 8C 2S", "KD KC 7H 7S AH")  # the lower pair before the kicker
    assert beats("AS AH AD 2C 2S", "KS KH KD QC QH")  # a full house by its three
    assert beats("AS JS 9S 8S 7S", "AD JD 9D 8D 6D")  # flushes card by card
    assert beats("9S 9H 9D 9C 2S", "8S 8H 8D 8C AS")
    assert beats("6S 5H 4D 3C 2S", "5D 4C 3S 2H AD")  # the wheel is the lowest straight
    assert hand_value("JS TS 9D 8C 7H".split()) == hand_value("JH TH 9C 8D 7S".split())
    assert named("QS QH QC 9D 9S".split(), 2) == ["full_house", "Q", "9"]
    assert named("AH AC 8S 8D KH".split(), 2) == ["two_pair", "A", "8", "K"]


@pytest.mark.parametrize("size,lowest,next_up", [
    (52, "5D 4C 3S 2H AD", "6D 5C 4S 3H 2D"), (36, "9D 8C 7S 6H AD", "TD 9C 8S 7H 6D"),
    (32, "TD 9C 8S 7H AD", "JD TC 9S 8H 7D")])
def test_the_ace_plays_low_below_the_packs_lowest_rank(size: int, lowest: str,
                                                       next_up: str) -> None:
    """[STRIP]: some places let the ace play low under the lowest rank kept; the code does in
    every pack, the lowest straight of all (below the lowest straight without the ace)."""
    low = PACKS[size]
    kind, ranks = judge(lowest.split(), low)
    assert KINDS[kind] == "straight" and ranks == [low + 3]
    assert hand_value(lowest.split(), low) < hand_value(next_up.split(), low)
    assert KINDS[judge(lowest.split(), 2 if size != 52 else 7)[0]] == "high"  # not elsewhere


def test_the_docstring_counts_of_the_stripped_packs() -> None:
    """The module's figures: in 32 cards a flush is rarer than a full house (and than four of a
    kind), a straight rarer than three of a kind; in 36 the same but four of a kind."""
    for size, counts in ((32, {"flush": 204, "full_house": 1344, "quads": 224, "straight": 5100,
                               "trips": 10752}),
                         (36, {"flush": 480, "full_house": 1728, "quads": 288, "straight": 6120,
                               "trips": 16128})):
        found = Counter(KINDS[judge(h, PACKS[size])[0]]
                        for h in itertools.combinations(pack(size), 5))
        assert {k: found[k] for k in counts} == counts


def test_the_pack_fits_the_table_and_holds_six_cards_a_seat() -> None:
    """[BANDITS]: ace to seven under five players, ace to six for five; the full pack above."""
    assert [pack_size("fit", n) for n in range(2, 9)] == [32, 32, 32, 36, 52, 52, 52]
    assert pack_size("32", 6) == 36 and pack_size("36", 7) == 52 and pack_size("52", 2) == 52
    assert len(pack(32)) == 32 and not any(c[0] in "23456" for c in pack(32))
    state = RULES.new(6, 1, {"pack": "32"})
    assert state.observation(0)["pack"] == {"cards": 36, "low": "6"}


# -- a deal ----------------------------------------------------------------------------------
KINGS = ["KS", "KH", "8D", "9C", "JH"]
STRAIGHT = ["7C", "8S", "9H", "TD", "JS"]
ACES_UP = ["AS", "AH", "QD", "QC", "7D"]


def three_handed(**options: Any) -> PokerState:
    """Seat 1 a pair of kings (draws to three kings), seat 2 a straight (stands pat), the
    dealer two pair; fixed limit of 10 and 20."""
    return game([ACES_UP, KINGS, STRAIGHT], ["KD", "7S", "8C"], **options)


def deal_out(state: PokerState) -> None:
    play(state, (1, "bet 10"), (2, "raise 20"), (0, "fold"), (1, "call"),
         (1, "draw 8D 9C JH"), (2, "draw"), (1, "check"), (2, "bet 20"), (1, "call"))


def test_a_deal_card_by_card_three_kings_beat_a_straight_the_persian_way() -> None:
    state = three_handed()
    assert state.hands == [ACES_UP, KINGS, STRAIGHT]
    assert state.chipset.stakes == [10, 10, 10] and state.pot() == 30
    assert state.to_act() == [1] and codes(state, 1) == ["check", "bet 10"]
    play(state, (1, "bet 10"))
    assert codes(state, 2) == ["fold", "call", "raise 20"]
    play(state, (2, "raise 20"), (0, "fold"), (1, "call"))
    assert state.phase == "draw" and state.pot() == 70
    play(state, (1, "draw 8D 9C JH"), (2, "draw"))
    assert state.drawn == [None, 3, 0] and state.hands[1] == ["KS", "KH", "KD", "7S", "8C"]
    assert state.observation(0)["drawn"] == [None, 3, 0]
    assert codes(state, 1) == ["check", "bet 20"]  # twice the ante after the draw
    play(state, (1, "check"), (2, "bet 20"), (1, "call"))
    assert state.is_over()
    assert state.seen_names[2] == ["straight", "J"]
    assert state.seen_names[1] == ["trips", "K", "8", "7"]
    assert state.won == [{"chips": 110, "seats": [1], "hand": ["trips", "K", "8", "7"]}]
    assert state.result()["points"] == [-10, 60, -50]


def test_the_same_deal_the_standard_way_the_straight_wins_and_the_kings_go_unseen() -> None:
    state = three_handed(ranking="standard")
    deal_out(state)
    assert state.result()["points"] == [-10, -50, 60]
    public = state.observation(None)
    hands = {z["id"]: z["cards"] for z in public["zones"]}
    assert hands["hand:2"] == STRAIGHT  # the last to bet shows first
    assert hands["hand:1"] == [None] * 5  # beaten by a hand shown: given up unseen
    assert all(c is None for c in hands["muck"])  # the dealer's folded hand, never shown
    assert state.seen_names[1] is None


def test_the_last_aggressor_shows_first_else_the_first_at_the_dealers_right() -> None:
    state = three_handed(ranking="standard")
    for seat, code in [(1, "bet 10"), (2, "raise 20"), (0, "fold"), (1, "call"),
                       (1, "draw 8D 9C JH"), (2, "draw"), (1, "check"), (2, "bet 20")]:
        state.apply(seat, code)
    events = state.apply(1, "call")
    assert [(e.kind, e.seat) for e in events if e.kind in ("show", "muck")] == [
        ("show", 2), ("muck", 1)]
    show = next(e for e in events if e.kind == "show")
    assert show.data == {"cards": STRAIGHT, "hand": ["straight", "J"]}
    state = three_handed()
    for seat, code in [(1, "check"), (2, "check"), (0, "check"), (1, "draw 8D 9C JH"),
                       (2, "draw"), (0, "draw"), (1, "check"), (2, "check")]:
        state.apply(seat, code)
    events = state.apply(0, "check")
    shown = [(e.kind, e.seat) for e in events if e.kind in ("show", "muck")]
    assert shown[0] == ("show", 1)  # nobody bet: the first at the dealer's right


def test_a_seat_left_alone_takes_the_pot_unseen() -> None:
    state = three_handed()
    events: list[Any] = []
    for seat, code in [(1, "bet 10"), (2, "fold")]:
        events += state.apply(seat, code)
    events += state.apply(0, "fold")
    assert [e.data for e in events if e.kind == "fold" and e.seat == 0] == [
        {"from": "hand:0", "to": "muck"}]  # face down: named to nobody
    assert not any(e.kind == "show" for e in events)
    assert [e.kind for e in events if e.kind in ("take", "pot")] == ["take"]
    assert state.result()["points"] == [-10, 20, -10]
    assert [z["cards"] for z in state.observation(0)["zones"] if z["id"] == "hand:1"] == [
        [None] * 5]


def test_blinds_heads_up_the_dealer_posts_the_small_and_speaks_first_before_the_draw() -> None:
    state = game([ACES_UP, KINGS], start="blinds")
    assert state.bets == [5, 10] and state.to_act() == [0]
    assert codes(state, 0) == ["fold", "call", "raise 20"]
    play(state, (0, "call"))
    assert codes(state, 1) == ["check", "raise 20"]  # the big blind's option
    play(state, (1, "check"), (1, "draw"), (0, "draw"))
    assert state.to_act() == [1]  # after the draw the dealer speaks last


def test_blinds_at_three_the_seats_after_the_dealer_post_and_the_next_speaks() -> None:
    state = game([ACES_UP, KINGS, STRAIGHT], start="blinds")
    assert state.bets == [0, 5, 10] and state.to_act() == [0]


@pytest.mark.parametrize("lang,small,big", [
    ("en", "\u2068B\u2069 puts the small blind: 5", "\u2068C\u2069 puts the big blind: 10"),
    ("fa", "\u2068B\u2069 بلایند کوچک گذاشت: 5", "\u2068C\u2069 بلایند بزرگ گذاشت: 10")])
def test_the_log_says_who_puts_which_blind(lang: str, small: str, big: str) -> None:
    state = game([ACES_UP, KINGS, STRAIGHT], start="blinds")
    shell: Any = SimpleNamespace(text=Text(lang), lang=lang)  # what the words read of the app
    words = TableWords(shell, RULES, 3, [0], ["A", "B", "C"].__getitem__, dict)
    blinds = [e for e in state.opening if e.kind == "blind"]
    assert [words.describe(e) for e in blinds] == [small, big]
    assert [e.data for e in blinds] == [{"chips": 5, "blind": "small"},
                                        {"chips": 10, "blind": "big"}]


def test_a_fold_is_said_to_the_whole_table() -> None:
    """Everyone sees a seat fold (its cards face down to the muck), so the log says it: a fold
    told only to the seats, not the table, was never logged."""
    state = three_handed()
    shell: Any = SimpleNamespace(text=Text("en"), lang="en")
    words = TableWords(shell, RULES, 3, [0], ["A", "B", "C"].__getitem__, dict)
    state.apply(1, "bet 10")
    [fold] = [e for e in state.apply(2, "fold") if e.kind == "fold"]
    assert fold.to is None and words.describe(fold) == "\u2068C\u2069 folds"  # a name isolated


def test_fixed_limit_allows_a_bet_and_three_raises() -> None:
    state = game([ACES_UP, KINGS, STRAIGHT], purse=1000)
    play(state, (1, "bet 10"), (2, "raise 20"), (0, "raise 30"), (1, "raise 40"))
    assert codes(state, 2) == ["fold", "call"]
    refused(state, 2, "raise 50", "capped")


def test_pot_limit_bets_at_most_the_pot_and_raises_at_most_the_pot_after_the_call() -> None:
    state = game([ACES_UP, KINGS, STRAIGHT], limit="pot")
    assert codes(state, 1) == ["check", "bet #10-30/10"]
    refused(state, 1, "bet 40", "over_limit")
    play(state, (1, "bet 30"))
    assert codes(state, 2) == ["fold", "call", "raise #60-120/10"]  # 30 + (60 + 30)
    refused(state, 2, "raise 50", "min_raise")


def test_no_limit_up_to_every_chip_in_steps_and_all_in() -> None:
    state = game([ACES_UP, KINGS, STRAIGHT], limit="none")
    assert codes(state, 1) == ["check", "bet #10-980/10", "allin"]
    refused(state, 1, "bet 5", "min_raise")
    refused(state, 1, "bet 25", "steps")
    refused(state, 1, "bet 990", "over_purse")
    refused(state, 1, "raise 20", "say_bet")
    play(state, (1, "bet 100"))
    refused(state, 2, "check", "check_bet")
    refused(state, 2, "bet 200", "say_raise")
    refused(state, 2, "raise 150", "min_raise")  # at least the last bet again
    play(state, (2, "raise 200"))
    assert codes(state, 0)[-2:] == ["raise #300-980/10", "allin"]


def test_an_all_in_short_of_a_full_raise_does_not_reopen_the_betting() -> None:
    state = game([ACES_UP, KINGS, STRAIGHT], limit="none")
    state.chipset.purses[0] = 140  # the dealer is short: 140 behind his ante
    play(state, (1, "bet 100"), (2, "call"), (0, "allin"))
    assert state.bets == [140, 100, 100] and state.status[0] == "allin"
    assert codes(state, 1) == ["fold", "call"]  # 40 more is not a full raise of 100
    refused(state, 1, "raise 240", "not_reopened")
    play(state, (1, "call"), (2, "call"))
    assert state.phase == "draw"


def test_three_all_ins_make_three_side_pots_each_won_by_its_best_hand() -> None:
    quads, flush = ["9S", "9H", "9D", "9C", "7S"], ["AD", "KD", "QD", "JD", "8D"]
    full, trips = ["KS", "KH", "KC", "QS", "QH"], ["AS", "AH", "AC", "JS", "TS"]
    state = game([trips, quads, flush, full], limit="none")
    for seat, left in ((1, 40), (2, 90), (3, 190)):
        state.chipset.purses[seat] = left
    total = state.chips()
    play(state, (1, "allin"), (2, "allin"), (3, "allin"), (0, "call"))
    assert [(p["chips"], p["seats"]) for p in state.observation(None)["pots"]] == [
        (200, [1, 2, 3, 0]), (150, [2, 3, 0]), (200, [3, 0])]
    play(state, (1, "draw"), (2, "draw"), (3, "draw"), (0, "draw"))
    assert state.is_over() and state.chips() == total
    assert [(w["chips"], w["seats"]) for w in state.won] == [(200, [1]), (150, [2]), (200, [3])]
    assert state.chipset.holdings() == [800, 200, 150, 200]
    assert state.seen_names[0] is None  # beaten in every pot by a hand shown: unseen


def test_a_split_pot_gives_its_odd_chip_to_the_first_winner_at_the_dealers_right() -> None:
    low = ["QH", "TC", "8D", "7D", "AH"]
    one, two = ["7S", "8S", "9S", "TS", "JH"], ["7H", "8H", "9H", "TH", "JC"]
    state = game([two, low, one], start="blinds")
    play(state, (0, "call"), (1, "fold"), (2, "check"), (2, "draw"), (0, "draw"), (2, "check"),
         (0, "check"))
    assert state.won == [{"chips": 25, "seats": [2, 0], "hand": ["straight", "J"]}]
    assert state.chipset.holdings() == [1002, 995, 1003]


# -- the draw --------------------------------------------------------------------------------
def test_the_draw_takes_up_to_three_and_tells_everyone_how_many() -> None:
    state = three_handed()
    play(state, (1, "check"), (2, "check"), (0, "check"))
    assert codes(state, 1) == ["draw ?0-3"]
    refused(state, 1, "draw KS KH 8D 9C", "too_many")
    refused(state, 1, "draw AS", "not_held")
    refused(state, 1, "four KS KH 8D 9C", "no_four")
    events = state.apply(1, "draw 8D 9C JH")
    seen_by_two = [e.data for e in events if e.visible_to(2) and e.kind in ("throw", "drew")]
    assert {"count": 3, "from": "hand:1", "to": "muck"} in seen_by_two
    assert [e.data for e in events if e.kind == "throw" and e.to == (1,)] == [
        {"cards": ["8D", "9C", "JH"], "from": "hand:1", "to": "muck"}]
    assert not any("8D" in str(d) for d in seen_by_two)
    obs = state.observation(1)
    assert sorted(obs["thrown"]) == ["8D", "9C", "JH"] and state.observation(2)["thrown"] == []


def test_four_may_be_drawn_keeping_an_ace_which_everyone_sees() -> None:
    state = game([ACES_UP, ["AD", "7H", "8H", "TC", "QS"], STRAIGHT], draw="4ace")
    play(state, (1, "check"), (2, "check"), (0, "check"))
    assert codes(state, 1) == ["draw ?0-3", "four 7H 8H TC QS"]
    refused(state, 1, "four AD 7H 8H TC", "keep_ace")
    state.apply(1, "four 7H 8H TC QS")
    seen = {z["id"]: z["cards"] for z in state.observation(2)["zones"]}
    assert seen["hand:1"][0] == "AD" and seen["hand:1"][1:] == [None] * 4


def test_a_draw_that_runs_the_stock_out_shuffles_the_thrown_cards_under_it() -> None:
    """Eight seats of a 52-card pack leave 12 cards: the fifth drawer of three meets an empty
    stock, and the muck but its own three is shuffled under it."""
    state = RULES.new(8, 5, {"deals": 1})
    assert isinstance(state, PokerState)
    for seat in [1, 2, 3, 4, 5, 6, 7, 0]:
        state.apply(seat, "check")
    for seat in [1, 2, 3, 4]:
        state.apply(seat, fill(state.legal_actions(seat)[0], state.hands[seat][:3]))
    assert not state.stock
    mine = state.hands[5][:3]
    events = state.apply(5, fill(state.legal_actions(5)[0], mine))
    assert [e.kind for e in events].count("reshuffle") == 1
    assert state.muck == mine and not set(mine) & set(state.hands[5])
    assert len(state.stock) == 12 - 3 and Counter(c for z in state.zones() for c in z.cards) \
        == Counter(pack(52))
    for seat in [6, 7, 0]:
        state.apply(seat, fill(state.legal_actions(seat)[0], state.hands[seat][:3]))
    assert state.phase == "bet" and all(len(h) == 5 for h in state.hands)


# -- jacks or better, and the match --------------------------------------------------------
def test_jacks_to_open_a_bet_needs_openers_and_nobody_opening_throws_the_deal_in() -> None:
    junk = [["AS", "KD", "9H", "8C", "7S"], ["TS", "TH", "8D", "9C", "QH"],
            ["AH", "QS", "JD", "7C", "8S"]]
    state = game(junk, start="jacks", deals=2)
    assert codes(state, 1) == ["check"]
    refused(state, 1, "bet 10", "openers")
    play(state, (1, "check"), (2, "check"))
    events = state.apply(0, "check")
    assert "thrown_in" in [e.kind for e in events] and state.chipset.bank == 30
    assert state.carried == [10, 10, 10] and state.phase == "deal" and state.dealer == 1
    assert state.chipset.ledger[-1][2] == [-10, -10, -10]
    state.apply(1, "deal")
    assert state.pot() == 60  # the antes carried, and the new ones


def test_a_pot_still_carried_when_the_match_ends_goes_back_to_who_put_it() -> None:
    junk = [["AS", "KD", "9H", "8C", "7S"], ["TS", "TH", "8D", "9C", "QH"],
            ["AH", "QS", "JD", "7C", "8S"]]
    state = game(junk, start="jacks")
    play(state, (1, "check"), (2, "check"), (0, "check"))
    assert state.is_over() and state.chipset.holdings() == [1000] * 3
    assert state.chips() == 3000


def test_the_match_ends_when_the_deal_has_gone_round_or_one_holds_every_chip() -> None:
    state = RULES.new(2, 4, {"rounds": 1})
    rng = random.Random(4)
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice([a for a in state.legal_actions(seat) if a.verb != "fold"])
        state.apply(seat, random_fill(action, state.own_cards(seat), rng)
                    if is_pattern(action) else action)
    assert state.deal_no == 2  # the deal went round the two seats once
    state = RULES.new(2, 4, {"rounds": 0, "limit": "none"})
    while not state.is_over():
        seat = state.to_act()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        state.apply(seat, "allin" if "allin" in legal else "call" if "call" in legal
                    else "draw" if "draw ?0-3" in legal else legal[0])
    assert sorted(state.chipset.holdings()) == [0, 2000]
    assert state.result()["winners"] == [state.chipset.holdings().index(2000)]


def test_bad_input_is_refused_with_chips_unchanged() -> None:
    state = three_handed()
    for code in ("raise", "bet -5", "bet 10.5", "draw ZZ", "draw KS KS", "four KS", "allin 20",
                 "fold please"):
        with pytest.raises(IllegalAction):
            state.apply(1, code)
    refused(state, 2, "check", "turn")
    refused(state, 1, "deal")
    assert RULES.parse_action("bet #10-980/10").arg == "#10-980/10"


@pytest.mark.parametrize("field,value,message", [
    ("drawn", [0], r"drawn holds one entry for each seat \(3\), not 1"),
    ("drawn", [9, None, None], "drawn counts 0 to 5 cards"),
    ("muck_by", [0], "muck_by names who threw each of the muck's 0 cards, not 1"),
    ("status", ["in", "in", "XX"], "status is out, in, fold or allin"),
    ("log", [0], r"log holds \[seat, action\] pairs"),
    ("aggressor", "XX", "aggressor is a seat of this table of 3 or none"),
    ("won", [0], "won holds the last deal's pots")])
def test_a_save_damaged_in_a_field_is_refused_in_its_own_words(field: str, value: Any,
                                                                message: str) -> None:
    saved = three_handed().to_dict()
    with pytest.raises(ValueError, match=message):
        registry.restore({**saved, field: value})
    registry.restore(saved)


def test_a_sampled_world_keeps_the_seats_own_thrown_cards_in_the_muck() -> None:
    state = three_handed()
    play(state, (1, "check"), (2, "check"), (0, "check"), (1, "draw 8D 9C JH"))
    obs = state.observation(1)
    for seed in range(20):
        world = RULES.sample_state(obs, seed)
        assert isinstance(world, PokerState)
        assert world.observation(1) == obs
        assert sorted(c for c, by in zip(world.muck, world.muck_by) if by == 1) == [
            "8D", "9C", "JH"]
        assert Counter(c for z in world.zones() for c in z.cards) == Counter(pack(32))


# -- the bots ----------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,kept", [
    ("JC TD 9S 8H 7C", "JC TD 9S 8H 7C"),  # a straight stands pat
    ("TS TH TC AS 8D", "TS TH TC"), ("AH AC 8S 8D KH", "AH AC 8S 8D"), ("JS JD AC QH 9S", "JS JD"),
    ("AD JD 9D 8D 7C", "AD JD 9D 8D"),  # four to a flush
    ("7S 8D 9C TH QS", "7S 8D 9C TH"),  # open at both ends in 32 cards: the ace below the 7
    ("7S 8D 9C JH KS", "KS JH"),  # an inside straight is not drawn to
    ("8S 8D 9C TH JS", "8D 9C TH JS"),  # a pair under jacks gives way to an open straight
])
def test_the_bot_keeps_what_the_standard_draw_keeps(hand: str, kept: str) -> None:
    assert sorted(keep(hand.split(), 7, "3")) == sorted(kept.split())


def test_a_beginner_draws_to_an_inside_straight_and_keeps_a_kicker() -> None:
    assert sorted(keep("7S 8D 9C JH KS".split(), 7, "3", beginner=True)) == sorted(
        "7S 8D 9C JH".split())
    assert sorted(keep("JS JD AC QH 9S".split(), 7, "3", beginner=True)) == sorted(
        "JS JD AC".split())


def test_the_normal_bot_raises_four_of_a_kind_and_folds_nothing_to_a_big_bet() -> None:
    quads, junk = ["9S", "9H", "9D", "9C", "7S"], ["AC", "KD", "JH", "8C", "7H"]
    state = game([ACES_UP, quads, junk], limit="none")
    bot = bots.make("normal", "poker", 1)
    assert bot.act(state, 1).verb in ("bet", "check")  # may slow-play before the draw
    play(state, (1, "check"), (2, "bet 500"), (0, "fold"))
    assert bot.act(state, 1).verb in ("raise", "allin", "call")
    state = game([ACES_UP, junk, quads], limit="none")
    play(state, (1, "check"), (2, "bet 500"), (0, "fold"))
    assert bot.act(state, 1).verb == "fold"


def test_the_easy_bot_calls_where_the_normal_bot_folds() -> None:
    junk = ["AC", "KD", "JH", "8C", "7H"]
    verbs: Counter[str] = Counter()
    for seed in range(40):
        state = game([ACES_UP, junk, ["9S", "9H", "9D", "9C", "7S"]], limit="none")
        play(state, (1, "check"), (2, "bet 500"), (0, "fold"))
        verbs[bots.make("easy", "poker", seed).act(state, 1).verb] += 1
    assert verbs["call"] > 5 and verbs["fold"] > 5


def test_the_calling_player_never_bets_nor_folds() -> None:
    state = RULES.new(4, 3, {"deals": 1})
    player = CallingBot(1)
    while not state.is_over():
        seat = state.to_act()[0]
        action = player.act(state, seat)
        assert action.verb in ("check", "call", "draw", "four")
        state.apply(seat, action)


def test_worlds_that_fit_what_the_others_did_misfit_less_than_the_worlds_at_random() -> None:
    """The hard level weighs each world by how many of the others' bets and draws the normal
    bot would not have made with the cards it deals them (`HeuristicBot.misfits`): on the true
    deal far fewer than on worlds dealt at random."""
    truth = worlds = 0
    for seed in range(12):
        state = RULES.new(4, seed, {"deals": 1})
        assert isinstance(state, PokerState)
        players = [bots.make("normal", "poker", seed * 10 + s) for s in range(4)]
        while not state.is_over():
            seat = state.to_act()[0]
            if state.log:
                assert rewound(state) is not None
                judge_bot = HeuristicBot(seed)
                truth += judge_bot.misfits(state, seat, 99)
                worlds += judge_bot.misfits(RULES.sample_state(state.observation(seat), seed),
                                            seat, 99)
            state.apply(seat, players[seat].act(state, seat))
    assert truth * 2 < worlds


def test_a_search_values_a_deal_by_the_chips_it_leaves_even_at_the_matchs_end() -> None:
    """Chips are what poker is played for: the last deal of a match is valued by the chips too,
    not by who ends with the most (a single deal's winner is whoever takes the pot)."""
    state = three_handed()
    deal_out(state)
    assert state.is_over()
    assert [state.deal_value(s) for s in range(3)] == [990.0, 1060.0, 950.0]


@pytest.mark.parametrize("lang,names", [
    ("en", ["a full house, kings over fives", "two pair, aces and eights", "a royal flush",
            "ace high", "a straight, ten high"]),
    ("fa", ["فول، سه شاه و دو پنج", "دو پر، آس و هشت", "رویال فلاش", "بش، آس بالا", "ردیف تا ده"]),
    ("ar", ["فل: ثلاثية شايب وزوج خمسة", "زوجان: آص وثمانية", "رويال فلاش", "ورقة عالية: آص",
            "متتالية حتى عشرة"])])
def test_the_showdown_names_each_hand_in_three_languages(lang: str, names: list[str]) -> None:
    from ui.games.poker import hand_name
    from ui.text import Text

    hands = ["KS KH KD 5C 5S", "AH AC 8S 8D KH", "AS KS QS JS TS", "AS QD TH 8C 7S",
             "TD 9C 8S 7H AD"]
    tr = Text(lang).tr
    assert [hand_name(named(h.split(), 7), tr) for h in hands] == names
