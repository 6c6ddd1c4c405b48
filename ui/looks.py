"""The cards and the table as the player set them to look: one place that reads the settings
(``lang``, ``colorblind``, ``face``, ``back``, ``felt``) for every scene that draws cards (the
table, the review and the replay of a deal, the settings' preview, the screenshots)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui import felt
from ui.backs import BACKS
from ui.cardart import card_surface

if TYPE_CHECKING:
    from ui.app import App


def card_face(app: App, back: str, code: str | None, width: int) -> pygame.Surface:
    """The card ``code`` (None: the back of the deck ``back``) as the player set cards to look
    (`dressed`), at ``width`` screen pixels; cached."""
    return card_surface(code, max(width, 8), back=back, **dressed(app))


def dressed(app: App) -> dict[str, Any]:
    """How the player set the cards to look, as `card_surface`'s arguments: the table's
    language, the colour-blind faces, the face and the back (a value the settings do not
    know is the first)."""
    settings = app.settings
    pattern = settings.get("back", 0)
    return {"lang": app.lang, "colorblind": bool(settings.get("colorblind")),
            "face": "large" if settings.get("face") == "large" else "standard",
            "pattern": pattern if type(pattern) is int and 0 <= pattern < len(BACKS) else 0}


def cloth(app: App) -> felt.Felt:
    """The felt the player set the table on."""
    return felt.chosen(app.settings.get("felt"))
