"""Issue 23: the box's forms at 80x24, in English and Japanese: Tab reaches every field and
OK, each in sight when it has the focus (the Insurrection new-game form once hid "The Path"
and four rule options at any scroll position)."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from companion.core.i18n import Msg, set_language
from companion.games.unicornus import load_catalog
from companion.store import Store
from companion.ui.app import create_app
from companion.ui.dialogs import FormDialog
from companion.ui.insurrection.box_forms import card_fields, land_fields
from companion.ui.unicornus.catalog_forms import Request, card_form


def _insurrection(section: str):
    fields = land_fields() if section == "lands" else card_fields(section)
    title = "land_title" if section == "lands" else f"{section}_title"
    return FormDialog(
        Msg(f"insurrection_ui.box.{title}"), fields, intro=Msg("insurrection_ui.box.intro")
    )


FORMS = {
    "insurrection persons": lambda: _insurrection("persons"),
    "insurrection leaders": lambda: _insurrection("leaders"),
    "insurrection lands": lambda: _insurrection("lands"),
    "unicornus new event": lambda: card_form(load_catalog("box"), Request("new_event", level=2)),
    "unicornus new kingdom": lambda: card_form(load_catalog("box"), Request("new_kingdom")),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("form", list(FORMS))
async def test_every_field_is_reached_and_in_sight(form, lang):
    store = Store.open("sqlite://")
    app = create_app(store, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            dialog = FORMS[form]()
            app.push_screen(dialog)
            await pilot.pause()
            fields = {f"field-{f.name}" for f in dialog.fields}
            reached = set()
            for _ in range(len(fields) + 4):
                focused = app.focused
                if focused is None or focused.id in reached:
                    break
                reached.add(focused.id)
                assert app.screen.region.contains_region(focused.region), (form, focused.id)
                if isinstance(focused, Button) and focused.id == "ok":
                    break
                await pilot.press("tab")
                await pilot.pause()
            assert fields | {"ok"} <= reached, (form, fields - reached)
    finally:
        store.close()
        set_language("en")
