"""Where the command line's choices come from (issue 23): a club sets its database once.

For the database, the language and the theme: the flag, else the environment (COMPANION_DB,
COMPANION_LANG, COMPANION_THEME), else the config file in the user's config folder, else (the
language and the theme) what was picked in the app, else the default (the language: the
system's LC_ALL / LC_MESSAGES / LANG). The tests' conftest clears all of them.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, cli_config
from companion.cli_config import system_language
from companion.core.text import NO_LINE_START
from companion.store import Store

JAPANESE_LIST = "保存されたゲームはまだありません"
ENGLISH_LIST = "No saved games yet"


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def save_speaking(path: Path, lang: str) -> Path:
    """A save file whose language (picked in the app's settings) is ``lang``: which save a
    command read shows in the language it speaks."""
    with Store.open(path) as store:
        store.set_setting("language", lang)
    return path


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    """A config folder of this test, for in-process calls and the processes they start."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    (home / "companion").mkdir(parents=True)
    return home / "companion"


def test_the_config_file_lives_in_the_users_config_folder(config_home):
    assert cli_config.config_path() == config_home / "config.toml"


def test_companion_db_names_the_save_and_the_flag_beats_it(tmp_path):
    ja_save = save_speaking(tmp_path / "club.db", "ja")
    out = run("list", env={"COMPANION_DB": str(ja_save)})
    assert out.returncode == 0 and JAPANESE_LIST in out.stdout
    out = run("--db", str(tmp_path / "other.db"), "list", env={"COMPANION_DB": str(ja_save)})
    assert out.returncode == 0 and ENGLISH_LIST in out.stdout


def test_the_config_files_db_is_used_and_the_environment_beats_it(tmp_path, config_home):
    save_speaking(config_home / "club.db", "ja")  # a file name: beside the config file
    (config_home / "config.toml").write_text('db = "club.db"\n', encoding="utf-8")
    out = run("list")
    assert out.returncode == 0 and JAPANESE_LIST in out.stdout
    out = run("list", env={"COMPANION_DB": str(tmp_path / "other.db")})
    assert out.returncode == 0 and ENGLISH_LIST in out.stdout


def test_the_language_flag_env_config_saved_then_system(tmp_path, config_home):
    en_save = save_speaking(tmp_path / "en.db", "en")
    db = ("--db", str(en_save))
    assert ENGLISH_LIST in run(*db, "list", env={"LANG": "ja_JP.UTF-8"}).stdout  # saved > LANG
    (config_home / "config.toml").write_text('lang = "ja"\n', encoding="utf-8")
    assert JAPANESE_LIST in run(*db, "list").stdout  # config > saved
    assert ENGLISH_LIST in run(*db, "list", env={"COMPANION_LANG": "en"}).stdout  # env > config
    out = run(*db, "--lang", "en", "list", env={"COMPANION_LANG": "ja"})  # flag > env
    assert ENGLISH_LIST in out.stdout


def test_the_systems_language_when_nothing_else_says(tmp_path):
    fresh = ("--db", str(tmp_path / "fresh.db"))
    assert JAPANESE_LIST in run(*fresh, "list", env={"LANG": "ja_JP.UTF-8"}).stdout
    assert ENGLISH_LIST in run(*fresh, "list", env={"LANG": "en_GB.UTF-8"}).stdout
    out = run(*fresh, "list", env={"LANG": "en_GB.UTF-8", "LC_ALL": "ja_JP.eucJP"})
    assert JAPANESE_LIST in out.stdout  # LC_ALL first, as POSIX says


@pytest.mark.parametrize(
    "env, expected",
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ja"}, "ja"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "ja_JP", "LANG": "en_US"}, "ja"),
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),
    ],
)
def test_system_language(monkeypatch, env, expected):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    assert system_language() == expected


