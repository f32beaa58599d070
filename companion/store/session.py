"""A game being played: its step log, persisted step by step.

Each step is one transaction: the step row, the head snapshot (the state at the cursor),
the dropped redo tail and the games row (cursor, summary, last played) together. States are
kept as snapshots: the head, moved with the cursor, makes resume a single decode; a kept
snapshot every ``snapshot_every`` steps bounds the replay needed to rebuild any earlier state
(undo on a resumed game), which happens lazily through the step log's state loaders.

One game may be open in several instances (two terminals, a club's shared database). Each
write first moves ``games.revision`` on from the revision this instance last saw (a
compare-and-swap in the same transaction): when another instance wrote in between, nothing
is written, the session follows the other's steps and raises :class:`ChangedElsewhere`
saying what they were. Never a fork. :meth:`GameSession.fetch_remote` (one indexed read when
nothing changed; safe in another thread) and :meth:`GameSession.follow` let an open screen
follow steps made elsewhere: only the steps written since its revision are read.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    DateTime,
    String,
    bindparam,
    delete,
    insert,
    select,
    type_coerce,
    update,
)
from sqlalchemy.exc import SQLAlchemyError

from companion.core import codec
from companion.core.commands import Command, apply_command
from companion.core.errors import ChangedElsewhere, Elsewhere
from companion.core.game import Game, Moment, Outcome
from companion.core.i18n import Msg
from companion.core.msgjson import dump_msg, load_msg, title_text
from companion.core.recent import Recent
from companion.core.steplog import HistoryLine, StepLog
from companion.store.errors import StoreError
from companion.store.tables import GameRow, SnapshotRow, StepRow

if TYPE_CHECKING:
    from companion.store.store import Store

GAMES, STEPS, SNAPSHOTS = GameRow.__table__, StepRow.__table__, SnapshotRow.__table__


def _as_stored(column: Any) -> Any:
    kind = column.type
    if isinstance(kind, Boolean) or isinstance(getattr(kind, "impl", kind), DateTime):
        return type_coerce(column, String()).label(column.name)
    return column


# the games row as the database holds it: dates and flags left as stored, so that a
# hand-damaged one is found by whoever reads it (and named), not raised while the row is read
GAMES_AS_STORED = tuple(_as_stored(c) for c in GAMES.c)
REPLAY_RATHER_THAN_READ = 2  # steps from a state in memory replayed rather than read

# A step's and a cursor move's writes, made once: SQLAlchemy then only binds their values
# (building a statement and its cache key anew took about three quarters of its execution).
# A bound name may not be a column's: hence the "b_".
_POSITION = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_game"), GAMES.c.revision == bindparam("b_seen"))
    .values(
        cursor=bindparam("b_cursor"),
        length=bindparam("b_length"),
        summary=bindparam("b_summary"),
        finished=bindparam("b_finished"),
        outcome=bindparam("b_outcome"),
        last_played=bindparam("b_stamp"),
        played_seconds=GAMES.c.played_seconds + bindparam("b_gap"),
        revision=bindparam("b_revision"),
    )
)
_DROP_STEPS_FROM = delete(STEPS).where(
    STEPS.c.game_id == bindparam("b_game"), STEPS.c.idx >= bindparam("b_idx")
)
# the snapshots past a step, and the head (never kept): a new step's state replaces them
_DROP_SNAPSHOTS_PAST = delete(SNAPSHOTS).where(
    SNAPSHOTS.c.game_id == bindparam("b_game"),
    (SNAPSHOTS.c.idx > bindparam("b_idx")) | (SNAPSHOTS.c.kept.is_(False)),
)
_DROP_SNAPSHOT = delete(SNAPSHOTS).where(
    SNAPSHOTS.c.game_id == bindparam("b_game"), SNAPSHOTS.c.idx == bindparam("b_idx")
)
_ADD_STEP, _ADD_SNAPSHOT = insert(STEPS), insert(SNAPSHOTS)

# Time played: the clock runs from the moment a game is opened (or started) in the app; each
# step, undo or redo adds the time since the one before (or since opening), but a single gap
# counts at most this long, so a game left open overnight adds minutes, not hours. Time while
# the app is closed never counts (the clock starts again when the game is opened).
PLAY_GAP_CAP = 10 * 60  # seconds


def now() -> datetime:
    return datetime.now(UTC)  # SQLModel stores UTC and hands back aware datetimes


def outcome_json(game: Game, state: Any) -> str | None:
    """The game's outcome at ``state`` as stored (``None`` while the game goes on)."""
    result = game.outcome(state)
    return None if result is None else json.dumps(result.to_json(), ensure_ascii=False)


