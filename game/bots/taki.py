"""A Super Taki bot, from its observation only.

- Always declares its last card at once, and always answers a +3 with a Breaker when it holds
  one.
- Names the colour it holds most of after a Change Colour.
- On a live +2: stacks a +2 (of its strongest colour) when it can; spends a King on it only when
  the draw would be heavy or its hand is small; otherwise draws.
- In a Taki run: lays every card of the colour, plain numbers first and the most hurtful action
  card last (+2, then Stop, Plus, Change Direction), since only the last card acts; then closes.
- Otherwise it scores each play: plain cards by how many of their colour it keeps (the colour in
  play should stay its own); a Taki by the cards it would shed; Stop and +2 are kept for when
  the next seat is close to going out (or Stop with two seats, a second turn); a Plus only with
  a follow-up; Change Colour and King are kept back as safe last cards; a +3 when someone is
  close to going out and a Breaker is unlikely to come back; a Breaker is never thrown away
  while anything else may be played. A play that empties the hand wins over everything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from game.bots.base import Bot, own_hand
from game.core import JSON, Action
from game.rules.taki import COLOUR_OF, COLOURS, KIND

CLOSER = {"2": 6, "S": 5, "P": 4, "D": 3, "T": 1}
"""How good a coloured figure is as the last card of a run (numbers 0)."""


class HeuristicBot(Bot):
    DANGER = 3
    """An opponent with this many cards or fewer is close to going out: hurt it now."""

    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "last" in verbs:
            return Action("last")
        if "breaker" in verbs:
            return next(a for a in legal if a.verb == "breaker")
        if "pass" in verbs:
            return Action("pass")
        hand = own_hand(observation)
        if "colour" in verbs:
            return Action("colour", self._best_colour(hand))
        plays = [a for a in legal if a.verb == "play"]
        if observation["run"]:
            return self._run(plays)
        if not plays:
            return legal[0]
        if int(observation["plus2"]):
            return self._on_plus2(observation, hand, plays, legal)
        return self._play(observation, hand, plays)

    def _best_colour(self, hand: Sequence[str]) -> str:
        counts = Counter(COLOUR_OF[c] for c in hand if COLOUR_OF[c])
        return max(COLOURS, key=lambda c: (counts[c], self.rng.random()))

    def _run(self, plays: Sequence[Action]) -> Action:
        if not plays:
            return Action("close")
        return min(plays, key=lambda a: (CLOSER.get(KIND[a.arg], 0), self.rng.random()))

    def _on_plus2(self, obs: Mapping[str, JSON], hand: Sequence[str], plays: Sequence[Action],
                  legal: Sequence[Action]) -> Action:
        counts = Counter(COLOUR_OF[c] for c in hand)
        twos = [a for a in plays if KIND[a.arg] == "2"]
        if twos:
            return max(twos, key=lambda a: counts[COLOUR_OF[a.arg]])
        if int(obs["plus2"]) >= 2 or len(hand) <= 3:
            return plays[0]
        return Action("draw")

    def _play(self, obs: Mapping[str, JSON], hand: Sequence[str],
              plays: Sequence[Action]) -> Action:
        n = int(obs["seats"])
        me = int(obs["seat"])
        step = 1 if obs["direction"] == "clockwise" else -1
        sizes = {z["owner"]: len(z["cards"]) for z in obs["zones"] if z["kind"] == "hand"}
        nxt, prev = (me + step) % n, (me - step) % n
        danger = sizes[nxt] <= self.DANGER
        others = [sizes[s] for s in range(n) if s != me]
        counts = Counter(COLOUR_OF[c] for c in hand if COLOUR_OF[c])
        pile = [z for z in obs["zones"] if z["id"] == "pile"][0]["cards"]
        breakers_out = 2 - sum(1 for c in pile if c and KIND[c] == "WB") \
            - sum(1 for c in hand if KIND[c] == "WB")
        if int(obs["cards"]) == 112:
            breakers_out = 0
        unseen = max(1, int(obs["cards"]) - len(pile) - len(hand))
        held = sum(others) / unseen  # the chance that one unseen card is in another hand
        broken = 1 - (1 - min(1.0, held)) ** breakers_out
        colour = str(obs["colour"])
        free = bool(obs["free"])

        def score(card: str) -> float:
            kind, col = KIND[card], COLOUR_OF[card]
            rest = [c for c in hand if c != card]
            keep = counts[col] - 1 if col else 0
            if not rest:
                return -50 if kind in ("P", "WB") else 100
            s = 0.0
            if kind in "13456789":
                s = 5 + 0.6 * keep
            elif kind == "T":
                s = 2 + 3 * keep
            elif kind == "WT":
                s = 1 + 3 * counts[colour]
            elif kind == "2":
                s = 3 + 0.4 * keep + (8 if danger else 0)
            elif kind == "S":
                s = 3 + 0.4 * keep + (8 if danger else 0) + (6 if n == 2 else 0)
            elif kind == "D":
                s = 2 + 0.4 * keep + (4 if sizes[nxt] < sizes[prev] else 0)
            elif kind == "P":
                follow = any(COLOUR_OF[c] == col or KIND[c] == "P" or not COLOUR_OF[c]
                             for c in rest)
                s = 6 + 0.4 * keep if follow else -6
            elif kind == "WC":
                s = -1 if counts[colour] == 0 else -3
            elif kind == "WK":
                s = 10 if len(rest) <= 2 else -4
            elif kind == "W3":
                s = (1 + (7 if min(others) <= self.DANGER else 0) + (3 if len(rest) <= 3 else 0)
                     + 3 * (n - 1) * (1 - broken) - 12 * broken - 2)
            elif kind == "WB":
                s = -30
            if free and col:
                s += 0.5 * keep
            if len(rest) == 1 and not COLOUR_OF[rest[0]] and KIND[rest[0]] in ("WC", "WK"):
                s += 3
            return s

        return max(plays, key=lambda a: (score(a.arg), self.rng.random()))
