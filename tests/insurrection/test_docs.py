"""The examples in docs/insurrection.md are valid files (issue 5: a person can write one)."""

import re
from pathlib import Path

from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.gamefile import parse_game

DOC = (Path(__file__).resolve().parents[2] / "docs" / "insurrection.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```toml\n(.*?)```", DOC, re.S)


def test_catalog_example_loads_over_the_box(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(BLOCKS[0], encoding="utf-8")
    cat = catalogs.load_file(str(path))
    assert cat.card("dragon").initiative == 17 and cat.card("goblin").scoring


def test_game_example_parses_with_the_box():
    game = parse_game(BLOCKS[1], catalogs.load("box"), "example")
    assert game.position.hand("Jeanne").count("war_bear") == 5
    assert game.effects[0].card == "liohra"
