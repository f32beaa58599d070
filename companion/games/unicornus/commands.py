"""Every change to a game of Unicornus Knights is one of these commands (applied by
:mod:`companion.games.unicornus.engine`). Spaces are board indices; heroes are kingdom
character ids (``"princess"`` for her); imperial characters by catalog id."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.commands import Command, command

GAME_KEY = "unicornus"


# --- round flow (§3) ---
@command(GAME_KEY)
@dataclass(frozen=True)
class BeginRound(Command):
    """Round start: start-of-round abilities and ONGOING events are announced."""


@command(GAME_KEY)
@dataclass(frozen=True)
class RevealEvent(Command):
    event: str = ""  # the card the table turned over; "" = the top of the app's deck


@command(GAME_KEY)
@dataclass(frozen=True)
class EndTurn(Command):
    pass


@command(GAME_KEY)
@dataclass(frozen=True)
class EndEmpire(Command):
    pass


@command(GAME_KEY)
@dataclass(frozen=True)
class ReplaceCharacter(Command):
    seat: int
    character: str
    space: int


@command(GAME_KEY)
@dataclass(frozen=True)
class EndRound(Command):
    pass


# --- player actions (§4) ---
@command(GAME_KEY)
@dataclass(frozen=True)
class Recruit(Command):
    hero: str


@command(GAME_KEY)
@dataclass(frozen=True)
class Procure(Command):
    hero: str


@command(GAME_KEY)
@dataclass(frozen=True)
class Move(Command):
    hero: str
    to: int


@command(GAME_KEY)
@dataclass(frozen=True)
class Transport(Command):
    hero: str
    receiver: str
    tokens: int = 0
    supplies: int = 0


@command(GAME_KEY)
@dataclass(frozen=True)
class DrawSupport(Command):
    """The Fate action: draw a Support card (once per turn)."""

    hero: str


# --- the AIs (§5) ---
@command(GAME_KEY)
@dataclass(frozen=True)
class PrincessAct(Command):
    action: str  # "move" | "procure"
    to: int = -1


@command(GAME_KEY)
@dataclass(frozen=True)
class MoveEmpire(Command):
    """All imperial moves of the phase at once: ``(from space, to space)`` pairs."""

    moves: tuple[tuple[int, int], ...] = ()


@command(GAME_KEY)
@dataclass(frozen=True)
class RetreatBeforeBattle(Command):
    hero: str
    to: int


# --- battles (§6) ---
@command(GAME_KEY)
@dataclass(frozen=True)
class RollBattle(Command):
    space: int
    dice: tuple[int, ...] = ()  # entered from the table; () = the app rolls


@command(GAME_KEY)
@dataclass(frozen=True)
class ResolveBattle(Command):
    space: int
    to_life: int = 0  # damage the players put on the character (the rest removes tokens)
    retreat_to: int = -1  # where the imperial attacker retreats, when there is a choice
    # the table's own die assignment (§6.1 step 3), die indices; only used when ``edited``
    # (otherwise the best assignment is applied), checked by battle.evaluate_assignment
    edited: bool = False
    tokens: tuple[int, ...] = ()
    character: tuple[int, ...] = ()


# --- fate and allies (§7, §9) ---
@command(GAME_KEY)
@dataclass(frozen=True)
class DrawFate(Command):
    imperial: str
    hero: str = ""  # "" = the only candidate (or the first, with the Ruling switched off)
    ally: bool = False  # the Fate card makes the imperial character an ally now


@command(GAME_KEY)
@dataclass(frozen=True)
class MakeAlly(Command):
    imperial: str
    hero: str


# --- corrections: the table is the source of truth ---
@command(GAME_KEY)
@dataclass(frozen=True)
class Correct(Command):
    """Set any value: target ``hero:<id>``, ``imperial:<id>``, ``unit:<space>``,
    ``space:<space>`` (a printed value of the space) or ``game``."""

    target: str
    field: str
    value: int | bool | str


@command(GAME_KEY)
@dataclass(frozen=True)
class PlaceUnit(Command):
    space: int
    tokens: int
    leader: str = ""


@command(GAME_KEY)
@dataclass(frozen=True)
class RemoveUnit(Command):
    space: int


@command(GAME_KEY)
@dataclass(frozen=True)
class SetOption(Command):
    name: str
    value: bool
