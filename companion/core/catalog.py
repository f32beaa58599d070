"""Catalogs: each game's box as data files, validated by schema models.

- ``data/<game>/box.toml``: what is known of the real box; unknown numbers are ``"?"``.
- ``data/<game>/demo.toml``: a complete, clearly fictional box.
- A user catalog (the owner's transcription) overrides the box entry by entry.

Errors name the file, the entry and the field. A value typed :data:`Unknowable` may be
``"?"``/absent; :func:`unknowns` lists every one still unknown so the UI can ask for it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError

from companion.core.errors import CatalogError

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


def read_toml(path: Path | str) -> dict[str, Any]:
    path = Path(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CatalogError(str(path), "", "", "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(str(path), "", "", f"not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise CatalogError(str(path), "", "", "not UTF-8 text") from None


def merge(base: Any, override: Any) -> Any:
    """Deep-merge ``override`` into ``base``: tables by key, lists of tables by their ``id``."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            out[key] = merge(base[key], value) if key in base else value
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
    return isinstance(value, list) and all(isinstance(v, dict) and "id" in v for v in value)


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


def validate(model: type[M], data: dict[str, Any], file: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        entry, field = _describe_location(data, tuple(err["loc"]))
        more = len(exc.errors()) - 1
        problem = err["msg"] + (f" (and {more} more problem(s))" if more > 0 else "")
        raise CatalogError(file, entry, field, problem) from None


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
