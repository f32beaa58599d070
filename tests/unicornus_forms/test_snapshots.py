"""Pictures of the battle helper before rolling (issue 4), fixed state and seed, two sizes."""

from __future__ import annotations

from companion.games.unicornus import GAME
from companion.ui.app import create_app
from tests.unicornus_forms.hosts import battle_helper_opener, defence_state


def _snap(snap_compare, store, size, state=None) -> bool:
    """§6.1: the Empire attacks Annelie on a defence-value-1 space; odds before rolling."""
    state = state or defence_state()
    session = store.new_game(GAME, state, "Snapshot", "demo")
    app = create_app(store)
    opener = battle_helper_opener(app, session)
    return snap_compare(app, terminal_size=size, run_before=opener)


def test_battle_helper_before_rolling_120x40(snap_compare, store):
    assert _snap(snap_compare, store, (120, 40))


def test_battle_helper_before_rolling_160x50(snap_compare, store):
    assert _snap(snap_compare, store, (160, 50))


def _ability_state():
    """The defence battle with Annelie's DURING BATTLE ability and an ally's (fictional)."""
    from dataclasses import replace

    from companion.games.unicornus.state import with_hero, with_imperial
    from tests.unicornus.scenario import imperial

    state = defence_state()
    hero = replace(
        state.hero("annelie"),
        ability=("(test) re-roll one die", "（試験）ダイス1個振り直し"),
        timing="b",
        allies=("brant",),
    )
    state = with_hero(state, hero)
    ally = replace(imperial("brant"), status="ally", ally_ability=("(test) +1 die", ""))
    state = replace(state, imperial=(*state.imperial, ally))
    return with_imperial(state, ally)


def test_battle_helper_shows_the_abilities_of_the_moment_120x40(snap_compare, store):
    """§4: the Empire attacks Annelie: her DURING BATTLE ability and her ally's are said in
    the battle helper, with their text."""
    assert _snap(snap_compare, store, (120, 40), _ability_state())


def test_dense_tile_form_of_a_new_empire_tile_120x40(snap_compare, store):
    """§10: a new Empire tile in one grid — 7 space codes with their attributes in columns —
    and its imperial character's card below (fictional test values typed)."""
    from companion.games.unicornus import load_catalog
    from companion.ui.unicornus.catalog_forms import Request, TileForm

    app = create_app(store)
    typed = {"tile-name_en": "Ashfen", "s0": "s", "s1": "r2", "s2": "x", "s4": "d1t1"}
    typed |= {"s6": "p2v1", "card-name_en": "Varo", "card-ally_en": "(test) +1 die"}

    async def open_form(pilot) -> None:
        await pilot.pause()
        form = TileForm(load_catalog("box"), Request("new_tile", tile_kind="empire"))
        app.push_screen(form)
        await pilot.pause()
        for ident, text in typed.items():
            form.query_one(f"#{ident}").value = text
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=open_form)
