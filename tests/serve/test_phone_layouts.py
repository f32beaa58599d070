"""The table's view on a phone (issue 10): at ~40 columns every game screen stacks its panels
in one column; nothing reaches past the screen's right edge except inside a box that scrolls
sideways (the Unicornus map, the Magical Friends board and table)."""

from __future__ import annotations

import pytest
from textual.containers import ScrollableContainer
from textual.widget import Widget

from companion.core.i18n import set_language
from companion.games.registry import get_game, load_game_catalog, sensible_table
from companion.ui.app import Start, create_app

PHONE = (42, 40)


def new_demo(store, key: str) -> int:
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    _policy, demo_setup = sensible_table(key, 3)
    state = game.new_game(demo_setup(catalog, None), catalog, 3)
    return store.new_game(game, state, "Phone", "demo").id


def sideways(widget: Widget) -> bool:
    """Inside a box that scrolls sideways (what is past its edge is reached by scrolling)."""
    for node in widget.ancestors:
        if isinstance(node, Widget) and node.styles.overflow_x in ("auto", "scroll"):
            return True
    return False


@pytest.mark.parametrize("key", ["insurrection", "unicornus", "magical-friends"])
async def test_the_table_view_fits_a_phone(store, key):
    game_id = new_demo(store, key)
    set_language("en")
    start = Start("view", game_id=game_id, session=store.open_game(game_id), read_only=True)
    app = create_app(store, start, lang="en")
    async with app.run_test(size=PHONE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-narrow")
        past = [
            w
            for w in screen.query(Widget)
            if w.display and w.region.width and w.region.right > PHONE[0] and not sideways(w)
        ]
        assert not past, [f"{w!r} {w.region}" for w in past]
        scrollers = [w for w in screen.query(ScrollableContainer) if not sideways(w)]
        assert all(w.max_scroll_x == 0 for w in scrollers), scrollers
