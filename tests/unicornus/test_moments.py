"""What the table faces now (``GAME.moment``, :mod:`companion.games.unicornus.flow`), from
the spec's round (§3): the app's own steps, the players' free turn with the actions the rules
allow (§4), the Empire's ties and conflicts as typed picks (§5.2, §5.3), the retreat before a
battle (§5.2), Fate (§7), battles (§6), replacements (§9) and the outcome (§8). Map (areas
a | b | c):

a0 a1 b0 b1 c0 c1
  a2 a3 b2 b3 c2 c3
a4 a5 b4 b5 G  c5
"""

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.core.commands import Command
from companion.core.errors import RuleError
from companion.core.game import Ask, Entry, Outcome, Show, Step, Then
from companion.core.i18n import set_language, tr
from companion.games.unicornus import GAME, flow, load_catalog
from companion.games.unicornus.autoplay import POLICY, demo_setup
from companion.games.unicornus.commands import (
    BeginRound,
    DrawFate,
    DrawSupport,
    EndEmpire,
    Move,
    MoveEmpire,
    PickEmpireMove,
    PickFatePair,
    ReplaceCharacter,
    ResolveBattle,
    RetreatBeforeBattle,
    RevealEvent,
    RollBattle,
    SettleConflict,
    StayAndFight,
)
from companion.games.unicornus.rules import check_fate
from companion.games.unicornus.state import PRINCESS, Unit, with_hero
from tests.unicornus.scenario import game, hero, imperial, princess

MAP = """
a=a0 aP=a1 b=b0 b=b1 c=c0 c=c1
  a=a2 a=a3 b=b2 b=b3 c=c2 c=c3
a=a4 a=a5 b=b4 b=b5 cG=g c=c5
"""
CAT = load_catalog("demo")


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def at(s, name):
    return s.board.space(name)


def demo(seed=0):
    return GAME.new_game(demo_setup(CAT), CAT, seed)


def test_the_round_begins_with_the_apps_steps():
    """§3 steps 1–2: round start and the event are the app's steps (the table confirms each
    with the advance key); the table may say it turned over another card."""
    s = demo()
    m = GAME.moment(s)
    assert m.next == Step(BeginRound(), m.next.reason) and m.next.confirm
    s = GAME.apply(s, m.next.command)
    m = GAME.moment(s)
    assert m.next.command == RevealEvent(s.deck[0].id)
    assert m.allows("event")
    other = flow.event_ask(s).commands[1]
    assert GAME.apply(s, other).revealed[-1].id == s.deck[1].id


def test_the_players_turn_is_free_with_the_rules_reasons():
    """§4: a player's turn waits for the table; each action refused carries the engine's
    reason (the Fate action once per turn), moving lists the legal spaces with their cost."""
    s = GAME.apply(GAME.apply(demo(), BeginRound()), RevealEvent())
    m = GAME.moment(s)
    hid = flow.acting(s)
    assert m.next is None and hid == s.seats[s.current_seat][0]
    assert {"move", "recruit", "procure", "fate", "end_turn"} <= m.allowed
    assert m.action("transport") is not None  # nobody near at the start: refused, with why
    for n, cost in flow.move_targets(s, hid):
        assert GAME.apply(s, Move(hid, n)).hero(hid).supplies == s.hero(hid).supplies - cost
    s = GAME.apply(s, DrawSupport(hid))
    assert GAME.moment(s).refusal("fate").key == "unicornus.rule.fate_once"
    poor = with_hero(s, replace(s.hero(hid), supplies=0))
    assert GAME.moment(poor).refusal("move").key == "unicornus.flow.no_move"


def test_nobody_to_transport_to():
    """§4 Transport: only to a character in the same or an adjacent area."""
    s = game(MAP, heroes=[hero("ann", 0), hero("bob", 11, seat=1)])
    assert GAME.moment(s).refusal("transport").key == "unicornus.flow.nobody_near"
    near = game(MAP, heroes=[hero("ann", 0), hero("bob", 1, seat=1)])
    assert GAME.moment(near).allows("transport")


def empire(heroes, units, imps, **kw):
    return game(MAP, phase="empire", heroes=heroes, units=units, imps=imps, **kw)


