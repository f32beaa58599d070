"""The store's error: what is wrong with the save file and what to do about it."""

from __future__ import annotations

import errno

from companion.core.errors import CompanionError


class StoreError(CompanionError):
    """A save file that cannot be opened or written. The CLI exits with ``exit_code``."""

    exit_code = 2


def failure_kind(exc: BaseException) -> str:
    """What a failure of the database (or of a file) was, so that its advice can match it:
    ``locked``, ``full``, ``read_only``, ``permission``, ``io``, ``damaged`` or ``""``
    (anything else). Read from SQLite's error code, PostgreSQL's SQLSTATE or the errno,
    their words only as a last resort."""
    orig = getattr(exc, "orig", None) or exc
    name = getattr(orig, "sqlite_errorname", "") or ""
    state = getattr(orig, "sqlstate", "") or ""
    code = getattr(orig, "errno", None)
    words = str(orig).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or state in ("55P03", "40P01"):
        return "locked"
    if name.startswith("SQLITE_FULL") or state == "53100" or code == errno.ENOSPC:
        return "full"
    if name.startswith("SQLITE_READONLY") or state == "25006" or code == errno.EROFS:
        return "read_only"
    if name.startswith("SQLITE_CANTOPEN") or code in (errno.EACCES, errno.EPERM):
        return "permission"
    if name.startswith("SQLITE_IOERR") or code == errno.EIO:
        return "io"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "damaged"
    for kind, hint in (("locked", "locked"), ("full", "full"), ("read_only", "readonly")):
        if hint in words:
            return kind
    return ""
