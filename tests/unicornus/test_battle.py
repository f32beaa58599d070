"""Battle mathematics (spec §6): every clause of §6.1 and §6.2 on small hand-computed cases."""

from fractions import Fraction

import pytest

from companion.core.codec import dump, load
from companion.core.errors import RuleError
from companion.core.rng import Rng
from companion.games.unicornus.battle import (
    LEADER_FIRST,
    TABLE_OBJECTIVE,
    Assignment,
    Distribution,
    allocate_damage,
    best_assignment,
    describe_objective,
    dice_count,
    evaluate_assignment,
    legal_splits,
    outcome_distribution,
    princess_battle_damage,
    roll_battle,
    score,
)
from companion.games.unicornus.words import count

# Faces 1-3 hit, 4-5 miss, 6 loss.
D = ("hit", "hit", "hit", "miss", "miss", "loss")
# Faces 1-2 hit, 3-4 miss, 5-6 loss.
E = ("hit", "hit", "miss", "miss", "loss", "loss")


def rule_key(exc: pytest.ExceptionInfo) -> str:
    return exc.value.message.key


# ----------------------------------------------------------------- §6.1 step 1: dice


def test_one_die_per_token_without_defence():
    """§6.1 step 1: one die per strength token the character leads."""
    assert dice_count(5, 0, attacking=True) == 5
    assert dice_count(5, 0, attacking=False) == 5


def test_defence_value_takes_dice_from_an_attacking_player():
    """§6.1 step 1: attacking onto a space with defence value v rolls v fewer dice."""
    assert dice_count(5, 2, attacking=True) == 3


def test_defence_value_never_takes_the_count_below_zero():
    """§6.1 step 1: v fewer dice, but never fewer than none."""
    assert dice_count(1, 3, attacking=True) == 0


def test_defence_value_adds_dice_when_the_empire_attacks():
    """§6.1 step 1: when the Empire attacks, the defender rolls v more dice."""
    assert dice_count(5, 2, attacking=False) == 7
    assert dice_count(0, 1, attacking=False) == 1


def test_roll_battle_is_seeded_and_advances_the_rng():
    """§6.1 step 1: dice rolled by the app come from the game's seeded generator."""
    faces, rng = roll_battle(Rng(11), 7)
    again, rng2 = roll_battle(Rng(11), 7)
    assert faces == again and rng == rng2 == Rng(11, 1)
    assert len(faces) == 7 and all(1 <= f <= 6 for f in faces)
    later, rng3 = roll_battle(rng, 7)
    assert rng3 == Rng(11, 2) and later != faces  # the next battle rolls fresh dice


# ----------------------------------------------------------------- §6.1 step 2: diagrams


def test_each_die_is_read_on_the_diagram_given():
    """§6.1 step 2: the same faces mean different things on the attack and defence diagrams."""
    attack = ("hit", "hit", "hit", "hit", "miss", "loss")
    defence = ("loss", "loss", "miss", "miss", "miss", "hit")
    faces = (1, 2, 6)
    a = best_assignment(faces, attack, enemy_tokens=3, enemy_combat_power=0, leaderless=True)
    d = best_assignment(faces, defence, enemy_tokens=3, enemy_combat_power=0, leaderless=True)
    assert (a.tokens_killed, a.damage_taken) == (2, 1)  # 2 hits on tokens, the loss kept back
    assert (d.tokens_killed, d.damage_taken) == (1, 2)  # 1 hit on a token, both losses kept back


def test_bad_face_is_a_rule_error():
    """§6.1 step 2: dice entered from the table are six-sided."""
    with pytest.raises(RuleError) as exc:
        best_assignment((1, 7), D, 1, 1)
    assert rule_key(exc) == "unicornus_battle.dice.bad_face"


# ----------------------------------------------------------------- §6.1 step 3: assigning


def test_dice_go_to_the_character_only_when_every_token_has_one():
    """§6.1 step 3: first one die per enemy token, then the character."""
    with pytest.raises(RuleError) as exc:
        evaluate_assignment((1, 2, 3), D, 2, 1, tokens=(0,), character=(1,))
    assert rule_key(exc) == "unicornus_battle.assign.tokens_first"
    assert exc.value.message.params == {"free": 1}
    ok = evaluate_assignment((1, 2, 3), D, 2, 1, tokens=(0, 1), character=(2,))
    assert (ok.tokens_killed, ok.character_damage, ok.damage_taken) == (2, 1, 0)


