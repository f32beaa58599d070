"""A saved game sent elsewhere: the whole game as JSON (read back by ``import-game``), the
play as CSV (one row per player), and the BG Stats link that logs the play on a phone.

The JSON holds everything the game is: the table's setup and the catalog values the game
uses (both live in the initial state, which carries what the rules need of the catalog),
every step as the command and the log line written when it was made, the cursor (an undone
tail stays redoable), the outcome, the players and the time played. Importing checks it
all by replaying every step before anything is written, then writes the game in one
transaction: a bad file is a message and leaves the database as it was.

BG Stats link: BG Stats (bgstatsapp.com) opens a pre-filled new play from
``https://app.bgstatsapp.com/createPlay.html?data=<the play as URL-encoded JSON>``; see
docs/records.md for the fields and where they are described. The BoardGameGeek id of a
game is not something the companion knows: it is sent only when the user gives it.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from sqlalchemy import insert, select
from sqlalchemy.exc import SQLAlchemyError

from companion.core import codec
from companion.core.commands import apply_command
from companion.core.game import Outcome
from companion.core.i18n import tr
from companion.core.msgjson import dump_msg, load_msg, title_text
from companion.core.text import visible_data
from companion.store.errors import StoreError
from companion.store.listing import GameInfo, load_record, load_seats
from companion.store.session import GAMES, GAMES_AS_STORED, SNAPSHOTS, STEPS, outcome_json
from companion.store.store import insert_game

FORMAT = "companion.game"
FORMAT_VERSION = 1
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"
BGSTATS_SOURCE = "companion"  # sourceName: BG Stats matches games and players per source


# -- export -------------------------------------------------------------------------------


def export_game(store: Any, game_id: int) -> dict[str, Any]:
    """The whole game ``game_id`` as a JSON-able dict (:data:`FORMAT`). A hand-damaged value
    is a ``StoreError`` naming its row and field."""
    with store._read() as conn:
        row = conn.execute(select(*GAMES_AS_STORED).where(GAMES.c.id == game_id)).first()
        if row is None:
            raise StoreError("store.no_game", id=game_id)
        steps = conn.execute(
            select(STEPS.c.idx, STEPS.c.command, STEPS.c.description)
            .where(STEPS.c.game_id == game_id)
            .order_by(STEPS.c.idx)
        ).all()

    def read(where: str, value: Any, how: Any) -> Any:
        try:
            return how(value)
        except (ValueError, TypeError, OverflowError, AttributeError) as exc:
            raise store._damaged_row(where, exc) from None

    def game_field(name: str, how: Any) -> Any:
        return read(f"games[id={game_id}].{name}", getattr(row, name), how)

    def optional_json(text_: str | None) -> Any:
        return json.loads(text_) if text_ else None

    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": row.game_key,
        "title": title_text(row.title),  # a made title as shown now: a file is text
        "catalog": row.catalog_name,
        "created": game_field("created", _iso),
        "last_played": game_field("last_played", _iso),
        "played_seconds": game_field("played_seconds", lambda v: round(float(v or 0), 1)),
        "players": game_field("players", optional_json),
        "record": game_field("record", optional_json),
        "cursor": game_field("cursor", int),
        "outcome": game_field("outcome", optional_json),
        "initial_state": game_field("initial_state", json.loads),
        "steps": [
            {
                "command": read(
                    f"steps[game_id={game_id}, idx={s.idx}].command", s.command, json.loads
                ),
                "line": read(
                    f"steps[game_id={game_id}, idx={s.idx}].description", s.description, json.loads
                ),
            }
            for s in steps
        ],
    }


def _iso(value: datetime | str) -> str:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="seconds")


CSV_COLUMNS = (
    "game_id", "game", "title", "date", "minutes", "rounds", "result", "location", "notes",
    "seat", "player", "colour", "role", "start", "score", "winner",
)  # fmt: skip


def play_csv(info: GameInfo) -> str:
    """The play as CSV: a header, then one row per player (score empty where the game does
    not score players; a co-operative win marks every player a winner); after the fixed
    columns, one per scoring category (``points:<key>``: a card, a Magical Friends tally),
    each player's points in it, as the score sheet shows them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    seats = info.table
    categories = list(dict.fromkeys(k for seat in seats for k, _, _ in info.breakdown(seat)))
    writer.writerow((*CSV_COLUMNS, *(f"points:{k}" for k in categories)))
    outcome = info.outcome
    for seat_no, seat in enumerate(seats, 1):
        score = info.score(seat)
        points = {k: p for k, _, p in info.breakdown(seat)}
        writer.writerow(
            (
                info.id,
                info.game_key,
                info.title,
                _iso(info.last_played),
                round(info.played_seconds / 60),
                outcome.round if outcome and outcome.round is not None else "",
                outcome.result if outcome else "",
                info.record.location,
                info.record.notes,
                seat_no,
                seat.name,
                seat.colour,
                seat.role,
                "yes" if seat.start else "no",
                "" if score is None else score,
                "yes" if info.won(seat) else "no",
                *(points.get(k, "") for k in categories),
            )
        )
    return out.getvalue()


