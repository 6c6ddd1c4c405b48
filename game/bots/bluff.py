"""A Bluff bot, from its observation only.

Claims: truthfully whenever it can (it always can, since any rank may be claimed): it lays its
largest set of one rank; with few cards left it prefers the set that empties its hand soonest.
When its hand is one card from empty and its largest set is single, it still claims the truth.
A lie is told only as a plausible padding: once the hand holds eight or more cards, a lone odd
card may ride along with a true set of two or more, unless the pile is small (cheap to call).

Calls: always when the claim is impossible given its own hand and the cards it knows of
(shown cards taken into hands, its own cards on the pile); always when the claimer has just
laid its last cards (passing would lose the game); otherwise when the claimer's caught-lie record
makes a lie likely and the claim is a large one for its rank.

A beginner's mistakes (`slip`, the easy level): he misjudges a close claim (`MISJUDGED`: calls
one the bot would let pass, or the other way; never one that cannot be true, or a last lay), and
pads a true set with a card of another rank whatever the size of the pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from game.bots.base import Bot, own_hand
from game.core import JSON, Action, fill


CALL_AT = 0.55
"""The doubt (`HeuristicBot._doubt`) above which the bot calls."""
MISJUDGED = 0.2
"""A beginner misjudges a claim whose doubt is this close to `CALL_AT`."""


def _rank(card: str) -> str:
    return card[0]


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        hand = own_hand(observation)
        if legal[0].verb == "claim":
            return self._claim(observation, hand, legal)
        return self._answer(observation, hand)

    def _claim(self, obs: Mapping[str, JSON], hand: list[str],
               legal: Sequence[Action]) -> Action:
        groups: dict[str, list[str]] = {}
        for c in hand:
            groups.setdefault(_rank(c), []).append(c)
        top = 4 * int(obs["decks"])
        rank, cards = max(groups.items(), key=lambda kv: (len(kv[1]), self.rng.random()))
        cards = cards[:top]
        if len(hand) >= 8 and len(cards) >= 2 and len(cards) < top and int(obs["pile"]) >= 6:
            singles = [g[0] for g in groups.values() if len(g) == 1]
            if singles and self.rng.random() < 0.5:
                cards = cards + [self.rng.choice(singles)]
        pattern = next(a for a in legal if a.arg.endswith(" " + rank))
        return fill(pattern, cards)

    def slip(self, observation: Mapping[str, JSON], legal: Sequence[Action],
             favourite: Action) -> Action | None:
        hand = own_hand(observation)
        if favourite.verb == "claim":
            *claimed, rank = favourite.arg.split()
            others = [c for c in hand if _rank(c) != rank and c not in claimed]
            pattern = next(a for a in legal if a.arg.endswith(" " + rank))
            try:
                return fill(pattern, [*claimed, self.rng.choice(others)]) if others else None
            except ValueError:  # as many cards as a claim may hold
                return None
        if self._sure_call(observation, hand) or abs(self._doubt(observation, hand) - CALL_AT) \
                > MISJUDGED:
            return None
        return Action("pass" if favourite.verb == "call" else "call")

    @staticmethod
    def _room(obs: Mapping[str, JSON], hand: list[str]) -> tuple[int, int, int]:
        """The claimer, the claim's count, and how many cards of its rank may lie outside those
        this seat knows of (its hand, and the shown cards not in the claimer's hand)."""
        claimer, count, rank = int(obs["claim"][0]), int(obs["claim"][1]), str(obs["claim"][2])
        mine = sum(1 for c in hand if _rank(c) == rank)
        elsewhere = sum(1 for c, z in dict(obs["known"]).items()
                        if _rank(c) == rank and z != f"hand:{claimer}")
        return claimer, count, 4 * int(obs["decks"]) - mine - elsewhere

    @classmethod
    def _sure_call(cls, obs: Mapping[str, JSON], hand: list[str]) -> bool:
        """Whether the claim cannot be true given the cards the seat knows, or has emptied the
        claimer's hand (passing would lose the game)."""
        claimer, count, room = cls._room(obs, hand)
        return count > room or not next(len(z["cards"]) for z in obs["zones"]
                                         if z["id"] == f"hand:{claimer}")

    def _doubt(self, obs: Mapping[str, JSON], hand: list[str]) -> float:
        """How much the claim smells of a lie: the claimer's caught-lie rate times how unlikely
        a true set of its count is for a random hand; the bot calls above `CALL_AT`."""
        claimer, count, room = self._room(obs, hand)
        lies, truths = obs["record"][claimer]
        lie_rate = (lies + 1) / (lies + truths + 2)
        return float(lie_rate * (0.5 + count / max(room, 1)))

    def _answer(self, obs: Mapping[str, JSON], hand: list[str]) -> Action:
        if self._sure_call(obs, hand) or self._doubt(obs, hand) > CALL_AT:
            return Action("call")
        return Action("pass")
