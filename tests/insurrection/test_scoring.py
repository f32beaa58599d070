"""End-of-game scoring: the seed's worked example, every rule kind, every row of §6, §4."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.errors import RuleError
from companion.core.i18n import tr
from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.catalog import TERM_KINDS
from companion.games.insurrection.scoring import (
    EffectChoice,
    EndPosition,
    NeedsValue,
    ScoreSheet,
    score,
)
from tests.insurrection.fixtures import example_catalog, tiny


def box(**cards: dict[str, Any]):
    """The box catalog with some fields of some cards filled in (as a user catalog would)."""
    persons = [{"id": cid, **f} for cid, f in cards.items() if cid not in _LEADERS]
    leaders = [{"id": cid, **f} for cid, f in cards.items() if cid in _LEADERS]
    return catalogs.load("box", {"persons": persons, "leaders": leaders})


_LEADERS = {"qhia", "azel", "liohra", "talin", "doraxen", "fenriz", "trak", "nhia"}


def pos(
    hands: dict[str, list[str]],
    outcome: str = "good",
    face_up: tuple[str, ...] = (),
    graveyard: int = 0,
    token: str = "fortress",
) -> EndPosition:
    return EndPosition(
        outcome,
        token,
        graveyard,
        tuple(face_up),  # type: ignore[arg-type]
        tuple((p, tuple(h)) for p, h in hands.items()),
    )


def card_total(sheet: ScoreSheet, player: str, card: str) -> int | None:
    for ps in sheet.players:
        if ps.player == player:
            return next(c.total for c in ps.lines if c.card == card)
    raise KeyError(player)


def total(sheet: ScoreSheet, player: str) -> int | None:
    return next(p.total for p in sheet.players if p.player == player)


def line(sheet: ScoreSheet, player: str, card: str, lang: str = "en") -> str:
    ps = next(p for p in sheet.players if p.player == player)
    return tr(next(c.line for c in ps.lines if c.card == card), lang)


JEANNE = ["dragon", "tamer", *["war_bear"] * 5, "prophet", "gnoll", "druid_yel"]


def test_worked_example_scores_75():
    """§6 worked example: Good wins; Dragon 7 + Tamer 16 + War Bears 35 + Prophet 4 + Gnoll 4
    + Druid Yel 9 = 75 for Jeanne, another player holding 1 Prophet (and fewer War Bears)."""
    sheet = score(
        example_catalog(), pos({"Jeanne": JEANNE, "Gregory": ["prophet", "war_bear", "war_bear"]})
    )
    assert total(sheet, "Jeanne") == 75
    assert [
        card_total(sheet, "Jeanne", c)
        for c in ("dragon", "tamer", "war_bear", "prophet", "gnoll", "druid_yel")
    ] == [7, 16, 35, 4, 4, 9]
    assert (
        line(sheet, "Jeanne", "war_bear") == "War Bear ×5: strict majority (5 vs 2) → 7 each = 35"
    )
    # Gregory's War Bears lack the majority: that value is not in the spec, so it is asked for.
    assert total(sheet, "Gregory") is None
    assert NeedsValue("war_bear", "persons[id=war_bear].scoring[0].otherwise") in sheet.needs
    assert sheet.winner is None


def test_lines_translate_to_japanese():
    """§6: the breakdown reads in Japanese too (card names from the seed)."""
    sheet = score(example_catalog(), pos({"Jeanne": JEANNE, "G": ["prophet"]}))
    text = tr(next(c.line for c in sheet.players[0].lines if c.card == "war_bear"), "ja")
    assert text.startswith("ウォーベア ×5") and "35" in text


def test_goblin_by_outcome():
    """§6 Goblin: 3 if Good wins, 9 if Evil wins (rule kind by_outcome)."""
    cat = catalogs.load("box")
    assert total(score(cat, pos({"A": ["goblin"]})), "A") == 3
    assert total(score(cat, pos({"A": ["goblin"]}, "evil")), "A") == 9


def test_occultist_per_icon():
    """§6 Occultist: 2 + 1 per Soldier icon + 1 per Minion icon in hand (per_icon)."""
    cat = box(
        occultist={"icons": ["pretender"]},
        tamer={"icons": ["soldier"]},
        gnoll={"icons": ["minion", "soldier"]},
    )
    sheet = score(cat, pos({"A": ["occultist", "tamer", "tamer", "gnoll"]}))
    assert (
        card_total(sheet, "A", "occultist") == 2 + 3 + 1
    )  # 3 Soldier icons (2 Tamers, Gnoll), 1 Minion


def test_dragon_and_gnoll_unknown_evil_value_is_asked():
    """§6 Dragon 7 / Gnoll 4 if Good wins; their Evil values are on the card: asked, never guessed."""
    cat = catalogs.load("box")
    assert card_total(score(cat, pos({"A": ["dragon", "gnoll"]})), "A", "gnoll") == 4
    sheet = score(cat, pos({"A": ["dragon", "gnoll"]}, "evil"))
    assert total(sheet, "A") is None
    assert {n.field for n in sheet.needs} == {
        "persons[id=dragon].scoring[0].evil",
        "persons[id=gnoll].scoring[0].evil",
    }
    given = box(dragon={"scoring": [{"kind": "by_outcome", "good": 7, "evil": 2}]})
    assert card_total(score(given, pos({"A": ["dragon"]}, "evil")), "A", "dragon") == 2


def test_tamer_counts_animals_in_hand_only():
    """§6 Tamer 2 + 2 per Animal icon; §5: face-up cards do not count for hand icons."""
    cat = example_catalog()
    sheet = score(cat, pos({"A": ["tamer", "war_bear", "war_bear"]}, face_up=("war_bear",)))
    assert card_total(sheet, "A", "tamer") == 6


def test_war_bear_majority_tie_means_nobody():
    """§6 War Bear: strict majority; a tie means nobody has the most (majority)."""
    cat = box(war_bear={"scoring": [{"kind": "majority", "points": 7, "otherwise": 1}]})
    sheet = score(cat, pos({"A": ["war_bear"] * 2, "B": ["war_bear"] * 2, "C": ["war_bear"]}))
    assert [total(sheet, p) for p in "ABC"] == [2, 2, 1]
    assert "no strict majority (2 vs 2)" in line(sheet, "A", "war_bear")
    sheet = score(cat, pos({"A": ["war_bear"] * 3, "B": ["war_bear"] * 2}))
    assert [total(sheet, p) for p in "AB"] == [21, 2]


def test_prophet_shared_or_sole():
    """§6 Prophet: 4 when another player holds one; §5: face-up Prophets are in no hand."""
    cat = box(prophet={"scoring": [{"kind": "shared_or_sole", "sole": 10, "shared": 4}]})
    assert total(score(cat, pos({"A": ["prophet"], "B": ["prophet"]})), "A") == 4
    assert total(score(cat, pos({"A": ["prophet"], "B": []}, face_up=("prophet",))), "A") == 10
    sheet = score(catalogs.load("box"), pos({"A": ["prophet"], "B": []}))
    assert sheet.needs == (NeedsValue("prophet", "persons[id=prophet].scoring[0].sole"),)


def test_druid_yel_per_pair():
    """§6 Druid Yel: 3 per (Animal icon, corruption mark) pair in hand = min(animals, marks)."""
    cat = example_catalog()
    hand = ["druid_yel", "war_bear", "gnoll", "gnoll"]  # 2 animals, 4 marks → 2 pairs
    assert card_total(score(cat, pos({"A": hand})), "A", "druid_yel") == 6


def test_necromancer_graveyard_bonus_if_evil():
    """§6 Necromancer: 4 always; if Evil wins, a bonus per graveyard card (per_graveyard)."""
    assert total(score(catalogs.load("box"), pos({"A": ["necromancer"]}, graveyard=5)), "A") == 4
    sheet = score(catalogs.load("box"), pos({"A": ["necromancer"]}, "evil", graveyard=5))
    assert sheet.needs == (NeedsValue("necromancer", "persons[id=necromancer].scoring[1].points"),)
    cat = box(
        necromancer={
            "scoring": [
                {"kind": "flat", "points": 4},
                {"kind": "per_graveyard", "points": 2, "when": {"outcome": "evil"}},
            ]
        }
    )
    assert total(score(cat, pos({"A": ["necromancer"]}, "evil", graveyard=5)), "A") == 14


def test_shadow_conditions_on_outcome_and_token():
    """§6 Shadow: 0 Good; 7 Evil; 15 Evil with the rebel token on Kristin's Fortress."""
    cat = catalogs.load("box")
    assert total(score(cat, pos({"A": ["shadow"]})), "A") == 0
    assert total(score(cat, pos({"A": ["shadow"]}, "evil", token="basic_a1")), "A") == 7
    sheet = score(cat, pos({"A": ["shadow"]}, "evil", token="fortress"))
    assert total(sheet, "A") == 15
    assert "Evil won and the token is on Kristin's Fortress → 15" in line(sheet, "A", "shadow")


