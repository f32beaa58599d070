"""Missing catalog numbers: what to ask, where it is printed, and how it goes into the user's
catalog (the owner's transcription that sits on the box, ``app.store.user_catalog``).

Paths are those :func:`companion.core.catalog.unknowns` and the scoring's ``NeedsValue`` use,
e.g. ``persons[id=goblin].corruption`` or ``persons[id=dragon].scoring[0].evil``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
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
    with_values,
)
from companion.ui.dialogs import FormField

GAME_KEY = "insurrection"
YES_NO = (("y", Msg("insurrection_ui.form.yes")), ("n", Msg("insurrection_ui.form.no")))


def keep_values(screen: Any, cat: InsurrectionCatalog, typed: Iterable[tuple[str, Any]]) -> bool:
    """Save values typed in a form (``(path, text)``) into the owner's catalog — the one way
    every screen does it. A value the catalog refuses is said and nothing is saved."""
    return save_owner_catalog(screen, lambda user: with_values(user, cat, typed))


def save_owner_catalog(screen: Any, change: Callable[[dict | None], dict]) -> bool:
    """The owner's catalog changed by ``change(user) -> user`` (which checks it) and saved;
    a change the catalog refuses is said and nothing is saved."""
    store = screen.app.store
    try:
        # the engine's edit is the whole new catalog, checked (values.checked)
        store.change_user_catalog(GAME_KEY, change(store.user_catalog(GAME_KEY)), whole=True)
    except CompanionError as exc:
        screen.notify(str(exc), title=tr("ui.error.catalog"), severity="error", timeout=10)
        return False
    return True


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
    item = cat.land(where.entry) if where.section == "lands" else cat.card(where.entry)
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
