"""``companion catalog import|check``: a transcription read from a file, merged, shown, asked.

An import never silently replaces the owner's transcription: it merges the file over it (or
replaces it with ``--replace``), shows what would be added, changed and removed, asks (``--yes``
for scripts), and keeps the previous one, which ``--undo`` (or ``--restore NAME`` for one kept
``--keep-as NAME``) brings back. An empty file is refused. Nothing is written before the
result has passed the game's schema.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.core.errors import CatalogError
from companion.core.i18n import tr
from companion.core.text import visible

SHOWN = 20  # paths listed per kind of change; the rest are counted

EXIT_OK, EXIT_DECLINED, EXIT_BAD = 0, 1, 2


def add_import_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", type=Path, nargs="?", help=tr("cli.import.help_path"))
    p.add_argument("--yes", "-y", action="store_true", help=tr("cli.import.help_yes"))
    p.add_argument("--replace", action="store_true", help=tr("cli.import.help_replace"))
    p.add_argument("--keep-as", metavar="NAME", help=tr("cli.import.help_keep_as"))
    p.add_argument("--undo", action="store_true", help=tr("cli.import.help_undo"))
    p.add_argument("--restore", metavar="NAME", help=tr("cli.import.help_restore"))
    p.add_argument("--list", action="store_true", help=tr("cli.import.help_list"))


def import_command(args: argparse.Namespace, store) -> int:
    # here, not at the top: every command line builds the parser, and pydantic is slow to load
    from companion.core.catalog import diff

    game = args.game
    if args.list:
        kept = store.catalog_history(game)
        if not kept:
            print(tr("cli.import.none_kept", game=game))
        for i, entry in enumerate(kept, start=1):
            name = entry.get("name") or "-"
            print(f"{i:>3}  {entry.get('saved', '?')}  {visible(str(name))}")
        return EXIT_OK
    if args.undo or args.restore:
        picked = store.restore_user_catalog(game, args.restore)
        print(tr("cli.import.restored", game=game, saved=str(picked.get("saved", "?"))))
        return EXIT_OK
    if args.path is None:
        print(tr("cli.import.needs_path"), file=sys.stderr)
        return EXIT_BAD
    path: Path = args.path
    declined: list[int] = []

    def shown_and_asked(old: dict, new: dict) -> bool:
        """What the import adds, changes and removes, then the table's yes (or ``--yes``)."""
        added, changed, removed = diff(old, new)
        if not (added or changed or removed):
            print(tr("cli.import.no_change", path=str(path)))
            declined.append(EXIT_OK)
            return False
        for key, paths in (("added", added), ("changed", changed), ("removed", removed)):
            if not paths:
                continue
            print(tr(f"cli.import.{key}", n=len(paths)))
            for where in paths[:SHOWN]:
                print(f"    {visible(where)}")
            if len(paths) > SHOWN:
                print("    " + tr("cli.import.more", n=len(paths) - SHOWN))
        if not args.yes and not _confirm(tr("cli.import.ask")):
            print(tr("cli.import.declined"), file=sys.stderr)
            declined.append(EXIT_DECLINED)
            return False
        return True

    store.import_user_catalog(
        game, path, replace=args.replace, keep_as=args.keep_as, confirm=shown_and_asked
    )
    if declined:
        return declined[0]
    print(tr("cli.catalog.imported", path=str(path)))
    print(tr("cli.import.how_to_undo", game=game))
    return EXIT_OK


def _confirm(question: str) -> bool:
    print(question, end=" ", flush=True)
    try:
        answer = sys.stdin.readline() if sys.stdin is not None else ""
    except (OSError, ValueError):
        answer = ""
    return answer.strip().lower() in ("y", "yes", "はい")


def check_file(game: str, path: Path) -> object:
    """The box catalog with the user file ``path`` on top; errors name the file's line."""
    from companion.core.catalog import locate, read_toml
    from companion.games.registry import load_game_catalog

    user = read_toml(path)
    try:
        return load_game_catalog(game, "box", user)
    except CatalogError as exc:
        raise locate(exc, path) from None
