"""Controls for the actions that move no card (naming trump, giving up, "done"): a column of
buttons in the bottom corner (the left one in Persian and Arabic)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from game.core import Action
from ui.widgets import Button

MAX_BUTTONS = 9


def action_buttons(actions: Sequence[Action], label: Callable[[Action], str],
                   act: Callable[[Action], None], rtl: bool) -> list[Button]:
    """One button per action (the first `MAX_BUTTONS`), labelled by ``label``, calling ``act``."""
    shown = actions[:MAX_BUTTONS]
    x = 20.0 if rtl else 1100.0
    return [Button((x, 660.0 - 52 * (len(shown) - i), 160.0, 44.0), label(action),
                   functools.partial(act, action), size=18)
            for i, action in enumerate(shown)]
