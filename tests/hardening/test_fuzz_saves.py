"""Generated inputs against saves and names (issue 25), seeded: every input is answered with a
message or done, never a traceback, never exit 70 ("unexpected error").

- ``damaged``: a row of every table of a save damaged (bad JSON, wrong types, bad dates,
  positions out of range, unknown games and languages, names with markup), then a command
  run on it: ``list``, ``verify``, ``stats``, ``export``, ``catalog check``/``import``,
  ``import-game``, or what ``resume`` and a new game read and write through the store.
- ``names``: names with markup, escapes, bidi and zero-width characters through the imports
  (a game's players and title in ``import-game``, a catalog's names in ``catalog import``)
  and then the commands that print them: shown as text, no control character raw.
- ``read-only``: the commands, and steps through the store, on a save that cannot be written.
- ``screens``: the same names on the pass-the-keyboard, secret-hand, choice and form screens,
  and typed into the new-game forms: never read as markup, shown as typed.

``COMPANION_FUZZ_SEED`` picks another seed (the default is fixed, so each run tries the same
inputs). The counts are printed by the last test.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import shutil
import sqlite3
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.catalog import to_toml
from companion.core.errors import CompanionError
from companion.core.game import play
from companion.core.i18n import Msg, msg
from companion.core.text import visible
from companion.games.registry import demo_table, get_game, load_game_catalog, sensible_table
from companion.store import Store
from companion.store.listing import Seat
from tests.hardening.fuzz_support import MarkupWatch, read_only, screen_text

SEED = int(os.environ.get("COMPANION_FUZZ_SEED", "25"))
COUNTS: Counter = Counter()  # (suite, verdict) -> inputs
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# one process runs the module: its last test counts the inputs its other tests tried
pytestmark = pytest.mark.xdist_group("fuzz-saves")
PIECES = (
    "Ann", "Zoë", "アンネ", "Bob", "[/]", "[b]", "[/b]", "[link=x]", "[@click=app.quit]",
    "[", "]", "\\[", "[Anna]", "[i]x[/i]", "\x1b[31m", "\x1b]0;pwned\x07", "\x9b2J", "\u202e",
    "\u2066", "\u200b", "\u200d", "\ufeff", "👩‍👩‍👧", " ", "$name", "{0}", "%s", "\\",
)  # fmt: skip


def nasty_name(rnd: random.Random) -> str:
    """A name a person could type or a file hold: a few of :data:`PIECES` run together."""
    while True:
        name = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 4))).strip()
        if name:
            return name[:40]


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def answered(suite: str, code: int, out: str, err: str, what: object) -> None:
    """A command's answer: no traceback, no exit 70, nothing raw on the terminal."""
    assert code != 70 and "Traceback" not in err and "unexpected error" not in err, (what, err)
    assert not RAW.search(out + err.replace("\n", "")), (what, out[-300:], err)
    COUNTS[suite, "done" if code == 0 else f"exit {code}"] += 1


# -- a save with a game of each kind --------------------------------------------------------
@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """A finished Insurrection game (1), a Unicornus (2) and a Magical Friends game (3) under
    way, kept snapshots every 4 steps, the settings the app keeps, two catalog imports."""
    folder = tmp_path_factory.mktemp("fuzz-saves")
    path = folder / "base.db"
    with Store.open(path, snapshot_every=4) as store:
        for key, players, steps in (
            ("insurrection", 2, None),
            ("unicornus", 3, 14),
            ("magical-friends", 2, 14),
        ):
            game, catalog = get_game(key), load_game_catalog(key, "demo")
            policy, setup = sensible_table(key, 1)
            state = game.new_game(setup(catalog, players), catalog, 1)
            seats = [Seat(n or f"P{i}", c, r) for i, (n, c, r) in enumerate(demo_table(key, state))]
            session = store.new_game(game, state, f"{key} game", "demo", seats)
            for n, _ in enumerate(play(game, state, policy, do=session.do), 1):
                if n == steps:
                    break
        for key, value in (
            ("language", "en"), ("theme", "nord"), ("ties", "ask"),
            ("records.bgg_id.insurrection", 123), ("magical-friends.rounds", 8),
            ("unicornus.new_game_draft", {"players": 3, "names": ["a"], "form": {}}),
        ):  # fmt: skip
            store.set_setting(key, value)
        mine = folder / "mine.toml"
        for life in (4, 5):
            mine.write_text(f'[[princesses]]\nid = "p2"\ncommand = 6\nlife = {life}\n')
            store.import_user_catalog("unicornus", mine)
    assert cli("--db", str(path), "export", "1", "--out", str(folder / "game.json"))[0] == 0
    return path


