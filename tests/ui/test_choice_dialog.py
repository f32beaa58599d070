"""Picking from a list by number, also past 9 (issue 2: the table's choices, §5.3)."""

from textual.app import App

from companion.core.i18n import Msg
from companion.core.plan import Choice, Option
from companion.ui.dialogs import ChoiceDialog
from tests.ui.frames import frames


def choice(n: int) -> Choice:
    return Choice(Msg("ui.choice.title"), tuple(Option(i, Msg("ui.dialog.yes")) for i in range(n)))


def over_a_board(*shown) -> App:
    """An app showing a screen like a game's (``dialogs.Covered``), one ``Static`` for each
    ``(content, id)`` of ``shown``, for dialogs to open over."""
    from textual.screen import Screen
    from textual.widgets import Static

    from companion.ui import dialogs

    class Board(dialogs.Covered, Screen):
        def compose(self):
            for content, name in shown:
                yield Static(content, id=name)

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(Board())

    return Host()


async def a_dialog_open(pilot):
    """(the screen shown, a kept choice dialog opened over it)."""
    app = pilot.app
    await pilot.pause()
    board = app.screen
    dialog = ChoiceDialog.shown_again(app, choice(3))
    app.push_screen(dialog)
    await pilot.pause()
    return board, dialog


async def pick(n: int, *keys: str):
    results = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(ChoiceDialog(choice(n)), results.append)

    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
    return results


async def test_a_digit_picks_at_once_in_a_short_list():
    assert await pick(5, "3") == [2]


async def test_numbers_past_nine_wait_for_enter():
    """A digit no longer number starts with is taken at once; any number of two digits waits
    for its Enter, as the dialog says, so the Enter never answers the next dialog (issue 21)."""
    assert await pick(21, "1", "2", "enter") == [11]
    assert await pick(21, "1", "enter") == [0]
    assert await pick(21, "3") == [2]  # no option 30 or more: picked at once
    assert await pick(21, "2", "1") == []  # 21, the last that starts with 2: still its Enter
    assert await pick(21, "2", "1", "enter") == [20]
    assert await pick(12, "1", "2") == []


async def test_backspace_corrects_and_a_bad_number_is_refused():
    assert await pick(21, "1", "backspace", "2", "0", "enter") == [19]
    assert await pick(21, "2", "5", "escape") == [None]  # 25 refused, then cancelled


async def test_enter_without_digits_picks_the_highlighted_option():
    assert await pick(12, "down", "down", "enter") == [2]


async def test_the_dialog_is_built_once_and_shown_again_for_each_question():
    """Issue 26: the driver's choices reuse one dialog (built once: opening one was mostly
    building it); shown again, it has the new question's words and options only, nothing
    typed in it before, and answers the new question."""
    results = []
    words = Choice(
        Msg("ui.choice.title"), tuple(Option(f"b{i}", Msg("ui.dialog.no")) for i in range(12))
    )

    class Host(App):
        pass

    app = Host()
    async with app.run_test() as pilot:
        first = ChoiceDialog.shown_again(app, choice(12))
        app.push_screen(first, results.append)
        await pilot.pause()
        await pilot.press("1")  # waits for a second digit or Enter
        await pilot.press("escape")
        await pilot.pause()
        again = ChoiceDialog.shown_again(app, words)
        assert again is first
        app.push_screen(again, results.append)
        await pilot.pause()
        assert not again.typed and not again.closing
        options = again.query_one("OptionList")
        assert options.option_count == 12 and options.highlighted == 0
        assert "b0" not in str(options.get_option_at_index(0).prompt)  # words, not values
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert results == [None, "b11"]
        # the kept one open: another question gets a dialog of its own
        app.push_screen(ChoiceDialog.shown_again(app, choice(3)), results.append)
        await pilot.pause()
        assert app.screen is first
        assert ChoiceDialog.shown_again(app, choice(2)) is not first


