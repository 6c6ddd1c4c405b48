"""Claiming the rest of a hand (`game.claim`): a claim is checked in every deal the claimer cannot
tell from the real one, accepted only where it holds in all of them, offered by counting (never
by a clock), and a hand ended by a claim ends as the rules would have ended it.

The Hokm positions are real hands, dealt by a stacked deck and played to their last tricks by
every seat playing the first card of its hand that it may (spades trump, seat 0 the Hakem)."""

from __future__ import annotations

from typing import Any

import pytest

from game import claim, registry
from game.bots import make
from game.cards.french import deck
from game.core import Action, State
from game.rules.bidel import RULES as BIDEL
from game.rules.bidel import BiDelState, points_of
from game.rules.hokm import RULES as HOKM
from game.rules.hokm import HokmState

VOID_IN_HEARTS = [  # seat 3 shows it holds no heart: the last trick's hearts are all seat 2's
    ["KH", "8H", "JH", "7H", "QH", "JS", "6S", "TH", "AS", "2S", "JC", "4S", "2H"],
    ["3S", "JD", "8D", "KC", "5D", "4C", "6H", "8S", "7S", "TS", "2C", "AD", "7D"],
    ["9H", "6D", "KS", "QD", "3D", "4H", "2D", "3C", "TD", "6C", "TC", "AH", "3H"],
    ["QC", "8C", "9C", "5H", "5S", "7C", "9S", "QS", "4D", "9D", "KD", "AC", "5C"]]
HEARTS_UNKNOWN = [  # the same last trick, but seat 3 never showed a void in hearts
    ["KC", "6H", "9H", "KS", "7S", "5H", "8D", "2S", "TH", "9D", "JD", "AS", "2H"],
    ["TS", "6D", "2D", "KD", "5D", "TD", "6S", "AC", "4S", "4D", "8H", "JS", "7D"],
    ["7C", "8S", "3D", "QD", "8C", "KH", "5S", "JC", "4H", "3C", "QC", "JH", "3H"],
    ["9C", "9S", "6C", "4C", "7H", "2C", "QH", "TC", "AH", "QS", "3S", "AD", "5C"]]
TRUMP_FIRST = [  # two tricks left: seat 0 holds AS AH, seat 1 the last other trump, KS
    ["3S", "JD", "9H", "QH", "KH", "4S", "6H", "7D", "8H", "5C", "QS", "AS", "AH"],
    ["2H", "3H", "6S", "TH", "AC", "9D", "JC", "9S", "KC", "8S", "TD", "KS", "2D"],
    ["QD", "2C", "8C", "3D", "7C", "6C", "TC", "AD", "5S", "5H", "8D", "3C", "4C"],
    ["JH", "7H", "7S", "JS", "QC", "4D", "TS", "9C", "2S", "4H", "KD", "5D", "6D"]]


def play_first_legal(state: State, plays: int) -> None:
    for _ in range(plays):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def hokm_options(hands: list[list[str]]) -> dict[str, Any]:
    """The options of one hand of Hokm dealt ``hands``, seat 0 drawing the ace (the Hakem)."""
    draw = ["AS", "2H", "3H", "4H", *[c for c in deck() if c not in ("AS", "2H", "3H", "4H")]]
    packets = [(0, 5), (5, 9), (9, 13)]
    dealt = [c for lo, hi in packets for hand in hands for c in hand[lo:hi]]
    return {"length": "hand", "deck": [draw, dealt]}


def hokm_played(hands: list[list[str]], tricks: int) -> HokmState:
    """One hand of Hokm dealt ``hands`` (seat 0 draws the ace and is Hakem, names spades), its
    first ``tricks`` tricks played by every seat playing the first card it may."""
    state = HOKM.new(4, 1, hokm_options(hands))
    assert isinstance(state, HokmState)
    state.apply(0, "trump S")
    play_first_legal(state, 4 * tricks)
    return state


def test_a_claim_that_holds_in_every_deal_is_accepted_and_ends_the_hand() -> None:
    """6-6 after twelve tricks, no trump left; seat 0 leads its last card, 2H. Seats 1 and 3
    have shown they hold no heart, so 3H, the one heart seat 0 has not seen, is its partner's:
    one deal fits, and in it the last trick is seat 0's side's (its partner's 3H takes it)."""
    state = hokm_played(VOID_IN_HEARTS, 12)
    assert state.tricks == [6, 6] and state.hands == [["2H"], ["7D"], ["3H"], ["5C"]]
    obs = state.observation(0)
    assert claim.offered("hokm", obs)
    assert HOKM.hidden(obs).count() == 1
    made = claim.check("hokm", obs)
    assert made is not None and made.side == {0, 2}
    events = claim.play_out(state, made)
    assert [e.seat for e in events if e.kind == "trick"] == [2]
    assert state.is_over() and state.result()["winners"] == [0, 2]
    assert state.sheet[-1][3:5] == [7, 6]


