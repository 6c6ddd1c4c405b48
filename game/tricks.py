"""The trick, as Hokm, Shelem, Bi-Del, Ghahve and Farib play it: one place for what they share.

Rules implemented
-----------------
- Follow suit: a seat holding a card of the suit led must play one; a seat holding none plays
  any card. A game may name *wild* cards (Ghahve's jokers, by their rank letter ``X``): they may
  be played at any time, and holding one does not by itself oblige a seat to follow.
- The trick's winner: the highest trump when a trump was played, else the highest card of the
  suit led; a card of another suit never wins. The suit led is that of the first card.
- A card's suit and rank are the game's: plain by default (``card[1]``, and the rank's value in
  `game.cards.french.RANK_VALUE`); a game passes its own functions of the card and the trump
  where cards change suit or rank (Ghahve's jokers count as the highest spades, Farib's left
  bower belongs to trump, ranking under the right bower). No trump (``None``): the led suit wins.
- Voids: a seat that did not follow the suit led (a wild card excepted) has shown it holds none
  of that suit for the rest of the hand.
- The determinized redeal (for `Rules.sample_state`): the cards a seat cannot see are dealt to
  the hidden places by `hidden_deals` (`game.deal.Deals`), a hand never given a card of a suit
  its seat has shown void in: at random from ``random.Random(seed)``, so one seed gives one
  world, or every deal that fits, one after another (a claim is checked in all of them).

Pure functions, no state: the games call them from their own methods. What decides a trick is
read from tables (`power_tables`), made once per game, so the hot path is a lookup per card.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from operator import itemgetter

from game.cards.french import RANK_VALUE
from game.core import Action, Reason, seat_of
from game.deal import Deals
from game.shapes import Observation, Trick, ZoneView

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""The suits' names, for the refusals that say which suit must be followed."""

SuitOf = Callable[[str, "str | None"], str]
"""A game's suit of a card under a trump (``None``: no trump named)."""
RankOf = Callable[[str, "str | None"], int]
"""A game's rank of a card under a trump, within its suit: from 0, below `LED`."""

LED = 100
"""What a card of the led suit adds to its rank in a power table."""
TRUMPED = 200
"""What a trump adds to its rank in a power table (more than any led card can reach)."""


def plain_suit(card: str, trump: str | None = None) -> str:
    """The suit letter of ``card`` (``AS`` -> ``S``), trump or not."""
    return card[1]


def plain_rank(card: str, trump: str | None = None) -> int:
    """The rank of ``card`` as `RANK_VALUE` gives it (2 low, ace high), trump or not."""
    return RANK_VALUE[card[0]]


def power_table(cards: Iterable[str], trump: str | None, led: str, suit: SuitOf = plain_suit,
                rank: RankOf = plain_rank) -> dict[str, int]:
    """Each card's strength in a trick led in ``led`` with ``trump`` as trump: a trump above
    every card of the led suit, those above the rest, which count 0 (they never win); within a
    suit the rank."""
    table: dict[str, int] = {}
    for card in cards:
        s = suit(card, trump)
        table[card] = rank(card, trump) + TRUMPED if s == trump else \
            rank(card, trump) + LED if s == led else 0
    return table


def power_tables(cards: Sequence[str], trumps: Iterable[str | None], leds: Iterable[str],
                 suit: SuitOf = plain_suit, rank: RankOf = plain_rank
                 ) -> dict[tuple[str | None, str], dict[str, int]]:
    """``power_table`` for every pair of a trump in ``trumps`` and a suit led in ``leds``,
    keyed ``(trump, led)``: made once, then a trick's winner is a lookup per card."""
    leds = list(leds)
    return {(trump, led): power_table(cards, trump, led, suit, rank)
            for trump in trumps for led in leds}


def best_card(cards: Sequence[str], power: Mapping[str, int]) -> int:
    """The position in ``cards`` (in play order) of the card that wins them, by ``power`` (the
    table of the trick's trump and suit led)."""
    return cards.index(max(cards, key=power.__getitem__))


