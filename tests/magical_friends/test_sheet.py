"""The box form's code lines and values (sheet.py; spec §7: what the companion must get from
the box). Values are from the labelled test sheet (fictional)."""

import pytest

from companion.core.i18n import tr
from companion.games.magical_friends import (
    ArtifactRow,
    CreatureRow,
    Setup,
    Sheet,
    SheetProblem,
    StartRound,
    apply,
    load,
    missing_values,
    new_game,
    parse_track,
    sheet_data,
    sheet_of,
)
from companion.games.magical_friends.board import CAVERN_DIE
from companion.games.magical_friends.sheet import _shape, track_text

from . import sheet_values as TEST


def test_every_demo_side_reads_back_from_its_code_line():
    """§1 Board: the demo's 8 sides (every special space, forks, a cavern) written as code
    lines parse back into the same layout."""
    for tile in load("demo").board.tiles:
        for side in tile.sides:
            text = track_text(side)
            assert text is not None, side.id
            track = parse_track(text, "x")
            assert _shape(track.spaces, track.entry) == _shape(side.spaces, side.entry), side.id


def test_a_code_line_makes_linked_spaces():
    """§5: a fork joins after ``]``; a cavern's paths are poison | shortcut | detour (the die
    faces of CAVERN_DIE); the last space leads to the next tile."""
    track = parse_track(". c[. . | . | .] [A | ] f3,4", "2a")
    sp = {s.id: s for s in track.spaces}
    assert track.entry == "2a1" and sp["2a1"].next == ["2a2"]
    assert sp["2a2"].kind == "cavern" and sp["2a2"].cavern == {
        "poison": "2a3",
        "shortcut": "2a5",
        "detour": "2a6",
    }
    assert set(CAVERN_DIE.values()) == {"poison", "shortcut", "detour"}
    assert sp["2a3"].cavern_path == "poison" and sp["2a4"].next == ["2a7", "2a8"]
    assert sp["2a7"].market == "A" and sp["2a7"].next == ["2a8"]  # the empty path skips A
    assert sp["2a8"].fairy_faces == [3, 4] and sp["2a8"].next == ["@next"]


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("", "empty"),
        (". x .", "bad_code"),
        (". [s | .", "unclosed"),
        (". | .", "stray"),
        (". [s] .", "one_path"),
        (". c[. | .] .", "cavern_paths"),
        (". c .", "cavern_paths"),
        ("[s | .] .", "starts_with_fork"),
        (". f0 .", "bad_face"),
    ],
)
def test_a_wrong_code_line_says_what_is_wrong(line, key):
    with pytest.raises(SheetProblem) as exc:
        parse_track(line, "1a", "side:tile-1-a")
    assert exc.value.message.key == f"magical_friends.sheet.{key}"
    assert exc.value.where == "side:tile-1-a"
    assert not tr(exc.value.message, "en").startswith("⟨")


def _test_sheet(cat) -> Sheet:
    sheet = sheet_of(cat, "en")
    sheet.turn_order, sheet.fairy_die_sides = TEST.TURN_ORDER, TEST.FAIRY_DIE
    for side_id, line in zip(sheet.sides, TEST.SIDES, strict=True):
        sheet.sides[side_id] = line
    fairy = sheet.creatures[0]
    fairy.alignment, fairy.copies, fairy.wand_cost, fairy.wands = TEST.FAIRY
    sheet.creatures += [CreatureRow(*row) for row in TEST.CREATURES]
    sheet.artifacts = [
        ArtifactRow(n, *row) if row[0] else ArtifactRow(n, old.name, row[1], old.bonus)
        for (n, row), old in zip(enumerate(TEST.ARTIFACTS, 1), sheet.artifacts, strict=True)
    ]
    sheet.scoring = dict(zip(sheet.scoring, TEST.SCORING, strict=True))
    sheet.tie_break = TEST.TIE_BREAK
    return sheet


def test_the_test_sheet_makes_a_box_that_plays():
    """§7: board, cast, artifacts and scoring typed into the form make a complete box: nothing
    is missing, and a game on it starts its first round."""
    box = load("box")
    data = sheet_data(box, _test_sheet(box), "en")
    cat = load("box", data)
    assert missing_values(cat) == []
    assert [k.id for k in cat.creatures] == ["fairy", "test-troll", "test-gnome", "test-newt"]
    fairy = cat.creatures[0]
    assert fairy.name == {"en": "Fairy", "ja": "妖精"}  # unchanged: the box's own words
    assert (fairy.alignment, fairy.copies, fairy.wand_cost, fairy.wands) == ("neutral", 3, 1, 1)
    gnome = cat.creatures[2]  # its blank numbers are the Troll's, the row above
    assert (gnome.alignment, gnome.copies, gnome.wand_cost, gnome.wands) == ("good", 4, 2, 1)
    assert cat.artifacts[4].special == "dagger" and cat.artifacts[4].name["en"] == "Scheming Dagger"
    assert cat.scoring.tie_break == ["tavern_friends", "trophies", "shared"]
    sides = tuple((t.id, t.sides[1].id) for t in cat.board.tiles)
    st = new_game(cat, Setup(wizards=(("A", "red"), ("B", "blue")), tiles=sides), seed=3)
    st = apply(st, StartRound(fairy_roll=None))
    assert st.round == 1 and st.board.space("s1").next == ("1b1",)
    assert st.board.space("2b3").kind == "lava"


def test_the_form_shows_a_transcription_again_as_typed():
    """What was saved comes back into the form as the same lines and values."""
    box = load("box")
    sheet = _test_sheet(box)
    cat = load("box", sheet_data(box, sheet, "en"))
    again = sheet_of(cat, "en")
    assert list(again.sides.values()) == list(TEST.SIDES)
    assert again.tie_break == "fts" and again.turn_order == "h"
    assert [c.name for c in again.creatures[1:]] == [r[0] for r in TEST.CREATURES]


@pytest.mark.parametrize(
    ("change", "where", "key"),
    [
        (lambda s: setattr(s, "turn_order", "x"), "turn_order", "bad_letter"),
        (lambda s: setattr(s, "fairy_die_sides", "1"), "fairy_die_sides", "range"),
        (lambda s: setattr(s, "tie_break", "ftf"), "tie_break", "bad_tie"),
        (lambda s: setattr(s.creatures[1], "copies", "four"), "creature:1:copies", "not_a_number"),
        (lambda s: setattr(s.creatures[2], "alignment", "q"), "creature:2:alignment", "bad_letter"),
        (lambda s: setattr(s.creatures[3], "name", ""), "creature:3:name", "no_name"),
        (lambda s: setattr(s, "fairy_die_sides", "4"), "side:tile-4-a", "face_too_high"),
    ],
)
def test_a_wrong_value_names_its_field(change, where, key):
    box = load("box")
    sheet = _test_sheet(box)
    change(sheet)
    with pytest.raises(SheetProblem) as exc:
        sheet_data(box, sheet, "en")
    assert (exc.value.where, exc.value.message.key) == (where, f"magical_friends.sheet.{key}")


def test_a_blank_field_stays_unknown():
    """Rule 5: what is not typed is unknown ("?"), never a guessed value."""
    box = load("box")
    sheet = _test_sheet(box)
    sheet.turn_order, sheet.creatures[1].copies, sheet.artifacts[0].wands = "", "?", ""
    data = sheet_data(box, sheet, "en")
    left = missing_values(load("box", data))
    assert left == [
        "turn_order",
        "creatures[id=test-troll].copies",
        "creatures[id=test-gnome].copies",  # blank below a "?": as the row above, unknown
        "artifacts[number=1].wands",
    ]
