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

from collections.abc import Mapping, Sequence

from game.bots.base import Bot, own_hand
from game.core import JSON, Action, fill


CALL_AT = 0.55
"""The doubt (`HeuristicBot._doubt`) above which the bot calls."""
MISJUDGED = 0.2
"""A beginner misjudges a claim whose doubt is this close to `CALL_AT`."""


def _rank(card: str) -> str:
    return card[0]


def _pattern(legal: Sequence[Action], rank: str) -> Action:
    """The claim pattern of ``legal`` for ``rank``."""
    end = " " + rank
    for a in legal:
        if a.arg.endswith(end):
            return a
    raise ValueError(f"no claim of rank {rank} is legal")


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
        random = self.rng.random  # the largest set, ties broken at random
        rank, cards = max(groups.items(), key=lambda kv: (len(kv[1]), random()))
        cards = cards[:top]
        if len(hand) >= 8 and len(cards) >= 2 and len(cards) < top and int(obs["pile"]) >= 6:
            singles = [g[0] for g in groups.values() if len(g) == 1]
            if singles and self.rng.random() < 0.5:
                cards = cards + [self.rng.choice(singles)]
        return fill(_pattern(legal, rank), cards)

    def slip(self, observation: Mapping[str, JSON], legal: Sequence[Action],
             favourite: Action) -> Action | None:
        hand = own_hand(observation)
        if favourite.verb == "claim":
            *claimed, rank = favourite.arg.split()
            others = [c for c in hand if _rank(c) != rank and c not in claimed]
            pattern = _pattern(legal, rank)
            try:
                return fill(pattern, [*claimed, self.rng.choice(others)]) if others else None
            except ValueError:  # as many cards as a claim may hold
                return None
        room = self._room(observation, hand)
        if self._sure_call(observation, room) or abs(self._doubt(observation, room) - CALL_AT) \
                > MISJUDGED:
            return None
        return Action("pass" if favourite.verb == "call" else "call")

    @staticmethod
    def _room(obs: Mapping[str, JSON], hand: list[str]) -> tuple[int, int, int]:
        """The claimer, the claim's count, and how many cards of its rank may lie outside those
        this seat knows of (its hand, and the shown cards not in the claimer's hand)."""
        claim = obs["claim"]
        claimer, count, rank = int(claim[0]), int(claim[1]), str(claim[2])
        # loops reading a card's rank as `_rank` does, not generators: a playout asks this at
        # every answer
        mine = 0
        for c in hand:
            if c[0] == rank:
                mine += 1
        zone = f"hand:{claimer}"
        elsewhere = 0
        for c, z in obs["known"].items():
            if c[0] == rank and z != zone:
                elsewhere += 1
        return claimer, count, 4 * int(obs["decks"]) - mine - elsewhere

    @staticmethod
    def _sure_call(obs: Mapping[str, JSON], room: tuple[int, int, int]) -> bool:
        """Whether the claim cannot be true given the cards the seat knows (``room``, from
        `_room`), or has emptied the claimer's hand (passing would lose the game)."""
        claimer, count, left = room
        if count > left:
            return True
        zone = f"hand:{claimer}"
        return not next(len(z["cards"]) for z in obs["zones"] if z["id"] == zone)

    @staticmethod
    def _doubt(obs: Mapping[str, JSON], room: tuple[int, int, int]) -> float:
        """How much the claim smells of a lie: the claimer's caught-lie rate times how unlikely
        a true set of its count is for a random hand (``room``, from `_room`); the bot calls
        above `CALL_AT`."""
        claimer, count, left = room
        lies, truths = obs["record"][claimer]
        lie_rate = (lies + 1) / (lies + truths + 2)
        return float(lie_rate * (0.5 + count / max(left, 1)))

    def _answer(self, obs: Mapping[str, JSON], hand: list[str]) -> Action:
        room = self._room(obs, hand)
        if self._sure_call(obs, room) or self._doubt(obs, room) > CALL_AT:
            return Action("call")
        return Action("pass")
