"""A Bist-o-Yek bot: takes the bank (the banker wins ties), stakes by its first card, stands at 17.

From its observation only. Measured by simulation of the seed's values (36 cards, J 2, Q 3, K 4,
ace 1): a player who draws to 17 against a banker who draws to 16 wins about 49 % of hands on a
first 10 or ace and 36-42 % on the others, so the bot stakes a quarter of what it may on a 10 or
an ace and the minimum otherwise. As banker it changes a first 6, 7 or king (the weakest first
cards), draws while under 16, and announces the bank as soon as it may (taking a won bank home).
It never backs another seat's hand (the banker's tie makes that a losing bet).

A beginner's mistakes (`slip`, the easy level): he refuses the bank, stakes by hope (high on a
weak first card, the minimum on a strong one), keeps a weak first card as banker, and misjudges
where to stop by a card: draws again on 17 or 18 (the banker on 16 or 17), stands on 13 to 16.

In a search's playouts it reads its move from the state (`HeuristicBot.read_state`), as the
observation would show it: hard won 39.1 % [35.3, 43.0 over 100 deals] of 400 games against
three of it (fair 25 %; ``benchmarks/bots.py --game bistoyek --pairs hard-normal --games 400
--seed 1 --cpu-clock``), 38.0 % [34.1, 41.9] before, deciding in a median of 22 ms (46 before).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.bots.base import Bot, own_hand
from game.core import Action, State, fill, number_range
from game.rules.bistoyek import BistoyekObservation, BistoyekState

STRONG = {"T", "A"}
WEAK_FIRST = {"6", "7", "K"}


class HeuristicBot(Bot[BistoyekObservation]):
    def choose(self, observation: BistoyekObservation, legal: Sequence[Action]) -> Action:
        return self._decide(legal, lambda: first_rank(observation),
                            lambda: hand_value(observation), lambda: stop_at(observation))

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """Every move, read as `choose` reads the observation: the seat's first card and its
        hand's value, which it sees."""
        if not isinstance(state, BistoyekState):
            return None
        hand = state.hands[seat]
        return self._decide(legal, lambda: hand[0][0] if hand else None,
                            lambda: state.value(seat) if hand else 0,
                            lambda: 16 if state.phase == "banker" else 17)

    def _decide(self, legal: Sequence[Action], first: Callable[[], str | None],
                value: Callable[[], int], limit: Callable[[], int]) -> Action:
        """The move, given the rank of the seat's first card, its hand's value and the value it
        stands from (`stop_at`), each asked only where the choice needs it."""
        verbs = {a.verb: a for a in legal}
        if "bank" in verbs:
            return verbs["bank"]
        if "announce" in verbs:
            return verbs["announce"]
        if "deal" in verbs:
            return verbs["deal"]
        if "stake" in verbs:
            return self.stake(verbs["stake"], first() in STRONG)
        if "pass" in verbs:
            return verbs["pass"]
        if "change" in verbs and first() in WEAK_FIRST:
            return verbs["change"]
        hits = [a for a in legal if a.verb == "hit"]
        if hits and value() < limit():
            return hits[0]
        return verbs["stand"]

    def slip(self, observation: BistoyekObservation, legal: Sequence[Action],
             favourite: Action) -> Action | None:
        verbs = {a.verb: a for a in legal}
        if favourite.verb == "bank" and "refuse" in verbs:
            return verbs["refuse"]
        if favourite.verb == "stake":
            return self.stake(verbs["stake"], first_rank(observation) not in STRONG)
        if favourite.verb == "change":
            return self.choose(observation, [a for a in legal if a.verb != "change"])
        value, limit = hand_value(observation), stop_at(observation)
        hits = [a for a in legal if a.verb == "hit"]
        if favourite.verb == "stand" and hits and value < limit + 2:
            return hits[0]
        if favourite.verb == "hit" and "stand" in verbs and value >= limit - 3:
            return verbs["stand"]
        return None

    @staticmethod
    def stake(pattern: Action, high: bool) -> Action:
        """A quarter of what may be staked (on the steps) if ``high``, else the minimum."""
        allowed = number_range(pattern)
        assert allowed is not None
        if not high:
            return fill(pattern, (), allowed.start)
        want = allowed.start + (allowed.stop - 1 - allowed.start) // 4
        want -= (want - allowed.start) % allowed.step
        return fill(pattern, (), want)


def first_rank(observation: BistoyekObservation) -> str | None:
    """The rank of the seat's first card, None before it has one."""
    hand = own_hand(observation)
    return hand[0][0] if hand else None


def hand_value(observation: BistoyekObservation) -> int:
    seat = observation["seat"]
    value = None if seat is None else observation["values"][seat]
    return 0 if value is None else value


def stop_at(observation: BistoyekObservation) -> int:
    """The bot stands from this value on: 16 as banker, 17 as player."""
    return 16 if observation["phase"] == "banker" else 17
