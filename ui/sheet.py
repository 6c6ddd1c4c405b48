"""Score sheets drawn as tables: a game's sheet (``State.result()["sheet"]`` or the ``sheet``
fact) with its cells made readable — seats as names, teams as their players, suits and kinds
of win in words."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from ui.app import App
from ui.widgets import BUTTON_TEXT, GOLD, INK, fitting, label, mirror, text_height

HAND_TITLE, RESULT_TITLE, LINE, HAND_SHEET, RESULT_SHEET = 32, 34, 22, 16, 15
"""Text sizes of the scenes over a table: the titles between hands and at the end of a match,
their lines, and the sheets they show."""
TEXT_SIZES = ((HAND_TITLE, True), (RESULT_TITLE, True), (LINE, False), (HAND_SHEET, True),
              (HAND_SHEET, False), (RESULT_SHEET, True), (RESULT_SHEET, False),
              (BUTTON_TEXT, True), (BUTTON_TEXT, False))
"""The virtual text sizes (and weights) of the scenes that come up over a table while it
plays, so that the table can load them ahead (`ui.text.warm`)."""

SEAT_COLUMNS = ("hakem", "seat", "winner", "dealer", "maker", "partner", "banker")
TEAM_COLUMNS = ("team",)
WORD_COLUMNS = {"trump": "suit", "kind": "kind"}
"""Columns whose codes have words in the catalogue, under these key prefixes; a game's own
words (`Rules.terms`, keyed ``<column>.<code>``) come first."""


def cell(app: App, column: str, value: Any, name: Callable[[int], str],
         team: Callable[[int], str], terms: Mapping[str, Mapping[str, str]],
         game: str = "") -> str:
    """One cell of a sheet as a player reads it: a seat by its player's name, a team by its
    players, a code by the game's word for it (`Rules.terms`, or ``<game>.<column>.<code>``
    in the game's strings) or the shared one, yes/no in words, nothing as a dash."""
    text = app.text
    if value is None:
        return "—"
    if isinstance(value, bool):
        return text.tr("common.yes" if value else "common.no")
    if isinstance(value, int):
        if column in SEAT_COLUMNS:
            return name(value)
        if column in TEAM_COLUMNS:
            return team(value)
    own = terms.get(f"{column}.{value}")
    if own:
        return own.get(app.lang) or own.get("en") or str(value)
    for key in (f"{game}.{column}.{value}", f"{WORD_COLUMNS.get(column)}.{value}"):
        if text.has(key):
            return text.tr(key)
    return str(value)


TEAM_HEAD = re.compile(r"([a-z]+ )?(\d+)(?:[+-](\d+))?")
"""A column of a side or a seat (``0+2``, ``took 1+3``, ``tricks 0-2``, Rim's ``total 1``):
headed by its players' names."""


def heading(app: App, column: str, game: str, name: Callable[[int], str]) -> str:
    """A column's heading: the game's own word (``sheet.<game>.<column>``), the shared one
    (``sheet.<column>``), or for a side's column its players' names."""
    for key in (f"sheet.{game}.{column}", f"sheet.{column}"):
        if app.text.has(key):
            return app.text.tr(key)
    side = TEAM_HEAD.fullmatch(column)
    if side:
        names = app.text.tr("table.and").join(name(int(s)) for s in side.group(2, 3) if s)
        what = (side.group(1) or "").strip()
        if not what:
            return names
        if app.text.has(f"sheet.{what}_of"):
            return app.text.tr(f"sheet.{what}_of", who=names)
    return column


def wrapped_size(app: App, text: str, size: float, width: float, height: float) -> float:
    """``size``, or the smaller size at which ``text`` wraps to ``width`` with each of its
    words inside it, in at most ``height`` (virtual px): a column's heading in a narrow column
    (ten players' ledger)."""
    fitted = min(fitting(app, word, size, width, True) for word in text.split() or [text])
    while fitted > 6 and text_height(app, text, fitted, width) > height:
        fitted -= 1
    return fitted


def draw_sheet(screen: pygame.Surface, app: App, box: Sequence[float], columns: Sequence[str],
               rows: Sequence[Sequence[Any]], name: Callable[[int], str],
               team: Callable[[int], str], terms: Mapping[str, Mapping[str, str]],
               size: float = 16, game: str = "") -> None:
    """``rows`` under ``columns`` in the virtual ``box``, the last rows that fit, mirrored for
    right-to-left languages. A column whose cells are lists (one value per seat, Bi-Del's
    running penalties) spreads into a column per seat under one heading; a column ``line``
    is not shown but draws a rule under each row where it is true (Shelem's line after every
    round of dealers)."""
    x, y, w, h = box
    line = size * 1.9
    shown = [i for i, c in enumerate(columns) if c != "line"]
    ruled = columns.index("line") if "line" in columns else None
    spread = {i: max((len(r[i]) for r in rows if isinstance(r[i], list)), default=0)
              for i in shown}
    cols: list[tuple[int, int | None]] = []  # (column, seat within a spread column)
    for i in shown:
        cols += [(i, k) for k in range(spread[i])] if spread[i] else [(i, None)]
    width = w / max(len(cols), 1)
    heads_row = 1 if any(spread.values()) else 0
    head = line * 1.7  # a heading may take two lines
    fit = max(int((h - head) // line) - heads_row, 1)
    at = 0
    for i in shown:  # the headings; a spread column's over its seats' names
        span = max(spread[i], 1)
        text = heading(app, columns[i], game, name)
        cx = mirror(app, x + at * width, width * span)
        label(screen, app, text, (cx + 2, y, width * span - 4, head),
              wrapped_size(app, text, size * 0.9, width * span - 4, head), GOLD, "center",
              bold=True, wrap=True)
        for k in range(spread[i]):
            cx = mirror(app, x + (at + k) * width, width)
            label(screen, app, name(k), (cx + 2, y + head, width - 4, line),
                  fitting(app, name(k), size * 0.85, width - 4), GOLD, "center")
        at += span
    top = y + head + line * heads_row
    for row_no, row in enumerate(rows[-fit:]):
        for j, (i, seat) in enumerate(cols):
            value: Any = row[i][seat] if seat is not None and isinstance(row[i], list) \
                and seat < len(row[i]) else row[i]
            text = cell(app, columns[i], value, name, team, terms, game)
            cx = mirror(app, x + j * width, width)
            label(screen, app, text, (cx + 2, top + row_no * line, width - 4, line),
                  fitting(app, text, size, width - 4), INK, "center")
        if ruled is not None and row[ruled]:
            under = app.view.pt(x, top + (row_no + 1) * line)
            pygame.draw.line(screen, GOLD, under, (under[0] + app.view.px(w), under[1]),
                             app.view.px(2) or 1)
