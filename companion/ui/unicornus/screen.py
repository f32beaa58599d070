"""The Unicornus Knights game screen: the map, the banner, the characters, the AIs' plans, the
log. It is a :class:`companion.ui.table.TableScreen`: the engine
(:mod:`companion.games.unicornus.actions`) says what the table faces now and what each key
leads to; this screen draws, holds the forms (transport, a new event card, corrections, the
replacement, the battle helper), the what-if view, and marks a question's options on the map.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from companion.core.errors import CompanionError
from companion.core.game import Ask, Entry, Lead, Moment, Show, Step
from companion.core.i18n import Msg, has_key, language, tr
from companion.core.recent import Recent
from companion.games.unicornus import (
    WHAT_IF,
    Handover,
    MoveEmpire,
    PickEmpireMove,
    PrincessAct,
    SettleConflict,
    acting,
    destination,
    free_starts,
    plan_princess,
    planned,
    preview,
    preview_offered,
    seat_of_turn,
    space_of,
    table_moment,
)
from companion.ui.dialogs import ChoiceDialog, Dialog, FormField
from companion.ui.table import TableScreen
from companion.ui.widgets.content import Hanging, as_text, set_border_title, set_content
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog
from companion.ui.widgets.panel import Panel, PanelBox

from . import views
from .catalog_forms import save_patch
from .corrections import YES_NO, CheckedForm, CorrectionMenu, numbered
from .hexmap import MARK_STYLES, PERSONALITY_MARK, HexMap, Mark

# a broken Transport rule, shown beside the field it comes from
TRANSPORT_BLAME = {
    "unicornus.rule.bad_receiver": "receiver",
    "unicornus.rule.too_far": "receiver",
    "unicornus.rule.escort": "supplies",
}
WIDE = 150  # from this terminal width on, the map draws its expanded hexes
PHONE = 60  # below this width (a phone's browser) the panels stack (screen.tcss)
NARROW = (100, 32)  # under this width or height the map scrolls (screen.tcss)
KINGDOM_COLUMNS = 38  # a character's line in the right column without its name
EMPIRE_PICKS = (MoveEmpire, PickEmpireMove, SettleConflict)


class MapChoice(ChoiceDialog):
    """A choice beside the map (over the right-hand panels), so the options marked on the
    map stay in sight."""

    DEFAULT_CSS = """
    MapChoice { align: right middle; }
    MapChoice > Vertical { width: 60; max-width: 100%; margin-right: 1; }
    """


class MapBox(Vertical):
    """The map's box. It scrolls where the map is bigger than the room (a small terminal; at
    120x40 a few lines, for the details under it) and keeps the cursor's hex in sight, also
    when its own height changes (the banner, the footer and the panels change with the
    moment)."""

    def show_cursor(self) -> None:
        hm = self.query_one(HexMap)
        col, line = hm.place(hm.cursor)
        self.scroll_to_region(Region(col, line, hm.cell, 2), animate=False, immediate=True)

    def on_resize(self) -> None:
        # once the screen is laid out: a layout on the way (a box of 9 lines, then 12 at
        # 80x24) would leave the map scrolled further than the cursor needs
        self.call_after_refresh(self.show_cursor)


class UnicornusScreen(TableScreen):
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (PHONE, "-normal")]
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("m", "act('move')", "unicornus_ui.key.move"),
        Binding("r", "act('recruit')", "unicornus_ui.key.recruit"),
        Binding("p", "act('procure')", "unicornus_ui.key.procure"),
        Binding("t", "act('transport')", "unicornus_ui.key.transport"),
        Binding("f", "act('fate')", "unicornus_ui.key.fate"),
        Binding("v", "act('event')", "unicornus_ui.key.event", show=False),
        Binding("a", "switch_hero", "unicornus_ui.key.switch", show=False),
        Binding("w", "path", "unicornus_ui.key.path"),
        Binding("o", "foresight", "unicornus_ui.key.foresight"),
        Binding("O", "act('what_if')", "unicornus_ui.key.what_if", show=False),
        Binding("c", "act('correct')", "unicornus_ui.key.correct"),
        Binding("y", "act('ally')", "unicornus_ui.key.ally"),
        Binding("tab", "next_unit", "unicornus_ui.key.next_unit", show=False),
        Binding("z", "zoom", "unicornus_ui.key.zoom", show=False),
        # views only (nothing in the game changes): the panels a small terminal leaves out
        # (h j k l move the map's cursor)
        Binding("u", "characters", "unicornus_ui.key.characters", show=False),
        Binding("i", "legend", "unicornus_ui.key.legend", show=False),
    ]

    def __init__(self, session, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self.active = ""  # the acting character (a seat of 2 players runs two)
        self.show_path = False
        self.show_foresight = False  # the preview of the Princess and the Empire (issue 14)
        self.zoom: bool | None = None  # None: by terminal width
        self.preview: dict[int, int] = {}  # an open question's spaces, by option number
        self._recent_own: Recent[Moment] = Recent()  # the moments of another acting character
        self._recent_plans: Recent[tuple[set[type], Any, Any]] = Recent()
        self._recent_previews: Recent[Any] = Recent()
        # a small terminal (narrow): the characters' panel by the moment (None) or as the
        # table last asked (u), the legend on asking (i); the map centred on the Princess once
        # each time the Empire's turn begins
        self.show_kingdom: bool | None = None
        self.show_legend = False
        self._centred: tuple | None = None
        self._drawn: tuple | None = None  # what the last refresh_all drew from (_drawn_from)

    # --- layout ---
    def compose(self) -> ComposeResult:
        yield Panel(id="uk-header")
        yield Panel(id="uk-banner")
        with Horizontal(id="uk-body"):
            with Vertical(id="uk-left"):
                with MapBox(id="uk-map-box"):
                    yield HexMap(self.state, id="uk-map")
                # under the map rather than its border: a border cuts it with "…"
                yield Panel(as_text(legend()), id="uk-legend")
                # scrolls when what it says is longer than the room left under the map: a
                # line it cut was lost without a sign
                with PanelBox(id="uk-details-box"):
                    yield Panel(id="uk-details")
                # wide terminals: the characters sit under the map (see screen.tcss)
                yield Panel(id="uk-kingdom-low", classes="uk-kingdom")
            with Vertical(id="uk-right"):
                # scrolls when cut (a small terminal): a scrollbar says more characters follow
                with PanelBox(id="uk-kingdom-box", classes="uk-kingdom"):
                    yield Panel(id="uk-kingdom")
                with VerticalScroll(id="uk-side-box"):
                    yield Panel(id="uk-side")
                yield GameLog(id="uk-log")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#uk-map-box")
        box.border_title = tr("unicornus_ui.map.title")
        for kingdom in self.query(".uk-kingdom"):  # the right column's box, the panel under the map
            kingdom.border_title = tr("unicornus_ui.kingdom.title")
        self.query_one("#uk-map", HexMap).focus()
        self._apply_zoom()
        super().on_mount()

    def on_resize(self, event) -> None:
        self._apply_zoom()
        # the characters' panel words its lines for its width (narrow: initials only) and
        # gives names a column by it, known once the new size is laid out (a terminal made
        # wider kept the narrow panel's lines until the next step)
        self.call_after_refresh(self._fit_to_room)

    def _fit_to_room(self) -> None:
        if self.is_current and self._drawn is not None and not self._still_drawn():
            self.refresh_all()

    def _apply_zoom(self) -> None:
        wide = self.zoom if self.zoom is not None else self.app.size.width >= WIDE
        self.set_class(wide, "wide")
        size = self.app.size
        self.set_class(not wide and (size.width < NARROW[0] or size.height < NARROW[1]), "narrow")
        self.call_after_refresh(self._show_cursor)
        self.query_one("#uk-map", HexMap).set_cell(6 if wide else 4)

    def action_zoom(self) -> None:
        self.zoom = not self.has_class("wide")
        self._apply_zoom()

    @property
    def map(self) -> HexMap:
        return self.query_one("#uk-map", HexMap)

    # --- the moment, for the character the table is acting with ---
    @property
    def moment(self) -> Moment:
        m = super().moment
        if not self.active or self.active == acting(self.state):
            return m
        s, active = self.state, self.active
        return self._recent_own.get((s, active), lambda: table_moment(s, active))

    def _commands(self) -> tuple:
        """The commands the moment's step or question would make."""
        nxt = self.moment.next
        if isinstance(nxt, Step):
            return (nxt.command,)
        return nxt.commands if isinstance(nxt, Ask) else ()

    def _plans(self) -> tuple[set[type], Any, Any]:
        """The kinds of command the moment would make, and the Princess's and the Empire's
        plans (each made at most once per state: the side panel and the map both show them;
        an undo finds those of the state before the step again)."""
        s, moment, show_path = self.state, self.moment, self.show_path

        def make() -> tuple[set[type], Any, Any]:
            kinds = {type(c) for c in self._commands()}
            princess = plan_princess(s) if PrincessAct in kinds or show_path else None
            empire = planned(s) if kinds & set(EMPIRE_PICKS) else None
            return kinds, princess, empire

        return self._recent_plans.get((s, moment, show_path), make)

    def foresight(self):
        """The engine's preview if the players stopped now; ``None`` when not shown."""
        if not self.show_foresight:
            return None
        s = self.state
        return self._recent_previews.get((s,), lambda: preview(s))

    # --- drawing ---
    def refresh_view(self) -> None:
        s = self.state
        self._check_active()
        hm = self.map
        hm.show(s, self.map_marks())
        q = self.query_one
        set_content(q("#uk-header", Static), views.header(s))  # laid out when it changes
        set_content(q("#uk-banner", Static), Text(self.banner()))
        names = 0 if self.has_class("narrow") else self._name_width()  # narrow: initials only
        # the acting character's abilities: "↳" keeps the first words of its text beside it
        kingdom = views.kingdom_panel(s, self.active, hm.cell, names)
        set_content(q("#uk-kingdom", Static), Hanging(kingdom, marks_only=True))
        # under the map of a wide screen the names have room
        low = views.kingdom_panel(s, self.active, hm.cell, name_width=22)
        set_content(q("#uk-kingdom-low", Static), Hanging(low, marks_only=True))
        side_box = q("#uk-side-box")
        side, title = self.side_panel()
        self._narrow_panels(s, title)
        set_border_title(side_box, tr(title))
        set_content(q("#uk-side", Static), side)
        self._show_details(views.details(s, hm.cursor))

    def _name_width(self) -> int:
        """Cells for the names in the right column's characters panel: what its line leaves,
        at most 12; none (the initials, as on the map) when fewer than 6 are left (each line
        wrapped in two at 100 columns)."""
        room = self.query_one("#uk-kingdom").content_region.width
        if not room:  # not laid out yet: the right column of this terminal
            room = self.app.size.width - (85 if self.has_class("wide") else 59) - 4
        left = min(12, room - KINGDOM_COLUMNS)
        return left if left >= 6 else 0

    def _narrow_panels(self, s, title: str) -> None:
        """At 80x24 the map, the characters and the side panel cannot all be whole: in the
        Empire's turn and the battles (and with the foresight) the side panel (the units that
        move, the battles' odds) takes the room of the characters and the log, and the map
        shows the Princess; ``u`` brings them back, ``i`` the legend."""
        enemy = title != "unicornus_ui.side.princess" and title != "unicornus_ui.side.imperial"
        kingdom = self.show_kingdom if self.show_kingdom is not None else not enemy
        # below a wide screen (100x32 too) the side panel takes their room: the units that
        # move and the battles' odds whole, not 1-2 units and a cut foresight
        self.set_class(not kingdom and not self.has_class("wide"), "no-kingdom")
        self.set_class(self.show_legend, "legend")
        if not self.has_class("narrow"):
            return
        turn = (s.round, enemy)
        if enemy and self._centred != turn and s.princess.space >= 0:
            self.map.move_to(s.princess.space)
        self._centred = turn

    def action_characters(self) -> None:
        self.show_kingdom = self.has_class("no-kingdom")  # hidden now: show them
        self.refresh_view()

    def action_legend(self) -> None:
        self.show_legend = not self.show_legend
        self.refresh_view()

    def side_panel(self):
        s = self.state
        seen = self.foresight()
        if seen is not None:
            return views.foresight_panel(s, seen), "unicornus_ui.side.foresight"
        kinds, princess, empire = self._plans()
        if PrincessAct in kinds:
            return views.princess_plan(s, princess), "unicornus_ui.side.princess"
        if empire is not None:
            plan = empire
            picks = dict(s.empire_picks)
            return views.empire_plan(s, plan, picks, s.empire_forbid), "unicornus_ui.side.empire"
        if s.battles or s.fate_pending or s.empire_fighting:
            return views.battles_panel(s), "unicornus_ui.side.battles"
        return views.imperial_panel(s), "unicornus_ui.side.imperial"

    def map_marks(self) -> dict[int, Mark]:
        s = self.state
        kinds, princess, empire = self._plans()
        marks: dict[int, Mark] = {}
        if princess is not None:
            here = s.princess.space
            for i, step in enumerate(princess.steps, s.princess_used + 1):
                if step.to >= 0:
                    marks[step.to] = Mark("path", f"{i}")
                elif step.choice is not None:
                    for o in step.choice.options:
                        marks[o.value] = Mark("option", "?")
            if here >= 0 and PrincessAct not in kinds and not marks:
                marks[here] = Mark("path", "")
        if empire is not None:
            for st in empire.steps:
                to = destination(s, st)
                if to >= 0:
                    marks.setdefault(st.unit, Mark("origin", "→"))
                    marks[to] = Mark("attack", "⚔" if s.hero_at(to) else "←")
                elif st.choice is not None:
                    marks.setdefault(st.unit, Mark("origin", "?"))
        for b in s.battles:
            marks[b.space] = Mark("attack", "")
        seen = self.foresight()
        if seen is not None and not isinstance(seen, Msg):
            for i, x in enumerate(seen.of("princess"), 1):
                if x.space >= 0:
                    marks[x.space] = Mark("option", f"{i}?") if x.tie else Mark("path", str(i))
            for x in seen.of("empire"):
                if x.space >= 0:
                    marks.setdefault(x.origin, Mark("origin", "→"))
                    marks[x.space] = Mark("attack", "⚔" if seen.state.hero_at(x.space) else "←")
        for n, i in self.preview.items():
            marks[n] = Mark("option", str(i))
        return marks

    def banner(self) -> str:
        """What the table does now, and the key for it."""
        return tr(self.keyed(self.moment.prompt))

    def keyed(self, prompt: Msg) -> Msg:
        return keyed(prompt)

    # --- the acting character ---
    def _seat(self) -> list[str]:
        return [h for h in seat_of_turn(self.state) if self.state.hero(h).on_board]

    def _check_active(self) -> None:
        default = acting(self.state)
        if not default:
            self.active = ""
        elif self.active not in self._seat():
            self.active = default

    def action_switch_hero(self) -> None:
        seat = self._seat() if self.active else []
        if len(seat) > 1:
            self.active = seat[(seat.index(self.active) + 1) % len(seat)]
            self.refresh_all()

    def on_hex_map_activated(self, event: HexMap.Activated) -> None:
        self.refresh_view()

    def on_hex_map_selected(self, event: HexMap.Selected) -> None:
        self._show_details(views.details(self.state, event.space))
        self._show_cursor()

    def _show_details(self, details) -> None:
        """The details of the space under the cursor, from their first line (which names the
        space) when they change: a box scrolled down kept the old offset."""
        if set_content(self.query_one("#uk-details", Static), details):
            self.query_one("#uk-details-box").scroll_home(animate=False, immediate=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The foresight's key shows while the engine has a preview to give (and stays to close
        one left open)."""
        if not super().check_action(action, parameters):
            return False
        if action == "foresight":
            return self.show_foresight or preview_offered(self.state)
        return True

    def action_foresight(self) -> None:
        self.show_foresight = not self.show_foresight
        self.refresh_view()
        self.refresh_bindings()  # closed outside the players' turns: its key goes

    def _show_cursor(self) -> None:
        """Keep the cursor's hex in sight when the map box scrolls."""
        self.query_one("#uk-map-box", MapBox).show_cursor()

    # --- map helpers ---
    def action_path(self) -> None:
        self.show_path = not self.show_path
        self.refresh_view()

    def action_next_unit(self) -> None:
        s = self.state
        spaces = sorted({h.space for h in s.heroes if h.on_board} | {u.space for u in s.units})
        if spaces:
            later = [x for x in spaces if x > self.map.cursor]
            self.map.move_to((later or spaces)[0])

    def action_leave(self) -> None:
        if not self.cancel():
            super().action_leave()

    def cancel(self) -> bool:
        if self.show_foresight:  # escape closes the foresight
            self.show_foresight = False
            self.refresh_view()
            self.refresh_bindings()
            return True
        return False

    # --- questions beside the map, their spaces marked ---
    def choice_screen(self, question: Ask):
        self.preview = {
            n: i
            for i, o in enumerate(question.choice.options, 1)
            if (n := space_of(o.value)) is not None
        }
        if self._still_drawn():
            self._show_marks()  # the rest of the screen shows this game already
        else:
            self.refresh_view()

        def highlight(cmd) -> None:
            n = space_of(cmd)
            if n is not None:
                self.map.move_to(n)

        return MapChoice.shown_again(self.app, question.choice, question.title, highlight)

    def on_screen_resume(self) -> None:
        # a dialog closed: the screen is drawn again only if the game (or the terminal's
        # size) changed while it was up; else only the question's marks leave the map
        # (drawing every panel again was most of what closing a dialog took, issue 26)
        if not self._still_drawn():
            self.preview = {}
            self.refresh_all()
        elif self.preview:
            self.preview = {}
            self._show_marks()

    def refresh_all(self) -> None:
        super().refresh_all()
        self._drawn = self._drawn_from()

    def _drawn_from(self) -> tuple:
        """What :meth:`refresh_all` draws the screen from besides the screen's own toggles
        (their keys redraw at once): the game, its log, the language, the room."""
        session = self.session
        room = (self.size, self.query_one("#uk-kingdom").content_region.width)
        return session.state, session.cursor, session.revision, language(), room

    def _still_drawn(self) -> bool:
        """The screen shows the game as it is (nothing changed since :meth:`refresh_all`)."""
        drawn, now = self._drawn, self._drawn_from()
        return drawn is not None and drawn[0] is now[0] and drawn[1:] == now[1:]

    def _show_marks(self) -> None:
        self.map.show(self.state, self.map_marks())

    # --- entries: the battle helper (§6), the replacement (§9), transport, event, corrections
    def entry_screen(self, entry: Entry):
        if entry.kind == "unicornus.battle":
            from .battle_helper import BattleHelper

            return BattleHelper(self, entry)
        if entry.kind == "unicornus.replace":
            return self._replacement_form(entry)
        if entry.kind == "unicornus.transport":
            return self._transport_form(entry)
        if entry.kind == "unicornus.new_event":
            return self._new_event_form(entry)
        if entry.kind == "unicornus.correct":
            return CorrectionMenu.shown_again(self.app, self.state, self.map.cursor)
        return super().entry_screen(entry)

    def answer(self, entry: Entry, value) -> Lead:
        """A card the table added on the spot joins the owner's box catalog (its one writer,
        ``save_patch``), so the next game offers it by number; the demo catalog is never
        written."""
        lead = super().answer(entry, value)
        if entry.kind == "unicornus.new_event" and self.session.catalog_name == "box":
            name = {"en": lead.name[0]} | ({"ja": lead.name[1]} if lead.name[1] else {})
            card = {"id": lead.event, "name": name, "level": lead.level, "ongoing": lead.ongoing}
            try:
                save_patch(self.app.store, {"events": [card]})
            except CompanionError as exc:
                self.notify(str(exc), severity="warning")
        return lead

    def _transport_form(self, entry: Entry) -> CheckedForm:
        """§4 Transport: to whom (by number, among those the engine lists), how many tokens,
        how many supplies (escorted: 10 a token)."""
        s, handover = self.state, entry.subject
        assert isinstance(handover, Handover)
        hero = s.hero(handover.hero)
        people = [s.hero(r) for r in handover.receivers]
        receivers = [
            (
                h.id,
                # how many tokens each can still lead: more are discarded (§4 Transport)
                Msg(
                    "unicornus_ui.form.receiver_room",
                    {"name": views.name(h.name), "tokens": h.tokens, "command": h.command},
                ),
            )
            for h in people
        ]
        form = [
            numbered("receiver", "unicornus_ui.form.receiver", receivers, receivers[0][0]),
            FormField(
                "tokens", Msg("unicornus_ui.form.tokens"), value=1, minimum=0, maximum=hero.tokens
            ),
            FormField(
                "supplies",
                Msg("unicornus_ui.form.supplies"),
                value=0,
                minimum=0,
                maximum=hero.supplies,
                hint=Msg("unicornus_ui.form.escort"),
            ),
        ]

        def value(values) -> tuple[str, int, int]:
            return receivers[values["receiver"] - 1][0], values["tokens"], values["supplies"]

        title = Msg("unicornus_ui.form.transport", {"hero": views.name(hero.name)})
        blame = lambda _cmd, exc: TRANSPORT_BLAME.get(exc.message.key, "tokens")  # noqa: E731
        return _ValueForm.shown_again(
            self.app, title, form, s, lambda v: [entry.answer(value(v))], value, blame
        )

    def _new_event_form(self, entry: Entry) -> CheckedForm:
        """§3 step 2: an event card the catalog lacks — its name, level and ONGOING flag (the
        engine checks the level order, §2 step 6)."""
        s, level = self.state, entry.subject
        form = [
            FormField(
                "name_en", Msg("unicornus_ui.form.event_name_en"), kind="text", optional=True
            ),
            FormField(
                "name_ja", Msg("unicornus_ui.form.event_name_ja"), kind="text", optional=True
            ),
            FormField(
                "level",
                Msg("unicornus_ui.form.event_level"),
                value=level,
                minimum=1,
                maximum=len(s.event_levels),
            ),
            FormField(
                "ongoing",
                Msg("unicornus_ui.form.event_ongoing"),
                kind="choice",
                value="n",
                choices=YES_NO,
            ),
        ]

        def value(values) -> tuple:
            en, ja = values["name_en"] or "", values["name_ja"] or ""
            return en, ja, values["level"], values["ongoing"] == "y"

        title = entry.prompt
        return _ValueForm.shown_again(
            self.app, title, form, s, lambda v: [entry.answer(value(v))], value, _name_blame
        )

    # --- views: what if (a step previewed, never made) ---
    def view_screen(self, show: Show):
        if show.kind == WHAT_IF:
            s = self.state
            try:
                seen = preview(s, show.subject)
            except CompanionError as exc:  # the rules refuse the step: their reason
                seen = exc.message
            return ForesightView(views.foresight_panel(s, seen, show.subject))
        return super().view_screen(show)

    def _replacement_form(self, entry: Entry) -> CheckedForm:
        s, seat = self.state, entry.subject
        character, space = entry.suggest
        chars = [(h.id, views.name(h.name)) for h in s.reserve]
        free = free_starts(s)
        form = [
            # numbered: a character's id is English, typed from a Japanese keyboard too
            numbered("character", "unicornus_ui.form.character", chars, character),
            FormField(
                "space",
                Msg("unicornus_ui.form.space"),
                kind="choice",
                value=s.board.names[space],
                choices=tuple(
                    (s.board.names[i], Msg("unicornus_ui.form.start_space")) for i in free
                ),
            ),
        ]

        def value(values) -> tuple[str, int]:
            return chars[values["character"] - 1][0], s.board.names.index(values["space"])

        title = Msg("unicornus_ui.form.replace", {"seat": seat + 1})
        return _ValueForm.shown_again(
            self.app, title, form, s, lambda v: [entry.answer(value(v))], value
        )


