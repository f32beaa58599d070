"""The table's own die assignment in ResolveBattle (spec §6.1 steps 3-4), checked by the
engine: the battle helper proposes the best one and lets the table change it."""

import pytest

from companion.core.errors import RuleError
from companion.games.unicornus import GAME
from companion.games.unicornus.combat import assignment, table_assignment
from companion.games.unicornus.commands import Move, ResolveBattle, RollBattle
from companion.games.unicornus.state import Unit
from tests.unicornus.scenario import game, hero, imperial

MAP = """
a=a0 a=a1 b=b0 b=b1
  a=a2 a=a3 b=b2 bG=g
"""


def rolled(dice):
    s = game(
        MAP,
        phase="players",
        heroes=[hero("ann", 1, tokens=3)],
        units=[Unit(2, 2, "z")],
        imps=[imperial("z", combat_power=2, life=3)],
    )
    s = GAME.apply(s, Move("ann", 2))
    return GAME.apply(s, RollBattle(2, dice=dice))


def test_table_assignment_is_applied_instead_of_the_best():
    """§6.1 step 3: dice need not all be assigned; the table may keep a hit off the character
    (strength 4, two dice assigned: 2 damage instead of the best assignment's 1)."""
    s = rolled((4, 5, 6))  # three hits on the scenario diagram
    best = assignment(s, 2)
    assert (best.damage_taken, best.tokens_killed, best.character_damage) == (1, 2, 1)
    mine = table_assignment(s, 2, (0, 1), ())
    assert (mine.damage_taken, mine.tokens_killed, mine.character_damage) == (2, 2, 0)
    s = GAME.apply(s, ResolveBattle(2, to_life=0, edited=True, tokens=(0, 1), character=()))
    assert (s.hero("ann").tokens, s.hero("ann").space) == (1, 1)  # 2 damage on tokens; back
    assert s.imp("z").damage == 0 and s.unit_at(2) == Unit(2, 0, "z")


def test_table_assignment_breaking_token_first_is_refused():
    """§6.1 step 3: a die on the character only once every token has one."""
    s = rolled((4, 5, 6))
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, ResolveBattle(2, edited=True, tokens=(0,), character=(1,)))
    assert exc.value.message.key == "unicornus_battle.assign.tokens_first"
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, ResolveBattle(2, edited=True, tokens=(0, 0)))
    assert exc.value.message.key == "unicornus_battle.assign.die_twice"
