"""Insurrection (spec ``../shared/rules/insurrection.md``): tally, rounds, end-game scoring.

Public API for the screens (every name below is importable from this package; the screens use
no submodule):

- ``GAME`` — the game (key ``"insurrection"``), the protocol of ``companion.core.game``:
  ``new_game(Setup, catalog, seed)``, ``apply``, ``describe``, ``summary``, ``moment`` and
  ``outcome`` (the flow: what the table faces next, the one place that decides); ``named(line,
  state)``: a log line with its card ids named.
- Catalog: ``load("box"|"demo", user=None)``, ``InsurrectionCatalog`` (``persons``,
  ``leaders``, ``lands``, ``card(id)``, ``land(id)``), ``Leader``, ``ICONS``; the land effects
  ``Exchange``, ``TakeFaceUp``.
- Setup: ``Setup`` (players, path, virtual, first_game, options); ``play_unknowns(catalog)``;
  ``player_limit(catalog)``, ``players_refusal(catalog, count)`` (2 leaders dealt each);
  the rule options ``Options`` (``OPTION_NAMES``, ``RULINGS``, ``changed_options``,
  ``rules_line``: the header's and the first March's words).
- Commands: ``KeepLeader``, ``March``, ``Draw``, ``Play``, ``UseLand``, ``Remove``, ``Scout``,
  ``Take``, ``EnterHand``, ``RevealHands``, ``ResolveEffect``, ``SetValues``; corrections ``CorrectMove``,
  ``CorrectCount``, ``CorrectProgress``, ``CorrectOutcome`` (``PROGRESS_PHASES``,
  ``progress_now(state)``).
- State views (``InsurrectionState``): ``phase``, ``round``, ``token``/``land_id``, ``path``,
  ``area``, ``graveyard``, ``deck_count``, ``deck_composition()``, ``tally``,
  ``turns``/``current``, ``evil_won``, ``outcome``, ``hand(player)``; ``ROUNDS``, ``EVIL_AT``.
- Seats (a player's own device, ``companion serve``): ``seats(state)``, ``seat(state, n)`` →
  ``Seat`` (the hand, the pick, the leader to keep: that player's secrets only);
  ``picks(state)`` ("3 of 4 picked"); the secret pick ``Choose``.
- The flow's entries, views and actions (each action carries what it leads to): the
  subjects ``Cards``, ``LeaderPick``, ``Played``, ``Scouting``, ``EffectPick``,
  ``ProgressForm``, ``HandSeen`` (``BOTTOM``, ``NOT_USED``); ``round_shown``.
- During a turn: ``allowed_takes(state)``, ``end_turn_options(state)``.
- End: ``prefill(state, player)``, ``next_effect(state)``, ``end_position(state)`` →
  ``EndPosition``, ``final_score(state)`` → ``ScoreSheet``; scoring
  ``score(catalog, position, effects)`` → ``ScoreSheet`` (players → card lines with a ``line``
  Msg, totals, ``winner``, ``explanation``, ``needs``, ``standings``: ``Standing`` (place,
  player, total; players the tie-break cannot part share a place), ``winners``),
  ``pending_effects``, ``apply_effect``,
  ``EffectChoice``, ``name_msg``, ``rule_summary``.
- Forecast: ``march_forecast(state)`` (the module's ``forecast``: the chance that the next
  March reveal brings the face-up marks to 10) → ``Forecast(probability: Fraction, ...)``.
- Catalog values the owner transcribes: ``Missing``, ``parse_path``, ``path_steps``,
  ``parse_value``, ``missing_by_entry``, ``transcription_forms``; into the owner's catalog:
  ``with_values`` (typed values), ``card_entry``/``land_entry`` + ``with_entry`` (a card or
  land the box file does not list), ``renamed`` (a placeholder land's name).
- Quick score (for the CLI, not the screens): ``gamefile.read_game(path, catalog)``,
  ``quickscore.main(argv)``.
"""

from __future__ import annotations

from companion.core.commands import Command
from companion.core.game import Moment, Outcome
from companion.core.i18n import Msg
from companion.games.insurrection import engine, flow, log

# the catalog
from companion.games.insurrection.catalog import (
    ICONS,
    Exchange,
    InsurrectionCatalog,
    Leader,
    TakeFaceUp,
    load,
)

# the commands
from companion.games.insurrection.commands import (
    Choose,
    CorrectCount,
    CorrectMove,
    CorrectOutcome,
    CorrectProgress,
    Draw,
    EnterHand,
    KeepLeader,
    March,
    Play,
    Remove,
    ResolveEffect,
    RevealHands,
    Scout,
    SetValues,
    Take,
    UseLand,
)

# setup, the turn, the end, corrections
from companion.games.insurrection.engine import (
    MAX_PLAYERS,
    PROGRESS_PHASES,
    Setup,
    allowed_takes,
    end_position,
    end_turn_options,
    final_score,
    next_effect,
    play_unknowns,
    player_limit,
    players_refusal,
    prefill,
    progress_now,
    quick_end,
)

# the flow: what the table faces next, and the subjects of its entries
from companion.games.insurrection.flow import (
    BOTTOM,
    NOT_USED,
    Cards,
    EffectPick,
    HandSeen,
    LeaderPick,
    Look,
    PickDue,
    Played,
    ProgressForm,
    Scouting,
    Seat,
    picks,
    seat,
    seats,
)

# the forecast (aliased: the name ``forecast`` is its module's)
from companion.games.insurrection.forecast import Forecast
from companion.games.insurrection.forecast import forecast as march_forecast

