"""The finished-game screen: how a game ended, who played and scored, its whole log (read
only: this screen has no key that makes a step), and the play as a BG Stats link in a QR
code, so a phone logs it with one scan. ``x`` writes the game's exports beside the save;
``b`` gives the game's BoardGameGeek id, which the link carries from then on."""

from __future__ import annotations

import json
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from companion.core.errors import CompanionError
from companion.core.i18n import Msg, msg, tr
from companion.ui.dialogs import StylesKept
from companion.ui.games import game_ui
from companion.ui.i18n import translate_bindings
from companion.ui.widgets.content import as_text
from companion.ui.widgets.footer import Footer
from companion.ui.widgets.game_log import GameLog
from companion.ui.widgets.qr import QRCode

BGG_SETTING = "records.bgg_id."  # + game key: the BoardGameGeek id the user gave
LEFT_MIN = 40  # columns the record keeps beside the QR code
SMALL_PANEL = 30  # the QR panel's width when it only says what size the code needs
RECORD_WINDOW = 60  # log lines drawn at once: the newest, then older ones as they are read


def played_text(seconds: float) -> str:
    """Time played as the table reads it: ``1 h 05 min``, ``12 min``."""
    minutes = round(seconds / 60)
    if minutes >= 60:
        return tr("records.ui.hours", h=minutes // 60, m=f"{minutes % 60:02d}")
    return tr("records.ui.minutes", m=minutes)


class RecordScreen(StylesKept, Screen):
    DEFAULT_CSS = """
    RecordScreen #record-left { width: 1fr; }
    RecordScreen #record-head { padding: 0 1; height: auto; }
    RecordScreen #record-players { height: auto; max-height: 12; border: round $primary-lighten-1; }
    RecordScreen #record-qr-panel { border: round $primary-lighten-1; padding: 0 1; }
    RecordScreen #record-qr-hint { width: 100%; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "ui.key.back"),
        Binding("x", "export", "records.key.export"),
        Binding("b", "bgg_id", "records.key.bgg_id"),
        Binding("e", "edit", "records.key.edit"),
        Binding("ctrl+z", "undo_edit", "records.key.undo_edit"),
    ]
    exports_dir: Path | None = None  # None: see export_folder (tests set one)

    def __init__(self, game_id: int, session=None) -> None:
        """``session``: the game already open (the table's, at its end), else it is opened."""
        super().__init__()
        from companion.store.exchange import game_info_of

        self.game_id = game_id
        self.info = game_info_of(self.app.store, game_id)
        self.session = session if session is not None else self.app.store.open_game(game_id)
        translate_bindings(self)

    # -- what it shows --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="record-left"):
                yield Static(as_text(self._head()), id="record-head")
                panel = game_ui(self.info.game_key).record_panel(self.session)
                if panel is not None:  # the game's own end: the score sheet, the tally
                    yield panel
                yield DataTable(id="record-players", cursor_type="none", zebra_stripes=True)
                log = GameLog(window=RECORD_WINDOW, earlier=True, id="record-log")
                yield log
            with VerticalScroll(id="record-qr-panel"):
                yield QRCode(self.link(), id="record-qr")
                yield Static(tr("records.ui.scan"), id="record-qr-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.title = tr("records.ui.title")
        self.sub_title = self.info.title
        panel = self.query_one("#record-qr-panel")
        panel.border_title = tr("records.ui.bgstats")
        self._fit_qr()
        table = self.query_one("#record-players", DataTable)
        table.border_title = tr("records.ui.players")
        cols = ("seat", "player", "score", "winner", "role")
        table.add_columns(*(tr(f"records.ui.col.{c}") for c in cols))
        self._show_players()
        self.query_one(GameLog).follow(self.session)

    def _show_players(self) -> None:
        table = self.query_one("#record-players", DataTable)
        table.clear()
        for n, seat in enumerate(self.info.table, 1):
            score = self.info.score(seat)
            name = Text(seat.name)
            if seat.start:
                name.append(" · " + tr("records.ui.start_mark"), style="italic")
            table.add_row(
                str(n),
                name,
                as_text("" if score is None else str(score)),
                "★" if self.info.won(seat) else "",
                Text(seat.role or seat.colour),
            )

    def on_resize(self, event) -> None:
        self._fit_qr()

    def _fit_qr(self) -> None:
        """The code beside the record when both fit; else the size it needs, named (a code cut
        by the screen's edge cannot be scanned, and it left the record no room at 80×24)."""
        qr = self.query_one(QRCode)
        # border, padding and scrollbar; the record's column; the header, the footer and the
        # border (the hint under the code may scroll)
        need = (qr.columns + 5 + LEFT_MIN, qr.lines + 4)
        fits = self.app.size.width >= need[0] and self.app.size.height >= need[1]
        qr.display = fits
        panel = self.query_one("#record-qr-panel")
        panel.styles.width = qr.columns + 5 if fits else SMALL_PANEL
        hint = "records.ui.scan" if fits else msg("terminals.record.qr_needs", w=need[0], h=need[1])
        self.query_one("#record-qr-hint", Static).update(Text(tr(hint)))

    def _head(self) -> str:
        info, outcome = self.info, self.info.outcome
        lines = [
            tr(f"ui.game.{info.game_key}") + " — " + info.title,
            tr(
                "records.ui.when",
                date=info.created.strftime("%Y-%m-%d %H:%M"),  # as History shows it
                played=played_text(info.played_seconds),
                rounds=str(outcome.round if outcome and outcome.round is not None else "—"),
            ),
            tr(outcome.reason) if outcome else tr(info.summary),
        ]
        if info.record.location:
            lines.append(tr("records.ui.where", location=info.record.location))
        if info.record.notes:
            lines.append(tr("records.ui.notes", notes=info.record.notes))
        if info.record.edits:
            from companion.core.msgjson import load_msg

            said = [tr(load_msg(json.dumps(m))) for e in info.record.edits for m in e["lines"]]
            lines.append(tr("records.ui.edits") + " " + "; ".join(said))
        return "\n".join(lines)

    def link(self) -> str:
        from companion.store.exchange import bgstats_link, bgstats_play

        if self.info.outcome is None:
            return tr("records.ui.not_finished")
        bgg = self.app.store.get_setting(BGG_SETTING + self.info.game_key)
        return bgstats_link(bgstats_play(self.info, bgg))

    # -- keys -----------------------------------------------------------------------------
    def _reread(self) -> None:
        """The record as saved now: the head, the players and the link follow an edit."""
        from companion.store.exchange import game_info_of

        self.info = game_info_of(self.app.store, self.game_id)
        self.query_one("#record-head", Static).update(as_text(self._head()))
        self._show_players()
        self.query_one(QRCode).show(self.link())
        self._fit_qr()

    def action_edit(self) -> None:
        """Edit the play's record: the players' names (one forgotten added, one removed), the
        start player, the location and the notes. Logged in the record; ctrl+z undoes it."""
        from companion.ui.dialogs import FormDialog, FormField

        if self.info.outcome is None:
            self.notify(tr("records.ui.not_finished"), severity="warning")
            return
        seats = self.info.table
        start = next((str(n) for n, s in enumerate(seats, 1) if s.start), "")
        fields = [
            FormField(
                f"seat{n}", msg("records.ui.edit_seat", seat=n), "text", s.name, optional=True
            )
            for n, s in enumerate(seats, 1)
        ] + [
            FormField("add", Msg("records.ui.edit_add"), "text", "", optional=True),
            # a seat's number, refused in the form (what was typed stays) when there is none
            FormField(
                "start",
                Msg("records.ui.edit_start"),
                "int",
                start,
                minimum=1,
                maximum=len(seats),
                optional=True,
            ),
            FormField(
                "location",
                Msg("records.ui.edit_location"),
                "text",
                self.info.record.location,
                optional=True,
            ),
            FormField(
                "notes", Msg("records.ui.edit_notes"), "text", self.info.record.notes, optional=True
            ),
        ]

        def done(values: dict | None) -> None:
            if values is not None:
                self._keep_edit(values)

        self.app.push_screen(
            FormDialog(Msg("records.ui.edit_title"), fields, intro=Msg("records.ui.edit_intro")),
            done,
        )

    def _keep_edit(self, values: dict) -> None:
        from dataclasses import replace

        from companion.store.listing import Seat

        old = self.info.table
        names = [str(values.get(f"seat{n}") or "").strip() for n in range(1, len(old) + 1)]
        added = str(values.get("add") or "").strip()
        # a seat keeps the name the game scores; an emptied one leaves the record
        rows = [(name, seat) for name, seat in zip(names, old, strict=True) if name]
        if added:
            rows.append((added, None))
        start = values.get("start")  # a seat's number (the form checked it), or None
        start_seat = old[start - 1] if start is not None and names[start - 1] else None
        seats = [
            replace(
                seat,
                name=name,
                plays_as="" if name == seat.in_game else seat.in_game,
                start=seat is start_seat,
            )
            if seat is not None
            else Seat(name)
            for name, seat in rows
        ]
        try:
            lines = self.app.store.edit_record(
                self.game_id,
                seats,
                str(values.get("location") or ""),
                str(values.get("notes") or ""),
            )
        except CompanionError as exc:  # a read-only save, a full disk: said, nothing kept
            self.notify(str(exc), severity="error")
            return
        if not lines:
            self.notify(tr("records.ui.edit_nothing"))
            return
        self._reread()
        self.notify("; ".join(tr(line) for line in lines))

    def action_undo_edit(self) -> None:
        try:
            lines = self.app.store.undo_record_edit(self.game_id)
        except CompanionError as exc:
            self.notify(str(exc), severity="error")
            return
        if not lines:
            self.notify(tr("records.ui.edit_none_to_undo"))
            return
        self._reread()
        self.notify(msg("records.ui.edit_undone", what="; ".join(tr(line) for line in lines)))

    def export_folder(self) -> Path | None:
        """Where ``x`` writes: ``exports/`` beside the save file, in the data folder for a
        database server, nowhere for a save kept in memory (``None``)."""
        from companion.store.precheck import default_db_path

        if self.exports_dir is not None:
            return self.exports_dir
        label = self.app.store.label
        if "://" not in label:
            return Path(label).parent / "exports"
        if label.startswith("sqlite:") and label.rstrip("/").endswith(":"):
            return None  # in memory: there is no folder to write beside
        return default_db_path().parent / "exports"

    def action_export(self) -> None:
        """The whole game as JSON, the play as CSV and the BG Stats link, as files."""
        from companion.cli_records import export_text
        from companion.store.store import write_text_file

        folder = self.export_folder()
        if folder is None:
            self.notify(msg("records.ui.no_folder", id=self.game_id), severity="warning")
            return
        stem = f"{self.info.game_key}-{self.game_id}"
        bgg = self.app.store.get_setting(BGG_SETTING + self.info.game_key)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for fmt, ext in (("json", "json"), ("csv", "csv"), ("bgstats", "bgstats.txt")):
                body = export_text(self.app.store, self.game_id, fmt, bgg)
                write_text_file(folder / f"{stem}.{ext}", body)
        except (OSError, CompanionError) as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(msg("records.ui.exported", path=str(folder / stem)), timeout=10)

    def action_bgg_id(self) -> None:
        from companion.ui.dialogs import FormDialog, FormField

        key = BGG_SETTING + self.info.game_key
        field = FormField(
            "bgg",
            Msg("records.ui.bgg_label"),
            "int",
            self.app.store.get_setting(key),
            minimum=1,
            maximum=10**9,
            optional=True,
            hint=Msg("records.ui.bgg_hint"),
        )

        def done(values: dict | None) -> None:
            if values is None:
                return
            try:
                self.app.store.set_setting(key, values.get("bgg"))
            except CompanionError as exc:  # a read-only save, a full disk: said, not kept
                self.notify(str(exc), severity="error")
                return
            self.query_one(QRCode).show(self.link())
            self._fit_qr()
            self.notify(msg("records.ui.bgg_saved", game=msg(f"ui.game.{self.info.game_key}")))

        self.app.push_screen(
            FormDialog(
                msg("records.ui.bgg_title", game=msg(f"ui.game.{self.info.game_key}")), [field]
            ),  # fmt: skip
            done,
        )
