"""Errors that carry a message for the person at the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.i18n import Msg, tr


class CompanionError(Exception):
    """Base of every error the app explains to the user."""

    def __init__(self, message: Msg | str, **params: Any) -> None:
        self.message = message if isinstance(message, Msg) else Msg(message, params)
        super().__init__(self.message.key)

    def __str__(self) -> str:
        return tr(self.message)


class RuleError(CompanionError):
    """A command that is not legal now. The state is left as it was."""


class CatalogError(CompanionError):
    """Bad catalog data: names the file, the entry and the field."""

    ident: Any = None  # the id of the bad entry, when it has one (to find its line)

    def __init__(
        self, file: str, entry: str, field: str, problem: Any, line: int | None = None
    ) -> None:
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        self.line = line
        if line is not None:
            super().__init__(
                "core.catalog.error_line",
                file=file,
                line=line,
                entry=entry or "-",
                field=field or "-",
                problem=problem,
            )
        elif entry or field:
            super().__init__(
                "core.catalog.error",
                file=file,
                entry=entry or "-",
                field=field or "-",
                problem=problem,
            )
        else:  # the file as a whole: missing, not TOML, not text
            super().__init__("core.catalog.file_error", file=file, problem=problem)


@dataclass(frozen=True)
class Elsewhere:
    """What another instance of the game did (another terminal, another device on a shared
    database), in the log lines of the steps: ``done`` in the order made (new steps and
    redos), ``undone`` newest first."""

    done: tuple[Msg, ...] = ()
    undone: tuple[Msg, ...] = ()

    SHOWN = 3  # lines named at most; the rest are counted

    @property
    def what(self) -> Msg:
        """The changes in a few words: "Bertram procures; undone: Ann moves"."""
        parts = [Msg("sync.undone", {"step": line}) for line in self.undone]
        parts += list(self.done)
        if not parts:
            return Msg("sync.changed", {})
        shown = parts[-self.SHOWN :]
        out = shown[0]
        if len(parts) > len(shown):
            out = Msg("sync.more", {"n": len(parts) - len(shown), "rest": out})
        for part in shown[1:]:
            out = Msg("sync.list", {"first": out, "rest": part})
        return out

    @property
    def message(self) -> Msg:
        return Msg("sync.elsewhere", {"what": self.what})


class ChangedElsewhere(CompanionError):
    """A step, undo or redo refused because another instance changed the game first: nothing
    was written, and the session already follows what the other did (``elsewhere``)."""

    def __init__(self, elsewhere: Elsewhere) -> None:
        self.elsewhere = elsewhere
        super().__init__("sync.refused", what=elsewhere.what)
