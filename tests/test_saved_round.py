"""The saved-games list names the round the game's header names (a newcomer's report: the
list said "Round 2/6, march" while the header said "Round 3/6 · march"; Magical Friends
"Round 1/8" while round 2 was next). Insurrection spec §3.1: the March opens a round."""

from __future__ import annotations

from dataclasses import replace

from companion.core.i18n import tr
from companion.games.registry import get_game, load_game_catalog, sensible_table


def start(key: str):
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    _, demo_setup = sensible_table(key, 1)
    return game, game.new_game(demo_setup(catalog, None), catalog, 1)


def test_insurrection_list_names_the_round_about_to_start():
    game, state = start("insurrection")
    march = replace(state, round=2, phase="march")
    assert tr(game.summary(march)).startswith("Round 3/6")


def test_magical_friends_list_names_the_round_about_to_start():
    game, state = start("magical-friends")
    assert state.phase == "round_start" and state.round == 0
    assert tr(game.summary(state)).startswith("Round 1/")
    between = replace(state, round=1)
    assert tr(game.summary(between)).startswith(f"Round 2/{state.rounds}")
    assert between.round_named == 2
