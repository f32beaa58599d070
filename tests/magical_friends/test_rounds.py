"""§6 Round effects and the round, setup, turn order, the end and the tally, corrections,
and the step log (undo/redo, saves)."""

from dataclasses import replace

import pytest

from companion.core import codec
from companion.core.errors import RuleError
from companion.core.steplog import StepLog
from companion.games.magical_friends import (
    GAME,
    SLAIN,
    CorrectCreature,
    CorrectHeart,
    EndGame,
    EndTurn,
    GameState,
    Move,
    Options,
    OrderTie,
    PlayArtifacts,
    Setup,
    Slay,
    StartRound,
    apply,
    load,
    new_game,
)
from companion.games.magical_friends.queries import board_view, legal_ends
from companion.games.magical_friends.state import Scoring

from .helpers import (
    BOARD_A,
    at,
    caster,
    finish_round,
    game,
    in_turns,
    place,
    play,
    start_round,
    to_round,
)


def _keys(st):
    return [e.key.split(".")[-1] for e in st.events]


def test_round_start_order_is_notice_lava_fairy():
    """§6 Ruling (round_start_order): announce the round (and round-8 / lava rules), then
    lava, then the fairy die."""
    st, _ = place(to_round(game(), 2), 0, "moss-knight", "l3")
    st = start_round(finish_round(st), 5)
    assert _keys(st) == ["round", "lava_round", "slain", "fairy"]
    assert st.fairy_space == "f5"


def test_round_start_order_option_is_honoured():
    """§6 Ruling as an option: another order of the round-start effects is applied as given."""
    st = game(options=Options(round_start_order=("fairy", "notice")))
    st = start_round(st, 2)
    assert _keys(st) == ["fairy", "round"]


def test_round_8_notice():
    """§6: round 8 is announced with its bonus-move rule."""
    st = to_round(game(), 7)
    st = start_round(finish_round(st), 1)
    assert "bonus_round" in _keys(st)


def test_a_7_round_game_has_its_bonus_round_in_round_7():
    """§4 "Round 8: Pity Power and Fairy Dust moves get +1 step" with the round count a setting
    (the later printing has 7 rounds): the companion reads the bonus as the last round's, so
    a 7-round game announces it in round 7 and its card moves take 3 and 4 steps there (2 and
    3 before); a save that fixed round 8 keeps its reading."""
    from companion.games.magical_friends.moves import bonus_steps

    st = to_round(game(rounds=7), 6)
    assert (bonus_steps(st, "pity"), bonus_steps(st, "fairy_dust")) == (2, 3)
    st = start_round(finish_round(st), 1)
    assert st.round == 7 and "bonus_round" in _keys(st)
    assert (bonus_steps(st, "pity"), bonus_steps(st, "fairy_dust")) == (3, 4)
    fixed = to_round(game(rounds=7, options=Options(bonus_round=8)), 7)
    assert (bonus_steps(fixed, "pity"), bonus_steps(fixed, "fairy_dust")) == (2, 3)
    assert to_round(game(), 8).bonus_round == 8  # the seed's 8 rounds: round 8, as before


def test_fairy_die_entered_or_seeded_and_undo_redo_same_roll():
    """§6: the fairy die is the table's roll or the companion's seeded one; undo then redo
    gives the same roll."""
    st = game()
    assert start_round(st, 1).fairy_space == "f2"
    with pytest.raises(RuleError):
        apply(st, StartRound(fairy_roll=7))
    log = StepLog(GAME, st)
    first = log.do(StartRound()).fairy_space
    log.undo()
    log.redo()
    assert log.state.fairy_space == first and first in ("f2", "f3", "f4", "f5")
    assert game(seed=1) == st and apply(game(seed=1), StartRound()) == log.state


def test_turn_order_from_artifacts_each_used_once():
    """§1/§6: turn order each round comes from the artifacts played; each artifact is used
    once per game."""
    st = start_round(game(wizards=3), 1)
    st = apply(st, PlayArtifacts((2, 9, 5)))
    assert st.turn_order == (1, 2, 0) and st.dagger_ready == (2,)
    st = start_round(finish_round(st), 1)
    with pytest.raises(RuleError) as exc:
        apply(st, PlayArtifacts((3, 9, 4)))
    assert exc.value.message.key == "magical_friends.artifacts.used"
    tied = apply(st, PlayArtifacts((3, 3, 4)))  # a tie waits for the table's order
    assert tied.phase == "artifacts" and tied.played == (3, 3, 4) and not tied.turn_order
    with pytest.raises(RuleError):  # nothing else until the order is given
        apply(tied, PlayArtifacts((5, 5, 6)))
    assert apply(tied, OrderTie(1)).turn_order == (2, 1, 0)
    st = apply(st, PlayArtifacts((3, 3, 4), tie_order=(1, 0, 2)))
    assert st.turn_order == (2, 1, 0)


def test_unknown_turn_order_rule_asks_the_table():
    """§7: a box whose turn-order rule is not transcribed takes the table's order."""
    st = replace(start_round(game(), 1), turn_order_rule=None)
    waiting = apply(st, PlayArtifacts((3, 4)))  # the whole order is the table's
    assert waiting.phase == "artifacts" and apply(waiting, OrderTie(1)).turn_order == (1, 0)
    assert apply(st, PlayArtifacts((3, 4), tie_order=(0, 1))).turn_order == (0, 1)


