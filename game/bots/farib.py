"""A Farib bot that plays as a decent Euchre player would, from its own observation only.

Bidding: a suit's strength counts the bowers (3 and 2.5), the trump ace (2), other trumps
(1.5 for the king, 1 for the rest) and the aces of other suits (1); the dealer counts the turned
card he would take (half of it is added when his partner takes it, taken off when an opponent
does). It orders up or names a suit at 6 with four seats, 4.5 with five (`HeuristicBot.BID`);
the stuck dealer names his best suit. It goes alone when it counts five sure tricks (both
bowers and the trump ace, five trumps or four and an outside ace), and from a strength of 6.5
with four seats, 7.5 with five (`HeuristicBot.ALONE`).

Measured against random bots, whole matches, on duplicate deals (`benchmarks/bots.py --game
farib --option length=match --pairs normal-random --games 3000 --seed 1`, ``--seats 5`` or
``--one-seat``): at five seats, bidding at 6 and never alone but on sure tricks, the bot made
trump in 1.2 % of the hands and made every one of them; at 4.5 and alone at 7.5, in
4.9 %, 94 % of them made, and its share of the matches rose from 46.7 % to 47.9 % (ties
split; the random bots bid first in most hands: a random seat orders up half the time it is
asked). With four seats, one bot and a random partner (``--one-seat``), bidding at 5, 6 or 7
came out level (86.5-87.1 % of 2000 matches); going alone from 6.5 took 87.5 % to 88.4 % (seed
1; 85.4 % to 86.0 % with seed 5001), and a team of two such bots against two easy ones from
83.3 % to 85.6 % of 2000 matches (58.5 % to 59.5 % of 4000 hands): the march alone's 4 points
are worth the partner's tricks. The random partner's bids (it orders up half the time it is
asked) and the card play decide more than these. Leading trump back to a maker partner and
leading the partner's void suit (below) left the figures where they were: 88.6 % of 2000
matches one-seat with seed 1 (85.9 % with 5001), 47.6 % of 3000 at five seats, and a team of
two such bots won 100.0 % [99.8, 100.0] of 2000 matches against two random bots. At five
seats bidding from 3.5 (47.7 %) or going alone from 5.5 (45.6 %) did no better.

The dealer lays away his weakest plain card, voiding a suit if he can. Five seats: it calls the
highest trump it lacks (right bower, left bower, ace...), then an outside ace. The secret partner
knows the maker is his partner and plays for him; the maker treats a seat as partner only once
the called card falls.

Play (`View`): it counts the cards still out (not in its hand, not played, not laid away by
itself, not the turned-down card) and the voids each seat has shown. A card is "sure" when no
card out that beats it can be held by an opponent still to play.
- Following: when its partner's card is sure, or is a trump or an ace, it throws its cheapest
  card (no bower wasted on a partner's trick); else it takes the trick with its cheapest sure
  winner; else, with opponents still to play, its highest winner of the suit led or its lowest
  winning trump; when it cannot win it throws its cheapest card (not a trump, not a boss, a low
  card of a short suit).
- Leading: the makers draw trumps with the best trump while an opponent may hold one (the
  maker also with three trumps or more); the maker's partner leads trump back to a maker who
  led trump (its best if that is the boss, else its lowest); then it cashes a plain boss no
  opponent can trump (an opponent shown void in that suit who may hold trumps); then it leads
  low a suit its partner has shown void in while he may still trump and no opponent after him
  has shown he can overtrump; a defender then leads its boss trump; else a low plain card.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import ClassVar

from game.bots.base import Bot, none_between
from game.cards.french import SUITS
from game.core import JSON, Action
from game.rules.farib import SAME_COLOUR, deck_for, power, suit_of


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
    BID: ClassVar[dict[int, float]] = {4: 6.0, 5: 4.5}
    """The strength (`strength`) at which the bot orders up or names a suit, by seats. Five
    seats bid lower: the maker calls the best card it lacks, so one more strong hand plays
    with it (see the module's docstring for the measures)."""
    ALONE: ClassVar[dict[int, float]] = {4: 6.5, 5: 7.5}
    """The strength at which the maker plays alone beyond `sure_tricks`, by seats: a march alone
    scores 4, and at five 3-4 tricks score 1 without a point for a partner who is a rival for
    the match."""

    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        obs = observation
        seat = int(obs["seat"])
        hand = [c for z in obs["zones"] if z["id"] == f"hand:{seat}" for c in z["cards"]]
        verbs = {a.verb for a in legal}
        bid = self.BID[int(obs["seats"])]
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
            return legal[0] if strength(mine, suit) + bonus >= bid else \
                next(a for a in legal if a.verb == "pass")
        if "name" in verbs:
            names = [a for a in legal if a.verb == "name"]
            best = max(names, key=lambda a: strength(hand, a.arg))
            if strength(hand, best.arg) >= bid or "pass" not in verbs:
                return best
            return next(a for a in legal if a.verb == "pass")
        trump = str(obs["trump"])
        if "discard" in verbs:
            return min(legal, key=lambda a: self._keep_value(a.arg, hand, trump))
        if "alone" in verbs:
            if sure_tricks(hand, trump) or \
                    strength(hand, trump) >= self.ALONE.get(int(obs["seats"]), math.inf):
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
        view = View(obs, hand, trump, seat, self._friends(obs, seat))
        cards = [a.arg for a in legal]
        card = view.lead(cards) if not view.trick else view.follow(cards)
        return Action("play", card)

    def alike(self, observation: Mapping[str, JSON], a: Action, b: Action) -> bool:
        """Two cards of a suit (the left bower counted in trump) with no card between them that
        is out or in the trick take the same tricks; not the called card, whose play names the
        maker's partner."""
        if a.verb != "play" or b.verb != "play" or observation["called"] in (a.arg, b.arg):
            return False
        trump = str(observation["trump"])
        suit = suit_of(a.arg, trump)
        if suit_of(b.arg, trump) != suit:
            return False
        seat = int(observation["seat"])
        hand = [c for z in observation["zones"] if z["id"] == f"hand:{seat}" for c in z["cards"]]
        view = View(observation, hand, trump, seat, self._friends(observation, seat))
        return none_between(a.arg, b.arg, [*view.out, *view.trick],
                            lambda card: power(card, trump, suit), view.suit)

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


class View:
    """What the seat knows in play: the cards still out (not in its hand, not played, not laid
    away by itself, not the turned-down card), each seat's voids, who plays for whom."""

    def __init__(self, obs: Mapping[str, JSON], hand: list[str], trump: str, seat: int,
                 friends: set[int]) -> None:
        self.trump, self.seat, self.friends, self.hand = trump, seat, friends, hand
        n = int(obs["seats"])
        self.maker = None if obs["maker"] is None else int(obs["maker"])
        sitting = obs["sitting_out"]
        self.active = [s for s in range(n) if s != sitting]
        self.trick = [c for z in obs["zones"] if z["id"] == "trick" for c in z["cards"]]
        self.trick_seats = [int(s) for s in obs["trick_seats"]]
        played = [c for h in obs["history"] for c in h[2]] + self.trick
        seen = set(hand) | set(played)
        seen |= {c for z in obs["zones"] if z["id"] == "laid" for c in z["cards"] if c}
        if obs["turned_down"]:
            seen.add(str(obs["up_card"]))
        self.out = [c for c in deck_for(n) if c not in seen]
        self.trump_leaders = {int(h[0]) for h in obs["history"] if self.suit(h[2][0]) == trump}
        self.voids: dict[int, set[str]] = {s: set() for s in range(n)}
        for h in [*obs["history"], [None, self.trick_seats, self.trick]]:
            cards, seats = h[2], h[1]
            if cards:
                led = suit_of(cards[0], trump)
                for s, c in zip(seats, cards):
                    if suit_of(c, trump) != led:
                        self.voids[int(s)].add(led)
        self.on_makers = self.maker is not None and (self.maker == seat or self.maker in friends)
        self.opponents = [s for s in self.active if s != seat and s not in friends]

    def suit(self, card: str) -> str:
        return suit_of(card, self.trump)

    def threats(self, card: str, led: str, seats: Sequence[int]) -> bool:
        """Whether a card still out that beats ``card`` may be held by one of ``seats``: a card
        of the suit led by a seat not void in it, a trump by a seat not void in trumps (it may
        be void in the suit led without having shown it)."""
        mine = power(card, self.trump, led)
        return any(power(c, self.trump, led) > mine and
                   any(self.suit(c) not in self.voids[s] for s in seats) for c in self.out)

    def boss(self, card: str) -> bool:
        """No card out, in anyone's hand, beats ``card`` in its own suit."""
        led = self.suit(card)
        return not any(power(c, self.trump, led) > power(card, self.trump, led)
                       for c in self.out if self.suit(c) == led)

    def out_trumps(self) -> int:
        return sum(1 for c in self.out if self.suit(c) == self.trump)

    def cheap(self, card: str) -> float:
        """What a card is worth keeping: trumps most, then bosses, then high cards of long
        suits; low cards of short suits least (throwing them makes a void)."""
        s = self.suit(card)
        if s == self.trump:
            return 1000 + power(card, self.trump, s)
        length = sum(1 for c in self.hand if self.suit(c) == s)
        value = power(card, self.trump, s) + 3 * length
        return value + (100 if self.boss(card) else 0)

    def after(self, seat: int) -> list[int]:
        """The opponents who play after ``seat`` in a trick this seat leads."""
        order = [s for s in self.active if s >= self.seat] + \
            [s for s in self.active if s < self.seat]
        return [s for s in order[order.index(seat) + 1:] if s in self.opponents]

    def to_come(self) -> list[int]:
        done = set(self.trick_seats) | {self.seat}
        return [s for s in self.active if s not in done]

    def follow(self, cards: list[str]) -> str:
        trump, trick = self.trump, self.trick
        led = self.suit(trick[0])
        best = max(range(len(trick)), key=lambda i: power(trick[i], trump, led))
        top = power(trick[best], trump, led)
        after = [s for s in self.to_come() if s not in self.friends]
        if self.trick_seats[best] in self.friends and not self.threats(trick[best], led, after):
            return min(cards, key=self.cheap)  # the partner has it: keep my good cards
        winners = [c for c in cards if power(c, trump, led) > top]
        if not winners:
            return min(cards, key=self.cheap)
        sure = [c for c in winners if not self.threats(c, led, after)]
        if self.trick_seats[best] in self.friends and (top >= 100 or trick[best][0] == "A"):
            return min(cards, key=self.cheap)  # the partner's trump or ace: do not overtake it
        if sure:
            return min(sure, key=lambda c: power(c, trump, led))
        plain = [c for c in winners if self.suit(c) != trump]
        if plain:  # opponents still to play: play high, not just enough
            return max(plain, key=lambda c: power(c, trump, led))
        return min(winners, key=lambda c: power(c, trump, led))

    def lead(self, cards: list[str]) -> str:
        trump = self.trump
        trumps = sorted((c for c in cards if self.suit(c) == trump),
                        key=lambda c: -power(c, trump, trump))
        plain = [c for c in cards if self.suit(c) != trump]
        opp_trumps = self.out_trumps() > 0 and any(trump not in self.voids[s]
                                                    for s in self.opponents)
        # the makers draw trumps with the best one while opponents may hold some
        if self.on_makers and trumps and opp_trumps and self.boss(trumps[0]) and (
                len(trumps) >= 2 or self.maker != self.seat):
            return trumps[0]
        if self.maker == self.seat and len(trumps) >= 3 and opp_trumps:
            return trumps[0]
        # the partner made trump and led it: lead trump back to him
        if trumps and opp_trumps and self.maker in self.friends and \
                self.maker in self.trump_leaders:
            return trumps[0] if self.boss(trumps[0]) else trumps[-1]
        # cash a plain boss no opponent can trump
        safe = [c for c in plain if self.boss(c) and not (opp_trumps and any(
            self.suit(c) in self.voids[s] and trump not in self.voids[s]
            for s in self.opponents))]
        if safe:
            return max(safe, key=lambda c: power(c, trump, self.suit(c)))
        # a suit the partner has shown void in while he may still trump, that no opponent
        # after him can overtrump: lead it low for him to trump
        ruffs = [c for c in plain if self.out_trumps() and any(
            self.suit(c) in self.voids[f] and trump not in self.voids[f] and not any(
                self.suit(c) in self.voids[s] and trump not in self.voids[s]
                for s in self.after(f)) for f in self.friends)]
        if ruffs:
            return min(ruffs, key=lambda c: power(c, trump, self.suit(c)))
        if trumps and self.boss(trumps[0]) and opp_trumps:
            return trumps[0]  # a sure trick that also pulls a trump
        if self.on_makers and not plain:
            return trumps[0]
        return min(plain or cards, key=self.cheap)
