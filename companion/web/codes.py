"""The join codes of a served game, kept in the save (the store's settings), so that
restarting ``companion serve`` keeps every phone's code; one can be revoked (a new token
replaces it; the old one opens nothing from then on).

A code is a random token (``secrets.token_urlsafe``) and the view it opens: the table's
(read-only or full control) or one seat's (that player's secrets only).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Any

from companion.core.i18n import Msg, msg

TOKEN_BYTES = 16  # 22 characters: unguessable, and the URL still makes a small QR code
TABLE_READ_ONLY, TABLE, SEAT = "table-read-only", "table", "seat"


REVOKED_KEPT = 100  # revoked tokens remembered per game (a phone opening one is told why)


def setting_key(game_id: int) -> str:
    return f"serve.codes.{game_id}"


def revoked_key(game_id: int) -> str:
    return f"serve.revoked.{game_id}"


@dataclass(frozen=True)
class JoinCode:
    """One way in: ``view`` (:data:`TABLE_READ_ONLY`, :data:`TABLE` or :data:`SEAT`), the
    ``seat`` number (1 = the first player) and its ``player``, and the ``token`` in its URL."""

    view: str
    token: str
    seat: int | None = None
    player: str = ""

    @property
    def read_only(self) -> bool:
        return self.view == TABLE_READ_ONLY

    @property
    def label(self) -> Msg:
        if self.view == SEAT:
            return msg("serve.code.seat", seat=self.seat, player=self.player)
        return Msg("serve.code.table_read_only" if self.read_only else "serve.code.table_full")

    def to_json(self) -> dict[str, Any]:
        return {"view": self.view, "seat": self.seat, "token": self.token}


def _token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def wanted(seats: tuple[str, ...]) -> list[tuple[str, int | None, str]]:
    """The codes a game has: the table read-only, the table with full control, one per seat
    (``seats``: the players in seat order whose secrets a device may hold)."""
    return [(TABLE_READ_ONLY, None, ""), (TABLE, None, "")] + [
        (SEAT, n, player) for n, player in enumerate(seats, 1)
    ]


def join_codes(store: Any, game_id: int, seats: tuple[str, ...]) -> tuple[JoinCode, ...]:
    """The codes of game ``game_id``: those kept in the save, and new ones for any view that
    has none yet (written back at once)."""
    kept = {
        (c.get("view"), c.get("seat")): str(c.get("token"))
        for c in store.get_setting(setting_key(game_id), []) or []
        if isinstance(c, dict) and c.get("token")
    }
    codes = tuple(
        JoinCode(view, kept.get((view, seat)) or _token(), seat, player)
        for view, seat, player in wanted(seats)
    )
    if any((c.view, c.seat) not in kept for c in codes):
        store.set_setting(setting_key(game_id), [c.to_json() for c in codes])
    return codes


def revoke(store: Any, game_id: int, codes: tuple[JoinCode, ...], which: int | None):
    """New tokens for code number ``which`` (1-based, as the host's screen lists them), or for
    every code (``None``); the old ones open nothing from then on. Returns the codes."""
    if which is not None and not 1 <= which <= len(codes):
        raise IndexError(which)
    new = tuple(
        replace(c, token=_token()) if which is None or n == which else c
        for n, c in enumerate(codes, 1)
    )
    old = [c.token for c, n in zip(codes, new, strict=True) if c.token != n.token]
    gone = [*revoked(store, game_id), *old][-REVOKED_KEPT:]
    store.set_setting(revoked_key(game_id), gone)
    store.set_setting(setting_key(game_id), [c.to_json() for c in new])
    return new


def revoked(store: Any, game_id: int) -> tuple[str, ...]:
    """The tokens revoked so far (the newest :data:`REVOKED_KEPT`): a page opened on one is
    told it was revoked, rather than refused as an address without a code."""
    kept = store.get_setting(revoked_key(game_id), []) or []
    return tuple(str(t) for t in kept if isinstance(t, str))


def code_of(codes: tuple[JoinCode, ...], token: str) -> JoinCode | None:
    """The code whose token this is (compared in constant time, whichever it is)."""
    found = None
    for code in codes:
        if secrets.compare_digest(code.token.encode(), token.encode()):
            found = code
    return found