async def test_a_confirmation_shown_again_asks_the_new_question_with_its_own_default():
    """Issue 26: the driver's confirmations reuse one Confirm too; shown again it asks the
    new question, and Enter answers as that question's default says (never the last one's)."""
    from textual.widgets import Static

    from companion.ui.dialogs import Confirm

    results = []
    app = App()
    async with app.run_test() as pilot:
        first = Confirm.shown_again(app, Msg("ui.choice.title"), default_yes=True)
        app.push_screen(first, results.append)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        again = Confirm.shown_again(app, Msg("ui.dialog.no"))
        assert again is first
        app.push_screen(again, results.append)
        await pilot.pause()
        assert str(again.query_one("#question", Static).content) == "No"
        await pilot.press("enter")
        await pilot.pause()
        assert results == [True, False]


async def test_the_backdrop_is_drawn_once_and_again_when_the_screen_beneath_changes():
    """Issue 26: the screen beneath a dialog is tinted once (it was drawn three times for
    each dialog opened), and drawn again when something on it changes (a step made on
    another device), so the dialog never shows a stale board."""
    from textual.widgets import Static

    from companion.ui import dialogs

    drawn = []
    draw = dialogs._Backdrop.render_strips

    def counted(self, *args):
        drawn.append(self.dialog._backdrop_stale)
        return draw(self, *args)

    app = over_a_board(("before the step", "board"))
    dialogs._Backdrop.render_strips = counted
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            board = app.screen
            app.push_screen(ChoiceDialog.shown_again(app, choice(3)))
            for _ in range(5):
                await pilot.pause()
            assert drawn.count(True) == 1  # tinted once; later frames take it as it was
            board.query_one("#board", Static).update("after the step")
            for _ in range(5):
                await pilot.pause()
            assert drawn.count(True) == 2
            assert "after&#160;the&#160;step" in app.export_screenshot()  # (SVG spaces)
    finally:
        dialogs._Backdrop.render_strips = draw


async def test_a_dialog_shown_again_keeps_its_backdrop_while_the_screen_beneath_is_unchanged():
    """Issue 26: compositing and tinting the game screen was a third of what a key that opens
    a dialog took; a kept dialog shown again over the same screen, nothing on it changed
    since, shows the backdrop it drew, and one shown after a change draws it again."""
    from textual.widgets import Static

    app = over_a_board(("before the step", "board"))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        board = app.screen

        async def shown() -> list:
            dialog = ChoiceDialog.shown_again(app, choice(3))
            app.push_screen(dialog)
            await pilot.pause()
            assert app.screen is dialog
            return dialog._backdrop["strips"]

        first = await shown()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is board  # (its whole repaint on the dialog's close: no change)
        assert await shown() is first
        await pilot.press("escape")
        await pilot.pause()
        board.query_one("#board", Static).update("after the step")
        await pilot.pause()
        assert await shown() is not first
        assert "after&#160;the&#160;step" in app.export_screenshot()  # (SVG spaces)


async def test_a_dialog_over_a_chain_shows_the_game_as_it_is_beneath_the_chain():
    """A kept dialog opened over a kept chain of dialogs (Insurrection's card picker in the
    pass-the-keyboard chain) shows the game as it is now: the chain counts no change of its
    own when the game beneath it changed, and the picker showed the board of the round
    before (tester's report, issue 26)."""
    from textual.screen import ModalScreen
    from textual.widgets import Static

    from companion.ui import dialogs

    class Chain(dialogs.Kept, ModalScreen):
        DEFAULT_CSS = "Chain { align: center bottom; } Chain Static { height: 1; }"

        def compose(self):
            yield Static("a chain of dialogs")

    app = over_a_board(("before the step", "board"))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        board, chain = app.screen, Chain()
        app.install_screen(chain, "chain")
        for words in ("before the step", "after the step"):
            board.query_one("#board", Static).update(words)
            await pilot.pause()
            app.push_screen(chain)
            await pilot.pause()
            app.push_screen(ChoiceDialog.shown_again(app, choice(3)))
            await pilot.pause()
            assert words.replace(" ", "&#160;") in app.export_screenshot()  # (SVG spaces)
            await pilot.press("escape")
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
            assert app.screen is board


