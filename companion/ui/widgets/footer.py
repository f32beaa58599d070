"""The footer of key bindings: one widget drawing every key.

Textual's ``Footer`` is a container of one ``FooterKey`` widget per key, rebuilt whenever the
bindings change: each key styled, laid out and drawn on its own (12 keys on home were about a
third of its start-up beyond a bare app's). This one draws the keys itself, line by line, with
the look of Textual's (the key bold and padded, its words after it, the palette's key at the
right behind a bar, a disabled key dim, the key under the mouse highlighted) and runs a
clicked key as Textual's does (``App.simulate_key``; a disabled one rings the bell).

Keys that do not fit on one line are not cut: the footer wraps onto a second or third line
(a grid of as many columns as fit, each as wide as its widest key), so Quit and Help stay in
sight at 80 columns and in Japanese.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from companion.ui.widgets.panel import LaidOut

MAX_LINES = 3
SEPARATOR = "▏"  # the palette key's left border (Textual's ``vkey``)


class Key(NamedTuple):
    key: str
    shown: str  # the key as the footer shows it
    description: str
    action: str
    disabled: bool
    tooltip: str
    palette: bool  # the command palette's key, at the right


class Place(NamedTuple):
    line: int
    x: int
    width: int


def key_width(shown: str, words: str) -> int:
    """The cells a key takes (as Textual's footer draws it: the key padded both sides, the
    words padded right; a key without words is drawn alone)."""
    return cell_len(shown) + 2 + cell_len(words) + 1 if words else cell_len(shown)


def palette_width(shown: str, words: str) -> int:
    """The palette key's cells: its bar, the key, its words and a padding cell."""
    return 1 + cell_len(shown) + (1 + cell_len(words) if words else 0) + 1


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


