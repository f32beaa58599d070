"""The crash test (issue 2, quality rails): a child applies steps and is killed with SIGKILL;
reopening finds every committed step and a consistent state."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.steplog import StepLog
from tests.store.conftest import open_store
from tests.store.crash_child import op
from tests.tiny_game import TINY, TinyState

ROOT = Path(__file__).resolve().parents[2]


def replay(ops: int) -> StepLog:
    """What the child's game is after its first ``ops`` operations."""
    log = StepLog(TINY, TinyState())
    for k in range(ops):
        action = op(k)
        if action == "undo":
            log.undo()
        else:
            log.do(action)
    return log


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("kill_after", [15, 60, 140])
def test_sigkill_loses_no_committed_step(tmp_path, kill_after):
    db = tmp_path / "crash.db"
    child = subprocess.Popen(
        [sys.executable, "-c", f"from tests.store.crash_child import main; main({str(db)!r})"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        game_id = int(child.stdout.readline().split()[1])
        printed = -1
        while printed < kill_after:
            line = child.stdout.readline()
            assert line.startswith("op "), line
            printed = int(line.split()[1])
        os.kill(child.pid, signal.SIGKILL)  # mid-loop: likely inside a transaction
        child.wait(timeout=10)
        for line in child.stdout:  # lines written before the kill still count
            printed = int(line.split()[1])
    finally:
        if child.poll() is None:
            child.kill()
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL

    with open_store(db) as store:
        game = store.open_game(game_id)
        commands, cursor = game.log.commands(), game.log.cursor
        # every printed operation committed; at most one more committed but was not printed
        candidates = [replay(printed + 1), replay(printed + 2)]
        matches = [log for log in candidates if (log.commands(), log.cursor) == (commands, cursor)]
        assert matches, (printed, cursor, len(commands))
        # consistent: the stored state at the cursor equals a replay of the stored commands
        fresh = StepLog(TINY, TinyState())
        fresh.do_all(commands[:cursor])
        assert game.state == fresh.state == matches[0].state
        # and the whole history replays to the same states, undo by undo
        while game.can_undo:
            game.undo()
            fresh.undo()
            assert game.state == fresh.state
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
