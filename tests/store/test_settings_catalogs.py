"""Settings and user catalogs in the store (issue 2: store tables for user catalogs and
settings; core: a user catalog overrides the box one)."""

import tomllib

import pytest

from companion.core.catalog import merge
from companion.core.errors import CatalogError
from tests.store.conftest import open_store

OWNER = {
    "meta": {"source": "my own box", "edition": 2},
    "heroes": [
        {"id": "h1", "name": {"en": "Princess", "ja": "姫"}, "power": 3},
        {"id": "h2", "name": {"en": "Knight", "ja": "騎士"}, "power": None},
    ],
    "rounds": [1, 2, 3],
}


def test_settings_round_trip_json_values(db_path):
    with open_store(db_path) as store:
        assert store.get_setting("lang") is None
        assert store.get_setting("lang", "en") == "en"
        store.set_setting("lang", "ja")
        store.set_setting("ties", {"ask": True, "games": ["unicornus"]})
        store.set_setting("lang", "en")  # overwrite, not duplicate
    with open_store(db_path) as store:
        assert store.get_setting("lang") == "en"
        assert store.get_setting("ties") == {"ask": True, "games": ["unicornus"]}


def test_user_catalog_saved_and_read(db_path):
    with open_store(db_path) as store:
        assert store.user_catalog("tiny") is None
        store.save_user_catalog("tiny", OWNER)
        store.save_user_catalog("other", {"meta": {"x": 1}})
    with open_store(db_path) as store:
        assert store.user_catalog("tiny") == OWNER
        assert store.user_catalog("other") == {"meta": {"x": 1}}


def test_export_then_import_round_trips(tmp_path, store):
    """Export writes TOML (unknown values as "?"), import reads it back."""
    store.save_user_catalog("tiny", OWNER)
    out = tmp_path / "mine.toml"
    store.export_user_catalog("tiny", out)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# User catalog for tiny")
    assert 'ja = "姫"' in text  # written as UTF-8, not escaped
    parsed = tomllib.loads(text)
    assert parsed["heroes"][1]["power"] == "?"  # TOML has no null: unknown is "?"
    store.save_user_catalog("tiny", {"meta": {}})
    store.import_user_catalog("tiny", out)
    back = store.user_catalog("tiny")
    expected = {**OWNER, "heroes": [OWNER["heroes"][0], {**OWNER["heroes"][1], "power": "?"}]}
    assert back == expected
    assert merge({"heroes": [{"id": "h1", "power": "?"}]}, back)["heroes"][0]["power"] == 3


def test_import_bad_toml_names_file_and_line(tmp_path, store):
    bad = tmp_path / "broken.toml"
    bad.write_text('[meta]\nsource = "ok"\npower = = 3\n', encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        store.import_user_catalog("tiny", bad)
    assert str(bad) in str(err.value) and "line 3" in str(err.value)
    assert store.user_catalog("tiny") is None  # nothing stored


def test_import_runs_the_games_check(tmp_path, store):
    path = tmp_path / "c.toml"
    path.write_text("[meta]\nfictional = 1\n", encoding="utf-8")

    def check(data, label):
        raise CatalogError(label, "meta", "fictional", "must be a boolean")

    with pytest.raises(CatalogError, match="fictional"):
        store.import_user_catalog("tiny", path, check=check)
    assert store.user_catalog("tiny") is None


def test_export_without_catalog_is_a_clear_error(tmp_path, store):
    from companion.store import StoreError

    with pytest.raises(StoreError, match="no user catalog"):
        store.export_user_catalog("tiny", tmp_path / "x.toml")
    assert not (tmp_path / "x.toml").exists()
