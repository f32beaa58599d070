"""The game log names wizards and creatures and says what happened (architecture: a game's
``describe(before, cmd, after)`` is called with the states on both sides of the step)."""

from __future__ import annotations

from companion.core.i18n import tr
from companion.core.steplog import StepLog
from companion.games.magical_friends import (
    GAME,
    CorrectBoard,
    EndTurn,
    Move,
    MoveCatapult,
    PlayArtifacts,
    Poison,
    ResolveHighway,
    StartRound,
    Summon,
    apply,
)

from .helpers import (
    BOARD_A,
    BOARD_B,
    finish_round,
    game,
    in_turns,
    place,
    play,
    start_round,
    to_round,
)


def _log(st, *cmds):
    log = StepLog(GAME, st)
    for cmd in cmds:
        log.do(cmd)
    return log


def test_round_start_names_the_face_and_the_space():
    """§6 fairy die: the entered roll and where the fairy went; a roll the app made too
    (the first round's line also names the rules the game is played by)."""
    st = game(BOARD_A, wizards=3)
    log = _log(st, StartRound(5))
    face_space = log.state.fairy_space
    rules = " — Rules: default (no option changed)"
    assert tr(log.line(0), "en") == f"Start of round 1 (fairy die: 5 → {face_space}){rules}"
    log2 = _log(st, StartRound(None))
    rolled = next(e for e in log2.state.events if e.key == "magical_friends.event.fairy")
    assert tr(log2.line(0), "en") == (
        f"Start of round 1 (fairy die rolled by the app: {rolled.params['roll']} → "
        f"{rolled.params['space']}){rules}"
    )
    assert "ラウンド1開始" in tr(log.line(0), "ja")


def test_artifacts_line_names_wizards_and_order():
    """§6 turn order from the artifacts: 'Artifacts played: W0 5, W1 9, W2 4'."""
    st = game(BOARD_A, wizards=3)
    log = _log(st, StartRound(1), PlayArtifacts((5, 9, 4)))
    assert tr(log.line(1), "en") == "Artifacts played: W0 5, W1 9, W2 4; turn order W1, W0, W2"


def test_summon_move_and_end_of_turn_lines():
    """§4 summon and move: the creature by kind name and number, the owner once."""
    st = game(BOARD_A, wizards=2)
    log = _log(st, StartRound(1), PlayArtifacts((9, 4)))
    kind = log.state.kinds[0]
    start = log.state.board.start_spaces[0]
    log.do(Summon(0, kind.id, start))
    cid = log.state.creatures[-1].id
    n = cid.rsplit("-", 1)[-1]
    log.do(Move(cid, steps=1))
    to = log.state.creature(cid).where
    log.do(Poison(cid))
    log.do(EndTurn())
    en = [tr(log.line(i), "en") for i in range(len(log))]
    assert en[2] == f"W0 summons {kind.name['en']} on {start}"
    assert en[3] == f"W0's {kind.name['en']} {n} moves 1 step to {to} (basic move)"
    assert en[4] == f"W0's {kind.name['en']} {n} is poisoned"
    assert en[5] == "End of W0's turn"
    ja = tr(log.line(2), "ja")
    assert kind.name["ja"] in ja and "W0が" in ja


# -- what a step caused (issue 21: the log tells the story, by name, never by id) ----------


def _line(before, cmd):
    after = apply(before, cmd)
    return after, tr(GAME.describe(before, cmd, after), "en")


def _no_ids(line: str, st) -> None:
    assert not any(c.id in line for c in st.creatures), line


def test_lava_deaths_at_the_start_of_a_round_are_logged():
    """§5/§6 Lava Bridge: the round-3 line names who died on the bridge and why."""
    st = to_round(game(), 2)
    st, on = place(st, 0, "moss-knight", "l2")
    st = finish_round(st)
    after, line = _line(st, StartRound(1))
    assert line.startswith("Start of round 3 (fairy die: 1 → f2): ")
    assert "W0's Moss Knight" in line and "is slain (lava)" in line
    assert "wizard W0 gets Pity Power" in line
    _no_ids(line, after)


def test_highway_and_dagger_victims_are_named():
    """§5 Highway to Hell and §4 the Scheming Dagger: the victims by name, the trophy."""
    st = apply(in_turns(), CorrectBoard(stairway_up=False))
    st, imp = place(st, 0, "ember-imp", "h1")
    st, foe = place(st, 1, "moss-knight", "h2")
    st = apply(st, Move(imp, steps=1))
    after, line = _line(st, ResolveHighway(True))
    assert "Highway to Hell: W0's Ember Imp" in line
    assert "W1's Moss Knight" in line and "is slain (Highway to Hell)" in line
    assert "Wizard W0 takes the heart of W1's Moss Knight" in line
    _no_ids(line, after)
    st = play(start_round(game(BOARD_A), 1), first=0, dagger_for=0)
    st, mover = place(st, 0, "moss-knight", "w1")
    st, foe = place(st, 1, "ember-imp", "w2")
    after, line = _line(st, Move(mover, steps=3, how="dagger", branches=("w4",)))
    assert "W1's Ember Imp" in line and "is slain (Scheming Dagger)" in line
    _no_ids(line, after)


def test_fairy_dust_the_catapult_throw_and_the_apps_dice_are_logged():
    """§5 Fairy Trail (a Fairy Dust card picked up), Catapult (the throw), Dark Cavern (the
    die the app rolled, with its face), and whose turn ended."""
    st = in_turns(fairy_roll=4)
    st, a = place(st, 0, "moss-knight", "f3")
    after, line = _line(st, Move(a, steps=1))
    assert line.endswith(": Wizard W0 picks up a Fairy Dust card")
    st = apply(in_turns(), CorrectBoard(catapult_holder=0, catapult_space="w3"))
    after, line = _line(st, MoveCatapult("w5"))
    assert line == "W0 puts the catapult on w5"
    st, cid = place(after, 0, "moss-knight", "w4")
    after, line = _line(st, Move(cid, steps=1))
    assert "The catapult throws W0's Moss Knight" in line
    _no_ids(line, after)
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "c1")
    after, line = _line(st, Move(cid, steps=3))
    face = next(e for e in after.events if e.key == "magical_friends.event.app_dice")
    assert f"the app rolled the cavern die: {face.params['faces']}" in line
    assert "Dark Cavern: W0's Moss Knight" in line
    after, line = _line(after, EndTurn())
    assert line.startswith("End of W0's turn")
