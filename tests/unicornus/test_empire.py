"""The Empire AI (spec §5.2), merging, retreat before battle. Map (areas a | b | c):

a0 a1 b0 b1 c0 c1
  a2 a3 b2 b3 c2 c3
a4 a5 b4 b5 G  c5
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.unicornus import GAME, Options, plan_empire
from companion.games.unicornus.board import board_from_text
from companion.games.unicornus.commands import Correct, MoveEmpire, RetreatBeforeBattle
from companion.games.unicornus.state import Unit
from companion.games.unicornus.words import count
from tests.unicornus.scenario import game, hero, imperial

MAP = """
a=a0 a=a1 b=b0 b=b1 c=c0 c=c1
  a=a2 a=a3 b=b2 b=b3 c=c2 c=c3
a=a4 a=a5 b=b4 b=b5 cG=g c=c5
"""
B = board_from_text(MAP)


def at(name):
    return B.space(name)


def state(heroes, units, imps, **kw):
    return game(MAP, phase="empire", heroes=heroes, units=units, imps=imps, **kw)


def step_of(plan, space_name):
    return next(s for s in plan.steps if s.unit == at(space_name))


def name(s):
    return B.names[s]


def test_defensive_never_moves():
    """§5.2 Defensive: never moves unless a card forces it, even next to a kingdom unit."""
    s = state([hero("ann", at("b1"))], [Unit(at("b0"), 2, "d")], [imperial("d", "defensive")])
    st_ = step_of(plan_empire(s), "b0")
    assert st_.to == -1 and st_.reason.key == "unicornus.empire.defensive"


def test_normal_attacks_adjacent_kingdom_unit_or_waits():
    """§5.2 Normal (and leaderless): moves into an adjacent kingdom unit's space."""
    s = state(
        [hero("ann", at("b1"))],
        [Unit(at("b2"), 2, "n"), Unit(at("a0"), 1)],
        [imperial("n", "normal")],
    )
    plan = plan_empire(s)
    assert name(step_of(plan, "b2").to) == "b1"
    assert step_of(plan, "b2").reason.key == "unicornus.empire.normal_attack"
    assert step_of(plan, "a0").to == -1  # leaderless = normal; nobody adjacent


def test_normal_with_several_adjacent_is_a_choice():
    s = state(
        [hero("ann", at("b1")), hero("bo", at("b3"), seat=1)],
        [Unit(at("b2"), 2, "n")],
        [imperial("n", "normal")],
    )
    st_ = step_of(plan_empire(s), "b2")
    assert [name(o.value) for o in st_.choice.options] == ["b1", "b3"]


def test_aggressive_moves_one_step_toward_nearest_in_reach():
    """§5.2 Aggressive: a kingdom unit in its own or an adjacent area -> 1 step toward the
    nearest; the reason names it and the distance."""
    s = state([hero("ann", at("b1"))], [Unit(at("a0"), 1, "r")], [imperial("r", "aggressive")])
    st_ = step_of(plan_empire(s), "a0")
    assert name(st_.to) == "a1"
    assert st_.reason.key == "unicornus.empire.aggressive" and st_.reason.params["steps"] == count(
        "step", 3
    )
    assert str(st_.reason).endswith(", 3 steps")
    assert st_.reason.params["name"].params["en"] == "Ann"


def test_aggressive_ignores_kingdom_units_beyond_adjacent_areas():
    s = state([hero("ann", at("c1"))], [Unit(at("a0"), 1, "r")], [imperial("r", "aggressive")])
    assert step_of(plan_empire(s), "a0").reason.key == "unicornus.empire.aggressive_idle"


def test_aggressive_equal_distance_prefers_own_area():
    """§5.2: equal distance -> the kingdom unit in its own area."""
    s = state(
        [hero("ann", at("a2")), hero("bo", at("b1"), seat=1)],
        [Unit(at("b4"), 1, "r")],
        [imperial("r", "aggressive")],
    )
    st_ = step_of(plan_empire(s), "b4")
    assert name(st_.to) == "b2" and st_.reason.params["name"].params["en"] == "Bo"


def test_aggressive_still_equal_is_a_choice():
    """§5.2: still equal (both in its own area) -> the players choose."""
    s = state(
        [hero("ann", at("b0")), hero("bo", at("b1"), seat=1)],
        [Unit(at("b4"), 1, "r")],
        [imperial("r", "aggressive")],
    )
    st_ = step_of(plan_empire(s), "b4")
    assert st_.choice is not None
    assert {name(o.value) for o in st_.choice.options} == {"a3", "b2"}


