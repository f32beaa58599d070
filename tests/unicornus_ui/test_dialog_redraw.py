"""A dialog closing over the Unicornus screen draws it again only if the game or the room
changed while the dialog was up (issue 26): what stays on screen is what a redraw draws."""

from textual.widgets import Static

from companion.ui.app import create_app
from companion.ui.dialogs import ChoiceDialog
from companion.ui.unicornus.hexmap import HexMap
from companion.ui.unicornus.screen import UnicornusScreen
from tests.unicornus_ui.test_map_redraw import stale_lines
from tests.unicornus_ui.test_play import open_demo, press


def shown(scr: UnicornusScreen) -> tuple:
    """The panels' words and the map's lines as the screen shows them."""
    hm = scr.query_one(HexMap)
    panels = tuple(str(w.render()) for w in scr.query(Static) if w.id)
    return panels, tuple(hm.render_line(y).text for y in range(hm.size.height)), hm.marks


def count_redraws(scr: UnicornusScreen) -> list:
    calls = []
    redraw = scr.refresh_view

    def counted() -> None:
        calls.append(1)
        redraw()

    scr.refresh_view = counted
    return calls


async def test_a_dialog_closed_on_the_same_game_leaves_the_panels_and_clears_the_marks(store):
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_demo(app, pilot)
        await press(pilot, "n", "n")
        marks = dict(scr.query_one(HexMap).marks)
        redraws = count_redraws(scr)
        await press(pilot, "m")
        assert isinstance(app.screen, ChoiceDialog) and scr.preview
        await press(pilot, "escape")
        assert app.screen is scr and scr.preview == {}
        assert redraws == []  # opened and closed over the same game: no panel drawn again
        hm = scr.query_one(HexMap)
        assert hm.marks == marks and stale_lines(hm) == []  # the question's marks gone
        kept = shown(scr)
        scr.refresh_all()
        await pilot.pause()
        assert shown(scr) == kept


async def test_a_dialog_closed_after_the_room_changed_draws_the_screen_again(store):
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_demo(app, pilot)
        await press(pilot, "n", "n", "m")
        assert isinstance(app.screen, ChoiceDialog)
        redraws = count_redraws(scr)
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        await press(pilot, "escape")
        assert app.screen is scr and redraws
        kept = shown(scr)
        scr.refresh_all()
        await pilot.pause()
        assert shown(scr) == kept
