"""The Unicornus box in 20 minutes (issue 12, spec §10): from an empty catalog to round 1
through the forms alone, typed key by key from a transcription sheet, the keys counted.

THE SHEET BELOW IS A TEST SHEET: every name and number is invented (fictional) to have the
shape of a real box — most spaces plain, a few villages, forests, lakes and fortresses per
tile, tokens on the Empire tiles — and is NOT the published game's components.

The typist is a careful person: in each field it types what the sheet says (deleting a
default that differs), Enter moves to the next field, and ctrl+s saves as soon as every
field left holds its value already. A click on a button counts as one key."""

from __future__ import annotations

import random

from textual.widgets import Input

from companion.ui.app import create_app
from companion.ui.unicornus.catalog_forms import CardForm, TileForm
from companion.ui.unicornus.screen import UnicornusScreen
from companion.ui.unicornus.setup import NewGameScreen
from tests.ui.keys import typed, until

GOAL = 1500  # keys for the whole box (issue 12)

# --- THE TEST SHEET (fictional) ---------------------------------------------------------------
KINGDOM = [  # name, command, life, attack / defence diagrams, ability in short, timing
    ("Aldric", "6", "4", "lmmhhh mmhhhh", "re-roll one die", "b"),
    ("Brisa", "5", "5", "mmmhhh lmhhhh", "+1 supply on Procure", "p"),
    ("Corwen", "4", "6", "lmhhhh mmmhhh", "heal 1", "r"),
    ("Delphine", "6", "3", "mmhhhh mmhhhh", "move 1 free", "t"),
]
PRINCESS_ABILITY = "allies shield 1"
LIONEL = {"personality": "d", "combat_power": "5", "life": "6", "no_fate": "y"}
EMPIRE = [  # tile name, imperial character (name, personality, power, life, no fate, ally)
    ("Ashfen", ("Varo", "a", "2", "3", "n", "+1 die")),
    ("Brackmoor", ("Sella", "n", "2", "3", "n", "")),
    ("Cinderwold", ("Gorm", "a", "3", "3", "n", "recruit +1")),
    ("Duskreach", ("Ilsa", "d", "1", "2", "n", "")),
    ("Emberlow", ("Taro", "n", "2", "3", "n", "move +1")),
    ("Frostgate", ("Mirel", "n", "2", "3", "n", "")),
    ("Grimhollow", ("Oskar", "a", "3", "4", "y", "")),
    ("Harrowdeep", ("Wenna", "d", "2", "3", "n", "heal 1")),
    ("Ironvale", ("Brant", "n", "2", "3", "n", "")),
    ("Jadecrest", ("Quill", "a", "2", "2", "n", "")),
    ("Kestrel Pass", ("Yorva", "n", "1", "3", "n", "defence +1")),
]
OTHER_KINGDOM_TILES = ["Larkspur", "Meadowbrook"]
EVENTS = {  # level: (name, ONGOING?)
    1: [("Rain", "n"), ("Fair", "n"), ("Fog", "y")],
    2: [("Plague", "n"), ("Spies", "n"), ("Feast", "n")],
    3: [("Siege", "y"), ("Storm", "n"), ("Revolt", "n")],  # and the box file's Despair
}
DESPAIR = {"field-level": "3", "field-ongoing": "n"}  # the one card the box file names


def space_codes(seed: str, empire: bool) -> list[str]:
    """A tile's 7 space codes as the owner reads them off the (fictional) test tile."""
    rng = random.Random(seed)
    codes = []
    for _ in range(7):
        roll, code = rng.random(), ""
        if roll < 0.10:
            code = "x"
        elif roll < 0.30:
            code = f"r{rng.randint(1, 2)}"
        elif roll < 0.45:
            code = f"d{rng.randint(1, 2)}"
        elif roll < 0.55:
            code = "p2"
        elif roll < 0.60:
            code = "v1"
        if empire and code != "x" and rng.random() < 0.25:
            code += "t1"
        codes.append(code)
    return codes


def with_start(codes: list[str], k: int) -> list[str]:
    out = list(codes)
    out[k] = "s" if out[k] == "x" else out[k] + "s"  # nobody starts on a lake
    return out


# --- the typist -------------------------------------------------------------------------------
class Typist:
    """Types a field's text in one burst, as a terminal sends fast keys (the focused field takes
    them in order), and looks before typing on: the text in the field, the cursor in the next
    field, the form closed (rather than waiting for the app to be idle after every key)."""

    def __init__(self, pilot):
        self.pilot, self.keys = pilot, 0

    async def click(self, selector: str) -> None:
        self.keys += 1
        await self.pilot.click(selector)

    async def until(self, done, what: str) -> None:
        await until(self.pilot, done, what)

    async def type(self, keys: list[str], done, what: str) -> None:
        """Send ``keys`` at once, then let the app work until ``done()``."""
        self.keys += len(keys)
        await typed(self.pilot, keys, done, what)

    async def fill(self, form, wanted: dict[str, str]) -> None:
        """Type ``wanted`` (input id → text) into ``form``, field by field, from the first."""
        app = form.app
        inputs = list(form.query(Input))
        for i, field in enumerate(inputs):
            rest = inputs[i:]
            if all(wanted.get(f.id, f.value) == f.value for f in rest):
                await self.type(["ctrl+s"], lambda: app.screen is not form, "ctrl+s")
                break
            assert app.focused is field, f"{field.id} should have the cursor"
            text = wanted.get(field.id, field.value)
            if text != field.value:
                if not text.startswith(field.value):
                    # a binding (it acts when the key reaches the app): before the new text
                    backspaces = ["backspace"] * len(field.value)
                    await self.type(backspaces, lambda f=field: f.value == "", field.id)
                keys = list(text[len(field.value) :])
                await self.type(keys, lambda f=field, t=text: f.value == t, field.id)
            await self.type(
                ["enter"], lambda f=field: app.focused is not f or app.screen is not form, field.id
            )
        await self.until(lambda: app.screen is not form, f"the form closes: {form.request}")


