"""§3 Poison, slaying, trophies, Pity Power; tavern creatures untouchable."""

import pytest

from companion.core.errors import RuleError
from companion.games.magical_friends import SLAIN, Move, Options, Poison, Slay, Summon, apply

from .helpers import BOARD_B, at, caster, in_turns, place, with_options


def test_first_poison_flips_heart_second_slays_with_trophy_and_pity():
    """§3: poisoned once → heart flipped; twice → slain, the poisoner takes the heart as a
    trophy, the owner gets 1 Pity Power."""
    st = in_turns()
    st, toad = caster(st, 0)
    st, cid = place(st, 1, "moss-knight", "w3")
    st = apply(st, Poison(cid, by=0, ability=toad))
    assert st.creature(cid).poisoned and at(st, cid) == "w3"
    st = apply(st, Poison(cid, by=0, ability=toad))
    assert at(st, cid) == SLAIN
    assert st.wizards[0].trophies == (cid,)
    assert st.wizards[1].pity == 1


def test_slaying_opponent_wins_heart():
    """§3: slaying an opponent's creature wins its heart as a trophy."""
    st = in_turns()
    st, toad = caster(st, 0)
    st, cid = place(st, 1, "moss-knight", "w3")
    st = apply(st, Slay(by=0, ability=toad, creatures=(cid,)))
    assert st.wizards[0].trophies == (cid,) and st.wizards[1].pity == 1


def test_slaying_own_friend_gives_pity_but_no_trophy():
    """§3: a wizard who slays their own friend by an ability gets Pity Power, no trophy."""
    st = in_turns()
    st, toad = caster(st, 0)
    st, cid = place(st, 0, "moss-knight", "w3")
    st = apply(st, Slay(by=0, ability=toad, creatures=(cid,)))
    assert st.wizards[0].trophies == () and st.wizards[0].pity == 1
    assert cid in st.lost_hearts


def test_slay_every_creature_on_a_space_includes_own():
    """§3: "slay every creature on a space" means all, the wizard's own included."""
    st = in_turns()
    st, toad = caster(st, 0)
    st, mine = place(st, 0, "moss-knight", "w3")
    st, theirs = place(st, 1, "ember-imp", "w3")
    st = apply(st, Slay(by=0, ability=toad, space="w3"))
    assert at(st, mine) == SLAIN and at(st, theirs) == SLAIN
    assert st.wizards[0].trophies == (theirs,)
    assert st.wizards[0].pity == 1 and st.wizards[1].pity == 1


def test_mass_slay_spares_protected_by_default_and_all_or_nothing_option():
    """§3 all or nothing with §5 flower tent: by default the protected survive and the rest
    are slain; with ``mass_slay_spares_protected`` off, nobody is slain."""
    st = in_turns(BOARD_B)
    st, toad = caster(st, 0)
    st, a = place(st, 0, "moss-knight", "mD")
    st, b = place(st, 1, "ember-imp", "mD")
    # flower tent protects both: nobody dies either way
    st2 = apply(st, Slay(by=0, ability=toad, space="mD"))
    assert at(st2, a) == "mD" and at(st2, b) == "mD"
    # on a highway space with heaven up, a good creature is protected, an evil one is not
    st = in_turns()
    st, toad = caster(st, 0)
    st, good = place(st, 0, "moss-knight", "h2")
    st, evil = place(st, 1, "ember-imp", "h2")
    spared = apply(st, Slay(by=0, ability=toad, space="h2"))
    assert at(spared, good) == "h2" and at(spared, evil) == SLAIN
    strict = apply(
        with_options(st, mass_slay_spares_protected=False), Slay(by=0, ability=toad, space="h2")
    )
    assert at(strict, good) == "h2" and at(strict, evil) == "h2"


def test_tavern_creatures_are_untouchable():
    """§3: creatures in the tavern are off the board: they cannot be slain, poisoned or moved."""
    st = in_turns()
    st, toad = caster(st, 0)
    st, cid = place(st, 1, "moss-knight", "tavern")
    for cmd in (
        Slay(by=0, ability=toad, creatures=(cid,)),
        Poison(cid, by=0, ability=toad),
        Move(cid, steps=1, how="ability", ability=toad),
    ):
        with pytest.raises(RuleError) as exc:
            apply(st, cmd)
        assert exc.value.message.key == "magical_friends.move.not_racing"


def test_last_of_kind_discards_summon_card():
    """§3: if the slain creature was the last of its kind, its summon card is discarded."""
    st = in_turns()
    st, toad = caster(st, 0)
    st, a = place(st, 1, "lantern-moth", "w3")
    st, b = place(st, 1, "lantern-moth", "w5")
    st = apply(st, Slay(by=0, ability=toad, creatures=(a,)))
    assert "lantern-moth" not in st.discarded_kinds
    st = apply(st, Slay(by=0, ability=toad, creatures=(b,)))
    assert "lantern-moth" in st.discarded_kinds
    with pytest.raises(RuleError):
        apply(st, Summon(1, "lantern-moth", "s1"))


def test_copies_limit_summons():
    """§7 copies: no more creatures of a kind than the box holds."""
    st = in_turns()
    st, toad = caster(st, 0)
    for _ in range(2):
        st = apply(st, Summon(0, "lantern-moth", "s1"))
    with pytest.raises(RuleError) as exc:
        apply(st, Summon(1, "lantern-moth", "s2"))
    assert exc.value.message.key == "magical_friends.summon.no_copies"


def test_last_of_its_kind_option_no_copies_left():
    """§3 "last of its kind" read as "no copy left to summon" (option last_of_its_kind):
    slaying the only racing moth leaves its card while copies remain."""
    st = in_turns(options=Options(last_of_its_kind="no_copies_left"))
    st, toad = caster(st, 0)
    st, a = place(st, 1, "lantern-moth", "w3")
    st = apply(st, Slay(by=0, ability=toad, creatures=(a,)))
    assert "lantern-moth" not in st.discarded_kinds
    st = apply(st, Summon(1, "lantern-moth", "s1"))  # the second copy (the demo has 2)
    moth = st.creatures[-1].id
    st = apply(st, Slay(by=0, ability=toad, creatures=(moth,)))
    assert "lantern-moth" in st.discarded_kinds


def test_start_spaces_leading_to_one_place_count_once():
    """§5 Portal / start spaces: two start spaces that both lead to the first tile are one
    answer; a Portal with the wizard's friend is another."""
    from companion.games.magical_friends.queries import distinct_summon_spaces, summon_spaces

    st = in_turns()
    assert summon_spaces(st, 0) == ("s1", "s2")
    assert distinct_summon_spaces(st, 0) == ("s1",)
