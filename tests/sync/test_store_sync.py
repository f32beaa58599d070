"""One game open in two instances on one database, SQLite or PostgreSQL (issue 10, "One game,
many devices"): every step, undo and redo is written only from the revision its instance last
saw; a stale one writes nothing, follows the other's steps and says what they were. Never a
fork: the stored history replays to the state both show."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import ChangedElsewhere, Elsewhere
from companion.core.i18n import Msg, set_language, tr
from companion.core.steplog import StepLog
from companion.store import Store, StoreError
from companion.store.verify import verify_game
from companion.store.version import SCHEMA_VERSION
from tests.postgres import fresh_database, pg_ctl, terminate_connections
from tests.store.conftest import open_store
from tests.tiny_game import TINY, Add, RollDie, TinyState

FIXTURE = Path(__file__).parents[1] / "fixtures" / "pre_flow_saves.db"


def add(n: int) -> Msg:
    return Msg("tiny.add", {"amount": n})


@pytest.fixture
def two(db_target):
    """Two stores on one database and the same game open in each."""
    a, b = open_store(db_target, snapshot_every=4), open_store(db_target, snapshot_every=4)
    game = a.new_game(TINY, TinyState(), "shared")
    yield a, b, game, b.open_game(game.id)
    a.close()
    b.close()


def test_a_step_made_elsewhere_is_followed_reading_only_the_new_steps(two):
    a, _, ga, gb = two
    for n in range(1, 6):
        ga.do(Add(n))
    assert gb.fetch_remote().steps and gb.follow(gb.fetch_remote()).done == tuple(
        add(n) for n in range(1, 6)
    )
    assert gb.fetch_remote() is None  # nothing new: one indexed read, nothing else
    ga.do(RollDie())
    remote = gb.fetch_remote()
    assert [idx for idx, _, _ in remote.steps] == [5]  # only the step it did not have
    gb.follow(remote)
    assert gb.state == ga.state and gb.cursor == ga.cursor == 6


def test_a_stale_step_writes_nothing_follows_and_says_what_came_first(two):
    a, _, ga, gb = two
    ga.do(Add(1))
    gb.follow(gb.fetch_remote())
    gb.do(Add(2))  # B's step, which A has not seen
    stored = a.open_game(ga.id)
    with pytest.raises(ChangedElsewhere) as refused:
        ga.do(Add(5))
    assert refused.value.elsewhere == Elsewhere(done=(add(2),))
    set_language("en")
    assert "changed on another device first (add 2)" in str(refused.value)
    assert ga.state == gb.state and ga.log.commands() == [Add(1), Add(2)]
    assert a.open_game(ga.id).log.commands() == stored.log.commands()  # nothing written
    assert verify_game(a, ga.id) == []


def test_a_stale_undo_and_a_stale_redo_are_refused_too(two):
    a, _, ga, gb = two
    for n in (1, 2, 3):
        ga.do(Add(n))
    gb.follow(gb.fetch_remote())
    gb.undo()  # B undoes "add 3"
    with pytest.raises(ChangedElsewhere) as refused:
        ga.undo()
    assert refused.value.elsewhere == Elsewhere(undone=(add(3),))
    assert ga.cursor == gb.cursor == 2 and ga.can_redo
    ga.redo()  # now in step: A redoes it
    with pytest.raises(ChangedElsewhere) as refused:
        gb.redo()
    assert refused.value.elsewhere == Elsewhere(done=(add(3),))
    assert gb.cursor == 3 and gb.state == ga.state
    assert verify_game(a, ga.id) == []


def test_a_step_after_an_undo_elsewhere_replaces_the_redo_tail_here(two):
    a, b, ga, gb = two
    for n in range(1, 10):  # past two kept snapshots
        ga.do(Add(n))
    gb.follow(gb.fetch_remote())
    for _ in range(6):
        gb.undo()
    gb.do(Add(100))
    change = ga.follow(ga.fetch_remote())
    assert change.undone == tuple(add(n) for n in range(9, 3, -1)) and change.done == (add(100),)
    assert ga.log.commands() == [Add(1), Add(2), Add(3), Add(100)] and not ga.can_redo
    assert ga.state.total == 106 == b.open_game(ga.id).state.total
    while ga.can_undo:  # the earlier states replay from what is stored now
        ga.undo()
    assert ga.state == TinyState()
    assert verify_game(a, ga.id) == []


def test_the_change_is_worded_with_the_last_lines_and_a_count():
    set_language("en")
    many = Elsewhere(done=tuple(add(n) for n in range(1, 6)), undone=(add(9),))
    assert tr(many.message) == "From another device: 3 earlier changes; add 3; add 4; add 5"
    assert tr(Elsewhere(undone=(add(9),)).message) == "From another device: undone: add 9"
    set_language("ja")
    assert tr(Elsewhere(undone=(add(9),)).message) == "別の端末から: 取り消し: 9 を足す"
    set_language("en")


OPS = st.lists(
    st.tuples(
        st.sampled_from("ab"),
        st.sampled_from(["add", "roll", "undo", "undo", "redo", "follow"]),
        st.integers(1, 9),
    ),
    max_size=40,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS)
def test_random_interleavings_never_fork_and_replay(db_target, ops):
    """Both instances play, undo, redo and follow in any order: the stored game is always one
    history, the one a single table would have made from the writes that were accepted."""
    a, b = open_store(db_target, snapshot_every=3), open_store(db_target, snapshot_every=5)
    try:
        ga = a.new_game(TINY, TinyState(), "random")
        sessions = {"a": ga, "b": b.open_game(ga.id)}
        model = StepLog(TINY, TinyState())  # the one history: every accepted write
        for who, op, n in ops:
            s = sessions[who]
            try:
                if op == "add":
                    s.do(Add(n))
                    model.do(Add(n))
                elif op == "roll":
                    s.do(RollDie())
                    model.do(RollDie())
                elif op == "undo":
                    s.undo() is not None and model.undo()
                elif op == "redo":
                    s.redo() is not None and model.redo()
                else:
                    s.follow(s.fetch_remote())
            except ChangedElsewhere:
                pass  # refused: nothing written, and s now shows the game as it is
            if op == "follow" or s.revision == max(x.revision for x in sessions.values()):
                assert s.log.commands() == model.commands() and s.cursor == model.cursor
                assert s.state == model.state
        for s in sessions.values():
            s.follow(s.fetch_remote())
            assert s.state == model.state and s.log.commands() == model.commands()
        assert verify_game(a, ga.id) == []
        again = a.open_game(ga.id)
        assert again.state == model.state and again.cursor == model.cursor
        assert again.log.commands() == model.commands()
    finally:
        a.close()
        b.close()


def test_old_saves_migrate_to_revisions_and_can_be_shared(tmp_path):
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    with Store.open(db) as a, Store.open(db) as b:
        gid = a.latest_game_id()
        ga, gb = a.open_game(gid), b.open_game(gid)
        assert ga.revision == gb.revision == 0
        ga.undo()
        with pytest.raises(ChangedElsewhere):
            gb.undo()
        assert gb.cursor == ga.cursor
        assert verify_game(a, gid) == []
    con = sqlite3.connect(db)
    try:
        assert con.execute("SELECT version FROM schema_version").fetchone() == (SCHEMA_VERSION,)
        assert con.execute(f"SELECT revision FROM games WHERE id={gid}").fetchone() == (1,)
    finally:
        con.close()


def test_a_postgresql_url_without_the_driver_names_the_extra(monkeypatch):
    set_language("en")
    monkeypatch.setitem(__import__("sys").modules, "psycopg", None)  # import psycopg fails
    with pytest.raises(StoreError) as err:
        Store.open("postgresql://club@db.example/games")
    assert "pip install 'table-companion[postgres]'" in str(err.value)
    assert "postgresql+psycopg://club@db.example/games" in str(err.value)


@pytest.fixture
def pg_url():
    yield from fresh_database()


@pytest.mark.parametrize("how", ["connections killed", "server stopped"])
def test_a_postgresql_server_gone_during_undo_is_a_message_and_loses_nothing(pg_url, how):
    """Issue 9, left open: the server goes away mid-session; the undo says so (no traceback)
    and changes nothing; once it is back the game goes on where it was."""
    set_language("en")
    with open_store(pg_url) as store:
        game = store.new_game(TINY, TinyState(), "club night")
        for n in (1, 2, 3):
            game.do(Add(n))
        if how == "server stopped":
            pg_ctl("stop", "-m", "fast")
        else:
            terminate_connections(pg_url)
        try:
            with pytest.raises(StoreError) as err:
                game.undo()
            text = str(err.value)
            assert "The last change was not made" in text and "database server" in text
            assert game.cursor == 3 and game.state.total == 6
        finally:
            if how == "server stopped":
                pg_ctl("start")
        assert game.undo() == Add(3)
        with open_store(pg_url) as again:
            back = again.open_game(game.id)
            assert back.cursor == 2 and back.log.commands() == [Add(1), Add(2), Add(3)]
