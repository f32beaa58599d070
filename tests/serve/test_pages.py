"""The web driver (issue 22): a second renderer of the protocol. A page performs what an
action leads to (a command, a question, a draft, a confirmation first, a number) through its
own session, as the terminal's driver does; a tap on an older picture changes nothing; a seat
sees its own secrets only, and the table's page nobody's; what players typed is escaped."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

import pytest

from companion.core.game import (
    Action,
    Ask,
    Choice,
    ConfirmFirst,
    Entry,
    Moment,
    Option,
    Step,
    Then,
    decide,
)
from companion.core.i18n import Msg, set_language, tr
from companion.games.insurrection import Choose, Draw, KeepLeader, March, name_msg, prefill
from companion.store import Store
from companion.web import render
from companion.web.codes import SEAT, TABLE, TABLE_READ_ONLY, JoinCode
from companion.web.driver import Page, WebTable
from tests.serve.helpers import PLAYERS, demo_table, new_insurrection, secret_names
from tests.tiny_game import TINY, Add, TinyState

CAP = 10  # the lever refuses "add" from this total on


@dataclass(frozen=True)
class LeverGame(type(TINY)):
    """The tiny game with a moment whose actions lead somewhere: each kind of lead once."""

    key = "tiny"
    state_type = TinyState

    def apply(self, state, cmd):
        return TINY.apply(state, cmd)

    def summary(self, state):
        return TINY.summary(state)

    def describe(self, before, cmd, after):
        return cmd.describe()

    def moment(self, state) -> Moment:
        full = state.total >= CAP
        actions = (
            Action(
                "add",
                Msg("lever.full") if full else None,
                Ask(
                    Choice(Msg("lever.how_much"), (Option(Add(2), "two"), Option(Add(3), "three"))),
                    tie=False,
                ),
            ),
            Action("reset", leads=ConfirmFirst(Msg("lever.sure"), Add(-state.total))),
            Action("set", leads=Entry("number", Msg("lever.set"), Add, minimum=1, maximum=40)),
            Action("draft", leads=Then(lambda s: Add(5))),
            # a game's own form, which only the host's screen draws
            Action("later", leads=Entry("lever.own_form", Msg("lever.set"), Add)),
        )
        nxt = Step(Add(1), Msg("lever.first")) if state.total == 0 else None
        return Moment(Msg("lever.prompt"), nxt, actions)

    def upgrade(self, cmd):
        return cmd


LEVER = LeverGame()


@pytest.fixture
def lever(tmp_path):
    set_language("en")
    stores = [Store.open(tmp_path / "lever.db", games={"tiny": LEVER}) for _ in range(2)]
    game_id = stores[0].new_game(LEVER, TinyState(), "<b>Lever</b> & co", "box").id
    table = WebTable(stores[0], stores[0].open_game(game_id))
    yield table, stores[1].open_game(game_id)
    for s in stores:
        s.close()


def tap(table: WebTable, page: Page, op: str, arg=None, rev=None) -> None:
    table.handle(page, {"op": op, "arg": arg, "rev": table.revision if rev is None else rev})


def test_a_page_performs_every_kind_of_lead(lever):
    table, _host = lever
    page = Page(JoinCode(TABLE, "t"))
    table.pages.add(page)
    tap(table, page, "step", rev=7)  # a picture of another revision: nothing happens
    assert table.state.total == 0 and page.notice == Msg("web.look_again")
    tap(table, page, "step")  # the app's step, confirmed by the table
    assert table.state.total == 1
    tap(table, page, "act", "add")  # a question
    assert isinstance(page.question, Ask) and "three" in render.view(table, page)
    tap(table, page, "answer", 1)
    assert table.state.total == 4 and page.question is None
    tap(table, page, "act", "draft")  # a draft completed from the state
    assert table.state.total == 9
    tap(table, page, "act", "set")  # a number, checked before it reaches the game
    assert isinstance(page.question, Entry)
    for wrong, said in (("x", "web.form.number"), ("41", "web.form.range")):
        tap(table, page, "answer", wrong)
        assert page.notice.key == said and isinstance(page.question, Entry)
    tap(table, page, "answer", "7")
    assert table.state.total == 16 and page.question is None
    tap(table, page, "act", "add")  # refused now: why, and nothing opens
    assert page.notice == Msg("lever.full") and page.question is None
    tap(table, page, "act", "later")  # the game's own form: the host's screen has it
    assert page.notice == Msg("web.on_host")
    tap(table, page, "act", "reset")  # a confirmation first
    assert isinstance(page.question, ConfirmFirst) and table.state.total == 16
    tap(table, page, "answer", True)
    assert table.state.total == 0
    assert [line.description for line in table.session.history()][-1] == Add(-16).describe()


def test_the_buttons_say_which_actions_are_refused_or_on_the_host(lever):
    table, _host = lever
    page = Page(JoinCode(TABLE, "t"))
    table.session.do(Add(CAP))
    html = render.view(table, page)
    buttons = dict(re.findall(r'data-arg="&quot;(\w+)&quot;"( disabled)?', html))
    assert buttons == {
        "add": " disabled",
        "reset": "",
        "set": "",
        "draft": "",
        "later": " disabled",
    }
    assert render.text(Msg("web.on_host")) in html  # escaped: "host&#x27;s"


def test_the_host_follows_the_page_and_the_page_the_host(lever):
    table, host = lever
    page = Page(JoinCode(TABLE, "t"))
    table.pages.add(page)
    tap(table, page, "step")
    assert host.follow(host.fetch_remote()) is not None and host.state.total == 1
    tap(table, page, "act", "add")  # the page's question, open while the host plays on
    host.do(Add(3))
    assert table.follow(table.session.fetch_remote())
    assert isinstance(page.question, Ask)  # still asked: "add" is still allowed
    host.do(Add(CAP))
    assert table.follow(table.session.fetch_remote())
    assert page.question is None and page.notice == Msg("web.closed")  # no longer asked
    before = table.revision
    tap(table, page, "answer", 0)  # an answer to the closed question changes nothing
    assert table.revision == before and table.state.total == 1 + 3 + CAP


def test_a_step_refused_because_the_host_wrote_first_is_said_and_followed(lever):
    table, host = lever
    page = Page(JoinCode(TABLE, "t"))
    table.pages.add(page)
    host.do(Add(1))  # the page has not looked yet
    tap(table, page, "act", "draft")
    assert page.notice.key == "sync.refused"
    assert table.state.total == 1 and table.revision == host.revision  # followed, no fork


def test_undo_and_redo_from_a_full_control_page_are_the_hosts(lever):
    table, host = lever
    page = Page(JoinCode(TABLE, "t"))
    table.pages.add(page)
    tap(table, page, "step")
    tap(table, page, "act", "draft")
    assert 'data-op="undo"' in render.view(table, page) and table.state.total == 6
    tap(table, page, "undo")
    assert table.state.total == 1 and page.notice.key == "ui.undo.done"
    assert host.follow(host.fetch_remote()) is not None and host.state.total == 1
    tap(table, page, "redo")
    assert table.state.total == 6 and page.notice.key == "ui.redo.done"
    host.follow(host.fetch_remote())
    host.undo()  # the host undoes meanwhile: the page's undo is refused, said and followed
    tap(table, page, "undo")
    assert page.notice.key == "sync.refused"
    assert table.state.total == 1 and table.revision == host.revision  # no fork
    tap(table, page, "undo")
    tap(table, page, "undo")  # nothing left to undo: said
    assert table.state.total == 0 and page.notice.key == "ui.undo.nothing"


def test_read_only_and_seat_pages_change_nothing_of_the_table(lever):
    table, _host = lever
    for code in (JoinCode(TABLE_READ_ONLY, "r"), JoinCode(SEAT, "s", 1, "Ann")):
        page = Page(code)
        for op, arg in (("step", None), ("act", "draft"), ("act", "reset"), ("undo", None)):
            tap(table, page, op, arg)
        assert table.revision == 0 and page.question is None
        assert "data-op" not in render.view(table, Page(code)).replace('data-op="close"', "")


def test_what_players_typed_is_text(lever):
    table, _host = lever
    html = render.document(table, Page(JoinCode(TABLE, "t")), "t")
    assert "<b>Lever" not in html and "&lt;b&gt;Lever&lt;/b&gt; &amp; co" in html


# -- Insurrection: each seat's own secrets, nobody else's -----------------------------------


@pytest.fixture
def insurrection(tmp_path):
    set_language("en")
    store = Store.open(tmp_path / "ins.db")
    game_id = new_insurrection(store)
    table = WebTable(store, store.open_game(game_id))
    yield table
    store.close()


def pages_of(table: WebTable) -> dict[str | None, str]:
    codes = {None: JoinCode(TABLE, "t")}
    codes |= {p: JoinCode(SEAT, f"s{n}", n, p) for n, p in enumerate(PLAYERS, 1)}
    return {who: render.document(table, Page(code), code.token) for who, code in codes.items()}


def assert_no_secret_of_others(table: WebTable) -> None:
    assert secret_names(table.state, None)  # there is something to keep secret
    for who, html in pages_of(table).items():
        leaked = {name for name in secret_names(table.state, who) if name in html}
        assert not leaked, (who, leaked)


def test_each_seat_sees_its_own_secrets_only(insurrection):
    """§2 step 3 and §3.2 with the app's deck: the leaders offered, the hand, the card picked."""
    table = insurrection
    ann = Page(JoinCode(SEAT, "s1", 1, "Ann"))
    ben = Page(JoinCode(SEAT, "s2", 2, "Ben"))
    table.pages |= {ann, ben}
    state = table.state
    assert_no_secret_of_others(table)
    offers = state.leader_offers["Ann"]
    html = render.view(table, ann)
    for leader in offers:
        assert tr(name_msg(state.catalog.card(leader).name)) in html
    tap(table, ann, "keep", state.leader_offers["Ben"][0])  # not Ann's to keep
    assert table.revision == 0 and ann.notice == Msg("web.look_again")
    tap(table, ann, "keep", offers[1])
    assert table.state.kept_leaders["Ann"] == offers[1]
    assert_no_secret_of_others(table)
    tap(table, ben, "keep", table.state.leader_offers["Ben"][0])
    tap(table, ann, "keep", offers[0])  # Ann has kept hers: no second leader
    assert ann.notice == Msg("web.look_again")
    table.session.do(KeepLeader(player="Cleo", leader=table.state.leader_offers["Cleo"][0]))
    state = table.state
    land = state.catalog.land(state.path[state.token + 1])
    table.session.do(March(cards=tuple(state.deck[: land.reveal or 0])))
    table.session.do(Draw())
    assert_no_secret_of_others(table)
    mine = prefill(table.state, "Ann")
    tap(table, ann, "choose", mine[0])
    assert table.state.chosen == {"Ann": mine[0]}
    assert_no_secret_of_others(table)  # Ann's pick is hers until everyone's is revealed
    tap(table, ben, "choose", prefill(table.state, "Ben")[0])
    table.session.do(Choose(player="Cleo", card=prefill(table.state, "Cleo")[0]))
    table.take_app_steps(ben)  # the reveal needs nobody (as after a pick on the terminal)
    assert table.state.phase == "turns" and not table.state.chosen
    assert_no_secret_of_others(table)


