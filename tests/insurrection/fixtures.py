"""Catalogs built for the tests (small, fully known, numbers chosen to make cases exact)."""

from __future__ import annotations

from typing import Any

from companion.core.catalog import validate
from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.catalog import InsurrectionCatalog

FLAT1 = [{"kind": "flat", "points": 1}]


def person(
    cid: str,
    corruption: int,
    ini: int,
    copies: int,
    *,
    remove: bool = False,
    scout: bool = False,
    icons: list[str] | None = None,
) -> dict[str, Any]:
    return {
        "id": cid,
        "name": {"en": cid, "ja": cid},
        "icons": icons or [],
        "corruption": corruption,
        "remove": remove,
        "scout": scout,
        "initiative": ini,
        "copies": copies,
        "scoring": FLAT1,
    }


def leader(cid: str, corruption: int, ini: int) -> dict[str, Any]:
    return {
        "id": cid,
        "name": {"en": cid, "ja": cid},
        "icons": [],
        "corruption": corruption,
        "remove": False,
        "scout": False,
        "initiative": ini,
        "scoring": FLAT1,
    }


def land(lid: str, kind: str, reveal: int, side: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": lid,
        "name": {"en": lid, "ja": lid},
        "kind": kind,
        "reveal": reveal,
    }
    if side:
        out["side"] = side
    return out


def tiny(copies: dict[str, int] | None = None, stronghold_reveal: int = 4) -> InsurrectionCatalog:
    """m3: 3 marks, Remove; m1: 1 mark, Scout; z: no mark, Remove + Scout; z2: no mark."""
    n = {"m3": 5, "m1": 6, "z": 10, "z2": 10, **(copies or {})}
    data = {
        "lands": [
            land("stronghold", "stronghold", stronghold_reveal),
            land("a1", "basic", 2, "A"),
            land("a2", "basic", 2, "A"),
            land("b1", "basic", 2, "B"),
            land("b2", "basic", 2, "B"),
            {**land("adv", "advanced", 1), "effect": {"en": "e", "ja": "e"}},
            land("fortress", "fortress", 1),
        ],
        "persons": [
            person("m3", 3, 50, n["m3"], remove=True, icons=["minion"]),
            person("m1", 1, 40, n["m1"], scout=True, icons=["minion"]),
            person("z", 0, 30, n["z"], remove=True, scout=True, icons=["soldier"]),
            person("z2", 0, 20, n["z2"], icons=["animal"]),
        ],
        "leaders": [
            leader("boss", 2, 60),
            leader("low", 0, 3),
            leader("mid", 0, 4),
            leader("hi", 0, 9),
            leader("l5", 0, 5),  # 2 leaders dealt to each of 3 players (§2)
            leader("l6", 0, 6),
        ],
    }
    return validate(InsurrectionCatalog, data, "tiny")


def example_catalog() -> InsurrectionCatalog:
    """The box with the icons and marks the seed's worked example implies (§6): 7 Animals
    (5 War Bears, Dragon, Druid Yel) and 3 corruption marks (Dragon 1, Gnoll 2) in Jeanne's
    hand. Only icons and marks are added; the scoring numbers are the box's."""

    def known(icons: list[str], corruption: int) -> dict[str, Any]:
        return {"icons": icons, "corruption": corruption}

    user = {
        "persons": [
            {"id": "dragon", **known(["animal"], 1)},
            {"id": "tamer", **known(["soldier"], 0)},
            {"id": "war_bear", **known(["animal"], 0)},
            {"id": "prophet", **known(["pretender"], 0)},
            {"id": "gnoll", **known(["minion"], 2)},
            {"id": "druid_yel", **known(["animal"], 0)},
        ]
    }
    return catalogs.load("box", user)
