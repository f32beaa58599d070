"""Fixtures of the screen tests."""

from __future__ import annotations

import sqlite3

import pytest

from companion.cli import main
from companion.core.i18n import set_language
from companion.games.registry import GAME_KEYS


@pytest.fixture(scope="session")
def saved(tmp_path_factory):
    """A whole demo game of each game (seeds 1 and 2), played on 2026-03-14 evening: made
    once a test process (the records' and the small screens' tests copy it)."""
    db = tmp_path_factory.mktemp("screens") / "games.db"
    set_language("en")
    for key in GAME_KEYS:
        for seed in (1, 2):
            assert main(["--db", str(db), "demo", key, "--autoplay", "--seed", str(seed)]) == 0
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
