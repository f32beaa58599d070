"""A whole game on the demo box through the one loop (``companion.core.game.play``): the
game's moments drive every phase of §3 — the app's steps, the first option of every tie
(§5.3 fast play), battles and replacements as the flow suggests — for up to 10 rounds, and it
ends in an outcome (§8). The players here are plainer than autoplay's: recruit, procure, one
step toward the goal."""

from companion.core.codec import dump, dump_command, load, load_command
from companion.core.game import Policy, play
from companion.core.steplog import StepLog
from companion.games.unicornus import GAME, UKState, load_catalog
from companion.games.unicornus.autoplay import demo_setup
from companion.games.unicornus.commands import EndTurn, Move, Procure, Recruit
from companion.games.unicornus.flow import refusal


class PlainPlayers(Policy):
    """Each character recruits, procures, then steps toward the goal when it can."""

    def act(self, state, moment):
        b = state.board
        for hid in state.seats[state.current_seat]:
            h = state.hero(hid)
            if not h.on_board:
                continue
            used = state.used_by(hid)
            if used == 0:
                return Recruit(hid)
            if used == 1:
                return Procure(hid)
            if used == 2:
                for n in b.adj[h.space]:
                    step = Move(hid, n)
                    if (
                        b.dist[n] < b.dist[h.space]
                        and state.unit_at(n) is None
                        and refusal(state, step) is None
                    ):
                        return step
        return EndTurn()


def play_demo(seed: int) -> StepLog:
    cat = load_catalog("demo")
    log = StepLog(GAME, GAME.new_game(demo_setup(cat), cat, seed))
    for _ in play(GAME, log.state, PlainPlayers(), do=log.do):
        pass
    return log


def test_whole_demo_games_reach_an_outcome_and_replay():
    for seed in (1, 2, 3):
        log = play_demo(seed)
        end = log.state
        assert end.outcome in ("win", "loss_rounds", "loss_princess")
        assert GAME.outcome(end).result == ("won" if end.outcome == "win" else "lost")
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
