"""A Magical Friends save written before the flow moved into the engine (issue 15) resumes
exactly: tests/fixtures/pre_flow_saves.db game 4, round 3 after the lava rose, artifacts to
enter (see tests/fixtures/make_pre_flow_saves.py)."""

import json
import shutil
from pathlib import Path

from companion.core import codec
from companion.core.game import Entry
from companion.core.i18n import set_language, tr
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.magical_friends.forms import ArtifactsForm

from .helpers import keys, screen_state

FIXTURES = Path(__file__).parents[1] / "fixtures"
GAME_ID = 4


def _copy(tmp_path) -> Path:
    db = tmp_path / "pre_flow.db"
    shutil.copy(FIXTURES / "pre_flow_saves.db", db)
    return db


async def test_the_old_save_resumes_with_its_state_log_and_moment(tmp_path):
    """The state, cursor and log lines are as the old code showed them; the moment is what
    the old screen offered there: the artifacts to enter (its "a" key), nothing else."""
    expected = json.loads((FIXTURES / "pre_flow_saves.json").read_text())[str(GAME_ID)]
    store = Store.open(_copy(tmp_path))
    try:
        set_language("en")
        session = store.open_game(GAME_ID)
        assert session.game.key == expected["game_key"] == "magical-friends"
        assert session.cursor == expected["cursor"]
        state_type = session.game.state_type
        assert codec.load(state_type, json.dumps(expected["state"])) == session.state
        now = json.loads(codec.dump(session.state, state_type))
        assert now.pop("tie_picks") == []  # the fields added since, at their defaults
        assert all(kind.pop("ability") is None for kind in now["kinds"])  # issue 23
        assert all(art.pop("bonus") is None for art in now["artifacts"])
        assert now == expected["state"]
        assert [tr(h.description) for h in session.history()] == expected["log"]
        moment = session.game.moment(session.state)
        assert isinstance(moment.next, Entry) and moment.next.kind == "magical_friends.artifacts"
        assert moment.allowed == {"artifacts", "end_game", "correct"}
        app = create_app(store, Start("resume", game_id=GAME_ID), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert screen_state(app) == session.state
            await keys(pilot, "a")
            assert isinstance(app.screen, ArtifactsForm)
            await keys(pilot, "7", "enter", "1", "enter", "2", "enter")
            assert screen_state(app).turn_order == (0, 2, 1)
    finally:
        store.close()
        set_language("en")
