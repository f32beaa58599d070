"""Issue 26: Insurrection's Chain (the screen beneath a pick, a pass-the-keyboard) is kept and
shown again for the next entry, as the dialogs are: a chain made for one entry and removed
after it cost the game screen a whole layout and frame when it closed. Shown again, it runs
the new entry's dialogs and answers as a new chain would."""

from textual.app import App

from companion.core.i18n import Msg
from companion.ui.dialogs import Confirm
from companion.ui.insurrection.secret import Chain


def confirming(answer: str):
    """A chain's start: one question; yes answers the chain with ``answer``."""

    def start(chain: Chain) -> None:
        chain.ask(Confirm(Msg("ui.form.ok")), lambda _: chain.done(answer))

    return start


async def test_a_chain_shown_again_runs_the_new_entrys_dialogs():
    results = []
    app = App()
    async with app.run_test() as pilot:
        first = Chain.shown_again(app, confirming("one"))
        app.push_screen(first, results.append)
        await pilot.pause()
        await pilot.press("escape")  # the question cancelled: the whole chain is
        await pilot.pause()
        again = Chain.shown_again(app, confirming("two"))
        assert again is first
        app.push_screen(again, results.append)
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert app.screen_stack == [app.screen] and not isinstance(app.screen, Chain)
        assert results == [None, "two"]


async def test_a_chain_asked_while_the_kept_one_is_open_is_a_new_one():
    results = []
    app = App()
    async with app.run_test() as pilot:
        kept = Chain.shown_again(app, confirming("one"))
        app.push_screen(kept, results.append)
        await pilot.pause()
        other = Chain.shown_again(app, confirming("two"))
        assert other is not kept
        app.push_screen(other, results.append)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert results == ["two", "one"]
        assert Chain.shown_again(app, confirming("three")) is kept
