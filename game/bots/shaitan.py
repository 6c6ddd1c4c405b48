"""A Shaitan bot: the draw is blind, so it draws at a random position.

What it can know: the cards it gave away and whose holder it still knows (``known``). If it
knows the joker lies in the hand it draws from, a blind draw still cannot avoid it (the table
slides every drawn card in at a random place), so knowledge changes nothing there; the bot's
only edge would come from hand order, which the rules keep random. It loses about as often as
a random player, as it should in a game of chance.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot
from game.core import Action
from game.rules.shaitan import ShaitanObservation


class HeuristicBot(Bot[ShaitanObservation]):
    def choose(self, observation: ShaitanObservation, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
