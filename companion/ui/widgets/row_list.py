"""Rows in aligned columns, one option each: the home screen's saved games.

A light stand-in for Textual's ``DataTable`` where the rows are only to be read and picked:
``DataTable`` renders every cell through Rich, and for the twenty rows of a home screen that
was about a third of the start-up beyond a bare Textual app (issue 13). Here a row is text
padded to its columns' widths (in terminal cells, so Japanese lines up) and ``OptionList``
draws it. Columns that do not fit the list's width are narrowed, widest first, and their
cells wrap within the column onto more lines; where even that is too wide, a row is its
cells one after another, wrapping as text. Nothing is cut, and nothing scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual.content import Content
from textual.events import Resize
from textual.message import Message
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

GAP = 2  # cells between columns
NARROWEST = 6  # a column is narrowed to its longest word, but never below this ...
WORD_CAP = 16  # ... nor kept wider than this for one long word (Japanese has no spaces)
_console = Console(width=1000)  # what rich's Text.wrap measures with; never printed to


def fit(widths: Sequence[int], floor: Sequence[int], room: int | None) -> list[int] | None:
    """The columns' widths within ``room`` cells (None: as wide as they are): the column
    farthest above its ``floor`` loses a cell until the row fits; None if even the floors
    do not fit (then a row is one paragraph instead: ``flowing``)."""
    widths = list(widths)
    if room is None:
        return widths
    if sum(floor) + GAP * (len(widths) - 1) > room:
        return None
    while sum(widths) + GAP * (len(widths) - 1) > room:
        n = max(range(len(widths)), key=lambda i: widths[i] - floor[i])
        widths[n] -= 1
    return widths


class _Lines(Content):
    """A row's text on lines of its own making (plain: no spans, no tabs). Where they all fit
    the width, it is neither wrapped for its height nor to be drawn: each line is one segment,
    as ``Content`` would draw it. ``OptionList`` asks every row's height, shown or not, and
    draws the shown ones. With links not looked for (``RowList.auto_links``), a listed game
    costs the start-up some 1.0 M instructions instead of 1.4 M (issue 26)."""

    def _fitting(self, rules, width: int) -> list[str] | None:
        """The lines, if drawn as they are at ``width`` (else None: ``Content`` wraps them)."""
        plain = self.plain
        if self.spans or "\t" in plain or rules.get("line_pad", 0):
            return None
        lines = plain.split("\n")
        return lines if max(map(cell_len, lines)) <= width else None

    def get_height(self, rules, width: int) -> int:
        lines = self._fitting(rules, width)
        return super().get_height(rules, width) if lines is None else len(lines)

    def render_strips(self, width, height, style, options) -> list[Strip]:
        lines = self._fitting(options.rules, width)
        if (
            lines is None
            or options.selection is not None
            or options.post_style is not None
            or options.rules.get("text_align", "left") not in ("left", "start")
        ):
            return super().render_strips(width, height, style, options)
        style = style + style  # what Content.render_strips gives text with no spans
        return [
            Strip([Segment(line, style.rich_style_with_offset(0, y))], cell_len(line))
            for y, line in enumerate(lines[:height] if height is not None else lines)
        ]


def flowing(cells: Sequence[str], style: str = "") -> Content:
    """A row too wide for columns: its cells one after another, wrapping as text does."""
    return _Lines.styled(" · ".join(cell for cell in cells if cell), style)


def longest_word(cells: Sequence[str]) -> int:
    return max((cell_len(word) for cell in cells for word in cell.split()), default=0)


def cell_lines(cell: str, width: int) -> list[str]:
    """``cell`` on lines of at most ``width`` cells, broken between words where it can."""
    if cell_len(cell) <= width:
        return [cell]
    return [line.plain.rstrip() for line in Text(cell).wrap(_console, width, overflow="fold")]


def aligned(cells: Sequence[str], widths: Sequence[int], style: str = "") -> Content:
    """One row: each cell on its own lines within its column, the columns side by side."""
    columns = [cell_lines(cell, width) for cell, width in zip(cells, widths, strict=True)]
    rows = []
    for parts in zip_longest(*columns, fillvalue=""):
        row = (" " * GAP).join(
            p + " " * (w - cell_len(p)) for p, w in zip(parts, widths, strict=True)
        )
        rows.append(row.rstrip())
    # Textual's Content, plain (never markup: a title is shown as typed), which OptionList
    # draws without converting it as it would a Rich Text
    return _Lines.styled("\n".join(rows), style)


def _row(cells: Sequence[str], widths: list[int] | None, style: str = "") -> Content:
    return flowing(cells, style) if widths is None else aligned(cells, widths, style)


class RowList(OptionList):
    """``set_rows(columns, rows)`` shows the rows, ``add_rows(rows)`` more after them;
    ``header`` is the column labels' line, lined up with them, for a widget above the list (it
    stays in place while the rows scroll); ``HeaderChanged`` says when it changed (the widths
    follow the list's width). ``NearEnd`` says the cursor or the view came within a screenful
    of the last row (a list read in pages adds the next)."""

    # no border or padding of its own (the box around it has them): the rows are laid out to
    # the list's content width
    DEFAULT_CSS = """
    RowList { height: 1fr; max-height: 100%; border: none; padding: 0; }
    RowList:focus { border: none; }
    """
    # rows are plain text, never links: drawing a row need not work out a link style (the
    # colours of every ancestor, for each row drawn)
    auto_links = False

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.columns: list[str] = []
        self.rows: list[tuple[str, ...]] = []  # the cells as shown, row by row
        self._keys: list[str] = []
        self.header = Content()
        self._room: int | None = None  # the width the rows were laid out for
        self._widths: list[int] | None = None  # the columns' widths (None: flowing rows)

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def on_mount(self) -> None:
        self.watch(self, "highlighted", self._look_ahead, init=False)
        self.watch(self, "scroll_y", self._look_ahead, init=False)

    def set_rows(self, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]]) -> None:
        """``rows``: (key, cells) pairs; the key is the row's option id."""
        self.columns = list(columns)
        self._keys = [key for key, _ in rows]
        self.rows = [tuple(cells) for _, cells in rows]
        self._lay_out(0, anew=True)

    def add_rows(self, rows: Sequence[tuple[str, Sequence[str]]]) -> None:
        """More rows after the last: only theirs are made, unless they widen a column."""
        start = len(self.rows)
        self._keys += [key for key, _ in rows]
        self.rows += [tuple(cells) for _, cells in rows]
        if not self._lay_out(self.highlighted):
            self.add_options(self._new_options(start))

    def _look_ahead(self) -> None:
        near = self.size.height
        if not near:  # not laid out yet
            return
        if (self.highlighted is not None and self.highlighted >= self.option_count - near) or (
            0 < self.max_scroll_y <= self.scroll_y + near
        ):
            self.post_message(self.NearEnd(self))

    def _new_options(self, start: int) -> list[Option | None]:
        """The options of the rows from ``start`` on, at the widths laid out."""
        options: list[Option | None] = []
        for n in range(start, len(self.rows)):
            if n and self._widths is None:
                options.append(None)  # a rule between paragraphs, which columns do not need
            options.append(Option(_row(self.rows[n], self._widths), id=self._keys[n]))
        return options

    def _lay_out(self, highlighted: int | None, anew: bool = False) -> bool:
        """The rows at the widths that fit the room; nothing is redone when the widths stay
        (the first layout usually fits as the rows were first drawn). True if redone."""
        natural, floor = [], []
        for n, label in enumerate(self.columns):
            column = [label, *(cells[n] for cells in self.rows)]
            natural.append(max(map(cell_len, column)))
            floor.append(min(natural[-1], max(NARROWEST, min(longest_word(column), WORD_CAP))))
        widths = fit(natural, floor, self._room)
        if not anew and widths == self._widths:
            return False
        self._widths = widths
        self.header = _row(self.columns, widths, style="bold")
        self.clear_options()
        self.add_options(self._new_options(0))
        if self.rows and highlighted is not None:
            self.highlighted = min(highlighted, len(self.rows) - 1)
        self.post_message(self.HeaderChanged(self))
        return True

    def on_resize(self, event: Resize) -> None:
        # the room is kept for a vertical scrollbar whether or not one shows: when rows come
        # to need one, the list does not resize, it only gets narrower
        room = self.content_region.width - self.styles.scrollbar_size_vertical
        room = room if room > 0 else None
        if room != self._room:
            self._room = room
            self._lay_out(self.highlighted)
        self._look_ahead()  # a view taller than the rows read

    @property
    def highlighted_key(self) -> str | None:
        """The key of the row under the cursor (None when there are no rows)."""
        if self.highlighted is None or not self.rows:
            return None
        return self.get_option_at_index(self.highlighted).id

    class HeaderChanged(Message):
        def __init__(self, row_list: RowList) -> None:
            super().__init__()
            self.row_list = row_list

    class NearEnd(Message):
        def __init__(self, row_list: RowList) -> None:
            super().__init__()
            self.row_list = row_list
