"""The package's public face: GAME in the registry, the exported API, the rule options."""

from dataclasses import fields

import companion.games.unicornus as uk
from companion.games.registry import get_game
from companion.games.unicornus import GAME, Options


def test_registry_finds_the_game():
    assert get_game("unicornus") is GAME and GAME.state_type is uk.UKState


def test_exported_names_exist():
    for name in uk.__all__:
        assert hasattr(uk, name), name


def test_every_ruling_is_an_option_defaulting_to_the_ruling():
    """Every Ruling of the spec (§4, §5.1 x2, §5.2, §6.1, §7) is a named option."""
    defaults = {f.name: f.default for f in fields(Options)}
    assert defaults == {
        "difficulty_adds_cost": True,
        "princess_enters_goal": True,
        "sideways_needs_route": True,
        "players_choose_first_step": True,
        "allies_add_dice": False,
        "players_choose_fate_pair": True,
        "auto_pick_ties": False,
    }
