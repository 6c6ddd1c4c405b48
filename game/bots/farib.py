"""A Farib bot that plays as a decent Euchre player would, from its own observation only.

Bidding: a suit's strength counts the bowers (3 and 2.5), the trump ace (2), other trumps
(1.5 for the king, 1 for the rest) and the aces of other suits (1); the dealer counts the turned
card he would take. It orders up or names a suit at 7, the stuck dealer names his best suit.
It goes alone when it counts five sure tricks (both bowers and the trump ace, five trumps or
four and an outside ace). The dealer lays away his weakest plain card, voiding a suit if he can.
Five seats: it calls the highest trump it lacks (right bower, left bower, ace...), then an
outside ace. Play: with a partner's card winning it throws its cheapest card; otherwise it wins
as cheaply as it can, else throws its cheapest card. The secret partner knows the maker is his
partner and plays for him; the maker treats a seat as partner only once the called card falls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot
from game.cards.french import SUITS
from game.core import JSON, Action
from game.rules.farib import SAME_COLOUR, power, suit_of


def strength(hand: Sequence[str], trump: str) -> float:
    total = 0.0
    for card in hand:
        if suit_of(card, trump) == trump:
            if card[0] == "J":
                total += 3 if card[1] == trump else 2.5
            else:
                total += {"A": 2, "K": 1.5}.get(card[0], 1)
        elif card[0] == "A":
            total += 1
    return total


def sure_tricks(hand: Sequence[str], trump: str) -> bool:
    trumps = [c for c in hand if suit_of(c, trump) == trump]
    right, left = "J" + trump, "J" + SAME_COLOUR[trump]
    aces = [c for c in hand if c[0] == "A" and c[1] != trump]
    top = right in hand and left in hand and "A" + trump in hand
    return len(trumps) == 5 or (top and len(trumps) >= 4) or (
        top and len(trumps) == 3 and len(aces) == 2)


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        obs = observation
        seat = int(obs["seat"])
        hand = [c for z in obs["zones"] if z["id"] == f"hand:{seat}" for c in z["cards"]]
        verbs = {a.verb for a in legal}
        if "order" in verbs:
            suit = str(obs["up_card"])[1]
            mine = list(hand)
            if seat == obs["dealer"]:
                mine.append(str(obs["up_card"]))
            up_value = strength([str(obs["up_card"])], suit)
            gap = (int(obs["dealer"]) - seat) % int(obs["seats"])
            bonus = 0.0
            if obs["seats"] == 4 and gap == 2:
                bonus = up_value / 2  # my partner takes it
            elif gap != 0:
                bonus = -up_value / 2  # an opponent takes it
            return legal[0] if strength(mine, suit) + bonus >= 6 else \
                next(a for a in legal if a.verb == "pass")
        if "name" in verbs:
            names = [a for a in legal if a.verb == "name"]
            best = max(names, key=lambda a: strength(hand, a.arg))
            if strength(hand, best.arg) >= 6 or "pass" not in verbs:
                return best
            return next(a for a in legal if a.verb == "pass")
        trump = str(obs["trump"])
        if "discard" in verbs:
            return min(legal, key=lambda a: self._keep_value(a.arg, hand, trump))
        if "alone" in verbs:
            if sure_tricks(hand, trump):
                return next(a for a in legal if a.verb == "alone")
            if "partner" in verbs:
                return next(a for a in legal if a.verb == "partner")
            return self._call(legal, trump)
        return self._play(obs, legal, hand, trump, seat)

    @staticmethod
    def _keep_value(card: str, hand: Sequence[str], trump: str) -> float:
        s = suit_of(card, trump)
        if s == trump:
            return 100 + power(card, trump, trump)
        if card[0] == "A":
            return 50
        count = sum(1 for c in hand if suit_of(c, trump) == s)
        return power(card, trump, s) + 5 * count

    @staticmethod
    def _call(legal: Sequence[Action], trump: str) -> Action:
        calls = {a.arg: a for a in legal if a.verb == "call"}
        wanted = ["J" + trump, "J" + SAME_COLOUR[trump], "A" + trump, "K" + trump,
                  *("A" + s for s in SUITS if s != trump), "Q" + trump]
        for card in wanted:
            if card in calls:
                return calls[card]
        return next(iter(calls.values()))

    def _play(self, obs: Mapping[str, JSON], legal: Sequence[Action], hand: list[str],
              trump: str, seat: int) -> Action:
        friends = self._friends(obs, seat)
        trick = [c for z in obs["zones"] if z["id"] == "trick" for c in z["cards"]]
        seats = list(obs["trick_seats"])
        cards = [a.arg for a in legal]

        def cheap(card: str) -> float:
            s = suit_of(card, trump)
            return power(card, trump, s) + (100 if s == trump else 0)

        if not trick:
            on_makers = obs["maker"] is not None and (obs["maker"] == seat or obs["maker"]
                                                      in friends)
            right = "J" + trump
            trumps = [c for c in cards if suit_of(c, trump) == trump]
            if on_makers and right in cards:
                return Action("play", right)
            if obs["maker"] == seat and len(trumps) >= 3:
                return Action("play", max(trumps, key=lambda c: power(c, trump, trump)))
            aces = [c for c in cards if c[0] == "A" and suit_of(c, trump) != trump]
            if aces:
                return Action("play", aces[0])
            plain = [c for c in cards if suit_of(c, trump) != trump]
            if on_makers and not plain:
                return Action("play", max(cards, key=cheap))
            return Action("play", min(plain or cards, key=cheap))
        led = suit_of(trick[0], trump)
        best = max(range(len(trick)), key=lambda i: power(trick[i], trump, led))
        top = power(trick[best], trump, led)
        if seats[best] in friends and (top >= 100 or trick[best][0] == "A"):
            return Action("play", min(cards, key=cheap))
        winning = [c for c in cards if power(c, trump, led) > top]
        if winning:
            active = int(obs["seats"]) - (0 if obs["sitting_out"] is None else 1)
            last = len(trick) == active - 1
            plain = [c for c in winning if suit_of(c, trump) != trump]
            if plain and not last:  # opponents still to play: play high, not just enough
                return Action("play", max(plain, key=lambda c: power(c, trump, led)))
            return Action("play", min(winning, key=lambda c: power(c, trump, led)))
        return Action("play", min(cards, key=cheap))

    @staticmethod
    def _friends(obs: Mapping[str, JSON], seat: int) -> set[int]:
        teams = obs.get("teams")
        if teams:
            for team in teams:
                if seat in team:
                    return {s for s in team if s != seat}
        if obs.get("i_am_partner") and obs.get("maker") is not None:
            return {int(obs["maker"])}
        return set()
