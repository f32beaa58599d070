"""The games the companion knows, by the key used on the command line and in saves.

Each game package exports ``GAME`` (see ``companion.core.commands.Game``). Imports are lazy
so that starting the app loads only the game being played.
"""

from __future__ import annotations

from importlib import import_module

from companion.core.commands import Game

GAME_KEYS = ("unicornus", "insurrection", "magical-friends")
_MODULES = {
    "unicornus": "companion.games.unicornus",
    "insurrection": "companion.games.insurrection",
    "magical-friends": "companion.games.magical_friends",
}


def get_game(key: str) -> Game:
    try:
        module = _MODULES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; choose one of {', '.join(GAME_KEYS)}") from None
    return import_module(module).GAME


def catalog_model(key: str) -> type:
    """The game's catalog schema (its package exports ``CATALOG_MODEL``)."""
    get_game(key)
    return import_module(_MODULES[key]).CATALOG_MODEL


def load_game_catalog(key: str, name: str = "box", user: dict | None = None):
    """The game's catalog ``name`` (box or demo) with the user's transcription on top."""
    from companion.core.catalog import load_catalog

    return load_catalog(catalog_model(key), key, name, user if name == "box" else None)
