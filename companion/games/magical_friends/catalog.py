"""The Magical Friends box as data (spec §7): board tiles, creatures, artifacts, scoring.

The board is 4 double-sided tiles. Each side lists its spaces; a space names the spaces one
step forward (``next``, several = a branch). How the tiles join: the token ``"@next"`` in a
``next`` list means "the entry space of the following tile" (the tavern after the last tile),
so the start spaces point at ``"@next"`` to enter the first tile. A Dark Cavern entry space has
no ``next``: its three paths (poison / shortcut / detour) are chosen by the cavern die.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field

from companion.core.catalog import (
    MAX_ENTRIES,
    CatalogModel,
    Id,
    Name,
    Names,
    Range,
    Text,
    Texts,
    Unknowable,
    load_catalog,
    unknowns,
    validate,
)

GAME_DIR = "magical-friends"
NEXT_TILE = "@next"

SpaceKind = Literal[
    "plain",
    "start",
    "tavern",
    "switch",
    "portal",
    "workshop",
    "cavern",  # the first cavern space: moving past it rolls the cavern die
    "lava",
    "highway",  # under the Stairway-to-Heaven / Highway-to-Hell piece
    "market",
    "fairy_trail",
]
CavernPath = Literal["poison", "shortcut", "detour"]
Alignment = Literal["good", "evil", "neutral"]
Ref = Annotated[str, Field(min_length=1, max_length=64)]  # a space id, or "@next"
Refs = Annotated[list[Ref], Field(max_length=8)]


class SpaceModel(CatalogModel):
    id: Id
    kind: SpaceKind = "plain"
    next: Refs = []
    market: Literal["A", "B", "C", "D", "E"] | None = None  # for kind = "market"
    # fairy die faces that put the fairy here (Fairy Trail)
    fairy_faces: Annotated[list[Range(1, 20)], Field(max_length=20)] = []
    cavern: dict[CavernPath, Ref] | None = None  # first space of each path (kind = "cavern")
    cavern_path: CavernPath | None = None  # this space lies on that cavern path
    name: Names | None = None


class TileSideModel(CatalogModel):
    id: Id
    name: Names
    entry: Ref | None = None  # the space entered from the previous tile; None = not transcribed
    spaces: Annotated[list[SpaceModel], Field(max_length=200)] = []


class TileModel(CatalogModel):
    id: Id
    name: Names
    sides: Annotated[list[TileSideModel], Field(min_length=1, max_length=2)]


class BoardModel(CatalogModel):
    tiles: Annotated[list[TileModel], Field(max_length=12)]
    start_spaces: Annotated[list[SpaceModel], Field(max_length=12)] = []
    tavern: Id = "tavern"
    fairy_die_sides: Unknowable[Range(2, 20)] = None


class CreatureKindModel(CatalogModel):
    id: Id
    name: Names
    alignment: Unknowable[Alignment] = None
    wand_cost: Unknowable[Range(0, 20)] = None
    ability: Texts | None = None  # the ability in short, en + ja
    copies: Unknowable[Range(1, 20)] = None
    # wands this friend carries while in the race (§2: "wands stand on your friends still in
    # the race"); how many is not in the rulebook excerpt
    wands: Unknowable[Range(0, 20)] = None


class ArtifactModel(CatalogModel):
    number: Range(1, 11)  # 1..11, also its turn-order value
    name: Names | None = None
    bonus: Texts | None = None
    special: Literal["none", "dagger"] = "none"  # "dagger": the Scheming Dagger bonus move (§4)
    wands: Unknowable[Range(0, 20)] = None  # wands on the card while it is the active artifact (§2)


TieBreak = Literal["tavern_friends", "trophies", "hearts_unpoisoned", "shared"]


class ScoringModel(CatalogModel):
    """The final tally (§7): points per friend in the tavern and per trophy, and the tie-break."""

    per_friend_in_tavern: Unknowable[Range(-99, 99)] = None
    per_poisoned_friend_in_tavern: Unknowable[Range(-99, 99)] = None
    per_trophy: Unknowable[Range(-99, 99)] = None  # an opponent's heart
    per_neutral_trophy: Unknowable[Range(-99, 99)] = None
    tie_break: Annotated[list[TieBreak], Field(max_length=4)] | None = (
        None  # tried in order; None = unknown
    )


class MetaModel(CatalogModel):
    name: Name
    fictional: bool = False
    note: Text = ""


class MagicalFriendsCatalog(CatalogModel):
    meta: MetaModel
    turn_order: Unknowable[Literal["highest_first", "lowest_first"]] = None
    board: BoardModel
    creatures: Annotated[list[CreatureKindModel], Field(max_length=MAX_ENTRIES)]
    artifacts: Annotated[list[ArtifactModel], Field(max_length=11)]
    scoring: ScoringModel


def load(name: str = "box", user: dict | None = None) -> MagicalFriendsCatalog:
    """``data/magical_friends/<name>.toml`` (``box`` or ``demo``), a user catalog on top."""
    return load_catalog(MagicalFriendsCatalog, GAME_DIR, name, user)


def from_dict(data: dict, label: str = "catalog") -> MagicalFriendsCatalog:
    return validate(MagicalFriendsCatalog, data, label)


def missing_values(cat: MagicalFriendsCatalog) -> list[str]:
    """Everything the user still has to transcribe from the box: unknown numbers, and tile
    sides whose spaces or entry are missing, creatures or artifacts without names."""
    out = [_by_number(cat, p) for p in unknowns(cat)]
    out.extend(_board_gaps(cat))
    for art in cat.artifacts:
        if art.name is None:
            out.append(f"artifacts[number={art.number}].name")
        if art.bonus is None:
            out.append(f"artifacts[number={art.number}].bonus")
    if cat.scoring.tie_break is None:
        out.append("scoring.tie_break")
    return out


def _by_number(cat: MagicalFriendsCatalog, path: str) -> str:
    """Artifacts have no id: name them by their number (``artifacts[number=7].wands``)."""
    m = re.fullmatch(r"artifacts\[(\d+)\]\.(.+)", path)
    if m is None:
        return path
    return f"artifacts[number={cat.artifacts[int(m[1])].number}].{m[2]}"


def _board_gaps(cat: MagicalFriendsCatalog) -> Iterator[str]:
    if not cat.board.start_spaces:
        yield "board.start_spaces"
    for tile in cat.board.tiles:
        for side in tile.sides:
            where = f"board.tiles[id={tile.id}].sides[id={side.id}]"
            if not side.spaces:
                yield f"{where}.spaces"
            if side.entry is None:
                yield f"{where}.entry"


def check_side(side: TileSideModel) -> list[str]:
    """Dangling references inside one transcribed side (each a readable problem)."""
    ids = {s.id for s in side.spaces}
    problems = []
    if side.entry is not None and side.entry not in ids:
        problems.append(f"{side.id}: entry {side.entry} is not a space of this side")
    for s in side.spaces:
        for n in s.next:
            if n != NEXT_TILE and n not in ids:
                problems.append(f"{side.id}.{s.id}: next {n} is not a space of this side")
        for first in (s.cavern or {}).values():
            if first not in ids:
                problems.append(f"{side.id}.{s.id}: cavern path {first} is not a space")
        if s.kind == "cavern" and not s.cavern:
            problems.append(f"{side.id}.{s.id}: a cavern needs its three paths")
        if s.kind == "market" and s.market is None:
            problems.append(f"{side.id}.{s.id}: a market space needs its letter A-E")
    return problems
