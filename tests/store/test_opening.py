"""Opening save files: bad files untouched, older ones migrated (issue 2, store;
design.md "Persistence": opening a damaged or foreign file never overwrites it)."""

import re
import sqlite3
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES, load_tables, tr
from companion.store import SCHEMA_VERSION, StoreError, default_db_path
from tests.store.conftest import digest, open_store
from tests.tiny_game import TINY, Add, TinyState

ROOT = Path(__file__).resolve().parents[2]


def make_save(path: Path, steps: int = 40) -> int:
    with open_store(path) as store:
        game = store.new_game(TINY, TinyState(), "kept")
        for n in range(steps):
            game.do(Add(n % 4))
        return game.id


def assert_untouched(path: Path, before: str, siblings: set[str]) -> None:
    assert digest(path) == before
    assert {p.name for p in path.parent.iterdir()} == siblings  # no -wal/-shm/backup appeared


def refuse(path: Path, pattern: str) -> StoreError:
    before, siblings = digest(path), {p.name for p in path.parent.iterdir()}
    with pytest.raises(StoreError) as err:
        open_store(path)
    assert_untouched(path, before, siblings)
    text = str(err.value)
    assert str(path) in text and re.search(pattern, text, re.S), text
    assert err.value.exit_code == 2
    return err.value


def test_not_sqlite_file_untouched(tmp_path):
    """A non-SQLite file: clear message, byte-for-byte untouched (issue 2, store)."""
    path = tmp_path / "notes.db"
    path.write_text("shopping list: milk, dice\n" * 50)
    err = refuse(path, "not an SQLite database")
    assert err.message.key == "store.not_sqlite"


def test_binary_junk_untouched(tmp_path):
    path = tmp_path / "junk.db"
    path.write_bytes(bytes(range(256)) * 40)
    refuse(path, "not a companion save")


def test_truncated_header_untouched(tmp_path):
    path = tmp_path / "short.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\x10\x00")
    refuse(path, "damaged")


@pytest.mark.parametrize("damage", ["schema_page", "truncated", "data_pages"])
def test_damaged_save_untouched(tmp_path, damage):
    """A damaged save: a clear message naming the file and what to do, file untouched."""
    path = tmp_path / "save.db"
    make_save(path, steps=300)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    if damage == "schema_page":  # the b-tree of page 1 (the schema) overwritten
        data[100:page] = b"\xa5" * (page - 100)
    elif damage == "truncated":
        data = data[: len(data) // 2]
    else:  # every page after the first few scribbled over
        for start in range(3 * page, len(data), page):
            data[start : start + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    err = refuse(path, r"damaged.*untouched.*backup")
    assert err.message.key == "store.damaged"


def scribble_over(path: Path, table: str) -> None:
    """Damage the pages of ``table`` (and of its indexes) alone."""
    con = sqlite3.connect(path)
    size = con.execute("PRAGMA page_size").fetchone()[0]
    names = [table] + [
        name
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE tbl_name = ?", (table,))
    ]
    marks = ", ".join("?" * len(names))
    pages = [p for (p,) in con.execute(f"SELECT pageno FROM dbstat WHERE name IN ({marks})", names)]
    con.close()
    data = bytearray(path.read_bytes())
    for page in pages:
        data[(page - 1) * size : (page - 1) * size + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))


def test_damage_in_the_steps_alone_passes_homes_check_not_the_stores(tmp_path):
    """Issue 26: before home's first frame only the tables home reads are checked (start-up
    flat in the save's size); the store checks the whole file before it reads or writes a
    step, and refuses it with the same message, the file untouched."""
    from companion.store.precheck import HOME_TABLES, inspect_file

    path = tmp_path / "save.db"
    make_save(path, steps=300)
    scribble_over(path, "steps")
    assert inspect_file(path, str(path), HOME_TABLES) == SCHEMA_VERSION
    err = refuse(path, r"damaged.*untouched.*backup")  # after home's check, not instead
    assert err.message.key == "store.damaged"
    scribble_over(path, "games")
    with pytest.raises(StoreError, match="damaged"):
        inspect_file(path, str(path), HOME_TABLES)


def test_foreign_sqlite_database_untouched(tmp_path):
    path = tmp_path / "photos.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, name TEXT)")
    con.execute("INSERT INTO albums (name) VALUES ('summer')")
    con.commit()
    con.close()
    err = refuse(path, "another program's database.*albums")
    assert err.message.key == "store.foreign"


def test_newer_schema_version_untouched(tmp_path):
    """A save from a newer version: clear message, untouched (issue 2, store)."""
    path = tmp_path / "future.db"
    make_save(path)
    con = sqlite3.connect(path)
    con.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    con.commit()
    con.close()
    err = refuse(path, f"newer version.*format {SCHEMA_VERSION + 1}.*Update the companion")
    assert err.message.key == "store.newer"


def test_newer_schema_behind_a_sqlite_url_untouched(tmp_path):
    """--db as an SQLAlchemy URL to a file gets the same checks as a plain path."""
    path = tmp_path / "future.db"
    make_save(path)
    con = sqlite3.connect(path)
    con.execute("UPDATE schema_version SET version = 99")
    con.commit()
    con.close()
    before = digest(path)
    with pytest.raises(StoreError, match="newer version"):
        open_store(f"sqlite:///{path}")
    assert digest(path) == before


def test_folder_and_missing_folder(tmp_path):
    with pytest.raises(StoreError, match="folder"):
        open_store(tmp_path)
    with pytest.raises(StoreError, match="does not exist"):
        open_store(tmp_path / "nowhere" / "x.db")
    assert not (tmp_path / "nowhere").exists()


