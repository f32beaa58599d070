"""Help, palette, messages, screenshots and theme (issue 13)."""

import time

import pytest
from textual.widgets import DataTable, MarkdownViewer

from companion.core import settings
from companion.core.errors import CatalogError
from companion.core.i18n import Msg, set_language
from companion.ui.app import create_app
from companion.ui.help import HelpScreen
from tests.ui.keys import until
from tests.ui.test_help_links import guide_drawn

TEXTUAL_WORDS = ("Scroll", "Focus", "Page", "Copy", "Cursor", "Select", "super+")


async def test_help_lists_only_the_apps_keys_and_shows_the_guide(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("tab")  # the saved-games table has Textual's cursor keys
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.game is None
        table = app.screen.query_one(DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        actions = [str(r[1]) for r in rows]
        assert "Settings" in actions and "Demo" in actions and "Quit" in actions
        assert not [a for a in actions if any(w in a for w in TEXTUAL_WORDS)], actions
        assert not [r for r in rows if "super" in str(r[0])]
        viewer = app.screen.query_one(MarkdownViewer)
        assert "guide for players" in viewer.document.source
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


def test_a_game_screen_gets_its_games_guide():
    from companion.docs import read_guide
    from companion.ui.help import game_of

    class Game:
        key = "unicornus"

    class Session:
        game = Game()

    class GameScreenLike:
        session = Session()

    assert game_of(GameScreenLike()) == "unicornus" and game_of(object()) is None
    assert read_guide("unicornus").startswith("# Unicornus Knights")
    assert read_guide("insurrection") and read_guide("magical-friends")


async def test_palette_offers_no_textual_widget_keys(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("tab")
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert "Settings" in titles and "Help" in titles
        assert not [t for t in titles if any(w in t for w in TEXTUAL_WORDS)], titles


async def test_messages_are_text_and_keep_user_text(store):
    """Every message is shown as text (issue 25): a name or a path in a ``Msg`` as typed,
    even ``[Anna]``, which Textual's escaping leaves a tag."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        (note,) = app._notifications
        assert "ctrl+q" in note.message
        try:
            raise CatalogError("box.toml", "tiles[id=capital]", "hp", "not a number")
        except CatalogError as exc:
            app.notify(str(exc))
        app.notify(Msg("ui.screenshot.saved", {"path": "/tmp/[x]/[Anna]\\[b]a.svg"}))
        await pilot.pause()
        app.notify("Player [/x] joined")  # typed by a person: shown as text, never parsed
        await pilot.pause()
        notes = list(app._notifications)
        assert not any(n.markup for n in notes)
        shown = [n.message for n in notes[1:]]
        assert "tiles[id=capital]" in shown[0] and "/tmp/[x]/[Anna]\\[b]a.svg" in shown[1]
        assert shown[2] == "Player [/x] joined"


async def test_screenshot_goes_to_the_data_folder_and_says_where(store, tmp_path):
    app = create_app(store)
    app.screenshot_dir = tmp_path / "shots"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_screenshot()
        await pilot.pause()
        (svg,) = (tmp_path / "shots").iterdir()
        assert svg.suffix == ".svg"
        assert str(svg) in list(app._notifications)[-1].message


async def test_the_theme_is_remembered(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        app.theme = "nord"
        await pilot.pause()
    end = time.monotonic() + 30  # saved from a thread; the bound only stops a hang
    while store.get_setting(settings.THEME) != "nord" and time.monotonic() < end:
        time.sleep(0.01)
    assert store.get_setting(settings.THEME) == "nord"
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.theme == "nord"


@pytest.mark.parametrize("game", ["unicornus", "insurrection", "magical-friends"])
async def test_a_japanese_guides_tables_wrap_and_lose_no_word(store, game):
    """Textual sizes a Markdown table's column by its longest space-separated word, and a
    Japanese cell is one such word: in F1 the cells were cut to "…" (issue 13: Japanese wraps,
    never cut). What the screen shows of the guide has no "…" its source does not have."""
    import html
    import re

    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        set_language("ja")
        app.push_screen(HelpScreen(app.screen, game))
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, HelpScreen)
                and guide_drawn(app.screen.query_one(MarkdownViewer))
            ),
            "the guide is shown",
        )
        viewer = app.screen.query_one(MarkdownViewer)
        assert "（" in viewer.document.source.splitlines()[0]
        app.screen.query_one("#help-keys").display = False  # the keys' words are not the guide's
        await pilot.pause()
        for _page in range(12):
            svg = app.export_screenshot()
            shown = html.unescape("".join(re.findall(r">([^<>]*)</text>", svg)))
            assert shown.count("…") <= viewer.document.source.count("…"), shown
            viewer.scroll_page_down(animate=False)
            await pilot.pause()
