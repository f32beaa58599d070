"""Setup (§2): a new game state from a catalog, the table's choices and a seed."""

from __future__ import annotations

import math

from companion.core.errors import RuleError
from companion.core.rng import Rng
from companion.core.text import visible
from companion.games.unicornus.board import Board, board_from_tiles
from companion.games.unicornus.catalog import SetupChoice, UnicornusCatalog, missing_values
from companion.games.unicornus.rules import check_fate, merge_units
from companion.games.unicornus.state import (
    PRINCESS,
    Event,
    Hero,
    Imperial,
    Options,
    UKState,
    Unit,
)


def _name(entry) -> tuple[str, str]:
    return (entry.name.get("en", entry.id), entry.name.get("ja") or entry.name.get("en", entry.id))


def start_tokens(command: int) -> int:
    """§2: a character starts with ``ceil(command / 2)`` strength tokens."""
    return math.ceil(command / 2)


def _text(texts: dict[str, str]) -> tuple[str, str]:
    """An ability in short as (en, ja); either may be empty."""
    return (texts.get("en", ""), texts.get("ja", ""))


def hero_from_catalog(catalog: UnicornusCatalog, cid: str, seat: int, space: int) -> Hero:
    ch = catalog.kingdom_character(cid)
    flags = (
        ("r", ch.start_of_round),
        ("t", ch.start_of_turn),
        ("b", ch.during_battle),
        ("p", ch.passive),
    )
    timing = "".join(f for f, on in flags if on)
    return Hero(
        id=cid,
        name=_name(ch),
        seat=seat,
        space=space,
        tokens=start_tokens(ch.command),
        supplies=catalog.rules.start_supplies,
        command=ch.command,
        life=ch.life,
        attack=tuple(ch.attack),
        defence=tuple(ch.defence),
        support=1,
        timing=timing,
        ability=_text(ch.ability),
    )


