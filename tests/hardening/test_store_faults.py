"""Store and CLI faults of issue 9: each a message and a non-zero exit, the file untouched,
and ``verify`` consistent afterwards."""

from __future__ import annotations

import asyncio
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


# -- issue 25: recovery left to SQLite, advice that matches, no file left, no exit 70 --------
def test_a_journal_sqlite_finds_cold_does_not_lock_the_save(tmp_path):
    """A writer killed as it finished leaves a journal whose header SQLite has zeroed:
    nothing to roll back, and SQLite reads the file as it is. The companion refused it (2 of
    10 kills of a rollback-journal writer during a one-page change)."""
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.executescript(V1_DDL)
    con.close()
    code = f"""
import os, sqlite3
con = sqlite3.connect({str(path)!r}, isolation_level=None)
con.execute("BEGIN")
con.execute("UPDATE games SET title='HALF'")  # one page, journaled, not yet in the file
os._exit(0)
"""
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    journal = path.with_name(path.name + "-journal")
    data = bytearray(journal.read_bytes())
    assert any(data[8:28])
    data[:8] = bytes(8)  # the magic SQLite zeroes when nothing is left to roll back
    journal.write_bytes(bytes(data))
    with Store.open(path, games=GAMES) as store:
        assert store.list_games()[0].title == "old friday"
    all_consistent(path)


def _sqlite_failure(kind: str, tmp_path: Path) -> sqlite3.Error:
    path = tmp_path / f"{kind}.db"
    con = sqlite3.connect(path, isolation_level=None, timeout=0)
    con.execute("CREATE TABLE t (x)")
    try:
        if kind == "locked":
            holder = sqlite3.connect(path, isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")
            con.execute("INSERT INTO t VALUES (1)")
        elif kind == "full":
            con.execute("PRAGMA max_page_count = 3")
            for _ in range(100):
                con.execute("INSERT INTO t VALUES (?)", ("x" * 4000,))
        else:
            ro = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
            ro.execute("INSERT INTO t VALUES (1)")
    except sqlite3.Error as exc:
        return exc
    raise AssertionError(f"no {kind} failure")


@pytest.mark.parametrize(
    ("kind", "key", "says", "never"),
    [
        ("locked", "store.write_locked", "close the other program", "disk space"),
        ("full", "store.write_full", "free some disk space", "permission"),
        ("read_only", "store.read_only", "read-only", "disk space"),
    ],
)
def test_the_advice_matches_the_failure(tmp_path, kind, key, says, never):
    from companion.store.errors import failure_kind
    from companion.store.store import write_failed

    exc = _sqlite_failure(kind, tmp_path)
    assert failure_kind(exc) == kind
    error = write_failed("s.db", exc)
    assert error.message.key == key and says in str(error) and never not in str(error)


def test_starting_a_game_on_a_full_disk_is_a_message_and_leaves_no_save(tmp_path):
    """No byte can be written (a file-size limit of 0, as a full disk without root): a
    message, exit 2, and no empty save left behind (one was, with a screen of traceback)."""
    db = tmp_path / "new.db"
    code = (
        "import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN);"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0));"
        "from companion.cli import main;"
        f"sys.exit(main(['--db', {str(db)!r}, 'demo', 'insurrection', '--autoplay']))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert out.returncode == 2 and "Cannot open" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert list(tmp_path.iterdir()) == []


async def test_the_app_ends_with_the_message_when_its_save_cannot_be_made(tmp_path):
    from companion.ui.app import Start, create_app

    def full():
        raise StoreError("store.open_full", file="new.db", problem="database or disk is full")

    app = create_app(start=Start("demo", game_key="insurrection"), open_store=full, lang="en")
    said, leave = [], app.exit
    app.exit = lambda *a, **k: (said.append(str(k.get("message"))), leave(*a, **k))
    async with app.run_test(size=(100, 30)):
        for _ in range(600):  # until the app has ended (it opens the save in a thread)
            if app.return_code is not None:
                break
            await asyncio.sleep(0.05)
    assert app.return_code == 2 and app._exception is None
    assert len(said) == 1 and "disk is full" in said[0]  # once, as a message


