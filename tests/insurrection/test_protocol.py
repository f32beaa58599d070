"""Issue 21 for Insurrection (``shared/rules/insurrection.md``): every action of a moment
carries what it leads to, built by the engine; the questions that come one after another open
at once; the hands at the end are confirmed with the app's deck and refused when they cannot
be right with the table's; the log tells what happened, by name."""

from __future__ import annotations

import re

import pytest

from companion.core.errors import RuleError
from companion.core.game import Ask, Entry, Show, Step, Then, is_lead, play, settle
from companion.core.i18n import tr
from companion.games.insurrection import GAME, Setup, autoplay, engine, flow
from companion.games.insurrection.catalog import load
from companion.games.insurrection.commands import (
    CorrectCount,
    CorrectMove,
    CorrectOutcome,
    CorrectProgress,
    Draw,
    EnterHand,
    KeepLeader,
    March,
    Play,
    RevealHands,
    Take,
)

DEMO = load("demo")
TURN_ACTIONS = ("leader", "land", "remove", "scout", "take")


def new(seed: int = 7, players=("Ann", "Ben", "Cleo"), virtual: bool = True):
    return GAME.new_game(Setup(tuple(players), virtual=virtual), DEMO, seed)


def states(state):
    """Every state of a game the sensible table plays to its outcome, the first included."""
    yield state
    for _cmd, after in play(GAME, state, autoplay.POLICY):
        yield after


def made(state, lead):
    """A draft made from ``state`` (a lead as the driver meets it)."""
    return lead.make(state) if isinstance(lead, Then) else lead


def at_hands(seed: int = 5, virtual: bool = True, players=("Ann", "Ben", "Cleo")):
    return next(s for s in states(new(seed, players, virtual)) if s.phase == "hands")


def evil_at_end_of_turn():
    """§3, the table's deck: Ann's Moss Wyrm placed after she takes the clean Road Piper
    makes 10 marks face up: Evil has won, the round goes on."""
    s = new(1, ("Ann", "Ben"), virtual=False)
    for cmd in (
        March(cards=("ghoul", "ghoul", "gravedigger", "piper")),
        Draw(),
        Play(cards=("wyrm", "imp")),
    ):
        s = engine.apply(s, cmd)
    return s


# every action leads somewhere -------------------------------------------------------------


@pytest.mark.parametrize("virtual", [True, False])
@pytest.mark.parametrize("seed", [3, 8])
def test_every_allowed_action_leads_to_a_legal_step_and_a_refused_one_nowhere(seed, virtual):
    """§3.3: along whole games, each allowed action of a turn (and the leader, and the hands
    at the end) settles into a command the engine accepts; a refused one leads nowhere;
    during a turn the advance key takes the card that ends it."""
    for s in states(new(seed, virtual=virtual)):
        m = GAME.moment(s)
        for action in m.actions:
            if not action.allowed:
                assert action.leads is None, action.name
                continue
            assert is_lead(action.leads), action.name
            if action.name in TURN_ACTIONS or action.name == "hands":
                engine.apply(s, settle(action.leads, s, autoplay.POLICY))
        if s.phase == "turns":
            assert m.advance == "take" and m.allows("take")
        else:
            assert m.advance is None


def test_look_is_whose_hand_then_that_hand_as_a_view():
    """§3.2: with the app's deck only the app holds the hands: whose hand, then that hand,
    shown and changing nothing; there is nothing to look at once the hands are revealed."""
    s = new()
    look = GAME.moment(s).action("look")
    assert isinstance(look, flow.Look) and isinstance(look.leads, Ask)
    options = look.leads.choice.options
    assert [o.value for o in options] == [
        Show("insurrection.hand", flow.HandSeen(p, engine.prefill(s, p))) for p in s.players
    ]
    assert GAME.moment(at_hands()).action("look") is None
    assert GAME.moment(new(virtual=False)).action("look") is None  # the players hold them


def test_hands_asks_whose_then_that_hand_and_scores_is_the_sheet():
    """§4: a hand entered again (to correct it) is asked for whose, then entered; with one
    player left, the hand at once; the score sheet is a view once the game is scored."""
    s = at_hands(virtual=False)
    ask = made(s, GAME.moment(s).action("hands").leads)
    assert isinstance(ask, Ask) and [tr(o.label, "en") for o in ask.choice.options] == list(
        s.players
    )
    entry = made(s, ask.choice.options[1].value)
    assert isinstance(entry, Entry) and entry.subject.player == s.players[1]
    for p in s.players[:-1]:
        s = engine.apply(s, EnterHand(player=p, cards=autoplay.plausible_hand(s, p)))
    only = made(s, GAME.moment(s).action("hands").leads)
    assert isinstance(only, Entry) and only.subject.player == s.players[-1]
    assert GAME.moment(s).action("scores") is None
    over = next(s for s in states(new(5)) if GAME.outcome(s) is not None)
    assert GAME.moment(over).action("scores").leads == Show("insurrection.scores")