def _name_blame(_cmd, exc) -> str:
    return "level" if exc.message.key.startswith("unicornus.rule.event_level") else "name_en"


class ForesightView(Dialog[None]):
    """What the Princess and the Empire would do after a step (the foresight panel's words),
    over the map; escape or enter closes it."""

    DEFAULT_CSS = """
    ForesightView { align: right middle; }
    ForesightView > VerticalScroll { width: 70; max-width: 100%; height: auto; max-height: 90%;
                                     border: round $text-accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "close", show=False), Binding("enter", "close", show=False)]

    def __init__(self, seen: Text) -> None:
        super().__init__()
        self.seen = seen

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(as_text(self.seen))

    def action_close(self) -> None:
        self.dismiss(None)


class _ValueForm(CheckedForm):
    """A checked form that answers an entry with a value (not the form's fields)."""

    def define(self, title, fields, state, to_commands, value, field_of=None) -> None:
        super().define(title, fields, state, to_commands, field_of)
        self.value = value

    def collect(self):
        values = super().collect()
        return None if values is None else self.value(values)


def legend() -> Text:
    """The map's marks, in their own colours (shown under the map; the theme's variables:
    through ``as_text``)."""
    out = Text()
    for text, style in (
        ("★", MARK_STYLES["goal"]),
        (tr("unicornus_ui.legend.goal") + " ", None),
        ("✕", MARK_STYLES["impassable"]),
        (tr("unicornus_ui.legend.impassable") + " ", None),
        ("▲", MARK_STYLES["difficulty"]),
        (tr("unicornus_ui.legend.difficulty") + " ", None),
        ("2", MARK_STYLES["recruit"]),
        (tr("unicornus_ui.legend.recruit") + " ", None),
        ("2", MARK_STYLES["resource"]),
        (tr("unicornus_ui.legend.resource") + " ", None),
        ("1", MARK_STYLES["defence"]),
        (tr("unicornus_ui.legend.defence") + "  ", None),
    ):
        out.append(text, style=style or "")
    # an imperial unit's personality, by its mark in the hex's margin
    out.append(tr("terminals.unicornus.legend.imperial"))
    for personality, mark in PERSONALITY_MARK.items():
        out.append(" ")
        out.append(mark, style=views.personality_style(personality))
        out.append(tr(f"unicornus_ui.personality.{personality}"))
    return out


def keyed(prompt: Msg) -> Msg:
    """A moment's prompt with the keys that act on it (``unicornus_ui.keys.<the flow's
    prompt>``); the abilities said after a prompt stay last."""
    if prompt.key == "unicornus.flow.said":
        return Msg(prompt.key, {**prompt.params, "text": keyed(prompt.params["text"])})
    name = prompt.key.removeprefix("unicornus.flow.")
    keys = f"unicornus_ui.keys.{name}"
    return Msg(keys, {"prompt": prompt}) if name != prompt.key and has_key(keys) else prompt