# -- damaged rows -----------------------------------------------------------------------------
TEXTS = (
    "{", "[1", "null", "0", "[]", "{}", '"x"', '{"a": 1}', "x" * 3000, "[/]Bob", "\x1b[31m",
    '{"kind": "nope"}', '{"key": 5}', '{"key": "x", "params": 5}', "NaN", "1e999", '"fr"',
    '{"result": "won", "reason": 5}', '[{"name": 5}]', '[{"name": "[/]"}]', "[5]",
    '[{"data": 5}]', '{"kingdom": 5}', '{"princesses": [{"id": 5}]}', "true", "-1",
)  # fmt: skip
NUMBERS = (-1, 0, 1, 10**6, 2**62, -(2**63), "x", "", 1.5, "1", 1e308)
DATES = (
    "last tuesday", "2024-13-45 99:99:99", "", "0", 0, 12345, "9999-12-31 23:59:59",
    "0001-01-01 00:00:00", "2024-01-01T00:00:00+99:00", "x" * 100,
)  # fmt: skip
KEYS = ("nope", "", "[/]", "unicornus", "insurrection", "magical-friends")
DAMAGE = {  # table -> column -> values it may be given
    "games": {
        "game_key": KEYS, "title": TEXTS, "catalog_name": KEYS + ("box", "demo"),
        "initial_state": TEXTS, "players": TEXTS, "cursor": NUMBERS, "length": NUMBERS,
        "summary": TEXTS, "finished": (2, "x", -1), "outcome": TEXTS, "revision": NUMBERS,
        "played_seconds": NUMBERS, "created": DATES, "last_played": DATES,
    },
    "steps": {"command": TEXTS, "description": TEXTS, "revision": NUMBERS, "idx": NUMBERS},
    "snapshots": {"state": TEXTS, "kept": (2, "x"), "idx": NUMBERS},
    "settings": {"value": TEXTS},
    "user_catalogs": {"data": TEXTS, "updated": DATES, "game_key": KEYS},
    "players": {"name": ("[/]", "", "\x1b[31m"), "colour": ("[/]", 5), "last_played": DATES},
    "schema_version": {"version": NUMBERS},
}  # fmt: skip
COMMANDS = (
    ("list",), ("verify",), ("verify", "1"), ("verify", "2"), ("verify", "3"), ("stats",),
    ("stats", "--json"), ("export", "1"), ("export", "2", "--format", "csv"),
    ("export", "1", "--format", "bgstats"), ("export", "3"), ("catalog", "check", "unicornus"),
    ("catalog", "import", "unicornus", "--list"), ("catalog", "import", "unicornus", "--undo"),
    ("catalog", "export", "unicornus", "OUT"), ("import-game", "GAME"),
    "resume 1", "resume 2", "resume 3", "resume", "new game",
)  # fmt: skip
DAMAGED_INPUTS = 1080


def resume(path: Path, game_id: int | None) -> int:
    """What ``companion resume`` reads before the app shows the game, and a step undone and
    redone, through the store: a problem is a CompanionError (exit 2), nothing else."""
    try:
        with Store.open(path) as store:
            game_id = game_id or store.latest_game_id()
            if game_id is None:
                return 0
            session = store.open_game(game_id)
            session.game.moment(session.state)
            session.history()
            if session.can_undo:
                session.undo()
            if session.can_redo:
                session.redo()
    except CompanionError:
        return 2
    return 0


def new_game(path: Path, name: str) -> int:
    """What a new-game form saves: the game, its seats, the roster."""
    try:
        with Store.open(path) as store:
            game, catalog = get_game("insurrection"), load_game_catalog("insurrection", "demo")
            policy, setup = sensible_table("insurrection", 1)
            state = game.new_game(setup(catalog, 2), catalog, 1)
            store.new_game(game, state, name, "demo", [Seat(name), Seat("Ann")])
            store.roster()
            store.last_table("insurrection")
    except CompanionError:
        return 2
    return 0


def damage(path: Path, rnd: random.Random) -> str | None:
    """One value of one row of one table replaced; what was done (None: SQLite refused it,
    a NOT NULL or a key it cannot take)."""
    table = rnd.choice(list(DAMAGE))
    column = rnd.choice(list(DAMAGE[table]))
    value = rnd.choice(DAMAGE[table][column])
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA synchronous = OFF")  # a copy made for one input: no fsync
        rows = [r[0] for r in con.execute(f"SELECT rowid FROM {table}")]  # noqa: S608
        if not rows:
            return None
        con.execute(
            f'UPDATE {table} SET "{column}" = ? WHERE rowid = ?',  # noqa: S608
            (value, rnd.choice(rows)),
        )
        con.commit()
    except sqlite3.Error:
        return None
    finally:
        con.close()
    return f"{table}.{column} = {value!r:.40}"


