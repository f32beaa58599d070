"""The owner's transcription of the box as typed in the app's box form (spec §7), as short
codes: one line per tile side, one row per creature and artifact, letters for the tie-break.

A tile side is written as its spaces in order, separated by blanks::

    . p [s | .] .            plain, portal, a fork (switch or plain), plain
    . c[. . | . | . . .] .   a Dark Cavern: its poison | shortcut | detour paths
    . f1 f2 f3,4 f5,6 .      Fairy Trail spaces with the fairy die faces that send the fairy
    . [A B C | D E] .        Market Fair A–E on two branches

Each space leads to the next one; a fork's paths join again at the space after ``]`` (the last
space of a side leads to the next tile). Ids are made from a prefix and the reading order
(``1a1``, ``1a2`` …), short because the table names spaces by them. Everything is checked
here (the form only shows the messages); the result is plain catalog data, merged over the box
like an imported file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.i18n import Msg

from .catalog import NEXT_TILE, MagicalFriendsCatalog, SpaceModel, TileSideModel

# one letter per space kind (lower case; the market letters A–E are upper case)
KIND_CODES = {
    ".": "plain",
    "s": "switch",
    "p": "portal",
    "w": "workshop",
    "c": "cavern",
    "l": "lava",
    "h": "highway",
}
CODE_OF = {kind: code for code, kind in KIND_CODES.items()}
CAVERN_PATHS = ("poison", "shortcut", "detour")
TIE_CODES = {"f": "tavern_friends", "t": "trophies", "h": "hearts_unpoisoned", "s": "shared"}
TIE_CODE_OF = {rule: code for code, rule in TIE_CODES.items()}
TURN_CODES = {"h": "highest_first", "l": "lowest_first"}
ALIGN_CODES = {"g": "good", "e": "evil", "n": "neutral"}
MAX_SPACES = 60  # spaces on one side: far more than any tile holds
_TOKEN = re.compile(r"\[|\]|\||[^\s\[\]|]+")


class SheetProblem(Exception):
    """One thing wrong with what was typed: ``where`` names the form's field."""

    def __init__(self, where: str, message: Msg) -> None:
        super().__init__(message.key)
        self.where, self.message = where, message


# -- tile sides ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Node:
    """A space as typed (``paths``: a fork's branches; a cavern's three paths)."""

    id: str
    kind: str
    market: str | None = None
    faces: tuple[int, ...] = ()
    paths: tuple[tuple[Node | Fork, ...], ...] = ()  # a cavern's poison | shortcut | detour


@dataclass(frozen=True)
class Fork:
    paths: tuple[tuple[Node | Fork, ...], ...]


@dataclass(frozen=True)
class Track:
    """A parsed side: the items in reading order and the catalog spaces they make."""

    items: tuple[Node | Fork, ...]
    spaces: tuple[SpaceModel, ...]
    entry: str | None


