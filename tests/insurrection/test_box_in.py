"""Issue 12, Insurrection: the player limit from the catalog's leaders (§2), the land's effect
asked at its moment (§3.3 step 1, §3 clarifications), the rule options named and logged, and
the owner's catalog grown by new cards and lands."""

from __future__ import annotations

import pytest

from companion.core.errors import RuleError
from companion.core.game import Ask
from companion.core.i18n import tr
from companion.games.insurrection import (
    GAME,
    Options,
    card_entry,
    flow,
    land_entry,
    player_limit,
    players_refusal,
    renamed,
    with_entry,
    with_values,
)
from companion.games.insurrection.catalog import load
from companion.games.insurrection.commands import Draw, March, Play, Remove, Take, UseLand
from companion.games.insurrection.engine import new_game
from tests.insurrection.fixtures import tiny


def test_the_box_seats_as_many_players_as_its_leaders_allow():
    """§2 step 3: two leaders are dealt to each player: the box file's 8 leaders seat 4."""
    box = load("box")
    assert len(box.leaders) == 8 and player_limit(box) == 4
    refused = players_refusal(box, 5)
    assert refused is not None and refused.params["more"] == 2
    assert "2 more leaders" in tr(refused, "en")
    assert players_refusal(load("demo"), 6) is None  # 12 leaders
    assert players_refusal(box, 7).key == "insurrection.setup.players_range"
    with pytest.raises(RuleError) as exc:
        new_game(tiny(), ("A", "B", "C", "D"), path=("a1", "b1", "a2", "b2"))
    assert exc.value.message.params["more"] == 2  # tiny has 6 leaders


def test_new_leaders_raise_the_limit():
    """A leader the owner adds (fictional test values) counts at once."""
    box = load("box")
    user = None
    for i, name in enumerate(("Test Leader One", "Test Leader Two")):
        values = {"name": name, "corruption": 0, "remove": "n", "scout": "y"}
        entry = card_entry(box, "leaders", {**values, "initiative": 11 + i})
        user = with_entry(user, "leaders", entry)
        box = load("box", user)
    assert player_limit(box) == 5 and box.card("test_leader_two").initiative == 12
    assert box.card("test_leader_one").scoring is None  # its scoring is still to transcribe


def test_a_new_person_a_new_land_and_a_placeholder_renamed():
    box = load("box")
    typed = {"name": "Test Card", "name_ja": "テスト", "icons": "animal minion", "corruption": 2}
    typed |= {"remove": "y", "scout": "n", "initiative": 30, "copies": 2, "good": 3, "evil": 5}
    person = card_entry(box, "persons", typed)
    user = with_entry(None, "persons", person)
    land = {"name": "Test Marsh", "kind": "advanced", "reveal": 2, "effect": "test words"}
    user = with_entry(user, "lands", land_entry(box, land))
    user = renamed(user, box, "lands[id=basic_a1]", "Test Field", None)
    cat = load("box", user)
    card = cat.card("test_card")
    assert card.icons == ["animal", "minion"] and card.remove and not card.scout
    term = card.scoring[0]
    assert term.kind == "by_outcome" and (term.good, term.evil) == (3, 5)
    assert cat.land("test_marsh").effect == {"en": "test words", "ja": "test words"}
    assert cat.land("basic_a1").name == {"en": "Test Field", "ja": "Test Field"}
    # the same name twice gets its own id; a value out of range is refused, nothing saved
    assert card_entry(cat, "persons", typed)["id"] == "test_card_2"
    with pytest.raises(RuleError):
        with_values(user, cat, [("persons[id=goblin].corruption", "x")])
    with pytest.raises(Exception, match="corruption"):
        with_values(user, cat, [("persons[id=goblin].corruption", "50")])


def _on_the_advanced_land(options=None):
    s = new_game(tiny(), ("A", "B"), path=("adv", "b1", "a2", "b2"), seed=1, options=options)
    for cmd in (March(("z", "z2", "z", "z")), Draw(), Play(("z2", "z2")), Take("z"), Take("z")):
        s = GAME.apply(s, cmd)
    for cmd in (March(("z2",)), Draw(), Play(("z", "z2"))):
        s = GAME.apply(s, cmd)
    assert s.land_id == "adv"
    return s


def test_the_land_effect_is_asked_at_the_start_of_the_turn_with_its_words():
    """§3.3 step 1 and §3's clarification "land effects come before Remove and Scout": the
    turn on an advanced land opens with its words and the question; answered (used or not),
    or passed by a Remove, it is not asked again."""
    s = _on_the_advanced_land()
    moment = flow.moment(s)
    assert isinstance(moment.next, Ask) and not moment.next.tie
    assert "e" in tr(moment.next.choice.reason, "en") and "before Remove" in tr(moment.prompt, "en")
    used, declined = moment.next.commands
    assert used == UseLand(player="A") and declined == UseLand(player="A", used=False)
    after = GAME.apply(s, declined)
    assert after.current.land_used and flow.moment(after).next is None
    assert tr(GAME.describe(s, declined, after), "en").endswith("Land effect not used")
    assert flow.moment(GAME.apply(s, Remove("z2"))).next is None  # its moment has passed
    # the next turn (B's), on the same land, asks again
    nxt = GAME.apply(after, Take("z2"))
    assert isinstance(flow.moment(nxt).next, Ask) and nxt.current.player == "B"


def test_rule_options_are_named_in_the_log_of_the_first_march():
    """A game started with an option away from its Ruling says so when it begins; one at the
    Rulings adds nothing."""
    changed = Options(initiative_ties_by_seat=False)
    s = new_game(tiny(), ("A", "B"), path=("a1", "b1", "a2", "b2"), options=changed)
    line = tr(GAME.describe(s, March(("z", "z2", "z", "z"))), "en")
    assert line.endswith("Rules: initiative ties in reverse seat order")
    plain = new_game(tiny(), ("A", "B"), path=("a1", "b1", "a2", "b2"))
    assert "Rules" not in tr(GAME.describe(plain, March(("z", "z2", "z", "z"))), "en")
    # the option decides: equal initiatives now play in reverse seat order
    s = GAME.apply(
        GAME.apply(GAME.apply(s, March(("z", "z2", "z", "z"))), Draw()), Play(("z", "z"))
    )
    assert [t.player for t in s.turns] == ["B", "A"]
