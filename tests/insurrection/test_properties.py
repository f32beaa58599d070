"""Property tests over random legal games (§3, §7): the tally is always the marks on the
face-up cards, and person cards are conserved across deck, play area, graveyard and hands."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.insurrection import GAME
from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.commands import Draw, KeepLeader, March, Play, Remove, Scout, Take
from companion.games.insurrection.engine import allowed_takes, new_game, prefill
from companion.games.insurrection.state import InsurrectionState

DEMO = catalogs.load("demo")


def check(s: InsurrectionState) -> None:
    assert s.tally == sum(DEMO.card(c).corruption for c in s.area)
    assert sum(s.person_locations().values()) == s.person_total()
    assert sum(s.unseen.values()) == s.deck_count + sum(h.hidden for h in s.hands)
    if s.virtual:
        assert len(s.deck) == s.deck_count
        hidden = Counter(s.deck) + Counter(c for h in s.hands for c in h.secret)
        assert hidden == Counter({k: v for k, v in s.unseen.items() if v})
    if s.phase == "turns" and s.turn > 0 and s.evil_won:
        assert s.tally >= 10  # §3: every later turn ends with 10 or more


def play_out(data, virtual: bool) -> InsurrectionState:
    players = tuple("ABCD"[: data.draw(st.integers(2, 4), label="players")])
    s = new_game(
        DEMO, players, seed=data.draw(st.integers(0, 10_000), label="seed"), virtual=virtual
    )
    pick = lambda options, label: data.draw(st.sampled_from(sorted(options)), label=label)  # noqa: E731
    if virtual:
        for p in players:
            s = GAME.apply(s, KeepLeader(p, pick(s.leader_offers[p], "leader")))
    check(s)
    for _ in range(200):
        if s.phase == "hands":
            break
        if s.phase in ("setup", "march"):
            land = DEMO.land(s.path[s.token + 1])
            n = min(land.reveal, s.deck_count)
            cards = None
            if not virtual:
                pool = [c for c, k in s.deck_composition().items() for _ in range(k)]
                cards = tuple(data.draw(st.permutations(pool), label="reveal")[:n])
            s = GAME.apply(s, March(cards))
        elif s.phase == "prepare":
            s = GAME.apply(s, Draw())
        elif s.phase == "choose":
            chosen = []
            for p in s.players:
                options = set(prefill(s, p))
                if not virtual and s.hand(p).hidden:
                    left = Counter(s.unseen) - Counter(chosen)
                    options |= {c for c, k in left.items() if k > 0}
                chosen.append(pick(options, "play"))
            s = GAME.apply(s, Play(tuple(chosen)))
        elif s.phase == "turns":
            card = DEMO.card(s.current.card)
            if card.remove and s.area and data.draw(st.booleans(), label="remove?"):
                try:
                    s = GAME.apply(s, Remove(pick(set(s.area), "target")))
                except RuleError as exc:
                    assert exc.message.key == "insurrection.evil.remove_too_many"
            if card.scout and s.deck_count and data.draw(st.booleans(), label="scout?"):
                face_up = data.draw(st.booleans(), label="face up?")
                named = None
                if face_up and not virtual:
                    named = pick({c for c, k in s.deck_composition().items() if k}, "scouted")
                s = GAME.apply(s, Scout(face_up, named))
            takes, back = allowed_takes(s)
            if back:
                s = GAME.apply(s, Take(back=True))
            elif takes:
                s = GAME.apply(s, Take(pick(set(takes), "take")))
            else:
                s = GAME.apply(s, Take(None))
        check(s)
    assert s.phase == "hands" and s.outcome in ("good", "evil")
    return s


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_virtual_games_keep_the_tally_and_conserve_cards(data):
    """§3 corruption tally; §7 deck composition; with the app-shuffled deck."""
    play_out(data, virtual=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_table_games_keep_the_tally_and_conserve_cards(data):
    """§3, §7 with reveals and plays entered from the table."""
    s = play_out(data, virtual=False)
    if s.round < 6:
        assert s.outcome == "evil"
