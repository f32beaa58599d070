"""The new-game flow on the user's box (issue 6, Screens; spec §7: what comes from the box)."""

from textual.widgets import Select

from companion.core.catalog import catalog_path, read_toml
from companion.games.magical_friends import missing_values
from companion.games.magical_friends.catalog import load
from companion.games.magical_friends.scoring import tie_break_steps
from companion.games.magical_friends.transcribe import path_to_data
from companion.ui.app import Start, create_app
from companion.ui.dialogs import FormDialog
from companion.ui.magical_friends.setup import NewGameScreen

from .helpers import GAME_KEY, keys, play_to_round_3, saved_game, screen_state


def demo_board_as_user_catalog() -> dict:
    """The demo's tile sides transcribed onto the box's tiles (what a user's import holds)."""
    demo = read_toml(catalog_path(GAME_KEY, "demo"))
    tiles = [
        {
            "id": f"tile-{n}",
            "sides": [
                {"id": f"tile-{n}-{ab}", "entry": side["entry"], "spaces": side["spaces"]}
                for ab, side in zip("ab", tile["sides"], strict=True)
            ],
        }
        for n, tile in enumerate(demo["board"]["tiles"], 1)
    ]
    return {"board": {"tiles": tiles, "start_spaces": demo["board"]["start_spaces"]}}


async def test_box_without_a_board_says_so_and_offers_the_demo(store):
    """§7: the board is not public; until it is transcribed the box cannot be played."""
    app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen) and screen.catalog_name == "box"
        assert "not transcribed yet" in str(screen.query_one("#setup-catalog").render())
        await keys(pilot, "ctrl+s")
        assert app.screen is screen and app.store.list_games() == []
        await keys(pilot, "ctrl+d")
        assert isinstance(app.screen, NewGameScreen) and app.screen.catalog_name == "demo"
        assert "fictional" in str(app.screen.query_one("#setup-catalog").render())


async def test_unknown_numbers_are_asked_once_and_kept_in_the_users_catalog(store):
    """§7: small unknown values (turn order, fairy die, creature card numbers, scoring) are
    asked with a form at the start and saved, so the next game does not ask again."""
    store.save_user_catalog(GAME_KEY, demo_board_as_user_catalog())
    app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, FormDialog)
        # turn order h, fairy die 6, fairy: good, cost ?, copies ?, 1 wand (§2); artifact 1:
        # 2 wands, artifacts 2-11 ?; 3 per friend, ?, 1 per trophy
        await keys(pilot, "h", "enter", "6", "enter", "g", "enter", "enter", "enter")
        await keys(pilot, "1", "enter", "2", "enter", *["enter"] * 10)
        await keys(pilot, "3", "enter", "enter", "1", "enter", "enter")
        state = screen_state(app)
        assert state.turn_order_rule == "highest_first"
        assert state.board.fairy_die_sides == 6
        assert state.kind("fairy").alignment == "good" and state.kind("fairy").wands == 1
        assert state.artifacts[0].wands == 2 and state.artifacts[1].wands is None
    saved = store.user_catalog(GAME_KEY)
    cat = load("box", saved)
    assert cat.turn_order == "highest_first" and cat.scoring.per_trophy == 1
    left = missing_values(cat)
    assert "turn_order" not in left and "creatures[id=fairy].wand_cost" in left
    # artifacts have no id: the whole list is saved, the Scheming Dagger keeps its name
    assert "artifacts[number=1].wands" not in left and "artifacts[number=2].wands" in left
    assert cat.artifacts[4].special == "dagger" and cat.artifacts[4].name is not None


def test_unknown_paths_become_user_catalog_entries():
    assert path_to_data("creatures[id=fairy].copies", 3) == {
        "creatures": [{"id": "fairy", "copies": 3}]
    }
    assert path_to_data("scoring.per_trophy", 2) == {"scoring": {"per_trophy": 2}}


def test_tally_explains_how_a_tie_on_points_was_broken(store):
    """§7 tie-break: the demo breaks ties by friends in the tavern, then trophies, then shares."""
    from companion.games.magical_friends import EndGame, Move, PlayArtifacts

    session = saved_game(store)
    play_to_round_3(session)
    session.do(PlayArtifacts((7, 1, 2)))  # Red, Green, Blue
    session.do(Move("puddle-toad-2", to="p4", steps=2))
    session.do(EndGame())
    t = session.state.tally
    assert t.points == (0, 0, 0) and t.winners == (0, 1, 2)
    lines = [m.key for m in tie_break_steps(session.state)]
    assert lines == [
        "magical_friends.tally.tied",
        "magical_friends.tally.rule",
        "magical_friends.tally.rule",
        "magical_friends.tally.shared",
    ]


async def test_the_table_orders_the_tiles_each_tile_once(store):
    """§1 Board: the 4 tiles are interchangeable; the board is laid in the order the table
    chose (position 1 next to the start spaces), each tile once, its side chosen."""
    app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "ctrl+d")
        # tab to position 1's tile (count, 2 names, 2 colours), choose tile 2 there
        await keys(pilot, *["tab"] * 5, "enter", "down", "enter")
        screen = app.screen
        assert screen.query_one("#side-0").value == "t2-cavern"  # its sides now, side A kept
        await keys(pilot, "ctrl+s")  # tile 2 is also in position 2
        assert app.screen is screen and app.store.list_games() == []
        assert "chosen twice" in str(screen.query_one("#setup-error").render())
        await keys(pilot, "tab", "tab", "enter", "up", "enter")  # position 2: tile 1
        await keys(pilot, "ctrl+s")
        state = screen_state(app)
        assert state.board.tiles == (
            ("t2", "t2-cavern"),
            ("t1", "t1-portal"),
            ("t3", "t3-highway"),
            ("t4", "t4-fairy"),
        )
        # the track follows the table: the start spaces lead into tile 2's entry
        assert state.board.space(state.board.start_spaces[0]).next == ("c1",)


async def test_the_start_player_list_shows_names_as_edited(store):
    """§1 setup (wizards, start player): renaming the chosen start player renames what the
    start-player box shows, not only its list."""
    app = create_app(store, Start("demo", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await keys(pilot, "tab", "ctrl+u", "A", "k", "i")
        start = app.screen.query_one("#start", Select)
        shown = str(start.query_one("SelectCurrent Static#label").render())
        assert start.value == 0 and "1 · Aki" in shown, shown
