"""Exact endgames for the search: the last tricks of a sampled world played out perfectly.

Once few tricks remain, a search may score a candidate in a world by the deal's value under
perfect play by every seat, each seeing every card of that world (double dummy, as bridge
programs do), instead of a heuristic playout: `solve` plays the rest of the deal along its
principal line and the state then says what the deal was worth. Partners play as one side
against the other (a two-sided, zero-sum game over the points the sides take), so alpha-beta
applies; a deal's value is taken to rise with the points its side takes, so the line that
takes the most is the line of best value (Farib: its side's tricks).

A game takes part through a `Position` reader (`READERS`): the cards in hand, the trick in
play, whose turn, the order of play, the suits and powers of the cards under trump, which seats
are the searching seat's side, and what a trick is worth. A world no reader knows, or with more
tricks left than the search asked, is played out as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.core import Action, State


@dataclass
class Position:
    """The card play left in a world, as `solve` reads it.

    ``hands``: each seat's cards (a seat that sits out holds none it plays); ``trick``: the
    cards played to the trick in progress, in order, by ``trick_seats``; ``turn``: the seat to
    play; ``after``: the seat that plays after each seat; ``players``: cards a trick takes;
    ``suit``: each card's suit under trump; ``power``: for a suit led, each card's strength
    (0 cannot win); ``side``: the seats whose points `solve` maximizes (less the others');
    ``worth``: each card's points, ``per_trick`` what a trick adds besides; ``ends_at``: the
    tricks that end the deal once a side has them (0: it ends with the cards), ``taken``:
    those the side and the others have."""

    hands: list[list[str]]
    trick: list[str]
    trick_seats: list[int]
    turn: int
    after: list[int]
    players: int
    suit: Mapping[str, str]
    power: Mapping[str, Mapping[str, int]]
    side: frozenset[int]
    worth: Mapping[str, int]
    per_trick: int = 1
    ends_at: int = 0
    taken: tuple[int, int] = (0, 0)


def solve(position: Position) -> tuple[int, list[str]]:
    """The points ``position.side`` takes in the rest of the deal less the others' under
    perfect play by every seat, and the cards of a line that takes them, in the order they are
    played. Alpha-beta over the cards (the side maximizing, the others minimizing), the line
    exact because the root is searched with an open window, with two savings that keep it so:
    of a seat's cards of one suit and worth with no card of another seat (or of the trick)
    between them, one is tried (they play alike); and a position at a trick's start met again
    (the same cards left, the same leader and tricks taken) is looked up, not searched."""
    hands = [list(h) for h in position.hands]
    suit, power, after = position.suit, position.power, position.after
    side, worth, per_trick, players = position.side, position.worth, position.per_trick, \
        position.players
    rank = {c: power[suit[c]][c] for h in hands for c in h}
    ends_at = position.ends_at
    trick = list(position.trick)
    seats = list(position.trick_seats)
    table: dict[tuple[int, int, int, frozenset[str]], tuple[int, int, list[str]]] = {}

    def distinct(turn: int, legal: list[str]) -> list[str]:
        """``legal`` strongest first, less each card that plays as the one before it."""
        legal.sort(key=rank.__getitem__, reverse=True)
        if len(legal) < 2:
            return legal
        suits = {suit[c] for c in legal}
        between = [rank[c] for s, h in enumerate(hands) if s != turn for c in h
                   if suit[c] in suits]
        between.extend(power[suit[c]][c] for c in trick)
        out = [legal[0]]
        for card in legal[1:]:
            last = out[-1]
            if suit[card] != suit[last] or worth[card] != worth[last] or any(
                    rank[card] < r < rank[last] for r in between):
                out.append(card)
        return out

    def search(turn: int, alpha: int, beta: int, mine: int, theirs: int
               ) -> tuple[int, list[str]]:
        if len(trick) == players:
            led = power[suit[trick[0]]]
            winner = seats[max(range(players), key=lambda k: led[trick[k]])]
            gain = per_trick + sum(worth[c] for c in trick)
            if winner in side:
                mine += 1
            else:
                gain, theirs = -gain, theirs + 1
            if not hands[winner] or ends_at and max(mine, theirs) >= ends_at:
                return gain, []
            kept, kept_seats = trick[:], seats[:]
            trick.clear()
            seats.clear()
            value, line = lead(winner, alpha - gain, beta - gain, mine, theirs)
            trick.extend(kept)
            seats.extend(kept_seats)
            return value + gain, line
        return play(turn, alpha, beta, mine, theirs)

    def lead(turn: int, alpha: int, beta: int, mine: int, theirs: int
             ) -> tuple[int, list[str]]:
        """`play` at a trick's start, through the table of positions met."""
        key = (turn, mine, theirs, frozenset(c for h in hands for c in h))
        known = table.get(key)
        if known is not None:
            low, high, line = known
            if low == high or high <= alpha:
                return high, line
            if low >= beta:
                return low, line
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        value, line = play(turn, alpha, beta, mine, theirs)
        low, high = known[:2] if known is not None else (-1 << 30, 1 << 30)
        if value <= start_alpha:
            high = value
        elif value >= start_beta:
            low = value
        else:
            low = high = value
        table[key] = (low, high, line)
        return value, line

    def play(turn: int, alpha: int, beta: int, mine: int, theirs: int
             ) -> tuple[int, list[str]]:
        hand = hands[turn]
        if trick:
            led_suit = suit[trick[0]]
            legal = [c for c in hand if suit[c] == led_suit] or hand[:]
        else:
            legal = hand[:]
        legal = distinct(turn, legal)
        maximize = turn in side
        best_value = -1 << 30 if maximize else 1 << 30
        best_line: list[str] = []
        nxt = after[turn]
        for card in legal:
            i = hand.index(card)
            del hand[i]
            trick.append(card)
            seats.append(turn)
            value, line = search(nxt, alpha, beta, mine, theirs)
            trick.pop()
            seats.pop()
            hand.insert(i, card)
            if maximize:
                if value > best_value:
                    best_value, best_line = value, [card, *line]
                    alpha = max(alpha, value)
            elif value < best_value:
                best_value, best_line = value, [card, *line]
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best_value, best_line

    if position.trick:
        return play(position.turn, -1 << 30, 1 << 30, *position.taken)
    return lead(position.turn, -1 << 30, 1 << 30, *position.taken)


def farib_position(state: State, seat: int, tricks: int) -> Position | None:
    """Farib's card play, when at most ``tricks`` tricks are left: ``seat``'s side the maker's
    (the maker and his partner, called or across the table) or the defenders'."""
    from game.rules import farib

    assert isinstance(state, farib.FaribState)
    if state.phase != "play" or 5 - len(state.history) > tricks or state.trump is None:
        return None
    trump = state.trump
    n = state.seats
    makers = set(state.makers())
    mine = frozenset(s for s in range(n) if (s in makers) == (seat in makers)
                     and s != state.sitting_out)
    playing = [s for s in range(n) if s != state.sitting_out]
    after = [state._next(s) for s in range(n)]
    cards = [c for s in playing for c in state.hands[s]] + list(state.trick)
    suit = {c: farib.suit_of(c, trump) for c in cards}
    power = {led: farib.TRICK_POWER[trump, led] for led in set(suit.values())}
    hands = [list(h) if s in playing else [] for s, h in enumerate(state.hands)]
    return Position(hands, list(state.trick), list(state.trick_seats), state.turn, after,
                    len(playing), suit, power, mine, ZERO)


def hokm_position(state: State, seat: int, tricks: int) -> Position | None:
    """Hokm's card play at four seats, when each hand holds at most ``tricks`` cards (not while
    a team plays on for Bam, whose value is no count of tricks): ``seat``'s team the side, the
    hand over when a team has its seventh trick (by then both have taken some: no Kot).
    """
    from game.rules import hokm

    assert isinstance(state, hokm.HokmState)
    if state.seats != 4 or state.phase != "play" or state.bam or state.trump is None \
            or max(len(h) for h in state.hands) > tricks:
        return None
    trump = state.trump
    leader = state.leader
    return Position([list(h) for h in state.hands], list(state.trick),
                    [(leader + i) % 4 for i in range(len(state.trick))], state.turn, NEXT_OF_4,
                    4, PLAIN_SUIT, {led: hokm.POWER[trump, led] for led in "SHDC"},
                    frozenset({seat % 2, seat % 2 + 2}), ZERO, 1, hokm.WIN_AT[4],
                    (state.tricks[seat % 2], state.tricks[1 - seat % 2]))


def shelem_position(state: State, seat: int, tricks: int) -> Position | None:
    """Shelem's card play at four seats, when each hand holds at most ``tricks`` cards:
    ``seat``'s team the side, a trick worth 5 and its aces, tens and fives."""
    from game.rules import shelem

    assert isinstance(state, shelem.ShelemState)
    if state.seats != 4 or state.phase != "play" or state.trump is None \
            or max(len(h) for h in state.hands) > tricks:
        return None
    trump = state.trump
    leader = state.leader
    return Position([list(h) for h in state.hands], list(state.trick),
                    [(leader + i) % 4 for i in range(len(state.trick))], state.turn, NEXT_OF_4,
                    4, PLAIN_SUIT, {led: shelem.POWER[trump, led] for led in "SHDC"},
                    frozenset({seat % 2, seat % 2 + 2}), SHELEM_POINTS, 5)


CARDS = [r + s for s in "SHDC" for r in "23456789TJQKA"]
ZERO: Mapping[str, int] = dict.fromkeys(CARDS, 0)
"""Every card worth nothing: tricks alone count."""
SHELEM_POINTS: Mapping[str, int] = {c: 10 if c[0] in "AT" else 5 if c[0] == "5" else 0
                                    for c in CARDS}
"""Shelem's counters: every ace and ten 10, every five 5."""
PLAIN_SUIT: Mapping[str, str] = {c: c[1] for c in CARDS}
NEXT_OF_4 = [1, 2, 3, 0]

READERS: dict[str, Callable[[State, int, int], Position | None]] = {
    "farib": farib_position, "hokm": hokm_position, "shelem": shelem_position}
"""Game id to its `Position` reader: the games whose endgames can be solved."""


def solved(state: State, seat: int, tricks: int) -> bool:
    """Play ``state``'s card play on perfectly (`solve`) for ``seat``'s side, where its game
    has a reader and at most ``tricks`` tricks are left, until the deal ends; whether it did
    (``state`` is played on: pass a clone)."""
    reader = READERS.get(state.rules.id)
    position = None if reader is None else reader(state, seat, tricks)
    if position is None:
        return False
    _, line = solve(position)
    stage = state.stage()
    for card in line:
        if state.is_over() or state.stage() != stage:
            break  # the deal ended before its cards did (Hokm's seventh trick)
        state.apply(state.to_act()[0], Action("play", card))
    return True
