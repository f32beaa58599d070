"""``companion verify`` on the saves written before the flow moved into the engines (issue 15,
issue 9): their old Note picks are upgraded to typed commands, and the snapshots written before
that are replayed, not reported as damage."""

import shutil
from pathlib import Path

from companion.cli import main

FIXTURE = Path(__file__).parents[1] / "fixtures" / "pre_flow_saves.db"


def test_the_pre_flow_saves_verify_consistent(tmp_path, capsys):
    db = tmp_path / "saves.db"
    shutil.copy(FIXTURE, db)
    assert main(["--db", str(db), "verify", "--all"]) == 0
    out = capsys.readouterr().out
    assert "4 game(s) checked, 0 problems" in out
