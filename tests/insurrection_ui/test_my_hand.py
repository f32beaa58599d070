""" "Show me my hand" with the app's virtual deck (§3.2: hands are secret; only the app holds
them): whose hand, a pass-the-keyboard screen, the hand, then hidden again."""

from __future__ import annotations

from textual.widgets import Static

from companion.games.insurrection import GAME, engine
from companion.games.insurrection.catalog import load
from companion.ui.dialogs import ChoiceDialog
from companion.ui.insurrection.secret import PassTo, ShowHand
from tests.insurrection_ui.helpers import new_demo_game, resume_app


def shown(screen) -> str:
    return " ".join(str(w.render()) for w in screen.query(Static))


async def test_y_passes_the_keyboard_then_shows_the_hand_then_hides_it(store):
    """§3.2: y → whose hand (Ben) → the pass screen shows no card → Enter: Ben's cards
    (every one the app dealt him) → Enter: the board again, his cards nowhere on it."""
    app = resume_app(store, new_demo_game(store, seed=4, rounds=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        steps = len(board.session.history())
        hand = engine.prefill(board.state, "Ben")
        names = {board.state.catalog.card(c).name["en"] for c in hand}
        before = shown(board)
        secret = {n for n in names if n not in str(board.query_one("#hands", Static).render())}
        assert secret  # what the board's hands panel does not say (the deck panel counts
        # every unseen card by name, so names alone cannot tell)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("2")  # Ben sits second
        await pilot.pause()
        assert isinstance(app.screen, PassTo) and "Ben" in shown(app.screen)
        assert not any(n in shown(app.screen) for n in names)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ShowHand) and "Ben's hand" in shown(app.screen)
        assert all(n in shown(app.screen) for n in names)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is board and shown(board) == before
        assert len(board.session.history()) == steps  # looking is not a step of the game


async def test_escape_on_the_pass_screen_shows_nothing(store):
    """The wrong person at the keyboard: Escape on the pass screen goes back to the board."""
    app = resume_app(store, new_demo_game(store, seed=4, rounds=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        await pilot.press("y", "1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is board


async def test_no_hand_key_with_a_physical_deck(store):
    """With the table's own deck the players hold their cards: the key is not offered."""
    state = engine.new_game(load("demo"), ("Ann", "Ben"), seed=1)
    session = store.new_game(GAME, state, "Physical deck", "demo")
    app = resume_app(store, session.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        assert board.check_action("act", ("look",)) is False
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is board
