"""Battle commands on the game state (spec §6), with the maths of battle.py. Map:

a0 a1 b0 b1 c0 c1
  a2 a3 b2 b3 c2 c3
a4 a5 b4 b5 G  c5        (a3 has defence value 1)
"""

from dataclasses import replace

import pytest

from companion.core.errors import RuleError
from companion.games.unicornus import (
    GAME,
    Options,
    assignment,
    battle_odds,
    dice_for,
    princess_damage,
    retreat_options,
)
from companion.games.unicornus.board import board_from_text
from companion.games.unicornus.commands import Move, MoveEmpire, ResolveBattle, RollBattle
from companion.games.unicornus.state import Unit
from tests.unicornus.scenario import game, hero, imperial, princess

MAP = """
a=a0 a=a1 b=b0 b=b1 c=c0 c=c1
  a=a2 ad1=a3 b=b2 b=b3 c=c2 c=c3
a=a4 a=a5 b=b4 b=b5 cG=g c=c5
"""
B = board_from_text(MAP)
# faces: 1 loss, 2-3 miss, 4-6 hit


def at(name):
    return B.space(name)


def attack(heroes, units, imps, to, who="ann", **kw):
    s = game(MAP, phase="players", heroes=heroes, units=units, imps=imps, **kw)
    return GAME.apply(s, Move(who, at(to)))


def err(s, cmd):
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, cmd)
    return exc.value.message.key


def test_dice_count_with_defence_value():
    """§6.1 step 1: one die per token; defence value v: v fewer attacking, v more defending."""
    s = attack([hero("ann", at("a2"), tokens=3)], [Unit(at("a3"), 1, "z")], [imperial("z")], "a3")
    assert dice_for(s, s.battles[0]) == 2
    s = game(
        MAP,
        phase="empire",
        heroes=[hero("ann", at("a3"), tokens=3)],
        units=[Unit(at("a1"), 1, "z")],
        imps=[imperial("z")],
    )
    s = GAME.apply(s, MoveEmpire(((at("a1"), at("a3")),)))
    assert dice_for(s, s.battles[0]) == 4


def test_allies_add_no_dice_ruling_and_option():
    """§6.1 Ruling: allies add no dice unless the option (their ability) says so."""
    heroes = [hero("ann", at("a1"), tokens=2, allies=("old",))]
    s = attack(heroes, [Unit(at("b0"), 1)], [], "b0")
    assert dice_for(s, s.battles[0]) == 2
    s = attack(heroes, [Unit(at("b0"), 1)], [], "b0", options=Options(allies_add_dice=True))
    assert dice_for(s, s.battles[0]) == 3


def test_player_attack_entered_dice_best_assignment_and_retreat():
    """§6.1 steps 2-6: dice read on the attack diagram, assigned token-first; strength
    left over and losses are damage; the attacker goes back when the defender survives."""
    s = attack(
        [hero("ann", at("a1"), tokens=3, supplies=10)],
        [Unit(at("b0"), 2, "z")],
        [imperial("z", combat_power=2, life=3)],
        "b0",
    )
    assert s.hero("ann").supplies == 7  # paid to attack, never refunded
    s = GAME.apply(s, RollBattle(at("b0"), dice=(4, 5, 2)))  # hit, hit, miss
    a = assignment(s, at("b0"))
    assert (a.damage_taken, a.tokens_killed, a.character_damage) == (1, 2, 0)  # 4 - 3 = 1
    s = GAME.apply(s, ResolveBattle(at("b0"), to_life=0))
    ann = s.hero("ann")
    assert (ann.tokens, ann.damage, B.names[ann.space], ann.supplies) == (2, 0, "a1", 7)
    assert s.unit_at(at("b0")) == Unit(at("b0"), 0, "z")
    assert s.battles == ()


def test_defender_wiped_out_attacker_stays():
    s = attack([hero("ann", at("a1"), tokens=2)], [Unit(at("b0"), 1)], [], "b0")
    s = GAME.apply(s, RollBattle(at("b0"), dice=(6, 2)))
    s = GAME.apply(s, ResolveBattle(at("b0")))
    assert s.unit_at(at("b0")) is None and s.hero("ann").space == at("b0")


