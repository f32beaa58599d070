"""One writer of the owner's catalog with one merge rule (issue 21, "Tidy as you go"): every
screen, form and command changes the owner's transcription through
``Store.change_user_catalog``, which merges by ``core.catalog.merge``, checks, keeps and saves."""

import ast
from pathlib import Path

import pytest

from companion.core.catalog import merge
from companion.core.errors import CatalogError

ROOT = Path(__file__).resolve().parents[2] / "companion"

OWNER = {
    "meta": {"source": "my own box"},
    "heroes": [
        {"id": "h1", "name": "Princess", "power": 3},
        {"id": "h2", "name": "Knight", "power": 2},
    ],
}


def test_only_the_store_writes_the_row():
    """``save_user_catalog`` (the raw row) is called by the store's writer alone: a screen that
    saved its own merge would bring back a second rule."""
    callers = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "save_user_catalog":
                callers.append(path.relative_to(ROOT).as_posix())
    assert set(callers) == {"store/store.py"}, callers


def test_a_patch_merges_by_entry_id(store):
    store.save_user_catalog("tiny", OWNER)
    new = store.change_user_catalog("tiny", {"heroes": [{"id": "h2", "power": 5}]})
    assert new["heroes"] == [
        {"id": "h1", "name": "Princess", "power": 3},
        {"id": "h2", "name": "Knight", "power": 5},
    ]
    assert store.user_catalog("tiny") == new


def test_a_table_stated_whole_replaces_the_old_one(store):
    """A form that shows every row of a table (the Magical Friends box sheet): a row taken out
    of it is gone, the tables it does not show stay."""
    store.save_user_catalog("tiny", OWNER)
    sheet = {"heroes": [{"id": "h1", "name": "Princess", "power": 4}]}
    new = store.change_user_catalog("tiny", sheet, whole=sheet)
    assert new == {"meta": OWNER["meta"], "heroes": sheet["heroes"]}
    assert merge(OWNER, sheet)["heroes"][1]["id"] == "h2"  # merged, the Knight would stay


def test_a_refused_or_declined_change_writes_nothing(store):
    store.save_user_catalog("tiny", OWNER)

    def refuse(new):
        raise CatalogError("owner", "h9", "power", "missing")

    with pytest.raises(CatalogError):
        store.change_user_catalog("tiny", {"heroes": [{"id": "h9"}]}, check=refuse)
    assert store.change_user_catalog("tiny", {"meta": {}}, confirm=lambda old, new: False) is None
    assert store.user_catalog("tiny") == OWNER
    assert store.catalog_history("tiny") == []


def test_keep_puts_the_previous_one_on_top_and_restore_brings_it_back(store):
    store.save_user_catalog("tiny", OWNER)
    store.change_user_catalog("tiny", {"meta": {"source": "typed"}}, keep=True)
    assert store.catalog_history("tiny")[0]["data"] == OWNER
    store.restore_user_catalog("tiny")
    assert store.user_catalog("tiny") == OWNER


def test_a_real_game_refuses_a_catalog_that_does_not_load(store):
    """By default the game's own box loader checks the result before it is written."""
    with pytest.raises(CatalogError):
        store.change_user_catalog("magical-friends", {"board": {"fairy_die_sides": "many"}})
    assert store.user_catalog("magical-friends") is None
