"""Every case of issue 9, one test each (each fails on the code before the fix)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.catalog import parse_toml, to_toml
from companion.core.i18n import msg, tr
from companion.core.text import visible
from companion.games.insurrection import catalog as ins_catalog
from companion.store import Store
from tests.hardening.fuzz_support import db_digest

ROOT = Path(__file__).resolve().parents[2]
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
ESCAPES = "\x1b]0;pwned\x07\x1b[31;41mred\x1b[0m\x9b2J\x1bP+q\x1b\\"
Q = json.dumps(ESCAPES)  # as a TOML string (TOML wants control characters escaped)


def run(*args: str, stdin: str | None = None, env: dict | None = None, **kw):
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=60,
        input=stdin,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        **kw,
    )


def cli(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "unexpected error" not in out.err, out.err
    return code, out.out, out.err


# -- tracebacks from input ------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 3000 + "]" * 3000,  # RecursionError in the TOML reader
        "a = " + "{b = " * 500 + "1" + "}" * 500,
        "kingdom = " + "[" * 30 + "]" * 30,  # parses, nested past the limit
        '[[kingdom]]\nid = ["x"]\n',  # TypeError in merge
        "meta = 5\n",
        "kingdom = 5\n",
    ],
)
def test_odd_files_are_clear_errors(tmp_path, capsys, text):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, _out, err = cli(capsys, "catalog", "check", "unicornus", "--file", str(path))
    assert code == 2 and "bad.toml" in err
    code, _out, err = cli(capsys, "insurrection", "score", str(path), "--catalog", str(path))
    assert code == 2 and "bad.toml" in err


def test_meta_that_is_not_a_table_in_a_score_catalog(tmp_path, capsys):
    game = tmp_path / "g.toml"
    game.write_text('outcome = "good"\n[[players]]\nname = "a"\nhand = []\n', encoding="utf-8")
    cat = tmp_path / "c.toml"
    cat.write_text("meta = 5\n", encoding="utf-8")
    code, _, err = cli(capsys, "insurrection", "score", str(game), "--catalog", str(cat))
    assert code == 2 and "c.toml" in err


# -- import merges, never silently replaces -------------------------------------------------
MINE = """\
[[kingdom]]
id = "annelie"
name = { en = "Annelie" }
command = 5
life = 4