# -- BG Stats -----------------------------------------------------------------------------


def bgstats_play(info: GameInfo, bgg_id: int | None = None) -> dict[str, Any]:
    """The play in BG Stats' format (docs/dev/records.md): the required ``sourceName``,
    ``sourcePlayId`` and ``playDate`` (UTC, ``YYYY-MM-DD HH:MM:SS``), the game, the duration,
    the location, and each player with score, winner, start player and role. ``bgg_id`` only
    when the user gave it."""
    outcome = info.outcome
    if outcome is None:
        raise StoreError("records.not_finished", id=info.id)
    # The link travels in a QR code: only what says something is sent (BG Stats' defaults
    # are highest score wins, points kept, not co-operative).
    # the box's own (English) name whatever the app's language: BG Stats matches by it
    name = tr(f"ui.game.{info.game_key}", lang="en")
    game: dict[str, Any] = {"name": name, "sourceGameId": info.game_key}
    if not outcome.scores:
        game["noPoints"] = True
    if not outcome.winners and outcome.result in ("won", "lost"):
        game["cooperative"] = True  # the table wins or loses together
    if bgg_id is not None:
        game["bggId"] = bgg_id
    players = []
    for seat in info.table:
        player: dict[str, Any] = {"name": seat.name}
        score = info.score(seat)
        if score is not None:
            player["score"] = score
        # winner and startPlayer always: some BG Stats builds refuse a player without them
        player["winner"] = info.won(seat)
        player["startPlayer"] = seat.start  # as the new-game form (or the record) says
        if seat.role:
            player["role"] = seat.role
        if seat.colour:
            player["color"] = seat.colour
        players.append(player)
    created = info.created.astimezone(UTC)
    play: dict[str, Any] = {
        "sourceName": BGSTATS_SOURCE,
        "sourcePlayId": f"{info.game_key}-{info.id}-{created:%Y%m%d%H%M%S}",
        "playDate": created.strftime("%Y-%m-%d %H:%M:%S"),
        "game": game,
        "players": players,
    }
    minutes = round(info.played_seconds / 60)
    if minutes:
        play["durationMin"] = minutes
    if info.record.location:
        play["location"] = info.record.location
    return play


