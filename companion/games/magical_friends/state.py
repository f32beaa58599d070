"""The state of a Magical Friends game (spec §1): wizards, creatures, board, round.

Frozen dataclasses only; everything the rules need (the board graph, the creature kinds,
artifacts and the scoring rule from the catalog) lives here so ``apply`` needs nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.core.errors import RuleError
from companion.core.i18n import Msg
from companion.core.rng import Rng

from .board import Board

SLAIN = "@slain"

Phase = Literal["round_start", "artifacts", "turns", "over"]


@dataclass(frozen=True)
class Options:
    """Rule options. The two spec **Rulings** first, then readings of open text (each
    documented in docs/magical-friends.md); every default is the companion's reading."""

    # Ruling §6: the order of the round-start effects.
    round_start_order: tuple[str, ...] = ("notice", "lava", "fairy")
    # Ruling §4: the Scheming Dagger slays every creature on the spaces it passes through
    # ("passed"); "passed_and_end" also slays on the space where it stops.
    dagger_slays: Literal["passed", "passed_and_end"] = "passed"
    # Rounds with rising lava (§5), and the round whose bonus moves get +1 step (§4).
    # The bonus belongs to the game's last round (None): the seed's round 8 is the last of 8;
    # a 7-round game has its bonus in round 7 (reading in docs/magical-friends.md). A number
    # fixes the round (saves from before this reading keep their 8).
    lava_rounds: tuple[int, ...] = (3, 6)
    bonus_round: int | None = None
    # "Slay every creature on a space" (§3) spares the protected (Stairway, flower tent):
    # they cannot be slain, so "all" means all who can be.
    mass_slay_spares_protected: bool = True
    # Highway to Hell (§5): the evil creature slays all the others or none (§3, all or
    # nothing). False: the table names which ones.
    highway_all_or_nothing: bool = True
    # Goblin Workshop (§5) "ending here again": "holder" = a friend of the wizard who holds
    # the catapult fires it (another wizard's friend takes the catapult over); "anyone" =
    # any friend fires it once it has been picked up.
    catapult_fired_by: Literal["holder", "anyone"] = "holder"
    # Market E, conjuring (§5): "you may cast one extra spell" while a friend stands there.
    # Read as magic power (§2: "board effects can add magic power"): this many wands.
    # 0 = it adds none (the table keeps track of the extra spell itself).
    conjuring_power: int = 1
    # Ruling §3 "If it was the last of its kind, its summon card goes to the discard pile"
    # (seed 003: その種の最後だった場合): "no_figure_left" (the Ruling) = none of its kind is
    # racing and none is left in the supply (every copy summoned; copies unknown = some may be
    # left); "none_racing" = no other creature of its kind is in the race, even with figures
    # never summoned (the other reading; empties the pool early in a 2-wizard game);
    # "no_copies_left" = every copy has been summoned, racing or not.
    last_of_its_kind: Literal["no_figure_left", "none_racing", "no_copies_left"] = "no_figure_left"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Loading a save: an option the save does not name gets what the game did before the
        option existed (:data:`SAVED_BEFORE`), not today's default."""
        from pydantic_core import core_schema

        return core_schema.no_info_before_validator_function(_as_saved, handler(source))


# What a game did before each option existed: a save without the field keeps that behaviour.
SAVED_BEFORE: dict[str, Any] = {"last_of_its_kind": "none_racing"}


def _as_saved(data: Any) -> Any:
    if isinstance(data, dict):
        return {**SAVED_BEFORE, **data}
    return data


# The choices the new-game form offers for each rule option, the default (the spec's Ruling or
# the companion's reading) first; words: magical_friends.option.<name>[.<value>].
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "last_of_its_kind": ("no_figure_left", "none_racing", "no_copies_left"),
    "dagger_slays": ("passed", "passed_and_end"),
    "round_start_order": (("notice", "lava", "fairy"), ("notice", "fairy", "lava")),
    "mass_slay_spares_protected": (True, False),
    "highway_all_or_nothing": (True, False),
    "catapult_fired_by": ("holder", "anyone"),
    "conjuring_power": (1, 0, 2),
}
RULINGS = {"last_of_its_kind": "§3", "dagger_slays": "§4", "round_start_order": "§6"}


def choice_key(value: Any) -> str:
    """A choice as the last part of its message key (``notice-lava-fairy``, ``true``, ``1``)."""
    if isinstance(value, tuple):
        return "-".join(value)
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def options_from(picks: dict[str, Any]) -> Options:
    """Options with the given choices (each one of :data:`OPTION_CHOICES`), the rest default."""
    for name, value in picks.items():
        if value not in OPTION_CHOICES.get(name, ()):
            raise RuleError("magical_friends.option.bad", option=name, value=choice_key(value))
    return replace(Options(), **picks)


def changed_options(options: Options) -> tuple[tuple[str, Any], ...]:
    """The options chosen away from their default, in the form's order."""
    default = Options()
    return tuple(
        (name, getattr(options, name))
        for name in OPTION_CHOICES
        if getattr(options, name) != getattr(default, name)
    )


@dataclass(frozen=True)
class Kind:
    id: str
    name: dict[str, str]
    alignment: str | None  # good / evil / neutral; None = not transcribed yet
    wand_cost: int | None
    copies: int | None  # None = unknown: no limit enforced
    wands: int | None = None  # wands a friend of this kind carries in the race (§2); None = unknown
    ability: dict[str, str] | None = None  # the ability in short, as the box has it (en, ja)


@dataclass(frozen=True)
class Artifact:
    number: int
    name: dict[str, str] | None
    special: str = "none"
    wands: int | None = None  # wands on the card while it is the active artifact (§2)
    bonus: dict[str, str] | None = None  # its effect in short, as the box has it (en, ja)