def test_bard_pairs_of_soldiers_or_minus_two():
    """§6 Bard: Good 6 per pair of Soldiers (4 → 12; 5 → 12), Evil −2 (per_pair_of)."""
    cat = box(bard={"icons": []}, tamer={"icons": ["soldier"]})
    sheet = score(cat, pos({"A": ["bard", *["tamer"] * 5]}))
    assert card_total(sheet, "A", "bard") == 12
    sheet = score(cat, pos({"A": ["bard", *["tamer"] * 4]}))
    assert card_total(sheet, "A", "bard") == 12
    assert card_total(score(cat, pos({"A": ["bard"]}, "evil")), "A", "bard") == -2


@pytest.mark.parametrize(("held", "points"), [(1, 3), (2, -2), (3, 27), (4, 30), (6, 54), (7, 57)])
def test_musketeer_set_table(held, points):
    """§6 Musketeer: 1 → 3; 2 → −1 each; 3 → 9 each; more than 3 starts a new set (set_table)."""
    assert total(score(catalogs.load("box"), pos({"A": ["musketeer"] * held})), "A") == points


def test_princess_threshold_on_face_up_minions_and_marks():
    """§6 Princess: negative when face-up Minions + corruption marks exceed 18 (threshold)."""
    cat = box(
        princess={
            "scoring": [
                {
                    "kind": "threshold",
                    "features": ["minion", "corruption"],
                    "scope": "face_up",
                    "at_least": 19,
                    "points": -5,
                    "otherwise": 6,
                }
            ]
        },
        gnoll={"icons": ["minion"], "corruption": 2},
        goblin={"icons": ["minion"], "corruption": 0},
    )
    # 6 gnolls: 6 minions + 12 marks = 18 → not over 18; one more goblin → 19
    assert total(score(cat, pos({"A": ["princess"]}, face_up=("gnoll",) * 6)), "A") == 6
    assert (
        total(score(cat, pos({"A": ["princess"]}, face_up=("gnoll",) * 6 + ("goblin",))), "A") == -5
    )
    sheet = score(catalogs.load("box"), pos({"A": ["princess"]}, face_up=()))
    assert NeedsValue("princess", "persons[id=princess].scoring[0].otherwise") in sheet.needs


