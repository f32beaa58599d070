"""What the tests of companion serve's pages share: demo games, and a page's next view."""

from __future__ import annotations

import json

from companion.core.i18n import tr
from companion.games.insurrection import name_msg, prefill
from companion.games.registry import get_game, load_game_catalog, sensible_table
from companion.web.driver import WebTable

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


def demo_table(store, key: str, seed: int = 5):
    """A demo game of ``key`` at its start, open for the pages (a :class:`WebTable`), and the
    sensible table's policy that plays it on."""
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    policy, demo_setup = sensible_table(key, seed)
    state = game.new_game(demo_setup(catalog, None), catalog, seed)
    return WebTable(store, store.new_game(game, state, "D", "demo")), policy


async def receive_view(ws) -> str:
    """The next view the server sends a page (its HTML)."""
    data = json.loads((await ws.receive()).data)
    return data["view"]


def secret_names(state, viewer: str | None) -> set[str]:
    """The names of cards only other players hold (in hand, or offered as a leader, or picked
    and not yet revealed), that nothing public and nothing of ``viewer``'s shows."""
    cat = state.catalog
    shown = set(state.area) | set(state.graveyard) | {t.card for t in state.turns}
    if viewer is not None:
        shown |= set(prefill(state, viewer)) | set(state.leader_offers.get(viewer, ()))
        shown |= {state.chosen[viewer]} if viewer in state.chosen else set()
    hidden = set()
    for p in state.players:
        if p != viewer:
            hidden |= set(prefill(state, p)) | set(state.leader_offers.get(p, ()))
            hidden |= {state.chosen[p]} if p in state.chosen else set()
    names = {c: tr(name_msg(cat.card(c).name)) for c in hidden | shown}
    return {names[c] for c in hidden - shown} - {names[c] for c in shown}
