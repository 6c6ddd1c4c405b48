"""A Tiraje bot that stays in the round as cheaply as it can, from its own observation only.

It samples a state that its seat cannot tell from the real one (`Rules.sample_state`: only the
deck and the other hands are guessed, and they matter only to a 3's draw), tries every way to
finish its turn winning (palette, the odd cards' actions, canvas, the optional draw; a position
reached in two orders is searched once, and at most `BUDGET` positions) and takes the first step
of the best one. A finished turn is valued by, in order of weight: the cards
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


BUDGET = 250
"""Positions within a turn the bot expands at most per decision. Most turns need fewer than
ten, and with the same position searched once (below) none of 135 self-play games needed more
than 232; chains of 5s (each one more palette card, in any order) ran to 3,000. Past the
budget a line is judged as it stands after its next step."""


def _position(s: TirajeState, me: int) -> tuple[object, ...]:
    """What decides how a turn in progress can go on and what it is worth: the same position
    reached in another order (two 5s' cards played either way round) is searched once."""
    return (s.phase, s.pending, s.rule(), tuple(sorted(s.hands[me])),
            tuple(tuple(sorted(p)) for p in s.palettes), tuple(s.deck))


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a != FOLD]
        if len(plays) <= 1:
            return plays[0] if plays else FOLD
        me = int(observation["seat"])
        state = RULES.sample_state(dict(observation), self.rng.randrange(1 << 30))
        start = (state.hand_no, state.round)
        self._seen: dict[tuple[object, ...], float] = {}
        self._left = BUDGET
        return max(plays, key=lambda a: self._after(state, me, a, start))

    def _after(self, state: TirajeState, me: int, action: Action, start: tuple[int, int]) -> float:
        """The value of the best way to finish the turn that begins with ``action``."""
        s = state.clone()
        s.apply(me, action)
        if s.is_over() or s.current != me or s.phase == "play":
            return self._value(s, me, start)
        key = _position(s, me)
        value = self._seen.get(key)
        if value is None:
            if self._left > 0:
                self._left -= 1
                value = max((self._after(s, me, a, start) for a in s.legal_actions(me)
                             if a != FOLD), default=STUCK)
            else:
                value = self._value(s, me, start)
            self._seen[key] = value
        return value

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
