"""Every file the table writes: settings, players, score sheets, statistics, the game in progress.

Where: `data_folder()` - platformdirs' ``user_data_path("cardtable", appauthor=False)``, or the
folder named by the environment variable ``CARD_TABLE_HOME`` (tests, portable installs). Nothing
is written anywhere else. Files (formats in `saves.schemas`, the envelope in `saves.store`)::

    settings.json         settings (schema version 2)
    profiles.json         names used at the table (1)
    match.json            the match in progress, rewritten after every action (1)
    scores/<game>.json    each game's finished matches: date, players, result and sheet (1)
    <file>.bak            the previous copy of each file
    saves.lock            taken for each write of the files below that several copies share
    table.lock            held by the running table (`Saves.hold_table`) for as long as it runs
    <file>.corrupt-YYYYMMDD-HHMMSS, .invalid-..., .foreign-..., .newer-v3-..., .unreadable-...
                          files that could not be used, kept aside, never overwritten

Every write goes through one atomic store (`saves.store.Store`), so a crash or a kill leaves
each file whole, the old copy or the new. `Saves.open()` reads everything once; a file it
cannot use is moved aside, the ``.bak`` copy or the defaults take its place, and
`Saves.notices` tells the player. A write that fails (disk full) does not stop the game either:
the table goes on with what it holds and a notice says what was not saved.

A damaged game in progress is never offered twice: a ``match.json`` whose state
``game.registry.restore`` refuses (ValueError, TypeError, KeyError, whatever it raises) or does
not give back as saved is moved aside at `open` as ``.corrupt-...``; one the table then fails
to resume anyway (its chairs or seed, say) goes aside as ``.invalid-...`` (`reject_match`).

Two copies of the table on one data folder (two windows) lose nothing:

- One running table per folder keeps the game in progress. The table calls `Saves.hold_table`
  at start; a second copy that finds it held opens all the same, with a notice
  (``match.in_use.readonly``) saying the other window keeps the game in progress: it offers
  none to continue and never writes or removes ``match.json``, while its finished matches,
  names and settings are kept as below. The lock is the operating system's: it dies with the
  process that held it, so a crashed table never locks the folder.
- Settings, names and score sheets are written merge-on-write under ``saves.lock``: the file is
  read again under the lock, this copy's change is applied to what is there now (the settings
  this copy changed; the name added or removed; the union of the finished matches, one per
  ``match_id``), written, and the lock released; this copy then holds the merged data.

Usage::

    saves = Saves.open()
    saves.settings["lang"]; saves.save_settings({"lang": "en"})
    saves.save_match({"game": "hokm", "state": state.to_dict(), ...})   # after every action
    match = saves.load_match()      # at start: offer to continue
    saves.reject_match("no seats")  # ... and it would not resume
    saves.record_result("hokm", ["Sara", "Bot 1", "Ali", "Bot 2"], state.result())
    saves.clear_match()
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs
from filelock import FileLock, Timeout

from game import registry
from saves import schemas, scores
from saves.schemas import MATCH, PROFILES, SETTINGS
from saves.store import Notice, Schema, Store, Unusable, now

__all__ = ["RECENT", "FolderError", "Notice", "Saves", "data_folder", "selftest_info",
           "writable_problem"]

ENV = "CARD_TABLE_HOME"
RECENT = 50
"""How many of a game's latest matches its summary keeps (history and sheets read there)."""
SUMMARY_SUFFIX = ".summary"
"""``scores/<game>.summary``: a game's statistics and latest matches, beside its records."""
LOCK_WAIT = 10.0
"""Seconds a write waits for another copy's write; then it fails like a full disk (a notice)."""


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
            "schema_versions": dict(schemas.VERSIONS), "platformdirs": platformdirs.__version__}


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
        self._match: dict[str, Any] | None = self._store.load("match.json", MATCH)
        self._records: dict[str, list[dict[str, Any]]] = {}
        """Each game's finished matches, read in full only once something needs them all."""
        self._summaries: dict[str, dict[str, Any]] = {}
        """Each game's statistics and latest matches (`SUMMARY`): what the table shows."""
        for path in sorted((folder / "scores").glob("*.json")):
            game_id = path.stem
            if schemas.GAME_ID.fullmatch(game_id):
                summary = self._read_summary(game_id)
                if summary is not None:
                    self._summaries[game_id] = summary
                else:
                    self._load_records(game_id)

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

    @property
    def notices(self) -> list[Notice]:
        """What the player must be told: files moved aside this run, writes that failed."""
        return self._store.notices

    def hold_table(self) -> bool:
        """Claim the folder for the running table, until this process ends. False if another
        copy holds it: then this one keeps no game in progress (`load_match` is None,
        `save_match` and `clear_match` do nothing) and a notice says so. A folder that cannot be
        written (read-only, full) is told in a notice (``folder.write_failed.nothing``) and the
        table plays on (each write that then fails is told once per file, `_guard`)."""
        table = FileLock(self.folder / "table.lock")
        try:
            table.acquire(blocking=False)
        except Timeout:
            self._keeps_match, self._match = False, None
            self.notices.append(Notice(
                "match.in_use.readonly", "The table is already open in another window, which "
                "keeps the game in progress; a game left unfinished in this one is not kept.",
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

    # -- the match in progress ----------------------------------------------------------
    def save_match(self, match: dict[str, Any]) -> None:
        """Keep the match in progress; call after every action. One small atomic write.

        ``match`` needs ``"game"`` and ``"state"`` (that game's ``State.to_dict()``); the rest
        (seats, options, seed, an id...) is the table's and comes back as given. Nothing is
        written when another copy holds the table (`hold_table`).
        """
        schemas.check_match_shape(match)
        if self._keeps_match:
            self._guard("match", Path("match.json"),
                        lambda: self._store.save("match.json", MATCH, match))
            self._match = match

    def load_match(self) -> dict[str, Any] | None:
        """The match to continue, its state restorable by ``game.registry.restore``; or None."""
        return None if self._match is None else dict(self._match)

    def reject_match(self, why: str) -> None:
        """The table could not resume the match `load_match` gave (``why``): ``match.json`` is
        moved aside as ``.invalid-...`` with a notice, and never offered again."""
        self._match = None
        if self._keeps_match:
            self._store.set_aside("match.json", MATCH, Unusable(
                "invalid", f"holds a game the table cannot go on with ({why})"))

    def clear_match(self) -> None:
        """The match is over or abandoned: nothing to continue (another copy's match, when
        that copy holds the table, stays)."""
        self._match = None
        if self._keeps_match:
            self._guard("match", Path("match.json"), lambda: self._store.remove("match.json"))

    # -- finished matches ---------------------------------------------------------------
    def record_result(self, game_id: str, players: list[str], result: dict[str, Any],
                      match_id: str | None = None) -> bool:
        """Add a finished match (``State.result()``, players by seat) to ``game_id``'s history,
        score sheets and statistics, in one atomic write; ValueError if they do not fit.

        ``match_id`` (say, an id the table keeps in the match dict) makes it idempotent: a
        match already recorded under that id, by this copy or another, is not counted again
        (False), as when the table was closed between `record_result` and `clear_match` and
        finishes the match anew. Without one, the record gets an id of its own.
        """
        schemas.check_game_id(game_id)
        record = schemas.check_record({"date": now(), "players": list(players), "result": result,
                                       "match_id": match_id or uuid.uuid4().hex})
        held = self._records.get(game_id, [])  # read again under the lock below, in full
        if any(r.get("match_id") == record["match_id"] for r in held):
            return False
        schema = schemas.scores_schema(game_id)
        merged = self._update(f"scores/{game_id}.json", schema,
                              {"game": game_id, "matches": held},
                              lambda now: {"game": game_id, "matches": scores.union(
                                  now["matches"], held, [record])})
        self._records[game_id] = merged["matches"]
        self._summarise(game_id)
        return any(r is record for r in merged["matches"])

    def games(self) -> list[str]:
        """The games with finished matches, in the menu's order, then any others."""
        held = {g for g in (*self._records, *self._summaries) if self._summary(g)["count"]}
        known = [g for g in registry.ids() if g in held]
        return known + sorted(held - set(known))

    def sheets(self, game_id: str, limit: int | None = None) -> list[dict[str, Any]]:
        """``game_id``'s score sheets, oldest first: ``{"date", "players", "columns", "rows",
        "replay"}`` (``replay``: the last deal's tricks, ``[[[seat, card], ...], taker]``, or
        empty); with ``limit``, those of its latest ``limit`` matches only (read from the
        summary while that is at most `RECENT`)."""
        sheets = (scores.sheet_of(r) for r in self._latest(game_id, limit))
        return [s for s in sheets if s is not None]

    def history(self, game_id: str | None = None, player: str | None = None,
                limit: int | None = None) -> list[dict[str, Any]]:
        """Finished matches, newest first: ``{"game", "date", "players", "winners" (names),
        "points", maybe "teams" and "sheet"}``; only ``game_id``'s, only those ``player``
        played, at most ``limit``."""
        entries = [scores.history_entry(g, r)
                   for g in ([game_id] if game_id else self.games())
                   for r in reversed(self._latest(g, None if player else limit))
                   if player is None or player in r["players"]]
        entries.sort(key=scores.when, reverse=True)
        return entries[:limit]

    def stats(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Statistics per player and game (``saves.scores``), game by game, players by name."""
        return [row for g in ([game_id] if game_id else self.games())
                for row in self._summary(g)["stats"]]

    # -- inside: the score files and their summaries ------------------------------------
    def _load_records(self, game_id: str) -> list[dict[str, Any]]:
        """Read ``scores/<game_id>.json`` in full (moved aside if unusable), and keep its
        summary beside it for the next start."""
        data = self._store.load(f"scores/{game_id}.json", schemas.scores_schema(game_id))
        self._summaries.pop(game_id, None)
        if data is None:  # unusable (moved aside, with a notice) or gone
            self._records.pop(game_id, None)
            return []
        self._records[game_id] = data["matches"]
        self._summarise(game_id)
        return self._records[game_id]

    def _all(self, game_id: str) -> list[dict[str, Any]]:
        """Every finished match of ``game_id``, oldest first (read now if not read yet)."""
        held = self._records.get(game_id)
        if held is not None:
            return held
        if game_id not in self._summaries:
            return []
        return self._load_records(game_id)

    def _latest(self, game_id: str, limit: int | None) -> list[dict[str, Any]]:
        """The latest ``limit`` matches of ``game_id`` (all with None), oldest first."""
        if game_id in self._records or limit is None or limit > RECENT:
            records = self._all(game_id)
        else:
            records = self._summaries.get(game_id, {}).get("recent", [])
        return records if limit is None else records[-limit:] if limit > 0 else []

    def _summary(self, game_id: str) -> dict[str, Any]:
        """``game_id``'s summary: kept from the file, or made from the records read."""
        summary = self._summaries.get(game_id)
        if summary is None:
            records = self._all(game_id)
            summary = {"count": len(records), "stats": scores.stats(game_id, records),
                       "recent": records[-RECENT:]}
            self._summaries[game_id] = summary
        return summary

    def _summarise(self, game_id: str) -> None:
        """Make ``game_id``'s summary from its records and write it beside the score file,
        marked with the size and time of the file it sums up. A summary is derived data: one
        that cannot be written is simply made again at the next start."""
        self._summaries.pop(game_id, None)
        summary = self._summary(game_id)
        try:
            info = (self.folder / "scores" / f"{game_id}.json").stat()
            self._store.save(f"scores/{game_id}{SUMMARY_SUFFIX}", schemas.SUMMARY,
                             {"game": game_id, "source": [info.st_size, info.st_mtime_ns],
                              **summary})
        except OSError:
            pass

    def _read_summary(self, game_id: str) -> dict[str, Any] | None:
        """The summary written beside ``scores/<game_id>.json``, if it sums up the file as it
        is now (same size and time); None to read the records instead. Never a notice: a
        summary that does not fit is made again."""
        try:
            info = (self.folder / "scores" / f"{game_id}.json").stat()
            data = schemas.check_summary(self._store.peek(
                f"scores/{game_id}{SUMMARY_SUFFIX}", schemas.SUMMARY), game_id)
        except (OSError, ValueError, TypeError, KeyError):
            return None
        if data["source"] != [info.st_size, info.st_mtime_ns]:
            return None
        return {"count": data["count"], "stats": data["stats"], "recent": data["recent"]}

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
            path = self.folder / name
            key = f"{kind}.write_failed.unsaved"
            if not any(n.key == key and n.path == path for n in self.notices):
                self.notices.append(Notice(
                    key, f"{name} could not be saved ({e.strerror or e}); the table goes on, "
                    "but this change may be lost when it closes.", path))
