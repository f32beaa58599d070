"""The quick score CLI: a finished game's file in, the breakdown out (§4, §6; issue 5)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.insurrection.quickscore import main

ROOT = Path(__file__).resolve().parents[2]

CATALOG = """\
[meta]
extends = "box"

[[persons]]
id = "dragon"
icons = ["animal"]
corruption = 1

[[persons]]
id = "tamer"
icons = ["soldier"]
corruption = 0

[[persons]]
id = "war_bear"
icons = ["animal"]
corruption = 0
scoring = [{ kind = "majority", points = 7, otherwise = 1 }]

[[persons]]
id = "prophet"
icons = ["pretender"]
corruption = 0

[[persons]]
id = "gnoll"
icons = ["minion"]
corruption = 2

[[persons]]
id = "druid_yel"
icons = ["animal"]
corruption = 0
"""

GAME = """\
outcome = "good"
token = "fortress"
graveyard = 0
face_up = ["goblin"]

[[players]]
name = "Jeanne"
hand = ["dragon", "tamer", "war_bear*5", "prophet", "gnoll", "druid_yel"]

[[players]]
name = "Gregory"
hand = ["prophet", "war_bear*2", "goblin"]
"""


def write(tmp_path: Path, game: str, catalog: str = CATALOG) -> tuple[str, str]:
    (tmp_path / "game.toml").write_text(game, encoding="utf-8")
    (tmp_path / "cat.toml").write_text(catalog, encoding="utf-8")
    return str(tmp_path / "game.toml"), str(tmp_path / "cat.toml")


def test_json_output_scores_the_worked_example(tmp_path, capsys):
    """§6 worked example through the file format: Jeanne 75, Gregory 4 + 2 + 3 = 9."""
    game, cat = write(tmp_path, GAME)
    assert main(["score", game, "--catalog", cat, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    totals = {p["name"]: p["total"] for p in out["players"]}
    assert totals == {"Jeanne": 75, "Gregory": 9} and out["winner"] == "Jeanne"
    bears = next(c for c in out["players"][0]["cards"] if c["card"] == "war_bear")
    assert bears["why"] == "War Bear ×5: strict majority (5 vs 2) → 7 each = 35"


def test_table_output_and_needed_values_exit_1(tmp_path, capsys):
    """A '?' met by the score is listed, never guessed (box catalog alone), exit code 1."""
    game, _ = write(tmp_path, GAME)
    assert main(["score", game]) == 1
    out = capsys.readouterr().out
    assert "persons[id=war_bear].scoring[0].otherwise" in out
    assert "persons[id=dragon].icons" in out  # Tamer counts the Animal icons of Jeanne's hand
    assert "persons[id=goblin]" not in out  # nothing in Gregory's hand counts icons
    assert "Jeanne: ? points" in out


def test_japanese_output(tmp_path, capsys):
    game, cat = write(tmp_path, GAME)
    assert main(["score", game, "--catalog", cat, "--lang", "ja"]) == 0
    assert "ウォーベア ×5" in capsys.readouterr().out


def test_places_are_shown_and_shared_as_on_the_score_screen(tmp_path, capsys):
    """§4: the places, best first, in text and JSON; equal totals behind the winner share
    their place (1, 2, 2), as the app's score sheet and the phone's page show them."""
    ann = '\n[[players]]\nname = "Ann"\nhand = ["prophet", "war_bear*2", "goblin"]\n'
    game, cat = write(tmp_path, GAME + ann)
    assert main(["score", game, "--catalog", cat]) == 0
    out = capsys.readouterr().out
    assert "Standings:\n  1. Jeanne: 75 points\n  2. Gregory: 9 points\n  2. Ann: 9 points" in out
    assert main(["score", game, "--catalog", cat, "--json"]) == 0
    standings = json.loads(capsys.readouterr().out)["standings"]
    assert [(s["place"], s["name"], s["total"]) for s in standings] == [
        (1, "Jeanne", 75),
        (2, "Gregory", 9),
        (2, "Ann", 9),
    ]
    # with a total unknown there are no places to show yet (the values are listed instead)
    assert main(["score", game]) == 1
    assert "Standings" not in capsys.readouterr().out


def test_unknown_card_names_line_and_field(tmp_path, capsys):
    """Bad files: a clear error naming the line, exit code 2."""
    game, cat = write(tmp_path, GAME.replace('"dragon", "tamer"', '"drgon", "tamer"'))
    assert main(["score", game, "--catalog", cat]) == 2
    err = capsys.readouterr().err
    assert "line 8" in err and "players[0].hand[0]" in err and "did you mean 'dragon'" in err


def test_invalid_toml_and_missing_field(tmp_path, capsys):
    game, cat = write(tmp_path, GAME.replace("graveyard = 0", "graveyard = "))
    assert main(["score", game, "--catalog", cat]) == 2
    assert re.search(r"line 3\b", capsys.readouterr().err)
    game, cat = write(tmp_path, GAME.replace('outcome = "good"\n', ""))
    assert main(["score", game, "--catalog", cat]) == 2
    assert "outcome" in capsys.readouterr().err
    game, cat = write(tmp_path, GAME.replace('outcome = "good"', 'outcome = "rebels"'))
    assert main(["score", game, "--catalog", cat]) == 2
    assert "line 1, outcome" in capsys.readouterr().err


def test_bad_catalog_and_missing_file(tmp_path, capsys):
    game, cat = write(tmp_path, GAME, CATALOG.replace("corruption = 2", 'corruption = "two"'))
    assert main(["score", game, "--catalog", cat]) == 2
    assert "id=gnoll" in capsys.readouterr().err
    assert main(["score", str(tmp_path / "nope.toml")]) == 2
    assert main([]) == 2  # argparse usage error


def test_effects_in_the_file(tmp_path, capsys):
    """§6 Liohra in a quick score: the exchange takes a face-up War Bear and gives one back."""
    cat = (
        CATALOG
        + '\n[[leaders]]\nid = "liohra"\ninitiative = 5\nscoring = [{ kind = "flat", points = 0 }]\n'
    )
    game_text = (
        GAME.replace('face_up = ["goblin"]', 'face_up = ["war_bear"]').replace(
            '"prophet", "war_bear*2", "goblin"]', '"liohra", "prophet", "war_bear*4", "goblin"]'
        )
        + '\n[[effects]]\nplayer = "Gregory"\ncard = "liohra"\ntake = "war_bear"\ngive = "goblin"\n'
    )
    game, catalog = write(tmp_path, game_text, cat)
    assert main(["score", game, "--catalog", catalog, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    greg = out["players"][1]
    assert next(c for c in greg["cards"] if c["card"] == "war_bear")["count"] == 5
    assert "tie" in out["explanation"].lower() or out["winner"]


def test_entry_point_imports_no_ui_or_database():
    """The lead wires main() into the CLI: it must not pull in textual or sqlmodel."""
    code = (
        "import sys\nimport companion.games.insurrection.quickscore\n"
        "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'sqlmodel', 'sqlalchemy')])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]"


def test_the_cli_wiring_runs_score_with_exit_codes(tmp_path, capsys):
    """`companion insurrection score GAME.toml`: the words after `insurrection` reach main()
    (the tool's name first); the exit codes are in `--help`."""
    from companion.cli import main as cli_main

    game, cat = write(tmp_path, GAME)
    assert cli_main(["insurrection", "score", game, "--catalog", cat]) == 0
    assert "Jeanne: 75 points" in capsys.readouterr().out
    assert cli_main(["insurrection", "score", game]) == 1  # box catalog: values still "?"
    capsys.readouterr()
    assert main(["score", "--help"]) == 0
    out = capsys.readouterr().out
    assert "exit codes" in out and '"?"' in out and "line" in out
    assert main(["scroe", game]) == 2  # an unknown tool is a usage error


def test_file_errors_name_the_file_and_line_in_plain_words(tmp_path, capsys):
    """Bad files: the file, the line (when there is one) and the field, never '?' or '-'."""
    game, cat = write(tmp_path, GAME)
    assert main(["score", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert "nope.toml: no such file" in err and "line" not in err
    game, cat = write(tmp_path, GAME.replace('hand = ["dragon"', 'hands = ["dragon"'))
    assert main(["score", game, "--catalog", cat]) == 2
    assert "line 8, players[0].hands: unknown field" in capsys.readouterr().err
    game, cat = write(tmp_path, GAME.replace("graveyard = 0", "graveyard = -1"))
    assert main(["score", game, "--catalog", cat]) == 2
    assert "line 3, graveyard: must be a whole number of at least 0" in capsys.readouterr().err
    (tmp_path / "notes.txt").write_text("just some notes\n", encoding="utf-8")
    assert main(["score", str(tmp_path / "notes.txt")]) == 2
    assert "notes.txt, line 1: not valid TOML" in capsys.readouterr().err


def test_file_errors_in_japanese(tmp_path, capsys):
    game, cat = write(tmp_path, GAME.replace('"dragon", "tamer"', '"drgon", "tamer"'))
    assert main(["score", game, "--catalog", cat, "--lang", "ja"]) == 2
    assert "不明なカード「drgon」（「dragon」のことですか？）" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "--lang", "ja", "--help"],
        ["score", "--help", "--lang=ja"],
        ["score", "GAME.toml", "--lang", "ja", "-h"],
    ],
)
def test_help_in_japanese_wherever_lang_stands(argv, capsys):
    """Quick score (issue 5): `--lang ja` after `score` gives the whole help in Japanese,
    argparse's own headings included; the language is put back afterwards."""
    from companion.core.i18n import language

    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "使い方" in out and "オプション" in out and "終了コード" in out
    assert "usage:" not in out and "show this help" not in out
    assert language() == "en"


