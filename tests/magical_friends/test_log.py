"""The game log names wizards and creatures and says what happened (architecture: a game's
``describe(cmd, state)`` is called with the state before the step)."""

from __future__ import annotations

from companion.core.i18n import tr
from companion.core.steplog import StepLog
from companion.games.magical_friends import (
    GAME,
    EndTurn,
    Move,
    PlayArtifacts,
    Poison,
    StartRound,
    Summon,
)

from .helpers import BOARD_A, game


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
    rules = " — Rules: the spec's Rulings and readings"
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
