"""Msg values as JSON, for log lines and summaries stored beside the steps."""

from __future__ import annotations

import json
from typing import Any

from companion.core.i18n import Msg, tr


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


# A game's title made by the app (its default: the game's name and the players) is kept as
# its message after this mark, so it is shown in the app's language of the moment; a title
# typed is kept as typed. A typed title never starts with it: its control characters are
# made visible (``core.text.visible``).
TITLE_MARK = "\x1e"


def dump_title(title: Msg) -> str:
    """A made title kept as its message (names in it made visible, as a typed title is)."""
    from companion.core.text import visible

    params = {k: visible(v) if isinstance(v, str) else v for k, v in title.params.items()}
    return TITLE_MARK + dump_msg(Msg(title.key, params))


def title_text(stored: str) -> str:
    """A stored title as shown: a made one in the language of the moment."""
    if not stored.startswith(TITLE_MARK):
        return stored
    try:
        return tr(load_msg(stored[1:]))
    except ValueError:
        return stored[1:]