def test_one_die_per_token():
    """§6.1 step 3: a token takes one die, so no more dice on tokens than tokens."""
    with pytest.raises(RuleError) as exc:
        evaluate_assignment((1, 2, 3), D, 2, 1, tokens=(0, 1, 2))
    assert rule_key(exc) == "unicornus_battle.assign.too_many_for_tokens"


def test_dice_need_not_all_be_assigned():
    """§6.1 step 3: any dice may stay unassigned (the spare losses, usually)."""
    a = evaluate_assignment((1, 6, 6), D, 1, 2, tokens=(0,))
    assert a.unassigned == (1, 2)
    assert (a.damage_taken, a.tokens_killed) == (2, 1)  # strength 3, one die cancels one


def test_a_die_is_assigned_once_and_must_exist():
    """§6.1 step 3: each rolled die goes to at most one place."""
    with pytest.raises(RuleError) as exc:
        evaluate_assignment((1, 2), D, 2, 1, tokens=(0, 0))
    assert rule_key(exc) == "unicornus_battle.assign.die_twice"
    with pytest.raises(RuleError) as exc:
        evaluate_assignment((1, 2), D, 2, 1, tokens=(0, 2))
    assert rule_key(exc) == "unicornus_battle.assign.unknown_die"
    assert exc.value.message.params == {"die": 3, "dice": count("die", 2)}
    assert str(exc.value.message) == "There is no die 3: 2 dice were rolled"


def test_a_leaderless_unit_takes_dice_only_on_tokens():
    """§6.1 step 3 with §1 leaderless unit: there is no character to give dice to."""
    with pytest.raises(RuleError) as exc:
        evaluate_assignment((1, 2), D, 1, 0, tokens=(0,), character=(1,), leaderless=True)
    assert rule_key(exc) == "unicornus_battle.assign.no_character"
    best = best_assignment((1, 2, 3), D, 2, 0, leaderless=True)
    assert best.character == () and best.unassigned == (2,)
    assert (best.tokens_killed, best.wiped_out, best.damage_taken) == (2, True, 0)


# ----------------------------------------------------------------- §6.1 step 4: effects


def test_total_strength_short_of_dice_is_damage_seed_example():
    """§6.1 step 4, the seed's example: 3 tokens + combat power 4 = strength 7; with fewer
    than 7 dice assigned the shortfall is damage, and each assigned loss adds 1."""
    # faces 1,3,5,5,2 on E: hits are dice 0 and 4, the miss die 1, losses dice 2 and 3.
    faces = (1, 3, 5, 5, 2)
    a = evaluate_assignment(faces, E, 3, 4, tokens=(0, 4, 1), character=(2, 3))
    assert (a.damage_taken, a.tokens_killed, a.character_damage) == (7 - 5 + 2, 2, 0)
    b = evaluate_assignment(faces, E, 3, 4, tokens=(0, 4, 1))
    assert (b.damage_taken, b.tokens_killed) == (7 - 3, 2)


def test_enough_dice_means_damage_only_from_losses():
    """§6.1 step 4 (seed note): dice ≥ total strength → only assigned losses hurt."""
    a = evaluate_assignment((4, 4, 5, 6), D, 1, 1, tokens=(0,), character=(1, 2, 3))
    assert a.damage_taken == 1  # strength 2 fully cancelled; the loss still hurts
    b = evaluate_assignment((4, 4, 5), D, 1, 1, tokens=(0,), character=(1, 2))
    assert b.damage_taken == 0  # cancelling past the strength does not heal


def test_hits_remove_tokens_or_damage_the_character():
    """§6.1 step 4: a hit on a token removes it; a hit on the character is 1 damage."""
    a = evaluate_assignment((1, 2, 3, 4), D, 2, 3, tokens=(0, 3), character=(1, 2))
    assert (a.tokens_killed, a.character_damage, a.damage_taken) == (1, 2, 1)


def test_character_damage_is_capped_at_its_life_left():
    """§6.1 step 4 with §1 life: hits past the character's death change nothing."""
    a = best_assignment((1, 2, 3), D, 0, 2, enemy_life_left=1)
    assert (a.character_damage, a.character_killed, a.wiped_out) == (1, True, True)
    assert a.damage_taken == 0


