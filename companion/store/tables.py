"""The save file's tables (SQLModel) and the schema version they make up.

Bump ``SCHEMA_VERSION`` (version.py) whenever a table changes and add the step in ``migrations.py``.

Version history:
    1: first format.
    2: ``games.catalog_name`` (which catalog a game was started on: box, demo).
    3: ``games.outcome`` (how a finished game ended, ``Outcome`` as JSON; null while it goes on).
    4: ``games.revision`` (bumped by every step, undo and redo: a write is made only from the
       revision its instance last saw) and ``steps.revision`` (the game's revision that wrote
       the step, so another instance reads only the steps it does not have).
    5: records: ``games.played_seconds`` (time played, see ``session.PLAY_GAP_CAP``),
       ``games.players`` (the table's names in seat order, JSON) and the ``players`` roster.
    6: ``games.record``: what the table adds to a play (location, notes) and the log of the
       edits made to a finished play (JSON; null: nothing added). A seat of ``games.players``
       may carry ``start`` (the start player) and ``plays_as`` (the name the game knows).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from companion.store.version import SCHEMA_VERSION  # noqa: F401  (re-exported)

# Written to the SQLite header so `file` and other tools can tell a companion save ("CMPN").
APPLICATION_ID = 0x434D504E


class SchemaVersion(SQLModel, table=True):
    __tablename__ = "schema_version"

    id: int = Field(default=1, primary_key=True)
    version: int


class GameRow(SQLModel, table=True):
    """One saved game. ``cursor`` is the number of applied steps (undo moves it back);
    ``length`` the number of recorded steps, redo tail included. ``summary`` is the game's
    last one-line summary as Msg JSON, so the resume list never decodes a state.
    ``revision`` counts the writes to the game (steps, undos, redos): another instance of the
    game compares it to the one it last saw before it writes, and polls it to follow."""

    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    game_key: str = Field(index=True)
    title: str
    catalog_name: str = "box"
    initial_state: str
    cursor: int = 0
    length: int = 0
    summary: str
    finished: bool = False
    outcome: str | None = None  # companion.core.game.Outcome as JSON, once finished
    revision: int = 0
    played_seconds: float = 0.0  # time the game was open and played (session.PLAY_GAP_CAP)
    players: str | None = None  # [{"name", "colour", "role"}] in seat order; null: not named
    record: str | None = None  # {"location", "notes", "edits"} (listing.Record); null: none
    created: datetime
    last_played: datetime = Field(index=True)


class StepRow(SQLModel, table=True):
    """Step ``idx`` (0-based) of a game: the command as JSON and its log line as Msg JSON;
    ``revision``: the game's revision the step was written at."""

    __tablename__ = "steps"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    idx: int = Field(primary_key=True)
    command: str
    description: str
    revision: int = 0


class SnapshotRow(SQLModel, table=True):
    """The state after ``idx`` steps. ``kept`` snapshots stay (every N steps); the one
    non-kept snapshot is the head, at the cursor, replaced as the game moves."""

    __tablename__ = "snapshots"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    idx: int = Field(primary_key=True)
    state: str
    kept: bool = False


class UserCatalogRow(SQLModel, table=True):
    """The owner's transcription of a game's box, as a plain dict (JSON) from TOML."""

    __tablename__ = "user_catalogs"

    game_key: str = Field(primary_key=True)
    data: str
    updated: datetime


class PlayerRow(SQLModel, table=True):
    """A name the table has played under (the roster): offered again in new-game forms."""

    __tablename__ = "players"

    name: str = Field(primary_key=True)
    colour: str = ""  # the colour last played with, where the game uses colours
    last_played: datetime


class SettingRow(SQLModel, table=True):
    __tablename__ = "settings"

    key: str = Field(primary_key=True)
    value: str  # JSON
