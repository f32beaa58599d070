"""``companion verify [GAME_ID | --all]``: what is wrong, and where, in each saved game.

Exit 0 only when every game checked is consistent; 1 when a problem was found; 2 when the
game asked for does not exist (or the save cannot be opened).
"""

from __future__ import annotations

import argparse

from companion.core.i18n import tr


def verify_command(args: argparse.Namespace, store) -> int:
    from companion.store.errors import StoreError
    from companion.store.verify import game_ids, verify_game

    if args.game_id is not None:
        ids = [args.game_id]
        if args.game_id not in game_ids(store):
            raise StoreError("store.no_game", id=args.game_id)
    else:
        ids = game_ids(store)
    problems = 0
    for gid in ids:
        found = verify_game(store, gid)
        problems += len(found)
        if not found:
            print(tr("cli.verify.ok", id=gid))
        for p in found:
            print(tr("cli.verify.problem", id=gid, where=p.where, what=p.what))
    print(tr("cli.verify.summary", games=len(ids), problems=problems))
    return 0 if problems == 0 else 1
