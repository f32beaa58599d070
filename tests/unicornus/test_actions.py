"""Player actions (spec §4) with their rules enforced."""

import pytest

from companion.core.errors import RuleError
from companion.games.unicornus import GAME, Options
from companion.games.unicornus.commands import (
    Correct,
    DrawSupport,
    EndTurn,
    Move,
    Procure,
    Recruit,
    Transport,
)
from tests.unicornus.scenario import game, hero, imperial, princess, sp, unit

# a: one area; b, c: the next areas along the row; d is far away (not adjacent to a)
BOARD = """
a=a0     a+2=a1  ar2s3=v  b=b0  c=c0  d=d0  dG=g
  a=a2   aX=x    a=a3     b=b1  c=c1  d=d1  d=d2
"""


def state(*heroes, units=(), imps=(), players=None, seats=None, options=None):
    return game(
        BOARD, heroes=heroes, units=units, imps=imps, players=players, seats=seats, options=options
    )


def err(s, cmd) -> str:
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, cmd)
    return exc.value.message.key


def test_move_cost_tokens_plus_difficulty():
    """§4 Move, Ruling: cost = max(1, tokens + difficulty of the destination)."""
    s = state(hero("ann", 0, tokens=3, supplies=10))
    s = GAME.apply(s, Move("ann", sp(s, "a1")))  # difficulty 2
    assert s.hero("ann").supplies == 10 - 5
    s = state(hero("ann", 0, tokens=0, supplies=1))
    s = GAME.apply(s, Move("ann", sp(s, "a2")))  # no tokens: still costs 1
    assert s.hero("ann").supplies == 0


def test_move_cost_rule_option_ignores_difficulty():
    """The Ruling is an option: with it off the icon does not add to the cost."""
    s = state(hero("ann", 0, tokens=3), options=Options(difficulty_adds_cost=False))
    s = GAME.apply(s, Move("ann", sp(s, "a1")))
    assert s.hero("ann").supplies == 7


def test_move_refused_when_unaffordable_or_blocked():
    """§4 Move: not when unaffordable, not into impassable spaces or a space holding another
    kingdom character (the Princess included), only to an adjacent space."""
    b = state().board
    s = game(
        BOARD, heroes=[princess(b.space("a0")), hero("ann", b.space("a2"), tokens=3, supplies=4)]
    )
    assert err(s, Move("ann", sp(s, "a1"))) == "unicornus.rule.cannot_afford"  # 3 + 2 > 4
    assert err(s, Move("ann", sp(s, "x"))) == "unicornus.rule.impassable"
    assert err(s, Move("ann", sp(s, "a0"))) == "unicornus.rule.kingdom_there"
    assert err(s, Move("ann", sp(s, "a3"))) == "unicornus.rule.not_adjacent"
    s = GAME.apply(s, Correct("hero:ann", "supplies", 5))
    assert GAME.apply(s, Move("ann", sp(s, "a1"))).hero("ann").supplies == 0


def test_entering_an_imperial_unit_starts_a_battle_inside_the_move():
    """§4 Move: entering a space with an imperial unit starts a battle (part of this action)."""
    b = state().board
    s = game(
        BOARD,
        heroes=[hero("ann", b.space("v"), tokens=1)],
        imps=[imperial("zed")],
        units=[unit(b, "a3", 2, "zed")],
    )
    s = GAME.apply(s, Move("ann", sp(s, "a3")))
    (bt,) = s.battles
    assert (bt.space, bt.hero, bt.attacker, bt.origins) == (
        sp(s, "a3"),
        "ann",
        "kingdom",
        (sp(s, "v"),),
    )
    assert s.used_by("ann") == 1
    assert err(s, Procure("ann")) == "unicornus.rule.battle_pending"


