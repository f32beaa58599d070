"""Playing a transcribed box (issue 12): rule options chosen on the new-game form (the default
marked as the default, logged as the game's first steps, shown in the header and the info
panel), the table's own event deck entered card by card (§2 step 6, §3 step 2), an ally made
with its own key (§9)."""

from __future__ import annotations

from textual.widgets import Input, Select, Static

from companion.core.i18n import tr
from companion.ui.app import create_app
from companion.ui.unicornus.screen import UnicornusScreen
from companion.ui.unicornus.setup import NewGameScreen


def text(screen, sid: str) -> str:
    return str(screen.query_one(sid, Static).render())


async def start_demo(app, pilot, **options) -> UnicornusScreen:
    await pilot.pause()
    setup = NewGameScreen("demo", seed=8)
    app.push_screen(setup)
    await pilot.pause()
    shown = setup.query_one("#option-princess_enters_goal SelectCurrent Static", Static)
    assert str(shown.render()) == "on (default)"  # each option starts at its default
    setup.query_one("#event-mode", Select).value = "table"
    for name, value in options.items():
        setup.query_one(f"#option-{name}", Select).value = value
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()
    await pilot.pause()
    assert isinstance(app.screen, UnicornusScreen)
    return app.screen


async def test_rule_options_are_chosen_logged_and_shown(store):
    """§5.1 option off at the start: the game's first step says so in the log, the header
    counts the changed options and the info panel names them."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_demo(app, pilot, princess_enters_goal=False)
        assert screen.state.options.princess_enters_goal is False
        log = [tr(h.description) for h in screen.session.history()]
        assert any("The Princess steps onto" in line and "off" in line for line in log)
        assert "rule options: 1 changed" in text(screen, "#uk-header")
        assert "stops beside it" in text(screen, "#uk-side")


async def test_a_known_table_card_is_two_keys(store):
    """§3.2 with the table's own deck (issue 23: recording the table's card cost 7 keys every
    round): the event step lists the catalog's cards of this round's level by number, so a
    known card is the advance key and its digit; the log names it."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_demo(app, pilot)
        await pilot.press("n")  # round start
        await pilot.pause()
        first = screen.moment.next.choice.options[0]
        await pilot.press("n", "1")
        await pilot.pause()
        assert app.screen is screen and screen.state.current_event.id == first.value.event
        assert tr(first.label) in tr(screen.session.history()[-1].description)


async def test_the_table_deck_event_is_entered_and_shown_for_its_round(store):
    """§3.2 with the table's own deck: the event step lists the cards; the last option opens
    a new card's form; a level-3 card in round 1 is refused beside the field; a card added
    on the spot (ONGOING) is taken, logged by its name, and the header shows it as this
    round's card, marked ONGOING."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start_demo(app, pilot)
        await pilot.press("n")  # round start
        await pilot.pause()
        await pilot.press("n")  # the event: the cards are listed
        await pilot.pause()
        await pilot.press(str(len(app.screen.choice.options)))  # a card not in the catalog
        await pilot.pause()
        form = app.screen
        assert form is not screen
        form.query_one("#field-name_en", Input).value = "Test Storm"
        form.query_one("#field-level", Input).value = "3"
        form.query_one("#field-ongoing", Input).value = "y"
        form.query_one("#ok").press()
        await pilot.pause()
        assert app.screen is form
        assert "level 1 card" in str(form.query_one("#error-level", Static).render())
        form.query_one("#field-level", Input).value = "1"
        form.query_one("#ok").press()
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        header = text(screen, "#uk-header")
        assert "Test Storm" in header and "ONGOING" in header
        assert screen.state.current_event.id == "test_storm"
        assert tr(screen.session.history()[-1].description) == "Event: Test Storm"


async def test_a_card_added_on_the_spot_joins_the_box_catalog(store):
    """§10 with the table's own deck on the owner's box: a card not in the catalog, entered
    when it is turned over, is saved in the user's catalog and offered by number next time."""
    from tests.unicornus_forms.test_new_game import box_transcription_but_one

    data = box_transcription_but_one()
    for k in data["kingdom"]:
        k["life"] = 4 if k["id"] == "annelie" else k["life"]
    store.save_user_catalog("unicornus", data)
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        setup = NewGameScreen("box", seed=8)
        app.push_screen(setup)
        await pilot.pause()
        setup.query_one("#event-mode", Select).value = "table"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, UnicornusScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(str(len(app.screen.choice.options)))  # a card not in the catalog
        await pilot.pause()
        form = app.screen
        form.query_one("#field-name_en", Input).value = "Test Comet"
        form.query_one("#field-ongoing", Input).value = "n"
        form.query_one("#ok").press()
        await pilot.pause()
        await pilot.pause()
        assert screen.state.current_event.name[0] == "Test Comet"
    saved = {e["id"]: e for e in store.user_catalog("unicornus")["events"]}
    assert saved["test_comet"] == {
        "id": "test_comet",
        "name": {"en": "Test Comet"},
        "level": 1,
        "ongoing": False,
    }
