"""The command palette under a dialog (played in tmux, a storm of keys with ctrl+p in it: a
dialog of a key chain opened over the palette, then ctrl+p opened a second palette and the
app crashed with DuplicateIds '--command-palette')."""

from __future__ import annotations

from textual.command import CommandPalette

from companion.core.i18n import Msg
from companion.ui.app import Start, create_app
from companion.ui.dialogs import Confirm
from tests.ui.keys import burst, handed_out
from tests.ui.test_burst_equals_slow import new_demo


async def test_ctrl_p_with_a_palette_under_a_dialog_opens_no_second_one(store) -> None:
    app = create_app(store, Start("resume", game_id=new_demo(store, "magical-friends", 1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await handed_out(pilot)
        burst(app, "ctrl+p")
        await handed_out(pilot)
        assert isinstance(app.screen, CommandPalette)
        app.push_screen(Confirm(Msg("ui.home.confirm_delete")))  # as the race did
        await handed_out(pilot)
        burst(app, "ctrl+p")
        await handed_out(pilot)
        assert app._exception is None and app.return_code is None
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 1