def test_the_questions_in_a_row_open_at_once_and_the_others_wait():
    """§2 step 3 and §4: the leaders kept one player after another, the hands entered, the
    end-of-game effects and the values the score needs open at once after the table's step;
    the cards revealed or played and a land's effect wait for the advance key."""
    s = new()
    assert GAME.moment(s).next.kind == "insurrection.leader" and GAME.moment(s).next.at_once
    for state in states(new(9, virtual=False)):
        nxt = GAME.moment(state).next
        if isinstance(nxt, Entry):
            assert nxt.at_once == (nxt.kind in ("insurrection.hand", "insurrection.effect")), (
                nxt.kind
            )
        elif isinstance(nxt, Ask):
            assert not nxt.at_once  # a land's effect: used or not, on the advance key


# the hands at the end (§4) ----------------------------------------------------------------


def test_the_app_s_deck_reveals_the_hands_as_it_dealt_them_with_one_step():
    """§4 (issue 21: "the app's own deck knows the hand"): one step the table confirms,
    every hand as the app holds it; the table's own deck cannot take it."""
    s = at_hands()
    m = GAME.moment(s)
    assert m.next == Step(RevealHands(), m.next.reason) and m.next.confirm
    after = engine.apply(s, RevealHands())
    assert after.final_hands == {p: engine.prefill(s, p) for p in s.players}
    table = at_hands(virtual=False)
    with pytest.raises(RuleError) as refused:
        engine.apply(table, RevealHands())
    assert refused.value.message.key == "insurrection.hand.table_deck"


def test_a_hand_that_cannot_be_right_is_refused_with_the_reason():
    """§4 with the table's deck: more or fewer cards than the player holds, more copies than
    the box has, a card not in the box: refused saying why, and the entry's list says the
    same before the table finishes it; the right hand is accepted."""
    s = at_hands(virtual=False)
    player = s.players[0]
    right = autoplay.plausible_hand(s, player)
    entry = GAME.moment(s).next
    assert entry.subject.refuse(right) is None
    engine.apply(s, entry.answer(right))
    for hand, key in (
        (right[:-1], "insurrection.hand.count_or"),  # the leader kept was never entered
        ((*right, "badger", "badger"), "insurrection.hand.count_or"),
        ((*right[:-1], "ghoul", "ghoul", "ghoul"), "insurrection.hand.copies"),
        ((*right[:-1], "no_such_card"), "insurrection.card.unknown"),
    ):
        with pytest.raises(RuleError) as refused:
            engine.apply(s, entry.answer(hand))
        assert refused.value.message.key == key, hand
        assert entry.subject.refuse(hand) == refused.value.message
    with_leader = (*right, next(c.id for c in DEMO.leaders if c.id not in right))
    engine.apply(s, EnterHand(player=player, cards=with_leader))  # §2: the leader kept


def test_with_the_leader_entered_the_count_is_exact():
    """§2 step 3: a leader entered at setup is counted, so the hand has exactly that many."""
    s = new(virtual=False)
    for _ in s.players:  # each leader entered, as the table's action offers it
        s = engine.apply(s, settle(GAME.moment(s).action("leader").leads, s))
    s = next(x for x in states(s) if x.phase == "hands")
    player = s.players[0]
    assert engine.hand_sizes(s, player) == (s.hand_size(player),)
    right = autoplay.plausible_hand(s, player)
    engine.apply(s, EnterHand(player=player, cards=right))
    with pytest.raises(RuleError) as refused:
        engine.apply(s, EnterHand(player=player, cards=(*right, "badger")))
    assert refused.value.message.key == "insurrection.hand.count"


# corrections (§7) -------------------------------------------------------------------------


def test_corrections_lead_through_the_engine_one_question_at_a_time():
    """§7: the table is the source of truth: a card moved only from where the engine has it
    and to where it may go; a count; the progress; the outcome only once the game is over."""
    s = next(x for x in states(new(4)) if x.phase == "turns" and x.area)
    ask = made(s, GAME.moment(s).action("correct").leads)
    kinds = [o.label.key.rsplit(".", 1)[-1] for o in ask.choice.options]
    assert kinds == ["move", "counts", "progress"]
    move, counts, progress = (o.value for o in ask.choice.options)
    card = s.area[0]
    sources = made(s, move.answer((card,)))
    assert isinstance(sources, Ask)
    for option in sources.choice.options:
        dests = made(s, option.value)
        for dest in dests.choice.options:
            assert isinstance(dest.value, CorrectMove) and dest.value.card == card
            engine.apply(s, dest.value)  # every place offered is one the engine takes
    assert "area" in [
        made(s, o.value).choice.options[0].value.source for o in sources.choice.options
    ]
    unkept = next(c.id for c in DEMO.leaders if c.id not in s.kept_leaders.values())
    with pytest.raises(RuleError) as nowhere:
        made(s, move.answer((unkept,)))
    assert nowhere.value.message.key == "insurrection.correct.nowhere"
    listed = {c.card: c.refused for c in move.subject.candidates}
    assert listed[unkept] == nowhere.value.message and listed[card] is None  # the list says so
    for state in (s, at_hands()):  # as a table with no screen takes it: a legal correction
        engine.apply(state, settle(GAME.moment(state).action("correct").leads, state))
    deck = made(s, counts).choice.options[0].value
    assert deck.kind == "number" and deck.suggest == s.deck_count
    assert deck.answer(3) == CorrectCount(count=3)
    assert progress.subject.now == engine.progress_now(s)
    now = progress.subject.now
    values = {
        "round": now.round,
        "token": now.token,
        "phase": "march",
        "turn": 0,
        "evil_won": False,
    }
    assert progress.answer(values) == CorrectProgress(**values)
    over = at_hands()
    last = made(over, GAME.moment(over).action("correct").leads).choice.options[-1].value
    assert [o.value for o in last.choice.options] == [
        CorrectOutcome(outcome="good"),
        CorrectOutcome(outcome="evil"),
    ]


