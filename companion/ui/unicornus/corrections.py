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

    def __init__(
        self,
        title: Msg,
        fields: list[FormField],
        state: UKState,
        to_commands: Callable[[dict], list],
        field_of: Callable[[Any, RuleError], str] | None = None,
        intro: Msg | None = None,
    ) -> None:
        super().__init__(title, fields, intro)
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


def _hero_options(state: UKState) -> list[tuple[str, Msg | str]]:
    return [("", Msg("unicornus_ui.form.nobody"))] + [(h.id, _n(h.name)) for h in state.heroes]


def _leader_options(state: UKState) -> list[tuple[str, Msg | str]]:
    return [("", Msg("unicornus_ui.form.nobody"))] + [(c.id, _n(c.name)) for c in state.imperial]


def decode(state: UKState, values: dict) -> dict:
    """The typed codes as the engine's values: y/n, d/n/a, b/d/a, numbers for characters."""
    out = dict(values)
    for key, value in values.items():
        if key in ("alive", "no_fate", "impassable") and value in ("y", "n"):
            out[key] = value == "y"
        elif key == "personality":
            out[key] = PERSONALITY_CODES[value]
        elif key == "status":
            out[key] = STATUS_CODES[value]
        elif key == "bound_to":
            out[key] = _hero_options(state)[value][0]
        elif key == "leader":
            out[key] = _leader_options(state)[value][0]
    return out


def hero_fields(state: UKState, hid: str) -> list[FormField]:
    h = state.hero(hid)
    return [
        FormField(
            "space",
            Msg("unicornus_ui.correct.space"),
            kind="text",
            value=state.board.names[h.space] if h.space >= 0 else "",
            hint=Msg("unicornus_ui.correct.space_hint"),
            optional=True,
        ),
        FormField("tokens", Msg("unicornus_ui.correct.tokens"), value=h.tokens, minimum=0),
        FormField("supplies", Msg("unicornus_ui.correct.supplies"), value=h.supplies, minimum=0),
        FormField("damage", Msg("unicornus_ui.correct.damage"), value=h.damage, minimum=0),
        FormField("command", Msg("unicornus_ui.correct.command"), value=h.command, minimum=0),
        FormField("life", Msg("unicornus_ui.correct.life"), value=h.life, minimum=1),
        FormField("support", Msg("unicornus_ui.correct.support"), value=h.support, minimum=0),
        FormField(
            "alive",
            Msg("unicornus_ui.correct.alive"),
            kind="choice",
            value=_yn(h.alive),
            choices=YES_NO,
        ),
    ]


def imperial_fields(state: UKState, cid: str) -> list[FormField]:
    c = state.imp(cid)
    return [
        FormField(
            "personality",
            Msg("unicornus_ui.correct.personality"),
            kind="choice",
            value=_code(PERSONALITY_CODES, c.personality),
            choices=tuple(
                (k, Msg(f"unicornus_ui.personality.{p}")) for k, p in PERSONALITY_CODES.items()
            ),
        ),
        FormField(
            "combat_power", Msg("unicornus_ui.correct.power"), value=c.combat_power, minimum=0
        ),
        FormField("life", Msg("unicornus_ui.correct.life"), value=c.life, minimum=1),
        FormField("damage", Msg("unicornus_ui.correct.damage"), value=c.damage, minimum=0),
        FormField(
            "no_fate",
            Msg("unicornus_ui.correct.no_fate"),
            kind="choice",
            value=_yn(c.no_fate),
            choices=YES_NO,
        ),
        _numbered(
            "bound_to", "unicornus_ui.correct.bound_to", _hero_options(state), c.bound_to or ""
        ),
        FormField(
            "status",
            Msg("unicornus_ui.correct.status"),
            kind="choice",
            value=_code(STATUS_CODES, c.status),
            choices=tuple((k, Msg(f"unicornus_ui.status.{x}")) for k, x in STATUS_CODES.items()),
        ),
    ]


def unit_fields(state: UKState, space: int) -> list[FormField]:
    u = state.unit_at(space)
    return [
        FormField("tokens", Msg("unicornus_ui.correct.tokens"), value=u.tokens, minimum=0),
        _numbered("leader", "unicornus_ui.correct.leader", _leader_options(state), u.leader),
        FormField(
            "space",
            Msg("unicornus_ui.correct.space"),
            kind="text",
            value=state.board.names[space],
            hint=Msg("unicornus_ui.correct.space_hint"),
        ),
    ]


def place_fields(state: UKState) -> list[FormField]:
    return [
        FormField("tokens", Msg("unicornus_ui.correct.tokens"), value=1, minimum=0),
        _numbered("leader", "unicornus_ui.correct.leader", _leader_options(state), ""),
    ]


def space_fields(state: UKState, s: int) -> list[FormField]:
    b = state.board
    return [
        FormField(
            "difficulty", Msg("unicornus_ui.correct.difficulty"), value=b.difficulty[s], minimum=0
        ),
        FormField(
            "impassable",
            Msg("unicornus_ui.correct.impassable"),
            kind="choice",
            value=_yn(b.impassable[s]),
            choices=YES_NO,
        ),
        FormField("recruit", Msg("unicornus_ui.correct.recruit"), value=b.recruit[s], minimum=0),
        FormField("resource", Msg("unicornus_ui.correct.resource"), value=b.resource[s], minimum=0),
        FormField("defence", Msg("unicornus_ui.correct.defence"), value=b.defence[s], minimum=0),
    ]


