"""Keys typed fast across a field change land in the field the cursor moved to: a terminal
sends ``3 Tab 5`` in one burst, and the ``5`` belongs to the second field. (It went on into
the first one: Textual hands each key to the focused widget's queue, and a Tab or an Enter
moved the cursor only once it had come back up to the app, after the keys behind it had been
handed out.) A burst must leave a form as the same keys typed one at a time leave it."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.widgets import Input

from companion.core.i18n import Msg
from companion.ui.app import Start, create_app
from companion.ui.dialogs import FormDialog, FormField
from companion.ui.magical_friends.forms import ArtifactsForm
from tests.magical_friends_ui.helpers import keys, play_to_round_3, saved_game, screen_state
from tests.ui.keys import handed_out
from tests.ui.storm import burst

# keys sent to a form of three fields, the cursor in the first; what each field holds after
# them, and the field the cursor is in (None: not in a field)
BURSTS = [
    (["3", "tab", "5"], ["3", "5", ""], 1),
    (["3", "tab", "5", "tab", "6"], ["3", "5", "6"], 2),
    (["3", "enter", "5", "enter", "6"], ["3", "5", "6"], 2),
    (["3", "enter", "5", "tab", "6", "shift+tab"], ["3", "5", "6"], 1),
    # a field the cursor comes back to has its text selected: the next digit replaces it
    (["3", "tab", "5", "shift+tab", "1"], ["1", "5", ""], 0),
    (["1", "2", "tab", "4", "backspace", "7", "enter", "9"], ["12", "7", "9"], 2),
]


def form_seen(form) -> tuple[list[str], int | None]:
    inputs = list(form.query(Input))
    focused = form.app.focused
    return [box.value for box in inputs], inputs.index(focused) if focused in inputs else None


async def settle(pilot) -> None:
    await handed_out(pilot)


async def typed(pilot, sent: list[str], at_once: bool) -> None:
    if at_once:
        burst(pilot.app, *sent)
    else:
        for key in sent:
            await pilot.press(key)
            await settle(pilot)
    await settle(pilot)


async def artifacts_form(store, pilot_test) -> None:
    """§6 round 3 starts: one number of artifacts per wizard (Red, Blue, Green)."""
    session = saved_game(store)
    play_to_round_3(session)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "a")
        assert isinstance(app.screen, ArtifactsForm)
        await pilot_test(pilot, app.screen)
        assert app._exception is None


@pytest.mark.parametrize("at_once", [True, False], ids=["burst", "one by one"])
@pytest.mark.parametrize("sent, values, cursor", BURSTS)
async def test_the_artifacts_form(store, sent, values, cursor, at_once) -> None:
    async def run(pilot, form):
        await typed(pilot, sent, at_once)
        assert form_seen(form) == (values, cursor)

    await artifacts_form(store, run)


async def test_a_burst_with_its_last_enter_plays_the_artifacts(store) -> None:
    """§6: the most artifacts go first: Green (7), Red (6), Blue (5). Red and Blue used 3, 4
    and 2, 6 in rounds 1 and 2."""

    async def run(pilot, form):
        await typed(pilot, ["6", "enter", "5", "tab", "7", "enter"], at_once=True)
        assert screen_state(pilot.app).turn_order == (2, 0, 1)

    await artifacts_form(store, run)


FIELDS = [FormField(n, Msg("ui.form.ok"), kind="text", optional=True) for n in ("a", "b", "c")]


@pytest.mark.parametrize("at_once", [True, False], ids=["burst", "one by one"])
@pytest.mark.parametrize("sent, values, cursor", BURSTS)
async def test_a_form_dialog(store, sent, values, cursor, at_once) -> None:
    """The shared form of every other form (text fields here); Enter in the last field sends
    what was typed."""
    session = saved_game(store)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        answers = []
        form = FormDialog(Msg("ui.form.ok"), FIELDS)
        app.push_screen(form, answers.append)
        await settle(pilot)
        await typed(pilot, sent, at_once)
        assert form_seen(form) == (values, cursor)
        await typed(pilot, ["enter"] * (3 - cursor), at_once)
        assert answers == [{k: v or None for k, v in zip("abc", values, strict=True)}]
        assert app._exception is None


@pytest.mark.parametrize("at_once", [True, False], ids=["burst", "one by one"])
@pytest.mark.parametrize(
    "sent, cursor",
    [
        (["A", "n", "n", "tab", "tab", "B", "e", "n"], 2),
        (["A", "n", "n", "enter", "tab", "B", "e", "n"], 2),  # Enter: on to the Hand button
        (["A", "n", "tab", "tab", "B", "e", "n", "shift+tab", "shift+tab", "end", "n"], 1),
    ],
)
async def test_a_screen_with_fields(store, sent, cursor, at_once) -> None:
    """Insurrection's quick score, a screen (not a dialog): its players' names, a Hand button
    after each; Enter in a name moves on (``focus_next`` on ``Input.Submitted``)."""
    from companion.ui.insurrection.quick_score import QuickScoreScreen

    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, QuickScoreScreen)
        assert app.focused is screen.query_one("#name-1", Input)
        await typed(pilot, sent, at_once)
        names = [screen.query_one(f"#name-{seat}", Input).value for seat in (1, 2)]
        assert names == ["Ann", "Ben"]
        assert app.focused is screen.query_one(f"#name-{cursor}", Input)
        assert app._exception is None


async def test_keys_held_behind_a_lost_key_go_out_in_order(store) -> None:
    """Should the callback that follows a key be lost (its widget removed before it ran), the
    app does not go deaf: the keys held behind it go out, in order, half a second later."""
    session = saved_game(store)
    app = create_app(store, Start("resume", game_id=session.id), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        form = FormDialog(Msg("ui.form.ok"), FIELDS)
        app.push_screen(form)
        await settle(pilot)
        app._key_on_its_way = events.Key("x", "x")  # on its way, its follower lost
        burst(app, "1", "tab", "2")
        await settle(pilot)
        for _ in range(3000):  # the bound (30 s at least) only stops a hang
            if form_seen(form) == (["1", "2", ""], 1):
                break
            await asyncio.sleep(0.01)
        assert form_seen(form) == (["1", "2", ""], 1)
        assert app._key_on_its_way is None


async def test_a_forms_ctrl_s_typed_after_a_name_waits_for_the_name(store) -> None:
    """The new-game form's ctrl+s (a priority key) typed in the same burst as the last name
    starts the game with the name as typed: "Ann Tab Ben Tab Cleo ctrl+s" seats three players
    (it seated two: the characters typed into a field were not waited for)."""
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        burst(app, *"Ann", "tab", *"Ben", "tab", *"Cleo", "ctrl+s")
        for _ in range(300):  # the bound only stops a hang
            await pilot.pause()
            game = next((s for s in app.screen_stack if hasattr(s, "session")), None)
            if game is not None and not app._keys_busy:
                break
        assert game is not None
        assert game.session.state.players == ("Ann", "Ben", "Cleo")
