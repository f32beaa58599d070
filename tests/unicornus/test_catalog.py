"""The catalog (spec §10) and its two data files."""

from companion.core.catalog import catalog_path, read_toml, unknowns
from companion.games.unicornus.catalog import SetupChoice, load, missing_values

DEMO_SETUP = SetupChoice(4, ("annelie", "bertram", "cordelia", "dario"), "p1")


def test_demo_is_labelled_fictional_in_file_and_data():
    """§10: the demo box is complete and says it is fictional."""
    text = catalog_path("unicornus", "demo").read_text(encoding="utf-8")
    assert "FICTIONAL" in text.splitlines()[0]
    demo = load("demo")
    assert demo.meta.fictional is True
    assert list(unknowns(demo)) == []


def test_demo_exercises_every_rule():
    """§10: all personalities, no-fate characters, impassable/difficult/defensive spaces,
    villages (recruit), resources, ONGOING events of all three levels, 4 Princess cards."""
    demo = load("demo")
    assert {c.personality for c in demo.imperial} == {"defensive", "normal", "aggressive"}
    assert any(c.no_fate for c in demo.imperial) and not all(c.no_fate for c in demo.imperial)
    spaces = [s for t in demo.tiles for s in t.spaces]
    assert all(len(t.spaces) == 7 for t in demo.tiles) and len(demo.tiles) >= 19
    assert any(s.impassable for s in spaces) and any(s.difficulty for s in spaces)
    assert any(s.defence for s in spaces) and any(s.recruit for s in spaces)
    assert any(s.resource for s in spaces)
    assert {e.level for e in demo.events} == {1, 2, 3} and any(e.ongoing for e in demo.events)
    assert len(demo.princesses) == 4
    assert sum(t.kind == "empire" for t in demo.tiles) >= 11
    assert sum(t.kind == "kingdom" for t in demo.tiles) >= 6
    for k in demo.kingdom:
        assert len(k.attack) == 6 and len(k.defence) == 6


def test_box_knows_only_public_facts():
    """§10: one Princess card 6/5, 14 Empire characters (Lionel named), the rest unknown."""
    box = load("box")
    assert box.meta.fictional is False
    assert len(box.imperial) == 14
    lionel = box.imperial_character("lionel")
    assert lionel.name == {"en": "Emperor Lionel", "ja": "皇帝ライオネル"}
    assert lionel.combat_power is None and lionel.life is None
    known = [(p.command, p.life) for p in box.princesses if p.command is not None]
    assert known == [(6, 5)] and len(box.princesses) == 4
    raw = read_toml(catalog_path("unicornus", "box"))
    assert raw["imperial"][0]["personality"] == "?"


def test_missing_values_complete_demo_needs_nothing():
    assert missing_values(load("demo"), DEMO_SETUP) == []


def test_missing_values_reports_exactly_what_this_game_needs():
    """A game needs its characters' and tiles' values, not those of unused characters."""
    demo = load("demo")
    data = demo.model_dump()
    for k in data["kingdom"]:
        if k["id"] in ("annelie", "hugo"):
            k["life"] = None
    for t in data["tiles"]:
        if t["id"] == "k1":
            t["spaces"][2]["difficulty"] = None
    cat = type(demo).model_validate(data)
    entered = SetupChoice(
        4, ("annelie", "bertram", "cordelia", "dario"), "p1", tiles=tuple(_tiles_without(cat, "k1"))
    )
    assert missing_values(cat, entered) == ["kingdom[id=annelie].life"]
    drawn = SetupChoice(4, ("annelie", "bertram", "cordelia", "dario"), "p1")
    assert missing_values(cat, drawn) == [
        "tiles[id=k1].spaces[2].difficulty",
        "kingdom[id=annelie].life",
    ]


def _tiles_without(cat, skip):
    kinds = {lp.pos: lp.kind for lp in cat.layout}
    pools = {}
    for t in cat.tiles:
        if t.id != skip:
            pools.setdefault(t.kind, []).append(t.id)
    return [pools[kinds[p]].pop(0) for p in sorted(kinds)]


def test_missing_values_on_the_box_names_gaps():
    """The box cannot run yet: the list says which values and entries are missing."""
    box = load("box")
    gaps = missing_values(box, SetupChoice(3, ("a", "b", "c"), "p1"))
    assert "tiles(kind=empire): need 11, have 0" in gaps
    assert "imperial[id=lionel].combat_power" in gaps
    assert "events(level=3): need 4, have 0" in gaps
    # 6/5 is known; the ability every Princess card prints is not (§10)
    assert [g for g in gaps if g.startswith("princesses[id=p1]")] == ["princesses[id=p1].ability"]
    assert "layout: to check against the rulebook" in gaps  # the default diagram, unchecked
    own_deck = missing_values(box, SetupChoice(3, ("a", "b", "c"), "p1", table_deck=True))
    assert not any(g.startswith("events") for g in own_deck)  # §2.6: the table's own deck
    gaps2 = missing_values(box, SetupChoice(3, ("a", "b", "c"), "p2"))
    assert "princesses[id=p2].command" in gaps2
