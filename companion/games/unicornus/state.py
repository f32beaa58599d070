"""The state of a game of Unicornus Knights: compact frozen data, the board shared by reference.

Everything ``apply`` needs is here (the board, the characters' printed values, the decks and
the random generator), so no catalog is consulted during play.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from companion.core.rng import Rng
from companion.games.unicornus.board import Board

PRINCESS = "princess"  # the Princess's id among the kingdom characters


@dataclass(frozen=True)
class Options:
    """Every **Ruling** of the spec, with the Ruling as the default, and the play settings."""

    difficulty_adds_cost: bool = True  # §4: the difficulty icon adds to the move cost
    princess_enters_goal: bool = True  # §5.1: she steps onto Lionel's start space itself
    sideways_needs_route: bool = True  # §5.1 step 3: sideways only towards an open route
    players_choose_first_step: bool = True  # §5.2: several shortest first steps -> choose
    allies_add_dice: bool = False  # §6.1: allies add no dice unless their ability says so
    players_choose_fate_pair: bool = True  # §7: several kingdom characters qualify -> choose


def changed_options(options: Options) -> tuple[tuple[str, bool], ...]:
    """The rule options that differ from the Rulings (the defaults), in declaration order."""
    default = Options()
    return tuple(
        (f.name, getattr(options, f.name))
        for f in fields(Options)
        if getattr(options, f.name) != getattr(default, f.name)
    )


@dataclass(frozen=True)
class Hero:
    """A kingdom character (a player's, or the Princess) and the unit it leads."""

    id: str
    name: tuple[str, str]  # (en, ja)
    seat: int  # -1 for the Princess
    space: int  # -1 when off the board
    tokens: int
    supplies: int
    command: int
    life: int
    damage: int = 0
    attack: tuple[str, ...] = ()  # die faces 1..6 -> "hit" | "miss" | "loss"
    defence: tuple[str, ...] = ()
    allies: tuple[str, ...] = ()
    support: int = 0  # Support cards in hand (a count: hands are secret)
    timing: str = ""  # "r" start of round, "t" start of turn, "b" during battle, "p" passive
    alive: bool = True
    ability: tuple[str, str] = ("", "")  # (en, ja), in short, as the owner transcribed it

    @property
    def on_board(self) -> bool:
        return self.alive and self.space >= 0


@dataclass(frozen=True)
class Imperial:
    """An imperial character's card: printed values (correctable), damage, fate, status."""

    id: str
    name: tuple[str, str]
    personality: str  # defensive | normal | aggressive
    combat_power: int
    life: int
    no_fate: bool = False
    damage: int = 0
    bound_to: str = ""  # the kingdom character whose Fate card lies on it
    status: str = "board"  # board | dead | ally
    ally_ability: tuple[str, str] = ("", "")  # (en, ja): what it gives a player as an ally

    @property
    def life_left(self) -> int:
        return self.life - self.damage


@dataclass(frozen=True)
class Unit:
    """An imperial unit on the board: tokens, with or without a leading character."""

    space: int
    tokens: int
    leader: str = ""  # imperial character id; "" = leaderless (acts as normal)


@dataclass(frozen=True)
class Event:
    id: str
    name: tuple[str, str]
    level: int
    ongoing: bool
    effect: tuple[str, str] = ("", "")  # as the owner typed it (en, ja); either may be empty


@dataclass(frozen=True)
class Battle:
    """A battle waiting to be resolved (§6). ``origins``: where the attacker(s) came from."""

    space: int
    hero: str
    attacker: str  # "kingdom" | "empire"
    origins: tuple[int, ...]
    dice: tuple[int, ...] = ()
    rolled: bool = False


@dataclass(frozen=True)
class UKState:
    board: Board
    options: Options
    players: int
    seats: tuple[tuple[str, ...], ...]  # kingdom character ids each seat runs
    heroes: tuple[Hero, ...]  # the Princess first, then the players' characters
    reserve: tuple[Hero, ...]  # unused kingdom characters, for replacements (§9)
    imperial: tuple[Imperial, ...]
    units: tuple[Unit, ...]
    deck: tuple[Event, ...]  # event deck, top first
    revealed: tuple[Event, ...] = ()
    rounds: int = 10
    princess_actions: int = 3
    actions_per_turn: int = 4
    round: int = 1
    phase: str = "round_start"
    start_player: int = 0
    turn: int = 0  # how many players have had their turn this round
    used: tuple[tuple[str, int], ...] = ()  # actions used this turn, by hero
    fate_drawn: tuple[str, ...] = ()  # heroes that took the Fate action this turn
    princess_used: int = 0
    empire_moved: bool = False  # the Empire's simultaneous move is done this phase
    battles: tuple[Battle, ...] = ()
    fate_pending: tuple[str, ...] = ()  # imperial characters that must draw Fate now
    replace_due: tuple[int, ...] = ()  # seats whose character died this round (§9)
    outcome: str = ""  # "" | win | loss_rounds | loss_princess
    # the table's picks in the Empire phase (§5.2, §5.3), kept until the moves are made:
    empire_picks: tuple[tuple[int, int], ...] = ()  # (unit's origin, space) of a tied unit
    empire_forbid: tuple[tuple[int, int], ...] = ()  # (origin, space) of a conflict's loser
    stays: tuple[str, ...] = ()  # attacked characters who chose not to retreat (this phase)
    fate_pairs: tuple[tuple[str, str], ...] = ()  # (imperial, hero) the table paired (§7)
    rng: Rng = field(default_factory=lambda: Rng(0))
    # the table shuffles its own event deck (§2 step 6): ``deck`` is then the catalog's cards
    # to pick from, and the app records the card the table turned over
    table_deck: bool = False
    event_round: int = 0  # the round the last revealed card was turned over in
    event_levels: tuple[int, ...] = (3, 3, 4)  # §2 step 6: cards of each level, level 1 on top
    names: tuple[str, ...] = ()  # the players' names by seat ("" where none was typed)

    # --- look-ups (linear scans: the tuples are short) ---
    def hero(self, hid: str) -> Hero:
        for h in self.heroes:
            if h.id == hid:
                return h
        raise KeyError(hid)

    def known_hero(self, hid: str) -> Hero | None:
        """A kingdom character in play or in reserve; ``None`` for one replaced after its
        death (§9: it leaves the game, the Fate cards binding it stay)."""
        return next((h for h in (*self.heroes, *self.reserve) if h.id == hid), None)

    def player_name(self, seat: int) -> str:
        """The name typed for ``seat`` at setup ("" when none was)."""
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    @property
    def princess(self) -> Hero:
        return self.heroes[0]

    def imp(self, cid: str) -> Imperial:
        for c in self.imperial:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def unit_at(self, space: int) -> Unit | None:
        for u in self.units:
            if u.space == space:
                return u
        return None

    def hero_at(self, space: int) -> Hero | None:
        for h in self.heroes:
            if h.alive and h.space == space:
                return h
        return None

    @property
    def current_seat(self) -> int:
        return (self.start_player + self.turn) % self.players

    @property
    def empire_fighting(self) -> bool:
        """The Empire has moved in this Empire phase: its merges and battles are on (§5;
        ``empire_moved`` itself stays set until the next Empire phase begins)."""
        return self.phase == "empire" and self.empire_moved

    @property
    def current_event(self) -> Event | None:
        """This round's card once it is revealed (§3 step 2); before that, none: last round's
        card is over (an ONGOING one is listed by :attr:`ongoing`)."""
        this_round = self.event_round == self.round or (
            not self.event_round and len(self.revealed) == self.round  # saves made before
        )
        if self.revealed and this_round and self.phase != "round_start":
            return self.revealed[-1]
        return None

    @property
    def ongoing(self) -> tuple[Event, ...]:
        return tuple(e for e in self.revealed if e.ongoing)

    def used_by(self, hid: str) -> int:
        for h, n in self.used:
            if h == hid:
                return n
        return 0


def with_hero(state: UKState, hero: Hero) -> UKState:
    return replace(state, heroes=tuple(hero if h.id == hero.id else h for h in state.heroes))


def with_imperial(state: UKState, ch: Imperial) -> UKState:
    return replace(state, imperial=tuple(ch if c.id == ch.id else c for c in state.imperial))


def with_units(state: UKState, units) -> UKState:
    return replace(
        state,
        units=tuple(sorted((u for u in units if u.tokens or u.leader), key=lambda u: u.space)),
    )
