"""Fixtures of the screen tests."""

from __future__ import annotations

import shutil
import sqlite3

import pytest


@pytest.fixture(scope="session")
def saved(tmp_path_factory, demo_games):
    """A whole demo game of each game (seeds 1 and 2: tests/conftest.py's ``demo_games``),
    played on 2026-03-14 evening: a copy made once a test process (the records' and the
    small screens' tests copy it)."""
    db = tmp_path_factory.mktemp("screens") / "games.db"
    shutil.copy(demo_games, db)
    con = sqlite3.connect(db)
    for (game_id,) in con.execute("SELECT id FROM games").fetchall():
        con.execute(
            "UPDATE games SET created = ?, last_played = ?, played_seconds = ? WHERE id = ?",
            (
                f"2026-03-14 19:{game_id:02d}:00",
                f"2026-03-14 21:{game_id:02d}:00",
                3000 + 600 * game_id,
                game_id,
            ),  # fmt: skip
        )
    con.commit()
    con.close()
    return db
