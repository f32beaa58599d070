"""§5 Special spaces: effects where a move ends (switch, portal, workshop and catapult, dark
cavern, lava, highway/stairway, market fair A–E, fairy trail)."""

import pytest

from companion.core.errors import RuleError
from companion.games.magical_friends import (
    SLAIN,
    CorrectBoard,
    CorrectCreature,
    EndTurn,
    Move,
    MoveCatapult,
    PlayArtifacts,
    Poison,
    ResolveHighway,
    Slay,
    Summon,
    apply,
)
from companion.games.magical_friends.queries import extra_spell, fortune_teller

from .helpers import (
    BOARD_B,
    at,
    caster,
    finish_round,
    game,
    in_turns,
    place,
    play,
    start_round,
    to_round,
    with_options,
)

# -- Switch --------------------------------------------------------------------------


def test_switch_flips_the_piece_where_a_move_ends_not_when_passing():
    """§5 Switch: ending on it flips Stairway/Highway at once; passing over does nothing."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w3")
    passed = apply(st, Move(cid, steps=2, branches=("w4",)))
    assert passed.stairway_up is True
    ended = apply(st, Move(cid, steps=1, branches=("w4",)))
    assert ended.stairway_up is False
    st, other = place(ended, 0, "moss-knight", "w3")
    again = apply(st, Move(other, to="w4"))
    assert again.stairway_up is True


# -- Portal --------------------------------------------------------------------------


def test_portal_summons_only_with_own_friend_there():
    """§5 Portal: while a friend stands here, its wizard may summon new friends here."""
    st = in_turns(BOARD_B)
    with pytest.raises(RuleError):
        apply(st, Summon(0, "moss-knight", "p2"))
    st, _ = place(st, 0, "moss-knight", "p2")
    st = apply(st, Summon(0, "puddle-toad", "p2"))
    assert st.creatures[-1].where == "p2"
    with pytest.raises(RuleError) as exc:
        apply(st, Summon(1, "puddle-toad", "p2"))
    assert exc.value.message.key == "magical_friends.summon.bad_space"


# -- Goblin Workshop and the catapult ------------------------------------------------


def test_workshop_gives_catapult_at_end_of_turn():
    """§5 Goblin Workshop: a friend ending here gives its wizard the catapult at the end of
    the turn."""
    st = in_turns()
    st, cid = place(st, 0, "moss-knight", "w1")
    st = apply(st, Move(cid, steps=1))
    assert st.catapult_holder is None and st.catapult_pickup == 0
    st = apply(st, EndTurn())
    assert st.catapult_holder == 0 and st.catapult_pickup is None


def test_workshop_again_fires_two_spaces_forward_slaying_all():
    """§5 Goblin Workshop: a friend ending here again fires the catapult 2 spaces forward,
    slaying every creature on that space (own included), forward only; a fork needs the
    table's branch."""
    st = in_turns()
    st = apply(st, CorrectBoard(catapult_holder=0))
    st, cid = place(st, 0, "moss-knight", "w1")
    st, foe = place(st, 1, "ember-imp", "w4")
    st, own = place(st, 0, "puddle-toad", "w4")
    st, safe = place(st, 1, "ember-imp", "w4b")
    with pytest.raises(RuleError) as exc:
        apply(st, Move(cid, steps=1))
    assert exc.value.message.key == "magical_friends.move.branch_needed"
    st = apply(st, Move(cid, steps=1, shot_branches=("w4",)))
    assert at(st, foe) == SLAIN and at(st, own) == SLAIN and at(st, safe) == "w4b"
    assert st.wizards[0].trophies == (foe,)
    assert at(st, cid) == "w2"


def test_workshop_other_wizard_takes_over_or_fires_by_option():
    """§5 Workshop, reading as option ``catapult_fired_by``: by default another wizard's
    friend arriving takes the catapult over; with "anyone" it fires."""
    st = in_turns()
    st = apply(st, CorrectBoard(catapult_holder=1))
    st, cid = place(st, 0, "moss-knight", "w1")
    st, foe = place(st, 1, "ember-imp", "w4b")
    taken = apply(apply(st, Move(cid, steps=1)), EndTurn())
    assert taken.catapult_holder == 0 and at(taken, foe) == "w4b"
    fired = apply(
        with_options(st, catapult_fired_by="anyone"), Move(cid, steps=1, shot_branches=("w4b",))
    )
    assert at(fired, foe) == SLAIN and fired.wizards[0].trophies == (foe,)


