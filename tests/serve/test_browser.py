"""The pages in a real browser (issue 22): a 390×844 phone (headless chromium, touch) taps
through an Insurrection leader pick and a card pick (§2 step 3, §3.2) while the host plays on
in its own session; the host follows both; another seat's page never contains that hand; the
table's page follows the host's steps; on a full-control page, a Magical Friends turn and a
Unicornus turn are played by taps alone (every question and every entry, the battles' dice
and damage included) and a step is undone by a tap, the host following each. One chromium
for the module (each test opens its own page). Skipped without chromium, except in CI."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from itertools import islice
from urllib.error import HTTPError

import pytest

from companion.core.game import play
from companion.core.i18n import set_language, tr
from companion.games.insurrection import Choose, Draw, KeepLeader, March, name_msg, prefill
from companion.games.insurrection.flow import play_candidates
from companion.games.registry import get_game, load_game_catalog, sensible_table
from companion.store import Store
from companion.web.codes import join_codes
from companion.web.server import WebServer
from tests.serve.browser import ELEMENT, WAIT, need_chromium, phone
from tests.serve.helpers import new_insurrection, secret_names


class Served:
    """The web server on its own event loop in a thread (as in ``companion serve``, where it
    shares the host app's loop), and the host's session on the test's thread."""

    def __init__(self, path, new_game=new_insurrection) -> None:
        set_language("en")
        self.stores = [Store.open(path), Store.open(path)]
        self.game_id = new_game(self.stores[0])
        session = self.stores[0].open_game(self.game_id)
        players = session.state.players if session.game.key == "insurrection" else ()
        codes = join_codes(self.stores[0], self.game_id, players)
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


# one process runs the module: one chromium
pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="module")
def browser():
    """One chromium for the module's tests (starting one costs seconds)."""
    with phone() as b:
        yield b


FIND = """
var op = arguments[0], arg = arguments[1];
var all = document.querySelectorAll('#view button[data-op]');
for (var i = 0; i < all.length; i++) {
  var b = all[i];
  if (!b.disabled && b.dataset.op === op && b.dataset.arg === (arg === null ? undefined : arg)) {
    return b;
  }
}
return null;
"""


def live(browser, url: str) -> None:
    """Open ``url`` and wait for the server's first picture over the page's socket."""
    browser.open(url)
    browser.wait(lambda: browser.run("return document.body.dataset.live === '1'"), url)


def press(browser, op: str, arg=None) -> None:
    """Tap the button that sends ``op`` with ``arg`` (as the page drew it), then wait for the
    page's next picture (the server always answers the page that tapped)."""
    wanted = None if arg is None else json.dumps(arg, ensure_ascii=False)
    for _ in range(3):  # a picture drawn between finding and tapping: find it again
        found = browser.wait(lambda: browser.run(FIND, op, wanted), f"a button {op} {wanted}")
        browser.run(
            "arguments[0].scrollIntoView({block: 'center'});"
            "document.getElementById('view').dataset.old = '1'",
            found,
        )
        try:
            browser.tap(found[ELEMENT])
            break
        except HTTPError:
            continue
    browser.wait(
        lambda: browser.run("var v = document.getElementById('view'); return !v.dataset.old"),
        f"the page after {op} {wanted}",
    )


def demo_game(key: str, seed: int, steps: int):
    """A game of the demo catalog played ``steps`` steps by the sensible table."""

    def make(store) -> int:
        game = get_game(key)
        catalog = load_game_catalog(key, "demo")
        policy, setup = sensible_table(key, seed)
        state = game.new_game(setup(catalog, None), catalog, seed)
        for _cmd, after in islice(play(game, state, policy), steps):
            state = after
        return store.new_game(game, state, key, "demo").id

    return make


def taps_of(browser, op: str) -> list[str]:
    return browser.find(f'button[data-op="{op}"]:not([disabled])')


def test_a_phone_keeps_a_leader_and_picks_a_card_by_tap_while_the_host_plays_on(served, browser):
    host = served.host
    ben = browser
    live(ben, served.url(3))  # seat 2: Ben
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
    first = play_candidates(host.state, "Ben")[0].card  # as listed: the kept leader last
    ben.tap(taps_of(ben, "choose")[0])
    served.host_sees(lambda s: "Ben" in s.chosen)
    assert host.state.chosen["Ben"] == first
    html = ben.html()
    assert tr(name_msg(host.state.catalog.card(first).name)) in html
    assert not {n for n in secret_names(host.state, "Ben") if n in html}

    live(ben, served.url(2))  # Ann's seat on the same phone: never Ben's hand
    ben.wait(lambda: ben.find("#view"), "Ann's page")
    html = ben.html()
    assert not {n for n in secret_names(host.state, "Ann") if n in html}


