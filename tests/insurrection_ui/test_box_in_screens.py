"""Issue 12, Insurrection screens: the rule options of the new-game form go into the game and
its header (and stay with the save); the land's effect opens at its moment; the add-card
form as a picture."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Static

from companion.core.i18n import Msg, set_language, tr
from companion.games.insurrection import GAME, RULINGS, Options
from companion.games.insurrection.commands import Draw, March, Play, Take
from companion.games.insurrection.engine import new_game
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog, FormDialog
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.insurrection.box_forms import card_fields
from companion.ui.insurrection.new_game import NewGameScreen
from tests.insurrection.fixtures import tiny
from tests.insurrection_ui.helpers import resume_app


async def test_rule_options_chosen_in_the_form_go_into_the_game_and_its_header():
    set_language("en")
    store = Store.open("sqlite://")
    app = create_app(store, Start("demo", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        box = screen.query_one("#opt-initiative_ties_by_seat", Checkbox)
        assert box.value is True and "default: yes" in str(box.label)  # the default, marked
        assert screen.options() == RULINGS
        box.value = False
        screen.query_one("#seat-1", Input).value = "Ann"
        screen.query_one("#seat-2", Input).value = "Ben"
        await pilot.press("ctrl+s")
        await pilot.pause()
        board = next(s for s in app.screen_stack if isinstance(s, InsurrectionScreen))
        session = board.session
        assert session.state.options == Options(initiative_ties_by_seat=False)
        round_line = str(board.query_one("#round", Static).render())
        assert "Rules: initiative ties in reverse seat order" in round_line
        game_id = session.id
    app = resume_app(store, game_id)  # the save keeps the rules it was started with
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = next(s for s in app.screen_stack if isinstance(s, InsurrectionScreen))
        assert board.state.options.initiative_ties_by_seat is False
    store.close()


async def test_the_land_effect_opens_with_n_at_the_start_of_the_turn():
    """§3.3 step 1: on an advanced land the turn's prompt says the land's words, and n asks
    whether to apply them (before Remove and Scout)."""
    set_language("en")
    store = Store.open("sqlite://")
    s = new_game(tiny(), ("A", "B"), path=("adv", "b1", "a2", "b2"), seed=1)
    session = store.new_game(GAME, s, "Land", "demo")
    for cmd in (March(("z", "z2", "z", "z")), Draw(), Play(("z2", "z2")), Take("z"), Take("z")):
        session.do(cmd)
    for cmd in (March(("z2",)), Draw(), Play(("z", "z2"))):
        session.do(cmd)
    app = resume_app(store, session.id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, InsurrectionScreen)
        assert "before Remove and Scout" in str(board.query_one("#next", Static).render())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("2")  # not this turn
        await pilot.pause()
        assert board.state.current.land_used and board.moment.next is None
        last = board.session.line(board.session.cursor - 1)
        assert tr(last, "en").endswith("Land effect not used")
    store.close()


def test_add_card_form_snapshot(snap_compare):
    set_language("en")
    store = Store.open("sqlite://")
    try:
        app = create_app(store, lang="en")

        async def open_form(pilot) -> None:
            form = FormDialog(
                Msg("insurrection_ui.box.leaders_title"),
                card_fields("leaders"),
                intro=Msg("insurrection_ui.box.intro"),
            )
            app.push_screen(form)
            await pilot.pause()

        assert snap_compare(app, terminal_size=(100, 40), run_before=open_form)
    finally:
        store.close()


async def test_a_card_the_catalog_refuses_is_said_and_the_form_keeps_what_was_typed():
    """House rule 3: a name longer than a catalog allows is refused with a message, nothing
    is saved, and the form opens again with everything typed."""
    set_language("en")
    store = Store.open("sqlite://")
    app = create_app(store, Start("new", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("escape")  # the missing numbers can wait
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("1")  # a person card
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        typed = {"name": "T" * 130, "corruption": "1", "remove": "n", "scout": "y"}
        typed |= {"initiative": "9", "copies": "2"}
        for name, value in typed.items():
            form.query_one(f"#field-{name}", Input).value = value
        form.action_submit()
        await pilot.pause()
        await pilot.pause()
        again = app.screen
        assert isinstance(again, FormDialog) and again is not form
        assert again.query_one("#field-name", Input).value == "T" * 130
        assert again.query_one("#field-initiative", Input).value == "9"
        assert store.user_catalog("insurrection") is None
    store.close()
