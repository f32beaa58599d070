"""``companion verify``: replay each saved game's steps and check they reach what was saved.

For every game: the initial state and every step's command must decode (commands through
``companion.core.game.upgrade``, as when a game is opened), every step must apply, each stored
snapshot must equal the state the replay reaches after that many steps, and the stored outcome
(``games.outcome``, with ``finished``) must be the one the game computes at the cursor.
Snapshots an older save wrote after a step that is now upgraded are not compared: the game
replays those states when it is opened (``GameSession``'s ``stale_after``).

Only reads: a verify changes nothing, so it can be run on a backup or on the live save.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from companion.core import codec
from companion.core.commands import apply_command
from companion.core.i18n import Msg, msg
from companion.core.msgjson import load_msg
from companion.store.listing import in_utc, load_seats
from companion.store.session import GAMES, GAMES_AS_STORED, SNAPSHOTS, STEPS, outcome_json


@dataclass(frozen=True)
class Problem:
    game_id: int
    where: str  # "step 12", "snapshot 32", "outcome", "initial state"
    what: Msg


def verify_game(store: Any, game_id: int) -> list[Problem]:
    """Every inconsistency of game ``game_id`` (empty: all is consistent)."""
    with store._read() as conn:
        row = conn.execute(select(*GAMES_AS_STORED).where(GAMES.c.id == game_id)).first()
        if row is None:
            return [Problem(game_id, "-", msg("store.verify.no_game"))]
        steps = conn.execute(
            select(STEPS.c.idx, STEPS.c.command, STEPS.c.description)
            .where(STEPS.c.game_id == game_id)
            .order_by(STEPS.c.idx)
        ).all()
        snaps = conn.execute(
            select(SNAPSHOTS.c.idx, SNAPSHOTS.c.state)
            .where(SNAPSHOTS.c.game_id == game_id)
            .order_by(SNAPSHOTS.c.idx)
        ).all()
    out: list[Problem] = []

    def bad(where: str, key: str, **params: Any) -> None:
        out.append(Problem(game_id, where, msg(f"store.verify.{key}", **params)))

    for name, read in ROW_FIELDS:  # what the lists, the records and the exports read
        try:
            read(getattr(row, name))
        except Exception as exc:  # noqa: BLE001  (any failure to read is the finding)
            bad(name, "undecodable", problem=_short(exc))
    try:
        game = store._game(row.game_key)
    except Exception as exc:  # noqa: BLE001  (an unknown game is one problem among others)
        bad("game_key", "unknown_game", game=str(row.game_key), problem=str(exc)[:200])
        return out
    if not all(type(n) is int for n in (row.cursor, row.length, *(s.idx for s in steps))):
        bad("games", "not_numbers")
        return out
    if [s.idx for s in steps] != list(range(len(steps))):
        bad("steps", "gap", found=len(steps))
    if row.length != len(steps) or not 0 <= row.cursor <= row.length:
        bad("games", "cursor", cursor=row.cursor, length=row.length, steps=len(steps))
    try:
        state = codec.load(game.state_type, row.initial_state)
    except Exception as exc:  # noqa: BLE001
        bad("initial state", "undecodable", problem=_short(exc))
        return out
    states = {0: state}
    upgraded: int | None = None  # the first step an older save wrote in older terms
    for s in steps:
        where = f"step {s.idx + 1}"
        try:
            load_msg(s.description)  # its log line, as History and a resume read it
        except Exception as exc:  # noqa: BLE001
            bad(f"{where} (log line)", "undecodable", problem=_short(exc))
        try:
            stored = codec.load_command(s.command)
            cmd = game.upgrade(stored)
        except Exception as exc:  # noqa: BLE001
            bad(where, "undecodable", problem=_short(exc))
            break
        if upgraded is None and cmd != stored:
            upgraded = s.idx
        try:
            state = apply_command(game, state, cmd)
        except Exception as exc:  # noqa: BLE001  (a RuleError or worse: the replay stops here)
            bad(where, "refused", problem=_short(exc))
            break
        states[s.idx + 1] = state
    for snap in snaps:
        where = f"snapshot {snap.idx}"
        if type(snap.idx) is not int:
            bad(where, "not_numbers")
            continue
        if snap.idx not in states:
            if snap.idx > len(steps):
                bad(where, "snapshot_beyond", steps=len(steps))
            continue  # the replay stopped earlier: said above
        if upgraded is not None and snap.idx > upgraded:
            continue  # written before its steps were upgraded: a resume replays instead
        try:
            saved = codec.load(game.state_type, snap.state)
        except Exception as exc:  # noqa: BLE001
            bad(where, "undecodable", problem=_short(exc))
            continue
        if codec.dump(saved, game.state_type) != codec.dump(states[snap.idx], game.state_type):
            bad(where, "snapshot_differs")
    if row.cursor in states:
        expected = outcome_json(game, states[row.cursor])
        saved_outcome, replayed = _outcome(row.outcome), _outcome(expected)
        if isinstance(saved_outcome, dict) and "facts" not in saved_outcome:
            # stored before outcomes carried facts (schema 3): the rest must still agree
            replayed = {k: v for k, v in (replayed or {}).items() if k != "facts"} or None
        elif isinstance(saved_outcome, dict) and "breakdown" not in saved_outcome["facts"]:
            # stored before facts kept the points by category: the rest must still agree
            facts = (replayed or {}).get("facts") or {}
            facts.pop("breakdown", None)
        if replayed != saved_outcome:
            bad("outcome", "outcome_differs", saved=str(row.outcome), replay=str(expected))
        if bool(row.finished) != (expected is not None):
            bad("finished", "finished_differs", saved=bool(row.finished))
    return out


def _optional(read: Any) -> Any:
    return lambda value: None if value is None else read(value)


def _number(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"not a number: {value!r}"[:80])
    return value


# the games row's fields that are read beyond the replay, each as its reader reads it
ROW_FIELDS: tuple[tuple[str, Any], ...] = (
    ("created", in_utc),
    ("last_played", in_utc),
    ("summary", load_msg),
    ("players", _optional(load_seats)),
    ("played_seconds", lambda v: float(v or 0)),
    ("revision", _number),
)


def _outcome(text: str | None) -> Any:
    try:
        return None if text is None else json.loads(text)
    except ValueError:
        return text


def _short(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return f"{type(exc).__name__}: {text}"[:200]


def game_ids(store: Any) -> list[int]:
    with store._read() as conn:
        return [r[0] for r in conn.execute(select(GAMES.c.id).order_by(GAMES.c.id))]