def test_the_table_page_follows_the_host_step_by_step(served, browser):
    host = served.host
    table = browser
    live(table, served.url(0))  # the table, read-only
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


def test_a_page_reconnects_by_itself_to_serve_started_again(served, browser):
    """The server stops (the host quits ``serve``), the game moves on meanwhile, ``serve``
    starts again: the page, never reloaded, reconnects on the same code (kept in the save) and
    shows the game as it is."""
    host = served.host
    table = browser
    live(table, served.url(0))
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


def test_a_magical_friends_turn_by_taps_on_the_full_control_page(tmp_path, browser):
    """§6 the artifacts each wizard played, §3 a summon, §4 a move (which friend, how many
    steps, which way at a fork), the end of the turn: taps only; the host follows; a tap
    undoes the last step, and the host follows that too."""
    need_chromium()
    with Served(tmp_path / "mf.db", demo_game("magical-friends", 3, 0)) as served:
        host, page = served.host, browser
        live(page, served.url(1))  # the table, full control
        press(page, "step")  # the round begins (the app rolls the fairy die)
        for wizard, artifact in ((0, 7), (1, 3), (2, 5)):
            press(page, "set", ["enter", f"w{wizard}", artifact])
        width, height = page.size('button[data-op="set"]')
        assert width >= 44 and height >= 44  # a finger's target
        assert page.run("return document.documentElement.scrollWidth") <= 390  # no sideways
        press(page, "enter")  # OK
        served.host_sees(lambda s: s.phase == "turns")
        assert host.state.played == (7, 3, 5)
        press(page, "act", "summon")
        press(page, "answer", 0)  # the first kind (one start space: not asked)
        press(page, "act", "move")
        press(page, "answer", 0)  # the friend just summoned
        press(page, "answer", 3)  # three steps: a fork on the way
        if page.find('button[data-op="answer"]'):  # the way at the fork, if asked
            press(page, "answer", 0)
        press(page, "act", "end_turn")
        served.host_sees(lambda s: s.turn_index == 1)
        moved = host.state.creatures[0]
        assert moved.where not in host.state.board.start_spaces  # three steps on
        press(page, "undo")
        served.host_sees(lambda s: s.turn_index == 0)
        assert "Undone" in page.html()


def test_a_unicornus_turn_by_taps_on_the_full_control_page(tmp_path, browser):
    """§4 a move into an imperial unit: the battle (§6.1) at once, the app's roll, the
    damage split; the end of the turn, the Princess (§5.1), a Fate draw, the Empire's move
    (§5.2) and its attack: the table's own dice tapped in, each die's target, the split, and
    where the attackers retreat (§6.1 step 6) — taps only; the host follows."""
    need_chromium()
    with Served(tmp_path / "uk.db", demo_game("unicornus", 5, 18)) as served:
        host, page = served.host, browser
        live(page, served.url(1))
        press(page, "act", "move")
        press(page, "answer", 0)  # into the unit on 4.0: the battle opens at once
        press(page, "enter", {"set": ["roll", "app"]})
        press(page, "enter")  # the damage split the engine proposes first
        served.host_sees(lambda s: not s.battles and s.phase == "players")
        press(page, "act", "end_turn")
        press(page, "step")  # the Princess's actions, as planned
        press(page, "step")
        press(page, "pick", 0)  # the Fate card drawn
        press(page, "step")
        press(page, "step")  # the Empire moves: Bertram is attacked on 6.3
        for die, face in enumerate((6, 5, 4, 3)):  # the table rolled its own dice
            press(page, "set", ["enter", f"d{die}", face])
        press(page, "enter")
        served.host_sees(lambda s: s.battles and s.battles[0].rolled)
        assert host.state.battles[0].dice == (6, 5, 4, 3)  # the faces tapped
        press(page, "enter")  # each die where the engine puts it, the split it proposes
        press(page, "answer", 0)  # the attackers retreat to the first space offered
        served.host_sees(lambda s: not s.battles)
        assert "retreats to 6.0" in tr(host.history()[-1].description)


def test_the_table_page_answers_a_question_and_a_number_by_tap(tmp_path, browser):
    """The full-control table on a phone: an action's question answered by a tap, a number
    by its button, the app's step confirmed — each saved once."""
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
        page = browser
        live(page, server.url(server.codes[1]))
        press(page, "step")
        page.wait(lambda: page.rev() == 1, "the step saved")
        press(page, "act", "add")
        press(page, "answer", 1)  # "three"
        page.wait(lambda: page.rev() == 2, "the answer saved")
        press(page, "act", "set")
        press(page, "answer", 7)  # the number's own button: no keyboard
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