def test_qhia_threshold_on_face_up_minions():
    """§6 Qhia: negative when 8 or more face-up Minions are in the play area."""
    cat = box(
        qhia={
            "scoring": [
                {
                    "kind": "threshold",
                    "features": ["minion"],
                    "scope": "face_up",
                    "at_least": 8,
                    "points": -4,
                    "otherwise": 5,
                }
            ]
        },
        goblin={"icons": ["minion"]},
    )
    assert total(score(cat, pos({"A": ["qhia"]}, face_up=("goblin",) * 7)), "A") == 5
    assert total(score(cat, pos({"A": ["qhia"]}, face_up=("goblin",) * 8)), "A") == -4


@pytest.mark.parametrize(("marks", "points"), [(0, 0), (1, 0), (7, 9), (8, 12), (9, 12)])
def test_azel_pairs_of_face_up_marks(marks, points):
    """§6 Azel: 3 per pair of face-up corruption marks (at most 12 with 8 or 9); 0 if Evil wins."""
    cat = box(skeleton={"icons": []})
    assert total(score(cat, pos({"A": ["azel"]}, face_up=("skeleton",) * marks)), "A") == points
    assert total(score(cat, pos({"A": ["azel"]}, "evil", face_up=("skeleton",) * marks)), "A") == 0


