"""The engine layers load without any UI or database package (design.md, Layers)."""

import subprocess
import sys

import pytest

FORBIDDEN = ("textual", "sqlmodel", "sqlalchemy", "qrcode")


def test_core_and_games_import_no_ui_or_database():
    code = (
        "import importlib, pkgutil, sys\n"
        "import companion.core, companion.games\n"
        "for pkg in (companion.core, companion.games):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("db", [True, False], ids=["--db FILE", "no --db"])
def test_the_home_screens_first_frame_loads_no_database_package_nor_datatable(tmp_path, db):
    """Start-up (issue 13, docs/architecture.md): until the home screen is up, the saves are
    read with sqlite3 alone, and the saved games are not a DataTable; the locale files read
    are ui.toml alone. Without ``--db`` too (issue 26): the default save's folder is made
    without the store (tests/conftest.py gives the tests' processes a data folder)."""
    argv = ["--db", str(tmp_path / "saves.db")] if db else []
    code = (
        "import sys\n"
        "from textual.app import App\n"
        "import companion.core.i18n as i18n\n"
        "read = []\n"
        "load = i18n._read_domain\n"
        "i18n._read_domain = lambda path: (read.append(path.name), load(path))[1]\n"
        "async def ready(pilot):\n"
        "    heavy = ('sqlalchemy', 'sqlmodel', 'textual.widgets._data_table')\n"
        "    print([m for m in sys.modules if m.startswith(heavy)], read)\n"
        "    pilot.app.exit()\n"
        "run = App.run\n"
        "App.run = lambda self, **kw: run(self, headless=True, size=(120, 40), auto_pilot=ready)\n"
        "from companion.cli import main\n"
        f"main({argv!r})\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[0] == "[] ['ui.toml']"


GAME_PACKAGES = {"unicornus": "unicornus", "insurrection": "insurrection"}
GAME_PACKAGES["magical-friends"] = "magical_friends"


@pytest.mark.parametrize("key", list(GAME_PACKAGES))
def test_opening_a_game_loads_that_game_alone(tmp_path, key):
    """Opening a saved game (issue 26) imports its own packages, not the other games', nor what
    only another screen needs (the record's QR code, the players' web pages)."""
    from companion.games.registry import get_game, load_game_catalog, sensible_table
    from companion.store import Store

    path = tmp_path / "saves.db"
    store = Store.open(path)
    game, catalog = get_game(key), load_game_catalog(key, "demo")
    state = game.new_game(sensible_table(key)[1](catalog, 3), catalog, 1)
    game_id = store.new_game(game, state, "a game", "demo").id
    store.close()
    others = tuple(
        f"companion.{layer}.{package}"
        for other, package in GAME_PACKAGES.items()
        if other != key
        for layer in ("games", "ui")
    )
    code = (
        "import sys\n"
        "from textual.app import App\n"
        "from companion.ui.game_screen import GameScreen\n"
        "async def opened(pilot):\n"
        "    while not any(isinstance(s, GameScreen) for s in pilot.app.screen_stack):\n"
        "        await pilot.pause()\n"
        f"    heavy = {(*others, 'qrcode', 'companion.web', 'aiohttp')!r}\n"
        "    print(sorted({m for m in sys.modules if m.startswith(heavy)}))\n"
        "    pilot.app.exit()\n"
        "run = App.run\n"
        "App.run = lambda self, **kw: run(self, headless=True, size=(120, 40), auto_pilot=opened)\n"
        "from companion.cli import main\n"
        f"main(['--db', {str(path)!r}, 'resume', '{game_id}'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[0] == "[]", out.stdout
