"""The game log panel every game screen reuses: the step log, newest last.

The panel follows the game incrementally (:meth:`GameLog.follow`): after a step it reads only
the newest lines (``history_tail``), renders only the lines that are new or changed (a step
made, a step undone or redone: its line is dimmed or restored in place), and keeps a bounded
window of the newest :data:`WINDOW` lines on screen. Nothing it does per step grows with the
length of the game. A log made with ``earlier=True`` (the record's whole log) draws older
lines a window at a time as the reader scrolls up to them, never all of a long game at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import RichLog

from companion.core.i18n import Msg, tr
from companion.core.steplog import HistoryLine
from companion.ui.widgets.content import covered
from companion.ui.widgets.panel import KeptRows

WINDOW = 200  # log lines kept on screen; older ones stay in the game, not in the panel


class History(Protocol):
    """What the panel reads: a game session or a step log."""

    def history_tail(self, count: int) -> list[HistoryLine]: ...


class GameLog(KeptRows, RichLog):
    DEFAULT_CSS = """
    GameLog { border: round $primary-lighten-1; height: 1fr; min-height: 5; }
    """

    def __init__(self, window: int = WINDOW, earlier: bool = False, **kwargs) -> None:
        """``window``: the newest lines kept; ``earlier``: older ones are drawn, a window at a
        time, when scrolled up to (a log that is read back, not followed step by step)."""
        kwargs.setdefault("min_width", 16)  # RichLog's default (78) scrolls a side panel sideways
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self.border_title = tr("ui.log.title")
        self.window = window
        # the lines on screen, oldest first, with how many screen rows each took (None while
        # the widget's width is unknown: RichLog defers rendering until then)
        self._shown: list[HistoryLine] = []
        self._rows: list[int] | None = []
        self._width = 0
        self._words: Callable[[HistoryLine], Msg] | None = None
        self._earlier: History | None = None  # where older lines are read (``earlier``)
        self._wants_earlier = earlier

    # -- the incremental form ---------------------------------------------------------------
    def follow(self, source: History, words: Callable[[HistoryLine], Msg] | None = None) -> None:
        """Bring the panel up to date with ``source`` (a session or step log), rendering only
        the lines that changed since the last call. ``words(line)`` gives the text of a line
        (default: its description); it is called only for lines drawn anew."""
        self._words = words
        if self._wants_earlier:
            self._earlier = source
        self._sync(source.history_tail(self.window))

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if self._earlier is not None and new < self.scrollable_content_region.height:
            self.call_later(self._draw_earlier)

    def _draw_earlier(self) -> None:
        """A window of the lines before the first one drawn, put above it; the lines read
        stay where they were on the screen."""
        shown, rows = self._shown, self._rows
        if self._earlier is None or not shown or shown[0].index <= 1 or rows is None:
            return
        if self.scroll_y >= self.scrollable_content_region.height:
            return  # scrolled down again meanwhile
        first = shown[0].index
        older = [
            line
            for line in self._earlier.history_tail(shown[-1].index - first + 1 + self.window)
            if line.index < first
        ]
        if not older:
            return
        kept = self.lines
        with self._writing_lines():
            self.lines, self._shown, self._rows = [], [], []
            for line in older:
                self._write(line, scroll_end=False)
            added = len(self.lines)
            self.lines += kept
            self._shown += shown
            self._rows += rows
            self._line_cache.clear()
            self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.scroll_to(y=self.scroll_y + added, animate=False, immediate=True)
        self.refresh()

    def _sync(self, lines: list[HistoryLine]) -> None:
        if self._size_known and not self.size.width:
            # hidden (display: none), no width to wrap at: drawn at its width once shown
            # (on_resize), not at the least width (a line then took a row for every two words)
            self._shown, self._rows, self._width = list(lines), None, 0
            return
        shown, rows = self._shown, self._rows
        if not self._size_known or rows is None or not lines or not shown:
            self._rebuild(lines)
            return
        first = lines[0].index
        if first < shown[0].index or first > shown[-1].index + 1:
            self._rebuild(lines)  # the window moved back, or jumped past what is shown
            return
        drop = first - shown[0].index  # lines that left the window at the top
        keep = drop
        while (
            keep < len(shown)
            and keep - drop < len(lines)
            and _same(shown[keep], lines[keep - drop])
        ):
            keep += 1
        if keep == len(shown) and keep - drop == len(lines):
            return  # nothing changed
        with self._writing_lines():
            self._replace(lines, drop, keep)
        # at the end now, not after the next frame (RichLog's way: the new line showed a frame
        # after the board); _size_updated keeps it there if this frame's layout resizes the panel
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        self.refresh(layout=covered(self))

    def _replace(self, lines: list[HistoryLine], drop: int, keep: int) -> None:
        """Drop the ``drop`` lines that left the window at the top, write again the lines
        from ``keep`` on (changed), then the new ones."""
        shown, rows = self._shown, self._rows
        # RichLog keeps its lines cropped to the panel, keyed by index + _start_line
        if keep < len(shown):  # a changed tail: take its rows away and write it again
            tail = len(self.lines) - sum(rows[keep:])
            del self.lines[tail:]
            del shown[keep:], rows[keep:]
            gone = [key for key in self._line_cache.keys() if key[0] >= tail + self._start_line]
            for key in gone:  # (the lines above it keep theirs: an undo strikes one line)
                self._line_cache.discard(key)
        if drop:
            cut = sum(rows[:drop])
            del self.lines[:cut], shown[:drop], rows[:drop]
            self._start_line += cut  # the lines kept keep their keys (and cropped copies)
        self.virtual_size = self.virtual_size.with_height(len(self.lines))
        for line in lines[keep - drop :]:
            self._write(line, scroll_end=False)

    def _rebuild(self, lines: list[HistoryLine]) -> None:
        with self._writing_lines():
            self.clear()
            self._shown, self._rows = [], ([] if self._size_known else None)
            self._width = self.size.width
            for line in lines:
                self._write(line)

    def _write(self, line: HistoryLine, scroll_end: bool | None = None) -> None:
        """Append ``line`` (drawn when the panel's width is known: ``on_resize`` rebuilds)."""
        self._shown.append(line)
        if not self._size_known:
            return
        words = self._words(line) if self._words else line.description
        width = max(self.scrollable_content_region.width, self.min_width)
        strips = _hanging(line, words, width, self.app.console)
        self.lines.extend(strips)
        self._widest_line_width = max(self._widest_line_width, strips[0].cell_length)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if self._rows is not None:
            self._rows.append(len(strips))
        if scroll_end is None and self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    _style: Style | None = None  # the panel's style while it draws its lines (render_lines)

    @property
    def rich_style(self) -> Style:
        """The panel's style, worked out once per drawing of its lines: RichLog asks for it
        twice per line it draws, and each time Textual walks every ancestor's styles (a new
        line scrolls all the lines on screen: 50 walks a step)."""
        return self._style if self._style is not None else super().rich_style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = super().rich_style
        try:
            return super().render_lines(crop)  # (the rows kept: KeptRows)
        finally:
            self._style = None

    # The lines' size is no part of the screen's layout (the panel's parent sizes it): a
    # step that changes no other size then needs no layout. The scrollbar follows the lines
    # here, before the frame (repainted by the layout, it took a frame of its own after it).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    _writing = False  # in _writing_lines

    def watch_virtual_size(self, size: Size) -> None:
        if not self._writing:
            self._lines_resized()

    @contextmanager
    def _writing_lines(self) -> Iterator[None]:
        """Lines written and dropped in the block; the scrollbar follows once, after it, when
        their size changed (far into a game a step takes one line in and one out: no change)."""
        before, self._writing = self.virtual_size, True
        try:
            yield
        finally:
            self._writing = False
        if self.virtual_size != before:
            self._lines_resized()

    def _lines_resized(self) -> None:
        if self.styles.height.is_auto or self.styles.width.is_auto:
            self.refresh(layout=True)
        self._scroll_update(self.virtual_size)

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        """Textual's layout gives the panel its size (the board's other panels may have
        grown with a step) just before the frame is drawn: a log scrolled to its end stays
        there in that same frame (a Resize event comes after the frame)."""
        at_end = self.scroll_y >= self.max_scroll_y
        # the layout gives a scroll view without children its viewport as its virtual size,
        # never its lines: compared with that, every layout found a change and repainted the
        # scrollbar, a frame of its own after the board's (watch_virtual_size does it now)
        resized = super()._size_updated(size, self.virtual_size, container_size, layout)
        if at_end and self.scroll_y < self.max_scroll_y:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        return resized

    def on_resize(self, event: Resize) -> None:
        if not self._size_known:
            self._deferred_renders.clear()  # written again below, counting their rows
            super().on_resize(event)
            if self._size_known:
                self._rebuild(list(self._shown))
        elif self.size.width != self._width:
            self._rebuild(list(self._shown))  # wrapped at the old width
        if self._earlier is not None and self.max_scroll_y < self.scrollable_content_region.height:
            self.call_later(self._draw_earlier)  # a panel taller than the lines drawn


def _same(a: HistoryLine, b: HistoryLine) -> bool:
    # a step's line is one Msg object for its life; a new step at that index is another
    return a.index == b.index and a.undone == b.undone and a.description is b.description


def _hanging(line: HistoryLine, words: Msg, most: int, console: Console) -> list[Strip]:
    """A log line as screen lines: its number, then its words wrapped under themselves, not
    under the number, as wide as the words need (at most ``most`` cells); "fold": a run
    without spaces (Japanese) wraps at the edge instead of ending in "…". A Rich grid of two
    columns drew the same cells in five times the time (measured and laid out per line)."""
    style = "dim strike" if line.undone else ""
    number = Text(f"{line.index}.", style=style)
    text = Text(tr(words))  # styled row by row, below
    indent = number.cell_len + 1
    widest = max(1, *(cell_len(part) for part in text.plain.split("\n")))
    width = min(indent + widest, most)
    parts = text.wrap(console, max(width - indent, 1), justify="left", overflow="fold")
    strips = []
    for i, part in enumerate(parts or [Text()]):
        # an undone row is struck over its words only, not the spaces around them: the wrap
        # pads every row to its width in the text's style (the strip pads it again, unstyled)
        part.rstrip()
        part.stylize(style, len(part.plain) - len(part.plain.lstrip()))
        row = Text.assemble(number if i == 0 else " " * (indent - 1), " ", part)
        strips.append(Strip(list(row.render(console))).adjust_cell_length(width))
    return strips
