"""The scoring screen as the table's final moment (§4–§6): with 4–6 players at 120×40 the
winner, the tie-break and the standings stay in view while the breakdowns scroll; the screen
can be reopened from the game after scoring."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from companion.core.i18n import set_language
from companion.games.insurrection import GAME, EndPosition, engine, score
from companion.games.insurrection.commands import CorrectCount, EnterHand, ResolveEffect
from companion.ui.insurrection.scoring_screen import ScoringScreen, SheetView
from companion.ui.record import RecordScreen
from tests.insurrection.fixtures import tiny
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


class OneSheet(App):
    """A score sheet alone, of a position made for the test (the tiny catalog)."""

    def __init__(self, position: EndPosition) -> None:
        super().__init__()
        self.position = position

    def compose(self) -> ComposeResult:
        cat = tiny()
        yield SheetView(self.position, cat, sheet=score(cat, self.position))


def _position(hands: dict[str, tuple[str, ...]]) -> EndPosition:
    return EndPosition("good", "fortress", 0, (), tuple(hands.items()))


@pytest.mark.parametrize(
    ("hands", "standings", "winners"),
    [
        # nobody holds a leader: the tie is not broken, A and B share the win and 1st place
        (
            {"A": ("z", "z"), "B": ("z", "z"), "C": ("z",)},
            "1. A 2 · 1. B 2 · 3. C 1",
            {"A", "B"},
        ),
        # B holds the lowest-initiative leader: first alone, said so; A and C share 2nd
        (
            {"A": ("hi", "z"), "B": ("low", "z"), "C": ("z", "z")},
            "1. B 2 · 2. A 2 · 2. C 2",
            {"B"},
        ),
    ],
)
async def test_tied_players_share_a_place_unless_the_tie_break_parts_them(
    hands, standings, winners
):
    """§4: a tie goes to the tied player holding the lowest-initiative leader, and the sheet
    says so; players it does not part share their place (the tester saw equal totals ranked
    1st and 2nd with no tie-break said), and everyone sharing the win is marked winner."""
    set_language("en")
    app = OneSheet(_position(hands))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        summary = str(app.query_one("#summary", Static).render())
        assert standings in summary
        if len(winners) == 1:
            assert "B holds low (initiative 3), the lowest-initiative leader, and wins" in summary
        else:
            assert "they share the win" in summary
        marked = {str(p.border_title).split(" — ")[0] for p in app.query(".player.winner")}
        assert marked == winners
