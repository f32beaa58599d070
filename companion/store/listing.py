"""The list of saved games — the one definition of what a listing is.

The home screen and ``companion list`` show it. Reading it needs only the standard library's
``sqlite3`` (read-only, see ``precheck``), so the home screen lists the saves in its first
frame and ``companion list`` runs without SQLAlchemy; the store (which writes) turns its own
rows into the same :class:`GameInfo` through :func:`game_info`, for SQLite and for a database
behind a URL alike.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.i18n import Msg
from companion.core.msgjson import load_msg
from companion.store.version import SCHEMA_VERSION

if TYPE_CHECKING:  # imported where a finished game is read: the first frame lists open ones
    from companion.core.game import Outcome

COLUMNS = (
    "id", "game_key", "title", "summary", "cursor", "created", "last_played", "finished",
    "catalog_name", "outcome", "played_seconds", "players",
)  # fmt: skip


@dataclass(frozen=True)
class Page:
    """Which saved games to read, the most recently played first: open or finished ones
    (``None``: both), one game's or all (``game_key``), ``limit`` of them from ``offset``
    (``None``: all). The home screen reads a page at a time, so its first frame costs the
    same with 3,000 saves as with 3 (the index on ``last_played`` finds them)."""

    finished: bool | None = None
    game_key: str | None = None
    limit: int | None = None
    offset: int = 0

    def query(self) -> tuple[str, dict[str, Any]]:
        """The SQL and its parameters, named (``sqlite3`` and SQLAlchemy read them alike)."""
        where, params = [], {}
        for column in ("finished", "game_key"):
            if getattr(self, column) is not None:
                where.append(f"{column} = :{column}")
                params[column] = getattr(self, column)
        sql = f"SELECT {', '.join(COLUMNS)} FROM games"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY last_played DESC, id DESC"
        if self.limit is not None:
            sql += " LIMIT :limit OFFSET :offset"
            params.update(limit=self.limit, offset=self.offset)
        return sql, params


ALL = Page()


@dataclass(frozen=True)
class Seat:
    """A player at the table: the name, the colour played (where the game has colours) and
    the role (the characters a Unicornus seat runs)."""

    name: str
    colour: str = ""
    role: str = ""


def dump_seats(seats: Sequence[Seat]) -> str:
    return json.dumps(
        [{"name": s.name, "colour": s.colour, "role": s.role} for s in seats], ensure_ascii=False
    )


def load_seats(text_: str) -> tuple[Seat, ...]:
    """The seats as stored (``games.players``); a malformed entry is a ``ValueError``."""
    data = json.loads(text_)
    if not isinstance(data, list):
        raise ValueError("players: not a list")
    out = []
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise ValueError("players: an entry without a name")
        out.append(Seat(item["name"], str(item.get("colour", "")), str(item.get("role", ""))))
    return tuple(out)


@dataclass(frozen=True)
class GameInfo:
    """A line of the resume list; ``steps`` is the number of applied steps (the cursor)."""

    id: int
    game_key: str
    title: str
    summary: Msg
    steps: int
    created: datetime
    last_played: datetime
    finished: bool
    catalog_name: str = "box"
    outcome: Outcome | None = None  # how it ended, once finished
    played_seconds: float = 0.0  # time played (store.session.PLAY_GAP_CAP)
    seats: tuple[Seat, ...] = ()  # the table's names as the new-game form gave them

    @property
    def players(self) -> tuple[str, ...]:
        """Who played: the seats' names, else the names the game's outcome scores."""
        if self.seats:
            return tuple(s.name for s in self.seats)
        return tuple(p for p, _ in self.outcome.scores) if self.outcome else ()


_decoded: dict[tuple, GameInfo] = {}  # row -> its GameInfo: a list read again decodes no JSON


def game_info(row: Sequence[Any]) -> GameInfo:
    """A row of :data:`COLUMNS` (from ``sqlite3`` or SQLAlchemy, any backend) as a GameInfo."""
    key = tuple(row)
    info = _decoded.get(key)
    if info is None:
        id_, game_key, title, summary, cursor, created, last, finished, catalog, outcome = key[:10]
        played, players = key[10:]
        info = GameInfo(
            id=id_,
            game_key=game_key,
            title=title,
            summary=_summary(summary),
            steps=cursor,
            created=in_utc(created),
            last_played=in_utc(last),
            finished=bool(finished),
            catalog_name=catalog,
            outcome=_outcome(outcome),
            played_seconds=float(played or 0),
            seats=load_seats(players) if players else (),
        )
        if len(_decoded) > 10_000:
            _decoded.clear()
        _decoded[key] = info
    return info


def read_games(rows: Iterable, label: str, server: bool = False) -> list[GameInfo]:
    """The saved games of ``rows`` (of a :class:`Page`'s query), in their order. A
    hand-damaged row (a bad date, summary or outcome) is a ``StoreError`` naming it, the same
    for every reader: the home screen, ``companion list`` and the store."""
    out = []
    for row in rows:
        try:
            out.append(game_info(row))
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise damaged_row(label, f"games[id={row[0]}]", exc, server) from None
    return out


def damaged_row(label: str, row: str, exc: Exception, server: bool = False):
    """The ``StoreError`` of one unreadable row of the save ``label`` (``server``: a database
    server's, which ``sqlite3`` cannot open)."""
    from companion.store.errors import StoreError

    problem = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    key = "store.damaged_row_server" if server else "store.damaged_row"
    return StoreError(key, file=label, row=row, problem=problem)


def list_file(path: Path, page: Page = ALL) -> list[GameInfo] | None:
    """The games saved in the SQLite file at ``path`` (those of ``page``), read without
    writing anything.

    ``None`` when only the store can say: a save of an older schema version (opening the store
    migrates it) or one that cannot be read now. A file not there yet has no games. The file
    is assumed checked already (``precheck.inspect_file``).
    """
    from companion.store.precheck import read_only

    if not path.is_file() or path.stat().st_size == 0:
        return []
    try:
        con = read_only(path)
        try:
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
            if "games" not in tables:
                return [] if "schema_version" not in tables else None
            row = con.execute("SELECT version FROM schema_version").fetchone()
            if row is None or row[0] != SCHEMA_VERSION:
                return None
            return read_games(con.execute(*page.query()), str(path))
        finally:
            con.close()
    except sqlite3.Error:
        return None


def in_utc(value: str | datetime) -> datetime:
    """Times are stored in UTC (SQLModel's ``UTCDateTime``: naive text in SQLite)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _outcome(text_: str | None) -> Outcome | None:
    """A stored outcome; an unreadable one counts as none (it is computed again on opening)."""
    if not text_:
        return None
    from companion.core.game import Outcome

    try:
        return Outcome.from_json(json.loads(text_))
    except (ValueError, KeyError, TypeError):
        return None


def _summary(text_: str) -> Msg:
    try:
        return load_msg(text_)
    except ValueError:
        return Msg("store.no_summary")