def trick_winner(cards: Sequence[str], leader: int, seats: int, power: Mapping[str, int]) -> int:
    """The seat that wins ``cards``, played round the table from ``leader`` (seat ``s`` followed
    by ``(s + 1) % seats``), by ``power``."""
    return (leader + cards.index(max(cards, key=power.__getitem__))) % seats


def follow_suit(hand: Sequence[str], led: str, suit: SuitOf = plain_suit,
                trump: str | None = None, wild: str = "") -> list[str]:
    """The cards of ``hand`` a seat may play to a trick led in ``led`` (a new list, in the
    hand's order): those of the led suit and any wild cards, if it holds a card of the led suit
    that is not wild; else the whole hand. (The plain suit is read inline: a call per card
    would cost the legal lists of every playout.)"""
    if wild:
        if suit is plain_suit:
            follow = [c for c in hand if c[0] in wild or c[1] == led]
        else:
            follow = [c for c in hand if c[0] in wild or suit(c, trump) == led]
        if any(c[0] not in wild for c in follow):
            return follow
        return list(hand)
    if suit is plain_suit:
        follow = [c for c in hand if c[1] == led]
    else:
        follow = [c for c in hand if suit(c, trump) == led]
    return follow if follow else list(hand)


def refuse_play(action: Action, hand: Sequence[str]) -> Reason | None:
    """Why ``action`` is not a card played from ``hand``, or None: the refusals every trick
    game gives first in play (``play_card``, ``not_held``)."""
    if action.verb != "play":
        return Reason("play_card", "play a card")
    if action.arg not in hand:
        return Reason("not_held", "you do not hold {card}", card=action.arg)
    return None


def fails_to_follow(card: str, hand: Iterable[str], led: str, suit: SuitOf = plain_suit,
                    trump: str | None = None, wild: str = "") -> bool:
    """Whether playing ``card`` from ``hand`` breaks the rule of following ``led``: it is not
    wild, not of the led suit, and the hand holds a card of the led suit that is not wild."""
    if card[0] in wild or suit(card, trump) == led:
        return False
    return any(c[0] not in wild and suit(c, trump) == led for c in hand)


def played(saved: Iterable[Trick]) -> list[tuple[int, list[str]]]:
    """Tricks as a save or an observation writes them (``[leader, cards]``), as states keep
    them: ``(leader, cards)``, in new lists. `ValueError` for a trick of another shape."""
    out: list[tuple[int, list[str]]] = []
    for trick in saved:
        if isinstance(trick, list) and len(trick) == 2:
            leader, cards = trick
            if type(leader) is int and isinstance(cards, list):
                out.append((leader, cards[:]))
                continue
        raise ValueError(f"a trick is [leader, cards], not {trick!r}")
    return out


def faces(zone: ZoneView) -> list[str]:
    """The cards of ``zone`` its observer sees, in order (a face-down card left out)."""
    return [c for c in zone["cards"] if c is not None]


def seat_zones(observation: Observation) -> tuple[int, int, dict[str, ZoneView]]:
    """What a redeal reads first of a seat's observation: the seat (`seat_of`), the number of
    seats and the zones by id."""
    return seat_of(observation), observation["seats"], {z["id"]: z for z in observation["zones"]}


def trick_leader(observation: Observation) -> int:
    """The seat that led the trick in play, as a trick game's observation names it (`ValueError`
    where it names none)."""
    leader = observation.get("leader")
    if leader is None:
        raise ValueError("a trick game's observation names the trick's leader")
    return leader


_ROUNDS: dict[int, list[list[int]]] = {}
"""``_ROUNDS[seats][leader]``: every seat in play order from ``leader`` (made once a count)."""


