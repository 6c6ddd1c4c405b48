"""The fortune's "bot": nobody to play against, it lays the cards for a person who watches.

At the name it takes the first name offered (a person types one at the table); after that it
steps the layout with ``next`` until the reading is done.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.bots.base import Bot
from game.core import JSON, Action


class HeuristicBot(Bot):
    def choose(self, observation: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
        step = next((a for a in legal if a.verb == "next"), None)
        return step if step is not None else legal[0]
