"""Fast keys never leak across dialogs (issue 15, item 4). Keys are sent in a burst, the way
a terminal sends keys typed 10 ms apart: all of them queued before the app handles any."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList

from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.games.registry import get_game
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog, Confirm, Dialog
from companion.ui.game_screen import LEAVE_KEY, GameScreen
from companion.ui.home import HomeScreen
from tests.ui.keys import handed_out
from tests.ui.storm import burst
from tests.unicornus_ui.demo import demo_state


def choice(n: int) -> Choice:
    return Choice(Msg("ui.choice.title"), tuple(Option(i, Msg("ui.dialog.yes")) for i in range(n)))


async def on_game(store, pilot_test):
    game_id = store.new_game(get_game("unicornus"), demo_state(), "keys", "demo").id
    app = create_app(store, Start("resume", game_id=game_id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot_test(app, pilot, app.screen)
        assert app._exception is None and app.return_code is None


async def test_one_one_one_answers_once_and_keeps_the_game(store) -> None:
    async def run(app, pilot, game):
        answers = []
        app.push_screen(ChoiceDialog(choice(3)), answers.append)
        await pilot.pause()
        burst(app, "1", "1", "1")
        await handed_out(pilot)
        assert answers == [0]
        assert app.screen is game

    await on_game(store, run)


async def test_escape_twice_closes_the_dialog_only(store) -> None:
    async def run(app, pilot, game):
        app.push_screen(Confirm(Msg("ui.home.confirm_delete")))
        await pilot.pause()
        burst(app, "escape", "escape", "escape")
        await handed_out(pilot)
        assert app.screen is game
        await pilot.press("escape")  # on the game screen: says how to leave, stays
        await pilot.pause()
        assert app.screen is game
        await pilot.press(LEAVE_KEY)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)

    await on_game(store, run)


async def test_a_key_typed_for_a_closed_dialog_never_answers_the_next(store) -> None:
    async def run(app, pilot, game):
        answers = []

        def then(value):
            answers.append(value)
            app.push_screen(ChoiceDialog(choice(3)), answers.append)

        app.push_screen(ChoiceDialog(choice(12)), then)
        await pilot.pause()
        burst(app, "1", "2", "enter")  # 12 of 12, then the Enter that takes it
        await handed_out(pilot)
        assert answers == [11]
        assert isinstance(app.screen, ChoiceDialog)  # the next dialog is still asking
        await pilot.press("2")
        await pilot.pause()
        assert answers == [11, 1] and app.screen is game

    await on_game(store, run)


class Counting(Dialog[int]):
    """A dialog whose Enter acts before it closes, as the battle helper's does (a list of
    splits, Enter applies the highlighted one)."""

    def __init__(self) -> None:
        super().__init__()
        self.applied = 0

    def compose(self) -> ComposeResult:
        yield OptionList("split 1", "split 2")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.applied += 1
        self.dismiss(self.applied)


async def test_enter_enter_acts_once(store) -> None:
    async def run(app, pilot, game):
        answers = []
        dialog = Counting()
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        burst(app, "enter", "enter", "enter")
        await handed_out(pilot)
        assert dialog.applied == 1 and answers == [1]
        assert app.screen is game

    await on_game(store, run)


async def test_a_second_dismiss_is_ignored(store) -> None:
    async def run(app, pilot, game):
        answers = []
        dialog = ChoiceDialog(choice(3))
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        dialog.dismiss(1)
        dialog.dismiss(2)
        await pilot.pause()
        dialog.dismiss(0)
        await pilot.pause()
        assert answers == [1] and app.screen is game

    await on_game(store, run)
