"""A phone in a real browser for the tests: Debian's chromium driven by its chromedriver over
the W3C WebDriver HTTP API (urllib only; no selenium), at 390×844 with touch, headless.

``phone()`` starts chromedriver on a free port and a fresh profile, and yields a
:class:`Browser`; the browser tests skip when chromium is absent, except under CI
(``CI=true``), where they fail.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C name of an element reference
PHONE = (390, 844)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
WAIT = 30.0  # seconds a condition may take on a busy machine (a guard against a hang only)


def binaries() -> tuple[str, str] | None:
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (chrome, driver) if chrome and driver else None


def need_chromium() -> tuple[str, str]:
    found = binaries()
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium and chromium-driver are needed in CI (.ci/run installs them)")
        pytest.skip("chromium and chromium-driver are not installed")
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """One browser window (a WebDriver session)."""

    def __init__(self, base: str, session: str) -> None:
        self.base, self.session = base, session

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.base}/session/{self.session}{path}",
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=60) as r:
            return json.loads(r.read() or b"null")["value"]

    def open(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})

    def run(self, script: str, *args: Any) -> Any:
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def html(self) -> str:
        return self.call("GET", "/source")

    def find(self, css: str) -> list[str]:
        found = self.call("POST", "/elements", {"using": "css selector", "value": css})
        return [e[ELEMENT] for e in found]

    def tap(self, element: str) -> None:
        """A finger's tap on ``element`` (touch pointer down and up at its centre)."""
        finger = {
            "type": "pointer",
            "id": "finger",
            "parameters": {"pointerType": "touch"},
            "actions": [
                {
                    "type": "pointerMove",
                    "duration": 0,
                    "origin": {ELEMENT: element},
                    "x": 0,
                    "y": 0,
                },
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 50},
                {"type": "pointerUp", "button": 0},
            ],
        }
        self.call("POST", "/actions", {"actions": [finger]})
        self.call("DELETE", "/actions")

    def type(self, element: str, text: str) -> None:
        self.call("POST", f"/element/{element}/clear", {})
        self.call("POST", f"/element/{element}/value", {"text": text})

    def wait(self, until: Callable[[], Any], what: str) -> Any:
        began = time.monotonic()
        while True:
            value = until()
            if value:
                return value
            if time.monotonic() - began > WAIT:
                raise AssertionError(f"the page never showed {what}")
            time.sleep(0.05)

    def rev(self) -> int:
        return int(
            self.run("var v = document.getElementById('view'); return v ? v.dataset.rev : -1")
        )

    def size(self, css: str) -> tuple[float, float]:
        box = self.run(
            "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return [r.width, r.height];",
            css,
        )
        return box[0], box[1]


@contextlib.contextmanager
def phone() -> Iterator[Browser]:
    """A headless chromium at 390×844 with touch, on a fresh profile."""
    chrome, driver = need_chromium()
    port = free_port()
    profile = tempfile.mkdtemp(prefix="companion-chromium-")
    process = subprocess.Popen(
        [driver, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base)
        width, height = PHONE
        capabilities = {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chrome,
                "args": [*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"],
                "mobileEmulation": {
                    "deviceMetrics": {
                        "width": width,
                        "height": height,
                        "pixelRatio": 2,
                        "touch": True,
                    }
                },
            },
        }
        request = urllib.request.Request(
            f"{base}/session",
            data=json.dumps({"capabilities": {"alwaysMatch": capabilities}}).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=60) as r:
            session = json.loads(r.read())["value"]["sessionId"]
        browser = Browser(base, session)
        try:
            yield browser
        finally:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(
                    urllib.request.Request(f"{base}/session/{session}", method="DELETE"), timeout=30
                )
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)


def _wait_ready(base: str) -> None:
    began = time.monotonic()
    while time.monotonic() - began < WAIT:
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(f"{base}/status", timeout=5) as r:
                if json.loads(r.read())["value"].get("ready"):
                    return
        time.sleep(0.1)
    raise AssertionError("chromedriver never started")
