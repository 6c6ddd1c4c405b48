"""Score sheets drawn as tables: a game's sheet (``State.result()["sheet"]`` or the ``sheet``
fact) with its cells made readable — seats as names, teams as their players, suits and kinds
of win in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from ui.app import App
from ui.widgets import GOLD, INK, label, mirror

SEAT_COLUMNS = ("hakem", "seat", "winner")
TEAM_COLUMNS = ("team",)
WORD_COLUMNS = {"trump": "suit", "kind": "kind"}
"""Columns whose codes have words in the catalogue, under these key prefixes; a game's own
words (`Rules.terms`, keyed ``<column>.<code>``) come first."""


def cell(app: App, column: str, value: Any, name: Callable[[int], str],
         team: Callable[[int], str], terms: Mapping[str, Mapping[str, str]]) -> str:
    """One cell of a sheet as a player reads it."""
    text = app.text
    if isinstance(value, int) and not isinstance(value, bool):
        if column in SEAT_COLUMNS:
            return name(value)
        if column in TEAM_COLUMNS:
            return team(value)
    own = terms.get(f"{column}.{value}")
    if own:
        return own.get(app.lang) or own.get("en") or str(value)
    key = f"{WORD_COLUMNS.get(column)}.{value}"
    if column in WORD_COLUMNS and text.has(key):
        return text.tr(key)
    return str(value)


def draw_sheet(screen: pygame.Surface, app: App, box: Sequence[float], columns: Sequence[str],
               rows: Sequence[Sequence[Any]], name: Callable[[int], str],
               team: Callable[[int], str], terms: Mapping[str, Mapping[str, str]],
               size: float = 16) -> None:
    """``rows`` under ``columns`` in the virtual ``box``, the last rows that fit, mirrored for
    right-to-left languages."""
    x, y, w, h = box
    line = size * 1.9
    fit = max(int(h // line) - 1, 1)
    width = w / max(len(columns), 1)
    heads = [app.text.tr(f"sheet.{c}") if app.text.has(f"sheet.{c}") else c for c in columns]
    for row_no, row in enumerate([heads, *rows[-fit:]]):
        for i, value in enumerate(row):
            text = value if row_no == 0 else cell(app, columns[i], value, name, team, terms)
            cx = mirror(app, x + i * width, width)
            label(screen, app, str(text), (cx, y + row_no * line, width, line), size,
                  GOLD if row_no == 0 else INK, "center", bold=row_no == 0)
