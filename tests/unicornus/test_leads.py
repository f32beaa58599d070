"""Issue 21 for Unicornus Knights: every action of a moment carries what it leads to, built
by the engine from its validator; questions say whether they open at once; the log line of a
step says what it caused (``describe(before, cmd, after)``). Spec sections cited per test
(/work/shared/rules/unicornus-knights.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.errors import RuleError
from companion.core.game import Ask, ConfirmFirst, Entry, Show, settle
from companion.core.i18n import set_language, tr
from companion.games.unicornus import GAME, WHAT_IF, Handover, flow
from companion.games.unicornus.commands import (
    Correct,
    Corrections,
    DrawSupport,
    EndTurn,
    Move,
    MoveEmpire,
    Procure,
    Recruit,
    ResolveBattle,
    RevealEvent,
    RollBattle,
    StayAndFight,
    Transport,
)
from companion.games.unicornus.rules import retreat_cost
from companion.games.unicornus.state import Unit
from tests.unicornus.scenario import game, hero, imperial, princess
from tests.unicornus_forms.hosts import MAP, attack_state, defence_state


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def line(before, cmd) -> str:
    return tr(GAME.describe(before, cmd, GAME.apply(before, cmd)))


def players(**kw):
    """Annelie (3 tokens) on a1 beside Morwen's unit on b0, Bertram on a0 (same area)."""
    return game(
        MAP,
        phase="players",
        heroes=[hero("annelie", 1, tokens=3), hero("bertram", 0, seat=1)],
        units=[Unit(2, 2, "morwen")],
        imps=[imperial("morwen", combat_power=2, life=3)],
        **kw,
    )


# --- §4: the players' actions --------------------------------------------------------------
def test_each_player_action_leads_to_its_command_or_question():
    """§4: move asks where (the engine's destinations, numbered), recruit/procure/fate are
    made at once, transport is an entry listing the receivers in reach, and the advance key
    ends the turn."""
    s = players()
    m = GAME.moment(s)
    assert m.advance == "end_turn" and m.action("end_turn").leads == EndTurn()
    move = m.action("move").leads
    assert isinstance(move, Ask) and not move.tie and not move.at_once
    assert move.commands == tuple(Move("annelie", n) for n, _ in flow.move_targets(s, "annelie"))
    assert m.action("recruit").leads == Recruit("annelie")
    assert m.action("procure").leads == Procure("annelie")
    assert m.action("fate").leads == DrawSupport("annelie")
    transport = m.action("transport").leads
    assert isinstance(transport, Entry) and transport.kind == "unicornus.transport"
    assert transport.subject == Handover("annelie", ("bertram",))
    assert transport.answer(("bertram", 2, 5)) == Transport("annelie", "bertram", 2, 5)
    assert settle(transport, s) == Transport("annelie", "bertram", 1, 0)  # the suggestion


def test_a_refused_action_leads_nowhere_and_says_why():
    """§4 Fate action, once per turn: refused with the rules' reason, no lead."""
    s = GAME.apply(players(), DrawSupport("annelie"))
    fate = GAME.moment(s).action("fate")
    assert fate.leads is None and fate.reason.key == "unicornus.rule.fate_once"


def test_a_move_into_a_unit_is_fought_at_once():
    """§4 Move into an imperial unit is an attack (§6.1): the battle entry opens at once, and
    again at once once its dice are rolled; the Empire's attack waits for the advance key
    (the board follows first)."""
    attacked = GAME.moment(attack_state()).next
    assert attacked.kind == "unicornus.battle" and attacked.at_once
    rolled = GAME.apply(attack_state(), RollBattle(2))
    assert GAME.moment(rolled).next.at_once
    s = GAME.apply(defence_state(), StayAndFight("annelie"))
    assert not GAME.moment(s).next.at_once


def test_the_attackers_retreat_is_the_question_the_battle_answer_leads_to():
    """§6.1 step 6: attackers that survive retreat together; where several spaces qualify,
    the players choose — the battle answer leads to that question, its options the spaces
    the engine accepts, a tie the app may pick (its pick logged as such)."""
    s = GAME.apply(defence_state(), StayAndFight("annelie"))
    space = s.battles[0].space
    s = GAME.apply(s, RollBattle(space, (2, 2, 3)))
    entry = GAME.moment(s).next
    ask = entry.answer(ResolveBattle(space))
    assert isinstance(ask, Ask) and ask.tie
    b = s.board
    assert [c.retreat_to for c in ask.commands] == [b.space("a1"), b.space("a2")]
    for cmd in ask.commands:
        GAME.apply(s, cmd)  # each accepted
    assert ask.auto_command.by_app and "app" in line(s, ask.auto_command)
    with pytest.raises(RuleError):
        entry.answer(ResolveBattle(space, to_life=9))  # a split the rules refuse


def test_retreat_before_battle_costs_the_same_everywhere():
    """§5.2: the move cost + 2 supplies, one rule: the question's label, the engine's charge
    and the log line agree."""
    s = defence_state()
    h = s.hero("annelie")
    ask = GAME.moment(s).next
    retreat = next(c for c in ask.commands if not isinstance(c, StayAndFight))
    cost = retreat_cost(s, h.tokens, retreat.to)
    assert GAME.apply(s, retreat).hero("annelie").supplies == h.supplies - cost
    label = next(tr(o.label) for o in ask.choice.options if o.value == retreat)
    assert f"{cost} supplies" in label and f"{cost} supplies" in line(s, retreat)


