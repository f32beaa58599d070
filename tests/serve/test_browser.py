"""The pages in a real browser (issue 22): a 390×844 phone (headless chromium, touch) taps
through an Insurrection leader pick and a card pick (§2 step 3, §3.2) while the host plays on
in its own session; the host follows both; another seat's page never contains that hand; the
table's page follows the host's steps. Skipped without chromium, except in CI."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from companion.core.i18n import set_language, tr
from companion.games.insurrection import Choose, Draw, KeepLeader, March, name_msg, prefill
from companion.store import Store
from companion.web.codes import join_codes
from companion.web.server import WebServer
from tests.serve.browser import WAIT, need_chromium, phone
from tests.serve.helpers import new_insurrection, secret_names


class Served:
    """The web server on its own event loop in a thread (as in ``companion serve``, where it
    shares the host app's loop), and the host's session on the test's thread."""

    def __init__(self, path) -> None:
        set_language("en")
        self.stores = [Store.open(path), Store.open(path)]
        self.game_id = new_insurrection(self.stores[0])
        session = self.stores[0].open_game(self.game_id)
        codes = join_codes(self.stores[0], self.game_id, session.state.players)
        self.server = WebServer(self.stores[0], session, codes, host="127.0.0.1", port=0)
        self.host = self.stores[1].open_game(self.game_id)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> Served:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(30)
        return self

    def __exit__(self, *exc) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)
        for s in self.stores:
            s.close()

    def url(self, n: int) -> str:
        return self.server.url(self.server.codes[n])

    def host_sees(self, done) -> None:
        """The host's session follows the phone (as its screen's watcher does)."""
        began = time.monotonic()
        while not done(self.host.state):
            assert time.monotonic() - began < WAIT, "the host never saw the phone's step"
            self.host.follow(self.host.fetch_remote())
            time.sleep(0.05)


@pytest.fixture
def served(tmp_path):
    need_chromium()
    with Served(tmp_path / "browser.db") as s:
        yield s


def taps_of(browser, op: str) -> list[str]:
    return browser.find(f'button[data-op="{op}"]:not([disabled])')


def test_a_phone_keeps_a_leader_and_picks_a_card_by_tap_while_the_host_plays_on(served):
    host = served.host
    with phone() as ben:
        ben.open(served.url(3))  # seat 2: Ben
        leaders = ben.wait(lambda: taps_of(ben, "keep"), "Ben's leaders")
        assert len(leaders) == 2
        width, height = ben.size('button[data-op="keep"]')
        assert width >= 44 and height >= 44  # a finger's target
        assert ben.run("return document.documentElement.scrollWidth") <= 390  # no sideways
        host.do(KeepLeader(player="Ann", leader=host.state.leader_offers["Ann"][0]))
        ben.wait(lambda: ben.rev() == host.revision, "the host's step")
        offers = host.state.leader_offers["Ben"]
        ben.tap(taps_of(ben, "keep")[1])
        served.host_sees(lambda s: "Ben" in s.kept_leaders)
        assert host.state.kept_leaders["Ben"] == offers[1]  # the one tapped

        host.do(KeepLeader(player="Cleo", leader=host.state.leader_offers["Cleo"][0]))
        state = host.state
        land = state.catalog.land(state.path[state.token + 1])
        host.do(March(cards=tuple(state.deck[: land.reveal or 0])))
        host.do(Draw())
        ben.wait(lambda: ben.rev() == host.revision and taps_of(ben, "choose"), "the pick")
        host.do(Choose(player="Ann", card=prefill(host.state, "Ann")[0]))  # the host plays on
        ben.wait(lambda: ben.rev() == host.revision, "Ann's pick")
        hand = prefill(host.state, "Ben")
        ben.tap(taps_of(ben, "choose")[0])
        served.host_sees(lambda s: "Ben" in s.chosen)
        assert host.state.chosen["Ben"] == hand[0]
        html = ben.html()
        assert tr(name_msg(host.state.catalog.card(hand[0]).name)) in html
        assert not {n for n in secret_names(host.state, "Ben") if n in html}

        ben.open(served.url(2))  # Ann's seat on the same phone: never Ben's hand
        ben.wait(lambda: ben.find("#view"), "Ann's page")
        html = ben.html()
        assert not {n for n in secret_names(host.state, "Ann") if n in html}


