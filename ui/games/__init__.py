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
  public facts for the table's corner panel, beyond those the table reads itself (Rim's
  target), in the table's language (``tr`` is the catalogue's `Text.tr`); ``marks(facts, seat,
  tr)``: its own marks beside a seat's name, after the table's (poker: the dealer, the seat's
  word and bet this round, its draw); and ``word(name, value, tr, seat)``: a value of its
  events as the log says it where the table's ways do not (poker's hand, ``["full_house",
  "K", "5"]``: "a full house, kings over fives"; ``seat`` names a seat), else None.
- The table speaks through two more hooks, both given a `ui.games.speech.Seen` (the looking
  seat's public facts and zones, who decides, its own legal actions, and the table's ways of
  naming seats, cards and actions) and ``tr``:

  ``status(seen, tr) -> str | None``: the status line's sentence for the decision now, made
  from public facts, never from an action's code: on the looking seat's own decision
  (``seen.mine``) what to do with the numbers that matter ("Lay away exactly 4 cards (2
  chosen)", "Bid above 125 or pass"); on another's, what they decide ("Bot 2 is bidding"), or
  None. None leaves it to the table's fallback: "Your turn: Bid or Pass" from the ``act.``
  labels of the legal verbs, or "Bot 2 is choosing…", after the last public event's words. A
  new game with good ``act.`` labels reads well without a ``status`` of its own. Once the
  match is over it may say the game's last word (a fortune: where its reading stands); None
  leaves the last event's words.

  ``panel(seen, tr) -> list[str]``: the lines a player keeps in their head (the contract and
  the points taken against it, the last claim, every running score), shown under the lines the
  table reads itself (the game's name, trump, tricks per team, the high bid, the draw pile) and
  any ``info_lines``.

  Their words are the game's own plain keys in ``STRINGS`` (``<id>.say.<name>`` for a status
  sentence, ``<id>.<name>`` for a panel line); what several games say (``say.lead``,
  ``say.follow``, ``say.bidding``) lives in `ui.i18n_table`, and `ui.games.speech` has the
  shared pieces: `trick_play` (lead / follow a suit / void), `others` ("Bot 2 is playing…"),
  `chosen` (a card pattern's "3 cards (1 chosen)"), `per_seat`, `signed`. Where the line is
  drawn is the table's business (`ui.table.status`), not the game's.
- ``ui/games/<id>.py`` may define ``default(seen) -> Action | None``: the button a decision's
  focus starts on, which Enter presses (21: a card below 17, else stand).
- ``ui/games/<id>.py`` may say ``UNDO = False`` where every move a person makes turns or draws a
  card: the table then does not offer undo (`offers_undo`).
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
from game.core import Action
from game.shapes import Observation
from ui.games.speech import Seen
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


def game_lines(game_id: str, seen: Seen[Observation], tr: Callable[..., str]) -> list[str]:
    """The game's own lines for the table's panel (its ``info_lines``, then its ``panel``),
    none if it has neither."""
    lines = _hook(game_id, "info_lines")
    panel = _hook(game_id, "panel")
    return [*(lines(seen.facts, tr) if lines is not None else []),
            *(panel(seen, tr) if panel is not None else [])]


def game_word(game_id: str, name: str, value: Any, tr: Callable[..., str],
              seat: Callable[[int], str]) -> str | None:
    """A value of the game's events (its ``word``), as the log says it; None where the game
    has no words of its own for it (the table's own then)."""
    word = _hook(game_id, "word")
    said = word(name, value, tr, seat) if word is not None else None
    return said if isinstance(said, str) else None


def game_marks(game_id: str, facts: Observation, seat: int, tr: Callable[..., str]
               ) -> list[str]:
    """The game's own marks beside a seat's name (its ``marks``), none if it has none."""
    marks = _hook(game_id, "marks")
    return list(marks(facts, seat, tr)) if marks is not None else []


def game_status(game_id: str, seen: Seen[Observation], tr: Callable[..., str]) -> str | None:
    """The game's own status sentence (its ``status``), or None for the table's fallback."""
    status = _hook(game_id, "status")
    said = status(seen, tr) if status is not None else None
    return said if isinstance(said, str) and said else None


def game_default(game_id: str, seen: Seen[Observation]) -> Action | None:
    """The action a decision's focus starts on (what Enter does first): the game's own
    ``default(seen)`` where it has one and gives a legal action, else None."""
    default = _hook(game_id, "default")
    action = default(seen) if default is not None else None
    return action if isinstance(action, Action) and action in seen.legal else None


def offers_undo(game_id: str) -> bool:
    """Whether the table offers undo (U, in its footer) in the game: not where its module says
    ``UNDO = False``, a game in which every move a person makes turns a card or draws one (a
    fortune's next card, 21's deal), so that undo never has a move to take back."""
    return _attribute(game_id, "UNDO") is not False


def _hook(game_id: str, hook: str) -> Callable[..., Any] | None:
    """``ui/games/<game_id>.py``'s function ``hook``, None if it has none."""
    found = _attribute(game_id, hook)
    return found if callable(found) else None


@functools.cache
def _attribute(game_id: str, name: str) -> Any:
    """``ui/games/<game_id>.py``'s ``name``, looked up once (the table asks each frame); None
    if the module or the name is not there."""
    module = f"ui.games.{game_id}"
    if importlib.util.find_spec(module) is None:
        return None
    return getattr(importlib.import_module(module), name, None)


def strings() -> dict[str, dict[str, str]]:
    """Every registered game's entries, merged."""
    out: dict[str, dict[str, str]] = {}
    for game_id in registry.ids():
        out.update(game_strings(game_id))
    return out
