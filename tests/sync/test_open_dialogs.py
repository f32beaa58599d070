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
from companion.games.insurrection.commands import Choose, Draw, KeepLeader, March, Play
from companion.store import Store
from companion.ui.app import Start, create_app
from companion.ui.dialogs import ChoiceDialog
from companion.ui.insurrection.board import InsurrectionScreen
from companion.ui.insurrection.picker import CardPicker
from companion.ui.insurrection.seat import SeatScreen
from companion.ui.insurrection.secret import Chain, PassTo, ShowHand
from companion.ui.join import JoinDialog
from tests.insurrection_ui.helpers import PLAYERS, demo_state
from tests.sync.test_two_apps import notes_text, settle

CLOSED = "The question was closed: the game changed on another device"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


class HostAndPhone:
    """The host's board and one seat's phone, on one game at its first pick (§3.2)."""

    def __init__(self, db_target, seat: int, leaders: bool = False):
        """``leaders``: at the start instead, every player still to keep a leader (§2 step 3)."""
        self.stores = [Store.open(db_target), Store.open(db_target), Store.open(db_target)]
        if leaders:
            start = engine.new_game(demo_state().catalog, PLAYERS, seed=7, virtual=True)
            session = self.stores[0].new_game(GAME, start, "Seats", "demo")
        else:
            session = self.stores[0].new_game(GAME, demo_state(7), "Seats", "demo")
            state = session.state
            land = state.catalog.land(state.path[state.token + 1])
            session.do(March(cards=tuple(state.deck[: land.reveal or 0])))
            session.do(Draw())
        self.game_id, self.seat = session.id, seat
        self.third = self.stores[2].open_game(self.game_id)  # a third device: no screen

    async def elsewhere(self, *commands) -> None:
        """Steps saved on a third device; both apps follow."""
        self.third.follow(self.third.fetch_remote())
        for cmd in commands:
            self.third.do(cmd)
        saved = self.third.revision
        await settle(self, lambda: self.in_step() and self.host.session.revision == saved)

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
        self.host = host.screen_stack[1]  # a new game opens the host's leaders on it at once
        self.phone = phone.screen
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
    from companion.web.codes import join_codes
    from companion.web.server import WebServer

    async with HostAndPhone(db_target, seat=2) as two:
        host_app = two.apps[0]
        store = two.stores[0]
        codes = join_codes(store, two.game_id, PLAYERS)
        host_app.join = WebServer(store, store.open_game(two.game_id), codes)
        await two.press("host", "ctrl+o")
        codes = host_app.screen
        assert isinstance(codes, JoinDialog)
        await two.phone_picks()
        assert host_app.screen is codes and not codes.closing


async def open_hand(two: HostAndPhone, number: int) -> None:
    """The host's "show me my hand" (y, §3.2): whose hand, the pass, the hand itself."""
    await two.press("host", "y", str(number), "enter")
    assert isinstance(two.apps[0].screen, ShowHand)


async def test_a_hand_shown_stays_open_while_another_player_picks(db_target):
    """§3.2: Ann looks at her hand on the host while Ben picks on his phone: her hand is
    unchanged, so it stays shown; the question of whose hand stays open too."""
    async with HostAndPhone(db_target, seat=2) as two:  # Ben's phone
        host_app = two.apps[0]
        await two.press("host", "y")
        whose = host_app.screen
        assert isinstance(whose, ChoiceDialog)
        await two.press("host", "down")  # Ben's name highlighted: kept through the change
        await two.elsewhere(Choose(player="Cleo", card=engine.prefill(two.host.state, "Cleo")[0]))
        assert host_app.screen is whose and not whose.closing
        await two.press("host", "enter", "enter")  # Ben's: the pass, then his hand
        assert isinstance(host_app.screen, ShowHand) and host_app.screen.player == "Ben"
        await two.press("host", "escape")
        await open_hand(two, 1)  # Ann's
        hand = host_app.screen
        await two.phone_picks()  # Ben picks: Ann's hand is as shown
        assert host_app.screen is hand and not hand.closing
        assert not any(CLOSED in m for m in notes_text(host_app))


