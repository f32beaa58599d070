"""Store and CLI faults of issue 9: each a message and a non-zero exit, the file untouched,
and ``verify`` consistent afterwards."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.store import Store
from companion.store.errors import StoreError
from companion.store.verify import game_ids, verify_game
from tests.store.test_opening import V1_DDL
from tests.tiny_game import TINY, Add, TinyState

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"tiny": TINY}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cli(capsys, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(args))
    err = capsys.readouterr().err
    assert "Traceback" not in err and "unexpected error" not in err, err
    return code, err


def all_consistent(path: Path) -> None:
    with Store.open(path, games=GAMES) as store:
        for gid in game_ids(store):
            assert verify_game(store, gid) == [], gid


def played(path: Path, steps: int = 5) -> int:
    with Store.open(path, games=GAMES, snapshot_every=2) as store:
        game = store.new_game(TINY, TinyState(), "t")
        for k in range(steps):
            game.do(Add(k))
        game.undo()
        return game.id


# -- a leftover rollback journal --------------------------------------------------------------
def _hot_journal(path: Path) -> None:
    con = sqlite3.connect(path)
    con.executescript(V1_DDL)
    con.close()
    code = f"""
import os, sqlite3
con = sqlite3.connect({str(path)!r}, isolation_level=None)
con.execute("PRAGMA cache_size=1")
con.execute("BEGIN")
con.execute("CREATE TABLE junk(x)")
for i in range(2000):
    con.execute("INSERT INTO junk VALUES (?)", ("x" * 500,))
