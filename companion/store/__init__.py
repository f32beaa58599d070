"""Persistence: games, their steps and snapshots, user catalogs and settings in SQLite.

Only this package (and the UI) talks to the database; ``companion.core`` and the games stay
pure Python.
"""

from companion.store.errors import StoreError
from companion.store.opening import default_db_path
from companion.store.session import GameSession
from companion.store.store import GameInfo, Store
from companion.store.tables import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "GameInfo", "GameSession", "Store", "StoreError", "default_db_path"]
