"""The owner's box beyond the numbers the box file lists (spec §1): person cards and leaders
the rules summary does not name, more lands, and the placeholder lands renamed.

``edit_box(screen, catalog, done)`` asks what to add or rename, then shows the form; what is
entered goes into the owner's catalog (``app.store.user_catalog``) through the engine's
``card_entry``/``land_entry``/``with_entry``/``renamed``, which check it. A value the catalog
refuses is said and the form opens again with everything typed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.screen import Screen

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
from companion.core.plan import Choice, Option
from companion.games.insurrection import (
    ICONS,
    InsurrectionCatalog,
    card_entry,
    land_entry,
    name_msg,
    renamed,
    with_entry,
)
from companion.ui.dialogs import ChoiceDialog, FormDialog, FormField
from companion.ui.insurrection.catalog_values import YES_NO, save_owner_catalog

LAND_KINDS = (
    ("b", Msg("insurrection_ui.box.kind_basic")),
    ("a", Msg("insurrection_ui.box.kind_advanced")),
)
SIDES = (("A", Msg("insurrection_ui.box.side_a")), ("B", Msg("insurrection_ui.box.side_b")))
_KIND = {"b": "basic", "a": "advanced"}


def _f(name: str, kind: str = "text", optional: bool = False, **kw: Any) -> FormField:
    return FormField(
        name,
        Msg(f"insurrection_ui.box.field.{name}"),
        kind=kind,
        hint=Msg(f"insurrection_ui.box.hint.{name}", kw.pop("hint_params", {})),
        optional=optional,
        **kw,
    )


def card_fields(section: str, typed: dict[str, Any] | None = None) -> list[FormField]:
    """The fields of a new person card (``persons``) or leader (``leaders``)."""
    fields = [
        _f("name"),
        _f("name_ja", optional=True),
        _f("icons", optional=True, hint_params={"icons": " ".join(ICONS)}),
        _f("corruption", "int", minimum=0, maximum=9),
        _f("remove", "choice", choices=YES_NO),
        _f("scout", "choice", choices=YES_NO),
        _f("initiative", "int", minimum=0, maximum=999),
    ]
    if section == "persons":
        fields.append(_f("copies", "int", minimum=1, maximum=20))
    else:
        fields.append(_f("effect", optional=True))
    fields += [_f("good", "int", optional=True), _f("evil", "int", optional=True)]
    return _filled(fields, typed)


def land_fields(typed: dict[str, Any] | None = None) -> list[FormField]:
    fields = [
        _f("name"),
        _f("name_ja", optional=True),
        _f("kind", "choice", choices=LAND_KINDS),
        _f("side", "choice", optional=True, choices=SIDES),
        _f("reveal", "int", minimum=0, maximum=60),
        _f("land_effect", optional=True),
    ]
    return _filled(fields, typed)


def rename_fields(typed: dict[str, Any] | None = None) -> list[FormField]:
    return _filled([_f("name"), _f("name_ja", optional=True)], typed)


def _filled(fields: list[FormField], typed: dict[str, Any] | None) -> list[FormField]:
    """The fields with what was typed before (a form opened again after a refusal)."""
    if not typed:
        return fields
    out = []
    for f in fields:
        value = typed.get(f.name)
        out.append(f if value is None else replace(f, value=value))
    return out


def edit_box(screen: Screen, cat: InsurrectionCatalog, done: Callable[[], None]) -> None:
    """What to add or rename; then its form; ``done()`` after the owner's catalog changed."""
    leaders = len(cat.leaders)
    options = [
        Option("persons", Msg("insurrection_ui.box.add_person")),
        Option("leaders", msg("insurrection_ui.box.add_leader", count=leaders)),
        Option("lands", Msg("insurrection_ui.box.add_land")),
        *(
            Option(f"rename:{land.id}", msg("insurrection_ui.box.rename", land=name_msg(land.name)))
            for land in cat.lands
            if land.kind in ("basic", "advanced")
        ),
    ]
    choice = Choice(Msg("insurrection_ui.box.what"), tuple(options))

    def picked(what: str | None) -> None:
        if what is None:
            return
        if what.startswith("rename:"):
            _rename(screen, cat, what.split(":", 1)[1], done)
        else:
            _add(screen, cat, what, done)

    screen.app.push_screen(ChoiceDialog(choice, Msg("insurrection_ui.box.title")), picked)


def _add(
    screen: Screen,
    cat: InsurrectionCatalog,
    section: str,
    done: Callable[[], None],
    typed: dict[str, Any] | None = None,
) -> None:
    if section == "lands":
        fields, title = land_fields(typed), Msg("insurrection_ui.box.land_title")
    else:
        fields = card_fields(section, typed)
        title = Msg(f"insurrection_ui.box.{section}_title")

    def entered(values: dict[str, Any] | None) -> None:
        if values is None:
            return
        try:
            if section == "lands":
                land = {**values, "kind": _KIND[values["kind"]], "effect": values["land_effect"]}
                entry = land_entry(cat, land)
            else:
                entry = card_entry(cat, section, values)
        except CompanionError as exc:
            screen.notify(str(exc), title=tr("ui.error.catalog"), severity="error")
            _add(screen, cat, section, done, values)
            return
        if save_owner_catalog(screen, lambda user: with_entry(user, section, entry)):
            screen.notify(tr(msg("insurrection_ui.box.added", name=entry["name"])))
            done()
        else:
            _add(screen, cat, section, done, values)

    screen.app.push_screen(
        FormDialog(title, fields, intro=Msg("insurrection_ui.box.intro")), entered
    )


def _rename(
    screen: Screen,
    cat: InsurrectionCatalog,
    land_id: str,
    done: Callable[[], None],
    typed: dict[str, Any] | None = None,
) -> None:
    land = cat.land(land_id)

    def entered(values: dict[str, Any] | None) -> None:
        if values is None:
            return
        path = f"lands[id={land_id}]"
        if save_owner_catalog(
            screen, lambda user: renamed(user, cat, path, values["name"], values["name_ja"])
        ):
            done()
        else:
            _rename(screen, cat, land_id, done, values)

    title = msg("insurrection_ui.box.rename_title", land=name_msg(land.name))
    screen.app.push_screen(FormDialog(title, rename_fields(typed)), entered)
