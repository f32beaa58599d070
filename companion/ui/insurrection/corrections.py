"""Corrections of a tracked game (spec §7: the table is the source of truth): a card moved
between zones, the deck's and hands' counts, the progress, the outcome — each a logged,
undoable step. A mixin of the game screen."""

from __future__ import annotations

from companion.core.i18n import Msg, msg
from companion.core.plan import Choice, Option
from companion.games.insurrection import (
    PROGRESS_PHASES,
    CorrectCount,
    CorrectMove,
    CorrectOutcome,
    CorrectProgress,
    corrections,
    progress_now,
)
from companion.ui.dialogs import ChoiceDialog, FormDialog, FormField
from companion.ui.insurrection.cards import name
from companion.ui.insurrection.picker import CardPicker, all_cards_picks


class Corrections:
    """Needs ``state``, ``app`` and ``do`` (a game screen)."""

    def perform_correct(self) -> None:
        options = tuple(
            Option(kind, Msg(f"insurrection_ui.correct.{kind}")) for kind in corrections(self.state)
        )
        choice = Choice(Msg("insurrection_ui.correct.reason"), options)
        handlers = {
            "move": self._correct_move,
            "counts": self._correct_counts,
            "progress": self._correct_progress,
            "outcome": self._correct_outcome,
        }
        self.app.push_screen(
            ChoiceDialog(choice, Msg("insurrection_ui.correct.title")),
            lambda kind: kind and handlers[kind](),
        )

    def _zones(self) -> tuple[tuple[str, Msg], ...]:
        zones = [
            ("d", Msg("insurrection_ui.zone.deck")),
            ("a", Msg("insurrection_ui.zone.area")),
            ("g", Msg("insurrection_ui.zone.graveyard")),
        ]
        zones += [
            (str(i + 1), msg("insurrection_ui.zone.hand", player=p))
            for i, p in enumerate(self.state.players)
        ]
        return tuple(zones)

    def _zone(self, key: str) -> str:
        named = {"d": "deck", "a": "area", "g": "graveyard"}
        return named.get(key) or f"hand:{self.state.players[int(key) - 1]}"

    def _correct_move(self) -> None:
        cat = self.state.catalog

        def card_picked(picked: tuple[str, ...] | None) -> None:
            if not picked:
                return
            zones = self._zones()
            self.app.push_screen(
                FormDialog(
                    msg("insurrection_ui.correct.move_title", card=name(cat, picked[0])),
                    [
                        FormField(
                            "source", Msg("insurrection_ui.correct.source"), "choice", choices=zones
                        ),
                        FormField(
                            "dest", Msg("insurrection_ui.correct.dest"), "choice", choices=zones
                        ),
                    ],
                ),
                lambda v: (
                    v
                    and self.do(
                        CorrectMove(
                            card=picked[0],
                            source=self._zone(v["source"]),
                            dest=self._zone(v["dest"]),
                        )
                    )
                ),
            )

        self.app.push_screen(
            CardPicker(Msg("insurrection_ui.correct.which_card"), all_cards_picks(cat), count=1),
            card_picked,
        )

    def _correct_counts(self) -> None:
        state = self.state
        fields = [
            FormField(
                "deck", Msg("insurrection_ui.correct.deck_count"), value=state.deck_count, minimum=0
            )
        ] + [
            FormField(
                f"hand{i}",
                msg("insurrection_ui.correct.hidden", player=p),
                value=state.hand(p).hidden,
                minimum=0,
            )
            for i, p in enumerate(state.players)
        ]

        def done(values: dict | None) -> None:
            if values is None:
                return
            cmds = []
            if values["deck"] != state.deck_count:
                cmds.append(CorrectCount(count=values["deck"]))
            for i, p in enumerate(state.players):
                if values[f"hand{i}"] != state.hand(p).hidden:
                    cmds.append(CorrectCount(count=values[f"hand{i}"], player=p))
            if cmds:
                self.do(*cmds)

        self.app.push_screen(FormDialog(Msg("insurrection_ui.correct.counts"), fields), done)

    def _correct_progress(self) -> None:
        state = self.state
        now = progress_now(state)
        phases = tuple((p, Msg(f"insurrection.phase.{p}")) for p in PROGRESS_PHASES)
        fields = [
            FormField(
                "round",
                Msg("insurrection_ui.correct.round"),
                value=state.round,
                minimum=0,
                maximum=6,
            ),
            FormField(
                "token",
                Msg("insurrection_ui.correct.token"),
                value=state.token + 1,
                minimum=0,
                maximum=len(state.path),
                hint=Msg("insurrection_ui.correct.token_hint"),
            ),
            FormField(
                "phase",
                Msg("insurrection_ui.correct.phase"),
                "choice",
                value=now.phase,
                choices=phases,
            ),
            FormField(
                "turn",
                Msg("insurrection_ui.correct.turn"),
                value=state.turn + 1,
                minimum=1,
                maximum=6,
            ),
            FormField(
                "evil",
                Msg("insurrection_ui.correct.evil"),
                "choice",
                value="y" if state.evil_won else "n",
                choices=(
                    ("y", Msg("insurrection_ui.form.yes")),
                    ("n", Msg("insurrection_ui.form.no")),
                ),
            ),
        ]

        def done(v: dict | None) -> None:
            if v is not None:
                self.do(
                    CorrectProgress(
                        round=v["round"],
                        token=v["token"] - 1,
                        phase=v["phase"],
                        turn=v["turn"] - 1,
                        evil_won=v["evil"] == "y",
                    )
                )

        self.app.push_screen(FormDialog(Msg("insurrection_ui.correct.progress"), fields), done)

    def _correct_outcome(self) -> None:
        choice = Choice(
            Msg("insurrection_ui.correct.outcome"),
            (
                Option("good", Msg("insurrection.outcome.good")),
                Option("evil", Msg("insurrection.outcome.evil")),
            ),
        )
        self.app.push_screen(
            ChoiceDialog(choice), lambda v: v and self.do(CorrectOutcome(outcome=v))
        )
