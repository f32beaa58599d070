"""The flow in the engine (issue 15): what the table faces next, straight from the spec
(``shared/rules/insurrection.md``), the outcome from the final score sheet, the autoplay, and
properties over random games (a step the moment offers is legal; so is every allowed action)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.core.game import Entry, Outcome, Step, Then, play, settle
from companion.games.insurrection import GAME, Setup, autoplay, engine, flow
from companion.games.insurrection.catalog import load
from companion.games.insurrection.commands import (
    CorrectMove,
    Draw,
    EnterHand,
    KeepLeader,
    March,
    Play,
    Remove,
    RevealHands,
    Scout,
    SetValues,
    Take,
)

DEMO = load("demo")


def demo(seed: int = 7, players=("Ann", "Ben", "Cleo"), virtual: bool = True):
    return GAME.new_game(Setup(tuple(players), virtual=virtual), DEMO, seed)


def with_leaders(state):
    for p in state.players:
        state = engine.apply(state, KeepLeader(player=p, leader=state.leader_offers[p][0]))
    return state


def lead(s, name):
    """What the allowed action ``name`` of the moment leads to (a draft made from ``s``)."""
    action = GAME.moment(s).action(name)
    assert action is not None and action.allowed, name
    what = action.leads
    return what.make(s) if isinstance(what, Then) else what


def next_step(s):
    """The moment's next as a plain table takes it: the step, or the suggested answer."""
    nxt = GAME.moment(s).next
    return settle(nxt.command if isinstance(nxt, Step) else nxt, s, autoplay.POLICY)


class LeadersFirst(autoplay.TablePolicy):
    """A table that plays its leaders as soon as it can: at the end nobody holds one to
    break a tie (§4)."""

    def enter(self, state, entry):
        if not isinstance(entry.subject, flow.Played):
            return super().enter(state, entry)
        taken: tuple[str, ...] = ()
        for p in entry.subject.players:
            cards = entry.subject.cards(p, taken)
            ok = [c.card for c in cards.candidates if c.refused is None]
            taken += (next((c for c in ok if state.catalog.is_leader(c)), cards.first()[0]),)
        return taken


def run(s, until=lambda s: False, policy=autoplay.POLICY):
    """Play ``s`` with the sensible table until ``until`` holds or the outcome."""
    for _cmd, after in play(GAME, s, policy):
        s = after
        if until(s):
            break
    return s


def evil_at_end_of_turn():
    """Table's deck: Ann's Moss Wyrm placed after she takes the clean Road Piper makes 10
    marks face up (§3: Evil has won); no take leaves Ben's turn with 10."""
    s = GAME.new_game(Setup(("Ann", "Ben")), DEMO, 1)
    for cmd in (
        March(cards=("ghoul", "ghoul", "gravedigger", "piper")),
        Draw(),
        Play(cards=("wyrm", "imp")),
        Take(card="piper", player="Ann"),
    ):
        s = engine.apply(s, cmd)
    return s


def test_each_player_keeps_a_leader_in_secret_first():
    """§2 step 3 with the app's deck: one secret pick per player, of the two dealt."""
    s = demo()
    m = GAME.moment(s)
    assert isinstance(m.next, Entry) and m.next.kind == "insurrection.leader"
    assert m.next.subject == flow.LeaderPick("Ann", s.leader_offers["Ann"], True)
    s = engine.apply(s, m.next.answer(m.next.suggest))
    assert GAME.moment(s).next.subject.player == "Ben"


def test_the_tables_deck_keeps_leaders_secret_unless_entered():
    """§2 step 3, the table's deck: no question; entering one is an action (pre-fills the
    hand at the end), refused once every leader is known."""
    s = demo(virtual=False)
    m = GAME.moment(s)
    assert m.next.kind == "insurrection.cards" and m.next.count == 4  # §3.1 the March reveal
    assert m.allows("leader")
    for p in s.players:
        entry = lead(s, "leader")
        assert entry.subject.player == p and not entry.subject.secret
        s = engine.apply(s, entry.answer(entry.suggest))
    assert GAME.moment(s).refusal("leader") is not None


def test_march_prepare_and_play():
    """§3.1–§3.2: the March is the app's step with its deck (the cards named), then the draw;
    then one Play entry with a card per player (in secret with the app's deck)."""
    s = with_leaders(demo())
    step = GAME.moment(s).next
    reveal = DEMO.land(s.path[0]).reveal
    assert step == Step(March(cards=s.deck[:reveal]), step.reason)
    s = engine.apply(s, step.command)
    assert GAME.moment(s).next.command == Draw()
    s = engine.apply(s, Draw())
    entry = GAME.moment(s).next
    assert entry.kind == "insurrection.play" and entry.count == 3 and entry.subject.secret
    first = entry.subject.cards("Ann")
    assert first.secret and all(c.in_hand for c in first.candidates)
    s = engine.apply(s, entry.answer(entry.suggest))
    assert s.phase == "turns"