def test_a_claim_that_fails_in_one_deal_is_refused() -> None:
    """The same last trick, but seat 3 never showed a void in hearts: 3H may be its (a deal in
    which it takes 2H) or seat 2's (the real deal, in which the claim would hold). Two deals
    fit; the claim fails in one, so it is refused, and play goes on."""
    state = hokm_played(HEARTS_UNKNOWN, 12)
    assert state.tricks == [6, 6] and state.hands == [["2H"], ["7D"], ["3H"], ["5C"]]
    obs = state.observation(0)
    worlds = list(HOKM.hidden(obs).every())
    assert sorted(w.hands[3] for w in worlds) == [["3H"], ["5C"]]
    lost = []
    for world in worlds:
        play_first_legal(world, 4)
        lost.append(world.sheet[-1][3:5] == [6, 7])
    assert sorted(lost) == [False, True]
    assert claim.check("hokm", obs) is None
    assert not state.is_over() and state.to_act() == [0]


def test_the_claimer_plays_one_card_for_every_deal_it_cannot_tell_apart() -> None:
    """Two tricks left, 5-6: seat 0 holds AS AH, and KS is out. Led first, AH is trumped in
    every deal (whoever holds KS holds no heart); AS first draws KS, then AH wins. The claim
    holds, by AS first, and ends the hand 7-6."""
    state = hokm_played(TRUMP_FIRST, 11)
    assert state.tricks == [5, 6] and state.hands[0] == ["AS", "AH"]
    obs = state.observation(0)
    made = claim.check("hokm", obs)
    assert made is not None
    assert made.plays[(), (Action("play", "AS"), Action("play", "AH"))] == Action("play", "AS")
    events = claim.play_out(state, made)
    assert [e.data["card"] for e in events if e.kind == "play" and e.seat == 0] == ["AS", "AH"]
    assert state.is_over() and state.sheet[-1][3:5] == [7, 6]


def bidel_played(hands: list[list[str]], tricks: int) -> BiDelState:
    """A deal of Bi-Del (no pass) dealt ``hands``, played ``tricks`` tricks by every seat playing
    the first card it may."""
    state = BIDEL.new(4, 1, {"length": "deal"})
    assert isinstance(state, BiDelState)
    state.phase = "play"
    state.hands = [list(h) for h in hands]
    state.chosen = [[] for _ in range(4)]
    state.leader = state.turn = next(s for s in range(4) if "2C" in hands[s])
    play_first_legal(state, 4 * tricks)
    return state


NO_POINTS_LEFT = [
    ["9H", "8D", "QS", "8H", "6H", "5D", "3S", "6S", "4D", "AD", "5C", "QD", "7D"],
    ["7H", "AC", "QH", "2D", "5S", "4S", "4H", "KS", "2S", "KH", "4C", "9C", "JS"],
    ["TC", "6C", "JC", "JH", "8C", "9D", "TS", "AH", "2H", "7S", "3C", "7C", "9S"],
    ["TD", "AS", "6D", "JD", "KC", "QC", "2C", "5H", "KD", "TH", "3H", "8S", "3D"]]
A_HEART_LEFT = [
    ["TH", "6C", "8S", "TS", "3D", "9D", "2H", "2C", "KS", "9C", "JH", "7C", "KH"],
    ["6D", "KC", "3C", "QD", "3S", "7D", "8H", "QS", "JD", "2S", "5D", "3H", "KD"],
    ["4S", "5S", "QH", "4D", "AC", "8C", "AS", "4C", "4H", "JS", "6S", "5C", "QC"],
    ["9S", "JC", "8D", "7S", "9H", "5H", "AH", "6H", "TC", "AD", "2D", "7H", "TD"]]


def test_bidel_claims_the_points_still_out() -> None:
    """Every heart and Q♠ taken already: the deal's penalties are decided, and seat 0 may claim
    the rest. One heart out, which another seat may take: refused."""
    state = bidel_played(NO_POINTS_LEFT, 11)
    assert not any(points_of(c) for h in state.hands for c in h)
    points = list(state.points)
    made = claim.check("bidel", state.observation(0))
    assert made is not None and made.side == {0}
    claim.play_out(state, made)
    assert state.is_over() and state.points == points
    state = bidel_played(A_HEART_LEFT, 11)
    assert state.hands[3] == ["7H", "TD"] and state.to_act() == [0]
    assert claim.check("bidel", state.observation(0)) is None


