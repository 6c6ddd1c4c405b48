"""A Haft Khabis bot, from its observation only.

What a decent player does, weighed card by card:

- a live seven is answered with a seven whenever the hand holds one (the penalty passes on,
  two cards more); so a seven is otherwise kept for that, unless the next seat is close to
  going out (then it punishes at once);
- a jack goes on anything, so it is kept for the end (when nothing else plays it beats a draw
  only once the hand is short or someone is close to going out), and after one the bot names
  the suit it holds most of (the heavier on a tie);
- the heavy cards go first (a card left in hand scores against it: `VALUE`), and a card of the
  suit the hand holds most of keeps it able to follow;
- it watches the others' hand sizes: an ace (a skip) or a seven is worth more against a next
  seat with few cards, a ten (a reverse) when the seat behind has more cards than the next;
- an eight is worth playing when another card will follow it in the same turn;
- a card just drawn is played when it fits (unless it is a jack or a seven worth keeping).

Measured (4 seats, against three random bots): 360 of 400 deals won, 90 % (fair 25 %), with
``python main.py simulate --game haftkhabis --games 400 --seed 1 --seats 4 --bots
heuristic,random,random,random``; 193 of 200 whole matches (``--option length=match``).
The search (hard) measured stronger than this bot, so it is offered: 31.0 % [26.7, 35.7] of 400
deals against three of it (fair 25 %), [26.9, 35.1] over the 100 deals, a median of 131 worlds
a decision (``python benchmarks/bots.py --game haftkhabis --pairs hard-normal --games 400
--seed 2001 --cpu-clock``); a first run of 100 (seed 1) gave 25.0 % [17.5, 34.3], and the
strength table's run of 400 (seed 1, docs/bots.md) 30.0 %, [26.5, 33.5] over the deals. In a
search's playouts the bot reads its move from the state (`HeuristicBot.read_state`), as the
observation would show it: the same 400 games then gave 33.3 %, [29.3, 37.2] over the deals, on
a median of 190 worlds a decision where the table's run had 117. Measured again on 600 games
(seed 1, the table's row: ``python benchmarks/bots.py --game haftkhabis --pairs hard-normal
--games 600 --cpu-clock --jobs 2 --seed 1``): 30.5 %, [27.4, 33.6] over the 150 deals (±3.1),
a median of 157 worlds a decision on a loaded machine; the lower end above the fair 25 %, so
the table still offers hard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.bots.base import Bot, own_hand
from game.core import Action, State, seat_of
from game.rules.haftkhabis import SUIT, VALUE, HaftKhabisObservation, HaftKhabisState, fits

KEEP_SEVEN = 25.0
"""What keeping a seven to answer a penalty is worth, in points of a card shed."""
KEEP_JACK = 30.0
"""What keeping a jack for the end is worth."""
CLOSE = 2
"""A seat with this many cards or fewer is close to going out."""


class HeuristicBot(Bot[HaftKhabisObservation]):
    def choose(self, observation: HaftKhabisObservation, legal: Sequence[Action]) -> Action:
        return self._decide(own_hand(observation), bool(observation["penalty"]),
                            seat_of(observation),
                            observation["hands"],
                            1 if observation["direction"] == "clockwise" else -1, legal)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """Every move, read as `choose` reads the observation."""
        if not isinstance(state, HaftKhabisState):
            return None
        return self._decide(state.hands[seat], bool(state.penalty), seat,
                            [len(h) for h in state.hands], state.dir, legal)

    def _decide(self, hand: Sequence[str], penalty: bool, seat: int, counts: Sequence[int],
                step: int, legal: Sequence[Action]) -> Action:
        """The move for ``seat`` holding ``hand``, a penalty to answer or not, with ``counts``
        cards in each hand and play running ``step`` (1 clockwise, -1 the other way)."""
        if len(legal) == 1:
            return legal[0]
        if legal[0].verb == "suit":
            return SUIT[self.suit_to_name(hand)]
        plays = [a for a in legal if a.verb == "play"]
        other = [a for a in legal if a.verb != "play"]
        if not plays:
            return other[0]
        if penalty:
            return plays[0]  # a seven: pass the penalty on
        seats = len(counts)
        nxt, prev = (seat + step) % seats, (seat - step) % seats
        threat = min(counts[s] for s in range(seats) if s != seat)
        scored = [(self.score(a.arg, hand, counts, nxt, prev), a) for a in plays]
        best, action = max(scored, key=lambda sa: sa[0])
        if best < 0 and len(hand) > 3 and threat > CLOSE and other:
            return other[0]  # only a jack or a seven plays: draw rather than spend it
        return action

    def suit_to_name(self, hand: Sequence[str]) -> str:
        held = Counter(c[1] for c in hand if c[0] != "J")
        weight = Counter({c[1]: 0 for c in hand})
        for c in hand:
            if c[0] != "J":
                weight[c[1]] += VALUE[c]
        if not held:
            return "S"
        return max(held, key=lambda s: (held[s], weight[s], s))

    def score(self, card: str, hand: Sequence[str], counts: Sequence[int], nxt: int,
              prev: int) -> float:
        rank, suit = card[0], card[1]
        rest = [c for c in hand if c != card]
        if not rest:
            return 1000.0  # going out
        value = float(VALUE[card])
        value += 2.0 * sum(1 for c in rest if c[1] == suit and c[0] != "J")
        if rank == "7":
            value -= 0.0 if counts[nxt] <= CLOSE else KEEP_SEVEN
        elif rank == "J":
            value -= 0.0 if len(hand) <= 2 else KEEP_JACK
        elif rank == "A":
            value += 3.0 * max(0, 6 - counts[nxt])
        elif rank == "8":
            top_suit = suit
            if any(fits(c, top_suit, card) and c[0] not in "J7" for c in rest):
                value += 8.0
            else:
                value -= 5.0
        elif rank == "T":
            value += 2.0 * (counts[prev] - counts[nxt])
        return value