def test_catapult_throws_a_friend_two_steps_and_landing_effect_applies():
    """§5 Catapult: a friend ending on its space is thrown 2 steps forward; its move ends
    where it lands (here a switch, which flips). The catapult itself is moved only by its
    holder and triggers nothing."""
    st = in_turns()
    with pytest.raises(RuleError):
        apply(st, MoveCatapult("w2"))
    st = apply(st, CorrectBoard(catapult_holder=0))
    st = apply(st, MoveCatapult("w3"))
    assert st.stairway_up is True and st.catapult_space == "w3"
    st, cid = place(st, 0, "moss-knight", "w2")
    st = apply(st, Move(cid, steps=1, throw_branches=("w4",)))
    assert at(st, cid) == "w5" and st.stairway_up is True  # w3 → w4 → w5: passes the switch
    st, other = place(st, 0, "moss-knight", "w1")
    st = apply(st, CorrectBoard(catapult_space="w1"))
    st2 = apply(st, Move(other, how="ability", to="w1", jump=True, ability=other))
    assert at(st2, other) == "w3"


def test_catapult_throw_into_the_cavern_rolls_where_it_lands():
    """§5 Catapult: a throw into the Dark Cavern rolls the cavern die (1–2: poisoned)."""
    st = in_turns(BOARD_B)
    st = apply(st, CorrectBoard(catapult_holder=0, catapult_space="c1"))
    st, cid = place(st, 0, "moss-knight", "p4")
    st = apply(st, Move(cid, steps=1, cavern_rolls=(2,)))
    assert at(st, cid) == "cp1" and st.creature(cid).poisoned


def test_catapult_cannot_be_slain():
    """§5 Catapult: it cannot be slain; slaying its space leaves it there."""
    st = in_turns()
    st = apply(st, CorrectBoard(catapult_holder=0, catapult_space="w3"))
    st, toad = caster(st, 1)
    st = apply(st, Slay(by=1, ability=toad, space="w3"))
    assert st.catapult_space == "w3"


# -- Dark Cavern ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "steps", "end", "poisoned"),
    [
        (1, 3, "cp2", True),
        (2, 4, "c3", True),
        (3, 2, "cs1", False),
        (4, 3, "c3", False),
        (5, 4, "cd3", False),
        (6, 5, "c3", False),
    ],
)
def test_dark_cavern_roll_decides_the_path(roll, steps, end, poisoned):
    """§5 Dark Cavern: moving past the first cavern space, the announced distance is walked
    on the path the die gives: 1–2 poisoned (still passing through), 3–4 shortcut, 5–6
    detour with nothing else."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "c1")
    st = apply(st, Move(cid, steps=steps, cavern_rolls=(roll,)))
    assert at(st, cid) == end and st.creature(cid).poisoned is poisoned


def test_dark_cavern_no_roll_when_stopping_on_the_first_space():
    """§5 Dark Cavern: the die is rolled only when a friend moves past the first space."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "c1")
    after = apply(st, Move(cid, steps=1))
    assert at(after, cid) == "c2" and after.rng == st.rng
    with pytest.raises(RuleError):  # a roll given but not needed
        apply(st, Move(cid, steps=1, cavern_rolls=(3,)))


def test_dark_cavern_seeded_roll_is_reproducible():
    """§5/§6: without an entered roll the companion rolls from the seeded generator."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "c1")
    a = apply(st, Move(cid, steps=2))
    b = apply(st, Move(cid, steps=2))
    assert a == b and a.rng.draws == st.rng.draws + 1
    assert at(a, cid) in ("cp1", "cs1", "cd1")


def test_dark_cavern_reported_end_space_implies_the_path():
    """§5: a move reported by its end space on the poison path poisons; an end space several
    paths reach needs the steps (or the roll)."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "c1")
    assert apply(st, Move(cid, to="cp1")).creature(cid).poisoned
    with pytest.raises(RuleError) as exc:
        apply(st, Move(cid, to="c3"))
    assert exc.value.message.key == "magical_friends.move.ambiguous"
    short = apply(st, Move(cid, to="c3", steps=3))
    assert at(short, cid) == "c3" and not short.creature(cid).poisoned


