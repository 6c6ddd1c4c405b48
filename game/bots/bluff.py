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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from game.bots.base import Bot, own_hand
from game.core import JSON, Action, fill


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

    def _answer(self, obs: Mapping[str, JSON], hand: list[str]) -> Action:
        claim = obs["claim"]
        claimer, count, rank = int(claim[0]), int(claim[1]), str(claim[2])
        copies = 4 * int(obs["decks"])
        mine = sum(1 for c in hand if _rank(c) == rank)
        elsewhere = sum(1 for c, z in dict(obs["known"]).items()
                        if _rank(c) == rank and z != f"hand:{claimer}")
        if count + mine + elsewhere > copies:
            return Action("call")
        sizes = {z["id"]: len(z["cards"]) for z in obs["zones"]}
        if sizes[f"hand:{claimer}"] == 0:
            return Action("call")
        lies, truths = obs["record"][claimer]
        lie_rate = (lies + 1) / (lies + truths + 2)
        room = copies - mine - elsewhere
        # how unlikely a true set of `count` of this rank is for a random hand
        stretch = count / max(room, 1)
        if lie_rate * (0.5 + stretch) > 0.55:
            return Action("call")
        return Action("pass")
