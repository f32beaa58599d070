"""``companion stats [GAME] [--json]``, ``companion export GAME_ID --format json|csv|bgstats``
and ``companion import-game FILE``: the records of finished games, on the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.core.i18n import tr
from companion.store.records import headline, name, percent

FORMATS = ("json", "csv", "bgstats")


def add_parsers(sub: Any, game_keys: tuple[str, ...], game_id: Any) -> None:
    p = sub.add_parser("stats", help=tr("records.cli.stats_help"))
    p.add_argument("game", nargs="?", choices=game_keys)
    p.add_argument("--json", action="store_true", help=tr("records.cli.json_help"))
    p = sub.add_parser("export", help=tr("records.cli.export_help"))
    p.add_argument("game_id", type=game_id, metavar="GAME_ID")
    p.add_argument("--format", choices=FORMATS, default="json")
    p.add_argument("--out", type=Path, metavar="FILE", help=tr("records.cli.out_help"))
    p.add_argument("--bgg-id", type=int, metavar="ID", help=tr("records.cli.bgg_help"))
    p = sub.add_parser("import-game", help=tr("records.cli.import_help"))
    p.add_argument("file", type=Path)


def stats_command(args: argparse.Namespace, store) -> int:
    from companion.store.records import stats

    figures = stats(store.list_games(), args.game)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return 0
    for key, fig in figures["games"].items():
        print(tr("records.stats.game", game=tr(f"ui.game.{key}"), n=fig["games"]))
        for line in stats_lines(key, fig):
            print("  " + line)
        print()
    print(tr("records.stats.players"))
    for player, p in figures["players"].items():
        print("  " + player_line(player, p))
    return 0


def player_line(player: str, p: dict) -> str:
    avg = "" if p["average_score"] is None else tr("records.stats.avg", avg=p["average_score"])
    return tr(
        "records.stats.player", name=player, played=p["played"], won=p["won"],
        rate=percent(p["rate"]), avg=avg,
    )  # fmt: skip


def _tally_lines(title: str, tally: dict, names: dict | None = None) -> list[str]:
    out = [title]
    for key, t in tally.items():
        label = name(names[key]) if names and key in names else key
        out.append(
            "  "
            + tr(
                "records.stats.tally",
                what=label,
                played=t["played"],
                won=t["won"],
                rate=percent(t["rate"]),
            )  # fmt: skip
        )
    return out


def _histogram_line(title: str, histogram: dict) -> str:
    body = ", ".join(f"{k}: {v}" for k, v in histogram.items()) or "—"
    return f"{title} {body}"


def stats_lines(key: str, fig: dict) -> list[str]:
    """The figures of one game as lines of text (the CLI; the Stats screen shows tables)."""
    lines = headline(key, fig)
    if key == "unicornus":
        lines += [
            *_tally_lines(
                tr("records.stats.by_princess"), fig["by_princess"], fig["princess_names"]
            ),  # fmt: skip
            *_tally_lines(tr("records.stats.by_players"), fig["by_players"]),
            _histogram_line(tr("records.stats.won_in_round"), fig["won_in_round"]),
            _histogram_line(tr("records.stats.lost_in_round"), fig["lost_in_round"]),
        ]
    elif key == "insurrection":
        lines += [
            _histogram_line(tr("records.stats.scores"), fig["scores"]),
            *_tally_lines(tr("records.stats.leaders"), fig["leaders"], fig["leader_names"]),
        ]
    elif key == "magical-friends":
        lines += [
            _histogram_line(tr("records.stats.finished_in_round"), fig["finished_in_round"]),
            _histogram_line(tr("records.stats.tavern"), fig["tavern"]),
            _histogram_line(tr("records.stats.trophies"), fig["trophies"]),
        ]
    return lines


def export_text(store, game_id: int, fmt: str, bgg_id: int | None = None) -> str:
    """What ``companion export`` writes: the game as JSON, the play as CSV, or the link."""
    from companion.store import exchange

    if fmt == "json":
        return json.dumps(exchange.export_game(store, game_id), ensure_ascii=False, indent=1)
    info = exchange.game_info_of(store, game_id)
    if fmt == "csv":
        return exchange.play_csv(info)
    return exchange.bgstats_link(exchange.bgstats_play(info, bgg_id)) + "\n"


def export_command(args: argparse.Namespace, store) -> int:
    from companion.store.store import write_text_file

    body = export_text(store, args.game_id, args.format, args.bgg_id)
    if args.out is None:
        sys.stdout.write(body)
        return 0
    write_text_file(args.out, body)
    print(tr("records.cli.exported", id=args.game_id, path=str(args.out)), file=sys.stderr)
    return 0


def import_command(args: argparse.Namespace, store) -> int:
    from companion.store.exchange import import_game, read_export

    game_id = import_game(store, read_export(args.file), str(args.file))
    print(tr("records.cli.imported", id=game_id, path=str(args.file)))
    return 0
