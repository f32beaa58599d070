"""Finished games (issue 15): a whole demo game of each game played headless through the one
loop (``companion demo GAME --autoplay``) ends with an outcome that ``companion list`` shows
and History lists; every stored step replays to the saved state."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.core import codec
from companion.core.commands import apply_command
from companion.core.game import Outcome
from companion.core.i18n import set_language, tr
from companion.store import Store
from companion.ui.app import create_app
from companion.ui.home import HomeScreen
from companion.ui.widgets.row_list import RowList

GAMES = ("unicornus", "insurrection", "magical-friends")


# one process runs the module: its games are played once
pytestmark = pytest.mark.xdist_group("finished-games")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """One database with a whole autoplayed demo game of each game (seed 1)."""
    db = tmp_path_factory.mktemp("autoplay") / "games.db"
    set_language("en")
    for key in GAMES:
        assert main(["--db", str(db), "demo", key, "--autoplay", "--seed", "1"]) == 0
    return db


def test_autoplay_prints_every_step_and_the_end(tmp_path, capsys):
    db = tmp_path / "one.db"
    assert main(["--db", str(db), "demo", "insurrection", "--autoplay", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    with Store.open(db) as store:
        (info,) = store.list_games()
        session = store.open_game(info.id)
        lines = [tr(h.description) for h in session.history()]
    assert out[0].startswith(f"Game {info.id}: ")
    assert [line.split(". ", 1)[1] for line in out[1:-1]] == lines
    assert out[-1] == f"Game {info.id} over: {tr(info.outcome.reason)}"


def test_companion_list_shows_each_game_finished(played, capsys):
    capsys.readouterr()
    assert main(["--db", str(played), "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3
    assert all(line.rstrip().endswith("(finished)") for line in out), out
    with Store.open(played) as store:
        infos = store.list_games()
    for info, line in zip(infos, out, strict=True):
        assert isinstance(info.outcome, Outcome) and info.finished
        assert tr(info.outcome.reason) in line


def test_the_stored_steps_replay_to_the_saved_outcome(played):
    with Store.open(played) as store:
        for info in store.list_games():
            session = store.open_game(info.id)
            game = session.game
            state = session.log.initial
            for cmd in session.log.commands():
                state = apply_command(game, state, cmd)
            assert codec.dump(state, game.state_type) == codec.dump(session.state, game.state_type)
            assert game.outcome(state) == info.outcome


async def test_history_lists_the_finished_games_with_result_and_winner(played):
    store = Store.open(played)
    try:
        app = create_app(store, lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            table = app.screen.query_one("#saved", RowList)
            assert table.row_count == 0  # nothing in progress
            await pilot.press("h")
            await pilot.pause()
            assert table.row_count == 3
            labels = table.columns
            assert "Result" in labels and "Winner" in labels
            by_title = {row[-1]: row for row in table.rows}
            for info in store.list_games():
                row = by_title[info.title]  # date, game, result, winner, players, rounds, time
                assert str(row[2]) == tr(f"records.result.{info.outcome.result}")
                for winner in info.outcome.winners:
                    assert winner in str(row[3])
                assert str(row[5]) == str(info.outcome.round)
    finally:
        store.close()