# -- what no game can end with (issue 24) -----------------------------------------------------

DEMO = str(ROOT / "data" / "insurrection" / "demo.toml")  # every copy known: 45 persons, 12 leaders

DEMO_GAME = """\
outcome = "good"
token = "fortress"
graveyard = 0

[[players]]
name = "Ann"
hand = ["imp", "scribe"]

[[players]]
name = "Bob"
hand = ["wyrm"]
"""


def score_demo(tmp_path: Path, capsys, game_text: str) -> tuple[int, str]:
    (tmp_path / "game.toml").write_text(game_text, encoding="utf-8")
    code = main(["score", str(tmp_path / "game.toml"), "--catalog", DEMO])
    return code, capsys.readouterr().err


def test_a_demo_game_scores(tmp_path, capsys):
    assert score_demo(tmp_path, capsys, DEMO_GAME)[0] == 0


def test_more_cards_than_the_box_holds_is_refused(tmp_path, capsys):
    """§1: the cards are the box's; the graveyard, the play area and the hands together cannot
    hold more (a graveyard of 150 with a 57-card box)."""
    code, err = score_demo(tmp_path, capsys, DEMO_GAME.replace("graveyard = 0", "graveyard = 150"))
    assert code == 2
    assert "line 3, graveyard: 153 cards in all (150 in the graveyard" in err
    assert "the box holds at most 57" in err
    code, _ = score_demo(tmp_path, capsys, DEMO_GAME.replace("graveyard = 0", "graveyard = 54"))
    assert code == 0  # 54 + 3 = the whole box: possible


