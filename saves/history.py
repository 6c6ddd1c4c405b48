"""Every finished match of every game, kept in ``history.sqlite`` (SQLite, from Python's standard
library), with each player's statistics beside them.

Why a database: a history kept as one JSON file per game was rewritten whole for every result
(3 s at 10,000 records, 34 s and 3.5 GB at 100,000). Here recording a result adds one row and
updates one statistics row per player, in one transaction, and opening the scores reads the
statistics rows and the latest matches by index: both take about the same time at 100 records
as at 100,000 (`benchmarks/saves.py` prints the figures). SQLite's own locking lets two copies
of the table record at once (each waits for the other's transaction, up to `WAIT` seconds, on a
thread that holds no frame), and its write-ahead log makes every transaction all or nothing,
whatever kills the process: a result is on disk when `History.record` returns (``synchronous
= FULL``), and a kill -9 mid-write loses nothing recorded before.

The file (schema version `VERSION`, in ``PRAGMA user_version``)::

    results(id INTEGER PRIMARY KEY, game, match_id, date, players, result,
            UNIQUE (game, match_id))             -- one row per finished match, oldest first,
    INDEX results_by_game (game, id)             -- read a game's latest by index
    players(game, player, played, won, streak, best_streak, best_high, best_low,
            PRIMARY KEY (game, player))          -- the statistics, kept up to date by record
    games(game PRIMARY KEY, count, low)          -- matches per game; whether its winners hold
                                                 -- the lowest points (Bi-Del), by the latest
                                                 -- match whose points tell

``players`` and ``result`` are the record's JSON (`saves.schemas.check_record`). The statistics
are the ones `saves.scores.stats` computes from the records (``best_score`` is ``best_low`` in a
game whose winners hold the lowest points, else ``best_high``), kept as each result comes, so
they never need every record read; a test holds the two the same.

A file that is not such a database (damaged, or of a newer version) is not opened: `open`
raises `Unusable`, and `saves.Saves` moves it aside and starts from its copy, ``history.sqlite.bak``
(the history as the last run found it at its start, copied on a thread of its own:
`History.back_up`), or afresh.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from saves.schemas import check_record
from saves.scores import decided
from saves.store import Unusable

VERSION = 1
"""The history's schema version (``PRAGMA user_version``)."""
WAIT = 60.0
"""Seconds a write waits for another copy's transaction (a few ms each) before it fails."""
FILE = "history.sqlite"
SIDES = ("-wal", "-shm")
"""The files SQLite keeps beside the database in WAL mode: they travel with it when it is moved
aside (left behind, an old log would be played into the next database)."""

_TABLES = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, match_id TEXT NOT NULL, date TEXT NOT NULL,
    players TEXT NOT NULL, result TEXT NOT NULL, UNIQUE (game, match_id));
CREATE INDEX IF NOT EXISTS results_by_game ON results (game, id);
CREATE TABLE IF NOT EXISTS players (
    game TEXT NOT NULL, player TEXT NOT NULL, played INTEGER NOT NULL, won INTEGER NOT NULL,
    streak INTEGER NOT NULL, best_streak INTEGER NOT NULL, best_high, best_low,
    PRIMARY KEY (game, player));
CREATE TABLE IF NOT EXISTS games (
    game TEXT PRIMARY KEY, count INTEGER NOT NULL, low INTEGER);
"""
_COUNT_GAME = """
INSERT INTO games (game, count, low) VALUES (?, 1, ?)
ON CONFLICT (game) DO UPDATE SET count = count + 1, low = coalesce(excluded.low, low)"""
_COUNT_PLAYER = """
INSERT INTO players (game, player, played, won, streak, best_streak, best_high, best_low)
VALUES (?, ?, 1, ?, ?, ?, ?, ?)
ON CONFLICT (game, player) DO UPDATE SET
    played = played + 1, won = won + excluded.won,
    streak = CASE WHEN excluded.won THEN streak + 1 ELSE 0 END,
    best_streak = max(best_streak, CASE WHEN excluded.won THEN streak + 1 ELSE 0 END),
    best_high = max(best_high, excluded.best_high), best_low = min(best_low, excluded.best_low)
