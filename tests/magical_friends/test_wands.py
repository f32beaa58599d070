"""§2 Creature abilities and wands: magic power from friends in the race and the active
artifact (plus Market E), an ability only when power ≥ its wand cost, power not spent."""

from dataclasses import replace

import pytest

from companion.core.errors import RuleError
from companion.games.magical_friends import (
    CorrectCreature,
    Move,
    PlayArtifacts,
    Poison,
    Slay,
    apply,
    load,
    missing_values,
)
from companion.games.magical_friends.queries import magic_power

from .helpers import BOARD_B, at, finish_round, in_turns, place, start_round, with_options


def _key(st, cmd) -> tuple[str, dict]:
    with pytest.raises(RuleError) as exc:
        apply(st, cmd)
    return exc.value.message.key, exc.value.message.params


def test_power_counts_friends_in_the_race_and_the_active_artifact():
    """§2: wands stand on the wizard's friends still in the race and on the active artifact
    card; friends in the tavern (and slain ones) give no magic power."""
    st = in_turns()  # wizard 0 played 11 (demo: no wand), wizard 1 played 1 (demo: 1 wand)
    assert magic_power(st, 0).total == 0 and magic_power(st, 1).total == 1
    st, a = place(st, 0, "moss-knight", "w3")  # demo: 1 wand each
    st, b = place(st, 0, "ember-imp", "h1")
    st, _ = place(st, 0, "lantern-moth", "h2")  # demo: no wand
    assert magic_power(st, 0).total == 2
    st = apply(st, CorrectCreature(a, where="tavern"))
    assert magic_power(st, 0).total == 1
    st = apply(st, CorrectCreature(b, where="@slain"))
    assert magic_power(st, 0).total == 0
    p = magic_power(st, 1)
    assert (p.friends, p.artifact, p.conjuring) == (0, 1, 0)


def test_ability_needs_power_at_least_its_wand_cost():
    """§2: an ability can be used only if the wizard has at least as many wands as the
    number on the creature's card; the refusal names the cost and the power."""
    st = in_turns()
    st, imp = place(st, 0, "ember-imp", "w3")  # cost 2; wizard 0 has 1 wand (the imp's)
    st, foe = place(st, 1, "moss-knight", "w3")
    key, params = _key(st, Slay(by=0, creatures=(foe,), ability=imp))
    assert key == "magical_friends.ability.too_weak"
    assert (params["cost"], params["power"]) == (2, 1)
    for cmd in (
        Poison(foe, by=0, ability=imp),
        Move(foe, steps=1, how="ability", by=0, ability=imp),
    ):
        assert _key(st, cmd)[0] == "magical_friends.ability.too_weak"
    st, _ = place(st, 0, "moss-knight", "s2")  # one more wand: 2 ≥ 2
    st = apply(st, Slay(by=0, creatures=(foe,), ability=imp))
    assert at(st, foe) == "@slain"


def test_power_is_not_spent_one_pool_pays_several_abilities():
    """§2 (the rulebook's example): power 2 and two friends whose abilities cost 2: both
    abilities can be used in one turn."""
    st = in_turns()
    st, imp1 = place(st, 0, "ember-imp", "s2")
    st, imp2 = place(st, 0, "ember-imp", "s2")
    st, x = place(st, 1, "moss-knight", "w3")
    st, y = place(st, 1, "moss-knight", "w5")
    assert magic_power(st, 0).total == 2
    st = apply(st, Slay(by=0, creatures=(x,), ability=imp1))
    st = apply(st, Slay(by=0, creatures=(y,), ability=imp2))
    assert at(st, x) == at(st, y) == "@slain"
    st, z = place(st, 1, "puddle-toad", "w3")
    st = apply(st, Poison(z, by=0, ability=imp1))  # the same friend again: still allowed
    assert st.creature(z).poisoned


def test_ability_is_the_named_friend_of_the_wizard_using_it():
    """§2: the ability is a creature's: say which one (it belongs to the wizard using it
    and is not slain)."""
    st = in_turns()
    st, mine = place(st, 0, "moss-knight", "w3")
    st, theirs = place(st, 1, "moss-knight", "w3")
    assert _key(st, Slay(by=0, creatures=(theirs,)))[0] == "magical_friends.ability.which"
    assert _key(st, Slay(by=0, creatures=(mine,), ability=theirs))[0] == (
        "magical_friends.ability.not_yours"
    )
    dead = apply(st, CorrectCreature(mine, where="@slain"))
    assert _key(dead, Poison(theirs, by=0, ability=mine))[0] == "magical_friends.ability.slain"
    assert _key(st, Move(theirs, steps=1, how="ability"))[0] == "magical_friends.ability.which"
    # a poisoning that is nobody's ability (by=None, no ability) needs no power
    assert apply(st, Poison(theirs)).creature(theirs).poisoned


