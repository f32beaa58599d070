"""Catalog values the table supplies during a game (spec §1: the numbers are transcribed from
the user's box): the paths that name them, how a typed value becomes catalog data, and the
catalog with a value set.

Paths are those :func:`companion.core.catalog.unknowns` and the scoring's ``NeedsValue`` use,
e.g. ``persons[id=goblin].corruption`` or ``persons[id=dragon].scoring[0].evil``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RuleError
from companion.games.insurrection.catalog import ICONS, InsurrectionCatalog

_ENTRY = re.compile(r"^(lands|persons|leaders)\[id=([^\]]+)\]\.(.+)$")
_STEP = re.compile(r"([A-Za-z_]+)|\[(\d+)\]")


@dataclass(frozen=True)
class Missing:
    path: str  # the full catalog path
    section: str  # lands, persons or leaders
    entry: str  # the entry's id
    field: str  # the rest of the path, e.g. "corruption" or "scoring[0].evil"

    @property
    def last(self) -> str | int:
        return steps(self.field)[-1]


def parse_path(path: str) -> Missing | None:
    found = _ENTRY.match(path)
    if found is None:
        return None
    return Missing(path, found.group(1), found.group(2), found.group(3))


def steps(field: str) -> list[str | int]:
    return [name if name else int(index) for name, index in _STEP.findall(field)]


def typed(path: str) -> bool:
    """Whether the value at ``path`` can be typed in a form (a whole scoring text cannot: it
    is written in a catalog file)."""
    where = parse_path(path)
    return where is not None and where.last != "scoring"


def parse_value(path: str, raw: Any) -> Any:
    """A typed value as catalog data (y/n → bool; icons → a list; numbers → int)."""
    where = parse_path(path)
    if where is None:
        raise RuleError("insurrection.values.path", path=path)
    last = where.last
    if last in ("remove", "scout"):
        return str(raw).strip().lower() in ("y", "yes", "true", "1")
    if last == "icons":
        words = str(raw or "").replace(",", " ").split()
        bad = [w for w in words if w not in ICONS]
        if bad:
            raise RuleError("insurrection.values.icons", icons=", ".join(bad))
        return words
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise RuleError("insurrection.values.number", path=path, value=str(raw)) from None


def with_catalog_value(cat: InsurrectionCatalog, path: str, value: Any) -> InsurrectionCatalog:
    """The catalog with ``value`` (catalog data, see :func:`parse_value`) at ``path``."""
    where = parse_path(path)
    if where is None:
        raise RuleError("insurrection.values.path", path=path)
    data = cat.model_dump(mode="json")
    entry = next((e for e in data[where.section] if e.get("id") == where.entry), None)
    if entry is None:
        raise RuleError("insurrection.values.path", path=path)
    node: Any = entry
    walk = steps(where.field)
    try:
        for step in walk[:-1]:
            node = node[step]
        node[walk[-1]] = value
    except (KeyError, IndexError, TypeError):
        raise RuleError("insurrection.values.path", path=path) from None
    return InsurrectionCatalog.model_validate(data)


def missing_by_entry(paths: list[str]) -> list[tuple[str, str, list[str]]]:
    """Group paths by catalog entry, in the order met: (section, id, paths)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for path in paths:
        where = parse_path(path)
        if where is None:
            continue
        groups.setdefault((where.section, where.entry), []).append(path)
    return [(section, entry, items) for (section, entry), items in groups.items()]


def transcription_forms(paths: list[str]) -> list[tuple[str, str | None, list[str]]]:
    """The forms the box flow shows, in order: one for all the lands (one number each, read
    off the Path laid out), then one per card: (section, entry id or None for the lands,
    paths)."""
    groups = missing_by_entry(paths)
    lands = [p for section, _, items in groups if section == "lands" for p in items]
    forms: list[tuple[str, str | None, list[str]]] = [("lands", None, lands)] if lands else []
    return forms + [(s, e, items) for s, e, items in groups if s != "lands"]
