"""The box form (issue 12): from an empty catalog to round 1 of Magical Friends through the
forms alone, and the rule options of the new-game screen (spec §3 Ruling, §7 the box).

The values typed are the labelled TEST SHEET (tests/magical_friends/sheet_values.py):
fictional, never the real box's."""

from textual.widgets import Input, Select

from companion.core.i18n import set_language, tr
from companion.games.magical_friends import load, missing_values
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.magical_friends.box import BoxScreen
from companion.ui.magical_friends.setup import NewGameScreen
from tests.magical_friends import sheet_values as TEST
from tests.ui.keys import typed

from .helpers import GAME_KEY, keys, screen_state


class Typist:
    """Types as a person does, fast: a field's characters and its Enter at once, as a terminal
    sends them (tests/ui/keys.py), then waits for what they must do; counts the keys."""

    def __init__(self, pilot) -> None:
        self.pilot, self.count = pilot, 0

    async def press(self, *presses: str) -> None:
        self.count += len(presses)
        await keys(self.pilot, *presses)

    async def open_box(self) -> None:
        """ctrl+u, then wait until the form is up with a field in focus: keys typed before a
        screen is ready are dropped by the app."""
        app = self.pilot.app
        self.count += 1
        await typed(
            self.pilot,
            ["ctrl+u"],
            lambda: isinstance(app.screen, BoxScreen) and isinstance(app.focused, Input),
            "the box form opens",
        )

    async def type(self, text: str, then: str = "enter") -> None:
        """``text`` one key per character, then ``then`` (Enter: to the next field); done when
        the cursor has left the field (or the form closed), or without Enter when the field
        holds the text and what its change made has been drawn (the test looks at it)."""
        app = self.pilot.app
        field, form = app.focused, app.screen
        presses = [*text, *([then] if then else [])]
        self.count += len(presses)
        if then:
            done = lambda: app.focused is not field or app.screen is not form  # noqa: E731
        else:
            want = field.value + text
            done = lambda: field.value == want  # noqa: E731
        await typed(self.pilot, presses, done, f"{text!r} into {field.id}")
        if not then:
            await self.pilot.pause()


async def fill_box_form(t: Typist) -> None:
    """The whole TEST SHEET, typed straight through the form from its first field."""
    await t.type(TEST.TURN_ORDER)
    await t.type(TEST.FAIRY_DIE)
    for line in TEST.SIDES:
        await t.type(line)
    for name, wands, effect in TEST.ARTIFACTS:
        await t.type(name)  # blank (5): the box's Scheming Dagger
        await t.type(wands)
        await t.type(effect)
    for value in TEST.SCORING:
        await t.type(value)
    await t.type(TEST.TIE_BREAK)
    await t.press("enter")  # the Fairy's name is the box's: kept
    for value in TEST.FAIRY:
        await t.type(value)
    await t.press("enter")  # its ability is the box's too
    for name, *values in TEST.CREATURES:
        for value in (name, *values):
            await t.type(value)  # blank: Enter leaves the row above's number


async def test_from_an_empty_catalog_to_round_1_through_the_forms(store, capsys):
    """§7: a box owner types the board, the cast, the artifacts and the scoring once, in the
    app; the game then starts on it and reaches round 1. Keystrokes are counted."""
    app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and store.user_catalog(GAME_KEY) is None
        t = Typist(pilot)
        await t.open_box()
        assert isinstance(app.screen, BoxScreen)
        await fill_box_form(t)
        form = app.screen
        preview = str(form.query_one("#preview-tile-2-a").render())
        assert "2a2◆⟨1-2: 2a3· 2a4· │ 3-4: 2a5· │ 5-6: 2a6· 2a7· 2a8·⟩" in preview
        await t.press("ctrl+s")
        assert isinstance(app.screen, NewGameScreen), form.query_one("#box-error").render()
        cat = load("box", store.user_catalog(GAME_KEY))
        assert missing_values(cat) == []
        gnome = next(k for k in cat.creatures if k.id == "test-gnome")
        assert (gnome.copies, gnome.wand_cost, gnome.wands) == (4, 2, 1)  # from the row above
        await t.press("ctrl+s")  # the new-game form's defaults: 2 wizards, sides A
        state = screen_state(app)
        await t.press("n")  # the app's step: round 1 begins
        state = screen_state(app)
        assert state.round == 1 and state.phase == "artifacts"
        assert state.board.space(state.board.start_spaces[0]).next == ("1a1",)
        assert {k.id for k in state.kinds} == {"fairy", "test-troll", "test-gnome", "test-newt"}
        keystrokes = t.count
    with capsys.disabled():
        print(f"\nbox form: empty catalog to round 1 in {keystrokes} keystrokes")
    assert keystrokes < 700


