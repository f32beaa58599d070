"""The views an action leads to (a ``Show``: issue 22) drawn on the page that asked for one,
from the engine's data: the Unicornus "what if" (the engine's preview), the Insurrection
score sheet (§4–§6) and a hand (§3.2: its player's phone only), the Magical Friends tally
(§3, §7)."""

from __future__ import annotations

import re

import pytest

from companion.core.game import Show, decide
from companion.core.i18n import msg, set_language, tr
from companion.games.insurrection import name_msg
from companion.web import render, views
from companion.web.codes import SEAT, TABLE, JoinCode
from companion.web.driver import Page, WebTable
from tests.serve.helpers import PLAYERS, demo_table, new_insurrection, secret_names


def tap(table: WebTable, page: Page, op: str, arg=None) -> None:
    table.handle(page, {"op": op, "arg": arg, "rev": table.revision})


def words(html: str) -> str:
    """The page's text (tags gone, entities as the browser shows them)."""
    return re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").replace("&amp;", "&")


def play_until(table: WebTable, policy, done, limit: int = 3_000) -> None:
    for _ in range(limit):
        if done(table.moment):
            return
        cmd = decide(table.moment, table.state, policy)
        if cmd is None:
            return
        table.session.do(cmd)


def view_of(html: str) -> str:
    found = re.search(r'<div class="view".*?</div>', html, re.S)
    assert found, "no view drawn"
    return words(found.group(0))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_what_if_is_the_engine_s_preview_on_the_page(store, lang):
    set_language(lang)
    from companion.games import unicornus

    table, policy = demo_table(store, "unicornus")
    play_until(table, policy, lambda m: m.allows("what_if"))
    page = Page(JoinCode(TABLE, "t"))
    before = table.revision
    tap(table, page, "act", "what_if")
    step = page.question.choice.options[0].value.subject
    tap(table, page, "answer", 0)
    html = render.view(table, page)
    seen = unicornus.preview(table.state, step)
    shown = view_of(html)
    assert tr(seen.stop) in shown and "⟨" not in html
    for x in seen.seen:  # each thing seen, but the imperial units that stay (counted)
        assert x.who == "empire" and x.space < 0 or tr(x.text) in shown
    assert table.revision == before  # a look changes nothing
    tap(table, page, "close")
    assert page.question is None and 'class="view"' not in render.view(table, page)


def test_the_score_sheet_and_the_tally_are_drawn_where_asked(store):
    """§4–§6 Insurrection's scores; Magical Friends' §7 tally: each player's total shown."""
    from companion.games import insurrection, magical_friends

    set_language("en")
    table, policy = demo_table(store, "insurrection")
    play_until(table, policy, lambda m: m.allows("scores"))
    page = Page(JoinCode(TABLE, "t"))
    tap(table, page, "act", "scores")
    shown = view_of(render.view(table, page))
    sheet = insurrection.final_score(table.state)
    for p in sheet.players:
        said = tr(msg("insurrection_ui.score.player", player=p.player, total=str(p.total)))
        assert said in shown
        for line in p.lines:
            assert tr(line.line) in shown

    table, policy = demo_table(store, "magical-friends")
    play_until(table, policy, lambda m: m.allows("tally"))
    page = Page(JoinCode(TABLE, "t"))
    tap(table, page, "act", "tally")
    shown = view_of(render.view(table, page))
    t = table.state.tally
    for i, w in enumerate(table.state.wizards):
        assert f"{w.name}: {t.points[i]} point" in shown
    for line in magical_friends.tie_break_steps(table.state):
        assert tr(line) in shown


