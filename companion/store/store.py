"""The save file: games with their steps, user catalogs and settings.

SQLite (the default) runs in WAL mode with ``synchronous=NORMAL``: each step is one short
transaction appended to the WAL without waiting for the disk, so a step stays well under the
10 ms goal even on slow storage. An application crash (even SIGKILL) loses nothing committed;
a power cut or OS crash may lose the last few steps but never corrupts the file, which is the
right trade for a game log (``FULL`` would add an fsync, often 2–20 ms, to every step).

A club may share one PostgreSQL database instead (``--db postgresql+psycopg://user@host/db``,
the ``postgres`` extra): the same tables and transactions; several instances may play one
game, each write checked against the game's revision (``session.py``).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    String,
    create_engine,
    delete,
    event,
    inspect,
    select,
    text,
    type_coerce,
    update,
)
from sqlalchemy.engine import URL
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel

from companion.core import codec
from companion.core.catalog import is_empty, locate, merge, read_toml, to_toml
from companion.core.errors import CatalogError
from companion.core.game import Game
from companion.core.i18n import Msg, msg, tr
from companion.core.msgjson import dump_msg, dump_title, load_msg
from companion.core.text import visible
from companion.store import listing, migrations
from companion.store.errors import StoreError, failure_kind
from companion.store.listing import (
    GameInfo,
    Record,
    Seat,
    dump_seats,
    in_utc,
    load_seats,
    seat_json,
)
from companion.store.opening import Target, resolve_target
from companion.store.precheck import check_version, inspect_file, writable
from companion.store.session import (
    GAMES,
    GAMES_AS_STORED,
    SNAPSHOTS,
    STEPS,
    GameSession,
    now,
    outcome_json,
)
from companion.store.tables import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    PlayerRow,
    SchemaVersion,
    SettingRow,
    UserCatalogRow,
)

SYNCHRONOUS = "NORMAL"  # see the module docstring
SNAPSHOT_EVERY = 32  # a kept snapshot every N steps bounds replay to N-1 applies

SETTINGS, CATALOGS = SettingRow.__table__, UserCatalogRow.__table__
PLAYERS = PlayerRow.__table__
GameResolver = Mapping[str, Game] | Callable[[str], Game]


def _default_resolver(key: str) -> Game:
    from companion.games.registry import get_game  # lazy: imports only the game played

    return get_game(key)


class Store:
    def __init__(
        self,
        engine: Engine,
        label: str,
        games: GameResolver | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self.engine, self.label, self.snapshot_every = engine, label, snapshot_every
        self._games = games

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        target: str | Path | None = None,
        *,
        games: GameResolver | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> Store:
        """Open (or create) a save. ``None``: the default file; a path; or a SQLAlchemy URL.

        ``games`` maps game keys to games (tests use it for their tiny game); by default the
        product registry. Bad files raise :class:`StoreError` and are left untouched.
        """
        where = resolve_target(target)
        found = inspect_file(where.path, where.label) if where.path is not None else None
        check_version(found, where.label)  # all of this only read; now we may write
        read_only = found is not None and not writable(where.path)
        if read_only and found < SCHEMA_VERSION:  # bringing it up to date would write
            raise StoreError("store.read_only_old", file=where.label)
        engine = _make_engine(where, read_only)
        new_file = where.path is not None and not where.path.exists()
        try:
            if where.path is None:
                found = _read_version(engine, where.label)
                check_version(found, where.label)
            _prepare(engine, where, found)
        except (StoreError, SQLAlchemyError) as exc:
            engine.dispose()
            if new_file:  # a save that could not be made (a full disk): none is left behind
                _remove_save(where.path)
            if isinstance(exc, StoreError):
                raise
            server = where.url.get_backend_name() != "sqlite"
            raise _cannot_open(where.label, exc, server=server) from None
        store = cls(engine, where.label, games, snapshot_every)
        store.read_only = read_only
        return store

    closed = False  # after close(): nothing more is read (a follower's thread stops asking)
    # a save that cannot be written (read-only media, a shared folder, a file without write
    # permission): opened read-only, so everything that reads works, and every write is
    # refused at once with a message saying so (store.read_only)
    read_only = False

    def close(self) -> None:
        self.closed = True
        self.engine.dispose()  # the last connection closing checkpoints the WAL

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A write transaction (every write goes through here)."""
        if self.read_only:
            raise StoreError("store.read_only", file=self.label)
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """A connection whose reads all see one moment of the database (SQLite: the BEGIN
        of every transaction; a server: repeatable read, not one snapshot per statement)."""
        with self.engine.connect() as conn:
            if self.engine.dialect.name != "sqlite":
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            yield conn

    @property
    def shared(self) -> bool:
        """Whether other instances may open the same games (a file or a server; not an
        in-memory database): only then is there anything to follow."""
        return self.engine.dialect.name != "sqlite" or self.engine.url.database not in (
            None,
            "",
            ":memory:",
        )

    def _write_failed(self, exc: Exception) -> StoreError:
        return write_failed(self.label, exc, server=self.server)

    def _game(self, key: str) -> Game:
        try:
            if self._games is None:
                return _default_resolver(key)
            if callable(self._games):
                return self._games(key)
            return self._games[key]
        except (KeyError, ImportError):
            raise StoreError("store.unknown_game", game=key) from None

    # -- games -----------------------------------------------------------------------------
    def new_game(
        self,
        game: Game,
        initial_state: Any,
        title: str | Msg,
        catalog_name: str = "box",
        players: Sequence[Seat] | None = None,
    ) -> GameSession:
        """Save a new game. ``players``: the table's names in seat order (with colours and
        roles where the game has them), kept with the game and in the roster. ``title``: as
        typed, or a message (the app's default title, shown in the language of the moment)."""
        stamp = now()
        # a title typed: shown as text everywhere; a made one: kept as its message
        title = visible(title) if isinstance(title, str) else dump_title(title)
        seats = [_visible_seat(p) for p in players or ()]
        outcome = outcome_json(game, initial_state)  # a play scored at its end: finished now
        try:
            with self._begin() as conn:
                game_id = insert_game(
                    conn, game, initial_state, title, catalog_name, seats,
                    cursor=0, length=0, summary=dump_msg(game.summary(initial_state)),
                    finished=outcome is not None, outcome=outcome, revision=0, created=stamp,
                    last_played=stamp,
                )  # fmt: skip
        except SQLAlchemyError as exc:
            raise self._write_failed(exc) from None
        return GameSession(self, game_id, game, title, initial_state, catalog_name=catalog_name)

    def list_games(self, page: listing.Page = listing.ALL) -> list[GameInfo]:
        """Saved games (those of ``page``), the most recently played first (what a listing
        is: ``listing``). A hand-damaged row (a bad date, summary or outcome) is a
        :class:`StoreError` naming it."""
        sql, params = page.query()
        with self.engine.connect() as conn:
            rows = conn.execute(text(sql), params).all()
        return listing.read_games(rows, self.label, server=self.server)

    def roster(self) -> list[Seat]:
        """Every name the table has played under, the most recent first (with its colour)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(PLAYERS.c.name, PLAYERS.c.colour).order_by(
                    PLAYERS.c.last_played.desc(), PLAYERS.c.name
                )
            ).all()
        return [Seat(str(r.name), str(r.colour)) for r in rows]

    def last_table(self, game_key: str) -> list[Seat]:
        """The seats of the last game of ``game_key`` that named its players (empty if none):
        what a new-game form fills in."""
        with self.engine.connect() as conn:
            value = conn.execute(
                select(GAMES.c.players)
                .where(GAMES.c.game_key == game_key, GAMES.c.players.is_not(None))
                .order_by(GAMES.c.created.desc(), GAMES.c.id.desc())
                .limit(1)
            ).scalar()
        try:
            return list(load_seats(value)) if value else []
        except (ValueError, TypeError):  # a hand-damaged row: the form starts empty instead
            return []

    @property
    def server(self) -> bool:
        """A database server (PostgreSQL), not a SQLite file: what the advice may name."""
        return self.engine.dialect.name != "sqlite"

    def _damaged(self, problem: str) -> StoreError:
        return StoreError(
            "store.damaged_server" if self.server else "store.damaged",
            file=self.label,
            problem=problem,
        )

    def _damaged_row(self, row: str, exc: Exception) -> StoreError:
        return listing.damaged_row(self.label, row, exc, server=self.server)

    def latest_game_id(self, game_key: str | None = None) -> int | None:
        query = select(GAMES.c.id).order_by(GAMES.c.last_played.desc(), GAMES.c.id.desc())
        if game_key is not None:
            query = query.where(GAMES.c.game_key == game_key)
        with self.engine.connect() as conn:
            return conn.execute(query.limit(1)).scalar()

    def open_game(self, game_id: int) -> GameSession:
        """The game exactly where it was: cursor, redo tail and undo history. The games row,
        the steps, the snapshots' list and the state at the cursor are read in one read
        transaction: another device writing the game meanwhile cannot make them disagree."""
        with self._read() as conn:
            row = conn.execute(select(*GAMES_AS_STORED).where(GAMES.c.id == game_id)).first()
            if row is None:
                raise StoreError("store.no_game", id=game_id)
            steps = conn.execute(
                select(STEPS.c.idx, STEPS.c.command, STEPS.c.description)
                .where(STEPS.c.game_id == game_id)
                .order_by(STEPS.c.idx)
            ).all()
            snaps = conn.execute(
                select(SNAPSHOTS.c.idx, SNAPSHOTS.c.kept).where(SNAPSHOTS.c.game_id == game_id)
            ).all()
            head = conn.execute(
                select(SNAPSHOTS.c.state).where(
                    SNAPSHOTS.c.game_id == game_id, SNAPSHOTS.c.idx == row.cursor
                )
            ).scalar()
        game = self._game(row.game_key)
        numbers = (row.cursor, row.length, row.revision, *(s.idx for s in snaps))
        if not all(type(n) is int for n in numbers):
            raise self._damaged(f"game {game_id}: a position that is not a number")
        if [s.idx for s in steps] != list(range(len(steps))) or not (
            0 <= row.cursor <= row.length == len(steps)
        ):
            raise self._damaged(f"game {game_id}: steps")
        try:
            initial = codec.load(game.state_type, row.initial_state)
            stored = [codec.load_command(s.command) for s in steps]
            lines = [load_msg(s.description) for s in steps]
        except (ValueError, KeyError, TypeError) as exc:  # pydantic's ValidationError too
            raise StoreError(
                "store.unreadable_game", id=game_id, game=row.game_key, problem=str(exc)[:200]
            ) from None
        # an older save's commands in today's terms; a snapshot after one that changed was
        # written without what it now records, so those states are replayed instead
        commands = [game.upgrade(c) for c in stored]
        changed = next(
            (i for i, (a, b) in enumerate(zip(stored, commands, strict=True)) if a != b), None
        )
        at_cursor = None
        if head is not None and row.cursor and (changed is None or row.cursor <= changed):
            at_cursor = self._decode_snapshot(game_id, row.cursor, game, head)
        session = GameSession(
            self,
            row.id,
            game,
            row.title,
            initial,
            commands,
            lines,
            row.cursor,
            [(s.idx, bool(s.kept)) for s in snaps],
            row.catalog_name,
            stale_after=changed,
            revision=row.revision,
            at_cursor=at_cursor,
        )
        self._settle_outcome(session, row.outcome)
        return session

    def _settle_outcome(self, session: GameSession, stored: str | None) -> None:
        """A save from before outcomes were stored (or from a game whose rules changed) gets
        its outcome computed now, so History and the lists agree with the game."""
        outcome = outcome_json(session.game, session.state)
        if outcome == stored or self.read_only:  # (a read-only save is shown as it is)
            return
        try:
            with self._begin() as conn:
                conn.execute(
                    update(GAMES)
                    .where(GAMES.c.id == session.id)
                    .values(outcome=outcome, finished=outcome is not None)
                )
        except SQLAlchemyError as exc:
            raise self._write_failed(exc) from None

    def _load_snapshot(self, game_id: int, idx: int, game: Game, since: int) -> Any | None:
        """The state after ``idx`` steps as its snapshot holds it, for a session that last saw
        revision ``since``; ``None`` when the snapshot is gone or a step before it was
        written since (another device undid, or played on from an earlier step): the session
        then replays its own steps instead. Both are read in one read transaction."""
        with self._read() as conn:
            text_ = conn.execute(
                select(SNAPSHOTS.c.state).where(
                    SNAPSHOTS.c.game_id == game_id, SNAPSHOTS.c.idx == idx
                )
            ).scalar()
            moved = conn.execute(
                select(STEPS.c.idx)
                .where(STEPS.c.game_id == game_id, STEPS.c.idx < idx, STEPS.c.revision > since)
                .limit(1)
            ).first()
        if text_ is None or moved is not None:
            return None
        return self._decode_snapshot(game_id, idx, game, text_)

    def _decode_snapshot(self, game_id: int, idx: int, game: Game, text_: str) -> Any:
        try:
            return codec.load(game.state_type, text_)
        except (ValueError, TypeError, KeyError) as exc:  # pydantic's ValidationError too
            raise self._damaged_row(f"snapshots[game_id={game_id}, idx={idx}]", exc) from None

    # -- the record of a finished play --------------------------------------------------------
    def edit_record(
        self, game_id: int, seats: Sequence[Seat], location: str, notes: str
    ) -> tuple[Msg, ...]:
        """Edit a play's record: its players (names, a forgotten player added, one removed,
        the start player), location and notes. Logged in the record (what changed, and what
        it was: ``undo_record_edit`` puts it back); the game's own steps and outcome are
        untouched (a renamed seat keeps the name the game scores as ``plays_as``). Returns
        the lines said of the edit (none: nothing changed, nothing written)."""
        seats = [_visible_seat(s) for s in seats]
        location, notes = visible(location.strip()), visible(notes.strip())
        info = self._info(game_id)
        lines = _edit_lines(info, seats, location, notes)
        if not lines:
            return ()
        before = {
            "players": [seat_json(s) for s in info.seats] if info.seats else None,
            "location": info.record.location,
            "notes": info.record.notes,
        }
        edit = {"lines": [json.loads(dump_msg(m)) for m in lines], "before": before}
        record = Record(location, notes, (*info.record.edits, edit))
        self._write_record(game_id, dump_seats(seats), record, seats)
        return lines

    def undo_record_edit(self, game_id: int) -> tuple[Msg, ...]:
        """Undo the last edit of a play's record; returns its lines (none: nothing to undo)."""
        info = self._info(game_id)
        if not info.record.edits:
            return ()
        last = info.record.edits[-1]
        try:
            before = last["before"]
            players = json.dumps(before["players"]) if before.get("players") else None
            seats = load_seats(players) if players else ()
            lines = tuple(load_msg(json.dumps(m)) for m in last["lines"])
            record = Record(
                str(before.get("location", "")), str(before.get("notes", "")),
                info.record.edits[:-1],
            )  # fmt: skip
        except (KeyError, TypeError, ValueError) as exc:
            raise self._damaged_row(f"games[id={game_id}].record", exc) from None
        self._write_record(game_id, players, record, seats)
        return lines

    def _info(self, game_id: int) -> GameInfo:
        sql, params = listing.ALL.query()
        sql = sql.replace(" ORDER BY", " WHERE id = :id ORDER BY")
        with self.engine.connect() as conn:
            rows = conn.execute(text(sql), {**params, "id": game_id}).all()
        found = listing.read_games(rows, self.label, server=self.server)
        if not found:
            raise StoreError("store.no_game", id=game_id)
        return found[0]

    def _write_record(
        self, game_id: int, players: str | None, record: Record, seats: Sequence[Seat]
    ) -> None:
        try:
            with self._begin() as conn:
                conn.execute(
                    update(GAMES)
                    .where(GAMES.c.id == game_id)
                    .values(
                        players=players,
                        record=json.dumps(record.to_json(), ensure_ascii=False),
                    )
                )
                note_players(conn, seats, now())
        except SQLAlchemyError as exc:
            raise self._write_failed(exc) from None

    def delete_game(self, game_id: int) -> None:
        try:
            with self._begin() as conn:
                conn.execute(delete(STEPS).where(STEPS.c.game_id == game_id))
                conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == game_id))
                conn.execute(delete(GAMES).where(GAMES.c.id == game_id))
        except SQLAlchemyError as exc:
            raise self._write_failed(exc) from None

    # -- settings --------------------------------------------------------------------------
    def get_setting(self, key: str, default: Any = None) -> Any:
        with self.engine.connect() as conn:
            value = conn.execute(select(SETTINGS.c.value).where(SETTINGS.c.key == key)).scalar()
        if value is None:
            return default
        try:
            return json.loads(value)
        except (ValueError, TypeError) as exc:
            raise self._damaged_row(f"settings[key={key}]", exc) from None

    def preference(self, key: str, default: Any = None) -> Any:
        """A setting that only makes the app nicer (the language, the theme, how ties are
        settled): a damaged row of it gives ``default`` rather than stopping anything."""
        try:
            return self.get_setting(key, default)
        except StoreError:
            return default

    def set_setting(self, key: str, value: Any) -> None:
        self._upsert(SETTINGS, {"key": key}, {"value": json.dumps(value, ensure_ascii=False)})

    def _upsert(self, table: Any, keys: dict[str, Any], values: dict[str, Any]) -> None:
        (name, ident), = keys.items()  # fmt: skip
        try:
            with self._begin() as conn:
                conn.execute(delete(table).where(table.c[name] == ident))
                conn.execute(table.insert().values(**keys, **values))
        except SQLAlchemyError as exc:
            raise self._write_failed(exc) from None

    # -- user catalogs ---------------------------------------------------------------------
    def user_catalog(self, game_key: str) -> dict | None:
        with self.engine.connect() as conn:
            value = conn.execute(
                select(CATALOGS.c.data).where(CATALOGS.c.game_key == game_key)
            ).scalar()
        if value is None:
            return None
        try:
            data = json.loads(value)
        except (ValueError, TypeError) as exc:
            raise self._damaged_row(f"user_catalogs[game_key={game_key}]", exc) from None
        if not isinstance(data, dict):
            raise self._damaged_row(f"user_catalogs[game_key={game_key}]", TypeError("not a table"))
        return data

    def change_user_catalog(
        self,
        game_key: str,
        patch: dict,
        *,
        whole: bool | Iterable[str] = (),
        keep: bool = False,
        keep_as: str | None = None,
        check: Callable[[dict], Any] | None = None,
        confirm: Callable[[dict, dict], bool] | None = None,
    ) -> dict | None:
        """The one writer of the owner's catalog: ``patch`` merged over the current one by
        the one rule (:func:`companion.core.catalog.merge`; ``whole=True`` puts ``patch`` in
        its place, a list of table names replaces just those), checked (``check(new)``, by
        default the game's box loader) before anything is written, the previous one kept
        first when ``keep`` (``keep_as`` names it), and saved. ``confirm(old, new)`` may still
        decline (nothing written, None returned). A refused catalog raises ``CatalogError``
        naming the field; nothing is written."""
        from companion.games.registry import GAME_KEYS, load_game_catalog

        old = self.user_catalog(game_key) or {}
        new = patch if whole is True else merge(old, patch, () if whole is False else whole)
        if check is not None:
            check(new)
        elif game_key in GAME_KEYS:  # (a test's tiny game has no catalog schema)
            load_game_catalog(game_key, "box", new)
        if confirm is not None and not confirm(old, new):
            return None
        if keep or keep_as:
            self.keep_user_catalog(game_key, keep_as)
        self.save_user_catalog(game_key, new)
        return new

    def save_user_catalog(self, game_key: str, data: dict) -> None:
        """The row written as it is, unchecked: the app changes the catalog through
        :meth:`change_user_catalog`; this is its last step (and a test's way to seed one)."""
        try:
            encoded = json.dumps(data, ensure_ascii=False)
        except TypeError as exc:  # TOML dates and times have no place in a catalog
            raise StoreError("store.catalog_value", game=game_key, problem=str(exc)) from None
        self._upsert(CATALOGS, {"game_key": game_key}, {"data": encoded, "updated": now()})

    def export_user_catalog(self, game_key: str, path: Path) -> None:
        data = self.user_catalog(game_key)
        if data is None:
            raise StoreError("store.no_user_catalog", game=game_key)
        body = to_toml(data, header=f"User catalog for {game_key}, exported by the companion.")
        write_text_file(Path(path), body)

    # the owner's earlier transcriptions, newest first: what an import replaced
    HISTORY_KEEP = 10

    def catalog_history(self, game_key: str) -> list[dict]:
        """Earlier transcriptions of ``game_key`` kept by imports, newest first: each
        ``{"name": str | None, "saved": ISO time, "data": dict}``."""
        key = f"catalog.previous.{game_key}"
        value = self.get_setting(key, [])
        if not isinstance(value, list):
            raise self._damaged_row(f"settings[key={key}]", TypeError("not a list"))
        return [v for v in value if isinstance(v, dict) and isinstance(v.get("data"), dict)]

    def keep_user_catalog(self, game_key: str, name: str | None = None) -> None:
        """Put the current transcription (if any) on top of the kept ones."""
        current = self.user_catalog(game_key)
        if current is None:
            return
        entry = {"name": name, "saved": now().isoformat(timespec="seconds"), "data": current}
        kept = [entry, *self.catalog_history(game_key)]
        named = [k for k in kept if k.get("name")]
        unnamed = [k for k in kept if not k.get("name")][: self.HISTORY_KEEP]
        kept = [k for k in kept if k in named or k in unnamed]
        self.set_setting(f"catalog.previous.{game_key}", kept)

    def restore_user_catalog(self, game_key: str, name: str | None = None) -> dict:
        """Bring back the last kept transcription (or the one kept as ``name``); the one it
        replaces is kept in its turn, so a restore can be undone the same way."""
        kept = self.catalog_history(game_key)
        pick = next((k for k in kept if name is None or k.get("name") == name), None)
        if pick is None:
            raise StoreError(
                "store.no_kept_catalog" if name is None else "store.no_named_catalog",
                game=game_key,
                name=name or "",
            )
        rest = [k for k in kept if k is not pick]
        self.set_setting(f"catalog.previous.{game_key}", rest)
        # as it was kept: a transcription checked when it was written
        self.change_user_catalog(game_key, pick["data"], whole=True, keep=True, check=_as_kept)
        return pick

    def import_user_catalog(
        self,
        game_key: str,
        path: Path,
        check: Callable[[dict, str], Any] | None = None,
        *,
        replace: bool = False,
        keep_as: str | None = None,
        confirm: Callable[[dict, dict], bool] | None = None,
    ) -> dict | None:
        """Read a TOML transcription and merge it over the current one (``replace``: instead
        of it); the previous one is kept (:meth:`restore_user_catalog` brings it back).
        An empty file is refused; unreadable TOML raises ``CatalogError`` naming the file and
        line; the result is checked against the game's schema (``check(data, label)``, by
        default the game's box loader) before anything is written. Returns what was stored
        (None when ``confirm(old, new)`` declined)."""
        data = read_toml(path)
        if is_empty(data):
            raise StoreError("store.catalog_empty", file=str(path))
        try:
            return self.change_user_catalog(
                game_key,
                data,
                whole=replace,
                keep=True,
                keep_as=keep_as,
                check=None if check is None else (lambda new: check(new, str(path))),
                confirm=confirm,
            )
        except CatalogError as exc:
            raise locate(exc, path) from None