def test_market_e_conjuring_adds_power_and_b_only_the_artifact_value():
    """§5 Market Fair E (conjuring): "one extra spell" while a friend stands there, read as
    +1 magic power (option ``conjuring_power``). §5 Market B (fortune teller) adds +1 to
    the artifact's value when played, not wands."""
    st = in_turns(BOARD_B)
    st, imp = place(st, 0, "ember-imp", "m1")  # 1 wand, cost 2
    st, foe = place(st, 1, "moss-knight", "m2")
    assert _key(st, Slay(by=0, creatures=(foe,), ability=imp))[0] == (
        "magical_friends.ability.too_weak"
    )
    on_e = apply(st, CorrectCreature(imp, where="mE"))
    p = magic_power(on_e, 0)
    assert (p.friends, p.conjuring, p.total) == (1, 1, 2)
    assert at(apply(on_e, Slay(by=0, creatures=(foe,), ability=imp)), foe) == "@slain"
    assert magic_power(with_options(on_e, conjuring_power=0), 0).total == 1
    on_b = apply(st, CorrectCreature(imp, where="mB"))
    assert magic_power(on_b, 0).total == 1


def test_active_artifact_is_this_rounds_card():
    """§2: the active artifact is the card played this round; before artifacts are played
    only friends count."""
    st = in_turns()
    st, _ = place(st, 1, "moss-knight", "w3")
    assert magic_power(st, 1).total == 2  # friend 1 + artifact 1 (1 wand)
    st = start_round(finish_round(st))
    assert st.phase == "artifacts" and magic_power(st, 1).total == 1
    st = apply(st, PlayArtifacts((2, 11), tie_order=(0, 1)))
    assert magic_power(st, 1).total == 1 and magic_power(st, 0).artifact == 1


def test_unknown_wands_and_costs_are_asked_never_guessed():
    """§2 with §7: wands per friend / per artifact and wand costs not transcribed: the
    companion cannot count, so the table gives the number; a number that contradicts the
    catalog is refused."""
    st = in_turns()
    st, imp = place(st, 0, "ember-imp", "w3")
    st, foe = place(st, 1, "moss-knight", "w3")
    kinds = tuple(replace(k, wands=None) if k.id == "ember-imp" else k for k in st.kinds)
    box = replace(st, kinds=kinds)
    key, params = _key(box, Slay(by=0, creatures=(foe,), ability=imp))
    assert key == "magical_friends.ability.wands_unknown" and "ember-imp" in params["what"]
    assert _key(box, Slay(by=0, creatures=(foe,), ability=imp, wands=1))[0] == (
        "magical_friends.ability.too_weak"
    )
    assert at(apply(box, Slay(by=0, creatures=(foe,), ability=imp, wands=3)), foe) == "@slain"
    no_cost = replace(
        st, kinds=tuple(replace(k, wand_cost=None) if k.id == "ember-imp" else k for k in kinds)
    )
    assert _key(no_cost, Slay(by=0, creatures=(foe,), ability=imp, wands=1))[0] == (
        "magical_friends.ability.cost_unknown"
    )
    assert at(apply(no_cost, Poison(foe, by=0, ability=imp, wands=1, cost=1)), foe) == "w3"
    key, params = _key(st, Slay(by=0, creatures=(foe,), ability=imp, wands=5))
    assert key == "magical_friends.ability.differs" and params["known"] == 1


def test_box_lists_wands_as_unknown_and_demo_has_them():
    """§2/§7: wands per friend and per artifact are catalog values: "?" in the box (named by
    artifact number), complete in the fictional demo."""
    missing = missing_values(load("box"))
    assert "creatures[id=fairy].wands" in missing
    assert "artifacts[number=7].wands" in missing
    demo = load("demo")
    assert all(k.wands is not None for k in demo.creatures)
    assert all(a.wands is not None for a in demo.artifacts)
