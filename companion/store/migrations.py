"""Bringing a save from an older schema version up to ``SCHEMA_VERSION``.

``MIGRATIONS[v]`` turns version ``v`` into ``v + 1``. All steps run in one transaction (the
engine issues an explicit ``BEGIN``, so SQLite's DDL is transactional too): a failure leaves
the save at its old version. Before migrating a file the store copies it aside
(``<name>.v<old>.bak``) so an older companion can still open the copy.
"""

from __future__ import annotations

import filecmp
import sqlite3
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Connection, text

from companion.store.tables import SCHEMA_VERSION


def _v1_to_v2(conn: Connection) -> None:
    # Games started before catalogs had names were all played on the box catalog.
    conn.execute(text("ALTER TABLE games ADD COLUMN catalog_name VARCHAR NOT NULL DEFAULT 'box'"))


def _v2_to_v3(conn: Connection) -> None:
    # Outcomes were never stored before; a game's is computed when it is next opened.
    conn.execute(text("ALTER TABLE games ADD COLUMN outcome VARCHAR"))


def _v3_to_v4(conn: Connection) -> None:
    # Revisions start at 0: every instance that opens the game afterwards sees the same one.
    conn.execute(text("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0"))
    conn.execute(text("ALTER TABLE steps ADD COLUMN revision INTEGER NOT NULL DEFAULT 0"))


def _v4_to_v5(conn: Connection) -> None:
    # Records: time played (unknown before: 0), the table's names (null: the game's own
    # names, from its outcome), and the roster of names played under (filled as games start).
    conn.execute(text("ALTER TABLE games ADD COLUMN played_seconds FLOAT NOT NULL DEFAULT 0"))
    conn.execute(text("ALTER TABLE games ADD COLUMN players VARCHAR"))
    conn.execute(
        text(
            "CREATE TABLE players (name VARCHAR NOT NULL PRIMARY KEY, "
            "colour VARCHAR NOT NULL DEFAULT '', last_played TIMESTAMP NOT NULL)"
        )
    )


def _v5_to_v6(conn: Connection) -> None:
    # A play's location, notes and edit log: none before (null reads as an empty record).
    conn.execute(text("ALTER TABLE games ADD COLUMN record VARCHAR"))


MIGRATIONS: dict[int, Callable[[Connection], None]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
    5: _v5_to_v6,
}


def migrate(conn: Connection, found: int) -> int:
    """Run the steps from ``found`` (inside the caller's transaction); return the new version."""
    for version in range(found, SCHEMA_VERSION):
        MIGRATIONS[version](conn)
    conn.execute(text("UPDATE schema_version SET version = :v"), {"v": SCHEMA_VERSION})
    return SCHEMA_VERSION


def backup_path(path: Path, version: int) -> Path:
    return path.with_name(f"{path.name}.v{version}.bak")


def backup_file(path: Path, version: int) -> Path:
    """Copy the save (WAL content included) aside through SQLite's online backup, once and
    whole: written under a temporary name, checked, then renamed; an identical earlier backup
    is kept instead of a new one; a failure leaves no file and raises :class:`StoreError`."""
    from companion.store.errors import StoreError

    first = backup_path(path, version)
    dest, n = first, 1
    while dest.exists():  # never overwrite an earlier backup
        dest = dest.with_name(f"{first.name}.{n}")
        n += 1
    tmp = dest.with_name(dest.name + ".partial")
    try:
        src = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            out = sqlite3.connect(tmp)
            try:
                src.backup(out)
                check = out.execute("PRAGMA quick_check").fetchone()
                if check != ("ok",) or not out.execute("SELECT 1 FROM schema_version").fetchone():
                    raise sqlite3.DatabaseError(f"the copy does not check out: {check}")
            finally:
                out.close()
        finally:
            src.close()
        for earlier in _earlier(first):
            if _same(earlier, tmp):
                tmp.unlink()
                return earlier
        tmp.replace(dest)
    except (sqlite3.Error, OSError) as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError("store.backup_failed", file=str(path), problem=str(exc)) from None
    return dest


def _earlier(first: Path) -> list[Path]:
    out = [first] if first.is_file() else []
    return out + sorted(first.parent.glob(first.name + ".[0-9]*"))


def _same(a: Path, b: Path) -> bool:
    try:
        return a.stat().st_size > 0 and filecmp.cmp(a, b, shallow=False)
    except OSError:
        return False