"""


T = TypeVar("T")


def _guarded(method: Callable[..., T]) -> Callable[..., T]:
    """A `History` method whose SQLite errors are ours: `Unusable` when the database turns out
    damaged (SQLite's "malformed", "not a database"), OSError for any other (locked past
    `WAIT`, the disk full or failing)."""
    @functools.wraps(method)
    def guarded(*args: Any, **kwargs: Any) -> T:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as e:
            if type(e) is sqlite3.DatabaseError:
                raise Unusable("corrupt", f"could not be read: it is damaged ({e})") from e
            raise OSError(f"{FILE}: {e}") from e
    return guarded


class History:
    """The history database, one connection shared by the table's threads (under a lock)."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._lock = threading.Lock()
        self._copying: threading.Thread | None = None
        self.unreadable = 0
        """Rows read so far that did not hold a record (a damaged row): left out, kept."""

    @classmethod
    def open(cls, path: Path) -> History:
        """The history in ``path``, made if it is not there; `Unusable` if it is not a
        history this table can read (not SQLite, damaged, a newer version), OSError if the
        folder refuses it."""
        try:
            db = sqlite3.connect(path, timeout=WAIT, isolation_level=None,
                                 check_same_thread=False)
        except sqlite3.Error as e:
            raise OSError(f"{path.name} cannot be opened ({e})") from e
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > VERSION:
                raise Unusable("newer", f"was written by a newer version of the table (format "
                               f"{version}; this one reads up to {VERSION})",
                               tag=f"newer-v{version}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            if version < VERSION:
                with _transaction(db):
                    _create(db)  # or find them made by another copy starting at once
            _probe(db)
        except sqlite3.OperationalError as e:  # locked past WAIT, read-only, the disk full
            db.close()
            raise OSError(f"{path.name} cannot be used now ({e})") from e
        except sqlite3.DatabaseError as e:  # SQLite's own "malformed", "not a database"
            db.close()
            raise Unusable("corrupt", f"could not be read: it is damaged or not a history "
                           f"({e})") from e
        except BaseException:
            db.close()
            raise
        return cls(db, path)

    def close(self) -> None:
        """Wait for the copy being made (`back_up`), then let go of the database."""
        if self._copying is not None:
            self._copying.join()
        with self._lock:
            self._db.close()

    # -- writing --------------------------------------------------------------------------
    def record(self, game_id: str, record: dict[str, Any]) -> bool:
        """Add ``record`` (checked by `saves.schemas.check_record`, with its ``match_id``) to
        ``game_id``'s history and its players' statistics, in one transaction; False if a match
        of that id is recorded already (by this copy or another)."""
        return self.record_many(game_id, [record]) == 1

    @_guarded
    def record_many(self, game_id: str, records: Iterable[dict[str, Any]]) -> int:
        """`record` each of ``records`` in order, all in one transaction (a history of the
        first format moved in at once: one commit, not one a record); how many were new."""
        added = 0
        with self._lock, _transaction(self._db) as db:
            for record in records:
                added += _add(db, game_id, record)
        return added

    def back_up(self, told: Callable[[Exception], None]) -> None:
        """Start copying the database whole to ``history.sqlite.bak`` (through a temporary
        file), on a thread of its own with a connection of its own, so that neither the start
        nor a result waits for it (a hundred thousand results take about a second), unless the
        copy there holds the same results already; a copy that fails is ``told``. `close`
        waits for it."""
        def copy_it() -> None:
            bak = self.path.with_name(self.path.name + ".bak")
            tmp = self.path.with_name(f"~{self.path.name}.{os.getpid()}.bak.tmp")
            try:
                source = sqlite3.connect(self.path, timeout=WAIT)
                if _rows(source) == _copied_rows(bak):  # results are only ever added
                    source.close()
                    return
                copy = sqlite3.connect(tmp)
                try:
                    source.backup(copy)
                    copy.execute("PRAGMA journal_mode = DELETE")
                finally:
                    copy.close()
                    source.close()
                os.replace(tmp, bak)
            except (OSError, sqlite3.Error) as e:
                told(e)
            finally:
                tmp.unlink(missing_ok=True)

        self._copying = threading.Thread(target=copy_it, name="history-copy", daemon=True)
        self._copying.start()

    # -- reading --------------------------------------------------------------------------
    @_guarded
    def changes(self) -> int:
        """A number that changes whenever another connection (another copy) has committed."""
        with self._lock:
            return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    @_guarded
    def games(self) -> list[str]:
        """The games with at least one finished match."""
        with self._lock:
            return [row[0] for row in self._db.execute(
                "SELECT game FROM games WHERE count > 0 ORDER BY game")]

    @_guarded
    def stats(self, game_id: str) -> list[dict[str, Any]]:
        """One row per player of ``game_id``, as `saves.scores.stats` makes them, by name."""
        with self._lock:
            low = self._db.execute("SELECT low FROM games WHERE game = ?",
                                   (game_id,)).fetchone()
            rows = self._db.execute(
                "SELECT player, played, won, streak, best_streak, best_high, best_low "
                "FROM players WHERE game = ?", (game_id,)).fetchall()
        lowest = bool(low and low[0])
        out = [{"game": game_id, "player": player, "played": played, "won": won,
                "streak": streak, "best_streak": best, "best_score": best_low if lowest
                else best_high}
               for player, played, won, streak, best, best_high, best_low in rows]
        return sorted(out, key=lambda row: str(row["player"]).casefold())

    def latest(self, game_id: str, limit: int) -> list[dict[str, Any]]:
        """The latest ``limit`` records of ``game_id``, oldest first."""
        return [r for _, r in reversed(self.page(game_id, None, newest=True, size=limit))]

    @_guarded
    def page(self, game_id: str, beyond: int | None, newest: bool, size: int = 500
             ) -> list[tuple[int, dict[str, Any]]]:
        """Up to ``size`` records of ``game_id`` with their row ids, oldest first from the one
        after row ``beyond``, or with ``newest`` newest first from the one before it (None:
        from the first, or the last): how every record is read, a page at a time."""
        where, order = ("id < ?", "DESC") if newest else ("id > ?", "")
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, match_id, date, players, result FROM results WHERE game = ? AND "
                f"{where} ORDER BY id {order} LIMIT ?",
                (game_id, (2**63 - 1 if newest else 0) if beyond is None else beyond,
                 size)).fetchall()
        out = []
        for row_id, match_id, date, players, result in rows:
            try:
                out.append((row_id, check_record({"date": date, "players": json.loads(players),
                                                  "result": json.loads(result),
                                                  "match_id": match_id})))
            except (ValueError, TypeError, KeyError, RecursionError):
                self.unreadable += 1  # a damaged row: left out, and kept in the file
        return out


