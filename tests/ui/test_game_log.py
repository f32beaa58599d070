"""The game log panel follows the step log incrementally and shows what a full redraw shows."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult

from companion.core.steplog import StepLog
from companion.ui.widgets.game_log import GameLog
from tests.tiny_game import TINY, Add, TinyState


class LogApp(App):
    def __init__(self, window: int) -> None:
        super().__init__()
        self.window = window

    def compose(self) -> ComposeResult:
        yield GameLog(window=self.window, id="followed")
        yield GameLog(window=self.window, id="fresh")


def rows(log: GameLog) -> list[str]:
    return [strip.text for strip in log.lines]


async def test_follow_matches_a_full_redraw_after_steps_undos_and_redos() -> None:
    steps = StepLog(TINY, TinyState())
    app = LogApp(window=12)
    rnd = random.Random(3)
    async with app.run_test(size=(60, 30)) as pilot:
        followed = app.query_one("#followed", GameLog)
        for _ in range(300):
            move = rnd.random()
            if move < 0.55:
                steps.do(Add(rnd.randint(1, 9999)))
            elif move < 0.8:
                steps.undo()
            else:
                steps.redo()
            followed.follow(steps)
            if rnd.random() < 0.2:
                await pilot.pause()
                fresh = app.query_one("#fresh", GameLog)
                fresh.clear()
                fresh._shown, fresh._rows = [], []
                fresh.follow(steps)
                assert rows(followed) == rows(fresh)
                tail = steps.history_tail(12)
                assert len(followed._shown) == len(tail) <= 12
                assert [h.index for h in followed._shown] == [h.index for h in tail]


async def test_follow_renders_only_what_changed() -> None:
    steps = StepLog(TINY, TinyState())
    app = LogApp(window=50)
    async with app.run_test(size=(60, 30)) as pilot:
        log = app.query_one("#followed", GameLog)
        for i in range(40):
            steps.do(Add(i + 1))
        log.follow(steps)
        await pilot.pause()
        written = []
        original = log.write
        log.write = lambda content, **kw: (written.append(content), original(content, **kw))[1]
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
