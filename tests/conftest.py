import asyncio
import inspect
from pathlib import Path

import pytest

from companion.core.i18n import add_locale_dir

add_locale_dir(Path(__file__).parent / "locales")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests (Textual's ``run_test``) on a fresh event loop, without a plugin."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
        return True
    return None
