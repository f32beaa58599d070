"""The store's error: what is wrong with the save file and what to do about it."""

from __future__ import annotations

from companion.core.errors import CompanionError


class StoreError(CompanionError):
    """A save file that cannot be opened or written. The CLI exits with ``exit_code``."""

    exit_code = 2
