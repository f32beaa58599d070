"""The game log reads like the table talks (§3–§7 steps as sentences): spaces named as the
map names them (``6.3`` plus the tile's printed name), characters and events by name, in the
reader's language; no raw indices, ids or defaults such as ``-1``."""

from companion.core.commands import Note
from companion.core.i18n import Msg, set_language, tr
from companion.core.steplog import StepLog
from companion.games.unicornus import GAME, SetupChoice, load_catalog, new_game, plan_princess
from companion.games.unicornus.commands import (
    BeginRound,
    Correct,
    DrawFate,
    EndTurn,
    Move,
    MoveEmpire,
    PrincessAct,
    Procure,
    RevealEvent,
    RollBattle,
)


def _game():
    return new_game(
        load_catalog("demo"), SetupChoice(3, ("annelie", "bertram", "cordelia"), "p3"), seed=1
    )


def _line(state, cmd, lang="en"):
    return tr(GAME.describe(cmd, state), lang)


def test_princess_moves_and_procures_in_words():
    """§5.1: her move names the space as the map does and its tile; Procure has no "-1"."""
    s = _game()
    to = s.board.adj[s.princess.space][0]
    line = _line(s, PrincessAct("move", to))
    tile = s.board.tile_name(to)
    assert line == f"Princess of the Storm moves to {s.board.names[to]} ({tile[0]})"
    assert _line(s, PrincessAct("procure")) == "Princess of the Storm procures supplies"
    assert "-1" not in _line(s, PrincessAct("procure"))
    ja = _line(s, PrincessAct("move", to), "ja")
    assert ja.startswith("嵐の姫が") and tile[1] in ja


def test_fate_names_both_characters():
    """§7: "Fate: Bram is bound to the Princess", names from the catalog in either language."""
    s = _game()
    bram = s.imp("bram")
    assert _line(s, DrawFate("bram", "princess")) == (
        f"Fate: {bram.name[0]} is bound to Princess of the Storm"
    )
    assert _line(s, DrawFate("bram", "annelie", ally=True)) == (
        f"Fate: {bram.name[0]} joins Annelie as an ally"
    )
    assert bram.name[1] in _line(s, DrawFate("bram", "princess"), "ja")


def test_actions_events_empire_and_corrections_in_words():
    """§4 actions, §3 event, §5.2 Empire move, §6 battle, corrections: no ids, no indices."""
    s = _game()
    annelie = s.hero("annelie")
    to = next(n for n in s.board.adj[annelie.space] if not s.board.impassable[n])
    assert _line(s, Move("annelie", to)).startswith(f"Annelie moves to {s.board.names[to]} (")
    assert _line(s, Procure("annelie")) == "Annelie procures supplies"
    ev = s.deck[0]
    assert _line(s, RevealEvent(ev.id)) == f"Event: {ev.name[0]}"
    moves = ((s.units[0].space, s.board.adj[s.units[0].space][0]),)
    line = _line(s, MoveEmpire(moves))
    a, b = (s.board.names[x] for x in moves[0])
    assert line == f"The Empire moves 1 units: {a}→{b}"
    assert "the table rolled 1 5 6" in _line(s, RollBattle(to, (1, 5, 6)))
    assert _line(s, Correct("hero:annelie", "supplies", 4)) == ("Correction: Annelie, supplies = 4")
    assert _line(s, Correct("imperial:bram", "status", "ally")).startswith(
        f"Correction: {s.imp('bram').name[0]}, status"
    )


def test_the_step_log_uses_the_game_description():
    """The step log's history shows the game's sentences, Notes as they were written."""
    s = _game()
    log = StepLog(GAME, s)
    log.do(BeginRound())
    log.do(RevealEvent(s.deck[0].id))
    log.do(Note.of(Msg("unicornus_ui.pick.tie", {"reason": "x", "pick": "y"})))
    log.do(EndTurn())
    lines = [tr(h.description) for h in log.history()]
    assert lines[1] == f"Event: {s.deck[0].name[0]}"
    assert "y" in lines[2]
    set_language("en")


def test_princess_plan_steps_describe_cleanly():
    """Every step the planner proposes reads without raw indices."""
    s = _game()
    for step in plan_princess(s).steps:
        cmd = PrincessAct(step.action, step.to if step.to >= 0 else -1)
        assert "#" not in _line(s, cmd) and "-1" not in _line(s, cmd)
