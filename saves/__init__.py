"""Every file the table writes: settings, players, the history of finished matches with its
statistics, and each game's match in progress.

Where: `data_folder()` - platformdirs' ``user_data_path("cardtable", appauthor=False)``, or the
folder named by the environment variable ``CARD_TABLE_HOME`` (tests, portable installs). Nothing
is written anywhere else. Files (formats in `saves.schemas` and `saves.history`, the envelope
in `saves.store`)::

    settings.json         settings (schema version 2)
    profiles.json         names used at the table (1)
    matches/<game>.json   that game's match in progress, rewritten after every action (2)
    history.sqlite        every finished match and each player's statistics (SQLite, 1);
                          history.sqlite-wal and -shm beside it are SQLite's own
    history.sqlite.bak    a copy of it as the last run found it, made as it starts
    <file>.bak            the previous copy of each JSON file
    saves.lock            taken for each write of the JSON files several copies share
    table.lock            held by the running table (`Saves.hold_table`) for as long as it runs
    <file>.corrupt-YYYYMMDD-HHMMSS, .invalid-..., .foreign-..., .newer-v3-..., .unreadable-...,
    .partial-...          files that could not be used (in whole or in part), kept aside,
                          never overwritten
    match.json, scores/<game>.json
                          the first format's match in progress and histories: moved into
                          matches/ and history.sqlite at the first start that finds them (the
                          score files are then kept as scores/<game>.json.migrated-...)

Every JSON write goes through one atomic store (`saves.store.Store`), so a crash or a kill leaves
each file whole, the old copy or the new; the history is a database whose every result is one
transaction (`saves.history`). `Saves.open()` reads everything once; a file it cannot use is
moved aside, the ``.bak`` copy (written back at once as the file: the next start finds it) or
the defaults take its place, and `Saves.notices` tells the player; a settings or names file
with a few bad entries keeps the rest (`saves.store`). A write that fails (disk full) does not
stop the game either: the table goes on with what it holds and a notice says what was not
saved.

One match in progress is kept per game (a family may have a Hokm match and a Pasur match going):
`matches` lists them, newest first, for the menu; `load_match`, `save_match`, `discard_match` and
`reject_match` take a game id. A damaged match is never offered twice: a file whose state
``game.registry.load`` refuses is moved aside at `open` as ``.corrupt-...``; one the table then
fails to resume anyway (its chairs or seed, say) goes aside as ``.invalid-...``
(`reject_match`).

Two copies of the table on one data folder (two windows) lose nothing:

- One running table per folder keeps the matches in progress. The table calls
  `Saves.hold_table` at start; a second copy that finds it held opens all the same, with a
  notice (``match.in_use.readonly``) saying the other window keeps the games in progress: it
  offers none to continue and never writes or removes a match file, while its finished
  matches, names and settings are kept as below. The lock is the operating system's: it dies
  with the process that held it, so a crashed table never locks the folder.
- Settings and names are written merge-on-write under ``saves.lock``: the file is read again
  under the lock, this copy's change is applied to what is there now (the settings this copy
  changed; the name added or removed), written, and the lock released; this copy then holds
  the merged data. Finished matches go into the history database, whose transactions two
  copies take in turn; a match recorded twice under one ``match_id`` counts once.

Usage::

    saves = Saves.open()
    saves.settings["lang"]; saves.save_settings({"lang": "en"})
    saves.save_match({"game": "hokm", "state": state.to_dict(), ...})   # after every action
    saves.matches()                 # at the menu: the matches to continue, newest first
    match = saves.load_match("hokm")   # a game's setup: its own match to continue
    saves.reject_match("hokm", "no seats")  # ... and it would not resume
    saves.record_result("hokm", ["Sara", "Bot 1", "Ali", "Bot 2"], state.result())
    saves.discard_match("hokm")
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

import platformdirs
from filelock import FileLock, Timeout

from game import registry
from game.shapes import Result
from saves import history, schemas, scores
from saves.history import History
from saves.schemas import MATCH, PROFILES, SETTINGS
from saves.store import Notice, Schema, Store, Unusable, aside_name, now

__all__ = ["RECENT", "FolderError", "Notice", "Saves", "data_folder", "selftest_info",
           "writable_problem"]

T = TypeVar("T")
ENV = "CARD_TABLE_HOME"
RECENT = 50
"""How many of a game's latest matches the score sheets show (`Saves.sheets` keeps them at
hand between two changes of the history)."""
LOCK_WAIT = 10.0
"""Seconds a JSON write waits for another copy's write; then it fails like a full disk (a
notice). The history waits longer (`saves.history.WAIT`)."""
MATCHES = "matches"
"""The folder of the matches in progress, one file per game."""
OLD_MATCH = "match.json"
"""The first format's one match in progress (version 1), moved into `MATCHES` when found."""