def test_talin_scores_zero():
    """§6 Talin: 2 corruption marks; scores 0."""
    cat = catalogs.load("box")
    assert cat.card("talin").corruption == 2
    assert total(score(cat, pos({"A": ["talin"]})), "A") == 0


def test_doraxen_singles():
    """§6 Doraxen: 2 per other card held exactly once − 5 (9 singles → 13)."""
    ids = [
        "goblin",
        "dragon",
        "tamer",
        "prophet",
        "gnoll",
        "druid_yel",
        "necromancer",
        "shadow",
        "bard",
    ]
    cat = catalogs.load("box")
    assert card_total(score(cat, pos({"A": ["doraxen", *ids]})), "A", "doraxen") == 13
    assert (
        card_total(
            score(cat, pos({"A": ["doraxen", "goblin", "goblin", "dragon"]})), "A", "doraxen"
        )
        == -3
    )


def test_fenriz_per_card_without_minion():
    """§6 Fenriz: −1 per card in hand without a Minion icon (itself included)."""
    cat = box(
        fenriz={"icons": ["soldier"]}, goblin={"icons": ["minion"]}, tamer={"icons": ["soldier"]}
    )
    sheet = score(cat, pos({"A": ["fenriz", "goblin", "tamer", "tamer"]}))
    assert card_total(sheet, "A", "fenriz") == -3


def test_trak_base_minus_per_other_card():
    """§6 Trak: a base value (on the card: asked for) − 3 per other card in hand."""
    sheet = score(catalogs.load("box"), pos({"A": ["trak", "goblin"]}))
    assert sheet.needs == (NeedsValue("trak", "leaders[id=trak].scoring[0].base"),)
    cat = box(trak={"scoring": [{"kind": "base_minus_per_other", "base": 33, "per_other": 3}]})
    assert (
        card_total(score(cat, pos({"A": ["trak", "goblin", "goblin", "tamer"]})), "A", "trak") == 24
    )


def test_dwarf_counts_face_up_cards_once_transcribed():
    """§6 Dwarf: unknown scoring text is asked for; written as per_icon with scope face_up."""
    sheet = score(catalogs.load("box"), pos({"A": ["dwarf"]}))
    assert sheet.needs == (NeedsValue("dwarf", "persons[id=dwarf].scoring"),)
    cat = box(
        dwarf={
            "scoring": [
                {"kind": "per_icon", "features": ["cards"], "scope": "face_up", "points": 1}
            ]
        }
    )
    assert total(score(cat, pos({"A": ["dwarf"]}, face_up=("goblin",) * 4)), "A") == 4


def _effects_catalog(liohra_ini: int, nhia_ini: int):
    return box(
        liohra={"initiative": liohra_ini, "scoring": [{"kind": "flat", "points": 0}]},
        nhia={"initiative": nhia_ini, "scoring": [{"kind": "flat", "points": 0}]},
        war_bear={
            "icons": ["animal"],
            "corruption": 0,
            "scoring": [{"kind": "majority", "points": 7, "otherwise": 1}],
        },
        goblin={"icons": ["minion"], "corruption": 1},
        skeleton={"icons": ["minion"]},
    )


