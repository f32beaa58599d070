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
    }


def test_an_older_saves_auto_pick_ties_option_is_read_as_a_log_line():
    """The rule option "the app picks ties" is gone (the app's setting does it, issue 21): a
    save that set it replays it as a line of the log, changing nothing."""
    from companion.core.commands import Note
    from companion.core.i18n import tr
    from companion.games.unicornus import GAME
    from companion.games.unicornus.commands import SetOption

    read = GAME.upgrade(SetOption("auto_pick_ties", True))
    assert isinstance(read, Note)
    assert "pick ties automatically" in tr(read.message)
    assert GAME.upgrade(SetOption("allies_add_dice", True)) == SetOption("allies_add_dice", True)
