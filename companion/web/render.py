"""A page's HTML: the moment (prompt, the next thing, the actions), the page's question, a
seat's own view, the public panels and the log.

Every word goes through the translation layer; everything dynamic (translated words, names
players typed, ids) is HTML-escaped here, at the one place text becomes markup. A tap is a
``<button data-op=... data-arg=...>`` whose ``arg`` is JSON; ``page.js`` sends both back.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from companion.core.game import Ask, ConfirmFirst, Entry, Outcome, Show, Step
from companion.core.i18n import Msg, has_key, language, msg, tr
from companion.web import forms, panels, views
from companion.web.codes import SEAT
from companion.web.driver import ANSWER, ENTER, Page, WebTable

LOG_LINES = 12  # the newest log lines a page shows


def text(line: panels.Line | None) -> str:
    """A line as escaped text: a ``Msg`` translated, a ``str`` (a player's words) as is."""
    if line is None:
        return ""
    return escape(tr(line) if isinstance(line, Msg) else str(line))


def button(
    label: str,
    op: str,
    arg: Any = None,
    cls: str = "tap",
    disabled: bool = False,
    pressed: bool | None = None,
) -> str:
    """A tap target (``label`` already escaped); ``pressed``: a form's value, held or not."""
    data = f' data-op="{escape(op)}"'
    if arg is not None:
        data += f' data-arg="{escape(json.dumps(arg, ensure_ascii=False))}"'
    off = " disabled" if disabled else ""
    if pressed is not None:
        off += f' aria-pressed="{"true" if pressed else "false"}"'
    return f'<button type="button" class="{cls}"{data}{off}>{label}</button>'


def view(table: WebTable, page: Page) -> str:
    """The live part of ``page`` (sent again after every change)."""
    state = table.state
    key, code = table.key, page.code
    parts = [f'<div id="view" data-rev="{table.revision}">']
    parts.append('<header class="top">')
    parts.append(f"<h1>{escape(table.session.title)}</h1>")
    seat = panels.seat_view(key, state, code.seat or 0, table.moment) if code.view == SEAT else None
    parts.append(f'<p class="who">{text(seat.who if seat else code.label)}</p>')
    parts.append(f'<p class="summary">{text(table.session.game.summary(state))}</p>')
    parts.append("</header>")
    if page.notice is not None:
        notice = panels.named(key, page.notice, state)
        parts.append(f'<p class="notice" role="status">{text(notice)}</p>')
    if page.question is not None:
        parts.append(_question(table, page, page.question))
    if code.view == SEAT:
        parts.append(_seat(seat) if seat is not None else "")
        parts.append(_prompt(table, page, controls=False))
    else:
        parts.append(_prompt(table, page, controls=page.controls))
        if page.controls:
            parts.append(_actions(table))
    for panel in panels.public(key, state, table.moment):
        parts.append(_panel(panel))
    parts.append(_log(table))
    parts.append("</div>")
    return "".join(parts)


def _panel(panel: panels.Panel, cls: str = "panel") -> str:
    lines = "".join(f"<li>{text(line)}</li>" for line in panel.lines)
    name = f' data-panel="{escape(panel.key)}"' if panel.key else ""
    return f'<section class="{cls}"{name}><h2>{text(panel.title)}</h2><ul>{lines}</ul></section>'


def _taps(taps: tuple[panels.Tap, ...], op: str | None, title: panels.Line | None) -> str:
    """Choices to tap (``op``: the one they send, else each tap's own); a refused one says
    why and cannot be tapped."""
    out = [f"<h2>{text(title)}</h2>" if title is not None else "", '<div class="taps">']
    for tap in taps:
        label = f'<span class="label">{text(tap.label)}</span>'
        if tap.note is not None:
            label += f'<span class="note">{text(tap.note)}</span>'
        if tap.refused is not None:
            label += f'<span class="note refused">{text(tap.refused)}</span>'
        out.append(button(label, op or tap.op, tap.arg, disabled=tap.refused is not None))
    out.append("</div>")
    return "".join(out)


def _seat(seat: panels.SeatView) -> str:
    out = ['<section class="mine">', f'<p class="status">{text(seat.status)}</p>']
    if seat.taps:
        out.append(_taps(seat.taps, None, seat.taps_title))
    out.append("</section>")
    out += [_panel(p, "panel secret") for p in seat.panels]
    return "".join(out)


def _prompt(table: WebTable, page: Page, controls: bool) -> str:
    """The banner and the moment's next thing: the app's step, the question, the entry (with
    their taps on a full-control page), or the outcome."""
    moment = table.moment
    nxt = moment.next
    prompt = panels.named(table.key, moment.prompt, table.state)
    out = ['<section class="next">', f'<p class="prompt">{text(prompt)}</p>']
    if isinstance(nxt, Outcome):
        if nxt.reason != moment.prompt:
            out.append(f'<p class="outcome">{text(nxt.reason)}</p>')
        if nxt.scores:
            # each with its place: equal scores nothing parts share one (1, 1, 3)
            rows = "".join(
                f'<li value="{place}">{escape(p)}: {s}</li>'
                for place, (p, s) in zip(nxt.places, nxt.scores, strict=True)
            )
            out.append(f'<ol class="scores">{rows}</ol>')
    elif controls and isinstance(nxt, Step):
        out.append(button(text(Msg("web.next")), "step", cls="tap primary"))
    elif controls and isinstance(nxt, Ask):
        out.append(_options(nxt, "pick"))
    elif controls and isinstance(nxt, Entry) and table.answerable(nxt):
        out.append(_entry(table, page, nxt, ENTER))
    elif isinstance(nxt, Entry | Ask) and controls:
        where = (
            "web.on_host_or_seat" if panels.seats(table.key, table.state) else "web.on_host_only"
        )
        out.append(f'<p class="note">{text(Msg(where))}</p>')
    out.append("</section>")
    return "".join(out)


def _actions(table: WebTable) -> str:
    """The moment's actions as buttons; a refused one says why; one whose form or view only
    the host's screen has says so."""
    out = []
    for action in table.moment.actions:
        label = text(action_label(action.name))
        if action.reason is not None:
            why = text(panels.named(table.key, action.reason, table.state))
            label += f'<span class="note refused">{why}</span>'
            out.append(button(label, "act", action.name, disabled=True))
        elif not table.can_follow(action.leads):
            label += f'<span class="note">{text(Msg("web.on_host"))}</span>'
            out.append(button(label, "act", action.name, disabled=True))
        else:  # the advance key's action (ending the turn, say) stands out
            cls = "tap primary" if action.name == table.moment.advance else "tap"
            out.append(button(label, "act", action.name, cls=cls))
    title = text(Msg("web.actions"))
    return (
        f'<section class="actions"><h2>{title}</h2><div class="taps">{"".join(out)}</div>'
        f"{_undo()}</section>"
    )


def action_label(name: str) -> panels.Line:
    """An action's words (a game's new action without them yet: its name, readable)."""
    key = f"web.action.{name}"
    return Msg(key) if has_key(key) else name.replace("_", " ").capitalize()


def _options(ask: Ask, op: str) -> str:
    out = [f'<p class="reason">{text(ask.choice.reason)}</p><div class="taps">']
    for i, option in enumerate(ask.choice.options):
        out.append(button(text(option.label), op, i))
    out.append("</div>")
    return "".join(out)


def _undo() -> str:
    """The host's undo and redo, on a full-control page."""
    return (
        '<div class="taps row undo">'
        + button(text(Msg("web.undo")), "undo")
        + button(text(Msg("web.redo")), "redo")
        + "</div>"
    )


def _entry(table: WebTable, page: Page, entry: Entry, where: str) -> str:
    """An entry's form (:mod:`companion.web.forms`) as taps: each field's values as buttons,
    the one held pressed; a form of one field answers at its tap, any other with OK."""
    draft = table.draft(page, where, entry)
    form = forms.form(table.key, entry, table.state, draft)
    if form is None:
        return ""
    values = form.values(draft)
    out = [f'<div class="form" data-kind="{escape(entry.kind)}">']
    said = panels.named(table.key, entry.prompt, table.state)
    banner = where != ANSWER and entry.prompt == table.moment.prompt
    legend = any(f.label == said for f in form.fields)  # a field's legend says the same
    if not (banner or legend):
        out.append(f'<p class="reason">{text(said)}</p>')
    out += [f'<p class="note">{text(line)}</p>' for line in form.lines]
    for f in form.fields:
        out.append(_field(f, values[f.name], where, form.at_tap))
    taps = [
        button(text(q.label), where, {"set": [q.field, q.value]}, cls="tap") for q in form.quick
    ]
    if not form.at_tap:
        taps.append(button(text(Msg("web.ok")), where, cls="tap primary"))
    out.append(f'<div class="taps row">{"".join(taps)}</div></div>')
    return "".join(out)


def _field(f: forms.Field, value: Any, where: str, at_tap: bool) -> str:
    """One field: its label and its taps (``at_tap``: each answers; else each sets it)."""
    label = text(f.label)
    if f.kind == forms.MANY and f.count is not None:
        label += f' <span class="count">{text(msg("web.form.picked", got=len(value or ()), count=f.count))}</span>'
    out = [f'<fieldset class="field" data-field="{escape(f.name)}"><legend>{label}</legend>']

    def tap(option: panels.Tap, held: bool) -> str:
        words = f'<span class="label">{text(option.label)}</span>'
        if option.note is not None:
            words += f'<span class="note">{text(option.note)}</span>'
        if option.refused is not None:
            words += f'<span class="note refused">{text(option.refused)}</span>'
        if at_tap:
            return button(words, where, option.arg, disabled=option.refused is not None)
        return button(
            words,
            "set",
            [where, f.name, option.arg],
            cls="tap on" if held else "tap",
            disabled=option.refused is not None,
            pressed=held,
        )

    if f.kind in (forms.ONE, forms.MANY):
        held = set(value or ()) if f.kind == forms.MANY else {value}
        short = f.kind == forms.ONE and all(
            isinstance(o.label, str) and len(o.label) <= 3 for o in f.options
        )
        cls = "taps numbers" if short else "taps"
        out.append(f'<div class="{cls}">')
        out += [tap(o, o.arg in held) for o in f.options]
        out.append("</div>")
    elif f.kind == forms.NUMBER and f.buttons:
        out.append('<div class="taps numbers">')
        high = f.high if f.high is not None else f.low
        for n in range(f.low, high + 1):
            note = f.notes[n - f.low] if n - f.low < len(f.notes) else None
            option = panels.Tap("", n, str(n), note)
            out.append(tap(option, n == value).replace('class="tap', 'class="tap num', 1))
        out.append("</div>")
    elif f.kind == forms.NUMBER:  # a long range: steps of 1 and 10 from the value held
        shown = "—" if value is None else str(value)
        out.append('<div class="taps numbers stepper">')
        for step in forms.STEPS:
            to = (max(f.low, 0) if value is None else value) + step  # from 0 when it may
            to = max(f.low, to if f.high is None else min(f.high, to))
            words = f"{step:+d}"
            out.append(
                button(words, "set", [where, f.name, to], cls="tap num", disabled=to == value)
            )
            if step == -1:
                out.append(f'<output class="value">{escape(shown)}</output>')
        out.append("</div>")
    else:
        out.append(
            f'<input class="text" data-where="{escape(where)}" data-field="{escape(f.name)}" '
            f'maxlength="{forms.TEXT_MAX}" autocomplete="off" value="{escape(value or "")}">'
        )
    out.append("</fieldset>")
    return "".join(out)


def _question(table: WebTable, page: Page, question: Ask | Entry | ConfirmFirst | Show) -> str:
    """The question or view the page opened (an action's), with a button that closes it."""
    out = ['<section class="dialog" role="dialog">']
    if isinstance(question, Show):
        out.append(_view(table, question))
    elif isinstance(question, Ask):
        if question.title is not None:
            out.append(f"<h2>{text(question.title)}</h2>")
        out.append(_options(question, ANSWER))
    elif isinstance(question, ConfirmFirst):
        out.append(f'<p class="reason">{text(question.prompt)}</p><div class="taps">')
        out.append(button(text(Msg("web.yes")), ANSWER, True, cls="tap primary"))
        out.append("</div>")
    else:
        out.append(_entry(table, page, question, ANSWER))
    out.append(button(text(Msg("web.close")), "close", cls="tap quiet"))
    out.append("</section>")
    return "".join(out)


def _view(table: WebTable, show: Show) -> str:
    """A view (the game's data as it is now: a preview, a hand, a score sheet, a tally)."""
    seen = views.view(table.key, show, table.state)
    if seen is None:
        return ""
    out = [f'<div class="view" data-view="{escape(show.kind)}">']
    if not seen.panels or seen.panels[0].title != seen.title:  # else its one panel says it
        out.append(f"<h2>{text(seen.title)}</h2>")
    out += [_panel(p, "panel secret" if seen.secret else "panel") for p in seen.panels]
    out.append("</div>")
    return "".join(out)


def _log(table: WebTable) -> str:
    lines = table.session.history_tail(LOG_LINES)
    items = "".join(
        f'<li value="{line.index}" class="{"undone" if line.undone else "done"}">'
        f"{text(panels.named(table.key, line.description, table.state))}</li>"
        for line in reversed(lines)
    )
    return (
        f'<section class="log"><h2>{text(Msg("web.log"))}</h2><ol reversed>{items}</ol></section>'
    )


def document(table: WebTable, page: Page, token: str) -> str:
    """The whole page: the live view, our own stylesheet and script (nothing from elsewhere)."""
    base = f"/{escape(token)}"
    return (
        "<!doctype html>"
        f'<html lang="{escape(language())}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(table.session.title)} · companion</title>"
        f'<link rel="stylesheet" href="{base}/static/page.css"></head><body>'
        f'<p id="link" class="link" hidden data-lost="{text(Msg("web.reconnecting"))}"></p>'
        f"{view(table, page)}"
        f'<script src="{base}/static/page.js"></script></body></html>'
    )


def refused_page(reason: Msg) -> str:
    """A clear page for a code that opens nothing now (too many devices, a revoked code)."""
    return (
        "<!doctype html>"
        f'<html lang="{escape(language())}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>companion</title></head><body>"
        f'<p role="alert" style="max-width:34rem;margin:20vh auto 0;padding:16px;'
        f'font:600 1.2rem system-ui,sans-serif;text-align:center">{text(reason)}</p>'
        "</body></html>"
    )