def test_best_kills_tokens_before_hurting_the_character():
    """§6.1 steps 3–4, default objective: least damage, then tokens, then character."""
    # 1 token, combat power 3, life 2; dice: hit, hit, loss.
    a = best_assignment((1, 2, 6), D, 1, 3, enemy_life_left=2)
    assert a.tokens == (0,) and a.character == (1,) and a.unassigned == (2,)
    assert (a.damage_taken, a.tokens_killed, a.character_damage) == (2, 1, 1)
    assert not a.character_killed


def test_leader_first_puts_a_loss_on_the_token_to_kill_the_character():
    """§6.1 step 3: any die (even a loss) satisfies "every token first", so a loss on the
    token lets both hits reach the character; within strength it costs no damage."""
    a = best_assignment((1, 2, 6), D, 1, 3, enemy_life_left=2, objective=LEADER_FIRST)
    assert a.tokens == (2,) and set(a.character) == {0, 1}
    assert (a.damage_taken, a.tokens_killed, a.character_killed) == (2, 0, True)


def test_a_loss_past_the_strength_is_never_assigned_by_default():
    """§6.1 step 4: a loss beyond the unit's strength only deals damage."""
    a = best_assignment((4, 4, 6), D, 1, 1)
    assert a.unassigned == (2,) and a.damage_taken == 0


def test_assignment_is_the_rules_own_when_checked():
    """§6.1 steps 3–4: the proposal is a legal assignment with the same effects."""
    faces = (1, 6, 4, 2, 1, 5, 3)
    best = best_assignment(faces, D, 3, 2, enemy_life_left=2)
    again = evaluate_assignment(
        faces, D, 3, 2, tokens=best.tokens, character=best.character, enemy_life_left=2
    )
    assert again == best
    # 4 hits, 2 misses, 1 loss: 3 hits on tokens, then the 4th hit and both misses on the character.
    assert (best.damage_taken, best.tokens_killed, best.character_damage) == (0, 3, 1)
    assert best.unassigned == (1,)  # the loss stays back


def test_objective_is_validated_and_described():
    """§6.1: "best" is an explicit, named objective."""
    with pytest.raises(ValueError):
        best_assignment((1,), D, 1, 1, objective=("most_fun",))
    assert [m.key for m in describe_objective(TABLE_OBJECTIVE)] == [
        "unicornus_battle.objective.damage_taken",
        "unicornus_battle.objective.tokens_killed",
        "unicornus_battle.objective.character_damage",
    ]
    a = evaluate_assignment((1,), D, 1, 1, tokens=(0,))
    assert score(a) == (-1, 1, 0)


# ----------------------------------------------------------------- §6.1: exact odds


def test_distribution_one_die_by_hand():
    """§6.1 (exact odds): 1 die on D against 1 token + combat power 1 (strength 2)."""
    d = outcome_distribution(1, D, 1, 1, enemy_life_left=2)
    got = {(o.damage_taken, o.tokens_killed, o.character_damage): o.probability for o in d.outcomes}
    assert got == {(1, 1, 0): Fraction(1, 2), (1, 0, 0): Fraction(1, 3), (2, 0, 0): Fraction(1, 6)}
    assert d.damage_taken == (0, Fraction(5, 6), Fraction(1, 6))
    assert d.expected_damage_taken == Fraction(7, 6)
    assert d.expected_tokens_killed == Fraction(1, 2)
    assert d.p_wiped_out == 0 and d.p_character_killed == 0


def test_distribution_two_dice_against_a_lone_character_by_hand():
    """§6.1 (exact odds): 2 dice against a character alone (combat power 1, life 1)."""
    d = outcome_distribution(2, D, 0, 1, enemy_life_left=1)
    assert d.p_character_killed == d.p_wiped_out == Fraction(3, 4)  # 1 - (1/2)²
    assert d.damage_taken == (Fraction(35, 36), Fraction(1, 36))  # only two losses hurt
    assert d.p_damage_at_most(0) == Fraction(35, 36)
    assert d.floats.damage_taken[1] == pytest.approx(1 / 36)


