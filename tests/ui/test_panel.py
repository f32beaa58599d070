"""A panel resized by a layout is drawn in that layout, not laid out again; new words lay
the screen out only when the panel's size changes (issue 26)."""

from __future__ import annotations

import random

import pytest
from textual import messages
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Static

from companion.ui.widgets.panel import KeptRows, Panel
from tests.ui.demo_play import demo_play


class Counting(Screen):
    """Counts the layouts each widget asks of the screen."""

    def __init__(self, panel: type[Static]) -> None:
        super().__init__()
        self.panel = panel
        self.asked: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield self.panel("one line", id="panel")
            yield Static("below", id="below")

    def on_layout(self, message: messages.Layout) -> None:
        self.asked.append(message.widget.id or "")


class Host(App):
    def __init__(self, panel: type[Static]) -> None:
        super().__init__()
        self.panel = panel

    def on_mount(self) -> None:
        self.push_screen(Counting(self.panel))


async def layouts_asked_by_growing(panel: type[Static]) -> list[str]:
    app = Host(panel)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.asked.clear()
        screen.query_one("#panel", Static).update("three\nlines\nnow")
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#panel").size.height == 3
        assert screen.query_one("#below").region.y == 3  # laid out below it
        return [asked for asked in screen.asked if asked == "panel"]


async def test_a_panel_that_grows_asks_for_one_layout() -> None:
    assert await layouts_asked_by_growing(Panel) == ["panel"]


async def test_textual_lays_a_resized_static_out_again() -> None:
    """What ``LaidOut`` is for: a plain Static asks once for its new words and again when the
    layout gave it its new size (when Textual stops doing so, LaidOut can go)."""
    assert await layouts_asked_by_growing(Static) == ["panel", "panel"]


class Words(Screen):
    """Panels whose words change: a step on a game screen."""

    CSS = """
    #fixed { height: 3; }
    #least { min-height: 4; border: round $primary; }
    #wide { width: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            for name in ("auto", "fixed", "least", "wide"):
                yield Panel("one line", id=name)
            yield Static("below", id="below")

    def on_layout(self, message: messages.Layout) -> None:
        self.asked.append(message.widget.id or "")


class WordsHost(App):
    def on_mount(self) -> None:
        self.push_screen(Words())


async def test_new_words_lay_the_screen_out_only_when_a_size_changes() -> None:
    """``set_content`` asks for a layout only when the panel's size may change (issue 26:
    Textual lays out the whole screen for any widget that asks): words as many lines as
    before, a fixed height, or fewer lines than a minimum height ask nothing; more lines, or
    a width that follows the words, ask once, and the screen is laid out with them."""
    from companion.ui.widgets.content import set_content

    app = WordsHost()
    async with app.run_test(size=(40, 24)) as pilot:
        await pilot.pause()
        screen = app.screen

        async def asked(name: str, words: str) -> list[str]:
            screen.asked.clear()
            assert set_content(screen.query_one(f"#{name}", Static), words)
            await pilot.pause()
            return screen.asked

        assert await asked("auto", "other words") == []
        assert await asked("fixed", "three\nlines\nnow") == []
        assert await asked("least", "two\nlines") == []  # 4 high with its border still
        assert await asked("wide", "wider words") == ["wide"]
        assert await asked("auto", "two\nlines") == ["auto"]
        assert await asked("least", "three\nlines\nnow") == ["least"]
        heights = [screen.query_one(f"#{n}").region.height for n in ("auto", "fixed", "least")]
        assert heights == [2, 3, 5]
        assert screen.query_one("#wide").size.width == len("wider words")
        assert screen.query_one("#below").region.y == 11


@pytest.mark.parametrize("key", ["unicornus", "magical-friends"])
async def test_a_step_without_a_layout_leaves_every_widget_where_a_layout_puts_it(key) -> None:
    """A game played step by step (undone and redone now and then): after each step, a
    layout of the whole screen moves and resizes nothing (the panels that asked for none
    were right not to)."""
    from companion.store import Store
    from companion.ui.app import Start, create_app

    game, first, commands = demo_play(key, 60)
    store = Store.open("sqlite://")
    session = store.new_game(game, first, "steps", "demo")
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        for i, command in enumerate(commands):
            if screen.session.cursor > i:
                continue  # the app's own step made it
            for act in ("do", "undo", "redo"):
                if act == "do":
                    screen.do(command)
                elif i % 3 == 2:
                    getattr(screen, f"action_{act}")()
                await pilot.pause()
                while app.screen is not screen:  # a question it opened: not answered here
                    app.pop_screen()
                    await pilot.pause()
            widgets = list(screen.query("*"))
            where = [w.region for w in widgets]
            for widget in widgets:
                widget.refresh(layout=True)
            await pilot.pause()
            assert [w.region for w in widgets] == where, f"step {i + 1}"
        assert screen.session.cursor > 40
    store.close()


def assert_rows_as_textual_draws(widget: KeptRows, when: str) -> None:
    """The widget's rows (some kept) are those Textual draws with nothing kept, and drawn
    again at once they are the same."""

    def cells(rows: list) -> list:
        return [[(s.text, s.style) for s in row] for row in rows]

    whole = Region(0, 0, *widget.outer_size)  # the whole of it, border included, as on screen
    kept = cells(widget.render_lines(whole))
    widget._styles_cache.clear()
    assert kept == cells(super(KeptRows, widget).render_lines(whole)), when
    assert kept == cells(widget.render_lines(whole)), when


class Bordered(App):
    CSS = "Panel { border: round $primary; padding: 0 1; height: auto; max-height: 12; }"

    def compose(self) -> ComposeResult:
        yield Panel(id="panel")


async def test_rows_kept_across_changes_are_the_rows_textual_draws() -> None:
    """A panel's row is drawn again only when its line changed (KeptRows, issue 26: a step
    that changed one line of a panel redrew every row). After lines changed, added, taken
    away and moved, styles in them, a theme and a size, the rows drawn are those Textual
    draws anew."""
    from rich.text import Text

    from companion.ui.widgets.content import set_content

    app = Bordered()
    rnd = random.Random(11)
    words = ["deck 12", "graveyard 3", "", "Ann ⚔ 2", "ボブ 魔法", "a long line " * 4]
    async with app.run_test(size=(40, 16)) as pilot:
        panel = app.query_one(Panel)
        lines = ["start"]
        for turn in range(60):
            lines = [rnd.choice(words) if rnd.random() < 0.3 else w for w in lines]
            if rnd.random() < 0.3:
                lines.insert(rnd.randint(0, len(lines)), rnd.choice(words))
            if len(lines) > 3 and rnd.random() < 0.2:
                del lines[rnd.randrange(len(lines))]
            text = Text("\n".join(lines))
            if turn % 5 == 0:
                text.stylize("bold $text-error" if turn % 2 else "italic", 0, 4)
            set_content(panel, text)
            if turn == 30:
                app.theme = "textual-light"
            if turn == 45:
                await pilot.resize_terminal(30, 16)
            await pilot.pause()
            assert_rows_as_textual_draws(panel, f"turn {turn}")
