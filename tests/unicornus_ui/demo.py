"""The demo game the screen tests play: the fictional demo catalog, three players, a fixed
seed; started straight on the game screen (``app.start_game``), without the setup screens."""

from __future__ import annotations

from companion.games.unicornus import SetupChoice, UKState, load_catalog, new_game

SEED = 7
SETUP = SetupChoice(3, ("annelie", "bertram", "cordelia"), "p3")


def demo_state(seed: int = SEED) -> UKState:
    return new_game(load_catalog("demo"), SETUP, seed=seed)


def start(app, seed: int = SEED) -> None:
    """Open the game screen on a new demo game (called once the app is running)."""
    app.start_game("unicornus", demo_state(seed), "demo", "demo")
