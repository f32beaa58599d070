"""A save written before the flow moved into the engine (issue 15) resumes exactly:
tests/fixtures/pre_flow_saves.db game 3 is a demo game after round 1 (§3: the March of round
2 is next), with the state and log lines the old code showed (pre_flow_saves.json)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from textual.widgets import Static

from companion.core import codec
from companion.core.game import Step
from companion.core.i18n import set_language, tr
from companion.games.insurrection import GAME
from companion.games.insurrection.commands import March
from companion.store import Store
from companion.ui.insurrection.board import InsurrectionScreen
from tests.insurrection_ui.helpers import resume_app

FIXTURES = Path(__file__).parents[1] / "fixtures"
GAME_ID = 3


@pytest.fixture
def store(tmp_path):
    db = tmp_path / "saves.db"
    shutil.copy(FIXTURES / "pre_flow_saves.db", db)  # never the fixture itself
    s = Store.open(db)
    yield s
    s.close()
    set_language("en")


@pytest.fixture
def saved():
    return json.loads((FIXTURES / "pre_flow_saves.json").read_text(encoding="utf-8"))[str(GAME_ID)]


def test_the_old_save_resumes_with_its_state_and_log(store, saved):
    set_language("en")
    session = store.open_game(GAME_ID)
    assert session.game is GAME and session.cursor == saved["cursor"]
    assert session.state == codec.from_plain(GAME.state_type, saved["state"])
    assert [tr(h.description) for h in session.history()] == saved["log"]


def test_the_moment_is_what_the_old_screen_offered(store):
    """The old screen offered the March of round 2 (space or m), corrections and "show me my
    hand" (the app's deck); now: the March as the app's step, waiting for the table."""
    state = store.open_game(GAME_ID).state
    m = GAME.moment(state)
    land = state.catalog.land(state.path[1])
    assert m.next == Step(March(cards=state.deck[: land.reveal]), m.next.reason)
    assert m.next.confirm
    assert m.allowed == {"look", "correct"}
    set_language("en")
    assert tr(m.prompt) == "Round 2: March onto Moor and reveal 2 cards"


async def test_the_screen_resumes_there_and_marches_on_the_advance_key(store, saved):
    app = resume_app(store, GAME_ID)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, InsurrectionScreen)
        assert screen.session.cursor == saved["cursor"]  # nothing taken on resume
        assert "Round 2: March onto Moor" in str(screen.query_one("#next", Static).render())
        await pilot.press("n")
        await pilot.pause()
        assert screen.state.round == 2 and screen.session.cursor == saved["cursor"] + 1