# the log (issue 21: "the log tells the story") ------------------------------------------


def lines(state):
    """Every step's log line of a game the sensible table plays, in both languages."""
    before = state
    for cmd, after in play(GAME, state, autoplay.POLICY):
        line = GAME.describe(before, cmd, after)
        yield cmd, tr(line, "en"), tr(line, "ja")
        before = after


@pytest.mark.parametrize("virtual", [True, False])
@pytest.mark.parametrize("seed", [1, 6])
def test_no_log_line_names_a_card_by_its_id(seed, virtual):
    """§7: the log names cards as printed, in English and in Japanese; never an id."""
    ids = [c.id for c in (*DEMO.persons, *DEMO.leaders)]
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
    for cmd, en, ja in lines(new(seed, ("Ann", "Ben", "Cleo", "Dev"), virtual)):
        assert not pattern.search(en) and not pattern.search(ja), (cmd, en)
        assert "⟨" not in en + ja and "{" not in en + ja  # every key and field has its words


def test_a_leader_kept_is_secret_with_the_app_s_deck_and_named_with_the_table_s():
    """§2 step 3: the app dealt the leaders: whom a player kept stays secret; with the
    table's deck a leader entered is the table's own words."""
    s = new()
    keep = KeepLeader(player="Ann", leader=s.leader_offers["Ann"][1])
    line = GAME.describe(s, keep, engine.apply(s, keep))
    names = [n for c in s.leader_offers["Ann"] for n in DEMO.card(c).name.values()]
    assert "Ann keeps one of the two leaders dealt (in secret)" == tr(line, "en")
    assert not any(n in tr(line, "en") + tr(line, "ja") for n in names)
    t = new(virtual=False)
    keep = KeepLeader(player="Ann", leader="seer")
    assert tr(GAME.describe(t, keep, engine.apply(t, keep)), "en") == "Ann keeps Ash Seer as leader"


def test_the_log_says_the_corruption_checks_and_what_they_caused():
    """§3.1 and §3.3: the March names the land, the cards turned up and the check; a take
    names the card taken and the card placed, and the check at the end of the turn: here the
    tenth mark, Evil has won and the round is played out; the forced take-back then ends
    the game."""
    s = evil_at_end_of_turn()
    take = Take(card="piper", player="Ann")
    after = engine.apply(s, take)
    en = tr(GAME.describe(s, take, after), "en")
    assert en.startswith("Ann — Takes Road Piper and places Moss Wyrm face up.")
    assert "10 marks face up — Evil has won; the round is played out" in en
    assert "悪の側の勝利" in tr(GAME.describe(s, take, after), "ja")
    back = Take(back=True, player="Ben")
    end = engine.apply(after, back)
    en = tr(GAME.describe(after, back, end), "en")
    assert en.startswith("Ben — Takes back Ember Imp") and en.endswith("Evil wins")
    march = new(1, ("Ann", "Ben"), virtual=False)
    cmd = March(cards=("ghoul", "ghoul", "gravedigger", "piper"))
    en = tr(GAME.describe(march, cmd, engine.apply(march, cmd)), "en")
    assert "Pale Ghoul, Pale Ghoul, Gravedigger, Road Piper" in en
    assert "Corruption check: 8 marks face up" in en


def test_the_hands_revealed_and_the_end_are_in_the_log():
    """§4: the hands the app revealed, each by name, and the verdict once scored."""
    s = at_hands()
    after = engine.apply(s, RevealHands())
    en = tr(GAME.describe(s, RevealHands(), after), "en")
    first = DEMO.card(engine.prefill(s, "Ann")[0]).name["en"]
    assert en.startswith(f"The hands revealed, as the app dealt them: Ann: {first}")
    if GAME.outcome(after) is not None:
        assert tr(GAME.outcome(after).reason, "en") in en
