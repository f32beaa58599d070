"""Pictures of the Insurrection screens at fixed sizes, fixed seed (issue 5, Screens)."""

from __future__ import annotations

from companion.core.i18n import set_language
from companion.games.insurrection import GAME, engine
from companion.games.insurrection.commands import Draw, EnterHand, March, Play, ResolveEffect
from companion.store import Store
from tests.insurrection_ui.helpers import demo_state, play_round, resume_app


def mid_round(store) -> int:
    """Round 3 of a seeded demo game, the first turn of the round about to be played."""
    session = store.new_game(GAME, demo_state(21), "Snapshot", "demo")
    play_round(session)
    play_round(session)
    state = session.state
    land = state.catalog.land(state.path[state.token + 1])
    session.do(March(cards=tuple(state.deck[: land.reveal or 0])))
    session.do(Draw())
    session.do(Play(cards=tuple(engine.prefill(session.state, p)[-1] for p in state.players)))
    return session.id


def finished(store, players=("Ann", "Ben", "Cleo", "Dev", "Eve")) -> int:
    """A seeded demo game of 5 players played to the end, hands as the app saw them, effects
    not used."""
    session = store.new_game(GAME, demo_state(5, players), "Snapshot", "demo")
    while session.state.phase not in ("hands", "effects", "over"):
        play_round(session)
    for p in session.state.players:
        session.do(EnterHand(player=p, cards=engine.prefill(session.state, p)))
    while (due := engine.next_effect(session.state)) is not None:
        session.do(ResolveEffect(player=due[0], card=due[1]))
    return session.id


def _snap(snap_compare, build, size, keys=()) -> bool:
    store = Store.open("sqlite://")
    try:
        app = resume_app(store, build(store))
        return snap_compare(app, terminal_size=size, press=list(keys))
    finally:
        store.close()
        set_language("en")


def test_play_area_120x40(snap_compare):
    assert _snap(snap_compare, mid_round, (120, 40))


def test_play_area_160x50(snap_compare):
    assert _snap(snap_compare, mid_round, (160, 50))


def test_scoring_120x40(snap_compare):
    """§4: 5 players at 120×40: the winner, the standings and every breakdown on one screen."""
    assert _snap(snap_compare, finished, (120, 40), keys=("f",))


def test_take_picker_says_which_takes_let_evil_win_120x40(snap_compare):
    """Issue 14, §3: at a tally of 9 with a marked card played, the take picker says for each
    card the marks at the end of the turn and which takes make Evil win."""
    assert _snap(snap_compare, mid_round, (120, 40), keys=("t",))


def test_remove_picker_says_what_this_turn_can_then_be_120x40(snap_compare):
    """Issue 14, §3: each Remove says the marks it leaves and the range of this turn's check."""
    assert _snap(snap_compare, mid_round, (120, 40), keys=("r",))
