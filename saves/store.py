"""The one atomic JSON store behind every file the table writes.

Each file is a JSON envelope ``{"schema": "cardtable/<kind>", "version": N, "saved": <ISO time>,
"data": ...}``, written as UTF-8 without ASCII escapes.

Writing (`Store.save`): the new text goes to a temporary file ``~<name>.<random>.tmp`` in the
same folder, which is flushed and fsynced; the current file is hard-linked (copied where the file
system has no hard links) as ``~<name>.<random>.bak.tmp``, which ``os.replace`` makes
``<name>.bak`` (and which is removed if it was already a link to the same file as
``<name>.bak``: renaming over a twin link does nothing); ``os.replace`` puts the new file in
place; the folder is fsynced where the OS allows (not on Windows). A process killed at any
moment leaves the old file or the new one under ``<name>`` and a whole ``<name>.bak``, never a
broken one; leftover temporary files are removed by a later `Store` once they are a minute old.

Reading (`Store.load`): a file that cannot be used is moved aside, never overwritten, under a
name that says when and why - ``<name>.corrupt-YYYYMMDD-HHMMSS`` (not JSON, cut short, or its
content fails the schema's check), ``.invalid-...`` (it passed the check, but its reader found
it unusable: `Store.set_aside`), ``.foreign-...`` (valid JSON but not our envelope of this
kind), ``.newer-v3-...`` (written by a newer version), ``.unreadable-...`` (the OS refused to
read it). Then the ``.bak`` copy is tried; if it cannot be used either it is moved aside too and
`load` returns None (the caller's defaults). Each file moved aside adds a `Notice`. Older
versions are upgraded by the schema's migrations, one version at a time.

A file whose schema can `Schema.salvage` it (settings, names) is not thrown away for one bad
entry: the entries its check refuses are left out, the rest is used, the file as it was is
moved aside as ``.partial-...`` and the notice names what was left out (`Notice.details`).

What is recovered is written back at once, atomically: the ``.bak`` copy used in place of a bad
file, or the entries kept of a salvaged one, become the file again, so that the next start
finds them (the ``.bak`` is left as it was). A missing file whose ``.bak`` is there (lost by
hand, by a sync tool, or by a crash between `remove`'s two deletions: it deletes the ``.bak``
first, so a file the table removed never comes back) is taken from its ``.bak`` the same way,
with a notice; a missing file without one is simply not there (None, no notice).
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple


class Notice(NamedTuple):
    """Something the player must be told about a save file, in plain English.

    ``key`` is ``<kind>.<reason>.<outcome>`` for the UI to localize: kind ``settings``,
    ``profiles``, ``match`` or ``scores``; reason ``corrupt``, ``invalid``, ``foreign``,
    ``newer``, ``unreadable``, ``missing`` (only its copy was there) or ``partial`` (some
    entries could not be used); outcome ``backup`` (the previous copy was used, and saved in
    its place), ``empty`` (the defaults are used), ``kept`` (the usable entries are kept) or
    ``stuck`` (the file could not be moved aside and is left untouched) - or
    ``<kind>.write_failed.unsaved`` when a write failed (disk full, no permission).
    ``path`` is where the file now lies (the name saying when and why), or the file not written.
    ``details``, for ``partial``, names each entry left out (`Schema.salvage`).
    """

    key: str
    message: str
    path: Path
    details: tuple[str, ...] = ()


@dataclass(frozen=True)
class Schema:
    """One kind of save file: its current version, its check and its migrations.

    ``check`` takes the loaded data and returns it (normalised) or raises ValueError, TypeError
    or KeyError saying what is wrong. ``migrations[v]`` turns data of version ``v`` into data of
    version ``v + 1``. ``title`` names the file for the player ("Settings"); ``empty`` says what
    the table does without it ("the default settings are used"). ``salvage``, where given,
    takes data ``check`` refused and returns what of it is usable (for ``check`` to pass) and
    the entries it left out, each named as a path (``anim_speed``, ``setup.hokm.chair.3``);
    ValueError if nothing of it is.
    """

    kind: str
    version: int
    title: str
    empty: str
    check: Callable[[Any], Any]
    migrations: Mapping[int, Callable[[Any], Any]] = field(default_factory=dict)
    salvage: Callable[[Any], tuple[Any, list[str]]] | None = None


class Unusable(Exception):
    """Why a file cannot be used: ``reason`` for the notice key, ``tag`` for the aside name."""

    def __init__(self, reason: str, why: str, tag: str = "") -> None:
        super().__init__(why)
        self.reason = reason
        self.why = why
        self.tag = tag or reason


class Salvaged(Unusable):
    """A file whose check refused some entries and whose schema kept the rest: ``data``, the
    usable part (checked), and ``left_out``, the entries refused (`Schema.salvage`)."""

    def __init__(self, why: str, data: Any, left_out: list[str]) -> None:
        super().__init__("partial", why)
        self.data = data
        self.left_out = left_out


class Store:
    """Atomic JSON files in ``folder``; `notices` collects what the player must be told."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.notices: list[Notice] = []
        self._stuck: set[Path] = set()
        folder.mkdir(parents=True, exist_ok=True)
        self._remove_stale_temporaries()

    def save(self, name: str, schema: Schema, data: Any) -> None:
        """Write ``data`` as ``name`` atomically, keeping the previous copy as ``name.bak``.

        Raises ValueError for data that is not strict JSON, OSError when the write fails (the
        old file is then still in place).
        """
        path = self.folder / name
        if path in self._stuck:
            raise OSError(f"{name} is an unusable file that could not be moved aside; "
                          "it is left untouched")
        doc = {"schema": f"cardtable/{schema.kind}", "version": schema.version,
               "saved": now(), "data": data}
        blob = json.dumps(doc, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode("utf-8")
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f"~{path.name}.", suffix=".tmp", dir=path.parent)
        previous = tmp[:-len(".tmp")] + ".bak.tmp"
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(blob)
                f.flush()
                os.fsync(f.fileno())
            if _keep(path, previous):
                os.replace(previous, _bak(path))
                _discard(previous)  # still there if it and the .bak were links to one file
            os.replace(tmp, path)
        except BaseException:
            _discard(tmp)
            _discard(previous)
            raise
        _fsync_folder(path.parent)

    def load(self, name: str, schema: Schema) -> Any | None:
        """The checked data of ``name`` (or of its ``.bak``, or what of it could be salvaged,
        either written back at once as ``name``); None if absent or unusable, or if it is an
        unusable file that could not be moved aside (told once, when first found)."""
        path = self.folder / name
        if path in self._stuck:
            return None
        try:
            return self._parse(path, schema)
        except FileNotFoundError:
            return self._from_copy(name, schema)
        except Salvaged as part:
            aside = self._move_aside(path, part)
            outcome = "stuck" if aside == path else "kept"
            self._notice(schema, path, aside, part, outcome, tuple(part.left_out))
            if outcome == "kept":
                self._write_back(name, schema, part.data)
            return part.data
        except Unusable as bad:
            problem = bad
        aside = self._move_aside(path, problem)
        bak = _bak(path)
        bak_problem: Unusable | None = None
        try:
            data = self._parse_copy(bak, schema)
        except FileNotFoundError:
            data = None
        except Unusable as bad_bak:
            bak_problem, data = bad_bak, None
        outcome = "stuck" if aside == path else "empty" if data is None else "backup"
        self._notice(schema, path, aside, problem, outcome)
        if bak_problem is not None:
            bak_aside = self._move_aside(bak, bak_problem)
            self._notice(schema, bak, bak_aside, bak_problem,
                         "stuck" if bak_aside == bak else "empty")
        if outcome == "backup":
            self._write_back(name, schema, data)
        return data

    def set_aside(self, name: str, schema: Schema, problem: Unusable) -> None:
        """Move ``name``, found unusable by its reader after it loaded, aside as for a file
        `load` refuses, with a notice (outcome ``empty``, or ``stuck``); nothing if it is gone."""
        path = self.folder / name
        if path.exists():
            aside = self._move_aside(path, problem)
            self._notice(schema, path, aside, problem, "stuck" if aside == path else "empty")

    def remove(self, name: str) -> None:
        """Delete ``name`` and its ``.bak``: the file is gone on purpose. The ``.bak`` goes
        first, so that a kill between the two leaves the file (still there, as if not yet
        removed), never a lone ``.bak`` that `load` would bring back."""
        path = self.folder / name
        for p in (_bak(path), path):
            try:
                os.unlink(p)
            except FileNotFoundError:
                pass
        _fsync_folder(path.parent)

    # -- inside -------------------------------------------------------------------------
    def _from_copy(self, name: str, schema: Schema) -> Any | None:
        """``name`` is missing: its ``.bak``, if there and usable, written back as ``name``
        (with a notice); None otherwise (a ``.bak`` that cannot be used is moved aside)."""
        path = self.folder / name
        bak = _bak(path)
        try:
            data = self._parse_copy(bak, schema)
        except FileNotFoundError:
            return None
        except Unusable as bad_bak:
            bak_aside = self._move_aside(bak, bad_bak)
            self._notice(schema, bak, bak_aside, bad_bak,
                         "stuck" if bak_aside == bak else "empty")
            return None
        self._notice(schema, path, bak, Unusable("missing", "was missing"), "backup")
        self._write_back(name, schema, data)
        return data

    def _parse_copy(self, bak: Path, schema: Schema) -> Any:
        """The data of a ``.bak`` copy, as `_parse` reads it; a copy that could only be
        salvaged gives what was kept (the file's own notice says its copy was used)."""
        try:
            return self._parse(bak, schema)
        except Salvaged as part:
            return part.data

    def _write_back(self, name: str, schema: Schema, data: Any) -> None:
        """Save recovered ``data`` as ``name`` at once; a write that fails is told, and the data
        is still used for this run."""
        try:
            self.save(name, schema, data)
        except OSError as e:
            self.tell_unsaved(schema.kind, name, e)

    def tell_unsaved(self, kind: str, name: str, error: Exception) -> None:
        """A write of ``name`` (a file of ``kind``) failed: say so, once per file (the table
        goes on with what it holds)."""
        path = self.folder / name
        key = f"{kind}.write_failed.unsaved"
        if not any(n.key == key and n.path == path for n in self.notices):
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            self.notices.append(Notice(key, f"{name} could not be saved ({why}); the table "
                                       "goes on, but this change may be lost when it closes.",
                                       path))

    def _parse(self, path: Path, schema: Schema) -> Any:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise
        except OSError as e:
            raise Unusable("unreadable", f"could not be opened ({e.strerror or e})") from e
        try:
            doc = json.loads(raw.decode("utf-8"), parse_constant=_no_constant,
                             parse_float=_finite_float)
        except _NotFinite as e:
            raise Unusable("corrupt", f"could not be used: it holds a number that is not "
                           f"finite ({e})") from e
        except (UnicodeDecodeError, ValueError, RecursionError) as e:
            raise Unusable("corrupt", "could not be read: it is damaged or cut short") from e
        if _SURROGATE_ESCAPE.search(raw) and _has_lone_surrogate(doc):
            raise Unusable("corrupt", "could not be used: it holds text that is not valid "
                           "Unicode (a lone surrogate)")
        if (not isinstance(doc, dict) or doc.get("schema") != f"cardtable/{schema.kind}"
                or type(doc.get("version")) is not int or "data" not in doc):
            raise Unusable("foreign", f"is not a {schema.title.lower()} file of this table")
        version: int = doc["version"]
        if version > schema.version:
            raise Unusable("newer", f"was written by a newer version of the table (format "
                           f"{version}; this one reads up to {schema.version})",
                           tag=f"newer-v{version}")
        if version < schema.version and version not in schema.migrations:
            raise Unusable("foreign", f"has a format ({version}) this table never wrote")
        data = doc["data"]
        try:
            while version < schema.version:
                data = schema.migrations[version](data)
                version += 1
            return schema.check(data)
        except (ValueError, TypeError, KeyError) as e:
            problem = e
        if schema.salvage is not None:
            try:
                kept, left_out = schema.salvage(data)
                kept = schema.check(kept)
            except (ValueError, TypeError, KeyError):
                pass
            else:
                raise Salvaged(f"held entries the table cannot use ({', '.join(left_out)}): "
                               "they were left out", kept, left_out) from problem
        raise Unusable("corrupt", f"could not be used: {problem}") from problem

    def _move_aside(self, path: Path, problem: Unusable) -> Path:
        """Rename ``path`` to a free name saying when and why; ``path`` itself if that fails."""
        aside = aside_name(path, problem.tag)
        try:
            os.rename(path, aside)
        except OSError:
            self._stuck.add(path)
            return path
        return aside

    def _notice(self, schema: Schema, path: Path, aside: Path, problem: Unusable,
                outcome: str, details: tuple[str, ...] = ()) -> None:
        if outcome == "stuck":
            then = ("It could not be moved aside, so it is left as it is and the table will not "
                    "write over it")
        elif problem.reason == "missing":
            then = f"Its previous copy, {aside.name}, was used and saved in its place"
        else:
            fallback = {"backup": "the previous copy was used and saved in its place",
                        "kept": "the rest was kept"}.get(outcome, schema.empty)
            then = f"It was kept as {aside.name}, and {fallback}"
        self.notices.append(Notice(f"{schema.kind}.{problem.reason}.{outcome}",
                                   f"{schema.title} ({path.name}) {problem.why}. {then}.",
                                   aside, details))

    def _remove_stale_temporaries(self) -> None:
        """Temporary files left by a killed writer; a minute old, so no live writer's."""
        for tmp in self.folder.rglob("~*.tmp"):
            try:
                if time.time() - tmp.stat().st_mtime > 60:
                    tmp.unlink()
            except OSError:
                pass