# --- §3 step 2: the table's own event deck ---------------------------------------------------
def test_the_table_card_is_picked_by_number_or_entered_new():
    """§3 step 2 / §2 step 6 with the table's deck: the catalog's cards of this round's level
    by number, then a card the catalog lacks (its form); the new card is logged by its name."""
    from companion.games.unicornus import load_catalog, new_game
    from companion.games.unicornus.autoplay import demo_setup

    cat = load_catalog("demo")
    s = new_game(cat, replace(demo_setup(cat), table_deck=True), 8)
    s = GAME.apply(s, GAME.moment(s).next.command)  # the round begins
    ask = GAME.moment(s).next
    level_one = [e.id for e in s.deck if e.level == 1]
    assert [c.event for c in ask.choice.options[:-1] and ask.commands[:-1]] == level_one
    new = ask.choice.options[-1].value
    assert isinstance(new, Entry) and new.kind == "unicornus.new_event" and new.suggest is None
    with pytest.raises(RuleError):
        new.answer(("", "", 1, False))  # a card needs its name
    card = new.answer(("Comet", "彗星", 1, True))
    assert isinstance(card, RevealEvent) and card.event == "comet"
    assert line(s, card) == "Event: Comet"
    assert tr(GAME.describe(s, RevealEvent(level_one[0]), None)).startswith("Event: ")


# --- corrections, allies, what-if: actions of every moment ----------------------------------
def test_corrections_are_one_step_and_ask_before_ending_the_game():
    """The table is the source of truth: a form's changed values are one step (one undo);
    a change that ends the game (§8: the Princess dies) is confirmed first; nothing changed
    leads nowhere."""
    s = players()
    entry = GAME.moment(s).action("correct").leads
    assert entry.answer([]) is None
    both = entry.answer(
        [Correct("hero:annelie", "tokens", 1), Correct("hero:annelie", "supplies", 2)]
    )
    assert isinstance(both, Corrections)
    after = GAME.apply(s, both)
    assert (after.hero("annelie").tokens, after.hero("annelie").supplies) == (1, 2)
    assert line(s, both).count("Annelie") == 2
    ended = game(MAP, phase="princess", heroes=[princess(0)], units=[])
    fatal = (
        GAME.moment(ended).action("correct").leads.answer([Correct("hero:princess", "damage", 9)])
    )
    assert isinstance(fatal, ConfirmFirst) and fatal.then == Correct("hero:princess", "damage", 9)


def test_what_if_leads_to_views_of_the_preview():
    """Issue 14's what-if: an action of the players' moment whose options are views of the
    preview after each legal step of the acting character (never a command)."""
    s = players()
    ask = GAME.moment(s).action("what_if").leads.make(s)  # listed when the key is pressed
    assert isinstance(ask, Ask) and not ask.tie
    shows = [o.value for o in ask.choice.options]
    assert all(isinstance(v, Show) and v.kind == WHAT_IF for v in shows)
    assert Recruit("annelie") in [v.subject for v in shows]
    assert GAME.moment(replace(s, phase="round_end")).action("what_if") is None  # no preview


def test_the_ally_key_at_round_1_is_refused_with_the_reason():
    """§7: no Fate card lies beside anyone at the start, so there is no ally to make (issue
    21: ``y Enter Enter`` made a "no fate" Emperor the Princess's ally, logged as Fate)."""
    from tests.unicornus_ui.demo import demo_state

    ally = GAME.moment(demo_state()).action("ally")
    assert ally.leads is None and "Fate card" in tr(ally.reason)


# --- the log says what happened ------------------------------------------------------------
def test_the_app_s_dice_are_logged_with_their_faces():
    """§6.1 step 1: the app rolls for the table: the line gives each die."""
    s = attack_state()
    rolled = GAME.apply(s, RollBattle(2))
    faces = " ".join(str(d) for d in rolled.battles[0].dice)
    assert line(s, RollBattle(2)) == f"Battle on b0: the app rolled {faces}"


def test_the_empire_s_move_says_the_merges():
    """§5.2 Merging: units ending on one space merge; the Empire's line says so."""
    b = game(MAP).board
    s = game(
        MAP,
        phase="empire",
        heroes=[hero("annelie", b.space("c3"))],
        units=[Unit(b.space("a1"), 1, "morwen"), Unit(b.space("a2"), 2)],
        imps=[imperial("morwen")],
    )
    cmd = MoveEmpire(((b.space("a2"), b.space("a1")),))
    text = line(s, cmd)
    assert text.startswith("The Empire moves 1 unit") and "a1" in text and "3 tokens" in text


def test_whose_turn_ended_is_said():
    """§3 step 3: the turn passes; the line names the seat and its characters."""
    assert line(players(), EndTurn()) == "End of the turn: seat 1 (Annelie)"


def test_no_line_names_an_id():
    """Issue 21: by name, never by id (a new card, an ally, a seat)."""
    s = players()
    for cmd in (EndTurn(), Recruit("annelie"), RollBattle(2)):
        before = GAME.apply(s, Move("annelie", 2)) if isinstance(cmd, RollBattle) else s
        text = line(before, cmd)
        assert "annelie" not in text and "morwen" not in text
