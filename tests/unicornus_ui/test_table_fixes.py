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


# round 1 of the demo seed up to the Empire's plan with its tie picked (tests/unicornus_ui)
TO_EMPIRE = ("n", "n", "n", "n", "n", "n", "n", "n", "1", "n", "n", "1")


async def test_the_enemy_turn_at_80x24_keeps_what_the_table_needs():
    """Issue 23: at 80x24 the Empire's turn showed two lines of its plan, the map without the
    Princess and two of four characters. Now the plan takes the characters' room (every
    moving unit in sight), the map box shows the Princess's space, and u brings the characters
    back (a view only: nothing in the game changes)."""
    from companion.ui.unicornus.hexmap import HexMap
    from tests.unicornus_ui.demo import start
    from tests.unicornus_ui.test_play import ROUND_SEED

    store = Store.open("sqlite://")
    try:
        app = create_app(store, lang="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            start(app, ROUND_SEED)
            await pilot.pause()
            for key in TO_EMPIRE:
                await pilot.press(key)
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, UnicornusScreen)
            side = screen.query_one("#uk-side-box")
            assert str(side.border_title).startswith("The Empire")
            assert not screen.query_one("#uk-kingdom-box").display
            assert side.size.height >= 16  # was 3 (the three moving units need 11 lines)
            assert not screen.query_one("#uk-log").display  # the banner says each step
            hm, box = screen.query_one(HexMap), screen.query_one("#uk-map-box")
            col, line = hm.place(screen.state.princess.space)
            x, y = box.scroll_offset
            view = box.scrollable_content_region
            assert x <= col < x + view.width and y <= line < y + view.height
            before = screen.state
            await pilot.press("u")
            await pilot.pause()
            assert screen.query_one("#uk-kingdom-box").display and screen.state is before
    finally:
        store.close()


async def test_the_japanese_header_keeps_its_event_line():
    """Issue 23: in Japanese the header's first line wrapped (a long start player's seat) and
    pushed the event line out of its two lines; each line now stays on its line ("…")."""
    from dataclasses import replace

    from companion.core.i18n import set_language, tr
    from tests.unicornus_ui.demo import demo_state

    store = Store.open("sqlite://")
    app = create_app(store, lang="ja")
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            state = demo_state(0)
            state = replace(
                state, names=("アレクサンドラ・ヴィクトリア・フォン・ホーエンシュタイン",) * 3
            )
            app.start_game("unicornus", state, "demo", "demo")
            await pilot.pause()
            shown = app.export_screenshot()
            assert tr("unicornus_ui.header.no_event") in shown
            assert "ラウンド&#160;1/" in shown  # the first line too
    finally:
        store.close()
        set_language("en")


async def test_the_enemy_turn_at_100x32_shows_every_moving_unit():
    """Issue 23: at 100x32 the side panel was short in the Empire's turn (1-2 imperial units,
    the foresight cut) under the characters and the log, whose lines wrapped in two. The
    side panel takes their room in the Empire's turn (u brings them back), and the characters'
    lines fit the column (the initials, as on the map, where names leave no room)."""
    from tests.unicornus_ui.demo import start
    from tests.unicornus_ui.test_play import ROUND_SEED

    store = Store.open("sqlite://")
    try:
        app = create_app(store, lang="en")
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            start(app, ROUND_SEED)
            await pilot.pause()
            screen = app.screen
            kingdom = screen.query_one("#uk-kingdom-box")
            heroes = len(screen.state.heroes)
            assert kingdom.display and kingdom.size.height == heroes + 1  # one line each
            for key in TO_EMPIRE:
                await pilot.press(key)
                await pilot.pause()
            side = screen.query_one("#uk-side-box")
            assert str(side.border_title).startswith("The Empire")
            assert not kingdom.display and not screen.query_one("#uk-log").display
            plan = screen.query_one("#uk-side", Static)
            assert plan.size.height <= side.scrollable_content_region.height  # all in sight
            await pilot.press("u")
            await pilot.pause()
            assert kingdom.display
    finally:
        store.close()


async def test_the_next_players_turn_at_80x24_shows_the_characters_again():
    """Played at 80x24: after the Empire's turn of round 1, the players' turn of round 2 kept
    an empty "Battles and Fate" panel in the characters' place (the Empire's move of the last
    Empire phase still counted), until u."""
    from companion.core.game import decide
    from companion.games.registry import get_game, sensible_table
    from tests.unicornus_ui.demo import demo_state

    store = Store.open("sqlite://")
    try:
        game = get_game("unicornus")
        policy, _ = sensible_table("unicornus", 5)
        session = store.new_game(game, demo_state(), "80x24", "demo")
        while not (session.state.round == 2 and session.state.phase == "players"):
            session.do(decide(game.moment(session.state), session.state, policy))
        assert session.state.empire_moved  # set in round 1's Empire phase, kept until the next
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, UnicornusScreen)
            side = screen.query_one("#uk-side-box")
            assert not str(side.border_title).startswith("Battles"), side.border_title
            assert screen.query_one("#uk-kingdom-box").display
    finally:
        store.close()


async def test_an_abilitys_arrow_is_never_alone_on_its_line_in_japanese(store):
    """Tester's report: in Japanese at 80x24 the acting character's ability ("ラウンド開始時：
    （架空）ラウンド開始時に1回復") has no space to break at and went whole to the line under
    its "↳", leaving the arrow alone. The arrow keeps the first words beside it, the rest
    wraps under them."""
    from tests.unicornus_ui.demo import start

    app = create_app(store, lang="ja")
    beside: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start(app)
        await pilot.pause()
        for _ in range(6):  # the round's start, its event, then each seat's turn
            panel = app.screen.query_one("#uk-kingdom", Static)
            lines = panel.render_lines(panel.size.region)
            shown = [strip.text.strip(" │") for strip in lines]  # inside the panel's border
            assert "↳" not in shown, shown
            beside += [line for line in shown if "↳" in line]
            await pilot.press("n")
            await pilot.pause()
    # the characters' abilities were shown, their first words beside the arrow
    assert [line.split(" ", 1)[0] for line in beside] == ["↳"] * 3, beside
    assert any(line.startswith("↳ ラウンド開始時") for line in beside), beside
