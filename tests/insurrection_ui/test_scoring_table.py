"""The scoring screen as the table's final moment (§4–§6): with 4–6 players at 120×40 the
winner, the tie-break and the standings stay in view while the breakdowns scroll; the screen
can be reopened from the game after scoring."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from companion.games.insurrection import GAME, engine
from companion.games.insurrection.commands import CorrectCount, EnterHand, ResolveEffect
from companion.ui.insurrection.scoring_screen import ScoringScreen, SheetView
from companion.ui.record import RecordScreen
from tests.insurrection_ui.helpers import demo_state, play_round, resume_app

SIX = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Fay")
MORE = ("knight", "miner", "herder", "scribe", "jackal", "hermit", "wisp", "oracle", "pikeman")


def finished(store, players, extra: int = 0) -> int:
    """A demo game played to the end; each player's hand gets ``extra`` more distinct cards
    (long hands, as a real box's end can have)."""
    session = store.new_game(GAME, demo_state(5, players), "Six at the table", "demo")
    while session.state.phase not in ("hands", "effects", "over"):
        play_round(session)
    for p in session.state.players:
        if extra:  # the table finds more cards in the hand than the app counted: corrected
            hidden = session.state.hand(p).hidden + extra
            session.do(CorrectCount(count=hidden, player=p))
        held = engine.prefill(session.state, p)
        cat = session.state.catalog
        more = [c for c in MORE if held.count(c) < (cat.card(c).copies or 0)]  # §1: the box's
        session.do(EnterHand(player=p, cards=(*held, *more[:extra])))
    while (due := engine.next_effect(session.state)) is not None:
        session.do(ResolveEffect(player=due[0], card=due[1]))
    return session.id


@pytest.mark.parametrize("players", [SIX[:4], SIX[:5], SIX])
async def test_winner_and_standings_in_view_with_4_to_6_players(store, players):
    """§4: the demo deals 2 leaders to each of up to 6 players; at 120×40 the summary names
    the winner and ranks every player with their total, above the breakdowns."""
    app = resume_app(store, finished(store, players, extra=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoringScreen) and screen.sheet is not None
        summary = screen.query_one("#summary", Static)
        text = str(summary.render())
        sheet = screen.sheet
        assert f"{sheet.winner} wins" in text or "Tie at" in text
        ranked = sorted(sheet.players, key=lambda p: -(p.total or 0))
        for p in ranked:
            assert f"{p.player} {p.total}" in text
        assert summary.region.y >= 1 and summary.region.bottom <= 38  # on screen, not scrolled
        panels = screen.query(".player")
        assert len(panels) == len(players)
        assert panels.first().border_title.startswith(ranked[0].player)  # the winner first


async def test_breakdowns_scroll_and_summary_stays(store):
    """6 long hands do not fit at 120×40: Page Down scrolls the breakdowns to the last
    player's panel while the winner stays on screen."""
    app = resume_app(store, finished(store, SIX, extra=8))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        screen = app.screen
        scroll = screen.query_one("#breakdowns")
        assert scroll.max_scroll_y > 0 and scroll.has_focus
        summary = screen.query_one("#summary", Static)
        top = summary.region
        for _ in range(6):
            await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        assert summary.region == top and "wins" in str(summary.render())


async def test_scores_reopen_from_the_game_after_scoring(store):
    """After scoring the game screen keeps the scores one key away: Escape back to the
    board, f opens them again; Space (the outcome) opens the game's record, whose panel is
    the same score sheet."""
    app = resume_app(store, finished(store, SIX[:4]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        for key, shown in (
            ("f", ScoringScreen),
            ("escape", type(board)),
            ("space", RecordScreen),
            ("escape", type(board)),
            ("f", ScoringScreen),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, shown)
            assert (app.screen is board) == (key == "escape")
        record_sheet = app.screen_stack[-1].query_one(SheetView).sheet
        assert record_sheet == engine.final_score(board.state)
