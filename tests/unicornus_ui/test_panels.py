"""The Unicornus Knights screen's panels (tester's report): a panel cut by a small terminal
shows a scrollbar and scrolls to its last line; an empty panel says so."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from companion.core.game import decide
from companion.core.i18n import tr
from companion.games.registry import get_game, sensible_table
from companion.games.unicornus import SetupChoice, load_catalog, new_game
from companion.ui.app import Start, create_app
from companion.ui.unicornus.hexmap import HexMap
from companion.ui.unicornus.screen import UnicornusScreen
from tests.unicornus_ui.demo import demo_state
from tests.unicornus_ui.test_play import open_demo

# four players, as `companion demo unicornus` starts: the Princess and four characters
FOUR = SetupChoice(4, ("annelie", "bertram", "cordelia", "dario"), "p1")


def four_players():
    return new_game(load_catalog("demo"), FOUR, seed=7)


async def test_the_kingdom_characters_scroll_when_cut_at_80x24(store):
    """At 80x24 the characters' lines wrap in two and the panel (at most 10 lines) cut the
    fourth character of a four-player game with no sign (``overflow-y`` on a Static, which
    cannot scroll); its box shows a scrollbar and scrolls to the last line."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await open_demo(app, pilot, state=four_players())
        box = scr.query_one("#uk-kingdom-box")
        kingdom = scr.query_one("#uk-kingdom", Static)
        assert box.border_title == "Kingdom characters"
        lines = kingdom.outer_size.height
        assert lines > box.scrollable_content_region.height  # cut at 80x24
        assert box.show_vertical_scrollbar
        box.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y > 0
        assert box.scroll_y + box.scrollable_content_region.height == lines  # the last in sight


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "No battles to fight or Fate to draw."),
        ("ja", "解決する戦闘も引く因縁カードもなし。"),
    ],
)
async def test_battles_and_fate_say_when_nothing_is_left(store, lang, words):
    """Once the Empire has moved and its battles are fought (no Fate card to draw), the
    "Battles and Fate" panel stayed up, blank, until the Empire phase ended; it says so."""
    game = get_game("unicornus")
    policy, _ = sensible_table("unicornus", 5)
    session = store.new_game(game, demo_state(), "Battles", "demo")
    s = session.state
    while not (s.phase == "empire" and s.empire_moved and not s.battles and not s.fate_pending):
        session.do(decide(game.moment(s), s, policy))
        s = session.state
    app = create_app(store, Start("resume", game_id=session.id), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, UnicornusScreen)
        side = scr.query_one("#uk-side-box")
        assert side.border_title == tr("unicornus_ui.side.battles")
        assert str(scr.query_one("#uk-side", Static).render()) == words


def in_sight(scr, column: str) -> list:
    """The boxes of a column that reach past its bottom (pushed off the screen)."""
    col = scr.query_one(column)
    return [w for w in col.children if w.display and w.region.bottom > col.region.bottom]


@pytest.mark.parametrize("size", [(120, 40), (100, 32), (120, 36)])
async def test_the_details_under_the_map_keep_four_lines(store, size):
    """At 120x40 the map (32 lines with its border) left the details of the space under the
    cursor one line, at 100x32 none (and cut its own bottom row and the legend): the details
    keep four lines and the map gives up the rest, scrolling with the cursor's hex in sight."""
    app = create_app(store, lang="en")
    async with app.run_test(size=size) as pilot:
        scr = await open_demo(app, pilot)
        await pilot.press("n", "n")  # the players' turn: a banner of one line, not two
        await pilot.pause()
        details = scr.query_one("#uk-details-box")
        assert details.size.height == 4
        assert not in_sight(scr, "#uk-left")
        box, hm = scr.query_one("#uk-map-box"), scr.query_one(HexMap)
        assert box.show_vertical_scrollbar and not box.show_horizontal_scrollbar
        assert box.scrollable_content_region.width >= hm.columns()  # no column of it cut

        def cursor_in_sight() -> bool:
            _col, line = hm.place(hm.cursor)
            view = box.scrollable_content_region.height
            return box.scroll_y <= line and line + 2 <= box.scroll_y + view

        # the Princess's hex, though the box lost lines since (a footer of two lines)
        assert hm.cursor == scr.state.princess.space and cursor_in_sight()
        spaces = sorted(range(len(scr.state.board)), key=lambda n: hm.place(n)[1])
        for space in (spaces[0], spaces[-1], scr.state.princess.space):  # top, bottom
            hm.move_to(space)
            await pilot.pause()
            assert cursor_in_sight(), space


async def test_on_a_taller_screen_the_map_is_whole_and_the_details_take_the_rest(store):
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 50)) as pilot:
        scr = await open_demo(app, pilot)
        box, hm = scr.query_one("#uk-map-box"), scr.query_one(HexMap)
        assert box.size.height == hm.size.height == hm.rows * 2 and box.max_scroll_y == 0
        details = scr.query_one("#uk-details-box")
        assert details.size.height > 4 and not in_sight(scr, "#uk-left")
        bottom = scr.query_one("#uk-left").region.bottom
        assert details.region.bottom == bottom  # no line left empty under the details


async def test_at_80x24_the_details_keep_their_three_lines(store):
    """The small terminal's layout is as it was: the map scrolls, the details take at most
    three lines, nothing is pushed off the screen."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await open_demo(app, pilot)
        assert scr.query_one("#uk-details-box").size.height == 3
        assert not in_sight(scr, "#uk-left") and not in_sight(scr, "#uk-right")


async def test_a_terminal_made_wider_gives_the_kingdom_characters_their_names(store):
    """Tester's report: after 80x24 was made 120x40, the characters' panel kept the narrow
    lines (no column of names) until the next step; it is drawn for its new width."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await open_demo(app, pilot, state=four_players())
        kingdom = scr.query_one("#uk-kingdom", Static)
        assert "Annelie" not in str(kingdom.render())  # initials only at 80 columns
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert "Annelie" in str(kingdom.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert "Annelie" not in str(kingdom.render())