def round_the_table(tricks: Iterable[tuple[int, Sequence[str]]], seats: int
                    ) -> Iterable[tuple[Sequence[int], Sequence[str]]]:
    """Tricks given by leader and cards, as the seats that played each card and the cards:
    round the table from the leader (the seats of a whole round: a trick in play has fewer
    cards, and `shown_voids` reads as many seats as cards)."""
    rounds = _ROUNDS.get(seats)
    if rounds is None:
        rounds = _ROUNDS[seats] = [[(first + i) % seats for i in range(seats)]
                                   for first in range(seats)]
    for leader, cards in tricks:
        yield rounds[leader], cards


def shown_voids(tricks: Iterable[tuple[Sequence[int], Sequence[str]]], seats: int,
                suit: SuitOf = plain_suit, trump: str | None = None,
                wild: str = "") -> list[set[str]]:
    """The suits each of ``seats`` seats has shown it lacks in ``tricks`` (each the seats that
    played, in order, and their cards; the trick in play too; a card with no seat beside it is
    not read): a seat that did not follow the suit led, with a card that is not wild, holds
    none of it."""
    voids: list[set[str]] = [set() for _ in range(seats)]
    plain = suit is plain_suit  # read inline: no call per card
    for order, cards in tricks:
        if cards:
            led = suit(cards[0], trump)
            for seat, card in zip(order, cards):
                if card[0] not in wild and (card[1] if plain else suit(card, trump)) != led:
                    voids[seat].add(led)
    return voids


def unseen_cards(cards: Iterable[str], zones: Iterable[ZoneView],
                 taken: Iterable[Iterable[str]] = ()) -> set[str]:
    """The cards of the game that neither a zone of an observation shows nor ``taken`` (the
    won piles rebuilt from the tricks, cards seen and thrown) holds."""
    unseen = set(cards)
    for z in zones:
        unseen.difference_update(c for c in z["cards"] if c is not None)
    for pile in taken:
        unseen.difference_update(pile)
    return unseen


def hidden_hands(zones: Mapping[str, ZoneView], me: int, seats: int) -> dict[str, int]:
    """The hands ``me`` cannot see, ``hand:<s>``, with how many cards each holds, in seat
    order: capacities for `deal_constrained`."""
    return {f"hand:{s}": len(zones[f"hand:{s}"]["cards"]) for s in range(seats) if s != me}


def honour_voids(voids: Sequence[set[str]], suit: SuitOf = plain_suit, trump: str | None = None,
                 wild: str = "") -> Callable[[str, str], bool]:
    """Whether a holder may be dealt a card: a hand (``hand:<s>``) no card of a suit its seat
    showed void in (wild cards excepted); any other holder (the stock, a widow) any card."""
    lacks = {f"hand:{s}": v for s, v in enumerate(voids)}  # asked once a card and holder
    if suit is plain_suit:
        def plain(holder: str, card: str) -> bool:
            return holder not in lacks or card[0] in wild or card[1] not in lacks[holder]
        return plain

    def allowed(holder: str, card: str) -> bool:
        return holder not in lacks or card[0] in wild or suit(card, trump) not in lacks[holder]
    return allowed


SUIT: Callable[[str], str] = itemgetter(1)
"""A card's plain suit, read without a call of Python's: the `hidden_deals` kind of a card for
`honour_voids` with no wild card (it reads nothing else of a card)."""


def hidden_deals(unseen: Iterable[str], capacity: dict[str, int],
                 allowed: Callable[[str, str], bool],
                 kind: Callable[[str], Hashable] | None = None) -> Deals[str]:
    """The deals of the unseen cards to the hidden places (``capacity``: each place and its
    number of cards, the order of the draws) that ``allowed`` lets them hold: what a game's
    `game.deal.Hidden` deals from. ``kind``: what ``allowed`` reads of a card (`Deals`)."""
    return Deals(sorted(unseen), capacity, allowed, kind)


def seat_hands(dealt: Mapping[str, list[str]], zones: Mapping[str, ZoneView], me: int,
               seats: int) -> list[list[str]]:
    """Every seat's hand: ``me``'s as its zone shows it (it sees all its cards), the others' as
    ``dealt``."""
    return [faces(zones[f"hand:{me}"]) if s == me else dealt[f"hand:{s}"] for s in range(seats)]