def test_the_table_page_follows_the_host_step_by_step(served):
    host = served.host
    with phone() as table:
        table.open(served.url(0))  # the table, read-only
        table.wait(lambda: table.find("#view"), "the table")
        for player in host.state.players:
            host.do(KeepLeader(player=player, leader=host.state.leader_offers[player][0]))
            table.wait(lambda: table.rev() == host.revision, f"{player}'s leader")
        state = host.state
        land = state.catalog.land(state.path[state.token + 1])
        host.do(March(cards=tuple(state.deck[: land.reveal or 0])))
        table.wait(lambda: table.rev() == host.revision, "the March")
        html = table.html()
        for card in host.state.area:  # the cards the March revealed, face up
            assert tr(name_msg(host.state.catalog.card(card).name)) in html
        assert not {n for n in secret_names(host.state, None) if n in html}
        host.undo()
        table.wait(lambda: table.rev() == host.revision, "the undo")
        assert not table.find('[data-panel="area"] li:not(:only-child)')  # nothing face up


def test_a_page_reconnects_by_itself_to_serve_started_again(served):
    """The server stops (the host quits ``serve``), the game moves on meanwhile, ``serve``
    starts again: the page, never reloaded, reconnects on the same code (kept in the save) and
    shows the game as it is."""
    host = served.host
    with phone() as table:
        table.open(served.url(0))
        table.wait(lambda: table.find("#view"), "the table")
        old = served.server
        asyncio.run_coroutine_threadsafe(old.stop(), served.loop).result(30)
        table.wait(lambda: table.find("#link:not([hidden])"), "that the connection was lost")
        host.do(KeepLeader(player="Ann", leader=host.state.leader_offers["Ann"][0]))
        store = served.stores[0]
        codes = join_codes(store, served.game_id, host.state.players)
        assert codes == old.codes  # the same codes after a restart
        again = WebServer(store, store.open_game(served.game_id), codes, "127.0.0.1", old.port)
        served.server = again
        asyncio.run_coroutine_threadsafe(again.start(), served.loop).result(30)
        table.wait(lambda: table.rev() == host.revision, "the game as it is")
        assert table.find("#link[hidden]")  # the connection notice is gone


def test_the_table_page_answers_a_question_and_a_number_by_tap_and_field(tmp_path):
    """The full-control table on a phone: an action's question answered by a tap, a number
    typed into its field and sent, the app's step confirmed — each saved once."""
    from tests.serve.test_pages import LEVER, Add, TinyState

    need_chromium()
    set_language("en")
    store = Store.open(tmp_path / "lever.db", games={"tiny": LEVER})
    game_id = store.new_game(LEVER, TinyState(), "Lever", "box").id
    server = WebServer(store, store.open_game(game_id), join_codes(store, game_id, ()))
    server.host, server.port = "127.0.0.1", 0
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(server.start(), loop).result(30)
    table = server.table
    try:
        with phone() as page:
            page.open(server.url(server.codes[1]))
            page.tap(page.wait(lambda: taps_of(page, "step"), "the app's step")[0])
            page.wait(lambda: page.rev() == 1, "the step saved")
            act = 'button[data-op="act"][data-arg="&quot;add&quot;"]'.replace("&quot;", '\\"')
            page.tap(page.find(act)[0])
            options = page.wait(lambda: taps_of(page, "answer"), "the question")
            page.tap(options[1])  # "three"
            page.wait(lambda: page.rev() == 2, "the answer saved")
            page.tap(page.find(act.replace("add", "set"))[0])
            field = page.wait(lambda: page.find("form.entry input"), "the number's field")[0]
            page.type(field, "7")
            page.tap(page.find('form.entry button[type="submit"]')[0])
            page.wait(lambda: page.rev() == 3, "the number saved")
        assert table.state.total == 1 + 3 + 7
        assert [line.description for line in table.session.history()] == [
            Add(1).describe(),
            Add(3).describe(),
            Add(7).describe(),
        ]
    finally:
        asyncio.run_coroutine_threadsafe(server.stop(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        store.close()
