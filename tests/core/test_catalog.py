import pytest

from companion.core.catalog import (
    CatalogModel,
    Unknowable,
    merge,
    read_toml,
    unknowns,
    validate,
)
from companion.core.catalog import to_toml as dumps
from companion.core.errors import CatalogError


class Tile(CatalogModel):
    id: str
    name: dict[str, str]
    defence: Unknowable[int] = None


class Box(CatalogModel):
    tiles: list[Tile]


def test_unknowns_listed_by_entry_id():
    box = validate(
        Box,
        {
            "tiles": [
                {"id": "a", "name": {"en": "A"}, "defence": "?"},
                {"id": "b", "name": {"en": "B"}, "defence": 2},
            ]
        },
        "box.toml",
    )
    assert list(unknowns(box)) == ["tiles[id=a].defence"]


def test_error_names_file_entry_and_field():
    with pytest.raises(CatalogError) as exc:
        validate(
            Box,
            {
                "tiles": [
                    {"id": "a", "name": {"en": "A"}},
                    {"id": "b", "name": {"en": "B"}, "defence": "high"},
                ]
            },
            "box.toml",
        )
    err = exc.value
    assert (err.file, err.entry, err.field) == ("box.toml", "tiles[1] (id=b)", "defence")
    assert "box.toml" in str(err) and "id=b" in str(err)


def test_user_catalog_overrides_by_id():
    base = {"tiles": [{"id": "a", "defence": None, "name": {"en": "A"}}, {"id": "b", "defence": 1}]}
    user = {"tiles": [{"id": "a", "defence": 3}]}
    assert merge(base, user) == {
        "tiles": [{"id": "a", "defence": 3, "name": {"en": "A"}}, {"id": "b", "defence": 1}]
    }


def test_bad_toml_names_the_file(tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text("[tiles\nid = ", encoding="utf-8")
    with pytest.raises(CatalogError) as exc:
        read_toml(bad)
    assert "broken.toml" in str(exc.value)


def test_toml_writer_round_trip(tmp_path):
    data = {
        "version": 1,
        "meta": {"name": "x", "fictional": True},
        "tiles": [{"id": "a", "name": {"en": "A", "ja": "エー"}, "defence": None, "faces": [1, 2]}],
    }
    path = tmp_path / "out.toml"
    path.write_text(dumps(data, header="user catalog"), encoding="utf-8")
    back = read_toml(path)
    assert back["tiles"][0]["defence"] == "?"
    assert back["tiles"][0]["name"] == {"en": "A", "ja": "エー"}
    assert back["meta"] == {"name": "x", "fictional": True}