def test_imperial_character_killed_by_hits():
    """§6.1 step 4 / §9: once every token has a die, hits on the character damage it; at its
    life it dies and is removed; the defender wiped out, the attacker stays."""
    s = attack(
        [hero("ann", at("a1"), tokens=4)],
        [Unit(at("b0"), 1, "z")],
        [imperial("z", combat_power=1, life=2, damage=1, no_fate=False)],
        "b0",
    )
    s = GAME.apply(s, RollBattle(at("b0"), dice=(3, 6, 6, 6)))  # miss, hit, hit, hit
    a = assignment(s, at("b0"))
    assert (a.tokens_killed, a.character_damage, a.wiped_out) == (1, 1, True)
    s = GAME.apply(s, ResolveBattle(at("b0")))
    assert s.imp("z").status == "dead" and s.imp("z").bound_to == ""
    assert s.unit_at(at("b0")) is None and s.hero("ann").space == at("b0")


def test_damage_split_cannot_kill_a_character_leading_tokens():
    """§6.1 step 5: never so much on the character that it dies while leading tokens."""
    s = attack(
        [hero("ann", at("a1"), tokens=2, life=1)],
        [Unit(at("b0"), 2, "z")],
        [imperial("z", combat_power=2)],
        "b0",
    )
    s = GAME.apply(s, RollBattle(at("b0"), dice=(2, 3)))  # two misses: damage 4 - 2 = 2
    assert err(s, ResolveBattle(at("b0"), to_life=1)) == "unicornus_battle.alloc.kills_leader"
    s2 = GAME.apply(s, ResolveBattle(at("b0"), to_life=0))
    assert (s2.hero("ann").tokens, s2.hero("ann").alive, s2.hero("ann").space) == (
        0,
        True,
        at("a1"),
    )


def test_rolled_dice_are_seeded_and_repeatable():
    s = attack([hero("ann", at("a1"), tokens=3)], [Unit(at("b0"), 2, "z")], [imperial("z")], "b0")
    r1 = GAME.apply(s, RollBattle(at("b0")))
    r2 = GAME.apply(s, RollBattle(at("b0")))
    assert r1.battles[0].dice == r2.battles[0].dice and len(r1.battles[0].dice) == 3
    assert r1.rng.draws == s.rng.draws + 1
    assert err(r1, RollBattle(at("b0"))) == "unicornus.battle.already_rolled"


def test_exact_odds_before_rolling():
    """§6.1 end: the exact distribution for the best assignment, before the dice."""
    s = attack(
        [hero("ann", at("a1"), tokens=3)],
        [Unit(at("b0"), 2, "z")],
        [imperial("z", combat_power=2, life=3)],
        "b0",
    )
    dist = battle_odds(s, at("b0"))
    assert dist.n_dice == 3 and sum(o.probability for o in dist.outcomes) == 1
    assert dist.damage_taken[0] == 0  # 3 dice never cancel strength 4


def test_empire_attack_merged_units_retreat_together():
    """§6.1 step 6: merged attackers retreat together to an origin without a character,
    the players choosing; the defender keeps its space."""
    s = game(
        MAP,
        phase="empire",
        heroes=[hero("ann", at("a3"), tokens=3, life=9)],
        units=[Unit(at("a1"), 1, "z"), Unit(at("b0"), 2)],
        imps=[imperial("z", life=9)],
    )
    s = GAME.apply(s, MoveEmpire(((at("a1"), at("a3")), (at("b0"), at("a3")))))
    s = GAME.apply(s, RollBattle(at("a3"), dice=(2, 2, 2, 2)))  # 4 misses: no damage either way
    assert retreat_options(s, s.battles[0]) == [at("a1"), at("b0")]
    assert err(s, ResolveBattle(at("a3"))) == "unicornus.battle.choose_retreat"
    s = GAME.apply(s, ResolveBattle(at("a3"), retreat_to=at("b0")))
    assert s.unit_at(at("b0")) == Unit(at("b0"), 3, "z") and s.unit_at(at("a3")) is None
    assert s.hero("ann").space == at("a3")


