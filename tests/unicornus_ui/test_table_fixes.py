"""Issue 23's fixes at the Unicornus table: the players' names typed at setup name their seats
in play (the banner, the header, the characters' panel), not "seat 1"."""

from __future__ import annotations

from textual.widgets import Input, Static

from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.unicornus.screen import UnicornusScreen


async def test_names_typed_at_setup_name_the_seats_in_play():
    store = Store.open("sqlite://")
    try:
        app = create_app(store, Start("demo", game_key="unicornus"), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            names = app.screen.query(".player-name").results(Input)
            for field, name in zip(names, ("Dora", "Emil", "Fay", "Gus"), strict=False):
                field.value = name
            await pilot.press("ctrl+s")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, UnicornusScreen)
            state = screen.state
            assert state.names[:4] == ("Dora", "Emil", "Fay", "Gus")
            first = state.start_player
            header = str(screen.query_one("#uk-header", Static).render())
            assert ("Dora", "Emil", "Fay", "Gus")[first] in header
            assert "seat 1" not in header
            kingdom = str(screen.query_one("#uk-kingdom", Static).render())
            assert all(n in kingdom for n in ("Dora", "Emil", "Fay", "Gus"))
    finally:
        store.close()


async def test_the_tables_own_event_card_a_pick_and_a_new_one_saved_with_ctrl_s():
    """The table's own deck: a known card is picked with its number (two keys from the
    moment); a card the catalog lacks is typed and saved with ctrl+s from its name's field
    (ctrl+s did nothing there: Enter walked four fields to an OK below an 80x24 screen)."""
    from dataclasses import replace

    from companion.games.unicornus import load_catalog, new_game
    from companion.ui.dialogs import ChoiceDialog, FormDialog
    from tests.unicornus_ui.demo import SETUP

    store = Store.open("sqlite://")
    try:
        state = new_game(load_catalog("demo"), replace(SETUP, table_deck=True), seed=0)
        app = create_app(store, lang="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("unicornus", state, "demo", "demo")
            await pilot.pause()
            screen = app.screen
            await pilot.press("n")  # round start
            await pilot.pause()
            await pilot.press("n")  # the card the table turned over
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            options = app.screen.choice.options
            await pilot.press(str(len(options)))  # a card the catalog lacks
            await pilot.pause()
            assert isinstance(app.screen, FormDialog)
            await pilot.press(*"Fog", "ctrl+s")
            await pilot.pause()
            assert app.screen is screen
            assert screen.state.revealed[-1].name[0] == "Fog"
    finally:
        store.close()