def test_several_shortest_first_steps_ruling_and_option():
    """§5.2 Ruling: several shortest first steps -> the players choose; the option picks the
    lowest space number instead."""
    s = state([hero("ann", at("b0"))], [Unit(at("a2"), 1, "r")], [imperial("r", "aggressive")])
    st_ = step_of(plan_empire(s), "a2")
    assert [name(o.value) for o in st_.choice.options] == ["a1", "a3"]
    s = state(
        [hero("ann", at("b0"))],
        [Unit(at("a2"), 1, "r")],
        [imperial("r", "aggressive")],
        options=Options(players_choose_first_step=False),
    )
    assert name(step_of(plan_empire(s), "a2").to) == "a1"


def test_never_enters_an_imperial_character_and_heads_for_the_next_nearest():
    """§5.2: an imperial character never enters a space holding another; a blocked route
    makes it head for the next nearest kingdom unit."""
    heroes = [hero("ann", at("a0")), hero("bo", at("b4"), seat=1)]
    s = state(heroes, [Unit(at("a4"), 1, "r")], [imperial("r", "aggressive")])
    assert name(step_of(plan_empire(s), "a4").to) == "a2"  # Ann: same distance, own area
    s = state(
        heroes,
        [Unit(at("a4"), 1, "r"), Unit(at("a2"), 1, "d")],
        [imperial("r", "aggressive"), imperial("d", "defensive")],
    )
    st_ = step_of(plan_empire(s), "a4")
    assert name(st_.to) == "a5" and st_.reason.params["name"].params["en"] == "Bo"


def test_two_characters_for_one_space_conflict_and_replan():
    """§5.2: two imperial characters trying to enter one space -> the players choose which
    enters; the other is re-planned with that space forbidden."""
    s = state(
        [hero("ann", at("a3"))],
        [Unit(at("a1"), 1, "x"), Unit(at("b0"), 1, "y")],
        [imperial("x"), imperial("y")],
    )
    plan = plan_empire(s)
    (conflict,) = plan.conflicts
    assert [name(o.value) for o in conflict.options] == ["a1", "b0"]
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, MoveEmpire(plan.moves()))
    assert exc.value.message.key == "unicornus.empire.conflict_unresolved"
    plan = plan_empire(s, forbid=((at("b0"), at("a3")),))
    assert plan.conflicts == () and plan.moves() == ((at("a1"), at("a3")),)


def test_simultaneous_moves_merge_and_start_one_battle():
    """§5.2: planned from the start positions, moved at once, merged before battle
    (a leaderless unit joins the character's unit), one battle with both origins."""
    s = state(
        [hero("ann", at("a3"), tokens=2)],
        [Unit(at("a1"), 2, "x"), Unit(at("b0"), 3)],
        [imperial("x")],
    )
    plan = plan_empire(s)
    assert plan.conflicts == ()
    s = GAME.apply(s, MoveEmpire(plan.moves()))
    assert [(name(u.space), u.tokens, u.leader) for u in s.units] == [("a3", 5, "x")]
    (b,) = s.battles
    assert (b.hero, b.attacker, b.origins) == ("ann", "empire", (at("a1"), at("b0")))


def test_move_empire_refuses_entering_an_imperial_character():
    s = state([], [Unit(at("a1"), 1, "x"), Unit(at("a0"), 1, "y")], [imperial("x"), imperial("y")])
    with pytest.raises(RuleError):
        GAME.apply(s, MoveEmpire(((at("a0"), at("a1")),)))


def test_retreat_before_battle():
    """§5.2: before the battle, to an adjacent empty space other than the attacker's origin,
    for the move cost + 2; not if unaffordable."""
    s = state(
        [hero("ann", at("a3"), tokens=2, supplies=4)], [Unit(at("a1"), 1, "x")], [imperial("x")]
    )
    s = GAME.apply(s, MoveEmpire(((at("a1"), at("a3")),)))
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, RetreatBeforeBattle("ann", at("a1")))
    assert exc.value.message.key == "unicornus.rule.retreat_origin"
    s2 = GAME.apply(s, RetreatBeforeBattle("ann", at("a5")))
    assert (name(s2.hero("ann").space), s2.hero("ann").supplies, s2.battles) == ("a5", 0, ())
    assert s2.unit_at(at("a3")).leader == "x"  # the attacker holds the space
    poor = GAME.apply(s, Correct("hero:ann", "supplies", 3))
    with pytest.raises(RuleError) as exc:
        GAME.apply(poor, RetreatBeforeBattle("ann", at("a5")))
    assert exc.value.message.key == "unicornus.rule.cannot_afford"


