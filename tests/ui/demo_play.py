"""The demo game as a sensible table plays it (seed 7, 3 players), for tests that step a
game screen through real moments."""

from __future__ import annotations

from typing import Any


def demo_play(key: str, steps: int) -> tuple[Any, Any, list]:
    """(the game, its first state, the first ``steps`` commands the table decides; fewer
    if the game ends first)."""
    from companion.core.commands import apply_command
    from companion.core.game import decide
    from companion.games.registry import get_game, load_game_catalog, sensible_table

    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    policy, setup = sensible_table(key, 7)
    state = first = game.new_game(setup(catalog, 3), catalog, 7)
    commands = []
    for _ in range(steps):
        command = decide(game.moment(state), state, policy)
        if command is None:
            break
        commands.append(command)
        state = apply_command(game, state, command)
    return game, first, commands
