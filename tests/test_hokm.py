"""Hokm rules from seed 002, played card by card on stacked decks."""

from __future__ import annotations

import random

import pytest

from game import registry
from game.cards.french import RANK_VALUE, SUITS, deck
from game.core import Action, IllegalAction
from game.rules.hokm import HokmState, trick_winner
from tests.positions import top_up

RULES = registry.get("hokm")
SEED = 5


def hakem_of(seed: int, **options: object) -> int:
    return RULES.new(4, seed, dict(options)).hakem


def stacked(hakem: int, hands: dict[int, list[str]]) -> list[str]:
    """The deck, top first, that deals ``hands`` (13 cards per seat) from ``hakem`` on."""
    order = [(hakem + i) % 4 for i in range(4)]
    out: list[str] = []
    for start, count in ((0, 5), (5, 4), (9, 4)):
        for seat in order:
            out.extend(hands[seat][start:start + count])
    return out


def play_highest(state: HokmState, until: str = "over", limit: int = 60) -> None:
    """Every seat plays its highest legal card until the phase is ``until``."""
    for _ in range(limit):
        if state.phase == until or state.phase != "play":
            return
        seat = state.turn
        best = max(state.legal_actions(seat), key=lambda a: RANK_VALUE[a.arg[0]])
        state.apply(seat, best)


def one_team_holds_everything(team_of_hakem: bool) -> tuple[HokmState, int]:
    """A hand where one team holds all spades and the top cards of every other suit."""
    h = hakem_of(SEED)
    strong = [(h + (0 if team_of_hakem else 1)) % 4, (h + (2 if team_of_hakem else 3)) % 4]
    weak = [s for s in range(4) if s not in strong]
    spades = [r + "S" for r in "AKQJT98765432"]
    tops = [r + s for r in "AKQJ" for s in "HDC"] + ["TH"]
    rest = [c for c in deck() if c not in spades and c not in tops]
    hands = {strong[0]: spades[0::2] + tops[:6], strong[1]: spades[1::2] + tops[6:],
             weak[0]: rest[:13], weak[1]: rest[13:]}
    if team_of_hakem:  # the Hakem names trump from his first five: make them spades
        hands[h] = spades[0::2] + tops[:6]
    state = RULES.new(4, SEED, {"deck": stacked(h, hands), "length": "hand"})
    return state, h


def test_deal_gives_five_then_names_trump_then_thirteen() -> None:
    h = hakem_of(SEED)
    hands = {s: deck()[13 * s:13 * s + 13] for s in range(4)}
    state = RULES.new(4, SEED, {"deck": stacked(h, hands)})
    assert state.phase == "trump" and state.to_act() == [h]
    assert state.hands[h] == hands[h][:5]
    assert all(len(state.hands[s]) == 5 for s in range(4)) and len(state.deck) == 32
    with pytest.raises(IllegalAction, match="name trump"):
        state.apply(h, f"play {hands[h][0]}")
    state.apply(h, "trump H")
    assert state.trump == "H" and state.phase == "play" and state.turn == h
    assert [sorted(state.hands[s]) for s in range(4)] == [sorted(hands[s]) for s in range(4)]


def test_trick_winner_follows_suit_and_trump() -> None:
    assert trick_winner(["5H", "KH", "AS", "2H"], 0, "D") == 1  # no trump: highest heart
    assert trick_winner(["5H", "KH", "2D", "AH"], 0, "D") == 2  # the lone trump wins
    assert trick_winner(["5H", "3D", "4D", "AH"], 2, "D") == 0  # higher trump, from seat 2
    assert trick_winner(["5H", "AS", "AC", "6H"], 1, "D") == 0  # off-suit aces do not win


