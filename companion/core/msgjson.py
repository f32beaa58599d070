"""Msg values as JSON, for log lines and summaries stored beside the steps."""

from __future__ import annotations

import json
from typing import Any

from companion.core.i18n import Msg


def _plain(value: Any) -> Any:
    if isinstance(value, Msg):
        return {"$msg": value.key, "params": {k: _plain(v) for k, v in value.params.items()}}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    # lazy: reading a list of saves needs no pydantic. (Not through companion.core.codec,
    # which needs the commands, whose Note needs this module.)
    from pydantic_core import to_jsonable_python

    try:  # dataclasses, enums: what the codecs would write
        return to_jsonable_python(value)
    except Exception:  # a log line must never stop a step from being saved
        return str(value)


def _revive(value: Any) -> Any:
    if isinstance(value, dict):
        if "$msg" in value:
            return Msg(value["$msg"], {k: _revive(v) for k, v in value.get("params", {}).items()})
        return {k: _revive(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_revive(v) for v in value]
    return value


def dump_msg(message: Msg) -> str:
    return json.dumps(_plain(message), ensure_ascii=False)


def load_msg(text: str) -> Msg:
    value = _revive(json.loads(text))
    if not isinstance(value, Msg):
        raise ValueError("not a stored message")
    return value
