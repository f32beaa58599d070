from hypothesis import given
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.core.i18n import Msg
from companion.core.steplog import StepLog
from tests.tiny_game import TINY, Add, RollDie, TinyState


def test_do_undo_redo():
    log = StepLog(TINY, TinyState())
    log.do(Add(2))
    log.do(Add(3))
    assert log.state.total == 5
    assert log.undo() == Add(3)
    assert log.state.total == 2
    assert log.redo() == Add(3)
    assert log.state.total == 5
    assert log.redo() is None


def test_new_step_drops_redo_tail():
    log = StepLog(TINY, TinyState())
    log.do_all([Add(1), Add(2), Add(3)])
    log.undo()
    log.undo()
    log.do(Add(10))
    assert [c for c in log.commands()] == [Add(1), Add(10)]
    assert not log.can_redo
    assert log.state.total == 11


def test_illegal_command_leaves_state():
    log = StepLog(TINY, TinyState())
    log.do(Add(1))
    try:
        log.do(Add(-5))
    except RuleError:
        pass
    else:
        raise AssertionError("expected RuleError")
    assert log.state.total == 1 and len(log) == 1


def test_history_marks_redo_tail():
    log = StepLog(TINY, TinyState())
    log.do_all([Add(1), Add(2)])
    log.undo()
    lines = log.history()
    assert [(h.index, h.undone) for h in lines] == [(1, False), (2, True)]
    assert lines[0].description.key == "tiny.add"


def test_undo_then_redo_gives_same_roll():
    log = StepLog(TINY, TinyState())
    log.do_all([RollDie(), RollDie()])
    first = log.state.rolls
    log.undo()
    log.undo()
    log.redo()
    log.redo()
    assert log.state.rolls == first
    # a fresh log with the same seed rolls the same
    again = StepLog(TINY, TinyState())
    again.do_all([RollDie(), RollDie()])
    assert again.state.rolls == first


def test_roll_entered_from_table_does_not_consume_randomness():
    log = StepLog(TINY, TinyState())
    log.do(RollDie(entered=4))
    assert log.state.rolls == (4,) and log.state.rng.draws == 0


class FailingSink:
    def record(self, index, cmd, state, line):
        raise OSError("disk full")

    def move_cursor(self, cursor):
        raise OSError("disk full")


def test_failed_save_leaves_log_unchanged():
    log = StepLog(TINY, TinyState())
    log.do(Add(1))
    log.sink = FailingSink()
    for action in (lambda: log.do(Add(1)), log.undo):
        try:
            action()
        except OSError:
            pass
    assert log.state.total == 1 and log.cursor == 1 and len(log) == 1


@given(st.lists(st.one_of(st.integers(0, 5).map(Add), st.just("undo"), st.just("redo"))))
def test_undo_redo_matches_replay(actions):
    """Whatever the sequence, the state equals a replay of the applied commands."""
    log = StepLog(TINY, TinyState())
    for a in actions:
        if a == "undo":
            log.undo()
        elif a == "redo":
            log.redo()
        else:
            log.do(a)
    replay = StepLog(TINY, TinyState())
    replay.do_all(log.commands()[: log.cursor])
    assert replay.state == log.state


def test_a_note_is_logged_and_changes_nothing():
    """design.md §5.3 of the Unicornus spec: an automatic pick is logged as a pick."""
    from companion.core.codec import dump_command, load_command
    from companion.core.commands import Note
    from companion.core.i18n import Msg

    log = StepLog(TINY, TinyState())
    log.do(Add(2))
    note = Note.of(Msg("core.choice.auto_picked", {"option": Msg("tiny.add", {"amount": 1})}))
    log.do(note)
    assert log.state == TinyState(total=2) and len(log) == 2
    assert log.history()[-1].description == note.message
    assert load_command(dump_command(note)) == note
    assert note.message.params["option"] == Msg("tiny.add", {"amount": 1})
    log.undo()
    assert log.state.total == 2 and log.can_redo


class TellingGame(type(TINY)):
    """The tiny game, with log lines that read the state (as real games' do)."""

    def describe(self, before, cmd, after):
        return Msg("tiny.summary", {"total": before.total, "after": after.total})


def test_log_lines_are_written_from_the_states_on_both_sides_of_each_step():
    log = StepLog(TellingGame(), TinyState())
    log.do_all([Add(2), Add(3), Add(4)])
    assert [h.description.params["total"] for h in log.history()] == [0, 2, 5]
    assert [h.description.params["after"] for h in log.history()] == [2, 5, 9]
