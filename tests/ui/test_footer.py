"""The footer draws its keys in one widget and shows what Textual's own footer shows."""

from __future__ import annotations

from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from companion.ui.widgets.footer import Footer


class Keys(Screen):
    BINDINGS = [
        Binding("a", "one", "One"),
        Binding("b", "two", "Two"),
        Binding("c", "three", "Three"),
        Binding("d", "hidden", "Hidden", show=False),
    ]

    def __init__(self, footer: type) -> None:
        super().__init__()
        self.footer = footer
        self.allowed = {"one": True, "two": True, "three": True}
        self.done: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.footer()

    def check_action(self, action: str, parameters) -> bool | None:
        return self.allowed.get(action, True)

    def action_one(self) -> None:
        self.done.append("one")

    def action_two(self) -> None:
        self.done.append("two")


class Host(App):
    def __init__(self, footer: type, screen: type = Keys) -> None:
        super().__init__()
        self.footer, self.keys_screen = footer, screen
        self.bells = 0

    def on_mount(self) -> None:
        self.push_screen(self.keys_screen(self.footer))

    def bell(self) -> None:
        self.bells += 1


def shown(app) -> list[tuple]:
    """(key, words, disabled, tooltip) of each key shown, the palette's included."""
    if isinstance(app.screen.query_one("Footer"), Footer):
        keys = app.screen.query_one(Footer).keys
        return [(k.key, k.description, k.disabled, k.tooltip or None) for k in keys]
    return [(k.key, k.description, k._disabled, k.tooltip) for k in app.screen.query(FooterKey)]


def footer_lines(app) -> list[str]:
    """The footer's lines as drawn on the screen."""
    console = app.console
    options = console.options.update_dimensions(*app.size)
    segments = [s for s in console.render(app.screen._compositor, options) if not s.control]
    lines = ["".join(s.text for s in line) for line in Segment.split_lines(segments)]
    return lines[-app.screen.query_one("Footer").outer_size.height :]


async def test_changed_bindings_show_what_textuals_footer_shows() -> None:
    changes = [
        {"two": None},  # greyed out
        {"two": False},  # hidden: one key fewer
        {"two": True, "three": False},
        {"one": False, "three": False},
        {"one": True, "two": True, "three": True},
    ]
    seen = {}
    for footer in (Footer, TextualFooter):
        app = Host(footer)
        async with app.run_test(size=(100, 10)) as pilot:
            await pilot.pause()
            rows = [(shown(app), footer_lines(app))]
            for change in changes:
                app.screen.allowed.update(change)
                app.screen.refresh_bindings()
                await pilot.pause()
                rows.append((shown(app), footer_lines(app)))
        seen[footer] = rows
    assert seen[Footer] == seen[TextualFooter]
    assert "▏^p palette " in seen[Footer][0][1][0]  # the palette's key at the right


async def test_a_click_on_a_key_runs_its_action() -> None:
    """As on Textual's footer: a click on a key is that key pressed; a disabled key rings the
    bell and does nothing; a click beside the keys does nothing."""
    app = Host(Footer)
    async with app.run_test(size=(100, 10)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        place = footer.places[1]  # " b Two "
        await pilot.click(Footer, offset=(place.x + 1, place.line))
        await pilot.pause()
        assert app.screen.done == ["two"]
        app.screen.allowed["two"] = None
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.click(Footer, offset=(place.x + 4, place.line))
        await pilot.pause()
        assert app.screen.done == ["two"] and app.bells == 1
        await pilot.click(Footer, offset=(60, 0))  # between the keys and the palette's
        await pilot.pause()
        assert app.screen.done == ["two"] and app.bells == 1
        await pilot.click(Footer, offset=(1, 0))
        await pilot.pause()
        assert app.screen.done == ["two", "one"]


async def test_the_key_under_the_mouse_is_highlighted() -> None:
    app = Host(Footer)
    async with app.run_test(size=(100, 10)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        plain = footer.render_line(0)
        await pilot.hover(Footer, offset=(1, 0))
        await pilot.pause()
        lit = footer.render_line(0)
        assert lit.text == plain.text
        width = footer.places[0].width
        differs = [
            x for x in range(footer.size.width) if lit.crop(x, x + 1) != plain.crop(x, x + 1)
        ]
        assert differs == list(range(width))  # the first key, all of it, and nothing else
        await pilot.hover(Footer, offset=(60, 0))
        await pilot.pause()
        assert footer.render_line(0) == plain


class ManyKeys(Keys):
    BINDINGS = [Binding(k, f"act{i}", f"Action {i}") for i, k in enumerate("abcdefghijkl")]


async def test_keys_that_do_not_fit_wrap_and_the_footer_keeps_its_height() -> None:
    """Issue 13: at 80 columns every key stays on screen (the footer takes more lines instead of
    cutting Quit and Help off); when fewer keys are left it keeps its lines, so the screen does
    not jump on every step."""
    app = Host(Footer, ManyKeys)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        assert len(footer.keys) == 13  # twelve and the palette's
        assert footer.size.height == 3  # four columns of 12 cells: two lines need 6
        cells = set()
        for place in footer.places:
            assert place.x + place.width <= 80 and place.line < footer.size.height
            mine = {(x, place.line) for x in range(place.x, place.x + place.width)}
            assert not mine & cells  # none on another
            cells |= mine
        lines = footer_lines(app)
        assert all(f" {k.key} {k.description}" in "".join(lines) for k in footer.keys[:12])
        height = footer.size.height
        app.screen.allowed.update({f"act{i}": False for i in range(9)})
        app.screen.refresh_bindings()
        await pilot.pause()
        assert len(footer.keys) == 4
        assert footer.size.height == height


async def test_the_keys_change_as_the_bindings_do_not_after_queued_messages() -> None:
    """Issue 26: the footer is told of new bindings at once, so a step's keys are laid out in
    the step's own layout and frame (told after the messages already queued, as Textual's
    footer is, they took a second layout and frame of their own)."""
    app = Host(Footer)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.screen.allowed["two"] = False
        app.screen.refresh_bindings()
        assert [row[1] for row in shown(app)][:2] == ["One", "Three"]  # no await in between
