"""The marriage fortune's "bot": it turns the cards (``next``) for a person who watches."""

from __future__ import annotations

from game.bots.fal_eshgh import Stepper
from game.rules.fal_ezdevaj import FalEzdevajObservation


class HeuristicBot(Stepper[FalEzdevajObservation]):
    """The marriage fortune's stepper."""