async def test_the_backdrop_is_the_screen_beneath_in_as_few_segments_as_its_styles():
    """Issue 26: the backdrop's lines are filtered and cut again at each frame the dialog
    draws; segments Textual kept apart only by their offsets are joined once tinted."""
    from rich.text import Text

    red = Text.assemble(("red", "red"), (" also red", "red"), " plain")
    app = over_a_board(("one two three", "a"), (red, "b"))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        board = app.screen
        lines = [strip.text for strip in board._compositor.render_strips(board.size)]
        app.push_screen(ChoiceDialog.shown_again(app, choice(3)))
        await pilot.pause()
        strips = app.screen._backdrop["strips"]
        assert [strip.text for strip in strips] == lines
        for strip in strips:
            styles = [segment.style for segment in strip if not segment.control]
            assert all(a != b for a, b in zip(styles, styles[1:], strict=False))


async def test_a_dialog_opened_over_the_game_draws_two_frames_and_leaves_the_game_as_drawn(store):
    """Issue 26: Textual repaints the screen beneath a pushed screen whole, and, that screen
    being beneath a dialog, draws the whole dialog again for it: a third frame for every
    dialog opened, nothing on the game changed. Shown again, a kept dialog draws two (its
    layout, and the screen whole); the game screen draws nothing of its own."""
    from companion.core.i18n import msg
    from companion.ui.app import Start, create_app
    from companion.ui.dialogs import Confirm
    from companion.ui.game_screen import GameScreen
    from tests.ui.keys import handed_out
    from tests.ui.test_burst_equals_slow import new_demo

    app = create_app(store, Start("resume", game_id=new_demo(store, "magical-friends", 1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await handed_out(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        drawn = frames(app, lambda screen, update: screen)
        for shown in range(3):  # new, then kept and shown again
            drawn.clear()
            dialog = Confirm.shown_again(app, msg("ui.dialog.yes"))
            app.push_screen(dialog)
            for _ in range(3):  # (the frame the repaint of the game made came after one)
                await pilot.pause()
            assert app.screen is dialog
            if shown:  # (a new one mounts first)
                assert drawn == [dialog, dialog], shown
            dialog.dismiss(False)
            await pilot.pause()
            assert app.screen is game


async def test_lines_of_the_backdrop_that_changed_are_drawn_again_where_textual_did_not_say():
    """Issue 26: a dialog draws again only the lines it is told changed beneath it, and a
    screen beneath that Textual repaints whole forwards the regions it forwarded before, not
    its widgets' new ones (a map question left a second cursor on the map beneath it). The
    backdrop, drawn again, has the lines that differ from the one before drawn again."""
    from textual.geometry import Region
    from textual.widgets import Static

    app = over_a_board(("top line", None), ("\n" * 17 + "cursor here", "low"))
    async with app.run_test(size=(60, 20)) as pilot:
        board, dialog = await a_dialog_open(pilot)
        board._compositor_refresh = lambda: None  # its changes' regions not forwarded
        board.query_one("#low", Static).update("\n" * 17 + "cursor gone")
        await pilot.pause()
        dialog.refresh(Region(0, 0, 60, 1))  # told of line 0 only
        for _ in range(3):
            await pilot.pause()
        shown = [strip.text for strip in dialog._compositor.render_strips(dialog.size)]
        assert "cursor gone" in shown[18] and "cursor here" not in "".join(shown)


async def test_the_terminal_resized_under_a_dialog_and_back_shows_the_screen_beneath_at_each_size():
    """A resize with a dialog open: the screen beneath is drawn at the new size, and sized
    back it does not crash (its backdrop had fewer lines than the dialog: IndexError;
    tester's report, issue 26)."""
    from textual.widgets import Static

    app = over_a_board(("the board " * 30, "board"))
    async with app.run_test(size=(60, 20)) as pilot:
        board, dialog = await a_dialog_open(pilot)
        for size in ((100, 30), (60, 20), (100, 30)):
            await pilot.resize_terminal(*size)
            for _ in range(3):
                await pilot.pause()
            assert app._exception is None
            assert board.size == size  # laid out at the new size beneath the dialog
            strips = dialog._backdrop["strips"]
            assert len(strips) == size[1] and all(s.cell_length == size[0] for s in strips)
            wide = board.query_one("#board", Static).region.width
            assert wide == size[0]
