"""The Unicornus Knights game screen: the map, the phase banner, the characters, the AIs'
plans, the log. One key (``n``) always does the next thing the table has to do; the banner
says what that is.

The flow of ``n`` (§3): round start → event → each player's turn → the Princess's three
actions one at a time (§5.1) → the Empire: plan shown, ties and conflicts picked, all moves at
once, retreats offered, Fate drawn, battles (§5.2, §6, §7) → round end. Battles open the
battle helper (``companion.ui.unicornus.battle_helper``).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from companion.core.commands import Note
from companion.core.i18n import Msg, tr
from companion.core.plan import Choice, Option, auto_pick
from companion.games.unicornus import (
    EmpirePlan,
    fate_pick,
    notices,
    plan_empire,
    plan_princess,
)
from companion.games.unicornus.commands import (
    BeginRound,
    DrawFate,
    DrawSupport,
    EndEmpire,
    EndRound,
    EndTurn,
    Move,
    MoveEmpire,
    PrincessAct,
    Procure,
    Recruit,
    ReplaceCharacter,
    RetreatBeforeBattle,
    RevealEvent,
    Transport,
)
from companion.games.unicornus.rules import move_cost
from companion.games.unicornus.state import PRINCESS
from companion.games.unicornus.words import count, space_label
from companion.ui.dialogs import ChoiceDialog, FormField
from companion.ui.game_screen import GameScreen
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog

from . import views
from .corrections import CheckedForm, correction_menu, numbered
from .hexmap import MARK_STYLES, HexMap, Mark

# a broken Transport rule, shown beside the field it comes from
TRANSPORT_BLAME = {
    "unicornus.rule.bad_receiver": "receiver",
    "unicornus.rule.too_far": "receiver",
    "unicornus.rule.escort": "supplies",
}
WIDE = 150  # from this terminal width on, the map draws its expanded hexes


class MapChoice(ChoiceDialog):
    """A choice beside the map (over the right-hand panels), so the options marked on the
    map stay in sight."""

    DEFAULT_CSS = """
    MapChoice { align: right middle; }
    MapChoice > Vertical { width: 60; margin-right: 1; }
    """


class UnicornusScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("n", "next", "unicornus_ui.key.next"),
        Binding("m", "move", "unicornus_ui.key.move"),
        Binding("r", "recruit", "unicornus_ui.key.recruit"),
        Binding("p", "procure", "unicornus_ui.key.procure"),
        Binding("t", "transport", "unicornus_ui.key.transport"),
        Binding("f", "fate", "unicornus_ui.key.fate"),
        Binding("a", "switch_hero", "unicornus_ui.key.switch", show=False),
        Binding("w", "path", "unicornus_ui.key.path"),
        Binding("c", "correct", "unicornus_ui.key.correct"),
        Binding("v", "enter_event", "unicornus_ui.key.event", show=False),
        Binding("tab", "next_unit", "unicornus_ui.key.next_unit", show=False),
        Binding("z", "zoom", "unicornus_ui.key.zoom", show=False),
        *[Binding(str(i), f"digit({i})", show=False) for i in range(1, 8)],
    ]

    def __init__(self, session, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self.mode = ""  # "" or "move": picking the current character's destination
        self.active = ""  # the acting character (a seat of 2 players runs two)
        self.show_path = False
        self.zoom: bool | None = None  # None: by terminal width
        self.preview: set[int] = set()  # options of an open choice, shown on the map
        # the Empire phase's picks (ties, conflict losers, retreats declined) are Note steps
        # in the log (see ``round_notes``), so they survive closing the app mid-phase
        self.merges: list[Msg] = []
        self.busy = False  # a dialog is open

    # --- layout ---
    def compose(self) -> ComposeResult:
        yield Static(id="uk-header")
        yield Static(id="uk-banner")
        with Horizontal(id="uk-body"):
            with Vertical(id="uk-left"):
                with Vertical(id="uk-map-box"):
                    yield HexMap(self.state, id="uk-map")
                yield Static(id="uk-details")
                # wide terminals: the characters sit under the map (see screen.tcss)
                yield Static(id="uk-kingdom-low", classes="uk-kingdom")
            with Vertical(id="uk-right"):
                yield Static(id="uk-kingdom", classes="uk-kingdom")
                with VerticalScroll(id="uk-side-box"):
                    yield Static(id="uk-side")
                yield GameLog(id="uk-log")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#uk-map-box")
        box.border_title = tr("unicornus_ui.map.title")
        box.border_subtitle = legend()
        for panel in self.query(".uk-kingdom"):
            panel.border_title = tr("unicornus_ui.kingdom.title")
        self.query_one("#uk-map", HexMap).focus()
        self._apply_zoom()
        super().on_mount()

    def on_resize(self, event) -> None:
        self._apply_zoom()

    def _apply_zoom(self) -> None:
        wide = self.zoom if self.zoom is not None else self.app.size.width >= WIDE
        self.set_class(wide, "wide")
        self.query_one("#uk-map", HexMap).set_cell(6 if wide else 4)

    def action_zoom(self) -> None:
        current = self.has_class("wide")
        self.zoom = not current
        self._apply_zoom()

    @property
    def map(self) -> HexMap:
        return self.query_one("#uk-map", HexMap)

    # --- drawing ---
    def refresh_view(self) -> None:
        s = self.state
        self._check_active()
        hm = self.map
        hm.show(s, self.map_marks())
        self.query_one("#uk-header", Static).update(views.header(s))
        self.query_one("#uk-banner", Static).update(Text(self.banner()))
        self.query_one("#uk-kingdom", Static).update(views.kingdom_panel(s, self.active, hm.cell))
        # under the map of a wide screen the names have room
        self.query_one("#uk-kingdom-low", Static).update(
            views.kingdom_panel(s, self.active, hm.cell, name_width=22)
        )
        side_box = self.query_one("#uk-side-box")
        side, title = self.side_panel()
        side_box.border_title = tr(title)
        self.query_one("#uk-side", Static).update(side)
        self.query_one("#uk-details", Static).update(views.details(s, hm.cursor))

    def side_panel(self):
        s = self.state
        if s.phase == "princess" and not s.battles:
            return views.princess_plan(s, plan_princess(s)), "unicornus_ui.side.princess"
        if s.phase == "empire" and not s.empire_moved:
            plan, _ = self.empire_state()
            return (
                views.empire_plan(s, plan, self.empire_picks, self.empire_forbid),
                "unicornus_ui.side.empire",
            )
        if s.phase == "empire" or s.battles:
            return views.battles_panel(s, self.merges), "unicornus_ui.side.battles"
        return views.imperial_panel(s), "unicornus_ui.side.imperial"

    def map_marks(self) -> dict[int, Mark]:
        s = self.state
        marks: dict[int, Mark] = {}
        if self.show_path or s.phase == "princess":
            here = s.princess.space
            for i, step in enumerate(plan_princess(s).steps, s.princess_used + 1):
                if step.to >= 0:
                    marks[step.to] = Mark("path", f"{i}")
                elif step.choice is not None:
                    for o in step.choice.options:
                        marks[o.value] = Mark("option", "?")
            if here >= 0 and s.phase != "princess" and not marks:
                marks[here] = Mark("path", "")
        if s.phase == "empire" and not s.empire_moved:
            plan, _ = self.empire_state()
            picks = self.empire_picks
            for st in plan.steps:
                to = picks.get(st.unit, st.to)
                if to >= 0:
                    marks.setdefault(st.unit, Mark("origin", "→"))
                    marks[to] = Mark("attack", "⚔" if s.hero_at(to) else "←")
                elif st.choice is not None:
                    marks.setdefault(st.unit, Mark("origin", "?"))
        for b in s.battles:
            marks[b.space] = Mark("attack", "")
        if self.mode == "move":
            for i, (n, cost) in enumerate(self.move_targets(), 1):
                marks[n] = Mark("target", f"{i}${cost}")
        for i, n in enumerate(sorted(self.preview), 1):
            marks[n] = Mark("option", str(i))
        return marks

    def banner(self):
        """What the table does now, and the key for it."""
        s = self.state
        if s.outcome:
            return tr(Msg(f"unicornus.outcome.{s.outcome}", {"round": s.round}))
        if self.mode == "move":
            hero = s.hero(self.active)
            return tr(Msg("unicornus_ui.banner.move", {"hero": views.name(hero.name)}))
        if s.phase == "empire" and s.empire_moved:
            offer = self.retreat_offer()
            if offer is not None:
                return tr(
                    Msg(
                        "unicornus_ui.banner.retreat",
                        {"hero": views.name(s.hero(offer[0].hero).name)},
                    )
                )
        if s.fate_pending:
            cid = s.fate_pending[0]
            pick = fate_pick(s, cid)
            who = (
                views.name(s.hero(pick).name)
                if isinstance(pick, str)
                else tr("unicornus_ui.banner.fate_who")
            )
            return tr(
                Msg(
                    "unicornus_ui.banner.fate",
                    {"imperial": views.name(s.imp(cid).name), "hero": who},
                )
            )
        if s.battles:
            b = s.battles[0]
            return tr(
                Msg(
                    "unicornus_ui.banner.battle",
                    {
                        "hero": views.name(s.hero(b.hero).name),
                        "space": views.space_name(s, b.space),
                    },
                )
            )
        if s.phase == "round_start":
            said = " · ".join(tr(m) for m in notices(s))
            return tr(Msg("unicornus_ui.banner.round_start", {"round": s.round})) + (
                f"  {said}" if said else ""
            )
        if s.phase == "event":
            return tr("unicornus_ui.banner.event")
        if s.phase == "players":
            hero = s.hero(self.active) if self.active else None
            said = " · ".join(tr(m) for m in notices(s))
            left = s.actions_per_turn - s.used_by(hero.id) if hero else 0
            text = tr(
                Msg(
                    "unicornus_ui.banner.players",
                    {
                        "seat": views.seat_label(s, s.current_seat),
                        "hero": views.name(hero.name) if hero else "—",
                        "left": left,
                        "actions": s.actions_per_turn,
                    },
                )
            )
            return text + (f"  {said}" if said else "")
        if s.phase == "princess":
            steps = plan_princess(s).steps
            if not steps:
                return tr("unicornus_ui.banner.princess_none")
            step = steps[0]
            key = "unicornus_ui.banner.princess"
            if step.choice is not None:
                key = "unicornus_ui.banner.princess_tie"
            elif step.battle:
                key = "unicornus_ui.banner.princess_battle"
            elif step.action == "procure":
                key = "unicornus_ui.banner.princess_procure"
            return tr(
                Msg(
                    key,
                    {
                        "n": s.princess_used + 1,
                        "actions": s.princess_actions,
                        "reason": step.reason,
                        "space": views.space_name(s, step.to),
                    },
                )
            )
        if s.phase == "empire" and s.empire_moved:
            return tr("unicornus_ui.banner.empire_done")
        if s.phase == "empire":
            _, open_item = self.empire_state()
            if open_item is not None:
                return tr("unicornus_ui.banner.empire_tie")
            return tr("unicornus_ui.banner.empire")
        if s.phase == "round_end":
            if s.replace_due and s.reserve:
                return tr(Msg("unicornus_ui.banner.replace", {"seat": s.replace_due[0] + 1}))
            nxt = (s.start_player + 1) % s.players
            return tr(Msg("unicornus_ui.banner.round_end", {"seat": views.seat_label(s, nxt)}))
        return ""

    # --- the acting character ---
    def _check_active(self) -> None:
        s = self.state
        if s.phase != "players" or s.turn >= s.players:
            self.active = ""
            self.mode = ""
            return
        seat = [h for h in s.seats[s.current_seat] if s.hero(h).on_board]
        if self.active in seat:
            return
        with_actions = [h for h in seat if s.used_by(h) < s.actions_per_turn]
        self.active = (with_actions or seat or [""])[0]

    def action_switch_hero(self) -> None:
        s = self.state
        if s.phase != "players":
            return
        seat = [h for h in s.seats[s.current_seat] if s.hero(h).on_board]
        if len(seat) > 1:
            self.active = seat[(seat.index(self.active) + 1) % len(seat)]
            self.mode = ""
            self.refresh_view()

    # --- player actions (§4) ---
    def _can_act(self) -> bool:
        s = self.state
        if self.busy or s.outcome:
            return False
        if s.phase != "players" or not self.active:
            self.notify(tr("unicornus_ui.notify.not_players"), severity="warning")
            return False
        return True

    def move_targets(self) -> list[tuple[int, int]]:
        """Where the acting character may move now, with the cost (§4 Move)."""
        s = self.state
        if not self.active:
            return []
        hero = s.hero(self.active)
        out = []
        for n in s.board.adj[hero.space]:
            if s.board.impassable[n]:
                continue
            other = s.hero_at(n)
            if other is not None and other.id != hero.id:
                continue
            cost = move_cost(s, hero.tokens, n)
            if cost <= hero.supplies:
                out.append((n, cost))
        return out

    def action_move(self) -> None:
        if not self._can_act():
            return
        if self.mode == "move":
            self.mode = ""
        else:
            self.mode = "move"
            self.map.move_to(self.state.hero(self.active).space)
            if not self.move_targets():
                self.notify(tr("unicornus_ui.notify.no_move"), severity="warning")
        self.refresh_view()

    def _move_to(self, space: int) -> None:
        self.mode = ""
        if self.do(Move(self.active, space)):
            self.map.move_to(space)
            if self.state.battles:
                self.action_next()

    def action_digit(self, n: int) -> None:
        if self.mode == "move":
            targets = self.move_targets()
            if 1 <= n <= len(targets):
                self._move_to(targets[n - 1][0])

    def on_hex_map_activated(self, event: HexMap.Activated) -> None:
        if self.mode == "move":
            if event.space in {n for n, _ in self.move_targets()}:
                self._move_to(event.space)
            return
        self.refresh_view()

    def on_hex_map_selected(self, event: HexMap.Selected) -> None:
        self.query_one("#uk-details", Static).update(views.details(self.state, event.space))

    def action_recruit(self) -> None:
        if self._can_act():
            self.do(Recruit(self.active))

    def action_procure(self) -> None:
        if self._can_act():
            self.do(Procure(self.active))

    def action_fate(self) -> None:
        if self._can_act():
            self.do(DrawSupport(self.active))

    def action_transport(self) -> None:
        if not self._can_act():
            return
        s = self.state
        hero = s.hero(self.active)
        b = s.board
        receivers = [
            h
            for h in s.heroes
            if h.on_board and h.id != hero.id and b.areas_touch(b.area[hero.space], b.area[h.space])
        ]
        if not receivers:
            self.notify(tr("unicornus_ui.notify.nobody_near"), severity="warning")
            return
        form = [
            FormField(
                "receiver",
                Msg("unicornus_ui.form.receiver"),
                kind="choice",
                value=receivers[0].id,
                # how many tokens each can still lead: more are discarded (§4 Transport)
                choices=tuple(
                    (
                        h.id,
                        Msg(
                            "unicornus_ui.form.receiver_room",
                            {"name": views.name(h.name), "tokens": h.tokens, "command": h.command},
                        ),
                    )
                    for h in receivers
                ),
            ),
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

        def command(values) -> list:
            return [Transport(hero.id, values["receiver"], values["tokens"], values["supplies"])]

        def done(values) -> None:
            self.busy = False
            if values:
                self.do(command(values)[0])

        self.busy = True
        self.app.push_screen(
            CheckedForm(
                Msg("unicornus_ui.form.transport", {"hero": views.name(hero.name)}),
                form,
                s,
                command,
                lambda _cmd, exc: TRANSPORT_BLAME.get(exc.message.key, "tokens"),
            ),
            done,
        )

    # --- map helpers ---
    def action_path(self) -> None:
        self.show_path = not self.show_path
        self.refresh_view()

    def action_next_unit(self) -> None:
        s = self.state
        spaces = sorted({h.space for h in s.heroes if h.on_board} | {u.space for u in s.units})
        if not spaces:
            return
        later = [x for x in spaces if x > self.map.cursor]
        self.map.move_to((later or spaces)[0])

    def action_leave(self) -> None:
        if not self.cancel():
            super().action_leave()

    def cancel(self) -> bool:
        if self.mode:
            self.mode = ""
            self.refresh_view()
            return True
        return False

    # --- choices: ask the table, or pick and say so (§5.3) ---
    def _is_space(self, value) -> bool:
        """An option that is a space of the map (a yes/no option is a bool, also an int)."""
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and 0 <= value < len(self.state.board)
        )

    def ask(
        self,
        choice: Choice,
        then,
        title: Msg | None = None,
        tie: bool = True,
        note=None,
    ) -> None:
        """``then(value)`` with the table's pick; ties with the "auto" setting take
        :func:`auto_pick`, say so and log it as a step (never hidden, §5.3). ``note(option,
        auto)`` gives the log line that records the pick (a ``Note`` step the screen reads
        back after a resume). Escape leaves things as they are."""
        if tie and self.app.ties == "auto":
            option = auto_pick(choice)
            line = (
                note(option, True)
                if note is not None
                else Msg("unicornus_ui.pick.tie", {"reason": choice.reason, "pick": option.label})
            )
            self.notify(
                tr(
                    Msg(
                        "unicornus_ui.notify.auto_pick",
                        {"reason": choice.reason, "pick": option.label},
                    )
                )
            )
            if self.do(Note.of(line)):
                then(option.value)
            return
        self.busy = True
        spaces = [o.value for o in choice.options if self._is_space(o.value)]
        self.preview = set(spaces)
        self.refresh_view()

        def done(value) -> None:
            self.busy = False
            self.preview = set()
            if value is None:
                self.refresh_view()
                return
            if note is not None:
                option = next(o for o in choice.options if o.value == value)
                if not self.do(Note.of(note(option, False))):
                    return
            then(value)
            self.refresh_all()

        def highlight(value) -> None:
            if self._is_space(value):
                self.map.move_to(value)

        self.app.push_screen(MapChoice(choice, title, highlight), done)

    # --- the next thing the table does ---
    def action_next(self) -> None:
        if self.busy:
            return
        s = self.state
        if s.outcome:
            self.notify(tr(Msg(f"unicornus.outcome.{s.outcome}", {"round": s.round})))
            return
        self.mode = ""
        if s.phase == "empire" and s.empire_moved:
            offer = self.retreat_offer()
            if offer is not None:
                self.offer_retreat(*offer)
                return
        if s.fate_pending:
            self.fate_prompt(s.fate_pending[0])
            return
        if s.battles:
            self.open_battle(s.battles[0].space)
            return
        if s.phase == "round_start":
            self.do(BeginRound())
        elif s.phase == "event":
            self.do(RevealEvent(s.deck[0].id if s.deck else ""))
        elif s.phase == "players":
            self.do(EndTurn())
        elif s.phase == "princess":
            self.princess_next()
        elif s.phase == "empire":
            self.empire_next()
        elif s.phase == "round_end":
            if s.replace_due and s.reserve:
                self.replace_character(s.replace_due[0])
            else:
                self.do(EndRound())

    def action_enter_event(self) -> None:
        """The table turned over a card other than the app's top card: say which."""
        s = self.state
        if s.phase != "event" or self.busy or len(s.deck) < 2:
            return
        choice = Choice(
            Msg("unicornus_ui.choice.event"),
            tuple(
                Option(
                    e.id,
                    Msg(
                        "unicornus_ui.choice.event_option",
                        {"name": views.name(e.name), "level": e.level},
                    ),
                )
                for e in s.deck
            ),
        )
        self.ask(choice, lambda v: self.do(RevealEvent(v)), tie=False)

    # Princess (§5.1)
    def princess_next(self) -> None:
        steps = plan_princess(self.state).steps
        if not steps:
            self.notify(tr("unicornus_ui.banner.princess_none"), severity="warning")
            return
        step = steps[0]
        if step.choice is not None:
            self.ask(step.choice, self._princess_move, Msg("unicornus_ui.choice.princess"))
            return
        if step.action == "move":
            self._princess_move(step.to)
        else:
            self.do(PrincessAct("procure"))

    def _princess_move(self, to: int) -> None:
        if self.do(PrincessAct("move", to)):
            self.map.move_to(to)
            if any(b.space == to for b in self.state.battles):
                self.open_battle(to)

    # Empire (§5.2)
    def empire_state(self) -> tuple[EmpirePlan, tuple | None]:
        """The plan with the table's picks so far, and the next open item: ``("step",
        origin, Choice)`` or ``("conflict", space, Choice)``; None when ready to move."""
        s = self.state
        picks = self.empire_picks
        plan = plan_empire(s, self.empire_forbid)
        for st in plan.steps:
            if st.choice is not None and st.unit not in picks:
                return plan, ("step", st.unit, st.choice)
        wanted: dict[int, list[int]] = {}
        for st in plan.steps:
            to = picks.get(st.unit, st.to)
            unit = s.unit_at(st.unit)
            if to >= 0 and unit is not None and unit.leader:
                wanted.setdefault(to, []).append(st.unit)
        for space, origins in sorted(wanted.items()):
            if len(origins) > 1:
                choice = Choice(
                    Msg(
                        "unicornus.empire.conflict",
                        {"space": space_label(s, space)},
                    ),
                    tuple(
                        Option(
                            o,
                            Msg(
                                "unicornus.empire.unit_option",
                                {
                                    "name": Msg(
                                        "unicornus.name",
                                        dict(
                                            zip(
                                                ("en", "ja"),
                                                s.imp(s.unit_at(o).leader).name,
                                                strict=False,
                                            )
                                        ),
                                    ),
                                    "space": space_label(s, o),
                                },
                            ),
                        )
                        for o in sorted(origins)
                    ),
                )
                return plan, ("conflict", space, choice, tuple(sorted(origins)))
        return plan, None

    # the table's choices of this round, read back from the log (Note steps)
    def round_notes(self) -> list[Msg]:
        """The Notes logged since this round began (up to the undo cursor)."""
        log = self.session.log
        out = []
        for cmd in reversed(log.commands()[: log.cursor]):
            if isinstance(cmd, BeginRound):
                break
            if isinstance(cmd, Note):
                try:
                    out.append(cmd.message)
                except ValueError:
                    continue
        out.reverse()
        return out

    @property
    def empire_picks(self) -> dict[int, int]:
        """The table's (or the app's) pick for each tied imperial unit: origin -> space."""
        picks: dict[int, int] = {}
        for m in self.round_notes():
            if m.key in ("unicornus_ui.pick.empire_step", "unicornus_ui.pick.empire_step_auto"):
                picks[int(m.params["unit"])] = int(m.params["to"])
            elif m.key in ("unicornus_ui.pick.conflict", "unicornus_ui.pick.conflict_auto"):
                for o in m.params.get("losers", ()):
                    picks.pop(int(o), None)
        return picks

    @property
    def empire_forbid(self) -> tuple[tuple[int, int], ...]:
        """(origin, space) of every conflict loser (§5.2: it looks elsewhere)."""
        out: list[tuple[int, int]] = []
        for m in self.round_notes():
            if m.key in ("unicornus_ui.pick.conflict", "unicornus_ui.pick.conflict_auto"):
                out += [(int(o), int(m.params["at"])) for o in m.params.get("losers", ())]
        return tuple(out)

    @property
    def retreat_asked(self) -> set[str]:
        """The attacked characters who already chose to stay and fight this round."""
        return {
            str(m.params["who"])
            for m in self.round_notes()
            if m.key == "unicornus_ui.pick.no_retreat"
        }

    def empire_next(self) -> None:
        s = self.state
        if s.empire_moved:
            self.do(EndEmpire())
            self.merges = []
            return
        plan, open_item = self.empire_state()
        if open_item is not None:
            if open_item[0] == "step":
                origin, choice = open_item[1], open_item[2]

                def step_note(option, auto: bool) -> Msg:
                    key = "unicornus_ui.pick.empire_step" + ("_auto" if auto else "")
                    return Msg(
                        key,
                        {
                            "origin": views.space_name(s, origin),
                            "reason": choice.reason,
                            "pick": option.label,
                            "round": s.round,
                            "unit": origin,
                            "to": option.value,
                        },
                    )

                unit = s.unit_at(origin)
                leader = s.imp(unit.leader) if unit is not None and unit.leader else None
                who = (
                    views.name(leader.name)
                    if leader is not None
                    else Msg("unicornus_forms.battle.leaderless")
                )
                self.ask(
                    choice,
                    lambda _v: self.refresh_view(),
                    # which unit: the plan beside may show another one first
                    Msg(
                        "unicornus_ui.choice.empire_step",
                        {"unit": who, "origin": views.space_name(s, origin)},
                    ),
                    note=step_note,
                )
            else:
                space, choice, origins = open_item[1], open_item[2], open_item[3]

                def conflict_note(option, auto: bool) -> Msg:
                    key = "unicornus_ui.pick.conflict" + ("_auto" if auto else "")
                    return Msg(
                        key,
                        {
                            "space": views.space_name(s, space),
                            "pick": option.label,
                            "round": s.round,
                            "at": space,
                            "winner": option.value,
                            "losers": [o for o in origins if o != option.value],
                        },
                    )

                self.ask(
                    choice,
                    lambda _v: self.refresh_view(),
                    Msg("unicornus_ui.choice.empire_conflict"),
                    note=conflict_note,
                )
            return
        picks = self.empire_picks
        moves = tuple(
            (st.unit, picks.get(st.unit, st.to))
            for st in plan.steps
            if picks.get(st.unit, st.to) >= 0
        )
        merges = self._merges(moves)
        if self.do(MoveEmpire(moves)):
            self.merges = merges
            self.refresh_view()

    def _merges(self, moves) -> list[Msg]:
        """§5.2 Merging, said before it happens: units that will share a space."""
        s = self.state
        moved = dict(moves)
        where: dict[int, list] = {}
        for u in s.units:
            where.setdefault(moved.get(u.space, u.space), []).append(u)
        out = []
        for space, units in sorted(where.items()):
            if len(units) > 1:
                parts = ", ".join(views._plain_unit(s, u) for u in units)
                total = sum(u.tokens for u in units)
                out.append(
                    Msg(
                        "unicornus_ui.empire.merge",
                        {
                            "space": views.space_name(s, space),
                            "units": parts,
                            "tokens": count("token", total),
                        },
                    )
                )
        return out

    def retreat_offer(self):
        """The next attacked character who may retreat before the battle (§5.2) and was not
        asked yet: (battle, [(space, cost)])."""
        s = self.state
        for b in s.battles:
            if b.attacker != "empire" or b.rolled or b.hero == PRINCESS:
                continue
            if b.hero in self.retreat_asked:
                continue
            hero = s.hero(b.hero)
            opts = []
            for n in s.board.adj[hero.space]:
                if n in b.origins or s.board.impassable[n] or s.hero_at(n) or s.unit_at(n):
                    continue
                cost = move_cost(s, hero.tokens, n) + 2
                if cost <= hero.supplies:
                    opts.append((n, cost))
            if opts:
                return b, opts
        return None

    def offer_retreat(self, battle, opts) -> None:
        s = self.state
        hero = s.hero(battle.hero)
        choice = Choice(
            Msg(
                "unicornus_ui.choice.retreat",
                {"hero": views.name(hero.name), "space": views.space_name(s, battle.space)},
            ),
            (Option(-1, Msg("unicornus_ui.choice.stay")),)
            + tuple(
                Option(
                    n,
                    Msg(
                        "unicornus_ui.choice.retreat_to",
                        {"space": space_label(s, n), "cost": count("supply", c)},
                    ),
                )
                for n, c in opts
            ),
        )

        def then(to: int) -> None:
            if to >= 0:
                self.do(RetreatBeforeBattle(hero.id, to))
            else:  # logged, so a resumed game does not offer it again
                self.do(
                    Note.of(
                        Msg(
                            "unicornus_ui.pick.no_retreat",
                            {
                                "hero": Msg(
                                    "unicornus.name", {"en": hero.name[0], "ja": hero.name[1]}
                                ),
                                "space": views.space_name(s, battle.space),
                                "round": s.round,
                                "who": hero.id,
                            },
                        )
                    )
                )

        self.ask(choice, then, Msg("unicornus_ui.choice.retreat_title"), tie=False)

    # Fate (§7)
    def fate_prompt(self, cid: str) -> None:
        s = self.state
        pick = fate_pick(s, cid)

        def with_hero(hid: str) -> None:
            imp = views.name(self.state.imp(cid).name)
            hero = views.name(self.state.hero(hid).name)
            choice = Choice(
                Msg("unicornus_ui.choice.fate", {"imperial": imp, "hero": hero}),
                (
                    Option(
                        False,
                        Msg("unicornus_ui.choice.fate_bound", {"imperial": imp, "hero": hero}),
                    ),
                    Option(
                        True, Msg("unicornus_ui.choice.fate_ally", {"imperial": imp, "hero": hero})
                    ),
                ),
            )
            self.ask(
                choice,
                lambda ally: self.do(DrawFate(cid, hid, bool(ally))),
                Msg("unicornus_ui.choice.fate_title"),
                tie=False,
            )

        if isinstance(pick, str):
            with_hero(pick)
        else:
            self.ask(pick, lambda hid: self.call_after_refresh(with_hero, hid))

    # Battles (§6): the battle helper
    def open_battle(self, space: int) -> None:
        try:
            from .battle_helper import BattleHelper
        except ImportError:
            self.notify(tr("unicornus_ui.notify.no_battle_helper"), severity="warning")
            return
        self.busy = True

        def done(_resolved) -> None:
            self.busy = False
            self.refresh_all()

        self.app.push_screen(BattleHelper(self, space), done)

    # Round end (§9): a replacement for a dead character
    def replace_character(self, seat: int) -> None:
        s = self.state
        free = [
            i
            for i, m in enumerate(s.board.start)
            if m and m != "goal" and not s.unit_at(i) and not s.hero_at(i)
        ]
        if not free:
            self.notify(tr("unicornus_ui.notify.no_start"), severity="warning")
            return
        chars = [(h.id, views.name(h.name)) for h in s.reserve]
        form = [
            # numbered: a character's id is English, typed from a Japanese keyboard too
            numbered("character", "unicornus_ui.form.character", chars, s.reserve[0].id),
            FormField(
                "space",
                Msg("unicornus_ui.form.space"),
                kind="choice",
                value=s.board.names[free[0]],
                choices=tuple(
                    (s.board.names[i], Msg("unicornus_ui.form.start_space")) for i in free
                ),
            ),
        ]

        def command(values) -> list:
            who = chars[values["character"] - 1][0]
            return [ReplaceCharacter(seat, who, s.board.names.index(values["space"]))]

        def done(values) -> None:
            self.busy = False
            if values:
                self.do(command(values)[0])

        self.busy = True
        self.app.push_screen(
            CheckedForm(Msg("unicornus_ui.form.replace", {"seat": seat + 1}), form, s, command),
            done,
        )

    # --- corrections: any value of any unit or space ---
    def action_correct(self) -> None:
        if self.busy:
            return
        self.busy = True

        def done(cmds) -> None:
            self.busy = False
            if cmds:
                self.do(*cmds)
            else:
                self.refresh_all()

        correction_menu(self, self.map.cursor, done)


def legend() -> Text:
    """The map's marks, in their own colours (shown under the map)."""
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
        (tr("unicornus_ui.legend.defence"), None),
    ):
        out.append(text, style=style or "")
    return out
