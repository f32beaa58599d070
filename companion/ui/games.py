"""Where each game's screens live. A game's UI package exports:

- ``new_game_screen(catalog_name: str) -> Screen``: the new-game flow; it ends by calling
  ``app.start_game(game_key, initial_state, title, catalog_name)``.
- ``game_screen(session) -> Screen``: the screen a group keeps open while playing.
- ``record_panel(session) -> Widget | None``: the game's own part of the finished-game
  screen (``ui/record.py``), such as the score sheet with its breakdown or the tally.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

_UI_MODULES = {
    "unicornus": "companion.ui.unicornus",
    "insurrection": "companion.ui.insurrection",
    "magical-friends": "companion.ui.magical_friends",
}


def game_ui(key: str) -> ModuleType | None:
    """The game's UI package, or None while a game has no screens yet."""
    name = _UI_MODULES[key]
    if find_spec(name) is None:
        return None
    return import_module(name)
