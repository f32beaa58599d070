"""The application: one factory builds it for the CLI and for the tests."""

from __future__ import annotations

import gc
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual._time import get_time
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer

from companion import __version__
from companion.core import settings
from companion.core.errors import CompanionError
from companion.core.i18n import Msg, known_language, msg, set_language, tr
from companion.games.registry import get_game
from companion.ui.games import game_ui
from companion.ui.i18n import translate_bindings


@dataclass(frozen=True)
class Start:
    """What the app does once it is up: ``home``, ``new``, ``demo``, ``resume`` or ``view``
    (a device joined to one game by ``companion serve``: the table's view, ``read_only`` or
    not, or one ``seat``'s)."""

    action: str = "home"
    game_key: str | None = None
    game_id: int | None = None
    session: Any = None  # resume, view: the game already opened (the CLI checks it can be)
    seat: int | None = None
    read_only: bool = False


# keys that always work, however fast they come
ALWAYS_KEYS = frozenset({"ctrl+q", "ctrl+c"})
# keys held behind a key at work are looked at again after this long (seconds): a callback
# the key waits for is lost with a widget removed, and then they go out
KEY_UNSTICK = 0.5
# a key at work holds the keys typed after it at most this long (seconds since handed out)
# while its next callback waits in a queue still running; then they go out anyway
KEY_AT_WORK_MOST = 10.0

# The cyclic garbage collector's full collections walk every object not frozen (a game's
# screens and log: 20–35 ms here, 80 ms in a bare Textual app) and, left to its counts, one
# landed in about one key in five that opens or closes a dialog. While the app runs they wait
# for a second without a key (``_collect_when_idle``: as often as the collector would make
# them, no more), or for ten times as many younger collections as Python's default (a table
# that never pauses: memory stays bounded).
IDLE_COLLECTION = 1.0  # seconds without a key
FULL_COLLECTION_EVERY = 100  # younger collections between full ones (Python's default: 10)


