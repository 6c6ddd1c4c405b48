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

In a search's playouts it reads its move from the state (`HeuristicBot.read_state`), as the
observation would show it: a 300 ms decision's median worlds went from 60 to 89 (``python
benchmarks/engine.py --search-worlds 30 --game bluff``), and hard won 63.2 % of 500 games against
three normal bots, [59.5, 66.9] over 125 deals (fair 25 %; ``python benchmarks/bots.py --game
bluff --pairs hard-normal --games 500 --seed 1 --cpu-clock --jobs 2``), 59.4 % [55.4, 63.4]
before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot, own_hand
from game.core import Action, State, fill
from game.rules.bluff import BluffObservation, BluffState

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


class HeuristicBot(Bot[BluffObservation]):
    def choose(self, observation: BluffObservation, legal: Sequence[Action]) -> Action:
        obs = observation
        hand = own_hand(obs)
        if legal[0].verb == "claim":
            return self._claim(hand, obs["decks"], obs["pile"], legal)
        return self._answer(*self._claim_read(obs, hand))

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """Every move, read as `choose` reads the observation: the seat's hand, the cards it
        knows the place of, the claim, the pile's size, the claimer's hand size and record."""
        if not isinstance(state, BluffState):
            return None
        hand = state.hands[seat]
        if legal[0].verb == "claim":
            return self._claim(hand, state.decks, len(state.pile), legal)
        claim = state.claim
        assert claim is not None
        claimer = int(claim[0])
        return self._answer(self._room(claim, hand, state.known[seat], state.decks),
                            len(state.hands[claimer]), state.record[claimer])

    def _claim(self, hand: list[str], decks: int, pile: int, legal: Sequence[Action]) -> Action:
        """The claim laid from ``hand``, ``pile`` cards lying on the pile."""
        groups: dict[str, list[str]] = {}
        for c in hand:
            groups.setdefault(_rank(c), []).append(c)
        top = 4 * decks
        random = self.rng.random  # the largest set, ties broken at random
        rank, cards = max(groups.items(), key=lambda kv: (len(kv[1]), random()))
        cards = cards[:top]
        if len(hand) >= 8 and len(cards) >= 2 and len(cards) < top and pile >= 6:
            singles = [g[0] for g in groups.values() if len(g) == 1]
            if singles and self.rng.random() < 0.5:
                cards = cards + [self.rng.choice(singles)]
        return fill(_pattern(legal, rank), cards)

    def slip(self, observation: BluffObservation, legal: Sequence[Action],
             favourite: Action) -> Action | None:
        obs = observation
        hand = own_hand(obs)
        if favourite.verb == "claim":
            *claimed, rank = favourite.arg.split()
            others = [c for c in hand if _rank(c) != rank and c not in claimed]
            pattern = _pattern(legal, rank)
            try:
                return fill(pattern, [*claimed, self.rng.choice(others)]) if others else None
            except ValueError:  # as many cards as a claim may hold
                return None
        room, claimer_cards, record = self._claim_read(obs, hand)
        if self._sure_call(room, claimer_cards) or \
                abs(self._doubt(record, room) - CALL_AT) > MISJUDGED:
            return None
        return Action("pass" if favourite.verb == "call" else "call")

    @classmethod
    def _claim_read(cls, obs: BluffObservation,
                    hand: list[str]) -> tuple[tuple[int, int, int], int, Sequence[int]]:
        """What an answer reads of the claim in ``obs``: its room (`_room`), the size of the
        claimer's hand and his record."""
        claim = obs["claim"]
        if claim is None:
            raise ValueError("there is no claim to answer")
        room = cls._room(claim, hand, obs["known"], obs["decks"])
        zone = f"hand:{room[0]}"
        claimer_cards = next(len(z["cards"]) for z in obs["zones"] if z["id"] == zone)
        return room, claimer_cards, obs["record"][room[0]]

    @staticmethod
    def _room(claim: Sequence[int | str], hand: Sequence[str], known: Mapping[str, str],
              decks: int) -> tuple[int, int, int]:
        """The claimer, the claim's count, and how many cards of its rank may lie outside those
        this seat knows of (its hand, and the cards it knows the place of, ``known``, but those
        in the claimer's hand)."""
        claimer, count, rank = int(claim[0]), int(claim[1]), str(claim[2])
        # loops reading a card's rank as `_rank` does, not generators: a playout asks this at
        # every answer
        mine = 0
        for c in hand:
            if c[0] == rank:
                mine += 1
        zone = f"hand:{claimer}"
        elsewhere = 0
        for c, z in known.items():
            if c[0] == rank and z != zone:
                elsewhere += 1
        return claimer, count, 4 * decks - mine - elsewhere

    @staticmethod
    def _sure_call(room: tuple[int, int, int], claimer_cards: int) -> bool:
        """Whether the claim cannot be true given the cards the seat knows (``room``, from
        `_room`), or has emptied the claimer's hand (passing would lose the game)."""
        _, count, left = room
        return count > left or not claimer_cards

    @staticmethod
    def _doubt(record: Sequence[int], room: tuple[int, int, int]) -> float:
        """How much the claim smells of a lie: the claimer's caught-lie rate (``record``: his
        [lies caught, truths shown]) times how unlikely a true set of its count is for a random
        hand (``room``, from `_room`); the bot calls above `CALL_AT`."""
        _, count, left = room
        lies, truths = record
        lie_rate = (lies + 1) / (lies + truths + 2)
        return float(lie_rate * (0.5 + count / max(left, 1)))

    def _answer(self, room: tuple[int, int, int], claimer_cards: int,
                record: Sequence[int]) -> Action:
        """Call or pass the claim ``room`` reads (`_room`), the claimer holding
        ``claimer_cards`` with ``record``."""
        if self._sure_call(room, claimer_cards) or self._doubt(record, room) > CALL_AT:
            return Action("call")
        return Action("pass")
