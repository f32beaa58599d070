"""The round (spec §3), the end (§8) and corrections."""

from dataclasses import replace

import pytest

from companion.core.errors import RuleError
from companion.games.unicornus import GAME, notices
from companion.games.unicornus.commands import (
    BeginRound,
    Correct,
    EndEmpire,
    EndRound,
    EndTurn,
    MoveEmpire,
    PlaceUnit,
    PrincessAct,
    Procure,
    RemoveUnit,
    RevealEvent,
    SetOption,
)
from tests.unicornus.scenario import events, game, hero, princess, sp

BOARD = """
aP=p  a=a1  a=a2  bG=g
  a=h1  a=h2  a=h3  b=b1
"""


def three_players(**kw):
    state = game(
        BOARD,
        phase="round_start",
        heroes=[princess(0), hero("ann", 4, seat=0), hero("bo", 5, seat=1), hero("cy", 6, seat=2)],
        deck=events(ongoing=("ev0",)),
        **kw,
    )
    return state


def run_round(s):
    s = GAME.apply(s, BeginRound())
    s = GAME.apply(s, RevealEvent())
    for _ in range(s.players):
        s = GAME.apply(s, EndTurn())
    for _ in range(3):
        s = GAME.apply(s, PrincessAct("procure"))
    s = GAME.apply(s, MoveEmpire(()))
    s = GAME.apply(s, EndEmpire())
    return s


def test_phases_in_order_and_start_player_rotates():
    """§3: round start, event, players from the start player, Princess, Empire, round end;
    then the Princess passes to the left (next start player)."""
    s = three_players()
    s = GAME.apply(s, BeginRound())
    assert s.phase == "event"
    s = GAME.apply(s, RevealEvent())
    assert s.phase == "players" and s.current_event.id == "ev0"
    seats = []
    for _ in range(3):
        seats.append(s.current_seat)
        s = GAME.apply(s, EndTurn())
    assert seats == [0, 1, 2] and s.phase == "princess"
    with pytest.raises(RuleError):
        GAME.apply(s, MoveEmpire(()))  # not before the Princess has acted
    for _ in range(3):
        s = GAME.apply(s, PrincessAct("procure"))
    assert s.phase == "empire"
    s = GAME.apply(GAME.apply(s, MoveEmpire(())), EndEmpire())
    assert s.phase == "round_end"
    s = GAME.apply(s, EndRound())
    assert (s.round, s.phase, s.start_player) == (2, "round_start", 1)
    s = GAME.apply(GAME.apply(s, BeginRound()), RevealEvent())
    assert s.current_seat == 1  # the new start player goes first


def test_ongoing_event_kept_and_reannounced():
    """§3 step 2: an ONGOING event lasts the game and is announced every later round start;
    a plain event lasts only its round."""
    s = run_round(three_players())
    s = GAME.apply(s, EndRound())
    assert [e.id for e in s.ongoing] == ["ev0"]
    assert [m.key for m in notices(s)] == ["unicornus.notice.ongoing"]
    s = run_round(s)
    s = GAME.apply(s, EndRound())
    assert [e.id for e in s.ongoing] == ["ev0"]  # ev1 was not ONGOING
    assert s.revealed[-1].id == "ev1"


def test_event_entered_from_the_table():
    s = GAME.apply(three_players(), BeginRound())
    s = GAME.apply(s, RevealEvent("ev2"))
    assert s.current_event.id == "ev2" and "ev2" not in [e.id for e in s.deck]
    with pytest.raises(RuleError):
        GAME.apply(GAME.apply(three_players(), BeginRound()), RevealEvent("nope"))


def test_start_of_round_and_turn_abilities_are_announced():
    """§3 steps 1 and 3."""
    s = game(
        BOARD,
        phase="round_start",
        heroes=[princess(0), hero("ann", 4, seat=0, timing="r"), hero("bo", 5, seat=1, timing="t")],
    )
    assert [m.params["name"].params["en"] for m in notices(s)] == ["Ann"]
    s = GAME.apply(GAME.apply(s, BeginRound()), RevealEvent())
    assert notices(s) == []  # seat 0's turn: Ann has no start-of-turn ability
    s = GAME.apply(s, EndTurn())
    assert [m.key for m in notices(s)] == ["unicornus.notice.turn_ability"]


def test_round_ten_ends_in_a_loss():
    """§8.2: round 10 ends without a win -> loss."""
    s = replace(three_players(), round=10)
    s = run_round(s)
    assert (s.phase, s.outcome) == ("over", "loss_rounds")
    assert GAME.summary(s).key == "unicornus.outcome.loss_rounds"
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, EndRound())
    assert exc.value.message.key == "unicornus.rule.game_over"


def test_win_when_the_princess_ends_her_phase_on_the_goal():
    """§8.1: at the end of the Princess phase she stands on Lionel's start space."""
    s = game(BOARD, phase="princess", heroes=[princess(1, supplies=5)])
    s = GAME.apply(s, PrincessAct("move", sp(s, "a2")))
    s = GAME.apply(s, PrincessAct("move", sp(s, "g")))
    assert s.outcome == ""  # not until her third action
    s = GAME.apply(s, PrincessAct("procure"))
    assert (s.outcome, s.phase) == ("win", "over")