def bgstats_link(play: dict[str, Any]) -> str:
    """The link that opens BG Stats on a new play filled with ``play``."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_URL}?data={quote(data, safe=':,')}"  # both are allowed in a query


# -- import -------------------------------------------------------------------------------


def import_game(store: Any, data: Any, label: str) -> int:
    """Write the exported game ``data`` (read from ``label``) as a new game; return its id.
    Everything is checked first (the format, the game, every step replayed from the initial
    state, the stored outcome against the replayed one): any problem is a ``StoreError``
    naming the file, and nothing is written."""

    def bad(problem: str) -> StoreError:
        return StoreError("records.bad_import", file=label, problem=problem[:300])

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(tr("records.import.not_export"))
    data = visible_data(data)  # text from a file is shown as text: no control character passes
    if data.get("version") != FORMAT_VERSION:
        raise bad(tr("records.import.version", version=str(data.get("version"))))
    try:
        game = store._game(str(data["game"]))
        initial = codec.load(game.state_type, json.dumps(data["initial_state"]))
        steps = data["steps"]
        if not isinstance(steps, list):
            raise TypeError("steps: not a list")
        commands = [game.upgrade(codec.load_command(json.dumps(s["command"]))) for s in steps]
        lines = [load_msg(json.dumps(s["line"])) for s in steps]
        cursor = int(data.get("cursor", len(steps)))
        if not 0 <= cursor <= len(steps):
            raise ValueError(f"cursor {cursor} outside 0..{len(steps)}")
        seats = load_seats(json.dumps(data["players"])) if data.get("players") else ()
        record = json.dumps(data["record"], ensure_ascii=False) if data.get("record") else None
        load_record(record)  # checked before anything is written
        title, catalog = str(data["title"]), str(data.get("catalog", "box"))
        created = datetime.fromisoformat(str(data["created"]))
        last = datetime.fromisoformat(str(data.get("last_played", data["created"])))
        played = float(data.get("played_seconds", 0))
    except StoreError:
        raise
    except KeyError as exc:
        raise bad(tr("records.import.missing", field=str(exc.args[0]))) from None
    except (ValueError, TypeError, AttributeError) as exc:  # pydantic's too
        raise bad(f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}") from None
    states = [initial]
    for cmd in commands:
        try:
            states.append(apply_command(game, states[-1], cmd))
        except Exception as exc:  # noqa: BLE001  (a rule refused it, or the file is nonsense)
            n = len(states)
            raise bad(tr("records.import.step", n=n, problem=str(exc)[:200])) from None
    outcome = outcome_json(game, states[cursor])
    stored = data.get("outcome")
    if stored is not None and Outcome.from_json(stored).result != _result(outcome):
        raise bad(tr("records.import.outcome"))
    every = store.snapshot_every
    try:
        with store._begin() as conn:
            game_id = insert_game(
                conn, game, initial, title, catalog, seats,
                cursor=cursor, length=len(commands), summary=dump_msg(game.summary(states[cursor])),
                finished=outcome is not None, outcome=outcome, created=created, last_played=last,
                played_seconds=played, record=record,
            )  # fmt: skip
            for i, (cmd, line) in enumerate(zip(commands, lines, strict=True)):
                conn.execute(
                    insert(STEPS).values(
                        game_id=game_id,
                        idx=i,
                        command=codec.dump_command(cmd),
                        description=dump_msg(line),
                    )
                )
            kept = [n for n in range(every, len(commands) + 1, every)]
            head = [cursor] if cursor and cursor not in kept else []
            for n in kept + head:
                conn.execute(
                    insert(SNAPSHOTS).values(
                        game_id=game_id,
                        idx=n,
                        state=codec.dump(states[n], game.state_type),
                        kept=n in kept,
                    )
                )
    except SQLAlchemyError as exc:
        raise store._write_failed(exc) from None
    return game_id


def _result(outcome: str | None) -> str | None:
    return json.loads(outcome)["result"] if outcome else None


MAX_EXPORT_BYTES = 32_000_000  # an export of a long game is well under 1 MB (docs/records.md)


def read_export(path: Any) -> Any:
    """The JSON of an export file, of at most :data:`MAX_EXPORT_BYTES`; a file that is not a
    regular one (a pipe would wait for ever, ``/dev/zero`` never end), too large or not JSON
    is a ``StoreError`` naming it (a missing one, the ``OSError`` saying so)."""

    def bad(problem: str) -> StoreError:
        return StoreError("records.bad_import", file=str(path), problem=problem[:200])

    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens at once, to be refused
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise bad(tr("store.problem.not_regular"))
        with os.fdopen(fd, "rb", closefd=False) as fh:
            raw = fh.read(MAX_EXPORT_BYTES + 1)
    finally:
        os.close(fd)
    if len(raw) > MAX_EXPORT_BYTES:
        raise bad(tr("records.import.too_big", limit=MAX_EXPORT_BYTES // 1_000_000))
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise bad(str(exc) or type(exc).__name__) from None


def game_info_of(store: Any, game_id: int) -> GameInfo:
    """The listing line of game ``game_id`` (what the exports of a play are made from)."""
    for info in store.list_games():
        if info.id == game_id:
            return info
    raise StoreError("store.no_game", id=game_id)