def test_import_game_refuses_what_is_not_a_regular_file(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "s.db")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    out = subprocess.run(
        [sys.executable, "-m", "companion", "--db", db, "import-game", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )  # it used to wait for a writer for ever
    assert out.returncode == 2 and "not a regular file" in out.stderr
    code, err = cli(capsys, "--db", db, "import-game", "/dev/zero")  # used to read for ever
    assert code == 2 and "not a regular file" in err
    from companion.store import exchange

    big = tmp_path / "big.json"
    big.write_text('{"format": "companion.game", "pad": "' + "x" * 200 + '"}')
    monkeypatch.setattr(exchange, "MAX_EXPORT_BYTES", 100)
    code, err = cli(capsys, "--db", db, "import-game", str(big))
    assert code == 2 and "larger than" in err


def test_export_out_refuses_a_device_and_writes_with_the_umask(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    assert cli(capsys, "--db", db, "demo", "insurrection", "--autoplay")[0] == 0
    code, err = cli(capsys, "--db", db, "export", "1", "--out", "/dev/null")
    assert code == 2 and "not a regular file" in err
    assert not Path("/dev/null").is_file()  # still the device
    old = os.umask(0o027)
    try:
        assert cli(capsys, "--db", db, "export", "1", "--out", str(tmp_path / "g.json"))[0] == 0
    finally:
        os.umask(old)
    assert (tmp_path / "g.json").stat().st_mode & 0o777 == 0o640  # 0666 less the umask


def _damaged(tmp_path: Path, *sql: str) -> Path:
    path = tmp_path / "d.db"
    assert main(["--db", str(path), "demo", "insurrection", "--autoplay"]) == 0
    con = sqlite3.connect(path)
    for statement in sql:
        con.execute(statement)
    con.commit()
    con.close()
    return path


def test_a_language_from_a_newer_build_is_no_reason_to_stop(tmp_path, capsys):
    db = str(_damaged(tmp_path, "INSERT INTO settings VALUES ('language', '\"fr\"')"))
    for args in (["list"], ["verify"], ["stats"], ["export", "1"], ["catalog", "check"]):
        assert cli(capsys, "--db", db, *args)[0] == 0, args


def test_a_bad_date_is_named_by_verify_resume_and_import(tmp_path, capsys):
    """A date SQLite holds as a number, a roster date in words: exit 70 in verify, resume and
    import-game before; now verify names it, the game opens, the import goes through."""
    clean = tmp_path / "clean"
    clean.mkdir()
    game = clean / "game.json"
    assert cli(capsys, "--db", str(clean / "c.db"), "demo", "insurrection", "--autoplay")[0] == 0
    assert cli(capsys, "--db", str(clean / "c.db"), "export", "1", "--out", str(game))[0] == 0
    db = _damaged(
        tmp_path,
        "UPDATE games SET created = 12345",
        "UPDATE players SET last_played = 'last tuesday'",
    )
    assert cli(capsys, "--db", str(db), "verify")[0] == 1
    with Store.open(db) as store:
        assert [p.where for p in verify_game(store, 1)] == ["created"]
        store.open_game(1).history()  # what resume reads: the date is not needed to play
    code, err = cli(capsys, "--db", str(db), "export", "1")
    assert code == 2 and "games[id=1].created" in err
    assert cli(capsys, "--db", str(db), "import-game", str(game))[0] == 0


def test_verify_decodes_every_log_line(tmp_path, capsys):
    db = _damaged(tmp_path, "UPDATE steps SET description = '{not json' WHERE idx = 3")
    with Store.open(db) as store:
        assert [p.where for p in verify_game(store, 1)] == ["step 4 (log line)"]
        with pytest.raises(StoreError, match="cannot be read"):
            store.open_game(1)  # resume refuses it: verify must not say "0 problems"
    assert cli(capsys, "--db", str(db), "verify")[0] == 1


@pytest.mark.parametrize(
    ("game", "setting", "value"),
    [
        ("unicornus", "unicornus.new_game_draft", "{not json"),
        ("unicornus", "unicornus.new_game_draft", '{"players": 1000, "names": [5]}'),
        ("unicornus", "unicornus.new_game_draft", '{"options": 5, "form": {"values": 7}}'),
        ("unicornus", "unicornus.new_game_draft", "[1, 2]"),
        ("magical-friends", "magical-friends.rounds", '"many"'),
        ("magical-friends", "magical-friends.rounds", "{"),
    ],
)
async def test_a_damaged_setting_leaves_the_new_game_form_fresh(game, setting, value):
    """A form's saved draft, the rounds last chosen, the language, the theme and how ties
    are settled, edited by hand or damaged: the form starts afresh, the app goes on."""
    from sqlalchemy import text

    from companion.ui.app import Start, create_app

    store = Store.open("sqlite://")
    with store._begin() as conn:
        for key, raw in ((setting, value), ("language", "5"), ("theme", "["), ("ties", "{")):
            conn.execute(text("INSERT INTO settings VALUES (:k, :v)"), {"k": key, "v": raw})
    app = create_app(store, Start("new", game_key=game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen" and app._exception is None
        assert app.ties == "ask"
    store.close()
