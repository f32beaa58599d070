"""Enter Enter on the battle helper's damage split resolves the battle once (issue 15: the
second Enter, queued for the closing helper, raised RuleError "No battle waits on space 2")."""

from __future__ import annotations

from textual.widgets import OptionList

from companion.games.unicornus import GAME
from companion.ui.app import create_app
from companion.ui.unicornus.battle_helper import BattleHelper
from tests.ui.keys import burst, handed_out
from tests.unicornus_forms.hosts import attack_state, open_battle


async def test_enter_enter_on_the_split_resolves_once(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        host = await open_battle(app, pilot, store.new_game(GAME, attack_state(), "battle", "demo"))
        await pilot.press(*"4 5 2", "enter")  # rolled: the helper opens again at once
        await pilot.pause()
        assert isinstance(app.screen, BattleHelper)
        app.screen.query_one("#splits", OptionList).focus()
        await pilot.pause()
        burst(app, "enter", "enter")
        await handed_out(pilot)
        assert app._exception is None
        # one answer applied by the table driver, not a second from the queued Enter
        assert [type(r).__name__ for r in host.answers] == ["RollBattle", "ResolveBattle"]
        assert app.screen is host and not host.state.battles
        assert [type(c).__name__ for c in host.session.log.commands()][-2:] == [
            "RollBattle",
            "ResolveBattle",
        ]
