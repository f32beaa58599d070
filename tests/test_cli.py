"""The command line (issue 2: commands, messages, exit codes)."""

import hashlib
import subprocess
import sys

import pytest

from companion import __version__
from companion.cli import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60
    )


def test_version_and_help():
    out = run("--version")
    assert out.returncode == 0 and __version__ in out.stdout
    out = run("--help")
    for word in ("new", "resume", "list", "demo", "catalog", "--db", "--lang"):
        assert word in out.stdout


def test_list_on_a_new_database(tmp_path, capsys):
    assert main(["--db", str(tmp_path / "x.db"), "list"]) == 0
    assert "No saved games" in capsys.readouterr().out


@pytest.mark.parametrize(
    "content", [b"this is not a database at all\n" * 20, b"SQLite format 3\x00" + b"\xff" * 4000]
)
def test_damaged_file_is_reported_and_left_untouched(tmp_path, content):
    db = tmp_path / "damaged.db"
    db.write_bytes(content)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    out = run("--db", str(db), "list")
    assert out.returncode != 0
    assert "damaged.db" in out.stderr and "Traceback" not in out.stderr
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["damaged.db"]


def test_resume_without_games(tmp_path):
    out = run("--db", str(tmp_path / "x.db"), "resume")
    assert out.returncode == 1 and "No saved games" in out.stderr


def test_japanese_messages(tmp_path):
    out = run("--lang", "ja", "--db", str(tmp_path / "x.db"), "list")
    assert "保存されたゲームはまだありません" in out.stdout


def test_the_saved_language_is_used_without_lang(tmp_path):
    from companion.store import Store

    db = tmp_path / "x.db"
    with Store.open(db) as store:
        store.set_setting("language", "ja")
    out = run("--db", str(db), "list")
    assert "保存されたゲームはまだありません" in out.stdout


def test_help_says_where_saves_live():
    from companion.store.precheck import default_db_path

    out = run("--help")
    assert str(default_db_path()) in out.stdout.replace("\n", "")


def test_docs_prints_the_guides():
    out = run("docs", "unicornus")
    assert out.returncode == 0 and out.stdout.startswith("# Unicornus Knights")
    out = run("docs")
    assert "guide for players" in out.stdout and "companion docs" in out.stdout


@pytest.mark.parametrize(
    "game, title",
    [
        (None, "# コンパニオン"),
        ("unicornus", "# Unicornus Knights（ウニコルヌスの騎士たち）"),
        ("insurrection", "# Insurrection（インサレクション）"),
        ("magical-friends", "# Magical Friends（マジカルフレンズ）"),
    ],
)
def test_docs_in_the_readers_language(tmp_path, game, title):
    """docs/ja/ holds the translated guides: `--lang ja docs [GAME]` prints the Japanese page."""
    db = str(tmp_path / "saves.db")
    out = run("--db", db, "--lang", "ja", "docs", *([game] if game else []))
    assert out.returncode == 0 and out.stdout.startswith(title)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--db", "x.db"],
        ["--db=x.db", "--lang", "ja"],
        ["--lang=en"],
        ["--db", "x.db", "list"],
        ["--lang", "ja", "new", "unicornus"],
        ["demo", "insurrection", "--autoplay", "--seed", "3"],
        ["--db", "x.db", "resume", "4"],
        ["--la", "ja"],  # an abbreviation: the whole parser allows it
    ],
)
def test_the_home_screens_parser_reads_what_the_whole_one_reads(argv):
    """``companion`` alone is read by a parser of its two options (issue 13: start-up); what
    it gives is what the whole parser gives, and anything more goes to the whole one."""
    from companion.cli import build_parser, parse_args

    assert vars(parse_args(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [["--lang", "xx"], ["--db"], ["-h"], ["--version"]])
def test_help_and_mistakes_go_to_the_whole_parser(argv, capsys):
    assert main(argv) in (0, 2)
    out = capsys.readouterr()
    said = out.out + out.err
    assert ("usage: companion" in said and "COMMAND" in said) or __version__ in said