def test_setup_two_to_five_wizards_and_round_count_setting():
    """§1: 2–5 players; the round count is a setting (default 8, some printings 7)."""
    demo = load("demo")
    for n in (1, 6):
        with pytest.raises(RuleError):
            new_game(demo, Setup(wizards=tuple((f"w{i}", "c") for i in range(n)), tiles=BOARD_A), 1)
    assert game().rounds == 8
    st = game(rounds=7)
    for _ in range(7):
        st = finish_round(play(start_round(st, 1)))
    assert st.phase == "over" and st.tally is not None
    with pytest.raises(RuleError):
        apply(st, StartRound())


def test_tavern_arrival_ends_the_race_for_that_friend():
    """§3: a friend reaching the tavern is off the board; extra steps are not walked."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "f5")
    st = apply(st, Move(cid, steps=4))
    assert at(st, cid) == "tavern" and "tavern" in _keys(st)
    assert st.racing(0) == () and st.in_tavern(0)[0].id == cid


def test_final_tally_and_tie_break():
    """§7 scoring as catalog data: points per friend in the tavern (poisoned ones count the
    catalog's poisoned value) and per trophy; ties broken by the catalog's tie-break."""
    st = in_turns()
    st, a = place(st, 0, "moss-knight", "tavern")
    st, b = place(st, 0, "moss-knight", "tavern", poisoned=True)
    st, c = place(st, 1, "ember-imp", "tavern")
    st, d = place(st, 0, "puddle-toad", "w3")
    st, toad = caster(st, 1)
    st = apply(st, Slay(by=1, ability=toad, creatures=(d,)))
    st = apply(st, EndGame())
    # demo: 3 per friend, 2 per poisoned friend, 1 per trophy
    assert st.tally.points == (5, 4) and st.tally.winners == (0,)
    assert st.phase == "over"
    # equal points: more friends in the tavern wins
    st = in_turns()
    st, _ = place(st, 0, "moss-knight", "tavern")
    st, x = place(st, 1, "ember-imp", "w3")
    st, y = place(st, 1, "ember-imp", "w3")
    st, toad = caster(st, 0)
    st = apply(st, Slay(by=0, ability=toad, creatures=(x, y)))  # wizard 0: 3 + 2 = 5
    st, _ = place(st, 1, "moss-knight", "tavern")
    st, _ = place(st, 1, "moss-knight", "tavern", poisoned=True)  # wizard 1: 3 + 2 = 5
    st = apply(st, EndGame())
    assert st.tally.points == (5, 5) and st.tally.winners == (1,)


def test_scoring_unknown_refuses_to_guess():
    """§7: with the scoring rule untranscribed, the end asks for it instead of guessing."""
    st = replace(in_turns(), scoring=Scoring(None, None, None, None, ()))
    with pytest.raises(RuleError) as exc:
        apply(st, EndGame())
    assert exc.value.message.key == "magical_friends.scoring.unknown"


def test_corrections_keep_hearts_accounted_for():
    """design: any value can be corrected; a creature brought back takes its heart back."""
    st = in_turns()
    st, cid = place(st, 1, "ember-imp", "w3")
    st, toad = caster(st, 0)
    st = apply(st, Slay(by=0, ability=toad, creatures=(cid,)))
    st = apply(st, CorrectHeart(cid, holder=None))
    assert st.wizards[0].trophies == () and cid in st.lost_hearts
    st = apply(st, CorrectCreature(cid, where="w3"))
    assert at(st, cid) == "w3" and cid not in st.lost_hearts
    with pytest.raises(RuleError):
        apply(st, CorrectHeart(cid, holder=0))
    st = apply(st, CorrectCreature(cid, where=SLAIN))
    assert cid in st.lost_hearts


def test_moves_on_the_space_graph_branches_and_queries():
    """§5 paths: a fork needs the branch taken; legal ends list each way; board_view shows
    what stands where; a whole game state survives a save."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w2")
    assert legal_ends(st, cid, 2) == ("w4", "w4b")
    with pytest.raises(RuleError) as exc:
        apply(st, Move(cid, steps=2))
    assert exc.value.message.key == "magical_friends.move.branch_needed"
    st = apply(st, Move(cid, steps=2, branches=("w4b",)))
    view = {v.id: v for v in board_view(st)}
    assert [c.id for c in view["w4b"].creatures] == [cid] and view["f2"].fairy
    assert codec.load(GameState, codec.dump(st)) == st
    with pytest.raises(RuleError):  # not your friend on the other wizard's turn
        apply(apply(st, EndTurn()), Move(cid, steps=1))


def test_ties_ask_only_the_tied_wizards_seat_order_first():
    """§6 turn order: only wizards whose artifacts tie need the table's order; the groups are
    in seat order from the start player, and the rest keep the artifacts' order."""
    from companion.games.magical_friends.queries import tie_groups, tie_order

    st = start_round(game(BOARD_A, wizards=4))
    st = replace(st, start_player=2)
    played = (5, 9, 5, 9)
    assert tie_groups(st, played) == ((2, 0), (3, 1))  # seats from wizard 2: 2, 3, 0, 1
    # the table: among the 5s wizard 0 first, among the 9s seat order (3 then 1)
    order = tie_order(st, ((0, 2), (3, 1)))
    after = apply(st, PlayArtifacts(played, tie_order=order))
    assert after.turn_order == (3, 1, 0, 2)
    assert tie_groups(st, (1, 2, 3, 4)) == ()
