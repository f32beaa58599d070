"""Saves made before the flow moved into the engine (issue 15) resume exactly: games 1 and 2
of ``tests/fixtures/pre_flow_saves.db`` stopped in round 1's Empire phase (§5.2) after the
table's (1) or the app's (2, "pick ties automatically", §5.3) pick of a tied unit, kept then
as a ``core.Note`` step. Read through ``GAME.upgrade`` the Note is the typed pick, the state
records it, the tie is not asked again and the Empire moves the unit where it was picked."""

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from companion.core import codec
from companion.core.commands import Note
from companion.core.game import Ask, Step, decide
from companion.core.i18n import Msg, set_language, tr
from companion.games.unicornus import GAME, UKState
from companion.games.unicornus.autoplay import POLICY
from companion.games.unicornus.commands import (
    MoveEmpire,
    PickEmpireMove,
    SettleConflict,
    StayAndFight,
)
from companion.store import Store

FIXTURES = Path(__file__).parents[1] / "fixtures"
EXPECTED = json.loads((FIXTURES / "pre_flow_saves.json").read_text(encoding="utf-8"))
PICKED = {1: (21, 23, False), 2: (21, 22, True)}  # unit on 4.0 → 4.2 (table) / 4.1 (app)


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "saves.db"
    shutil.copy(FIXTURES / "pre_flow_saves.db", path)  # never the fixture itself
    s = Store.open(path)
    set_language("en")
    yield s
    s.close()


@pytest.mark.parametrize("game_id", [1, 2])
def test_an_older_save_resumes_with_its_pick_typed(store, game_id):
    session = store.open_game(game_id)
    want = EXPECTED[str(game_id)]
    assert session.cursor == want["cursor"]
    assert [tr(h.description) for h in session.history()] == want["log"]
    unit, to, by_app = PICKED[game_id]
    last = session.log.commands()[-1]
    assert last == PickEmpireMove(unit, to) and last.by_app is by_app
    old = codec.load(UKState, json.dumps(want["state"]))
    # replayed today, the reveal also records its round (the header shows this round's card)
    assert session.state == replace(old, empire_picks=((unit, to),), event_round=old.round)


@pytest.mark.parametrize("game_id", [1, 2])
def test_the_resumed_moment_does_not_ask_the_pick_again_and_the_empire_follows_it(store, game_id):
    """§5.2: pressing on moves the unit where it was picked (4.2 for game 1)."""
    session = store.open_game(game_id)
    resumed, cursor = session.state, session.cursor
    unit, to, _ = PICKED[game_id]
    for _ in range(10):
        m = GAME.moment(session.state)
        if isinstance(m.next, Ask):
            assert not any(
                isinstance(c, PickEmpireMove) and c.unit == unit for c in m.next.commands
            )
        if isinstance(m.next, Step) and isinstance(m.next.command, MoveEmpire):
            assert (unit, to) in m.next.command.moves
            session.do(m.next.command)
            break
        session.do(decide(m, session.state, POLICY))
    else:
        raise AssertionError("the Empire did not move")
    assert session.state.unit_at(to) is not None and session.state.empire_picks == ()
    if game_id == 1:
        assert session.state.board.names[to] == "4.2"
    # the resumed game steps back over the upgraded pick and forth again
    while session.cursor > cursor - 1:
        session.undo()
    assert session.state.empire_picks == ()
    session.redo()
    assert session.state == resumed


def test_upgrade_turns_only_the_old_pick_notes_into_commands():
    def note(key, **params):
        return Note.of(Msg(key, params))

    assert GAME.upgrade(note("unicornus_ui.pick.conflict_auto", at=5, winner=3, losers=[4])) == (
        SettleConflict(5, 3, (4,))
    )
    assert GAME.upgrade(note("unicornus_ui.pick.conflict_auto", at=5, winner=3, losers=[4])).by_app
    assert GAME.upgrade(note("unicornus_ui.pick.no_retreat", who="bertram")) == StayAndFight(
        "bertram"
    )
    other = note("unicornus_ui.pick.tie", reason="r", pick="p")
    assert GAME.upgrade(other) is other
    broken = note("unicornus_ui.pick.empire_step", origin="4.0")  # no unit: left as it was
    assert GAME.upgrade(broken) is broken
    assert GAME.upgrade(MoveEmpire(())) == MoveEmpire(())
