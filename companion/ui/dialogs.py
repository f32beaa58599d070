"""Small modal dialogs shared by every screen, and :class:`Dialog`, the base of every dialog.

Input discipline (issue 15): a dialog owns every key from the moment it is pushed. Once it
answers (its first ``dismiss``) it is *closing*: a second dismiss is ignored (``1 1 1`` in a
choice used to pop the screens beneath, up to a ``ScreenStackError``), its actions are
refused and the input messages still queued for it (keys, button presses, list selections,
submitted fields) are dropped, so nothing typed for it reaches the game or the next dialog.
The app hands out one key at a time, so keys typed fast after a Tab or an Enter reach the
field it moved to, and keys typed after a key that opened a dialog reach that dialog once it
is drawn (type-ahead); it drops keys typed before a change the table's keys did not make (see
``CompanionApp.on_event``). Numbers: one rule in every dialog, :func:`number_is_complete`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from rich.segment import Segment
from textual import events, messages
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.message import Message
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.input import Selection
from textual.widgets.option_list import Option as ListOption

from companion.core.i18n import Msg, tr
from companion.core.plan import Choice
from companion.ui.widgets.button import Button
from companion.ui.widgets.content import as_text, set_content

T = TypeVar("T")

# what a closing dialog no longer acts on: input, and what widgets make of it
INPUT_MESSAGES: tuple[type[Message], ...] = (
    events.Key,
    events.MouseDown,
    events.MouseUp,
    events.Click,
    Button.Pressed,
    Input.Submitted,
    OptionList.OptionSelected,
    Select.Changed,
)


def number_is_complete(number: int, largest: int) -> bool:
    """The one number rule of every dialog: a digit is taken at once when no longer number
    starts with it (``3`` of 12); otherwise the number waits for Enter (``1`` of 12 could
    become ``12``), and once it has two digits only Enter takes it, as the dialog says, so an
    Enter typed after it never answers the next dialog (``12`` of 12, then Enter)."""
    return number < 10 and number * 10 > largest


class Covered:
    """A screen a dialog can open over (a game screen, a dialog). Textual lays out every
    screen beneath a dialog again when the dialog is shown (the dialog's first Resize calls
    the private ``Screen._screen_resized`` of each), though their size did not change: the
    whole game screen's layout, and, as its log's scroll bar was touched, a second drawing of
    the dialog's backdrop, for each dialog opened. Here a screen beneath is laid out again
    only when the terminal's size changed (tests/ui/test_textual_private.py)."""

    def _screen_resized(self, size) -> None:
        if size != self.outer_size or self.app.screen is self:  # (a dialog's own: laid out)
            super()._screen_resized(size)

    def refresh(self, *regions, **kwargs):
        app = self.app
        if not regions and not kwargs and getattr(app, "pushing", False) and app.screen is self:
            # Textual repaints a screen whole as another is pushed over it, and again (as
            # a screen beneath a dialog) once it is drawn, which draws the dialog whole a
            # second time (a third frame for each dialog opened); nothing on it changed
            return self
        return super().refresh(*regions, **kwargs)

    # how many times what the screen shows changed (a widget repainted, a layout or a
    # scroll done): a dialog's backdrop drawn at the same count shows the screen as it is
    changes = 0

    def _on_mount(self, event: events.Mount) -> None:
        # a layout (or a scroll) counts once done, not once asked for: a backdrop drawn in
        # between has the screen as it was laid out before
        self.screen_layout_refresh_signal.subscribe(self, self._laid_out, immediate=True)

    def _laid_out(self, screen: Screen) -> None:
        self.changes += 1

    async def _on_message(self, message: Message) -> None:
        if isinstance(message, messages.Update):
            # (a widget's new lines are drawn from it as it is, asked for or not yet; the
            # screen's own whole repaint sends no message: it shows the same)
            self.changes += 1
        await super()._on_message(message)