def _as_kept(data: dict) -> None:
    """A kept transcription is restored as it was kept (it was checked when written)."""


def insert_game(
    conn: Connection,
    game: Game,
    initial_state: Any,
    title: str,
    catalog_name: str,
    seats: Sequence[Seat],
    **position: Any,
) -> int:
    """The games row of a new game (``Store.new_game``) or an imported one (its ``position``:
    cursor, length, summary, outcome, dates), and its players in the roster; returns its id."""
    result = conn.execute(
        GAMES.insert().values(
            game_key=game.key,
            title=title,
            catalog_name=catalog_name,
            initial_state=codec.dump(initial_state, game.state_type),
            players=dump_seats(seats) if seats else None,
            **position,
        )
    )
    note_players(conn, seats, position["last_played"])
    return result.inserted_primary_key[0]


def _visible_seat(seat: Seat) -> Seat:
    """A seat's words as text (``core.text.visible``): typed in a form or read from a file."""
    return replace(
        seat,
        name=visible(seat.name),
        colour=visible(seat.colour),
        role=visible(seat.role),
        plays_as=visible(seat.plays_as),
    )


def _edit_lines(info: GameInfo, seats: Sequence[Seat], location: str, notes: str) -> list[Msg]:
    """What an edit of a play's record changes, as log lines (empty: nothing)."""
    old = {s.in_game: s for s in info.table}
    new = {s.in_game: s for s in seats}
    lines = []
    for key, seat in old.items():
        if key not in new:
            lines.append(msg("records.edit.removed", name=seat.name))
        elif new[key].name != seat.name:
            lines.append(msg("records.edit.renamed", old=seat.name, new=new[key].name))
    lines += [msg("records.edit.added", name=s.name) for k, s in new.items() if k not in old]
    was = next((s.name for s in info.table if s.start), None)
    now_ = next((s.name for s in seats if s.start), None)
    if now_ != was and now_ is not None:
        lines.append(msg("records.edit.start", name=now_))
    if location != info.record.location:
        lines.append(msg("records.edit.location", location=location or "—"))
    if notes != info.record.notes:
        lines.append(Msg("records.edit.notes"))
    return lines


