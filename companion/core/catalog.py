"""Catalogs: each game's box as data files, validated by schema models.

- ``data/<game>/box.toml``: what is known of the real box; unknown numbers are ``"?"``.
- ``data/<game>/demo.toml``: a complete, clearly fictional box.
- A user catalog (the owner's transcription) overrides the box entry by entry.

Errors name the file, the entry and the field. A value typed :data:`Unknowable` may be
``"?"``/absent; :func:`unknowns` lists every one still unknown so the UI can ask for it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from companion.core.errors import CatalogError
from companion.core.i18n import msg
from companion.core.text import depth, visible, visible_data

UNKNOWN = "?"
M = TypeVar("M", bound=BaseModel)


class _UnknownMarker:
    """Field metadata: this value may be unknown (``None``) until the user supplies it."""

    def __repr__(self) -> str:
        return "Unknowable"


UNKNOWABLE = _UnknownMarker()


def _unknown_to_none(value: Any) -> Any:
    return None if value == UNKNOWN else value


T = TypeVar("T")
Unknowable = Annotated[T | None, BeforeValidator(_unknown_to_none), UNKNOWABLE]

# Limits every catalog and game file keeps (issue 9): a file is a person's transcription of a
# box, so anything past these is a mistake or an attack, refused with the allowed range.
MAX_DEPTH = 10  # tables and lists inside each other (the deepest catalog uses 5)
MAX_FILE_BYTES = 2_000_000
MAX_NAME = 120  # characters of a name or a short text
MAX_TEXT = 2_000  # characters of a card's own words
MAX_ENTRIES = 500  # entries of one list (cards, tiles, spaces …)


def Range(lo: int, hi: int) -> Any:  # noqa: N802  (a type, used like one)
    """A whole number from ``lo`` to ``hi`` (the error names both)."""
    return Annotated[int, Field(ge=lo, le=hi, strict=False)]


Id = Annotated[str, Field(min_length=1, max_length=64)]
Name = Annotated[str, Field(max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
# a catalog name in several languages: {en = "...", ja = "..."}
Names = Annotated[dict[Annotated[str, Field(max_length=8)], Name], Field(max_length=8)]
Texts = Annotated[dict[Annotated[str, Field(max_length=8)], Text], Field(max_length=8)]


class CatalogModel(BaseModel):
    """Base for catalog schema models: frozen, and strict about unexpected fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def data_dir() -> Path:
    """``data/`` of a source checkout, or the copy shipped inside an installed wheel."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here.parent / "data", here / "_data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the companion's data folder is missing from this installation")


def catalog_path(game: str, name: str) -> Path:
    return data_dir() / game.replace("-", "_") / f"{name}.toml"


def to_toml(data: dict[str, Any], header: str = "") -> str:
    """``data`` as TOML text (tomli-w), ``None`` written as ``"?"`` (unknown; TOML has no
    null), with ``header`` as comment lines on top."""
    import tomli_w

    def known(value: Any) -> Any:
        if value is None:
            return UNKNOWN
        if isinstance(value, dict):
            return {str(k): known(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [known(v) for v in value]
        return value

    comments = "".join(f"# {visible(line)}\n" if line else "#\n" for line in header.splitlines())
    body = tomli_w.dumps(known(data))
    return comments + ("\n" if comments else "") + body


def read_toml(path: Path | str) -> dict[str, Any]:
    """A TOML file as data, within :data:`MAX_FILE_BYTES` and :data:`MAX_DEPTH`; anything
    else (missing, a folder, unreadable, not text, not TOML) is a :class:`CatalogError`."""
    path = Path(path)
    try:
        if path.exists() and not path.is_file():
            raise CatalogError(str(path), "", "", msg("core.catalog.not_a_file"))
        with path.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise CatalogError(str(path), "", "", msg("core.catalog.not_found")) from None
    except OSError as exc:
        problem = msg("core.catalog.unreadable", reason=exc.strerror or str(exc))
        raise CatalogError(str(path), "", "", problem) from None
    return parse_toml(raw, str(path))


def parse_toml(raw: bytes | str, label: str) -> dict[str, Any]:
    """TOML text as data, with the same limits as :func:`read_toml`."""
    if len(raw) > MAX_FILE_BYTES:
        raise CatalogError(label, "", "", msg("core.catalog.too_big", limit=MAX_FILE_BYTES))
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problem = msg("core.catalog.not_toml", detail=visible(str(exc)))
        raise CatalogError(label, "", "", problem) from None
    except UnicodeDecodeError:
        raise CatalogError(label, "", "", msg("core.catalog.not_text")) from None
    except RecursionError:  # tomllib recurses into nested arrays and inline tables
        raise CatalogError(label, "", "", msg("core.catalog.too_deep", limit=MAX_DEPTH)) from None
    if depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise CatalogError(label, "", "", msg("core.catalog.too_deep", limit=MAX_DEPTH))
    return data


def line_of(text: str, ident: Any, field: str) -> int | None:
    """The line of ``field`` in the entry whose ``id`` is ``ident`` (or the first line that
    sets ``field`` when the entry has no id) in TOML ``text``; ``None`` when not found."""
    lines = text.splitlines()
    key = field.split(".")[0].split("[")[0] if field else ""
    start = 0
    if ident is not None:
        wanted = re.compile(rf"""^\s*id\s*=\s*["']{re.escape(str(ident))}["']""")
        hit = next((i for i, ln in enumerate(lines) if wanted.match(ln)), None)
        if hit is None:
            return None
        start = hit
        while start > 0 and not lines[start].lstrip().startswith("["):
            start -= 1
    if not key:
        return start + 1 if ident is not None else None
    pattern = re.compile(rf"""^\s*["']?{re.escape(key)}["']?\s*=""")
    for i in range(start, len(lines)):
        if i > start and ident is not None and lines[i].lstrip().startswith("[["):
            break
        if pattern.match(lines[i]):
            return i + 1
    return start + 1 if ident is not None else None


def merge(base: Any, override: Any, whole: Iterable[str] = ()) -> Any:
    """Deep-merge ``override`` into ``base``: tables by key, lists of tables by their ``id``.
    The one rule by which anything changes the owner's catalog (``Store.change_user_catalog``).
    ``whole``: top-level tables ``override`` states whole (a form that shows every row of
    them), which replace the base's instead of merging, so a row taken out of the form is gone."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        whole = frozenset(whole)
        for key, value in override.items():
            out[key] = merge(base[key], value) if key in base and key not in whole else value
        return out
    if _is_id_list(base) and _is_id_list(override):
        out_list = list(base)
        index = {item["id"]: i for i, item in enumerate(out_list)}
        for item in override:
            if item["id"] in index:
                i = index[item["id"]]
                out_list[i] = merge(out_list[i], item)
            else:
                out_list.append(item)
        return out_list
    return override


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, dict) and isinstance(v.get("id"), str | int) and not isinstance(v["id"], bool)
        for v in value
    )


def _describe_location(data: Any, loc: tuple[Any, ...]) -> tuple[str, str]:
    """Split a pydantic error location into (entry, field), naming entries by their id."""
    entry_parts: list[str] = []
    node = data
    last_entry = 0
    for i, part in enumerate(loc):
        if isinstance(part, int) and isinstance(node, list) and part < len(node):
            node = node[part]
            ident = node.get("id") if isinstance(node, dict) else None
            entry_parts.append(f"[{part}]" + (f" (id={ident})" if ident is not None else ""))
            last_entry = i + 1
            continue
        entry_parts.append(f".{part}" if entry_parts else str(part))
        node = node.get(part) if isinstance(node, dict) else None
    entry = "".join(entry_parts[:last_entry]) if last_entry else ""
    field = ".".join(str(p) for p in loc[last_entry:])
    return entry, field


def validate(model: type[M], data: Any, file: str) -> M:
    """``data`` checked against the schema ``model``. Every string is made visible first
    (``core.text``): a name never carries a terminal escape into the app."""
    if not isinstance(data, dict):
        raise CatalogError(file, "", "", msg("core.catalog.not_a_table"))
    if depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise CatalogError(file, "", "", msg("core.catalog.too_deep", limit=MAX_DEPTH))
    data = visible_data(data)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err["loc"])
        entry, field = _describe_location(data, loc)
        more = len(exc.errors()) - 1
        problem = visible(err["msg"]) + (f" (and {more} more problem(s))" if more > 0 else "")
        error = CatalogError(file, entry, field, problem)
        error.ident = _ident_at(data, loc)
        raise error from None
    except (TypeError, AttributeError, KeyError, IndexError, RecursionError) as exc:
        # a validator meeting a shape the schema did not foresee: still the file's fault
        raise CatalogError(file, "", "", visible(f"{type(exc).__name__}: {exc}")) from None


def _ident_at(data: Any, loc: tuple[Any, ...]) -> Any:
    """The ``id`` of the innermost entry on the way to ``loc``."""
    node, ident = data, None
    for part in loc:
        if isinstance(node, dict):
            node = node.get(part) if isinstance(part, str) else None
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
            if isinstance(node, dict) and isinstance(node.get("id"), str | int):
                ident = node["id"]
        else:
            break
    return ident


def locate(exc: CatalogError, path: Path | str, text: str | None = None) -> CatalogError:
    """``exc`` (raised while checking a user file merged over the box) told about ``path``
    and the line in it where the bad entry or field stands."""
    try:
        text = Path(path).read_text(encoding="utf-8") if text is None else text
    except (OSError, UnicodeDecodeError):
        text = ""
    field = exc.field.split(".")[-1] if exc.field else ""
    line = line_of(text, getattr(exc, "ident", None), field) if exc.entry or exc.field else None
    out = CatalogError(str(path), exc.entry, exc.field, exc.problem, line=line)
    out.ident = getattr(exc, "ident", None)
    return out


def load_catalog(
    model: type[M], game: str, name: str = "box", user: dict[str, Any] | None = None
) -> M:
    """Load ``data/<game>/<name>.toml`` with an optional user catalog on top."""
    path = catalog_path(game, name)
    data = read_toml(path)
    label = str(path)
    if user:
        data = merge(data, user)
        label += " + user catalog"
    return validate(model, data, label)


def unknowns(model: BaseModel, prefix: str = "") -> Iterator[str]:
    """Paths of every :data:`Unknowable` field still unknown, e.g. ``tiles[id=t3].defence``."""
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        path = f"{prefix}.{name}" if prefix else name
        if value is None and any(m is UNKNOWABLE for m in info.metadata):
            yield path
        yield from _unknowns_in(value, path)


def _unknowns_in(value: Any, path: str) -> Iterator[str]:
    if isinstance(value, BaseModel):
        yield from unknowns(value, path)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            ident = getattr(item, "id", None)
            yield from _unknowns_in(item, f"{path}[{'id=' + str(ident) if ident else i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _unknowns_in(item, f"{path}.{key}")


def is_empty(data: dict[str, Any]) -> bool:
    """A file that holds nothing (no key, or only empty tables and lists): an import of it
    could only be a mistake (a truncated or emptied file)."""
    return not any(v not in ({}, [], None, "") for v in data.values())


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """Every value of a catalog by its path, entries named by id (``kingdom[id=aria].life``),
    for telling what an import adds, changes and removes."""
    out: dict[str, Any] = {}
    stack: list[tuple[str, Any]] = [(prefix, data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict) and (node or not path):
            for key, value in node.items():
                stack.append((f"{path}.{key}" if path else str(key), value))
        elif _is_id_list(node) and node:
            for item in node:
                rest = {k: v for k, v in item.items() if k != "id"}
                where = f"{path}[id={item['id']}]"
                out[where] = "…"  # the entry itself, so a new or dropped one shows once
                stack.append((where, rest))
        else:
            out[path] = node
    return out


def diff(old: Any, new: Any) -> tuple[list[str], list[str], list[str]]:
    """``(added, changed, removed)`` paths between two catalogs (plain data)."""
    a, b = flatten(old or {}), flatten(new or {})
    added = sorted(p for p in b if p not in a)
    removed = sorted(p for p in a if p not in b)
    changed = sorted(p for p in a if p in b and a[p] != b[p])
    return added, changed, removed
