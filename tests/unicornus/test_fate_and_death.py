"""Fate (spec §7), deaths, allies and replacements (§9). Map (areas a | b | c):

a0 a1 b0 b1 c0 c1
  a2 a3 b2 b3 c2 c3
a4 a5 b4 b5 G  c5
"""

import pytest

from companion.core.errors import RuleError
from companion.core.plan import Choice
from companion.games.unicornus import GAME, Options, fate_pick
from companion.games.unicornus.board import board_from_text
from companion.games.unicornus.commands import (
    Correct,
    DrawFate,
    EndRound,
    EndTurn,
    MakeAlly,
    Move,
    ReplaceCharacter,
    ResolveBattle,
)
from companion.games.unicornus.rules import check_fate
from companion.games.unicornus.state import PRINCESS, Unit
from tests.unicornus.scenario import game, hero, imperial, princess

MAP = """
a=a0 aP=a1 b=b0 b=b1 c=c0 c=c1
  a=a2 a=a3 b=b2 b=b3 c=c2 c=c3
a=a4 a=a5 b=b4 b=b5 cG=g c=c5
"""
B = board_from_text(MAP)


def at(name):
    return B.space(name)


def fated(heroes, units, imps, **kw):
    return check_fate(game(MAP, heroes=heroes, units=units, imps=imps, **kw))


def test_fate_same_area_or_adjacent_across_areas():
    """§7: same area, or a space adjacent across areas -> draw Fate; else nothing."""
    imps = [imperial("z", no_fate=False)]
    assert fated([hero("ann", at("b3"))], [Unit(at("b0"), 1, "z")], imps).fate_pending == ("z",)
    assert fated([hero("ann", at("a1"))], [Unit(at("b0"), 1, "z")], imps).fate_pending == ("z",)
    assert fated([hero("ann", at("a0"))], [Unit(at("b0"), 1, "z")], imps).fate_pending == ()
    assert fated([hero("ann", at("c1"))], [Unit(at("b0"), 1, "z")], imps).fate_pending == ()


def test_no_fate_mark_and_already_bound_never_draw():
    """§7: "no fate" characters never draw; a bound character draws no second card."""
    s = fated([hero("ann", at("b3"))], [Unit(at("b0"), 1, "z")], [imperial("z", no_fate=True)])
    assert s.fate_pending == ()
    s = fated(
        [hero("ann", at("b3"))],
        [Unit(at("b0"), 1, "z")],
        [imperial("z", no_fate=False, bound_to="bo")],
    )
    assert s.fate_pending == ()


def test_fate_checked_after_a_move_and_blocks_the_end_of_turn():
    """§3 / §7: checked whenever a unit has moved; drawn before play goes on."""
    s = game(
        MAP,
        heroes=[hero("ann", at("a3")), hero("bo", at("c1"), seat=1)],
        units=[Unit(at("b1"), 1, "z")],
        imps=[imperial("z", no_fate=False)],
    )
    assert check_fate(s).fate_pending == ()
    s = GAME.apply(s, Move("ann", at("b2")))
    assert s.fate_pending == ("z",)
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, EndTurn())
    assert exc.value.message.key == "unicornus.rule.fate_pending"
    s = GAME.apply(s, DrawFate("z", "ann"))
    assert s.imp("z").bound_to == "ann" and s.fate_pending == ()
    assert GAME.apply(s, EndTurn()).turn == 1


def test_several_kingdom_characters_qualify_ruling_and_option():
    """§7 Ruling: several at once -> the players choose; the option takes the first."""
    heroes = [princess(at("b2")), hero("ann", at("b3"))]
    s = fated(heroes, [Unit(at("b0"), 1, "z")], [imperial("z", no_fate=False)])
    pick = fate_pick(s, "z")
    assert isinstance(pick, Choice)
    assert [o.value for o in pick.options] == [PRINCESS, "ann"]
    with pytest.raises(RuleError):
        GAME.apply(s, DrawFate("z"))
    assert GAME.apply(s, DrawFate("z", "ann")).imp("z").bound_to == "ann"
    s2 = fated(
        heroes,
        [Unit(at("b0"), 1, "z")],
        [imperial("z", no_fate=False)],
        options=Options(players_choose_fate_pair=False),
    )
    assert GAME.apply(s2, DrawFate("z")).imp("z").bound_to == PRINCESS
    with pytest.raises(RuleError):
        GAME.apply(s, DrawFate("z", "nobody"))


