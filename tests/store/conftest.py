import hashlib
from pathlib import Path

import pytest

from companion.store import Store
from tests.tiny_game import TINY

GAMES = {"tiny": TINY}  # the test-only game, never in the product registry


def open_store(target, **kwargs) -> Store:
    return Store.open(target, games=GAMES, **kwargs)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "saves.db"


@pytest.fixture
def store(db_path: Path):
    s = open_store(db_path)
    yield s
    s.close()
