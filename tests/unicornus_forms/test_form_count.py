"""How many forms a whole box takes (issue 4, spec §10): from an empty user catalog to a game
that starts, each form answers exactly one catalog entry and none is asked twice."""

from __future__ import annotations

from companion.core.catalog import merge
from companion.games.unicornus import SetupChoice, load_catalog, new_game
from companion.ui.unicornus.catalog_forms import Request, _item, free_imperial, requests

FACES = ["hit", "miss", "miss", "hit", "hit", "loss"]


def answer(cat, r: Request, n: int) -> dict:
    """What the table would type into the form ``r`` (plain values), as a catalog patch."""
    plain = {"difficulty": 0, "impassable": False, "recruit": 0, "resource": 0,
             "defence": 0, "tokens": 0}  # fmt: skip
    if r.kind == "layout":
        return {"layout_checked": True}
    if r.kind == "tile":
        tile = _item(cat, "tiles", r.entry)
        spaces = [dict(plain) for _ in range(7)]
        for i, space in enumerate(tile.spaces):
            if space.start:
                spaces[i]["start"] = space.start
        if r.marker:
            spaces[0]["start"] = r.marker
        return {"tiles": [{"id": tile.id, "spaces": spaces}]}
    if r.kind == "new_tile":
        spaces: list[dict] = [dict(plain) for _ in range(7)]
        entry = {"id": f"t{n}", "name": {"en": f"T{n}"}, "kind": r.tile_kind, "spaces": spaces}
        patch: dict = {"tiles": [entry]}
        if r.tile_kind == "empire":  # the tile's form holds its imperial character's card
            ch = free_imperial(cat)
            entry["character"], spaces[0]["start"] = ch, f"imperial:{ch}"
            card = {"personality": "normal", "combat_power": 1, "life": 2, "no_fate": False}
            patch["imperial"] = [{"id": ch, "name": {"en": f"I{n}"}, "named": True, **card}]
        elif r.tile_kind == "kingdom" and r.entry:
            entry["character"] = r.entry
            spaces[1]["start"] = r.marker
        elif r.marker:
            spaces[0]["start"] = r.marker
        return patch
    if r.kind == "imperial":
        values = {"personality": "normal", "combat_power": 1, "life": 2, "no_fate": False}
        return {"imperial": [{"id": r.entry, **values}]}
    if r.kind == "princesses":
        return {"princesses": [{"id": r.entry, "ability": {"en": "test ability"}}]}
    if r.kind == "events":
        return {"events": [{"id": r.entry, "level": 3, "ongoing": False}]}
    if r.kind == "new_event":
        entry = {"id": f"e{n}", "name": {"en": f"E{n}"}, "level": r.level, "ongoing": False}
        return {"events": [entry]}
    raise AssertionError(f"unexpected form {r}")


def test_a_whole_box_from_an_empty_catalog():
    """§2 + §10: 4 kingdom characters added on the setup screen, then every form Start asks:
    each answers its entries (19 tiles — an Empire tile's form with its imperial character's
    card —, Lionel, the Princess card's ability, 10 event cards, the layout checked once),
    nothing twice, and the game starts. 36 forms for 2–4 players (45 before issue 12); with
    the table's own event deck no event card is asked before the game: 26."""
    user: dict = {}
    chars = ("ann", "bo", "cy", "di")
    for k in chars:  # the "Add a kingdom character" form
        entry = {"id": k, "name": {"en": k}, "command": 4, "life": 5}
        user = merge(user, {"kingdom": [{**entry, "attack": FACES, "defence": FACES}]})
    counts = {}
    for table_deck in (False, True):
        setup = SetupChoice(4, chars, "p1", table_deck=table_deck)
        box = dict(user)
        asked: list[Request] = []
        entries: list[str] = []  # the entry each form filled or added
        while pending := requests(load_catalog("box", user=box), setup):
            asked.append(pending[0])
            patch = answer(load_catalog("box", user=box), pending[0], len(asked))
            for section, items in patch.items():
                for entry in items if isinstance(items, list) else [{"id": section}]:
                    key = f"{section}:{entry['id']}"
                    assert key not in entries, f"asked twice: {pending[0]}"
                    entries.append(key)
            box = merge(box, patch)
            assert len(asked) < 100
        cat = load_catalog("box", user=box)
        rules = cat.rules
        tiles = 2 + rules.empire_tiles + rules.kingdom_tiles
        assert len(cat.tiles) == tiles
        events = 0 if table_deck else sum(rules.events_per_level)
        assert len(asked) == tiles + 1 + 1 + events + 1  # tiles, Lionel, Princess, layout
        assert new_game(cat, setup, 1).round == 1
        counts[table_deck] = len(chars) + len(asked)
    assert counts == {False: 36, True: 26}
