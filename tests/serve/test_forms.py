"""Every entry a game asks has a page form answered by taps (issue 22): each game is played
through the protocol with every entry answered by tapping its form's fields (at random, as
a table tapping about would), never by the entry's suggested value; the forms' values are
what the entries' ``answer`` takes, and every form draws on a page."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from companion.core.commands import apply_command
from companion.core.errors import CompanionError
from companion.core.game import Ask, Entry, Policy, decide, settle
from companion.core.i18n import set_language, tr
from companion.games.registry import get_game, load_game_catalog, sensible_table
from companion.web import forms, render

STEPS = {"unicornus": 400, "magical-friends": 400, "insurrection": 200}
REACHED = {  # the kinds these plays reach (each answered through its form)
    "unicornus": {
        "unicornus.battle",
        "unicornus.correct",
        "unicornus.replace",
        "unicornus.transport",
    },
    "magical-friends": {
        "magical_friends.artifacts",
        "magical_friends.correct_board",
        "magical_friends.correct_creature",
        "magical_friends.correct_wizard",
        "magical_friends.fairy",
        "magical_friends.steps",
    },
    "insurrection": {
        "insurrection.cards",
        "insurrection.hand",
        "insurrection.leader",
        "insurrection.play",
        "insurrection.progress",
        "insurrection.scout",
        "number",
    },
}


def tap_form(form: forms.Form, rng: random.Random) -> dict[str, Any]:
    """A draft made by taps: each field tapped once at random (a several-card pick, as many
    cards as it asks); a form whose fields grow with a tap is made again after it."""
    draft: dict[str, Any] = {}
    for f in form.fields:
        if f.kind == forms.ONE:
            allowed = [o.arg for o in f.options if o.refused is None]
            value = rng.choice(allowed) if allowed else None
        elif f.kind == forms.NUMBER:
            high = f.high if f.high is not None else f.low + 3
            value = rng.randint(f.low, min(high, f.low + 6))
        elif f.kind == forms.TEXT:
            value = "Card on the spot"
        else:
            allowed = [o.arg for o in f.options if o.refused is None]
            value = rng.sample(allowed, min(len(allowed), f.count or 0)) if f.count else f.value
        if value is not None:
            tapped = form.set(draft, f.name, value) if f.kind != forms.MANY else {f.name: value}
            assert tapped is not None, f"{f.name} does not take {value!r}"
            draft = {**draft, **tapped}
    return draft


def render_form(key: str, state: Any, entry: Entry, draft: dict[str, Any]) -> str:
    """The form as a page draws it, with ``draft`` tapped in (held values pressed)."""
    table = SimpleNamespace(
        key=key,
        state=state,
        moment=get_game(key).moment(state),
        draft=lambda page, where, asked: draft,
    )
    return render._entry(table, None, entry, "answer")


class TappingTable(Policy):
    """The sensible table's actions and picks, every entry answered through its page form."""

    def __init__(self, key: str, policy: Policy, rng: random.Random) -> None:
        self.key, self.policy, self.rng = key, policy, rng
        self.kinds: set[str] = set()  # the kinds answered through their forms
        self.exploring = False

    def act(self, state: Any, moment: Any) -> Any:
        return self.policy.act(state, moment)

    def pick(self, state: Any, ask: Ask) -> Any:
        if self.exploring:  # an action's questions: any option, to reach every form
            return self.rng.choice(ask.choice.options).value
        return self.policy.pick(state, ask)

    def enter(self, state: Any, entry: Entry) -> Any:
        form = forms.form(self.key, entry, state)
        if form is None:
            secret = getattr(entry.subject, "secret", False) or getattr(entry.subject, "top", None)
            assert secret, entry.kind  # a seat's phone asks it
            return self.policy.enter(state, entry)
        for _ in range(40):  # taps the rules refuse are tapped again, as a table would
            draft = tap_form(form, self.rng)
            more = forms.form(self.key, entry, state, draft)
            if more is not None and [f.name for f in more.fields] != [f.name for f in form.fields]:
                draft = {**draft, **tap_form(more, self.rng)}
                more = forms.form(self.key, entry, state, draft)
            drawn = render_form(self.key, state, entry, draft)
            words = re.sub(r"<[^>]*>", " ", drawn)
            assert "data-op=" in drawn and "{" not in words, words  # every word translated
            try:
                value = (more or form).answer(draft)
                lead = entry.answer(value)
                settle(lead, state, self.policy)
            except (CompanionError, ValueError):
                continue
            self.kinds.add(entry.kind)  # answered through its form
            return value
        return self.policy.enter(state, entry)  # nothing tapped was right: the table's own


@pytest.mark.parametrize(
    ("key", "deck"), [("unicornus", None), ("magical-friends", None), ("insurrection", False)]
)
def test_every_entry_is_answered_by_taps(key: str, deck: bool | None) -> None:
    set_language("en")
    game = get_game(key)
    catalog = load_game_catalog(key, "demo")
    policy, demo_setup = sensible_table(key, 7)
    table = TappingTable(key, policy, random.Random(7))
    setup = demo_setup(catalog, None)
    if deck is not None:  # Insurrection on the table's own deck: nothing is secret
        setup = replace(setup, virtual=deck)
    state = game.new_game(setup, catalog, 7)
    for _ in range(STEPS[key]):
        moment = game.moment(state)
        table.exploring = True
        for action in moment.actions:  # every action's own entries too (corrections ...)
            if action.allowed:
                try:
                    settle(action.leads, state, table)
                except CompanionError as exc:
                    tr(exc.message)
        table.exploring = False
        cmd = decide(moment, state, table)
        if cmd is None:
            break
        state = apply_command(game, state, cmd)
    assert table.kinds >= REACHED[key], sorted(table.kinds)


def test_the_steps_buttons_say_where_each_count_ends():
    """Magical Friends §5 (found on a phone): each steps button says where that count ends,
    as the terminal's steps dialog lists it ("2 → p2"; through the Dark Cavern: "→ cavern: die"),
    from the engine's ``step_ends``."""
    from tests.magical_friends.helpers import BOARD_B, in_turns, place
    from tests.magical_friends.test_leads import _lead, _open

    set_language("en")
    st = in_turns(BOARD_B)
    st, cid = place(st, 0, "moss-knight", "s1")
    entry = _open(st, _lead(st, "move").choice.options[0].value)
    assert isinstance(entry, Entry) and entry.kind == "magical_friends.steps"
    html = render_form("magical-friends", st, entry, {})
    buttons = re.findall(r"<button[^>]*>(.*?)</button>", html)
    words = [re.sub(r"<[^>]+>", " ", b).split() for b in buttons]
    assert ["2", "→", "p2"] in words and ["6", "→", "c2"] in words, words
    assert ["7", "→", "cavern:", "die"] in words, words
