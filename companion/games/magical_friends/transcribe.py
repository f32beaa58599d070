"""The small unknown values a user transcribes from their box (spec §7): which of the
catalog's gaps a form can ask for, and how each answer goes into the user's catalog."""

from __future__ import annotations

import re
from typing import Any

from .catalog import MagicalFriendsCatalog

CREATURE_FIELD = re.compile(r"creatures\[id=([^\]]+)\]\.(alignment|wand_cost|copies|wands)")
ARTIFACT_WANDS = re.compile(r"artifacts\[number=(\d+)\]\.wands")
SIMPLE = {
    "turn_order",
    "board.fairy_die_sides",
    "scoring.per_friend_in_tavern",
    "scoring.per_poisoned_friend_in_tavern",
    "scoring.per_trophy",
    "scoring.per_neutral_trophy",
}
# the one-letter answers of choice fields, as the catalog spells them
CHOICE_VALUES = {
    "g": "good",
    "e": "evil",
    "n": "neutral",
    "h": "highest_first",
    "l": "lowest_first",
}


def board_missing(missing: list[str]) -> bool:
    """The board itself is not transcribed: the box cannot be played yet."""
    return any(m == "board.start_spaces" or m.startswith("board.tiles") for m in missing)


def askable(missing: list[str]) -> list[str]:
    """The small unknown values a form can ask for (not the board, not names)."""
    return [
        m
        for m in missing
        if m in SIMPLE or CREATURE_FIELD.fullmatch(m) or ARTIFACT_WANDS.fullmatch(m)
    ]


def path_to_data(path: str, value: Any) -> dict:
    """``creatures[id=fairy].copies`` = 3 → ``{"creatures": [{"id": "fairy", "copies": 3}]}``.
    (Artifacts have no id to merge by: see :func:`artifacts_with`.)"""
    m = CREATURE_FIELD.fullmatch(path)
    if m:
        return {"creatures": [{"id": m[1], m[2]: value}]}
    out: Any = value
    for part in reversed(path.split(".")):
        out = {part: out}
    return out


def artifacts_with(cat: MagicalFriendsCatalog, wands: dict[int, int]) -> list[dict]:
    """The catalog's artifact list with the given wands per number (the user's catalog then
    holds the whole list: a list of tables without ids is replaced, not merged)."""
    out = []
    for art in cat.artifacts:
        data = art.model_dump(exclude_none=True)
        if art.number in wands:
            data["wands"] = wands[art.number]
        out.append(data)
    return out


def answers(cat: MagicalFriendsCatalog, paths: list[str], values: list[Any]) -> list[dict]:
    """The catalog data of the answers given (``None``: not answered), ready to merge."""
    out = [
        path_to_data(p, CHOICE_VALUES.get(v, v))
        for p, v in zip(paths, values, strict=True)
        if v is not None and not ARTIFACT_WANDS.fullmatch(p)
    ]
    # artifacts merge as one list (they have no id): all their answers together
    art_wands = {
        int(m[1]): v
        for p, v in zip(paths, values, strict=True)
        if (m := ARTIFACT_WANDS.fullmatch(p)) and v is not None
    }
    if art_wands:
        out.append({"artifacts": artifacts_with(cat, art_wands)})
    return out
