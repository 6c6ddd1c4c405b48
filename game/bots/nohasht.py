"""A 9-8 bot. The hands are dealt face down and shown together, so the only choice is the side
pot, agreed before the deal: every pot is an even bet, worth nothing on average, so the bot
stays out of them (``pass``) and deals when it is the dealer. Over many deals it wins what a
random player wins, less the random player's swings."""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot
from game.core import Action
from game.rules.nohasht import NohashtObservation


class HeuristicBot(Bot[NohashtObservation]):
    def choose(self, observation: NohashtObservation, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.verb in ("deal", "pass"):
                return action
        return legal[0]
