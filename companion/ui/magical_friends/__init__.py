"""The Magical Friends screens: the new-game flow, the game screen and the final tally.

- ``new_game_screen(catalog_name)``: "box" (the user's box) or "demo" (the fictional demo).
- ``game_screen(session)``: the screen a table keeps open while playing.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


def new_game_screen(catalog_name: str = "box") -> Screen:
    from .setup import NewGameScreen

    return NewGameScreen(catalog_name)


def game_screen(session: Any) -> Screen:
    from .screen import MagicalFriendsScreen

    return MagicalFriendsScreen(session)


def record_panel(session: Any) -> Any:
    """The game's own part of the finished-game screen: the final tally (None before it)."""
    state = session.state
    if state.tally is None:
        return None
    from .tally import TallyPanel

    return TallyPanel(state, session.catalog_name)


__all__ = ["record_panel", "new_game_screen", "game_screen"]
