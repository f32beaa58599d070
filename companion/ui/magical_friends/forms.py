"""The forms of the engine's entries: the artifacts each wizard played, the fairy die, the
numbers of an ability the catalog does not know, and the corrections. Each takes the state
and the entry, and dismisses with the value the entry's ``answer`` takes."""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.core.errors import RuleError
from companion.core.game import Entry
from companion.core.i18n import Msg, tr
from companion.games.magical_friends import GameState, fortune_teller
from companion.ui.dialogs import FormDialog, FormField
from companion.ui.widgets.content import as_text, set_content

from .names import artifact_words, creature_label, humanize


class ArtifactsForm(FormDialog):
    """One number per wizard, with the artifacts each has left. A set the engine refuses (an
    artifact used already) is said here and the form stays open with what was typed."""

    def define(self, state: GameState, entry: Entry) -> None:
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
        intro = entry.prompt
        named = [said for a in state.artifacts if (said := artifact_words(state, a.number))]
        if named:  # the artifacts as the box names them (the Scheming Dagger's bonus move)
            intro = Msg(
                "magical_friends_ui.form.artifacts_named",
                {"prompt": intro, "named": "\n".join(named)},
            )
        super().define(Msg("magical_friends_ui.form.artifacts_title"), fields, intro=intro)

    def on_mount(self) -> None:
        box = self.query_one(VerticalScroll)
        box.mount(Static(id="mf-refused", classes="field-error"), after=box.children[1])
        super().on_mount()

    def refill(self) -> None:
        super().refill()
        set_content(self.query_one("#mf-refused", Static), "")

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

    def define(self, state: GameState, entry: Entry) -> None:
        faces = " · ".join(f"{','.join(map(str, fs))} → {space}" for space, fs in entry.subject)
        field = FormField(
            "roll",
            entry.prompt,
            kind="dice",
            sides=entry.maximum or 6,
            count=1,
            hint=Msg("magical_friends_ui.form.fairy_faces", {"faces": faces}),
        )
        super().define(Msg("magical_friends_ui.form.fairy_title"), [field])

    def collect(self) -> Any:
        values = super().collect()
        return None if values is None else values["roll"][0]


class PowerForm(FormDialog):
    """§2: the numbers of an ability's use the catalog does not know: the friend's wand cost,
    the wizard's magic power this turn."""

    def define(self, state: GameState, entry: Entry) -> None:
        power = entry.subject
        fields = []
        if "cost" in power.unknown:
            label = Msg(
                "magical_friends_ui.ask.wand_cost",
                {"creature": creature_label(state, power.ability)},
            )
            hint = Msg("magical_friends_ui.ask.card_hint")
            fields.append(FormField("cost", label, minimum=0, maximum=power.cost_most, hint=hint))
        if "wands" in power.unknown:
            label = Msg(
                "magical_friends_ui.ask.power", {"wizard": state.wizards[power.wizard].name}
            )
            hint = Msg("magical_friends_ui.ask.power_hint", {"what": ", ".join(power.missing)})
            fields.append(FormField("wands", label, minimum=0, maximum=power.wands_most, hint=hint))
        super().define(Msg("magical_friends_ui.ask.power_title"), fields)


def _who(state: GameState) -> str:
    return ", ".join(f"{i + 1} = {w.name}" for i, w in enumerate(state.wizards))


class CorrectWizardForm(FormDialog):
    """A wizard's cards, neutral trophies and artifacts used, as the table has them."""

    def define(self, state: GameState, entry: Entry) -> None:
        v = entry.suggest
        fields = [
            FormField("pity", Msg("magical_friends_ui.field.pity"), value=v["pity"], minimum=0),
            FormField("dust", Msg("magical_friends_ui.field.dust"), value=v["dust"], minimum=0),
            FormField(
                "neutral", Msg("magical_friends_ui.field.neutral"), value=v["neutral"], minimum=0
            ),
            FormField(
                "used",
                Msg("magical_friends_ui.field.used"),
                kind="text",
                value=v["used"],
                optional=True,
                hint=Msg("magical_friends_ui.field.used_hint"),
            ),
        ]
        super().define(entry.prompt, fields)


class CorrectCreatureForm(FormDialog):
    """Where a creature is (a space, the tavern, or slain) and whether it is poisoned."""

    def define(self, state: GameState, entry: Entry) -> None:
        v = entry.suggest
        fields = [
            FormField(
                "where",
                Msg("magical_friends_ui.field.where"),
                kind="text",
                value=v["where"],
                hint=Msg("magical_friends_ui.field.where_hint", {"tavern": state.board.tavern}),
            ),
            FormField(
                "poisoned",
                Msg("magical_friends_ui.field.poisoned"),
                kind="choice",
                value="y" if v["poisoned"] else "n",
                choices=(("y", Msg("magical_friends_ui.yes")), ("n", Msg("magical_friends_ui.no"))),
            ),
        ]
        super().define(entry.prompt, fields)

    def collect(self) -> Any:
        values = super().collect()
        if values is None:
            return None
        return {"where": values["where"], "poisoned": values["poisoned"] == "y"}


class CorrectHeartForm(FormDialog):
    """Who holds a slain creature's heart: 0 for nobody, else a wizard's seat number."""

    def define(self, state: GameState, entry: Entry) -> None:
        field = FormField(
            "holder",
            Msg("magical_friends_ui.field.holder"),
            value=entry.suggest,
            minimum=entry.minimum,
            maximum=entry.maximum,
            hint=Msg("magical_friends_ui.field.holder_hint", {"who": _who(state)}),
        )
        super().define(entry.prompt, [field])

    def collect(self) -> Any:
        values = super().collect()
        return None if values is None else values["holder"]


class CorrectBoardForm(FormDialog):
    """The board pieces (the Stairway or the Highway up, the fairy, the catapult) and the
    round."""

    def define(self, state: GameState, entry: Entry) -> None:
        v = entry.suggest
        fields = [
            FormField(
                "piece",
                Msg("magical_friends_ui.field.piece"),
                kind="choice",
                value="s" if v["stairway_up"] else "h",
                choices=(
                    ("s", Msg("magical_friends_ui.header.stairway")),
                    ("h", Msg("magical_friends_ui.header.hell")),
                ),
            ),
            FormField(
                "fairy",
                Msg("magical_friends_ui.field.fairy"),
                kind="text",
                value=v["fairy"],
                hint=Msg("magical_friends_ui.field.none_hint"),
            ),
            FormField(
                "holder",
                Msg("magical_friends_ui.field.catapult_holder"),
                value=v["holder"],
                minimum=0,
                maximum=len(state.wizards),
                hint=Msg("magical_friends_ui.field.holder_hint", {"who": _who(state)}),
            ),
            FormField(
                "catapult",
                Msg("magical_friends_ui.field.catapult_space"),
                kind="text",
                value=v["catapult"],
                hint=Msg("magical_friends_ui.field.none_hint"),
            ),
            FormField(
                "round",
                Msg("magical_friends_ui.field.round"),
                value=v["round"],
                minimum=0,
                maximum=entry.maximum,
            ),
        ]
        super().define(entry.prompt, fields)

    def collect(self) -> Any:
        values = super().collect()
        if values is None:
            return None
        piece = values.pop("piece")
        return {**values, "stairway_up": piece == "s"}