async def test_a_wrong_line_is_shown_at_once_and_saving_keeps_everything(store):
    """Rule 3: a wrong code line is said beside it while typing; saving is refused with the
    field named and the cursor put on it; nothing typed is lost."""
    app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        t = Typist(pilot)
        await t.open_box()
        await t.type("h")
        await t.type("6")
        await t.type(". p [s | .", then="")
        form = app.screen
        assert "not closed" in str(form.query_one("#preview-tile-1-a").render())
        await t.press("ctrl+s")
        assert app.screen is form and store.user_catalog(GAME_KEY) is None
        assert "Tile 1, side A" in str(form.query_one("#box-error").render())
        assert app.focused is form.query_one("#side-tile-1-a", Input)
        assert app.focused.value == ". p [s | ."
        await t.type("] .", then="")
        await t.press("ctrl+s")
        assert isinstance(app.screen, NewGameScreen)
        cat = load("box", store.user_catalog(GAME_KEY))
        assert cat.board.tiles[0].sides[0].entry == "1a1"
        assert cat.turn_order == "highest_first" and cat.board.fairy_die_sides == 6
        # the board is not complete yet: the form says so and still cannot start
        assert "not transcribed yet" in str(app.screen.query_one("#setup-catalog").render())


async def test_leaving_the_form_with_changes_asks_first(store):
    app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "ctrl+u", "h", "escape")
        assert not isinstance(app.screen, (BoxScreen, NewGameScreen))  # the question
        await keys(pilot, "escape")
        assert isinstance(app.screen, BoxScreen)
        await keys(pilot, "escape", "y")
        assert isinstance(app.screen, NewGameScreen) and store.user_catalog(GAME_KEY) is None


async def test_rule_options_default_to_the_rulings_and_are_logged(store):
    """Every rule option is offered with its default (the companion's ruling, e.g. "last of its
    kind") first; the choice goes into the game's state, is shown beside the log and
    written in round 1's log line."""
    app = create_app(store, Start("demo", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        last = screen.query_one("#option-last_of_its_kind", Select)
        assert last.value == 0
        shown = str(last.query_one("SelectCurrent Static#label").render())
        assert "none racing, none to summon" in shown and "— default" in shown and "§" not in shown
        await keys(pilot, "ctrl+s")
        state = screen_state(app)
        assert state.options.last_of_its_kind == "no_figure_left"
        assert "Rules: default" in str(app.screen.query_one("#mf-rules").render())


async def test_a_rule_option_chosen_goes_into_the_game_and_its_log(store):
    """§3, the other reading chosen on the form: the game plays it (engine tests:
    tests/magical_friends/test_rule_options.py), the screen and round 1's log line say so."""
    app = create_app(store, Start("demo", game_key=GAME_KEY), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        select = app.screen.query_one("#option-last_of_its_kind", Select)
        select.focus()
        await keys(pilot, "enter", "down", "enter")
        assert select.value == 1
        await keys(pilot, "ctrl+s")
        state = screen_state(app)
        assert state.options.last_of_its_kind == "none_racing"
        assert "even with figures never summoned" in str(app.screen.query_one("#mf-rules").render())
        await keys(pilot, "n")
        session = app.screen.session
        first = tr(session.history()[0].description)
        assert first.startswith("Start of round 1") and "even with figures never summoned" in first


def test_box_form_with_its_track_previews_120x40(snap_compare):
    """The tile sides of the TEST SHEET typed into the box form: each line's track drawn
    beside it (forks, the cavern's paths, markets, fairy faces), the last line still wrong."""
    store = Store.open("sqlite://")

    async def type_sides(pilot) -> None:
        await pilot.pause()
        t = Typist(pilot)
        await t.open_box()
        await t.type(TEST.TURN_ORDER)
        await t.type(TEST.FAIRY_DIE)
        for line in TEST.SIDES[:-1]:
            await t.type(line)
        await t.type(". . [s", then="")

    try:
        app = create_app(store, Start("new", game_key=GAME_KEY), lang="en")
        assert snap_compare(app, terminal_size=(120, 40), run_before=type_sides)
    finally:
        store.close()
        set_language("en")
