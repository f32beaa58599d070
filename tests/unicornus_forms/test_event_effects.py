"""An event's effect (issue 23): the catalog has none, and the app never makes one up; the
owner may type it in the event's form, and play shows it beside the event's name."""

from __future__ import annotations

from dataclasses import replace

from companion.core.i18n import set_language
from companion.games.unicornus import load_catalog
from companion.games.unicornus.catalog import UnicornusCatalog
from companion.games.unicornus.setup import _events
from companion.ui.unicornus import views
from companion.ui.unicornus.catalog_forms import Request, card_form, card_patch
from tests.unicornus_ui.demo import demo_state


def test_the_event_form_asks_the_effect_and_keeps_what_was_typed():
    box = load_catalog("box")
    form = card_form(box, Request("new_event", level=2))
    names = [f.name for f in form.fields]
    assert "effect_en" in names and "effect_ja" in names
    assert all(f.optional for f in form.fields if f.name.startswith("effect"))
    typed = {"name_en": "Plague", "level": 2, "ongoing": "n", "effect_en": "each unit loses 1"}
    patch = card_patch(box, Request("new_event", level=2), typed)
    assert patch["events"][0]["effect"] == {"en": "each unit loses 1"}
    untyped = card_patch(box, Request("new_event", level=2), {**typed, "effect_en": ""})
    assert "effect" not in untyped["events"][0]


def _turned_over(state, card):
    """``card`` this round's event (§3 step 2), as the engine leaves it once revealed."""
    return replace(state, revealed=(card,), event_round=state.round, phase="princess")


def test_play_shows_the_typed_effect_and_nothing_when_none_was_typed():
    state = demo_state(0)
    card = replace(state.deck[0], ongoing=False)
    try:
        for lang in ("en", "ja"):
            set_language(lang)
            bare = views.header(_turned_over(state, card)).plain
            level = views.tr(views.Msg("unicornus_ui.header.level", {"level": card.level}))
            assert bare.rstrip().endswith(level)  # nothing made up after the name and level
            typed = replace(card, effect=("each unit loses 1", "各ユニット1失う"))
            shown = views.header(_turned_over(state, typed)).plain
            assert ("each unit loses 1" if lang == "en" else "各ユニット1失う") in shown
    finally:
        set_language("en")


def test_a_catalog_s_typed_effect_reaches_the_game_s_deck():
    from companion.core.rng import Rng

    box = load_catalog("demo")
    data = box.model_dump()
    for e in data["events"]:
        e["effect"] = {"en": f"effect of {e['id']}"}
    cat = UnicornusCatalog.model_validate(data)
    deck, _ = _events(cat, Rng(1))
    assert deck and all(e.effect[0] == f"effect of {e.id}" for e in deck)
