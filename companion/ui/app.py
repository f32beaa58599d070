"""The application: one factory builds it for the CLI and for the tests."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from textual import events
from textual._time import get_time
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from companion import __version__
from companion.core import settings
from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, set_language, tr
from companion.games.registry import get_game
from companion.ui.games import game_ui
from companion.ui.i18n import translate_bindings


@dataclass(frozen=True)
class Start:
    """What the app does once it is up: ``home``, ``new``, ``demo`` or ``resume``."""

    action: str = "home"
    game_key: str | None = None
    game_id: int | None = None
    session: Any = None  # resume: the game already opened (the CLI checks it can be)


# keys that always work, however fast they come
ALWAYS_KEYS = frozenset({"ctrl+q", "ctrl+c"})


class CompanionApp(App):
    TITLE = "companion"
    BINDINGS = [
        Binding("f1", "help", "ui.key.help"),
        Binding("ctrl+q", "quit", "ui.key.quit", priority=True, show=False),
    ]

    def __init__(
        self,
        store: Any = None,
        start: Start = Start(),
        open_store: Callable[[], Any] | None = None,
        **kwargs,
    ) -> None:
        """Give an open ``store``, or ``open_store`` to open it in a thread after the first
        frame (SQLAlchemy takes longer to import than Textual itself)."""
        super().__init__(**kwargs)
        self._store = store
        self._open_store = open_store
        self._store_ready = threading.Event()
        if store is not None:
            self._store_ready.set()
        self.start = start
        self.sub_title = f"v{__version__}"
        self._stack_changed = 0.0  # when a screen or dialog last opened or closed
        translate_bindings(self)

    @property
    def store(self) -> Any:
        self._store_ready.wait()
        return self._store

    @property
    def store_ready(self) -> bool:
        return self._store_ready.is_set()

    def notify(self, message: str, **kwargs) -> None:
        """Messages are plain text: catalog paths such as ``tiles[id=capital]`` or a player's
        name must never be read as Rich markup."""
        kwargs["markup"] = False
        super().notify(message, **kwargs)

    # input discipline -----------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and self.stale_key(event):
            return
        await super().on_event(event)

    def stale_key(self, event: events.Key) -> bool:
        """A key is dropped when it was typed before the screen it would reach was on top
        (typed for a dialog that has closed since, or before the one that opened), or while
        the screen on top is still being built. Quit keys always pass."""
        if event.key in ALWAYS_KEYS:
            return False
        return event.time < self._stack_changed or not self.screen.is_mounted

    def _stack_change(self) -> None:
        self._stack_changed = get_time()

    def push_screen(self, *args, **kwargs):
        result = super().push_screen(*args, **kwargs)
        self._stack_change()
        return result

    def pop_screen(self):
        result = super().pop_screen()
        self._stack_change()
        return result

    def switch_screen(self, *args, **kwargs):
        result = super().switch_screen(*args, **kwargs)
        self._stack_change()
        return result

    # settings -------------------------------------------------------------------------
    @property
    def ties(self) -> str:
        return self.store.get_setting(settings.TIES, settings.TIES_ASK)

    def set_language(self, lang: str) -> None:
        set_language(lang)
        self.store.set_setting(settings.LANGUAGE, lang)

    # screens --------------------------------------------------------------------------
    def on_mount(self) -> None:
        from companion.ui.home import HomeScreen

        self.push_screen(HomeScreen())
        if self.store_ready:
            self._begin()

    def on_ready(self) -> None:
        """The first frame is on screen: now open the store (see ``__init__``)."""
        if not self.store_ready:
            self._open_store_in_thread()

    def _open_store_in_thread(self) -> None:
        def work() -> None:
            try:
                self._store = self._open_store()
            except CompanionError as exc:
                self.call_from_thread(self.exit, return_code=2, message=str(exc))
                return
            self._store_ready.set()
            self.call_from_thread(self._store_opened)

        threading.Thread(target=work, name="open-store", daemon=True).start()

    def _store_opened(self) -> None:
        from companion.ui.home import HomeScreen

        for screen in self.screen_stack:
            if isinstance(screen, HomeScreen):
                screen.reload_games()
        self._begin()

    def _begin(self) -> None:
        """The start action of the command line, once the store is open."""
        if self.start.action == "resume" and self.start.session is not None:
            self._show_session(self.start.session)
        elif self.start.action == "resume" and self.start.game_id is not None:
            self.open_game(self.start.game_id)
        elif self.start.action in ("new", "demo") and self.start.game_key:
            self.new_game(self.start.game_key, "demo" if self.start.action == "demo" else "box")

    def new_game(self, game_key: str, catalog_name: str = "box") -> None:
        ui = game_ui(game_key)
        if ui is None:
            self.notify(
                tr(msg("ui.game.no_screens", game=msg(f"ui.game.{game_key}"))), severity="warning"
            )
            return
        try:
            self.push_screen(ui.new_game_screen(catalog_name))
        except CompanionError as exc:
            self.notify(str(exc), title=tr("ui.error.catalog"), severity="error", timeout=12)

    def start_game(self, game_key: str, initial_state: Any, title: str, catalog_name: str) -> None:
        """Save a new game and open its screen in place of the new-game flow."""
        session = self.store.new_game(get_game(game_key), initial_state, title, catalog_name)
        self._show_session(session, replace=True)

    def open_game(self, game_id: int) -> None:
        try:
            session = self.store.open_game(game_id)
        except CompanionError as exc:
            self.notify(str(exc), title=tr("ui.error.resume"), severity="error", timeout=12)
            return
        self._show_session(session)

    def _show_session(self, session: Any, replace: bool = False) -> None:
        ui = game_ui(session.game.key)
        if ui is None:
            self.notify(
                tr(msg("ui.game.no_screens", game=msg(f"ui.game.{session.game.key}"))),
                severity="warning",
            )
            return
        screen = ui.game_screen(session)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def action_help(self) -> None:
        from companion.ui.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    # command palette: every key-bound action of the current screen -------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        seen = set()
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.description or not active.enabled or binding.action in seen:
                continue
            seen.add(binding.action)
            node = active.node
            yield SystemCommand(
                binding.description,
                tr(Msg("ui.palette.key", {"key": key})),
                lambda n=node, a=binding.action: self.call_later(n.run_action, a),
            )
        yield SystemCommand(
            tr("ui.palette.theme"), tr("ui.palette.theme_help"), self.action_change_theme
        )
        yield SystemCommand(
            tr("ui.palette.screenshot"),
            tr("ui.palette.screenshot_help"),
            lambda: self.deliver_screenshot(),
        )


def create_app(
    store: Any = None,
    start: Start = Start(),
    lang: str | None = None,
    open_store: Callable[[], Any] | None = None,
) -> CompanionApp:
    """Build the app on an open ``store`` or with ``open_store`` (opened after the first frame).

    Language: ``lang`` if given, else the saved setting (read by the caller when the store is
    not open yet), else English.
    """
    if lang is None and store is not None:
        lang = store.get_setting(settings.LANGUAGE, "en")
    set_language(lang or "en")
    return CompanionApp(store, start, open_store)
