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
    Recruit,
    ResolveBattle,
    RetreatBeforeBattle,
    RevealEvent,
    RollBattle,
    Transport,
)
from companion.games.unicornus.rules import move_cost
from companion.games.unicornus.state import Unit
from companion.games.unicornus.words import space_label
from tests.unicornus.scenario import game, hero, imperial, princess

# a small map for lines with figures: b0 has a resource value 2, a5 recruits 2
MAP = """
a=a0 a=a1 bs2=b0 b=b1 c=c0 c=c1
  a=a2 ad1=a3 b=b2 b=b3 c=c2 c=c3
a=a4 ar2=a5 b=b4 b=b5 cG=g c=c5
"""


def _game():
    return new_game(
        load_catalog("demo"), SetupChoice(3, ("annelie", "bertram", "cordelia"), "p3"), seed=1
    )


def _line(state, cmd, lang="en"):
    return tr(GAME.describe(state, cmd), lang)


def test_princess_moves_and_procures_in_words():
    """§5.1: her move names the space as the map does and its tile; Procure has no "-1"."""
    s = _game()
    to = s.board.adj[s.princess.space][0]
    line = _line(s, PrincessAct("move", to))
    tile = s.board.tile_name(to)
    cost = move_cost(s, s.princess.tokens, to)
    assert line == f"Princess of the Storm moves to {s.board.names[to]} ({tile[0]}), cost {cost}"
    gain = s.board.resource[s.princess.space] or 1
    assert _line(s, PrincessAct("procure")).startswith(f"Princess of the Storm procures {gain} ")
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
    gain = s.board.resource[annelie.space] or 1
    supplies = "supply" if gain == 1 else "supplies"
    assert _line(s, Procure("annelie")) == (
        f"Annelie procures {gain} {supplies} (now {annelie.supplies + gain})"
    )
    ev = s.deck[0]
    assert _line(s, RevealEvent(ev.id)) == f"Event: {ev.name[0]}"
    moves = ((s.units[0].space, s.board.adj[s.units[0].space][0]),)
    line = _line(s, MoveEmpire(moves))
    a, b = (s.board.names[x] for x in moves[0])
    assert line == f"The Empire moves 1 unit: {a}→{b}"
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


def _small(heroes, units=(), imps=(), phase="players"):
    s = game(MAP, phase=phase, heroes=heroes, units=units, imps=imps)
    return s, s.board.space


def test_moves_say_their_cost_and_attacks_say_whom():
    """§4 Move: the cost paid is in the line (tokens + difficulty, at least 1); entering an
    imperial unit is an attack naming it."""
    s, at = _small(
        [hero("ann", 0, tokens=3)], [Unit(2, 2, "zed")], [imperial("zed")]
    )  # 0 = a0, 2 = b0
    assert _line(s, Move("ann", at("a1"))) == "Ann moves to a1, cost 3"
    s, at = _small([hero("ann", 1, tokens=3)], [Unit(2, 2, "zed")], [imperial("zed")])
    assert _line(s, Move("ann", at("b0"))) == "Ann attacks Zed on b0, cost 3"
    assert _line(s, Move("ann", at("b0")), "ja") == "annがb0のzedを攻撃（コスト3）"


def test_procure_recruit_and_transport_say_what_was_gained_in_proper_numbers():
    """§4 Procure (resource value, at least 1), Recruit (up to the command value), Transport:
    the amounts in the line, "1 supply" / "2 supplies", "1 token" / "2 tokens"."""
    s, at = _small([hero("ann", 2, tokens=5, supplies=3, command=6), hero("bo", 1, seat=1)])
    assert _line(s, Procure("ann")) == "Ann procures 2 supplies (now 5)"
    assert _line(s, Recruit("ann")) == "Ann recruits: nobody joins here"
    assert _line(s, Transport("ann", "bo", 1, 1)) == "Ann sends Bo 1 token and 1 supply"
    assert _line(s, Transport("ann", "bo", 2, 3)) == "Ann sends Bo 2 tokens and 3 supplies"
    s, at = _small([hero("ann", at("a5"), tokens=5, supplies=3, command=6)])
    assert _line(s, Procure("ann")) == "Ann procures 1 supply (now 4)"
    assert _line(s, Recruit("ann")) == "Ann recruits 1 token (now 6/6)"  # capped at command
    assert _line(s, Procure("ann"), "ja") == "annが物資1を調達（計4）"


