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
from companion.core.msgjson import load_msg, title_text
from companion.store.version import SCHEMA_VERSION

if TYPE_CHECKING:  # imported where a finished game is read: the first frame lists open ones
    from companion.core.game import Outcome

COLUMNS = (
    "id", "game_key", "title", "summary", "cursor", "created", "last_played", "finished",
    "catalog_name", "outcome", "played_seconds", "players", "record",
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
    """A player at the table: the name, the colour played (where the game has colours), the
    role (the characters a Unicornus seat runs), whether they started (``start``) and, when
    the record renamed the seat after the game, the name the game itself knows (``plays_as``:
    its outcome scores that name)."""

    name: str
    colour: str = ""
    role: str = ""
    start: bool = False
    plays_as: str = ""

    @property
    def in_game(self) -> str:
        """The name the game's outcome knows this seat by."""
        return self.plays_as or self.name


def seat_json(s: Seat) -> dict[str, Any]:
    out: dict[str, Any] = {"name": s.name, "colour": s.colour, "role": s.role}
    if s.start:
        out["start"] = True
    if s.plays_as:
        out["plays_as"] = s.plays_as
    return out


def dump_seats(seats: Sequence[Seat]) -> str:
    return json.dumps([seat_json(s) for s in seats], ensure_ascii=False)


def load_seats(text_: str) -> tuple[Seat, ...]:
    """The seats as stored (``games.players``); a malformed entry is a ``ValueError``."""
    data = json.loads(text_)
    if not isinstance(data, list):
        raise ValueError("players: not a list")
    out = []
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise ValueError("players: an entry without a name")
        out.append(
            Seat(
                item["name"],
                str(item.get("colour", "")),
                str(item.get("role", "")),
                item.get("start") is True,
                str(item.get("plays_as", "")),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class Record:
    """What the table adds to a play: where it was played, notes, and the log of the edits
    made to the play once finished (each ``{"line": Msg JSON, "before": the record and seats
    as they were}``, newest last: undoing one restores its ``before``)."""

    location: str = ""
    notes: str = ""
    edits: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"location": self.location, "notes": self.notes, "edits": list(self.edits)}


def load_record(text_: str | None) -> Record:
    """``games.record`` as stored (null: nothing added); a malformed one is a ValueError."""
    if not text_:
        return Record()
    data = json.loads(text_)
    if not isinstance(data, dict):
        raise ValueError("record: not an object")
    edits = data.get("edits") or []
    if not isinstance(edits, list) or not all(isinstance(e, dict) for e in edits):
        raise ValueError("record: edits is not a list of objects")
    return Record(str(data.get("location", "")), str(data.get("notes", "")), tuple(edits))


@dataclass(frozen=True)
class GameInfo:
    """A line of the resume list; ``steps`` is the number of applied steps (the cursor)."""

    id: int
    game_key: str
    stored_title: str  # as kept: a made title is its message (msgjson.dump_title)
    summary: Msg
    steps: int
    created: datetime
    last_played: datetime
    finished: bool
    catalog_name: str = "box"
    outcome: Outcome | None = None  # how it ended, once finished
    played_seconds: float = 0.0  # time played (store.session.PLAY_GAP_CAP)
    seats: tuple[Seat, ...] = ()  # the table's names as the new-game form gave them
    record: Record = Record()  # location, notes, the edits made once finished

    @property
    def title(self) -> str:
        """The title as shown, a made one in the language of the moment."""
        return title_text(self.stored_title)

    @property
    def players(self) -> tuple[str, ...]:
        """Who played: the seats' names, else the names the game's outcome scores."""
        return tuple(s.name for s in self.table)

    @property
    def table(self) -> tuple[Seat, ...]:
        """The seats of the play: as the form named them (and the record edited them), else
        the names the game's outcome scores."""
        if self.seats:
            return self.seats
        return tuple(Seat(p) for p, _ in self.outcome.scores) if self.outcome else ()

    def score(self, seat: Seat) -> int | None:
        """The seat's score, where the game scores players."""
        return dict(self.outcome.scores).get(seat.in_game) if self.outcome else None

    def won(self, seat: Seat) -> bool:
        """Whether the seat won (every player, when a co-operative table won)."""
        if self.outcome is None:
            return False
        if self.outcome.winners:
            return seat.in_game in self.outcome.winners
        return self.outcome.result == "won"

    def breakdown(self, seat: Seat) -> list[tuple[str, Any, int]]:
        """The seat's points by category as the game's scoring shows them: (key, name,
        points); empty for a game that keeps none (or saved before breakdowns were kept)."""
        facts = self.outcome.facts if self.outcome else {}
        rows = (facts.get("breakdown") or {}).get(seat.in_game) or []
        return [(str(k), n, int(p)) for k, n, p in rows]


_decoded: dict[tuple, GameInfo] = {}  # row -> its GameInfo: a list read again decodes no JSON


def game_info(row: Sequence[Any]) -> GameInfo:
    """A row of :data:`COLUMNS` (from ``sqlite3`` or SQLAlchemy, any backend) as a GameInfo."""
    key = tuple(row)
    info = _decoded.get(key)
    if info is None:
        id_, game_key, title, summary, cursor, created, last, finished, catalog, outcome = key[:10]
        played, players, record = key[10:]
        info = GameInfo(
            id=id_,
            game_key=game_key,
            stored_title=title,
            summary=_summary(summary),
            steps=cursor,
            created=in_utc(created),
            last_played=in_utc(last),
            finished=bool(finished),
            catalog_name=catalog,
            outcome=_outcome(outcome),
            played_seconds=float(played or 0),
            seats=load_seats(players) if players else (),
            record=load_record(record),
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
