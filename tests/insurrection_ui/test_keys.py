"""The Insurrection screen's keys (issue 21): each is an action of the engine's moment, or a
key of a dialog an action opened; a burst and the same keys typed one at a time give the
same game (spec §3: a round played at table speed, §4: the hands and the record)."""

from __future__ import annotations

from companion.core.i18n import tr
from companion.games.insurrection import engine
from companion.ui.dialogs import ChoiceDialog
from companion.ui.insurrection.picker import CardPicker
from companion.ui.record import RecordScreen
from companion.ui.table import TableScreen
from tests.insurrection_ui.helpers import new_demo_game, resume_app
from tests.ui.keys import until
from tests.ui.storm import burst

# §3 with the app's deck: the March (n), the draw (n), the keyboard round the table (n, then
# each player takes it and picks: Enter Enter ×3), the first turn's take (t, Enter), the next
# two by the advance key (n, Enter): the round is over, the next March waits
ROUND = ["n", "n", "n", *["enter", "enter"] * 3, "t", "enter", "n", "enter", "n", "enter"]


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def played(store, keys: list[str], at_once: bool, seed: int = 7, rounds: int = 0, reach=None):
    """Play ``keys`` on a demo game: the state, the steps and the top screen then. ``at_once``:
    in one burst, done once every key has been handed out and the game has reached ``reach``
    (steps, top screen) — on a loaded machine a few idle pauses may come before the keys'
    work is done."""
    game_id = new_demo_game(store, seed=seed, rounds=rounds)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        if at_once:
            burst(app, *keys)
            await until(
                pilot,
                lambda: not app._keys_busy and (screen.session.cursor, type(app.screen)) == reach,
                lambda: (
                    f"the burst reaches {reach}: it reached "
                    f"{(screen.session.cursor, type(app.screen))}, keys held: {len(app._keys_held)}"
                ),
            )
        else:
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
        await settle(pilot)
        return screen.state, screen.session.cursor, type(app.screen)


async def test_a_round_typed_one_key_at_a_time(store):
    """§3: the round's keys, one at a time, play the round: three turns taken."""
    state, steps, top = await played(store, ROUND, at_once=False)
    assert state.phase == "march" and state.round == 1 and top.__name__ == "InsurrectionScreen"
    assert steps == 1 + 1 + 1 + 3  # March, Draw, Play, three takes


async def test_a_round_typed_in_one_burst_gives_the_same_game(store):
    """The same keys as a terminal sends them typed fast: the same game."""
    slow = await played(store, ROUND, at_once=False)
    fast = await played(store, ROUND, at_once=True, reach=slow[1:])
    assert fast[:2] == slow[:2]


async def test_the_end_one_key_for_the_hands_then_the_record(store):
    """§4 with the app's deck: n reveals the hands (no filter to type into); the effects
    open at once, "not used" first; the record of the game opens with the score sheet."""
    keys = ["n", *["enter"] * 6]
    state, _, top = await played(store, keys, at_once=False, seed=5, rounds=6)
    assert state.phase == "over" and top is RecordScreen
    assert all(state.final_hands[p] for p in state.players)


async def test_every_game_key_is_an_action_of_the_moment(store):
    """Issue 21: the screen's keys that change the game or ask something are the moment's
    actions, so the engine can refuse them with a reason (here the take before the cards
    are played: not a thing now, so nothing opens); corrections lead through the engine."""
    game_id = new_demo_game(store, seed=7)
    app = resume_app(store, game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for binding in type(screen).BINDINGS:
            action = binding.action
            assert action.startswith("act(") or action in ("advance",), action
        await pilot.press("t")  # no turn yet: the take is not an action of this moment
        await settle(pilot)
        assert app.screen is screen and screen.session.cursor == 0
        await pilot.press("c", "2")  # correct a count: which one
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("1")  # the deck's
        await settle(pilot)
        deck = screen.state.deck_count
        for key in ("backspace", "backspace", *str(deck - 1), "enter"):  # 36 → 35
            await pilot.press(key)
        await settle(pilot)
        assert screen.state.deck_count == deck - 1 and app.screen is screen
        assert tr(screen.session.line(0), "en") == f"Correction: {deck - 1} cards in the deck"
        await pilot.press("y", "1")  # Ann's hand: pass the keyboard first
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert "Ann" in str(app.screen.query(".section-title, #who").first().render())
        assert not isinstance(app.screen, CardPicker)
        assert engine.prefill(screen.state, "Ann")  # shown, nothing changed
        assert screen.session.cursor == 1