def test_a_conflict_is_a_typed_pick_and_the_loser_looks_elsewhere():
    """§5.2: two imperial characters want a3: the players choose which enters (the app's
    pick, "auto", is the first); the other is planned again with a3 forbidden, then all move
    at once."""
    b = game(MAP).board
    s = empire(
        [hero("ann", b.space("a3"))],
        [Unit(b.space("a1"), 1, "x"), Unit(b.space("b0"), 1, "y")],
        [imperial("x"), imperial("y")],
    )
    ask = GAME.moment(s).next
    a1, a3, b0 = at(s, "a1"), at(s, "a3"), at(s, "b0")
    assert isinstance(ask, Ask) and ask.tie
    assert ask.commands == (SettleConflict(a3, a1, (b0,)), SettleConflict(a3, b0, (a1,)))
    assert ask.auto_command.by_app
    s2 = GAME.apply(s, ask.commands[1])  # y (from b0) enters
    assert s2.empire_forbid == ((a1, a3),)
    assert tr(GAME.describe(s, ask.commands[1], s2)) == (
        "Y from space b0 enters a3; the others look elsewhere"
    )
    step = GAME.moment(s2).next
    assert isinstance(step, Step) and (b0, a3) in step.command.moves
    assert all(to != a3 for o, to in step.command.moves if o == a1)
    moved = GAME.apply(s2, step.command)
    assert moved.empire_forbid == () and moved.empire_picks == ()
    with pytest.raises(RuleError):
        GAME.apply(s2, ask.commands[0])  # settled: no conflict for a3 any more


def test_a_tied_unit_is_asked_once_and_moves_where_picked():
    """§5.2 normal with two kingdom units adjacent: the players choose (§5.3); the pick is
    kept in the state, is not asked again, and the Empire moves the unit there."""
    s0 = game(MAP)
    s = empire(
        [hero("ann", at(s0, "a2")), hero("bob", at(s0, "b0"), seat=1)],
        [Unit(at(s0, "a3"), 1, "x")],
        [imperial("x")],
    )
    ask = GAME.moment(s).next
    assert [c.to for c in ask.commands] == sorted([at(s, "a2"), at(s, "b0")])
    pick = PickEmpireMove(at(s, "a3"), at(s, "b0"))
    after = GAME.apply(s, pick)
    assert after.empire_picks == ((at(s, "a3"), at(s, "b0")),)
    assert tr(GAME.describe(s, pick, after)).startswith("The table picked for the unit on a3 (")
    app = replace(pick, by_app=True)
    assert app == pick and tr(GAME.describe(s, app, after)).startswith("The app picked for")
    step = GAME.moment(after).next
    assert isinstance(step, Step) and step.command == MoveEmpire(((at(s, "a3"), at(s, "b0")),))
    with pytest.raises(RuleError):
        GAME.apply(s, PickEmpireMove(at(s, "a3"), at(s, "a5")))  # not an option


def test_the_retreat_before_battle_is_offered_once():
    """§5.2: the attacked character may retreat before the battle (move cost + 2) or stay;
    staying is a step, so it is not offered again, and the battle follows."""
    b = game(MAP).board
    a1, a3 = b.space("a1"), b.space("a3")
    s = empire([hero("ann", a3, tokens=2, supplies=10)], [Unit(a1, 1, "x")], [imperial("x")])
    s = GAME.apply(s, MoveEmpire(((a1, a3),)))
    ask = GAME.moment(s).next
    assert isinstance(ask, Ask) and not ask.tie
    assert ask.commands[0] == StayAndFight("ann")
    assert RetreatBeforeBattle("ann", at(s, "a5")) in ask.commands
    assert RetreatBeforeBattle("ann", at(s, "a1")) not in ask.commands  # the attacker's origin
    stayed = GAME.apply(s, StayAndFight("ann"))
    assert tr(GAME.describe(s, StayAndFight("ann"), stayed)) == "Ann stays and fights on a3"
    battle = GAME.moment(stayed).next
    assert isinstance(battle, Entry) and battle.kind == "unicornus.battle"
    assert battle.subject == a3 and battle.suggest == RollBattle(a3)
    with pytest.raises(RuleError):
        battle.answer(RollBattle(a1))
    rolled = GAME.apply(stayed, battle.answer(battle.suggest))
    result = GAME.moment(rolled).next.suggest
    assert isinstance(result, ResolveBattle)
    done = GAME.apply(rolled, result)
    assert GAME.moment(done).next.command == EndEmpire()
    assert GAME.apply(done, EndEmpire()).stays == ()


