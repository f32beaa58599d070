"""The tracked game: setup, March, Prepare, turns, the corruption check and its timing (§2, §3)."""

from __future__ import annotations

import pytest

from companion.core.codec import dump, dump_command, load, load_command
from companion.core.errors import RuleError
from companion.core.i18n import tr
from companion.core.steplog import StepLog
from companion.games.insurrection import GAME
from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.commands import (
    CorrectCount,
    CorrectMove,
    Draw,
    EnterHand,
    KeepLeader,
    March,
    Play,
    Remove,
    ResolveEffect,
    Scout,
    Take,
    UseLand,
)
from companion.games.insurrection.engine import (
    allowed_takes,
    final_score,
    new_game,
    next_effect,
    prefill,
)
from companion.games.insurrection.state import InsurrectionState
from tests.insurrection.fixtures import tiny

PATH = ("a1", "b1", "a2", "b2")


def start(cat=None, players=("A", "B"), **kw) -> InsurrectionState:
    return new_game(cat or tiny(), players, path=PATH, seed=1, **kw)


def run(state, *cmds):
    for cmd in cmds:
        state = GAME.apply(state, cmd)
    return state


def test_setup_path_token_and_deal():
    """§2: Stronghold, 4 lands, Fortress; token left of the Stronghold; 3 cards each."""
    s = start()
    assert s.path == ("stronghold", *PATH, "fortress") and s.token == -1 and s.land_id is None
    assert [s.hand_size(p) for p in s.players] == [3, 3]
    assert s.deck_count == 31 - 6 and s.phase == "setup"
    first = new_game(tiny(), ("A", "B"), seed=5)  # first game: 2 basic A + 2 basic B lands
    assert sorted(tiny().land(lid).side for lid in first.path[1:5]) == ["A", "A", "B", "B"]


def test_box_catalog_cannot_run_a_game_until_transcribed():
    """§1: numbers are transcribed from the box; the engine names what is missing."""
    with pytest.raises(RuleError) as exc:
        new_game(catalogs.load("box"), ("A", "B"))
    assert exc.value.message.key == "insurrection.catalog.incomplete"


def test_march_reveals_land_count_then_turn_order_by_initiative():
    """§3.1–3.3: reveal as many as the land says; turns in descending initiative."""
    s = start(players=("A", "B", "C"))
    with pytest.raises(RuleError):
        run(s, March(("z", "z")))  # the Stronghold reveals 4
    s = run(s, March(("z", "z2", "m1", "z")), Draw())
    assert s.round == 1 and s.token == 0 and s.tally == 1 and s.phase == "choose"
    assert [s.hand_size(p) for p in s.players] == [4, 4, 4] and s.deck_count == 31 - 9 - 4 - 3
    s = run(s, Play(("z2", "m3", "z")))
    assert [t.player for t in s.turns] == ["B", "C", "A"]


def test_take_places_played_card_and_is_remembered_for_the_hand():
    """§3.3 steps 3–4; §7: the app pre-fills hands with cards it saw taken and not played."""
    s = run(start(), March(("z", "z2", "m1", "z")), Draw(), Play(("z2", "m3")))
    with pytest.raises(RuleError):
        run(s, Take("m3"))  # never the card just played: it is not there yet
    s = run(s, Take("m1"))  # B (m3) first
    assert "m3" in s.area and "m1" not in s.area and prefill(s, "B") == ("m1",)
    s = run(s, Take("z"))
    assert s.phase == "march" and s.round == 1 and s.tally == 3


def test_a_turn_step_naming_another_player_is_refused():
    """§3.3: the steps of a turn are the current player's; a step entered for someone else
    (the table is elsewhere than the app thinks) is refused and names both players."""
    s = run(start(), March(("z", "z2", "m1", "z")), Draw(), Play(("z2", "m3")))
    assert s.current.player == "B"
    with pytest.raises(RuleError) as exc:
        run(s, Take("m1", player="A"))
    assert exc.value.message.key == "insurrection.turn.not_yours"
    assert tr(exc.value.message) == "It is B's turn, not A's."
    after = run(s, Take("m1", player="B"))
    assert prefill(after, "B") == ("m1",)
    assert tr(Take("m1", player="B").describe()) == "B — Takes m1, places the played card"


