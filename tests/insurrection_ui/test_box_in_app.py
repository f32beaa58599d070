"""Issue 12, Insurrection: the whole box from the forms alone — from an empty catalog to
round 1, typed key by key — the box seats 5 players once 2 leaders are added, the rule
options go into the game, and an advanced land's effect is asked at its moment."""

from __future__ import annotations

from textual.widgets import Static

from companion.core.i18n import set_language
from companion.games.insurrection import engine
from companion.games.insurrection.catalog import load
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog, FormDialog
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.insurrection.catalog_values import transcription_forms
from companion.ui.insurrection.new_game import NewGameScreen
from companion.ui.insurrection.picker import CardPicker
from tests.ui.keys import typed, until

# TEST SHEET — fictional values, invented for this test; they are NOT the real cards'.
# Per card: corruption, Remove, Scout, initiative, copies (leaders: no copies).
TEST_SHEET = {
    "goblin": (1, "y", "n", 12, 3),
    "occultist": (1, "n", "y", 33, 2),
    "dragon": (1, "y", "n", 51, 1),
    "tamer": (0, "n", "y", 24, 2),
    "war_bear": (0, "y", "n", 18, 5),
    "prophet": (0, "n", "y", 41, 2),
    "gnoll": (2, "y", "n", 15, 2),
    "druid_yel": (1, "n", "n", 37, 1),
    "necromancer": (2, "y", "y", 46, 1),
    "shadow": (2, "n", "n", 8, 2),
    "bard": (0, "n", "y", 29, 2),
    "musketeer": (0, "y", "n", 21, 3),
    "princess": (0, "n", "n", 44, 1),
    "dwarf": (0, "y", "n", 26, 2),
    "chaos": (3, "y", "y", 55, 1),
    "tore": (0, "n", "y", 31, 1),
    "skeleton": (1, "n", "n", 10, 3),  # its 1 mark is the seed's; the form does not ask it
    "qhia": (0, "n", "y", 7, None),
    "azel": (1, "y", "n", 9, None),
    "liohra": (0, "n", "y", 4, None),
    "talin": (2, "y", "n", 58, None),  # Talin's 2 marks are the spec's: not asked
    "doraxen": (0, "y", "y", 6, None),
    "fenriz": (1, "n", "n", 3, None),
    "trak": (0, "y", "n", 5, None),
    "nhia": (0, "n", "y", 2, None),
}
TEST_REVEALS = {"stronghold": 3, "basic_a1": 3, "basic_a2": 2, "basic_b1": 3, "basic_b2": 2}
TEST_REVEALS["fortress"] = 1
# two leaders the box file does not list (invented for the test)
TEST_LEADERS = (("Test Leader Orm", "0", "n", "y", "11"), ("Test Leader Vey", "1", "y", "n", "13"))


class Keys:
    """The keys pressed, counted. A field's text and its Enter go at once, as a terminal sends
    fast typing (tests/ui/keys.py); then the test waits for what they must do."""

    def __init__(self, pilot) -> None:
        self.pilot, self.count = pilot, 0

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            self.count += 1
        await self.pilot.pause()

    async def type(self, text: str) -> None:
        """``text`` and Enter into the field with the cursor (once one has it); done when the
        cursor has left it, or the screen it was on has given way to another, built."""
        app = self.pilot.app
        await until(
            self.pilot,
            lambda: app.screen.is_mounted and getattr(app.focused, "screen", None) is app.screen,
            "a field has the cursor",
        )
        field, screen = app.focused, app.screen
        self.count += len(text) + 1
        await typed(
            self.pilot,
            [*text, "enter"],
            lambda: (
                app.screen.is_mounted and app.focused is not field
                if app.screen is screen
                else app.screen.is_mounted
            ),
            f"{text!r} into {field.id}",
        )


def sheet_value(path: str) -> str:
    """The test sheet's value for the catalog path a transcription form's field asks."""
    entry, name = path.split("[id=", 1)[1].split("].", 1)
    if path.startswith("lands["):
        return str(TEST_REVEALS[entry])
    corruption, remove, scout, initiative, copies = TEST_SHEET[entry]
    values = {"corruption": corruption, "remove": remove, "scout": scout}
    return str({**values, "initiative": initiative, "copies": copies}[name])


async def transcribe_everything(keys: Keys, app, store) -> int:
    forms = 0
    while isinstance(app.screen, FormDialog):
        form = app.screen
        # the paths the open form asks, in its fields' order (v0, v1 …)
        missing = engine.play_unknowns(load("box", store.user_catalog("insurrection")))
        paths = transcription_forms(missing)[0][2]
        for f in form.fields:
            await keys.type(sheet_value(paths[int(f.name[1:])]))
        await keys.pilot.pause()
        forms += 1
    return forms


async def test_from_an_empty_catalog_to_round_1_with_five_players_by_the_forms(tmp_path):
    set_language("en")
    store = Store.open(tmp_path / "box.db")
    app = create_app(store, Start("new", game_key="insurrection"), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        await pilot.pause()
        forms = await transcribe_everything(keys, app, store)
        transcribed = keys.count
        assert forms == 26
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert not screen.missing
        seats = str(screen.query_one("#seats-status", Static).render())
        assert "2 to 4 players" in seats and "2 more leaders for 5 players" in seats

        # five players on the box as the file lists it: the engine refuses, saying why
        for seat, name in enumerate(("Ann", "Ben", "Cleo", "Dev", "Eve"), start=1):
            await pilot.click(f"#seat-{seat}")
            keys.count += 1
            await keys.type(name)
        await keys.press("ctrl+s")
        error = str(screen.query_one("#error", Static).render())
        assert "2 more leaders" in error and isinstance(app.screen, NewGameScreen)

        for name, corruption, remove, scout, initiative in TEST_LEADERS:
            await keys.press("ctrl+e")
            assert isinstance(app.screen, ChoiceDialog)
            await keys.press("2")  # add a leader
            form = app.screen
            assert isinstance(form, FormDialog)
            # name, Japanese name, icons, marks, Remove, Scout, initiative, effect, Good, Evil
            for value in (name, "", "", corruption, remove, scout, initiative, "", "0", "0"):
                await keys.type(value)
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
        assert len(screen.catalog.leaders) == 10
        assert "2 to 5 players" in str(screen.query_one("#seats-status", Static).render())
        extra = keys.count - transcribed

        await keys.press("ctrl+s")
        board = app.screen
        assert isinstance(board, InsurrectionScreen)
        assert board.state.players == ("Ann", "Ben", "Cleo", "Dev", "Eve")
        assert board.state.catalog.card("test_leader_orm").initiative == 11
        await keys.press("n")  # the March: the cards the table turns up
        assert isinstance(app.screen, CardPicker)
        for _ in range(TEST_REVEALS["stronghold"]):
            await keys.press("enter")
        await pilot.pause()
        assert board.state.round == 1 and len(board.state.area) == 3
        print(f"keys: {transcribed} to transcribe 26 forms, {extra} for 5 players, {keys.count}")
        # what a person types: the sheet's characters, an Enter per field, no more
        assert transcribed < 500
    store.close()
