"""The box flow from an empty user catalog (issue 4, spec §10): nonsense in every field gets a
message beside the field and loses nothing typed; a repeated name is refused; closing the app
midway keeps what was answered and typed, and the flow carries on where it stopped."""

from __future__ import annotations

from textual.widgets import Input, Static

from companion.ui.app import create_app
from companion.ui.unicornus.catalog_forms import CardForm, TileForm
from companion.ui.unicornus.setup import NewGameScreen


def error(form, name: str) -> str:
    return str(form.query_one(f"#error-{name}", Static).render())


async def open_setup(app, pilot) -> NewGameScreen:
    await pilot.pause()
    screen = NewGameScreen("box", seed=5)
    app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    return screen


async def test_card_form_nonsense_is_refused_beside_each_field_and_kept(store):
    """§10 kingdom character card: an empty name, letters, a negative life, 99, a 5-face and
    a "q" diagram each get their message; everything typed stays; the first bad field gets
    the cursor. A saved name typed again is refused as a repeat."""
    app = create_app(store)
    app.start_game = lambda *args, **kw: None
    async with app.run_test(size=(120, 40)) as pilot:
        await open_setup(app, pilot)
        await pilot.click("#add-character")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CardForm)
        typed = {"command": "x", "life": "-3", "dice": "hmmhh q"}
        for name, text in typed.items():
            form.query_one(f"#field-{name}", Input).value = text
        form.query_one("#ok").press()
        await pilot.pause()
        assert app.screen is form
        assert error(form, "name_en") and not error(form, "name_ja")  # Japanese is optional
        assert "“x”" in error(form, "command")
        assert "At least 1" in error(form, "life")
        assert "“hmmhh q”" in error(form, "dice")
        for name, text in typed.items():
            assert form.query_one(f"#field-{name}", Input).value == text
        assert app.focused is form.query_one("#field-name_en", Input)
        form.query_one("#field-command", Input).value = "99"  # a typo for 9
        form.query_one("#ok").press()
        await pilot.pause()
        assert "At most 20" in error(form, "command")
        values = {"name_en": "Annelie", "command": "4", "life": "5", "dice": "lmmhhh mmmhhh"}
        for name, text in values.items():
            form.query_one(f"#field-{name}", Input).value = text
        form.query_one("#ok").press()
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, CardForm)
        # the same character again: a typo, refused beside the name
        await pilot.click("#add-character")
        await pilot.pause()
        form = app.screen
        for name, text in {**values, "name_en": "annelie"}.items():
            form.query_one(f"#field-{name}", Input).value = text
        form.query_one("#ok").press()
        await pilot.pause()
        assert app.screen is form and "already in your catalog" in error(form, "name_en")
    saved = store.user_catalog("unicornus")
    assert [k["id"] for k in saved["kingdom"]] == ["annelie"]
    assert saved["kingdom"][0]["attack"] == ["loss", "miss", "miss", "hit", "hit", "hit"]


async def test_closing_midway_keeps_answers_and_typing_and_carries_on(store):
    """§10: the app closed with a half-typed form: the next start restores the table's
    choices, reopens the same form with what was typed, and an escaped form keeps its typing."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(app, pilot)
        for name in ("Annelie", "Bertram", "Clara"):
            await pilot.click("#add-character")
            await pilot.pause()
            form = app.screen
            values = {"name_en": name, "command": "4", "life": "5"}
            for field, text in {**values, "dice": "lmmhhh/mmmhhh"}.items():
                form.query_one(f"#field-{field}", Input).value = text
            form.query_one("#ok").press()
            await pilot.pause()
            await pilot.pause()
        setup.query_one("#players").value = 3
        await pilot.pause()
        for i, cid in enumerate(("annelie", "bertram", "clara")):
            setup.query_one(f"#character-{i}").value = cid
        await pilot.pause()
        await pilot.press("ctrl+s")  # the characters exist; now the forms are asked
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TileForm)
        first = form.request
        form.query_one("#s1", Input).value = "r2"
        form.query_one("#s0", Input).value = "d99"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "99" in str(form.query_one("#error-s0", Static).render())
    # the app is gone mid-form; a new one on the same database
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(app, pilot)
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TileForm) and form.request == first
        assert form.query_one("#s1", Input).value == "r2"
        assert form.query_one("#s0", Input).value == "d99"
        await pilot.press("escape")  # left for later: still nothing lost
        await pilot.pause()
        assert setup.players == 3
        assert setup.chosen_characters() == ["annelie", "bertram", "clara"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.query_one("#s0", Input).value == "d99"


async def test_a_ten_digit_seed_shows_whole(store):
    """§2 the app draws the tiles with the game's seed: the largest seed (2^31 − 1, ten
    digits) shows whole in its box with room for the cursor (9 digits lost the last one)."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = NewGameScreen("demo", seed=2**31 - 1)
        app.push_screen(screen)
        await pilot.pause()
        box = screen.query_one("#seed", Input)
        assert box.value == "2147483647"
        assert box.content_size.width >= len(box.value) + 1
        assert box.region.right <= 120
