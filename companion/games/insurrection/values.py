"""Catalog values the table supplies during a game (spec §1: the numbers are transcribed from
the user's box): the paths that name them, how a typed value becomes catalog data, and the
catalog with a value set.

Paths are those :func:`companion.core.catalog.unknowns` and the scoring's ``NeedsValue`` use,
e.g. ``persons[id=goblin].corruption`` or ``persons[id=dragon].scoring[0].evil``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from companion.core.errors import RuleError
from companion.games.insurrection.catalog import ICONS, InsurrectionCatalog, load

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


# The owner's catalog (the transcription that sits on the box) ------------------------------


def _plain(value: Any) -> Any:
    """A catalog value as user-catalog data: models without their defaults, unknowns as "?"."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", exclude_defaults=True)  # "kind" has no default
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return "?" if value is None else value


def _item(cat: InsurrectionCatalog, section: str, entry: str) -> Any:
    return cat.land(entry) if section == "lands" else cat.card(entry)


def _owner(user: dict | None, base: str) -> dict:
    data = copy.deepcopy(user) if user else {"meta": {"extends": base}}
    data.setdefault("meta", {}).setdefault("extends", base)
    return data


def with_value(
    user: dict | None, cat: InsurrectionCatalog, path: str, value: Any, base: str = "box"
) -> dict:
    """The user catalog with ``value`` set at ``path``; a nested field (a scoring term) writes
    the whole top-level field, since a list in the user catalog replaces the box's list."""
    where = parse_path(path)
    if where is None:
        raise RuleError("insurrection.values.path", path=path)
    data = _owner(user, base)
    entries = data.setdefault(where.section, [])
    entry = next((e for e in entries if e.get("id") == where.entry), None)
    if entry is None:
        entry = {"id": where.entry}
        entries.append(entry)
    walk = steps(where.field)
    top = walk[0]
    if len(walk) == 1:
        entry[top] = value
        return data
    current = _plain(getattr(_item(cat, where.section, where.entry), str(top)))
    node = current
    for step in walk[1:-1]:
        node = node[step]
    node[walk[-1]] = value
    entry[top] = current
    return data


def with_values(
    user: dict | None, cat: InsurrectionCatalog, typed: Iterable[tuple[str, Any]], base="box"
) -> dict:
    """The user catalog with every ``(path, text typed)`` set — the one way a form's values go
    into the owner's catalog. Raises ``RuleError``/``CatalogError`` (nothing is changed) for a
    value the catalog refuses."""
    data = user
    for path, raw in typed:
        data = with_value(data, cat, path, parse_value(path, raw), base)
    return checked(data, base)


def checked(user: dict | None, base: str = "box") -> dict:
    """``user`` after checking it merges over ``base`` into a valid catalog."""
    data = _owner(user, base)
    load(base, data)
    return data


# New entries: cards and lands the box file does not list (spec §1) -------------------------


def new_id(cat: InsurrectionCatalog, name: str) -> str:
    """An id for a new entry from its name ("War Bear" → ``war_bear``), unique in ``cat``."""
    stem = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:40] or "card"
    taken = {x.id for x in (*cat.lands, *cat.persons, *cat.leaders)}
    ident, n = stem, 1
    while ident in taken:
        n += 1
        ident = f"{stem}_{n}"
    return ident


def names(en: str, ja: str | None) -> dict[str, str]:
    """A name in both languages; one typed in a single language stands for both."""
    en, ja = en.strip(), (ja or "").strip()
    return {"en": en or ja, "ja": ja or en}


def card_entry(cat: InsurrectionCatalog, section: str, values: dict[str, Any]) -> dict:
    """A person (``section`` "persons") or leader ("leaders") from a form's values: ``name``,
    ``name_ja``, ``icons``, ``corruption``, ``remove``, ``scout``, ``initiative``, ``copies``
    (persons), ``effect`` (leaders), and ``good``/``evil``, the points when each side wins
    (equal: a fixed value; neither: the card's scoring is still to transcribe, ``"?"``)."""
    if section not in ("persons", "leaders"):
        raise RuleError("insurrection.values.path", path=section)
    name = names(values["name"], values.get("name_ja"))
    entry: dict[str, Any] = {"id": new_id(cat, name["en"]), "name": name}
    probe = f"{section}[id={entry['id']}]."
    for field in ("icons", "corruption", "remove", "scout", "initiative"):
        entry[field] = parse_value(probe + field, values.get(field))
    if section == "persons":
        entry["copies"] = parse_value(probe + "copies", values.get("copies"))
    elif values.get("effect"):
        entry["effect"] = names(values["effect"], None)
    good, evil = values.get("good"), values.get("evil")
    if good is None and evil is None:
        entry["scoring"] = "?"
    elif good == evil:
        entry["scoring"] = [{"kind": "flat", "points": int(good)}]
    else:
        good, evil = ("?" if v is None else int(v) for v in (good, evil))
        entry["scoring"] = [{"kind": "by_outcome", "good": good, "evil": evil}]
    return entry


def land_entry(cat: InsurrectionCatalog, values: dict[str, Any]) -> dict:
    """A land from a form's values: ``name``, ``name_ja``, ``kind`` ("basic"/"advanced"),
    ``side`` ("A"/"B", basic lands), ``reveal``, ``effect`` (its words, advanced lands)."""
    name = names(values["name"], values.get("name_ja"))
    kind = values.get("kind")
    if kind not in ("basic", "advanced"):
        raise RuleError("insurrection.values.land_kind")
    entry: dict[str, Any] = {"id": new_id(cat, name["en"]), "name": name, "kind": kind}
    if kind == "basic":
        entry["side"] = values.get("side") or "A"
    entry["reveal"] = parse_value(f"lands[id={entry['id']}].reveal", values.get("reveal"))
    if values.get("effect"):
        entry["effect"] = names(values["effect"], None)
    return entry


def with_entry(user: dict | None, section: str, entry: dict, base: str = "box") -> dict:
    """The user catalog with a new entry (an entry of the same id is replaced), checked."""
    data = _owner(user, base)
    entries = [e for e in data.get(section, []) if e.get("id") != entry["id"]]
    data[section] = [*entries, entry]
    return checked(data, base)


def renamed(user: dict | None, cat: InsurrectionCatalog, path: str, en: str, ja: str | None):
    """The user catalog with the entry at ``path`` (``lands[id=basic_a1]``) renamed, checked
    (the box's placeholder lands carry names to replace)."""
    return checked(with_value(user, cat, f"{path}.name", names(en, ja)))
