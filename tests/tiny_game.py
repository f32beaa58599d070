"""A tiny game defined only for the tests of the step log and the store: the whole protocol
(``companion.core.game.Game``), with no flow of its own."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.core.commands import Command, command
from companion.core.errors import RuleError
from companion.core.game import Moment, Outcome
from companion.core.i18n import Msg
from companion.core.rng import Rng


@dataclass(frozen=True)
class TinyState:
    total: int = 0
    rolls: tuple[int, ...] = ()
    rng: Rng = field(default_factory=lambda: Rng(7))


@command("tiny")
@dataclass(frozen=True)
class Add(Command):
    amount: int

    def describe(self) -> Msg:
        return Msg("tiny.add", {"amount": self.amount})


@command("tiny")
@dataclass(frozen=True)
class RollDie(Command):
    entered: int | None = None  # a roll entered from the table instead of rolled


class TinyGame:
    key = "tiny"
    state_type = TinyState

    def apply(self, state: TinyState, cmd: Command) -> TinyState:
        if isinstance(cmd, Add):
            if state.total + cmd.amount < 0:
                raise RuleError("tiny.negative")
            return replace(state, total=state.total + cmd.amount)
        if isinstance(cmd, RollDie):
            if cmd.entered is not None:
                return replace(state, rolls=(*state.rolls, cmd.entered))
            (value,), rng = state.rng.roll(6)
            return replace(state, rolls=(*state.rolls, value), rng=rng)
        raise RuleError("core.rule.unknown_command", kind=cmd.kind)

    def describe(self, before: TinyState, cmd: Command, after: TinyState) -> Msg:
        return cmd.describe()

    def summary(self, state: TinyState) -> Msg:
        return Msg("tiny.summary", {"total": state.total})

    def outcome(self, state: TinyState) -> Outcome | None:
        return None  # a tiny game never ends

    def moment(self, state: TinyState) -> Moment:
        return Moment(Msg("tiny.summary", {"total": state.total}))

    def upgrade(self, cmd: Command) -> Command:
        return cmd


TINY = TinyGame()
