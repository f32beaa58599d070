"""Nonsense typed or pressed anywhere gets a clear message and loses nothing (found while
playing the demo in a terminal)."""

from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog
from companion.ui.magical_friends.screen import MagicalFriendsScreen
from companion.ui.magical_friends.setup import NewGameScreen
from companion.ui.magical_friends.steps import StepsDialog

from .helpers import ARTIFACTS_RED_FIRST, GAME_KEY, keys, play_to_round_3, saved_game, screen_state


def _notes(app) -> str:
    return " | ".join(str(n.message) for n in app._notifications)


async def test_setup_errors_are_seen_even_below_the_fold(store):
    """The new-game form is taller than the screen: a refusal is also a notification."""
    app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "ctrl+d", "backspace", "9", "ctrl+s")
        assert isinstance(app.screen, NewGameScreen) and app.store.list_games() == []
        assert "2 to 5" in _notes(app) or "2–5" in _notes(app)


async def test_keys_a_dialog_does_not_take_are_answered(store):
    """Steps 0 or a letter, a cavern roll of 9, an option past the list: each is answered
    with what the dialog takes; the dialog stays open and nothing is applied."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, *ARTIFACTS_RED_FIRST)
        steps = len(app.screen.session.history())
        await keys(pilot, "m", "1")  # Red's only friend: listed anyway (1), then steps
        assert isinstance(app.screen, StepsDialog)
        await keys(pilot, "0", "x")
        assert isinstance(app.screen, StepsDialog)
        assert "“0”: press the number of steps, 1–17 (10 or more: type it, then Enter)" in _notes(
            app
        )
        assert "“x”" in _notes(app)
        await keys(pilot, "escape", "k")  # slay: pick among 3 creatures
        assert isinstance(app.screen, ChoiceDialog)
        await keys(pilot, "9")
        assert isinstance(app.screen, ChoiceDialog)
        # the shared ChoiceDialog's words (press/type 1–3) are the lead's; the range is ours
        assert "“9” is not an option here" in _notes(app) and "1–3" in _notes(app)
        await keys(pilot, "escape")
        assert isinstance(app.screen, MagicalFriendsScreen)
        assert len(app.screen.session.history()) == steps


async def test_a_tie_asks_only_the_tied_wizards_who_goes_first(store):
    """§6 ties: after the artifacts, only the tied wizards are asked about (in seat order from
    the start player), at once; the artifacts are a step of their own, so escape keeps them
    and n asks again; the answer gives the turn order."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "a", "7", "enter", "7", "enter", "2", "enter")  # Red and Blue tie
        assert isinstance(app.screen, ChoiceDialog)
        values = [o.value.wizard for o in app.screen.choice.options]
        assert values == [0, 1]  # Red and Blue, not Green; seat order from Red
        await keys(pilot, "escape")
        assert isinstance(app.screen, MagicalFriendsScreen)
        assert screen_state(app).played == (7, 7, 2)  # kept: nothing typed is lost
        await keys(pilot, "n", "2")  # Blue goes first
        state = screen_state(app)
        assert state.played == (7, 7, 2) and state.turn_order == (1, 0, 2)


async def test_a_move_of_ten_or_more_steps_is_typed(store):
    """§5 moves as the table reports them: more than 9 steps are typed, digits then Enter, as
    the dialog says (a lone digit no longer count can start is taken at once); a second digit
    never takes the count early, so its Enter answers no other dialog (issue 21: "1 1" was
    taken at once and the Enter poisoned a friend on the next dialog); backspace corrects."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, *ARTIFACTS_RED_FIRST)
        await keys(pilot, "m", "1", "1")  # 17 steps reach the tavern from p2: "1" waits
        assert isinstance(app.screen, StepsDialog)
        assert "Enter: 1 step →" in str(app.screen.query_one("#steps-typed").render())
        await keys(pilot, "backspace", "3")  # 30+ is impossible: 3 is taken at once
        assert screen_state(app).creature("puddle-toad-2").where == "l1"
        steps = len(app.screen.session.history())
        await keys(pilot, "ctrl+z", "m", "1", "1", "2")  # 12 waits for its Enter
        assert isinstance(app.screen, StepsDialog)
        assert "12" in str(app.screen.query_one("#steps-typed").render())
        await keys(pilot, "enter")
        state = screen_state(app)
        assert state.creature("puddle-toad-2").where == "f2"
        await keys(pilot, "ctrl+z", "m", "1", "1", "1", "enter")  # 11, then its Enter
        assert isinstance(app.screen, MagicalFriendsScreen)  # the Enter answered nothing else
        assert screen_state(app).creature("puddle-toad-2").where == "f1"
        assert len(app.screen.session.history()) == steps
