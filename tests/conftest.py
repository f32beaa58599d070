import asyncio
import atexit
import gc
import inspect
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest

from companion.core.i18n import add_locale_dir, set_language
from companion.store import Store

add_locale_dir(Path(__file__).parent / "locales")

# The locale files' JSON copies (core.i18n._read_domain) and the default save (a command run
# without --db) go to folders of this test process, for the app processes the tests start
# too: not to the user's, nor shared by the processes of one run (pytest-xdist: each worker
# imports this file and makes its own).
# The cyclic garbage collector less often (every 20,000 new objects instead of 700): the UI
# tests make many short-lived objects (strips, segments, messages) over a heap of imported
# modules, and collecting took a quarter of a long UI test's CPU (issue 26: the suite's time).
gc.set_threshold(20_000, 10, 10)

for variable, prefix in (("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data")):
    os.environ[variable] = tempfile.mkdtemp(prefix=f"companion-tests-{prefix}-")
    atexit.register(shutil.rmtree, os.environ[variable], True)


def pytest_addoption(parser):
    parser.addoption(
        "--no-snapshots",
        action="store_true",
        help="leave out the tests that compare SVG snapshots (drawn with the Textual version "
        "the test extra pins: .ci/run's run on the newest Textual of the range)",
    )


# The test files that take longest, longest first (CPU seconds of one process on 2026-12-02,
# issue 26): they run before the others, so that pytest-xdist's processes (README's -n 4,
# pyproject.toml's --dist loadgroup: tests handed out one by one as a process is free, an
# xdist_group as one) finish together, not one of them alone with a long file at the end. The
# fuzz groups wait on the disk as long again as they work. The others keep their order.
LONGEST_FIRST = (
    "tests/unicornus_forms/test_box_keystrokes.py",  # 40 s, one test
    "tests/hardening/test_fuzz.py",  # 41 s, one xdist group
    "tests/hardening/test_fuzz_saves.py",  # 36 s, one xdist group
    "tests/ui/test_contrast.py",  # 36 s
    "tests/magical_friends_ui/test_box_form.py",  # 25 s
    "tests/ui/test_key_storm.py",  # 22 s
    "tests/hardening/test_screen_text.py",  # 20 s (three points of each game, not four)
    "tests/insurrection_ui/test_box_in_app.py",  # 17 s
    "tests/ui/test_panel.py",  # 15 s: two games stepped with a layout after each step
    "tests/insurrection_ui/test_box_flow.py",  # 11 s
    "tests/ui/test_titles_fit.py",  # 10 s, one xdist group
    "tests/insurrection_ui/test_seat_view.py",  # 6 s (shorter storms)
    "tests/insurrection_ui/test_play.py",
    "tests/insurrection_ui/test_quick_score.py",
    "tests/insurrection_ui/test_found_playing.py",
    "tests/insurrection_ui/test_keys.py",
)


def pytest_collection_modifyitems(config, items):
    if config.getoption("--no-snapshots"):
        snapshots = [item for item in items if "snap_compare" in getattr(item, "fixturenames", ())]
        if snapshots:
            config.hook.pytest_deselected(items=snapshots)
            items[:] = [item for item in items if item not in snapshots]
    rank = {path: n for n, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.partition("::")[0], len(rank)))


# The command line takes the database, the language and the theme from the environment, the
# user's config file and the system's language (companion/cli_config.py): the tests run as on a
# machine that sets none of them (a test that needs one sets it).
for _variable in ("COMPANION_DB", "COMPANION_LANG", "COMPANION_THEME", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="companion-tests-config-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], True)


@pytest.fixture(scope="session")
def demo_games(tmp_path_factory):
    """A database with two whole autoplayed demo games of each game (seeds 1 and 2), played
    once a run: the first process of a pytest-xdist run to ask plays them, under a lock, and
    the others wait for it and use its file (each process playing them cost 3 s of CPU;
    issue 26). Read-only: a test that writes copies it."""
    import fcntl

    from companion.cli import main
    from companion.games.registry import GAME_KEYS

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, shared by its processes
    db, done = root / "demo-games.db", root / "demo-games.done"
    with open(root / "demo-games.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            db.unlink(missing_ok=True)  # what a process that failed here left
            set_language("en")
            for key in GAME_KEYS:
                for seed in (1, 2):
                    assert (
                        main(["--db", str(db), "demo", key, "--autoplay", "--seed", str(seed)]) == 0
                    )
            con = sqlite3.connect(db)  # one file (no WAL beside it): a copy is the whole save
            con.execute("PRAGMA journal_mode=DELETE")
            con.close()
            done.touch()
    return db


@pytest.fixture
def store():
    """A fresh in-memory store; the language is English again afterwards (a test may switch it).
    A test folder that needs another store (a file, a copy of a fixture) defines its own."""
    s = Store.open("sqlite://")
    yield s
    s.close()
    set_language("en")


@pytest.fixture(autouse=True)
def english_again():
    """The language is English again after every test: a test that switches it and keeps no
    store (``set_language("ja")``, ``create_app(..., lang="ja")``) must not leave the tests
    after it in the same process in Japanese (which ones those are depends on -n)."""
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch):
    """Every field's cursor stays shown (harlequin's fixture): a snapshot taken half a second
    after a field got the focus must not depend on which half of a blink it caught."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests (Textual's ``run_test``) on a fresh event loop, without a plugin."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
        return True
    return None