def test_empty_file_becomes_a_new_save(tmp_path):
    path = tmp_path / "empty.db"
    path.touch()
    with open_store(path) as store:
        assert store.list_games() == []
    con = sqlite3.connect(path)
    assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    con.close()


def test_default_path_in_user_data_dir(monkeypatch, tmp_path):
    """Default database in the user's data directory (issue 2, store)."""
    monkeypatch.setattr("platformdirs.user_data_path", lambda app, *a, **k: tmp_path / "data" / app)
    assert default_db_path() == tmp_path / "data" / "companion" / "companion.db"
    with open_store(None) as store:
        store.set_setting("lang", "en")
    assert (tmp_path / "data" / "companion" / "companion.db").is_file()


# Schema version 1, as shipped before games.catalog_name existed (see tables.py history).
V1_DDL = """
CREATE TABLE schema_version (id INTEGER NOT NULL, version INTEGER NOT NULL, PRIMARY KEY (id));
CREATE TABLE games (
    id INTEGER NOT NULL, game_key VARCHAR NOT NULL, title VARCHAR NOT NULL,
    initial_state VARCHAR NOT NULL, cursor INTEGER NOT NULL, length INTEGER NOT NULL,
    summary VARCHAR NOT NULL, finished BOOLEAN NOT NULL, created DATETIME NOT NULL,
    last_played DATETIME NOT NULL, PRIMARY KEY (id));
CREATE INDEX ix_games_game_key ON games (game_key);
CREATE INDEX ix_games_last_played ON games (last_played);
CREATE TABLE steps (
    game_id INTEGER NOT NULL, idx INTEGER NOT NULL, command VARCHAR NOT NULL,
    description VARCHAR NOT NULL, PRIMARY KEY (game_id, idx),
    FOREIGN KEY(game_id) REFERENCES games (id));
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL, idx INTEGER NOT NULL, state VARCHAR NOT NULL,
    kept BOOLEAN NOT NULL, PRIMARY KEY (game_id, idx),
    FOREIGN KEY(game_id) REFERENCES games (id));
CREATE TABLE user_catalogs (
    game_key VARCHAR NOT NULL, data VARCHAR NOT NULL, updated DATETIME NOT NULL,
    PRIMARY KEY (game_key));
CREATE TABLE settings (key VARCHAR NOT NULL, value VARCHAR NOT NULL, PRIMARY KEY (key));
INSERT INTO schema_version VALUES (1, 1);
INSERT INTO games VALUES (1, 'tiny', 'old friday', '{"total":0,"rolls":[],"rng":{"seed":7,"draws":0}}',
    2, 3, '{"$msg": "tiny.summary", "params": {"total": 5}}', 0,
    '2025-01-02 20:00:00.000000', '2025-01-02 21:30:00.000000');
INSERT INTO steps VALUES
    (1, 0, '{"kind": "tiny.Add", "args": {"amount": 2}}', '{"$msg": "tiny.add", "params": {"amount": 2}}'),
    (1, 1, '{"kind": "tiny.Add", "args": {"amount": 3}}', '{"$msg": "tiny.add", "params": {"amount": 3}}'),
    (1, 2, '{"kind": "tiny.Add", "args": {"amount": 4}}', '{"$msg": "tiny.add", "params": {"amount": 4}}');
INSERT INTO snapshots VALUES (1, 2, '{"total":5,"rolls":[],"rng":{"seed":7,"draws":0}}', 0);
INSERT INTO settings VALUES ('lang', '"ja"');
"""


def test_v1_save_is_migrated_and_backed_up(tmp_path):
    """An older save opens in a newer version: migrated, data kept (issue 2, store)."""
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.executescript(V1_DDL)
    con.close()
    with open_store(path) as store:
        info = store.list_games()[0]
        assert (info.title, info.steps, info.catalog_name) == ("old friday", 2, "box")
        assert info.created.year == 2025
        game = store.open_game(info.id)
        assert game.state.total == 5 and game.can_redo and game.catalog_name == "box"
        assert game.redo() == Add(4) and game.state.total == 9
        assert store.get_setting("lang") == "ja"
    con = sqlite3.connect(path)
    assert con.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    columns = [row[1] for row in con.execute("PRAGMA table_info(games)")]
    con.close()
    assert "catalog_name" in columns
    backup = tmp_path / "old.db.v1.bak"
    con = sqlite3.connect(backup)
    assert con.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
    assert con.execute("SELECT count(*) FROM steps").fetchall() == [(3,)]
    con.close()


def test_failed_migration_leaves_old_version(tmp_path, monkeypatch):
    """Migrations run in one transaction: a failing step leaves the save at its version."""
    from companion.store import migrations

    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.executescript(V1_DDL)
    con.close()

    def broken(conn):
        migrations._v1_to_v2(conn)
        raise RuntimeError("boom")

    monkeypatch.setitem(migrations.MIGRATIONS, 1, broken)
    with pytest.raises(RuntimeError):
        open_store(path)
    con = sqlite3.connect(path)
    assert con.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
    assert "catalog_name" not in [row[1] for row in con.execute("PRAGMA table_info(games)")]
    con.close()


def test_every_store_message_exists_in_both_languages():
    """Every StoreError key the store raises has en and ja text naming the file."""
    tables = load_tables()
    keys = set()
    for path in (ROOT / "companion" / "store").glob("*.py"):
        keys |= set(re.findall(r"""StoreError\(\s*"(store\.[\w.]+)\"""", path.read_text()))
    assert "store.damaged" in keys and "store.newer" in keys
    for key in keys:
        for lang in LANGUAGES:
            assert tables[key].get(lang), (key, lang)
    text = tr("store.damaged", lang="ja", file="/x.db", problem="p")
    assert "/x.db" in text and "破損" in text