def test_the_phone_s_standings_are_the_terminal_s_places(store):
    """§4: the phone ranks as the terminal does: equal totals no leader parts share first
    place (was "1. Ann: 4", "2. Ben: 4"), and both are marked as winners."""
    from dataclasses import replace

    set_language("en")
    table, policy = demo_table(store, "insurrection")
    play_until(table, policy, lambda m: m.allows("scores"))
    hands = {"Ann": ("knight",), "Ben": ("knight",), "Cleo": ("pikeman",)}  # 4, 4, 2
    state = replace(table.state, players=tuple(hands), final_hands=hands, effects=())
    drawn = views.view("insurrection", Show("insurrection.scores"), state)
    assert drawn is not None
    head = [tr(line) for line in drawn.panels[0].lines]
    assert ["1. Ann: 4", "1. Ben: 4", "3. Cleo: 2"] == [x for x in head if x[:1].isdigit()]
    winners = [tr(p.title) for p in drawn.panels if "winner" in tr(p.title)]
    assert len(winners) == 2 and "Ann" in winners[0] and "Ben" in winners[1]


def test_a_hand_is_shown_on_its_player_s_page_only(tmp_path):
    """§3.2 with the app's deck: a look at Ann's hand asked on the table's page is not shown
    there (it says where); Ann's own page holds her hand."""
    from companion.store import Store

    set_language("en")
    store = Store.open(tmp_path / "ins.db")
    table = WebTable(store, store.open_game(new_insurrection(store)))
    page = Page(JoinCode(TABLE, "t"))
    tap(table, page, "act", "look")
    tap(table, page, "answer", 0)  # Ann's
    assert page.question is None
    assert page.notice == msg("web.view_on_seat", player=PLAYERS[0])
    html = render.view(table, page)
    assert not {n for n in secret_names(table.state, None) if n in html}
    ann = Page(JoinCode(SEAT, "s1", 1, PLAYERS[0]))
    lead = table.moment.action("look").leads.choice.options[0].value
    assert views.secret_of(lead) == PLAYERS[0]
    table.perform(ann, lead)  # on her own page, her hand
    mine = view_of(render.view(table, ann))
    for card in lead.subject.cards:
        assert tr(name_msg(table.state.catalog.card(card).name)) in mine
    store.close()


def test_every_view_the_games_lead_to_is_drawn():
    """Every ``Show`` kind of the games (``grep -rn "Show(" companion/games``)."""
    from pathlib import Path

    import companion.games as games

    source = "".join(p.read_text() for p in Path(games.__file__).parent.rglob("*.py"))
    kinds = set(re.findall(r'Show\("([\w.]+)"', source))
    kinds |= {"unicornus.what_if"} if "Show(WHAT_IF" in source else set()
    assert len(kinds) == 4 and all(views.drawn(Show(k)) for k in kinds), kinds


def test_the_magical_friends_round_is_the_one_the_header_names(store):
    """Played on a phone: between rounds the header said "Round 3/8, round start" and the
    table's panel "Round 2 of 8" (before the first round, "Round 0 of 8"); both name the
    round about to start, as the terminal's header and the saved games do (round_named)."""
    set_language("en")
    table, policy = demo_table(store, "magical-friends")
    page = Page(JoinCode(TABLE, "t"))
    assert "Round 1 of 8" in words(render.view(table, page))
    play_until(
        table, policy, lambda m: table.state.round == 2 and table.state.phase == "round_start"
    )
    assert table.state.round_named == 3
    assert "Round 3 of 8" in words(render.view(table, page))


def test_the_game_over_list_gives_each_player_the_terminal_s_place(store):
    """The phone's game-over list numbered its players 1, 2, 3 … (an ``<ol>``) whatever the
    scores, where the terminal's score sheet gives equal scores nothing parts one place (§4):
    each item carries the outcome's place."""
    from companion.core.game import Outcome

    set_language("en")
    table, policy = demo_table(store, "insurrection")
    play_until(table, policy, lambda m: isinstance(m.next, Outcome))
    outcome = table.moment.next
    assert isinstance(outcome, Outcome) and outcome.scores
    page = Page(JoinCode(TABLE, "t"))
    listed = re.findall(r'<li value="(\d+)">([^<:]+):', render.view(table, page))
    assert listed == [(str(n), p) for n, (p, _) in zip(outcome.places, outcome.scores, strict=True)]