def test_liohra_exchange_changes_the_majority():
    """§6 Liohra: taking a face-up War Bear changes the majority; with Evil won, taking marks
    below 10 does not change who won (§6 row)."""
    cat = _effects_catalog(10, 5)
    p = pos(
        {"J": ["war_bear"] * 2, "G": ["liohra", "war_bear", "war_bear", "goblin"]},
        "evil",
        face_up=("war_bear",) + ("skeleton",) * 10,
    )
    before = score(cat, p)
    assert total(before, "G") == 2 + 9 and total(before, "J") == 2
    after = score(cat, p, [EffectChoice("G", "liohra", take="war_bear", give="goblin")])
    assert card_total(after, "G", "war_bear") == 21 and total(after, "J") == 2
    assert after.outcome == "evil"
    assert "takes War Bear and gives Goblin back" in tr(after.effects[0], "en")
    with pytest.raises(RuleError):
        score(cat, p, [EffectChoice("G", "liohra", take="war_bear", give=None)])


def test_nhia_takes_a_face_up_animal_only():
    """§6 Nhia: if a face-up Animal is in the play area, add it to the hand as an extra card."""
    cat = _effects_catalog(10, 5)
    p = pos({"N": ["nhia"], "X": []}, face_up=("war_bear", "goblin"))
    sheet = score(cat, p, [EffectChoice("N", "nhia", take="war_bear")])
    assert card_total(sheet, "N", "war_bear") == 7
    with pytest.raises(RuleError):
        score(cat, p, [EffectChoice("N", "nhia", take="goblin")])


@pytest.mark.parametrize(("liohra", "nhia", "nhia_gets_bear"), [(10, 5, False), (5, 10, True)])
def test_effects_apply_in_descending_initiative(liohra, nhia, nhia_gets_bear):
    """§4: end-of-game effects go from the highest-initiative card to the lowest."""
    cat = _effects_catalog(liohra, nhia)
    p = pos({"L": ["liohra", "goblin"], "N": ["nhia"]}, face_up=("war_bear",))
    choices = [
        EffectChoice("L", "liohra", take="war_bear", give="goblin"),
        EffectChoice("N", "nhia", take="war_bear"),
    ]
    if nhia_gets_bear:
        # Nhia takes the bear first; Liohra's exchange then finds it gone.
        with pytest.raises(RuleError):
            score(cat, p, choices)
        sheet = score(cat, p, [EffectChoice("N", "nhia", take="war_bear")])
        assert "war_bear" in [c.card for c in sheet.players[1].lines]
    else:
        with pytest.raises(RuleError):
            score(cat, p, choices)  # Nhia finds no bear left
        sheet = score(cat, p, choices[:1])
        assert "war_bear" in [c.card for c in sheet.players[0].lines]


def test_effect_order_needs_initiatives():
    """§4: two effects cannot be ordered while their initiatives are '?' (box)."""
    sheet = score(catalogs.load("box"), pos({"L": ["liohra"], "N": ["nhia"]}))
    assert {n.field for n in sheet.needs} == {
        "leaders[id=liohra].initiative",
        "leaders[id=nhia].initiative",
    }


def test_tie_break_lowest_initiative_leader():
    """§4: a tie goes to the tied player holding the leader with the lowest initiative."""
    cat = tiny()
    sheet = score(cat, pos({"A": ["hi", "z"], "B": ["low", "z"], "C": ["z"]}))
    assert sheet.winner == "B"
    assert "Low (initiative 3)".lower() in tr(sheet.explanation, "en").lower()
    sheet = score(cat, pos({"A": ["z", "z"], "B": ["z", "z"]}))
    assert sheet.winner is None and "share" in tr(sheet.explanation, "en")
    sheet = score(cat, pos({"A": ["z", "z", "z"], "B": ["hi", "z"]}))
    assert sheet.winner == "A"


