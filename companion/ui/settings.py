"""Settings: the language, and whether the table or the app picks ties the rules leave open."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, RadioSet, Static

from companion.core import settings
from companion.core.i18n import language, tr
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.toggles import Radio


class SettingsScreen(Screen):
    DEFAULT_CSS = """
    SettingsScreen Vertical { padding: 1 2; }
    SettingsScreen RadioSet { margin-bottom: 1; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "ui.key.back")]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(tr("ui.settings.language"), classes="section-title")
            with RadioSet(id="language"):
                yield Radio("English", value=language() == "en", id="lang-en")
                yield Radio("日本語", value=language() == "ja", id="lang-ja")
            yield Static(tr("ui.settings.ties"), classes="section-title")
            ties = self.app.ties
            with RadioSet(id="ties"):
                yield Radio(
                    tr("ui.settings.ties_ask"), value=ties == settings.TIES_ASK, id="ties-ask"
                )
                yield Radio(
                    tr("ui.settings.ties_auto"), value=ties == settings.TIES_AUTO, id="ties-auto"
                )
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("ui.settings.title")

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        pressed = event.pressed.id or ""
        if event.radio_set.id == "language":
            self.app.set_language(pressed.removeprefix("lang-"))
            self.notify(tr("ui.settings.language_saved"))
            self._rebuild()
        elif event.radio_set.id == "ties":
            if self.app.keep_setting(settings.TIES, pressed.removeprefix("ties-")):
                self.notify(tr("ui.settings.saved"))

    def _rebuild(self) -> None:
        """Screens already built keep their words; home and this screen show the new ones."""
        app = self.app
        while len(app.screen_stack) > 1:
            app.pop_screen()
        app.call_later(app.screen.relabel)  # home, the bottom of the stack
        app.push_screen(SettingsScreen())
