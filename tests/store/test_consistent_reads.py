"""A second device opening or following a game while another plays fast (issue 25): what it
reads is one moment of the game, never a false "looks damaged". The games row, the steps and
the state at the cursor are read in one read transaction; a snapshot read later (an earlier
state, for undo or History) is taken only while no step before it was written since, else the
session replays its own steps. On SQLite and on PostgreSQL."""

from __future__ import annotations

import random
import threading

import pytest

from companion.core.commands import apply_command
from companion.store.errors import StoreError
from tests.store.conftest import open_store
from tests.tiny_game import TINY, Add, TinyState


def replayed(session, n: int) -> TinyState:
    state = TinyState()
    for cmd in session.log.commands()[:n]:
        state = apply_command(TINY, state, cmd)
    return state


def every_state_is_its_replay(session) -> None:
    for n in range(session.cursor, -1, -1):  # newest first: the snapshots are read lazily
        assert session._state_at(n) == replayed(session, n), n


def test_a_snapshot_rewritten_elsewhere_is_replayed_not_read(any_db):
    """Another device undoes below a kept snapshot and plays on past it: the snapshot at that
    index now holds a state of other steps; this device's earlier states stay its own."""
    with (
        open_store(any_db, snapshot_every=4) as here,
        open_store(any_db, snapshot_every=4) as there,
    ):
        game = here.new_game(TINY, TinyState(), "t")
        for _ in range(10):
            game.do(Add(1))
        mine = here.open_game(game.id)  # the state at 10 is read; 4 and 8 are kept snapshots
        other = there.open_game(game.id)
        for _ in range(7):
            other.undo()
        for _ in range(8):
            other.do(Add(5))  # steps 4..11 rewritten: snapshots 4 and 8 hold other totals
        assert mine._state_at(8).total == 8 and mine._state_at(4).total == 4
        every_state_is_its_replay(mine)
        mine.follow(mine.fetch_remote())
        assert mine.state.total == 3 + 8 * 5
        every_state_is_its_replay(mine)


def test_repeated_opens_beside_a_fast_writer_never_see_damage(any_db):
    """One device plays fast (steps, undos, redos, a few hundred writes); another opens the
    game over and over meanwhile and reads every state. Each open is consistent: the state
    at the cursor and every earlier one are the replay of the steps it read."""
    writes = 400
    with open_store(any_db, snapshot_every=2) as w, open_store(any_db, snapshot_every=2) as r:
        game = w.new_game(TINY, TinyState(), "t")
        for _ in range(6):
            game.do(Add(1))
        done, failed = threading.Event(), []

        def writer() -> None:
            rnd = random.Random(25)
            try:
                for _ in range(writes):
                    pick = rnd.random()
                    if pick < 0.3 and game.can_undo:
                        game.undo()
                    elif pick < 0.45 and game.can_redo:
                        game.redo()
                    else:
                        game.do(Add(rnd.randint(1, 3)))
            except Exception as exc:  # noqa: BLE001  (said by the assertion below)
                failed.append(exc)
            finally:
                done.set()

        thread = threading.Thread(target=writer)
        thread.start()
        opens, problems = 0, []
        while not done.is_set() or opens < 5:
            try:
                every_state_is_its_replay(r.open_game(game.id))
            except StoreError as exc:
                problems.append(str(exc))
            opens += 1
        thread.join()
    assert not failed, failed
    assert not problems, f"{len(problems)} of {opens} opens: {problems[:3]}"


def test_damage_is_worded_for_its_backend(any_db):
    """Real damage is still said, and the advice fits the backend: `sqlite3` for a file,
    never for a database server (it told PostgreSQL users to run it on the address)."""
    from sqlalchemy import delete, update

    from companion.store.session import STEPS
    from companion.store.store import SETTINGS

    with open_store(any_db) as store:
        game = store.new_game(TINY, TinyState(), "t")
        game.do(Add(1))
        game.do(Add(2))
        store.set_setting("x", 1)
        with store._begin() as conn:
            conn.execute(delete(STEPS).where(STEPS.c.game_id == game.id, STEPS.c.idx == 0))
            conn.execute(update(SETTINGS).where(SETTINGS.c.key == "x").values(value="{"))
        with pytest.raises(StoreError) as gap:
            store.open_game(game.id)
        with pytest.raises(StoreError) as row:
            store.get_setting("x")
        server = store.server
    for said in (str(gap.value), str(row.value)):
        assert ("sqlite3" in said) != server, said
