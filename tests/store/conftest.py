import hashlib
from pathlib import Path

import pytest

from companion.store import Store
from tests.postgres import fresh_database
from tests.tiny_game import TINY

GAMES = {"tiny": TINY}  # the test-only game, never in the product registry


def open_store(target, **kwargs) -> Store:
    return Store.open(target, games=GAMES, **kwargs)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "saves.db"


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request, tmp_path: Path):
    """A database to open by path or URL: a SQLite file, or a fresh schema on the test
    PostgreSQL server (tests/postgres.py: skipped without one, failed in CI)."""
    if request.param == "sqlite":
        yield tmp_path / "saves.db"
    else:
        yield from fresh_database()


@pytest.fixture
def store(db_path: Path):
    s = open_store(db_path)
    yield s
    s.close()
