"""A small TOML writer (the standard library only reads TOML).

Covers what catalogs and game files use: tables, arrays of tables, strings, numbers,
booleans and arrays of those. ``None`` is written as ``"?"`` (unknown), TOML having no null.
"""

from __future__ import annotations

import json
from typing import Any

from companion.core.catalog import UNKNOWN


def _scalar(value: Any) -> str:
    if value is None:
        return json.dumps(UNKNOWN)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_scalar(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def _key(key: str) -> str:
    bare = key and all(c.isalnum() or c in "-_" for c in key) and key.isascii()
    return key if bare else json.dumps(key, ensure_ascii=False)


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps(data: dict[str, Any], header: str = "") -> str:
    lines: list[str] = [f"# {line}" if line else "#" for line in header.splitlines()]
    if lines:
        lines.append("")
    _write_table(data, [], lines)
    return "\n".join(lines).rstrip() + "\n"


def _write_table(data: dict[str, Any], path: list[str], lines: list[str]) -> None:
    nested: list[tuple[str, Any]] = []
    for key, value in data.items():
        if (
            isinstance(value, dict)
            and value
            and any(isinstance(v, dict | list) for v in value.values())
        ):
            nested.append((key, value))
        elif isinstance(value, dict) and path == [] and value:
            nested.append((key, value))
        elif _is_table_list(value):
            nested.append((key, value))
        else:
            lines.append(f"{_key(key)} = {_scalar(value)}")
    for key, value in nested:
        sub = [*path, _key(key)]
        if isinstance(value, dict):
            lines.extend(["", f"[{'.'.join(sub)}]"])
            _write_table(value, sub, lines)
        else:
            for item in value:
                lines.extend(["", f"[[{'.'.join(sub)}]]"])
                _write_table(item, sub, lines)