async def test_a_hand_shown_closes_when_a_change_elsewhere_plays_a_card_of_it(db_target):
    """§3.2: every card chosen is revealed at once, on another device: the hand Ann is
    looking at has lost the card she played, so it closes saying why."""
    async with HostAndPhone(db_target, seat=2) as two:
        host_app = two.apps[0]
        await open_hand(two, 1)
        state = two.host.state
        cards = tuple(engine.prefill(state, p)[0] for p in state.players)
        chosen = [Choose(player=p, card=c) for p, c in zip(state.players, cards, strict=True)]
        await two.elsewhere(*chosen, Play(cards=cards))
        await settle(two, lambda: host_app.screen is two.host)
        assert not any(isinstance(s, Chain) for s in host_app.screen_stack)
        said = [m for m in notes_text(host_app) if CLOSED in m and "Ann's hand" in m]
        assert said and "Press n to see what comes next" in said[0]  # the host's advance key


async def test_a_seat_s_leader_stays_open_while_another_player_keeps_theirs(db_target):
    """§2 step 3: each player keeps one of their two leaders; Ann keeping hers (at the host's
    keyboard) leaves Cleo's question on her phone open, with the leader she highlighted."""
    async with HostAndPhone(db_target, seat=3, leaders=True) as two:  # Cleo's phone
        phone_app = two.apps[1]
        await two.press("phone", "k", "down")
        dialog = phone_app.screen
        assert isinstance(dialog, ChoiceDialog)
        offers = two.phone.state.leader_offers
        await two.elsewhere(KeepLeader(player="Ann", leader=offers["Ann"][0]))
        assert phone_app.screen is dialog and not dialog.closing
        await two.press("phone", "enter")  # the highlighted one: the second offer
        assert phone_app.screen is two.phone
        assert offers["Cleo"][1] in two.phone.state.hand("Cleo").known
        assert not any(CLOSED in m for m in notes_text(phone_app))


async def test_a_seat_s_leader_kept_elsewhere_closes_saying_why_and_nothing_is_saved(db_target):
    """Ann kept her leader at the host's keyboard while her phone asked her: the phone's
    question is answered, so it closes saying so, and nothing of it is saved."""
    async with HostAndPhone(db_target, seat=1, leaders=True) as two:  # Ann's phone
        phone_app = two.apps[1]
        await two.press("phone", "k")
        assert isinstance(phone_app.screen, ChoiceDialog)
        offers = two.phone.state.leader_offers["Ann"]
        await two.elsewhere(KeepLeader(player="Ann", leader=offers[0]))
        await settle(two, lambda: phone_app.screen is two.phone)
        said = [m for m in notes_text(phone_app) if CLOSED in m and "Ann's leader" in m]
        assert said and "Press n" not in said[0]  # a seat view has no advance key
        await two.press("phone", "2")  # typed for the closed dialog: it asks nothing now
        assert offers[1] not in two.phone.state.hand("Ann").known
        assert two.phone.session.revision == two.third.revision


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


def test_the_engine_says_which_leader_and_hand_questions_a_change_leaves_asked():
    """§2 step 3: a player's leader is asked until that player keeps one; §3.2: a hand
    shown is asked while the table may look and the hand is the one shown."""
    from companion.games.insurrection import Look, seat

    start = engine.new_game(demo_state().catalog, PLAYERS, seed=7, virtual=True)
    cleos = seat(start, 3).leader
    anns = seat(start, 1).leader
    after = engine.apply(start, KeepLeader(player="Ann", leader=start.leader_offers["Ann"][0]))
    assert still_asked(GAME.moment(after), cleos) is cleos  # Cleo still keeps hers
    assert still_asked(GAME.moment(after), anns) is None  # Ann kept hers
    state = demo_state(7)
    land = state.catalog.land(state.path[state.token + 1])
    state = engine.apply(state, March(cards=tuple(state.deck[: land.reveal or 0])))
    state = engine.apply(state, Draw())
    look = GAME.moment(state).action("look")
    assert isinstance(look, Look)
    seen = look.seen("Ann")
    cards = tuple(engine.prefill(state, p)[0] for p in state.players)
    for p, c in zip(state.players, cards, strict=True):
        state = engine.apply(state, Choose(player=p, card=c))
        assert still_asked(GAME.moment(state), seen) is seen  # a pick leaves the hand as is
    state = engine.apply(state, Play(cards=cards))
    assert still_asked(GAME.moment(state), seen) is None  # a card of it was played
    assert still_asked(GAME.moment(state), look) is look  # the table may still look
