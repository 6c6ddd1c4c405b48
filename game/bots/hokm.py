"""A Hokm bot that plays as a decent club player would, from its own observation only.

Trump: the suit of its first five with the most cards, then the highest ranks. Leading: a
card that is the highest of its suit still out (a "boss"), else the lowest card of its longest
plain suit; trumps are led only when nothing else is left. Following: let a partner's winning
card stand and throw the cheapest card; otherwise win as cheaply as it can (the lowest card of
the led suit that wins, or, when void, the lowest trump that wins), else throw the cheapest card,
keeping trumps. At 7–0 it stops and takes the Kot rather than gamble on Bam.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot
from game.cards.french import RANK_VALUE, deck
from game.core import JSON, Action
from game.rules.hokm import trick_winner

FULL = deck()


def _rank(card: str) -> int:
    return RANK_VALUE[card[0]]


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "trump" in verbs:
            return self._name_trump(observation, legal)
        if "keep" in verbs:
            return self._draw(observation, legal)
        if "stop" in verbs:
            return next(a for a in legal if a.verb == "stop")
        return self._play(observation, legal)

    def _name_trump(self, obs: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        hand = self._hand(obs)

        def strength(suit: str) -> tuple[int, int]:
            mine = [c for c in hand if c[1] == suit]
            return len(mine), sum(_rank(c) for c in mine)

        return max(legal, key=lambda a: strength(a.arg))

    def _draw(self, obs: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        """Two seats: keep a trump or a card of queen or better, else take the next blind."""
        look = next(z["cards"] for z in obs["zones"] if z["id"] == "look")[0]
        good = look[1] == obs["trump"] or _rank(look) >= RANK_VALUE["Q"]
        return next(a for a in legal if a.verb == ("keep" if good else "discard"))

    def _hand(self, obs: Mapping[str, JSON]) -> list[str]:
        me = obs["seat"]
        return next(z["cards"] for z in obs["zones"] if z["id"] == f"hand:{me}")

    def _play(self, obs: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        me, trump = obs["seat"], obs["trump"]
        trick = next(z["cards"] for z in obs["zones"] if z["id"] == "trick")
        hand = self._hand(obs)
        played = {c for _, cards in obs["history"] for c in cards} | set(trick)
        out = [c for c in FULL if c not in played and c not in hand]
        cards = [a.arg for a in legal]

        def cheap(c: str) -> tuple[int, int]:  # spend plain low cards first, trumps last
            return (c[1] == trump, _rank(c))

        if not trick:
            boss = [c for c in cards if c[1] != trump
                    and all(_rank(o) < _rank(c) for o in out if o[1] == c[1])]
            if boss:
                return self._act(legal, max(boss, key=_rank))
            plain = [c for c in cards if c[1] != trump] or cards
            length = {s: sum(1 for c in hand if c[1] == s) for s in "SHDC"}
            return self._act(legal, min(plain, key=lambda c: (-length[c[1]], _rank(c))))

        leader = obs["leader"]
        n = obs["seats"]
        winning = trick_winner(trick, leader, trump, n)
        partner_wins = n == 4 and winning == (me + 2) % 4
        last = len(trick) == n - 1
        if partner_wins:
            top = trick[(winning - leader) % n]
            safe = last or (top[1] == trump and all(
                _rank(o) < _rank(top) for o in out if o[1] == trump)) or (
                top[1] != trump and all(_rank(o) < _rank(top) for o in out if o[1] == top[1]))
            if safe:
                return self._act(legal, min(cards, key=cheap))
        winners = [c for c in cards if trick_winner([*trick, c], leader, trump, n) == me]
        if winners:
            return self._act(legal, min(winners, key=cheap))
        return self._act(legal, min(cards, key=cheap))

    @staticmethod
    def _act(legal: Sequence[Action], card: str) -> Action:
        return next(a for a in legal if a.arg == card)