class FolderError(OSError):
    """The data folder cannot be made: said in one line by whoever starts the table."""


def data_folder() -> Path:
    """``$CARD_TABLE_HOME`` if set, else the platform's user data folder for the table."""
    home = os.environ.get(ENV)
    if home:
        return Path(home).expanduser()
    return platformdirs.user_data_path("cardtable", appauthor=False)


def selftest_info() -> dict[str, Any]:
    """The data folder and the schema version of each kind of file (creates nothing)."""
    folder = data_folder()
    return {"folder": str(folder), "folder_exists": folder.is_dir(),
            "schema_versions": {**schemas.VERSIONS, "history": history.VERSION},
            "platformdirs": platformdirs.__version__}


def writable_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot take a write (it cannot be made, it is read-only, the disk is
    full), in one line; None if a small file could be written there, synced and removed."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix="~selftest.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(b"{}")
                f.flush()
                os.fsync(f.fileno())
        finally:
            os.unlink(probe)
    except OSError as e:
        return f"the data folder {folder} cannot be written ({e.strerror or e})"
    return None


def saved_at(match: dict[str, Any]) -> float:
    """When ``match`` was saved (its ``saved`` time), as a timestamp; 0 if it does not say."""
    try:
        return datetime.fromisoformat(str(match.get("saved"))).timestamp()
    except ValueError:
        return 0.0


def written_at(path: Path) -> str:
    """When ``path`` was last written, as `saves.store.now` writes a time ("" if unknown)."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(stamp).astimezone().isoformat(timespec="seconds")


def match_file(game_id: str) -> str:
    """Where ``game_id``'s match in progress is kept, in the data folder."""
    return f"{MATCHES}/{schemas.check_game_id(game_id)}.json"