def parse_track(text: str, prefix: str, where: str = "track") -> Track:
    """The spaces of one tile side from its code line (see the module's docstring). Raises
    :class:`SheetProblem` naming the first thing wrong."""
    tokens = _TOKEN.findall(text)
    pos = 0
    count = 0

    def problem(key: str, **params: Any) -> SheetProblem:
        return SheetProblem(where, Msg(f"magical_friends.sheet.{key}", params))

    def node(tok: str) -> Node:
        nonlocal count
        count += 1
        if count > MAX_SPACES:
            raise problem("too_many", limit=MAX_SPACES)
        sid = f"{prefix}{count}"
        if tok in KIND_CODES:
            return Node(sid, KIND_CODES[tok])
        if len(tok) == 1 and tok in "ABCDE":
            return Node(sid, "market", market=tok)
        if tok[0] == "f" and re.fullmatch(r"f\d{1,2}(,\d{1,2})*", tok):
            faces = tuple(int(n) for n in tok[1:].split(","))
            if any(not 1 <= n <= 20 for n in faces):
                raise problem("bad_face", token=tok)
            return Node(sid, "fairy_trail", faces=faces)
        raise problem("bad_code", token=tok)

    def group() -> tuple[tuple[Node | Fork, ...], ...]:
        """After ``[``: paths separated by ``|`` up to ``]``."""
        nonlocal pos
        paths = [seq()]
        while pos < len(tokens) and tokens[pos] == "|":
            pos += 1
            paths.append(seq())
        if pos >= len(tokens) or tokens[pos] != "]":
            raise problem("unclosed")
        pos += 1
        return tuple(paths)

    def seq() -> tuple[Node | Fork, ...]:
        nonlocal pos
        items: list[Node | Fork] = []
        while pos < len(tokens) and tokens[pos] not in ("|", "]"):
            tok = tokens[pos]
            pos += 1
            if tok == "[":
                paths = group()
                if len(paths) < 2:
                    raise problem("one_path")
                items.append(Fork(paths))
                continue
            if tok == "c":
                n = node(tok)
                if pos >= len(tokens) or tokens[pos] != "[":
                    raise problem("cavern_paths")
                pos += 1
                paths = group()
                if len(paths) != 3 or not all(p and isinstance(p[0], Node) for p in paths):
                    raise problem("cavern_paths")
                items.append(Node(n.id, n.kind, paths=paths))
                continue
            items.append(node(tok))
        return tuple(items)

    items = seq()
    if pos < len(tokens):
        raise problem("stray", token=tokens[pos])
    if not items:
        raise problem("empty")
    if isinstance(items[0], Fork):
        raise problem("starts_with_fork")
    spaces: list[SpaceModel] = []
    _link(items, [NEXT_TILE], None, spaces)
    order = {s.id: i for i, s in enumerate(_in_reading_order(items))}
    spaces.sort(key=lambda s: order[s.id])
    return Track(items, tuple(spaces), items[0].id)


def _in_reading_order(items) -> list[Node]:
    out: list[Node] = []
    for it in items:
        if isinstance(it, Node):
            out.append(it)
            for p in it.paths:
                out.extend(_in_reading_order(p))
        else:
            for p in it.paths:
                out.extend(_in_reading_order(p))
    return out


def _link(items, follow: list[str], path: str | None, out: list[SpaceModel]) -> list[str]:
    """Make the spaces of ``items`` (last to first, each leading to what follows it); return
    the ids a space before them leads to."""
    for it in reversed(items):
        if isinstance(it, Fork):
            entries: list[str] = []
            for p in it.paths:
                for ref in _link(p, follow, path, out):
                    if ref not in entries:
                        entries.append(ref)
            follow = entries
            continue
        if it.kind == "cavern":
            firsts = {
                name: _link(p, follow, name, out)[0]
                for name, p in zip(CAVERN_PATHS, it.paths, strict=True)
            }
            out.append(SpaceModel(id=it.id, kind="cavern", cavern=firsts, cavern_path=path))
        else:
            out.append(
                SpaceModel(
                    id=it.id,
                    kind=it.kind,
                    next=list(follow),
                    market=it.market,
                    fairy_faces=list(it.faces),
                    cavern_path=path,
                )
            )
        follow = [it.id]
    return follow


def track_text(side: TileSideModel) -> str | None:
    """A transcribed side as its code line again (for editing it in the form), or ``None``
    when the side cannot be written so (a layout made in a file by hand, e.g. a loop)."""
    if not side.spaces or side.entry is None:
        return None
    by_id = {s.id: s for s in side.spaces}
    used: set[str] = set()

    def write(start: str, stop: str | None) -> str | None:
        """The spaces from ``start`` up to (not including) ``stop``, as codes."""
        parts: list[str] = []
        at = start
        while at != stop:
            sp = by_id.get(at)
            if sp is None or at in used:
                return None
            used.add(at)
            if sp.kind == "cavern":
                paths = sp.cavern or {}
                join = _join([paths.get(p, "") for p in CAVERN_PATHS], by_id, stop)
                if join is False:
                    return None
                inner = [write(paths.get(p, ""), join) for p in CAVERN_PATHS]
                if any(x is None or x == "" for x in inner):
                    return None
                parts.append("c[" + " | ".join(inner) + "]")  # type: ignore[arg-type]
                at = join
                continue
            code = _code(sp)
            if code is None:
                return None
            parts.append(code)
            if len(sp.next) == 1:
                at = sp.next[0] if sp.next[0] != NEXT_TILE else None
                if at is None:
                    return " ".join(parts) if stop is None else None
                continue
            if not sp.next:
                return None
            join = _join(list(sp.next), by_id, stop)
            if join is False:
                return None
            inner = [write(n, join) if n != join else "" for n in sp.next]
            if any(x is None for x in inner):
                return None
            parts.append("[" + " | ".join(inner) + "]")  # type: ignore[arg-type]
            at = join
        return " ".join(parts)

    text = write(side.entry, None)
    if text is None or used != set(by_id):
        return None
    try:  # only a line that reads back as the same layout is offered
        again = parse_track(text, "")
    except SheetProblem:
        return None
    return text if _shape(again.spaces, again.entry) == _shape(side.spaces, side.entry) else None


