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
