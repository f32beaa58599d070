"""Map labels stay unique (issue 13): two characters whose names start alike (Isolde and Ivo
are both イ in Japanese; Cordelia and Corvin both Co) get different labels on the map and in
the characters' panel."""

import pytest

from companion.core.i18n import set_language
from companion.games.unicornus import PRINCESS
from companion.ui.unicornus.hexmap import label
from tests.unicornus_ui.demo import demo_state


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [2, 4])
def test_no_two_characters_share_a_label(lang, width):
    state = demo_state()
    set_language(lang)
    try:
        names = [c.name for c in (*state.heroes, *state.imperial) if c.id != PRINCESS]
        labels = [label(state, n, width) for n in names]
    finally:
        set_language("en")
    assert len(set(labels)) == len(labels), labels


def test_a_label_is_the_start_of_the_name_unless_another_starts_alike():
    state = demo_state()
    by_id = {c.id: c for c in (*state.heroes, *state.imperial)}
    names = {c: label(state, by_id[c].name, 2) for c in by_id if c != PRINCESS}
    starts = [by_id[c].name[0][:2] for c in names]
    for c, text in names.items():
        start = by_id[c].name[0][:2]
        if starts.count(start) == 1:
            assert text == start
        assert text[0] == by_id[c].name[0][0]  # always the name's first letter first


def test_no_label_is_a_small_kana_alone():
    """Issue 23: a label such as ャ (of シャルロッテ beside シオン) reads as no name; the
    labels skip small kana."""
    from companion.ui.unicornus.hexmap import _unique_labels

    labels = _unique_labels(("シャルロッテ", "シオン", "シルヴァ", "シュテファン"), 2)
    assert len(set(labels.values())) == 4, labels
    assert not set("".join(labels.values())) & set("ャュョッァィゥェォ"), labels
