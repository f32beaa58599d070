"""Basic moves and the Market A second basic move (§5 Market Fair A; §4 bonus moves).

The rulebook excerpt does not say how many basic moves a turn has, so the companion counts
them for the table but never limits them (docs/magical-friends.md, "Basic moves")."""

import pytest

from companion.core.errors import RuleError
from companion.games.magical_friends import CorrectWizard, EndTurn, Move, apply

from .helpers import BOARD_B, at, in_turns, place


def test_basic_moves_are_counted_not_limited():
    """Not in the excerpt: no number of basic moves per turn is enforced; each is counted
    for the turn and the count starts again next turn."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w1")
    for branches in ((), (), ("w4",)):  # w1 → w2 → w3 → w4
        st = apply(st, Move(cid, steps=1, branches=branches))
    assert at(st, cid) == "w4" and st.basic_moved == (cid, cid, cid)
    st = apply(st, EndTurn())
    assert st.basic_moved == ()


def test_chili_is_a_second_basic_move_not_a_bonus_move():
    """§5 Market Fair A: a friend ending here may take a second basic move this turn: it is
    a basic move (counted as one), it does not use the friend's one bonus move (§4), it is
    taken once, and it is gone at the end of the turn."""
    st = in_turns(BOARD_B)
    st = apply(st, CorrectWizard(0, pity=1))
    st, cid = place(st, 0, "moss-knight", "m1")
    st = apply(st, Move(cid, steps=1, branches=("mA",)))
    assert st.chili == (cid,) and st.basic_moved == (cid,)
    st = apply(st, Move(cid, steps=1, how="chili"))
    assert at(st, cid) == "mB" and st.basic_moved == (cid, cid) and st.chili == ()
    with pytest.raises(RuleError) as exc:
        apply(st, Move(cid, steps=1, how="chili"))
    assert exc.value.message.key == "magical_friends.move.no_chili"
    st = apply(st, Move(cid, steps=2, how="pity"))  # the bonus move is still there
    assert at(st, cid) == "m2" and st.bonus_moved == (cid,)
    # a chili move not taken this turn is lost at its end
    st2 = in_turns(BOARD_B)
    st2, k = place(st2, 0, "moss-knight", "m1")
    st2 = apply(st2, Move(k, steps=1, branches=("mA",)))
    st2 = apply(apply(st2, EndTurn()), EndTurn())
    assert st2.chili == ()
    with pytest.raises(RuleError):
        apply(st2, Move(k, steps=1, how="chili"))