def _code(sp: SpaceModel) -> str | None:
    if sp.kind == "market":
        return sp.market
    if sp.kind == "fairy_trail":
        return "f" + ",".join(map(str, sp.fairy_faces)) if sp.fairy_faces else None
    return CODE_OF.get(sp.kind)


def _join(starts: list[str], by_id: dict[str, SpaceModel], stop: str | None, depth: int = 0) -> Any:
    """The first space every path from ``starts`` reaches (the fork's join; ``None`` = the
    next tile), or ``False`` when there is none."""
    if depth > MAX_SPACES:  # a loop in a hand-made layout
        return False
    reach = []
    for s in starts:
        seen: list[str | None] = []
        at: str | None = s
        while at is not None and at != stop and at not in seen:
            seen.append(at)
            sp = by_id.get(at)
            if sp is None:
                return False
            if sp.kind == "cavern":
                firsts = list((sp.cavern or {}).values())
                at = _join(firsts, by_id, stop, depth + 1) if firsts else False
                if at is False:
                    return False
            elif not sp.next:
                return False
            elif len(sp.next) == 1:
                at = None if sp.next[0] == NEXT_TILE else sp.next[0]
            else:
                at = _join(list(sp.next), by_id, stop, depth + 1)
                if at is False:
                    return False
        seen.append(at)
        reach.append(seen)
    for cand in reach[0]:
        if all(cand in r for r in reach[1:]):
            return cand
    return False


def _shape(spaces, entry) -> Any:
    """A layout up to its ids: the spaces in a walk from the entry, by position."""
    by_id = {s.id: s for s in spaces}
    order: list[str] = []
    todo = [entry]
    while todo:
        sid = todo.pop(0)
        if sid in order or sid not in by_id:
            continue
        order.append(sid)
        sp = by_id[sid]
        todo.extend(n for n in sp.next if n != NEXT_TILE)
        todo.extend((sp.cavern or {}).get(p, "") for p in CAVERN_PATHS)
    num = {sid: i for i, sid in enumerate(order)}.get

    def one(sp: SpaceModel) -> tuple:
        cav = tuple(num((sp.cavern or {}).get(p, "")) for p in CAVERN_PATHS) if sp.cavern else ()
        return (
            sp.kind,
            sp.market,
            tuple(sp.fairy_faces),
            sp.cavern_path,
            tuple(n if n == NEXT_TILE else num(n) for n in sp.next),
            cav,
        )

    return len(by_id), tuple(one(by_id[s]) for s in order)


# -- the whole sheet ------------------------------------------------------------------------
@dataclass
class CreatureRow:
    name: str = ""
    alignment: str = ""  # g / e / n, blank = unknown
    copies: str = ""
    wand_cost: str = ""
    wands: str = ""
    ability: str = ""
    id: str = ""  # kept for a creature already in the catalog


@dataclass
class ArtifactRow:
    number: int
    name: str = ""
    wands: str = ""
    bonus: str = ""


@dataclass
class Sheet:
    """Everything the box form holds, as typed (strings; blank = unknown)."""

    turn_order: str = ""
    fairy_die_sides: str = ""
    sides: dict[str, str] = field(default_factory=dict)  # side id → code line
    creatures: list[CreatureRow] = field(default_factory=list)
    artifacts: list[ArtifactRow] = field(default_factory=list)
    scoring: dict[str, str] = field(default_factory=dict)  # ScoringModel field → number
    tie_break: str = ""


