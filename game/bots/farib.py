"""A Farib bot that plays as a decent Euchre player would, from its own observation only.

Bidding: a suit's strength counts the bowers (3 and 2.5), the trump ace (2), other trumps
(1.5 for the king, 1 for the rest) and the aces of other suits (1); the dealer counts the turned
card he would take; half of it is taken off when an opponent takes it, and nothing is added
when its partner does: it orders him up on its own strength, a partner being no sure help. It
orders up or names a suit at 6 with four seats, 4.5 with five (`HeuristicBot.BID`);
the stuck dealer names his best suit. It goes alone when it counts five sure tricks (both
bowers and the trump ace, five trumps or four and an outside ace), and from a strength of 6.5
with four seats, 7.5 with five (`HeuristicBot.ALONE`).

The dealer lays away his weakest plain card, voiding a suit if he can. Five seats: it calls the
highest trump it lacks (right bower, left bower, ace...), then an outside ace. The secret partner
knows the maker is his partner and plays for him; the maker treats a seat as partner only once
the called card falls.

For the hard level's search (`HeuristicBot.misfits`) the hand is replayed from its deal in a
sampled world, and each opponent's pass, order, suit named, going alone, call and card is set
against what this bot would have done there.

Play (`View`): it counts the cards still out (not in its hand, not played, not laid away by
itself, not the turned-down card) and the voids each seat has shown. A card is "sure" when no
card out that beats it can be held by an opponent still to play.
- Following: when its partner's card is sure, or is a trump or an ace, it throws its cheapest
  card (no bower wasted on a partner's trick); else it takes the trick with its cheapest sure
  winner; else, with opponents still to play, its highest winner of the suit led or its lowest
  winning trump, but for the makers' second hand on a defender's low plain lead (a ten or lower):
  it does not trump into a possible overtrump and throws its cheapest card, its partner playing
  last to take the trick with a high card of the suit or a trump (a defender leads low for his
  partner to trump; the makers keep their trumps to draw); when it cannot win it throws its
  cheapest card (not a trump, not a boss, a low card of a short suit).
- Leading: the makers draw trumps with the best trump while an opponent may hold one (the
  maker also with three trumps or more); the maker's partner leads trump back to a maker who
  led trump (its best if that is the boss, else its lowest); then it cashes a plain boss no
  opponent can trump (an opponent shown void in that suit who may hold trumps); then it leads
  low a suit its partner has shown void in while he may still trump and no opponent after him
  has shown he can overtrump; a defender then leads its boss trump; else a low plain card.

What each rule brought, measured, and what was tried and left out: docs/bot-notes/farib.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.bots.base import Bot, none_between, own_hand, replayed_misfits
from game.cards.french import SUITS
from game.core import Action, State, seat_of
from game.rules.farib import (SAME_COLOUR, FaribObservation, FaribState, deck_for, power, suit_of,
                              trick_of)
from game.tricks import faces

ORDER = {card: i for i, card in enumerate(deck_for(5))}
"""Where each card lies in the pack: the cards it may play are looked at in this order, so that
a tie between two cards goes the same way whatever order the hand was dealt in (and a hand
replayed from its deal, `HeuristicBot.misfits`, sees what each seat chose)."""
DECKS = {n: deck_for(n) for n in (4, 5)}
LOW = "89T"
"""The ranks of a low lead, which the makers' second hand leaves to its partner (`View.follow`)."""
SUIT_UNDER = {trump: {card: suit_of(card, trump) for card in ORDER} for trump in SUITS}
"""``SUIT_UNDER[trump][card]``: `suit_of`, looked up (the play asks it of every card out)."""


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