def test_damaged_rows_of_every_table(base, tmp_path):
    rnd = random.Random(SEED)
    tried = 0
    while tried < DAMAGED_INPUTS:
        path = tmp_path / f"d{tried}.db"
        shutil.copy(base, path)
        what = damage(path, rnd)
        if what is None:
            path.unlink()
            continue
        tried += 1
        command = rnd.choice(COMMANDS)
        if command == "new game":
            code, out, err = new_game(path, nasty_name(rnd)), "", ""
        elif isinstance(command, str):
            game_id = command.removeprefix("resume").strip()
            code, out, err = resume(path, int(game_id) if game_id else None), "", ""
        else:
            args = [
                {"OUT": str(tmp_path / "out.toml"), "GAME": str(base.parent / "game.json")}.get(
                    a, a
                )
                for a in command
            ]
            code, out, err = cli("--db", str(path), *args)
        answered("damaged", code, out, err, (what, command))
        path.unlink()


# -- names through imports --------------------------------------------------------------------
NAMED_INPUTS = 150


def renamed(data, names: dict[str, str]):
    """``data`` with every string (keys too) that is one of ``names`` replaced by its new
    name."""
    if isinstance(data, dict):
        return {names.get(k, k): renamed(v, names) for k, v in data.items()}
    if isinstance(data, list):
        return [renamed(v, names) for v in data]
    return names.get(data, data) if isinstance(data, str) else data


def test_names_through_game_imports(base, tmp_path):
    """A game's players and title renamed in its export, imported, then listed, counted,
    exported and verified: each name shown as text."""
    rnd = random.Random(SEED + 1)
    exported = json.loads((base.parent / "game.json").read_text(encoding="utf-8"))
    players = [p["name"] for p in exported["players"]]
    for n in range(NAMED_INPUTS):
        db = tmp_path / f"names{n // 10}.db"  # ten games a save: the lists stay short
        new = {p: f"{nasty_name(rnd)} {i}" for i, p in enumerate(players)}  # two, not one
        game = renamed(exported, new) | {"title": nasty_name(rnd)}
        path = tmp_path / "g.json"
        path.write_text(json.dumps(game, ensure_ascii=rnd.random() < 0.5), encoding="utf-8")
        code, out, err = cli("--db", str(db), "import-game", str(path))
        answered("names", code, out, err, ("import-game", new))
        game_id = str(n % 10 + 1)
        command = rnd.choice(
            [["list"], ["stats"], ["export", game_id, "--format", "csv"], ["verify", game_id]]
        )
        code, out, err = cli("--db", str(db), *command)
        answered("names", code, out, err, (command, new))


BOX_ENTRIES = (
    *(("princesses", f"p{n}") for n in range(1, 5)),
    ("imperial", "lionel"),
    ("imperial", "imperial5"),
    ("kingdom", "x9"),
)


def test_names_through_catalog_imports(tmp_path):
    """A catalog's names in an import (merged on the owner's, or refused naming the field),
    then checked: shown as text."""
    rnd = random.Random(SEED + 2)
    db = tmp_path / "cat.db"
    mine = tmp_path / "mine.toml"
    for _ in range(NAMED_INPUTS):
        name = nasty_name(rnd)
        # the box's Princess cards and imperial characters, or a character it has not (refused)
        section, ident = rnd.choice(BOX_ENTRIES)
        entry = {"id": ident, "name": {"en": name, "ja": name}}
        mine.write_text(to_toml({section: [entry]}), encoding="utf-8")
        code, out, err = cli("--db", str(db), "catalog", "import", "unicornus", str(mine), "-y")
        answered("names", code, out, err, ("catalog import", name))
        if rnd.random() < 0.5:
            code, out, err = cli("--db", str(db), "catalog", "check", "unicornus")
            answered("names", code, out, err, ("catalog check", name))


# -- a read-only save -------------------------------------------------------------------------
READ_ONLY_INPUTS = 300
RO_COMMANDS = (
    ("list",), ("verify",), ("verify", "ID"), ("stats",), ("export", "ID"),
    ("export", "ID", "--format", "csv"), ("export", "ID", "--format", "bgstats"),
    ("catalog", "check"), ("catalog", "import", "unicornus", "--list"),
    ("catalog", "import", "unicornus", "--undo"), ("import-game", "GAME"),
    ("export", "ID", "--out", "INSIDE"), "step", "undo", "new game",
)  # fmt: skip