class _NotFinite(ValueError):
    """A number JSON can hold but `save` cannot write back: NaN, an infinity, or one so large
    (``1e400``) that it reads as infinite."""


def _no_constant(name: str) -> float:
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
"""A ``\\uD800``-``\\uDFFF`` escape: only such a file can decode to a lone surrogate (the
UTF-8 decoder refuses a raw one), so only then are its strings walked."""


def _has_lone_surrogate(value: Any) -> bool:
    """Whether any text in ``value`` (keys included) cannot be written as UTF-8."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


def aside_name(path: Path, tag: str) -> Path:
    """A free name for ``path`` kept aside, saying why and when: ``<name>.<tag>-YYYYMMDD-HHMMSS``
    (``-2``, ``-3``... after it if taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    return aside


def now(timespec: str = "seconds") -> str:
    """The local time with its UTC offset, to the second (or as ``timespec`` says), as ISO
    8601."""
    return datetime.now().astimezone().isoformat(timespec=timespec)


def _keep(path: Path, previous: str) -> bool:
    """Hard-link (or copy) the current file as ``previous``; False if there is none yet."""
    try:
        os.link(path, previous)
    except FileNotFoundError:
        return False
    except OSError:
        shutil.copyfile(path, previous)
    return True


def _discard(temporary: str) -> None:
    """Remove a temporary file if it is there; one left behind is removed by a later `Store`."""
    try:
        os.unlink(temporary)
    except OSError:
        pass


def _bak(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable; Windows cannot open a folder, and NTFS journals renames."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
