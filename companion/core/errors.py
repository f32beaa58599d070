"""Errors that carry a message for the person at the table."""

from __future__ import annotations

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
