"""The host never breaks because of a phone (issue 22): the host's screen (a Textual app)
and a seat's web page on one new Insurrection game of 2 players (§2 step 3: each keeps a
leader). The page's steps reach the host's screen as another terminal's do; the host's
leader question for Ann stays open while Ben keeps his on his phone, and closes, saying why,
when Ann keeps hers on hers — the host stays usable throughout (issue: `InvalidStateError` in
`_close_stale_dialogs` when the second seat kept its leader from a phone)."""

from __future__ import annotations

import asyncio
import time

from companion.core.i18n import set_language
from companion.games.insurrection import GAME, engine
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import Confirm
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.join import JoinDialog
from companion.ui.widgets.qr import QRCode
from companion.web.codes import SEAT, JoinCode, join_codes, revoked
from companion.web.driver import Page, WebTable
from companion.web.server import WebServer
from tests.insurrection_ui.helpers import demo_state

WITHIN = 60.0  # seconds: a guard against a hang only (bench_phones.py measures the speed)


async def until(pilot, done) -> None:
    began = time.monotonic()
    while not done():
        assert time.monotonic() - began < WITHIN, "the host never followed the phone"
        await asyncio.sleep(0.02)
    await pilot.pause()


async def test_the_host_follows_phones_keeping_their_leaders_while_its_question_is_open(tmp_path):
    set_language("en")
    path = tmp_path / "host.db"
    stores = [Store.open(path), Store.open(path)]
    start = engine.new_game(demo_state().catalog, ("Ann", "Ben"), seed=7, virtual=True)
    game_id = stores[0].new_game(GAME, start, "Two", "demo").id
    web = WebTable(stores[1], stores[1].open_game(game_id))
    ann, ben = (Page(JoinCode(SEAT, f"s{n}", n, p)) for n, p in ((1, "Ann"), (2, "Ben")))
    web.pages |= {ann, ben}
    app = create_app(stores[0], Start("resume", game_id=game_id), lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            board = app.screen_stack[1]
            assert isinstance(board, InsurrectionScreen)
            await pilot.press("n")  # the host opens the leader question (Ann's, §2 step 3)
            await pilot.pause()
            question = app.screen
            assert question is not board
            web.handle(ben, {"op": "keep", "arg": web.state.leader_offers["Ben"][1]})
            assert "Ben" in web.state.kept_leaders, ben.notice
            await until(pilot, lambda: board.session.revision == web.revision)
            assert app.screen is question and not question.closing  # Ann's: still asked
            web.handle(ann, {"op": "keep", "arg": web.state.leader_offers["Ann"][0]})
            await until(pilot, lambda: board.session.revision == web.revision)
            await until(pilot, lambda: app.screen is board)  # no longer asked: closed
            assert board.session.state.kept_leaders == web.state.kept_leaders
            await pilot.press("n")  # the host plays on: the March (§3.1)
            await pilot.pause()
            assert board.session.state.token == 0  # the March moved the rebels on
            web.follow(web.session.fetch_remote())
            assert web.revision == board.session.revision
    finally:
        for s in stores:
            s.close()


async def test_the_host_revokes_a_code_from_its_dialog_once_sure(tmp_path):
    """A code revoked from the QR dialog (``r``, then yes): a new code replaces it there and
    in the save; no closes the question and changes nothing."""
    set_language("en")
    store = Store.open(tmp_path / "codes.db")
    start = engine.new_game(demo_state().catalog, ("Ann", "Ben"), seed=7, virtual=True)
    game_id = store.new_game(GAME, start, "Codes", "demo").id
    codes = join_codes(store, game_id, ("Ann", "Ben"))
    app = create_app(store, Start("resume", game_id=game_id), lang="en")
    app.join = WebServer(store, store.open_game(game_id), codes)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, JoinDialog)
            await pilot.press("3", "r")  # Ann's code: asked first
            await pilot.pause()
            assert isinstance(app.screen, Confirm)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is dialog and app.join.codes == codes
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert app.screen is dialog
            now = app.join.codes
            assert now[2].token != codes[2].token and now[:2] == codes[:2]
            assert dialog.query_one(QRCode).data == app.join.url(now[2])  # the new one shown
            assert join_codes(store, game_id, ("Ann", "Ben")) == now  # kept in the save
            assert codes[2].token in revoked(store, game_id)
    finally:
        store.close()
