"""Insurrection (spec ``../shared/rules/insurrection.md``): tally, rounds, end-game scoring.

Public API for the screens:

- ``GAME`` — the game (key ``"insurrection"``), the protocol of ``companion.core.game``:
  ``new_game(Setup, catalog, seed)``, ``apply``, ``describe``, ``summary``, ``moment`` and
  ``outcome`` (``flow``: what the table faces next, the one place that decides).
- Autoplay (``autoplay``): ``POLICY``, ``demo_setup(catalog, players)``.
- Catalog (``catalog``): ``load("box"|"demo", user=None)``, ``load_file(path)``,
  ``InsurrectionCatalog`` (``persons``, ``leaders``, ``lands``, ``card(id)``, ``land(id)``).
- Setup (``engine``): ``new_game(catalog, players, path=None, seed=None, virtual=False,
  first_game=True, options=None)`` → ``InsurrectionState``; ``play_unknowns(catalog)``.
- Commands (``commands``): ``KeepLeader``, ``March``, ``Draw``, ``Play``, ``UseLand``,
  ``Remove``, ``Scout``, ``Take``, ``EnterHand``, ``ResolveEffect``; corrections
  ``CorrectMove``, ``CorrectCount``, ``CorrectProgress``, ``CorrectOutcome``.
- State views (``state.InsurrectionState``): ``phase``, ``round``, ``token``/``land_id``,
  ``path``, ``area``, ``graveyard``, ``deck_count``, ``deck_composition()``, ``tally``,
  ``turns``/``current``, ``evil_won``, ``outcome``, ``hand(player)``; ``Options``.
- During a turn (``engine``): ``allowed_takes(state)``, ``end_turn_options(state)``.
- End (``engine``): ``prefill(state, player)``, ``next_effect(state)``, ``end_position(state)``,
  ``final_score(state)`` → ``scoring.ScoreSheet`` (players → ``CardLine``\\ s with a ``line``
  Msg, totals, ``winner``, ``explanation``, ``needs``: ``NeedsValue(card, field)``).
- Forecast (``forecast``): ``forecast(state)`` → ``Forecast(probability: Fraction, ...)``.
- Quick score: ``gamefile.read_game(path, catalog)``, ``scoring.score(catalog, position,
  effects)``, ``quickscore.main(argv)`` (the CLI).
"""

from __future__ import annotations

from companion.core.commands import Command
from companion.core.game import Moment, Outcome
from companion.core.i18n import Msg
from companion.games.insurrection import engine, flow
from companion.games.insurrection.catalog import InsurrectionCatalog
from companion.games.insurrection.engine import Setup
from companion.games.insurrection.state import InsurrectionState

__all__ = ["GAME", "Setup", "named"]


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
        """The log line, naming cards as printed (in the reader's language), not by id."""
        return named(cmd.describe(), state)


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