# -- every game's table page ---------------------------------------------------------------

PANELS = {
    "unicornus": {"characters", "units"},
    "insurrection": {"path", "area", "tally", "hands"},
    "magical-friends": {"effects", "wizards", "positions"},
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("key", sorted(PANELS))
def test_every_game_s_table_page_draws_a_whole_demo_game(store, key, lang):
    """The table page, drawn along a sensible table's demo game to its end: the game's public
    panels, every word translated (no ⟨key⟩), the outcome at the end."""
    from companion.core.game import decide

    set_language(lang)
    table, policy = demo_table(store, key)
    page = Page(JoinCode(TABLE, "t"))
    seen: set[str] = set()
    for n in range(2_000):
        cmd = decide(table.moment, table.state, policy)
        if n % 7 == 0 or cmd is None:
            html = render.view(table, page)
            assert "⟨" not in html, re.findall(r"⟨[^⟩]*⟩", html)
            seen |= set(re.findall(r'data-panel="(\w+)"', html))
        if cmd is None:
            break
        table.session.do(cmd)
    assert table.moment.outcome is not None
    assert PANELS[key] <= seen


def test_the_scout_looks_on_their_own_phone(store):
    """§3.3 Scout with the app's deck: the top card is shown on the scout's phone alone, and
    a tap puts it at the bottom (a step of the log, as the host's Scout)."""
    from companion.core.game import decide
    from companion.games.insurrection import BOTTOM
    from companion.games.registry import sensible_table

    set_language("en")
    table = WebTable(store, store.open_game(new_insurrection(store, seed=3)))
    policy, _setup = sensible_table("insurrection", 3)
    for _ in range(500):  # the sensible table plays on to a turn that may Scout
        if table.state.phase == "turns" and table.moment.allows("scout"):
            break
        table.session.do(decide(table.moment, table.state, policy))
    else:
        pytest.fail("seed 3 no longer reaches a turn that may Scout: pick another seed")
    state = table.state
    scout = state.current.player
    top = tr(name_msg(state.catalog.card(state.deck[0]).name))
    number = PLAYERS.index(scout) + 1
    page = Page(JoinCode(SEAT, "s", number, scout))
    assert top in render.view(table, page)
    public = {card for card in (*state.area, *(t.card for t in state.turns))}
    if state.deck[0] not in public:  # the others see nothing of it
        for n, other in enumerate(PLAYERS, 1):
            if other != scout and state.deck[0] not in prefill(state, other):
                assert top not in render.view(table, Page(JoinCode(SEAT, "o", n, other)))
        assert top not in render.view(table, Page(JoinCode(TABLE, "t")))
    tap(table, page, "scout", BOTTOM)
    assert table.state.current.scouted and table.state.deck[-1] == state.deck[0]


def test_each_leader_offered_says_how_it_scores(insurrection):
    """§2 step 3 (found on a phone): the leaders a seat may keep each say how they score, in
    the words the terminal's leader choice uses (the engine's ``rule_summary``)."""
    from companion.games.insurrection import rule_summary

    table = insurrection
    ann = Page(JoinCode(SEAT, "s1", 1, "Ann"))
    table.pages.add(ann)
    state = table.state
    html = render.view(table, ann)
    for leader in state.leader_offers["Ann"]:
        scoring = tr(rule_summary(state.catalog, state.catalog.card(leader)))
        assert f"scores: {escape(scoring)}" in html, scoring


def test_a_card_to_take_is_tapped_on_the_table_page(store):
    """§3.3 the take at the end of a turn: the engine's candidates as taps, a refused one
    with why and not tappable; a tap makes the game's own take."""
    from companion.core.game import decide
    from companion.games.registry import sensible_table
    from companion.web.panels import action_lead

    set_language("en")
    table = WebTable(store, store.open_game(new_insurrection(store, seed=3)))
    policy, _setup = sensible_table("insurrection", 3)
    for _ in range(500):  # on to a turn whose take is a choice
        if table.state.phase == "turns" and table.moment.next is None:
            take = action_lead("insurrection", table.state, table.moment, "take")
            if isinstance(take, Entry) and len(take.subject.candidates) > 1:
                break
        table.session.do(decide(table.moment, table.state, policy))
    else:
        pytest.fail("seed 3 no longer reaches a take with a choice: pick another seed")
    page = Page(JoinCode(TABLE, "t"))
    table.perform(page, take, asks=None)  # what the action leads to, once it says so
    html = render.view(table, page)
    allowed = [c.card for c in take.subject.candidates if c.refused is None]
    refused = [c.card for c in take.subject.candidates if c.refused is not None]
    for card in allowed:
        assert f'data-op="answer" data-arg="&quot;{card}&quot;">' in html
    for card in refused:
        assert f'data-arg="&quot;{card}&quot;" disabled>' in html
        before = table.revision
        tap(table, page, "answer", card)
        assert page.notice == Msg("web.look_again") and table.revision == before
    steps, player = table.session.cursor, table.state.current.player
    tap(table, page, "answer", allowed[0])
    assert table.session.cursor > steps and page.question is None
    assert table.session.history()[steps].description.params.get("player") == player


# -- a form of several taps ---------------------------------------------------------------


def test_a_form_keeps_its_taps_says_what_is_missing_and_answers_once_complete(tmp_path):
    """Magical Friends §6: the artifact each wizard played, tapped one by one; OK before the
    last says which is missing and keeps the taps; a tap the form does not have changes
    nothing."""
    from companion.games.registry import get_game, load_game_catalog, sensible_table

    set_language("en")
    game = get_game("magical-friends")
    catalog = load_game_catalog("magical-friends", "demo")
    _policy, setup = sensible_table("magical-friends", 3)
    store = Store.open(tmp_path / "mf.db")
    game_id = store.new_game(game, game.new_game(setup(catalog, None), catalog, 3), "MF", "demo").id
    table = WebTable(store, store.open_game(game_id))
    page = Page(JoinCode(TABLE, "t"))
    table.pages.add(page)
    tap(table, page, "step")  # the round begins: the artifacts are asked
    tap(table, page, "set", ["enter", "w0", 7])
    tap(table, page, "set", ["enter", "w1", 3])
    tap(table, page, "set", ["enter", "w1", 99])  # not an artifact Blue has
    assert page.notice == Msg("web.look_again")
    tap(table, page, "enter")
    assert page.notice.key == "web.form.missing" and table.state.played == ()
    html = render.view(table, page)
    assert 'data-arg="[&quot;enter&quot;, &quot;w0&quot;, 7]" aria-pressed="true"' in html
    tap(table, page, "set", ["enter", "w2", 5])
    tap(table, page, "enter")
    assert table.state.played == (7, 3, 5) and not page.drafts
    store.close()


def test_a_question_a_draft_built_closes_when_another_device_answers_first(store):
    """Played on two phones: both opened Move, then the same friend; the first tap of 1 step
    moved it, and the second phone's tap, to a question built on where the friend stood,
    moved it again. A question a draft built is stale once the game changed elsewhere."""
    table, policy = demo_table(store, "magical-friends")
    first, second = Page(JoinCode(TABLE, "a")), Page(JoinCode(TABLE, "b"))
    table.pages.update((first, second))
    for _ in range(200):  # the sensible table plays until a friend may move
        if table.moment.allows("move"):
            break
        table.session.do(decide(table.moment, table.state, policy))
    for page in (first, second):
        tap(table, page, "act", "move")
        tap(table, page, "answer", 0)  # the first friend: how many steps?
        assert isinstance(page.question, Entry)
    before = table.revision
    tap(table, first, "answer", 1)
    assert table.revision == before + 1
    assert second.question is None and second.notice == Msg("web.closed")
    tap(table, second, "answer", 1)
    assert table.revision == before + 1  # one move, as the table meant
