"""The one translation layer: every word the app shows goes through here.

Strings live in ``companion/locales/<domain>.toml``; each key holds one entry per language::

    ["round.header"]
    en = "Round {round}/{rounds}"
    ja = "ラウンド {round}/{rounds}"

A key is addressed as ``<domain>.<key>`` (``ui.round.header``). Engines never format text
themselves: they return :class:`Msg` values, which the UI translates at display time, so a
game log recorded in English reads in Japanese after a language switch.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ja")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"

_current = "en"
_tables: dict[str, dict[str, str]] | None = None  # full key -> {lang: text}
_extra_dirs: list[Path] = []  # more locale folders (the tests' tiny game has one)


@dataclass(frozen=True)
class Msg:
    """A translatable message: a key plus the values to put into it.

    Parameter values may themselves be ``Msg`` (translated recursively) or plain values.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:  # params is a dict; hash on the key and a frozen view
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.params.items()))))

    def __str__(self) -> str:
        return tr(self)


def msg(key: str, **params: Any) -> Msg:
    return Msg(key, params)


def load_tables(directory: Path = LOCALE_DIR) -> dict[str, dict[str, str]]:
    tables: dict[str, dict[str, str]] = {}
    for path in sorted(directory.glob("*.toml")):
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for key, entry in data.items():
            tables[f"{path.stem}.{key}"] = dict(entry)
    return tables


def add_locale_dir(directory: Path) -> None:
    global _tables
    _extra_dirs.append(directory)
    _tables = None


def _get_tables() -> dict[str, dict[str, str]]:
    global _tables
    if _tables is None:
        _tables = load_tables()
        for extra in _extra_dirs:
            _tables.update(load_tables(extra))
    return _tables


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _current = lang


def language() -> str:
    return _current


def has_key(key: str) -> bool:
    return key in _get_tables()


def tr(message: Msg | str, lang: str | None = None, **params: Any) -> str:
    """Translate a :class:`Msg` or a key. Unknown keys show as ``⟨key⟩`` so gaps are visible."""
    if isinstance(message, Msg):
        key, values = message.key, {**message.params, **params}
    else:
        key, values = message, params
    lang = lang or _current
    entry = _get_tables().get(key)
    if entry is None:
        return f"⟨{key}⟩"
    template = entry.get(lang) or entry.get("en") or f"⟨{key}⟩"
    if not values:
        return template
    shown = {k: _show(v, lang) for k, v in values.items()}
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template


def _show(value: Any, lang: str) -> Any:
    """A parameter as shown: a ``Msg`` translated, a catalog name (``{"en": …, "ja": …}``)
    in ``lang``, anything else as it is."""
    if isinstance(value, Msg):
        return tr(value, lang)
    if isinstance(value, dict) and "en" in value:
        return value.get(lang) or value["en"]
    return value


def tr_name(names: dict[str, str] | None, fallback: str = "") -> str:
    """Pick a catalog entry's name in the current language (catalogs carry ``en`` and ``ja``)."""
    if not names:
        return fallback
    return names.get(_current) or names.get("en") or next(iter(names.values()), fallback)