def test_distribution_without_life_cannot_say_wiped_out():
    """§6.1 (exact odds): wiped out needs the character's life left; leaderless needs none."""
    assert outcome_distribution(2, D, 1, 1).p_wiped_out is None
    lone = outcome_distribution(1, D, 1, 0, leaderless=True)
    assert lone.p_wiped_out == Fraction(1, 2) and lone.p_character_killed is None


def test_zero_dice_take_the_whole_strength():
    """§6.1 step 4: no dice assigned → the whole total strength is damage."""
    d = outcome_distribution(0, D, 2, 3)
    assert [(o.damage_taken, o.probability) for o in d.outcomes] == [(5, 1)]


# ----------------------------------------------------------------- §6.1 step 5: damage


def test_damage_split_between_tokens_and_life():
    """§6.1 step 5: each point removes a token or is 1 damage, as the player decides."""
    assert allocate_damage(3, tokens=2, char_damage=0, life=3, to_life=1) == (0, 1)
    assert allocate_damage(2, tokens=3, char_damage=0, life=3, to_life=2) == (3, 2)
    assert allocate_damage(2, tokens=3, char_damage=0, life=3, to_life=0) == (1, 0)


def test_damage_cannot_kill_a_character_still_leading_tokens():
    """§6.1 step 5: never so much on the character that it dies while it leads tokens."""
    with pytest.raises(RuleError) as exc:
        allocate_damage(2, tokens=2, char_damage=1, life=3, to_life=2)
    assert rule_key(exc) == "unicornus_battle.alloc.kills_leader"
    assert exc.value.message.params == {"tokens_left": count("token", 2)}


def test_a_character_may_die_once_it_leads_no_tokens():
    """§6.1 step 5: overwhelming damage kills the character after its tokens are gone."""
    assert allocate_damage(5, tokens=2, char_damage=0, life=2, to_life=3) == (0, 3)


def test_impossible_splits_are_rule_errors():
    """§6.1 step 5: more on tokens than tokens, more on life than damage, negatives."""
    cases = [
        ((3, 1, 0, 5, 1), "unicornus_battle.alloc.too_many_tokens"),
        ((1, 1, 0, 5, 2), "unicornus_battle.alloc.more_than_damage"),
        ((1, 1, 0, 5, -1), "unicornus_battle.alloc.negative"),
        ((1, 1, 5, 5, 0), "unicornus_battle.alloc.already_dead"),
    ]
    for args, key in cases:
        with pytest.raises(RuleError) as exc:
            allocate_damage(*args)
        assert rule_key(exc) == key, args


def test_legal_splits_by_hand():
    """§6.1 step 5: the splits the UI may offer."""
    assert legal_splits(3, tokens=2, char_damage=0, life=2) == ((2, 1),)
    assert legal_splits(2, tokens=3, char_damage=0, life=3) == ((2, 0), (1, 1), (0, 2))
    assert legal_splits(0, tokens=3, char_damage=0, life=3) == ((0, 0),)


# ----------------------------------------------------------------- §6.2 princess battle


def test_princess_battle_damage():
    """§6.2: life left + tokens − 1 per ally, minimum 0 (leaderless: life 0)."""
    assert princess_battle_damage(3, 2, 1) == 4
    assert princess_battle_damage(1, 0, 3) == 0
    assert princess_battle_damage(0, 3, 0) == 3


def test_princess_splits_damage_like_a_player():
    """§6.2: she is never killed while leading tokens (same split rule as §6.1 step 5)."""
    dmg = princess_battle_damage(4, 3, 0)  # 7 on a Princess with 3 tokens and life 5
    assert legal_splits(dmg, tokens=3, char_damage=0, life=5) == ((3, 4),)
    with pytest.raises(RuleError):
        allocate_damage(dmg, tokens=3, char_damage=0, life=5, to_life=5)


# ----------------------------------------------------------------- codec


def test_results_round_trip_through_the_codec():
    """Results are plain frozen dataclasses that the step log can store."""
    a = best_assignment((1, 6, 4, 2), D, 2, 1, enemy_life_left=2)
    assert load(Assignment, dump(a)) == a
    d = outcome_distribution(6, D, 3, 2, enemy_life_left=2)
    assert load(Distribution, dump(d)) == d
    n = outcome_distribution(3, D, 2, 1)
    assert load(Distribution, dump(n)) == n
