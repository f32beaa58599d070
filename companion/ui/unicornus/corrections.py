"""Corrections: the table is the source of truth. From the selected space, any value of the
kingdom character, the imperial unit and its character, the space's printed marks, any other
character, or the game itself can be set; each changed value is one logged, undoable
``Correct`` step (``PlaceUnit`` / ``RemoveUnit`` for whole units)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.await_complete import AwaitComplete
from textual.widgets import Input, Static

from companion.core.errors import RuleError
from companion.core.i18n import Msg, tr
from companion.core.plan import Choice, Option
from companion.games.unicornus import (
    GAME,
    RemoveUnit,
    UKState,
    correction_targets,
    correction_values,
    corrections,
)
from companion.ui.dialogs import ChoiceDialog, FormDialog, FormField
from companion.ui.widgets.content import as_text


class FieldError(ValueError):
    """A value that reads well but does not fit the game (a space not on this board)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class CheckedForm(FormDialog):
    """A form whose answer is tried on the game before it closes: the commands it makes are
    applied to a copy of the state, and a rule they break is shown beside the field it comes
    from, the form staying open with everything typed (a form that closed on a rule error
    would lose the typing and say it somewhere else)."""

    def define(
        self,
        title: Msg,
        fields: list[FormField],
        state: UKState,
        to_commands: Callable[[dict], list],
        field_of: Callable[[Any, RuleError], str] | None = None,
        intro: Msg | None = None,
    ) -> None:
        super().define(title, fields, intro)
        self.state, self.to_commands, self.field_of = state, to_commands, field_of

    def _blame(self, field: str, text: str) -> None:
        names = [f.name for f in self.fields]
        field = field if field in names else names[0]
        self.query_one(f"#error-{field}", Static).update(as_text(text))
        self.query_one(f"#field-{field}", Input).focus()

    def collect(self) -> dict[str, Any] | None:
        values = super().collect()
        # a space name is checked with the rest, not only once every other field reads well
        for f in self.fields:
            text = self.query_one(f"#field-{f.name}", Input).value.strip()
            if f.name == "space" and text and text not in self.state.board.names:
                problem = tr(Msg("unicornus.rule.no_such_space", {"space": text}))
                self.query_one(f"#error-{f.name}", Static).update(as_text(problem))
                values = None
        if values is None:
            bad = [f for f in self.fields if str(self.query_one(f"#error-{f.name}").render())]
            if bad:
                self.query_one(f"#field-{bad[0].name}", Input).focus()
            return None
        try:
            commands = self.to_commands(values)
        except FieldError as exc:
            self._blame(exc.field, str(exc))
            return None
        state = self.state
        for cmd in commands:
            try:
                state = GAME.apply(state, cmd)
            except RuleError as exc:
                field = self.field_of(cmd, exc) if self.field_of else getattr(cmd, "field", "")
                self._blame(field, str(exc))
                return None
        return values


def _n(pair: tuple[str, str]) -> Msg:
    return Msg("unicornus.name", {"en": pair[0], "ja": pair[1] or pair[0]})


# choices typed as one letter (the same in both languages: a Japanese keyboard need not
# switch to type "aggressive"); long lists (characters) are numbered, listed in the hint
YES_NO = (("y", Msg("unicornus_ui.form.yes")), ("n", Msg("unicornus_ui.form.no")))
PERSONALITY_CODES = {"d": "defensive", "n": "normal", "a": "aggressive"}
STATUS_CODES = {"b": "board", "d": "dead", "a": "ally"}


def _yn(v: bool) -> str:
    return "y" if v else "n"


def _code(codes: dict[str, str], value: str) -> str:
    return next((k for k, v in codes.items() if v == value), "")


def _numbered(
    name: str, label: str, options: list[tuple[str, Msg | str]], value: str, first: int = 0
):
    """A choice among many (0 = nobody, 1.. the characters) typed as a number; the list is
    in the hint, which wraps (a label with 15 names would be cut off). ``first``: the number
    of the first option; the answer is ``options[number - first]``."""
    ids = [ident for ident, _ in options]
    listed = " · ".join(
        f"{i} = {tr(m) if isinstance(m, Msg) else m}"
        for i, (_, m) in enumerate(options, start=first)
    )
    return FormField(
        name,
        Msg(label),
        value=(ids.index(value) if value in ids else 0) + first,
        minimum=first,
        maximum=len(options) - 1 + first,
        hint=Msg("unicornus_ui.form.numbered", {"options": listed}),
    )


def numbered(name: str, label: str, options: list[tuple[str, Msg | str]], value: str):
    """:func:`_numbered` counting from 1 (a list with no "nobody")."""
    return _numbered(name, label, options, value, first=1)


def _options(state: UKState, kind: str) -> list[tuple[str, Msg | str]]:
    """Nobody, then the kingdom characters (``hero``) or the imperial ones (``imperial``)."""
    people = state.heroes if kind == "hero" else state.imperial
    return [("", Msg("unicornus_ui.form.nobody"))] + [(c.id, _n(c.name)) for c in people]


CODES = {"personality": PERSONALITY_CODES, "status": STATUS_CODES}
LABELS = {"combat_power": "power"}  # a value whose label is not its own name


