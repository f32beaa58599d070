"""Missing catalog numbers: what to ask, where it is printed, and how it goes into the user's
catalog (the owner's transcription that sits on the box, ``app.store.user_catalog``).

Paths are those :func:`companion.core.catalog.unknowns` and the scoring's ``NeedsValue`` use,
e.g. ``persons[id=goblin].corruption`` or ``persons[id=dragon].scoring[0].evil``.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from companion.core.i18n import Msg, msg
from companion.games.insurrection import (  # noqa: F401  (the screens' imports)
    ICONS,
    InsurrectionCatalog,
    Missing,
    missing_by_entry,
    name_msg,
    parse_path,
    parse_value,
    path_steps,
    transcription_forms,
)
from companion.ui.dialogs import FormField

GAME_KEY = "insurrection"
YES_NO = (("y", Msg("insurrection_ui.form.yes")), ("n", Msg("insurrection_ui.form.no")))


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
    steps = path_steps(where.field)
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
    last = path_steps(where.field)[-1]
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
