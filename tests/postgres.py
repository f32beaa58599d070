"""A PostgreSQL server for the tests that need one: ``COMPANION_TEST_PG_URL`` names it (.ci/run
starts a throwaway one). Without it the tests skip, except in CI (``CI=true``), where they fail:
CI must never skip them silently. Each test gets a schema of its own, dropped afterwards."""

from __future__ import annotations

import os
import shlex
import subprocess
import uuid

import pytest
from sqlalchemy import text

URL_VARIABLE = "COMPANION_TEST_PG_URL"
CTL_VARIABLE = "COMPANION_TEST_PG_CTL"  # "pg_ctl -D DIR -l LOG -w", as whoever may run it


def server_url() -> str:
    url = os.environ.get(URL_VARIABLE)
    if url:
        return url
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and {URL_VARIABLE} is not set: .ci/run starts a PostgreSQL server")
    pytest.skip(f"no PostgreSQL server ({URL_VARIABLE} is not set)")


def fresh_database():
    """Yield a URL whose tables live in a new schema of the test server (then dropped)."""
    from sqlalchemy.engine import make_url

    base = make_url(server_url())
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = base.update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def terminate_connections(url: str) -> int:
    """Kill every other connection to the test server (a server restart, as clients see it)."""
    admin = _admin()
    try:
        with admin.connect() as conn:
            return len(
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE pid <> pg_backend_pid() AND datname = current_database()"
                    )
                ).all()
            )
    finally:
        admin.dispose()


def _admin():
    """An engine for the tests' own statements: a new connection each time (a test may have
    killed every connection there was)."""
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    return create_engine(server_url(), isolation_level="AUTOCOMMIT", poolclass=NullPool)


def pg_ctl(*args: str) -> None:
    """Stop or start the test server (skips where the tests were not given a pg_ctl)."""
    ctl = os.environ.get(CTL_VARIABLE)
    if not ctl:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true and {CTL_VARIABLE} is not set")
        pytest.skip(f"{CTL_VARIABLE} is not set: the test cannot stop the server")
    # no pipes: the server started would hold them open, and the run would wait forever
    subprocess.run(
        [*shlex.split(ctl), *args],
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
    )