class Backdropped:
    """A modal screen (a dialog, a chain of them) that draws the screen beneath it, tinted,
    once, and keeps it while the screen beneath does not change (Textual's own background
    composites and tints the whole screen beneath again at each repaint)."""

    def render(self):
        shown = super().render()
        if isinstance(shown, BackgroundScreen):
            return _Backdrop(self, shown)
        return shown

    def refresh(self, *regions, **kwargs):
        # the screen beneath changed there (or a resize): draw the backdrop again; not for the
        # screen beneath repainted whole, which Textual does (twice) when a dialog is pushed
        # over it with nothing on it changed (a change names its widgets' regions); a screen
        # that counts its changes is told by them (_Backdrop.render_strips)
        if regions and regions != (self.size.region,):
            self._backdrop_stale = True
        return super().refresh(*regions, **kwargs)

    _backdrop_stale = True

    def draw_again(self, regions: list[Region]) -> None:
        """Draw ``regions`` again: the backdrop changed there (not a change beneath to
        draw it again for)."""
        super().refresh(*regions)


class StylesKept:
    """A screen the app keeps and shows again (a dialog, a view of the game): Textual styles
    every widget of a screen each time it is pushed (a third of what opening the game's
    record took); a kept screen's widgets keep their styles while the app's CSS (the theme)
    has not changed since they were styled (``App._css_update_count``)."""

    _styled_for: int | None = None  # the app's CSS (its count of changes) last applied

    async def _on_message(self, message: Message) -> None:
        if isinstance(message, events.ScreenResume):
            css = self.app._css_update_count
            if self._styled_for == css:
                message.refresh_styles = False
            self._styled_for = css
        await super()._on_message(message)


class Kept(StylesKept, Covered, Backdropped):
    """A modal screen the app keeps and shows again once it is put away (a dialog, a chain
    of them): building one was most of what a key that opens one took (issue 26)."""

    closing = False  # answered: waiting to be taken off the stack
    put_away = False  # closed, and Textual done with it: it may be shown again
    # what of the game it was opened for, to tell whether a change made elsewhere leaves it
    # stale (``companion.core.game.still_asked``): None, the game as it was (stale after any
    # change); an Ask or Entry of the engine; NOTHING (help, the join codes: never stale)
    asks: Any = None

    def on_screen_suspend(self) -> None:
        self.put_away = self.closing  # (not when a dialog opens over it)

    def _take_out(self) -> None:
        """Shown again for a new question: open, asking nothing yet (its backdrop drawn
        again only if the screen beneath changed since: ``Covered.changes``)."""
        self.put_away = self.closing = False
        self.asks = None


class Dialog(Kept, ModalScreen[T]):
    """The base of every dialog: the input discipline above, and a backdrop (the screen
    beneath, tinted) drawn once and kept while the screen beneath does not change."""

    # a scrollbar's thumb is a mark, 3:1 against its track (tests/ui/test_contrast.py):
    # Textual's, a tint of $primary on it, was 1.6:1 in the dark theme, 1.9:1 in the light
    DEFAULT_CSS = """
    Dialog Widget {
        scrollbar-color: $foreground 60%;
        scrollbar-color-hover: $foreground 70%;
        scrollbar-color-active: $foreground 80%;
    }
    """

    @classmethod
    def shown_again(cls, app: Any, *args: Any, **kwargs: Any) -> Dialog:
        """A dialog of this class made with ``args``: the app's kept dialog of the class and
        :attr:`shape`, told what to show now (:meth:`define`, then :meth:`refill`), when it
        is put away; else a new one (the first of each shape is kept, installed in the app,
        for next time). Building a dialog (its widgets, their styles) was most of the time a
        key that opens one took (issue 26)."""
        kept = app.__dict__.setdefault("_kept_dialogs", {})
        # a put-away one of the class takes the words first: they say which shape shows them
        told = next((d for (c, _), d in kept.items() if c is cls and d.put_away), None)
        if told is not None:
            told.define(*args, **kwargs)
            dialog = kept.get((cls, told.shape))
            if dialog is not None and dialog.put_away:
                if dialog is not told:
                    dialog.define(*args, **kwargs)
                dialog._take_out()
                dialog.refill()
                return dialog
        dialog = cls(*args, **kwargs)  # none put away (open still, or closing): a new one
        if (cls, dialog.shape) not in kept:
            kept[cls, dialog.shape] = dialog
            app.install_screen(dialog, name=f"-kept-{cls.__name__}-{len(kept)}")
        return dialog

    # what widgets the dialog has (it shows in place what a dialog of its shape can show)
    shape: Any = ()

    def define(self, *args: Any, **kwargs: Any) -> None:
        """Take what a dialog made with ``args`` shows (its ``__init__`` does the same)."""
        raise NotImplementedError

    def refill(self) -> None:
        """Show, in place, what :meth:`define` took, as a new dialog would show it: nothing
        typed, the first field or option focused (see :meth:`shown_again`)."""
        raise NotImplementedError

    def dismiss(self, result: T | None = None) -> AwaitComplete:
        if self.closing or self.app.screen is not self:
            return AwaitComplete()  # answered already, or not on top: nothing to close
        self.closing = True
        return super().dismiss(result)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.closing

    async def _on_message(self, message: Message) -> None:
        if self.closing and isinstance(message, INPUT_MESSAGES):
            return  # typed for this dialog: it has answered
        await super()._on_message(message)