def game_fields(state: UKState) -> list[FormField]:
    return [
        FormField(
            "round",
            Msg("unicornus_ui.correct.round"),
            value=state.round,
            minimum=1,
            maximum=state.rounds,
        ),
        FormField(
            "start_player",
            Msg("unicornus_ui.correct.start_player"),
            value=state.start_player + 1,
            minimum=1,
            maximum=state.players,
        ),
        FormField(
            "princess_used",
            Msg("unicornus_ui.correct.princess_used"),
            value=state.princess_used,
            minimum=0,
            maximum=state.princess_actions,
        ),
    ]


def diff(state: UKState, kind: str, ident: Any, values: dict) -> list:
    """The steps of the form's values (the typed codes decoded, a space by its name, a seat
    from 1), as the engine makes them: one ``Correct`` per changed value."""
    new = decode(state, values)
    space = new.get("space")
    if isinstance(space, str):
        name = space.strip()
        if name not in state.board.names:
            raise FieldError("space", tr(Msg("unicornus.rule.no_such_space", {"space": name})))
        new["space"] = state.board.names.index(name)
    if new.get("start_player") is not None:
        new["start_player"] -= 1
    return corrections(state, kind, ident, new)


def _menu(state: UKState, space: int) -> Choice:
    """What may be corrected from ``space`` (the engine's list), then any other character."""
    words = {
        "unit": Msg("unicornus_ui.correct.unit"),
        "remove": Msg("unicornus_ui.correct.remove"),
        "place": Msg("unicornus_ui.correct.place"),
        "space": Msg("unicornus_ui.correct.space_values", {"space": state.board.names[space]}),
        "game": Msg("unicornus_ui.correct.game"),
    }
    options: list[Option] = []
    for kind, ident in correction_targets(state, space):
        if kind == "game":  # last, after any other character
            continue
        if kind in ("hero", "imperial"):
            who = state.hero(ident) if kind == "hero" else state.imp(ident)
            label = Msg(f"unicornus_ui.correct.{kind}", {"name": _n(who.name)})
        else:
            label = words[kind]
        options.append(Option((kind, ident), label))
    options.append(Option(("other_hero", ""), Msg("unicornus_ui.correct.other_hero")))
    options.append(Option(("other_imperial", ""), Msg("unicornus_ui.correct.other_imperial")))
    options.append(Option(("game", ""), words["game"]))
    return Choice(
        Msg("unicornus_ui.correct.what", {"space": state.board.names[space]}), tuple(options)
    )


class CorrectionMenu(ChoiceDialog):
    """The form of the engine's correction entry: what to correct at ``space`` (a menu),
    then its values (a form, tried on the game); it answers with the commands the form made
    (one ``Correct`` per changed value; ``PlaceUnit`` / ``RemoveUnit`` for whole units).
    Closing the values' form goes back to the menu."""

    def __init__(self, state: UKState, space: int) -> None:
        super().__init__(_menu(state, space), Msg("unicornus_ui.correct.title"))
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

        self.app.push_screen(CheckedForm(title, fields, self.state, then), back)

    def open(self, value) -> None:
        kind, ident = value
        s = self.state
        if kind in ("hero", "imperial"):
            who = s.hero(ident) if kind == "hero" else s.imp(ident)
            fields = (hero_fields if kind == "hero" else imperial_fields)(s, ident)
            self.form(
                Msg(f"unicornus_ui.correct.{kind}", {"name": _n(who.name)}),
                fields,
                lambda v: diff(s, kind, ident, v),
            )
        elif kind == "unit":
            self.form(
                Msg("unicornus_ui.correct.unit"),
                unit_fields(s, ident),
                lambda v: diff(s, kind, ident, v),
            )
        elif kind == "remove":
            self.dismiss([RemoveUnit(ident)])
        elif kind == "place":
            self.form(
                Msg("unicornus_ui.correct.place"),
                place_fields(s),
                lambda v: diff(s, kind, ident, v),
            )
        elif kind == "space":
            self.form(
                Msg("unicornus_ui.correct.space_values", {"space": s.board.names[ident]}),
                space_fields(s, ident),
                lambda v: diff(s, kind, ident, v),
            )
        elif kind == "game":
            self.form(
                Msg("unicornus_ui.correct.game"), game_fields(s), lambda v: diff(s, kind, "", v)
            )
        elif kind in ("other_hero", "other_imperial"):
            if kind == "other_hero":
                options = tuple(Option(("hero", h.id), _n(h.name)) for h in s.heroes)
            else:
                options = tuple(Option(("imperial", c.id), _n(c.name)) for c in s.imperial)
            choice = Choice(Msg(f"unicornus_ui.correct.which_{kind[6:]}"), options)
            self.app.push_screen(ChoiceDialog(choice), lambda v: v is not None and self.open(v))
