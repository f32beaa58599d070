"""Escape as fast as any key (issue 26): the app's terminal driver (companion/ui/driver.py)."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from textual import constants, events
from textual.drivers.linux_driver import LinuxDriver

from companion.ui import driver as app_driver
from companion.ui.app import CompanionApp

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the Linux and macOS driver")


def test_the_app_runs_on_its_own_driver_with_its_escape_delay(monkeypatch):
    monkeypatch.delenv("ESCDELAY", raising=False)
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.1)
    assert CompanionApp().driver_class is app_driver.Driver
    assert constants.ESCAPE_DELAY == app_driver.ESCAPE_DELAY


def test_escdelay_set_by_the_user_stands(monkeypatch):
    monkeypatch.setenv("ESCDELAY", "300")
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.3)
    CompanionApp()
    assert constants.ESCAPE_DELAY == 0.3


class _Collecting(app_driver.Driver):
    def __init__(self, fileno: int) -> None:  # no app: what the thread reports is kept
        self.fileno, self._debug, self.exit_event = fileno, False, threading.Event()
        self.got: list = []
        self.some = threading.Event()

    def process_message(self, message) -> None:
        self.got.append(message)
        self.some.set()


def _run(driver: _Collecting, waits: list, monkeypatch) -> threading.Thread:
    select = app_driver.selectors.SelectSelector.select

    def recorded(self, timeout=None):
        waits.append(timeout)
        return select(self, timeout)

    monkeypatch.setattr(app_driver.selectors.SelectSelector, "select", recorded)
    thread = threading.Thread(target=driver.run_input_thread, daemon=True)
    thread.start()
    return thread


def test_after_input_the_driver_looks_again_when_a_lone_escape_is_due(monkeypatch):
    """Textual's driver waits 100 ms for input whatever the escape delay: a lone Escape was
    reported 100-140 ms after it was typed. This one waits the escape delay after input."""
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.02)
    read, write = os.pipe()
    driver = _Collecting(read)
    waits: list = []
    thread = _run(driver, waits, monkeypatch)
    try:
        os.write(write, b"\x1b")
        assert driver.some.wait(10)
        keys = [m.key for m in driver.got if isinstance(m, events.Key)]
        assert keys == ["escape"]
        assert waits[0] == app_driver.IDLE_WAIT  # idle: as seldom as Textual's
        assert 0.02 <= waits[1] < app_driver.IDLE_WAIT  # after the ESC: when it is due
    finally:
        driver.exit_event.set()
        os.write(write, b"")
        thread.join(5)
        os.close(write)
        os.close(read)


def test_key_sequences_still_read_as_their_keys(monkeypatch):
    read, write = os.pipe()
    driver = _Collecting(read)
    thread = _run(driver, [], monkeypatch)
    try:
        os.write(write, b"\x1b[Ax\x1b[15~")
        for _ in range(50):
            if len([m for m in driver.got if isinstance(m, events.Key)]) >= 3:
                break
            driver.some.clear()
            driver.some.wait(0.2)
        assert [m.key for m in driver.got if isinstance(m, events.Key)] == ["up", "x", "f5"]
    finally:
        driver.exit_event.set()
        thread.join(5)
        os.close(write)
        os.close(read)


def test_textuals_driver_is_what_ours_replaces():
    """The app's driver subclasses Textual's Linux one: when Textual's is picked, ours is."""
    assert issubclass(app_driver.Driver, LinuxDriver)
    assert app_driver.terminal_driver(LinuxDriver) is app_driver.Driver
    assert app_driver.terminal_driver(object) is object
