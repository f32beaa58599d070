"""The file of a finished game, for the quick score (format in ``docs/insurrection.md``).

Errors name the file, the line and the field, e.g.
``game.toml, line 9, players[0].hand[2]: unknown card 'drgon' (did you mean 'dragon'?)``.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.core.catalog import MAX_DEPTH, MAX_FILE_BYTES
from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg
from companion.core.text import depth, visible_data
from companion.games.insurrection.catalog import InsurrectionCatalog
from companion.games.insurrection.scoring import (
    MOST_COPIES,
    EffectChoice,
    EndPosition,
    apply_effect,
    effect_order_needs,
    impossible,
    pending_effects,
)


class GameFileError(CompanionError):
    """``file, line 9, players[0].hand[2]: problem`` (the line and field when known)."""

    def __init__(self, file: str, line: int | None, field: str, problem: Msg) -> None:
        self.file, self.line, self.field, self.problem = file, line, field, problem
        where = msg("insurrection.gamefile.where_file", file=file)
        if line is not None:
            where = msg("insurrection.gamefile.where_line", file=file, line=line)
        if field:
            where = msg("insurrection.gamefile.where_field", where=where, field=field)
        super().__init__("insurrection.gamefile.error", where=where, problem=problem)


# pydantic's error types, said in the reader's language (others keep pydantic's words)
_PROBLEMS = {
    "missing": "insurrection.gamefile.missing",
    "extra_forbidden": "insurrection.gamefile.extra",
    "literal_error": "insurrection.gamefile.one_of",
    "greater_than_equal": "insurrection.gamefile.at_least",
    "int_type": "insurrection.gamefile.whole_number",
    "int_parsing": "insurrection.gamefile.whole_number",
    "int_from_float": "insurrection.gamefile.whole_number",
    "string_type": "insurrection.gamefile.text",
    "list_type": "insurrection.gamefile.list",
    "too_short": "insurrection.gamefile.too_few",
    "string_too_short": "insurrection.gamefile.empty",
    "too_long": "insurrection.gamefile.too_many",
    "string_too_long": "insurrection.gamefile.too_long",
    "less_than_equal": "insurrection.gamefile.at_most",
}

# Limits of a real game (rules §0: 2-6 players; the box has about 60 cards)
PLAYERS = (2, 6)
MAX_COPIES = MOST_COPIES  # of one card, when the catalog does not say how many the box has
MAX_CARDS = 200  # entries of one hand or of the face-up area
FACE_UP_MARKS_FOR_EVIL = 10  # §3: Evil wins with 10 or more face-up corruption marks


def _problem(err: Any) -> Msg:
    key = _PROBLEMS.get(err["type"])
    if key is None:
        return msg("insurrection.gamefile.other", text=err["msg"])
    ctx = err.get("ctx") or {}
    return msg(
        key,
        expected=str(ctx.get("expected", "")),
        ge=ctx.get("ge", ""),
        le=ctx.get("le", ""),
        min=ctx.get("min_length", ""),
        max=ctx.get("max_length", ""),
    )


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Word = Annotated[str, Field(max_length=80)]


class PlayerEntry(_Strict):
    name: str = Field(min_length=1, max_length=80)
    hand: list[Word] = Field(max_length=MAX_CARDS)


class EffectEntry(_Strict):
    player: Word
    card: Word
    take: Word | None = None
    give: Word | None = None


class GameFile(_Strict):
    outcome: Literal["good", "evil"]
    token: Word = "fortress"
    graveyard: int = Field(default=0, ge=0, le=MAX_CARDS)
    face_up: list[Word] = Field(default=[], max_length=MAX_CARDS)
    players: list[PlayerEntry] = Field(min_length=PLAYERS[0], max_length=PLAYERS[1])
    effects: list[EffectEntry] = Field(default=[], max_length=12)


@dataclass(frozen=True)
class FinishedGame:
    position: EndPosition
    effects: tuple[EffectChoice, ...]


_COPIES = re.compile(r"^\s*([^*\s]+)\s*\*\s*(.*?)\s*$")  # "war_bear*5" (and "goblin*-2", refused)


def _line_of(text: str, loc: tuple[Any, ...], needle: str | None = None) -> int | None:
    """The line of ``loc`` (top key, array-of-tables index, key...) in the TOML text."""
    lines = text.splitlines()
    start, end = 0, len(lines)
    table: int | None = None  # the [[section]] header, when the field is inside one
    parts = list(loc)
    if len(parts) >= 2 and isinstance(parts[1], int) and isinstance(parts[0], str):
        headers = [i for i, ln in enumerate(lines) if ln.strip() == f"[[{parts[0]}]]"]
        if parts[1] < len(headers):
            start = table = headers[parts[1]]
            later = [i for i, ln in enumerate(lines) if i > start and ln.strip().startswith("[")]
            end = later[0] if later else len(lines)
            parts = parts[2:]
    key = next((p for p in parts if isinstance(p, str)), None)
    found = None
    for i in range(start, end):
        if key is not None and re.match(rf"\s*{re.escape(key)}\s*=", lines[i]):
            found = i
            break
    if found is None:
        found = table  # a missing field: point at its table
    if needle is not None:
        for i in range(found if found is not None else start, end):
            if f'"{needle}"' in lines[i] or f"'{needle}'" in lines[i]:
                return i + 1
    return found + 1 if found is not None else None


def _field(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def read_game(path: str | Path, catalog: InsurrectionCatalog) -> FinishedGame:
    path = Path(path)
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameFileError(name, None, "", Msg("insurrection.gamefile.not_found")) from None
    except UnicodeDecodeError:
        raise GameFileError(name, None, "", Msg("insurrection.gamefile.not_text")) from None
    except (IsADirectoryError, PermissionError) as exc:
        raise GameFileError(
            name, None, "", msg("insurrection.gamefile.unreadable", reason=exc.strerror or "")
        ) from None
    return parse_game(text, catalog, name)


def parse_game(text: str, catalog: InsurrectionCatalog, name: str = "game.toml") -> FinishedGame:
    if len(text) > MAX_FILE_BYTES:
        raise GameFileError(name, None, "", msg("core.catalog.too_big", limit=MAX_FILE_BYTES))
    try:
        data = tomllib.loads(text)
        if depth(data, MAX_DEPTH) > MAX_DEPTH:
            raise RecursionError
    except RecursionError:
        raise GameFileError(name, None, "", msg("core.catalog.too_deep", limit=MAX_DEPTH)) from None
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        raise GameFileError(
            name,
            int(found.group(1)) if found else None,
            "",
            msg("insurrection.gamefile.not_toml", detail=str(exc)),
        ) from None
    data = visible_data(data)  # names from people: shown as text, never as escapes
    try:
        game = GameFile.model_validate(data)
    except ValidationError as exc:
        # a misspelt key shows as an unknown field and a missing one: name the typo first
        err = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")[0]
        loc = tuple(err["loc"])
        raise GameFileError(name, _line_of(text, loc), _field(loc), _problem(err)) from None

    def fail(loc: tuple[Any, ...], problem: Msg, needle: str | None = None) -> GameFileError:
        return GameFileError(name, _line_of(text, loc, needle), _field(loc), problem)

    def card(cid: str, loc: tuple[Any, ...]) -> str:
        if catalog.has_card(cid):
            return cid
        ids = [c.id for c in (*catalog.persons, *catalog.leaders)]
        close = difflib.get_close_matches(cid, ids, n=1)
        if close:
            raise fail(
                loc, msg("insurrection.gamefile.unknown_card_close", card=cid, close=close[0]), cid
            )
        raise fail(loc, msg("insurrection.gamefile.unknown_card", card=cid), cid)

    held: dict[str, int] = {}  # copies of each card in the file so far

    def most(cid: str) -> int:
        found = catalog.card(cid)
        if catalog.is_leader(cid):
            return 1  # each leader card is unique (§1)
        copies = getattr(found, "copies", None)
        return copies if copies is not None else MAX_COPIES

    def cards(entries: list[str], loc: tuple[Any, ...]) -> tuple[str, ...]:
        out: list[str] = []
        for i, entry in enumerate(entries):
            match = _COPIES.match(entry)
            cid, n = (match.group(1), match.group(2)) if match else (entry.strip(), "1")
            cid = card(cid, (*loc, i))
            if not (n.isascii() and n.isdigit()) or int(n[:6]) < 1:  # "goblin*-2", "goblin*x"
                problem = msg("insurrection.gamefile.bad_count", entry=entry, card=cid)
                raise fail((*loc, i), problem, entry)
            limit = most(cid)
            # compare the digits before making a number of them: "goblin*10**9" is refused
            # at once, not after a billion copies were built; the count is shown as written
            if len(n) > 4 or int(n) + held.get(cid, 0) > limit:
                problem = msg(
                    "insurrection.gamefile.too_many_copies",
                    card=cid,
                    n=n.lstrip("0"),
                    held=held.get(cid, 0),
                    most=limit,
                )
                raise fail((*loc, i), problem, entry)
            held[cid] = held.get(cid, 0) + int(n)
            out.extend([cid] * int(n))
        return tuple(out)

    if not any(land.id == game.token for land in catalog.lands):
        lands = ", ".join(land.id for land in catalog.lands)
        raise fail(
            ("token",), msg("insurrection.gamefile.unknown_land", land=game.token, lands=lands)
        )
    names = [p.name for p in game.players]
    for i, player in enumerate(names):
        if names.index(player) != i:
            raise fail(("players", i, "name"), msg("insurrection.gamefile.twice", player=player))
    hands = tuple(
        (p.name, cards(p.hand, ("players", i, "hand"))) for i, p in enumerate(game.players)
    )
    face_up = cards(game.face_up, ("face_up",))
    effects = []
    for i, eff in enumerate(game.effects):
        if eff.player not in names:
            raise fail(
                ("effects", i, "player"),
                msg("insurrection.gamefile.unknown_player", player=eff.player),
                eff.player,
            )
        card(eff.card, ("effects", i, "card"))
        for key in ("take", "give"):
            value = getattr(eff, key)
            if value is not None:
                card(value, ("effects", i, key))
        effects.append(EffectChoice(eff.player, eff.card, eff.take, eff.give))
    _check_outcome(game, catalog, face_up, fail)
    position = EndPosition(game.outcome, game.token, game.graveyard, face_up, hands)
    found = impossible(catalog, position)
    if found is not None:
        raise fail(*found)
    _check_effects(catalog, position, effects, fail)
    return FinishedGame(position, tuple(effects))


def _check_outcome(game: GameFile, catalog: InsurrectionCatalog, face_up, fail) -> None:
    """The outcome must be one the game can end with (§3, §4): Good wins after the last round,
    with the rebel token on Kristin's Fortress; Evil wins with 10 or more face-up corruption
    marks (checked when every face-up card's marks are known)."""
    fortress = next((land.id for land in catalog.lands if land.kind == "fortress"), None)
    if game.outcome == "good" and fortress is not None and game.token != fortress:
        raise fail(
            ("token",),
            msg("insurrection.gamefile.good_off_fortress", token=game.token, fortress=fortress),
        )
    if game.outcome == "evil":
        marks = [catalog.card(cid).corruption for cid in face_up]
        if all(m is not None for m in marks) and sum(marks) < FACE_UP_MARKS_FOR_EVIL:
            raise fail(
                ("outcome",),
                msg(
                    "insurrection.gamefile.evil_without_marks",
                    marks=sum(marks),
                    needed=FACE_UP_MARKS_FOR_EVIL,
                ),
            )


# what an end-of-game effect's refusal is about: the field of the file's entry it names
_EFFECT_FIELD = {
    "insurrection.effect.not_face_up": "take",
    "insurrection.effect.icons_unknown": "take",
    "insurrection.effect.needs_icon": "take",
    "insurrection.effect.give_missing": "give",
}


def _check_effects(catalog: InsurrectionCatalog, pos: EndPosition, effects, fail) -> None:
    """Each ``[[effects]]`` entry met as the score meets it (§4: in initiative order, each in
    the position the ones before it left); a refusal names its entry's line and field."""
    if effect_order_needs(catalog, pos):
        return  # the order is unknown: the score lists the initiatives it needs
    index = {(e.player, e.card): i for i, e in enumerate(effects)}
    due = {(e.player, e.card) for e in pending_effects(catalog, pos)}
    for key, i in index.items():
        if key not in due:
            problem = msg("insurrection.effect.not_in_hand", player=key[0], card=key[1])
            raise fail(("effects", i, "card"), problem, key[1])
    for effect in pending_effects(catalog, pos):
        i = index.get((effect.player, effect.card))
        if i is None or effect.card not in pos.hand(effect.player):
            continue  # not used, or given away by an earlier exchange
        try:
            pos, _ = apply_effect(catalog, pos, effects[i])
        except CompanionError as exc:
            field = _EFFECT_FIELD.get(exc.message.key, "card")
            value = getattr(effects[i], field)
            raise fail(("effects", i, field), exc.message, value) from None
