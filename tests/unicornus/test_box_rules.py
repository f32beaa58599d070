"""The box in the app, engine side (issue 12): the table's own event deck (§2 step 6, §3 step
2), allies made later or by correction (§7, §9, §6.2), the Princess stopping beside the goal
(§5.1 rule option, §8.1) and abilities said at their moment (§3, §4)."""

from dataclasses import replace

import pytest

from companion.core.errors import RuleError
from companion.core.game import Ask, Entry, play
from companion.core.i18n import tr
from companion.games.unicornus import GAME, MakeAlly, notices, princess_damage
from companion.games.unicornus.autoplay import SensibleTable
from companion.games.unicornus.commands import (
    BeginRound,
    Correct,
    DrawFate,
    EndTurn,
    PrincessAct,
    RevealEvent,
)
from companion.games.unicornus.flow import battle_abilities, table_cards
from companion.games.unicornus.state import Battle, Options, Unit
from tests.unicornus.scenario import events, game, hero, imperial, princess, sp

BOARD = """
aP=p  a=a1  a=a2  bG=g
  a=h1  a=h2  a=h3  b=b1
"""


def table_game(**kw):
    """Three players, the table's own deck: the catalog knows 2 cards of each level."""
    known = tuple(e for e in events() if e.id in ("ev0", "ev1", "ev3", "ev4", "ev6", "ev7"))
    kw.setdefault("phase", "event")
    return game(
        BOARD,
        heroes=[princess(0), hero("ann", 4, seat=0), hero("bo", 5, seat=1)],
        deck=known,
        table_deck=True,
        **kw,
    )


def refused(state, cmd) -> str:
    with pytest.raises(RuleError) as exc:
        GAME.apply(state, cmd)
    return exc.value.message.key


# --- §2 step 6, §3 step 2: the table's own event deck ----------------------------------------
def test_the_table_deck_takes_the_card_drawn_in_the_level_order():
    """§2.6: 3 level-1 cards on top, then 3 level-2, then 4 level-3; round 1 turns over a
    level-1 card. A catalog card of the wrong level is refused with the reason; a card not in
    the catalog is added on the spot with its level and ONGOING flag; none comes twice."""
    s = table_game()
    assert {e.id for e in table_cards(s)} == {"ev0", "ev1"}  # level 1 only
    assert refused(s, RevealEvent("ev6")) == "unicornus.rule.event_level"  # a level-3 card
    assert refused(s, RevealEvent("new")) == "unicornus.rule.no_such_event"  # no name
    late = RevealEvent("storm", name=("Storm", "嵐"), level=3, ongoing=True)
    assert refused(s, late) == "unicornus.rule.event_level"
    drawn = GAME.apply(s, RevealEvent("storm", name=("Storm", "嵐"), level=1, ongoing=True))
    assert drawn.current_event.name == ("Storm", "嵐") and drawn.current_event.ongoing
    again = replace(drawn, phase="event", round=2)
    assert refused(again, RevealEvent("storm")) == "unicornus.rule.event_again"
    assert GAME.apply(again, RevealEvent("ev1")).current_event.id == "ev1"
    level2 = replace(drawn, phase="event", round=4)
    assert refused(level2, RevealEvent("ev1")) == "unicornus.rule.event_level"
    assert GAME.apply(level2, RevealEvent("ev3")).current_event.level == 2


def test_the_app_deck_takes_another_card_only_of_this_rounds_level():
    """§2.6 with the app's deck: the table may name a card other than the top one, but round
    1 never turns over a level-3 card (it was accepted before)."""
    s = game(BOARD, heroes=[princess(0), hero("ann", 4)], phase="event", deck=events())
    assert refused(s, RevealEvent("ev7")) == "unicornus.rule.event_level"
    assert GAME.apply(s, RevealEvent("ev2")).current_event.id == "ev2"


def test_the_header_card_is_this_rounds_and_an_ongoing_card_is_one_at_once():
    """§3.2: in round 2's event step last round's card is over (none shown until this round's
    is revealed); an ONGOING card counts as ongoing in the round it appears."""
    s = table_game()
    s = GAME.apply(s, RevealEvent("ev0"))
    assert s.current_event.id == "ev0"
    s = replace(s, phase="round_start", round=2)
    s = GAME.apply(s, BeginRound())
    assert s.phase == "event" and s.current_event is None
    s = GAME.apply(s, RevealEvent("fog", name=("Fog", ""), level=1, ongoing=True))
    assert s.current_event.id == "fog" and s.current_event in s.ongoing


