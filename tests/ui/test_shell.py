"""The app shell: home, settings, help, command palette (issue 2, ui)."""

from textual.widgets import DataTable, OptionList

from companion.core import settings
from companion.core.i18n import language, tr
from companion.ui.app import Start, create_app
from companion.ui.help import HelpScreen
from companion.ui.home import HomeScreen
from companion.ui.settings import SettingsScreen
from companion.ui.widgets.row_list import RowList


async def test_home_lists_the_three_games(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        games = app.screen.query_one("#games", OptionList)
        labels = [str(games.get_option_at_index(i).prompt) for i in range(games.option_count)]
        assert labels == ["Unicornus Knights", "Insurrection", "Magical Friends"]
        assert app.screen.query_one("#saved", RowList).row_count == 0


async def test_help_screen_shows_the_keys_of_the_screen_below(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query_one(DataTable)
        actions = [table.get_row_at(i)[1] for i in range(table.row_count)]
        assert "Settings" in actions and "Demo" in actions
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_palette_offers_every_bound_action(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for word in ("New", "Demo", "Resume", "Catalogs", "Settings", "Help"):
            assert word in titles


async def test_settings_switch_language_and_ties(store):
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.click("#lang-ja")
        await pilot.pause()
        assert language() == "ja" and store.get_setting("language") == "ja"
        assert isinstance(app.screen, SettingsScreen) and len(app.screen_stack) == 2
        home = app.screen_stack[0]
        games = home.query_one("#games", OptionList)
        assert str(games.get_option_at_index(0).prompt) == "ウニコルヌスの騎士たち"  # home, at once
        shown = {b.key: b.description for _, b, _, _ in home.active_bindings.values()}
        assert shown["n"] == tr("ui.key.new") != "New" and shown["f1"] == tr("ui.key.help")
        assert shown["ctrl+p"] == "パレット"  # Textual's own word too (ui.i18n.TEXTUAL_WORDS)
        await pilot.click("#ties-auto")
        await pilot.pause()
        assert store.get_setting(settings.TIES) == "auto"
    # the next start comes up in Japanese
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        assert str(games.get_option_at_index(0).prompt) == "ウニコルヌスの騎士たち"


async def test_resume_without_games_says_so(store):
    app = create_app(store, Start())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("No saved games" in str(n.message) for n in app._notifications)


async def test_the_chosen_setting_is_marked_not_only_coloured(store):
    """Settings' radio buttons mark the chosen one (● / ○): under NO_COLOR, on a monochrome
    terminal or to a colour-blind player, Textual's same mark in two colours says nothing."""
    app = create_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()

        def shown(button_id: str) -> str:
            button = app.screen.query_one(f"#{button_id}")
            return "".join(s.text for s in button.render_line(0))

        assert "●" in shown("lang-en") and "○" in shown("lang-ja")
        await pilot.click("#lang-ja")
        await pilot.pause()
        assert "○" in shown("lang-en") and "●" in shown("lang-ja")
