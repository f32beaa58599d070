"""The footer of key bindings, updated in place.

Textual's ``Footer`` rebuilds all its keys (new widgets, styled from scratch) whenever the
bindings change: 20–35 ms on a game screen after a step that changes what is allowed. This
one keeps its key widgets and changes only what differs (a key's words, enabled or not),
adding or removing keys at the end when there are more or fewer. Binding groups (not used
by the game screens) fall back to Textual's rebuild.

Keys that do not fit on one line are not cut: the footer wraps onto a second or third line
(a grid of as many columns as fit), so Quit and Help stay in sight at 80 columns and in
Japanese.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from companion.ui.widgets.panel import LaidOut

# key, shown key, words, action, disabled, tooltip, classes
Spec = tuple[str, str, str, str, bool, str, str]


MAX_LINES = 3


def key_width(shown: str, words: str) -> int:
    """The cells a ``FooterKey`` takes (Textual's footer styles: the key padded both sides,
    the words padded right)."""
    return cell_len(shown) + 2 + (cell_len(words) + 1 if words else 0)


def arrangement(widths: list[int], room: int) -> tuple[int, int] | None:
    """(lines, columns) of the smallest grid of ``widths`` (row by row) fitting ``room`` cells;
    ``None`` when even ``MAX_LINES`` lines are too narrow."""
    n = len(widths)
    if n == 0:
        return 1, 1
    for lines in range(1, MAX_LINES + 1):
        columns = -(-n // lines)
        if sum(max(widths[j::columns]) for j in range(columns)) <= room:
            return lines, columns
    return None


class Footer(TextualFooter):
    # the keys in $text-primary: Textual's $footer-key-foreground ($accent) is 2.9:1 on the
    # light theme's footer, and red on grey (1:1) on a terminal of 16 colours
    DEFAULT_CSS = """
    Footer.-wrapped { layout: grid; grid-columns: auto; grid-rows: 1; }
    Footer FooterKey .footer-key--key { color: $text-primary; }
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The keys are made with the footer (compose), from the bindings its screen has then,
        # and updated in place when they change. Textual's footer starts empty and builds them
        # once the screen says its bindings are ready, after the first frame: that frame had
        # no keys, and the footer then grew a line under a log already scrolled to its end
        # (so the last line was hidden) and a map already scrolled to its selected space.
        self.set_reactive(TextualFooter._bindings_ready, True)

    def on_mount(self, event: events.Mount) -> None:
        # told at once (Textual's footer is told after the messages queued before it): the
        # keys change as the step is made, in the step's own layout and frame, not in a
        # second layout and frame of their own
        event.prevent_default()
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)

    def on_resize(self) -> None:
        self.arrange_keys()

    def compose(self) -> ComposeResult:
        """The keys made as ``_update_keys`` makes them (``_new_key``): each of Textual's own
        starts compact and is then told it is not, restyled twice over on mounting (about a
        third of the home screen's start-up beyond a bare app's). Groups: Textual's."""
        specs = self._specs() if self._bindings_ready else None
        if specs is None:
            yield from super().compose()
            return
        # laid out for the keys before they are mounted: wrapping the footer once they are
        # would style them all again (a class of their parent's changed)
        self._arrange([(spec[1], spec[2], spec[-1] == "-command-palette") for spec in specs])
        for spec in specs:  # the palette's key is not bound to the footer's compact
            yield _new_key(spec, self.compact or spec[-1] == "-command-palette")

    async def recompose(self) -> None:
        await super().recompose()
        self.arrange_keys()

    _held: tuple[int, int] = (0, 1)  # (width, lines) the footer has taken at this width

    def arrange_keys(self) -> None:
        """One line when the keys fit, else two or three. Once wrapped it stays as high while
        the width stays: keys that come and go with each step do not make the whole screen
        jump (and lay itself out again) by a line on every key."""
        keys = [k for k in self.query_children(FooterKey) if k.display]
        self._arrange(
            [(k.key_display, k.description, k.has_class("-command-palette")) for k in keys]
        )

    def _arrange(self, keys: list[tuple[str, str, bool]]) -> None:
        """``arrange_keys`` for keys given as (shown key, words, the palette's or not)."""
        width = self.size.width or self.app.size.width
        room = width - sum(key_width(key, words) + 2 for key, words, palette in keys if palette)
        widths = [key_width(key, words) for key, words, palette in keys if not palette]
        lines, columns = arrangement(widths, room) or (MAX_LINES, -(-len(widths) // MAX_LINES))
        if self._held[0] == width and self._held[1] > lines:
            lines = self._held[1]
            columns = -(-len(widths) // lines) if widths else 1
        self._held = (width, lines)
        self.set_class(lines > 1, "-wrapped")
        self.styles.grid_size_columns = max(1, columns)
        if self.styles.height is None or self.styles.height.value != lines:
            self.styles.height = lines

    def bindings_changed(self, screen: Screen) -> None:
        ready = self._bindings_ready
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            if not ready:
                self.call_after_refresh(self.recompose)
            elif not self._update_in_place(self._specs()):  # now: laid out with the step
                self.call_later(self._update_keys)

    def watch_compact(self, compact: bool) -> None:
        for widget in self.query_children(FooterKey):
            widget.compact = compact or widget.has_class("-command-palette")

    def _specs(self) -> list[Spec] | None:
        active = self.screen.active_bindings
        seen: dict[str, Spec] = {}
        for _, binding, enabled, tooltip in active.values():
            if not binding.show or binding.action in seen:
                continue
            if binding.group is not None:
                return None
            seen[binding.action] = (
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                not enabled,
                tooltip,
                "",
            )
        specs = list(seen.values())
        palette = self.app.COMMAND_PALETTE_BINDING
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette in active:
            _, binding, enabled, _ = active[palette]
            specs.append(
                (
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    not enabled,
                    binding.tooltip or binding.description,
                    "-command-palette",
                )
            )
        return specs

    def _update_in_place(self, specs: list[Spec] | None) -> bool:
        """Show ``specs`` on the keys there are, hiding those left over (kept for the next
        step that shows more); False when that cannot be done (more keys, or groups)."""
        keys = list(self.children)
        if (
            specs is None
            or len(specs) > len(keys)
            or any(not isinstance(k, FooterKey) for k in keys)
        ):
            return False
        for widget, spec in zip(keys, specs, strict=False):
            _update(widget, spec, self.compact)
            widget.display = True
        for widget in keys[len(specs) :]:
            widget.display = False
        self.arrange_keys()
        return True

    async def _update_keys(self) -> None:
        if not self.is_attached:
            return
        specs = self._specs()
        if self._update_in_place(specs):
            return
        keys = list(self.children)
        if specs is None or any(not isinstance(k, FooterKey) for k in keys):
            await self.recompose()
            return
        await self.mount_all(
            _new_key(spec, self.compact or spec[-1] == "-command-palette")
            for spec in specs[len(keys) :]
        )
        self._update_in_place(specs)


class _Key(LaidOut, FooterKey):
    """A key whose words changed with a step: laid out in the step's layout only."""


def _new_key(spec: Spec, compact: bool) -> FooterKey:
    # not data_bind(compact=Footer.compact) as Textual's footer does: that watcher stays on the
    # footer after the key is removed, keeping every removed key alive; the footer passes its
    # ``compact`` on itself (watch_compact)
    key, shown, words, action, disabled, tooltip, classes = spec
    widget = _Key(key, shown, words, action, disabled=disabled, tooltip=tooltip,
                  classes=classes)  # fmt: skip
    widget.set_reactive(FooterKey.compact, compact)  # set so: its watcher does not run...
    widget.set_class(compact, "-compact", update=False)  # ...to give the class it would
    return widget


def _update(widget: FooterKey, spec: Spec, compact: bool) -> None:
    key, shown, words, action, disabled, tooltip, classes = spec
    old = (widget.key, widget.key_display, widget.description, widget.action)
    if old != (key, shown, words, action):
        widget.key, widget.key_display, widget.description, widget.action = (
            key,
            shown,
            words,
            action,
        )
        widget.refresh(layout=True)
    if widget._disabled != disabled:
        widget._disabled = disabled
        widget.set_class(disabled, "-disabled")
    palette = classes == "-command-palette"
    widget.set_class(palette, "-command-palette")
    # as Textual's footer: the palette's key stays compact; a key reused from it must not
    # (its words would run into the next key's)
    if widget.compact != (compact or palette):
        widget.compact = compact or palette
    if (widget.tooltip or "") != (tooltip or ""):
        widget.tooltip = tooltip or None