# -- Lava Bridge ---------------------------------------------------------------------


def _on_bridge_before_round_3():
    st = to_round(game(), 2)
    st, on = place(st, 0, "moss-knight", "l2")
    st, near = place(st, 1, "ember-imp", "l1")
    return finish_round(st), on, near


def test_lava_rises_at_the_start_of_rounds_3_and_6():
    """§5/§6 Lava Bridge: at the start of round 3 every creature on the bridge dies and its
    owner gets Pity Power (no trophy)."""
    st, on, near = _on_bridge_before_round_3()
    st = start_round(st, 1)
    assert at(st, on) == SLAIN and at(st, near) == "l1"
    assert st.wizards[0].pity == 1 and st.wizards[1].trophies == ()


def test_lava_kills_a_creature_moving_onto_it_in_a_lava_round_only():
    """§5 Lava Bridge: during rounds 3 and 6, a creature ending its move on the bridge dies."""
    st = to_round(game(), 2)
    st, cid = place(st, 0, "moss-knight", "l1")
    assert at(apply(st, Move(cid, steps=1)), cid) == "l2"  # round 2: safe
    st = play(start_round(finish_round(st), 1))
    assert st.round == 3
    me = st.creature(cid).owner
    if st.current_wizard != me:
        st = apply(st, EndTurn())
    st = apply(st, Move(cid, steps=1))
    assert at(st, cid) == SLAIN and st.wizards[0].pity == 1


def test_lava_ability_move_of_opponent_gives_the_mover_a_trophy():
    """§5 Lava Bridge: an ability moving an opponent's creature onto the bridge in those
    rounds slays it: the mover takes a trophy, the owner gets Pity Power."""
    st = to_round(game(), 3)
    mover = st.current_wizard
    other = 1 - mover
    st, cid = place(st, other, "ember-imp", "l1")
    st, toad = caster(st, mover)
    st = apply(st, Move(cid, steps=1, how="ability", by=mover, ability=toad))
    assert at(st, cid) == SLAIN
    assert st.wizards[mover].trophies == (cid,) and st.wizards[other].pity == 1


# -- Highway to Hell / Stairway to Heaven ---------------------------------------------


def _highway():
    st = in_turns()
    st = apply(st, CorrectBoard(stairway_up=False))
    st, imp = place(st, 0, "ember-imp", "h1")
    st, foe = place(st, 1, "moss-knight", "h2")
    st, own = place(st, 0, "puddle-toad", "h2")
    return st, imp, foe, own


def test_highway_to_hell_evil_creature_may_slay_the_others():
    """§5 Highway to Hell: an evil creature ending here may slay the other creatures on the
    space; the companion asks (pending) and nothing else goes on until the table answers."""
    st, imp, foe, own = _highway()
    st = apply(st, Move(imp, steps=1))
    assert st.pending and set(st.pending[0].targets) == {foe, own}
    with pytest.raises(RuleError):
        apply(st, EndTurn())
    slain = apply(st, ResolveHighway(True))
    assert at(slain, foe) == SLAIN and at(slain, own) == SLAIN and not slain.pending
    assert slain.wizards[0].trophies == (foe,)
    spared = apply(st, ResolveHighway(False))
    assert at(spared, foe) == "h2" and not spared.pending


def test_highway_all_or_nothing_and_the_option_to_choose():
    """§3 all or nothing (option ``highway_all_or_nothing``): by default a subset is refused;
    with the option off the table names the victims."""
    st, imp, foe, own = _highway()
    st = apply(st, Move(imp, steps=1))
    with pytest.raises(RuleError):
        apply(st, ResolveHighway(True, targets=(foe,)))
    chosen = apply(
        with_options(st, highway_all_or_nothing=False), ResolveHighway(True, targets=(foe,))
    )
    assert at(chosen, foe) == SLAIN and at(chosen, own) == "h2"


