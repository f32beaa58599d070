"""A PostgreSQL server for the tests that need one: ``COMPANION_TEST_PG_URL`` names it (.ci/run
starts a throwaway one). Without it the tests skip, except in CI (``CI=true``), where they fail:
CI must never skip them silently. Each test gets a schema of its own, dropped afterwards.

The tests run in several processes at once (pytest-xdist), all on the one server: each
connection of a test carries its schema's name as its ``application_name`` (so a test kills
only its own connections), and a test that stops the server waits until no other process is
using it, and keeps them waiting until it is back (a lock file beside the server's name)."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shlex
import subprocess
import tempfile
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
    with _server_in_use():
        admin = _admin()
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = base.update_query_dict(
            {"options": f"-csearch_path={schema}", "application_name": schema}
        )
        try:
            yield url.render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            admin.dispose()


def terminate_connections(url: str) -> int:
    """Kill the connections of ``url``'s test (a server restart, as its clients see it)."""
    from sqlalchemy.engine import make_url

    name = make_url(url).query["application_name"]
    admin = _admin()
    try:
        with admin.connect() as conn:
            return len(
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE pid <> pg_backend_pid() AND application_name = :name"
                    ),
                    {"name": name},
                ).all()
            )
    finally:
        admin.dispose()


_lock: dict[str, int] = {}  # the lock file (its descriptor) and how many tests of ours use it


def _lock_fd() -> int:
    if "fd" not in _lock:
        digest = hashlib.sha256(server_url().encode()).hexdigest()[:16]
        path = os.path.join(tempfile.gettempdir(), f"companion-test-pg-{digest}.lock")
        _lock.update(fd=os.open(path, os.O_RDWR | os.O_CREAT, 0o666), users=0)
    return _lock["fd"]


@contextlib.contextmanager
def _server_in_use():
    """A shared hold on the server for a test's whole use of it (see the module's words)."""
    fd = _lock_fd()
    if not _lock["users"]:
        fcntl.flock(fd, fcntl.LOCK_SH)
    _lock["users"] += 1
    try:
        yield
    finally:
        _lock["users"] -= 1
        if not _lock["users"]:
            fcntl.flock(fd, fcntl.LOCK_UN)


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
    fd = _lock_fd()
    if "stop" in args:  # once no other process uses the server; "start" lets them in again
        fcntl.flock(fd, fcntl.LOCK_EX)
    # no pipes: the server started would hold them open, and the run would wait forever
    subprocess.run(
        [*shlex.split(ctl), *args],
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
    )
    if "start" in args:
        fcntl.flock(fd, fcntl.LOCK_SH if _lock["users"] else fcntl.LOCK_UN)
