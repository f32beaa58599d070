"""Insurrection's screens (issue 5): the new-game flow, the game screen, the score sheet (a
view, and the finished-game record's panel) and the quick score. See ``docs/architecture.md`` ("Game screens").

- ``new_game_screen(catalog_name)`` — "box" (the owner's catalog, asking for missing numbers)
  or "demo" (the fictional catalog).
- ``game_screen(session)`` — the play area, corruption meter, forecast, turn order and log.
- ``seats(state)``, ``seat_screen(session, number)`` — a player's own device (``companion
  serve``): that player's hand and picks.
- ``quick_score_screen(catalog_name="box")`` — the score pad for a game the app did not track.
- ``record_panel(session)`` — the final score sheet on the finished-game screen.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


def new_game_screen(catalog_name: str) -> Screen:
    from companion.ui.insurrection.new_game import NewGameScreen

    return NewGameScreen(catalog_name)


def game_screen(session: Any) -> Screen:
    from companion.ui.insurrection.board import InsurrectionScreen

    return InsurrectionScreen(session)


def seats(state: Any) -> tuple[str, ...]:
    from companion.games.insurrection import seats

    return seats(state)


def seat_screen(session: Any, number: int) -> Screen:
    from companion.ui.insurrection.seat import SeatScreen

    return SeatScreen(session, number)


def quick_score_screen(catalog_name: str = "box") -> Screen:
    from companion.ui.insurrection.quick_score import QuickScoreScreen

    return QuickScoreScreen(catalog_name)


def record_panel(session: Any) -> Any:
    """The game's own part of the finished-game screen: the final score sheet, per card with
    the reason, the winner and the tie-break (§4–§6); none for a game not scored."""
    from companion.games.insurrection import end_position, final_score
    from companion.ui.insurrection.scoring_screen import SheetView

    state = session.state
    if session.outcome is None:  # the engine scores only a game it says is over
        return None
    view = SheetView(
        end_position(state),
        state.catalog,
        session.catalog_name,
        sheet=final_score(state),
        id="record-sheet",
        classes="record",
    )
    view.styles.height = "2fr"
    return view