def test_fate_with_several_candidates_picks_the_pair_then_reads_the_card():
    """§7 Ruling: several kingdom characters qualify: the players choose (a tie); then the
    card is read, bound or ally (never the app's to pick)."""
    s = check_fate(
        game(
            MAP,
            heroes=[princess(at(game(MAP), "b2")), hero("ann", at(game(MAP), "b3"))],
            units=[Unit(at(game(MAP), "b0"), 1, "z")],
            imps=[imperial("z", no_fate=False)],
        )
    )
    ask = GAME.moment(s).next
    assert ask.tie and ask.commands == (PickFatePair("z", PRINCESS), PickFatePair("z", "ann"))
    paired = GAME.apply(s, ask.commands[1])
    card = GAME.moment(paired).next
    assert not card.tie
    assert card.commands == (DrawFate("z", "ann", False), DrawFate("z", "ann", True))
    bound = GAME.apply(paired, card.commands[0])
    assert bound.imp("z").bound_to == "ann" and bound.fate_pairs == ()


def test_a_replacement_is_entered_at_round_end():
    """§9: a seat whose character died picks an unused one onto a free start space."""
    s = demo()
    dead = replace(s.hero("annelie"), alive=False, space=-1)
    s = replace(with_hero(s, dead), phase="round_end", replace_due=(0,))
    entry = GAME.moment(s).next
    assert entry.kind == "unicornus.replace" and entry.subject == 0
    cmd = entry.answer(entry.suggest)
    assert isinstance(cmd, ReplaceCharacter) and cmd.character == s.reserve[0].id
    assert GAME.apply(s, cmd).hero(cmd.character).space == cmd.space


def test_the_outcome():
    """§8: won when she stands on Lionel's start space after her phase; lost after round 10."""
    s = replace(demo(), outcome="win", phase="over", round=7)
    out = GAME.moment(s).next
    assert out == Outcome("won", out.reason, (), round=7, facts=out.facts)  # nobody named
    assert tr(out.reason) == tr(GAME.summary(s))
    lost = GAME.outcome(replace(s, outcome="loss_rounds", round=10))
    assert (lost.result, lost.winners) == ("lost", ())
    assert GAME.outcome(demo()) is None


# --- invariants over whole games -------------------------------------------------------------
def commands_for(state, lead):
    """The commands an allowed action leads to (each option of its question; an entry's
    suggested answer; the step a what-if view previews)."""
    if isinstance(lead, Then):
        lead = lead.make(state)
    leads = [o.value for o in lead.choice.options] if isinstance(lead, Ask) else [lead]
    out = []
    for one in leads:
        if isinstance(one, Entry):
            one = one.answer(one.suggest) if one.suggest is not None else None
        if isinstance(one, Show):
            one = one.subject
        if isinstance(one, Command):
            out.append(one)
    return out


def legal(state, cmd):
    try:
        GAME.apply(state, cmd)
    except RuleError:
        return False
    return True


@settings(
    max_examples=5,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # a whole game does not shrink
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10_000), picks=st.integers(0, 2**32))
def test_property_every_moment_offers_only_legal_commands(seed, picks):
    """Along whole demo games (the sensible table, ties picked at random): an app's step
    always applies; every option of a question applies; an entry's suggested answer applies;
    every action the moment allows has a legal command, and a refused one has a reason."""
    state, rnd = demo(seed), random.Random(picks)
    for _ in range(3000):
        m = GAME.moment(state)
        nxt = m.next
        for a in m.actions:
            if a.allowed:
                cmds = commands_for(state, a.leads)
                if not cmds:  # only the table knows what to enter (a correction)
                    assert isinstance(a.leads, Entry) and a.leads.suggest is None, a.name
                assert all(legal(state, c) for c in cmds), a.name
            else:
                assert tr(a.reason)
        if isinstance(nxt, Outcome):
            assert GAME.outcome(state) == nxt
            return
        if isinstance(nxt, Step):
            cmd = nxt.command
        elif isinstance(nxt, Ask):
            assert all(legal(state, c) for c in nxt.commands)
            cmd = rnd.choice(nxt.commands)
        elif isinstance(nxt, Entry):
            cmd = nxt.answer(nxt.suggest)
        else:
            cmd = POLICY.act(state, m)
        state = GAME.apply(state, cmd)  # raises if the flow offered an illegal step
    raise AssertionError("no outcome")
