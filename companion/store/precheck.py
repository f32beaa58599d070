"""Looking at a save file before anything writes to it — with the standard library only.

A damaged file, a file that is not SQLite, another program's database or a save from a newer
version must stay byte-for-byte as it was. So the checks read the header bytes and then open
the file read-only (``mode=ro``; ``immutable=1`` when there is no WAL file, so not even the
``-shm``/``-wal`` side files appear) before the store enables WAL or creates a table.

Nothing here imports SQLAlchemy, so the command line can check a file and read the language
setting before the app starts, and load the heavy store after the first frame.

The integrity check of the whole file reads all of it (90 ms for a 75 MB save), so it runs
once: a file checked and not changed since (same size, modification time and WAL file) is not
checked again when the store opens. Before the home screen's first frame only what home reads
is checked (``HOME_TABLES``: start-up does not grow with the games' steps); the whole file is
checked in a thread once that frame is drawn (``check_in_background``), and the store waits for
that check, or makes it, before it opens: before anything reads or writes a game's steps.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import platformdirs

from companion.store.errors import StoreError, failure_kind
from companion.store.version import SCHEMA_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"


def default_db_path() -> Path:
    return platformdirs.user_data_path("companion") / "companion.db"


def ensure_data_folder() -> Path:
    """The default save file, its folder created if need be (a folder that cannot be made,
    e.g. an unwritable ``XDG_DATA_HOME``, is a :class:`StoreError` saying so)."""
    path = default_db_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            "store.no_data_folder", folder=str(path.parent), problem=exc.strerror or str(exc)
        ) from None
    return path


def _damaged(label: str, problem: str) -> StoreError:
    return StoreError("store.damaged", file=label, problem=problem)


# (file, its stat, its WAL's) -> (version found, the tables checked: None for all of them)
_checked: dict[tuple, tuple[int | None, tuple[str, ...] | None]] = {}
_checking = threading.Lock()  # one check at a time: the store waits for one under way
HOME_TABLES = ("schema_version", "games", "settings")  # what home reads without the store


def _stamp(path: Path) -> tuple:
    def stat(p: Path) -> tuple:
        try:
            st = p.stat()
        except OSError:
            return ()
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    return (str(path.resolve()), stat(path), stat(path.with_name(path.name + "-wal")))


def inspect_file(path: Path, label: str, tables: tuple[str, ...] | None = None) -> int | None:
    """The schema version of the save at ``path``; ``None`` for a new or empty database.

    ``tables``: check the integrity of those alone (and of the schema), for reading them
    before the store opens; by default the whole file's, as before writing.
    Raises :class:`StoreError` for anything the store must not touch. Never writes.
    """
    with _checking:
        stamp = _stamp(path) if path.is_file() else None
        if stamp is not None and stamp in _checked:
            found, checked = _checked[stamp]
            if checked is None or (tables is not None and set(tables) <= set(checked)):
                return found
        found = _inspect(path, label, tables)
        if stamp is not None and stamp == _stamp(path):
            _checked.clear()  # one file per process, in practice
            _checked[stamp] = found, tables
        return found


def check_in_background(path: Path, label: str) -> None:
    """The whole file's check (``inspect_file``), in a thread: home has drawn its first
    frame, and the store, which makes the check again when it opens, finds it made. What it
    finds wrong, the store says when it opens (``inspect_file`` raises it there)."""

    def check() -> None:
        try:
            inspect_file(path, label)
        except StoreError:
            pass

    threading.Thread(target=check, name="check-save", daemon=True).start()


APPLICATION_ID = 0x434D504E  # "CMPN", as store.tables writes it (kept here: no SQLAlchemy)
OUR_TABLES = {"schema_version", "games", "steps"}  # what every version's save has had


def _inspect(path: Path, label: str, tables: tuple[str, ...] | None) -> int | None:
    if path.is_dir():
        raise StoreError("store.is_folder", file=label)
    if not path.exists():
        if not path.parent.is_dir():
            raise StoreError("store.no_folder", file=label, folder=str(path.parent))
        return None
    if not path.is_file():  # a FIFO would block the read; a device is no save (/dev/null)
        raise StoreError("store.not_regular", file=label)
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        raise StoreError(
            "store.cannot_open", file=label, problem=exc.strerror or str(exc)
        ) from None
    if not header:
        return None  # an empty file is what SQLite itself treats as a new database
    if not header.startswith(SQLITE_MAGIC):
        raise StoreError("store.not_sqlite", file=label)
    if len(header) < 100:
        raise _damaged(label, "the file ends inside its header")
    recover_journal(path, label)
    try:
        con = read_only(path)
    except sqlite3.Error as exc:
        raise StoreError("store.cannot_open", file=label, problem=str(exc)) from None
    try:
        _quick_check(con, label, None if tables is None else "sqlite_schema")
        names = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not names:
            return None
        app_id = int.from_bytes(header[68:72], "big")  # PRAGMA application_id
        ours = app_id == APPLICATION_ID or (app_id == 0 and OUR_TABLES <= names)
        if not ours:
            shown = ", ".join(sorted(names)[:5])
            raise StoreError("store.foreign", file=label, tables=shown)
        for table in sorted(set(tables or ()) & names):
            _quick_check(con, label, table)
        row = con.execute("SELECT version FROM schema_version").fetchone()
        if row is None or not isinstance(row[0], int) or row[0] < 1:
            raise _damaged(label, "its schema version is missing")
        return row[0]
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise StoreError("store.busy", file=label) from None
        raise _damaged(label, str(exc)) from None
    except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed"
        raise _damaged(label, str(exc)) from None
    finally:
        con.close()


def _quick_check(con: sqlite3.Connection, label: str, table: str | None) -> None:
    """SQLite's integrity check (without the costly index-to-table cross-checks) of the whole
    file, or of one table and its indexes (``table``)."""
    check = [row[0] for row in con.execute(f"PRAGMA quick_check({table or 3})")]
    if check != ["ok"]:
        lines = [ln for c in check[:3] for ln in c.splitlines() if not ln.startswith("***")]
        raise _damaged(label, "; ".join(lines))


def recover_journal(path: Path, label: str) -> None:
    """A rollback journal left beside the file (``<name>-journal``: a program stopped in the
    middle of a transaction, e.g. a save from before WAL mode) must be rolled back before the
    file can be read: SQLite does that when it opens the file for writing, and decides itself
    whether the journal still holds anything to roll back (one it finds cold, it leaves for
    its next write to replace). Let it, when the file can be written; when it fails, say
    what to do. The committed content is what stays: rolling back only removes the
    unfinished transaction."""
    journal = path.with_name(path.name + "-journal")
    try:
        if not journal.is_file() or journal.stat().st_size == 0 or not writable(path):
            return
    except OSError:
        return
    try:
        con = sqlite3.connect(path.resolve().as_uri() + "?mode=rw", uri=True, timeout=5)
        try:
            con.execute("PRAGMA schema_version").fetchone()  # reading rolls the journal back
        finally:
            con.close()
    except sqlite3.Error as exc:
        if failure_kind(exc) == "locked":
            raise StoreError("store.busy", file=label) from None
        raise StoreError(
            "store.hot_journal", file=label, journal=str(journal), problem=str(exc)
        ) from None


def writable(path: Path) -> bool:
    """Whether the save at ``path`` (a file, or its folder) can be written: the file and the
    folder its WAL and shared-memory files go in. ``os.access`` also answers for root on
    read-only media and for a file marked immutable."""
    folder = path if path.is_dir() else path.parent
    return (path.is_dir() or os.access(path, os.W_OK)) and os.access(folder, os.W_OK | os.X_OK)


def check_version(found: int | None, label: str) -> None:
    if found is not None and found > SCHEMA_VERSION:
        raise StoreError("store.newer", file=label, found=found, supported=SCHEMA_VERSION)


def read_only(path: Path) -> sqlite3.Connection:
    wal = path.with_name(path.name + "-wal")
    uri = path.resolve().as_uri() + ("?mode=ro" if wal.exists() else "?mode=ro&immutable=1")
    return sqlite3.connect(uri, uri=True)


def peek_setting(path: Path, key: str, default: Any = None) -> Any:
    """A setting read without the store (the language, before the first frame); any problem
    gives ``default`` — opening the store later reports it properly."""
    return peek_settings(path, (key,)).get(key, default)


def peek_settings(path: Path, keys: tuple[str, ...]) -> dict[str, Any]:
    """The settings among ``keys`` that the save at ``path`` holds (read as ``peek_setting``)."""
    if not path.is_file():
        return {}
    try:
        con = read_only(path)
        try:
            marks = ", ".join("?" * len(keys))
            rows = con.execute(f"SELECT key, value FROM settings WHERE key IN ({marks})", keys)
            return {key: json.loads(value) for key, value in rows}
        finally:
            con.close()
    except (sqlite3.Error, ValueError, OSError):
        return {}
