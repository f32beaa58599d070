"""The quick score in the app (issue 5, Quick score) and the box catalog's missing numbers."""

from __future__ import annotations

import pytest
from textual.widgets import Input, RadioButton, Static

from companion.core.catalog import unknowns
from companion.games.insurrection import engine
from companion.games.insurrection.catalog import load
from companion.games.insurrection.values import with_value
from companion.ui.app import Start, create_app
from companion.ui.dialogs import FormDialog
from companion.ui.home import HomeScreen
from companion.ui.insurrection.new_game import NewGameScreen
from companion.ui.insurrection.picker import CardPicker
from companion.ui.insurrection.quick_score import QuickScoreScreen
from companion.ui.insurrection.scoring_screen import ScoringScreen
from tests.ui.keys import burst, handed_out


async def type_text(pilot, text: str) -> None:
    """``text`` typed fast (one burst, tests/ui/keys.py), done once every key is handed out:
    not a press and its idle waits per character."""
    burst(pilot.app, *text)
    await handed_out(pilot)


async def pick_cards(pilot, *prefixes: str) -> None:
    """In an open CardPicker: type each name prefix and Enter, then Enter to finish."""
    for prefix in prefixes:
        await type_text(pilot, prefix)
        await pilot.press("enter")
    await pilot.press("enter")
    await pilot.pause()


async def test_quick_score_from_home(store):
    """§6 on the demo catalog: Good wins; Ann holds Ember Imp ×2 and Moss Wyrm (2 + 2 + 7 =
    11), Ben Dusk Jackal and Moss Wyrm (3 + 7 = 10): Ann wins, totals on screen."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuickScoreScreen)
        screen.query_one("#cat-demo", RadioButton).value = True
        await pilot.pause()
        assert screen.catalog is not None and screen.catalog.meta.fictional
        screen.query_one("#name-1", Input).focus()
        await type_text(pilot, "Ann")
        screen.query_one("#name-2", Input).focus()
        await type_text(pilot, "Ben")
        screen.query_one("#hand-1").press()
        await pilot.pause()
        assert isinstance(app.screen, CardPicker)
        await pick_cards(pilot, "ember", "ember", "moss")
        screen.query_one("#hand-2").press()
        await pilot.pause()
        await pick_cards(pilot, "dusk", "moss")
        assert screen.hands == {1: ("imp", "imp", "wyrm"), 2: ("jackal", "wyrm")}
        await pilot.press("ctrl+s")
        await pilot.pause()
        scoring = app.screen
        assert isinstance(scoring, ScoringScreen)
        titles = [str(p.border_title) for p in scoring.query(".player")]
        assert titles == ["Ann — 11 points", "Ben — 10 points"]
        assert "Ann wins" in str(scoring.query_one("#summary", Static).render())


async def test_quick_score_needs_names(store):
    """A hand without a player's name is refused, and nothing is scored."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, QuickScoreScreen)
        assert "at least one player" in str(screen.query_one("#error", Static).render())


def test_a_scoring_value_writes_the_whole_list():
    """A list in the user catalog replaces the box's: setting one scoring number keeps the
    card's other terms (docs/insurrection.md, Catalogs)."""
    box = load("box")
    dragon = box.card("dragon")
    path = next(
        f"persons[id=dragon].scoring[{i}].{name}"
        for i, term in enumerate(dragon.scoring or [])
        for name, value in term.model_dump().items()
        if value is None and name not in ("card",)
    )
    user = with_value(None, box, path, 5)
    merged = load("box", user)
    assert len(merged.card("dragon").scoring) == len(dragon.scoring)
    assert path not in list(unknowns(merged))


async def test_box_asks_for_the_missing_numbers_card_by_card(store):
    """§1: a tracked game needs copies, marks, initiative, icons and reveal counts; the box
    flow asks exactly those (one form for the lands, then one per card) and saves each form
    at once."""
    before = len(engine.play_unknowns(load("box")))
    app = create_app(store, Start("new", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)  # first the lands: one reveal count each
        for _ in range(6):
            await type_text(pilot, "4")
            await pilot.press("enter")  # the next field; from the last one, submit
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)  # the next one: a card
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        after = engine.play_unknowns(load("box", store.user_catalog("insurrection")))
        assert len(after) == before - 6
        assert "lands[id=stronghold].reveal" not in after
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(app.screen.query_one("#error", Static).render())
        assert "missing" in error and store.list_games() == []