def test_corrections_set_any_value():
    """The table is the source of truth: tokens, supplies, damage, position, personality..."""
    s = game(BOARD, heroes=[princess(0), hero("ann", 4)], imps=[], phase="players")
    s = GAME.apply(s, Correct("hero:ann", "tokens", 5))
    s = GAME.apply(s, Correct("hero:ann", "supplies", 1))
    s = GAME.apply(s, Correct("hero:ann", "space", sp(s, "b1")))
    s = GAME.apply(s, Correct("hero:princess", "damage", 2))
    assert (s.hero("ann").tokens, s.hero("ann").supplies, s.hero("ann").space) == (
        5,
        1,
        sp(s, "b1"),
    )
    assert s.princess.damage == 2
    s = GAME.apply(s, Correct("game", "round", 7))
    assert s.round == 7
    with pytest.raises(RuleError):
        GAME.apply(s, Correct("hero:ann", "nonsense", 1))
    with pytest.raises(RuleError):
        GAME.apply(s, Correct("hero:ann", "space", sp(s, "p")))  # the Princess is there
    s = GAME.apply(s, SetOption("difficulty_adds_cost", False))
    assert s.options.difficulty_adds_cost is False


def test_corrections_on_imperial_units():
    from tests.unicornus.scenario import imperial

    s = game(BOARD, heroes=[princess(0)], imps=[imperial("zed")])
    s = GAME.apply(s, PlaceUnit(sp(s, "b1"), 2, "zed"))
    s = GAME.apply(s, PlaceUnit(sp(s, "a2"), 3))
    s = GAME.apply(s, Correct("imperial:zed", "personality", "aggressive"))
    assert s.imp("zed").personality == "aggressive"
    with pytest.raises(RuleError):
        GAME.apply(s, Correct("imperial:zed", "personality", "grumpy"))
    # a unit moved onto another merges at once (§5.2)
    s = GAME.apply(s, Correct(f"unit:{sp(s, 'a2')}", "space", sp(s, "b1")))
    assert [(u.space, u.tokens, u.leader) for u in s.units] == [(sp(s, "b1"), 5, "zed")]
    s = GAME.apply(s, Correct("imperial:zed", "damage", 3))  # life 3: killed
    assert s.imp("zed").status == "dead" and s.unit_at(sp(s, "b1")).leader == ""
    s = GAME.apply(s, RemoveUnit(sp(s, "b1")))
    assert s.units == ()


def test_actions_need_the_players_phase():
    s = three_players()
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, Procure("ann"))
    assert exc.value.message.key == "unicornus.rule.wrong_phase"


def test_corrections_set_a_printed_value_of_a_space():
    """§1 space attributes as the table reads them: difficulty, recruit, resource, defence and
    impassable can be corrected; an impassable space leaves d(s) (§5.1) and the Princess's
    plan follows; a wrong field is refused."""
    from companion.games.unicornus import plan_princess

    s = game(BOARD, heroes=[princess(0, supplies=9)], imps=[], phase="princess")
    a1, h1 = sp(s, "a1"), sp(s, "h1")
    s2 = GAME.apply(s, Correct(f"space:{h1}", "difficulty", 2))
    s2 = GAME.apply(s2, Correct(f"space:{h1}", "recruit", 3))
    s2 = GAME.apply(s2, Correct(f"space:{h1}", "defence", 1))
    s2 = GAME.apply(s2, Correct(f"space:{h1}", "resource", 4))
    b = s2.board
    assert (b.difficulty[h1], b.recruit[h1], b.defence[h1], b.resource[h1]) == (2, 3, 1, 4)
    assert s.board.difficulty[h1] == 0  # the old state is untouched
    assert plan_princess(s).steps[0].to == a1
    blocked = GAME.apply(s, Correct(f"space:{a1}", "impassable", True))
    assert blocked.board.impassable[a1] and blocked.board.dist[a1] > 100
    assert plan_princess(blocked).steps[0].to == h1
    with pytest.raises(RuleError):
        GAME.apply(s, Correct(f"space:{a1}", "goal", 1))


def test_princess_battle_in_the_empire_phase_keeps_the_phase():
    """§3 step 5 / §6.2: after her three actions the Empire attacks her; resolving that
    princess battle leaves the Empire phase as it is (moved once), not a fresh Empire phase."""
    from companion.games.unicornus.commands import ResolveBattle
    from companion.games.unicornus.state import Unit
    from tests.unicornus.scenario import imperial

    s = game(
        BOARD,
        phase="empire",
        heroes=[princess(1, tokens=3)],
        units=[Unit(2, 1, "z")],
        imps=[imperial("z", life=2)],
    )
    s = replace(s, princess_used=s.princess_actions)
    s = GAME.apply(s, MoveEmpire(((sp(s, "a2"), sp(s, "a1")),)))
    s = GAME.apply(s, ResolveBattle(sp(s, "a1")))
    assert (s.phase, s.empire_moved, s.battles) == ("empire", True, ())
    with pytest.raises(RuleError):
        GAME.apply(s, MoveEmpire(()))
    assert GAME.apply(s, EndEmpire()).phase == "round_end"