def _add(db: sqlite3.Connection, game_id: str, record: dict[str, Any]) -> bool:
    """Insert ``record`` and count it in the statistics, in the transaction open on ``db``;
    False if its match id is there already."""
    players, result = record["players"], record["result"]
    added = db.execute(
        "INSERT OR IGNORE INTO results (game, match_id, date, players, result) "
        "VALUES (?, ?, ?, ?, ?)",
        (game_id, record["match_id"], record["date"], _json(players), _json(result)))
    if not added.rowcount:
        return False
    db.execute(_COUNT_GAME, (game_id, decided(result)))
    winners = set(result["winners"])
    for name in dict.fromkeys(players):
        seats = [s for s, n in enumerate(players) if n == name]
        won = int(any(s in winners for s in seats))
        points = [result["points"][s] for s in seats]
        db.execute(_COUNT_PLAYER, (game_id, name, won, won, won, max(points), min(points)))
    return True


def _probe(db: sqlite3.Connection) -> None:
    """Read what a start and the scores read first, and the last page of the results (where
    a file cut short is short): SQLite's own error if any of it is damaged. A full check reads
    every page (hundreds of ms at 100,000 results); damage found later, by any read, is met
    the same way (`saves.Saves`)."""
    db.execute("SELECT count(*), max(count) FROM games").fetchone()
    db.execute("SELECT count(*) FROM players").fetchone()
    db.execute("SELECT * FROM results ORDER BY id DESC LIMIT 1").fetchone()


def _create(db: sqlite3.Connection) -> None:
    """The tables, and the version that says they are there, in a new database (inside a
    transaction: a second copy starting at the same moment waits, then finds them made);
    `Unusable` for a database of something else (tables, and no version of ours)."""
    if db.execute("PRAGMA user_version").fetchone()[0] == VERSION:
        return
    if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise Unusable("foreign", "is not a history of this table")
    for statement in _TABLES.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {VERSION}")


class _transaction:
    """``BEGIN IMMEDIATE`` (the write lock at once, so that two copies never deadlock) ...
    ``COMMIT``, or ``ROLLBACK`` if the block raised."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")


def _rows(db: sqlite3.Connection) -> tuple[int, int]:
    """How many results ``db`` holds, and the last one's row id."""
    count, last = db.execute("SELECT count(*), coalesce(max(id), 0) FROM results").fetchone()
    return int(count), int(last)


def _copied_rows(bak: Path) -> tuple[int, int] | None:
    """`_rows` of the copy ``bak``, read only; None if there is none or it cannot be read."""
    if not bak.exists():
        return None
    try:
        copy = sqlite3.connect(f"{bak.as_uri()}?mode=ro", uri=True)
        try:
            return _rows(copy)
        finally:
            copy.close()
    except sqlite3.Error:
        return None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def set_aside_files(path: Path) -> list[Path]:
    """The database ``path`` and the files SQLite keeps beside it (`SIDES`), those present."""
    return [p for p in (path, *(path.with_name(path.name + side) for side in SIDES))
            if p.exists()]