class HeuristicBot(Bot[FaribObservation]):
    BID: ClassVar[dict[int, float]] = {4: 6.0, 5: 4.5}
    """The strength (`strength`) at which the bot orders up or names a suit, by seats. Five
    seats bid lower: the maker calls the best card it lacks, so one more strong hand plays
    with it (see the module's docstring for the measures)."""
    ALONE: ClassVar[dict[int, float]] = {4: 6.5, 5: 7.5}
    """The strength at which the maker plays alone beyond `sure_tricks`, by seats: a march alone
    scores 4, and at five 3-4 tricks score 1 without a point for a partner who is a rival for
    the match."""

    def choose(self, observation: FaribObservation, legal: Sequence[Action]) -> Action:
        obs = observation
        return self._decide(legal, Table(seat_of(obs), obs["seats"], obs["dealer"],
                                         obs["up_card"], obs["trump"], own_hand(obs)),
                            lambda: View.of(obs))

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """Every move, read as `choose` reads the observation (`View.in_state` in play)."""
        if not isinstance(state, FaribState):
            return None
        return self._decide(legal, Table(seat, state.seats, state.dealer, state.up_card,
                                         state.trump, state.hands[seat]),
                            lambda: View.in_state(state, seat))

    def misfits(self, world: State, seat: int, limit: int) -> int:
        """The opponents' decisions this hand that this bot, holding what ``world`` deals
        them, would not have made (a card alike its own choice counts as its choice), counted
        up to ``limit``: each pass, order and suit named, the maker's going alone and the card
        he called, each card played where there was a choice. The hand is replayed from its deal
        (`FaribState.as_dealt`), each seat deciding on what its own observation would show
        then. The dealer's discard is not read: no other seat sees it, and the world deals it
        at random, so that it would misfit nearly every world alike.

        The decisions of the seats known to play with ``seat`` (its partner at four seats, the
        maker for his secret partner, the other defenders once the sides are known at five) are
        not read, as in Hokm: at the table the partner is a person or a searching bot as often
        as this heuristic, and read as this bot's play its moves mislead. Reading the
        partner's moves too came out the same: 34 of the 36 positions of
        `tests.partner_positions` (hard, 3 seeds) against 33 without (their moves are written
        by hand: the true worlds misfit 0 to 5 of them), and 62.5 % of 200 duplicate deals
        against normal either way."""
        assert isinstance(world, FaribState)
        mine = {seat} | friends_of(seat, world.public_teams(), world.is_secret_partner(seat),
                                   world.maker)
        return replayed_misfits(self, world.as_dealt(), world.hand_actions(), seat, limit,
                                lambda player, action: player not in mine
                                and action.verb != "discard")

    def _decide(self, legal: Sequence[Action], table: Table, view: Callable[[], View]) -> Action:
        """The move for ``table``'s seat; ``view`` makes what it knows in play."""
        seat, hand = table.seat, table.hand
        verbs = {a.verb for a in legal}
        bid = self.BID[table.seats]
        if "order" in verbs:
            suit = table.up_card[1]
            mine = list(hand)
            if seat == table.dealer:
                mine.append(table.up_card)
            partner_deals = table.seats == 4 and (table.dealer - seat) % 4 == 2
            opponent_deals = seat != table.dealer and not partner_deals
            # the card an opponent takes counts half against; my partner's counts for nothing:
            # I order him up on my own strength
            loss = strength([table.up_card], suit) / 2 if opponent_deals else 0.0
            return legal[0] if strength(mine, suit) - loss >= bid else \
                next(a for a in legal if a.verb == "pass")
        if "name" in verbs:
            names = [a for a in legal if a.verb == "name"]
            best = max(names, key=lambda a: strength(hand, a.arg))
            if strength(hand, best.arg) >= bid or "pass" not in verbs:
                return best
            return next(a for a in legal if a.verb == "pass")
        trump = str(table.trump)
        if "discard" in verbs:
            return min(legal, key=lambda a: self._keep_value(a.arg, hand, trump))
        if "alone" in verbs:
            if sure_tricks(hand, trump) or \
                    strength(hand, trump) >= self.ALONE.get(table.seats, math.inf):
                return next(a for a in legal if a.verb == "alone")
            if "partner" in verbs:
                return next(a for a in legal if a.verb == "partner")
            return self._call(legal, trump)
        v = view()
        cards = sorted((a.arg for a in legal), key=ORDER.__getitem__)
        return Action("play", v.lead(cards) if not v.trick else v.follow(cards))

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

    def alike(self, observation: FaribObservation, a: Action, b: Action) -> bool:
        """Two plays of cards the view calls alike (`View.alike`)."""
        if a.verb != "play" or b.verb != "play":
            return False
        return View.of(observation).alike(a.arg, b.arg)


@dataclass(frozen=True)
class Table:
    """What the bot reads before play: its seat of ``seats``, the dealer, the turned card, the
    trump (None while bidding), its hand."""

    seat: int
    seats: int
    dealer: int
    up_card: str
    trump: str | None
    hand: list[str]