con.execute("UPDATE games SET title='HALF'")
os._exit(0)
"""
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    assert path.with_name(path.name + "-journal").stat().st_size > 0


def test_a_v1_save_with_a_leftover_journal_opens(tmp_path):
    path = tmp_path / "old.db"
    _hot_journal(path)
    with Store.open(path, games=GAMES) as store:
        assert store.list_games()[0].title == "old friday"  # the half-made change is gone
    backups = sorted(p.name for p in tmp_path.iterdir() if ".bak" in p.name)
    assert backups == ["old.db.v1.bak"]
    assert (tmp_path / "old.db.v1.bak").stat().st_size > 0
    with Store.open(path, games=GAMES):  # a second start: no second backup
        pass
    assert sorted(p.name for p in tmp_path.iterdir() if ".bak" in p.name) == backups
    all_consistent(path)


def test_a_failed_backup_leaves_no_empty_file(tmp_path, monkeypatch):
    from companion.store import migrations

    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.executescript(V1_DDL)
    con.close()

    class Failing:  # the copy fails half-way (a full disk, an I/O error)
        def __init__(self, con):
            self._con = con

        def backup(self, out, *a, **k):
            out.execute("CREATE TABLE half(x)")
            raise sqlite3.OperationalError("disk I/O error")

        def __getattr__(self, name):
            return getattr(self._con, name)

    class FakeSqlite:
        Error, DatabaseError = sqlite3.Error, sqlite3.DatabaseError

        @staticmethod
        def connect(*a, **k):
            return Failing(sqlite3.connect(*a, **k))

    monkeypatch.setattr(migrations, "sqlite3", FakeSqlite)
    with pytest.raises(StoreError, match="back up"):
        migrations.backup_file(path, 1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.db"]


# -- files that are not ours ----------------------------------------------------------------
def test_another_programs_file_with_a_schema_version_table_is_left_alone(tmp_path, capsys):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.executescript(
        "PRAGMA application_id = 1234; CREATE TABLE schema_version (id INTEGER, version INTEGER);"
        "INSERT INTO schema_version VALUES (1, 1); CREATE TABLE invoices (n INTEGER);"
    )
    con.close()
    before = digest(path)
    code, err = cli(capsys, "--db", str(path), "list")
    assert code == 2 and "another program" in err
    with pytest.raises(StoreError, match="another program"):
        Store.open(path)
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no -wal, no backup


def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe.db"
    os.mkfifo(fifo)
    out = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(fifo), "list"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert out.returncode == 2 and "not a regular file" in out.stderr


def test_a_device_is_refused_and_nothing_is_created_beside_it(capsys):
    before = os.path.exists("/dev/null-journal")
    code, err = cli(capsys, "--db", "/dev/null", "list")
    assert code == 2 and "not a regular file" in err
    with pytest.raises(StoreError):
        Store.open("/dev/null")
    assert os.path.exists("/dev/null-journal") == before


# -- hand-damaged rows ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("sql", "row"),
    [
        ("INSERT INTO settings VALUES ('language', '{not json')", "settings[key=language]"),
        ("UPDATE games SET last_played = 'last tuesday'", "games"),
        ('UPDATE snapshots SET state = \'{"total": "many"}\'', "snapshots"),
        ("INSERT INTO user_catalogs VALUES ('unicornus', '[1', '2025-01-01')", "user_catalogs"),
    ],
)
def test_a_damaged_row_is_named(tmp_path, sql, row):
    path = tmp_path / "s.db"
    gid = played(path)
    con = sqlite3.connect(path)
    con.execute(sql)
    con.commit()
    con.close()
    with pytest.raises(StoreError) as caught, Store.open(path, games=GAMES) as store:
        store.get_setting("language")
        store.list_games()
        store.user_catalog("unicornus")
        store.open_game(gid).undo()
    assert row.split("[")[0] in str(caught.value)


async def test_a_damaged_games_row_is_named_on_home_and_by_list(tmp_path, capsys):
    """The home screen reads the list with sqlite3 alone (issue 13): a hand-damaged row there
    is the same message as the store's, in place of the list, and the rest of home works."""
    from companion.ui.app import create_app
    from companion.ui.home import HomeScreen

    path = tmp_path / "s.db"
    gid = played(path)
    con = sqlite3.connect(path)
    con.execute("UPDATE games SET created = 'not a date'")
    con.commit()
    con.close()
    code, err = cli(capsys, "--db", str(path), "list")
    assert code == 2 and f"games[id={gid}] is damaged" in err
    app = create_app(open_store=lambda: Store.open(path, games=GAMES), db_path=path, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        head = str(app.screen.query_one("#saved-head").render())
        assert f"games[id={gid}] is damaged" in head
        await pilot.press("s")  # settings still open
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"
    if app.store_ready:
        app.store.close()


def test_verify_finds_a_tampered_snapshot_and_outcome(tmp_path, capsys):
    path = tmp_path / "s.db"
    gid = played(path)
    all_consistent(path)
    con = sqlite3.connect(path)
    con.execute(
        "UPDATE snapshots SET state = replace(state, '\"total\":', '\"total\":1') WHERE idx = 2"
    )
    con.execute('UPDATE games SET outcome = \'{"result": "win"}\'')
    con.commit()
    con.close()
    with Store.open(path, games=GAMES) as store:
        where = [p.where for p in verify_game(store, gid)]
    assert "snapshot 2" in where and "outcome" in where


def test_verify_on_the_cli(tmp_path, capsys):
    path = tmp_path / "s.db"
    assert cli(capsys, "--db", str(path), "verify", "--all")[0] == 0
    played(path)  # a tiny game, which the product does not know: said, exit 1
    code, _ = cli(capsys, "--db", str(path), "verify")
    assert code == 1
    assert cli(capsys, "--db", str(path), "verify", "99")[0] == 2


def test_after_the_fault_tests_every_game_verifies(tmp_path):
    path = tmp_path / "s.db"
    for n in (0, 1, 7):
        played(path, n)
    all_consistent(path)


def test_verify_after_a_sigkill(tmp_path):
    db = tmp_path / "crash.db"
    child = subprocess.Popen(
        [sys.executable, "-c", f"from tests.store.crash_child import main; main({str(db)!r})"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        child.stdout.readline()
        for _ in range(40):
            child.stdout.readline()
    finally:
        child.kill()
        child.wait(timeout=30)
    all_consistent(db)


# -- CLI failures ---------------------------------------------------------------------------
def test_cli_failures_are_messages(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    (tmp_path / "folder").mkdir()
    mine = tmp_path / "mine.toml"
    mine.write_text('[[princesses]]\nid = "p2"\ncommand = 6\n', encoding="utf-8")
    assert cli(capsys, "--db", db, "catalog", "import", "unicornus", str(mine), "-y")[0] == 0
    cases = [
        ("--db", "bogus://x", "list"),
        ("--db", "postgresql+nosuchdriver://u@localhost/x", "list"),
        ("--db", "mysql://u@localhost/x", "list"),
        ("--db", db, "catalog", "export", "unicornus", str(tmp_path / "missing" / "x.toml")),
        ("--db", db, "catalog", "export", "unicornus", str(tmp_path / "folder")),
        ("--db", db, "catalog", "import", "unicornus", str(tmp_path / "folder"), "-y"),
        ("--db", db, "catalog", "import", "unicornus", str(tmp_path / "nope.toml"), "-y"),
        ("--db", db, "catalog", "import", "unicornus"),
        ("--db", db, "catalog", "import", "unicornus", "--restore", "nobody"),
        ("--db", db, "resume", "99999999999999999999999"),
        ("--db", db, "resume", "-5"),
        ("--db", db, "resume", "x"),
        ("--db", db, "verify", "0"),
        ("--db", str(tmp_path / "folder"), "list"),
        ("--db", str(tmp_path / "no" / "where.db"), "list"),
        ("catalog", "check", "unicornus", "--file", str(tmp_path / "folder")),
        ("catalog", "check", "--file", str(mine)),
        ("insurrection", "score", str(tmp_path / "folder")),
        ("insurrection", "score"),
        ("insurrection", "nothing"),
        ("catalog", "nothing"),
        ("nothing",),
    ]
    for args in cases:
        code, err = cli(capsys, *args)
        assert code != 0 and err.strip(), args
    left = sorted(p.name for p in (tmp_path / "folder").parent.iterdir())
    assert not [n for n in left if n.startswith(".")], left  # no temp file from an export


def test_an_unwritable_data_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    out = subprocess.run(
        [sys.executable, "-m", "companion", "list"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "XDG_DATA_HOME": str(blocker / "sub")},
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr and str(blocker) in out.stderr


def test_a_closed_stdout(tmp_path):
    """``companion catalog check | head -2``: no broken-pipe traceback."""
    for args in (["catalog", "check"], ["--help"], ["list"], ["catalog", "check", "unicornus"]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--db", str(tmp_path / "s.db"), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        proc.stdout.close()  # the reader went away before anything was written
        err = proc.stderr.read().decode()
        proc.wait(timeout=60)
        assert "Traceback" not in err, (args, err)


def test_an_export_on_a_full_disk_leaves_nothing(tmp_path, monkeypatch, capsys):
    db = str(tmp_path / "s.db")
    mine = tmp_path / "mine.toml"
    mine.write_text('[[princesses]]\nid = "p2"\ncommand = 6\n', encoding="utf-8")
    assert cli(capsys, "--db", db, "catalog", "import", "unicornus", str(mine), "-y")[0] == 0
    real = os.fdopen

    class Full:  # the file opens; writing it fails as on a full disk
        def __init__(self, *a, **k):
            self._fh = real(*a, **k)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self._fh.close()

        def write(self, _text):
            raise OSError(28, "No space left on device")

        def flush(self):
            pass

    monkeypatch.setattr(os, "fdopen", Full)
    out = tmp_path / "out"
    out.mkdir()
    code, err = cli(capsys, "--db", db, "catalog", "export", "unicornus", str(out / "x.toml"))
    assert code == 2 and "No space left" in err
    assert list(out.iterdir()) == []
