"""The forms of the engine's entries: the artifacts each wizard played, the fairy die."""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core.errors import RuleError
from companion.core.game import Entry
from companion.core.i18n import Msg, tr
from companion.games.magical_friends import GameState, fortune_teller
from companion.ui.dialogs import FormDialog, FormField
from companion.ui.widgets.content import as_text

from .names import humanize


class ArtifactsForm(FormDialog):
    """One number per wizard, with the artifacts each has left. A set the engine refuses (an
    artifact used already) is said here and the form stays open with what was typed."""

    def __init__(self, state: GameState, entry: Entry) -> None:
        self.state, self.entry = state, entry
        fields = []
        for i, w in enumerate(state.wizards):
            left = Msg(
                "magical_friends_ui.form.artifacts_left",
                {"left": " ".join(map(str, entry.subject[i]))},
            )
            if fortune_teller(state, i):
                left = Msg("magical_friends_ui.form.artifacts_left_b", {"left": left})
            label = Msg("magical_friends_ui.form.artifact", {"wizard": w.name})
            fields.append(
                FormField(f"w{i}", label, minimum=entry.minimum, maximum=entry.maximum, hint=left)
            )
        super().__init__(Msg("magical_friends_ui.form.artifacts_title"), fields, intro=entry.prompt)

    def on_mount(self) -> None:
        box = self.query_one(VerticalScroll)
        box.mount(Static(id="mf-refused", classes="field-error"), after=box.children[1])
        super().on_mount()

    def collect(self) -> Any:
        values = super().collect()
        if values is None:
            return None
        played = tuple(values[f"w{i}"] for i in range(len(self.state.wizards)))
        try:
            self.entry.answer(played)
        except RuleError as exc:
            why = tr(humanize(exc.message, self.state))
            self.query_one("#mf-refused", Static).update(as_text(why))
            self.notify(why, severity="error")
            return None
        return played


class FairyForm(FormDialog):
    """The fairy die as rolled at the table, with the space each face sends the fairy to."""

    def __init__(self, entry: Entry) -> None:
        faces = " · ".join(f"{','.join(map(str, fs))} → {space}" for space, fs in entry.subject)
        field = FormField(
            "roll",
            entry.prompt,
            kind="dice",
            sides=entry.maximum or 6,
            count=1,
            hint=Msg("magical_friends_ui.form.fairy_faces", {"faces": faces}),
        )
        super().__init__(Msg("magical_friends_ui.form.fairy_title"), [field])

    def collect(self) -> Any:
        values = super().collect()
        return None if values is None else values["roll"][0]