def note_players(conn: Connection, seats: Sequence[Seat], played: datetime) -> None:
    """The roster learns the names of a game played at ``played`` (with the colour each
    played with); a name the roster has from a later game keeps that game's colour and
    place (an imported old game does not move it down the list)."""
    for seat in seats:
        if not seat.name:
            continue
        known = conn.execute(
            select(type_coerce(PLAYERS.c.last_played, String())).where(PLAYERS.c.name == seat.name)
        ).scalar()
        if known is not None and _later(known, played):
            continue
        conn.execute(delete(PLAYERS).where(PLAYERS.c.name == seat.name))
        conn.execute(
            PLAYERS.insert().values(name=seat.name, colour=seat.colour, last_played=played)
        )


def _remove_save(path: Path) -> None:
    """The save file just created and its side files, when making it failed."""
    for part in (path, *(path.with_name(path.name + side) for side in SIDE_FILES)):
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass


SIDE_FILES = ("-wal", "-shm", "-journal")


def _later(known: Any, played: datetime) -> bool:
    """Whether the roster's date ``known`` is after ``played`` (a hand-damaged date is not:
    the row is written again)."""
    try:
        return in_utc(known) >= in_utc(played)
    except (ValueError, TypeError, OverflowError):
        return False


def write_text_file(path: Path, body: str) -> None:
    """Write beside the target, then rename: an interrupted or failed write never leaves half
    a file nor a stray temporary one. The file gets the permissions any new file of the user
    gets (their umask); only a regular file is ever replaced (a device such as ``/dev/sda``,
    a pipe or a folder is refused). Any failure is a :class:`StoreError` naming the path."""
    if path.is_dir():
        raise StoreError("store.export_failed", file=str(path), problem=_os_problem(None, "dir"))
    if path.exists() and not path.is_file():
        raise StoreError("store.export_failed", file=str(path), problem=_os_problem(None, "node"))
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    try:
        # 0o666 less the umask, as the shell's `>` makes it (a temporary file would be 0600)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(body)
            fh.flush()
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError(
            "store.export_failed", file=str(path), problem=_os_problem(exc, "")
        ) from None


