"""Setup (spec §2) through ``new_game``."""

import pytest

from companion.core.codec import dump, load
from companion.core.errors import RuleError
from companion.core.rng import Rng
from companion.games.unicornus import GAME, UKState, new_game
from companion.games.unicornus.catalog import SetupChoice
from companion.games.unicornus.catalog import load as load_catalog
from companion.games.unicornus.setup import draw_tiles

DEMO = load_catalog("demo")
FOUR = SetupChoice(4, ("annelie", "bertram", "cordelia", "dario"), "p1")


def test_characters_tokens_supplies_support():
    """§2 steps 1-2, 7: ceil(command/2) tokens, 10 supplies, 1 Support card each."""
    s = new_game(DEMO, FOUR, seed=1)
    annelie = s.hero("annelie")  # command 6
    bertram = s.hero("bertram")  # command 8
    cordelia = s.hero("cordelia")  # command 5
    assert (annelie.tokens, bertram.tokens, cordelia.tokens) == (3, 4, 3)
    assert all(h.supplies == 10 for h in s.heroes)
    assert all(h.support == 1 for h in s.heroes[1:])
    p = s.princess
    assert (p.command, p.life, p.tokens) == (6, 5, 3)
    assert s.board.start[p.space] == "princess"
    assert s.board.start[annelie.space] == "kingdom:annelie"


def test_two_players_run_two_characters_each_with_four_actions():
    """§2 step 1 and §4: 2 players run 2 characters, 4 actions per character."""
    s = new_game(DEMO, SetupChoice(2, ("annelie", "bertram", "cordelia", "dario"), "p2"), 5)
    assert s.seats == (("annelie", "bertram"), ("cordelia", "dario"))
    assert s.actions_per_turn == 4
    assert [
        new_game(
            DEMO,
            SetupChoice(n, FOUR.characters[:n] + ("elsbeth", "fenwick")[: max(0, n - 4)], "p1"),
            1,
        ).actions_per_turn
        for n in (3, 4, 5, 6)
    ] == [5, 4, 3, 3]


def test_tiles_drawn_by_seed_include_chosen_characters_tiles():
    """§2 step 3: Capital, 11 Empire, 6 Kingdom (the chosen characters' first), Castle."""
    tiles, _ = draw_tiles(DEMO, FOUR.characters, Rng(9))
    assert tiles == draw_tiles(DEMO, FOUR.characters, Rng(9))[0]
    assert tiles != draw_tiles(DEMO, FOUR.characters, Rng(10))[0]
    assert tiles[0] == "capital" and tiles[18] == "castle"
    kinds = [DEMO.tile(t).kind for t in tiles]
    assert kinds.count("empire") == 11 and kinds[12:18] == ["kingdom"] * 6
    assert {"k1", "k2", "k3", "k4"} <= set(tiles[12:18])
    assert len(set(tiles)) == 19


def test_tiles_entered_as_the_table_drew_them():
    tiles, _ = draw_tiles(DEMO, FOUR.characters, Rng(2))
    s = new_game(DEMO, SetupChoice(4, FOUR.characters, "p1", tiles=tiles), seed=77)
    assert s.board.names[s.board.goal].startswith("1.")
    bad = list(tiles)
    bad[1], bad[12] = bad[12], bad[1]
    with pytest.raises(RuleError) as exc:
        new_game(DEMO, SetupChoice(4, FOUR.characters, "p1", tiles=tuple(bad)), seed=77)
    assert exc.value.message.key == "unicornus.setup.tile_kind"


def test_imperial_setup_and_lionel_on_the_goal():
    """§2 step 4: each Empire tile's character on its icon, the printed tokens; Lionel on
    his start space in the Capital."""
    s = new_game(DEMO, FOUR, seed=1)
    goal_unit = s.unit_at(s.board.goal)
    printed = DEMO.tile("capital").spaces[0].tokens
    assert goal_unit.leader == "lionel" and goal_unit.tokens == printed
    leaders = {u.leader for u in s.units if u.leader}
    assert len(leaders) == 12  # Lionel + 11 Empire tiles
    for u in s.units:
        if u.leader and u.leader != "lionel":
            assert s.board.start[u.space] == f"imperial:{u.leader}"
    assert any(not u.leader for u in s.units)  # printed tokens away from the characters


def test_event_deck_three_three_four_level_one_on_top():
    """§2 step 6."""
    s = new_game(DEMO, FOUR, seed=4)
    assert [e.level for e in s.deck] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]


def test_setup_errors():
    with pytest.raises(RuleError) as exc:
        new_game(DEMO, SetupChoice(7, FOUR.characters, "p1"), 1)
    assert exc.value.message.key == "unicornus.setup.players"
    with pytest.raises(RuleError) as exc:
        new_game(DEMO, SetupChoice(2, ("annelie", "bertram"), "p1"), 1)
    assert exc.value.message.key == "unicornus.setup.characters"
    with pytest.raises(RuleError) as exc:
        new_game(load_catalog("box"), SetupChoice(3, ("a", "b", "c"), "p1"), 1)
    assert exc.value.message.key in ("unicornus.setup.unknown_character", "unicornus.setup.missing")


def test_start_player_and_reproducible_seed():
    """§2 step 8; the same seed gives the same game."""
    a = new_game(DEMO, SetupChoice(4, FOUR.characters, "p1", start_player=2), seed=8)
    b = new_game(DEMO, SetupChoice(4, FOUR.characters, "p1", start_player=2), seed=8)
    assert a == b and a.start_player == 2 and a.current_seat == 2


def test_state_round_trips_and_is_compact():
    s = new_game(DEMO, FOUR, seed=1)
    text = dump(s)
    assert load(UKState, text) == s
    assert len(text) < 20_000
    assert GAME.key == "unicornus" and GAME.summary(s).key == "unicornus.summary"
