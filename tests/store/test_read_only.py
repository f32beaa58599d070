"""A read-only save (a backup on read-only media, a shared folder) opens read-only (issue 25):
browsing, History, the record, stats, export, verify and catalog check work; every step says
"this save is read-only"; nothing crashes and the file is left as it was."""

from __future__ import annotations

import hashlib
import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.game import play
from companion.games.registry import get_game, load_game_catalog, sensible_table
from companion.store import Store
from companion.store.errors import StoreError
from tests.hardening.fuzz_support import read_only


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    assert "Traceback" not in err.getvalue() and code != 70, err.getvalue()
    return code, out.getvalue(), err.getvalue()


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.fixture
def save(tmp_path) -> Path:
    """A save with a finished Insurrection game (1) and a Unicornus game under way (2)."""
    path = tmp_path / "backup" / "saves.db"
    path.parent.mkdir()
    assert run("--db", str(path), "demo", "insurrection", "--autoplay")[0] == 0
    with Store.open(path) as store:
        game, catalog = get_game("unicornus"), load_game_catalog("unicornus", "demo")
        policy, setup = sensible_table("unicornus", 2)
        state = game.new_game(setup(catalog, 3), catalog, 2)
        session = store.new_game(game, state, "under way", "demo")
        for n, _ in enumerate(play(game, state, policy, do=session.do)):
            if n == 12:
                break
    return path


def test_every_reading_command_works_and_writes_say_read_only(save, tmp_path):
    before = digest(save.parent)
    game_file = tmp_path / "game.json"
    assert run("--db", str(save), "export", "1", "--out", str(game_file))[0] == 0
    with read_only(save.parent):
        db = str(save)
        for args in (
            ["list"],
            ["verify", "--all"],
            ["stats"],
            ["stats", "--json"],
            ["export", "1"],
            ["export", "1", "--format", "csv"],
            ["export", "1", "--format", "bgstats"],
            ["export", "2"],
            ["catalog", "check"],
            ["catalog", "import", "unicornus", "--list"],
        ):
            code, out, _ = run("--db", db, *args)
            assert code == 0 and out, args
        code, _, err = run("--db", db, "import-game", str(game_file))
        assert code == 2 and "read-only" in err
        code, _, err = run("--db", db, "export", "1", "--out", str(save.parent / "x.json"))
        assert code == 2 and "x.json" in err
        with Store.open(save) as store:
            assert store.read_only
            session = store.open_game(2)
            state, history = session.state, session.history()
            with pytest.raises(StoreError, match="read-only"):
                session.undo()
            assert session.state == state and session.history() == history  # as it was
    assert digest(save.parent) == before  # not a byte, not a side file


async def test_the_app_browses_a_read_only_save_and_steps_say_so(save):
    from companion.ui.app import create_app
    from companion.ui.game_screen import GameScreen

    with read_only(save.parent):
        app = create_app(open_store=lambda: Store.open(save), db_path=save, lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for key in ("h", "enter"):  # History (its list has the focus), the record
                await pilot.press(key)
                await pilot.pause()
            assert type(app.screen).__name__ == "RecordScreen"
            await pilot.press("escape", "h", "t")  # stats
            await pilot.pause()
            assert type(app.screen).__name__ == "StatsScreen"
            await pilot.press("escape")
            app.open_game(2)
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            cursor = game.session.cursor
            for key in ("ctrl+z", "n", "enter", "n"):
                await pilot.press(key)
                await pilot.pause()
            assert app._exception is None and app.return_code is None
            assert game.session.cursor == cursor
            said = [n.message for n in app._notifications]
            assert any("read-only" in m for m in said), said
