"""Each game's own words, kept with the game instead of in one catalogue every game edits.

- ``ui/games/<id>.py`` holds ``STRINGS``: catalogue entries (`t(fa, en, ar)`) for the game's
  option names and values (``opt.<id>.<option>``, ``optval.<id>.<option>.<value>``), the
  labels of its own actions (``act.<verb>``), its log lines (``log.<event kind>``), its refusals
  (``why.<reason key>``, see `game.core.Reason`), the names of its cards where they are not
  French cards (``card.<code>``) and any other word of the game the table shows. Its ``act.``,
  ``log.``, ``why.`` and ``card.`` keys are the game's own: they are filed as
  ``<kind>.<id>.<name>`` (``why.<id>.<key>``, ``card.<id>.<code>``), which the table reads
  before the shared ``<kind>.<name>`` of `ui.i18n_table`, so Bluff's "call" and Farib's "call"
  can differ. The three languages stand side by side so that a translation is never forgotten.
- ``ui/games/<id>.py`` may also define ``info_lines(facts, tr)``: the lines of the game's own
  public facts for the table's corner panel, beyond those the table reads itself (a fortune's
  reading), in the table's language (``tr`` is the catalogue's `Text.tr`).
- ``assets/help/<id>.<lang>.md`` is the rules help written by us, one file per game and
  language: one paragraph a line, a line starting ``## `` a heading.

`strings()` gathers both into the catalogue's form for every registered game. A key two games
share (``act.pass``) must read the same in both; a test checks it.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from game import registry
from ui.paths import asset

LANGS = ("fa", "en", "ar")
OWN = ("act", "log", "why", "card")
"""Kinds of key that are always the game's own (filed under the game's id)."""


def t(fa: str, en: str, ar: str) -> dict[str, str]:
    """One entry in Persian, English and Arabic."""
    return {"fa": fa, "en": en, "ar": ar}


def game_strings(game_id: str) -> dict[str, dict[str, str]]:
    """The entries of ``ui/games/<game_id>.py`` and its help files (empty where none)."""
    out: dict[str, dict[str, str]] = {}
    name = f"ui.games.{game_id}"
    if importlib.util.find_spec(name) is not None:
        for key, entry in importlib.import_module(name).STRINGS.items():
            kind, _, rest = key.partition(".")
            out[f"{kind}.{game_id}.{rest}" if kind in OWN else key] = entry
    help_text = {lang: path.read_text(encoding="utf-8")
                 for lang in LANGS if (path := asset("help", f"{game_id}.{lang}.md")).is_file()}
    if help_text:
        out[f"help.{game_id}"] = help_text
    return out


def game_lines(game_id: str, facts: dict[str, Any], tr: Callable[..., str]) -> list[str]:
    """The game's own lines for the table's panel (its ``info_lines``), none if it has none."""
    lines = _info_lines(game_id)
    return list(lines(facts, tr)) if lines is not None else []


@functools.cache
def _info_lines(game_id: str) -> Callable[..., list[str]] | None:
    """``ui/games/<game_id>.py``'s ``info_lines``, looked up once (the panel asks each frame)."""
    name = f"ui.games.{game_id}"
    if importlib.util.find_spec(name) is None:
        return None
    lines = getattr(importlib.import_module(name), "info_lines", None)
    return lines if callable(lines) else None


def strings() -> dict[str, dict[str, str]]:
    """Every registered game's entries, merged."""
    out: dict[str, dict[str, str]] = {}
    for game_id in registry.ids():
        out.update(game_strings(game_id))
    return out
