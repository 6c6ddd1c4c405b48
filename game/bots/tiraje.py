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

Without the actions and the palette draw no card is drawn within a turn, so a turn is at most a
palette card then a canvas card, and its value reads only the seat's hand and the public
palettes, canvas and hand sizes: the bot then values those turns without clones or legal-move
lists (`HeuristicBot._plain`), on the state it is given (`HeuristicBot.read_state`: no
observation built) or the one it samples from its observation. The same choices, and a round of
four such bots costs 4 ms instead of 12.7, cheap enough for hard to roll out with: with random
playouts (random seats fold at any turn and spend their cards anyhow) hard won 22.3 % of 400
games against normal, with this bot's 32.0 %, [29.0, 35.0] over 100 deals (4 seats, ``--seed
1``; the table's run of the same, docs/bots.md: 32.3 %, [29.4, 35.1]).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot
from game.core import Action, State, seat_of
from game.rules.tiraje import (CANVAS, COLOUR, COLOURS, END, FOLD, RULES, VALUE, TirajeObservation,
                               TirajeState, best_cards, standing, winner)

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


class HeuristicBot(Bot[TirajeObservation]):
    def choose(self, observation: TirajeObservation, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a != FOLD]
        if len(plays) <= 1:
            return plays[0] if plays else FOLD
        me = seat_of(observation)
        state = RULES.sample_state(observation, self.rng.randrange(1 << 30))
        return self._best(state, me, plays)

    def read_state(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """`choose`'s move where no card can be drawn within the turn (no actions, no palette
        draw): the turns' values then read only what the seat sees."""
        assert isinstance(state, TirajeState)
        if state.actions or state.palette_draw:
            return None
        plays = [a for a in legal if a != FOLD]
        if len(plays) <= 1:
            return plays[0] if plays else FOLD
        self.rng.randrange(1 << 30)  # the draw `choose` makes for its sampled state
        return self._best(state, seat, plays)

    def _best(self, state: TirajeState, me: int, plays: Sequence[Action]) -> Action:
        """The first of ``plays`` (two or more, no fold) that begins the best turn."""
        if not state.actions and not state.palette_draw:
            pals = state.palettes_in_play()
            won = _rules_won(pals, me)
            return max(plays, key=lambda a: self._plain(state, me, a, pals, won))
        start = (state.hand_no, state.round)
        self._seen: dict[tuple[object, ...], float] = {}
        self._left = BUDGET
        return max(plays, key=lambda a: self._after(state, me, a, start))

    def _plain(self, state: TirajeState, me: int, action: Action, pals: dict[int, list[str]],
               won: int) -> float:
        """`_after` where no card is drawn within a turn: after a palette card the turn ends
        with a canvas card or ``end``, whichever leaves the seat winning and is worth most;
        a canvas card or ``end`` ends it. ``pals``: the state's palettes in play, under ``won``
        rules of which the seat is winning; ``state`` is only read."""
        hand = state.hands[me]
        card = action.arg
        if action == END:
            return self._ended(state, me, [action], pals, won, hand, state.rule())
        if action.verb == "canvas":
            return self._ended(state, me, [action], pals, won, [c for c in hand if c != card],
                               COLOUR[card])
        pals = {**pals, me: [*pals[me], card]}
        won = _rules_won(pals, me)
        rest = [c for c in hand if c != card]
        ends = [(CANVAS[c], COLOUR[c]) for c in rest] + [(END, state.rule())]
        return max((self._ended(state, me, [action, last], pals, won,
                                [c for c in rest if c != last.arg], rule)
                    for last, rule in ends if winner(pals, rule) == me), default=STUCK)

    def _ended(self, state: TirajeState, me: int, turn: list[Action],
               pals: dict[int, list[str]], won: int, hand: list[str], rule: str) -> float:
        """`_value` of the turn ``turn`` (leaving ``pals``, winning under ``won`` rules,
        ``hand`` and ``rule``) played from ``state``. Where a seat after it has no card the
        turn's end puts it out and may end the round: the turn is then played on a clone and
        valued there (only what is public counts: who is left, the banks and totals)."""
        if all(state.hands[t] for t in pals if t != me):
            return _standing(pals, won, hand, rule, me, state.scoring)
        s = state.clone()
        for action in turn:
            s.apply(me, action)
        return self._value(s, me, (state.hand_no, state.round))

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
        return _standing(pals, _rules_won(pals, me), s.hands[me], s.rule(), me, s.scoring)


def _rules_won(pals: Mapping[int, Sequence[str]], me: int) -> int:
    """Of the seven rules, how many ``me`` would be winning under with ``pals``."""
    return sum(winner(pals, r) == me for r in COLOURS)


def _standing(pals: dict[int, list[str]], won: int, hand: Sequence[str], rule: str, me: int,
              scoring: bool) -> float:
    """The value of a finished turn that leaves the round going on, the seat winning under
    ``won`` rules (see the module docstring)."""
    mine = standing(pals[me], rule)[0]
    rival = max((standing(p, rule)[0] for t, p in pals.items() if t != me), default=0)
    value = 100.0 * len(hand) + 0.5 * sum(VALUE[c] for c in hand)
    value += 20.0 * won
    value += 10.0 * (mine - rival)
    if scoring:
        value += sum(int(c[1]) for c in best_cards(pals[me], rule))
    return value
