"""Names are text on every screen (issues 9 and 25).

A name imported with ESC, OSC and C1 sequences reaches no screen raw (issue 9). A name with
markup in it (``[/]``, ``[b]x``, ``[link=x]``, ``[@click=app.quit]``), a terminal escape, a
bidi or a zero-width character, typed into a new-game form or held by a catalog, is shown as
typed on every screen and never read as markup (issue 25): the screens are walked with the
names of ``fuzz_support.NAMES`` as the players' and the catalogs' names, and each screen's
text must show each name whole (``misshown``), while no string holding a name unescaped may
reach a markup parser (``MarkupWatch``).
"""

from __future__ import annotations

import json
import shutil

import pytest
from textual.widgets import Input

from companion.core import catalog as core_catalog
from companion.core.catalog import read_toml, to_toml
from companion.core.text import visible
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.game_screen import LEAVE_KEY, GameScreen
from tests.hardening.fuzz_support import NAMES, MarkupWatch, misshown, screen_text

ESCAPES = "\x1b]0;pwned\x07\x1b[31;41mred\x1b[0m\x9b2J"
RAW = ("\x1b", "\x07", "\x9b")
SIZE = (160, 50)


def _evil_catalog(tmp_path) -> Store:
    store = Store.open("sqlite://")
    demo = tmp_path / "evil.toml"
    q = json.dumps(ESCAPES)
    demo.write_text(
        f'[[princesses]]\nid = "p1"\nname = {{ en = {q}, ja = {q} }}\ncommand = 6\nlife = 5\n'
        f'[[princesses]]\nid = "p2"\nname = {{ en = {q}, ja = {q} }}\n',
        encoding="utf-8",
    )
    store.import_user_catalog("unicornus", demo)
    return store


async def test_the_new_game_screen_shows_imported_names_as_text(tmp_path):
    store = _evil_catalog(tmp_path)
    app = create_app(store, Start("new", game_key="unicornus"))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await pilot.pause()
        shot = app.export_screenshot()
        assert "pwned" in shot  # the name is on the screen, as text
    for ch in RAW:
        assert ch not in shot
    store.close()


