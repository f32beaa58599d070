"""``companion insurrection score GAME.toml [--catalog CATALOG.toml] [--json]``.

The score pad for a game the app did not track: the finished game's file in, the per-card
breakdown out. Exit codes: 0 scored; 1 a catalog value is still ``"?"`` (listed, never
guessed); 2 a bad file or bad arguments (the error names the line and field on stderr).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, TextIO

from companion.core.errors import CompanionError
from companion.core.i18n import LANGUAGES, language, set_language, tr
from companion.core.text import visible, wrap
from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.gamefile import read_game
from companion.games.insurrection.scoring import ScoreSheet, score

EXIT_SCORED, EXIT_NEEDS, EXIT_BAD = 0, 1, 2


class _Formatter(argparse.RawDescriptionHelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[override]
        if prefix is None:  # ('' when argparse makes a subcommand's prog from this usage)
            prefix = tr("insurrection.cli.usage")
        super().add_usage(usage, actions, groups, prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)  # by terminal cells and the Japanese line-breaking rule

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        """The description and the exit codes: their lines kept, each wrapped under itself
        (an exit code's words under its words)."""
        out = []
        for line in text.splitlines():
            hang = re.match(r"\s*(?:\S+\s{2,})?", line).end()  # "  0  " of an exit code
            first, *rest = wrap(line[hang:], width - hang)
            out += [indent + line[:hang] + first, *(indent + " " * hang + r for r in rest)]
        return "\n".join(out)


def _parser() -> argparse.ArgumentParser:
    """``companion insurrection score ...``: ``companion/cli.py`` hands over the words after
    ``insurrection``, so the first one names the tool (only ``score`` for now)."""
    top = argparse.ArgumentParser(
        prog="companion insurrection",
        description=tr("insurrection.cli.tools"),
        formatter_class=_Formatter,
    )
    tools = top.add_subparsers(dest="tool", metavar="TOOL", required=True)
    parser = tools.add_parser(
        "score",
        help=tr("insurrection.cli.description"),
        description=tr("insurrection.cli.description"),
        epilog=tr("insurrection.cli.exit_codes"),
        formatter_class=_Formatter,
        add_help=False,
    )
    # argparse's own words (section titles, -h) in the reader's language too
    parser._positionals.title = tr("insurrection.cli.arguments")
    parser._optionals.title = tr("insurrection.cli.options")
    parser.add_argument("-h", "--help", action="help", help=tr("insurrection.cli.help"))
    parser.add_argument("game", metavar="GAME.toml", help=tr("insurrection.cli.game"))
    parser.add_argument("--catalog", metavar="CATALOG.toml", help=tr("insurrection.cli.catalog"))
    parser.add_argument("--json", action="store_true", help=tr("insurrection.cli.json"))
    parser.add_argument("--lang", choices=LANGUAGES, help=tr("insurrection.cli.lang"))
    return top


def sheet_to_plain(sheet: ScoreSheet) -> dict[str, Any]:
    return {
        "outcome": sheet.outcome,
        "effects": [tr(m) for m in sheet.effects],
        "players": [
            {
                "name": p.player,
                "total": p.total,
                "cards": [
                    {"card": c.card, "count": c.count, "points": c.total, "why": tr(c.line)}
                    for c in p.lines
                ],
            }
            for p in sheet.players
        ],
        "winner": sheet.winner,
        # best first; players who share a place hold the same number (1, 1, 3)
        "standings": [
            {"place": s.place, "name": s.player, "total": s.total} for s in sheet.standings
        ],
        "explanation": tr(sheet.explanation) if sheet.explanation else None,
        "needs": [{"card": n.card, "field": n.field} for n in sheet.needs],
    }


def render(sheet: ScoreSheet, out: TextIO) -> None:
    print(
        tr("insurrection.cli.outcome", outcome=tr(f"insurrection.outcome.{sheet.outcome}")),
        file=out,
    )
    for line in sheet.effects:
        print(f"  {tr(line)}", file=out)
    for player in sheet.players:
        total = "?" if player.total is None else player.total
        print(file=out)
        print(tr("insurrection.cli.player", player=player.player, total=total), file=out)
        for card in player.lines:
            points = "?" if card.total is None else card.total
            print(f"  {points:>5}  {tr(card.line)}", file=out)
    print(file=out)
    # the places, best first, once every total is known (shared places: 1, 2, 2)
    if sheet.standings and sheet.placed:
        print(tr("insurrection.cli.standings"), file=out)
        for s in sheet.standings:
            line = tr("insurrection.cli.standing", place=s.place, player=s.player, total=s.total)
            print("  " + line, file=out)
        print(file=out)
    if sheet.explanation is not None:
        print(tr(sheet.explanation), file=out)
    if sheet.needs:
        print(tr("insurrection.cli.needs"), file=out)
        for need in sheet.needs:
            print(f"  {need.field}", file=out)


def main(argv: list[str]) -> int:
    """``argv``: the words after ``companion insurrection``, e.g. ``["score", "game.toml"]``."""
    previous = language()
    # The help is written when the parser is built: read --lang first, wherever it stands
    # (``score --lang ja --help`` answers in Japanese).
    lang = _lang_in(argv)
    if lang:
        set_language(lang)
    try:
        try:
            args = _parser().parse_args(argv)
        except SystemExit as exc:  # argparse has printed the help or the usage error
            return int(exc.code or 0)
        return _run(args)
    finally:
        set_language(previous)  # main() may be called in-process (tests, the app)


def _lang_in(argv: list[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` if it is a known language (argparse judges
    anything else)."""
    for i, word in enumerate(argv):
        value = None
        if word == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in LANGUAGES:
            return value
    return None


def _run(args: argparse.Namespace) -> int:
    try:
        cat = catalogs.load_file(args.catalog) if args.catalog else catalogs.load("box")
        game = read_game(args.game, cat)
        sheet = score(cat, game.position, game.effects)
    except CompanionError as exc:
        print(tr("insurrection.cli.error", problem=str(exc)), file=sys.stderr)
        return EXIT_BAD
    except (OSError, MemoryError, RecursionError, ValueError) as exc:
        # never a traceback, and never exit 1 ("values unknown") for a file we could not take
        problem = visible(f"{type(exc).__name__}: {exc}")[:300]
        print(tr("insurrection.cli.error", problem=problem), file=sys.stderr)
        return EXIT_BAD
    if args.json:
        json.dump(sheet_to_plain(sheet), sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        render(sheet, sys.stdout)
    return EXIT_NEEDS if sheet.needs else EXIT_SCORED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