class TableDrawsItsCards(SensibleTable):
    """The sensible players at a table with its own shuffled deck: each round they turn over
    the next card of their stack and enter it (a catalog card, or one added on the spot)."""

    def __init__(self, stack):
        self.stack = list(stack)

    def pick(self, state, ask: Ask):
        """The card on top of the stack: a catalog card by its option (a digit at the
        table), a card added on the spot through the last option (its form)."""
        cards = [o.value for o in ask.choice.options]
        if ask.choice.reason.key != "unicornus.flow.choice_table_event":
            return ask.auto_command if ask.tie else cards[0]
        card = self.stack[0]
        if isinstance(card, str):
            self.stack.pop(0)
            return next(c for c in cards if c == RevealEvent(card))
        return cards[-1]  # "a card not in your catalog…"

    def enter(self, state, entry: Entry):
        if entry.kind != "unicornus.new_event":
            return entry.suggest  # battles and replacements as a careful table
        assert entry.suggest is None  # only the table knows the card it turned over
        card = self.stack.pop(0)
        return card.name[0], card.name[1] if len(card.name) > 1 else "", card.level, card.ongoing


def test_a_table_deck_game_runs_ten_rounds_with_the_cards_the_table_entered():
    """§3 (10 rounds) with the table's deck (§2.6): 6 cards from the catalog and 4 added on
    the spot, in the level order; the game ends in an outcome and every card is recorded."""
    from companion.games.unicornus import load_catalog, new_game
    from companion.games.unicornus.autoplay import demo_setup

    cat = load_catalog("demo")
    setup = replace(demo_setup(cat), table_deck=True)
    state = new_game(cat, setup, 8)  # a seed whose game lasts into round 10
    by_level = {lv: [e.id for e in cat.events if e.level == lv] for lv in (1, 2, 3)}
    stack = [
        *by_level[1][:3],
        *by_level[2][:2],
        RevealEvent("ambush_ahead", name=("Ambush ahead (test card)", ""), level=2),
        by_level[3][0],
        *(
            RevealEvent(f"test{i}", name=(f"Test card {i}", f"試験{i}"), level=3, ongoing=i == 1)
            for i in range(3)
        ),
    ]
    table = TableDrawsItsCards(stack)
    end = state
    for _cmd, end in play(GAME, state, table):  # noqa: B007
        pass
    assert GAME.outcome(end) is not None and end.round == 10
    names = {e.id: e.name[0] for e in state.deck}
    assert [e.name[0] for e in end.revealed] == [
        names[c] if isinstance(c, str) else c.name[0] for c in stack
    ]
    assert not table.stack and [e.level for e in end.revealed] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    assert [e.name[0] for e in end.ongoing] == ["Test card 1"]


# --- §7, §9, §6.2: allies ---------------------------------------------------------------------
def princess_meets_vessa(**kw):
    s = game(
        BOARD,
        phase="princess",
        heroes=[princess(0, tokens=2, life=5), hero("ann", 4)],
        units=[Unit(1, 1, "vessa"), Unit(5, 2, "morwen")],
        imps=[imperial("vessa", life=3), imperial("morwen", life=2, **kw)],
    )
    return s


def test_make_ally_later_leaves_the_tokens_leaderless_and_shields_the_princess():
    """§9: an imperial character made the Princess's ally leaves the board, its tokens stay
    as a leaderless unit, and each ally reduces her battle damage by 1 (§6.2)."""
    s = princess_meets_vessa(no_fate=False)
    s = GAME.apply(s, Correct("imperial:morwen", "bound_to", "princess"))  # her Fate card
    s = GAME.apply(s, MakeAlly("morwen", "princess"))
    assert s.imp("morwen").status == "ally" and s.princess.allies == ("morwen",)
    assert s.unit_at(5) == Unit(5, 2, "")
    s = GAME.apply(s, PrincessAct("move", 1))
    assert princess_damage(s, 1) == 3 + 1 - 1
    assert refused(s, MakeAlly("morwen", "ann")) == "unicornus.rule.not_on_board"


def test_an_ally_comes_only_from_the_fate_card_beside_its_character():
    """§7: "Characters marked 'no fate' never draw one" and the Fate card lies beside the
    kingdom character it was drawn for: only that card makes its imperial character an ally
    (issue 21: ``y`` made a "no fate" Emperor the Princess's ally). The ``ally`` action lists
    exactly the pairs the engine accepts, and says why when there are none."""
    never = princess_meets_vessa(bound_to="princess")  # marked "no fate", bound by hand
    assert refused(never, MakeAlly("morwen", "princess")) == "unicornus.rule.ally_no_fate"
    assert GAME.moment(never).action("ally").reason.key == "unicornus.flow.no_ally"
    s = princess_meets_vessa(no_fate=False)
    assert refused(s, MakeAlly("morwen", "princess")) == "unicornus.rule.ally_not_bound"
    action = GAME.moment(s).action("ally")
    assert action.reason.key == "unicornus.flow.no_ally" and action.leads is None
    s = GAME.apply(s, Correct("imperial:morwen", "bound_to", "ann"))
    assert refused(s, MakeAlly("morwen", "princess")) == "unicornus.rule.ally_not_bound"
    ask = GAME.moment(s).action("ally").leads
    assert ask.commands == (MakeAlly("morwen", "ann"),) and not ask.tie
    line = tr(GAME.describe(s, ask.commands[0], GAME.apply(s, ask.commands[0])))
    assert "Fate" not in line and "ally" in line