def friends_of(seat: int, teams: list[list[int]] | None, secret_partner: bool,
               maker: int | None) -> set[int]:
    """Who plays for ``seat``: its team where the teams are public; the maker for his secret
    partner (who alone knows it); else nobody."""
    if teams:
        for team in teams:
            if seat in team:
                return {s for s in team if s != seat}
    if secret_partner and maker is not None:
        return {maker}
    return set()


class View:
    """What the seat knows in play: the cards still out (not in its hand, not played, not laid
    away by itself, not the turned-down card), each seat's voids, who plays for whom. Made from
    the observation (`of`) or read from the state as the observation shows it (`in_state`)."""

    def __init__(self, seat: int, n: int, trump: str, hand: list[str], trick: list[str],
                 trick_seats: list[int], history: Sequence[tuple[int, list[int], list[str]]],
                 laid: list[str], up_card: str, turned_down: bool, maker: int | None,
                 sitting_out: int | None, called: str | None, friends: set[int]) -> None:
        self.trump, self.seat, self.friends, self.hand = trump, seat, friends, hand
        self.suit: Callable[[str], str] = SUIT_UNDER[trump].__getitem__
        """The suit of a card in play (the left bower's is trump)."""
        self.maker = maker
        self.called = called
        self.active = [s for s in range(n) if s != sitting_out]
        self.trick = trick
        self.trick_seats = trick_seats
        played = [c for _, _, cards in history for c in cards] + trick
        seen = set(hand) | set(played) | set(laid)
        if turned_down:
            seen.add(up_card)
        self.out = [c for c in DECKS[n] if c not in seen]
        self.trumps_out = sum(1 for c in self.out if self.suit(c) == trump)
        self.trump_leaders = {leader for leader, _, cards in history
                              if self.suit(cards[0]) == trump}
        self.voids: dict[int, set[str]] = {s: set() for s in range(n)}
        for seats, cards in [*((s, c) for _, s, c in history), (trick_seats, trick)]:
            if cards:
                led = self.suit(cards[0])
                for s, c in zip(seats, cards):
                    if self.suit(c) != led:
                        self.voids[s].add(led)
        self.on_makers = self.maker is not None and (self.maker == seat or self.maker in friends)
        self.opponents = [s for s in self.active if s != seat and s not in friends]

    @classmethod
    def of(cls, obs: FaribObservation) -> View:
        seat = seat_of(obs)
        zones = {z["id"]: faces(z) for z in obs["zones"] if z["id"] in ("trick", "laid")}
        return cls(seat, obs["seats"], str(obs["trump"]), own_hand(obs), zones["trick"],
                   obs["trick_seats"], [trick_of(h) for h in obs["history"]], zones["laid"],
                   obs["up_card"], obs["turned_down"], obs["maker"], obs["sitting_out"],
                   obs["called"], friends_of(seat, obs["teams"], obs["i_am_partner"],
                                             obs["maker"]))

    @classmethod
    def in_state(cls, state: FaribState, seat: int) -> View:
        """The view `of` makes of ``seat``'s observation, read from the state."""
        return cls(seat, state.seats, str(state.trump), state.hands[seat], state.trick,
                   state.trick_seats, state.history,
                   state.laid if seat == state.dealer else [], state.up_card,
                   state.turned_down, state.maker, state.sitting_out, state.called,
                   friends_of(seat, state.public_teams(), state.is_secret_partner(seat),
                              state.maker))

    def alike(self, a: str, b: str) -> bool:
        """Two cards of a suit (the left bower counted in trump) with no card between them that
        is out or in the trick take the same tricks; not the called card, whose play names the
        maker's partner."""
        if self.called in (a, b):
            return False
        suit = self.suit(a)
        if self.suit(b) != suit:
            return False
        return none_between(a, b, [*self.out, *self.trick],
                            lambda card: power(card, self.trump, suit), self.suit)

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
        if self.on_makers and led != trump and trick[0][0] in LOW and \
                any(s in self.friends for s in self.to_come()):
            return min(cards, key=self.cheap)  # second hand low: the partner covers it
        return min(winners, key=lambda c: power(c, trump, led))

    def lead(self, cards: list[str]) -> str:
        trump = self.trump
        trumps = sorted((c for c in cards if self.suit(c) == trump),
                        key=lambda c: -power(c, trump, trump))
        plain = [c for c in cards if self.suit(c) != trump]
        opp_trumps = self.trumps_out > 0 and any(trump not in self.voids[s]
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
        ruffs = [c for c in plain if self.trumps_out and any(
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
