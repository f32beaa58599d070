"""Keys at table speed (issue 21): a burst and the same keys typed one at a time give the same
game. ``m 1 7`` typed as one burst recorded the move 0 times in 3, and ``s 1 t`` typed twice
as bursts recorded one summon instead of two, while workers opened the dialogs; now each
question is a lead the driver opens at once (spec §4 summon, §5 moves)."""

from __future__ import annotations

import pytest

from companion.ui.app import Start, create_app
from tests.ui.keys import handed_out
from tests.ui.storm import burst

from .helpers import ARTIFACTS_RED_FIRST, keys, play_to_round_3, saved_game, screen_state

SEQUENCES = [
    # round 3 of the saved game, Red first: Red's toad moves 7 steps (p2 → …), ends the turn
    (*ARTIFACTS_RED_FIRST, "m", "1", "7", "t"),
    # Red summons an Ember Imp on the start (not its Portal p2), Green one too (no Portal:
    # not asked where); each ends the turn
    (*ARTIFACTS_RED_FIRST, "s", "2", "1", "t", "s", "2", "t"),
]


async def _played(store, sent, at_once: bool):
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, *sent[:7])  # the artifacts form, then the turn's keys
        if at_once:
            burst(app, *sent[7:])
        else:
            await keys(pilot, *sent[7:])
        await handed_out(pilot)
        return screen_state(app), [str(h.description) for h in app.screen.session.history()]


@pytest.mark.parametrize("sent", SEQUENCES, ids=["move", "summons"])
async def test_a_burst_plays_as_the_same_keys_typed_one_at_a_time(store, sent):
    slow_state, slow_log = await _played(store, sent, at_once=False)
    assert len(slow_log) == (24 if len(sent) == 11 else 26)  # 21 saved, then the keys
    fast_state, fast_log = await _played(store, sent, at_once=True)
    assert fast_log == slow_log
    assert fast_state == slow_state
