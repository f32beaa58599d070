"""§4 Bonus cards and bonus moves: Pity Power, Fairy Dust, one per friend per turn, round 8,
the Scheming Dagger."""

import pytest

from companion.core.errors import RuleError
from companion.games.magical_friends import SLAIN, CorrectWizard, EndTurn, Move, apply
from companion.games.magical_friends.queries import bonus_steps

from .helpers import BOARD_A, at, game, in_turns, place, play, start_round, to_round, with_options


def test_pity_power_moves_exactly_two_and_is_spent():
    """§4 Pity Power: one friend moves exactly 2 steps, then the card is discarded."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w1")
    st = apply(st, CorrectWizard(0, pity=1))
    with pytest.raises(RuleError):
        apply(st, Move(cid, steps=3, how="pity"))
    st = apply(st, Move(cid, steps=2, how="pity", branches=()))
    assert at(st, cid) == "w3" and st.wizards[0].pity == 0
    with pytest.raises(RuleError):  # no card left (and already bonus-moved)
        apply(st, Move(cid, steps=2, how="pity"))


def test_pity_power_needs_a_card():
    """§4: bonus moves need the card in hand."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w1")
    with pytest.raises(RuleError) as exc:
        apply(st, Move(cid, steps=2, how="pity"))
    assert exc.value.message.key == "magical_friends.move.no_card"


def test_fairy_dust_poisons_then_moves_three():
    """§4 Fairy Dust: the friend is poisoned, then moves exactly 3 steps."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w1")
    st = apply(st, CorrectWizard(0, fairy_dust=1))
    st = apply(st, Move(cid, steps=3, how="fairy_dust", branches=("w4b",)))
    assert at(st, cid) == "w4b" and st.creature(cid).poisoned
    assert st.wizards[0].fairy_dust == 0


def test_fairy_dust_on_a_poisoned_friend_slays_it_before_it_moves():
    """§4/§3: Fairy Dust poisons before the move; a second poison slays (no trophy)."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w1", poisoned=True)
    st = apply(st, CorrectWizard(0, fairy_dust=1))
    st = apply(st, Move(cid, steps=3, how="fairy_dust", branches=("w4b",)))
    assert at(st, cid) == SLAIN and st.wizards[0].pity == 1 and cid in st.lost_hearts


def test_one_bonus_move_per_friend_per_turn():
    """§4: each friend may make one bonus move per turn; another friend still may; next turn
    the first may again."""
    st = in_turns()
    st, a = place(st, 0, "moss-knight", "w1")
    st, b = place(st, 0, "moss-knight", "l1")
    st = apply(st, CorrectWizard(0, pity=3))
    st = apply(st, Move(a, steps=2, how="pity"))
    with pytest.raises(RuleError) as exc:
        apply(st, Move(a, steps=2, how="pity"))
    assert exc.value.message.key == "magical_friends.move.one_bonus"
    st = apply(st, Move(b, steps=2, how="pity"))
    st = apply(apply(st, EndTurn()), EndTurn())  # round 1 over
    st = play(start_round(st, 1))
    st = apply(st, Move(a, steps=2, how="pity", branches=("w4",)))
    assert at(st, a) == "w5"


def test_round_8_bonus_moves_get_one_more_step():
    """§4 Round 8: Pity Power and Fairy Dust moves are 3 and 4 steps."""
    st = game()
    st = to_round(st, 7)
    assert (bonus_steps(st, "pity"), bonus_steps(st, "fairy_dust")) == (2, 3)
    st = to_round(_finish(st), 8)
    assert (bonus_steps(st, "pity"), bonus_steps(st, "fairy_dust")) == (3, 4)
    me = st.current_wizard
    st, cid = place(st, me, "moss-knight", "w1")
    st = apply(st, CorrectWizard(me, pity=1))
    st = apply(st, Move(cid, steps=3, how="pity", branches=("w4",)))
    assert at(st, cid) == "w4"


def _finish(st):
    while st.phase == "turns":
        st = apply(st, EndTurn())
    return st


def test_scheming_dagger_slays_on_passed_spaces_only():
    """§4 Ruling (dagger_slays="passed"): the Scheming Dagger move slays every creature on
    the spaces it passes through, own included, not on the space where it stops."""
    st = play(start_round(game(BOARD_A), 1), first=0, dagger_for=0)
    st, mover = place(st, 0, "moss-knight", "w1")
    st, foe = place(st, 1, "ember-imp", "w2")
    st, own = place(st, 0, "puddle-toad", "w3")
    st, at_end = place(st, 1, "ember-imp", "w4")
    st = apply(st, Move(mover, steps=3, how="dagger", branches=("w4",)))
    assert at(st, foe) == SLAIN and at(st, own) == SLAIN
    assert at(st, at_end) == "w4" and at(st, mover) == "w4"
    assert st.wizards[0].trophies == (foe,)
    with pytest.raises(RuleError) as exc:  # once per round when artifact 5 is played
        apply(st, Move(mover, steps=1, how="dagger"))
    assert exc.value.message.key in (
        "magical_friends.move.one_bonus",
        "magical_friends.move.no_dagger",
    )


def test_scheming_dagger_option_also_slays_at_the_end():
    """§4 Ruling as an option: "passed_and_end" slays on the end space too."""
    st = play(start_round(game(BOARD_A), 1), first=0, dagger_for=0)
    st = with_options(st, dagger_slays="passed_and_end")
    st, mover = place(st, 0, "moss-knight", "w1")
    st, at_end = place(st, 1, "ember-imp", "w3")
    st = apply(st, Move(mover, steps=2, how="dagger"))
    assert at(st, at_end) == SLAIN and at(st, mover) == "w3"


def test_dagger_needs_artifact_5():
    """§4: the dagger bonus move comes from playing artifact 5."""
    st = in_turns()
    st, mover = place(st, 0, "moss-knight", "w1")
    with pytest.raises(RuleError) as exc:
        apply(st, Move(mover, steps=2, how="dagger"))
    assert exc.value.message.key == "magical_friends.move.no_dagger"
