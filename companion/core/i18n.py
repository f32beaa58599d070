"""The one translation layer: every word the app shows goes through here.

Strings live in ``companion/locales/<domain>.toml``; each key holds one entry per language::

    ["round.header"]
    en = "Round {round}/{rounds}"
    ja = "ラウンド {round}/{rounds}"

A key is addressed as ``<domain>.<key>`` (``ui.round.header``). Where a count changes the
words, ``plural`` names the parameter and ``<lang>_one`` gives the text for exactly one::

    ["tokens"]
    plural = "n"
    en = "{n} tokens"
    en_one = "{n} token"
    ja = "{n}個"
 Engines never format text
themselves: they return :class:`Msg` values, which the UI translates at display time, so a
game log recorded in English reads in Japanese after a language switch.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.text import visible

LANGUAGES = ("en", "ja")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locales"

_current = "en"
_domains: dict[str, dict[str, dict[str, str]]] = {}  # domain -> key -> {lang: text}, as read
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


def _read_domain(path: Path) -> dict[str, dict[str, str]]:
    """A locale file's entries, through a JSON copy in the user's cache folder: parsing TOML
    (and importing tomllib) was most of the words' cost at start-up, and JSON reads ten times
    faster. The copy names the file, its size and time; any change makes it again. A cache
    that cannot be read or written is only slower."""
    stat = path.stat()
    source = [str(path), stat.st_size, stat.st_mtime_ns]
    folder = zlib.crc32(str(path.parent).encode())  # a domain may have files in two folders
    copy = _cache_dir() / f"{path.stem}-{folder:08x}.json"
    try:
        cached = json.loads(copy.read_text(encoding="utf-8"))
        if cached["source"] == source:
            return cached["entries"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    import tomllib

    with path.open("rb") as fh:
        entries = {key: dict(entry) for key, entry in tomllib.load(fh).items()}
    fresh = copy.with_name(f"{copy.name}.{os.getpid()}")
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        fresh.write_text(json.dumps({"source": source, "entries": entries}), encoding="utf-8")
        os.replace(fresh, copy)  # whole or not at all, whoever else writes it
    except OSError:
        with contextlib.suppress(OSError):  # no half-written copy left behind
            fresh.unlink()
    return entries


def _cache_dir() -> Path:
    import platformdirs

    return platformdirs.user_cache_path("companion") / "locales"


def load_tables(directory: Path = LOCALE_DIR) -> dict[str, dict[str, str]]:
    """Every key of every domain in ``directory`` (for checks; lookups read one domain)."""
    return {
        f"{path.stem}.{key}": entry
        for path in sorted(directory.glob("*.toml"))
        for key, entry in _read_domain(path).items()
    }


def add_locale_dir(directory: Path) -> None:
    _extra_dirs.append(directory)
    _domains.clear()


def _entry(full_key: str) -> dict[str, str] | None:
    """The entry of ``<domain>.<key>``, reading only that domain's file, once (start-up
    then pays for the words of the first screen, not for every game's)."""
    domain, _, key = full_key.partition(".")
    table = _domains.get(domain)
    if table is None:
        table = {}
        for directory in (LOCALE_DIR, *_extra_dirs):
            path = directory / f"{domain}.toml"
            if path.is_file():
                table.update(_read_domain(path))
        _domains[domain] = table
    return table.get(key)


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _current = lang


def language() -> str:
    return _current


def known_language(value: Any, default: str = "en") -> str:
    """A language read from a save or a file: itself when the app speaks it, else
    ``default`` (a setting written by a newer build, or damaged, is no reason to stop)."""
    return value if isinstance(value, str) and value in LANGUAGES else default


def has_key(key: str) -> bool:
    return _entry(key) is not None


def tr(message: Msg | str, lang: str | None = None, **params: Any) -> str:
    """Translate a :class:`Msg` or a key. Unknown keys show as ``⟨key⟩`` so gaps are visible."""
    if isinstance(message, Msg):
        key, values = message.key, {**message.params, **params}
    else:
        key, values = message, params
    lang = lang or _current
    entry = _entry(key)
    if entry is None:
        return f"⟨{key}⟩"
    template = entry.get(lang) or entry.get("en") or f"⟨{key}⟩"
    counted = entry.get("plural")  # the parameter that decides "1 token" / "2 tokens"
    if counted is not None and values.get(counted) == 1:
        template = entry.get(f"{lang}_one") or template
    if not values:
        return template
    shown = {k: _show(v, lang) for k, v in values.items()}
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template


def _show(value: Any, lang: str) -> Any:
    """A parameter as shown: a ``Msg`` translated, a catalog name (``{"en": …, "ja": …}``)
    in ``lang``, text with its control characters made visible (``core.text``), anything
    else as it is."""
    if isinstance(value, Msg):
        return tr(value, lang)
    if isinstance(value, dict) and "en" in value:
        value = value.get(lang) or value["en"]
    if isinstance(value, str):  # text from files and people: shown, never acting on a terminal
        return visible(value, lines=True)
    return value


def tr_name(names: dict[str, str] | None, fallback: str = "") -> str:
    """Pick a catalog entry's name in the current language (catalogs carry ``en`` and ``ja``)."""
    if not names:
        return fallback
    name = names.get(_current) or names.get("en") or next(iter(names.values()), fallback)
    return visible(name) if isinstance(name, str) else name
