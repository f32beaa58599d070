"""Textual's private names the companion relies on, each with what it relies on (issue 26).

Textual promises nothing of a name that starts with ``_``: a release may rename it or change
what it does without notice. The companion uses a few where the public API has no way to do
the same, each for a reason given here, and the range of Textual versions it accepts
(pyproject.toml) stops where these tests last ran. Each test fails naming the use when a
version no longer behaves as the companion expects, so a new Textual is taken on knowingly.
.ci/run runs these (and the other UI tests that compare no snapshot) on the newest Textual
the range allows.
"""

from __future__ import annotations

import inspect

from textual import events
from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.screen import Screen
from textual.widgets import Static

from tests.ui.frames import frames


def test_key_events_are_stamped_by_textual_private_clock():
    """companion/ui/app.py ``changed_elsewhere`` notes when the game changed elsewhere with
    ``textual._time.get_time``, the clock that stamps every event (``Message.time``): a key
    typed before it is dropped by comparing the two."""
    from textual._time import get_time

    before = get_time()
    key = events.Key("a", "a")
    assert before <= key.time <= get_time()


def test_stopping_an_event_sets_its_private_flag():
    """companion/ui/app.py ``_key_passed`` reads ``event._stop_propagation`` to know that a
    widget stopped the key (Textual has ``stop()`` but nothing public to read it back)."""
    key = events.Key("a", "a")
    assert key._stop_propagation is False
    key.stop()
    assert key._stop_propagation is True


async def test_bindings_are_a_private_bindings_map_per_node():
    """companion/ui/i18n.py ``translate_bindings`` shows each binding's description in the
    reader's language by replacing the node's ``_bindings`` (a ``BindingsMap``) with
    translated copies: Textual has no public way to change a description once the class is
    made. What the footer shows (``active_bindings``) follows the replaced map.
    companion/ui/game_screen.py ``closed_message`` reads a screen's own ``_bindings`` (its
    advance key while a dialog is on top, when ``active_bindings`` are the dialog's)."""

    class Keys(App):
        BINDINGS = [Binding("x", "bell", "before")]

    app = Keys()
    async with app.run_test():
        bindings = app._bindings
        assert isinstance(bindings, BindingsMap)
        assert [b.description for b in bindings.key_to_bindings["x"]] == ["before"]
        app._bindings = BindingsMap.from_keys({"x": [Binding("x", "bell", "after")]})
        assert app.screen.active_bindings["x"].binding.description == "after"


async def test_the_start_up_batch_is_private_and_drawing_in_it_is_thrown_away():
    """companion/ui/home.py ``HomeScreen._compositor_refresh`` draws nothing while
    ``App._batch_count`` is above 0 (Textual's start-up, before Ready): ``App._display``
    throws away a frame made then, and making it cost some 12 ms of the start (issue 13)."""
    assert "_batch_count" in inspect.getsource(App._display)
    assert callable(Screen._compositor_refresh)
    app = App()
    seen = []
    async with app.run_test():
        seen.append(app._batch_count)
        with app.batch_update():
            seen.append(app._batch_count)
    assert seen == [0, 1]


async def test_a_screens_private_compositor_renders_the_screen():
    """companion/ui/dialogs.py draws the screen beneath a dialog once, tinted, from the lines
    that screen's ``_compositor`` renders (``render_strips``: a strip a line, as drawn)."""
    from textual.geometry import Size

    class Words(App):
        def compose(self):
            yield Static("under the dialog")

    app = Words()
    async with app.run_test(size=(40, 5)):
        strips = app.screen._compositor.render_strips(Size(40, 5))
        assert len(strips) == 5
        assert strips[0].text.startswith("under the dialog")
        assert all(strip.cell_length == 40 for strip in strips)


async def test_a_signals_private_subscriptions_are_its_listeners():
    """companion/ui/game_screen.py ``_shown_bindings`` counts the listeners of the screen's
    ``bindings_updated_signal`` (``Signal._subscriptions``): until the footer has subscribed,
    every bindings refresh must reach it (Textual has no public count)."""
    app = App()
    async with app.run_test():
        signal = app.screen.bindings_updated_signal
        before = len(signal._subscriptions)
        signal.subscribe(app, lambda _: None)
        assert len(signal._subscriptions) == before + 1


