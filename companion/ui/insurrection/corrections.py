"""The form of a progress correction (spec §7: the table is the source of truth): round,
token, phase, turn and whether Evil has won. The engine asks the other corrections (a card
moved, a count, the outcome) as questions of its own; this form only shows its fields and
gives the engine's values back."""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Msg
from companion.games.insurrection import ProgressForm
from companion.ui.dialogs import FormDialog, FormField


def progress_form(form: ProgressForm) -> FormDialog:
    """The fields, counted as the table counts (the token from the Stronghold = 1, the turn
    from 1)."""
    now = form.counted()
    phases = tuple((p, Msg(f"insurrection.phase.{p}")) for p in form.phases)
    fields = [
        FormField(
            "round",
            Msg("insurrection_ui.correct.round"),
            value=now["round"],
            minimum=0,
            maximum=form.rounds,
        ),
        FormField(
            "token",
            Msg("insurrection_ui.correct.token"),
            value=now["token"],
            minimum=0,
            maximum=form.path,
            hint=Msg("insurrection_ui.correct.token_hint"),
        ),
        FormField(
            "phase",
            Msg("insurrection_ui.correct.phase"),
            "choice",
            value=now["phase"],
            choices=phases,
        ),
        FormField(
            "turn",
            Msg("insurrection_ui.correct.turn"),
            value=now["turn"],
            minimum=1,
            maximum=form.turns,
        ),
        FormField(
            "evil",
            Msg("insurrection_ui.correct.evil"),
            "choice",
            value="y" if now["evil_won"] else "n",
            choices=(
                ("y", Msg("insurrection_ui.form.yes")),
                ("n", Msg("insurrection_ui.form.no")),
            ),
        ),
    ]
    return FormDialog(Msg("insurrection_ui.correct.progress"), fields)


def progress_values(values: dict[str, Any]) -> dict[str, Any]:
    """The form's values as the engine counts them (what the entry's answer takes)."""
    counted = {k: values[k] for k in ("round", "token", "phase", "turn")}
    return ProgressForm.uncounted(counted | {"evil_won": values["evil"] == "y"})
