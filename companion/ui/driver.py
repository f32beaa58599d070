"""Escape as fast as any key: the terminal driver the app runs on (Linux and macOS).

A terminal sends Escape as the byte ESC, which also starts every arrow and function key's
sequence. Textual waits ``ESCAPE_DELAY`` after a lone ESC (100 ms, the ``ESCDELAY``
environment variable) before reporting Escape, and its Linux driver notices that the wait
is over only when it next wakes up: it waits for input 100 ms at a time. So Escape took
100–140 ms to close a dialog whatever the delay was set to; other keys take a few.

Here the delay is :data:`ESCAPE_DELAY` (unless ``ESCDELAY`` is set: then Textual's reading
of it stands), and right after input the driver waits for more only that long, so a lone
Escape is reported on time; idle, it still wakes 10 times a second. The bytes of one key's
sequence arrive together (one write by the terminal, or one packet over SSH), so 25 ms
tells them apart from an Escape typed alone. Terminals speaking the kitty keyboard protocol
(which Textual asks for) send Escape unambiguously and never wait. See docs/architecture.md, "Keys".
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder

from textual import constants
from textual.drivers.linux_driver import LinuxDriver

ESCAPE_DELAY = 0.025  # seconds after a lone ESC before it is Escape (ncurses' ESCDELAY)
IDLE_WAIT = 0.1  # seconds the input thread sleeps while nothing comes (as Textual's)


def terminal_driver(textuals: type) -> type:
    """The driver to run on, given the one Textual picked (``App.get_driver_class``): this
    module's in place of Textual's Linux driver; and the escape delay set for the app,
    unless the user set ``ESCDELAY`` (then Textual's reading of it stands)."""
    if "ESCDELAY" not in os.environ:
        constants.ESCAPE_DELAY = ESCAPE_DELAY
    return Driver if textuals is LinuxDriver else textuals


class Driver(LinuxDriver):
    """Textual's Linux driver, reporting a lone Escape after the escape delay, not after
    up to 100 ms more (its input loop, with a shorter wait after input)."""

    def run_input_thread(self) -> None:
        from textual._xterm_parser import XTermParser  # the parser Textual's driver uses

        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        wait = IDLE_WAIT

        def process(events: list, final: bool = False) -> bool:
            read_any = False
            for n, (_key, mask) in enumerate(events):
                if mask & selectors.EVENT_READ:
                    data = decode(
                        os.read(self.fileno, 1024 * 4), final=final and n == len(events) - 1
                    )
                    if not data:  # stdin piped and at its end
                        break
                    read_any = True
                    for event in parser.feed(data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return read_any

        try:
            while not self.exit_event.is_set():
                # after input, look again once a lone ESC would be due (then tick reports it)
                read_any = process(selector.select(wait))
                wait = min(constants.ESCAPE_DELAY + 0.002, IDLE_WAIT) if read_any else IDLE_WAIT
            selector.unregister(self.fileno)
            process(selector.select(IDLE_WAIT), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except Exception:  # EOFError or ParseError at its end, as Textual's driver
                pass
