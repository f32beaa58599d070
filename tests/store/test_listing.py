"""The list of saved games read with sqlite3 alone (issue 13): the same GameInfo as the store."""

import subprocess
import sys

from companion.core.game import Outcome
from companion.core.i18n import Msg
from companion.store import Store, precheck
from companion.store.listing import list_file
from tests.store.test_sessions import FinishingGame
from tests.tiny_game import Add, TinyState


def test_the_file_reader_gives_what_the_store_lists(db_path):
    game = FinishingGame()
    with Store.open(db_path, games={"tiny": game}) as store:
        a = store.new_game(game, TinyState(), "first [one]")
        store.new_game(game, TinyState(), "second", catalog_name="demo")
        a.do(Add(10))  # finished: an outcome with winners and scores
        assert list_file(db_path) == store.list_games()
    infos = list_file(db_path)  # the store closed (no WAL file): read as immutable
    assert [i.title for i in infos] == ["first [one]", "second"]
    assert infos[0].finished and infos[0].outcome == Outcome(
        "won", Msg("tiny.summary", {"total": 10}), ("Ann",), (("Ann", 10),)
    )
    assert infos[0].last_played.tzinfo is not None and infos[1].catalog_name == "demo"


def test_no_file_means_no_games_and_nothing_is_created(tmp_path):
    assert list_file(tmp_path / "none.db") == []
    assert list(tmp_path.iterdir()) == []


def test_an_older_save_is_left_to_the_store(db_path):
    """A save of an older schema version: only the store (which migrates it) lists it."""
    Store.open(db_path).close()
    import sqlite3

    con = sqlite3.connect(db_path)
    with con:
        con.execute("UPDATE schema_version SET version = 2")
    con.close()
    assert list_file(db_path) is None


def test_the_integrity_check_runs_once_for_an_unchanged_file(db_path, monkeypatch):
    Store.open(db_path).close()
    calls = []
    real = precheck._inspect
    monkeypatch.setattr(precheck, "_inspect", lambda *a: calls.append(a) or real(*a))
    precheck._checked.clear()
    precheck.inspect_file(db_path, "x")
    Store.open(db_path).close()  # the store's own check finds it checked already
    assert len(calls) == 1
    db_path.write_bytes(db_path.read_bytes() + b"\0" * 512)  # changed: checked again
    precheck.inspect_file(db_path, "x")
    assert len(calls) == 2


def test_companion_list_needs_no_sqlalchemy(db_path):
    with Store.open(db_path, games={"tiny": FinishingGame()}) as store:
        store.new_game(FinishingGame(), TinyState(), "Friday game")
    code = (
        "import sys; from companion.cli import main; main(['--db', sys.argv[1], 'list']);"
        "assert 'sqlalchemy' not in sys.modules and 'sqlmodel' not in sys.modules, 'loaded'"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(db_path)], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "Friday game" in out.stdout


def test_a_made_title_follows_the_language_a_typed_one_stays(db_path):
    """Issue 23: a game started in English kept its English default title once the app was in
    Japanese. A title the app makes is kept as its message, shown in the language of the
    moment (the list, the session, the file reader); a typed title is kept as typed, and a
    typed title that looks like the mark cannot pass for a made one."""
    from companion.core.i18n import set_language

    game = FinishingGame()
    made = Msg("insurrection_ui.new.default_title", {"date": "2026-03-14"})
    try:
        with Store.open(db_path, games={"tiny": game}) as store:
            session = store.new_game(game, TinyState(), made)
            store.new_game(game, TinyState(), "Friday night")
            store.new_game(game, TinyState(), '\x1e{"$msg": "ui.app.title"}')
            set_language("ja")
            assert session.title == "インサレクション 2026-03-14"
            titles = [i.title for i in store.list_games()]
            assert "インサレクション 2026-03-14" in titles and "Friday night" in titles
            assert not any(t.startswith("\x1e") or t == "companion" for t in titles)
            set_language("en")
            assert "Insurrection 2026-03-14" in [i.title for i in list_file(db_path)]
    finally:
        set_language("en")
