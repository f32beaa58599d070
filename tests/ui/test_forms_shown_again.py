"""Issue 26: a form is built once per shape and shown again for the next question, as the
choices are (``Dialog.shown_again``). Shown again, it must look and answer as a new form
would: the new question's words and values, nothing typed or said for the last one."""

from textual.app import App
from textual.widgets import Input, Label, Static

from companion.core.i18n import Msg
from companion.ui.dialogs import FormDialog, FormField


def fields(value=None, hint=None) -> list[FormField]:
    return [
        FormField("a", Msg("ui.form.ok"), value=value, minimum=0, maximum=10, hint=hint),
        FormField("b", Msg("ui.form.cancel"), kind="text", optional=True),
    ]


async def test_a_form_shown_again_has_the_new_values_and_nothing_typed_before():
    results = []
    app = App()
    async with app.run_test() as pilot:
        first = FormDialog.shown_again(app, Msg("ui.form.ok"), fields(hint=Msg("ui.form.ok")))
        app.push_screen(first, results.append)
        await pilot.pause()
        await pilot.press("x", "enter", "l", "e", "f", "t", "enter")  # "x": not a number
        await pilot.pause()
        assert "x" in str(first.query_one("#error-a", Static).render())
        await pilot.press("escape")
        await pilot.pause()

        again = FormDialog.shown_again(app, Msg("ui.form.cancel"), fields(hint=Msg("ui.dialog.no")))
        assert again is first
        app.push_screen(again, results.append)
        await pilot.pause()
        # as a new form: empty where it would be empty, no message, the new words
        assert again.query_one("#field-a", Input).value == ""
        assert again.query_one("#field-b", Input).value == ""
        assert str(again.query_one("#error-a", Static).render()) == ""
        assert str(again.query_one("#form-title", Static).render()) == "Cancel"
        assert str(again.query_one("#hint-a", Static).render()) == "No"
        assert app.focused is again.query_one("#field-a", Input)
        await pilot.press("7", "enter", "enter")
        await pilot.pause()
        assert results == [None, {"a": 7, "b": None}]


async def test_a_value_offered_is_replaced_by_what_is_typed_as_in_a_new_form():
    """The field focused first has the offered value selected (a new form's Focus selects
    it): a key typed replaces it, though the kept form's field is focused still (the last
    form was closed from it)."""
    results = []
    app = App()
    async with app.run_test() as pilot:
        for value, keys in ((3, ("5", "escape")), (4, ("6", "enter", "enter"))):
            form = FormDialog.shown_again(app, Msg("ui.form.ok"), fields(value=value))
            app.push_screen(form, results.append)
            await pilot.pause()
            assert form.query_one("#field-a", Input).value == str(value)
            await pilot.press(*keys)
            await pilot.pause()
        assert results == [None, {"a": 6, "b": None}]


async def test_a_form_of_another_shape_is_a_form_of_its_own():
    """A field's widgets are named after it: a form with other fields (or a hint where
    there was none) is another kept form, never the first one's widgets under new names."""
    app = App()
    async with app.run_test() as pilot:
        first = FormDialog.shown_again(app, Msg("ui.form.ok"), fields())
        app.push_screen(first)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        hinted = FormDialog.shown_again(app, Msg("ui.form.ok"), fields(hint=Msg("ui.form.ok")))
        assert hinted is not first
        app.push_screen(hinted)
        await pilot.pause()
        assert str(hinted.query_one("#label-a", Label).render()) == "OK"
        await pilot.press("escape")
        await pilot.pause()
        assert FormDialog.shown_again(app, Msg("ui.form.ok"), fields()) is first
        assert FormDialog.shown_again(app, Msg("ui.form.ok"), fields(hint=Msg("ui.form.ok"))) is (
            hinted
        )


async def test_a_form_shown_again_after_the_theme_changed_has_the_new_themes_colours():
    """A kept form is not styled again when it is shown again (Textual would restyle every
    widget), unless the app's CSS changed meanwhile: a theme picked while it was put away."""
    app = App()
    async with app.run_test() as pilot:
        app.theme = "textual-dark"
        form = FormDialog.shown_again(app, Msg("ui.form.ok"), fields())
        app.push_screen(form)
        await pilot.pause()
        dark = form.query_one("#field-a", Input).styles.background
        await pilot.press("escape")
        await pilot.pause()
        app.theme = "textual-light"
        await pilot.pause()
        again = FormDialog.shown_again(app, Msg("ui.form.ok"), fields())
        assert again is form
        app.push_screen(again)
        await pilot.pause()
        light = again.query_one("#field-a", Input).styles.background
        assert light != dark
        new = FormDialog(Msg("ui.form.ok"), fields())  # as a form made now has it
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(new)
        await pilot.pause()
        assert new.query_one("#field-a", Input).styles.background == light
