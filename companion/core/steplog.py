"""The step log: the game as a list of (command, state after) with undo and redo.

Undo moves a cursor back; redo moves it forward; a new command after an undo drops the redo
tail. A ``sink`` (the store) is told about each change *before* memory changes, so a failed
save leaves the log as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.commands import Command, apply_command
from companion.core.game import Game
from companion.core.i18n import Msg


class Sink(Protocol):
    def record(self, index: int, cmd: Command, state: Any, line: Msg) -> None:
        """Persist step ``index`` (0-based) with its log ``line``; drop any steps after it."""

    def move_cursor(self, cursor: int) -> None:
        """Persist the number of applied steps after an undo or redo."""


class _Entry:
    """A step; its state may be decoded lazily (a resumed game decodes only what it shows).
    ``line`` is its log line, written when the step was made (from the state before it)."""

    __slots__ = ("command", "_state", "_load", "line")

    def __init__(
        self,
        cmd: Command,
        state: Any = None,
        load: Callable[[], Any] | None = None,
        line: Msg | None = None,
    ):
        self.command, self._state, self._load, self.line = cmd, state, load, line

    @property
    def state(self) -> Any:
        if self._load is not None:
            self._state, self._load = self._load(), None
        return self._state


@dataclass(frozen=True)
class HistoryLine:
    index: int  # 1-based step number
    description: Msg
    undone: bool  # in the redo tail


class StepLog:
    def __init__(
        self,
        game: Game,
        initial: Any,
        entries: Sequence[tuple] = (),  # (command, state, loader[, log line])
        cursor: int | None = None,
        sink: Sink | None = None,
    ) -> None:
        self.game = game
        self.initial = initial
        self._entries = [_Entry(*entry) for entry in entries]
        self.cursor = len(self._entries) if cursor is None else cursor
        if not 0 <= self.cursor <= len(self._entries):
            raise ValueError(f"cursor {self.cursor} outside 0..{len(self._entries)}")
        self.sink = sink

    @property
    def state(self) -> Any:
        return self._entries[self.cursor - 1].state if self.cursor else self.initial

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self._entries)

    def do(self, cmd: Command) -> Any:
        new = apply_command(self.game, self.state, cmd)
        line = self.describe(cmd, new)  # written now, as the table saw it
        if self.sink is not None:
            self.sink.record(self.cursor, cmd, new, line)
        del self._entries[self.cursor :]
        self._entries.append(_Entry(cmd, new, None, line))
        self.cursor += 1
        return new

    def do_all(self, cmds: Sequence[Command]) -> Any:
        for cmd in cmds:
            self.do(cmd)
        return self.state

    def undo(self) -> Command | None:
        if not self.can_undo:
            return None
        if self.sink is not None:
            self.sink.move_cursor(self.cursor - 1)
        self.cursor -= 1
        return self._entries[self.cursor].command

    def redo(self) -> Command | None:
        if not self.can_redo:
            return None
        if self.sink is not None:
            self.sink.move_cursor(self.cursor + 1)
        self.cursor += 1
        return self._entries[self.cursor - 1].command

    def follow(self, keep: int, entries: Sequence[tuple], cursor: int) -> None:
        """Take steps another instance of the game saved: the first ``keep`` steps stay, the
        rest become ``entries`` (as in ``__init__``), the cursor moves to ``cursor``. Already
        saved, so the sink is not told."""
        if not 0 <= keep <= len(self._entries) or not 0 <= cursor <= keep + len(entries):
            raise ValueError(f"cannot follow to {keep} + {len(entries)} steps at {cursor}")
        del self._entries[keep:]
        self._entries += [_Entry(*entry) for entry in entries]
        self.cursor = cursor

    def commands(self) -> list[Command]:
        return [e.command for e in self._entries]

    def describe(self, cmd: Command, after: Any = None, before: Any = None) -> Msg:
        """The log line of ``cmd`` from the current state (or ``before``) to ``after``; a game
        names things from the states (cards by name rather than id, the cost paid) through
        ``describe(before, cmd, after)`` (:class:`companion.core.game.Game`)."""
        return self.game.describe(self.state if before is None else before, cmd, after)

    def line(self, index: int) -> Msg:
        """The log line of step ``index`` (0-based), as written when it was made."""
        entry = self._entries[index]
        if entry.line is None:  # a log built without lines: made from its states
            before = self._entries[index - 1].state if index else self.initial
            entry.line = self.describe(entry.command, entry.state, before)
        return entry.line

    def history(self) -> list[HistoryLine]:
        return self.history_since(0)

    def history_since(self, start: int) -> list[HistoryLine]:
        """The log lines of steps ``start`` (0-based) onwards, without decoding any state:
        what a log panel that shows only the newest lines reads after each step."""
        return [
            HistoryLine(i + 1, self.line(i), i >= self.cursor)
            for i in range(max(0, start), len(self._entries))
        ]

    def history_tail(self, count: int) -> list[HistoryLine]:
        """The last ``count`` log lines (fewer in a shorter game)."""
        return self.history_since(len(self._entries) - count)
