"""The Unicornus Knights box as data: schema of tiles, layout, characters and cards (spec §10).

Numbers that the public sources do not give are :data:`Unknowable` (``"?"`` in the box file).
:func:`missing_values` lists exactly the unknown values one particular game needs, so the UI
can ask for those and no others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from companion.core.catalog import CatalogModel, Unknowable, load_catalog, unknowns

Face = Literal["hit", "miss", "loss"]
Personality = Literal["defensive", "normal", "aggressive"]
TileKind = Literal["capital", "empire", "kingdom", "castle"]


class SpaceSpec(CatalogModel):
    """One hex as printed on a tile (§1 "Space attributes")."""

    difficulty: Unknowable[int] = 0  # added to the move cost of entering
    impassable: Unknowable[bool] = False
    recruit: Unknowable[int] = 0  # 0: not a village, town or fortress
    resource: Unknowable[int] = 0  # 0: no purple mark, Procure gains 1
    defence: Unknowable[int] = 0
    tokens: Unknowable[int] = 0  # Empire tiles: strength tokens placed here at setup
    # start marker: "princess", "goal" (Lionel's start space), "kingdom:<id>", "imperial:<id>"
    start: str | None = None


class TileSpec(CatalogModel):
    id: str
    name: dict[str, str]
    number: Unknowable[int] = None
    kind: TileKind
    character: str | None = None  # the Empire tile's imperial / Kingdom tile's kingdom character
    spaces: list[SpaceSpec] = Field(min_length=7, max_length=7)  # centre first, then the ring


class LayoutPosition(CatalogModel):
    """A tile position on the layout diagram, in flower-lattice axial coordinates."""

    pos: int
    a: int
    b: int
    kind: TileKind


class KingdomCharacter(CatalogModel):
    id: str
    name: dict[str, str]
    command: Unknowable[int] = None
    life: Unknowable[int] = None
    attack: Unknowable[list[Face]] = None  # faces 1..6
    defence: Unknowable[list[Face]] = None
    ability: dict[str, str] = Field(default_factory=dict)
    start_of_round: bool = False
    start_of_turn: bool = False
    during_battle: bool = False


class PrincessCard(CatalogModel):
    id: str
    name: dict[str, str]
    command: Unknowable[int] = None
    life: Unknowable[int] = None
    ability: dict[str, str] = Field(default_factory=dict)


class ImperialCharacter(CatalogModel):
    id: str
    name: dict[str, str]
    personality: Unknowable[Personality] = None
    combat_power: Unknowable[int] = None
    life: Unknowable[int] = None
    no_fate: Unknowable[bool] = None
    ally_ability: dict[str, str] = Field(default_factory=dict)


class EventCard(CatalogModel):
    id: str
    name: dict[str, str]
    level: Unknowable[int] = None
    ongoing: Unknowable[bool] = None


class NamedCard(CatalogModel):
    id: str
    name: dict[str, str]


class Rules(CatalogModel):
    """Rule constants printed in the rulebook (all public)."""

    rounds: int = 10
    start_supplies: int = 10
    princess_actions: int = 3
    events_per_level: list[int] = Field(default_factory=lambda: [3, 3, 4])
    empire_tiles: int = 11
    kingdom_tiles: int = 6
    # actions per turn by player count (§4); 2 players: per character
    actions: dict[str, int] = Field(
        default_factory=lambda: {"2": 4, "3": 5, "4": 4, "5": 3, "6": 3}
    )


class Meta(CatalogModel):
    name: dict[str, str] = Field(default_factory=dict)
    fictional: bool = False
    note: str = ""


class UnicornusCatalog(CatalogModel):
    meta: Meta = Field(default_factory=Meta)
    rules: Rules = Field(default_factory=Rules)
    layout: list[LayoutPosition]
    # extra / removed space adjacencies, "pos.k" (k = 0 centre, 1..6 ring), to match the print
    add_adjacent: list[tuple[str, str]] = Field(default_factory=list)
    remove_adjacent: list[tuple[str, str]] = Field(default_factory=list)
    tiles: list[TileSpec]
    kingdom: list[KingdomCharacter] = Field(default_factory=list)
    princesses: list[PrincessCard] = Field(default_factory=list)
    imperial: list[ImperialCharacter] = Field(default_factory=list)
    events: list[EventCard] = Field(default_factory=list)
    fate: list[NamedCard] = Field(default_factory=list)
    support: list[NamedCard] = Field(default_factory=list)

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


def tiles_needed(catalog: UnicornusCatalog, setup: SetupChoice) -> list[str]:
    """Tile ids that may be on the board: the entered ones, or every one that could be drawn."""
    if setup.tiles:
        return list(setup.tiles)
    return [t.id for t in catalog.tiles]


def missing_values(catalog: UnicornusCatalog, setup: SetupChoice) -> list[str]:
    """Paths (as :func:`companion.core.catalog.unknowns` writes them) of every unknown value
    this game needs before it can run: its tiles' spaces, the imperial characters those tiles
    bring, the chosen kingdom characters and Princess card, and every event card's level and
    ONGOING flag (the event deck is drawn from all of them)."""
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
            out += unknowns(ch, f"imperial[id={ch.id}]")
    for ch in catalog.kingdom:
        if ch.id in setup.characters:
            out += unknowns(ch, f"kingdom[id={ch.id}]")
    for card in catalog.princesses:
        if card.id == setup.princess:
            out += unknowns(card, f"princesses[id={card.id}]")
    for ev in catalog.events:
        out += unknowns(ev, f"events[id={ev.id}]")
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
    for level, n in enumerate(rules.events_per_level, start=1):
        have = sum(1 for e in catalog.events if e.level == level)
        unknown = sum(1 for e in catalog.events if e.level is None)
        if have + unknown < n:
            out.append(f"events(level={level}): need {n}, have {have}")
    return out