def places(sheet: ScoreSheet) -> list[tuple[int | None, str]]:
    return [(s.place, s.player) for s in sheet.standings]


def test_a_tie_no_leader_breaks_shares_first_place():
    """§4 (no Ruling for a tie where nobody holds a leader): the tied players share the win
    and first place; the next player is third (was 1st and 2nd for equal totals)."""
    sheet = score(tiny(), pos({"A": ["z", "z"], "B": ["z", "z"], "C": ["z"]}))
    assert places(sheet) == [(1, "A"), (1, "B"), (3, "C")]
    assert sheet.winner is None and sheet.winners == ("A", "B")


def test_the_tie_break_winner_is_first_alone_and_the_others_tied_share_second():
    """§4: the tie goes to the tied player holding the lowest-initiative leader (B, low 3);
    A (hi 9) and C (no leader), tied with B, share second place."""
    sheet = score(tiny(), pos({"A": ["hi", "z"], "B": ["low", "z"], "C": ["z", "z"]}))
    assert places(sheet) == [(1, "B"), (2, "A"), (2, "C")]
    assert sheet.winner == "B" and sheet.winners == ("B",)


def test_a_tie_below_first_place_shares_that_place():
    """§4 decides only the win: equal totals below it share their place (1, 2, 2, 4)."""
    hands = {"A": ["z"], "B": ["z", "z"], "C": ["low", "z"], "D": ["z", "z", "z"]}
    sheet = score(tiny(), pos(hands))
    assert places(sheet) == [(1, "D"), (2, "B"), (2, "C"), (4, "A")]
    assert sheet.winners == ("D",)


def test_no_places_while_a_total_is_unknown():
    """§6: a total still "?" has no place, and nobody has won yet."""
    sheet = score(catalogs.load("box"), pos({"A": ["dragon"], "B": ["talin"]}, "evil"))
    assert places(sheet) == [(1, "B"), (None, "A")]
    assert sheet.winners == ()


def test_players_listed_the_way_each_language_writes_a_list():
    """§4 shared win, §6 Prophet: players named in a row read "A, B" in English and "A、B" in
    Japanese (was "A, B" in both)."""
    sheet = score(tiny(), pos({"A": ["z", "z"], "B": ["z", "z"]}))
    assert "A, B" in tr(sheet.explanation, "en") and "A、B" in tr(sheet.explanation, "ja")
    cat = box(prophet={"scoring": [{"kind": "shared_or_sole", "sole": 10, "shared": 4}]})
    sheet = score(cat, pos({"A": ["prophet"], "B": ["prophet"], "C": ["prophet"]}))
    assert "B、C" in line(sheet, "A", "prophet", "ja")


def test_every_rule_kind_is_used_by_the_demo_and_the_box_rows():
    """§6: the vocabulary covers the box's rows; the fictional demo uses every rule kind."""
    for name in ("demo", "box"):
        cat = catalogs.load(name)
        used = {t.kind for c in (*cat.persons, *cat.leaders) for t in (c.scoring or [])}
        assert used == set(TERM_KINDS) if name == "demo" else used <= set(TERM_KINDS)
    demo = catalogs.load("demo")
    assert demo.meta.fictional and {c.end_effect.kind for c in demo.leaders if c.end_effect} == {
        "exchange",
        "take_face_up",
    }


def test_a_count_that_meets_an_unknown_icon_is_unknown():
    """§5/§6: Tamer counts Animal icons; a card in hand whose icons are '?' makes the count,
    and so Tamer's score, unknown (asked for), never a silent 0."""
    cat = box(tamer={"icons": ["soldier"]}, war_bear={"icons": ["animal"]})
    sheet = score(cat, pos({"A": ["tamer", "war_bear", "goblin"]}))
    assert card_total(sheet, "A", "tamer") is None and total(sheet, "A") is None
    assert NeedsValue("goblin", "persons[id=goblin].icons") in sheet.needs
    assert "2 for each of ? Animal icons in hand" in line(sheet, "A", "tamer")
