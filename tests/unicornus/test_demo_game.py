"""A whole game on the demo box, the AIs' plans applied with the first option of every tie
(§5.3 fast play): every phase of §3 runs for up to 10 rounds and ends in an outcome (§8)."""

from companion.core.codec import dump, dump_command, load, load_command
from companion.core.steplog import StepLog
from companion.games.unicornus import (
    GAME,
    SetupChoice,
    UKState,
    autoplay,
    load_catalog,
    new_game,
    plan_princess,
)
from companion.games.unicornus.commands import (
    BeginRound,
    EndEmpire,
    EndRound,
    EndTurn,
    Move,
    MoveEmpire,
    PrincessAct,
    Procure,
    Recruit,
    RevealEvent,
)


def settle_battles_and_fate(log: StepLog) -> None:
    """Waiting Fate draws and battles, resolved as the autoplay table does (through the log)."""
    commands: list = []
    autoplay.settle(log.state, commands)
    log.do_all(commands)


def play(seed: int) -> StepLog:
    cat = load_catalog("demo")
    s = new_game(cat, SetupChoice(3, ("annelie", "bertram", "cordelia"), "p3"), seed=seed)
    log = StepLog(GAME, s)
    settle_battles_and_fate(log)
    while not log.state.outcome:
        s = log.state
        if s.phase == "round_start":
            log.do(BeginRound())
        elif s.phase == "event":
            log.do(RevealEvent())
        elif s.phase == "players":
            for hid in s.seats[s.current_seat]:
                h = log.state.hero(hid)
                if h.on_board:
                    log.do(Recruit(hid))
                    log.do(Procure(hid))
                    # one step toward the goal when affordable and free
                    h = log.state.hero(hid)
                    b = log.state.board
                    for n in b.adj[h.space]:
                        if (
                            b.dist[n] < b.dist[h.space]
                            and not b.impassable[n]
                            and log.state.hero_at(n) is None
                            and log.state.unit_at(n) is None
                            and max(1, h.tokens + b.difficulty[n]) <= h.supplies
                        ):
                            log.do(Move(hid, n))
                            break
                settle_battles_and_fate(log)
            if not log.state.outcome:
                log.do(EndTurn())
        elif s.phase == "princess":
            step = plan_princess(s).steps[0]
            to = step.choice.options[0].value if step.choice else step.to
            log.do(PrincessAct(step.action, to))
            settle_battles_and_fate(log)
        elif s.phase == "empire":
            if not s.empire_moved:
                log.do(MoveEmpire(autoplay.empire_moves(s)))
                settle_battles_and_fate(log)
            elif not s.outcome:
                log.do(EndEmpire())
        elif s.phase == "round_end":
            log.do(EndRound())
    return log


def test_whole_demo_games_reach_an_outcome_and_replay():
    for seed in (1, 2, 3):
        log = play(seed)
        end = log.state
        assert end.outcome in ("win", "loss_rounds", "loss_princess")
        assert end.round <= 10
        # the log replays to the same end, commands and states round-trip
        replay = log.initial
        for cmd in log.commands():
            replay = GAME.apply(replay, load_command(dump_command(cmd)))
        assert replay == end
        assert load(UKState, dump(end)) == end
        # undo then redo is the identity
        mid = len(log) // 2
        for _ in range(len(log) - mid):
            log.undo()
        for _ in range(len(log) - mid):
            log.redo()
        assert log.state == end