@dataclass(frozen=True)
class Scoring:
    per_friend_in_tavern: int | None
    per_poisoned_friend_in_tavern: int | None
    per_trophy: int | None
    per_neutral_trophy: int | None
    tie_break: tuple[str, ...]


@dataclass(frozen=True)
class Wizard:
    name: str
    colour: str
    pity: int = 0  # Pity Power cards held
    fairy_dust: int = 0
    trophies: tuple[str, ...] = ()  # hearts won: ids of opponents' slain creatures
    neutral_trophies: int = 0
    artifacts_used: tuple[int, ...] = ()


@dataclass(frozen=True)
class Creature:
    id: str
    kind: str
    owner: int
    where: str  # a space id (the tavern is a space) or SLAIN
    poisoned: bool = False


@dataclass(frozen=True)
class Pending:
    """A decision the table must take before play goes on ("may" effects)."""

    kind: Literal["highway"]
    creature: str  # the evil creature on the Highway to Hell
    space: str
    targets: tuple[str, ...]  # creatures it may slay


@dataclass(frozen=True)
class Tally:
    points: tuple[int, ...]
    tavern_friends: tuple[int, ...]
    trophies: tuple[int, ...]
    winners: tuple[int, ...]  # several = shared win after the tie-break


@dataclass(frozen=True)
class GameState:
    board: Board
    kinds: tuple[Kind, ...]
    artifacts: tuple[Artifact, ...]
    scoring: Scoring
    turn_order_rule: str | None  # "highest_first" / "lowest_first"; None = table gives it
    options: Options
    wizards: tuple[Wizard, ...]
    rng: Rng
    rounds: int = 8
    round: int = 0  # 0 = before the first round
    phase: Phase = "round_start"
    start_player: int = 0
    creatures: tuple[Creature, ...] = ()
    next_creature: int = 1
    stairway_up: bool = True  # Stairway to Heaven up; False = Highway to Hell up
    fairy_space: str | None = None
    catapult_holder: int | None = None
    catapult_space: str | None = None
    catapult_pickup: int | None = None  # wizard who takes the catapult at the end of the turn
    played: tuple[int | None, ...] = ()  # artifact played this round, per wizard
    # artifacts played and tied, the order not given yet: the wizards the table has named so
    # far, first to last within each tied group (``OrderTie``)
    tie_picks: tuple[int, ...] = ()
    turn_order: tuple[int, ...] = ()
    turn_index: int = 0
    bonus_moved: tuple[str, ...] = ()  # creatures that made their bonus move this turn
    chili: tuple[str, ...] = ()  # creatures allowed a second basic move this turn (Market A)
    # basic moves made this turn, one entry per move (a creature id); counted for the table,
    # never limited: the rulebook excerpt does not say how many basic moves a turn has
    basic_moved: tuple[str, ...] = ()
    dagger_ready: tuple[int, ...] = ()  # wizards with the Scheming Dagger move this round
    lost_hearts: tuple[str, ...] = ()  # hearts of slain creatures nobody won as a trophy
    discarded_kinds: tuple[str, ...] = ()  # summon cards on the discard pile
    pending: tuple[Pending, ...] = ()
    events: tuple[Msg, ...] = ()  # what the last command did, for the log and the header
    tally: Tally | None = None

    # -- look-ups -------------------------------------------------------------------
    @property
    def round_named(self) -> int:
        """The round the table calls the game's: between rounds, the one about to start (the
        header, the saved-games list and the round's banner all name this one)."""
        return self.round + 1 if self.phase == "round_start" else self.round

    def creature(self, cid: str) -> Creature:
        for c in self.creatures:
            if c.id == cid:
                return c
        raise RuleError("magical_friends.creature.unknown", creature=cid)

    def kind(self, kid: str) -> Kind:
        for k in self.kinds:
            if k.id == kid:
                return k
        raise RuleError("magical_friends.kind.unknown", kind=kid)

    def on_space(self, sid: str) -> tuple[Creature, ...]:
        return tuple(c for c in self.creatures if c.where == sid)

    def racing(self, wizard: int | None = None) -> tuple[Creature, ...]:
        """Friends still on the board (not slain, not in the tavern)."""
        return tuple(
            c
            for c in self.creatures
            if c.where not in (SLAIN, self.board.tavern) and (wizard is None or c.owner == wizard)
        )

    def in_tavern(self, wizard: int) -> tuple[Creature, ...]:
        return tuple(
            c for c in self.creatures if c.where == self.board.tavern and c.owner == wizard
        )

    @property
    def current_wizard(self) -> int | None:
        if self.phase != "turns" or not self.turn_order:
            return None
        return self.turn_order[self.turn_index]

    @property
    def highway_up(self) -> bool:
        return not self.stairway_up

    def with_creature(self, c: Creature) -> GameState:
        return replace(self, creatures=tuple(c if x.id == c.id else x for x in self.creatures))

    def with_wizard(self, i: int, w: Wizard) -> GameState:
        return replace(self, wizards=tuple(w if j == i else x for j, x in enumerate(self.wizards)))

    @property
    def bonus_round(self) -> int:
        """The round whose Pity Power and Fairy Dust moves get +1 step (§4): the last one,
        unless the options fix another."""
        return self.rounds if self.options.bonus_round is None else self.options.bonus_round

    def note(self, key: str, **params: object) -> GameState:
        return replace(self, events=(*self.events, Msg(key, dict(params))))


@dataclass(frozen=True)
class Setup:
    """What the table chooses before the first round."""

    wizards: tuple[tuple[str, str], ...]  # (name, colour), 2..5
    tiles: tuple[tuple[str, str], ...]  # (tile id, side id) in board order
    start_player: int = 0
    rounds: int = 8
    stairway_up: bool = True
    options: Options = field(default_factory=Options)