def remove_turn():
    """A virtual-deck game at the turn of a card with the Remove icon, cards face up."""
    for seed in range(60):
        s = run(
            with_leaders(demo(seed)),
            lambda s: s.current is not None and DEMO.card(s.current.card).remove and s.area,
        )
        if s.current is not None:
            return s
    raise AssertionError("no Remove turn")


def test_a_turn_lists_its_actions_with_the_engines_reasons():
    """§3.3: Remove and Scout only with the played card's icons; once done, refused with the
    engine's reason; the take always (it ends the turn)."""
    s = remove_turn()
    card = DEMO.card(s.current.card)
    m = GAME.moment(s)
    assert m.next is None and m.allows("remove") and m.allows("take")
    assert (m.action("scout") is not None) == bool(card.scout)
    target = lead(s, "remove").suggest[0]
    s = engine.apply(s, Remove(target=target, player=s.current.player))
    assert GAME.moment(s).refusal("remove").key == "insurrection.remove.done"


def test_the_forced_take_back_is_a_step_the_table_confirms():
    """§3: after the Evil win, a turn that cannot keep 10 marks with any take takes back the
    played card: the one step left, waiting for the table."""
    s = evil_at_end_of_turn()
    m = GAME.moment(s)
    assert m.next == Step(Take(back=True, player="Ben"), m.next.reason)
    assert m.next.confirm and m.prompt == m.next.reason
    assert lead(s, "take") == m.next.command and m.advance == "take"  # n, or t: the same
    s = engine.apply(s, m.next.command)
    assert s.phase == "hands" and s.outcome == "evil"


def test_the_take_refuses_cards_that_leave_fewer_than_ten():
    """§3: after the Evil win, each take that would leave fewer than 10 is refused, saying so."""
    s = evil_at_end_of_turn()
    marked = next(c for c, n in s.deck_composition().items() if n and DEMO.card(c).corruption)
    s = engine.apply(s, CorrectMove(card=marked, source="deck", dest="area"))
    entry = lead(s, "take")
    options = engine.end_turn_options(s)
    for c in entry.subject.candidates:
        assert (c.refused is None) == (options[c.card] >= 10)


def test_hands_then_effects_then_the_outcome():
    """§4 with the app's deck: it dealt every card, so the hands are revealed as it holds
    them, one step the table confirms (never typed again); effects in initiative order, each
    asked at once; the outcome from the score sheet, best first, the winner first."""
    s = with_leaders(demo(2))
    s = run(s, lambda s: s.phase == "hands", LeadersFirst())  # seed 2: a hand keeps a scorer
    m = GAME.moment(s)
    assert m.next == Step(RevealHands(), m.next.reason) and m.next.confirm
    assert m.allows("hands")
    hidden = sum(h.hidden for h in s.hands)
    assert hidden  # (cards the table has not seen in the hands)
    assert sum(s.deck_composition().values()) == s.deck_count + hidden
    s = engine.apply(s, m.next.command)
    assert s.final_hands == {p: engine.prefill(s, p) for p in s.players}
    # the hands shown are seen: only the deck is left unseen (the deck panel said 26, not 2)
    assert sum(s.still_unseen().values()) == s.deck_count and s.hands_shown
    kinds = []
    while (m := GAME.moment(s)).outcome is None:
        kinds.append(m.next.kind)
        assert m.next.at_once  # the effects one after another
        s = engine.apply(s, next_step(s))
    assert set(kinds) <= {"insurrection.effect"}
    out = GAME.outcome(s)
    sheet = engine.final_score(s)
    assert out == m.next and out.result == s.outcome and out.round == s.round
    assert out.winners == (sheet.winner,)
    totals = [t for _, t in out.scores]
    assert totals == sorted(totals, reverse=True) and out.scores[0][0] == sheet.winner
    assert m.allows("scores") and m.allows("hands")


def test_a_shared_win_names_every_tied_player():
    """§4: a tie no leader breaks: every tied player wins."""
    s = with_leaders(demo(6))
    s = run(s, policy=LeadersFirst())  # leaders all played: none breaks the tie
    out = GAME.outcome(s)
    best = out.scores[0][1]
    assert engine.final_score(s).winner is None  # seed 6: Ann and Cleo tie at the top
    assert out.winners == tuple(p for p, t in out.scores if t == best) == ("Ann", "Cleo")


