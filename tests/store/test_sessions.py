"""Games in the store: steps, undo/redo, resume (issue 2 "store"; design.md "Persistence")."""

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.core.game import Outcome
from companion.core.i18n import Msg
from companion.core.steplog import StepLog
from companion.store import Store, StoreError
from tests.store.conftest import open_store
from tests.tiny_game import TINY, Add, RollDie, TinyState


def rows(db_path, sql):
    con = sqlite3.connect(db_path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_steps_round_trip_through_a_reopened_file(any_db):
    """Resume: the app reopens a game exactly where it was (issue 2, store)."""
    with open_store(any_db) as store:
        game = store.new_game(TINY, TinyState(), "Friday")
        game.do(Add(2))
        game.do(RollDie())
        game.do(RollDie(entered=6))
        expected = game.state
        gid = game.id
    with open_store(any_db) as store:
        again = store.open_game(gid)
        assert again.state == expected
        assert again.title == "Friday"
        assert again.log.commands() == [Add(2), RollDie(), RollDie(entered=6)]


def test_log_do_directly_also_persists(any_db):
    """The step log's sink persists: the UI may call session.log.do (issue 2, store)."""
    with open_store(any_db) as store:
        game = store.new_game(TINY, TinyState(), "t")
        game.log.do(Add(4))
        gid = game.id
    with open_store(any_db) as store:
        assert store.open_game(gid).state.total == 4


def test_undo_redo_persisted_and_history_restored(any_db):
    """Resume restores the undo history and the redo tail (issue 2, store)."""
    with open_store(any_db) as store:
        game = store.new_game(TINY, TinyState(), "t")
        for n in (1, 2, 3, 4):
            game.do(Add(n))
        game.undo()
        game.undo()
        gid = game.id
    with open_store(any_db) as store:
        again = store.open_game(gid)
        assert again.state.total == 3
        assert [(h.index, h.undone) for h in again.history()] == [
            (1, False),
            (2, False),
            (3, True),
            (4, True),
        ]
        assert again.history()[0].description == Msg("tiny.add", {"amount": 1})
        assert again.redo() == Add(3)
        assert again.state.total == 6
        assert again.undo() == Add(3) and again.undo() == Add(2) and again.undo() == Add(1)
        assert again.state == TinyState() and not again.can_undo
    with open_store(any_db) as store:
        assert store.open_game(gid).state == TinyState()


def test_new_step_after_undo_drops_redo_tail_rows(db_path):
    """A new step after undo drops the redo tail, in the store too (issue 2, step log)."""
    with open_store(db_path, snapshot_every=2) as store:
        game = store.new_game(TINY, TinyState(), "t")
        for n in range(1, 7):
            game.do(Add(n))
        for _ in range(4):
            game.undo()
        game.do(Add(100))
        gid = game.id
    steps = rows(db_path, f"SELECT idx, command FROM steps WHERE game_id={gid} ORDER BY idx")
    assert [i for i, _ in steps] == [0, 1, 2]
    assert '"amount": 100' in steps[2][1]
    snaps = [i for (i,) in rows(db_path, f"SELECT idx FROM snapshots WHERE game_id={gid}")]
    assert max(snaps) == 3  # no snapshot of a dropped state survives
    assert rows(db_path, f"SELECT cursor, length FROM games WHERE id={gid}") == [(3, 3)]
    with open_store(db_path) as store:
        again = store.open_game(gid)
        assert again.state.total == 103 and not again.can_redo


def test_snapshot_policy_head_plus_kept(db_path):
    """Snapshots: one head at the cursor plus one kept every N steps (fast resume)."""
    with open_store(db_path, snapshot_every=4) as store:
        game = store.new_game(TINY, TinyState(), "t")
        for _ in range(10):
            game.do(Add(1))
        gid = game.id
        assert rows(db_path, f"SELECT idx, kept FROM snapshots WHERE game_id={gid}") == [
            (4, 1),
            (8, 1),
            (10, 0),
        ]
        game.undo()
        assert rows(db_path, f"SELECT idx, kept FROM snapshots WHERE game_id={gid}") == [
            (4, 1),
            (8, 1),
            (9, 0),
        ]
        game.undo()  # at a kept snapshot: no head needed
        assert rows(db_path, f"SELECT idx FROM snapshots WHERE game_id={gid}") == [(4,), (8,)]


def test_resumed_states_replay_lazily_and_match(any_db):
    """Earlier states of a resumed game are rebuilt by replay and equal the played ones."""
    with open_store(any_db, snapshot_every=5) as store:
        game = store.new_game(TINY, TinyState(), "t")
        played = [TinyState()]
        for n in range(23):
            game.do(RollDie() if n % 3 else Add(n))
            played.append(game.state)
        gid = game.id
    with open_store(any_db, snapshot_every=5) as store:
        again = store.open_game(gid)
        seen = [again.state]
        while again.can_undo:
            again.undo()
            seen.append(again.state)
        assert seen == played[::-1]


def test_failed_save_leaves_game_unchanged(db_path):
    """A step that cannot be saved is not made: StoreError, log and file as they were."""
    with open_store(db_path) as store:
        game = store.new_game(TINY, TinyState(), "t")
        game.do(Add(1))
        with store.engine.begin() as conn:  # a disk that refuses the write, simulated
            conn.exec_driver_sql(
                "CREATE TRIGGER refuse BEFORE INSERT ON steps BEGIN SELECT RAISE(ABORT, 'disk full'); END"
            )
        with pytest.raises(StoreError) as err:
            game.do(Add(5))
        assert "disk full" in str(err.value)
        assert game.state.total == 1 and len(game.log) == 1
        gid = game.id
    with open_store(db_path) as store:
        again = store.open_game(gid)
        assert again.state.total == 1 and len(again.log) == 1


def test_rule_error_writes_nothing(store):
    """An illegal command raises RuleError and records no step."""
    game = store.new_game(TINY, TinyState(), "t")
    with pytest.raises(RuleError):
        game.do(Add(-1))
    assert store.open_game(game.id).log.commands() == []


def test_list_games_newest_played_first_with_summary(store):
    """The resume list: title, game, summary, steps, last played (issue 2, ui home)."""
    a = store.new_game(TINY, TinyState(), "first")
    b = store.new_game(TINY, TinyState(), "second", catalog_name="demo")
    a.do(Add(7))
    a.do(Add(1))
    a.undo()
    infos = store.list_games()
    assert [i.title for i in infos] == ["first", "second"]
    first = infos[0]
    assert first.summary == Msg("tiny.summary", {"total": 7})
    assert first.steps == 1 and first.game_key == "tiny" and not first.finished
    assert first.last_played >= first.created and first.last_played.tzinfo is not None
    assert infos[1].catalog_name == "demo"
    b.do(Add(1))
    assert store.latest_game_id() == b.id
    assert store.latest_game_id("tiny") == b.id
    assert store.latest_game_id("unicornus") is None


class FinishingGame(type(TINY)):
    """The tiny game, won once the total reaches 10."""

    @staticmethod
    def outcome(state):
        if state.total < 10:
            return None
        return Outcome("won", Msg("tiny.summary", {"total": state.total}), ("Ann",), (("Ann", 10),))


def test_the_outcome_is_stored_when_a_game_ends_and_cleared_by_undo(any_db):
    """Issue 15, Finished games: the outcome is stored with the step that ends the game; undo
    clears it, redo brings it back."""
    with Store.open(any_db, games={"tiny": FinishingGame()}) as store:
        game = store.new_game(FinishingGame(), TinyState(), "t")
        game.do(Add(9))
        assert not store.list_games()[0].finished
        assert store.list_games()[0].outcome is None
        game.do(Add(1))
        info = store.list_games()[0]
        assert info.finished and info.outcome.result == "won"
        assert info.outcome.winners == ("Ann",) and info.outcome.scores == (("Ann", 10),)
        game.undo()
        assert not store.list_games()[0].finished and store.list_games()[0].outcome is None
        game.redo()
        assert store.list_games()[0].outcome.result == "won"


def test_a_save_from_before_outcomes_gets_its_outcome_when_opened(any_db):
    """Issue 15: saves made before outcomes were stored get them computed when opened."""
    with Store.open(any_db, games={"tiny": TINY}) as store:
        game = store.new_game(TINY, TinyState(), "t")
        game.do(Add(12))  # the plain tiny game knows no outcome: stored as none
        gid = game.id
    with Store.open(any_db, games={"tiny": FinishingGame()}) as store:
        assert store.list_games()[0].outcome is None
        store.open_game(gid)
        assert store.list_games()[0].outcome.result == "won"
        assert store.list_games()[0].finished


def test_delete_game(store, db_path):
    keep = store.new_game(TINY, TinyState(), "keep")
    gone = store.new_game(TINY, TinyState(), "gone")
    gone.do(Add(1))
    store.delete_game(gone.id)
    assert [i.id for i in store.list_games()] == [keep.id]
    assert rows(db_path, f"SELECT count(*) FROM steps WHERE game_id={gone.id}") == [(0,)]
    assert rows(db_path, f"SELECT count(*) FROM snapshots WHERE game_id={gone.id}") == [(0,)]
    with pytest.raises(StoreError, match=str(gone.id)):
        store.open_game(gone.id)


def test_unknown_game_key_is_a_clear_error(store):
    game = store.new_game(TINY, TinyState(), "t")
    with Store.open(store.label, games={}) as other:
        with pytest.raises(StoreError, match="tiny"):
            other.open_game(game.id)


def test_in_memory_url():
    """--db takes any SQLAlchemy URL; sqlite:// is in-memory (issue 2, store)."""
    with open_store("sqlite://") as store:
        game = store.new_game(TINY, TinyState(), "t")
        game.do(Add(3))
        game.do(Add(4))
        game.undo()
        again = store.open_game(game.id)
        assert again.state.total == 3 and again.can_redo
        store.set_setting("lang", "ja")
        assert store.get_setting("lang") == "ja"


def test_sqlite_url_to_a_file(db_path):
    with open_store(f"sqlite:///{db_path}") as store:
        store.new_game(TINY, TinyState(), "t").do(Add(1))
    with open_store(db_path) as store:
        assert store.list_games()[0].steps == 1


def test_file_runs_in_wal_mode(db_path, store):
    """WAL mode (design.md, Persistence)."""
    store.new_game(TINY, TinyState(), "t")
    assert rows(db_path, "PRAGMA journal_mode") == [("wal",)]


ops = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(0, 5)),
        st.tuples(st.just("roll"), st.none() | st.integers(1, 6)),
        st.just(("undo", None)),
        st.just(("redo", None)),
    ),
    max_size=25,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops, st.integers(1, 4))