def test_a_hand_larger_than_the_rules_allow_is_refused(tmp_path, capsys):
    """§2 steps 2–3 (3 dealt, a leader kept) and §3 (each of the 6 rounds: draw 1, play 1, take
    1): a hand is revealed with at most 10 cards."""
    game = DEMO_GAME.replace('["wyrm"]', '["piper"]')
    eleven = '"imp*4", "scribe*3", "wyrm*2", "herder*2"'
    code, err = score_demo(tmp_path, capsys, game.replace('"imp", "scribe"', eleven))
    assert code == 2
    assert "line 7, players[0].hand: Ann holds 11 cards: a hand at the end holds at most 10" in err
    ten = '"imp*4", "scribe*3", "wyrm*2", "herder"'
    assert score_demo(tmp_path, capsys, game.replace('"imp", "scribe"', ten))[0] == 0


def test_a_bad_count_is_a_bad_count_not_an_unknown_card(tmp_path, capsys):
    for count in ("-2", "x", "0", ""):
        code, err = score_demo(tmp_path, capsys, DEMO_GAME.replace('"imp"', f'"imp*{count}"'))
        assert code == 2
        assert "unknown card" not in err
        assert f"players[0].hand[0]: 'imp*{count}': the count after '*' must be a whole" in err


def test_a_huge_count_is_shown_whole(tmp_path, capsys):
    code, err = score_demo(tmp_path, capsys, DEMO_GAME.replace('"imp"', '"imp*1000000000"'))
    assert code == 2
    assert "1000000000 × 'imp' is more than the box holds" in err


def test_end_effect_errors_name_the_file_line_and_field(tmp_path, capsys):
    """§4/§6 Liohra: an exchange that takes a card not face up, or gives none, names its
    [[effects]] entry's line and field, not only the card."""
    cat = (
        CATALOG
        + '\n[[leaders]]\nid = "liohra"\ninitiative = 5\nscoring = [{ kind = "flat", points = 0 }]\n'
    )
    base = GAME.replace('"prophet", "war_bear*2", "goblin"]', '"liohra", "prophet", "goblin"]')
    effect = (
        '\n[[effects]]\nplayer = "Gregory"\ncard = "liohra"\ntake = "dragon"\ngive = "goblin"\n'
    )
    game, catalog = write(tmp_path, base + effect, cat)
    assert main(["score", game, "--catalog", catalog]) == 2
    err = capsys.readouterr().err
    assert "game.toml, line 17, effects[0].take: dragon is not face up" in err
    effect = '\n[[effects]]\nplayer = "Gregory"\ncard = "liohra"\ntake = "goblin"\n'
    game, catalog = write(tmp_path, base + effect, cat)
    assert main(["score", game, "--catalog", catalog]) == 2
    assert "game.toml, line 14, effects[0].give:" in capsys.readouterr().err
    effect = '\n[[effects]]\nplayer = "Jeanne"\ncard = "liohra"\n'
    game, catalog = write(tmp_path, base + effect, cat)
    assert main(["score", game, "--catalog", catalog]) == 2
    assert "game.toml, line 16, effects[0].card: Jeanne does not hold" in capsys.readouterr().err
