"""The game log panel follows the step log incrementally and shows what a full redraw shows."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult
from textual.geometry import Region

from companion.core.steplog import StepLog
from companion.ui.widgets.game_log import GameLog
from tests.tiny_game import TINY, Add, TinyState
from tests.ui.frames import frames
from tests.ui.test_panel import assert_rows_as_textual_draws


class LogApp(App):
    def __init__(self, window: int) -> None:
        super().__init__()
        self.window = window

    def compose(self) -> ComposeResult:
        yield GameLog(window=self.window, id="followed")
        yield GameLog(window=self.window, id="fresh")


def rows(log: GameLog) -> list[str]:
    return [strip.text for strip in log.lines]


def drawn(log: GameLog) -> list[list[tuple[str, object]]]:
    """Each line as the panel draws it, cropped to its width (RichLog's cache of crops):
    its words and their styles (the padding after them is in the panel's own style)."""
    width = log.scrollable_content_region.width
    lines = [log._render_line(y, 0, width) for y in range(len(log.lines))]
    return [[(seg.text, seg.style) for seg in line if seg.text.strip()] for line in lines]


def a_step_undo_or_redo(steps: StepLog, rnd: random.Random, steps_in: float, most: int) -> None:
    """A step (``steps_in`` of the time, adding up to ``most``), else an undo or a redo."""
    move = rnd.random()
    if move < steps_in:
        steps.do(Add(rnd.randint(1, most)))
    elif move < 0.8:
        steps.undo()
    else:
        steps.redo()


async def test_follow_matches_a_full_redraw_after_steps_undos_and_redos() -> None:
    steps = StepLog(TINY, TinyState())
    app = LogApp(window=12)
    rnd = random.Random(3)
    async with app.run_test(size=(60, 30)) as pilot:
        followed = app.query_one("#followed", GameLog)
        for _ in range(300):
            a_step_undo_or_redo(steps, rnd, steps_in=0.55, most=9999)
            followed.follow(steps)
            if rnd.random() < 0.2:
                await pilot.pause()
                fresh = app.query_one("#fresh", GameLog)
                fresh.clear()
                fresh._shown, fresh._rows = [], []
                fresh.follow(steps)
                assert rows(followed) == rows(fresh)
                # and as drawn: the lines cropped to the panel (kept across steps) as well
                assert drawn(followed) == drawn(fresh)
                tail = steps.history_tail(12)
                assert len(followed._shown) == len(tail) <= 12
                assert [h.index for h in followed._shown] == [h.index for h in tail]


async def test_follow_renders_only_what_changed(monkeypatch) -> None:
    from companion.ui.widgets import game_log

    steps = StepLog(TINY, TinyState())
    app = LogApp(window=50)
    async with app.run_test(size=(60, 30)) as pilot:
        log = app.query_one("#followed", GameLog)
        for i in range(40):
            steps.do(Add(i + 1))
        log.follow(steps)
        await pilot.pause()
        written = []
        original = game_log._hanging
        monkeypatch.setattr(
            game_log, "_hanging", lambda line, *a: (written.append(line), original(line, *a))[1]
        )
        steps.do(Add(1))
        log.follow(steps)
        assert len(written) == 1  # the new line only
        steps.undo()
        log.follow(steps)
        assert len(written) == 2  # the undone line, dimmed in place
        log.follow(steps)
        assert len(written) == 2  # nothing changed, nothing drawn


async def test_a_japanese_line_wraps_and_is_never_cut() -> None:
    """Issue 13: a run of Japanese (no spaces) longer than the panel wraps at the edge; every
    character stays on screen and no line ends in "…"."""
    from companion.core.i18n import Msg

    steps = StepLog(TINY, TinyState())
    steps.do(Add(1))
    words = "グリーンのランタン蛾4が2ステップ移動して酒場に着いた（基本移動）"
    app = LogApp(window=5)
    async with app.run_test(size=(30, 12)) as pilot:
        log = app.query_one("#followed", GameLog)
        log.follow(steps, lambda line: Msg("tiny.add", {"amount": words}))
        await pilot.pause()
        shown = rows(log)
        assert len(shown) > 1
        assert not any("…" in row for row in shown)
        assert "".join(shown).replace(" ", "") == "1.add" + words


class BoardAndLog(App):
    """A panel above the log that grows with a step, as Magical Friends' events panel does."""

    def compose(self) -> ComposeResult:
        from textual.widgets import Static

        yield Static("board", id="board")
        yield GameLog(id="log")


async def test_a_new_line_is_in_the_same_frame_as_the_board() -> None:
    """The step's log line is drawn in the frame that shows the board after the step, at the
    bottom of the log, even when that frame's layout makes the log shorter (issue 26: it
    came one frame later, and in Magical Friends the log then stood two lines short)."""
    steps = StepLog(TINY, TinyState())
    for i in range(60):
        steps.do(Add(i + 1))
    app = BoardAndLog()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(GameLog)
        log.follow(steps)
        await pilot.pause()
        drawn = frames(
            app, lambda screen, update: (log._shown[-1].index, log.scroll_y, log.max_scroll_y)
        )
        steps.do(Add(99))
        app.query_one("#board").update("board\nafter the step\nhas grown")
        log.follow(steps)
        await pilot.pause()
        assert drawn, "no frame drawn"
        index, scroll_y, bottom = drawn[0]
        assert index == 61 and scroll_y == bottom > 0


async def test_a_step_draws_one_frame_with_the_scrollbar_in_it() -> None:
    """Each step is one frame, from an empty log to a full window: the scrollbar follows the
    lines before the frame, its thumb at the bottom (issue 26: Textual's layout repainted it
    after every step, a frame of its own)."""
    steps = StepLog(TINY, TinyState())
    app = BoardAndLog()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(GameLog)
        log.window = 30
        board = app.query_one("#board")
        await pilot.pause()
        drawn = frames(app)
        for i in range(45):
            steps.do(Add(i + 1))
            board.update(f"board after step {i + 1}")
            log.follow(steps)
            drawn.clear()
            await pilot.pause()
            assert len(drawn) == 1, f"step {i + 1}: {len(drawn)} frames"
            bar = log.vertical_scrollbar  # (always shown: RichLog's overflow-y is scroll)
            assert bar.window_virtual_size == len(log.lines)
            assert bar.window_size == log.scrollable_content_region.height
            assert bar.position == log.scroll_y == log.max_scroll_y
        assert log.max_scroll_y > 0


class RecordLog(App):
    def compose(self) -> ComposeResult:
        yield GameLog(window=50, earlier=True, id="log")
        yield GameLog(window=1000, id="all")


async def test_a_read_back_log_draws_older_lines_only_when_scrolled_to() -> None:
    """Issue 26: the record's log drew every line of the game when opened (1,000 lines: the
    slowest key of all). It draws the newest window; scrolled to the top, the window before
    it comes above, the line read staying where it was, until the first step is reached."""
    steps = StepLog(TINY, TinyState())
    for i in range(120):
        steps.do(Add(i + 1))
    app = RecordLog()
    async with app.run_test(size=(40, 24)) as pilot:
        log = app.query_one("#log", GameLog)
        log.follow(steps)
        app.query_one("#all", GameLog).follow(steps)
        await pilot.pause()
        assert [h.index for h in log._shown] == list(range(71, 121))
        assert log.scroll_y == log.max_scroll_y > 0  # at the end, as a followed log is
        for first, read in ((21, 71), (1, 21)):
            log.scroll_home(animate=False)
            await pilot.pause()
            assert [h.index for h in log._shown] == list(range(first, 121))
            assert rows(log)[round(log.scroll_y)].lstrip().startswith(f"{read}.")
        assert rows(log) == rows(app.query_one("#all", GameLog))


def test_a_line_is_drawn_as_a_grid_of_number_and_words_draws_it() -> None:
    """The log draws its lines itself (a Rich grid per line took most of a step's log time):
    the same cells and styles as a two-column grid (the number; the words wrapped under
    themselves, folded where they have no space), for words English, Japanese and of one
    long run, undone (dim, struck through: over the words, not the spaces around them) or
    not, at any panel width."""
    from rich.console import Console
    from rich.measure import measure_renderables
    from rich.segment import Segment
    from rich.table import Table
    from rich.text import Text

    from companion.core.i18n import Msg
    from companion.core.steplog import HistoryLine
    from companion.ui.widgets.game_log import _hanging

    console = Console(width=200)

    def grid(line: HistoryLine, words: str, most: int) -> list[list[tuple[str, str]]]:
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", no_wrap=True)
        table.add_column(ratio=1, overflow="fold")
        style = "dim strike" if line.undone else ""
        table.add_row(Text(f"{line.index}.", style=style), Text(words, style=style))
        width = min(measure_renderables(console, console.options, [table]).maximum, most)
        lines = Segment.split_lines(console.render(table, console.options.update_width(width)))
        rows = [[(ch, str(seg.style or "")) for seg in row for ch in seg.text] for row in lines]
        return [words_only(row, len(f"{line.index}.") + 1) for row in rows]

    def words_only(row: list[tuple[str, str]], at: int) -> list[tuple[str, str]]:
        """The grid strikes the spaces around a row's words too (an undone line's): the log
        strikes its words only, the spaces before and after them are plain."""
        words = [n for n, (ch, _) in enumerate(row) if n >= at and ch != " "]
        return [
            (ch, "") if n >= at and (not words or not words[0] <= n <= words[-1]) else (ch, style)
            for n, (ch, style) in enumerate(row)
        ]

    def cells(strips) -> list[list[tuple[str, str]]]:
        return [
            [(ch, str(seg.style or "")) for seg in strip for ch in seg.text] for strip in strips
        ]

    rnd = random.Random(5)
    vocab = ["the", "Empire", "attacks", "Aldric's", "party;", "3/5", "王女が", "前進する",
             "ヴィレッジで調達", "x" * 30, "a\nb", "  ", "—"]  # fmt: skip
    for _ in range(400):
        words = " ".join(rnd.choice(vocab) for _ in range(rnd.randint(0, 20)))
        said = Msg("tiny.add", {"amount": words})  # "add {amount}"
        line = HistoryLine(rnd.choice([1, 10, 999, 12345]), said, rnd.random() < 0.3)
        most = rnd.randint(16, 90)
        drawn = _hanging(line, said, most, console)
        assert cells(drawn) == grid(line, f"add {words}", most), (words, most, line.undone)


async def test_lines_followed_while_the_log_is_hidden_wrap_at_its_width_once_shown() -> None:
    """Unicornus hides the log while it shows a battle or a Fate card; the line written
    meanwhile wrapped at the least width, a row for every two words, and stayed so once the
    log was shown again (tester's report, issue 26)."""
    from companion.core.commands import Note
    from companion.core.i18n import msg

    steps = StepLog(TINY, TinyState())
    steps.do(Add(1))
    app = BoardAndLog()
    async with app.run_test(size=(60, 24)) as pilot:
        log = app.query_one(GameLog)
        log.follow(steps)
        await pilot.pause()
        log.display = False
        await pilot.pause()
        steps.do(Note.of(msg("ui.undo.done", step="Orlok is bound to the Princess of the Dawn")))
        log.follow(steps)
        await pilot.pause()
        log.display = True
        await pilot.pause()
        drawn = [strip.text.rstrip() for strip in log.lines]
        assert len(drawn) == 2, drawn  # a line each, as wide as the panel lets them be
        assert "Orlok is bound to the Princess of the Dawn" in drawn[1]


async def test_rows_kept_across_steps_are_the_rows_textual_draws() -> None:
    """A row that shows a log line is kept while the panel looks the same (issue 26: a step
    scrolled the log and every row was drawn again). After steps, undos (a line struck in
    place), redos, scrolling back, the focus (the border's colour), a theme and a size, the
    rows drawn are those Textual draws anew."""
    steps = StepLog(TINY, TinyState())
    app = LogApp(window=40)
    rnd = random.Random(5)
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one("#followed", GameLog)
        for turn in range(120):
            a_step_undo_or_redo(steps, rnd, steps_in=0.6, most=99)
            log.follow(steps)
            if turn % 7 == 3:
                log.focus() if app.focused is not log else app.set_focus(None)
            if turn % 13 == 5:
                log.scroll_to(y=rnd.randint(0, max(0, log.max_scroll_y)), animate=False)
            if turn == 60:
                app.theme = "textual-light"
            if turn == 90:
                await pilot.resize_terminal(50, 16)
            await pilot.pause()
            assert_rows_as_textual_draws(log, f"turn {turn}")
            whole = Region(0, 0, *log.outer_size)
            part = Region(3, 2, 20, whole.height - 3)  # a part (beneath a toast, a dialog)
            assert [r.text for r in log.render_lines(part)] == [
                r.text[3:23] for r in log.render_lines(whole)[2:-1]
            ]


async def test_an_undone_line_that_wraps_is_struck_over_its_words_only() -> None:
    """Tester's report: an undone line long enough to wrap was struck through the spaces
    that pad its first row to the panel's width too (and its last row's), not only over its
    words. On every row the strike runs from the row's first word to its last."""
    from companion.core.commands import Note
    from companion.core.i18n import msg

    steps = StepLog(TINY, TinyState())
    steps.do(Add(1))
    steps.do(Note.of(msg("ui.undo.done", step="Orlok moves to the Princess-of-the-Dawn's-castle")))
    steps.undo()
    app = LogApp(window=5)
    async with app.run_test(size=(36, 24)) as pilot:
        log = app.query_one("#followed", GameLog)
        log.follow(steps)
        await pilot.pause()
        rows_of_line = log._rows[-1]
        assert rows_of_line > 1  # the undone line wraps
        drawn = log.render_lines(Region(0, 0, *log.outer_size))
        struck_rows = 0
        for strip in drawn:
            cells = [(ch, bool(seg.style and seg.style.strike)) for seg in strip for ch in seg.text]
            runs, run = [], ""
            for ch, struck in [*cells, ("", False)]:
                if struck:
                    run += ch
                elif run:
                    runs.append(run)
                    run = ""
            for run in runs:  # a run of struck cells begins and ends on a word
                assert run == run.strip(), (strip.text, runs)
            if runs:  # and every word of the row is struck
                struck_rows += 1
                assert "".join(runs).replace(" ", "") == strip.text.strip("│ ").replace(" ", "")
        assert struck_rows == rows_of_line
