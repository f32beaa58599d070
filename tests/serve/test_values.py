"""Insurrection's values printed on the cards (§1, §6: a value the score needs and the catalog
does not know) answered from a full-control page: a number by taps, saved into the owner's
catalog through its one writer (``Store.change_user_catalog``), then the entry's answer; a
seat's or a read-only page writes nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.game import Outcome
from companion.core.i18n import Msg, set_language
from companion.games.insurrection import GAME, engine
from companion.games.insurrection.catalog import load
from companion.store import Store
from companion.web import forms, render
from companion.web.codes import SEAT, TABLE, TABLE_READ_ONLY, JoinCode
from companion.web.driver import ENTER, Page, WebTable
from tests.insurrection.test_flow import DEMO, LeadersFirst, demo, next_step, run, with_leaders


def user_box(state) -> tuple[dict, str, int]:
    """An owner's catalog over the box holding the demo's cards, one scoring number of a card
    in a hand unknown ("?"): the catalog, that card's path and the number printed."""
    card = next(c for p in state.players for c in engine.prefill(state, p) if DEMO.card(c).scoring)
    user = DEMO.model_dump(mode="json", exclude_defaults=True)
    user["meta"] = {"extends": "box"}
    entry = next(e for sec in ("persons", "leaders") for e in user[sec] if e["id"] == card)
    term = entry["scoring"][0]
    field = next(f for f in ("points", "good", "evil") if isinstance(term.get(f), int))
    printed, term[field] = term[field], "?"
    return user, f"{DEMO.path_of(card)}.scoring[0].{field}", printed


@pytest.fixture
def asked(tmp_path):
    """A box game at its end, the score waiting for one value (§6)."""
    set_language("en")
    state = run(with_leaders(demo(2)), lambda s: s.phase == "hands", LeadersFirst())
    user, path, printed = user_box(state)
    store = Store.open(tmp_path / "values.db")
    store.save_user_catalog("insurrection", user)
    state = replace(state, catalog=load("box", user))
    while getattr(GAME.moment(state).next, "kind", None) != "insurrection.values":
        state = engine.apply(state, next_step(state))
    table = WebTable(store, store.new_game(GAME, state, "Box", "box"))
    yield table, path, printed
    store.close()


def tap(table: WebTable, page: Page, op: str, arg=None) -> None:
    table.handle(page, {"op": op, "arg": arg, "rev": table.revision})


def test_a_value_tapped_on_the_page_goes_into_the_owner_s_catalog(asked):
    table, path, printed = asked
    entry = table.moment.next
    assert entry.kind == "insurrection.values" and path in entry.subject
    page = Page(JoinCode(TABLE, "t"))
    html = render.view(table, page)
    assert 'data-kind="insurrection.values"' in html  # a form of taps, not "on the host"
    form = forms.form("insurrection", entry, table.state)
    (field,) = form.fields
    assert field.kind == forms.NUMBER and field.takes(printed)
    tap(table, page, ENTER)  # nothing tapped yet: says what is missing, writes nothing
    assert page.notice.key == "web.form.missing"
    card, field_name = path.split("[id=")[1].split("]")[0], path.rsplit(".", 1)[1]
    assert number(table, card, field_name) is None
    for _ in range(abs(printed)):  # the stepper's taps, one at a time, from 0
        value = table.draft(page, ENTER, entry).get(field.name, 0)
        tap(table, page, "set", [ENTER, field.name, value + (1 if printed > 0 else -1)])
    tap(table, page, ENTER)
    assert page.notice is None, page.notice
    assert isinstance(table.moment.next, Outcome)  # the score has what it needed
    assert "insurrection.cmd.SetValues" in repr(table.session.history()[-1].description)
    assert number(table, card, field_name) == printed


def number(table: WebTable, card: str, name: str):
    """The scoring number ``name`` of ``card`` in the owner's catalog as saved."""
    saved = load("box", table.store.user_catalog("insurrection"))
    return getattr(saved.card(card).scoring[0], name)


@pytest.mark.parametrize("code", [JoinCode(TABLE_READ_ONLY, "r"), JoinCode(SEAT, "s", 1, "Ann")])
def test_a_seat_or_read_only_page_writes_no_value(asked, code):
    table, path, printed = asked
    before, revision = table.store.user_catalog("insurrection"), table.revision
    page = Page(code)
    field = forms.form("insurrection", table.moment.next, table.state).fields[0]
    tap(table, page, "set", [ENTER, field.name, printed])
    tap(table, page, ENTER, {"set": [field.name, printed]})
    assert table.store.user_catalog("insurrection") == before and table.revision == revision
    assert page.notice in (Msg("web.read_only"), Msg("web.look_again"))


def test_every_kind_of_value_is_tapped_as_the_engine_reads_it():
    """§1: a yes or no (Remove, Scout), the icons among the four, a number: the form's answer
    is the text the engine's ``parse_value`` reads (the host's form types the same)."""
    from types import SimpleNamespace

    from companion.core.game import Entry
    from companion.games.insurrection import ICONS, parse_value

    box = load("box")
    paths = (*engine.play_unknowns(box), "persons[id=dragon].icons")
    entry = Entry("insurrection.values", Msg("web.ok"), dict, subject=paths)
    form = forms.form("insurrection", entry, SimpleNamespace(catalog=box))
    draft: dict = {}
    for f in form.fields:
        tapped = {forms.ONE: "y", forms.MANY: list(ICONS[:2]), forms.NUMBER: 3}[f.kind]
        draft = form.set(draft, f.name, tapped if f.kind != forms.MANY else ICONS[0])
        if f.kind == forms.MANY:
            draft = form.set(draft, f.name, ICONS[1])
        assert draft is not None, f.name
    typed = form.answer(draft)
    assert set(typed) == set(paths)
    for path, text in typed.items():
        last = path.rsplit(".", 1)[1]
        want = {"remove": True, "scout": True, "icons": list(ICONS[:2])}.get(last, 3)
        assert parse_value(path, text) == want, path