def test_retreat_over_characters_when_surrounded():
    """§6.1 step 6: no free origin nor adjacent space -> 2 spaces away, over them."""
    heroes = [hero("ann", at("a0"), tokens=1, life=9), hero("bo", at("a2"), seat=1)]
    s = game(
        MAP,
        phase="empire",
        heroes=heroes,
        units=[Unit(at("a1"), 1, "z"), Unit(at("a3"), 1, "y"), Unit(at("b0"), 1, "x")],
        imps=[imperial("z"), imperial("y"), imperial("x")],
    )
    s = GAME.apply(s, MoveEmpire(((at("a1"), at("a0")),)))
    # its origin a1 is free again
    assert retreat_options(s, s.battles[0]) == [at("a1")]
    s = replace(
        s, units=s.units + (Unit(at("a1"), 0, "w"),), imperial=s.imperial + (imperial("w"),)
    )
    # now a1 holds a character, a0's other neighbour a2 holds Bo: two spaces away, over them,
    # to a space without a character (a3 and b0 hold imperial characters)
    assert [B.names[o] for o in retreat_options(s, s.battles[0])] == ["a4", "a5"]


def test_kingdom_character_killed_in_battle():
    """§9: killed -> off the board, allies and supplies lost; the seat replaces it later;
    the attacker stays on the space."""
    s = game(
        MAP,
        phase="empire",
        heroes=[hero("ann", at("a3"), tokens=0, life=2, allies=("q",))],
        units=[Unit(at("a1"), 3, "z")],
        imps=[imperial("z")],
    )
    s = GAME.apply(s, MoveEmpire(((at("a1"), at("a3")),)))
    s = GAME.apply(s, RollBattle(at("a3"), dice=(2,)))  # defence value 1: one die, a miss
    s = GAME.apply(s, ResolveBattle(at("a3"), to_life=4))
    ann = s.hero("ann")
    assert (ann.alive, ann.space, ann.supplies, ann.allies) == (False, -1, 0, ())
    assert s.replace_due == (0,) and s.unit_at(at("a3")).leader == "z"


def test_princess_battle_damage_allies_and_destruction():
    """§6.2: damage = life left + tokens - 1 per ally; the players split it; the imperial
    unit is destroyed entirely."""
    s = game(
        MAP,
        phase="princess",
        heroes=[princess(at("a2"), tokens=3, allies=("q",))],
        units=[Unit(at("a3"), 2, "z")],
        imps=[imperial("z", life=4, damage=1)],
    )
    from companion.games.unicornus.commands import PrincessAct

    s = GAME.apply(s, PrincessAct("move", at("a3")))
    assert princess_damage(s, at("a3")) == 3 + 2 - 1
    assert err(s, RollBattle(at("a3"))) == "unicornus.battle.princess_no_dice"
    s = GAME.apply(s, ResolveBattle(at("a3"), to_life=1))
    assert (s.princess.tokens, s.princess.damage) == (0, 1)
    assert s.unit_at(at("a3")) is None and s.imp("z").status == "dead"


def test_princess_killed_loses_the_game():
    """§6.2 / §8.3: if the damage kills her, the game is lost."""
    s = game(
        MAP,
        phase="princess",
        heroes=[princess(at("a2"), tokens=0, life=2)],
        units=[Unit(at("a3"), 2, "z")],
        imps=[imperial("z", life=4)],
    )
    from companion.games.unicornus.commands import PrincessAct

    s = GAME.apply(s, PrincessAct("move", at("a3")))
    s = GAME.apply(s, ResolveBattle(at("a3"), to_life=6))
    assert (s.outcome, s.phase) == ("loss_princess", "over")


def test_empire_attacks_the_princess():
    """§6.2: a princess battle whoever attacked; the imperial unit is destroyed; the Empire
    moves only once per phase."""
    s = game(
        MAP,
        phase="empire",
        heroes=[princess(at("a3"), tokens=3)],
        units=[Unit(at("a1"), 1, "z")],
        imps=[imperial("z", life=2)],
    )
    s = GAME.apply(s, MoveEmpire(((at("a1"), at("a3")),)))
    (b,) = s.battles
    assert (b.hero, b.attacker) == ("princess", "empire")
    assert princess_damage(s, at("a3")) == 3
    s = GAME.apply(s, ResolveBattle(at("a3")))
    assert s.units == () and s.princess.tokens == 0 and s.princess.space == at("a3")
    assert err(s, MoveEmpire(())) == "unicornus.empire.moved_twice"