def target_fields(state: UKState, kind: str, ident: Any) -> list[FormField]:
    """The form of target ``(kind, ident)``: a field per value the engine lists, with its
    range (``correction_values``): a space by its name, a seat from 1, the rest as codes."""
    out = []
    for v in correction_values(state, kind, ident):
        label = f"unicornus_ui.correct.{LABELS.get(v.key, v.key)}"
        if v.kind == "number":
            out.append(FormField(v.key, Msg(label), value=v.now, minimum=v.low, maximum=v.high))
        elif v.kind == "seat":
            out.append(FormField(v.key, Msg(label), value=v.now + 1, minimum=1, maximum=v.high + 1))
        elif v.kind == "yes_no":
            out.append(
                FormField(v.key, Msg(label), kind="choice", value=_yn(v.now), choices=YES_NO)
            )
        elif v.kind == "space":
            out.append(
                FormField(
                    v.key,
                    Msg(label),
                    kind="text",
                    value=state.board.names[v.now] if v.now >= 0 else "",
                    hint=Msg("unicornus_ui.correct.space_hint"),
                    optional=kind == "hero",  # a kingdom character may be off the board
                )
            )
        elif v.kind in ("hero", "imperial"):
            out.append(_numbered(v.key, label, _options(state, v.kind), v.now))
        else:  # a personality, a status: one letter
            out.append(
                FormField(
                    v.key,
                    Msg(label),
                    kind="choice",
                    value=_code(CODES[v.kind], v.now),
                    choices=tuple(
                        (k, Msg(f"unicornus_ui.{v.kind}.{x}")) for k, x in CODES[v.kind].items()
                    ),
                )
            )
    return out


def diff(state: UKState, kind: str, ident: Any, values: dict) -> list:
    """The steps of the form's values (the typed codes decoded, a space by its name, a seat
    from 1), as the engine makes them: one ``Correct`` per changed value."""
    new = dict(values)
    for v in correction_values(state, kind, ident):
        typed = values.get(v.key)
        if typed is None:
            continue
        if v.kind == "yes_no":
            new[v.key] = typed == "y"
        elif v.kind == "seat":
            new[v.key] = typed - 1
        elif v.kind == "space":
            name = typed.strip()
            if name not in state.board.names:
                problem = tr(Msg("unicornus.rule.no_such_space", {"space": name}))
                raise FieldError("space", problem)
            new[v.key] = state.board.names.index(name)
        elif v.kind in ("hero", "imperial"):
            new[v.key] = _options(state, v.kind)[typed][0]
        elif v.kind in CODES:
            new[v.key] = CODES[v.kind][typed]
    return corrections(state, kind, ident, new)


def _title(state: UKState, kind: str, ident: Any) -> Msg:
    """A target's words, in the menu and above its form."""
    if kind in ("hero", "imperial"):
        who = state.hero(ident) if kind == "hero" else state.imp(ident)
        return Msg(f"unicornus_ui.correct.{kind}", {"name": _n(who.name)})
    if kind == "space":
        return Msg("unicornus_ui.correct.space_values", {"space": state.board.names[ident]})
    return Msg(f"unicornus_ui.correct.{kind}")


def _menu(state: UKState, space: int) -> Choice:
    """What may be corrected from ``space`` (the engine's list), then any other character."""
    options = [
        Option((kind, ident), _title(state, kind, ident))
        for kind, ident in correction_targets(state, space)
        if kind != "game"  # last, after any other character
    ]
    options.append(Option(("other_hero", ""), Msg("unicornus_ui.correct.other_hero")))
    options.append(Option(("other_imperial", ""), Msg("unicornus_ui.correct.other_imperial")))
    options.append(Option(("game", ""), _title(state, "game", "")))
    return Choice(
        Msg("unicornus_ui.correct.what", {"space": state.board.names[space]}), tuple(options)
    )


class CorrectionMenu(ChoiceDialog):
    """The form of the engine's correction entry: what to correct at ``space`` (a menu),
    then its values (a form, tried on the game); it answers with the commands the form made
    (one ``Correct`` per changed value; ``PlaceUnit`` / ``RemoveUnit`` for whole units).
    Closing the values' form goes back to the menu."""

    def define(self, state: UKState, space: int) -> None:
        super().define(_menu(state, space), Msg("unicornus_ui.correct.title"))
        self.state = state

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if result is None or isinstance(result, list):
            return super().dismiss(result)
        self.open(result)  # a pick of the menu: its form first
        return AwaitComplete()

    def form(self, title: Msg, fields: list[FormField], then: Callable[[dict], list]) -> None:
        def back(values) -> None:
            if values:
                self.dismiss(then(values))

        form = CheckedForm.shown_again(self.app, title, fields, self.state, then)
        self.app.push_screen(form, back)

    def open(self, value) -> None:
        kind, ident = value
        s = self.state
        if kind == "remove":
            self.dismiss([RemoveUnit(ident)])
        elif kind in ("hero", "imperial", "unit", "place", "space", "game"):
            self.form(
                _title(s, kind, ident),
                target_fields(s, kind, ident),
                lambda v: diff(s, kind, ident, v),
            )
        elif kind in ("other_hero", "other_imperial"):
            if kind == "other_hero":
                options = tuple(Option(("hero", h.id), _n(h.name)) for h in s.heroes)
            else:
                options = tuple(Option(("imperial", c.id), _n(c.name)) for c in s.imperial)
            choice = Choice(Msg(f"unicornus_ui.correct.which_{kind[6:]}"), options)
            which = ChoiceDialog.shown_again(self.app, choice)
            self.app.push_screen(which, lambda v: v is not None and self.open(v))