[[princesses]]
id = "p2"
command = 6
life = 5
"""


@pytest.fixture
def owner(tmp_path):
    db = tmp_path / "saves.db"
    mine = tmp_path / "mine.toml"
    mine.write_text(MINE, encoding="utf-8")
    assert main(["--db", str(db), "catalog", "import", "unicornus", str(mine), "--yes"]) == 0
    return db


def _user(db: Path) -> dict | None:
    with Store.open(db) as store:
        return store.user_catalog("unicornus")


@pytest.mark.parametrize("content", ["", "\n# nothing\n", "[meta]\n", "kingdom = []\n"])
def test_an_empty_file_is_refused(owner, tmp_path, capsys, content):
    before = db_digest(owner)
    empty = tmp_path / "e.toml"
    empty.write_text(content, encoding="utf-8")
    code, _, err = cli(
        capsys, "--db", str(owner), "catalog", "import", "unicornus", str(empty), "--yes"
    )
    assert code == 2 and "e.toml" in err
    assert db_digest(owner) == before


def test_a_truncated_file_merges_and_keeps_the_rest(owner, tmp_path, capsys):
    cut = tmp_path / "cut.toml"
    cut.write_text('[[kingdom]]\nid = "annelie"\ncommand = 6\n', encoding="utf-8")
    code, out, _ = cli(
        capsys, "--db", str(owner), "catalog", "import", "unicornus", str(cut), "--yes"
    )
    assert code == 0 and "kingdom[id=annelie].command" in out
    user = _user(owner)
    assert user["kingdom"][0]["command"] == 6 and user["princesses"][0]["command"] == 6
    # the previous transcription is kept and comes back
    code, _, _ = cli(capsys, "--db", str(owner), "catalog", "import", "unicornus", "--undo")
    assert code == 0 and _user(owner)["kingdom"][0]["command"] == 5


def test_import_shows_the_changes_and_asks(owner, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text('[[kingdom]]\nid = "annelie"\nlife = 3\n', encoding="utf-8")
    before = db_digest(owner)
    out = run("--db", str(owner), "catalog", "import", "unicornus", str(other), stdin="n\n")
    assert out.returncode == 1 and "kingdom[id=annelie].life" in out.stdout
    assert db_digest(owner) == before
    out = run("--db", str(owner), "catalog", "import", "unicornus", str(other), stdin="y\n")
    assert out.returncode == 0 and _user(owner)["kingdom"][0]["life"] == 3


def test_replace_and_a_named_keep(owner, tmp_path, capsys):
    other = tmp_path / "other.toml"
    other.write_text('[[kingdom]]\nid = "annelie"\nname = { en = "A" }\nlife = 3\n', "utf-8")
    code, out, _ = cli(
        capsys, "--db", str(owner), "catalog", "import", "unicornus", str(other),
        "--replace", "--keep-as", "before-club", "--yes",
    )  # fmt: skip
    assert code == 0 and "princesses[id=p2]" in out  # shown as removed
    assert "princesses" not in _user(owner)
    code, out, _ = cli(capsys, "--db", str(owner), "catalog", "import", "unicornus", "--list")
    assert "before-club" in out
    code, _, _ = cli(
        capsys, "--db", str(owner), "catalog", "import", "unicornus", "--restore", "before-club"
    )
    assert code == 0 and _user(owner)["princesses"][0]["life"] == 5


# -- ranges -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("entry", "field", "words"),
    [
        ('attack = ["hit", "hit", "miss", "miss", "loss"]', "attack", "at least 6"),
        ('defence = ["hit"] * 11', "defence", None),
        ("life = 0", "life", "greater than or equal to 1"),
        ("life = -3", "life", "greater than or equal to 1"),
        ("command = 1000000000000000000000000000000", "command", "less than or equal to 12"),
    ],
)
def test_out_of_range_values_name_file_line_entry_field_and_range(
    tmp_path, capsys, entry, field, words
):
    entry = entry.replace('["hit"] * 11', "[" + ", ".join(['"hit"'] * 11) + "]")
    path = tmp_path / "r.toml"
    path.write_text(
        f'# mine\n\n[[kingdom]]\nid = "annelie"\nname = {{ en = "A" }}\n{entry}\n',
        encoding="utf-8",
    )
    code, _, err = cli(capsys, "catalog", "check", "unicornus", "--file", str(path))
    assert code == 2
    assert "r.toml, line 6" in err and "annelie" in err and field in err, err
    if words:
        assert words in err


@pytest.mark.parametrize(
    "space", ["tokens = -1", "defence = 99", "recruit = -2", "difficulty = 1e9"]
)
def test_space_values_have_ranges(tmp_path, capsys, space):
    sp = "{ " + space + " }"
    spaces = ", ".join([sp] + ["{}"] * 6)
    path = tmp_path / "t.toml"
    path.write_text(f'[[tiles]]\nid = "capital"\nspaces = [{spaces}]\n', encoding="utf-8")
    code, _, err = cli(capsys, "catalog", "check", "unicornus", "--file", str(path))
    assert code == 2 and "capital" in err


def test_the_other_games_have_ranges(tmp_path, capsys):
    path = tmp_path / "i.toml"
    path.write_text('[[persons]]\nid = "goblin"\ncorruption = -1\n', encoding="utf-8")
    assert cli(capsys, "catalog", "check", "insurrection", "--file", str(path))[0] == 2
    path.write_text("[board]\nfairy_die_sides = 1000\n", encoding="utf-8")
    assert cli(capsys, "catalog", "check", "magical-friends", "--file", str(path))[0] == 2
    long = "x" * 500
    path.write_text(f'[[persons]]\nid = "goblin"\nname = {{ en = "{long}" }}\n', encoding="utf-8")
    code, _, err = cli(capsys, "catalog", "check", "insurrection", "--file", str(path))
    assert code == 2 and "120" in err


# -- text is shown as text ------------------------------------------------------------------
def test_escape_sequences_never_reach_the_terminal(tmp_path, capsys):
    db = tmp_path / "s.db"
    path = tmp_path / "evil.toml"
    path.write_text(
        f'[[kingdom]]\nid = "annelie"\nname = {{ en = {Q}, ja = {Q} }}\n'
        f'[[princesses]]\nid = "p2"\nlife = {Q}\n',
        encoding="utf-8",
    )
    code, out, err = cli(capsys, "catalog", "check", "unicornus", "--file", str(path))
    assert code == 2 and not RAW.search(out + err.replace("\n", ""))
    path.write_text(
        f'[[kingdom]]\nid = "annelie"\nname = {{ en = {Q}, ja = {Q} }}\n',
        encoding="utf-8",
    )
    code, out, err = cli(capsys, "--db", str(db), "catalog", "import", "unicornus", str(path), "-y")
    assert code == 0 and not RAW.search(out + err.replace("\n", ""))
    with Store.open(db) as store:
        from companion.games.registry import load_game_catalog

        cat = load_game_catalog("unicornus", "box", store.user_catalog("unicornus"))
    name = cat.kingdom_character("annelie").name
    assert not RAW.search(name["en"]) and "␛" in name["en"]
    shown = tr(msg("cli.import.restored", game=name, saved=ESCAPES))
    assert not RAW.search(shown)


def test_score_prints_names_as_text(tmp_path, capsys):
    game = tmp_path / "g.toml"
    game.write_text(
        'outcome = "good"\ntoken = "fortress"\n'
        f'[[players]]\nname = {Q}\nhand = ["imp"]\n'
        '[[players]]\nname = "b"\nhand = ["imp"]\n',
        encoding="utf-8",
    )
    cat = ROOT / "data" / "insurrection" / "demo.toml"
    for extra in ([], ["--json"]):
        code, out, err = cli(
            capsys, "insurrection", "score", str(game), "--catalog", str(cat), *extra
        )
        assert code == 0 and "␛" in out.replace("\\u241b", "␛") and not RAW.search(out)


def test_visible_keeps_ordinary_text():
    assert visible("Annelie アンネリー") == "Annelie アンネリー"
    assert visible("a\nb", lines=True) == "a\nb" and visible("a\nb") == "a␊b"
    assert not RAW.search(visible("".join(chr(c) for c in range(0x100))))


# -- quick score takes only possible games ---------------------------------------------------
DEMO_CAT = ROOT / "data" / "insurrection" / "demo.toml"


def _score(tmp_path, capsys, body: str) -> tuple[int, str]:
    path = tmp_path / "g.toml"
    path.write_text(body, encoding="utf-8")
    code, _, err = cli(capsys, "insurrection", "score", str(path), "--catalog", str(DEMO_CAT))
    return code, err


def _players(*hands: str) -> str:
    return "".join(f'[[players]]\nname = "p{i}"\nhand = [{h}]\n' for i, h in enumerate(hands))


def _leaders() -> list[str]:
    return [leader.id for leader in ins_catalog.load("demo").leaders]


@pytest.mark.parametrize(
    "body",
    [
        'outcome = "good"\n' + _players('"imp*50"', '"imp"'),
        'outcome = "good"\n' + _players('"imp*4"', '"imp"'),  # 5 of the 4 copies
        'outcome = "good"\nface_up = ["imp*3"]\n' + _players('"imp*2"', '"imp"'),
        'outcome = "good"\n' + _players('"goblin*10000000"', '"imp"'),
        'outcome = "good"\n' + _players('"goblin*1000000000"', '"imp"'),
        'outcome = "good"\n' + _players('"imp*0"', '"imp"'),
        'outcome = "good"\n' + _players('"imp"'),  # 1 player
        'outcome = "good"\n' + _players(*(['"imp"'] * 7)),
        'outcome = "good"\n'
        + "players = ["
        + ", ".join(['{name = "x", hand = []}'] * 5000)
        + "]\n",
        'outcome = "good"\ntoken = "stronghold"\n' + _players('"imp"', '"imp"'),
        'outcome = "evil"\nface_up = []\n' + _players('"imp"', '"imp"'),
    ],
)
def test_impossible_games_are_refused(tmp_path, capsys, body):
    lands = [land.id for land in ins_catalog.load("demo").lands]
    body = body.replace('token = "stronghold"', f'token = "{lands[0]}"')
    code, err = _score(tmp_path, capsys, body)
    assert code == 2, err


def test_the_same_leader_in_two_hands_is_refused(tmp_path, capsys):
    lead = _leaders()[0]
    code, err = _score(tmp_path, capsys, 'outcome = "good"\n' + _players(f'"{lead}"', f'"{lead}"'))
    assert code == 2 and lead in err
    two = _leaders()[:2]  # several leaders in one hand: the rules allow it (§3)
    code, _ = _score(
        tmp_path, capsys, 'outcome = "good"\n' + _players(f'"{two[0]}", "{two[1]}"', '"imp"')
    )
    assert code in (0, 1)


def test_a_possible_evil_win_scores(tmp_path, capsys):
    cat = ins_catalog.load("demo")
    marked = sorted(cat.persons, key=lambda p: -(p.corruption or 0))
    face_up, marks = [], 0
    for p in marked:
        take = min(p.copies or 1, 2)
        face_up += [p.id] * take
        marks += (p.corruption or 0) * take
        if marks >= 10:
            break
    body = f'outcome = "evil"\nface_up = {json.dumps(face_up)}\n' + _players('"imp"', '"imp"')
    code, err = _score(tmp_path, capsys, body)
    assert code in (0, 1), err


# -- TOML writer ------------------------------------------------------------------------------
def test_toml_round_trips_every_character():
    text = "".join(chr(c) for c in range(1, 0x250) if not 0xD800 <= c <= 0xDFFF)
    data = {"meta": {"note": text}, "kingdom": [{"id": "a\x7fb", "name": {"en": "\x7f"}}]}
    assert parse_toml(to_toml(data, header="x\x7fy"), "t") == data


def test_tomlw_is_gone():
    assert not (ROOT / "companion" / "core" / "tomlw.py").exists()
