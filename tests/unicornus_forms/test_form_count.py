"""How many forms a whole box takes (issue 4, spec §10): from an empty user catalog to a game
that starts, each form answers exactly one catalog entry and none is asked twice."""

from __future__ import annotations

from companion.core.catalog import merge
from companion.games.unicornus import SetupChoice, load_catalog, new_game
from companion.ui.unicornus.catalog_forms import Request, _item, requests

FACES = ["hit", "miss", "miss", "hit", "hit", "loss"]


def answer(cat, r: Request, n: int) -> dict:
    """What the table would type into the form ``r`` (plain values), as a catalog patch."""
    if r.kind == "tile":
        tile = _item(cat, "tiles", r.entry)
        spaces = [{"difficulty": 0, "impassable": False, "recruit": 0, "resource": 0,
                   "defence": 0, "tokens": 0} for _ in range(7)]  # fmt: skip
        for i, space in enumerate(tile.spaces):
            if space.start:
                spaces[i]["start"] = space.start
        if r.marker:
            spaces[0]["start"] = r.marker
        return {"tiles": [{"id": tile.id, "spaces": spaces}]}
    if r.kind == "new_tile":
        used = {t.character for t in cat.tiles if t.character}
        spaces: list[dict] = [{} for _ in range(7)]
        entry = {"id": f"t{n}", "name": {"en": f"T{n}"}, "kind": r.tile_kind, "spaces": spaces}
        if r.tile_kind == "empire":
            ch = next(c.id for c in cat.imperial if c.id not in used and c.id != "lionel")
            entry["character"], spaces[0]["start"] = ch, f"imperial:{ch}"
        elif r.tile_kind == "kingdom":
            ch = r.entry or next((c.id for c in cat.kingdom if c.id not in used), "")
            if ch:
                entry["character"] = ch
            spaces[1]["start"] = r.marker or f"kingdom:{ch}"
        elif r.marker:
            spaces[0]["start"] = r.marker
        return {"tiles": [entry]}
    if r.kind == "imperial":
        values = {"personality": "normal", "combat_power": 1, "life": 2, "no_fate": False}
        return {"imperial": [{"id": r.entry, **values}]}
    if r.kind == "events":
        return {"events": [{"id": r.entry, "level": 3, "ongoing": False}]}
    if r.kind == "new_event":
        entry = {"id": f"e{n}", "name": {"en": f"E{n}"}, "level": r.level, "ongoing": False}
        return {"events": [entry]}
    raise AssertionError(f"unexpected form {r}")


def test_a_whole_box_from_an_empty_catalog():
    """§2 + §10: 4 kingdom characters added on the setup screen, then every form Start asks:
    each answers one entry (19 tiles, the 11 drawn imperial characters and Lionel, 10 event
    cards), nothing twice, and the game starts. 45 forms for 2–4 players."""
    user: dict = {}
    chars = ("ann", "bo", "cy", "di")
    for k in chars:  # the "Add a kingdom character" form
        entry = {"id": k, "name": {"en": k}, "command": 4, "life": 5}
        user = merge(user, {"kingdom": [{**entry, "attack": FACES, "defence": FACES}]})
    setup = SetupChoice(4, chars, "p1")
    asked: list[Request] = []
    entries: list[str] = []  # the entry each form filled or added
    while pending := requests(load_catalog("box", user=user), setup):
        asked.append(pending[0])
        patch = answer(load_catalog("box", user=user), pending[0], len(asked))
        ((section, (entry,)),) = patch.items()
        assert f"{section}:{entry['id']}" not in entries, f"asked twice: {pending[0]}"
        entries.append(f"{section}:{entry['id']}")
        user = merge(user, patch)
        assert len(asked) < 100
    cat = load_catalog("box", user=user)
    rules = cat.rules
    tiles = 2 + rules.empire_tiles + rules.kingdom_tiles
    assert len(cat.tiles) == tiles
    assert len(asked) == tiles + (rules.empire_tiles + 1) + sum(rules.events_per_level)
    assert len(chars) + len(asked) == 45
    assert new_game(cat, setup, 1).round == 1
