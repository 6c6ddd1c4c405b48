"""A Ghahve bot that bids its sure tricks and plays to take them, from its observation only.

Bidding: it counts tricks it can rely on: each joker; A♠, K♠ with two spades, Q♠ with three
(jokers count as spades); a spade for each beyond four; side aces (not in a long suit), kings
guarded by a second card; and a ruff for a void or a singleton when it holds three trumps. It
bids that count, at least 2 and no more than the rules allow.

Play: it leads a card that is the highest of its suit still out, the black joker from the
eighth trick on (a sure trick before the tenth forces it), else the lowest card of its longest
plain suit, spades last. Following: a partner's safe winner is left alone and the cheapest card
thrown; otherwise it wins as cheaply as it can (lowest winning card of the suit, then the lowest
winning spade, the jokers last), else throws its cheapest card, keeping spades and jokers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot
from game.core import JSON, Action
from game.rules.ghahve import PACK, POWER, suit_of, trick_winner


def _trump(card: str) -> bool:
    return suit_of(card) == "S"


def _cheap(card: str) -> tuple[bool, int]:
    """Plain low cards first, spades later, the jokers last."""
    return _trump(card), POWER[card]


def sure_tricks(hand: list[str]) -> int:
    """The tricks ``hand`` can count on, by the club player's rule of thumb."""
    trumps = [c for c in hand if _trump(c)]
    n = len(trumps)
    count = 0.0
    count += ("XR" in hand) + ("XB" in hand)
    count += ("AS" in hand) + ("KS" in hand and n >= 2) + 0.5 * ("QS" in hand and n >= 3)
    count += max(0, n - 4 - sum(1 for c in ("XR", "XB", "AS", "KS") if c in hand) // 2) * 0.8
    for suit in "HDC":
        mine = [c for c in hand if c[1] == suit and c[0] != "X"]
        if "A" + suit in hand and len(mine) <= 5:
            count += 1
        if "K" + suit in hand and 2 <= len(mine) <= 4:
            count += 0.5
        if n >= 3 and len(mine) <= 1:
            count += 1 if not mine else 0.5
    return int(count + 0.4)


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        if legal[0].verb == "bid":
            want = max(2, sure_tricks(self._hand(observation)))
            bids = [int(a.arg) for a in legal]
            n = min(max(bids), max(min(bids), want))
            return next(a for a in legal if int(a.arg) == n)
        return self._play(observation, legal)

    def _hand(self, obs: Mapping[str, JSON]) -> list[str]:
        me = obs["seat"]
        return list(next(z["cards"] for z in obs["zones"] if z["id"] == f"hand:{me}"))

    def _play(self, obs: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = obs["seat"]
        trick = next(z["cards"] for z in obs["zones"] if z["id"] == "trick")
        hand = self._hand(obs)
        played = {c for _, cards in obs["history"] for c in cards} | set(trick)
        out = [c for c in PACK if c not in played and c not in hand]
        cards = [a.arg for a in legal]
        late = len(obs["history"]) >= 7

        def boss(card: str) -> bool:
            s = suit_of(card)
            return all(POWER[o] < POWER[card] for o in out if suit_of(o) == s)

        if not trick:
            if late and "XB" in cards:
                return self._act(legal, "XB")
            plain_boss = [c for c in cards if not _trump(c) and boss(c)]
            if plain_boss:
                return self._act(legal, max(plain_boss, key=lambda c: POWER[c]))
            trump_boss = [c for c in cards if _trump(c) and boss(c) and c[0] != "X"]
            if trump_boss and any(_trump(o) for o in out):
                return self._act(legal, max(trump_boss, key=lambda c: POWER[c]))
            plain = [c for c in cards if not _trump(c)] or [c for c in cards if c[0] != "X"]
            plain = plain or cards
            length = {s: sum(1 for c in hand if suit_of(c) == s) for s in "SHDC"}
            return self._act(legal, min(plain, key=lambda c: (-length[suit_of(c)], POWER[c])))

        leader = obs["leader"]
        winning = trick_winner(trick, leader)
        if winning == (me + 2) % 4:
            top = trick[(winning - leader) % 4]
            if len(trick) == 3 or boss(top) and (_trump(top) or not any(
                    _trump(o) for o in out) or len(trick) == 2):
                return self._act(legal, min(cards, key=_cheap))
        if late and "XB" in cards:
            return self._act(legal, "XB")
        winners = [c for c in cards if trick_winner([*trick, c], leader) == me]
        if winners:
            return self._act(legal, min(winners, key=_cheap))
        return self._act(legal, min(cards, key=_cheap))

    @staticmethod
    def _act(legal: Sequence[Action], card: str) -> Action:
        return next(a for a in legal if a.arg == card)
