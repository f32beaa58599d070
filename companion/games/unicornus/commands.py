"""Every change to a game of Unicornus Knights is one of these commands (applied by
:mod:`companion.games.unicornus.engine`). Spaces are board indices; heroes are kingdom
character ids (``"princess"`` for her); imperial characters by catalog id.

``by_app`` on a pick says the app made it for the table ("pick ties automatically", §5.3): the
log line says so. It changes nothing the command does, so it takes no part in comparing
commands (the app's pick of an option equals the table's)."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.commands import Command, Note, command
from companion.core.i18n import Msg

GAME_KEY = "unicornus"


# --- round flow (§3) ---
@command(GAME_KEY)
@dataclass(frozen=True)
class BeginRound(Command):
    """Round start: start-of-round abilities and ONGOING events are announced."""


@command(GAME_KEY)
@dataclass(frozen=True)
class RevealEvent(Command):
    """§3 step 2. With the table's own deck, ``event`` names the card the table turned over:
    one of the catalog's, or a card added on the spot (then ``name``, ``level`` and
    ``ongoing`` say what it is)."""

    event: str = ""  # the card the table turned over; "" = the top of the app's deck
    name: tuple[str, ...] = ()  # (en, ja) of a card added on the spot
    level: int = 0
    ongoing: bool = False


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
    by_app: bool = field(default=False, compare=False)  # a tied step the app picked


@command(GAME_KEY)
@dataclass(frozen=True)
class PickEmpireMove(Command):
    """§5.2/§5.3: where a tied imperial unit goes (the unit by its space at the phase's start);
    kept in the state until the Empire moves."""

    unit: int
    to: int
    by_app: bool = field(default=False, compare=False)


@command(GAME_KEY)
@dataclass(frozen=True)
class SettleConflict(Command):
    """§5.2: two imperial characters want ``space``; ``winner`` (an origin) enters, the
    ``losers`` are planned again with that space forbidden."""

    space: int
    winner: int
    losers: tuple[int, ...] = ()
    by_app: bool = field(default=False, compare=False)


@command(GAME_KEY)
@dataclass(frozen=True)
class StayAndFight(Command):
    """§5.2: an attacked kingdom character declines the retreat before the battle."""

    who: str


@command(GAME_KEY)
@dataclass(frozen=True)
class PickFatePair(Command):
    """§7 Ruling: several kingdom characters qualify; the players choose whose Fate card
    ``imperial`` draws (the card is then read: ``DrawFate``)."""

    imperial: str
    hero: str
    by_app: bool = field(default=False, compare=False)


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
    by_app: bool = field(default=False, compare=False)  # the app picked the retreat (§5.3)


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
class Corrections(Command):
    """Several values set from one correction form: one step (one undo), in order."""

    changes: tuple[Correct, ...]


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


# --- older saves ---
_LEGACY_STEP = ("unicornus_ui.pick.empire_step", "unicornus_ui.pick.empire_step_auto")
_LEGACY_CONFLICT = ("unicornus_ui.pick.conflict", "unicornus_ui.pick.conflict_auto")


def upgrade(cmd: Command) -> Command:
    """Saves made before the picks were typed kept them as ``core.Note`` steps whose message
    (a translation key and its parameters) the game screen read back. Those become the typed
    picks; any other Note stays a Note (a line of the log). The rule option "the app picks
    ties" is gone (the app's own setting does it): setting it becomes a line of the log."""
    if isinstance(cmd, SetOption) and cmd.name == "auto_pick_ties":
        return Note.of(Msg("unicornus.option.auto_pick_ties_gone", {"value": cmd.value}))
    if not isinstance(cmd, Note):
        return cmd
    try:
        m = cmd.message
    except ValueError:
        return cmd
    p, by_app = m.params, m.key.endswith("_auto")
    try:
        if m.key in _LEGACY_STEP:
            return PickEmpireMove(int(p["unit"]), int(p["to"]), by_app=by_app)
        if m.key in _LEGACY_CONFLICT:
            losers = tuple(int(o) for o in p.get("losers", ()))
            return SettleConflict(int(p["at"]), int(p["winner"]), losers, by_app=by_app)
        if m.key == "unicornus_ui.pick.no_retreat":
            return StayAndFight(str(p["who"]))
    except (KeyError, TypeError, ValueError):
        return cmd
    return cmd
