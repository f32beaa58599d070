"""Missing catalog numbers: what to ask, where it is printed, and how it goes into the user's
catalog (the owner's transcription that sits on the box, ``app.store.user_catalog``).

Paths are those :func:`companion.core.catalog.unknowns` and the scoring's ``NeedsValue`` use,
e.g. ``persons[id=goblin].corruption`` or ``persons[id=dragon].scoring[0].evil``.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from companion.core.i18n import Msg, msg
from companion.games.insurrection.catalog import ICONS, InsurrectionCatalog
from companion.games.insurrection.scoring import name_msg
from companion.ui.dialogs import FormField

GAME_KEY = "insurrection"
_ENTRY = re.compile(r"^(lands|persons|leaders)\[id=([^\]]+)\]\.(.+)$")
_STEP = re.compile(r"([A-Za-z_]+)|\[(\d+)\]")
YES_NO = (("y", Msg("insurrection_ui.form.yes")), ("n", Msg("insurrection_ui.form.no")))


@dataclass(frozen=True)
class Missing:
    path: str  # the full catalog path
    section: str  # lands, persons or leaders
    entry: str  # the entry's id
    field: str  # the rest of the path, e.g. "corruption" or "scoring[0].evil"


def parse_path(path: str) -> Missing | None:
    found = _ENTRY.match(path)
    if found is None:
        return None
    return Missing(path, found.group(1), found.group(2), found.group(3))


def _steps(field: str) -> list[str | int]:
    return [name if name else int(index) for name, index in _STEP.findall(field)]


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


def with_value(
    user: dict | None, cat: InsurrectionCatalog, path: str, value: Any, base: str = "box"
) -> dict:
    """The user catalog with ``value`` set at ``path``; a nested field (a scoring term) writes
    the whole top-level field, since a list in the user catalog replaces the box's list."""
    where = parse_path(path)
    if where is None:
        raise ValueError(path)
    data = copy.deepcopy(user) if user else {"meta": {"extends": base}}
    data.setdefault("meta", {}).setdefault("extends", base)
    entries = data.setdefault(where.section, [])
    entry = next((e for e in entries if e.get("id") == where.entry), None)
    if entry is None:
        entry = {"id": where.entry}
        entries.append(entry)
    steps = _steps(where.field)
    top = steps[0]
    if len(steps) == 1:
        entry[top] = value
        return data
    current = _plain(getattr(_item(cat, where.section, where.entry), str(top)))
    node = current
    for step in steps[1:-1]:
        node = node[step]
    node[steps[-1]] = value
    entry[top] = current
    return data


# What each field is and where the table finds it ---------------------------------------------

_PLAY_HINTS = {
    "reveal": "insurrection_ui.hint.reveal",
    "corruption": "insurrection_ui.hint.corruption",
    "initiative": "insurrection_ui.hint.initiative",
    "remove": "insurrection_ui.hint.remove",
    "scout": "insurrection_ui.hint.scout",
    "copies": "insurrection_ui.hint.copies",
    "icons": "insurrection_ui.hint.icons",
}


def field_label(cat: InsurrectionCatalog, where: Missing) -> Msg:
    item = _item(cat, where.section, where.entry)
    return msg("insurrection_ui.form.field", name=name_msg(item.name), field=where.field)


def form_field(cat: InsurrectionCatalog, path: str, index: int) -> FormField | None:
    """A form field asking for the value at ``path``; None when it cannot be typed in a form
    (a card's whole scoring text: that is written in a catalog file)."""
    where = parse_path(path)
    if where is None:
        return None
    last = _steps(where.field)[-1]
    label = field_label(cat, where)
    name = f"v{index}"
    if last in ("remove", "scout"):
        return FormField(
            name, label, kind="choice", choices=YES_NO, hint=Msg(_PLAY_HINTS[str(last)])
        )
    if last == "icons":
        return FormField(
            name,
            label,
            kind="text",
            hint=msg("insurrection_ui.hint.icons", icons=" ".join(ICONS)),
            optional=True,
        )
    if last == "scoring":
        return None
    hint = Msg(_PLAY_HINTS[last]) if last in _PLAY_HINTS else Msg("insurrection_ui.hint.scoring")
    minimum = 0 if last in ("reveal", "corruption", "initiative", "copies") else None
    return FormField(name, label, kind="int", minimum=minimum, hint=hint)


def parse_value(path: str, raw: Any) -> Any:
    """The form's value as catalog data (y/n → bool; icons → a list)."""
    last = _steps(parse_path(path).field)[-1]  # type: ignore[union-attr]
    if last in ("remove", "scout"):
        return raw == "y"
    if last == "icons":
        words = (raw or "").replace(",", " ").split()
        bad = [w for w in words if w not in ICONS]
        if bad:
            raise ValueError(", ".join(bad))
        return words
    return raw


def transcription_forms(paths: list[str]) -> list[tuple[str, str | None, list[str]]]:
    """The forms the box flow shows, in order: one for all the lands (one number each, read
    off the Path laid out), then one per card: (section, entry id or None for the lands,
    paths)."""
    groups = missing_by_entry(paths)
    lands = [p for section, _, items in groups if section == "lands" for p in items]
    forms: list[tuple[str, str | None, list[str]]] = [("lands", None, lands)] if lands else []
    return forms + [(s, e, items) for s, e, items in groups if s != "lands"]


def missing_by_entry(paths: list[str]) -> list[tuple[str, str, list[str]]]:
    """Group paths by catalog entry, in the order met: (section, id, paths)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for path in paths:
        where = parse_path(path)
        if where is None:
            continue
        groups.setdefault((where.section, where.entry), []).append(path)
    return [(section, entry, items) for (section, entry), items in groups.items()]
