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
        if k.display  # (keys left over are hidden, kept for a step that shows more)
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


async def test_the_first_keys_look_as_textuals() -> None:
    """The first keys are made as later ones are (cheaper to mount than Textual's): the same
    classes and compact look, the palette's key compact as in Textual's footer."""
    seen = {}
    for footer in (Footer, TextualFooter):
        app = Host(footer)
        async with app.run_test() as pilot:
            await pilot.pause()
            seen[footer] = [
                (k.key, sorted(k.classes), k.compact) for k in app.screen.query(FooterKey)
            ]
    assert ("ctrl+p", ["-command-palette", "-compact"], True) in seen[Footer]
    assert seen[Footer] == seen[TextualFooter]


async def test_a_key_made_for_the_palette_and_reused_looks_as_the_others() -> None:
    """Found playing at 80x24: "f Fate (Support)w Princess path". A key shown after the first
    frame reuses the palette's key widget, which was compact (no padding): the reused key kept
    that look and ran into its neighbour. Every key looks as in Textual's footer after it."""
    seen = {}
    for footer in (Footer, TextualFooter):
        app = Host(footer)
        async with app.run_test() as pilot:
            app.screen.allowed["three"] = False
            app.screen.refresh_bindings()
            await pilot.pause()
            app.screen.allowed["three"] = True
            app.screen.refresh_bindings()
            await pilot.pause()
            seen[footer] = [
                (k.key, sorted(k.classes), k.compact)
                for k in app.screen.query(FooterKey)
                if k.display
            ]
    assert ("c", [], False) in seen[Footer]
    assert seen[Footer] == seen[TextualFooter]


class ManyKeys(Keys):
    BINDINGS = [Binding(k, f"act{i}", f"Action number {i}") for i, k in enumerate("abcdefghijkl")]

    def check_action(self, action: str, parameters) -> bool | None:
        return self.allowed.get(action, True)


class ManyHost(App):
    def on_mount(self) -> None:
        self.push_screen(ManyKeys(Footer))


async def test_keys_that_do_not_fit_wrap_and_the_footer_keeps_its_height() -> None:
    """Issue 13: at 80 columns every key stays on screen (the footer takes more lines instead of
    cutting Quit and Help off); when fewer keys are left it keeps its lines, so the screen does
    not jump on every step."""
    app = ManyHost()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys = list(app.screen.query(FooterKey))
        assert len(keys) == 13  # twelve and the palette's
        assert footer.size.height >= 2
        for key in keys:
            region = key.region
            assert region.width > 0 and region.right <= 80 and region.y >= 24 - footer.size.height
        assert len({(k.region.x, k.region.y) for k in keys}) == len(keys)  # none on another
        lines = footer.size.height
        app.screen.allowed.update({f"act{i}": False for i in range(9)})
        app.screen.refresh_bindings()
        await pilot.pause()
        assert len([k for k in app.screen.query(FooterKey) if k.display]) == 4
        assert footer.size.height == lines


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