def test_must_follow_suit_and_refusal_changes_nothing() -> None:
    h = hakem_of(SEED)
    hands = {s: deck()[13 * s:13 * s + 13] for s in range(4)}  # seat s holds one whole suit
    hands[(h + 1) % 4] = hands[(h + 1) % 4][:12] + [hands[h][12]]
    hands[h] = hands[h][:12] + [deck()[13 * ((h + 1) % 4) + 12]]
    state = RULES.new(4, SEED, {"deck": stacked(h, hands)})
    state.apply(h, "trump S")
    led = hands[h][0]
    state.apply(h, f"play {led}")
    nxt = (h + 1) % 4
    follower = hands[nxt][-1]
    assert follower[1] == led[1]
    other = hands[nxt][0]
    before = state.to_dict()
    name = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[led[1]]
    with pytest.raises(IllegalAction, match=f"you must follow suit: you hold {name}"):
        state.apply(nxt, f"play {other}")
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply((nxt + 1) % 4, f"play {hands[(nxt + 1) % 4][0]}")
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply(nxt, f"play {hands[h][1]}")
    assert state.to_dict() == before
    assert [str(a) for a in state.legal_actions(nxt)] == [f"play {follower}"]


def test_kot_scores_two_hands_and_keeps_the_hakem() -> None:
    state, h = one_team_holds_everything(team_of_hakem=True)
    state.apply(h, "trump S")
    play_highest(state, until="bam")
    assert state.phase == "bam" and state.tricks[h % 2] == 7
    state.apply(state.turn, "stop")
    assert state.is_over()
    assert state.sheet[-1][5:] == [h % 2, 2, "kot"]
    assert state.hand_points[h % 2] == 2 and state.hakem == h


def test_reverse_kot_scores_three_hands_and_passes_the_hakem_right() -> None:
    state, h = one_team_holds_everything(team_of_hakem=False)
    state.apply(h, "trump S")
    play_highest(state, until="bam")
    state.apply(state.turn, "stop")
    other = 1 - h % 2
    assert state.sheet[-1][5:] == [other, 3, "reverse_kot"]
    assert state.hand_points[other] == 3 and state.hakem == (h + 1) % 4


def test_bam_takes_all_thirteen_and_wins_the_match() -> None:
    state, h = one_team_holds_everything(team_of_hakem=True)
    state.options["length"] = "match"
    state.apply(h, "trump S")
    play_highest(state, until="bam")
    state.apply(state.turn, "bam")
    play_highest(state)
    assert state.is_over() and state.tricks[h % 2] == 13
    result = state.result()
    assert sorted(result["winners"]) == sorted([h, (h + 2) % 4])
    assert result["team_points"][h % 2] == state.options["sets"]


def test_a_failed_bam_scores_one_hand() -> None:
    state, h = one_team_holds_everything(team_of_hakem=True)
    state.apply(h, "trump S")
    play_highest(state, until="bam")
    state.apply(state.turn, "bam")
    d = state.to_dict()  # give the weak seat after the leader the last high trump
    leader, weak = state.turn, (state.turn + 1) % 4
    trump = max((c for c in d["hands"][leader] if c[1] == "S"), key=lambda c: RANK_VALUE[c[0]])
    d["hands"][leader].remove(trump)
    d["hands"][weak][0], spare = trump, d["hands"][weak][0]
    d["hands"][leader].append(spare)
    state = registry.restore(d)
    low = min((c for c in state.hands[leader] if c[1] == "S"), key=lambda c: RANK_VALUE[c[0]])
    state.apply(leader, f"play {low}")
    play_highest(state)
    assert state.is_over()
    assert state.sheet[-1][5:] == [h % 2, 1, "bam_failed"]


def test_a_hand_ends_at_seven_tricks_and_a_set_at_seven_hands() -> None:
    state = RULES.new(4, 11, {"sets": 1})
    rng = random.Random(1)
    hands_seen = 0
    while not state.is_over():
        seat = state.to_act()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for e in events:
            if e.kind == "hand_end":
                hands_seen += 1
                assert max(e.data["tricks"]) in (7, 13)
    assert max(state.sets) == 1 and hands_seen == len(state.sheet)
    assert sum(r[6] for r in state.sheet if r[5] == state.winner) >= 7


