"""A name imported with ESC, OSC and C1 sequences reaches no screen raw (issue 9)."""

from __future__ import annotations

import json

from companion.store import Store
from companion.ui.app import Start, create_app

ESCAPES = "\x1b]0;pwned\x07\x1b[31;41mred\x1b[0m\x9b2J"
RAW = ("\x1b", "\x07", "\x9b")


def _evil_catalog(tmp_path) -> Store:
    store = Store.open("sqlite://")
    demo = tmp_path / "evil.toml"
    q = json.dumps(ESCAPES)
    demo.write_text(
        f'[[princesses]]\nid = "p1"\nname = {{ en = {q}, ja = {q} }}\ncommand = 6\nlife = 5\n'
        f'[[princesses]]\nid = "p2"\nname = {{ en = {q}, ja = {q} }}\n',
        encoding="utf-8",
    )
    store.import_user_catalog("unicornus", demo)
    return store


async def test_the_new_game_screen_shows_imported_names_as_text(tmp_path):
    store = _evil_catalog(tmp_path)
    app = create_app(store, Start("new", game_key="unicornus"))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3):
            await pilot.pause()
        shot = app.export_screenshot()
        assert "pwned" in shot  # the name is on the screen, as text
    for ch in RAW:
        assert ch not in shot
    store.close()
