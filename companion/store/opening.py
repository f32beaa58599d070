"""Where the save is: a file path or any SQLAlchemy URL (checks before writing: precheck.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import URL, make_url

from companion.store.errors import StoreError
from companion.store.precheck import ensure_data_folder

POSTGRES_DRIVER = "postgresql+psycopg"  # psycopg 3: pip install 'table-companion[postgres]'


@dataclass(frozen=True)
class Target:
    url: URL
    path: Path | None  # the SQLite file, when there is one (not in-memory, not a server)
    label: str  # how messages name it


def resolve_target(target: str | Path | None) -> Target:
    """``None``: the default file; a path; or any SQLAlchemy URL (``sqlite://`` is in-memory)."""
    if target is None:
        return _file_target(ensure_data_folder())
    if isinstance(target, str) and "://" in target:
        try:
            url = make_url(target)
        except Exception as exc:  # sqlalchemy.exc.ArgumentError
            raise StoreError("store.bad_url", url=target, problem=str(exc)) from None
        if url.drivername == "postgresql":  # the driver the postgres extra installs
            url = url.set(drivername=POSTGRES_DRIVER)
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            if not url.database.startswith("file:"):
                return Target(url, Path(url.database).expanduser(), url.database)
        return Target(url, None, url.render_as_string(hide_password=True))
    return _file_target(Path(target).expanduser())


def _file_target(path: Path) -> Target:
    return Target(URL.create("sqlite", database=str(path)), path, str(path))
