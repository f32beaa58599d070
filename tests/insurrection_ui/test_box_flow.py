"""The box flow from an empty user catalog (§1: "card numbers are transcribed from the user's
box, once"): how many forms it takes, that each says where to look, that closing the app
midway keeps what was entered, and that the group can then start a tracked game."""

from __future__ import annotations

import itertools

from textual.widgets import Input, Static

from companion.core.i18n import set_language, tr
from companion.games.insurrection import engine
from companion.games.insurrection.catalog import load
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import FormDialog
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.insurrection.catalog_values import transcription_forms
from companion.ui.insurrection.new_game import NewGameScreen

_initiative = itertools.count(1)


def answer(field) -> str:
    """A plausible value for a field of the form (the numbers are the test's, not the box's)."""
    hint = field.hint.key.rsplit(".", 1)[-1] if field.hint is not None else ""
    return {
        "remove": "n",
        "scout": "n",
        "reveal": "3",
        "copies": "2",
        "corruption": "0",
    }.get(hint, str(next(_initiative)))


async def fill_forms(pilot, app, limit: int) -> list[str]:
    """Fill up to ``limit`` forms as they come; the titles of those filled."""
    titles = []
    while isinstance(app.screen, FormDialog) and len(titles) < limit:
        form = app.screen
        titles.append(tr(form.title_msg))
        for f in form.fields:
            assert f.hint is not None  # every value says where it is printed
            form.query_one(f"#field-{f.name}", Input).value = answer(f)
        form.action_submit()
        await pilot.pause()
        await pilot.pause()
    return titles


def test_the_box_takes_26_forms_from_empty():
    """From an empty user catalog: one form for the 6 lands' reveal counts, then one per
    person and leader card whose play numbers are unknown."""
    missing = engine.play_unknowns(load("box"))
    forms = transcription_forms(missing)
    assert forms[0][1] is None and all(p.startswith("lands[") for p in forms[0][2])
    assert len(forms[0][2]) == len(load("box").lands) == 6
    assert len(forms) == 26 and sum(len(p) for _, _, p in forms) == len(missing)


async def test_box_flow_resumes_after_closing_and_then_starts_a_game(tmp_path):
    path = tmp_path / "box.db"
    set_language("en")
    store = Store.open(path)
    app = create_app(store, Start("new", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        first = await fill_forms(pilot, app, limit=10)
        assert first[0].startswith("The lands of the Path — 26 forms left")
        assert isinstance(app.screen, FormDialog)
        interrupted = tr(app.screen.title_msg)
    store.close()  # the app is closed in the middle of the 11th form

    store = Store.open(path)
    left = transcription_forms(
        engine.play_unknowns(load("box", store.user_catalog("insurrection")))
    )
    assert len(left) == 16
    app = create_app(store, Start("new", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert tr(app.screen.title_msg) == interrupted  # it goes on where it stopped
        rest = await fill_forms(pilot, app, limit=100)
        assert len(first) + len(rest) == 26
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert "every number" in str(screen.query_one("#catalog-status", Static).render())
        screen.query_one("#seat-1", Input).value = "Ann"
        screen.query_one("#seat-2", Input).value = "Ben"
        await pilot.press("ctrl+s")
        await pilot.pause()  # the table's deck: leaders stay secret unless entered (key k)
        assert isinstance(app.screen, InsurrectionScreen)
        assert app.screen.moment.allows("leader")
        assert app.screen.session.catalog_name == "box"
    store.close()
