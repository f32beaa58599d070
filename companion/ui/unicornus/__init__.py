"""Unicornus Knights screens: the new-game flow (``setup.py``) and the game screen a group keeps
open beside the board (``screen.py``). See ``companion/ui/games.py`` for the contract."""

from __future__ import annotations

from typing import Any


def new_game_screen(catalog_name: str):
    from .setup import NewGameScreen  # the new-game flow lives in its own module

    return NewGameScreen(catalog_name)


def game_screen(session: Any):
    from .screen import UnicornusScreen

    return UnicornusScreen(session)


def record_panel(session: Any) -> Any:
    """None: a Unicornus game is won or lost together, scores no player, and the record's head
    already says how it ended."""
    return None


__all__ = ["record_panel", "game_screen", "new_game_screen"]