@pytest.mark.parametrize(
    "content, words",
    [
        ("db = \n", ["config.toml", "cannot be read"]),
        ('database = "x.db"\n', ["config.toml", "database", "db, lang, theme"]),
        ("lang = 3\n", ["config.toml", "lang", "text in quotes"]),
        ('lang = "fr"\n', ["config.toml", "fr", "en, ja"]),
    ],
)
def test_a_config_file_the_companion_cannot_use_is_a_message(tmp_path, config_home, content, words):
    (config_home / "config.toml").write_text(content, encoding="utf-8")
    out = run("--db", str(tmp_path / "x.db"), "list")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    for word in words:
        assert word in out.stderr, out.stderr


def test_a_bad_language_in_the_environment_names_the_variable(tmp_path):
    out = run("--db", str(tmp_path / "x.db"), "list", env={"COMPANION_LANG": "fr"})
    assert out.returncode == 2 and "COMPANION_LANG" in out.stderr and "fr" in out.stderr


@pytest.fixture
def app_given(monkeypatch):
    """What ``companion ARGS`` gives the app (its language and theme), without running it."""
    import companion.ui.app as ui_app

    given: dict = {}

    class NotRun:
        return_code = 0

        def run(self) -> None:
            pass

    def create_app(*args, **kwargs):
        given.update(kwargs)
        return NotRun()

    monkeypatch.setattr(ui_app, "create_app", create_app)

    def main(*argv: str) -> dict:
        given.clear()
        assert cli.main(list(argv)) == 0
        return dict(given)

    return main


def test_the_theme_flag_env_config_then_saved(tmp_path, config_home, monkeypatch, app_given):
    from companion.core import settings

    db = ("--db", str(tmp_path / "x.db"))
    with Store.open(tmp_path / "x.db") as store:
        store.set_setting(settings.THEME, "nord")
    assert app_given(*db)["theme"] == "nord"  # the one picked last time
    (config_home / "config.toml").write_text('theme = "gruvbox"\n', encoding="utf-8")
    assert app_given(*db)["theme"] == "gruvbox"
    monkeypatch.setenv("COMPANION_THEME", "dracula")
    assert app_given(*db)["theme"] == "dracula"
    assert app_given(*db, "--theme", "textual-light")["theme"] == "textual-light"


def test_an_unknown_theme_is_a_message_listing_the_themes(tmp_path):
    out = run("--db", str(tmp_path / "x.db"), "--theme", "no-such-theme")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "no-such-theme" in out.stderr and "textual-light" in out.stderr


def test_insurrection_help_is_the_tools_help():
    """`companion insurrection --help` showed argparse's placeholder `args`."""
    out = run("insurrection", "--help")
    assert out.returncode == 0
    assert "TOOL" in out.stdout and "score" in out.stdout and "args" not in out.stdout
    out = run("insurrection", "score", "--help")
    assert out.returncode == 0 and "GAME.toml" in out.stdout and "--catalog" in out.stdout


def test_the_help_in_japanese_argparse_words_too(tmp_path):
    for out in (
        run("--lang", "ja", "--help"),
        run("--db", str(tmp_path / "x.db"), "--help", env={"LANG": "ja_JP.UTF-8"}),
    ):
        assert out.returncode == 0
        assert out.stdout.startswith("使い方: companion")
        for english in ("usage", "positional arguments", "options:", "show this help", "start a"):
            assert english not in out.stdout
        assert "新しいゲームを始める" in out.stdout
    out = run("--lang", "ja", "new", "chess")
    assert out.returncode == 2 and "選べない値です" in out.stderr
    out = run("insurrection", "--help", env={"LANG": "ja_JP.UTF-8"})
    assert "引数" in out.stdout and "positional" not in out.stdout


def test_no_help_line_starts_with_a_closing_mark_or_runs_past_the_terminal():
    from rich.cells import cell_len

    for argv in (["--help"], ["serve", "--help"], ["insurrection", "score", "--help"]):
        out = run("--lang", "ja", *argv, env={"COLUMNS": "60"})
        lines = out.stdout.splitlines()
        assert not [line for line in lines if line.strip()[:1] in NO_LINE_START], out.stdout
        assert max(cell_len(line) for line in lines) <= 60, out.stdout
