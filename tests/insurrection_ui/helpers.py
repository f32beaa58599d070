"""Build and play demo games through the engine, for the screen tests."""

from __future__ import annotations

from companion.core.i18n import set_language
from companion.games.insurrection import GAME, engine
from companion.games.insurrection.catalog import load
from companion.games.insurrection.commands import Draw, KeepLeader, March, Play, Take
from companion.ui.app import Start, create_app

PLAYERS = ("Ann", "Ben", "Cleo")


def demo_state(seed: int = 7, players=PLAYERS):
    """A virtual-deck demo game, each player keeping the first leader offered (§2)."""
    state = engine.new_game(load("demo"), players, seed=seed, virtual=True)
    for p in players:
        state = engine.apply(state, KeepLeader(player=p, leader=state.leader_offers[p][0]))
    return state


def play_round(session) -> None:
    """One round with the app's deck: March, Draw, everyone plays the first card of their
    hand, each turn takes the first card allowed (or takes back when forced)."""
    state = session.state
    land = state.catalog.land(state.path[state.token + 1])
    session.do(March(cards=tuple(state.deck[: min(land.reveal or 0, state.deck_count)])))
    if session.state.phase != "prepare":
        return
    session.do(Draw())
    cards = tuple(engine.prefill(session.state, p)[0] for p in session.state.players)
    session.do(Play(cards=cards))
    while session.state.phase == "turns":
        takes, back = engine.allowed_takes(session.state)
        if back:
            session.do(Take(back=True))
        else:
            session.do(Take(card=takes[0] if takes else None))


def new_demo_game(store, title: str = "Test game", seed: int = 7, rounds: int = 0) -> int:
    session = store.new_game(GAME, demo_state(seed), title, "demo")
    for _ in range(rounds):
        if session.state.phase in ("hands", "effects", "over"):
            break
        play_round(session)
    return session.id


def resume_app(store, game_id: int):
    set_language("en")
    return create_app(store, Start("resume", game_id=game_id), lang="en")