def _os_problem(exc: OSError | None, kind: str) -> str:
    if exc is None:
        return tr("store.problem.is_folder" if kind == "dir" else "store.problem.not_regular")
    return exc.strerror or str(exc)


def _problem(exc: Exception) -> str:
    orig = getattr(exc, "orig", None)
    return str(orig if orig is not None else exc).splitlines()[0]


def write_failed(label: str, exc: Exception, server: bool = False) -> StoreError:
    """A write that failed, with the advice its cause calls for (a locked file is not a full
    disk, nor a read-only one); nothing of it was made."""
    kind = failure_kind(exc)
    if kind == "read_only":
        return StoreError("store.read_only", file=label)
    key = {"locked": "store.write_locked", "full": "store.write_full", "io": "store.write_io"}
    generic = "store.server_failed" if server else "store.write_failed"
    return StoreError(key.get(kind, generic), file=label, problem=_problem(exc))


def _cannot_open(label: str, exc: Exception, server: bool = False) -> StoreError:
    """Opening (and preparing) a save failed: the advice its cause calls for (a database
    behind a URL: the server's, never a file's)."""
    kind = failure_kind(exc)
    if kind == "locked":
        return StoreError("store.busy", file=label)
    if server:
        return StoreError("store.cannot_reach", file=label, problem=_problem(exc))
    key = {"full": "store.open_full", "io": "store.open_io", "damaged": "store.damaged"}
    return StoreError(key.get(kind, "store.cannot_open"), file=label, problem=_problem(exc))