SCORING_FIELDS = (
    "per_friend_in_tavern",
    "per_poisoned_friend_in_tavern",
    "per_trophy",
    "per_neutral_trophy",
)


def side_prefix(cat: MagicalFriendsCatalog, side_id: str) -> str:
    """``1a`` for the first side of the first tile: the start of its spaces' ids."""
    for t, tile in enumerate(cat.board.tiles, 1):
        for s, side in enumerate(tile.sides):
            if side.id == side_id:
                return f"{t}{'ab'[s] if s < 2 else s}"
    return side_id


def sheet_of(cat: MagicalFriendsCatalog, lang: str) -> Sheet:
    """The form's fields filled from a catalog (the box with the owner's transcription)."""

    def num(v: int | None) -> str:
        return "" if v is None else str(v)

    def words(names: dict[str, str] | None) -> str:
        if not names:
            return ""
        return names.get(lang) or names.get("en") or next(iter(names.values()), "")

    sides = {}
    for tile in cat.board.tiles:
        for side in tile.sides:
            sides[side.id] = track_text(side) or ""
    return Sheet(
        turn_order={v: k for k, v in TURN_CODES.items()}.get(cat.turn_order or "", ""),
        fairy_die_sides=num(cat.board.fairy_die_sides),
        sides=sides,
        creatures=[
            CreatureRow(
                words(k.name),
                {v: c for c, v in ALIGN_CODES.items()}.get(k.alignment or "", ""),
                num(k.copies),
                num(k.wand_cost),
                num(k.wands),
                words(k.ability),
                k.id,
            )
            for k in cat.creatures
        ],
        artifacts=[
            ArtifactRow(a.number, words(a.name), num(a.wands), words(a.bonus))
            for a in cat.artifacts
        ],
        scoring={f: num(getattr(cat.scoring, f)) for f in SCORING_FIELDS},
        tie_break="".join(TIE_CODE_OF[r] for r in cat.scoring.tie_break or ()),
    )


def _number(text: str, where: str) -> int | None:
    text = text.strip()
    if text in ("", "?"):
        return None
    if not re.fullmatch(r"-?\d{1,3}", text):
        raise SheetProblem(where, Msg("magical_friends.sheet.not_a_number", {"text": text}))
    return int(text)


def _letter(text: str, codes: dict[str, str], where: str) -> str | None:
    text = text.strip().lower()
    if text in ("", "?"):
        return None
    if text not in codes:
        raise SheetProblem(
            where,
            Msg("magical_friends.sheet.bad_letter", {"text": text, "letters": "/".join(codes)}),
        )
    return codes[text]


def _names(typed: str, old: dict[str, str] | None, lang: str) -> dict[str, str] | None:
    """The typed name kept in the catalog's languages: unchanged = the catalog's own words."""
    typed = typed.strip()
    if not typed:
        return None
    if old and (old.get(lang) or old.get("en")) == typed:
        return dict(old)
    return {lang: typed}