# ---- properties on random boards ----


@st.composite
def random_empire(draw):
    w, h = draw(st.integers(4, 7)), draw(st.integers(3, 5))
    letters = "abcd"
    cells = []
    for _row in range(h):
        for c in range(w):
            flag = draw(st.sampled_from(["", "", "", "X"]))
            cells.append(f"{letters[c * 4 // w]}{flag}")
    cells[0] = cells[0][0] + "G"
    text = "\n".join(" ".join(cells[r * w : (r + 1) * w]) for r in range(h))
    board = board_from_text(text)
    free = [i for i in range(len(board)) if not board.impassable[i]]
    picks = draw(
        st.lists(st.sampled_from(free), min_size=2, max_size=min(10, len(free)), unique=True)
    )
    n_heroes = draw(st.integers(1, max(1, len(picks) // 2)))
    hero_spaces, unit_spaces = picks[:n_heroes], picks[n_heroes:]
    kinds = draw(
        st.lists(
            st.sampled_from(["defensive", "normal", "aggressive", None]),
            min_size=len(unit_spaces),
            max_size=len(unit_spaces),
        )
    )
    tokens = draw(st.lists(st.integers(0, 4), min_size=len(unit_spaces), max_size=len(unit_spaces)))
    return text, hero_spaces, list(zip(unit_spaces, kinds, tokens, strict=True))


def _settle(s):
    """Plan, take the first option of every tie, forbid the losers of conflicts."""
    forbid: tuple = ()
    for _ in range(20):
        plan = plan_empire(s, forbid)
        if not plan.conflicts:
            break
        for c in plan.conflicts:
            target = next(st_.to for st_ in plan.steps if st_.unit == c.options[0].value)
            forbid += tuple((o.value, target) for o in c.options[1:])
    moves = []
    for st_ in plan.steps:
        to = st_.choice.options[0].value if st_.choice else st_.to
        if to >= 0:
            moves.append((st_.unit, to))
    # a choice picked just now may clash with another character: keep the first
    taken, final = set(), []
    for o, t in moves:
        if s.unit_at(o).leader:
            if t in taken:
                continue
            taken.add(t)
        final.append((o, t))
    return plan, tuple(final)


@settings(max_examples=120, deadline=None)
@given(random_empire())
def test_property_imperial_moves_and_merging(case):
    """§5.2: no imperial character enters an impassable space or one holding another
    imperial character; merging keeps every token."""
    text, hero_spaces, units = case
    heroes = [hero(f"h{i}", sp_, seat=i) for i, sp_ in enumerate(hero_spaces)]
    imps, us = [], []
    for i, (sp_, kind, tokens) in enumerate(units):
        if kind:
            imps.append(imperial(f"i{i}", kind))
            us.append(Unit(sp_, tokens, f"i{i}"))
        else:
            us.append(Unit(sp_, max(1, tokens)))
    s = game(text, phase="empire", heroes=heroes, units=us, imps=imps)
    leaders_at_start = {u.space for u in s.units if u.leader}
    plan, moves = _settle(s)
    for origin, to in moves:
        assert to in s.board.adj[origin]
        assert not s.board.impassable[to]
        if s.unit_at(origin).leader:
            assert to not in leaders_at_start
    after = GAME.apply(s, MoveEmpire(moves))
    assert sum(u.tokens for u in after.units) == sum(u.tokens for u in s.units)
    assert sorted(u.leader for u in after.units if u.leader) == sorted(
        u.leader for u in s.units if u.leader
    )
    assert len({u.space for u in after.units}) == len(after.units)


def test_helpful_order_nearest_units_first_and_options_lowest_space_first():
    """§5.2 helpful order: the units nearest a kingdom unit are listed first; §5.3: options
    are listed lowest space first (the fast-play pick)."""
    s = state(
        [hero("ann", at("b1"))], [Unit(at("a0"), 1), Unit(at("b3"), 1), Unit(at("a3"), 1)], []
    )
    assert [name(st_.unit) for st_ in plan_empire(s).steps] == ["b3", "a3", "a0"]
    s = state([hero("ann", at("b0")), hero("bo", at("b1"), seat=1)], [Unit(at("b2"), 1)], [])
    values = [o.value for o in step_of(plan_empire(s), "b2").choice.options]
    assert values == sorted(values)
