"""A panel resized by a layout is drawn in that layout, not laid out again (issue 26)."""

from __future__ import annotations

from textual import messages
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from companion.ui.widgets.panel import Panel


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
