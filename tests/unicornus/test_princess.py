"""The Princess AI (spec §5.1), on a small map where d(s) is easy to read:

a0(3) a1(2) a2(1) G(0)
  b0(3) b1(2) b2(1) b3(1)
c0(4) c1(3) c2(2) c3(2)
"""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.unicornus import GAME, Options, plan_princess, princess_damage
from companion.games.unicornus.board import FAR, board_from_text
from companion.games.unicornus.commands import PrincessAct, ResolveBattle
from companion.games.unicornus.state import Unit
from companion.games.unicornus.words import count
from tests.unicornus.scenario import game, hero, imperial, princess

MAP = """
a=a0 a=a1 a=a2 aG=g
  a=b0 a=b1 a{c2}=b2 a=b3
a=c0 a=c1 a{d}=c2 a=c3
"""


def board_text(c2="", d=""):
    return MAP.replace("{c2}", c2).replace("{d}", d)


def at(name, text=None):
    return board_from_text(text or board_text()).space(name)


def first(state):
    return plan_princess(state).steps[0]


def names(state, spaces):
    return [state.board.names[s] for s in spaces]


def test_closer_space_of_lowest_cost():
    """§5.1 step 2: among affordable closer spaces, the lowest cost; reason says so."""
    text = board_text(d="+1")
    s = game(text, phase="princess", heroes=[princess(at("c1", text), tokens=2)])
    step = first(s)
    assert (step.action, s.board.names[step.to], step.cost) == ("move", "b1", 2)
    assert step.reason.key == "unicornus.princess.closer" and step.reason.params == {"cost": 2}


def test_equal_lowest_cost_is_a_choice():
    """§5.1 step 2 / §5.3: equal lowest cost -> the players choose, options listed."""
    s = game(board_text(), phase="princess", heroes=[princess(at("c1"), tokens=0)])
    step = first(s)
    assert step.choice is not None and step.to == -1
    assert names(s, [o.value for o in step.choice.options]) == ["b1", "c2"]
    assert len(plan_princess(s).steps) == 1  # the plan waits for the pick


def test_procures_when_no_closer_space_is_affordable():
    """§5.1 step 2: closer spaces exist but none affordable -> Procure, saying the shortfall."""
    s = game(board_text(), phase="princess", heroes=[princess(at("c1"), tokens=3, supplies=2)])
    step = first(s)
    assert step.action == "procure"
    assert step.reason.key == "unicornus.princess.short" and step.reason.params["short"] == count(
        "supply", 1
    )
    assert "short of 1 supply " in str(step.reason)


def test_never_avoids_a_fight():
    """§5.1 step 1: spaces with imperial units are candidates; entering one is a battle."""
    text = board_text(d="+1")
    s = game(
        text,
        phase="princess",
        heroes=[princess(at("c1", text), tokens=1)],
        imps=[imperial("zed", life=9)],
        units=[Unit(at("b1", text), 5, "zed")],
    )
    step = first(s)
    assert step.battle and s.board.names[step.to] == "b1"
    assert step.reason.key == "unicornus.princess.battle"
    assert len(plan_princess(s).steps) == 1  # the battle's outcome is not planned through


def test_sideways_when_every_closer_space_is_blocked():
    """§5.1 step 3: closer spaces held by kingdom characters -> a sideways space from which
    a never-increasing route avoids them."""
    s = game(
        board_text(),
        phase="princess",
        heroes=[princess(at("c1"), tokens=0), hero("ann", at("b1")), hero("bo", at("c2"), seat=1)],
    )
    step = first(s)
    assert (s.board.names[step.to], step.reason.key) == ("b0", "unicornus.princess.sideways")


def test_no_sideways_route_means_procure_and_ruling_option():
    """§5.1 step 3 Ruling: with a1 blocked too, b0 leads nowhere -> Procure. With the
    Ruling switched off she takes any sideways space."""
    heroes = [
        princess(at("c1"), tokens=0),
        hero("ann", at("b1")),
        hero("bo", at("c2"), seat=1),
        hero("cy", at("a1"), seat=2),
    ]
    s = game(board_text(), phase="princess", heroes=heroes)
    step = first(s)
    assert (step.action, step.reason.key) == ("procure", "unicornus.princess.no_route")
    s = game(
        board_text(), phase="princess", heroes=heroes, options=Options(sideways_needs_route=False)
    )
    assert s.board.names[first(s).to] == "b0"


def test_procure_gains_resource_value():
    """§5.1 step 4 / §4 Procure: resource value or 1."""
    text = board_text(d="s4")
    s = game(
        text,
        phase="princess",
        heroes=[
            princess(at("c2", text), tokens=0, supplies=0),
            hero("ann", at("b1", text)),
            hero("bo", at("b2", text), seat=1),
            hero("cy", at("c3", text), seat=2),
        ],
    )
    step = first(s)
    assert step.action == "procure" and step.cost == -4
    s = GAME.apply(s, PrincessAct("procure"))
    assert s.princess.supplies == 4