def draw_tiles(catalog: UnicornusCatalog, characters, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """§2 step 3: the tile id at each layout position (1..19), drawn with ``rng``: the Capital,
    11 random Empire tiles, the chosen characters' Kingdom tiles plus random ones up to 6,
    the Ancestral Castle."""
    rules = catalog.rules
    by_kind: dict[str, list[str]] = {}
    for t in catalog.tiles:
        by_kind.setdefault(t.kind, []).append(t.id)
    own = [t.id for t in catalog.tiles if t.kind == "kingdom" and t.character in characters]
    others = [t for t in by_kind.get("kingdom", []) if t not in own]
    others, rng = rng.shuffle(others)
    kingdom = own + list(others[: rules.kingdom_tiles - len(own)])
    kingdom_t, rng = rng.shuffle(kingdom)
    empire, rng = rng.shuffle(by_kind.get("empire", []))
    empire = empire[: rules.empire_tiles]
    pools = {
        "capital": list(by_kind.get("capital", [])[:1]),
        "castle": list(by_kind.get("castle", [])[:1]),
        "kingdom": list(kingdom_t),
        "empire": list(empire),
    }
    out = []
    for lp in sorted(catalog.layout, key=lambda p: p.pos):
        pool = pools[lp.kind]
        if not pool:
            raise RuleError("unicornus.setup.too_few_tiles", kind=lp.kind)
        out.append(pool.pop(0))
    return tuple(out), rng


def _events(catalog: UnicornusCatalog, rng: Rng) -> tuple[tuple[Event, ...], Rng]:
    """§2 step 6: 3 level-1, 3 level-2, 4 level-3 cards, level 1 on top."""
    deck: list[Event] = []
    for level, count in enumerate(catalog.rules.events_per_level, start=1):
        cards = [e for e in catalog.events if e.level == level]
        if len(cards) < count:
            raise RuleError("unicornus.setup.too_few_events", level=level, count=count)
        shuffled, rng = rng.shuffle(cards)
        deck += [
            Event(e.id, _name(e), e.level, bool(e.ongoing), _text(e.effect))
            for e in shuffled[:count]
        ]
    return tuple(deck), rng


def new_game(
    catalog: UnicornusCatalog, setup: SetupChoice, seed: int, options: Options | None = None
) -> UKState:
    """The state at the start of round 1 (§2), or ``RuleError`` naming what is wrong."""
    if not 2 <= setup.players <= 6:
        raise RuleError("unicornus.setup.players", players=setup.players)
    per_seat = 2 if setup.players == 2 else 1
    if len(setup.characters) != setup.players * per_seat or len(set(setup.characters)) != len(
        setup.characters
    ):
        raise RuleError("unicornus.setup.characters", count=setup.players * per_seat)
    known = {k.id for k in catalog.kingdom}
    for cid in setup.characters:
        if cid not in known:
            raise RuleError("unicornus.setup.unknown_character", hero=cid)
    if setup.princess not in {p.id for p in catalog.princesses}:
        raise RuleError("unicornus.setup.unknown_princess", princess=setup.princess)
    missing = missing_values(catalog, setup)
    if missing:
        raise RuleError("unicornus.setup.missing", count=len(missing), first=missing[0])
    rng = Rng(seed)
    tiles = setup.tiles
    if not tiles:
        tiles, rng = draw_tiles(catalog, setup.characters, rng)
    layout = sorted(catalog.layout, key=lambda p: p.pos)
    if len(tiles) != len(layout):
        raise RuleError("unicornus.setup.tile_count", count=len(layout))
    by_pos = {}
    for lp, tid in zip(layout, tiles, strict=True):
        try:
            tile = catalog.tile(tid)
        except KeyError:
            raise RuleError("unicornus.setup.unknown_tile", tile=tid) from None
        if tile.kind != lp.kind:
            raise RuleError("unicornus.setup.tile_kind", tile=tid, pos=lp.pos, kind=lp.kind)
        by_pos[lp.pos] = tile
    board = board_from_tiles(layout, by_pos, catalog.add_adjacent, catalog.remove_adjacent)
    # tokens printed on the tiles, in the board's space order
    tokens = tuple(spec.tokens or 0 for lp in layout for spec in by_pos[lp.pos].spaces)
    return _populate(catalog, setup, board, tokens, rng, options or Options())


def _populate(
    catalog, setup: SetupChoice, board: Board, tokens, rng: Rng, options: Options
) -> UKState:
    starts = {m: s for s, m in enumerate(board.start) if m}
    card = catalog.princess(setup.princess)
    if "princess" not in starts:
        raise RuleError("unicornus.setup.no_marker", marker="princess")
    princess = Hero(
        id=PRINCESS,
        name=_name(card),
        seat=-1,
        space=starts["princess"],
        tokens=start_tokens(card.command),
        supplies=catalog.rules.start_supplies,
        command=card.command,
        life=card.life,
        ability=_text(card.ability),
        timing="p" if any(card.ability.values()) else "",  # her ability: always in force
    )
    per_seat = 2 if setup.players == 2 else 1
    seats = tuple(
        tuple(setup.characters[i * per_seat : (i + 1) * per_seat]) for i in range(setup.players)
    )
    heroes = [princess]
    for seat, ids in enumerate(seats):
        for cid in ids:
            space = starts.get(f"kingdom:{cid}")
            if space is None:
                raise RuleError("unicornus.setup.no_marker", marker=f"kingdom:{cid}")
            heroes.append(hero_from_catalog(catalog, cid, seat, space))
    reserve = tuple(
        hero_from_catalog(catalog, k.id, -1, -1)
        for k in catalog.kingdom
        if k.id not in setup.characters
        and k.command is not None
        and k.life is not None
        and k.attack is not None
        and k.defence is not None
    )
    # §2 step 4: each Empire tile's character and printed tokens; Lionel on the goal
    units: list[Unit] = []
    imperial: list[Imperial] = []
    for s, marker in enumerate(board.start):
        leader = ""
        if marker == "goal":
            leader = "lionel"
        elif marker.startswith("imperial:"):
            leader = marker.split(":", 1)[1]
        tile_tokens = tokens[s]
        if leader:
            ch = catalog.imperial_character(leader)
            imperial.append(
                Imperial(
                    ch.id,
                    _name(ch),
                    ch.personality,
                    ch.combat_power,
                    ch.life,
                    bool(ch.no_fate),
                    ally_ability=_text(ch.ally_ability),
                )
            )
        if leader or tile_tokens:
            units.append(Unit(s, tile_tokens, leader))
    if setup.table_deck:  # the table's own deck: the catalog's cards to pick from
        deck = tuple(
            Event(e.id, _name(e), e.level, bool(e.ongoing), _text(e.effect))
            for e in catalog.events
            if e.level is not None and e.ongoing is not None
        )
    else:
        deck, rng = _events(catalog, rng)
    actions = catalog.rules.actions[str(setup.players)]
    state = UKState(
        board=board,
        options=options,
        players=setup.players,
        seats=seats,
        heroes=tuple(heroes),
        reserve=reserve,
        imperial=tuple(imperial),
        units=merge_units(units),
        deck=deck,
        rounds=catalog.rules.rounds,
        princess_actions=catalog.rules.princess_actions,
        actions_per_turn=actions,
        start_player=setup.start_player % setup.players,
        rng=rng,
        table_deck=setup.table_deck,
        event_levels=tuple(catalog.rules.events_per_level),
        names=tuple(visible(n.strip()) for n in setup.names[: setup.players]),
    )
    return check_fate(state)