def _make_engine(where: Target, read_only: bool = False) -> Engine:
    try:
        return _create_engine(where, read_only)
    except ImportError as exc:  # the URL's driver is not installed
        if where.url.get_backend_name() == "postgresql":
            raise StoreError("store.no_postgres_driver", url=where.label) from None
        raise StoreError("store.no_driver", url=where.label, problem=str(exc)) from None
    except SQLAlchemyError as exc:  # "Can't load plugin: sqlalchemy.dialects:bogus"
        raise StoreError("store.bad_url", url=where.label, problem=_problem(exc)) from None


def _create_engine(where: Target, read_only: bool = False) -> Engine:
    if where.url.get_backend_name() != "sqlite":
        return create_engine(where.url)
    kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
    if where.path is None:  # in-memory: one connection, or every checkout would be empty
        kwargs["poolclass"] = StaticPool
    url = read_only_url(where.path) if read_only and where.path is not None else where.url
    engine = create_engine(url, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy's BEGIN below, not the sqlite3 module, delimit transactions, so
        # migrations' DDL is transactional too.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        if where.path is not None and not read_only:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=5000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN")

    return engine


def read_only_url(path: Path) -> URL:
    """SQLite's read-only opening of ``path`` (``mode=ro``); ``immutable`` where no WAL or
    shared-memory file can be made beside it and there is no WAL to read (read-only media)."""
    wal = path.with_name(path.name + "-wal")
    query = {"mode": "ro", "uri": "true"}
    if not wal.exists() and not writable(path.parent):
        query["immutable"] = "1"
    return URL.create("sqlite", database=path.resolve().as_uri(), query=query)


def _read_version(engine: Engine, label: str) -> int | None:
    """The schema version of a database behind a URL (only reads)."""
    with engine.connect() as conn:
        tables = set(inspect(conn).get_table_names())
        if not tables:
            return None
        if "schema_version" not in tables:
            raise StoreError("store.foreign", file=label, tables=", ".join(sorted(tables)[:5]))
        return conn.execute(select(SchemaVersion.__table__.c.version)).scalar()


def _prepare(engine: Engine, where: Target, found: int | None) -> None:
    if found is None:
        with engine.begin() as conn:
            SQLModel.metadata.create_all(
                conn,
                tables=[t.__table__ for t in _TABLES],  # only ours, not other SQLModel tables
            )
            conn.execute(SchemaVersion.__table__.insert().values(id=1, version=SCHEMA_VERSION))
            if where.url.get_backend_name() == "sqlite":
                conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
    elif found < SCHEMA_VERSION:
        if where.path is not None:
            migrations.backup_file(where.path, found)
        with engine.begin() as conn:
            current = conn.execute(text("SELECT version FROM schema_version")).scalar()
            if current is not None and current < SCHEMA_VERSION:
                migrations.migrate(conn, current)


def _tables() -> list[Any]:
    from companion.store import tables as t

    return [
        t.SchemaVersion,
        t.GameRow,
        t.StepRow,
        t.SnapshotRow,
        t.UserCatalogRow,
        t.PlayerRow,
        t.SettingRow,
    ]


_TABLES = _tables()
