"""Lossless JSON codecs for states and commands.

States and commands are frozen dataclasses; pydantic's ``TypeAdapter`` (pure Python use,
no database code) turns them into JSON and back, checking types on the way in.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, TypeVar

from pydantic import TypeAdapter

from companion.core.commands import Command, command_class

T = TypeVar("T")


@cache
def _adapter(tp: Any) -> TypeAdapter:
    return TypeAdapter(tp)


def dump(value: Any, tp: Any | None = None) -> str:
    return _adapter(tp or type(value)).dump_json(value).decode()


def load(tp: type[T], text: str | bytes) -> T:
    return _adapter(tp).validate_json(text)


def to_plain(value: Any, tp: Any | None = None) -> Any:
    return _adapter(tp or type(value)).dump_python(value, mode="json")


def from_plain(tp: type[T], data: Any) -> T:
    return _adapter(tp).validate_python(data)


def dump_command(cmd: Command) -> str:
    return json.dumps({"kind": cmd.kind, "args": to_plain(cmd)}, ensure_ascii=False)


def load_command(text: str | bytes) -> Command:
    data = json.loads(text)
    return from_plain(command_class(data["kind"]), data["args"])
