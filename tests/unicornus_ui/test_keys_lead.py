"""Issue 21 at the table: every key of the Unicornus screen is an action of the moment the
table driver performs (no method per action on the screen); a burst of keys and the same
keys typed one at a time give the same game."""

from __future__ import annotations

from pathlib import Path

from companion.core.i18n import set_language
from companion.games.unicornus import GAME, flow
from companion.games.unicornus.state import Unit
from companion.store import Store
from companion.ui.app import create_app
from companion.ui.unicornus.battle_helper import BattleHelper
from companion.ui.unicornus.screen import UnicornusScreen
from tests.ui.keys import handed_out
from tests.ui.storm import burst
from tests.unicornus.scenario import game, hero, imperial
from tests.unicornus_forms.hosts import MAP
from tests.unicornus_ui.demo import start
from tests.unicornus_ui.test_play import ROUND_SEED

SCREENS = Path(__file__).parents[2] / "companion" / "ui" / "unicornus"


def test_the_screens_have_no_method_per_action():
    """The screens render and hold forms: no ``perform_*``, no ``advance_free``, no override
    of the driver's ``do``."""
    for path in SCREENS.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "def perform_" not in text and "def advance_free" not in text, path.name
        assert "    def do(" not in text, path.name


async def play(keys: tuple[str, ...], fast: bool):
    """The demo game after ``n n`` and then ``keys``, typed as one burst or one by one."""
    store = Store.open("sqlite://")
    try:
        app = create_app(store, lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            start(app, ROUND_SEED)
            await pilot.pause()
            for k in ("n", "n"):
                await pilot.press(k)
                await pilot.pause()
            screen = app.screen
            if fast:
                burst(app, *keys)
                await handed_out(pilot)
            else:
                for k in keys:
                    await pilot.press(k)
                    await pilot.pause()
            assert app._exception is None
            return screen.state, [type(c).__name__ for c in screen.session.log.commands()]
    finally:
        store.close()
        set_language("en")


async def test_a_burst_move_is_the_same_move_as_slow_keys():
    """§4 Move: ``m 1`` typed as one burst and typed slowly move the same character to the
    same space (the key after ``m`` belongs to the question ``m`` opens)."""
    slow = await play(("m", "1"), fast=False)
    fast = await play(("m", "1"), fast=True)
    assert slow[1][-1] == "Move" and fast == slow


async def test_the_ally_key_at_round_1_changes_nothing_and_says_why():
    """§7 (issue 21: ``y Enter Enter`` at round 1 made the "no fate" Emperor the Princess's
    ally, logged as Fate): refused by the engine with its reason; the Enters do nothing."""
    store = Store.open("sqlite://")
    try:
        app = create_app(store, lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            start(app, ROUND_SEED)
            await pilot.pause()
            screen = app.screen
            before = (screen.session.cursor, screen.state)
            for k in ("y", "enter", "enter"):
                await pilot.press(k)
                await pilot.pause()
            assert app.screen is screen and (screen.session.cursor, screen.state) == before
            assert "Fate card" in list(app._notifications)[0].message
    finally:
        store.close()
        set_language("en")


async def test_a_move_into_a_unit_opens_the_battle_at_once(store):
    """§4 Move into an imperial unit is an attack (§6.1): the battle helper opens by itself."""
    state = game(
        MAP,
        phase="players",
        heroes=[hero("annelie", 1, tokens=3)],
        units=[Unit(2, 2, "morwen")],
        imps=[imperial("morwen", combat_power=2, life=3)],
    )
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_game("unicornus", state, "demo", "demo")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, UnicornusScreen)
        number = [n for n, _ in flow.move_targets(state, "annelie")].index(2) + 1
        for k in ("m", str(number)):
            await pilot.press(k)
            await pilot.pause()
        assert screen.state.battles and isinstance(app.screen, BattleHelper)


async def fight(store, fast: bool):
    """Annelie's attack (§6.1) on a bare host: the app rolls, then the result is applied."""
    from tests.unicornus_forms.hosts import attack_state, open_battle

    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        host = await open_battle(app, pilot, store.new_game(GAME, attack_state(), "b", "demo"))
        if fast:
            burst(app, "ctrl+r", "ctrl+s")
            await handed_out(pilot)
        else:
            for k in ("ctrl+r", "ctrl+s"):
                await pilot.press(k)
                await pilot.pause()
        assert app._exception is None
        return host.state, [type(c).__name__ for c in host.session.log.commands()]


async def test_a_burst_roll_and_apply_is_the_same_battle_as_slow_keys(store):
    """§6.1: ctrl+r (the app rolls: the helper opens again, rolled) then ctrl+s (apply): the
    key typed while the helper reopens reaches it, so the battle is resolved either way
    (issue 21: keys after a battle screen change were dropped silently)."""
    slow = await fight(store, fast=False)
    fast = await fight(store, fast=True)
    assert slow[1][-2:] == ["RollBattle", "ResolveBattle"] and fast == slow
