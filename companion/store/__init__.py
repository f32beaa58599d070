"""Persistence: games, their steps and snapshots, user catalogs and settings in SQLite.

Only this package (and the UI) talks to the database; ``companion.core`` and the games stay
pure Python. Names load lazily: ``companion.store.precheck`` (standard library only) can run
before SQLAlchemy is imported.
"""

from importlib import import_module
from typing import Any

_NAMES = {
    "SCHEMA_VERSION": "companion.store.version",
    "GameInfo": "companion.store.listing",
    "GameSession": "companion.store.session",
    "Store": "companion.store.store",
    "StoreError": "companion.store.errors",
    "default_db_path": "companion.store.precheck",
}
__all__ = sorted(_NAMES)


def __getattr__(name: str) -> Any:
    if name not in _NAMES:
        raise AttributeError(f"module 'companion.store' has no attribute {name!r}")
    return getattr(import_module(_NAMES[name]), name)
