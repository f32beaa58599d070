"""The flow of a game as the engine says it (issue 15; spec §2–§7): each moment's next step,
question or entry, the turn's actions with the engine's refusals, the report questions of a
move, the outcome, and whole demo games played by the sensible table."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from companion.core.errors import RuleError
from companion.core.game import Ask, Entry, Outcome, Policy, Step, play, settle
from companion.games.magical_friends import (
    GAME,
    CorrectBoard,
    CorrectCreature,
    EndTurn,
    Move,
    OrderTie,
    ResolveHighway,
    Summon,
    apply,
    choices,
    flow,
    load,
)
from companion.games.magical_friends.autoplay import demo_setup, policy
from companion.games.magical_friends.reports import Draft, question

from .helpers import BOARD_A, BOARD_B, game, in_turns, place, start_round, to_round


def test_round_start_is_the_apps_step_naming_lava_and_the_bonus_round():
    """§6 round start: the app takes it (the notice, lava in rounds 3 and 6, the fairy die);
    the table may enter its own fairy roll instead."""
    st = game(BOARD_A)
    m = GAME.moment(st)
    assert isinstance(m.next, Step) and m.next.confirm and m.next.command.fairy_roll is None
    assert m.allowed == {"start_round", "fairy_roll", "end_game", "correct"}
    lava = GAME.moment(replace(st, round=2)).prompt
    assert "magical_friends.flow.effect.lava" in repr(lava)
    bonus = GAME.moment(replace(st, round=7)).prompt
    assert "magical_friends.flow.effect.bonus" in repr(bonus)
    entry = flow.fairy_entry(st)
    assert apply(st, entry.answer(3)).fairy_space == st.board.fairy_space_for(3)


def test_artifacts_are_entered_and_refused_by_the_rules():
    """§6 artifacts: a value only the table knows (no suggestion); one used already is
    refused when it is entered."""
    st = start_round(game(wizards=3), 1)
    m = GAME.moment(st)
    assert isinstance(m.next, Entry) and m.next.kind == "magical_friends.artifacts"
    assert m.next.suggest is None and m.next.count == 3
    st = apply(st, m.next.answer((2, 9, 5)))
    st = start_round(apply(apply(apply(st, EndTurn()), EndTurn()), EndTurn()), 1)
    with pytest.raises(RuleError) as exc:
        GAME.moment(st).next.answer((3, 9, 4))
    assert exc.value.message.key == "magical_friends.artifacts.used"


def test_a_tie_asks_only_the_tied_wizards_one_at_a_time():
    """§6 ties: only the wizards whose artifacts tie are asked about, in seat order, each
    answer a step; the app may pick (a tie); an untranscribed turn-order rule is no tie."""
    st = start_round(game(wizards=3), 1)
    st = apply(st, flow.artifacts_entry(st).answer((4, 4, 4)))
    ask = GAME.moment(st).next
    assert (
        isinstance(ask, Ask) and ask.tie and ask.commands == (OrderTie(0), OrderTie(1), OrderTie(2))
    )
    st = apply(st, OrderTie(2))
    assert GAME.moment(st).next.commands == (OrderTie(0), OrderTie(1))
    st = apply(st, OrderTie(1))
    assert st.turn_order == (2, 1, 0) and GAME.moment(st).next is None
    unknown = replace(start_round(game(), 1), turn_order_rule=None)
    unknown = apply(unknown, flow.artifacts_entry(unknown).answer((3, 7)))
    assert not GAME.moment(unknown).next.tie


def test_turn_actions_carry_the_engines_reasons():
    """§4 bonus moves need the card; §5 the catapult moves only once someone holds it; §2 an
    ability needs the wand cost in magic power. Each refusal is the engine's."""
    st = in_turns(BOARD_A)
    m = GAME.moment(st)
    assert m.next is None and {a.name for a in m.actions} == {
        *choices.TURN_ACTIONS,
        "end_game",
        "correct",
    }
    assert m.advance == "end_turn"
    assert m.refusal("pity").key == "magical_friends.move.no_card"
    assert m.refusal("catapult").key == "magical_friends.catapult.nobody"
    assert m.refusal("move").key == "magical_friends.move.no_friend"
    assert m.allows("summon") and m.allows("end_turn")
    st = apply(st, CorrectBoard(catapult_holder=0, catapult_space="w3"))
    assert GAME.moment(st).allows("catapult")
    st, _ = place(st, 0, "lantern-moth", "w1")  # costs 3 wands; wizard 0 has 1 + artifact
    m = GAME.moment(st)
    assert m.allows("move") and m.refusal("poison").key == "magical_friends.ability.too_weak"


def test_highway_to_hell_is_a_question_for_its_wizard():
    """§5 Highway to Hell: an evil creature ending there may slay the others: the moment is a
    question (not a tie the app picks) whose options are the answers."""
    st = apply(in_turns(BOARD_A), CorrectBoard(stairway_up=False))
    st, imp = place(st, 0, "ember-imp", "h1")
    st, toad = place(st, 1, "puddle-toad", "h2")
    st = apply(st, Move(imp, steps=1))
    ask = GAME.moment(st).next
    assert isinstance(ask, Ask) and not ask.tie
    assert ask.commands == (ResolveHighway(True), ResolveHighway(False))
    assert GAME.moment(st).allowed == {"highway", "correct"}