def test_highway_needs_an_evil_creature_and_the_hell_side_up():
    """§5: a good creature ending there slays nobody; with the Stairway up nobody is asked."""
    st, imp, foe, own = _highway()
    st, knight = place(st, 0, "moss-knight", "h1")
    assert not apply(st, Move(knight, steps=1)).pending
    heaven = apply(st, CorrectBoard(stairway_up=True))
    assert not apply(heaven, Move(imp, steps=1)).pending


def test_stairway_to_heaven_protects_good_creatures():
    """§5 Stairway to Heaven: good creatures there cannot be slain (evil ones can)."""
    st = in_turns()
    st, good = place(st, 1, "moss-knight", "h3")
    st, evil = place(st, 1, "ember-imp", "h3")
    st, toad = caster(st, 0)
    st = apply(st, Slay(by=0, ability=toad, creatures=(good, evil)))
    assert at(st, good) == "h3" and at(st, evil) == SLAIN


# -- Market Fair ---------------------------------------------------------------------


def test_market_a_chili_contest_gives_a_second_basic_move():
    """§5 Market Fair A: a friend ending here may take a second basic move this turn."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "m1")
    with pytest.raises(RuleError):
        apply(st, Move(cid, steps=1, how="chili", branches=("mA",)))
    st = apply(st, Move(cid, steps=1, branches=("mA",)))
    assert cid in st.chili
    st = apply(st, Move(cid, steps=2, how="chili"))
    assert at(st, cid) == "mC" and cid not in st.chili


def test_market_b_fortune_teller_adds_one_to_artifacts():
    """§5 Market Fair B: while a friend stands here, the wizard's artifacts count +1."""
    st = in_turns(BOARD_B)
    st, _ = place(st, 1, "moss-knight", "mB")
    assert fortune_teller(st, 1) and not fortune_teller(st, 0)
    st = start_round(finish_round(st))
    assert apply(st, PlayArtifacts((4, 4))).turn_order == (1, 0)  # 4 vs 4+1
    st = apply(st, CorrectCreature(st.creatures[0].id, where="m2"))
    tied = apply(st, PlayArtifacts((4, 4)))  # without the fortune teller: a tie to break
    assert tied.phase == "artifacts" and tied.events[-1].key == "magical_friends.event.tie"


def test_market_c_gift_shop_gives_a_neutral_trophy_each_time():
    """§5 Market Fair C: a friend ending here gains a neutral trophy."""
    st = in_turns(BOARD_B)
    st, a = place(st, 0, "moss-knight", "mB")
    st, b = place(st, 0, "moss-knight", "mA")
    st = apply(st, Move(a, steps=1))
    st = apply(st, Move(b, steps=2))
    assert st.wizards[0].neutral_trophies == 2


def test_market_d_flower_tent_protects_from_slaying_and_poison():
    """§5 Market Fair D: creatures here cannot be slain or poisoned."""
    st = in_turns(BOARD_B)
    st, cid = place(st, 1, "ember-imp", "mD")
    st, toad = caster(st, 0)
    st = apply(st, Poison(cid, by=0, ability=toad))
    st = apply(st, Slay(by=0, ability=toad, creatures=(cid,)))
    assert at(st, cid) == "mD" and not st.creature(cid).poisoned


def test_market_e_conjuring_gives_an_extra_spell():
    """§5 Market Fair E: while a friend stands here, its wizard may cast one extra spell."""
    st = in_turns(BOARD_B)
    assert not extra_spell(st, 0)
    st, _ = place(st, 0, "moss-knight", "mE")
    assert extra_spell(st, 0) and not extra_spell(st, 1)


# -- Fairy Trail ---------------------------------------------------------------------


def test_fairy_trail_fairy_dust_many_times_a_round():
    """§5 Fairy Trail: the fairy die puts the fairy on the matching trail space; every
    creature ending its move there gives its wizard a Fairy Dust card."""
    st = in_turns(fairy_roll=4)
    assert st.fairy_space == "f4"
    st, a = place(st, 0, "moss-knight", "f2")
    st, b = place(st, 0, "moss-knight", "f3")
    st = apply(st, Move(a, steps=2))
    st = apply(st, Move(b, steps=1))
    st = apply(st, Move(a, steps=1))
    assert st.wizards[0].fairy_dust == 2