async def test_unknown_values_are_asked_never_guessed(store):
    """§6 Dragon: 7 if Good wins, the Evil value is on the card ("?" in the box). With Evil
    winning, the scoring screen shows "?" and asks; the value typed is saved into the owner's
    catalog and the total follows from it."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#evil", RadioButton).value = True
        screen.query_one("#name-1", Input).focus()
        await type_text(pilot, "Jeanne")
        screen.query_one("#hand-1").press()
        await pilot.pause()
        await pick_cards(pilot, "dragon", "goblin")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)  # asked at once
        scoring = next(s for s in app.screen_stack if isinstance(s, ScoringScreen))
        assert scoring.sheet.players[0].total is None and scoring.sheet.winner is None
        assert "Jeanne — ? points" in [str(p.border_title) for p in scoring.query(".player")]
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is scoring
        # Goblin 9 if Evil wins (§6) + the Dragon's Evil value as entered
        assert [str(p.border_title) for p in scoring.query(".player")] == ["Jeanne — 11 points"]
        saved = load("box", store.user_catalog("insurrection"))
        assert saved.card("dragon").scoring is not None
        assert any(getattr(t, "evil", None) == 2 for t in saved.card("dragon").scoring)


async def test_the_quick_score_is_a_listed_key_of_home(store):
    """Home's footer lists the quick score's key (it was bound but shown nowhere)."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        keys = {(k.key, k.description) for k in app.screen.query_one("Footer").keys}
        assert ("k", "Quick score") in keys


async def demo_quick_score(pilot, app, hand_1: tuple[str, ...], graveyard: str = "0"):
    await pilot.pause()
    await pilot.press("k")
    await pilot.pause()
    screen = app.screen
    screen.query_one("#cat-demo", RadioButton).value = True
    await pilot.pause()
    screen.query_one("#name-1", Input).value = "Ann"
    screen.query_one("#name-2", Input).value = "Ben"
    screen.hands = {1: hand_1, 2: ("jackal", "wyrm")}
    screen.query_one("#graveyard", Input).value = graveyard
    await pilot.press("ctrl+s")
    await pilot.pause()
    return screen


async def test_the_quick_score_refuses_more_cards_than_the_box_and_a_hand_too_big(store):
    """§1 (the demo box holds 45 persons and 12 leaders): a graveyard of 150 is refused naming
    the field; §2–§3: a hand of 11 is refused naming the player; nothing is kept."""
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await demo_quick_score(pilot, app, ("imp", "wyrm"), graveyard="150")
        assert app.screen is screen
        error = str(screen.query_one("#error", Static).render())
        assert "154 cards in all (150 in the graveyard" in error and "at most 57" in error
        assert app.focused is screen.query_one("#graveyard", Input)
        screen.query_one("#graveyard", Input).value = "0"
        eleven = ("imp",) * 4 + ("scribe",) * 3 + ("herder",) * 3 + ("piper",)
        screen.hands[1] = eleven
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "Ann holds 11 cards: a hand at the end holds at most 10" in str(
            screen.query_one("#error", Static).render()
        )
        assert app.focused is screen.query_one("#hand-1")
    assert store.list_games() == []


async def test_a_quick_scored_play_is_kept_in_history_and_stats(store):
    """A play scored in the quick score is a finished game in the records: History lists it
    with its scores and winner, Stats counts it, and its record opens."""
    from companion.store.records import stats
    from companion.ui.record import RecordScreen

    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await demo_quick_score(pilot, app, ("imp", "imp", "wyrm"))
        assert isinstance(app.screen, ScoringScreen)
        await pilot.pause()
        [game] = store.list_games()
        assert game.finished and game.game_key == "insurrection"
        assert game.outcome.scores == (("Ann", 11), ("Ben", 10))
        assert game.outcome.winners == ("Ann",) and game.players == ("Ann", "Ben")
        figures = stats(store.list_games())
        assert figures["games"]["insurrection"]["games"] == 1
        assert figures["players"]["Ann"]["won"] == 1
        app.push_screen(RecordScreen(game.id))
        await pilot.pause()
        assert isinstance(app.screen, RecordScreen)
        assert app.screen.query_one("#record-sheet") is not None
    assert store.open_game(game.id).outcome is not None


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [80, 100])
async def test_the_radio_labels_are_shown_whole(store, lang, width):
    """Found playing (issue 23): the quick score's choices were cut ("Good wi…"); at 80
    columns and at 100 (four narrow columns) each label is shown whole, wrapping if need be,
    in Japanese too."""
    app = create_app(store, lang=lang)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, QuickScoreScreen)
        for radio in app.screen.query(RadioButton):
            shown = "".join(radio.render_line(y).text for y in range(radio.size.height))
            assert "…" not in shown, shown
            assert str(radio.label).replace(" ", "") in shown.replace(" ", ""), shown