class _Stale(Exception):
    """Another instance wrote the game since this one last saw it (rolls the write back)."""


@dataclass(frozen=True)
class Remote:
    """What other instances wrote since revision ``since``: the games row now and the steps
    written after ``since`` (``(idx, command JSON, line JSON)``, from the first index that
    changed), with the snapshots past it and the head (``(idx, kept)``)."""

    since: int
    revision: int
    cursor: int
    length: int
    steps: tuple[tuple[int, str, str], ...]
    snapshots: tuple[tuple[int, bool], ...]


class _Persist:
    """The step log's sink: writes each change before the log changes its memory."""

    def __init__(self, session: GameSession) -> None:
        self.session = session

    def record(self, index: int, cmd: Command, state: Any, line: Msg) -> None:
        self.session._record(index, cmd, state, line)

    def move_cursor(self, cursor: int) -> None:
        self.session._move_cursor(cursor)


class GameSession:
    """A saved game open for play. Use ``do``/``undo``/``redo`` (or ``log`` directly: its
    sink persists too)."""

    def __init__(
        self,
        store: Store,
        game_id: int,
        game: Game,
        title: str,
        initial: Any,
        commands: Sequence[Command] = (),
        lines: Sequence[Msg | None] = (),
        cursor: int = 0,
        snapshots: Sequence[tuple[int, bool]] = (),
        catalog_name: str = "box",
        stale_after: int | None = None,
        revision: int = 0,
        at_cursor: Any = None,
    ) -> None:
        """``at_cursor``: the state after ``cursor`` steps, when it was read already."""
        self._store = store
        self.revision = revision  # the game's revision this instance last saw (or wrote)
        self.id, self.game, self.catalog_name = game_id, game, catalog_name
        self.stored_title = title  # as kept (a made title: its message, see msgjson)
        self._clock = now()  # the time played counts from here (PLAY_GAP_CAP)
        self._commands = list(commands)  # mirrors the log's, for replay
        self._states: dict[int, Any] = {0: initial}  # steps applied -> state, filled lazily
        if at_cursor is not None:
            self._states[cursor] = at_cursor
        self._kept = sorted(i for i, kept in snapshots if kept)
        heads = [i for i, kept in snapshots if not kept]
        self._head = heads[-1] if heads else None
        # snapshots written before an upgraded command (an older save's): replayed, not read
        self._stale = {i for i, _ in snapshots if stale_after is not None and i > stale_after}
        lines = list(lines) or [None] * len(commands)
        entries = [
            (c, None, partial(self._state_at, i + 1), line)
            for i, (c, line) in enumerate(zip(commands, lines, strict=True))
        ]
        self.log = StepLog(game, initial, entries, cursor, sink=_Persist(self))
        self._moments: Recent[Moment] = Recent()  # the last states' moments

    @property
    def title(self) -> str:
        """The game's title as shown, a made one in the language of the moment."""
        return title_text(self.stored_title)

    # -- play ------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.log.state

    def do(self, cmd: Command) -> Any:
        return self.log.do(cmd)

    def undo(self) -> Command | None:
        return self.log.undo()

    def redo(self) -> Command | None:
        return self.log.redo()

    def history(self) -> list[HistoryLine]:
        return self.log.history()

    def line(self, index: int) -> Msg:
        return self.log.line(index)

    def history_tail(self, count: int) -> list[HistoryLine]:
        """The last ``count`` log lines; no state is decoded."""
        return self.log.history_tail(count)

    @property
    def can_undo(self) -> bool:
        return self.log.can_undo

    @property
    def shared(self) -> bool:
        return self._store.shared

    @property
    def can_redo(self) -> bool:
        return self.log.can_redo

    @property
    def cursor(self) -> int:
        return self.log.cursor

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def moment(self) -> Moment:
        """What the table faces now (the game's moment), made once per state (an undo finds
        the one of the state before the step again)."""
        state = self.state
        return self._moments.get((state,), lambda: self.game.moment(state))

    # -- states ----------------------------------------------------------------------------
    def _state_at(self, n: int) -> Any:
        """The state after ``n`` steps: cached, or replayed from the nearest snapshot."""
        if n in self._states:
            return self._states[n]
        start = max((i for i in self._states if i <= n), default=0)
        k = bisect.bisect_right(self._kept, n)
        kept = next((i for i in reversed(self._kept[:k]) if i not in self._stale), None)
        candidates = [i for i in (kept, self._head) if i is not None and i not in self._stale]
        snap = max((i for i in candidates if start < i <= n), default=None)
        # a state a few steps on from one in memory (a step followed from elsewhere) is
        # replayed: a few applies cost less than decoding a snapshot
        if snap is not None and n - start > REPLAY_RATHER_THAN_READ:
            loaded = self._store._load_snapshot(self.id, snap, self.game, self.revision)
            if loaded is None:  # gone, or another device rewrote a step before it: replayed
                self._stale.add(snap)
                return self._state_at(n)
            self._states[snap] = loaded
            start = snap
        state = self._states[start]
        for i in range(start, n):
            state = apply_command(self.game, state, self._commands[i])
            self._states[i + 1] = state
        return state

    # -- persistence (called by the log before it changes) ----------------------------------
    def _record(self, index: int, cmd: Command, state: Any, line: Msg) -> None:
        n = index + 1
        kept = n % self._store.snapshot_every == 0
        try:
            with self._store._begin() as conn:
                revision = self._write_position(conn, n, state, length=n)  # first: the CAS
                # the redo tail (steps from index on) and every snapshot past it, and the old head
                conn.execute(_DROP_STEPS_FROM, {"b_game": self.id, "b_idx": index})
                conn.execute(_DROP_SNAPSHOTS_PAST, {"b_game": self.id, "b_idx": index})
                conn.execute(
                    _ADD_STEP,
                    {
                        "game_id": self.id,
                        "idx": index,
                        "command": codec.dump_command(cmd),
                        "description": dump_msg(line),
                        "revision": revision,
                    },
                )
                self._write_snapshot(conn, n, state, kept)
        except _Stale:
            raise self._changed_elsewhere() from None
        except SQLAlchemyError as exc:
            raise self._store._write_failed(exc) from None
        # memory follows only once the transaction committed
        self.revision = revision
        del self._commands[index:]
        self._commands.append(cmd)
        for i in [i for i in self._states if i > index]:
            del self._states[i]
        self._states[n] = state
        self._kept = [i for i in self._kept if i <= index] + ([n] if kept else [])
        self._head = None if kept else n

    def _write_snapshot(self, conn, idx: int, state: Any, kept: bool) -> None:
        self._stale.discard(idx)
        conn.execute(
            _ADD_SNAPSHOT,
            {
                "game_id": self.id,
                "idx": idx,
                "state": codec.dump(state, self.game.state_type),
                "kept": kept,
            },
        )

    def _write_position(self, conn, cursor: int, state: Any, length: int) -> int:
        """The games row after a step, undo or redo: where it stands (for the resume list),
        the steps it has (``length``), the time played since the last one (at most
        ``PLAY_GAP_CAP``) and the next revision, written only if the game is still at the
        revision this instance saw (raises :class:`_Stale` otherwise). The first write of the
        transaction, so it holds the game's row (PostgreSQL) or the file (SQLite) from then
        on."""
        outcome = outcome_json(self.game, state)
        revision = self.revision + 1
        stamp = now()
        gap = min(max((stamp - self._clock).total_seconds(), 0.0), PLAY_GAP_CAP)
        self._clock = stamp
        done = conn.execute(
            _POSITION,
            {
                "b_game": self.id,
                "b_seen": self.revision,
                "b_cursor": cursor,
                "b_length": length,
                "b_summary": dump_msg(self.game.summary(state)),
                "b_finished": outcome is not None,
                "b_outcome": outcome,
                "b_stamp": stamp,
                "b_gap": gap,
                "b_revision": revision,
            },
        )
        if done.rowcount != 1:
            raise _Stale
        return revision

    def _move_cursor(self, cursor: int) -> None:
        state = self._state_at(cursor)
        has_snapshot = cursor == 0 or cursor in self._kept
        try:
            with self._store._begin() as conn:
                # first: the CAS (the steps stay: a redo tail is kept until a new step)
                revision = self._write_position(conn, cursor, state, len(self._commands))
                if self._head is not None and self._head != cursor:
                    conn.execute(_DROP_SNAPSHOT, {"b_game": self.id, "b_idx": self._head})
                if not has_snapshot and self._head != cursor:
                    self._write_snapshot(conn, cursor, state, kept=False)
        except _Stale:
            raise self._changed_elsewhere() from None
        except SQLAlchemyError as exc:
            raise self._store._write_failed(exc) from None
        self.revision = revision
        self._head = None if has_snapshot else cursor

    # -- other instances -------------------------------------------------------------------
    def _changed_elsewhere(self) -> ChangedElsewhere:
        """The write was refused: follow what the other instance did, and say it."""
        try:
            remote = self.fetch_remote()
        except SQLAlchemyError as exc:
            raise self._store._write_failed(exc) from None
        return ChangedElsewhere(self.follow(remote) or Elsewhere())

    def fetch_remote(self) -> Remote | None:
        """What was written since this instance's revision (``None``: nothing). Only reads,
        and touches nothing of the session but its id and revision: a screen calls it from a
        thread and hands the result to :meth:`follow` on its own."""
        since = self.revision
        if self._store.closed:
            return None
        with self._store._read() as conn:
            row = conn.execute(
                select(GAMES.c.revision, GAMES.c.cursor, GAMES.c.length).where(
                    GAMES.c.id == self.id
                )
            ).first()
            if row is None:
                raise StoreError("store.no_game", id=self.id)
            if row.revision == since:
                return None
            steps = conn.execute(
                select(STEPS.c.idx, STEPS.c.command, STEPS.c.description)
                .where(STEPS.c.game_id == self.id, STEPS.c.revision > since)
                .order_by(STEPS.c.idx)
            ).all()
            keep = steps[0].idx if steps else row.length
            snaps = conn.execute(
                select(SNAPSHOTS.c.idx, SNAPSHOTS.c.kept).where(
                    SNAPSHOTS.c.game_id == self.id,
                    (SNAPSHOTS.c.idx > keep) | (SNAPSHOTS.c.kept.is_(False)),
                )
            ).all()
        return Remote(
            since,
            row.revision,
            row.cursor,
            row.length,
            tuple((s.idx, s.command, s.description) for s in steps),
            tuple((s.idx, bool(s.kept)) for s in snaps),
        )

    def follow(self, remote: Remote | None) -> Elsewhere | None:
        """Take the steps, undos and redos another instance saved (``remote`` from
        :meth:`fetch_remote`); ``None`` when there is nothing to take (or ``remote`` was read
        for an older revision). Only the new steps are decoded; their states are replayed
        lazily from the states this session has."""
        if remote is None or remote.since != self.revision:
            return None
        keep = remote.steps[0][0] if remote.steps else remote.length
        if (
            [s[0] for s in remote.steps] != list(range(keep, remote.length))
            or keep > len(self._commands)
            or not 0 <= remote.cursor <= remote.length
        ):
            raise self._store._damaged(f"game {self.id}")
        try:
            commands = [self.game.upgrade(codec.load_command(c)) for _, c, _ in remote.steps]
            lines = [load_msg(d) for _, _, d in remote.steps]
        except (ValueError, KeyError, TypeError) as exc:  # pydantic's ValidationError too
            raise StoreError(
                "store.unreadable_game", id=self.id, game=self.game.key, problem=str(exc)[:200]
            ) from None
        before, common = self.cursor, min(keep, self.cursor, remote.cursor)
        undone = [self.log.line(i) for i in range(before - 1, common - 1, -1)]
        del self._commands[keep:]
        self._commands += commands
        for i in [i for i in self._states if i > keep]:
            del self._states[i]
        self._kept = [i for i in self._kept if i <= keep]
        self._kept += sorted(i for i, kept in remote.snapshots if kept and i > keep)
        heads = [i for i, kept in remote.snapshots if not kept]
        self._head = heads[-1] if heads else None
        self._stale = {i for i in self._stale if i <= keep}
        entries = [
            (c, None, partial(self._state_at, keep + k + 1), line)
            for k, (c, line) in enumerate(zip(commands, lines, strict=True))
        ]
        self.log.follow(keep, entries, remote.cursor)
        self.revision = remote.revision
        done = [self.log.line(i) for i in range(common, remote.cursor)]
        return Elsewhere(tuple(done), tuple(undone))
