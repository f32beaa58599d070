"""The engine layers load without any UI or database package (design.md, Layers)."""

import subprocess
import sys

FORBIDDEN = ("textual", "sqlmodel", "sqlalchemy", "qrcode")


def test_core_and_games_import_no_ui_or_database():
    code = (
        "import importlib, pkgutil, sys\n"
        "import companion.core, companion.games\n"
        "for pkg in (companion.core, companion.games):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
