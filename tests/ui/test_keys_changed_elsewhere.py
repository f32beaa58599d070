"""Keys typed before a change the table did not make (a step on another device) are not
applied to the game as it is now, and the screen says so (issue 21, item 4); keys typed after
it are. The app learns of such a change from the game screen's ``on_remote_change``
(tests/sync/test_two_apps.py checks that a followed step tells it)."""

from __future__ import annotations

from companion.core.i18n import tr
from companion.ui.app import Start, create_app
from companion.ui.game_screen import GameScreen
from tests.ui.keys import handed_out
from tests.ui.storm import burst
from tests.ui.test_burst_equals_slow import new_demo


async def test_a_key_typed_before_a_change_elsewhere_is_dropped_and_said(store) -> None:
    app = create_app(store, Start("resume", game_id=new_demo(store, "unicornus", 1)), lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await handed_out(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        cursor = screen.session.cursor
        burst(app, "n")  # typed: queued, not yet handled
        app.changed_elsewhere()  # then the game changed on another device
        await handed_out(pilot)
        assert screen.session.cursor == cursor  # the key was not applied
        said = [str(n.message) for n in app._notifications]
        assert tr("ui.keys.dropped") in said
        burst(app, "n")  # typed after the change: applied
        await handed_out(pilot)
        assert screen.session.cursor == cursor + 1