def test_first_ace_option_makes_the_seat_of_the_first_ace_hakem() -> None:
    state = RULES.new(4, 3, {"hakem": "first_ace"})
    draw = state.opening[0]
    assert draw.kind == "hakem" and draw.data["draws"][-1][1][0] == "A"
    assert all(card[0] != "A" for _, card in draw.data["draws"][:-1])
    assert state.hakem == draw.data["draws"][-1][0]


def test_drawn_hakem_holds_the_highest_card_of_the_last_round() -> None:
    for seed in range(30):
        state = RULES.new(4, seed)
        rounds: list[dict[int, str]] = [{}]
        for seat, card in state.opening[0].data["draws"]:
            if seat in rounds[-1]:
                rounds.append({})
            rounds[-1][seat] = card
        assert len(rounds[0]) == 4
        last = rounds[-1]
        top = max(RANK_VALUE[c[0]] for c in last.values())
        assert RANK_VALUE[last[state.hakem][0]] == top
        assert [s for s, c in last.items() if RANK_VALUE[c[0]] == top] == [state.hakem]


def test_action_codes_round_trip_and_garbage_is_refused() -> None:
    for card in deck():
        assert str(RULES.parse_action(f"play {card}")) == f"play {card}"
    for suit in SUITS:
        assert RULES.parse_action(f"trump {suit}").arg == suit
    assert RULES.parse_action("play as") == RULES.parse_action("play AS")
    for bad in ("", "play", "play 1S", "trump X", "jump"):
        with pytest.raises(IllegalAction):
            RULES.parse_action(bad)


# -- two and three seats ------------------------------------------------------------------
def stacked_n(n: int, hakem: int, hands: dict[int, list[str]]) -> list[str]:
    """The deck, top first, that deals ``hands`` (17 cards each) to three seats from ``hakem``."""
    order = [(hakem + i) % n for i in range(n)]
    out: list[str] = []
    for start, count in ((0, 5), (5, 4), (9, 4), (13, 4)):
        for seat in order:
            out.extend(hands[seat][start:start + count])
    return out


def test_three_seats_take_out_a_two_and_deal_seventeen_each() -> None:
    state = RULES.new(3, SEED)
    h = state.hakem
    assert state.phase == "trump" and state.to_act() == [h]
    assert all(len(state.hands[s]) == 5 for s in range(3)) and len(state.deck) == 36
    zones = {z.id: z for z in state.zones()}
    assert list(zones["out"].cards) == ["2C"] and zones["out"].seen_by is None
    obs = state.observation(h)
    assert obs["teams"] is None and obs["seat_tricks"] == [0, 0, 0] and "tricks" not in obs
    state.apply(h, "trump D")
    assert all(len(state.hands[s]) == 17 for s in range(3)) and not state.deck
    assert state.turn == h and state.phase == "play"
    assert sorted(c for hand in state.hands for c in hand) == sorted(
        c for c in deck() if c != "2C")


def test_three_seats_the_first_to_six_tricks_wins_and_becomes_hakem() -> None:
    h = RULES.new(3, SEED).hakem
    strong = (h + 1) % 3
    spades = [r + "S" for r in "AKQJT98765432"]
    tops = ["AH", "KH", "QH", "JH"]
    rest = [c for c in deck() if c[1] != "S" and c != "2C" and c not in tops]
    hands = {strong: spades + tops, h: rest[:17], (h + 2) % 3: rest[17:34]}
    state = RULES.new(3, SEED, {"deck": stacked_n(3, h, hands), "length": "hand"})
    state.apply(h, "trump S")  # the Hakem names his opponent's suit: a reverse Kot follows
    play_highest(state, until="bam")
    assert state.phase == "bam" and state.to_act() == [strong]
    assert state.tricks[strong] == 6 and sum(state.tricks) == 6
    state.apply(strong, "stop")
    assert state.is_over() and state.sheet[-1][6:] == [strong, 3, "reverse_kot"]
    assert state.hakem == strong
    assert state.result()["winners"] == [strong] and state.result()["teams"] is None
    assert state.score_sheet()["columns"][3:6] == ["tricks 0", "tricks 1", "tricks 2"]