def test_a_claim_is_offered_by_counting_deals_and_lines_only_on_the_turn_to_play() -> None:
    state = hokm_played(TRUMP_FIRST, 11)
    obs = state.observation(0)
    assert claim.work("hokm", obs) == HOKM.hidden(obs).count() * 2 ** 4
    assert claim.offered("hokm", obs)
    assert not claim.offered("hokm", state.observation(1))  # not its turn
    early = hokm_played(TRUMP_FIRST, 3)
    seat = early.to_act()[0]
    assert claim.work("hokm", early.observation(seat)) > claim.WORK["hokm"]
    assert not claim.offered("hokm", early.observation(seat))
    naming = HOKM.new(4, 1, {"length": "hand"})
    assert isinstance(naming, HokmState) and naming.phase == "trump"
    assert not claim.offered("hokm", naming.observation(naming.hakem))
    pasur = registry.get("pasur").new(2, 1)
    assert not claim.offered("pasur", pasur.observation(pasur.to_act()[0]))


def placed(state: State) -> tuple[tuple[str, ...], ...]:
    """Where each card lies: every zone's cards (sorted), the hands first."""
    zones = sorted(state.zones(), key=lambda z: z.kind != "hand")
    return tuple(tuple(sorted(z.cards)) for z in zones)


@pytest.mark.parametrize("game_id,seats", [(g, n) for g in sorted(claim.GAMES)
                                           for n in registry.get(g).seat_counts])
def test_the_deals_a_claim_is_checked_in_are_those_the_claimer_cannot_tell_apart(
        game_id: str, seats: int) -> None:
    """At every card played in the last tricks of seeded hands between normal bots: each world
    the check lists shows the claimer what the real game shows it, no two are dealt alike, they
    are as many as counted, and the real hands are among them."""
    rules = registry.get(game_id)
    for seed in range(3):
        state = rules.new(seats, seed, dict(rules.unit_options))
        bots = [make("normal", game_id, seed + s) for s in range(seats)]
        while not state.is_over():
            seat = state.to_act()[0]
            obs = state.observation(seat)
            hidden = claim.hides(game_id).hidden(obs)
            if obs["phase"] == "play" and hidden.count() <= 300:
                worlds = list(hidden.every())
                assert len(worlds) == hidden.count()
                dealt = [placed(w) for w in worlds]
                assert len(set(dealt)) == len(dealt)
                assert any(placed(state)[:seats] == d[:seats] for d in dealt)
                for world in worlds:
                    assert world.observation(seat) == obs
            state.apply(seat, bots[seat].act(state, seat))


def outcome(state: HokmState) -> tuple[object, ...]:
    """What the rest of a Hokm hand decides: the tricks, the hands and sets won, the sheet, and
    what comes next (the hand over, or the 7-0 choice of Bam)."""
    return (state.tricks, state.hand_points, state.sets, state.sheet, state.phase, state.winner)


def hokm_hand(seed: int) -> int | None:
    """One Hokm hand between normal bots, played until a bot may claim the rest and its claim
    holds (None if none does): the claim ends it, and a copy is played on with the claimer
    playing as its claim says and every other seat as its bot chooses; both must end alike.
    The cards the claim spared playing one by one."""
    state = HOKM.new(4, seed, {"length": "hand"})
    assert isinstance(state, HokmState)
    bots = [make("normal", "hokm", seed * 10 + s) for s in range(4)]
    while not state.is_over():
        seat = state.to_act()[0]
        obs = state.observation(seat)
        made = claim.check("hokm", obs) if claim.offered("hokm", obs) else None
        if made is None:
            state.apply(seat, bots[seat].act(state, seat))
            continue
        played_on, stage = state.clone(), state.stage()
        claim.play_out(state, made)
        line: claim.Line = ()
        while claim.playing(played_on, stage):
            turn = played_on.to_act()[0]
            legal = played_on.legal_actions(turn)
            action = made.plays[line, tuple(legal)] if turn == made.seat \
                else bots[turn].act(played_on, turn)
            played_on.apply(turn, action)
            line = (*line, (turn, action))
        assert outcome(state) == outcome(played_on), seed
        return len(line)
    return None


def claims_change_nothing(hands: int) -> None:
    """Bots' claims end more than a third of ``hands`` hands early, and change no result."""
    spared = [n for n in map(hokm_hand, range(hands)) if n is not None]
    assert len(spared) > hands // 3 and min(spared) > 0


def test_bots_claims_end_hokm_hands_early_and_change_no_result() -> None:
    claims_change_nothing(100)


@pytest.mark.stress
def test_bots_claims_end_a_thousand_hokm_hands_early_and_change_no_result() -> None:
    claims_change_nothing(1000)
