"""Pictures of the battle helper before rolling (issue 4), fixed state and seed, two sizes."""

from __future__ import annotations

from companion.core.i18n import set_language
from companion.games.unicornus import GAME
from companion.store import Store
from companion.ui.app import create_app
from companion.ui.unicornus.battle_helper import BattleHelper
from tests.unicornus_forms.hosts import Host, defence_state


def _snap(snap_compare, size) -> bool:
    """§6.1: the Empire attacks Annelie on a defence-value-1 space; odds before rolling."""
    store = Store.open("sqlite://")
    try:
        state = defence_state()
        session = store.new_game(GAME, state, "Snapshot", "demo")
        app = create_app(store)

        async def open_helper(pilot) -> None:
            await pilot.pause()
            host = Host(session)
            app.push_screen(host)
            await pilot.pause()
            app.push_screen(BattleHelper(host, state.battles[0].space))
            await pilot.pause()

        return snap_compare(app, terminal_size=size, run_before=open_helper)
    finally:
        store.close()
        set_language("en")


def test_battle_helper_before_rolling_120x40(snap_compare):
    assert _snap(snap_compare, (120, 40))


def test_battle_helper_before_rolling_160x50(snap_compare):
    assert _snap(snap_compare, (160, 50))