def test_correcting_a_character_to_ally_has_the_rules_effects_or_is_refused():
    """§9 by correction: with a Fate card binding it, "ally" leaves its unit leaderless and
    the Princess's damage drops by 1; with none, it is refused with the reason (whose ally?)."""
    s = princess_meets_vessa()
    assert refused(s, Correct("imperial:morwen", "status", "ally")) == "unicornus.rule.ally_whose"
    s = GAME.apply(s, Correct("imperial:morwen", "bound_to", "princess"))
    s = GAME.apply(s, Correct("imperial:morwen", "status", "ally"))
    assert s.unit_at(5).leader == "" and s.princess.allies == ("morwen",)
    s = GAME.apply(s, PrincessAct("move", 1))
    assert princess_damage(s, 1) == 3
    back = Correct("imperial:morwen", "status", "board")
    assert refused(s, back) == "unicornus.rule.place_to_board"
    dead = GAME.apply(s, Correct("imperial:morwen", "status", "dead"))
    assert dead.princess.allies == () and princess_damage(dead, 1) == 4


def test_a_fate_ally_needs_its_character_on_the_board():
    s = princess_meets_vessa()
    s = replace(s, heroes=tuple(replace(h, alive=False) if h.id == "ann" else h for h in s.heroes))
    assert refused(s, MakeAlly("vessa", "ann")) == "unicornus.rule.hero_not_on_board"
    assert DrawFate  # the Fate card's ally stays the usual way (tests/unicornus/test_fate...)


# --- §5.1 rule option, §8.1 --------------------------------------------------------------------
def test_with_princess_enters_goal_off_she_wins_beside_lionels_space():
    """§5.1: the option stops her on the spaces adjacent to Lionel's start space (the seed's
    wording); §8.1 then reads "stands on" as arriving there, so the game can be won."""
    opts = Options(princess_enters_goal=False)
    s = game(BOARD, phase="princess", heroes=[princess(sp(game(BOARD), "a2"), supplies=5)])
    s = replace(s, options=opts)
    s = GAME.apply(s, PrincessAct("procure"))  # beside the goal: she does not step on it
    s = GAME.apply(s, PrincessAct("procure"))
    s = GAME.apply(s, PrincessAct("procure"))
    assert s.princess.space == sp(s, "a2") and (s.outcome, s.phase) == ("win", "over")
    far = replace(s, outcome="", phase="princess", princess_used=0)
    far = replace(far, heroes=(replace(far.princess, space=sp(s, "a1")), *far.heroes[1:]))
    far = GAME.apply(far, PrincessAct("procure"))
    far = GAME.apply(far, PrincessAct("procure"))
    far = GAME.apply(far, PrincessAct("procure"))
    assert far.outcome == "" and far.phase == "empire"  # two steps away is not there


# --- §3, §4: abilities at their moment -----------------------------------------------------------
def test_abilities_are_said_with_their_text_at_their_moment():
    """§3.1 start of round, §3.3 start of turn (before the first action), §4 DURING BATTLE
    only when the Empire attacks, passive always, an ally's ability for its player (§9)."""
    ann = replace(hero("ann", 4, timing="rb"), ability=("heal 1", "1回復"))
    bo = replace(hero("bo", 5, seat=1, timing="tp"), ability=("re-roll", "振り直し"))
    s = game(
        BOARD,
        phase="round_start",
        heroes=[princess(0), ann, bo],
        imps=[imperial("vessa", ally_ability=("+1 die", "ダイス+1"))],
    )
    said = [m.key for m in notices(s)]
    assert said == ["unicornus.notice.round_ability_text"]
    assert notices(s)[0].params["text"] == {"en": "heal 1", "ja": "1回復"}
    turn = replace(s, phase="players", turn=1)  # seat 2: Bo
    assert [m.key for m in notices(turn)] == ["unicornus.notice.turn_ability_text"]
    acted = replace(turn, used=(("bo", 1),))
    assert notices(acted) == []  # the start of the turn is over
    s = replace(s, heroes=(s.heroes[0], replace(ann, allies=("vessa",)), bo))
    attacked = battle_abilities(s, Battle(4, "ann", "empire", (3,)))
    keys = [m.key for m in attacked]
    assert keys == ["unicornus.notice.battle_ability_text", "unicornus.notice.ally_ability"]
    attacking = battle_abilities(s, Battle(4, "ann", "kingdom", (3,)))
    assert [m.key for m in attacking] == ["unicornus.notice.ally_ability"]
    assert [m.key for m in battle_abilities(s, Battle(5, "bo", "kingdom", (4,)))] == [
        "unicornus.notice.passive_ability_text"
    ]
    assert EndTurn  # the turn's end is the flow's (tests/unicornus/test_flow.py)
