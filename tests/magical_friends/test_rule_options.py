"""Rule options (architecture: every Ruling is an option, the Ruling its default) and the §3
Ruling on "the last of its kind": a kind with figures never summoned stays summonable."""

import json
from dataclasses import fields, replace

import pytest

from companion.core.codec import dump, load
from companion.core.errors import RuleError
from companion.core.i18n import tr
from companion.games.magical_friends import (
    OPTION_CHOICES,
    RULINGS,
    GameState,
    Options,
    Slay,
    Summon,
    apply,
    changed_options,
    options_from,
    rules,
)
from companion.games.magical_friends.choices import summon_kinds
from companion.games.magical_friends.state import SAVED_BEFORE

from .helpers import caster, finish_round, in_turns, place, to_round


def _lava_round(last_of_its_kind: str | None) -> GameState:
    """2 wizards; in round 1 each sends a Moss Knight (demo: 4 copies) onto the Lava Bridge;
    round 3 begins and the lava slays both (§5). No other Moss Knight is racing."""
    kw = {} if last_of_its_kind is None else {"options": Options(last_of_its_kind=last_of_its_kind)}
    st = in_turns(**kw)
    for wizard, space in ((0, "l2"), (1, "l3")):
        st, _ = place(st, wizard, "moss-knight", space)
    st = finish_round(st)
    return to_round(st, 3)


def test_ruling_3_a_kind_with_figures_never_summoned_stays_summonable():
    """§3 Ruling: "the last of its kind" = none racing and none left to summon. Two of the
    four Moss Knights die in the lava: the card stays, the table can summon the third."""
    st = _lava_round(None)
    assert st.options.last_of_its_kind == "no_figure_left"  # the default is the Ruling
    knights = [c for c in st.creatures if c.kind == "moss-knight"]
    assert len(knights) == 2 and all(c.where == "@slain" for c in knights)
    assert "moss-knight" not in st.discarded_kinds
    why = dict((k.id, reason) for k, reason in summon_kinds(st))
    assert why["moss-knight"] is None
    st = apply(st, Summon(st.current_wizard, "moss-knight", "s1"))
    assert st.creatures[-1].kind == "moss-knight"


def test_the_other_reading_discards_a_kind_no_longer_racing():
    """§3, the other reading kept as an option (none_racing): the same lava empties the
    Moss Knights' card though two figures were never summoned."""
    st = _lava_round("none_racing")
    assert "moss-knight" in st.discarded_kinds
    why = dict((k.id, reason) for k, reason in summon_kinds(st))
    assert why["moss-knight"].key == "magical_friends.summon.discarded"
    with pytest.raises(RuleError):
        apply(st, Summon(st.current_wizard, "moss-knight", "s1"))


def test_ruling_3_discards_when_the_last_figure_is_slain():
    """§3 Ruling: every copy summoned (Lantern Moth: 2) and the last racing one slain → the
    summon card goes to the discard pile."""
    st = in_turns()
    st, toad = caster(st, 0)
    st, a = place(st, 1, "lantern-moth", "w3")
    st, b = place(st, 1, "lantern-moth", "w5")
    st = apply(st, Slay(by=0, ability=toad, creatures=(a,)))
    assert "lantern-moth" not in st.discarded_kinds  # one still racing
    st = apply(st, Slay(by=0, ability=toad, creatures=(b,)))
    assert "lantern-moth" in st.discarded_kinds


def test_ruling_3_with_copies_unknown_keeps_the_card():
    """§3 Ruling with the copy count not transcribed (§7): figures may be left in the supply,
    so the card stays (and no copy limit is enforced)."""
    st = in_turns()
    kinds = tuple(replace(k, copies=None) if k.id == "lantern-moth" else k for k in st.kinds)
    st = replace(st, kinds=kinds)
    st, toad = caster(st, 0)
    st, a = place(st, 1, "lantern-moth", "w3")
    st = apply(st, Slay(by=0, ability=toad, creatures=(a,)))
    assert "lantern-moth" not in st.discarded_kinds


def test_every_option_offers_its_default_first_and_rulings_name_their_section():
    """The new-game form lists OPTION_CHOICES: the first choice is the dataclass default
    (the Ruling or the companion's reading), and each choice is a value the engine takes."""
    default = Options()
    for name, choices in OPTION_CHOICES.items():
        assert choices[0] == getattr(default, name), name
        assert len(set(choices)) == len(choices) >= 2
    assert RULINGS == {"last_of_its_kind": "§3", "dagger_slays": "§4", "round_start_order": "§6"}
    assert set(OPTION_CHOICES) <= {f.name for f in fields(Options)}
    assert options_from({}) == default
    picked = options_from({"last_of_its_kind": "none_racing", "conjuring_power": 0})
    assert changed_options(picked) == (("last_of_its_kind", "none_racing"), ("conjuring_power", 0))
    with pytest.raises(RuleError):
        options_from({"conjuring_power": 7})


def test_rules_in_words_for_the_log():
    assert tr(rules(Options()), "en") == "Rules: default (no option changed)"
    text = tr(rules(Options(last_of_its_kind="none_racing")), "en")
    assert "§" not in text and "even with figures never summoned" in text  # for players
    assert "ルール" in tr(rules(Options(dagger_slays="passed_and_end")), "ja")


def test_an_old_save_without_the_option_keeps_the_behaviour_it_had():
    """A state saved before ``last_of_its_kind`` existed has no such field: it loads as the
    reading that code played (none_racing), not as today's default. A save that names it
    keeps what it names."""
    st = in_turns()
    saved = json.loads(dump(st))
    del saved["options"]["last_of_its_kind"]
    old = load(GameState, json.dumps(saved))
    assert old.options.last_of_its_kind == SAVED_BEFORE["last_of_its_kind"] == "none_racing"
    named = replace(st, options=Options(last_of_its_kind="no_copies_left"))
    assert load(GameState, dump(named)).options == named.options
    assert load(GameState, dump(st)).options.last_of_its_kind == "no_figure_left"