def settled(app, setup) -> bool:
    """Nothing on its way: the game; the setup screen asking nothing; a form, its cursor in it."""
    screen = app.screen
    if screen is setup:
        return not setup.asking
    if isinstance(screen, CardForm | TileForm):  # its first field has the cursor
        return isinstance(app.focused, Input) and app.focused.screen is screen
    return isinstance(screen, UnicornusScreen) and screen.is_mounted


def tile_values(form: TileForm, codes: list[str], name: str = "") -> dict[str, str]:
    out = {f"s{k}": c for k, c in enumerate(codes)}
    if name:
        out["tile-name_en"] = name
    return out


async def answer(typist: Typist, form, sheet: dict) -> None:
    req = form.request
    if isinstance(form, TileForm):
        if req.kind == "tile":  # the Capital or the Ancestral Castle of the box file
            codes = with_start(space_codes(req.entry, req.entry == "capital"), 0)
            return await typist.fill(form, tile_values(form, codes))
        if req.tile_kind == "empire":
            name, (who, pers, power, life, no_fate, ally) = sheet["empire"].pop(0)
            codes = with_start(space_codes(name, True), 0)
            values = tile_values(form, codes, name) | {
                "card-name_en": who,
                "card-personality": pers,
                "card-combat_power": power,
                "card-life": life,
                "card-no_fate": no_fate,
                "card-ally_en": ally,
            }
            return await typist.fill(form, values)
        if req.tile_kind == "kingdom" and req.entry:
            name = f"{req.entry.title()}'s Home"
            codes = with_start(space_codes(name, False), 1)
            return await typist.fill(form, tile_values(form, codes, name))
        name = sheet["other"].pop(0)
        return await typist.fill(form, tile_values(form, space_codes(name, False), name))
    assert isinstance(form, CardForm), form
    if req.kind == "layout":
        return await typist.fill(form, {})  # the default diagram is kept
    if req.kind == "princesses":
        return await typist.fill(form, {"field-ability_en": PRINCESS_ABILITY})
    if req.kind == "imperial":
        return await typist.fill(form, {f"field-{k}": v for k, v in LIONEL.items()})
    if req.kind == "events" and req.entry == "despair":
        return await typist.fill(form, DESPAIR)
    if req.kind == "new_event":
        name, ongoing = sheet["events"][req.level].pop(0)
        return await typist.fill(form, {"field-name_en": name, "field-ongoing": ongoing})
    raise AssertionError(f"a form the sheet does not cover: {req}")


async def test_the_whole_box_to_round_one_in_under_1500_keys(store):
    """§10 + §2: 4 kingdom characters added, then every form the game asks (the layout, the
    Princess's ability, Lionel, 19 tiles with 11 imperial cards, 10 event cards), to round 1
    of a game on the transcribed box — in fewer keys than the goal."""
    sheet = {
        "empire": list(EMPIRE),
        "other": list(OTHER_KINGDOM_TILES),
        "events": {lv: list(cards) for lv, cards in EVENTS.items()},
    }
    app = create_app(store)
    async with app.run_test(size=(120, 50)) as pilot:
        typist = Typist(pilot)
        await pilot.pause()
        setup = NewGameScreen("box", seed=3)
        app.push_screen(setup)
        await pilot.pause()
        await pilot.pause()
        for name, command, life, dice, ability, when in KINGDOM:
            await typist.click("#add-character")
            await typist.until(lambda: settled(app, setup) and app.screen is not setup, "a form")
            values = {
                "field-name_en": name,
                "field-command": command,
                "field-life": life,
                "field-dice": dice,
                "field-ability_en": ability,
                "field-when": when,
            }
            await typist.fill(app.screen, values)
        assert setup.chosen_characters() == ["aldric", "brisa", "corwen", "delphine"]
        await typist.type(["ctrl+s"], lambda: app.screen is not setup, "start")
        forms = 0
        for _ in range(60):
            await typist.until(lambda: settled(app, setup), "the next screen")
            screen = app.screen
            if isinstance(screen, UnicornusScreen):
                break
            if screen is setup:  # new tiles changed the draw: the table looks, then starts
                await typist.type(["ctrl+s"], lambda: app.screen is not setup, "start again")
                continue
            forms += 1
            await answer(typist, screen, sheet)
        assert isinstance(app.screen, UnicornusScreen), app.screen
        state = app.screen.state
        assert (state.round, state.phase) == (1, "round_start")
        names = {c.name[0] for c in state.imperial}
        assert "Emperor Lionel" in names and names <= {"Emperor Lionel"} | {e[1][0] for e in EMPIRE}
        assert not sheet["empire"] and not any(sheet["events"].values())
    print(f"\nkeys for the whole box: {typist.keys} ({forms} forms after 4 characters)")
    assert forms == 32
    assert typist.keys <= GOAL
