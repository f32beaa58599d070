import asyncio
import atexit
import inspect
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from companion.core.i18n import add_locale_dir, set_language
from companion.store import Store

add_locale_dir(Path(__file__).parent / "locales")

# The locale files' JSON copies (core.i18n._read_domain) go to a folder of this run, for the
# app processes the tests start too, not to the user's cache.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="companion-tests-cache-")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], True)

# The command line takes the database, the language and the theme from the environment, the
# user's config file and the system's language (companion/cli_config.py): the tests run as on a
# machine that sets none of them (a test that needs one sets it).
for _variable in ("COMPANION_DB", "COMPANION_LANG", "COMPANION_THEME", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="companion-tests-config-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], True)


@pytest.fixture
def store():
    """A fresh in-memory store; the language is English again afterwards (a test may switch it).
    A test folder that needs another store (a file, a copy of a fixture) defines its own."""
    s = Store.open("sqlite://")
    yield s
    s.close()
    set_language("en")


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch):
    """Every field's cursor stays shown (harlequin's fixture): a snapshot taken half a second
    after a field got the focus must not depend on which half of a blink it caught."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests (Textual's ``run_test``) on a fresh event loop, without a plugin."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
        return True
    return None
