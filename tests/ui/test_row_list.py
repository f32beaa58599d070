"""The home screen's row list (issue 13): columns narrow to fit and wrap, never cut."""

from collections import Counter

import pytest
from rich.cells import cell_len
from textual.app import App

from companion.ui.widgets.row_list import GAP, RowList, aligned, cell_lines, fit

ROWS = [
    ("1", ("2026-12-01 15:26", "Magical Friends", "Red 7 (Blue 5, Green 5)", "Friday at Ann's")),
    ("2", ("2026-11-28 20:02", "ユニコーンナイツ", "全員", "長い長いタイトルのゲームです本当に")),
    ("3", ("2026-11-20 19:00", "Insurrection", "", "x")),
]
COLUMNS = ["Date", "Game", "Winner", "Title"]


def test_fit_narrows_the_widest_column_first_and_not_below_its_floor():
    assert fit([10, 30, 5], [6, 6, 5], None) == [10, 30, 5]
    assert fit([10, 30, 5], [6, 6, 5], 100) == [10, 30, 5]
    widths = fit([10, 30, 5], [6, 6, 5], 35)
    assert widths == [10, 16, 5] and sum(widths) + 2 * GAP == 35
    assert fit([10, 30, 5], [6, 6, 5], 20) is None  # the floors alone need 21


@pytest.mark.parametrize("width", [4, 7, 12])
def test_a_cell_wraps_within_its_column_and_keeps_every_character(width):
    for text in ("Red 7 (Blue 5, Green 5)", "長い長いタイトルのゲームです", "Supercalifragilistic"):
        lines = cell_lines(text, width)
        assert all(cell_len(line) <= width for line in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_an_aligned_row_puts_each_cell_at_its_columns_start():
    row = aligned(["ab", "イゾルデ", "c"], [4, 6, 3]).plain.split("\n")
    assert row[0].startswith("ab    イゾル  c")  # 4 + GAP, 6 cells (3 wide characters) + GAP
    assert row[1] == " " * (4 + GAP) + "デ"


class ListApp(App):
    def compose(self):
        yield RowList(id="rows")

    def on_mount(self):
        self.query_one(RowList).set_rows(COLUMNS, ROWS)


@pytest.mark.parametrize("width", [30, 60, 120])
async def test_every_row_is_shown_whole_at_any_width(width):
    """Narrow: the columns wrap; narrower still: each row is one paragraph. Either way every
    character of every cell is on screen, none cut at the edge."""
    app = ListApp()
    async with app.run_test(size=(width, 40)) as pilot:
        await pilot.pause()
        rows = app.query_one(RowList)
        shown = Counter("".join(strip.text for strip in rows.render_lines(rows.size.region)))
        cells = Counter("".join(cell for _, row in ROWS for cell in row))
        for char in (" ", "·", "─"):  # padding, and what stands between cells and rows
            shown.pop(char, None), cells.pop(char, None)
        assert shown == cells
        rows.highlighted = 1
        assert rows.highlighted_key == "2"


class ManyRowsApp(App):
    """More rows than the screen shows: English, Japanese, a tab, rows wrapping in columns."""

    def compose(self):
        yield RowList(id="rows")

    def on_mount(self):
        games = ("Unicornus Knights", "ユニコーンナイツ 長い名前の説明がここに続きます")
        rows = [
            (str(n), (f"Game {n}", games[n % 2], "Not yet. " * (n % 4), str(n))) for n in range(40)
        ]
        rows[3] = ("3", ("Game\t3", games[1], "", "3"))  # a tab: Textual widens it as it draws
        self.query_one(RowList).set_rows(["Title", "Game", "Where", "Steps"], rows)


async def drawn_lines(size):
    """Every line of the list, its characters, styles and meta, with the cursor and the mouse
    on rows at the top, in the middle and at the end (the view scrolled to them)."""
    drawn = []
    app = ManyRowsApp()
    async with app.run_test(size=size) as pilot:
        rows = app.query_one(RowList)
        rows.focus()
        for n in (0, 5, 39):
            rows.highlighted = n
            await pilot.hover(RowList, offset=(2, 2))
            await pilot.pause()
            for y in range(rows.size.height):
                strip = rows.render_line(y)
                drawn.append([(s.text, repr(s.style), s.style.meta) for s in strip])
    return drawn


@pytest.mark.parametrize("size", [(120, 40), (60, 24), (30, 20)])
async def test_rows_are_drawn_as_textual_content_draws_them(size, monkeypatch):
    """A row's lines that fit are neither wrapped for its height nor to be drawn (issue 26):
    the list looks exactly as when Textual's Content wraps and draws them, and as it did with
    links looked for (the rows have none). This fails should a Textual release draw text
    otherwise."""
    from textual.content import Content
    from textual.widget import Widget

    from companion.ui.widgets.row_list import _Lines

    fast = await drawn_lines(size)
    monkeypatch.setattr(_Lines, "get_height", Content.get_height)
    monkeypatch.setattr(_Lines, "render_strips", Content.render_strips)
    monkeypatch.setattr(RowList, "auto_links", Widget.auto_links)
    assert fast == await drawn_lines(size)
