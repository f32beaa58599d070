"""The catalogs screen says what is still unknown in players' words (issue 23: it listed raw
paths such as ``tiles[id=capital].spaces[2].defence``): the card's name and the field's label,
in English and Japanese, for every game's box."""

from __future__ import annotations

import re

import pytest

from companion.core.i18n import set_language
from companion.games.registry import GAME_KEYS, owner_catalog
from companion.ui.catalogs import SHOWN_ENTRIES, gap_words, gaps_text

RAW = re.compile(r"\w\[|\]|\w\.\w|_")  # a path's brackets and dots, an id's underscores


@pytest.fixture(params=["en", "ja"])
def lang(request):
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_unknown_value_is_said_in_words(lang, key):
    catalog, gaps = owner_catalog(key, "box", None)
    assert gaps
    for path in gaps:
        entry, _part, field = gap_words(catalog, path)
        assert not RAW.search(entry + field), (path, entry, field)
    text = gaps_text(catalog, gaps)
    assert not RAW.search(text)
    assert len(text.splitlines()) <= SHOWN_ENTRIES + 1


@pytest.mark.parametrize("key", GAME_KEYS)
def test_no_unknown_value_is_listed_twice(key):
    """Magical Friends listed each artifact's unknown wands twice, once by its place in the
    list and once by its printed number."""
    catalog, gaps = owner_catalog(key, "box", None)
    said = [gap_words(catalog, path) for path in gaps]
    assert len(set(said)) == len(said), sorted(s for s in said if said.count(s) > 1)[:4]


def test_a_space_of_a_tile_by_the_tile_s_name_and_the_field_s_label(lang):
    catalog, _ = owner_catalog("unicornus", "box", None)
    words = gap_words(catalog, "tiles[id=capital].spaces[2].defence")
    assert words == (
        ("The Capital", ("spaces", 3), "defence")
        if lang == "en"
        else ("王都", ("spaces", 3), "防御")
    )
    text = gaps_text(catalog, [f"tiles[id=capital].spaces[{i}].defence" for i in range(3)])
    assert text == (
        "The Capital: spaces 1–3: defence" if lang == "en" else "王都：スペース1–3：防御"
    )


async def test_the_footer_keeps_its_last_key_on_a_short_terminal():
    """At 80×16 in Japanese the list is taller than the screen: the body scrolls, not the
    screen, whose scrollbar took the footer's last columns ("^p パレッ")."""
    from rich.segment import Segment

    from companion.store import Store
    from companion.ui.app import create_app
    from companion.ui.catalogs import CatalogsScreen

    store = Store.open("sqlite://")
    app = create_app(store, lang="ja")
    try:
        async with app.run_test(size=(80, 16)) as pilot:
            await pilot.pause()
            app.push_screen(CatalogsScreen())
            await pilot.pause()
            screen = app.screen
            assert not screen.show_vertical_scrollbar
            footer = screen.query_one("Footer")
            options = app.console.options.update_dimensions(80, 16)
            drawn = [s for s in app.console.render(screen._compositor, options) if not s.control]
            lines = ["".join(s.text for s in line) for line in Segment.split_lines(drawn)]
            assert lines[16 - footer.outer_size.height].endswith("^p パレット ")
    finally:
        store.close()
        set_language("en")
