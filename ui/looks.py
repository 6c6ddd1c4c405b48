"""The cards and the table as the player set them to look: one place that reads the settings
(``lang``, ``colorblind``, ``face``, ``back``, ``felt``) for every scene that draws cards (the
table, the review and the replay of a deal, the settings' preview, the screenshots)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
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


def dressed(app: App) -> Mapping[str, Any]:
    """How the player set the cards to look, as `card_surface`'s arguments: the table's
    language, the colour-blind faces, the face and the back (a value the settings do not
    know is the first). Read for every card drawn, so made once per choice."""
    settings = app.settings
    back = settings.get("back", 0)
    return _dressed(app.lang, bool(settings.get("colorblind")), settings.get("face") == "large",
                    back if type(back) is int and 0 <= back < len(BACKS) else 0)


@functools.lru_cache(maxsize=16)
def _dressed(lang: str, colorblind: bool, large: bool, pattern: int) -> Mapping[str, Any]:
    return MappingProxyType({"lang": lang, "colorblind": colorblind,
                             "face": "large" if large else "standard", "pattern": pattern})


def cloth(app: App) -> felt.Felt:
    """The felt the player set the table on."""
    return felt.chosen(app.settings.get("felt"))