class CompanionApp(App):
    TITLE = "companion"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("f1", "help", "ui.key.help"),
        Binding("ctrl+q", "quit", "ui.key.quit", priority=True, show=False),
    ]

    def __init__(
        self,
        store: Any = None,
        start: Start = Start(),
        open_store: Callable[[], Any] | None = None,
        db_path: Path | None = None,
        **kwargs,
    ) -> None:
        """Give an open ``store``, or ``open_store`` to open it in a thread after the first
        frame (SQLAlchemy takes longer to import than Textual itself). ``db_path``: the save
        file, when it is one (checked already), so saved games are listed in the first frame."""
        super().__init__(**kwargs)
        self._read_theme_styles()
        self._store = store
        self._open_store = open_store
        self._db_path = db_path
        self._store_ready = threading.Event()
        self._store_lock = threading.Lock()
        self._store_error: CompanionError | None = None
        self._opening = self._store_wanted = self._first_frame = False
        self._saved_theme: str | None = None  # the theme as saved (create_app sets it)
        if store is not None:
            self._store_ready.set()
        self.start = start
        self.join: Any = None  # the join server, when ``companion serve`` runs this app
        self.sub_title = f"v{__version__}"
        self._stack_changed = 0.0  # when the game last changed elsewhere (changed_elsewhere)
        self._key_on_its_way: events.Key | None = None  # see _hand_out
        self._key_waits_in: Any = None  # the widget whose queue holds its next callback
        self._key_sent = 0.0  # when it was handed out
        self._keys_held: deque[events.Key] = deque()
        self._unstick: Timer | None = None
        self._release_pending = False  # the held keys go out once the screen on top is drawn
        self._dropped_said = 0.0  # the change whose dropped keys were said
        self._last_key = 0.0
        self._gc_thresholds: tuple[int, int, int] | None = None  # as before the app ran
        translate_bindings(self)

    # the store: opened when something needs it ---------------------------------------
    @property
    def store(self) -> Any:
        """The open store; opened now (waiting for it) if nothing has asked for it yet."""
        if not self._store_ready.is_set():
            if self._open_store is None:
                raise RuntimeError("the app was built without a store")
            self._start_opening()
            self._store_ready.wait()
        if self._store is None:
            raise self._store_error
        return self._store

    @property
    def store_ready(self) -> bool:
        return self._store_ready.is_set()

    def prepare_store(self) -> None:
        """Open the store in a thread now, for an action that will write soon (a new game).

        The home screen reads with ``sqlite3`` only (``list_games``, the settings peeked
        before start), so SQLAlchemy and SQLModel are loaded — in time and memory — only
        once something writes or opens a game; never before the first frame."""
        if self._first_frame:
            self._start_opening()
        else:
            self._store_wanted = True

    def _start_opening(self) -> None:
        with self._store_lock:
            if self._opening or self._store_ready.is_set():
                return
            self._opening = True
        threading.Thread(target=self._open_in_thread, name="open-store", daemon=True).start()

    def _open_in_thread(self) -> None:
        try:
            self._store = self._open_store()
        except CompanionError as exc:
            self._store_error = self._ending_on = exc
            self._store_ready.set()
            self.call_from_thread(self.exit, return_code=2, message=Text(f"companion: {exc}"))
            return
        self._store_ready.set()
        self.call_from_thread(self._store_opened)

    def _handle_exception(self, error: Exception) -> None:
        """The last line of defence: a save that cannot be opened or written, met where a
        screen needed it (a full disk, a read-only or damaged save), ends the app with its
        message and exit 2, as the command line does, never with a traceback."""
        if self._ending_on is None and isinstance(error, CompanionError):
            self._ending_on = error
            self.exit(return_code=2, message=Text(f"companion: {error}"))
        if self._ending_on is None:
            super()._handle_exception(error)
        # (what fails while the app closes, a screen left half built, is not said again)

    _ending_on: CompanionError | None = None  # the error the app is closing on

    def list_games(self, page: Any = None) -> list | None:
        """The saved games (of ``page``, a ``companion.store.listing.Page``; all by default):
        read from the save file with ``sqlite3`` when there is one, without the store; else
        from the store (``None`` while it opens: ``_store_opened`` lists them then)."""
        from companion.store.listing import ALL, list_file

        page = page or ALL
        if self._db_path is not None:
            games = list_file(self._db_path, page)
            if games is not None:
                return games
        if self.store_ready:
            return self.store.list_games(page)
        self.prepare_store()
        return None

    def notify(self, message: str | Msg, **kwargs) -> None:
        """A message (a ``Msg`` translated) shown as text, never as markup: it may hold a
        player's name or a path as typed (``[Anna]``, ``[/]``, ``tiles[id=capital]``), which
        Textual's markup would drop or choke on, even escaped."""
        if isinstance(message, Msg):
            message = tr(message)
        kwargs["markup"] = False
        super().notify(message, **kwargs)

    # input discipline -----------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key):
            await super().on_event(event)
            return
        self._last_key = event.time
        if event.is_forwarded:  # come back up from the widgets: the bindings
            if not self.stale_key(event):
                await super().on_event(event)
        elif self._keys_busy and event.key not in ALWAYS_KEYS:
            self._keys_held.append(event)
            self._unstick_later()
        else:
            await self._hand_out(event)

    @property
    def _keys_busy(self) -> bool:
        """A key is still at work (or keys wait for the screen it opened): the next one waits."""
        return self._key_on_its_way is not None or self._release_pending or bool(self._keys_held)

    # One key at a time (keys typed fast across a field change). Textual posts a key to the
    # focused widget's queue and goes on to the next key; but a key's bindings act only once
    # it has come back up to the app (Tab moves the focus, Backspace deletes), and what they
    # post acts later still (Enter's Input.Submitted, on which a form moves to its next
    # field): "3 Tab 5" put 35 in the first field. So a key waits until the one before it
    # has been through every widget it went to, and so has what its bindings posted: a
    # callback follows it up the DOM one queue behind it, then goes up again from where it
    # was sent, behind what it posted there.
    #
    # Type-ahead: a key that opens a dialog (or answers one, and the answer opens the next)
    # changes the screens itself; the keys typed after it wait until the screen now on top
    # has been built and drawn, and go to it: "m 1 7" typed in one burst answers the dialogs
    # that "m" and "1" open, as typed slowly. A change the table's keys did not make (a step
    # on another device closing a dialog, a timer) drops the keys typed before it, and says so.
    async def _hand_out(self, event: events.Key) -> None:
        from textual.widgets import Input  # here: start-up imports only what home needs

        if self.stale_key(event):
            self._say_dropped()
            return
        if not self.screen.is_mounted:  # the table's own dialog, still being built
            self._keys_held.appendleft(event)
            self._release_later()
            return
        target = self.focused or self.screen
        await super().on_event(event)
        self._key_on_its_way, self._key_sent = event, get_time()
        if not event.is_forwarded:  # a priority binding took it: follow what its action posted
            # (a dialog's Enter selects in its list, and the list's selection is the answer:
            # a key typed right after it went to the dialog still open)
            self._follow(event, target, target, again=True)
            return
        # posted to the target; a character typed into a field goes no further than the
        # field: the next key waits only until the field has taken it (a form's ctrl+s typed
        # right after a name must not act before the name's last letters)
        if event.is_printable and isinstance(target, Input):
            self._key_waits_in = target
            if not target.call_later(self.call_later, self._key_done, event):
                self.call_later(self._key_done, event)
        else:
            self._follow(event, target, target, again=False)

    def _follow(self, event: events.Key, target, node, again: bool) -> None:
        self._key_waits_in = node
        if not node.call_later(self._key_passed, event, target, node, again):
            self.call_later(self._key_done, event)  # closing: nothing more for it there

    def _key_passed(self, event: events.Key, target, node, again: bool) -> None:
        """Runs in ``node``'s queue, after what was posted there before it."""
        if event is not self._key_on_its_way:
            return  # let go meanwhile
        parent = node.parent
        if parent is None or parent is self:  # the screen: the key goes on to the app
            if again:
                self.call_later(self._key_done, event)
            else:  # the app's bindings act on it, then follow what they posted
                self.call_later(self._follow, event, target, target, True)
        elif not again and event._stop_propagation:
            self.call_later(self._key_done, event)  # it ended here
        else:
            self._follow(event, target, parent, again)

    async def _key_done(self, event: events.Key | None) -> None:
        """``event`` has done its work (or the screen changed, or half a second passed with
        its callback lost, its widget removed): hand out the keys held behind it; after a
        screen it opened or closed, once the screen on top has been drawn (the answer to a
        dialog, run by the screen beneath, may open the next one first)."""
        if event is not self._key_on_its_way:
            return
        if self._unstick is not None:
            self._unstick.stop()
            self._unstick = None
        self._key_on_its_way = self._key_waits_in = None
        await self._release()

    def _release_later(self) -> None:
        if not self._release_pending:
            self._release_pending = True
            self.call_after_refresh(self._release)

    async def _release(self) -> None:
        self._release_pending = False
        while self._keys_held and not (self._key_on_its_way or self._release_pending):
            await self._hand_out(self._keys_held.popleft())
        if self._keys_held:
            self._unstick_later()

    def _unstick_later(self) -> None:
        if self._unstick is None:  # run in the app's queue, as the keys are
            self._unstick = self.set_timer(KEY_UNSTICK, self._unstuck)

    def _unstuck(self) -> None:
        self._unstick = None
        key, node = self._key_on_its_way, self._key_waits_in
        if (
            key is not None
            and node is not None
            and node.is_running
            and get_time() - self._key_sent < KEY_AT_WORK_MOST
        ):
            # its callback waits in a queue still running: a loaded machine is slow, not
            # stuck (handed out now, the next key reached the dialog the key was answering)
            self._unstick_later()
            return
        self._release_pending = False
        if self._key_on_its_way is not None:
            self.call_later(self._key_done, self._key_on_its_way)
        else:
            self.call_later(self._release)

    def stale_key(self, event: events.Key) -> bool:
        """A key is dropped when it was typed before a screen change the table's keys did not
        make (a step on another device closed a dialog). Quit keys always pass."""
        if event.key in ALWAYS_KEYS:
            return False
        return event.time < self._stack_changed

    def _say_dropped(self) -> None:
        """Say once per such change that keys typed before it were not applied."""
        if self._dropped_said < self._stack_changed:
            self._dropped_said = self._stack_changed
            self.notify(Msg("ui.keys.dropped"), severity="warning")

    def changed_elsewhere(self) -> None:
        """The game changed by a step the table did not make here (another device): the keys
        typed before it and not yet handled were meant for the game as it was, and are
        dropped (:meth:`stale_key`), once said."""
        self._stack_changed = get_time()

    # settings -------------------------------------------------------------------------
    @property
    def ties(self) -> str:
        ties = self.store.preference(settings.TIES, settings.TIES_ASK)
        return ties if ties in (settings.TIES_ASK, settings.TIES_AUTO) else settings.TIES_ASK

    def set_language(self, lang: str) -> None:
        set_language(lang)
        translate_bindings(self)  # F1 and the rest of the app's own keys
        self.keep_setting(settings.LANGUAGE, lang)

    _setting_refused = False  # a setting could not be saved, and that was said

    def keep_setting(self, key: str, value: Any) -> bool:
        """Save a setting (a preference, a form's draft). A save that cannot be written (a
        read-only or full one) says so once and the app goes on: settings are conveniences."""
        try:
            self.store.set_setting(key, value)
        except CompanionError as exc:
            if not self._setting_refused:
                self._setting_refused = True
                self.notify(str(exc), severity="warning", timeout=10)
            return False
        return True

    def get_driver_class(self) -> type:
        """Textual's driver for the terminal, but on Linux and macOS one that reports a lone
        Escape after the app's escape delay (``companion/ui/driver.py``)."""
        from companion.ui.driver import terminal_driver

        return terminal_driver(super().get_driver_class())

    # screens --------------------------------------------------------------------------
    def get_default_screen(self) -> Screen:
        """Home is the first screen of the stack, not pushed over Textual's blank default
        screen, which cost its own building, styling and layouts at every start (issue 13).
        A default screen's CSS_PATH is never read: home's styles are in app.tcss."""
        from companion.ui.home import HomeScreen

        return HomeScreen()

    async def on_mount(self) -> None:
        """Ready (the first frame, keys read) waits for home to be built, as a pushed screen's
        mounting was waited for."""
        from textual.widget import AwaitMount

        self._restore_theme()
        await AwaitMount(self.screen, [self.screen])

    def on_ready(self) -> None:
        """The first frame is on screen: open the store if the home list needs it (a URL,
        an older save), then the start action of the command line. The garbage collector
        works again from here (``cli.run_app_fast`` keeps it off for the start-up), its full
        collections mostly between keys (``IDLE_COLLECTION``)."""
        gc.enable()
        self._gc_thresholds = gc.get_threshold()
        gc.set_threshold(*self._gc_thresholds[:2], FULL_COLLECTION_EVERY)
        self.set_interval(IDLE_COLLECTION, self._collect_when_idle)
        self._first_frame = True
        self.screen.refresh()  # the first frame: home draws none during the start-up batch
        if self._db_path is not None and not self.store_ready:
            # home checked only what it reads: the rest of the file, once that frame is drawn
            from companion.store.precheck import check_in_background

            path = self._db_path
            self.call_after_refresh(check_in_background, path, str(path))
        if self._store_wanted:  # once that frame is drawn: the import would slow it down
            self.call_after_refresh(self._start_opening)
        self._begin()

    def _collect_when_idle(self) -> None:
        """The full collection the collector would have made by now (as many younger ones
        since the last as its threshold), once no key has come for ``IDLE_COLLECTION`` (a
        key typed during it waits for it)."""
        due = self._gc_thresholds[2]  # (set before this timer starts, in on_ready)
        if gc.get_count()[2] >= due and get_time() - self._last_key >= IDLE_COLLECTION:
            gc.collect()

    def on_unmount(self) -> None:
        if self._gc_thresholds is not None:  # the process goes on (tests): as it was
            gc.set_threshold(*self._gc_thresholds)

    # a screen is being pushed (``dialogs.Covered.refresh``: the one beneath is not repainted)
    pushing = False

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        self.pushing = True
        try:
            return super().push_screen(screen, *args, **kwargs)
        finally:
            self.pushing = False

    def _store_opened(self) -> None:
        from companion.ui.home import HomeScreen

        for screen in self.screen_stack:
            if isinstance(screen, HomeScreen):
                screen.reload_games()

    def _begin(self) -> None:
        """The start action of the command line, once the store is open."""
        if self.start.action == "view":
            self._show_session(self.start.session, seat=self.start.seat)
        elif self.start.action == "resume" and self.start.session is not None:
            self._show_session(self.start.session)
        elif self.start.action == "resume" and self.start.game_id is not None:
            self.open_game(self.start.game_id)
        elif self.start.action in ("new", "demo") and self.start.game_key:
            self.new_game(self.start.game_key, "demo" if self.start.action == "demo" else "box")
        if self.join is not None:  # companion serve: the codes to scan, on the host's screen
            self.call_after_refresh(self.show_join)

    def show_join(self) -> None:
        from companion.ui.join import JoinDialog

        self.push_screen(JoinDialog(self.join))

    def new_game(self, game_key: str, catalog_name: str = "box") -> None:
        self.prepare_store()  # the flow ends by saving the game
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

    def start_game(
        self,
        game_key: str,
        initial_state: Any,
        title: str | Msg,
        catalog_name: str,
        first: tuple = (),
        players: Any = None,
    ) -> None:
        """Save a new game and open its screen in place of the new-game flow. ``players``: the
        table's seats (``store.listing.Seat``), kept with the game and in the roster.
        ``first``: commands made at once as the game's first steps, so they are logged (the
        rule options the table chose). A save that fails (a read-only or full database) is a
        message, and the new-game flow stays open with everything the table entered."""
        try:
            session = self.store.new_game(
                get_game(game_key), initial_state, title, catalog_name, players=players
            )
            for cmd in first:
                session.do(cmd)
        except CompanionError as exc:
            self.notify(str(exc), title=tr("ui.error.save"), severity="error", timeout=12)
            return
        self._show_session(session, replace=True)

    def open_game(self, game_id: int) -> None:
        try:
            session = self.store.open_game(game_id)
        except CompanionError as exc:
            self.notify(str(exc), title=tr("ui.error.resume"), severity="error", timeout=12)
            return
        self._show_session(session)

    def show_record(self, game_id: int, session: Any = None) -> None:
        """The finished-game screen of ``game_id`` (read only, with its BG Stats QR code);
        ``session``: the game when it is open already."""
        from companion.ui.dialogs import kept_view
        from companion.ui.record import RecordScreen

        try:
            if session is None:
                self.push_screen(RecordScreen(game_id))
            else:  # the table's: shown again while the game is as it shows it
                self.push_screen(kept_view(self, RecordScreen, session, game_id, session))
        except CompanionError as exc:
            self.notify(str(exc), title=tr("ui.error.resume"), severity="error", timeout=12)

    def _show_session(self, session: Any, replace: bool = False, seat: int | None = None) -> None:
        ui = game_ui(session.game.key)
        if ui is None:
            self.notify(
                tr(msg("ui.game.no_screens", game=msg(f"ui.game.{session.game.key}"))),
                severity="warning",
            )
            return
        if seat is not None and seat <= len(getattr(ui, "seats", lambda _: ())(session.state)):
            screen = ui.seat_screen(session, seat)
        else:  # a game whose views are all public: a seat sees the table's, read-only
            screen = ui.game_screen(session)
            screen.read_only = self.start.read_only or seat is not None
        if replace and len(self.screen_stack) > 1:  # in place of the new-game flow, not home
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        # what is loaded now (the game, its catalog, the widgets' code) lives as long as the
        # game is open: out of the collector's way, a full collection no longer walks it in
        # the middle of a key (scripts/bench_keys.py: Unicornus p95 135 -> 70 ms)
        gc.freeze()

    def action_help(self) -> None:
        """F1: the keys of this screen and the guide of its game (the general one on home)."""
        from companion.ui.help import HelpScreen, game_of

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen, game_of(self.screen)))

    def action_help_quit(self) -> None:
        """ctrl+c (Textual's reflex key) says how to quit, in the reader's language."""
        self.notify(Msg("ui.quit.how", {"key": "ctrl+q"}), title=tr("ui.quit.title"))

    def _read_theme_styles(self) -> None:
        """A Rich ``Text`` styled in the theme's variables (``ui/colours.py``) that reaches a
        widget as Rich text, not through ``widgets.content.themed`` (which keeps it following
        the theme), is read in the theme shown then: Rich alone raises on ``$text-error``."""
        rich_style = self.console.get_style

        def get_style(name: Any, *, default: Any = None) -> Any:
            if isinstance(name, str) and "$" in name:
                return self.stylesheet.parse_style(name).rich_style
            return rich_style(name, default=default)

        self.console.get_style = get_style  # type: ignore[method-assign]

    def format_title(self, title: str, sub_title: str) -> Content:
        """Textual's title and sub-title, the sub-title not dimmed: dim, it read at 4.4:1 on
        the light theme's header (issue 23)."""
        if not sub_title:
            return Content(title)
        return Content.assemble(Content(title), " — ", Content(sub_title))

    # screenshots and theme -----------------------------------------------------------
    def _restore_theme(self) -> None:
        """The theme saved last time (an unknown name — a theme gone — is ignored)."""
        if isinstance(self._saved_theme, str) and self._saved_theme in self.available_themes:
            self.theme = self._saved_theme
        self._saved_theme = self.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    screenshot_dir: Path | None = None  # None: the user data folder (tests set one)

    def action_screenshot(self) -> None:
        """An SVG of the screen into the data folder (beside the default save); says where."""
        from companion.store.precheck import default_db_path

        folder = self.screenshot_dir or default_db_path().parent / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = self.save_screenshot(path=str(folder))
        except OSError as exc:
            problem = exc.strerror or str(exc)
            self.notify(Msg("ui.screenshot.failed", {"problem": problem}), severity="error")
            return
        self.notify(Msg("ui.screenshot.saved", {"path": path}), timeout=10)

    def _theme_changed(self, theme: Any) -> None:
        """Remember the theme picked (Textual's picker, in the palette) for the next start."""
        if theme.name == self._saved_theme:
            return
        self._saved_theme = theme.name
        self.prepare_store()

        def save() -> None:
            try:
                self.store.set_setting(settings.THEME, theme.name)
            except CompanionError:  # a read-only save: the theme is simply not remembered
                pass

        threading.Thread(target=save, name="save-theme", daemon=True).start()

    # command palette: the app's own key-bound actions of the current screen -----------
    def action_command_palette(self) -> None:
        """Textual's palette, its search field's placeholder in the reader's language."""
        from textual.command import CommandPalette

        # not CommandPalette.is_open: that looks at the top screen only, and a dialog a key
        # chain opened may lie over an open palette (a second one crashes: DuplicateIds)
        if self.use_command_palette and not any(
            isinstance(s, CommandPalette) for s in self.screen_stack
        ):
            palette = CommandPalette(
                placeholder=tr("ui.palette.placeholder"), id="--command-palette"
            )
            self.push_screen(palette)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from companion.ui.help import own_bindings

        seen = set()
        for _key, active in own_bindings(screen):
            binding = active.binding
            if not active.enabled or binding.action in seen:
                continue
            seen.add(binding.action)
            node = active.node
            yield SystemCommand(
                binding.description,
                tr(Msg("ui.palette.key", {"key": self.get_key_display(binding)})),
                lambda n=node, a=binding.action: self.call_later(n.run_action, a),
            )
        yield SystemCommand(
            tr("ui.palette.theme"), tr("ui.palette.theme_help"), self.action_change_theme
        )
        yield SystemCommand(
            tr("ui.palette.screenshot"), tr("ui.palette.screenshot_help"), self.action_screenshot
        )


def create_app(
    store: Any = None,
    start: Start = Start(),
    lang: str | None = None,
    open_store: Callable[[], Any] | None = None,
    db_path: Path | None = None,
    theme: str | None = None,
) -> CompanionApp:
    """Build the app on an open ``store`` or with ``open_store`` (opened when needed).

    Language and theme: ``lang`` / ``theme`` if given, else the saved settings (read by the
    caller when the store is not open yet), else English and Textual's default theme.
    """
    if store is not None:
        lang = lang or known_language(store.preference(settings.LANGUAGE))
        theme = theme or store.preference(settings.THEME)
    set_language(known_language(lang))
    app = CompanionApp(store, start, open_store, db_path)
    app._saved_theme = theme
    return app