def kept_view(app: Any, cls: type[Screen], session: Any, *args: Any, **kwargs: Any) -> Screen:
    """A view of the open game ``session`` (its record, its score sheet): the app's kept one
    of ``cls`` when the game is as it showed it (the same state and revision) and it is not
    open; else a new one ``cls(*args, **kwargs)``, kept (installed) in its place. Building
    such a screen was the time the key that opens it took (issue 26); nothing in the game
    changed, it shows the same (``cls`` is :class:`StylesKept`: not styled again)."""
    kept = app.__dict__.setdefault("_kept_views", {})
    seen = (session.state, session.revision)
    view, was = kept.get(cls, (None, None))
    if view is not None and view in app.screen_stack:
        return cls(*args, **kwargs)  # open still (beneath another): one of its own
    if view is not None and was[0] is seen[0] and was[1] == seen[1]:
        return view
    if view is not None:  # closed, but left mounted as Textual leaves an installed screen
        app.uninstall_screen(view)
        view.remove()
    view = cls(*args, **kwargs)
    kept[cls] = view, seen
    app.install_screen(view, name=f"-kept-{cls.__name__}")
    return view


class _Backdrop(Visual):
    """The screen beneath a dialog, tinted like Textual's ``BackgroundScreen``, drawn once and
    kept until the screen beneath reports a change (each repaint of the dialog, a highlight
    moving or a digit typed, used to composite and tint the whole game screen again). Kept
    as the lines Textual draws (a Visual's strips, with the dialog's own style), not as a
    Rich renderable, which Textual styled and cut into lines again at each repaint."""

    def __init__(self, dialog: Backdropped, background: BackgroundScreen) -> None:
        self.dialog, self.background = dialog, background

    def get_optimal_width(self, rules: Any, container_width: int) -> int:
        return container_width

    def get_height(self, rules: Any, width: int) -> int:
        return self.dialog.size.height

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        dialog = self.dialog
        screen, color = self.background.screen, self.background.color
        height = dialog.size.height if height is None else height
        base = style.rich_style  # the dialog's (Textual adds it to every segment)
        # what changed on a screen that counts it (Covered) tells a stale backdrop; Textual
        # sends a dialog the regions of a change beneath it more than once. A screen beneath
        # with a backdrop of its own (a chain of dialogs) shows what changed beneath it too.
        shown = _shown_beneath(screen)
        changes = tuple(getattr(s, "changes", None) for s in shown)
        counted = None not in changes
        size, tint = (width, height), (color, base)
        cache = dialog.__dict__.setdefault("_backdrop", {})
        # (and the size each was laid out at: the terminal resized, one is laid out again)
        beneath = (tuple(map(id, shown)), changes, tuple(s._compositor.size for s in shown))
        drawn = cache.get("drawn") == beneath
        if drawn and cache["size"] == size and cache["tint"] == tint:
            if counted or not dialog._backdrop_stale:
                return cache["strips"]
        styles = cache["styles"] if cache.get("tint") == tint else {}  # each style's tinted one
        strips = []
        # the lines the screen beneath shows (its compositor's, as Textual draws them); each
        # segment's style carries its offset (text selection): tinted once per style without it
        for line in screen._compositor.render_strips(Size(width, height)):
            tinted = []
            for segment in line:
                text, segment_style, control = segment
                if control:
                    tinted.append(segment)
                    continue
                plain = segment_style.clear_meta_and_links() if segment_style else None
                one = styles.get(plain)
                if one is None:
                    (one,) = BackgroundScreen.process_segments([Segment(" ", plain)], color)
                    one = styles[plain] = base + one.style
                if tinted and tinted[-1].style is one and not tinted[-1].control:
                    # one segment where only the offsets told them apart: each segment is
                    # filtered and cut again at every frame the dialog draws
                    tinted[-1] = Segment(tinted[-1].text + text, one)
                else:
                    tinted.append(Segment(text, one))
            strips.append(Strip(tinted, line.cell_length).adjust_cell_length(width, base))
        # a screen beneath not yet laid out at the terminal's new size has fewer lines
        strips += [Strip.blank(width, base)] * (height - len(strips))
        before = cache.get("strips") if cache.get("size") == size else None
        cache.update(
            drawn=beneath,
            size=size,
            tint=tint,
            strips=strips,
            styles=styles,
        )
        dialog._backdrop_stale = False
        if before is not None:
            # the dialog draws again only the lines it was told changed, and Textual does not
            # tell it of every change beneath (a screen beneath repainted whole forwards the
            # regions it forwarded before, not its widgets' new ones): the lines that differ
            # from the backdrop drawn before are drawn again, in the next frame
            changed = [Region(0, y, width, 1) for y, line in enumerate(strips) if line != before[y]]
            if changed:
                dialog.call_later(dialog.draw_again, changed)
        return strips


