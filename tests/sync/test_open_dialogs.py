"""What a step made on another device does to a dialog open here (issue: a phone's pick used
to close every dialog of the host). Two apps on one database: the host, and a seat's phone
(``companion view ID --seat N``). Insurrection §3.2: with the app's deck every player picks
the card to play in secret, on their phone or at the host's keyboard passed round.

- a dialog the game still asks stays open, and its answer is applied to the game as it is
  (``companion.core.game.still_asked``: the host's "pass the keyboard to Ann" while Ben picks);
- a dialog the game no longer asks closes with the message saying why (Ann picked on her
  phone while the host was about to pass her the keyboard), and no answer to it is saved.
"""

from __future__ import annotations

from contextlib import AsyncExitStack

import pytest

from companion.core.errors import RuleError
from companion.core.game import NOTHING, still_asked
from companion.core.i18n import set_language
from companion.games.insurrection import GAME, engine
from companion.games.insurrection.commands import Choose, Draw, March
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.insurrection.picker import CardPicker
from companion.ui.insurrection.seat import SeatScreen
from companion.ui.insurrection.secret import Chain, PassTo
from companion.ui.join import JoinDialog
from tests.insurrection_ui.helpers import demo_state
from tests.sync.test_two_apps import notes_text, settle

CLOSED = "The question was closed: the game changed on another device"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


class HostAndPhone:
    """The host's board and one seat's phone, on one game at its first pick (§3.2)."""

    def __init__(self, db_target, seat: int):
        self.stores = [Store.open(db_target), Store.open(db_target)]
        session = self.stores[0].new_game(GAME, demo_state(7), "Seats", "demo")
        state = session.state
        land = state.catalog.land(state.path[state.token + 1])
        session.do(March(cards=tuple(state.deck[: land.reveal or 0])))
        session.do(Draw())
        self.game_id, self.seat = session.id, seat

    async def __aenter__(self) -> HostAndPhone:
        self.stack = AsyncExitStack()
        await self.open(self.stack)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stack.aclose()
        for s in self.stores:
            s.close()

    async def open(self, stack: AsyncExitStack) -> None:
        host = create_app(self.stores[0], Start("resume", game_id=self.game_id), lang="en")
        phone = create_app(
            self.stores[1],
            Start(
                "view",
                game_id=self.game_id,
                session=self.stores[1].open_game(self.game_id),
                seat=self.seat,
            ),
            lang="en",
        )
        self.apps = [host, phone]
        self.pa = await stack.enter_async_context(host.run_test(size=(120, 40)))
        self.pb = await stack.enter_async_context(phone.run_test(size=(42, 40)))
        await self.pa.pause()
        await self.pb.pause()
        self.host, self.phone = host.screen, phone.screen
        assert isinstance(self.host, InsurrectionScreen) and isinstance(self.phone, SeatScreen)

    @property
    def a(self):  # what settle() and in_step() name the two screens
        return self.host

    @property
    def b(self):
        return self.phone

    def in_step(self) -> bool:
        sa, sb = self.host.session, self.phone.session
        return sa.revision == sb.revision and sa.state == sb.state

    async def press(self, who: str, *keys: str) -> None:
        pilot = self.pa if who == "host" else self.pb
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    async def phone_picks(self) -> str:
        """The phone's player picks the highlighted card of their hand; the host follows."""
        await self.press("phone", "p")
        assert isinstance(self.apps[1].screen, CardPicker)
        await self.press("phone", "enter")
        assert self.apps[1].screen is self.phone
        await settle(self, self.in_step)
        return self.phone.state.chosen[self.phone.seat.player]