def test_the_terminal_drivers_input_loop_and_parser():
    """companion/ui/driver.py runs Textual's Linux driver input loop with a shorter wait
    after input, so a lone Escape is reported after the escape delay: Textual's loop waits
    ``select(0.1)`` whatever the delay (when that changes, the override can go). It feeds the
    private ``textual._xterm_parser.XTermParser(debug)`` (``feed``, ``tick``) as Textual's
    does, with the driver's ``_debug``."""
    import time

    from textual import constants
    from textual._xterm_parser import XTermParser
    from textual.drivers.linux_driver import LinuxDriver

    source = inspect.getsource(LinuxDriver.run_input_thread)
    assert "selector.select(0.1)" in source and "XTermParser(self._debug)" in source
    parser = XTermParser(False)
    assert list(parser.feed("\x1b")) == []  # a lone ESC waits: it may start a sequence
    time.sleep(constants.ESCAPE_DELAY + 0.01)
    assert [e.key for e in parser.tick()] == ["escape"]


def test_a_widgets_private_size_update_comes_before_the_frame():
    """companion/ui/widgets/game_log.py overrides ``Widget._size_updated(size, virtual_size,
    container_size, layout)``, which Textual's layout calls for each widget before it draws
    the frame: a log scrolled to its end stays there in the frame where it is resized (a
    Resize event is handled after that frame)."""
    from textual.widgets import RichLog

    source = inspect.getsource(Screen._refresh_layout)
    assert source.index("_size_updated(") < source.index("self._compositor_refresh()")
    parameters = list(inspect.signature(RichLog._size_updated).parameters)
    assert parameters == ["self", "size", "virtual_size", "container_size", "layout"]


class OneLog(App):
    """An app of one RichLog."""

    def compose(self):
        from textual.widgets import RichLog

        yield RichLog()


async def test_a_scroll_views_private_scroll_update_sizes_its_scrollbar():
    """companion/ui/widgets/game_log.py calls ``Widget._scroll_update(virtual_size)`` when its
    lines' size changes, before the frame: it sizes the scrollbar to the lines and the
    panel and keeps the scroll within them (Textual calls it only from the layout, where
    the scrollbar's repaint took a frame of its own after the board's)."""
    from textual.geometry import Size
    from textual.widgets import RichLog

    app = OneLog()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(RichLog)
        await pilot.pause()
        log.set_reactive(RichLog.virtual_size, Size(30, 50))
        log._scroll_update(log.virtual_size)
        bar = log.vertical_scrollbar
        assert bar.window_virtual_size == 50
        assert bar.window_size == log.scrollable_content_region.height
        log.scroll_y = 200
        log.set_reactive(RichLog.virtual_size, Size(30, 20))
        log._scroll_update(log.virtual_size)
        assert log.scroll_y == log.max_scroll_y == 20 - log.scrollable_content_region.height


async def test_a_rich_logs_private_line_state_draws_its_lines():
    """companion/ui/widgets/game_log.py writes its lines itself (a line drawn by a Rich grid
    through ``RichLog.write`` took most of a step's log time): it appends strips to
    ``lines``, keeps ``_widest_line_width`` and ``virtual_size``, waits for ``_size_known``,
    and keeps RichLog's cache of cropped lines, ``_line_cache``, keyed by the line's index
    plus ``_start_line`` (which grows when lines are dropped at the top, so the lines kept
    keep their keys)."""
    from rich.segment import Segment
    from textual.geometry import Size
    from textual.strip import Strip
    from textual.widgets import RichLog

    app = OneLog()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(RichLog)
        await pilot.pause()
        assert log._size_known and log._start_line == 0 and log._widest_line_width == 0
        log.lines.extend(Strip([Segment(f"line {i}")]) for i in range(3))
        log._widest_line_width = 6
        log.virtual_size = Size(6, 3)
        assert log.render_line(1).text.startswith("line 1")
        assert [key[0] for key in log._line_cache.keys()] == [1]
        del log.lines[:1]
        log._start_line += 1
        assert log.render_line(0).text.startswith("line 1")
        assert [key[0] for key in log._line_cache.keys()] == [1]  # found again, not added


async def test_a_border_title_is_kept_as_a_private_attribute():
    """companion/ui/widgets/content.py ``set_border_title`` changes a drawn widget's title by
    writing ``Widget._border_title`` as Textual's setter keeps it (``render_str``, tabs
    expanded, the first line) and repainting only the border's top line: the setter
    repaints every line of the box (issue 26). The title then reads and draws as set."""
    from rich.text import Text
    from textual.geometry import Region

    from companion.ui.widgets.content import set_border_title

    class Box(App):
        CSS = "Static { border: round red; height: 5; }"

        def compose(self):
            yield Static("inside", id="set")
            yield Static("inside", id="ours")

    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        setter, ours = app.query_one("#set", Static), app.query_one("#ours", Static)
        for title in ("first", "a\tsecond\ntitle", Text("third", style="bold")):
            setter.border_title = title
            set_border_title(ours, title)
            await pilot.pause()
            assert ours._border_title == setter._border_title
            assert ours.border_title == setter.border_title
            top = Region(0, 0, ours.outer_size.width, 1)
            assert ours.render_lines(top)[0].text == setter.render_lines(top)[0].text


