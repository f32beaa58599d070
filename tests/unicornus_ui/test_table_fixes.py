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