def test_reopened_game_matches_memory(ops, every):
    """Any mix of steps, undos and redos reopens as the in-memory step log has it."""
    with open_store("sqlite://", snapshot_every=every) as store:
        game = store.new_game(TINY, TinyState(), "t")
        model = StepLog(TINY, TinyState())
        for op, arg in ops:
            if op == "add":
                game.do(Add(arg))
                model.do(Add(arg))
            elif op == "roll":
                game.do(RollDie(arg))
                model.do(RollDie(arg))
            elif op == "undo":
                game.undo()
                model.undo()
            else:
                game.redo()
                model.redo()
        again = store.open_game(game.id)
        assert again.log.commands() == model.commands()
        assert again.log.cursor == model.cursor
        assert again.state == model.state
        while again.can_redo:  # the redo tail replays to the same states
            again.redo()
            model.redo()
            assert again.state == model.state


def test_a_note_survives_resume_and_replay(any_db):
    """An automatic pick stays in the log after a resume; replaying past it rebuilds states."""
    from companion.core.commands import Note

    note = Note.of(Msg("core.choice.auto_picked", {"option": "space 3"}))
    with open_store(any_db, snapshot_every=2) as store:
        game = store.new_game(TINY, TinyState(), "notes")
        for cmd in (Add(1), note, Add(2), Add(3), note, Add(4)):
            game.do(cmd)
        gid = game.id
    with open_store(any_db, snapshot_every=2) as store:
        again = store.open_game(gid)
        assert again.history()[1].description == note.message
        for total in (6, 6, 3, 1, 1, 0):
            again.undo()
            assert again.state.total == total


def test_log_lines_survive_resume_as_written(any_db):
    """The log reads the same after a resume: lines are stored when the step is made."""
    from tests.core.test_steplog import TellingGame

    telling = TellingGame()
    with Store.open(any_db, games={"tiny": telling}) as store:
        game = store.new_game(telling, TinyState(), "lines")
        for cmd in (Add(2), Add(3), Add(4)):
            game.do(cmd)
        gid = game.id
    with Store.open(any_db, games={"tiny": telling}) as store:
        lines = [h.description.params["total"] for h in store.open_game(gid).history()]
    assert lines == [0, 2, 5]