def test_player_battle_line_says_what_each_side_lost():
    """§6.1 steps 4-6: the resolved battle says the tokens and life each side lost, and that
    the attacker goes back when the defender holds (from the state before the step)."""
    s, at = _small(
        [hero("ann", 1, tokens=3)], [Unit(2, 2, "zed")], [imperial("zed", combat_power=2)]
    )
    s = GAME.apply(s, Move("ann", at("b0")))
    s = GAME.apply(s, RollBattle(at("b0"), dice=(4, 5, 2)))  # hit, hit, miss: 1 damage taken
    line = _line(s, ResolveBattle(at("b0"), to_life=0))
    assert line == (
        "Battle on b0: Ann loses 1 token and takes 0 damage; "
        "Zed loses 2 tokens and takes 0 damage; Ann falls back to a1"
    )
    line = _line(s, ResolveBattle(at("b0"), to_life=1))
    assert line.startswith("Battle on b0: Ann loses 0 tokens and takes 1 damage;")


def test_a_wiped_out_defender_and_a_dead_character_are_said():
    """§6.1 / §9: a character killed by hits dies in the line; the attacker stays."""
    s, at = _small(
        [hero("ann", 1, tokens=4)],
        [Unit(2, 1, "zed")],
        [imperial("zed", combat_power=1, life=2, damage=1)],
    )
    s = GAME.apply(s, Move("ann", at("b0")))
    s = GAME.apply(s, RollBattle(at("b0"), dice=(3, 6, 6, 6)))
    line = _line(s, ResolveBattle(at("b0")))
    assert line == (
        "Battle on b0: Ann loses 0 tokens and takes 0 damage; "
        "Zed loses 1 token and takes 1 damage; Zed dies"
    )


def test_princess_battle_names_the_princess_and_the_damage():
    """§6.2: the line names the Princess, the damage (life left + tokens − allies) and how
    the players split it; the imperial unit is wiped out."""
    s, at = _small(
        [princess(1, tokens=2, life=5)],
        [Unit(2, 1, "zed")],
        [imperial("zed", combat_power=1, life=2)],
        phase="princess",
    )
    s = GAME.apply(s, PrincessAct("move", at("b0")))
    line = _line(s, ResolveBattle(at("b0"), to_life=1))
    assert line == (
        "Princess battle on b0: Princess takes 3 damage (2 tokens lost, 1 on her life); "
        "Zed's unit is wiped out"
    )


def test_retreat_before_battle_says_its_cost():
    """§5.2: retreating before the battle costs the move cost + 2 supplies."""
    s, at = _small([hero("ann", 1, tokens=2)], phase="empire")
    assert _line(s, RetreatBeforeBattle("ann", at("a0"))) == (
        "Ann retreats before the battle to a0, cost 4 supplies"
    )


def test_lines_are_stored_with_the_step_and_read_the_same_after_resume():
    """The step log keeps the line written from the state before the step: a log rebuilt
    from stored steps (a resumed game) reads the cost, although the state now differs."""
    s, at = _small([hero("ann", 0, tokens=3, supplies=10)])
    log = StepLog(GAME, s)
    log.do(Move("ann", at("a1")))
    log.do(Procure("ann"))
    lines = [tr(h.description) for h in log.history()]
    assert lines == ["Ann moves to a1, cost 3", "Ann procures 1 supply (now 8)"]
    entries = [(e, log._entries[i].state, None, log.line(i)) for i, e in enumerate(log.commands())]
    resumed = StepLog(GAME, s, entries)
    assert [tr(h.description) for h in resumed.history()] == lines
    # without stored lines a later state cannot give the figures: the line still reads
    bare = StepLog(GAME, s, [(e, st, None) for e, st, _, _ in entries])
    assert tr(bare.history()[0].description).startswith("Ann moves to a1")


def test_choice_options_name_the_tile_as_printed():
    """§5.3 choices: an option names the space as the map does and the tile's printed name,
    so the table finds it on the real board ("space 5.5 (Storm Ford)")."""
    s = _game()
    to = s.board.adj[s.princess.space][0]
    tile = s.board.tile_name(to)
    assert tr(space_label(s, to)) == f"space {s.board.names[to]} ({tile[0]})"
    assert tr(space_label(s, to), "ja") == f"スペース{s.board.names[to]}（{tile[1]}）"
    small, at = _small([hero("ann", 1)])
    assert tr(space_label(small, at("b0"))) == "space b0"  # a board without tile names


def test_counted_nouns_use_the_shared_plural_support():
    """§4 figures in the log: 1 token / 2 tokens through the locale's plural entries; the
    Japanese form is the number; a line saved before the migration (singular key) reads."""
    from companion.games.unicornus.words import count

    assert [tr(count("token", n)) for n in (0, 1, 2)] == ["0 tokens", "1 token", "2 tokens"]
    assert tr(count("supply", 1)) == "1 supply" and tr(count("die", 3)) == "3 dice"
    assert count("step", 1).key == count("step", 4).key  # one key, the count decides
    set_language("ja")
    try:
        assert tr(count("token", 1)) == "1" and tr(count("space", 2)) == "2"
        assert tr(Msg("unicornus.count.token", {"n": 1})) == "1"  # an old stored line
    finally:
        set_language("en")
    assert tr(Msg("unicornus.count.die", {"n": 1})) == "1 die"