async def test_a_pass_still_due_stays_open_and_its_answer_is_applied_to_the_game_as_it_is(
    db_target,
):
    async with HostAndPhone(db_target, seat=2) as two:  # Ben's phone
        await two.press("host", "n")  # §3.2: the keyboard goes round, Ann first
        host_app = two.apps[0]
        passing = host_app.screen
        assert isinstance(passing, PassTo) and "Ann" in str(passing.title_msg.params)
        bens = await two.phone_picks()  # Ben picks on his phone meanwhile
        assert host_app.screen is passing and not passing.closing  # still due: open
        assert not any(CLOSED in m for m in notes_text(host_app))
        await two.press("host", "enter")  # Ann takes the keyboard
        assert isinstance(host_app.screen, CardPicker)
        await two.press("host", "enter")  # Ann's pick
        after_ann = host_app.screen
        assert isinstance(after_ann, PassTo)  # Ben is not asked again: Cleo is next
        assert "Cleo" in str(after_ann.title_msg.params)
        await two.press("host", "enter", "enter")  # Cleo takes it and picks
        state = two.host.session.state
        assert host_app.screen is two.host and state.phase == "turns"
        played = {turn.player: turn.card for turn in state.turns}
        assert played["Ben"] == bens  # the phone's pick, revealed with the others'
        assert not any(CLOSED in m for m in notes_text(host_app))
        await settle(two, two.in_step)


async def test_a_pass_no_longer_due_closes_saying_why_and_nothing_of_it_is_saved(db_target):
    async with HostAndPhone(db_target, seat=1) as two:  # Ann's phone
        await two.press("host", "n")
        host_app = two.apps[0]
        assert isinstance(host_app.screen, PassTo)  # "pass the keyboard to Ann"
        anns = await two.phone_picks()  # Ann picks on her phone instead
        await settle(two, lambda: host_app.screen is two.host)  # the pass is closed
        assert not any(isinstance(s, Chain) for s in host_app.screen_stack)
        assert any(CLOSED in m for m in notes_text(host_app)), notes_text(host_app)
        state = two.host.session.state
        assert state.phase == "choose" and state.chosen == {"Ann": anns}
        await two.press("host", "n")  # the keyboard goes round again: Ben first now
        assert "Ben" in str(host_app.screen.title_msg.params)


async def test_a_phone_s_own_pick_stays_open_while_another_player_picks(db_target):
    async with HostAndPhone(db_target, seat=2) as two:  # Ben's phone
        phone_app = two.apps[1]
        await two.press("phone", "p")
        picker = phone_app.screen
        assert isinstance(picker, CardPicker)
        ann = engine.prefill(two.host.state, "Ann")[0]
        two.host.do(Choose(player="Ann", card=ann))  # Ann picks, elsewhere
        await settle(two, two.in_step)
        assert phone_app.screen is picker and not picker.closing  # Ben's pick still due
        await two.press("phone", "enter")
        state = two.phone.session.state
        assert set(state.chosen) == {"Ann", "Ben"}  # the answer was saved
        assert not any(CLOSED in m for m in notes_text(phone_app))


async def test_the_host_s_join_codes_stay_open_while_phones_pick(db_target):
    from companion.ui.serve import JoinServer, join_codes
    from tests.insurrection_ui.helpers import PLAYERS

    async with HostAndPhone(db_target, seat=2) as two:
        host_app = two.apps[0]
        host_app.join = JoinServer(join_codes(two.game_id, PLAYERS), "/tmp/x.db", "en")
        await two.press("host", "ctrl+o")
        codes = host_app.screen
        assert isinstance(codes, JoinDialog)
        await two.phone_picks()
        assert host_app.screen is codes and not codes.closing


def test_the_engine_says_which_questions_a_change_leaves_asked():
    """``still_asked`` (the one decision): a pick that goes round stays asked when another
    player picked elsewhere, and is no longer asked for the player who did."""
    state = demo_state(7)
    land = state.catalog.land(state.path[state.token + 1])
    state = engine.apply(state, March(cards=tuple(state.deck[: land.reveal or 0])))
    state = engine.apply(state, Draw())
    before = GAME.moment(state)
    entry, played = before.next, before.next.subject
    ben = engine.prefill(state, "Ben")[0]
    after = GAME.moment(engine.apply(state, Choose(player="Ben", card=ben)))
    now = still_asked(after, entry)
    assert now is after.next and now.subject.players == ("Ann", "Cleo")
    assert still_asked(after, played.due("Ann")) is not None
    assert still_asked(after, played.due("Ben")) is None
    assert still_asked(after, None) is None  # the game as it was: stale after any change
    assert still_asked(after, NOTHING) is NOTHING
    anns = engine.prefill(state, "Ann")[0]
    with pytest.raises(RuleError):
        after.next.answer((anns,))  # an answer made for fewer players than the game waits for
    assert after.next.answer((anns, engine.prefill(state, "Cleo")[0])).cards[1] == ben
