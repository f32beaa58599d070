"""One catalog reader (issue 12): ``companion catalog check`` and the app count the unknowns
of the owner's box the same way — the box with the transcription saved in the store on top,
through ``registry.owner_catalog`` — for every game."""

from __future__ import annotations

import re

import pytest

from companion.cli import main
from companion.core.i18n import set_language
from companion.games.registry import owner_catalog
from companion.store import Store
from companion.ui.app import create_app
from companion.ui.catalogs import CatalogsScreen

# a little of each box, as a form of the app would save it (test values, not the real box's)
TRANSCRIBED = {
    "unicornus": {"tiles": [{"id": "capital", "number": 1}]},
    "insurrection": {
        "meta": {"extends": "box"},
        "lands": [{"id": "stronghold", "reveal": 3}, {"id": "basic_a1", "reveal": 2}],
        "persons": [{"id": "goblin", "corruption": 1, "copies": 2}],
    },
    "magical-friends": {"creatures": [{"id": "fairy", "copies": 2}]},
}


def checked(capsys, db, key: str) -> dict[str, int]:
    """The figures `companion catalog check KEY` prints: catalog name → unknown count."""
    assert main(["--db", str(db), "--lang", "en", "catalog", "check", key]) == 0
    out = capsys.readouterr().out
    return {
        m.group(1): int(m.group(2))
        for m in re.finditer(r"— (\w+) catalog.*?(\d+) value\(s\) still unknown", out)
    }


@pytest.mark.parametrize("key", list(TRANSCRIBED))
async def test_catalog_check_counts_what_the_app_counts(tmp_path, capsys, key):
    db = tmp_path / "box.db"
    store = Store.open(db)
    before = len(owner_catalog(key)[1])
    store.save_user_catalog(key, TRANSCRIBED[key])
    user = store.user_catalog(key)
    _, gaps = owner_catalog(key, "box", user)
    assert len(gaps) < before  # the transcription counts
    store.close()

    figures = checked(capsys, db, key)
    assert figures["box"] == len(gaps)
    assert figures["demo"] == len(owner_catalog(key, "demo")[1])

    store = Store.open(db)
    set_language("en")
    app = create_app(store, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = CatalogsScreen()
        app.push_screen(screen)
        await pilot.pause()
        assert len(screen.missing[key]) == figures["box"]
    store.close()


def test_catalog_check_without_a_transcription_counts_the_box(tmp_path, capsys):
    figures = checked(capsys, tmp_path / "empty.db", "insurrection")
    assert figures["box"] == len(owner_catalog("insurrection")[1])
