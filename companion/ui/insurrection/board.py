"""The screen a group keeps open while playing Insurrection (spec §3, §4, §7).

One key per step of the round, in the order the table plays it; ``space`` always does the next
step the prompt line names. Every change is a command on the step log (undo: ctrl+z).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header, Static

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr, tr_name
from companion.core.plan import Choice, Option
from companion.games.insurrection import engine
from companion.games.insurrection.catalog import (
    Exchange,
    InsurrectionCatalog,
    TakeFaceUp,
    load,
)
from companion.games.insurrection.commands import (
    CorrectCount,
    CorrectMove,
    CorrectOutcome,
    CorrectProgress,
    Draw,
    EnterHand,
    March,
    Play,
    Remove,
    ResolveEffect,
    Scout,
    Take,
    UseLand,
)
from companion.games.insurrection.scoring import apply_effect, name_msg
from companion.games.insurrection.state import InsurrectionState
from companion.ui.dialogs import ChoiceDialog, FormDialog, FormField
from companion.ui.game_screen import GameScreen
from companion.ui.insurrection import views
from companion.ui.insurrection.cards import label, land_name, listed, name
from companion.ui.insurrection.picker import CardPicker, Pick
from companion.ui.insurrection.secret import PassTo, ShowHand
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog

NOT_USED = "__not_used__"
TAKE_BACK = "__take_back__"

# The phases each key works in (others hide it from the footer).
_KEY_PHASES = {
    "march": ("setup", "march"),
    "prepare": ("prepare", "choose"),
    "land": ("turns",),
    "remove": ("turns",),
    "scout": ("turns",),
    "take": ("turns",),
    "hands": ("hands", "effects", "over"),
    "effect": ("effects",),
    "scores": ("over",),
    # with the virtual deck only the app knows the hands; at the end they are on the table
    "my_hand": ("setup", "march", "prepare", "choose", "turns"),
}


def all_cards_picks(cat: InsurrectionCatalog) -> list[Pick]:
    """Every card of the catalog, any number of each (hands at the end, the quick score)."""
    return [
        Pick(c.id, label(cat, c.id), search=" ".join(c.name.values()))
        for c in (*cat.persons, *cat.leaders)
    ]


def unseen_picks(state: InsurrectionState, taken: list[str] = ()) -> list[Pick]:  # type: ignore[assignment]
    """Cards the table has not seen yet, with how many copies are left (for reveals)."""
    cat = state.catalog
    comp = state.deck_composition()
    return [
        Pick(
            p.id,
            label(cat, p.id),
            search=" ".join(p.name.values()),
            available=comp.get(p.id, 0) - list(taken).count(p.id),
        )
        for p in cat.persons
        if comp.get(p.id, 0) - list(taken).count(p.id) > 0
    ]


class InsurrectionScreen(GameScreen):
    CSS_PATH = "board.tcss"
    BINDINGS = [
        Binding("space", "next", "insurrection_ui.key.next"),
        Binding("m", "march", "insurrection_ui.key.march"),
        Binding("p", "prepare", "insurrection_ui.key.prepare"),
        Binding("l", "land", "insurrection_ui.key.land"),
        Binding("r", "remove", "insurrection_ui.key.remove"),
        Binding("s", "scout", "insurrection_ui.key.scout"),
        Binding("t", "take", "insurrection_ui.key.take"),
        Binding("h", "hands", "insurrection_ui.key.hands"),
        Binding("e", "effect", "insurrection_ui.key.effect"),
        Binding("f", "scores", "insurrection_ui.key.scores"),
        Binding("c", "correct", "insurrection_ui.key.correct"),
        Binding("y", "my_hand", "insurrection_ui.key.my_hand"),
    ]

    def __init__(self, session: Any, **kwargs) -> None:
        super().__init__(session, **kwargs)
        self._scores_shown_at: int | None = None

    # layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="top"):
            yield Static(id="round")
            yield Static(id="path")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Static(id="area")
                yield Static(id="meter")
                yield Static(id="leave-ten")
                yield Static(id="forecast")
                yield Static(id="deck")
            with Vertical(id="right"):
                yield Static(id="turns")
                yield Static(id="hands")
                yield GameLog(id="log")
        yield Static(id="next")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.session.title
        # the default title already names the game: "インサレクション … — インサレクション" read twice
        game = tr("insurrection_ui.title")
        self.sub_title = "" if game in self.title else game
        self.query_one("#area").border_title = tr("insurrection_ui.area.title")
        self.query_one("#turns").border_title = tr("insurrection_ui.turns.title")
        self.query_one("#hands").border_title = tr("insurrection_ui.hand.title")
        self.query_one("#deck").border_title = tr("insurrection_ui.deck.title")
        super().on_mount()

    @property
    def catalog_label(self) -> str:
        if self.session.catalog_name == "demo":
            return tr("insurrection_ui.catalog.demo")
        return tr("insurrection_ui.catalog.box")

    def refresh_view(self) -> None:
        state = self.state
        self.query_one("#round", Static).update(views.round_line(state, self.catalog_label))
        self.query_one("#path", Static).update(views.path_line(state))
        self.query_one("#area", Static).update(views.area_rows(state))
        self.query_one("#meter", Static).update(views.meter(state))
        leave = views.leave_ten(state)
        leave_widget = self.query_one("#leave-ten", Static)
        leave_widget.update(leave or "")
        leave_widget.display = leave is not None
        self.query_one("#forecast", Static).update(views.forecast_line(state))
        self.query_one("#deck", Static).update(views.deck_panel(state))
        self.query_one("#turns", Static).update(views.turns_panel(state))
        self.query_one("#hands", Static).update(views.hands_panel(state))
        self.query_one("#next", Static).update(Text(tr(self.prompt())))  # "[m]" is not markup
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phases = _KEY_PHASES.get(action)
        if phases is None:
            return True
        if self.state.phase not in phases:
            return False
        if action == "land":
            return self._land_has_effect()
        if action == "my_hand":
            return self.state.virtual
        turn = self.state.current
        if action == "remove" and turn is not None:
            return bool(self.state.catalog.card(turn.card).remove) and not turn.removed
        if action == "scout" and turn is not None:
            return bool(self.state.catalog.card(turn.card).scout) and not turn.scouted
        return True

    def _land_has_effect(self) -> bool:
        state = self.state
        if state.land_id is None:
            return False
        land = state.catalog.land(state.land_id)
        return land.kind == "advanced" or land.effect is not None

    # the prompt line: what comes next ---------------------------------------------------
    def prompt(self) -> Msg:
        state = self.state
        cat = state.catalog
        phase = state.phase
        if phase in ("setup", "march"):
            nxt = state.path[state.token + 1]
            reveal = min(cat.land(nxt).reveal or 0, state.deck_count)
            return msg(
                "insurrection_ui.next.march",
                round=state.round + 1,
                land=land_name(cat, nxt),
                count=reveal,
            )
        if phase == "prepare":
            return msg("insurrection_ui.next.prepare")
        if phase == "choose":
            return msg("insurrection_ui.next.choose")
        if phase == "turns":
            turn = state.current
            assert turn is not None
            card = cat.card(turn.card)
            parts = []
            if self._land_has_effect() and not (turn.land_used or turn.removed or turn.scouted):
                parts.append(tr("insurrection_ui.next.land"))
            if card.remove and not turn.removed:
                parts.append(tr("insurrection_ui.next.remove"))
            if card.scout and not turn.scouted:
                parts.append(tr("insurrection_ui.next.scout"))
            if engine.allowed_takes(state)[1]:
                parts.append(
                    tr(
                        msg(
                            "insurrection_ui.next.take_back",
                            player=turn.player,
                            card=name(cat, turn.card),
                        )
                    )
                )
            else:
                parts.append(tr("insurrection_ui.next.take"))
            return msg(
                "insurrection_ui.next.turn",
                player=turn.player,
                card=name(cat, turn.card),
                initiative=card.initiative if card.initiative is not None else "?",
                steps=" · ".join(parts),
            )
        if phase == "hands":
            left = [p for p in state.players if p not in state.final_hands]
            return msg(
                "insurrection_ui.next.hands",
                outcome=Msg(f"insurrection.outcome.{state.outcome}"),
                players=listed(left),
            )
        if phase == "effects":
            due = engine.next_effect(state)
            if due is not None:
                return msg("insurrection_ui.next.effect", player=due[0], card=name(cat, due[1]))
        return msg(
            "insurrection_ui.next.over", outcome=Msg(f"insurrection.outcome.{state.outcome}")
        )

    def action_next(self) -> None:
        phase = self.state.phase
        step: dict[str, Callable[[], None]] = {
            "setup": self.action_march,
            "march": self.action_march,
            "prepare": self.action_prepare,
            "choose": self.action_prepare,
            "turns": self.action_take,
            "hands": self.action_hands,
            "effects": self.action_effect,
            "over": self.action_scores,
        }
        step[phase]()

    # round: March and Prepare -------------------------------------------------------------
    def action_march(self) -> None:
        state = self.state
        if state.phase not in ("setup", "march"):
            return
        land = state.catalog.land(state.path[state.token + 1])
        count = min(land.reveal or 0, state.deck_count)
        if state.virtual:  # the app turns them up; named so the log says which
            self.do(March(cards=tuple(state.deck[:count])))
            return
        if count == 0:
            self.do(March(cards=()))
            return

        def done(cards: tuple[str, ...] | None) -> None:
            if cards is not None:
                self.do(March(cards=cards))

        self.app.push_screen(
            CardPicker(
                msg(
                    "insurrection_ui.pick.reveal",
                    count=count,
                    land=land_name(state.catalog, land.id),
                ),
                unseen_picks(state),
                count=count,
                intro=Msg("insurrection_ui.pick.reveal_intro"),
            ),
            done,
        )

    def action_prepare(self) -> None:
        if self.state.phase == "prepare":
            if not self.do(Draw()):
                return
        if self.state.phase == "choose":
            self._ask_played([], list(self.state.players))

    def _play_picks(self, player: str, taken: list[str]) -> list[Pick]:
        """What ``player`` may have revealed: cards in hand the app knows of, unseen persons
        (a physical deck), and a leader not yet seen."""
        state = self.state
        cat = state.catalog
        hand = state.hand(player)
        picks: list[Pick] = []
        known = list(hand.known) + (list(hand.secret) if state.virtual else [])
        seen_ids = set()
        for cid in dict.fromkeys(known):
            picks.append(
                Pick(
                    cid,
                    label(cat, cid),
                    search=" ".join(cat.card(cid).name.values()),
                    available=known.count(cid),
                    note=tr("insurrection_ui.pick.in_hand"),
                )
            )
            seen_ids.add(cid)
        if state.virtual:
            return picks
        if hand.hidden > 0:
            picks += [p for p in unseen_picks(state, taken) if p.id not in seen_ids]
        own_leader = any(cat.is_leader(c) for c in hand.known)
        if not own_leader:
            elsewhere = {c for h in state.hands for c in h.known} | set(state.area)
            elsewhere |= set(state.graveyard) | set(taken)
            picks += [
                Pick(c.id, label(cat, c.id), search=" ".join(c.name.values()))
                for c in cat.leaders
                if c.id not in elsewhere
            ]
        return picks

    def _ask_played(self, cards: list[str], left: list[str]) -> None:
        """One picker per player, in seat order; all at once into one Play step."""
        if not left:
            if self.do(Play(cards=tuple(cards))) and self.state.virtual:
                self.notify(
                    tr("insurrection_ui.secret.revealed"),
                    title=tr("insurrection_ui.secret.reveal_title"),
                )
            return
        player = left[0]

        def done(picked: tuple[str, ...] | None) -> None:
            if picked:
                self._ask_played([*cards, picked[0]], left[1:])

        def pick() -> None:
            self.app.push_screen(
                CardPicker(
                    msg(
                        "insurrection_ui.pick.chosen" if virtual else "insurrection_ui.pick.played",
                        player=player,
                    ),
                    self._play_picks(player, cards),
                    count=1,
                    intro=Msg(
                        "insurrection_ui.pick.chosen_intro"
                        if virtual
                        else "insurrection_ui.pick.played_intro"
                    ),
                ),
                done,
            )

        virtual = self.state.virtual
        if not virtual:
            pick()
            return
        # §3.2: everyone chooses in secret; only the app knows the hands, so each player
        # takes the keyboard in turn behind a screen that hides the board.
        body = (
            msg("insurrection_ui.secret.choose_next", player=player, done=len(cards))
            if cards
            else msg("insurrection_ui.secret.choose", player=player)
        )
        self.app.push_screen(
            PassTo(msg("insurrection_ui.secret.pass", player=player), body),
            lambda ready: ready and pick(),
        )

    # "show me my hand" (virtual deck) -----------------------------------------------------
    def action_my_hand(self) -> None:
        """Whose hand; pass the keyboard to that player; the hand; hidden again (§3.2: the
        hands are secret, and with the app's deck the app alone holds them)."""
        if not self.check_action("my_hand", ()):
            return
        players = self.state.players
        choice = Choice(
            Msg("insurrection_ui.secret.whose"),
            tuple(Option(p, Msg("insurrection.name", {"en": p, "ja": p})) for p in players),
        )

        def show(player: str) -> None:
            state = self.state
            self.app.push_screen(
                ShowHand(player, state.catalog, engine.prefill(state, player)),
                lambda _: self.notify(tr("insurrection_ui.secret.hand_hidden")),
            )

        def chosen(player: str | None) -> None:
            if player is None:
                return
            self.app.push_screen(
                PassTo(
                    msg("insurrection_ui.secret.pass", player=player),
                    msg("insurrection_ui.secret.hand", player=player),
                ),
                lambda ready: ready and show(player),
            )

        self.app.push_screen(ChoiceDialog(choice, Msg("insurrection_ui.secret.hand_key")), chosen)

    # a turn --------------------------------------------------------------------------------
    def action_land(self) -> None:
        if not self.check_action("land", ()):
            return
        land = self.state.catalog.land(self.state.land_id or "")
        effect = land.effect.get("en", "") if land.effect else ""

        def done(values: dict | None) -> None:
            if values is not None:
                self.do(UseLand(note=values["note"] or "", player=self._player()))

        self.app.push_screen(
            FormDialog(
                msg("insurrection_ui.land.title", land=land_name(self.state.catalog, land.id)),
                [
                    FormField(
                        "note",
                        Msg("insurrection_ui.land.note"),
                        kind="text",
                        optional=True,
                    )
                ],
                intro=msg("insurrection_ui.land.effect", effect=tr_name(land.effect, effect)),
            ),
            done,
        )

    def _player(self) -> str | None:
        """Whose turn it is (the steps of a turn name the player, for the log)."""
        turn = self.state.current
        return turn.player if turn is not None else None

    def _trial(self, cmd: Any) -> str | None:
        """Why the engine would refuse ``cmd`` now (None: it would be accepted)."""
        try:
            engine.apply(self.state, cmd)
        except CompanionError as exc:
            return str(exc)
        return None

    def action_remove(self) -> None:
        if not self.check_action("remove", ()):
            return
        state = self.state
        cat = state.catalog
        if not state.area:
            self.notify(tr("insurrection_ui.area.empty"), severity="warning")
            return
        picks = [
            Pick(
                cid,
                label(cat, cid),
                search=" ".join(cat.card(cid).name.values()),
                note=tr(
                    msg(
                        "insurrection_ui.pick.tally_after",
                        tally=state.tally - (cat.card(cid).corruption or 0),
                    )
                ),
                refused=self._trial(Remove(target=cid, player=self._player())),
            )
            for cid in dict.fromkeys(state.area)
        ]

        def done(picked: tuple[str, ...] | None) -> None:
            if picked:
                self.do(Remove(target=picked[0], player=self._player()))

        self.app.push_screen(CardPicker(Msg("insurrection_ui.pick.remove"), picks, count=1), done)

    def action_scout(self) -> None:
        if not self.check_action("scout", ()):
            return
        state = self.state
        player = self._player()
        if state.deck_count <= 0:
            self.notify(tr("insurrection_ui.deck.empty"), severity="warning")
            return
        if state.virtual:  # §3.3: the look at the top card is secret: pass the laptop
            cat = state.catalog
            top = state.deck[0]
            self.app.push_screen(
                PassTo(
                    msg("insurrection_ui.secret.pass", player=player),
                    msg("insurrection_ui.secret.scout", player=player),
                ),
                lambda ready: ready and self._ask_scout(player, label(cat, top)),
            )
            return
        self._ask_scout(player, None)

    def _ask_scout(self, player: str | None, seen: str | None) -> None:
        """Bottom or face up; ``seen``: the top card, shown to the scouting player alone."""
        reason = Msg("insurrection_ui.scout.reason")
        if seen is not None:
            reason = msg("insurrection_ui.scout.seen", player=player, card=seen)
        choice = Choice(
            reason,
            (
                Option("bottom", Msg("insurrection_ui.scout.bottom")),
                Option("face_up", Msg("insurrection_ui.scout.face_up")),
            ),
        )

        def chosen(where: str | None) -> None:
            if where == "bottom":
                self.do(Scout(face_up=False, player=player))
            elif where == "face_up":
                if self.state.virtual:
                    self.do(Scout(face_up=True, card=self.state.deck[0], player=player))
                    return
                self.app.push_screen(
                    CardPicker(
                        Msg("insurrection_ui.pick.scouted"), unseen_picks(self.state), count=1
                    ),
                    lambda picked: (
                        picked and self.do(Scout(face_up=True, card=picked[0], player=player))
                    ),
                )

        self.app.push_screen(ChoiceDialog(choice, Msg("insurrection_ui.scout.title")), chosen)

    def action_take(self) -> None:
        state = self.state
        if state.phase != "turns":
            return
        turn = state.current
        assert turn is not None
        cat = state.catalog
        takes, back = engine.allowed_takes(state)
        player = turn.player
        if back or not state.area:
            # §3: after an Evil win, taking back is the only way to keep 10 marks face up;
            # or there is nothing face up to take. One step, said plainly; Enter does it.
            if back:
                reason = msg(
                    "insurrection_ui.take.forced_back",
                    player=player,
                    card=name(cat, turn.card),
                    tally=state.tally,
                )
                step = msg("insurrection_ui.take.back_do", card=name(cat, turn.card))
                cmd = Take(back=True, player=player)
            else:
                reason = msg("insurrection_ui.take.nothing", card=name(cat, turn.card))
                step = msg("insurrection_ui.take.nothing_do", card=name(cat, turn.card))
                cmd = Take(card=None, player=player)
            choice = Choice(
                reason, (Option("do", step), Option("wait", Msg("insurrection_ui.take.not_now")))
            )
            self.app.push_screen(
                ChoiceDialog(choice, msg("insurrection_ui.pick.take", player=player)),
                lambda v: v == "do" and self.do(cmd),
            )
            return
        options = engine.end_turn_options(state)
        picks = [
            Pick(
                cid,
                label(cat, cid),
                search=" ".join(cat.card(cid).name.values()),
                note=tr(msg("insurrection_ui.pick.tally_after", tally=options[cid])),
                refused=None
                if cid in takes
                else tr(msg("insurrection_ui.take.refused", tally=options[cid])),
            )
            for cid in dict.fromkeys(state.area)
        ]
        if state.evil_won and not state.options.take_back_only_if_forced:
            picks.append(Pick(TAKE_BACK, tr("insurrection_ui.take.back_label")))

        def done(picked: tuple[str, ...] | None) -> None:
            if not picked:
                return
            if picked[0] == TAKE_BACK:
                self.do(Take(back=True, player=player))
            else:
                self.do(Take(card=picked[0], player=player))

        intro = msg("insurrection_ui.take.intro", card=name(cat, turn.card))
        self.app.push_screen(
            CardPicker(
                msg("insurrection_ui.pick.take", player=turn.player), picks, count=1, intro=intro
            ),
            done,
        )

    # end of game ----------------------------------------------------------------------
    def action_hands(self) -> None:
        state = self.state
        if state.phase not in ("hands", "effects", "over"):
            return
        # the players still to enter first; with all entered, go round again to correct
        order = [p for p in state.players if p not in state.final_hands] or list(state.players)
        self._ask_hand(order)

    def _ask_hand(self, left: list[str]) -> None:
        if not left:
            if self.state.phase == "effects":
                self.action_effect()
            elif self.state.phase == "over":
                self.action_scores()
            return
        player = left[0]
        state = self.state
        initial = state.final_hands.get(player) or engine.prefill(state, player)

        def done(cards: tuple[str, ...] | None) -> None:
            if cards is None:
                return
            if self.do(EnterHand(player=player, cards=cards)):
                self._ask_hand(left[1:])

        self.app.push_screen(
            CardPicker(
                msg("insurrection_ui.pick.hand", player=player),
                all_cards_picks(state.catalog),
                count=None,
                initial=tuple(initial),
                intro=msg("insurrection_ui.pick.hand_count", count=state.hand_size(player)),
                expected=state.hand_size(player),
            ),
            done,
        )

    def _effect_position(self):
        state = self.state
        pos = engine.end_position(state)
        for earlier in state.effects:
            pos, _ = apply_effect(state.catalog, pos, earlier)
        return pos

    def action_effect(self) -> None:
        state = self.state
        due = engine.next_effect(state) if state.phase == "effects" else None
        if due is None:
            return
        player, card = due
        cat = state.catalog
        effect = cat.card(card).end_effect
        pos = self._effect_position()
        face_up = list(dict.fromkeys(pos.face_up))
        if isinstance(effect, TakeFaceUp) and effect.icon is not None:
            face_up = [c for c in face_up if effect.icon in (cat.card(c).icons or [])]
        picks = [Pick(NOT_USED, tr("insurrection_ui.effect.not_used"))] + [
            Pick(c, label(cat, c), search=" ".join(cat.card(c).name.values())) for c in face_up
        ]
        intro = msg(
            "insurrection_ui.effect.intro",
            player=player,
            card=name_msg(cat.card(card).name),
            kind=Msg(
                f"insurrection_ui.effect.{effect.kind}"
                if effect
                else "insurrection_ui.effect.exchange"
            ),
        )

        def took(picked: tuple[str, ...] | None) -> None:
            if not picked:
                return
            if picked[0] == NOT_USED:
                self.do(ResolveEffect(player=player, card=card))
            elif isinstance(effect, Exchange):
                hand = [*pos.hand(player), picked[0]]
                self.app.push_screen(
                    CardPicker(
                        msg("insurrection_ui.pick.give", player=player),
                        [
                            Pick(c, label(cat, c), search=" ".join(cat.card(c).name.values()))
                            for c in dict.fromkeys(hand)
                        ],
                        count=1,
                    ),
                    lambda gave: (
                        gave
                        and self.do(
                            ResolveEffect(player=player, card=card, take=picked[0], give=gave[0])
                        )
                    ),
                )
                return
            else:
                self.do(ResolveEffect(player=player, card=card, take=picked[0]))
            if self.state.phase == "over":
                self.action_scores()
            elif self.state.phase == "effects":
                self.action_effect()

        self.app.push_screen(
            CardPicker(
                msg("insurrection_ui.pick.effect", player=player, card=name(cat, card)),
                picks,
                count=1,
                intro=intro,
            ),
            took,
        )

    def scoring_catalog(self) -> InsurrectionCatalog:
        """The game's catalog, with values the owner has added since (asked at scoring)."""
        if self.session.catalog_name == "box":
            return load("box", self.app.store.user_catalog("insurrection"))
        return self.state.catalog

    def action_scores(self) -> None:
        state = self.state
        if state.phase != "over":
            return
        from companion.ui.insurrection.scoring_screen import ScoringScreen

        self.app.push_screen(
            ScoringScreen(
                title=self.session.title,
                position=engine.end_position(state),
                effects=state.effects,
                catalog=self.scoring_catalog,
                catalog_name=self.session.catalog_name,
            )
        )

    # corrections (each a logged, undoable step) ------------------------------------------------
    def action_correct(self) -> None:
        options = [
            Option("move", Msg("insurrection_ui.correct.move")),
            Option("counts", Msg("insurrection_ui.correct.counts")),
            Option("progress", Msg("insurrection_ui.correct.progress")),
        ]
        if self.state.phase in ("hands", "effects", "over"):
            options.append(Option("outcome", Msg("insurrection_ui.correct.outcome")))
        choice = Choice(Msg("insurrection_ui.correct.reason"), tuple(options))
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
        phases = tuple(
            (p, Msg(f"insurrection.phase.{p}"))
            for p in ("march", "prepare", "choose", "turns", "hands")
        )
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
                value=state.phase if state.phase in dict(phases) else "march",
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