def test_she_steps_onto_the_goal_and_battles_lionel():
    """§5.1 Ruling: she keeps going onto Lionel's start space (a battle with whatever is
    there); the option stops her beside it."""
    s = game(
        board_text(),
        phase="princess",
        heroes=[princess(at("a2"), tokens=0)],
        imps=[imperial("lionel", life=2)],
        units=[Unit(at("g"), 1, "lionel")],
    )
    step = first(s)
    assert step.battle and step.to == s.board.goal
    s2 = replace(s, options=Options(princess_enters_goal=False))
    assert first(s2).reason.key == "unicornus.princess.beside_goal"


def test_plan_of_three_actions_and_commands_apply_it():
    """§5.1: three actions; the plan chains them; the commands apply the chosen steps."""
    text = board_text(c2="+3", d="+1")
    s = game(text, phase="princess", heroes=[princess(at("c1", text), tokens=1, supplies=10)])
    plan = plan_princess(s)
    assert [st.action for st in plan.steps] == ["move", "move", "move"]
    assert names(s, [st.to for st in plan.steps]) == ["b1", "a2", "g"]
    for st_ in plan.steps:
        s = GAME.apply(s, PrincessAct(st_.action, st_.to))
    assert s.outcome == "win"


def test_princess_battle_inside_her_move_then_she_continues():
    """§5.1 step 5: entering an imperial space is a princess battle inside the move."""
    s = game(
        board_text(),
        phase="princess",
        heroes=[princess(at("b1"), tokens=2, supplies=10)],
        imps=[imperial("zed", life=3, combat_power=5)],
        units=[Unit(at("a2"), 1, "zed")],
    )
    s = GAME.apply(s, PrincessAct("move", at("a2")))
    assert s.battles and s.princess_used == 1
    s = GAME.apply(s, ResolveBattle(at("a2"), to_life=2))  # 3 + 1 = 4: 2 tokens, 2 life
    assert (s.princess.tokens, s.princess.damage) == (0, 2)
    assert s.unit_at(at("a2")) is None and s.imp("zed").status == "dead"
    assert plan_princess(s).steps[0].to == s.board.goal


# ---- property: she never increases her distance to the goal ----


@st.composite
def random_map(draw):
    w, h = draw(st.integers(3, 6)), draw(st.integers(2, 5))
    cells = []
    for _ in range(w * h):
        flags = draw(st.sampled_from(["", "", "", "X", "+1", "+2"]))
        cells.append(flags)
    goal = draw(st.integers(0, w * h - 1))
    cells[goal] = "G"
    rows = [" ".join(f"a{cells[r * w + c]}" for c in range(w)) for r in range(h)]
    board = board_from_text("\n".join(rows))
    passable = [i for i in range(len(board)) if not board.impassable[i]]
    start = draw(st.sampled_from(passable))
    others = [i for i in passable if i != start]
    blockers = draw(st.lists(st.sampled_from(others), max_size=4, unique=True)) if others else []
    enemies = [i for i in others if i not in blockers]
    foes = draw(st.lists(st.sampled_from(enemies), max_size=3, unique=True)) if enemies else []
    tokens = draw(st.integers(0, 4))
    supplies = draw(st.integers(0, 8))
    return "\n".join(rows), start, blockers, foes, tokens, supplies


@settings(max_examples=150, deadline=None)
@given(random_map(), st.booleans())
def test_property_princess_never_increases_distance(case, sideways_rule):
    """§5.1: d is her compass; no planned or applied step increases it."""
    text, start, blockers, foes, tokens, supplies = case
    heroes = [princess(start, tokens=tokens, supplies=supplies, life=50)]
    heroes += [hero(f"h{i}", s, seat=i) for i, s in enumerate(blockers)]
    imps = [imperial(f"z{i}", life=1) for i in range(len(foes))]
    units = [Unit(s, 1, f"z{i}") for i, s in enumerate(foes)]
    s = game(
        text,
        phase="princess",
        heroes=heroes,
        imps=imps,
        units=units,
        options=Options(sideways_needs_route=sideways_rule),
    )
    dist = s.board.dist
    for _ in range(3):
        if s.phase != "princess" or s.outcome:
            break
        step = plan_princess(s).steps[0]
        here = s.princess.space
        to = step.choice.options[0].value if step.choice else step.to
        s = GAME.apply(s, PrincessAct(step.action, to))
        assert dist[s.princess.space] <= dist[here]
        if step.action == "move":
            assert dist[here] < FAR  # she only moves where the goal can be reached
        if s.battles:
            where = s.battles[0].space
            to_life = max(0, princess_damage(s, where) - s.princess.tokens)
            s = GAME.apply(s, ResolveBattle(where, to_life=to_life))