def test_three_seats_a_hand_always_has_one_winner() -> None:
    for seed in range(20):
        state = RULES.new(3, seed, {"length": "hand"})
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        top = max(state.tricks)
        assert top in (6, 17) or state.sheet[-1][-1] == "bam_failed"
        assert state.tricks.count(top) == 1 and state.winner == state.tricks.index(top)


def two_seat_deck(hakem: int, first: dict[int, list[str]], stock: list[str]) -> list[str]:
    """The two-seat deal: the Hakem's five, the other's five, then the stock top first."""
    return first[hakem] + first[1 - hakem] + stock


def test_two_seats_the_draw_keeps_or_discards_until_thirteen_each() -> None:
    h = RULES.new(2, SEED).hakem
    other = 1 - h
    cards = deck()
    first = {h: cards[0:5], other: cards[5:10]}
    stock = cards[10:]
    state = RULES.new(2, SEED, {"deck": two_seat_deck(h, first, stock)})
    assert state.hands[h] == first[h] and state.observation(h)["teams"] is None
    with pytest.raises(IllegalAction, match="name trump") as refused:
        state.apply(h, "keep")
    assert refused.value.reason.key == "trump_first"
    state.apply(h, "trump C")
    assert state.phase == "draw" and state.to_act() == [h] and state.look == [stock[0]]
    assert state.observation(h)["zones"][-2]["cards"] == [stock[0]]
    assert state.observation(other)["zones"][-2]["cards"] == [None]
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        state.apply(h, f"play {first[h][0]}")
    assert refused.value.reason.key == "draw_first" and state.to_dict() == before
    state.apply(h, "keep")  # keeps stock[0]; stock[1] is buried unseen
    assert stock[0] in state.hands[h] and state.discard == [stock[1]]
    assert state.observation(h)["seen_discards"] == [] and state.turn == other
    assert state.look == [stock[2]]
    state.apply(other, "discard")  # throws stock[2], takes stock[3] unseen before
    assert stock[3] in state.hands[other] and state.discard == [stock[1], stock[2]]
    assert state.observation(other)["seen_discards"] == [stock[2]]
    assert state.observation(h)["seen_discards"] == []
    while state.phase == "draw":
        state.apply(state.turn, "keep")
    assert [len(x) for x in state.hands] == [13, 13] and len(state.deck) == 10
    assert len(state.discard) == 16 and state.phase == "play" and state.turn == h


def test_two_seats_sample_state_keeps_seen_discards_out_of_the_other_hand() -> None:
    state = RULES.new(2, 4)
    h = state.hakem
    state.apply(h, "trump S")
    while state.phase == "draw":
        state.apply(state.turn, "discard")
    seen = state.observation(h)["seen_discards"]
    assert len(seen) == 8
    for seed in range(20):
        sample = RULES.sample_state(state.observation(h), seed)
        assert not set(seen) & set(sample.hands[1 - h]) and set(seen) <= set(sample.discard)
        assert sample.observation(h) == state.observation(h)


def test_two_seats_play_to_seven_and_the_loser_hands_the_hakem_over() -> None:
    state = RULES.new(2, 9, {"sets": 1})
    rng = random.Random(2)
    while not state.is_over():
        before = state.hakem
        seat = state.to_act()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for e in events:
            if e.kind == "hand_end":
                assert max(e.data["tricks"]) in (7, 13) and e.seat == e.data["winner"]
                assert state.hakem == before or state.is_over() or state.hakem == e.seat
    assert max(state.sets) == 1 and state.result()["winners"] == [state.winner]


