"""What each action of a moment leads to (issue 21; spec /work/shared/rules/magical-friends.md
§2–§6): which friend, how far, the report's questions, the caster and its numbers, summon,
the catapult and a jump (refused by ``apply`` where the pickers refuse them), the end of the
game and the corrections, the questions that open at once, and the advance key's action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.errors import RuleError
from companion.core.game import Ask, ConfirmFirst, Entry, Show, Then, settle
from companion.games.magical_friends import (
    GAME,
    JUMP,
    CorrectBoard,
    CorrectWizard,
    EndGame,
    EndTurn,
    Move,
    MoveCatapult,
    PlayArtifacts,
    Poison,
    Summon,
    apply,
    catapult_spaces,
    jump_spaces,
)

from .helpers import BOARD_A, BOARD_B, at, caster, game, in_turns, place, play, start_round


def _open(st, lead):
    """The lead made from the game as it is (a draft's next question)."""
    while isinstance(lead, Then):
        lead = lead.make(st)
    return lead


def _lead(st, name):
    action = GAME.moment(st).action(name)
    assert action is not None and action.allowed, name
    return _open(st, action.leads)


def test_a_move_asks_which_friend_even_of_one_then_how_far_then_the_report():
    """§5 a move as reported: the friend (a list of one is still a list, so ``m 1 5`` means
    friend 1, five steps), the steps (the steps form's entry), then the report's questions
    (here the fork after p2, BOARD_B), ending in the command."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "p1")
    friends = _lead(st, "move")
    assert isinstance(friends, Ask) and not friends.tie
    assert len(friends.choice.options) == 1
    steps = _open(st, friends.choice.options[0].value)
    assert isinstance(steps, Entry) and steps.kind == "magical_friends.steps"
    assert steps.subject.creature == cid and not steps.subject.jump  # a basic move walks
    fork = _open(st, steps.answer(2))  # p1 → p2 → p3 | p3b
    assert isinstance(fork, Ask) and len(fork.choice.options) == 2
    move = _open(st, fork.choice.options[0].value)
    assert isinstance(move, Move) and move.steps == 2
    assert at(apply(st, move), cid) in ("p3", "p3b")


def test_a_bonus_card_move_goes_its_fixed_distance_shown_with_its_preview():
    """§4 Pity Power moves exactly 2 steps: after the friend, the steps entry has that one
    count (so the steps form shows its preview before it is taken); another is refused."""
    st = apply(in_turns(BOARD_A), CorrectBoard())
    st, cid = place(st, 0, "moss-knight", "w1")
    st = apply(st, CorrectWizard(0, pity=1))
    friends = _lead(st, "pity")
    steps = _open(st, friends.choice.options[0].value)
    assert isinstance(steps, Entry) and steps.kind == "magical_friends.steps"
    assert steps.subject.exact == 2 and (steps.minimum, steps.maximum) == (2, 2)
    with pytest.raises(RuleError) as refused:
        steps.answer(3)
    assert refused.value.message.key == "magical_friends.move.exact_steps"
    move = _open(st, steps.answer(steps.suggest))
    assert (move.creature, move.steps, move.how) == (cid, 2, "pity")


def test_an_ability_asks_the_unknown_wand_cost_and_the_engine_refuses_a_weak_wizard():
    """§2: a friend whose wand cost the catalog does not know: the table gives it (an entry);
    a cost above the wizard's magic power is refused with the engine's reason."""
    st = in_turns(BOARD_A)
    st, toad = caster(st, 0)
    kinds = tuple(
        k if k.id != "puddle-toad" else type(k)(**{**k.__dict__, "wand_cost": None})
        for k in st.kinds
    )
    st = replace(st, kinds=kinds)
    st, foe = place(st, 1, "moss-knight", "w2")
    power = _lead(st, "poison")  # one caster: not asked which
    assert isinstance(power, Entry) and power.kind == "magical_friends.power"
    assert power.subject.unknown == ("cost",)
    with pytest.raises(RuleError) as refused:
        power.answer({"cost": 9})
    assert refused.value.message.key == "magical_friends.ability.too_weak"
    targets = _open(st, power.answer({"cost": 1}))
    assert isinstance(targets, Ask)
    pick = next(o.value for o in targets.choice.options if o.value.creature == foe)
    assert pick == Poison(foe, by=0, ability=toad, cost=1)
    assert apply(st, pick).creature(foe).poisoned


def test_an_ability_may_jump_but_not_onto_a_start_space():
    """§5 Catapult / abilities: an ability may put a creature straight on a space, never a
    start space (friends enter only by being summoned); ``apply`` refuses it, and the list
    offered is derived from that check. Only an ability jumps (one place: ``may_jump``)."""
    st = in_turns(BOARD_A)
    st, toad = caster(st, 0)
    st, knight = place(st, 0, "moss-knight", "w1")
    with pytest.raises(RuleError) as refused:
        apply(st, Move(knight, how="ability", to="s1", jump=True, ability=toad))
    assert refused.value.message.key == "magical_friends.move.jump_start"
    with pytest.raises(RuleError):
        apply(st, Move(knight, to="w3", jump=True))  # a basic move does not jump
    assert "s1" not in jump_spaces(st) and st.board.tavern in jump_spaces(st)
    casters = _lead(st, "ability")  # two friends of W0: whose ability?
    friends = _open(st, next(o.value for o in casters.choice.options if o.value.what[1] == toad))
    steps = _open(st, next(o.value for o in friends.choice.options if o.value.what == knight))
    assert steps.subject.jump
    spaces = _open(st, steps.answer(JUMP))
    assert [o.value.to for o in spaces.choice.options] == list(jump_spaces(st))
    basic = _open(st, _lead(st, "move").choice.options[0].value)
    assert not basic.subject.jump
    with pytest.raises(RuleError):
        basic.answer(JUMP)


def test_the_catapult_goes_on_the_tiles_only():
    """§5 Catapult: it moves like a friend, on the tiles: ``apply`` refuses the tavern and the
    start spaces (issue 21: only the picker did), and the picker's list comes from that."""
    st = apply(in_turns(BOARD_A), CorrectBoard(catapult_holder=0))
    for bad in ("s1", st.board.tavern):
        with pytest.raises(RuleError) as refused:
            apply(st, MoveCatapult(bad))
        assert refused.value.message.key == "magical_friends.catapult.bad_space"
    spaces = catapult_spaces(st)
    assert "s1" not in spaces and st.board.tavern not in spaces and "w3" in spaces
    ask = _lead(st, "catapult")
    assert tuple(o.value.to for o in ask.choice.options) == spaces


def test_summon_lists_every_kind_and_a_refused_one_says_why():
    """§3 last of its kind: every kind in catalog order with the copies left; one that
    cannot be summoned leads to the engine's refusal, with its reason."""
    st = in_turns(BOARD_A)
    knight = next(k for k in st.kinds if k.id == "moss-knight")
    for _ in range(knight.copies):
        st = apply(st, Summon(0, "moss-knight", "s1"))
    ask = _lead(st, "summon")
    assert [o.value.what for o in ask.choice.options] == [k.id for k in st.kinds]
    first = ask.choice.options[0]
    assert first.label.params["line"].params["left"] == 0
    with pytest.raises(RuleError) as refused:
        _open(st, first.value)
    assert refused.value.message.key == "magical_friends.summon.no_copies"
    second = _open(st, ask.choice.options[1].value)  # start spaces alike: not asked
    assert second == Summon(0, st.kinds[1].id, "s1")


def test_end_game_is_confirmed_and_corrections_lead_to_forms():
    """The table's own end (``e``) asks first; a correction (``C``) is an action of every
    moment, leading to the engine's entries (the forms are the screen's)."""
    st = in_turns(BOARD_A)
    end = GAME.moment(st).action("end_game").leads
    assert isinstance(end, ConfirmFirst) and end.then == EndGame()
    correct = _lead(st, "correct")
    board = _open(st, correct.choice.options[3].value)
    assert isinstance(board, Entry) and board.kind == "magical_friends.correct_board"
    flipped = board.answer({**board.suggest, "stairway_up": False})
    assert apply(st, flipped).stairway_up is False
    with pytest.raises(RuleError):  # no creature slain yet: no heart to give
        _open(st, correct.choice.options[2].value)
    over = apply(st, EndGame())
    m = GAME.moment(over)
    assert m.refusal("end_game").key == "magical_friends.game.over"
    assert isinstance(m.action("tally").leads, Show) and m.allows("correct")


def test_questions_that_open_at_once_and_the_advance_key():
    """§5 Highway to Hell and §6 a tie of artifacts open at once; during a turn the advance
    key ends the turn."""
    st = in_turns(BOARD_A)
    assert GAME.moment(st).advance == "end_turn"
    assert GAME.moment(st).action("end_turn").leads == EndTurn()
    st = apply(st, CorrectBoard(stairway_up=False))
    st, imp = place(st, 0, "ember-imp", "h1")
    st, _ = place(st, 1, "moss-knight", "h2")
    st = apply(st, Move(imp, steps=1))
    assert isinstance(GAME.moment(st).next, Ask) and GAME.moment(st).next.at_once
    tie = start_round(game(BOARD_A))
    tie = apply(tie, PlayArtifacts((4, 4)))
    assert isinstance(GAME.moment(tie).next, Ask) and GAME.moment(tie).next.at_once


def test_every_turn_action_settles_to_a_legal_command():
    """The headless runner follows any lead: every allowed action of a turn, answered by the
    first option and the suggested values, applies (or is the engine's refusal)."""
    st = play(start_round(game(BOARD_B), 1))
    st, _ = caster(st, 0)
    st, _ = place(st, 0, "moss-knight", "p1")
    st = apply(st, CorrectBoard(catapult_holder=0))
    settled = []
    for action in GAME.moment(st).actions:
        if not action.allowed or action.name == "tally":
            continue
        try:
            cmd = settle(action.leads, st)
        except RuleError:
            continue
        apply(st, cmd)
        settled.append(action.name)
    # the state is set up so that each turn action has something to do: none may be refused
    assert {"move", "ability", "summon", "slay", "poison", "catapult", "end_turn"} <= set(settled)
