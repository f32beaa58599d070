"""Bringing a save from an older schema version up to ``SCHEMA_VERSION``.

``MIGRATIONS[v]`` turns version ``v`` into ``v + 1``. All steps run in one transaction (the
engine issues an explicit ``BEGIN``, so SQLite's DDL is transactional too): a failure leaves
the save at its old version. Before migrating a file the store copies it aside
(``<name>.v<old>.bak``) so an older companion can still open the copy.
"""

from __future__ import annotations

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


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _v1_to_v2, 2: _v2_to_v3}


def migrate(conn: Connection, found: int) -> int:
    """Run the steps from ``found`` (inside the caller's transaction); return the new version."""
    for version in range(found, SCHEMA_VERSION):
        MIGRATIONS[version](conn)
    conn.execute(text("UPDATE schema_version SET version = :v"), {"v": SCHEMA_VERSION})
    return SCHEMA_VERSION


def backup_path(path: Path, version: int) -> Path:
    return path.with_name(f"{path.name}.v{version}.bak")


def backup_file(path: Path, version: int) -> Path:
    """Copy the save (WAL content included) aside through SQLite's online backup."""
    dest = backup_path(path, version)
    n = 1
    while dest.exists():  # never overwrite an earlier backup
        dest = dest.with_name(f"{backup_path(path, version).name}.{n}")
        n += 1
    src = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        out = sqlite3.connect(dest)
        try:
            src.backup(out)
        finally:
            out.close()
    finally:
        src.close()
    return dest