def test_a_read_only_save(base, tmp_path):
    rnd = random.Random(SEED + 3)
    folder = tmp_path / "media"
    folder.mkdir()
    path = folder / "backup.db"
    shutil.copy(base, path)
    with read_only(folder):
        for _ in range(READ_ONLY_INPUTS):
            command = rnd.choice(RO_COMMANDS)
            game_id = rnd.choice(["1", "2", "3"])
            if command == "new game":
                code, out, err = new_game(path, nasty_name(rnd)), "", ""
                assert code == 2
            elif isinstance(command, str):
                code, out, err = read_only_step(path, int(game_id), command), "", ""
            else:
                swap = {"ID": game_id, "GAME": str(base.parent / "game.json")}
                swap["INSIDE"] = str(folder / "x.json")
                code, out, err = cli("--db", str(path), *(swap.get(a, a) for a in command))
            answered("read-only", code, out, err, command)
        assert sorted(p.name for p in folder.iterdir()) == ["backup.db"]  # no side file


def read_only_step(path: Path, game_id: int, how: str) -> int:
    with Store.open(path) as store:
        session = store.open_game(game_id)
        before = session.cursor
        try:
            if how == "undo":
                session.undo()
            else:
                policy, _ = sensible_table(session.game.key, 1)
                cmd = next(iter(play(session.game, session.state, policy, do=session.do)), None)
                if cmd is None:  # the game is over: nothing to do
                    return 0
        except CompanionError as exc:
            assert "read-only" in str(exc)
            assert session.cursor == before
            return 2
    raise AssertionError("a read-only save took a step")


# -- names on screens -------------------------------------------------------------------------
SCREEN_INPUTS = 100
FORM_INPUTS = 1


async def test_names_on_the_screens_and_in_the_forms():
    """Generated names on the pass-the-keyboard and secret-hand screens, a choice and a form
    (and typed in the Insurrection new-game form): never markup, always as typed."""
    from textual.widgets import Input

    from companion.core.plan import Choice, Option
    from companion.games.insurrection.catalog import load
    from companion.ui.app import Start, create_app
    from companion.ui.dialogs import ChoiceDialog, FormDialog, FormField
    from companion.ui.insurrection.secret import PassTo, ShowHand

    rnd = random.Random(SEED + 4)
    cat = load("demo")
    cards = [p.id for p in cat.persons[:3]]

    def screens(name: str) -> list:
        said = msg("insurrection_ui.secret.pass", player=name)
        options = (Option(1, Msg("insurrection.name", {"en": name})), Option(2, said))
        return [
            PassTo(said, Msg("insurrection_ui.secret.pass", {"player": name})),
            ShowHand(name, cat, cards),
            ChoiceDialog(Choice(said, options), title=said),
            FormDialog(  # a field holds a name as the app keeps it (control characters shown)
                said, [FormField("x", said, "text", visible(name), hint=said)], intro=said
            ),
        ]

    store = Store.open("sqlite://")
    app = create_app(store, Start(), lang="en")
    with MarkupWatch(r"Q\d+q") as watch:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            done = 0
            while done < SCREEN_INPUTS:
                name = f"{nasty_name(rnd)} Q{done}q {nasty_name(rnd)}"  # Q…q: watched
                screen = screens(name)[done % 4]
                app.push_screen(screen)
                await pilot.pause()
                assert app._exception is None and app.return_code is None, repr(name)
                shown = screen_text(app)
                missing = [w for w in visible(name).split() if w not in shown]
                assert not missing, (name, missing, shown)
                assert not RAW.search(shown), repr(name)
                app.pop_screen()
                COUNTS["screens", "shown as typed"] += 1
                done += 1
    store.close()
    for n in range(FORM_INPUTS):  # typed in the new-game form, then on its screens
        store = Store.open("sqlite://")
        app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
        names = [f"{nasty_name(rnd)} {i}" for i in range(3)]
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for seat, name in enumerate(names, start=1):
                app.screen.query_one(f"#seat-{seat}", Input).value = name
            await pilot.press("ctrl+s")
            for key in ("enter", "1", "enter", "enter", "1", "enter"):
                await pilot.pause()
                assert app._exception is None and app.return_code is None, (n, names)
                await pilot.press(key)
        store.close()
        COUNTS["screens", "typed in a form"] += 1
    assert not watch.found, watch.read_as_markup()


def test_zz_enough_inputs_were_tried():
    """Runs last in this module (name): at least 2,000 inputs, every one answered."""
    total = sum(COUNTS.values())
    if total == 0:
        pytest.skip("run with the tests above")
    print(f"\nfuzz (seed {SEED}):", dict(sorted(COUNTS.items())), "total", total)
    assert total >= 2000, dict(COUNTS)
