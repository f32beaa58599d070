"""Seats: a player's own device shows that player's secrets only, and the card to play is
picked there as a step of the log (§3.2, spec "Secret choices"; issue 10)."""

from __future__ import annotations

import pytest

from companion.core.errors import RuleError
from companion.core.game import Entry, Step
from companion.core.i18n import tr
from companion.core.steplog import StepLog
from companion.games.insurrection import GAME, engine, flow
from companion.games.insurrection.commands import Choose, Draw, March, Play
from tests.insurrection_ui.helpers import demo_state


def at_choose(seed: int = 7):
    """A demo game (the app's deck) at its first §3.2 pick."""
    log = StepLog(GAME, demo_state(seed))
    state = log.state
    land = state.catalog.land(state.path[state.token + 1])
    log.do(March(cards=tuple(state.deck[: land.reveal or 0])))
    log.do(Draw())
    assert log.state.phase == "choose"
    return log


def test_a_seat_sees_its_own_hand_and_nothing_of_the_others():
    state = at_choose().state
    for n, player in enumerate(state.players, 1):
        view = flow.seat(state, n)
        assert view.player == player
        assert view.hand == engine.prefill(state, player)
        assert {c.card for c in view.pick.candidates} == set(view.hand)
    assert flow.seat(state, 1).hand != flow.seat(state, 2).hand  # dealt different cards
    with pytest.raises(KeyError):
        flow.seat(state, len(state.players) + 1)


def test_a_pick_on_a_phone_is_a_step_that_names_nobody_s_card():
    log = at_choose()
    ann = flow.seat(log.state, 1)
    card = ann.hand[0]
    log.do(ann.choose(card))
    line = tr(log.history()[-1].description)
    assert "Ann" in line
    assert log.state.catalog.card(card).name["en"] not in line  # the log keeps the secret
    assert flow.seat(log.state, 1).picked == card
    assert flow.seat(log.state, 2).picked is None
    assert flow.picks(log.state) == (1, 3)


def test_the_table_sees_k_of_n_picked_and_passes_the_keyboard_for_the_rest():
    log = at_choose()
    log.do(flow.seat(log.state, 2).choose(flow.seat(log.state, 2).hand[0]))
    moment = flow.moment(log.state)
    assert "1 of 3 picked" in tr(moment.prompt)
    assert isinstance(moment.next, Entry) and moment.next.count == 2
    assert moment.next.subject.players == ("Ann", "Cleo")  # Ben has picked on his phone
    ann, cleo = (flow.seat(log.state, n).hand[0] for n in (1, 3))
    play = moment.next.answer((ann, cleo))
    assert play == Play(cards=(ann, flow.seat(log.state, 2).picked, cleo))


def test_when_every_seat_has_picked_the_app_reveals_them_together():
    log = at_choose()
    chosen = []
    for n in (1, 2, 3):
        view = flow.seat(log.state, n)
        chosen.append(view.hand[-1])
        log.do(view.choose(view.hand[-1]))
    assert flow.picks(log.state) == (3, 3)
    nxt = flow.moment(log.state).next
    assert isinstance(nxt, Step) and not nxt.confirm  # nobody need press a key
    assert nxt.command == Play(cards=tuple(chosen))
    log.do(nxt.command)
    assert log.state.phase == "turns" and log.state.chosen == {}
    assert flow.picks(log.state) is None


def test_a_seat_cannot_pick_a_card_it_does_not_hold_nor_out_of_turn():
    log = at_choose()
    ben_card = flow.seat(log.state, 2).hand
    not_anns = next(c for c in ben_card if c not in flow.seat(log.state, 1).hand)
    with pytest.raises(RuleError):
        log.do(Choose(player="Ann", card=not_anns))
    with pytest.raises(RuleError):
        log.do(Choose(player="Zed", card=ben_card[0]))
    log.do(flow.seat(log.state, 1).choose(flow.seat(log.state, 1).hand[0]))
    for n in (2, 3):
        log.do(flow.seat(log.state, n).choose(flow.seat(log.state, n).hand[0]))
    log.do(flow.moment(log.state).next.command)
    with pytest.raises(RuleError):  # the turns have begun: no more picks
        log.do(flow.seat(log.state, 1).choose(flow.seat(log.state, 1).hand[0]))
    assert flow.seat(log.state, 1).pick is None


def test_a_seat_keeps_its_leader_in_secret():
    """§2 step 3: the two leaders offered, on the player's own device."""
    state = engine.new_game(demo_state().catalog, ("Ann", "Ben"), seed=3, virtual=True)
    view = flow.seat(state, 2)
    assert view.leader.offers == state.leader_offers["Ben"]
    state = engine.apply(state, view.keep(view.leader.offers[1]))
    assert flow.seat(state, 2).leader is None and flow.seat(state, 1).leader is not None
