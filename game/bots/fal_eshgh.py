"""The fortune's "bot": nobody to play against, it lays the cards for a person who watches.

At the name it takes the first name offered (a person types one at the table); after that it
steps the layout with ``next`` until the reading is done.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot
from game.core import Action
from game.rules.fal_eshgh import FalEshghObservation
from game.shapes import ObservationT


class Stepper(Bot[ObservationT]):
    """Steps a fortune's layout (``next``), reading nothing of it; where there is no step yet,
    the first action offered (the love fortune's first name)."""

    def choose(self, observation: ObservationT, legal: Sequence[Action]) -> Action:
        step = next((a for a in legal if a.verb == "next"), None)
        return step if step is not None else legal[0]


class HeuristicBot(Stepper[FalEshghObservation]):
    """The love fortune's stepper."""
