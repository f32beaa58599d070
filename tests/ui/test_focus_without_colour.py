"""Under NO_COLOR the focused field is told from the others by more than colour (tester's
report: a field's focus was its border's colour alone, which NO_COLOR greys away).

Each focusable widget of the forms and dialogs (one of each kind on each screen) is drawn
focused and not, in an app made under NO_COLOR: the two differ in a character or a text
style (bold, reverse, underline...), not only in colours. The cue itself reads (3:1 for a
mark, 4.5:1 for words: tests/ui/contrast.py)."""

from __future__ import annotations

import pytest
from textual.containers import HorizontalScroll, ScrollableContainer, VerticalScroll

from companion.ui.app import create_app
from tests.ui.contrast import low_contrast
from tests.ui.keys import until

CONTAINERS = (ScrollableContainer, VerticalScroll, HorizontalScroll)
# what a terminal shows under NO_COLOR besides the characters (Rich's style attributes)
ATTRIBUTES = ("bold", "dim", "italic", "underline", "reverse", "strike", "underline2", "overline")


def _attributes(style) -> tuple:
    if style is None:
        return ()
    return tuple(getattr(style, name) for name in ATTRIBUTES)


def _looks(screen) -> list[list[tuple]]:
    """Each cell of the screen as drawn without colour: its character and its text style."""
    rows = []
    for strip in screen._compositor.render_strips(screen.size):
        row = []
        for text, style, control in strip:
            if control:
                continue
            row += [(char, _attributes(style)) for char in text]
        rows.append(row)
    return rows


def _kind(widget) -> tuple:
    return type(widget).__name__, tuple(sorted(widget.classes))


async def colour_only(app, pilot, name: str) -> list[str]:
    """The focusable widgets (one of each kind) of the screen on top whose focus changes
    nothing but colours, and the runs of the focused one under their contrast."""
    screen, found, seen = app.screen, [], set()
    for widget in screen.focus_chain:
        # a scroll container (focused to scroll it with the keys) shows no focus in any theme,
        # colour or not: it is not a field (its subclasses, a radio set, are)
        if type(widget) in CONTAINERS or _kind(widget) in seen:
            continue
        seen.add(_kind(widget))
        widget.focus()
        await pilot.pause()
        # scrolled into sight after the focus: waited for (a pause or two is not enough on a
        # loaded machine: the Start button was still below the screen)
        await until(
            pilot,
            lambda w=widget: bool(w.region.intersection(screen.size.region)),
            f"{name}: {type(widget).__name__} in sight",
        )
        await pilot.pause()
        region = widget.region.intersection(screen.size.region)
        assert region, (name, widget)
        focused, svg = _looks(screen), app.export_screenshot()
        screen.set_focus(None)
        await pilot.pause()
        blurred = _looks(screen)
        where = f"{name}: {type(widget).__name__} #{widget.id}"
        rows = range(region.y, region.bottom)
        if all(
            focused[y][region.x : region.right] == blurred[y][region.x : region.right] for y in rows
        ):
            found.append(f"{where}: focused only in colour")
        found += map(str, low_contrast(svg, where, inside=region.contains))
    return found


def _new_game(game: str):
    from companion.ui.games import game_ui

    return game_ui(game).new_game_screen("demo")


def _box_form(name: str):
    from tests.ui.test_box_forms_80x24 import FORMS

    return FORMS[name]()


def _tile_form():
    from companion.games.unicornus import load_catalog
    from companion.ui.unicornus.catalog_forms import Request, TileForm

    return TileForm(load_catalog("box"), Request("new_tile", tile_kind="empire"))


def _box_screen():
    from companion.games.magical_friends.catalog import load
    from companion.ui.magical_friends.box import BoxScreen

    return BoxScreen(load("box"))


def _confirm():
    from companion.core.i18n import Msg
    from companion.ui.dialogs import Confirm

    return Confirm(Msg("ui.dialog.yes"))


def _choice():
    from companion.core.i18n import Msg
    from companion.core.plan import Choice, Option
    from companion.ui.dialogs import ChoiceDialog

    options = (Option(True, Msg("ui.dialog.yes")), Option(False, Msg("ui.dialog.no")))
    return ChoiceDialog(Choice(Msg("ui.dialog.yes"), options))


SCREENS = {
    "unicornus new game": lambda: _new_game("unicornus"),  # fields, choices, a button
    "insurrection new game": lambda: _new_game("insurrection"),  # radio buttons, checkboxes
    "magical friends new game": lambda: _new_game("magical-friends"),
    "form (insurrection persons)": lambda: _box_form("insurrection persons"),
    "card form (one-line fields)": lambda: _box_form("unicornus new event"),
    "tile form": _tile_form,
    "magical friends box (compact fields)": _box_screen,
    "confirm": _confirm,
    "choice": _choice,
}


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_a_focused_field_shows_more_than_colour_under_no_color(store, monkeypatch, theme):
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(store, lang="en")
    app.theme = theme
    assert app.no_color
    found = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, name in (("s", "settings"), ("c", "catalogs")):  # radio buttons, a table
            await pilot.press(key)
            await pilot.pause()
            found += await colour_only(app, pilot, name)
            app.pop_screen()
        for name, make in SCREENS.items():
            app.push_screen(make())
            await pilot.pause()
            found += await colour_only(app, pilot, name)
            app.pop_screen()
            await pilot.pause()
    assert not found, "\n".join(found)
