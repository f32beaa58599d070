"""The Unicornus Knights box as data: schema of tiles, layout, characters and cards (spec §10).

Numbers that the public sources do not give are :data:`Unknowable` (``"?"`` in the box file).
:func:`missing_values` lists exactly the unknown values one particular game needs, so the UI
can ask for those and no others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from companion.core.catalog import (
    MAX_ENTRIES,
    CatalogModel,
    Id,
    Names,
    Range,
    Text,
    Texts,
    Unknowable,
    load_catalog,
    unknowns,
)

Face = Literal["hit", "miss", "loss"]
Diagram = Annotated[list[Face], Field(min_length=6, max_length=6)]  # a six-faced die, faces 1..6
Marker = Annotated[str, Field(max_length=64)]
Entries = Field(default_factory=list, max_length=MAX_ENTRIES)
Personality = Literal["defensive", "normal", "aggressive"]
TileKind = Literal["capital", "empire", "kingdom", "castle"]


class SpaceSpec(CatalogModel):
    """One hex as printed on a tile (§1 "Space attributes")."""

    difficulty: Unknowable[Range(0, 9)] = 0  # added to the move cost of entering
    impassable: Unknowable[bool] = False
    recruit: Unknowable[Range(0, 9)] = 0  # 0: not a village, town or fortress
    resource: Unknowable[Range(0, 9)] = 0  # 0: no purple mark, Procure gains 1
    defence: Unknowable[Range(0, 6)] = 0
    tokens: Unknowable[Range(0, 12)] = 0  # Empire tiles: strength tokens placed here at setup
    # start marker: "princess", "goal" (Lionel's start space), "kingdom:<id>", "imperial:<id>"
    start: Marker | None = None


class TileSpec(CatalogModel):
    id: Id
    name: Names
    number: Unknowable[Range(0, 999)] = None
    kind: TileKind
    character: Id | None = None  # the Empire tile's imperial / Kingdom tile's kingdom character
    spaces: list[SpaceSpec] = Field(min_length=7, max_length=7)  # centre first, then the ring


class LayoutPosition(CatalogModel):
    """A tile position on the layout diagram, in flower-lattice axial coordinates."""

    pos: Range(1, 99)
    a: Range(-20, 20)
    b: Range(-20, 20)
    kind: TileKind


class KingdomCharacter(CatalogModel):
    id: Id
    name: Names
    command: Unknowable[Range(1, 12)] = None
    life: Unknowable[Range(1, 20)] = None
    attack: Unknowable[Diagram] = None  # faces 1..6
    defence: Unknowable[Diagram] = None
    ability: Texts = Field(default_factory=dict)
    start_of_round: bool = False
    start_of_turn: bool = False
    during_battle: bool = False
    passive: bool = False  # §4: passive abilities always apply


class PrincessCard(CatalogModel):
    id: Id
    name: Names
    command: Unknowable[Range(1, 12)] = None
    life: Unknowable[Range(1, 20)] = None
    ability: Texts = Field(default_factory=dict)


class ImperialCharacter(CatalogModel):
    id: Id
    name: Names
    personality: Unknowable[Personality] = None
    combat_power: Unknowable[Range(0, 20)] = None
    life: Unknowable[Range(1, 20)] = None
    no_fate: Unknowable[bool] = None
    ally_ability: Texts = Field(default_factory=dict)
    # false while the name is the box file's placeholder: the owner is asked for the printed one
    named: bool = True


class EventCard(CatalogModel):
    id: Id
    name: Names
    level: Unknowable[Range(1, 3)] = None
    ongoing: Unknowable[bool] = None
    # the card's effect as the owner typed it from the card (never made up: shown only when
    # typed); not an unknown value: a game plays without it
    effect: Texts = Field(default_factory=dict)


class NamedCard(CatalogModel):
    id: Id
    name: Names


class Rules(CatalogModel):
    """Rule constants printed in the rulebook (all public)."""

    rounds: Range(1, 30) = 10
    start_supplies: Range(0, 99) = 10
    princess_actions: Range(0, 10) = 3
    events_per_level: Annotated[list[Range(0, 30)], Field(min_length=3, max_length=3)] = Field(
        default_factory=lambda: [3, 3, 4]
    )
    empire_tiles: Range(0, 30) = 11
    kingdom_tiles: Range(0, 30) = 6
    # actions per turn by player count (§4); 2 players: per character
    actions: dict[Literal["2", "3", "4", "5", "6"], Range(1, 10)] = Field(
        default_factory=lambda: {"2": 4, "3": 5, "4": 4, "5": 3, "6": 3}
    )


class Meta(CatalogModel):
    name: Names = Field(default_factory=dict)
    fictional: bool = False
    note: Text = ""


class UnicornusCatalog(CatalogModel):
    meta: Meta = Field(default_factory=Meta)
    rules: Rules = Field(default_factory=Rules)
    layout: list[LayoutPosition] = Field(max_length=99)
    layout_checked: bool = True  # false: the default diagram, not yet checked by the owner
    # extra / removed space adjacencies, "pos.k" (k = 0 centre, 1..6 ring), to match the print
    add_adjacent: list[tuple[Marker, Marker]] = Entries
    remove_adjacent: list[tuple[Marker, Marker]] = Entries
    tiles: list[TileSpec] = Field(max_length=MAX_ENTRIES)
    kingdom: list[KingdomCharacter] = Entries
    princesses: list[PrincessCard] = Entries
    imperial: list[ImperialCharacter] = Entries
    events: list[EventCard] = Entries
    fate: list[NamedCard] = Entries
    support: list[NamedCard] = Entries

    def tile(self, tile_id: str) -> TileSpec:
        return _by_id(self.tiles, tile_id, "tile")

    def kingdom_character(self, cid: str) -> KingdomCharacter:
        return _by_id(self.kingdom, cid, "kingdom character")

    def princess(self, pid: str) -> PrincessCard:
        return _by_id(self.princesses, pid, "princess")

    def imperial_character(self, cid: str) -> ImperialCharacter:
        return _by_id(self.imperial, cid, "imperial character")


def _by_id(items, ident, what):
    for item in items:
        if item.id == ident:
            return item
    raise KeyError(f"no {what} with id {ident!r} in the catalog")


def load(name: str = "box", user: dict | None = None) -> UnicornusCatalog:
    """``data/unicornus/<name>.toml`` (``box`` or ``demo``) with an optional user catalog."""
    return load_catalog(UnicornusCatalog, "unicornus", name, user)


@dataclass(frozen=True)
class SetupChoice:
    """What the table chooses before the game (§2)."""

    players: int
    characters: tuple[str, ...]  # kingdom character ids, in seat order (2 players: 4, seat-major)
    princess: str
    # tile id per layout position (1..19); empty: the app draws them with the game's seed
    tiles: tuple[str, ...] = ()
    start_player: int = 0
    # the table shuffles its own event deck and the app records each card turned over (§2.6):
    # no event card is needed before the game
    table_deck: bool = False
    # the players' names by seat as typed at setup ("" where none was): the table's words
    # name the seat by its player
    names: tuple[str, ...] = ()


def tiles_needed(catalog: UnicornusCatalog, setup: SetupChoice) -> list[str]:
    """Tile ids that may be on the board: the entered ones, or every one that could be drawn."""
    if setup.tiles:
        return list(setup.tiles)
    return [t.id for t in catalog.tiles]


def missing_values(catalog: UnicornusCatalog, setup: SetupChoice) -> list[str]:
    """Paths (as :func:`companion.core.catalog.unknowns` writes them) of every unknown value
    this game needs before it can run: its tiles' spaces, the imperial characters those tiles
    bring, the chosen kingdom characters and Princess card, and every event card's level and
    ONGOING flag (the event deck is drawn from all of them; none when the table uses its own
    deck), and the printed names of the imperial characters the box file only numbers."""
    out: list[str] = []
    wanted_tiles = set(tiles_needed(catalog, setup))
    imperial_ids = {"lionel"}
    for tile in catalog.tiles:
        if tile.id in wanted_tiles:
            out += [p for p in unknowns(tile, f"tiles[id={tile.id}]") if not p.endswith(".number")]
            if tile.character and tile.kind in ("empire", "capital"):
                imperial_ids.add(tile.character)
            for space in tile.spaces:
                if space.start and space.start.startswith("imperial:"):
                    imperial_ids.add(space.start.split(":", 1)[1])
    for ch in catalog.imperial:
        if ch.id in imperial_ids:
            if not ch.named:
                out.append(f"imperial[id={ch.id}].name")
            out += unknowns(ch, f"imperial[id={ch.id}]")
    for ch in catalog.kingdom:
        if ch.id in setup.characters:
            out += unknowns(ch, f"kingdom[id={ch.id}]")
    for card in catalog.princesses:
        if card.id == setup.princess:
            out += unknowns(card, f"princesses[id={card.id}]")
            if not any(card.ability.values()):  # every Princess card prints one (§10)
                out.append(f"princesses[id={card.id}].ability")
    if not setup.table_deck:
        for ev in catalog.events:
            out += unknowns(ev, f"events[id={ev.id}]")
    if not catalog.layout_checked:
        out.append("layout: to check against the rulebook")
    return out + _structure_gaps(catalog, setup)


def _structure_gaps(catalog: UnicornusCatalog, setup: SetupChoice) -> list[str]:
    """Whole entries the game needs that the catalog lacks (written ``what: need N, have M``)."""
    out = []
    rules = catalog.rules
    kinds = [t.kind for t in catalog.tiles]
    if not setup.tiles:
        need = {
            "capital": 1,
            "castle": 1,
            "empire": rules.empire_tiles,
            "kingdom": rules.kingdom_tiles,
        }
        for kind, n in need.items():
            if kinds.count(kind) < n:
                out.append(f"tiles(kind={kind}): need {n}, have {kinds.count(kind)}")
    known_kingdom = {k.id for k in catalog.kingdom}
    out += [
        f"kingdom[id={c}]: not in the catalog" for c in setup.characters if c not in known_kingdom
    ]
    if setup.princess not in {p.id for p in catalog.princesses}:
        out.append(f"princesses[id={setup.princess}]: not in the catalog")
    markers = {sp.start for t in catalog.tiles for sp in t.spaces if sp.start}
    for marker in ("goal", "princess", *(f"kingdom:{c}" for c in setup.characters)):
        if marker not in markers:
            out.append(f"tiles.spaces.start={marker}: no space carries this start marker")
    for level, n in enumerate(() if setup.table_deck else rules.events_per_level, start=1):
        have = sum(1 for e in catalog.events if e.level == level)
        unknown = sum(1 for e in catalog.events if e.level is None)
        if have + unknown < n:
            out.append(f"events(level={level}): need {n}, have {have}")
    return out
