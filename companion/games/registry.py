"""The games the companion knows, by the key used on the command line and in saves.

Each game package exports ``GAME`` (see ``companion.core.commands.Game``). Imports are lazy
so that starting the app loads only the game being played.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the home screen and the command line need only GAME_KEYS at start-up
    from companion.core.game import Game

GAME_KEYS = ("unicornus", "insurrection", "magical-friends")
_MODULES = {
    "unicornus": "companion.games.unicornus",
    "insurrection": "companion.games.insurrection",
    "magical-friends": "companion.games.magical_friends",
}


def game_package(key: str) -> ModuleType:
    """The game's package (its public names: the flow's subjects, commands, helpers)."""
    try:
        module = _MODULES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; choose one of {', '.join(GAME_KEYS)}") from None
    return import_module(module)


def get_game(key: str) -> Game:
    return game_package(key).GAME


def sensible_table(key: str, seed: int = 0):
    """The game's sensible-table player (``autoplay.policy(seed)``, a
    :class:`companion.core.game.Policy`; the seed for a player who picks at random) and its
    ``demo_setup(catalog, players)``."""
    module = import_module(_MODULES[key] + ".autoplay")
    return module.policy(seed), module.demo_setup


def demo_table(key: str, state) -> tuple[tuple[str, str, str], ...]:
    """The seats of a demo game (name, colour, role) for the records: the game's
    ``autoplay.demo_table(state)``."""
    return import_module(_MODULES[key] + ".autoplay").demo_table(state)


def load_game_catalog(key: str, name: str = "box", user: dict | None = None):
    """The game's catalog ``name`` (box or demo); the user's transcription goes on the box.

    Each game's ``catalog`` module provides ``load(name, user)``.
    """
    get_game(key)
    module = import_module(_MODULES[key] + ".catalog")
    return module.load(name, user if name == "box" else None)


def owner_catalog(key: str, name: str = "box", user: dict | None = None):
    """The catalog ``name`` as the owner has it and every value still unknown in it:
    ``(catalog, gaps)``. For ``"box"``, ``user`` is the owner's saved transcription
    (``Store.user_catalog(key)``) merged on the box. The one reader behind ``companion catalog
    check`` and the screens, so both count the same unknowns."""
    catalog = load_game_catalog(key, name, user)
    return catalog, catalog_gaps(key, catalog)


def catalog_gaps(key: str, catalog) -> list[str]:
    """Every value of ``catalog`` still unknown (a game may also count what is not yet
    transcribed at all, such as a board: its ``catalog.missing_values(catalog)``)."""
    from companion.core.catalog import unknowns

    module = import_module(_MODULES[key] + ".catalog")
    missing = getattr(module, "missing_values", None)
    if missing is not None and missing.__code__.co_argcount == 1:
        return missing(catalog)  # its unknowns too, named its way (artifacts by number)
    return list(unknowns(catalog))
