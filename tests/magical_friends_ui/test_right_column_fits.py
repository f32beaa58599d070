"""The right column of the Magical Friends screen fits above the footer, and its panels never
hide lines without a sign (issue 26 tester report: at 80x24 with a three-line footer, a
wizard with two creatures racing made "This turn" ten lines high, the column one row taller
than the room left, and the game log's bottom border went under the footer; "This turn" cut
its last lines, the magic power, with no scrollbar)."""

from __future__ import annotations

import pytest

from companion.core.i18n import set_language
from companion.games.magical_friends import SLAIN
from companion.ui.app import Start, create_app
from companion.ui.widgets.footer import Footer

from .helpers import ARTIFACTS_RED_FIRST, keys, play_to_round_3, saved_game


def hides_lines_silently(screen, selector: str) -> bool:
    """Whether the panel's words take more lines than are on screen with no scrollbar shown
    by what holds them."""
    panel = screen.query_one(selector)
    needed = panel.get_content_height(panel.size, screen.app.size, panel.content_region.width)
    holder = panel.parent
    shown = panel.content_region.intersection(holder.scrollable_content_region).height
    if needed <= shown:
        return False
    try:
        screen.find_widget(holder.vertical_scrollbar)
    except Exception:  # textual.errors.NoWidget: no scrollbar on screen
        return True
    return False


@pytest.mark.parametrize(
    ("size", "lang"), [((80, 24), "en"), ((80, 24), "ja"), ((100, 30), "en"), ((120, 40), "en")]
)
async def test_the_log_keeps_its_border_and_this_turn_shows_more_follows(store, size, lang):
    """Issue 26 tester report: Red's turn in round 3 with a Puddle Toad racing and a Moss
    Knight just summoned, the footer three lines high (it keeps the lines the round's start
    needed): the game log ends above the footer, and "This turn" shows all its lines or a
    scrollbar."""
    session = saved_game(store)
    play_to_round_3(session)
    set_language(lang)
    app = create_app(store, Start("resume", game_id=session.id), lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        # back to before the round's start and forward again: the footer took the lines the
        # round's start needs (three at 80 columns) and keeps them
        await keys(pilot, "ctrl+z", "ctrl+y", *ARTIFACTS_RED_FIRST, "s", "1", "1")
        screen = app.screen
        state = screen.state
        assert len([c for c in state.creatures if c.owner == 0 and c.where != SLAIN]) >= 2
        footer = screen.query_one(Footer).region
        if size == (80, 24):
            assert footer.height == 3
        log = screen.query_one("#mf-log").region
        assert log.height >= 3  # its border and a line
        assert log.bottom <= footer.y, (log, footer)
        assert screen.query_one("#mf-right").region.bottom <= footer.y
        assert not hides_lines_silently(screen, "#mf-turn")
        assert not hides_lines_silently(screen, "#mf-events")