def test_a_move_report_asks_the_fork_the_cavern_and_the_throw():
    """§5 forks (the table says the way), Dark Cavern (the table's die or the app's), the
    catapult's throw (its own fork): each asked as a typed question, never an error key."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "p1")
    draft, q = question(st, Draft(Move(cid, steps=2)))  # p2 forks to p3 | p3b
    assert q.kind == "end" and [o.value.move.to for o in q.choice.options] == ["p3", "p3b"]
    st2, k2 = place(st, 0, "moss-knight", "c1")
    _, q = question(st2, Draft(Move(k2, steps=3)))
    assert q.kind == "cavern" and len(q.choice.options) == 7
    rolled = q.choice.options[-1].value
    assert rolled.app_rolls and question(st2, rolled)[1] is None
    by_table = q.choice.options[0].value  # face 1: the poison path
    done, q = question(st2, by_table)
    assert q is None and apply(st2, done.move).creature(k2).poisoned
    # the catapult on p2: a friend ending there is thrown 2 steps, through the fork
    thrown = apply(st, CorrectBoard(catapult_holder=1, catapult_space="p2"))
    draft, q = question(thrown, Draft(Move(cid, steps=1)))
    assert q.kind == "throw_fork" and {o.value.move.throw_branches for o in q.choice.options} == {
        ("p3",),
        ("p3b",),
    }
    assert apply(thrown, q.choice.options[1].value.move).creature(cid).where == "p4"


def test_the_outcome_ranks_every_wizard_with_the_tie_break():
    """§7 the final tally: points best first, the catalog's tie-break (friends in the tavern)
    deciding among equal points; the round it ended in."""
    st = to_round(game(BOARD_A, rounds=1), 1)
    st, a = place(st, 0, "moss-knight", "tavern")
    st, b = place(st, 1, "moss-knight", "w1")
    st = apply(st, CorrectCreature(b, where="tavern", poisoned=True))
    st = apply(apply(st, EndTurn()), EndTurn())
    out = GAME.outcome(st)
    assert isinstance(out, Outcome) and out.result == "finished" and out.round == 1
    assert out.winners == ("W0",) and out.scores == (("W0", 3), ("W1", 2))
    assert GAME.moment(st).next == out and GAME.moment(st).allowed == {"tally", "correct"}


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_sensible_table_plays_demo_games_to_the_outcome(seed, players):
    """The headless runner (``companion demo magical-friends --autoplay``): the demo game
    played through the moments to its outcome, every step legal."""
    cat = load("demo")
    st = GAME.new_game(demo_setup(cat, players), cat, seed)
    steps = list(play(GAME, st, policy(seed)))
    out = GAME.outcome(steps[-1][1])
    assert out is not None and out.round == 8 and len(out.scores) == players
    assert any(isinstance(cmd, Move) for cmd, _ in steps)
    assert any(isinstance(cmd, Summon) for cmd, _ in steps)


def test_demo_setup_refuses_a_bad_player_count():
    with pytest.raises(ValueError):
        demo_setup(load("demo"), 6)


class _RandomTable(Policy):
    """Answers every question of a lead at random (a step count 1–6, the sensible table's
    artifacts)."""

    def __init__(self, pick, table) -> None:
        self.choose, self.table = pick, table

    def pick(self, state, ask):
        return self.choose([o.value for o in ask.choice.options])

    def enter(self, state, entry):
        if entry.kind == "magical_friends.steps":
            return self.choose(range(1, min(6, entry.maximum) + 1))
        return self.table.enter(state, entry)


@settings(max_examples=25, deadline=None)
@given(st_.integers(0, 10_000), st_.sampled_from([BOARD_A, BOARD_B]), st_.data())
def test_every_step_and_every_allowed_action_is_legal(seed, board, data):
    """Invariants of the flow: the app's step always applies; a question's every option
    applies; every allowed action of a turn has a legal command (built from the flow's lists
    and report questions)."""
    cat = load("demo")
    st = GAME.new_game(replace(demo_setup(cat, 3), tiles=board), cat, seed)
    table = policy(seed)

    def pick(seq):
        return data.draw(st_.sampled_from(list(seq)))

    for _ in range(120):
        m = GAME.moment(st)
        if isinstance(m.next, Outcome):
            break
        if isinstance(m.next, Step):
            st = apply(st, m.next.command)
        elif isinstance(m.next, Ask):
            for cmd in m.next.commands:
                apply(st, cmd)
            st = apply(st, pick(m.next.commands))
        elif isinstance(m.next, Entry):
            st = apply(st, m.next.answer(table.enter(st, m.next)))
        else:
            allowed = sorted(m.allowed - {"end_game", "correct", "tally"})
            action = pick(allowed) if data.draw(st_.booleans()) else "end_turn"
            try:  # a lead may end in the engine's refusal, with its reason (a friend too weak)
                cmd = settle(m.action(action).leads, st, _RandomTable(pick, table))
            except RuleError as exc:
                assert exc.message.key.startswith("magical_friends."), exc.message
                continue
            st = apply(st, cmd)
