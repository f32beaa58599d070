"""A save that fails (a full disk, a database gone) is a message and the game stays open and
unchanged: a step, an undo and a redo alike (issue 9, TUI save failures)."""

from __future__ import annotations

from sqlalchemy.exc import OperationalError

from companion.ui.app import create_app
from companion.ui.unicornus.screen import UnicornusScreen
from tests.unicornus_ui.demo import start


def full_disk(*_args, **_kwargs):
    raise OperationalError("INSERT", {}, Exception("database or disk is full"))


async def test_step_undo_and_redo_that_cannot_be_saved_say_so_and_change_nothing(
    store, monkeypatch
):
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start(app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, UnicornusScreen)
        await pilot.press("n")  # round 1 begins: one saved step
        await pilot.pause()
        session = screen.session
        assert session.cursor == 1
        before = session.state
        monkeypatch.setattr(store, "_begin", full_disk)
        for key in ("n", "ctrl+z"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen and session.cursor == 1 and session.state is before
        monkeypatch.undo()
        await pilot.press("ctrl+z")
        await pilot.pause()
        monkeypatch.setattr(store, "_begin", full_disk)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.screen is screen and session.cursor == 0
        titles = [n.title for n in app._notifications]
        assert titles.count("Not saved") == 3, titles
        assert app._exception is None


async def test_a_new_game_that_cannot_be_saved_keeps_the_setup_open(store, monkeypatch):
    """Start on a read-only database: a message, and the new-game screen with its answers."""
    from textual.widgets import Input

    from companion.ui.app import Start
    from companion.ui.insurrection.new_game import NewGameScreen

    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        setup = app.screen
        for seat, name in ((1, "Ann"), (2, "Ben")):
            setup.query_one(f"#seat-{seat}", Input).value = name
        monkeypatch.setattr(store, "_begin", full_disk)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup and app._exception is None
        assert setup.query_one("#seat-1", Input).value == "Ann"
        assert [n.title for n in app._notifications][-1] == "Not saved"
        assert store.list_games() == []
