"""A game being played: its step log, persisted step by step.

Each step is one transaction: the step row, the head snapshot (the state at the cursor),
the dropped redo tail and the games row (cursor, summary, last played) together. States are
kept as snapshots: the head, moved with the cursor, makes resume a single decode; a kept
snapshot every ``snapshot_every`` steps bounds the replay needed to rebuild any earlier state
(undo on a resumed game), which happens lazily through the step log's state loaders.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, update
from sqlalchemy.exc import SQLAlchemyError

from companion.core import codec
from companion.core.commands import Command, apply_command
from companion.core.game import Game, Outcome, outcome_of
from companion.core.i18n import Msg
from companion.core.msgjson import dump_msg
from companion.core.steplog import HistoryLine, StepLog
from companion.store.tables import GameRow, SnapshotRow, StepRow

if TYPE_CHECKING:
    from companion.store.store import Store

GAMES, STEPS, SNAPSHOTS = GameRow.__table__, StepRow.__table__, SnapshotRow.__table__

# Time played: the clock runs from the moment a game is opened (or started) in the app; each
# step, undo or redo adds the time since the one before (or since opening), but a single gap
# counts at most this long, so a game left open overnight adds minutes, not hours. Time while
# the app is closed never counts (the clock starts again when the game is opened).
PLAY_GAP_CAP = 10 * 60  # seconds


def now() -> datetime:
    return datetime.now(UTC)  # SQLModel stores UTC and hands back aware datetimes


def outcome_json(game: Game, state: Any) -> str | None:
    """The game's outcome at ``state`` as stored (``None`` while the game goes on)."""
    result = outcome_of(game, state)
    return None if result is None else json.dumps(result.to_json(), ensure_ascii=False)


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
    ) -> None:
        self._store = store
        self.id, self.game, self.title, self.catalog_name = game_id, game, title, catalog_name
        self._clock = now()  # the time played counts from here (PLAY_GAP_CAP)
        self._commands = list(commands)  # mirrors the log's, for replay
        self._states: dict[int, Any] = {0: initial}  # steps applied -> state, filled lazily
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
    def can_redo(self) -> bool:
        return self.log.can_redo

    @property
    def cursor(self) -> int:
        return self.log.cursor

    @property
    def outcome(self) -> Outcome | None:
        return outcome_of(self.game, self.state)

    # -- states ----------------------------------------------------------------------------
    def _state_at(self, n: int) -> Any:
        """The state after ``n`` steps: cached, or replayed from the nearest snapshot."""
        if n in self._states:
            return self._states[n]
        start = max((i for i in self._states if i <= n), default=0)
        k = bisect.bisect_right(self._kept, n)
        candidates = [
            i
            for i in (self._kept[k - 1] if k else None, self._head)
            if i is not None and i not in self._stale
        ]
        snap = max((i for i in candidates if start < i <= n), default=None)
        if snap is not None:
            self._states[snap] = self._store._load_snapshot(self.id, snap, self.game)
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
                # the redo tail (steps from index on) and every snapshot past it, and the old head
                conn.execute(delete(STEPS).where(STEPS.c.game_id == self.id, STEPS.c.idx >= index))
                conn.execute(
                    delete(SNAPSHOTS).where(
                        SNAPSHOTS.c.game_id == self.id,
                        (SNAPSHOTS.c.idx > index) | (SNAPSHOTS.c.kept.is_(False)),
                    )
                )
                conn.execute(
                    insert(STEPS).values(
                        game_id=self.id,
                        idx=index,
                        command=codec.dump_command(cmd),
                        description=dump_msg(line),
                    )
                )
                self._write_snapshot(conn, n, state, kept)
                self._write_position(conn, n, state, length=n)
        except SQLAlchemyError as exc:
            raise self._store._write_failed(exc) from None
        # memory follows only once the transaction committed
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
            insert(SNAPSHOTS).values(
                game_id=self.id,
                idx=idx,
                state=codec.dump(state, self.game.state_type),
                kept=kept,
            )
        )

    def _write_position(self, conn, cursor: int, state: Any, **more: Any) -> None:
        """The games row after a step, undo or redo: where it stands, for the resume list,
        and the time played since the last one (at most ``PLAY_GAP_CAP``)."""
        outcome = outcome_json(self.game, state)
        stamp = now()
        gap = min(max((stamp - self._clock).total_seconds(), 0.0), PLAY_GAP_CAP)
        self._clock = stamp
        conn.execute(
            update(GAMES)
            .where(GAMES.c.id == self.id)
            .values(
                cursor=cursor,
                summary=dump_msg(self.game.summary(state)),
                finished=outcome is not None,
                outcome=outcome,
                last_played=stamp,
                played_seconds=GAMES.c.played_seconds + gap,
                **more,
            )
        )

    def _move_cursor(self, cursor: int) -> None:
        state = self._state_at(cursor)
        has_snapshot = cursor == 0 or cursor in self._kept
        try:
            with self._store._begin() as conn:
                if self._head is not None and self._head != cursor:
                    conn.execute(
                        delete(SNAPSHOTS).where(
                            SNAPSHOTS.c.game_id == self.id, SNAPSHOTS.c.idx == self._head
                        )
                    )
                if not has_snapshot and self._head != cursor:
                    self._write_snapshot(conn, cursor, state, kept=False)
                self._write_position(conn, cursor, state)
        except SQLAlchemyError as exc:
            raise self._store._write_failed(exc) from None
        self._head = None if has_snapshot else cursor
