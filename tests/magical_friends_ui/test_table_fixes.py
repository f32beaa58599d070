"""Issue 23's fixes at the Magical Friends table: the header announces lava, the workshop's
catapult and the highway only on boards that have them."""

from __future__ import annotations

from textual.widgets import Static

from companion.core.i18n import set_language
from companion.games.magical_friends import StartRound
from companion.games.magical_friends.flow import banner
from companion.store import Store
from companion.ui.app import Start, create_app

from .helpers import saved_game

# no lava (the cavern side), no workshop (the portal side), no highway (the market side)
WITHOUT = (("t1", "t1-portal"), ("t2", "t2-cavern"), ("t3", "t3-market"), ("t4", "t4-fairy"))
WITH = (("t1", "t1-workshop"), ("t2", "t2-lava"), ("t3", "t3-highway"), ("t4", "t4-fairy"))


def test_the_banner_says_only_what_the_board_has():
    store = Store.open("sqlite://")
    try:
        without = saved_game(store, sides=WITHOUT).state
        with_all = saved_game(store, sides=WITH).state
        lava_round = min(without.options.lava_rounds)
        for state, has in ((without, False), (with_all, True)):
            b = banner(state.__class__(**{**state.__dict__, "round": lava_round, "phase": "turns"}))
            assert b.lava_now is has and b.workshop is has and b.highway is has
    finally:
        store.close()


async def test_the_header_of_a_board_without_lava_nor_workshop():
    store = Store.open("sqlite://")
    try:
        session = saved_game(store, sides=WITHOUT)
        session.do(StartRound(fairy_roll=3))
        app = create_app(store, Start("resume", game_id=session.id), lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            header = app.screen.round_text(session.state).plain
            assert "workshop" not in header and "Lava" not in header and "Hell" not in header
            assert "Round 1" in header
    finally:
        store.close()
        set_language("en")
