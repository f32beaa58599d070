"""Commands: small named values that change a game, and the registry that names them.

A command is a frozen dataclass registered with :func:`command`. Its ``kind`` is
``"<game>.<ClassName>"`` and is what the save file records. ``describe()`` gives the line the
game log shows; the state change itself is the game's pure ``apply`` function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

from companion.core.i18n import Msg

C = TypeVar("C", bound=type)

_COMMANDS: dict[str, type[Command]] = {}


@dataclass(frozen=True)
class Command:
    kind: ClassVar[str] = ""

    def describe(self) -> Msg:
        """The game-log line. Override for a readable sentence; the default names the command."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return Msg(f"{self.kind.split('.')[0]}.cmd.{type(self).__name__}", values)


def command(game: str) -> Callable[[C], C]:
    """Register a command class under ``game`` so saves can name it."""

    def register(cls: C) -> C:
        kind = f"{game}.{cls.__name__}"
        if kind in _COMMANDS and _COMMANDS[kind] is not cls:
            raise ValueError(f"command {kind} registered twice")
        cls.kind = kind  # type: ignore[attr-defined]
        _COMMANDS[kind] = cls  # type: ignore[assignment]
        return cls

    return register


def command_class(kind: str) -> type[Command]:
    try:
        return _COMMANDS[kind]
    except KeyError:
        raise KeyError(f"unknown command kind {kind!r}") from None


@command("core")
@dataclass(frozen=True)
class Note(Command):
    """A game-log line that changes nothing: a pick the app made for the table (the "pick ties
    automatically" setting: logged as a pick, never hidden), or a choice the table made that
    the game screen must remember after a resume. ``text`` is the ``Msg`` as JSON
    (:mod:`companion.core.msgjson`)."""

    text: str

    @classmethod
    def of(cls, message: Msg) -> Note:
        from companion.core.msgjson import dump_msg

        return cls(dump_msg(message))

    @property
    def message(self) -> Msg:
        from companion.core.msgjson import load_msg

        return load_msg(self.text)

    def describe(self) -> Msg:
        return self.message


def apply_command(game: Any, state: Any, cmd: Command) -> Any:
    """``game.apply``, except for a :class:`Note`, which every game accepts and which leaves
    the state as it is."""
    return state if isinstance(cmd, Note) else game.apply(state, cmd)