class Footer(LaidOut, Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--key",
        "footer-key--description",
        "footer-key--hover",
        "footer-key--separator",
    }
    # the keys in $text-primary: Textual's $footer-key-foreground ($accent) is 2.9:1 on the
    # light theme's footer, and red on grey (1:1) on a terminal of 16 colours
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        width: 1fr;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer-key--key {
            color: $text-primary;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .footer-key--hover { background: $block-hover-background; }
        & > .footer-key--separator { color: $foreground 20%; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.keys: list[Key] = []
        self.places: list[Place] = []  # where each of ``keys`` is drawn
        self._hover: int | None = None  # the index of the key under the mouse
        self._held: tuple[int, int] = (0, 1)  # (width, lines) the footer has taken at a width

    def on_mount(self) -> None:
        # the keys are there in the first frame, laid out with the footer's real height
        # (Textual's footer makes them after it: a frame without keys, then a footer that
        # grew a line under a log already scrolled to its end); told of new bindings at once
        # (Textual tells a subscriber after the messages queued before it): the keys change
        # as the step is made, in the step's own layout and frame, not in a second of their own
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)
        self._show(self._keys())

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._arrange()
        self.refresh()

    def bindings_changed(self, screen: Screen) -> None:
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._show(self._keys())

    def _keys(self) -> list[Key]:
        """The keys to show: the screen's active bindings shown in a footer, one per action,
        and the command palette's last."""
        active = self.screen.active_bindings
        seen: dict[str, Key] = {}
        for _, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in seen:
                seen[binding.action] = Key(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    not enabled,
                    tooltip,
                    False,
                )
        keys = list(seen.values())
        palette = self.app.COMMAND_PALETTE_BINDING
        if self.app.ENABLE_COMMAND_PALETTE and palette in active:
            _, binding, enabled, _ = active[palette]
            keys.append(
                Key(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    not enabled,
                    binding.tooltip or binding.description,
                    True,
                )
            )
        return keys

    def _show(self, keys: list[Key]) -> None:
        if keys != self.keys:
            self.keys = keys
            self._hover = None
            self._arrange()
            self.refresh()

    def _arrange(self) -> None:
        """One line when the keys fit, else two or three. Once wrapped it stays as high while
        the width stays: keys that come and go with each step do not make the whole screen
        jump (and lay itself out again) by a line on every key."""
        width = self.size.width or self.app.size.width
        palette = [k for k in self.keys if k.palette]
        room = width - sum(palette_width(k.shown, k.description) for k in palette)
        widths = [key_width(k.shown, k.description) for k in self.keys if not k.palette]
        lines, columns = arrangement(widths, room) or (MAX_LINES, -(-len(widths) // MAX_LINES))
        if self._held[0] == width and self._held[1] > lines:
            lines = self._held[1]
            columns = -(-len(widths) // lines) if widths else 1
        self._held = (width, lines)
        columns = max(1, columns)
        starts = [0]  # each column's x: as wide as its widest key
        for j in range(columns):
            starts.append(starts[-1] + max(widths[j::columns], default=0))
        places, n = [], 0
        for key in self.keys:
            if key.palette:
                w = palette_width(key.shown, key.description)
                places.append(Place(0, width - w, w))
            else:
                places.append(Place(n // columns, starts[n % columns], widths[n]))
                n += 1
        self.places = places
        if self.styles.height is None or self.styles.height.value != lines:
            self.styles.height = lines

    def key_at(self, x: int, y: int) -> int | None:
        """The index of the key drawn at (x, y), if any (the palette's is drawn on top)."""
        found = None
        for i, place in enumerate(self.places):
            if place.line == y and place.x <= x < place.x + place.width:
                found = i
        return found

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        blank = Style(bgcolor=self.rich_style.bgcolor)
        hover = Style(bgcolor=self.get_component_rich_style("footer-key--hover").bgcolor)
        styles = (
            self.get_component_rich_style("footer-key--key"),
            self.get_component_rich_style("footer-key--description"),
            hover,
            blank,
        )
        segments: list[Segment] = []
        x = 0
        palette = None
        for i, (key, place) in enumerate(zip(self.keys, self.places, strict=True)):
            if place.line != y:
                continue
            if key.palette:
                palette = i
                continue
            if place.x > x:
                segments.append(Segment(" " * (place.x - x), blank))
            segments.extend(self._key_segments(i, styles))
            x = place.x + place.width
        if x < width:
            segments.append(Segment(" " * (width - x), blank))
        strip = Strip(segments).crop(0, width)
        if palette is not None:
            start = self.places[palette].x
            bar = self.get_component_rich_style("footer-key--separator")
            extra = hover if palette == self._hover else Style()
            strip = Strip.join(
                [
                    strip.crop(0, start),
                    Strip([Segment(SEPARATOR, Style(color=bar.color) + blank + extra)]),
                    Strip(self._key_segments(palette, styles)),
                ]
            ).crop(0, width)
        return strip

    def _key_segments(self, i: int, styles: tuple[Style, Style, Style, Style]) -> list[Segment]:
        """A key as Textual's ``FooterKey`` draws it: the palette's compact (no padding round
        the key, a cell after its words), the others padded."""
        key_style, words_style, hover, blank = styles
        key = self.keys[i]
        extra = Style(dim=True) if key.disabled else Style()
        if i == self._hover:
            extra += hover
        if key.palette:
            words = f" {key.description}" if key.description else ""
            return [
                Segment(key.shown, key_style + extra),
                Segment(words, words_style + extra),
                Segment(" ", Style(bgcolor=(blank + extra).bgcolor)),
            ]
        if not key.description:
            return [Segment(key.shown, key_style + extra)]
        return [
            Segment(f" {key.shown} ", key_style + extra),
            Segment(f"{key.description} ", words_style + extra),
        ]

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.tooltip = (self.keys[index].tooltip or None) if index is not None else None
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self.key_at(event.x, event.y))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """As Textual's footer: a click on a key is that key pressed; on a disabled key, the
        bell."""
        index = self.key_at(event.x, event.y)
        if index is None:
            return
        key = self.keys[index]
        if key.disabled:
            self.app.bell()
        else:
            self.app.simulate_key(key.key)
