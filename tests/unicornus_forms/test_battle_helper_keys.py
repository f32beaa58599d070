"""Enter Enter on the battle helper's damage split resolves the battle once (issue 15: the
second Enter, queued for the closing helper, raised RuleError "No battle waits on space 2")."""

from __future__ import annotations

from textual.widgets import OptionList

from companion.games.unicornus import GAME
from companion.ui.app import create_app
from companion.ui.unicornus.battle_helper import BattleHelper
from tests.ui.test_input_discipline import burst
from tests.unicornus_forms.hosts import Host, attack_state


async def test_enter_enter_on_the_split_resolves_once(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        state = attack_state()
        host = Host(store.new_game(GAME, state, "battle", "demo"))
        app.push_screen(host)
        await pilot.pause()
        results: list = []
        app.push_screen(BattleHelper(host, state.battles[0].space), results.append)
        await pilot.pause()
        await pilot.press(*"4 5 2", "enter")
        await pilot.pause()
        app.screen.query_one("#splits", OptionList).focus()
        await pilot.pause()
        burst(app, "enter", "enter")
        await pilot.pause()
        assert app._exception is None
        # one answer for the table driver to apply, not a second from the queued Enter
        assert [type(r).__name__ for r in results] == ["ResolveBattle"] and app.screen is host
        assert host.do(results[0])
        assert [type(c).__name__ for c in host.session.log.commands()][-2:] == [
            "RollBattle",
            "ResolveBattle",
        ]