class Saves:
    """The table's save files, read once at `open` and written through on every change."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._store = Store(folder)
        self._lock = FileLock(folder / "saves.lock", timeout=LOCK_WAIT)
        self._table: FileLock | None = None
        """``table.lock`` once held; kept referenced, since a collected FileLock lets go."""
        self._keeps_match = True
        read = self._store.load("settings.json", SETTINGS)
        self.first_start = read is None
        """No settings were found (a first start, or settings lost): the table asks for its
        language before anything else."""
        self._settings: dict[str, Any] = read or dict(schemas.DEFAULT_SETTINGS)
        self._settings_seen = dict(self._settings)
        loaded = self._store.load("profiles.json", PROFILES)
        self._profiles: list[str] = loaded["profiles"] if loaded else []
        self._matches_lock = threading.Lock()
        """`save_match` runs on the table's writer thread while the menu reads the matches."""
        self._matches: dict[str, dict[str, Any]] = {}
        self._move_old_match()
        kept = {p.name.split(".")[0] for p in (folder / MATCHES).glob("*.json*")
                if p.name.endswith((".json", ".json.bak"))}  # a file, or its copy alone
        for game_id in sorted(kept):
            if schemas.GAME_ID.fullmatch(game_id):
                self._load_match_file(game_id)
        by_time = sorted(self._matches.items(), key=lambda item: (saved_at(item[1]), item[0]))
        self._matches = dict(by_time)  # the last saved last, as `save_match` keeps them
        self._history = self._open_history()
        self._unsaved: list[tuple[str, dict[str, Any]]] = []
        """Results this copy could not record (the history refused a write): tried again
        before the next one, and kept for this run's scores meanwhile."""
        self._recent: dict[tuple[str, int], list[dict[str, Any]]] = {}
        """The latest matches asked for, by game and count, while the history is as it was
        (`_changes`): the score sheets ask every frame."""
        self._changes = -1
        self._move_old_scores()
        if self._history is not None and self._use(History.games, list[str]()):
            self._history.back_up(self._tell_unsaved)  # the history as this run found it

    @classmethod
    def open(cls, folder: Path | None = None) -> Saves:
        """The saves in ``folder`` (default `data_folder()`), creating the folder;
        `FolderError` if it cannot be made (a parent is a file, say)."""
        folder = folder if folder is not None else data_folder()
        try:
            return cls(folder)
        except OSError as e:
            if folder.is_dir():
                raise
            raise FolderError(f"the data folder {folder} cannot be made ({e.strerror or e}); "
                              f"set {ENV} to a folder that can be") from e

    def close(self) -> None:
        """Let go of the history database (the process's end does it too)."""
        if self._history is not None:
            self._history.close()
            self._history = None

    @property
    def notices(self) -> list[Notice]:
        """What the player must be told: files moved aside this run, writes that failed."""
        return self._store.notices

    def hold_table(self) -> bool:
        """Claim the folder for the running table, until this process ends. False if another
        copy holds it: then this one keeps no match in progress (`matches` is empty,
        `load_match` None, `save_match` and `discard_match` do nothing) and a notice says so.
        A folder that cannot be written (read-only, full) is told in a notice
        (``folder.write_failed.nothing``) and the table plays on (each write that then fails
        is told once per file, `_guard`)."""
        table = FileLock(self.folder / "table.lock")
        try:
            table.acquire(blocking=False)
        except Timeout:
            self._keeps_match = False
            with self._matches_lock:
                self._matches.clear()
            self.notices.append(Notice(
                "match.in_use.readonly", "The table is already open in another window, which "
                "keeps the games in progress; a game left unfinished in this one is not kept.",
                self.folder / "table.lock"))
            return False
        except OSError as e:  # a folder that cannot be written (read-only, full, no right)
            self.notices.append(Notice(
                "folder.write_failed.nothing", f"The data folder {self.folder} cannot be "
                f"written ({e.strerror or e}): the table plays on, but nothing will be saved.",
                self.folder))
            return True
        self._table = table
        return True

    # -- settings and players -----------------------------------------------------------
    @property
    def settings(self) -> dict[str, Any]:
        """The settings of this run: one live dict the table may read and change in place;
        `save_settings` checks and writes them."""
        return self._settings

    def save_settings(self, d: dict[str, Any]) -> None:
        """Change the settings named in ``d`` (the others stay) and write them all; ValueError
        for a bad value, and then nothing is written."""
        settings = schemas.check_settings({**self._settings, **d})
        changed = {k: v for k, v in settings.items()
                   if k not in self._settings_seen or self._settings_seen[k] != v}
        merged = self._update("settings.json", SETTINGS, self._settings_seen,
                              lambda now: schemas.check_settings({**now, **changed}))
        self._settings_seen = dict(merged)
        self._settings.update(merged)

    @property
    def profiles(self) -> list[str]:
        return list(self._profiles)

    def add_profile(self, name: str) -> None:
        """Add a player's name (trimmed) unless it is there already, ignoring case."""
        name = schemas.check_name(name)
        if name.casefold() not in (n.casefold() for n in self._profiles):
            self._change_profiles(lambda names: names if name.casefold() in
                                  (n.casefold() for n in names) else [*names, name])

    def remove_profile(self, name: str) -> None:
        """Forget a name (its scores stay in the history)."""
        gone = name.strip().casefold()
        if any(n.casefold() == gone for n in self._profiles):
            self._change_profiles(lambda names: [n for n in names if n.casefold() != gone])

    def _change_profiles(self, change: Callable[[list[str]], list[str]]) -> None:
        merged = self._update("profiles.json", PROFILES, {"profiles": self._profiles},
                              lambda now: {"profiles": change(now["profiles"])})
        self._profiles = list(merged["profiles"])

    # -- the matches in progress, one per game ------------------------------------------
    def matches(self) -> list[dict[str, Any]]:
        """The matches to continue, one per game, the last saved first (in the order this run
        saved them, after those found at the start by their ``saved`` times: the table's are
        to the microsecond, so the order is the same however fast the machine): each as
        `load_match` gives it (its ``"game"``, and ``"saved"``, when it was last saved). Empty
        when another copy holds the table (`hold_table`)."""
        with self._matches_lock:  # kept in the order written: the last saved last
            return [dict(m) for m in reversed(self._matches.values())]

    def load_match(self, game_id: str) -> dict[str, Any] | None:
        """``game_id``'s match to continue, its state restorable by ``game.registry.restore``;
        or None."""
        with self._matches_lock:
            match = self._matches.get(game_id)
        return None if match is None else dict(match)

    def save_match(self, match: dict[str, Any]) -> None:
        """Keep the match in progress of its game (``match["game"]``), replacing the one kept
        before; call after every action. One small atomic write.

        ``match`` needs ``"game"`` and ``"state"`` (that game's ``State.to_dict()``); the rest
        (seats, options, seed, an id, ``"saved"``: when, for the menu, now if not given...) is
        the table's and comes back as given. Nothing is written when another copy holds the
        table (`hold_table`).
        """
        schemas.check_match_shape(match)
        if not isinstance(match.get("saved"), str):
            match = {**match, "saved": now("microseconds")}
        name = match_file(match["game"])
        if self._keeps_match:
            self._guard("match", Path(name), lambda: self._store.save(name, MATCH, match))
            with self._matches_lock:
                self._matches.pop(match["game"], None)
                self._matches[match["game"]] = match

    def discard_match(self, game_id: str) -> None:
        """``game_id``'s match is over or given up: nothing of it to continue (another copy's,
        when that copy holds the table, stays)."""
        name = match_file(game_id)
        if self._keeps_match:
            with self._matches_lock:
                self._matches.pop(game_id, None)
            self._guard("match", Path(name), lambda: self._store.remove(name))

    def reject_match(self, game_id: str, why: str) -> None:
        """The table could not resume ``game_id``'s match that `load_match` gave (``why``): its
        file is moved aside as ``.invalid-...`` with a notice, and never offered again."""
        with self._matches_lock:
            self._matches.pop(game_id, None)
        if self._keeps_match:
            self._store.set_aside(match_file(game_id), MATCH, Unusable(
                "invalid", f"holds a game the table cannot go on with ({why})"))

    def _load_match_file(self, game_id: str) -> None:
        """Read ``game_id``'s match file (moved aside if unusable, its copy used), and keep its
        match if it is that game's; a match without its ``saved`` time takes the file's."""
        name = match_file(game_id)
        match = self._store.load(name, MATCH)
        if match is None:
            return
        if match["game"] != game_id:
            self._store.set_aside(name, MATCH, Unusable(
                "invalid", f"holds a match of {match['game']}, not of {game_id}"))
            return
        if not isinstance(match.get("saved"), str):
            match = {**match, "saved": written_at(self.folder / name)}
        self._matches[game_id] = match

    def _move_old_match(self) -> None:
        """The first format's ``match.json`` (version 1, the one match for all games) becomes
        its game's match file, unless that game has a match of its own already (then the old
        one is kept aside as ``.replaced-...``, never lost)."""
        if not (self.folder / OLD_MATCH).exists() and not (self.folder / f"{OLD_MATCH}.bak"
                                                            ).exists():
            return
        when = written_at(self.folder / OLD_MATCH)
        old = self._store.load(OLD_MATCH, MATCH)
        if old is None:
            return
        old = {"saved": when, **old}
        name = match_file(old["game"])
        if (self.folder / name).exists():
            self._store.set_aside(OLD_MATCH, MATCH, Unusable(
                "replaced", f"holds a {old['game']} match older than the one kept now"))
            return
        self._guard("match", Path(name), lambda: self._store.save(name, MATCH, old))
        if (self.folder / name).exists():
            self._guard("match", Path(OLD_MATCH), lambda: self._store.remove(OLD_MATCH))

    # -- finished matches ---------------------------------------------------------------
    def record_result(self, game_id: str, players: list[str], result: Result,
                      match_id: str | None = None) -> bool:
        """Add a finished match (``State.result()``, a `game.shapes.Record` where the table keeps
        its last deal to replay; players by seat) to ``game_id``'s history,
        score sheets and statistics, in one transaction; ValueError if they do not fit.

        ``match_id`` (say, an id the table keeps in the match dict) makes it idempotent: a
        match already recorded under that id, by this copy or another, is not counted again
        (False), as when the table was closed between `record_result` and `discard_match` and
        finishes the match anew. Without one, the record gets an id of its own. A result the
        history cannot take (disk full, the database locked past `saves.history.WAIT`) is told
        in a notice, counted in this run's scores, and tried again before the next one.
        """
        schemas.check_game_id(game_id)
        record = schemas.check_record({"date": now(), "players": list(players), "result": result,
                                       "match_id": match_id or uuid.uuid4().hex})
        if any(g == game_id and r["match_id"] == record["match_id"] for g, r in self._unsaved):
            return False
        self._unsaved.append((game_id, record))
        if self._history is None:  # refused at the start (told): it may take them now
            self._history = self._open_history()
        added = True
        while self._unsaved:
            game, waiting = self._unsaved[0]
            fresh = self._use(lambda h: h.record(game, waiting), None)
            if fresh is None:  # refused (told): waits for the next try
                break
            self._unsaved.pop(0)
            self._recent.clear()
            added = fresh if waiting is record else added
        return added

    def games(self) -> list[str]:
        """The games with finished matches, in the menu's order, then any others."""
        held = set(self._use(History.games, list[str]())) | {g for g, _ in self._unsaved}
        known = [g for g in registry.ids() if g in held]
        return known + sorted(held - set(known))

    def sheets(self, game_id: str, limit: int | None = None) -> list[dict[str, Any]]:
        """``game_id``'s score sheets, oldest first: ``{"date", "players", "columns", "rows",
        "replay"}`` (``replay``: the last deal's tricks, ``[[[seat, card], ...], taker]``, or
        empty); with ``limit``, those of its latest ``limit`` matches only."""
        records = self.records(game_id) if limit is None else self._latest(game_id, limit)
        sheets = (scores.sheet_of(r) for r in records)
        return [s for s in sheets if s is not None]

    def history(self, game_id: str | None = None, player: str | None = None,
                limit: int | None = None) -> list[dict[str, Any]]:
        """Finished matches, newest first: ``{"game", "date", "players", "winners" (names),
        "points", maybe "teams" and "sheet"}``; only ``game_id``'s, only those ``player``
        played, at most ``limit``."""
        entries: list[dict[str, Any]] = []
        for game in [game_id] if game_id else self.games():
            mine = (r for r in self.records(game, newest=True)
                    if player is None or player in r["players"])
            entries += (scores.history_entry(game, r) for r in islice(mine, limit))
        entries.sort(key=scores.when, reverse=True)
        return entries[:limit]

    def stats(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Statistics per player and game (``saves.scores``), game by game, players by name."""
        rows = []
        for game in [game_id] if game_id else self.games():
            if any(g == game for g, _ in self._unsaved):  # not all in the history: counted
                rows += scores.stats(game, list(self.records(game)))  # from every record
            else:
                rows += self._use(lambda h: h.stats(game), [])
        return rows

    def records(self, game_id: str, newest: bool = False) -> Iterator[dict[str, Any]]:
        """Every finished match of ``game_id`` as recorded (`saves.schemas.check_record`),
        oldest first (newest first with ``newest``), read from the history a page at a time:
        the whole history never sits in memory (``main.py scores --json`` prints it so)."""
        waiting = [r for g, r in self._unsaved if g == game_id]
        if newest:
            yield from reversed(waiting)
        beyond: int | None = None
        while True:
            page = self._use(lambda h: h.page(game_id, beyond, newest),
                             list[tuple[int, dict[str, Any]]]())
            if not page:
                break
            yield from (record for _, record in page)
            beyond = page[-1][0]
        if not newest:
            yield from waiting

    # -- inside: the history ------------------------------------------------------------
    def _use(self, ask: Callable[[History], T], otherwise: T) -> T:
        """``ask`` the history; ``otherwise`` if there is none or it fails (a notice: locked
        past its wait, the disk full). A history found damaged on the way is put aside and
        its copy put in its place, as at the start (`_open_history`), and asked again."""
        for _ in range(2):
            if self._history is None:
                return otherwise
            try:
                return ask(self._history)
            except Unusable as damaged:
                self._history.close()
                self._history = self._open_history(damaged)
            except OSError as e:
                self._tell_unsaved(e)
                return otherwise
        return otherwise

    def _open_history(self, found: Unusable | None = None) -> History | None:
        """The history database: a damaged one (or one of a newer version; or ``found`` so,
        in use) moved aside with its SQLite files, its copy (``.bak``) or a new one put in its
        place, with a notice; a missing one with a copy is taken from the copy too. None if
        the folder refuses it (a notice; results are then kept for this run only)."""
        path = self.folder / history.FILE
        bak = path.with_name(path.name + ".bak")
        title, empty = "Score sheets and statistics", "the score sheets and statistics start empty"
        try:
            if not path.exists() and bak.exists():
                self._from_history_copy(path, bak)
                self.notices.append(Notice(
                    "scores.missing.backup", f"{title} ({path.name}) was missing. Its previous "
                    f"copy, {bak.name}, was used and saved in its place.", bak))
            for attempt in ("file", "copy", "new"):
                try:
                    if attempt == "file" and found is not None:
                        raise found
                    if attempt == "file" and bak.exists() and path.exists() \
                            and not path.stat().st_size:  # SQLite would take it for a new one
                        raise Unusable("corrupt", "could not be read: it is empty")
                    return History.open(path)
                except Unusable as bad:
                    problem = bad
                aside = self._set_aside_history(path, problem)
                use_copy = attempt == "file" and bak.exists()
                self.notices.append(Notice(
                    f"scores.{problem.reason}.{'backup' if use_copy else 'empty'}",
                    f"{title} ({path.name}) {problem.why}. It was kept as {aside.name}, and "
                    f"{'the previous copy was used' if use_copy else empty}.", aside))
                if use_copy:
                    self._from_history_copy(path, bak)
        except OSError as e:  # the folder refuses it (read-only, full): results kept this run
            self._tell_unsaved(e)
        return None

    def _from_history_copy(self, path: Path, bak: Path) -> None:
        """Put the history's copy in its place (a copy of it: the ``.bak`` stays)."""
        tmp = path.with_name(f"~{path.name}.restore.tmp")
        tmp.write_bytes(bak.read_bytes())
        os.replace(tmp, path)

    def _set_aside_history(self, path: Path, bad: Unusable) -> Path:
        """Move the history and its SQLite files aside, named as `saves.store` names them."""
        aside = aside_name(path, bad.tag)
        for part in history.set_aside_files(path):
            os.rename(part, aside.with_name(aside.name + part.name[len(path.name):]))
        return aside

    def _tell_unsaved(self, e: Exception) -> None:
        self._store.tell_unsaved("scores", history.FILE, e)

    def _latest(self, game_id: str, limit: int) -> list[dict[str, Any]]:
        """The latest ``limit`` matches of ``game_id``, oldest first; kept at hand while the
        history does not change (another copy's result changes it: `History.changes`)."""
        changes = self._use(History.changes, -1)
        if changes != self._changes:
            self._recent.clear()
            self._changes = changes
        recent = self._recent.get((game_id, limit))  # cleared by the writer thread at will
        if recent is None:
            recent = self._use(lambda h: h.latest(game_id, limit), list[dict[str, Any]]())
            self._recent[(game_id, limit)] = recent
        waiting = [r for g, r in self._unsaved if g == game_id]
        found = [*recent, *waiting]
        return found[-limit:] if limit > 0 else []

    def _move_old_scores(self) -> None:
        """The first format's score files (``scores/<game>.json``, whole histories rewritten
        for every result) go into the history database, each in one transaction, each record
        once (a record without an id gets one from its date, players and result, so that two
        copies moving the same file at once, or a move cut short and made again, add nothing
        twice); the file and its copy are then kept aside as ``.migrated-...``, and the
        summary beside them removed."""
        for path in sorted((self.folder / "scores").glob("*.json")):
            game_id = path.stem
            if self._history is None or not schemas.GAME_ID.fullmatch(game_id):
                continue
            data = self._store.load(f"scores/{game_id}.json", schemas.scores_schema(game_id))
            records = [{**r, "match_id": scores.key_of(r)} for r in (data or {}).get("matches", [])]
            if self._use(lambda h: h.record_many(game_id, records), None) is None:
                return  # refused (told): moved at the next start
            stamp = time.strftime("%Y%m%d-%H%M%S")
            for part in (path, path.with_name(path.name + ".bak")):
                if part.exists():
                    os.replace(part, part.with_name(f"{part.name}.migrated-{stamp}"))
            path.with_suffix(".summary").unlink(missing_ok=True)

    # -- inside -------------------------------------------------------------------------
    def _update(self, name: str, schema: Schema, held: Any, change: Callable[[Any], Any]
                ) -> Any:
        """Merge-on-write: under ``saves.lock`` read ``name`` again (``held``, this copy's data,
        if it is missing or unusable), apply ``change``, write the result and return it. If
        the lock or the write fails, the change applied to ``held``, and a notice."""
        merged: list[Any] = []

        def write() -> None:
            with self._lock:
                now = self._store.load(name, schema)
                merged.append(change(held if now is None else now))
                self._store.save(name, schema, merged[0])

        self._guard(schema.kind, Path(name), write)
        return merged[0] if merged else change(held)

    def _guard(self, kind: str, name: Path, write: Callable[[], None]) -> None:
        """Run a write; if the OS refuses it, say so once per file and let the table go on."""
        try:
            write()
        except OSError as e:
            self._store.tell_unsaved(kind, str(name), e)