def showing(screen: Screen) -> App:
    """An app showing ``screen`` (a game screen, as far as dialogs are concerned)."""

    class Shows(App):
        def on_mount(self):
            self.push_screen(screen)

    return Shows()


async def test_screens_beneath_a_dialog_are_resized_through_a_private_method():
    """companion/ui/dialogs.py ``Covered._screen_resized`` lets Textual lay out a screen
    beneath a dialog only when the terminal's size changed: Textual calls the private
    ``Screen._screen_resized(size)`` of every screen beneath a dialog when the dialog is
    shown (its first Resize), which laid the whole game screen out again (and made the
    dialog draw its backdrop twice) for each dialog opened (issue 26)."""
    from textual.screen import ModalScreen

    from companion.ui.dialogs import Covered

    calls = []

    class Beneath(Covered, Screen):
        def compose(self):
            yield Static("the game")

        def _screen_resized(self, size):
            calls.append((size, size != self.outer_size))
            super()._screen_resized(size)

    app = showing(Beneath())
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        beneath = app.screen
        app.push_screen(ModalScreen())
        await pilot.pause()
        # shown over it (more than once): the same size each time, not laid out again
        assert calls and all(size == (40, 10) and not changed for size, changed in calls)
        await pilot.resize_terminal(50, 12)
        await pilot.pause()
        assert ((50, 12), True) in calls and beneath.outer_size == (50, 12)


async def test_the_apps_private_count_of_css_changes_grows_with_a_theme_change():
    """companion/ui/dialogs.py ``StylesKept._on_message`` keeps a kept screen's styles when it is
    shown again while ``App._css_update_count`` (Textual's count of changes to the app's CSS)
    is what it was when the screen was styled; a theme picked must change it."""
    app = App()
    async with app.run_test() as pilot:
        app.theme = "textual-dark"
        await pilot.pause()
        before = app._css_update_count
        app.theme = "textual-light"
        await pilot.pause()
        assert app._css_update_count > before


async def test_a_change_on_a_screen_reaches_it_as_a_message_and_its_whole_repaint_does_not():
    """companion/ui/dialogs.py ``Covered._on_message`` counts what changed on a game screen
    (a dialog's backdrop drawn at the same count is kept, issue 26): Textual tells a screen
    of a widget's repaint by the message ``Update`` it handles in the private
    ``_on_message``, publishes ``screen_layout_refresh_signal`` once a layout or a scroll is
    done, and repaints the screen whole when a dialog over it closes without either."""
    from textual.containers import VerticalScroll
    from textual.screen import ModalScreen

    from companion.ui.dialogs import Covered

    class Beneath(Covered, Screen):
        def compose(self):
            yield Static("the game", id="board")
            with VerticalScroll(id="log"):
                yield Static("\n".join(f"line {i}" for i in range(40)))

    app = showing(Beneath())
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        beneath = app.screen
        kept = ModalScreen()  # (a new one mounts its own widgets, laying out the app's screen)
        app.install_screen(kept, "kept")
        for _ in range(2):  # (the first focuses the log as it closes: a layout)
            before = beneath.changes
            app.push_screen(kept)
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
        assert beneath.changes == before  # shown whole again: no change
        beneath.query_one("#board", Static).update("a step")
        await pilot.pause()
        assert beneath.changes > before
        before = beneath.changes
        beneath.query_one("#log", VerticalScroll).scroll_end(animate=False)
        await pilot.pause()
        assert beneath.changes > before


class HiddenAndToast(App):
    """A toast over a board, and a widget that is hidden (not on the compositor's map)."""

    CSS = "#hidden { visibility: hidden; }"

    def compose(self):
        yield Static("board " * 200)
        yield Static("hidden", id="hidden")


async def frames_after_a_toast_expires(pilot) -> int:
    """Frames drawn as a toast expires after a hidden widget's repaint: that repaint marks
    the compositor's map out of date, and the rack asks for its size as the toast leaves."""
    app = pilot.app
    app.notify("a toast " * 5, timeout=0.5)
    await pilot.pause(0.1)
    app.query_one("#hidden").refresh()
    await pilot.pause(0.1)
    drawn = frames(app)
    await pilot.pause(0.8)
    assert not app.query("Toast")
    return len(drawn)


