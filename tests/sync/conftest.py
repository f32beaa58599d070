from pathlib import Path

import pytest

from tests.postgres import fresh_database


@pytest.fixture(params=["sqlite", "postgresql"])
def db_target(request, tmp_path: Path):
    """One database two instances open: a SQLite file, or a schema on the test server."""
    if request.param == "sqlite":
        yield str(tmp_path / "shared.db")
    else:
        yield from fresh_database()
