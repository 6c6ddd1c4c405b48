"""A heuristic Clumsy Thief bot: it reads only its observation and the legal actions.

Each legal action gets a score and the best one is taken; ``done`` scores 0, so the bot says
``done`` when nothing is worth it.

- Grab with money: the stack's money times 2 when its owner leads the other seats (taking from
  the leader also pulls the leader back), else times 1.5, plus the card spent.
- Thief: the same, less a keeping cost, so thieves are kept for rich stacks; in the last round
  (the deck cannot refill the hands that are now short) leftover cards are worthless and the cost
  is 0.
- Jail: on its own thief-topped stack, that stack's money (so the richest is locked first); on
  another seat's, the grab score plus that money, since a jailed stack is never taken back; both
  less a keeping cost (half of it on its own stack) until the last round.
- Build: 100; the card whose partner is rarest among the unseen cards goes on top, so fewer
  opponents can grab the stack. Add to an own stack: half the card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from game.bots.base import Bot
from game.core import JSON, Action
from game.rules.thief import CARDS, DONE, HAND, VALUE, money

THIEF_KEEP = 250
"""What a thief in hand is worth while more rounds are to come."""
JAIL_KEEP = 100


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = observation["seat"]
        zones = {z["id"]: z for z in observation["zones"]}
        stacks = {z["id"][6:]: z for z in zones.values() if z["id"].startswith("stack:")}
        unseen = Counter(CARDS)
        unseen.subtract(c for z in zones.values() for c in z["cards"] if c is not None)
        points = list(observation["money"])
        leader = max(p for s, p in enumerate(points) if s != me)
        hands = [len(zones[f"hand:{s}"]["cards"]) for s in range(int(observation["seats"]))]
        short = sum(max(0, HAND - h) for h in hands)
        need = short if observation["refill"] == "seven" and short else len(hands)
        last_round = observation["phase"] == "live" and int(observation["deck"]) < need

        def take(sid: str) -> float:
            """What taking stack ``sid`` from its owner is worth."""
            owner, value = stacks[sid]["owner"], money(stacks[sid]["cards"])
            return value * (2.0 if points[owner] == leader else 1.5)

        def score(action: Action) -> float:
            verb, arg = action
            words = arg.split()
            if verb == "build":
                return 100.0 - unseen[words[0]]
            if verb == "add":
                return VALUE[words[0]] / 2
            if verb == "grab":
                return take(words[1]) + VALUE[words[0]]
            if verb == "thief":
                return take(arg) - (0 if last_round else THIEF_KEEP)
            if verb == "jail":
                value = money(stacks[arg]["cards"])
                if stacks[arg]["owner"] == me:
                    return value - (0 if last_round else JAIL_KEEP / 2)
                return take(arg) + value - (0 if last_round else JAIL_KEEP)
            return 0.0

        scores = [score(a) for a in legal]
        best = max(scores)
        if best <= 0 and DONE in legal:
            return DONE
        return self.rng.choice([a for a, s in zip(legal, scores) if s == best])