def test_recruit_gains_recruit_value_up_to_command():
    """§4 Recruit: tokens = the space's recruit value; above command discarded; elsewhere 0."""
    s = game(BOARD, heroes=[hero("ann", state().board.space("v"), tokens=4, command=5)])
    s = GAME.apply(s, Recruit("ann"))
    assert s.hero("ann").tokens == 5
    s = game(BOARD, heroes=[hero("ann", 0, tokens=1)])
    assert GAME.apply(s, Recruit("ann")).hero("ann").tokens == 1


def test_procure_resource_value_or_one():
    """§4 Procure: the resource value, or 1 where the space has none."""
    s = game(BOARD, heroes=[hero("ann", state().board.space("v"), supplies=0)])
    assert GAME.apply(s, Procure("ann")).hero("ann").supplies == 3
    s = game(BOARD, heroes=[hero("ann", 0, supplies=0)])
    assert GAME.apply(s, Procure("ann")).hero("ann").supplies == 1


def test_transport_range_escort_and_command_cap():
    """§4 Transport: same or adjacent area; each token escorts up to 10 supplies; tokens
    above the receiver's command are discarded."""
    b = state().board
    s = game(
        BOARD,
        heroes=[
            hero("ann", b.space("a0"), tokens=3, supplies=30),
            hero("bo", b.space("b0"), tokens=5, command=6, seat=1),
            hero("di", b.space("d0"), seat=2),
        ],
    )
    s2 = GAME.apply(s, Transport("ann", "bo", tokens=2, supplies=20))
    assert (s2.hero("bo").tokens, s2.hero("bo").supplies) == (6, 30)  # one token discarded
    assert (s2.hero("ann").tokens, s2.hero("ann").supplies) == (1, 10)
    assert err(s, Transport("ann", "bo", tokens=1, supplies=11)) == "unicornus.rule.escort"
    assert err(s, Transport("ann", "bo", tokens=0, supplies=5)) == "unicornus.rule.escort"
    assert err(s, Transport("ann", "di", tokens=1)) == "unicornus.rule.too_far"
    assert err(s, Transport("ann", "bo", tokens=4)) == "unicornus.rule.not_enough_to_send"


def test_actions_per_turn_counted_per_character():
    """§4: 3 players -> 5 actions per turn; counted per turn, reset by the next turn."""
    s = game(
        BOARD,
        heroes=[hero("ann", 0), hero("bo", 9, seat=1), hero("cy", 10, seat=2)],
        actions_per_turn=5,
    )
    for _ in range(5):
        s = GAME.apply(s, Procure("ann"))
    assert err(s, Procure("ann")) == "unicornus.rule.no_actions_left"
    assert err(s, Procure("bo")) == "unicornus.rule.not_your_turn"
    s = GAME.apply(s, EndTurn())
    s = GAME.apply(s, Procure("bo"))
    assert s.used_by("bo") == 1


def test_two_players_each_character_has_its_own_actions():
    """§4: 2 players -> 4 actions per character, each player running 2."""
    s = game(
        BOARD,
        heroes=[hero("ann", 0), hero("al", 1), hero("bo", 9, seat=1), hero("bea", 10, seat=1)],
        seats=(("ann", "al"), ("bo", "bea")),
        players=2,
        actions_per_turn=4,
    )
    for _ in range(4):
        s = GAME.apply(GAME.apply(s, Procure("ann")), Procure("al"))
    assert err(s, Procure("al")) == "unicornus.rule.no_actions_left"


def test_fate_action_once_per_turn():
    """§4 Fate: draw a Support card, once per turn."""
    s = game(BOARD, heroes=[hero("ann", 0), hero("bo", 9, seat=1)])
    s = GAME.apply(s, DrawSupport("ann"))
    assert s.hero("ann").support == 1
    assert err(s, DrawSupport("ann")) == "unicornus.rule.fate_once"
    assert s.used_by("ann") == 1  # Fate is an action
    s = GAME.apply(GAME.apply(s, EndTurn()), EndTurn())  # both players have had their turn
    assert s.phase == "princess"  # two players: both turns done
