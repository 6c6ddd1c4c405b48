"""A Tiraje bot that stays in the round as cheaply as it can, from its own observation only.

It samples a state that its seat cannot tell from the real one (`Rules.sample_state`: only the
deck and the other hands are guessed, and they matter only to a 3's draw), tries every way to
finish its turn winning (palette, the odd cards' actions, canvas, the optional draw) and takes
the first step of the best one. A finished turn is valued by, in order of weight: the cards
left in hand (each turn costs at least one), how many of the seven rules it would be winning
under with the palettes as they stand (the next player has to find one of the others), its lead
under the rule it leaves in force, and the strength of the cards it keeps in hand (spend low
cards, keep high ones). So it plays to the palette rather than the canvas when both win, uses a
3 to draw, a 1 to strip the opponent who threatens it, a 7 only when it pays, and takes every
offered draw. It folds only when nothing wins. With scoring it also likes banking high cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot
from game.core import JSON, Action
from game.rules.tiraje import (
    COLOURS,
    FOLD,
    RULES,
    VALUE,
    TirajeState,
    best_cards,
    standing,
    winner,
)

WIN = 1e6
"""The value of a turn that wins the game; losing it is the negative."""
STUCK = -1e5
"""A line that ends with no way to win (only after a 3's unlucky draw): still better than
folding, since the real draw may differ from the sampled one."""


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a != FOLD]
        if len(plays) <= 1:
            return plays[0] if plays else FOLD
        me = int(observation["seat"])
        state = RULES.sample_state(dict(observation), self.rng.randrange(1 << 30))
        start = (state.hand_no, state.round)
        return max(plays, key=lambda a: self._after(state, me, a, start))

    def _after(self, state: TirajeState, me: int, action: Action, start: tuple[int, int]) -> float:
        """The value of the best way to finish the turn that begins with ``action``."""
        s = state.clone()
        s.apply(me, action)
        if s.is_over() or s.current != me or s.phase == "play":
            return self._value(s, me, start)
        lines = [self._after(s, me, a, start) for a in s.legal_actions(me) if a != FOLD]
        return max(lines, default=STUCK)

    @staticmethod
    def _value(s: TirajeState, me: int, start: tuple[int, int]) -> float:
        if s.is_over():
            return WIN if me in s.result()["winners"] else -WIN
        if (s.hand_no, s.round) != start:  # the others went out: the round is ours
            return WIN / 10 + sum(VALUE[c] for c in s.banks[me])
        pals = s.palettes_in_play()
        hand = s.hands[me]
        rule = s.rule()
        mine = standing(pals[me], rule)[0]
        rival = max((standing(p, rule)[0] for t, p in pals.items() if t != me), default=0)
        value = 100.0 * len(hand) + 0.5 * sum(VALUE[c] for c in hand)
        value += 20.0 * sum(winner(pals, r) == me for r in COLOURS)
        value += 10.0 * (mine - rival)
        if s.scoring:
            value += sum(int(c[1]) for c in best_cards(pals[me], rule))
        return value
