"""What the tests of companion serve's pages share: a demo game, and a page's next view."""

from __future__ import annotations

import json

from companion.games.registry import get_game, load_game_catalog, sensible_table

PLAYERS = ("Ann", "Ben", "Cleo")


def new_insurrection(store, seed: int = 3) -> int:
    """A demo Insurrection game played on the app's deck (the hands are secret: each seat's
    phone holds its own), at its start: every player keeps a leader."""
    game = get_game("insurrection")
    catalog = load_game_catalog("insurrection", "demo")
    _policy, demo_setup = sensible_table("insurrection", seed)
    state = game.new_game(demo_setup(catalog, len(PLAYERS)), catalog, seed)
    assert state.virtual and state.players == PLAYERS
    return store.new_game(game, state, "Phones", "demo").id


async def receive_view(ws) -> str:
    """The next view the server sends a page (its HTML)."""
    data = json.loads((await ws.receive()).data)
    return data["view"]