def _shown_beneath(screen: Screen) -> list[Screen]:
    """``screen`` and, while it has a backdrop, the screens it shows beneath it (as Textual
    stacks them: the next one down the app's stack), nearest first."""
    stack = screen.app.screen_stack
    shown = [screen]
    while isinstance(shown[-1], Backdropped) and shown[-1] in stack:
        at = stack.index(shown[-1])
        if at == 0:
            break
        shown.append(stack[at - 1])
    return shown


class Confirm(Dialog[bool]):
    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Vertical { width: 60; max-width: 100%; height: auto; border: thick $text-warning; background: $surface;
                         padding: 1 2; }
    Confirm Horizontal { height: auto; align-horizontal: right; padding-top: 1; }
    Confirm Button { margin-left: 2; }
    """
    BINDINGS = [Binding("escape", "no", show=False), Binding("y", "yes", show=False)]

    def __init__(self, question: Msg, default_yes: bool = False) -> None:
        """``default_yes``: Enter confirms. Leave it off for anything that destroys data."""
        super().__init__()
        self.define(question, default_yes)

    def define(self, question: Msg, default_yes: bool = False) -> None:
        self.question, self.default_yes = question, default_yes

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="question")
            with Horizontal():
                yield Button(tr("ui.dialog.yes"), id="yes", variant="error")
                yield Button(tr("ui.dialog.no"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.refill()

    def refill(self) -> None:
        self.query_one("#question", Static).update(as_text(self.question))
        self.query_one("#yes" if self.default_yes else "#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


# --- choices the rules leave to the table ------------------------------------------------


class ChoiceDialog(Dialog[Any]):
    """Ask the table to pick one option of a :class:`Choice`; dismisses with the option's value
    (or ``None`` on escape). ``on_highlight`` lets a screen preview the option (e.g. on a map)."""

    DEFAULT_CSS = """
    ChoiceDialog { align: center middle; }
    ChoiceDialog > Vertical { width: 70; max-width: 100%; height: auto; max-height: 80%; border: thick $text-accent;
                              background: $surface; padding: 1 2; }
    ChoiceDialog OptionList { height: auto; max-height: 16; margin-top: 1; }
    ChoiceDialog #typed { color: $text-primary; height: auto; display: none; }
    """
    BINDINGS = [
        Binding("escape", "cancel", show=False),
        Binding("enter", "enter", show=False, priority=True),
        Binding("backspace", "backspace", show=False, priority=True),
    ]

    typed = ""  # digits typed so far, when a list is longer than 9

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        self.define(*args, **kwargs)

    def define(self, choice: Choice, title: Msg | None = None, on_highlight=None) -> None:
        self.choice, self.title_msg, self.on_highlight = choice, title, on_highlight

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="choice-title", classes="section-title")
            yield Static(id="choice-reason")
            yield OptionList()
            yield Static("", id="typed", markup=False)

    def on_mount(self) -> None:
        self.refill()

    def refill(self) -> None:
        self.typed = ""
        title = self.query_one("#choice-title", Static)
        set_content(title, self.title_msg or Msg("ui.choice.title"))
        set_content(self.query_one("#choice-reason", Static), self.choice.reason)
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(
            ListOption(as_text(f"{i + 1}. {tr(o.label)}"), id=str(i))
            for i, o in enumerate(self.choice.options)
        )
        options.highlighted = 0 if self.choice.options else None
        options.scroll_home(animate=False, immediate=True)
        self._set_typed("")
        options.focus()

    def on_key(self, event) -> None:
        """Digits pick by number (a number that could go on waits for Enter, so 12 can be
        typed in a long list); any other letter is answered with the keys that work."""
        char = event.character
        if not char or not (char.isdigit() or char.isalpha()):
            return
        event.stop()
        count = len(self.choice.options)
        number = int(self.typed + char) if char.isdigit() else 0
        if not 1 <= number <= count:
            self._set_typed("")
            self.notify(
                tr(Msg("ui.choice.keys", {"pressed": self.typed + char, "last": count})),
                severity="warning",
            )
        elif number_is_complete(number, count):
            self.dismiss(self.choice.options[number - 1].value)
        else:
            self._set_typed(self.typed + char)
            self.query_one(OptionList).highlighted = number - 1

    def _set_typed(self, typed: str) -> None:
        self.typed = typed
        shown = tr(Msg("ui.choice.typed", {"typed": typed})) if typed else ""
        typed_line = self.query_one("#typed", Static)
        typed_line.update(as_text(shown))
        typed_line.display = bool(typed)

    def action_enter(self) -> None:
        if self.typed:
            self.dismiss(self.choice.options[int(self.typed) - 1].value)
        else:
            self.query_one(OptionList).action_select()

    def action_backspace(self) -> None:
        self._set_typed(self.typed[:-1])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.on_highlight is not None and event.option.id is not None:
            self.on_highlight(self.choice.options[int(event.option.id)].value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choice.options[int(event.option.id)].value)

    def action_cancel(self) -> None:
        self.dismiss(None)


# --- forms: corrections, unknown catalog values, dice from the table -----------------------


@dataclass(frozen=True)
class FormField:
    """One field of a :class:`FormDialog`. ``kind``: "int", "text", "choice" or "dice"
    (dice: faces separated by spaces, e.g. ``3 5 6``). ``hint`` says where the value is
    printed or what it means."""

    name: str
    label: Msg
    kind: str = "int"
    value: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, Msg], ...] = ()
    hint: Msg | None = None
    optional: bool = False
    sides: int = 6
    count: int | None = None  # dice: how many are expected, if known


def field_label(f: FormField, compact: bool = False) -> str:
    """The words above (or, ``compact``, beside) a field: its label, and for a choice the
    keys to type, ``y = yes`` (``compact``: ``y yes``, for a one-line row)."""
    label = tr(f.label)
    if f.kind == "choice":
        if compact:
            label += " (" + ", ".join(f"{k} {tr(m)}" for k, m in f.choices) + ")"
        else:
            label += "  (" + ", ".join(f"{k} = {tr(m)}" for k, m in f.choices) + ")"
    return label


def parse_field(f: FormField, text: str) -> Any:
    """The value typed into ``f``, or raise ValueError with a message for the person."""
    text = text.strip()
    if not text:
        if f.optional:
            return None
        raise ValueError(tr("ui.form.required"))
    if f.kind == "int":
        try:
            value = int(text)
        except ValueError:
            raise ValueError(tr(Msg("ui.form.not_a_number", {"text": text}))) from None
        if f.minimum is not None and value < f.minimum:
            raise ValueError(tr(Msg("ui.form.too_small", {"min": f.minimum})))
        if f.maximum is not None and value > f.maximum:
            raise ValueError(tr(Msg("ui.form.too_large", {"max": f.maximum})))
        return value
    if f.kind == "choice":
        allowed = {key for key, _ in f.choices}
        if text not in allowed:
            raise ValueError(tr(Msg("ui.form.one_of", {"options": ", ".join(sorted(allowed))})))
        return text
    if f.kind == "dice":
        faces = []
        parts = text.replace(",", " ").split()
        if len(parts) == 1 and parts[0].isdigit() and f.sides < 10:
            parts = list(parts[0])  # "356" is three dice: quicker to type at the table
        for part in parts:
            if not part.isdigit() or not 1 <= int(part) <= f.sides:
                raise ValueError(tr(Msg("ui.form.bad_die", {"text": part, "sides": f.sides})))
            faces.append(int(part))
        if f.count is not None and len(faces) != f.count:
            raise ValueError(tr(Msg("ui.form.dice_count", {"count": f.count, "got": len(faces)})))
        return tuple(faces)
    return text


class FormScreen(Dialog[Any]):
    """The mechanics every form shares: Enter moves to the next field and submits from the
    last one, an "ok" button submits (so does ctrl+s from any field, as on the new-game
    forms: the OK of a long form may be below a small screen), escape or any other button
    cancels. A subclass builds its fields and implements :meth:`collect`, which shows what is
    wrong beside each field and returns ``None`` while anything is (so nothing typed is lost)."""

    BINDINGS = [
        Binding("escape", "cancel", show=False),
        Binding("ctrl+s", "submit", show=False, priority=True),
    ]

    def collect(self) -> Any:
        raise NotImplementedError

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        index = inputs.index(event.input)
        if index + 1 < len(inputs):
            inputs[index + 1].focus()
        else:
            self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.action_submit()
        else:
            self.dismiss(None)

    def action_submit(self) -> None:
        values = self.collect()
        if values is not None:
            self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FormDialog(FormScreen):
    """A small form; checks every field, says what is wrong beside it, keeps what was typed."""

    DEFAULT_CSS = """
    FormDialog { align: center middle; }
    FormDialog > VerticalScroll { width: 76; max-width: 100%; height: auto; max-height: 90%; border: thick $text-accent;
                                  background: $surface; padding: 1 2; }
    FormDialog .field-label { padding-top: 1; text-style: bold; width: 1fr; }
    FormDialog .field-hint { color: $text-muted; }
    FormDialog .field-error { color: $text-error; height: auto; }
    FormDialog Horizontal { height: auto; align-horizontal: right; padding-top: 1; }
    FormDialog Button { margin-left: 2; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        self.define(*args, **kwargs)

    def define(self, title: Msg, fields: list[FormField], intro: Msg | None = None) -> None:
        self.title_msg, self.fields, self.intro = title, fields, intro

    @property
    def shape(self) -> Any:
        # the fields' names name their widgets; a hint and the intro are widgets of their own
        return self.intro is not None, tuple((f.name, f.hint is not None) for f in self.fields)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(as_text(self.title_msg), id="form-title", classes="section-title")
            if self.intro is not None:
                yield Static(as_text(self.intro), id="form-intro")
            for f in self.fields:
                yield Label(as_text(field_label(f)), id=f"label-{f.name}", classes="field-label")
                if f.hint is not None:
                    yield Static(as_text(f.hint), id=f"hint-{f.name}", classes="field-hint")
                yield Input(value=_shown(f), id=f"field-{f.name}")
                yield Static("", id=f"error-{f.name}", classes="field-error")
            with Horizontal():
                yield Button(tr("ui.form.cancel"), id="cancel")
                yield Button(tr("ui.form.ok"), id="ok", variant="primary")

    def on_mount(self) -> None:
        self._focus_first()

    def _focus_first(self) -> None:
        if self.fields:
            self.query_one(f"#field-{self.fields[0].name}", Input).focus()

    def refill(self) -> None:
        # (only what changed: an unchanged form is shown again without a layout)
        set_content(self.query_one("#form-title", Static), self.title_msg)
        if self.intro is not None:
            set_content(self.query_one("#form-intro", Static), self.intro)
        for i, f in enumerate(self.fields):
            set_content(self.query_one(f"#label-{f.name}", Label), field_label(f))
            if f.hint is not None:
                set_content(self.query_one(f"#hint-{f.name}", Static), f.hint)
            field = self.query_one(f"#field-{f.name}", Input)
            field.value = _shown(f)  # never what was typed for the last question
            # as a new form's: the cursor at the end, the first field's words selected (what
            # is typed replaces them; its Focus selects them too, but it may be focused still)
            field.selection = Selection(0 if i == 0 else len(field.value), len(field.value))
            set_content(self.query_one(f"#error-{f.name}", Static), "")
        self.query_one(VerticalScroll).scroll_home(animate=False, immediate=True)
        self._focus_first()

    def collect(self) -> dict[str, Any] | None:
        values: dict[str, Any] = {}
        ok = True
        for f in self.fields:
            error = self.query_one(f"#error-{f.name}", Static)
            try:
                values[f.name] = parse_field(f, self.query_one(f"#field-{f.name}", Input).value)
                error.update("")
            except ValueError as exc:
                error.update(as_text(str(exc)))
                ok = False
        return values if ok else None


def _shown(f: FormField) -> str:
    """A field's value as its input shows it."""
    if f.value is None:
        return ""
    return " ".join(map(str, f.value)) if f.kind == "dice" else str(f.value)