# -- issue 25: every screen, names with markup ------------------------------------------------
async def test_an_imported_name_with_markup_starts_a_new_game(tmp_path):
    """An imported catalog's ``Anne [/] lie`` crashed ``new unicornus`` on every start."""
    store = Store.open("sqlite://")
    mine = tmp_path / "mine.toml"
    mine.write_text(
        '[[princesses]]\nid = "p1"\nname = { en = "Anne [/] lie", ja = "Anne [/] lie" }\n'
        'command = 6\nlife = 5\n[[kingdom]]\nid = "k9"\nname = { en = "[Anna]" }\n',
        encoding="utf-8",
    )
    store.import_user_catalog("unicornus", mine)
    app = create_app(store, Start("new", game_key="unicornus"), lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app._exception is None and type(app.screen).__name__ == "NewGameScreen"
        assert "Anne [/] lie" in screen_text(app)
    store.close()


def renamed(data, names):
    """``data`` (a catalog) with every ``name`` replaced by one of :data:`NAMES` in turn."""
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            if key == "name" and isinstance(value, dict | str):
                name = next(names)
                out[key] = {"en": name, "ja": name} if isinstance(value, dict) else name
            else:
                out[key] = renamed(value, names)
        return out
    if isinstance(data, list):
        return [renamed(v, names) for v in data]
    return data


@pytest.fixture
def named_data(tmp_path, monkeypatch):
    """The shipped catalogs with every name one of :data:`NAMES` (demo and box alike)."""
    data = tmp_path / "data"
    shutil.copytree(core_catalog.data_dir(), data)
    for path in data.glob("*/*.toml"):
        cycle = iter(NAMES * 100)
        path.write_text(to_toml(renamed(read_toml(path), cycle)), encoding="utf-8")
    monkeypatch.setattr(core_catalog, "data_dir", lambda: data)
    return data


class Walk:
    """Keys pressed one at a time; after each, every name on the screen is shown as typed."""

    def __init__(self, app, pilot) -> None:
        self.app, self.pilot = app, pilot
        self.screens: dict[str, int] = {}
        self.problems: list[str] = []

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            await self.pilot.pause()
            self.look(key)

    def look(self, key: str = "") -> None:
        app = self.app
        assert app._exception is None, f"{key!r} on {type(app.screen).__name__} raised"
        assert app.return_code is None, f"{key!r} on {type(app.screen).__name__} ended the app"
        name = type(app.screen).__name__
        self.screens[name] = self.screens.get(name, 0) + 1
        for problem in misshown(screen_text(app)):
            self.problems.append(f"{name}: {problem}")

    async def play(self, steps: int) -> None:
        """Advance the game: ``n`` on the game screen; in a dialog, its first answer (Enter,
        or a first pick and Enter), else escape."""
        for _ in range(steps):
            top = self.app.screen
            if isinstance(top, GameScreen):
                await self.press("n")
                continue
            for key in ("enter", "1", "space", "enter", "escape"):
                await self.press(key)
                if self.app.screen is not top:
                    break

    async def to_home(self) -> None:
        """Back to the home screen, whatever is open."""
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()
            await self.pilot.pause()

    async def home(self) -> GameScreen:
        """Back to the game screen (escape, as many times as it takes)."""
        for _ in range(6):
            if isinstance(self.app.screen, GameScreen):
                break
            await self.press("escape")
        assert isinstance(self.app.screen, GameScreen), type(self.app.screen).__name__
        return self.app.screen

    async def every_key(self) -> None:
        """On the game screen: each of its own keys, the screen it opens looked at, then back."""
        game = await self.home()
        keys = [
            b.key
            for b in game._bindings.key_to_bindings.values()
            for b in b
            if b.key not in ("n", "escape", "ctrl+z", "ctrl+y", LEAVE_KEY, "space", "tab")
        ]
        for key in dict.fromkeys(keys):
            await self.press(key)
            for _ in range(2):  # past a "whose hand?" and a "pass the keyboard"
                if self.app.screen is not game:
                    await self.press("enter")
            for _ in range(4):
                if self.app.screen is game:
                    break
                await self.press("escape")
            if self.app.screen is not game:
                self.app.pop_screen()
                await self.pilot.pause()


async def _type_names(app, pilot, fields: list[str]) -> None:
    for field, name in zip(fields, NAMES, strict=False):
        app.screen.query_one(field, Input).value = name
    await pilot.pause()


async def test_insurrection_new_game_form_takes_names_as_typed(named_data):
    """``[/]Xaq`` typed in the form: the pass-the-keyboard screens and the board show it."""
    store = Store.open("sqlite://")
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    with MarkupWatch() as watch:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            walk = Walk(app, pilot)
            await _type_names(app, pilot, [f"#seat-{i}" for i in range(1, 6)])
            await walk.press("ctrl+s")
            await walk.play(12)
    store.close()
    assert {"PassTo", "ChoiceDialog", "InsurrectionScreen"} <= set(walk.screens), walk.screens
    problems = [*watch.read_as_markup(), *walk.problems]
    assert not problems, "\n".join(dict.fromkeys(problems))


# The demo tables' names are the names of NAMES as a form takes them (control characters as
# symbols; Unicornus names no players: its characters' names, from the catalog, are NAMES
# too), each game saved at points of a whole demo game.
# (issue 26: a point at half the game cost a third of the walk; without it each game's walk
# still reaches every screen of REACHED.)
POINTS = (0.05, 0.97, 1.0)


@pytest.fixture
def named_tables(named_data, monkeypatch):
    from companion.games.insurrection import autoplay as ins
    from companion.games.magical_friends import autoplay as mf

    names = tuple(visible(name) for name in NAMES)
    monkeypatch.setattr(ins, "DEMO_PLAYERS", names[:6])
    monkeypatch.setattr(mf, "NAMES", names[:5])


def saved_points(store, key: str, players: int) -> list[int]:
    """The demo game of ``key`` as the sensible table plays it, saved at each of
    :data:`POINTS` (fractions of the whole game), each a game of its own."""
    from companion.core.game import play
    from companion.games.registry import demo_table, get_game, load_game_catalog, sensible_table
    from companion.store.listing import Seat

    game, catalog = get_game(key), load_game_catalog(key, "demo")
    policy, demo_setup = sensible_table(key, 3)
    state = game.new_game(demo_setup(catalog, players), catalog, 3)
    steps = [cmd for cmd, _ in play(game, state, policy)]
    seats = [
        Seat(name or NAMES[n % len(NAMES)], colour, role)
        for n, (name, colour, role) in enumerate(demo_table(key, state))
    ]
    ids = []
    for n, point in enumerate(POINTS):
        title = f"{NAMES[n]} {NAMES[n + 3]} {NAMES[-n - 1]}"  # nine of the names in titles
        session = store.new_game(game, state, title, "demo", seats)
        for cmd in steps[: round(point * len(steps))]:
            session.do(cmd)
        ids.append(session.id)
    return ids


SHELL = {"HomeScreen", "NewGameScreen", "RecordScreen", "StatsScreen", "CatalogsScreen"}
# what each game's walk must reach (so that it cannot quietly look at less); the score sheet
# and the tally are panels of the finished game's RecordScreen
REACHED = {
    "unicornus": SHELL
    | {"UnicornusScreen", "CheckedForm", "MapChoice", "BattleHelper", "ForesightView"},
    "insurrection": SHELL
    | {"InsurrectionScreen", "PassTo", "ShowHand", "CardPicker", "ChoiceDialog", "FormDialog"},
    "magical-friends": SHELL
    | {"MagicalFriendsScreen", "ArtifactsForm", "ChoiceDialog", "StepsDialog"},
}


@pytest.mark.parametrize(
    ("key", "players"), [("unicornus", 3), ("insurrection", 5), ("magical-friends", 4)]
)
async def test_every_screen_shows_names_as_typed(named_tables, key, players):
    """Each game's screens at points of a whole game (every key of the game screen, the
    dialogs and pass-the-keyboard screens they open, a few steps on), its record, the home
    list and History, stats and catalogs."""
    store = Store.open("sqlite://")
    ids = saved_points(store, key, players)
    app = create_app(store, Start(), lang="en")
    with MarkupWatch() as watch:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            walk = Walk(app, pilot)
            walk.look()
            for catalog in ("demo", "box"):  # the new-game screen lists the catalog's names
                app.new_game(key, catalog)
                await pilot.pause()
                walk.look()
                await walk.to_home()
            for game_id in ids[:-1]:
                app.open_game(game_id)
                await pilot.pause()
                walk.look()
                await walk.every_key()
                await walk.play(8)
                await walk.to_home()
            app.show_record(ids[-1])
            await pilot.pause()
            walk.look()
            await walk.to_home()
            await walk.press("h", "t")  # History; stats
            for _ in range(3):
                await walk.press("right")  # each game's tab, the players'
            await walk.to_home()
            await walk.press("c", "down", "down")  # catalogs
    store.close()
    assert REACHED[key] <= set(walk.screens), sorted(REACHED[key] - set(walk.screens))
    problems = [*watch.read_as_markup(), *walk.problems]
    assert not problems, "\n".join(dict.fromkeys(problems))