def test_evil_wins_at_march_and_the_game_ends_now():
    """§3.1: 10 or more face-up marks after the reveal → Evil wins, straight to scoring."""
    s = run(start(), March(("m3", "m3", "m3", "m1")))
    assert s.tally == 10 and s.outcome == "evil" and s.phase == "hands"
    with pytest.raises(RuleError):
        run(s, Draw())


def evil_after_first_turn(b_card: str):
    """A plays m3 (3 marks) and takes z: 7 + 3 = 10 at the end of A's turn."""
    s = run(start(), March(("m3", "m3", "m1", "z")), Draw(), Play(("m3", b_card)))
    assert s.turns[0].player == "A"
    return run(s, Take("z"))


def test_evil_win_at_end_of_turn_waits_for_the_round():
    """§3: Evil has won at the end of a turn, but the game ends after every player's turn."""
    s = evil_after_first_turn("m1")
    assert s.tally == 10 and s.evil_won and s.outcome is None and s.phase == "turns"
    s = run(s, Take("m1"))  # 10 − 1 + 1 = 10
    assert s.outcome == "evil" and s.phase == "hands"


def test_after_evil_win_takes_must_leave_ten():
    """§3: every later player must end the turn with at least 10 face-up marks."""
    s = evil_after_first_turn("m1")
    assert allowed_takes(s) == (("m1",), False)
    with pytest.raises(RuleError) as exc:
        run(s, Take("m3"))  # 10 − 3 + 1 = 8
    assert exc.value.message.key == "insurrection.evil.take_too_many"


def test_after_evil_win_remove_that_would_leave_fewer_is_refused():
    """§3 and the seed's example: Benjamin cannot Remove, as no card removed leaves 10."""
    s = evil_after_first_turn("z")  # z has Remove, 0 marks
    for target in ("m3", "m1"):
        with pytest.raises(RuleError) as exc:
            run(s, Remove(target))
        assert exc.value.message.key == "insurrection.evil.remove_too_many"


def test_take_back_is_forced_only_when_it_is_the_only_way():
    """§3: if the only way to leave 10 marks is to take back the played card, they must."""
    s = evil_after_first_turn("z2")  # 0 marks: any take leaves < 10
    assert allowed_takes(s) == ((), True)
    with pytest.raises(RuleError) as exc:
        run(s, Take("m1"))
    assert exc.value.message.key == "insurrection.take.must_take_back"
    s2 = run(s, Take(back=True))
    assert s2.tally == 10 and prefill(s2, "B") == ("z2",) and s2.outcome == "evil"
    # Before an Evil win the played card can never be taken back.
    fresh = run(start(), March(("z", "z2", "m1", "z")), Draw(), Play(("z2", "m3")))
    with pytest.raises(RuleError):
        run(fresh, Take(back=True))


def test_evil_never_wins_in_the_middle_of_a_turn():
    """§3 clarifications: a Scout face up reaching 10 mid-turn is not an Evil win; only the
    end-of-turn count matters."""
    s = run(start(), March(("m3", "m3", "m1", "z2")), Draw(), Play(("m1", "z2")))  # tally 7
    s = run(s, Scout(face_up=True, card="m3"))  # A's m1 has Scout: tally 10 mid-turn
    assert s.tally == 10 and not s.evil_won
    s = run(s, Take("m3"))  # 10 − 3 + 1 = 8 at the end of the turn
    assert not s.evil_won and s.tally == 8


def test_remove_scout_and_land_effect_order():
    """§3.3: land effect first, then Remove/Scout in any order, once each; graveyard gets
    only Removed cards."""
    s = run(start(), March(("z", "z2", "m1", "z")), Draw(), Play(("z", "z2")))  # A plays z
    with pytest.raises(RuleError):
        run(s, UseLand())  # the Stronghold has no effect
    s = run(s, Scout(face_up=False), Remove("m1"))
    assert s.graveyard == ("m1",) and s.deck_count == 31 - 6 - 4 - 2
    with pytest.raises(RuleError):
        run(s, Remove("z"))
    with pytest.raises(RuleError):
        run(s, Scout(face_up=False))
    with pytest.raises(RuleError):
        run(s, Take("m1"))  # gone to the graveyard