def _slug(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "creature"
    sid, n = base, 2
    while sid in taken:
        sid, n = f"{base}-{n}", n + 1
    taken.add(sid)
    return sid


CARRIED = ("alignment", "copies", "wand_cost", "wands")


def carried(rows: list[CreatureRow]) -> list[CreatureRow]:
    """A new creature's row (no id yet) left blank in a number takes the row above's: kinds
    in a box mostly share them, so only what differs is typed ("?" = unknown)."""
    out: list[CreatureRow] = []
    for row in rows:
        if not row.id and row.name.strip() and out:
            above = out[-1]
            row = replace(
                row, **{c: getattr(above, c) for c in CARRIED if not getattr(row, c).strip()}
            )
        out.append(row)
    return out


def sheet_data(cat: MagicalFriendsCatalog, sheet: Sheet, lang: str) -> dict[str, Any]:
    """The owner's transcription as catalog data (each top-level table replaces the owner's
    earlier one; the box beneath is merged as for an import). Raises :class:`SheetProblem`
    for the first field that is wrong."""
    data: dict[str, Any] = {}
    order = _letter(sheet.turn_order, TURN_CODES, "turn_order")
    if order is not None:
        data["turn_order"] = order
    die = _number(sheet.fairy_die_sides, "fairy_die_sides")
    if die is not None and not 2 <= die <= 20:
        raise SheetProblem(
            "fairy_die_sides", Msg("magical_friends.sheet.range", {"lo": 2, "hi": 20})
        )
    board: dict[str, Any] = {"fairy_die_sides": die}
    if not cat.board.start_spaces:  # all lead onto the first tile: one is enough to summon on
        board["start_spaces"] = [{"id": "s1", "next": [NEXT_TILE]}]
    tiles = []
    for tile in cat.board.tiles:
        sides = []
        for side in tile.sides:
            where = f"side:{side.id}"
            text = sheet.sides.get(side.id, "").strip()
            if not text:
                if side.spaces and track_text(side) is None:  # written in a file: kept
                    sides.append(side.model_dump(exclude_none=True))
                continue
            track = parse_track(text, side_prefix(cat, side.id), where)
            for sp in track.spaces:
                if die is not None and any(f > die for f in sp.fairy_faces):
                    raise SheetProblem(
                        where, Msg("magical_friends.sheet.face_too_high", {"sides": die})
                    )
            sides.append(
                {
                    "id": side.id,
                    "entry": track.entry,
                    "spaces": [sp.model_dump(exclude_none=True) for sp in track.spaces],
                }
            )
        tiles.append({"id": tile.id, "sides": sides})
    board["tiles"] = tiles
    data["board"] = board

    old_kinds = {k.id: k for k in cat.creatures}
    taken = set(old_kinds)
    creatures = []
    for i, row in enumerate(carried(sheet.creatures)):
        filled = [row.alignment, row.copies, row.wand_cost, row.wands, row.ability]
        if not row.name.strip():
            if any(x.strip() for x in filled) and not row.id:
                raise SheetProblem(f"creature:{i}:name", Msg("magical_friends.sheet.no_name"))
            continue
        old = old_kinds.get(row.id)
        entry: dict[str, Any] = {
            "id": row.id or _slug(row.name, taken),
            "name": _names(row.name, old.name if old else None, lang),
            "alignment": _letter(row.alignment, ALIGN_CODES, f"creature:{i}:alignment"),
        }
        for col in ("copies", "wand_cost", "wands"):
            entry[col] = _number(getattr(row, col), f"creature:{i}:{col}")
        ability = _names(row.ability, old.ability if old else None, lang)
        if ability:
            entry["ability"] = ability
        creatures.append(entry)
    data["creatures"] = creatures

    artifacts = []
    for row in sheet.artifacts:
        art = next(a for a in cat.artifacts if a.number == row.number)
        entry = {"number": row.number, "special": art.special}
        name = _names(row.name, art.name, lang)
        bonus = _names(row.bonus, art.bonus, lang)
        if name:
            entry["name"] = name
        if bonus:
            entry["bonus"] = bonus
        entry["wands"] = _number(row.wands, f"artifact:{row.number}:wands")
        artifacts.append(entry)
    data["artifacts"] = artifacts

    scoring: dict[str, Any] = {
        f: _number(sheet.scoring.get(f, ""), f"scoring:{f}") for f in SCORING_FIELDS
    }
    tie = sheet.tie_break.strip().lower().replace(" ", "")
    if tie:
        bad = [c for c in tie if c not in TIE_CODES]
        if bad or len(set(tie)) < len(tie):
            raise SheetProblem(
                "tie_break",
                Msg("magical_friends.sheet.bad_tie", {"text": tie, "letters": "/".join(TIE_CODES)}),
            )
        scoring["tie_break"] = [TIE_CODES[c] for c in tie]
    data["scoring"] = scoring
    return _unknowns_as_marks(data)


def _unknowns_as_marks(value: Any) -> Any:
    """``None`` (left blank) as the catalog's "?" so the stored data is also valid TOML."""
    if isinstance(value, dict):
        return {k: _unknowns_as_marks(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unknowns_as_marks(v) for v in value]
    return "?" if value is None else value
