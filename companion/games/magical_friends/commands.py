"""The commands of a Magical Friends game: what the table reports, one step at a time.

Each command's ``describe()`` is the game-log line. Where the rules leave a choice to the
table ("may" effects, branches, the cavern die), the command carries it explicitly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core.commands import Command, command
from companion.core.i18n import Msg

KEY = "magical-friends"

MoveKind = Literal["basic", "chili", "pity", "fairy_dust", "dagger", "ability"]


@command(KEY)
@dataclass(frozen=True)
class StartRound(Command):
    """Round start (§6): notice, lava, fairy die. ``fairy_roll`` = the table's roll, or
    None for the companion to roll."""

    fairy_roll: int | None = None

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.start_round", {"roll": self.fairy_roll or "-"})


@command(KEY)
@dataclass(frozen=True)
class PlayArtifacts(Command):
    """The artifact each wizard plays this round (by wizard index). ``tie_order`` breaks
    ties in turn order: wizards in the order the table decides (ignored when no tie); without
    it a tie waits for the table's order, one ``OrderTie`` at a time."""

    played: tuple[int, ...]
    tie_order: tuple[int, ...] = ()

    def describe(self) -> Msg:
        return Msg(
            "magical_friends.cmd.play_artifacts", {"played": ", ".join(map(str, self.played))}
        )


@command(KEY)
@dataclass(frozen=True)
class OrderTie(Command):
    """The table names the wizard who goes next among those whose artifacts tie (§6), after
    ``PlayArtifacts`` without a ``tie_order``; the last of each tied group follows."""

    wizard: int

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.order_tie", {"wizard": self.wizard})


@command(KEY)
@dataclass(frozen=True)
class Summon(Command):
    """Summon a new friend of ``creature_kind`` onto a start space or a Portal where the wizard has a
    friend (§5 Portal)."""

    wizard: int
    creature_kind: str
    space: str

    def describe(self) -> Msg:
        return Msg(
            "magical_friends.cmd.summon",
            {"wizard": self.wizard, "kind": self.creature_kind, "space": self.space},
        )


@command(KEY)
@dataclass(frozen=True)
class Move(Command):
    """A move as the table reports it: where the creature ended (``to``) or how far it went
    (``steps``, with ``branches`` = the space taken at each fork, in order).

    ``how``: basic, chili (the Market A second basic move), pity, fairy_dust, dagger (the
    Scheming Dagger bonus move) or ability (``by`` = the wizard whose ability moved it;
    ``jump`` = the ability put it on ``to`` directly, not along a path).
    ``cavern_rolls``: the table's cavern dice, in order (else the companion rolls);
    ``throw_branches`` / ``shot_branches``: forks of a catapult throw / shot set off by it.
    ``ability`` (how="ability"): the creature whose ability it is; its wizard needs magic power
    at least its wand cost (§2). ``wands`` / ``cost``: the table's count where the catalog
    does not know it.
    """

    creature: str
    to: str | None = None
    steps: int | None = None
    branches: tuple[str, ...] = ()
    how: MoveKind = "basic"
    by: int | None = None
    jump: bool = False
    cavern_rolls: tuple[int, ...] = ()
    throw_branches: tuple[str, ...] = ()
    shot_branches: tuple[str, ...] = ()
    ability: str | None = None
    wands: int | None = None
    cost: int | None = None

    def describe(self) -> Msg:
        return Msg(
            "magical_friends.cmd.move",
            {
                "creature": self.creature,
                "how": self.how,
                "to": self.to or "-",
                "steps": self.steps if self.steps is not None else "-",
            },
        )


@command(KEY)
@dataclass(frozen=True)
class MoveCatapult(Command):
    """The catapult moved like a friend or by an ability (§5): no board effects."""

    to: str

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.move_catapult", {"to": self.to})


@command(KEY)
@dataclass(frozen=True)
class ResolveHighway(Command):
    """The table's answer to a pending Highway to Hell slaying (§5): slay or not; with the
    all-or-nothing option off, ``targets`` names which creatures."""

    slay: bool
    targets: tuple[str, ...] = ()

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.resolve_highway", {"slay": self.slay})


@command(KEY)
@dataclass(frozen=True)
class Slay(Command):
    """A creature ability slays (§3): the listed creatures, or every creature on ``space``
    (all or nothing). ``by`` = the wizard using the ability; ``ability`` = the creature whose
    ability it is (§2: its wand cost must be met); ``wands`` / ``cost`` as in ``Move``."""

    by: int
    creatures: tuple[str, ...] = ()
    space: str | None = None
    ability: str | None = None
    wands: int | None = None
    cost: int | None = None

    def describe(self) -> Msg:
        what = ", ".join(self.creatures) or self.space or "-"
        if self.ability is not None:
            return Msg(
                "magical_friends.cmd.slay_ability",
                {"by": self.by, "what": what, "ability": self.ability},
            )
        return Msg("magical_friends.cmd.slay", {"by": self.by, "what": what})


@command(KEY)
@dataclass(frozen=True)
class Poison(Command):
    """A creature ability poisons (§3). ``ability`` = the creature whose ability it is (§2:
    its wand cost must be met), ``by`` = its wizard; both None: no ability (the table reports
    a poisoning the companion did not see). ``wands`` / ``cost`` as in ``Move``."""

    creature: str
    by: int | None = None
    ability: str | None = None
    wands: int | None = None
    cost: int | None = None

    def describe(self) -> Msg:
        if self.ability is not None:
            return Msg(
                "magical_friends.cmd.poison_ability",
                {"creature": self.creature, "ability": self.ability},
            )
        return Msg("magical_friends.cmd.poison", {"creature": self.creature})


@command(KEY)
@dataclass(frozen=True)
class EndTurn(Command):
    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.end_turn", {})


@command(KEY)
@dataclass(frozen=True)
class EndGame(Command):
    """End the game now (normally it ends after the last turn of the last round)."""

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.end_game", {})


# -- corrections: the table is the source of truth; None = leave as it is ------------------


@command(KEY)
@dataclass(frozen=True)
class CorrectWizard(Command):
    wizard: int
    pity: int | None = None
    fairy_dust: int | None = None
    neutral_trophies: int | None = None
    artifacts_used: tuple[int, ...] | None = None

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.correct_wizard", {"wizard": self.wizard})


@command(KEY)
@dataclass(frozen=True)
class CorrectCreature(Command):
    """Put a creature where it is (a space, the tavern, or "@slain") and set its poison.
    Its heart follows: a creature brought back takes its heart back from wherever it was."""

    creature: str
    where: str | None = None
    poisoned: bool | None = None

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.correct_creature", {"creature": self.creature})


@command(KEY)
@dataclass(frozen=True)
class CorrectHeart(Command):
    """Give a slain creature's heart to ``holder`` as a trophy (None = nobody)."""

    creature: str
    holder: int | None = None

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.correct_heart", {"creature": self.creature})


@command(KEY)
@dataclass(frozen=True)
class CorrectBoard(Command):
    """Correct the board pieces and the round. ``catapult_holder`` / ``catapult_space``:
    -1 / "" = nobody / off the board; ``fairy_space`` "" = no fairy."""

    stairway_up: bool | None = None
    fairy_space: str | None = None
    catapult_space: str | None = None
    catapult_holder: int | None = None
    round: int | None = None

    def describe(self) -> Msg:
        return Msg("magical_friends.cmd.correct_board", {})