def test_fate_ally_leaves_tokens_as_leaderless_unit():
    """§7 / §9: an ally leaves the board, its tokens stay as a leaderless (normal) unit; the
    player character gains it as an ally."""
    s = fated([hero("ann", at("b3"))], [Unit(at("b0"), 3, "z")], [imperial("z", no_fate=False)])
    s = GAME.apply(s, DrawFate("z", "ann", ally=True))
    assert s.imp("z").status == "ally" and s.hero("ann").allies == ("z",)
    assert s.unit_at(at("b0")) == Unit(at("b0"), 3, "")


def test_princess_allies_reduce_her_battle_damage():
    """§9: an ally of the Princess gives no ability but reduces her battle damage by 1."""
    s = game(
        MAP,
        phase="any",
        heroes=[princess(at("a2"), tokens=2)],
        units=[Unit(at("a3"), 1, "z"), Unit(at("b0"), 1, "y")],
        imps=[imperial("z", life=3), imperial("y", no_fate=False, bound_to=PRINCESS)],
    )
    s = GAME.apply(s, MakeAlly("y", PRINCESS))  # its Fate card, beside her, says so
    from dataclasses import replace

    from companion.games.unicornus import princess_damage
    from companion.games.unicornus.state import Battle

    s = replace(s, battles=(Battle(at("a3"), PRINCESS, "empire", (at("a5"),)),))
    assert princess_damage(s, at("a3")) == 3 + 1 - 1
    s = GAME.apply(s, ResolveBattle(at("a3"), to_life=1))
    assert (s.princess.tokens, s.princess.damage) == (0, 1)


def test_kingdom_death_outside_battle_tokens_join_the_empire():
    """§9: killed outside battle (e.g. an event) -> its tokens join the Empire as a
    leaderless unit; Fate cards binding it stay; supplies and allies lost."""
    s = game(
        MAP,
        heroes=[hero("ann", at("a3"), tokens=3, life=2, allies=("q",))],
        units=[Unit(at("b0"), 1, "z")],
        imps=[imperial("z", bound_to="ann")],
    )
    s = GAME.apply(s, Correct("hero:ann", "damage", 2))
    ann = s.hero("ann")
    assert (ann.alive, ann.supplies, ann.allies) == (False, 0, ())
    assert s.unit_at(at("a3")) == Unit(at("a3"), 3, "")
    assert s.imp("z").bound_to == "ann"
    assert s.replace_due == (0,)


def test_replacement_at_round_end_on_a_free_start_space():
    """§9: in the round end step the player takes an unused character (its starting tokens
    and supplies) and places it on any free start space."""
    s = game(MAP, phase="round_end", heroes=[hero("ann", -1, seat=0)], units=[], imps=[])
    from dataclasses import replace

    s = replace(
        s,
        heroes=tuple(replace(h, alive=False) if h.id == "ann" else h for h in s.heroes),
        reserve=(hero("cy", -1, seat=-1, tokens=3, supplies=10),),
        replace_due=(0,),
    )
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, ReplaceCharacter(0, "cy", at("a0")))
    assert exc.value.message.key == "unicornus.rule.not_free_start"
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, EndRound())
    assert exc.value.message.key == "unicornus.rule.replace_first"
    s = GAME.apply(s, ReplaceCharacter(0, "cy", at("a1")))
    cy = s.hero("cy")
    assert (cy.space, cy.seat, cy.tokens, cy.supplies) == (at("a1"), 0, 3, 10)
    assert s.seats[0] == ("cy",) and s.replace_due == () and s.reserve == ()
    s = GAME.apply(s, EndRound())
    assert s.round == 2
