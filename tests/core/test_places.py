"""Places from scores (core.game.shared_places): the terminal's score sheet and the phone's
game-over list number players by it (Insurrection §4: the tie-break names the winner)."""

from companion.core.game import shared_places


def test_equal_scores_nothing_parts_share_a_place():
    scores = [("Ann", 31), ("Ben", 30), ("Cleo", 17), ("Dev", 17), ("Eve", 17)]
    assert shared_places(scores, ["Ann"]) == (1, 2, 3, 3, 3)


def test_the_winner_a_tie_break_names_is_first_alone():
    assert shared_places([("Cleo", 42), ("Ann", 42), ("Ben", 42)], ["Cleo"]) == (1, 2, 2)


def test_a_shared_win_is_a_shared_first_place():
    assert shared_places([("Ann", 4), ("Ben", 4), ("Cleo", 2)], ["Ann", "Ben"]) == (1, 1, 3)
    assert shared_places([("Ann", 4), ("Ben", 4)], []) == (1, 1)
