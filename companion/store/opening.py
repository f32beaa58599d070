"""Looking at a save file before anything writes to it.

A damaged file, a file that is not SQLite, another program's database or a save from a newer
version must stay byte-for-byte as it was. So the checks read the header bytes and then open
the file read-only (``mode=ro``; ``immutable=1`` when there is no WAL file, so not even the
``-shm``/``-wal`` side files appear) before the store enables WAL or creates a table.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from sqlalchemy.engine import URL, make_url

from companion.store.errors import StoreError
from companion.store.tables import SCHEMA_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"


def default_db_path() -> Path:
    return platformdirs.user_data_path("companion") / "companion.db"


@dataclass(frozen=True)
class Target:
    url: URL
    path: Path | None  # the SQLite file, when there is one (not in-memory, not a server)
    label: str  # how messages name it


def resolve_target(target: str | Path | None) -> Target:
    """``None``: the default file; a path; or any SQLAlchemy URL (``sqlite://`` is in-memory)."""
    if target is None:
        path = default_db_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return _file_target(path)
    if isinstance(target, str) and "://" in target:
        try:
            url = make_url(target)
        except Exception as exc:  # sqlalchemy.exc.ArgumentError
            raise StoreError("store.bad_url", url=target, problem=str(exc)) from None
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            if not url.database.startswith("file:"):
                return Target(url, Path(url.database).expanduser(), url.database)
        return Target(url, None, url.render_as_string(hide_password=True))
    return _file_target(Path(target).expanduser())


def _file_target(path: Path) -> Target:
    return Target(URL.create("sqlite", database=str(path)), path, str(path))


def _damaged(label: str, problem: str) -> StoreError:
    return StoreError("store.damaged", file=label, problem=problem)


def inspect_file(path: Path, label: str) -> int | None:
    """The schema version of the save at ``path``; ``None`` for a new or empty database.

    Raises :class:`StoreError` for anything the store must not touch. Never writes.
    """
    if path.is_dir():
        raise StoreError("store.is_folder", file=label)
    if not path.exists():
        if not path.parent.is_dir():
            raise StoreError("store.no_folder", file=label, folder=str(path.parent))
        return None
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
    wal = path.with_name(path.name + "-wal")
    uri = path.resolve().as_uri() + ("?mode=ro" if wal.exists() else "?mode=ro&immutable=1")
    try:
        con = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise StoreError("store.cannot_open", file=label, problem=str(exc)) from None
    try:
        check = [row[0] for row in con.execute("PRAGMA quick_check(3)")]
        if check != ["ok"]:
            lines = [ln for c in check for ln in c.splitlines() if not ln.startswith("***")]
            raise _damaged(label, "; ".join(lines))
        tables = {
            row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if not tables:
            return None
        if "schema_version" not in tables:
            shown = ", ".join(sorted(tables)[:5])
            raise StoreError("store.foreign", file=label, tables=shown)
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


def check_version(found: int | None, label: str) -> None:
    if found is not None and found > SCHEMA_VERSION:
        raise StoreError("store.newer", file=label, found=found, supported=SCHEMA_VERSION)