# scoring
from companion.games.insurrection.scoring import (
    EffectChoice,
    EndPosition,
    ScoreSheet,
    Standing,
    apply_effect,
    impossible,
    name_msg,
    pending_effects,
    rule_summary,
    score,
)

# the state
from companion.games.insurrection.state import (
    EVIL_AT,
    OPTION_NAMES,
    ROUNDS,
    RULINGS,
    InsurrectionState,
    Options,
    changed_options,
    round_shown,
    rules_line,
)

# the catalog values the owner transcribes
from companion.games.insurrection.values import (
    Missing,
    card_entry,
    land_entry,
    missing_by_entry,
    parse_path,
    parse_value,
    renamed,
    transcription_forms,
    with_entry,
    with_values,
)
from companion.games.insurrection.values import steps as path_steps

__all__ = [
    # the game
    "GAME",
    "named",
    # the catalog
    "ICONS",
    "Exchange",
    "InsurrectionCatalog",
    "Leader",
    "TakeFaceUp",
    "load",
    # the commands
    "CorrectCount",
    "CorrectMove",
    "CorrectOutcome",
    "CorrectProgress",
    "Choose",
    "Draw",
    "EnterHand",
    "KeepLeader",
    "March",
    "Play",
    "Remove",
    "ResolveEffect",
    "RevealHands",
    "Scout",
    "SetValues",
    "Take",
    "UseLand",
    # setup, the turn, the end, corrections
    "MAX_PLAYERS",
    "PROGRESS_PHASES",
    "Setup",
    "allowed_takes",
    "end_position",
    "quick_end",
    "end_turn_options",
    "final_score",
    "next_effect",
    "play_unknowns",
    "player_limit",
    "players_refusal",
    "prefill",
    "progress_now",
    # the flow
    "BOTTOM",
    "NOT_USED",
    "Seat",
    "picks",
    "seat",
    "seats",
    "Cards",
    "EffectPick",
    "LeaderPick",
    "HandSeen",
    "Look",
    "PickDue",
    "Played",
    "ProgressForm",
    "Scouting",
    "round_shown",
    # the forecast
    "Forecast",
    "march_forecast",
    # scoring
    "EffectChoice",
    "EndPosition",
    "ScoreSheet",
    "Standing",
    "apply_effect",
    "name_msg",
    "pending_effects",
    "rule_summary",
    "impossible",
    "score",
    # the state
    "EVIL_AT",
    "OPTION_NAMES",
    "ROUNDS",
    "RULINGS",
    "InsurrectionState",
    "Options",
    "changed_options",
    "rules_line",
    # the catalog values the owner transcribes
    "Missing",
    "card_entry",
    "land_entry",
    "missing_by_entry",
    "parse_path",
    "parse_value",
    "path_steps",
    "renamed",
    "transcription_forms",
    "with_entry",
    "with_values",
]


class InsurrectionGame:
    key = "insurrection"
    state_type = InsurrectionState

    def new_game(
        self, setup: Setup, catalog: InsurrectionCatalog, seed: int | None
    ) -> InsurrectionState:
        return engine.new_game(
            catalog,
            setup.players,
            path=setup.path,
            seed=seed,
            virtual=setup.virtual,
            first_game=setup.first_game,
            options=setup.options,
        )

    def moment(self, state: InsurrectionState) -> Moment:
        return flow.moment(state)

    def outcome(self, state: InsurrectionState) -> Outcome | None:
        return flow.outcome(state)

    def upgrade(self, cmd: Command) -> Command:
        return cmd  # no command has changed shape

    def apply(self, state: InsurrectionState, cmd: Command) -> InsurrectionState:
        return engine.apply(state, cmd)

    def summary(self, state: InsurrectionState) -> Msg:
        return engine.summary(state)

    def describe(
        self, state: InsurrectionState, cmd: Command, after: InsurrectionState | None = None
    ) -> Msg:
        """The log line: what the step did, cards named as printed (in the reader's
        language), never by id (``log.describe``); the game's first March also names the
        rule options set away from their Ruling."""
        if after is None:
            after = engine.apply(state, cmd)
        line = log.describe(state, cmd, after)
        if isinstance(cmd, March) and state.round == 0 and changed_options(state.options):
            line = Msg("insurrection.log.rules", {"step": line, "rules": rules_line(state.options)})
        return line


def named(line: Msg, state: InsurrectionState) -> Msg:
    """Card ids in ``line`` named, also inside a nested step ("Ann — Takes {card}…"); a
    player's name is left alone even if it happens to spell a card id."""
    return Msg(
        line.key,
        {k: v if k == "player" else _card_names(v, state) for k, v in line.params.items()},
    )


def _card_names(value: object, state: InsurrectionState) -> object:
    """``"goblin, dragon"`` → ``{"en": "Goblin, Dragon", "ja": …}``; other values unchanged."""
    if isinstance(value, Msg):
        return named(value, state)
    if not isinstance(value, str) or not value:
        return value
    try:
        cards = [state.catalog.card(card_id) for card_id in value.split(", ")]
    except KeyError:
        return value
    return {  # each language lists the way it writes: "Goblin, Dragon" / "ゴブリン、ドラゴン"
        lang: _LIST_SEPARATOR[lang].join(
            c.name.get(lang) or c.name.get("en") or c.id for c in cards
        )
        for lang in ("en", "ja")
    }


_LIST_SEPARATOR = {"en": ", ", "ja": "、"}


GAME = InsurrectionGame()
