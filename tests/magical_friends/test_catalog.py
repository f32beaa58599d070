"""Catalog (spec §7): the box as known, the fictional demo, transcription gaps."""

import pytest

from companion.core.errors import RuleError
from companion.games.magical_friends import Setup, load, missing_values, new_game
from companion.games.magical_friends.catalog import check_side, from_dict


def test_box_leaves_unknown_numbers_unknown():
    """§7: creature numbers, scoring and the die are not public, so the box says "?"."""
    box = load("box")
    assert all(c.wand_cost is None and c.copies is None for c in box.creatures)
    assert box.scoring.per_friend_in_tavern is None and box.board.fairy_die_sides is None
    assert [a.number for a in box.artifacts] == list(range(1, 12))
    assert next(a for a in box.artifacts if a.number == 5).special == "dagger"


def test_box_reports_the_board_layout_as_missing():
    """§7: the spaces of each side of the 4 tiles must be transcribed once per box."""
    missing = missing_values(load("box"))
    sides = [m for m in missing if m.startswith("board.tiles") and m.endswith(".spaces")]
    assert len(sides) == 8
    assert "board.start_spaces" in missing and "scoring.tie_break" in missing
    assert "turn_order" in missing


def test_box_board_cannot_be_laid_until_transcribed():
    """§7: a game on an untranscribed side says what is missing instead of guessing."""
    box = load("box")
    tiles = tuple((t.id, t.sides[0].id) for t in box.board.tiles)
    with pytest.raises(RuleError) as exc:
        new_game(box, Setup(wizards=(("a", "r"), ("b", "g")), tiles=tiles), 1)
    assert exc.value.message.key == "magical_friends.setup.side_untranscribed"


def test_demo_is_fictional_complete_and_has_every_special_space():
    """§5: the demo exercises every special space; §7: nothing left to transcribe."""
    demo = load("demo")
    assert demo.meta.fictional is True
    assert missing_values(demo) == []
    kinds = {s.kind for t in demo.board.tiles for side in t.sides for s in side.spaces}
    assert {
        "switch",
        "portal",
        "workshop",
        "cavern",
        "lava",
        "highway",
        "market",
        "fairy_trail",
    } <= kinds
    markets = {
        s.market for t in demo.board.tiles for side in t.sides for s in side.spaces if s.market
    }
    assert markets == set("ABCDE")
    for t in demo.board.tiles:
        assert len(t.sides) == 2
        for side in t.sides:
            assert check_side(side) == []


def test_check_side_names_dangling_connections():
    """§7: a transcription error (a next that is not a space) is reported, by side and space."""
    cat = from_dict(
        {
            "meta": {"name": "x"},
            "board": {
                "tiles": [
                    {
                        "id": "t",
                        "name": {"en": "T"},
                        "sides": [
                            {
                                "id": "a",
                                "name": {"en": "A"},
                                "entry": "x1",
                                "spaces": [
                                    {"id": "x1", "next": ["nowhere"]},
                                    {"id": "x2", "kind": "cavern"},
                                ],
                            }
                        ],
                    }
                ]
            },
            "creatures": [],
            "artifacts": [],
            "scoring": {},
        }
    )
    problems = check_side(cat.board.tiles[0].sides[0])
    assert any("nowhere" in p for p in problems) and any("three paths" in p for p in problems)