def test_advanced_land_effect_before_remove():
    """§3 clarifications: land effects come before Remove and Scout."""
    s = new_game(tiny(), ("A", "B"), path=("adv", "b1", "a2", "b2"), seed=1)
    s = run(s, March(("z", "z2", "z", "z")), Draw(), Play(("z2", "z2")), Take("z"), Take("z"))
    s = run(s, March(("z2",)), Draw(), Play(("z", "z2")))
    assert s.land_id == "adv"
    s = run(s, UseLand("looked at the top card"))
    assert s.current.land_used
    s2 = run(s, Remove("z2"))
    with pytest.raises(RuleError):
        run(s2, UseLand())


def test_deck_runs_out_reveals_and_draws_are_skipped():
    """§3 clarifications: the graveyard is never reshuffled; steps that cannot be done are skipped."""
    cat = tiny({"m3": 1, "m1": 1, "z": 4, "z2": 4}, stronghold_reveal=3)  # 10 cards, deck 4
    s = run(start(cat), March(("z", "z", "z2")), Draw())
    assert s.deck_count == 0 and [s.hand_size(p) for p in ("A", "B")] == [4, 3]
    s = run(s, Play(("z2", "z2")), Take("z"), Take("z"))
    with pytest.raises(RuleError):
        run(s, March(("z",)))
    s = run(s, March(()), Draw())  # nothing revealed, nobody draws
    assert s.round == 2 and s.deck_count == 0 and [s.hand_size(p) for p in ("A", "B")] == [4, 3]


def test_six_rounds_then_good_wins_and_scoring():
    """§3.4, §4: after round 6 (the Fortress) Good wins; hands entered; scores."""
    s = start(tiny({"z2": 20}))
    reveals = [("z", "z", "z", "z"), ("z2", "z2"), ("z", "z2"), ("z2", "z"), ("z", "z2"), ("z",)]
    for i, cards in enumerate(reveals, start=1):
        s = run(s, March(cards), Draw(), Play(("z2", "z2")))
        s = run(s, Take(s.area[0]))
        s = run(s, Take(s.area[0]))
        assert s.round == i and s.tally == 0
    assert s.outcome == "good" and s.phase == "hands" and s.land_id == "fortress"
    # 3 dealt + 6 drawn - 6 played + 6 taken, and the leader kept (never entered): 10 each
    s = run(s, EnterHand("A", full_hand(s, "A", "low")))
    assert s.phase == "hands"
    s = run(s, EnterHand("B", full_hand(s, "B", "hi")))
    sheet = final_score(s)
    assert sheet.players[0].total == sheet.players[1].total == 10
    assert s.phase == "over" and sheet.winner == "A"  # §4: the lower leader wins the tie


def full_hand(s, player: str, leader: str, filler: str = "z2") -> tuple[str, ...]:
    """A hand as the app counts it: the cards it saw taken, the unseen ones (``filler``),
    and the leader kept that was never entered."""
    hand = s.hand(player)
    return (leader, *hand.known, *[filler] * hand.hidden)


def test_end_effects_resolved_in_initiative_order_in_a_tracked_game():
    """§4: effects go highest initiative first; the engine asks for them one by one."""
    demo = catalogs.load("demo")
    s = new_game(demo, ("A", "B"), path=("meadow", "ford", "moor", "ridge"), seed=2)
    s = run(s, March(("ghoul", "ghoul", "wisp", "knight")))  # 3 + 3 + 2 = 8
    s = run(s, Draw(), Play(("imp", "wisp")))  # B's Wisp (initiative 25) goes first
    s = run(s, Take("knight"))  # 8 + 2 = 10: Evil has won
    s = run(s, Take(back=True))  # A (Imp, 1 mark) cannot leave 10 any other way
    assert s.evil_won and s.outcome == "evil"
    assert [s.hand_size(p) for p in s.players] == [4, 4]  # 3 + 1 drawn - 1 played + 1 taken
    s = run(s, EnterHand("A", ("broker", "badger", "imp", "imp", "imp")))
    s = run(s, EnterHand("B", ("beastcaller", "badger", "knight", "wisp", "ghoul")))
    assert s.phase == "effects" and next_effect(s) == ("B", "beastcaller")  # initiative 7 > 4
    with pytest.raises(RuleError):
        run(s, ResolveEffect("A", "broker"))
    s = run(s, ResolveEffect("B", "beastcaller"))
    assert next_effect(s) == ("A", "broker")
    s = run(s, ResolveEffect("A", "broker", take="ghoul", give="badger"))
    assert s.phase == "over"
    sheet = final_score(s)
    assert sheet.outcome == "evil" and [c.card for c in sheet.players[0].lines] == [
        "broker",
        "imp",
        "ghoul",
    ]