def test_values_the_score_needs_are_asked_before_the_outcome():
    """§1/§6: a scoring value still unknown is an entry; once entered the outcome comes."""
    s = with_leaders(demo(2))
    s = run(s, lambda s: s.phase == "hands", LeadersFirst())  # seed 2: a hand keeps a scorer
    card = next(c for p in s.players for c in engine.prefill(s, p) if DEMO.card(c).scoring)
    path = f"{DEMO.path_of(card)}.scoring[0]"
    term = DEMO.card(card).scoring[0]
    field = next(f for f in ("points", "good", "evil") if getattr(term, f, None) is not None)
    data = s.catalog.model_dump(mode="json")
    entry = next(e for sec in ("persons", "leaders") for e in data[sec] if e["id"] == card)
    value = entry["scoring"][0][field]
    entry["scoring"][0][field] = None
    s = replace(s, catalog=type(s.catalog).model_validate(data))
    while getattr((m := GAME.moment(s)).next, "kind", None) != "insurrection.values":
        s = engine.apply(s, next_step(s))
    assert f"{path}.{field}" in m.next.subject and GAME.outcome(s) is None and m.next.at_once
    s = engine.apply(s, m.next.answer({f"{path}.{field}": value}))
    assert isinstance(GAME.moment(s).next, Outcome)
    assert isinstance(m.next.answer({f"{path}.{field}": value}), SetValues)


@pytest.mark.parametrize("players", [2, 3, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 4, 11])
def test_autoplay_plays_demo_games_to_the_outcome(players, seed):
    """The headless runner with the sensible table reaches the outcome (§3–§4)."""
    s = GAME.new_game(autoplay.demo_setup(DEMO, players), DEMO, seed)
    assert len(s.players) == players and s.virtual
    s = run(s)
    out = GAME.outcome(s)
    assert out is not None and out.result in ("good", "evil") and out.winners
    assert sorted(p for p, _ in out.scores) == sorted(s.players)


def test_the_tables_deck_plays_through_the_same_loop():
    """§7: with the table's deck the reveals are the table's entries; the runner enters the
    first cards that may be there."""
    s = demo(5, virtual=False)
    s = run(s)
    assert GAME.outcome(s) is not None


# properties ----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_what_the_moment_offers_is_legal(data):
    """Along random games: a Step of the moment applies; every allowed action has a legal
    command (its step, or its entry's suggested answer); a refused one is not a thing the
    engine accepts."""
    virtual = data.draw(st.booleans(), label="virtual")
    players = ("A", "B", "C", "D")[: data.draw(st.integers(2, 4), label="players")]
    s = demo(data.draw(st.integers(0, 5000), label="seed"), players, virtual)
    for _ in range(200):
        m = GAME.moment(s)
        if isinstance(m.next, Outcome):
            return
        if isinstance(m.next, Step):
            engine.apply(s, m.next.command)  # raises if not legal
        for action in m.actions:
            if action.allowed and action.name in ("leader", "land", "remove", "scout", "take"):
                engine.apply(s, settle(action.leads, s, autoplay.POLICY))
        scout = m.action("scout")
        if scout is not None and not scout.allowed:
            with pytest.raises(RuleError):
                engine.apply(s, Scout(face_up=False, player=s.current.player))
        # go on with a random allowed action now and then, else the moment's own way
        names = [a.name for a in m.actions if a.allowed and a.name in ("remove", "scout", "land")]
        if names and data.draw(st.booleans(), label="act"):
            chosen = m.action(data.draw(st.sampled_from(names), label="action"))
            s = engine.apply(s, settle(chosen.leads, s, autoplay.POLICY))
            continue
        s = engine.apply(
            s,
            next_step(s)
            if m.next is not None
            else settle(autoplay.POLICY.act(s, m), s, autoplay.POLICY),
        )
    raise AssertionError("no outcome in 200 steps")


def test_hands_are_entered_for_everyone_before_the_effects():
    """§4 with the table's deck: each hand is entered, one after another (at once)."""
    s = evil_at_end_of_turn()
    s = engine.apply(s, Take(back=True, player="Ben"))
    m = GAME.moment(s)
    assert m.next.subject.player == "Ann" and m.next.at_once
    s = engine.apply(s, EnterHand(player="Ann", cards=autoplay.plausible_hand(s, "Ann")))
    assert GAME.moment(s).next.subject.player == "Ben"
