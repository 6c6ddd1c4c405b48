"""Score sheets, history and statistics, read from a game's finished-match records.

Statistics are computed from the records rather than kept beside them, so they can never
disagree with the history: a record is written once, atomically, with its sheet.

Per player and game: ``played``, ``won`` (a seat of that name is among the winners),
``streak`` (wins in a row up to the latest match), ``best_streak`` and ``best_score``: the
player's best points in one match - the highest, or the lowest in a game whose winners hold the
lowest points (penalty games such as Bi-Del), as its latest decided match shows.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any


def sheet_of(record: dict[str, Any]) -> dict[str, Any] | None:
    """The record's score sheet with its date and players (and the replay of its last deal,
    where the table kept one), or None if the game keeps none."""
    sheet = record["result"].get("sheet")
    if sheet is None:
        return None
    return {"date": record["date"], "players": list(record["players"]),
            "columns": sheet["columns"], "rows": sheet["rows"],
            "replay": record["result"].get("replay") or []}


def key_of(record: dict[str, Any]) -> str:
    """The record's ``match_id``, or for a record of the first format without one, an id made
    from its date, players and result (the same record gives the same id)."""
    given = record.get("match_id")
    if isinstance(given, str) and given:
        return given
    text = json.dumps([record["date"], record["players"], record["result"]], sort_keys=True,
                      ensure_ascii=False)
    return "old-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def history_entry(game_id: str, record: dict[str, Any]) -> dict[str, Any]:
    """A finished match for the history: game, date, players, winners by name, points, and
    the result's teams and sheet where it has them."""
    players, result = record["players"], record["result"]
    entry = {"game": game_id, "date": record["date"], "players": list(players),
             "winners": [players[w] for w in result["winners"]],
             "points": list(result["points"])}
    for key in ("teams", "sheet"):
        if key in result:
            entry[key] = result[key]
    return entry


def when(entry: dict[str, Any]) -> datetime:
    """The entry's date, for sorting across games and time zones."""
    return datetime.fromisoformat(entry["date"])


def low_wins(records: list[dict[str, Any]]) -> bool:
    """Whether the winners hold the lowest points, in the latest match whose points tell."""
    for record in reversed(records):
        verdict = decided(record["result"])
        if verdict is not None:
            return verdict
    return False


def decided(result: dict[str, Any]) -> bool | None:
    """Whether ``result``'s winners hold the lowest points (True) or the highest (False); None
    where its points do not tell (nobody won, everybody did, or the points overlap)."""
    points, winners = result["points"], set(result["winners"])
    won = [p for s, p in enumerate(points) if s in winners]
    lost = [p for s, p in enumerate(points) if s not in winners]
    if won and lost and (max(won) < min(lost) or min(won) > max(lost)):
        return bool(max(won) < min(lost))
    return None


def stats(game_id: str, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per player who played ``game_id``, sorted by name (records oldest first)."""
    low = low_wins(records)
    rows: dict[str, dict[str, Any]] = {}
    for record in records:
        players, result = record["players"], record["result"]
        for name in dict.fromkeys(players):
            seats = [s for s, n in enumerate(players) if n == name]
            row = rows.setdefault(name, {"game": game_id, "player": name, "played": 0, "won": 0,
                                         "streak": 0, "best_streak": 0, "best_score": None})
            row["played"] += 1
            if any(s in result["winners"] for s in seats):
                row["won"] += 1
                row["streak"] += 1
                row["best_streak"] = max(row["best_streak"], row["streak"])
            else:
                row["streak"] = 0
            score = (min if low else max)(result["points"][s] for s in seats)
            if row["best_score"] is None:
                row["best_score"] = score
            else:
                row["best_score"] = (min if low else max)(row["best_score"], score)
    return [rows[name] for name in sorted(rows, key=str.casefold)]