def test_virtual_deck_deals_and_reveals_itself():
    """§2 with an app-shuffled deck (demo): reveals and draws come from the app's deck."""
    demo = catalogs.load("demo")
    s = new_game(demo, ("A", "B", "C"), seed=9, virtual=True)
    assert all(len(s.hand(p).secret) == 3 for p in s.players)
    with pytest.raises(RuleError):
        run(s, March())  # every player keeps a leader first
    for p in s.players:
        s = run(s, KeepLeader(p, s.leader_offers[p][1]))
    top = s.deck[:4]
    s = run(s, March())
    assert s.area == top and s.deck_count == 45 - 9 - 4


def test_corrections_move_cards_and_set_counts():
    """§7: any tracked value can be corrected (a wrong reveal entered earlier)."""
    s = run(start(), March(("z", "z2", "m1", "z")))
    s = run(s, CorrectMove("m1", "area", "deck"), CorrectMove("m3", "deck", "area"))
    assert s.tally == 3 and s.unseen["m1"] == 6 and s.unseen["m3"] == 4 and s.deck_count == 21
    s = run(s, CorrectCount(2, player="A"))
    assert s.hand("A").hidden == 2
    with pytest.raises(RuleError):
        run(s, CorrectMove("m1", "graveyard", "area"))


def test_state_and_commands_round_trip_and_undo():
    """Architecture: states and commands survive the codec; the step log undoes."""
    s = run(start(), March(("z", "z2", "m1", "z")), Draw())
    assert load(InsurrectionState, dump(s)) == s
    cmd = Play(("z2", "m3"))
    assert load_command(dump_command(cmd)) == cmd
    log = StepLog(GAME, s)
    log.do(cmd)
    log.do(Take("m1"))
    log.undo()
    assert log.state.phase == "turns" and log.state.turn == 0


def test_log_names_cards_as_printed_in_either_language():
    """§7: the log the table reads names the cards, not catalog ids; §3.1: the March says
    the land, the cards revealed and the corruption check that follows."""
    demo = catalogs.load("demo")
    s = new_game(demo, ("A", "B"), path=("meadow", "ford", "moor", "ridge"), seed=1)
    cards = ("imp", "knight", "wisp", "herder")
    after = GAME.apply(s, March(cards))
    line = GAME.describe(s, March(cards), after)
    en, ja = tr(line, "en"), tr(line, "ja")
    assert "Ember Imp, Hedge Knight, Marsh Wisp, Goat Herder" in en
    assert "Round 1" in en and "Rebel" in en and "3 marks face up" in en
    assert "火花の小鬼" in ja and "imp" not in en + ja


def test_log_names_cards_inside_a_players_step():
    """§3.3 step 3 (the take): "はる — piperを取り…" showed the id; a step that names its
    player names its card too, and a player called like a card id keeps their name."""
    demo = catalogs.load("demo")
    s = new_game(demo, ("piper", "B"), path=("meadow", "ford", "moor", "ridge"), seed=1)
    s = run(s, March(("piper", "knight", "herder", "badger")), Draw(), Play(("wisp", "imp")))
    assert s.current.player == "piper"  # the Wisp (initiative 25) first
    take = Take("piper", player="piper")
    line = GAME.describe(s, take, GAME.apply(s, take))
    card = demo.card("piper")
    en = tr(line, "en")
    assert en.startswith(f"piper — Takes {card.name['en']} and places Marsh Wisp face up")
    assert "2 marks face up" in en  # the check at the end of the turn
    assert card.name["ja"] in tr(line, "ja") and "piperを" not in tr(line, "ja")


def test_log_line_leaves_free_text_alone():
    s = start()
    line = GAME.describe(s, UseLand("not a card"), s)
    assert tr(line, "en") == tr(UseLand("not a card").describe(), "en")