def test_refusals_carry_keys_the_table_translates() -> None:
    from ui.games.hokm import STRINGS
    h = hakem_of(SEED)
    hands = {s: deck()[13 * s:13 * s + 13] for s in range(4)}
    state = RULES.new(4, SEED, {"deck": stacked(h, hands)})
    state.apply(h, "trump S")
    state.apply(h, f"play {hands[h][0]}")
    nxt = (h + 1) % 4
    for code, key in ((f"play {hands[h][1]}", "not_held"), ("bam", "play_card")):
        with pytest.raises(IllegalAction) as refused:
            state.apply(nxt, code)
        assert refused.value.reason.key == key and f"why.{key}" in STRINGS


@pytest.mark.parametrize("seats", [2, 4])
def test_the_invariants_hold_at_every_seat_count(seats: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/test_invariants.py walks the last seat count (3); walk 2 and 4 here."""
    from tests import test_invariants
    monkeypatch.setattr(type(RULES), "seat_counts", (seats,))
    test_invariants.walk(RULES.new(seats, 1, dict(RULES.unit_options)), 1)
    test_invariants.walk(RULES.new(seats, 2), 2)


def observed_states(seats: int) -> list[HokmState]:
    """States of a seeded match played at random: one in every seven actions, and every state
    a hand has just been dealt in (between hands, the sheet growing)."""
    state = RULES.new(seats, 11, {"sets": 1})
    rng = random.Random(seats)
    out = [state.clone()]
    for step in range(400):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        events = state.apply(seat, legal[rng.randrange(len(legal))])
        if step % 7 == 0 or any(e.kind == "hand_end" for e in events):
            out.append(state.clone())
    return out


OBSERVED = {
    4: "d7230b7244a95e8358b3da1be3316d7fd1071c593e68f772666ea97639de44d0",
    3: "8a6eaa3f746a94f39200e8cb958bef143fdf8953fe8e13432cb01049be3ba098",
    2: "4386d740a3cc6cce319887b03e5f61169adbca313d29ab8837541c65ee0b4022",
}
"""The digest of every observation (each seat's and the spectator's, their ``repr``: keys,
order and types) of `observed_states` and of a Bam decision: a faster observation must say
exactly the same."""


@pytest.mark.parametrize("seats", [4, 3, 2])
def test_observations_are_pinned(seats: int) -> None:
    import hashlib
    states = observed_states(seats)
    assert {s.phase for s in states} >= {"trump", "play"} | ({"draw"} if seats == 2 else set())
    assert max(s.hand_no for s in states) > 1 and any(s.sheet for s in states)
    if seats == 4:
        bam, _ = one_team_holds_everything(True)
        bam.apply(bam.hakem, "trump S")
        play_highest(bam, until="bam")
        assert bam.phase == "bam"
        states.append(bam)
    digest = hashlib.sha256()
    for state in states:
        for seat in [None, *range(seats)]:
            digest.update(repr(state.observation(seat)).encode())
    assert digest.hexdigest() == OBSERVED[seats]


def test_kept_zones_follow_lists_replaced_from_outside_and_clones_playing_on() -> None:
    """`zones` keeps what it made while the state's lists are the same: a list set from outside
    (a test's position) or a clone's play must still show, and not in the other state."""
    state = RULES.new(4, SEED, {"length": "hand"})
    state.apply(state.hakem, "trump S")

    def cards(s: HokmState) -> dict[str, list[str]]:
        return {z.id: list(z.cards) for z in s.zones()}

    before = cards(state)
    clone = state.clone()
    seat = clone.turn
    clone.apply(seat, clone.legal_actions(seat)[0])
    assert cards(state) == before and cards(clone)["trick"] == clone.trick
    state.hands = [h[::-1] for h in state.hands]
    state.deck = ["AS"]
    assert cards(state) == {**before, **{f"hand:{s}": before[f"hand:{s}"][::-1] for s in range(4)},
                            "deck": ["AS"]}


# -- the bot's judgement, in positions built from stacked decks ---------------------------
def fill_hands(hands: dict[int, list[str]], avoid: dict[int, str] | None = None,
               seats: int = 4) -> dict[int, list[str]]:
    """``hands`` topped up to 13 cards each from the cards nobody holds, in deck order; a seat
    in ``avoid`` gets none of the suits named there."""
    return top_up(hands, deck(), 13, seats, avoid)[0]


def position(hands: dict[int, list[str]], trump: str, moves: list[str],
             avoid: dict[int, str] | None = None) -> tuple[HokmState, int]:
    """A hand dealt from ``hands`` (seats counted from the Hakem: 0 is the Hakem), trump named,
    ``moves`` played; returns the state and the seat to act, counted from the Hakem."""
    h = hakem_of(SEED)
    full = fill_hands(hands, avoid)
    state = RULES.new(4, SEED, {"deck": stacked(h, {(h + s) % 4: full[s] for s in range(4)}),
                                "length": "hand"})
    state.apply(h, f"trump {trump}")
    for card in moves:
        state.apply(state.turn, f"play {card}")
    return state, (state.turn - h) % 4


def bot_choice(state: HokmState) -> str:
    from game.bots.hokm import HeuristicBot
    seat = state.to_act()[0]
    return str(HeuristicBot(0).choose(state.observation(seat), state.legal_actions(seat)))


def test_bot_names_trump_by_honours_not_a_raw_sum_of_ranks() -> None:
    h = hakem_of(SEED)
    first = ["AH", "4H", "QS", "JS", "2C"]  # a queen and a jack do not outweigh an ace
    full = fill_hands({0: first})
    state = RULES.new(4, SEED, {"deck": stacked(h, {(h + s) % 4: full[s] for s in range(4)})})
    assert sorted(state.hands[h]) == sorted(first)
    assert bot_choice(state) == "trump H"


def test_bot_lets_its_partners_queen_stand_when_its_king_is_no_surer() -> None:
    # the partner (seat 0) leads the queen of hearts; the ace is out, so the king is no surer
    state, seat = position({0: ["QH"], 1: ["2H"], 2: ["KH", "4H"], 3: ["AH"]}, "S",
                           ["QH", "2H"], avoid={2: "H"})
    assert seat == 2 and bot_choice(state) == "play 4H"


def test_bot_does_not_cash_an_ace_into_a_suit_an_opponent_can_ruff() -> None:
    # seat 1 shows it has no diamonds; seat 2 wins with the king and still holds the ace
    state, seat = position({0: ["2D"], 1: ["2H"], 2: ["KD", "AD", "3H", "4H", "5H", "6H"],
                            3: ["3D"]}, "S", ["2D", "2H", "KD", "3D"],
                           avoid={1: "D", 2: "SDC"})
    assert seat == 2 and bot_choice(state) not in ("play AD",)
    assert bot_choice(state)[-1] != "D"


def test_bot_draws_trumps_holding_the_six_top_ones() -> None:
    state, seat = position({0: ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "3H", "4H", "5D",
                                "6D", "7C", "8C"]}, "S", [])
    assert seat == 0 and bot_choice(state) == "play AS"


def test_bot_leads_into_its_partners_void() -> None:
    # the partner (seat 2) threw a heart on the ace of clubs: a low club lets him trump
    state, seat = position({0: ["AC", "4C", "5C", "2H", "3H", "4H", "5H", "2D", "3D", "4D",
                                "5D", "6D", "2S"],
                            1: ["2C"], 2: ["6H", "7S"], 3: ["3C", "KC"]}, "S",
                           ["AC", "2C", "6H", "3C"], avoid={2: "C"})
    assert seat == 0 and bot_choice(state) == "play 4C"


def test_bot_throws_a_low_card_rather_than_unguard_a_king() -> None:
    # seat 1 has no hearts and no trumps: throwing the two of diamonds would bare its king
    clubs = [r + "C" for r in "3456789TJQK"]
    state, seat = position({0: ["AH"], 1: ["KD", "2D", *clubs]}, "S", ["AH"])
    assert seat == 1 and bot_choice(state) == "play 3C"


def test_bot_plays_on_for_bam_only_when_it_is_certain() -> None:
    spades = [r + "S" for r in "AKQJT98765432"]
    state, _ = position({0: spades}, "S", [])
    play_highest(state, until="bam")
    assert state.phase == "bam" and (state.turn - state.hakem) % 4 == 0
    assert bot_choice(state) == "bam"  # six trumps and nobody else holds one
    state, _ = position({0: spades[:12] + ["2H"]}, "S", [])
    play_highest(state, until="bam")
    assert state.phase == "bam" and bot_choice(state) == "stop"  # the two of hearts may lose


@pytest.mark.parametrize("seats", [2, 3])
def test_bot_plays_whole_hands_at_two_and_three_seats(seats: int) -> None:
    from game.bots.hokm import HeuristicBot
    for seed in range(5):
        state = RULES.new(seats, seed, {"length": "hand"})
        bots = [HeuristicBot(s) for s in range(seats)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].act(state, seat))
        assert state.result()["winners"]


def test_cards_with_no_card_out_between_them_are_alike_and_searched_once() -> None:
    from game.bots.hokm import HeuristicBot
    from game.bots.search import SearchBot
    # seat 2's jack and queen of hearts take the same tricks; the seven and the nine do not
    # (the eight lies in the trick), nor the nine and the jack (seat 3 holds the ten)
    state, seat = position({0: ["8H"], 1: ["2H"], 2: ["7H", "9H", "JH", "QH"], 3: ["TH"]}, "S",
                           ["8H", "2H"], avoid={2: "H"})
    obs = state.observation(state.turn)
    bot = HeuristicBot(0)

    def alike(a: str, b: str) -> bool:
        return bot.alike(obs, Action("play", a), Action("play", b))

    assert seat == 2 and alike("JH", "QH") and alike("QH", "JH")
    assert not alike("7H", "9H") and not alike("9H", "JH") and not alike("7H", "7S")
    legal = state.legal_actions(state.turn)
    ranked = SearchBot(0, "hokm", budget_ms=None, iterations=1).ranked(
        obs, legal, bot.choose(obs, legal))
    assert ranked is not None and len(ranked) == 3  # four hearts, three ways to play them
    assert not any(bot.alike(obs, a, b) for a in ranked for b in ranked if a != b)


def test_bot_plays_the_same_card_whatever_order_its_hand_was_dealt_in() -> None:
    from game.bots.hokm import HeuristicBot
    bot = HeuristicBot(0)
    for seed in range(6):
        state = RULES.new(4, seed)
        while state.phase != "over" and len(state.history) < 6:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            choice = bot.choose(state.observation(seat), legal)
            if state.phase == "play":
                other = state.clone()
                other.hands[seat] = sorted(state.hands[seat], reverse=seed % 2 == 0)
                assert bot.choose(other.observation(seat), other.legal_actions(seat)) == choice
            state.apply(seat, choice)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_misfits_count_the_others_cards_the_bot_would_not_have_played(seats: int) -> None:
    """Replaying the hand in the true world: where every seat played as the bot does, nothing
    misfits; where one seat always plays its highest card, its opponents see misfits (counted
    up to the limit), and neither that seat itself nor, at four seats, its partner sees any
    (their own team's cards are not read)."""
    from game.bots.hokm import HeuristicBot
    bot = HeuristicBot(0)
    for seed in range(3):
        for wild in (None, 1):
            state = RULES.new(seats, seed, {"length": "hand"})
            seen = 0
            while not state.is_over():
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                if state.phase == "play" and seat == wild:
                    action = max(legal, key=lambda a: RANK_VALUE[a.arg[0]])
                else:
                    action = bot.choose(state.observation(seat), legal)
                if state.phase == "play":
                    misfits = bot.misfits(state, seat, 99)
                    if wild is None or seat == wild or (seats == 4 and seat == (wild + 2) % 4):
                        assert misfits == 0
                    else:
                        seen = max(seen, misfits)
                        assert bot.misfits(state, seat, 1) == min(1, misfits)
                state.apply(seat, action)
            assert wild is None or seen > 0
