"""The footer updates its keys in place and shows what Textual's own footer shows."""

from __future__ import annotations

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

    def compose(self) -> ComposeResult:
        yield self.footer()

    def check_action(self, action: str, parameters) -> bool | None:
        return self.allowed.get(action, True)


class Host(App):
    def __init__(self, footer: type) -> None:
        super().__init__()
        self.footer = footer

    def on_mount(self) -> None:
        self.push_screen(Keys(self.footer))


def shown(app) -> list[tuple]:
    return [
        (k.key, k.description, k._disabled, k.has_class("-disabled"), k.tooltip)
        for k in app.screen.query(FooterKey)
    ]


async def test_in_place_updates_show_what_a_rebuild_shows() -> None:
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
        async with app.run_test() as pilot:
            await pilot.pause()
            widgets = set(app.screen.query(FooterKey))
            rows = [shown(app)]
            for change in changes:
                app.screen.allowed.update(change)
                app.screen.refresh_bindings()
                await pilot.pause()
                rows.append(shown(app))
            if footer is Footer:  # the first keys were kept, not rebuilt
                assert widgets & set(app.screen.query(FooterKey))
        seen[footer] = rows
    assert seen[Footer] == seen[TextualFooter]
