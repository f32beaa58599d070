"""The new-game flow (issue 4, spec §2) and the forms for the box's unknown values (§10)."""

from __future__ import annotations

import tomllib

from textual.widgets import Input, Static

from companion.core.catalog import catalog_path
from companion.core.i18n import tr
from companion.core.rng import Rng
from companion.games.unicornus import (
    SetupChoice,
    draw_tiles,
    load_catalog,
    missing_values,
    new_game,
)
from companion.ui.app import create_app
from companion.ui.unicornus.catalog_forms import CardForm, TileForm
from companion.ui.unicornus.setup import NewGameScreen


def capture(app) -> list:
    """Record start_game instead of opening the game screen (another package's work)."""
    calls: list = []
    app.start_game = lambda *args, **kw: calls.append(args)
    return calls


async def test_demo_flow_to_the_first_round(store):
    """§2: 4 players, one character each, the drawn map shown, the game at round 1."""
    app = create_app(store)
    calls = capture(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen("demo", seed=7))
        await pilot.pause()
        assert "demo (fictional)" in str(app.screen.query_one("#catalog-name", Static).render())
        drawn, _ = draw_tiles(
            load_catalog("demo"), ("annelie", "bertram", "cordelia", "dario"), Rng(7)
        )
        tiles = app.screen.query_one("#tiles-view", Static)
        view = "\n".join(line.text for line in tiles.render_lines(tiles.size.region))
        assert "replay no. 7" in view and "The Capital" in view
        await pilot.press("ctrl+s")
        await pilot.pause()
    ((key, state, title, catalog, *_first),) = calls
    assert key == "unicornus" and catalog == "demo" and "(demo)" in tr(title)
    assert (state.round, state.phase, state.players) == (1, "round_start", 4)
    assert [h.id for h in state.heroes[1:]] == ["annelie", "bertram", "cordelia", "dario"]
    assert state.board.names[0] == "1.0" and len(state.board) == 19 * 7
    # the map the screen showed is the one the game uses
    chars = ("annelie", "bertram", "cordelia", "dario")
    shown = new_game(load_catalog("demo"), SetupChoice(4, chars, "p1", tiles=drawn), 7)
    assert state.board == shown.board


async def test_two_players_run_two_characters_and_duplicates_are_refused(store):
    """§2 step 1: 2 players → 4 characters, seat-major; the same character twice is refused."""
    app = create_app(store)
    calls = capture(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = NewGameScreen("demo", seed=3)
        app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#players").value = 2
        await pilot.pause()
        assert len(screen.chosen_characters()) == 4
        screen.query_one("#character-1").value = "annelie"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert calls == []
        assert "Chosen twice: Annelie" in str(screen.query_one("#error-seats", Static).render())
        screen.query_one("#character-1").value = "hugo"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    state = calls[0][1]
    assert state.seats == (("annelie", "hugo"), ("cordelia", "dario"))
    assert state.actions_per_turn == 4


def box_transcription_but_one() -> dict:
    """A user's box transcription: the fictional demo's entries over the box, with Annelie's
    life still unknown (``"?"``), so exactly one form is asked."""
    with catalog_path("unicornus", "demo").open("rb") as fh:
        data = tomllib.load(fh)
    data.pop("meta")
    data["layout_checked"] = True  # the owner checked the diagram
    data["events"].append({"id": "despair", "level": 3, "ongoing": False})  # the box's one card
    for k in data["kingdom"]:
        if k["id"] == "annelie":
            k["life"] = "?"
    return data


async def test_box_flow_asks_the_missing_value_refuses_nonsense_saves_it(store):
    """§10: the one unknown value this game needs is asked in a focused form; nonsense gets a
    message and nothing typed is lost; the answer goes into the user's catalog, and a second
    new game asks nothing."""
    store.save_user_catalog("unicornus", box_transcription_but_one())
    cat = load_catalog("box", user=store.user_catalog("unicornus"))
    chars = ("annelie", "bertram", "cordelia", "dario")
    assert missing_values(cat, SetupChoice(4, chars, "p1")) == ["kingdom[id=annelie].life"]
    app = create_app(store)
    calls = capture(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen("box", seed=11))
        await pilot.pause()
        assert "1 form" in str(app.screen.query_one("#still-unknown", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CardForm)
        assert "Life" in str(form.query_one(".card-label").render())
        await pilot.press(*"lots", "enter")
        await pilot.pause()
        assert app.screen is form
        assert "lots" in str(form.query_one("#error-life", Static).render())
        assert form.query_one("#field-life", Input).value == "lots"
        form.query_one("#field-life", Input).value = "4"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
    assert len(calls) == 1 and calls[0][3] == "box"
    assert calls[0][1].hero("annelie").life == 4
    saved = store.user_catalog("unicornus")
    assert next(k for k in saved["kingdom"] if k["id"] == "annelie")["life"] == 4
    assert len(saved["tiles"]) == len(box_transcription_but_one()["tiles"])  # merged, not lost
    # a second game: nothing left to ask, it starts at once
    app = create_app(store)
    calls = capture(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen("box", seed=12))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, CardForm)
    assert len(calls) == 1


async def test_tile_form_is_one_grid_of_space_codes(store):
    """§10 / §1: an unknown tile is asked as one grid, a line per space in the engine's order
    (known values already typed as their code), each code's attributes shown in columns as
    it is read; a bad code gets its message; the answer is saved in the user's catalog
    (whole spaces list, since lists without ids replace), other start markers kept."""
    data = box_transcription_but_one()
    for k in data["kingdom"]:
        k["life"] = 4 if k["id"] == "annelie" else k["life"]
    capital = next(t for t in data["tiles"] if t["id"] == "capital")
    capital["spaces"][3] = {"difficulty": "?", "recruit": "?"}
    capital["spaces"][1] = {"resource": 2, "defence": 1}
    store.save_user_catalog("unicornus", data)
    app = create_app(store)
    calls = capture(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen("box", seed=11))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TileForm)
        places = [str(s.render()) for s in form.query(".grid-place")]
        assert places[0] == "0 centre" and places[1] == "1 right" and places[6] == "6 lower right"
        assert form.query_one("#s1", Input).value == "p2v1"  # what is known, as its code
        code = form.query_one("#s3", Input)
        code.value = "q"
        await pilot.pause()
        assert "?" in str(form.query_one("#cells-3", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "“q”" in str(form.query_one("#error-s3", Static).render())
        code.value = "d1r2"
        await pilot.pause()
        assert str(form.query_one("#cells-3", Static).render()).split()[:3] == ["1", "·", "2"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
    assert len(calls) == 1
    saved = next(t for t in store.user_catalog("unicornus")["tiles"] if t["id"] == "capital")
    assert saved["spaces"][3]["difficulty"] == 1 and saved["spaces"][3]["recruit"] == 2
    assert saved["spaces"][1]["resource"] == 2 and saved["spaces"][1]["defence"] == 1
    assert saved["spaces"][0]["start"] == "goal"  # the start marker printed there is kept