async def test_a_lazily_rebuilt_compositor_map_loses_a_removed_toast_on_textual_alone(
    monkeypatch,
):
    """companion/ui/compositor_repairs.py replaces ``Compositor.full_map``, Textual's lazy
    rebuild of where every widget is, with one that marks what moved for repaint: Textual's
    own (the widget's repaint made out of date, ``_full_map_invalidated``; the toast's rack
    asking for its size) leaves an expired toast drawn. This fails once Textual draws it
    away itself: the replacement can then go."""
    from textual._compositor import Compositor

    from companion.ui import compositor_repairs

    assert Compositor.full_map.fget is compositor_repairs._full_map
    monkeypatch.setattr(Compositor, "full_map", compositor_repairs._textual_full_map)
    app = HiddenAndToast()
    async with app.run_test(size=(60, 20), notifications=True) as pilot:
        await pilot.pause()
        assert await frames_after_a_toast_expires(pilot) == 0


async def test_an_expired_toast_is_drawn_away_after_the_compositor_map_was_rebuilt():
    """The companion's rebuild (compositor_repairs) draws the expired toast away: in Magical
    Friends at 80×24, the "Undone" toast stayed over the log and footer until a resize."""
    app = HiddenAndToast()
    async with app.run_test(size=(60, 20), notifications=True) as pilot:
        await pilot.pause()
        assert await frames_after_a_toast_expires(pilot) == 1


class WideLine(App):
    def compose(self):
        yield Static("ああああああああああ", id="wide")  # 10 characters, 20 cells


async def drawn_after_a_part_of_a_wide_line_changed(pilot) -> str:
    """What the terminal is sent when cells 0-4 of the line change: the part ends across
    the third character (cells 4 and 5)."""
    from textual.geometry import Region

    app = pilot.app
    sent = frames(app, lambda screen, update: update.render_segments(app.console))
    app.query_one("#wide").refresh(Region(0, 0, 5, 1))
    await pilot.pause()
    assert len(sent) == 1
    return sent[0]


async def test_a_partial_update_cuts_a_wide_character_at_its_edge_on_textual_alone(monkeypatch):
    """companion/ui/compositor_repairs.py replaces ``Compositor.render_partial_update`` with
    one that draws each changed part of a line on to the end of the widget's part there
    (``ChopsUpdate.spans`` and ``chop_ends``): Textual's own cuts a wide character across
    the part's right edge and sends a blank for it (the footer's "パレット" lost its "ト" as
    a toast over it went). This fails once Textual draws it whole itself."""
    from textual._compositor import Compositor

    from companion.ui import compositor_repairs

    assert Compositor.render_partial_update is compositor_repairs._render_partial_update
    monkeypatch.setattr(
        Compositor, "render_partial_update", compositor_repairs._textual_render_partial_update
    )
    app = WideLine()
    async with app.run_test(size=(30, 3)) as pilot:
        await pilot.pause()
        sent = await drawn_after_a_part_of_a_wide_line_changed(pilot)
        assert "ああ " in sent and "あああ" not in sent


async def test_a_partial_update_draws_a_wide_character_at_its_edge_whole():
    """The companion's partial update (compositor_repairs) sends the third character whole,
    and the rest of the widget's part of the line with it."""
    app = WideLine()
    async with app.run_test(size=(30, 3)) as pilot:
        await pilot.pause()
        sent = await drawn_after_a_part_of_a_wide_line_changed(pilot)
        assert "ああああああああああ" in sent


class TwoLines(App):
    def compose(self):
        yield Static("top", id="top")
        yield Static("middle", id="middle")
        yield Static("bottom", id="bottom")


async def test_a_partial_update_draws_what_its_private_get_renders_gives():
    """companion/ui/compositor_repairs.py ``_only_what_changed`` draws a partial update with
    Textual's own, whose drawing asks ``Compositor._get_renders`` for the widgets' lines: it
    is given those of the widgets over a changed part (``_dirty_regions``) only, where
    Textual draws every widget in the box around them, whole."""
    from textual._compositor import Compositor

    from companion.ui import compositor_repairs

    app = TwoLines()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        drawn = []
        for widget in app.query(Static):
            render_lines = widget.render_lines
            widget.render_lines = lambda crop, w=widget, r=render_lines: (
                drawn.append(w.id) or r(crop)
            )
        top, bottom = app.query_one("#top"), app.query_one("#bottom")
        compositor._dirty_regions.update({top.region, bottom.region})
        compositor_repairs._textual_render_partial_update(compositor)
        assert sorted(drawn) == ["bottom", "middle", "top"]  # the box around both: all three
        drawn.clear()
        compositor._dirty_regions.update({top.region, bottom.region})
        update = Compositor.render_partial_update(compositor)  # the companion's
        assert sorted(drawn) == ["bottom", "top"]
        assert [y for y, _, _ in update.spans] == [0, 2]
        assert "_get_renders" not in vars(compositor)  # Textual's own again
