"""Pick cards by typing: a filter box over a list, Enter adds the highlighted card.

Used for every card the table enters: the March reveals, the cards played, Remove and take
targets, a Scout turned face up, hands at the end and the quick score. Typing filters by any
part of the name (either language) or the catalog id; ↑/↓ move; Enter picks; Backspace on an
empty filter takes back the last pick; Enter on an empty filter (or ctrl+s) finishes a list
of any length; escape cancels without changing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from companion.core.i18n import Msg, msg, tr
from companion.games.insurrection import Cards, InsurrectionCatalog
from companion.ui.dialogs import Dialog
from companion.ui.insurrection.cards import label, listed
from companion.ui.widgets.content import as_text, set_content


@dataclass(frozen=True)
class Pick:
    """One card that may be picked. ``available``: copies left (None: any number)."""

    id: str
    label: str
    search: str = ""  # more words to match (the other language's name)
    available: int | None = None
    note: str = ""
    refused: str | None = None  # shown, but cannot be picked (the reason)


def card_pick(cat: InsurrectionCatalog, cid: str, **kwargs) -> Pick:
    return Pick(cid, label(cat, cid), search=" ".join(cat.card(cid).name.values()), **kwargs)


def all_cards_picks(cat: InsurrectionCatalog) -> list[Pick]:
    """Every card of the catalog, any number of each (hands at the end, the quick score)."""
    return [card_pick(cat, c.id) for c in (*cat.persons, *cat.leaders)]


def cards_picker(
    app: App, cat: InsurrectionCatalog, cards: Cards, name=None, intro: Msg | None = None
) -> CardPicker:
    """The picker for the cards an entry asks for, as the engine offers them (``intro``: in
    place of the entry's)."""
    picks = [
        Pick(c.card, tr(c.label))
        if c.label is not None
        else card_pick(
            cat,
            c.card,
            available=c.copies,
            note=tr("insurrection_ui.pick.in_hand") if c.in_hand else tr(c.note) if c.note else "",
            refused=tr(name(c.refused) if name else c.refused) if c.refused else None,
        )
        for c in cards.candidates
    ]
    refuse = None
    if cards.refuse is not None:
        check = cards.refuse

        def refuse(picked: tuple[str, ...]) -> Msg | None:
            reason = check(picked)
            return name(reason) if name and reason is not None else reason

    return CardPicker.shown_again(
        app,
        cards.title or Msg("insurrection_ui.title"),
        picks,
        count=cards.count,
        initial=cards.initial,
        intro=intro or cards.intro,
        expected=cards.expected,
        refuse=refuse,
    )


class CardPicker(Dialog[tuple[str, ...] | None]):
    DEFAULT_CSS = """
    CardPicker { align: center middle; }
    CardPicker > Vertical { width: 84; max-width: 100%; height: auto; max-height: 92%; border: thick $text-accent;
                            background: $surface; padding: 0 1; }
    CardPicker .section-title { text-style: bold; }
    CardPicker #intro { color: $text-muted; }
    CardPicker #picked { color: $text-primary; height: auto; }
    CardPicker OptionList { height: auto; max-height: 18; }
    CardPicker #help { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", show=False),
        Binding("down", "move(1)", show=False, priority=True),
        Binding("up", "move(-1)", show=False, priority=True),
        Binding("pagedown", "move(8)", show=False, priority=True),
        Binding("pageup", "move(-8)", show=False, priority=True),
        Binding("ctrl+s", "finish", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        self.define(*args, **kwargs)

    def define(
        self,
        title: Msg,
        picks: list[Pick],
        count: int | None = 1,
        initial: tuple[str, ...] = (),
        intro: Msg | None = None,
        expected: int | None = None,
        refuse: Callable[[tuple[str, ...]], Msg | None] | None = None,
    ) -> None:
        """``count``: exactly that many picks (the dialog closes on the last), or None for a
        list of any length finished with Enter on an empty filter. ``expected``: the length
        the app counted (a hand at the end, shown as the cards still to add); ``refuse``:
        why the engine would refuse the list as a whole (finishing is then refused, saying
        why, and the list stays as typed)."""
        self.title_msg, self.picks, self.count, self.intro = title, picks, count, intro
        self.expected, self.refuse = expected, refuse
        self.by_id = {p.id: p for p in picks}
        self.chosen: list[str] = [c for c in initial if c in self.by_id]
        self.shown: list[Pick] = []

    @property
    def shape(self) -> bool:
        return self.intro is not None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="picker-title", classes="section-title")
            if self.intro is not None:
                yield Static(id="intro")
            yield Input(placeholder=tr("insurrection_ui.picker.filter"), id="filter")
            yield OptionList(id="options")
            yield Static("", id="picked")
            yield Static(id="help")

    def on_mount(self) -> None:
        self.refill()

    def refill(self) -> None:
        set_content(self.query_one("#picker-title", Static), self.title_msg)
        if self.intro is not None:
            set_content(self.query_one("#intro", Static), self.intro)
        help = (
            "insurrection_ui.picker.help_one"
            if self.count == 1
            else "insurrection_ui.picker.help_many"
        )
        set_content(self.query_one("#help", Static), tr(help))
        field = self.query_one("#filter", Input)
        field.value = ""  # nothing typed for the last pick
        field.focus()
        self._refill()

    # what is offered -----------------------------------------------------------------------
    def left(self, pick: Pick) -> int | None:
        if pick.available is None:
            return None
        return pick.available - self.chosen.count(pick.id)

    def _matches(self, pick: Pick, text: str) -> int | None:
        """Rank of a match (0: the name starts with it, 1: a word does, 2: anywhere)."""
        if not text:
            return 0
        hay = f"{pick.label} {pick.search} {pick.id}".lower()
        if pick.label.lower().startswith(text) or pick.id.startswith(text):
            return 0
        if any(word.startswith(text) for word in hay.replace("_", " ").split()):
            return 1
        return 2 if text in hay else None

    def _refill(self) -> None:
        text = self.query_one("#filter", Input).value.strip().lower()
        ranked = []
        for i, pick in enumerate(self.picks):
            rank = self._matches(pick, text)
            if rank is not None:
                ranked.append((rank, i, pick))
        ranked.sort(key=lambda r: (r[0], r[1]))
        self.shown = [p for _, _, p in ranked]
        options = self.query_one("#options", OptionList)
        options.clear_options()
        offered = []
        for pick in self.shown:
            left = self.left(pick)
            parts = [pick.label]
            if left is not None:
                parts.append(tr(msg("insurrection_ui.picker.left", count=left)))
            if pick.note:
                parts.append(pick.note)
            if pick.refused:
                parts.append(pick.refused)
            disabled = bool(pick.refused) or (left is not None and left <= 0)
            offered.append(Option(as_text("   ".join(parts)), id=pick.id, disabled=disabled))
        options.add_options(offered)  # (at once: each added alone measured the list again)
        first = next((i for i, p in enumerate(self.shown) if self._can_pick(p)), None)
        options.highlighted = first
        self._show_picked()

    def _can_pick(self, pick: Pick) -> bool:
        left = self.left(pick)
        return not pick.refused and (left is None or left > 0)

    def _show_picked(self) -> None:
        names = listed(self.by_id[c].label.split("  ")[0] for c in self.chosen) or "—"
        if self.count is None and self.expected is not None and len(self.chosen) < self.expected:
            # a hand at the end: how many the app counted still to add, so the table sees
            # at a glance when the hand is complete (Enter then accepts it)
            text = tr(
                msg(
                    "insurrection_ui.picker.picked_to_add",
                    count=len(self.chosen),
                    cards=names,
                    left=self.expected - len(self.chosen),
                )
            )
        elif self.count is None and self.expected is not None and len(self.chosen) > self.expected:
            text = tr(
                msg(
                    "insurrection_ui.picker.picked_too_many",
                    count=len(self.chosen),
                    cards=names,
                    over=len(self.chosen) - self.expected,
                )
            )
        elif self.count is None:
            text = tr(msg("insurrection_ui.picker.picked_any", count=len(self.chosen), cards=names))
        else:
            text = tr(
                msg(
                    "insurrection_ui.picker.picked",
                    count=len(self.chosen),
                    total=self.count,
                    cards=names,
                )
            )
        self.query_one("#picked", Static).update(as_text(text))

    # keys ------------------------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        self._refill()

    def on_key(self, event) -> None:
        if event.key == "backspace" and not self.query_one("#filter", Input).value:
            if self.chosen:
                self.chosen.pop()
                self._refill()
            event.stop()

    def action_move(self, step: int) -> None:
        options = self.query_one("#options", OptionList)
        for _ in range(abs(step)):  # the list's own cursor skips cards that cannot be picked
            options.action_cursor_down() if step > 0 else options.action_cursor_up()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        options = self.query_one("#options", OptionList)
        if not text and self.count is None:
            self.action_finish()
            return
        index = options.highlighted
        if index is None or index >= len(self.shown) or not self._can_pick(self.shown[index]):
            self.notify(tr("insurrection_ui.picker.nothing"), severity="warning")
            return
        self._add(self.shown[index].id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        pick = self.by_id.get(event.option.id or "")
        if pick is not None and self._can_pick(pick):
            self._add(pick.id)

    def _add(self, cid: str) -> None:
        self.chosen.append(cid)
        if self.count is not None and len(self.chosen) >= self.count:
            self.dismiss(tuple(self.chosen))
            return
        field = self.query_one("#filter", Input)
        field.value = ""
        field.focus()
        self._refill()

    def action_finish(self) -> None:
        if self.count is not None and len(self.chosen) != self.count:
            self.notify(
                tr(msg("insurrection_ui.picker.need", count=self.count)), severity="warning"
            )
            return
        reason = self.refuse(tuple(self.chosen)) if self.refuse is not None else None
        if reason is not None:  # never accepted after a warning: the engine says why
            self.notify(tr(reason), title=tr("ui.error.rule"), severity="warning", timeout=8)
            return
        self.dismiss(tuple(self.chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)
