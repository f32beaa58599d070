"""A page shows the engine's prompt without the terminal's key hints (issue 22): the prompt
says what to do; which key does it is the terminal's to add (``unicornus_ui.keys.*``)."""

from __future__ import annotations

import re

import pytest

from companion.core.game import decide
from companion.core.i18n import set_language, tr
from companion.web import render
from companion.web.codes import TABLE, JoinCode
from companion.web.driver import Page
from tests.serve.helpers import demo_table

KEY_HINT = re.compile(r"\[[a-z]\]|[（(][a-z][）)]|\bpress\b")  # "[n] next", "(c)", "press 7"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("key", ["unicornus", "insurrection", "magical-friends"])
def test_no_key_hint_in_a_page_s_prompt(store, key, lang):
    set_language(lang)
    table, policy = demo_table(store, key)
    page = Page(JoinCode(TABLE, "t"))
    prompts = set()
    for _ in range(2_000):
        moment = table.moment
        prompts.add(moment.prompt.key)
        said = re.search(r'<p class="prompt">(.*?)</p>', render.view(table, page)).group(1)
        assert not KEY_HINT.search(said), said
        nxt = getattr(moment.next, "choice", None)  # a question's reason is a prompt too
        if nxt is not None:
            assert not KEY_HINT.search(tr(nxt.reason)), tr(nxt.reason)
        cmd = decide(moment, table.state, policy)
        if cmd is None:
            break
        table.session.do(cmd)
    assert len(prompts) > 3


def test_a_page_s_question_says_its_prompt_once(store):
    """Played on a phone: Move, then the creature, showed "How many steps did Blue's Ember
    Imp 2 go?" twice (the question's line and its field's legend, the same words)."""
    set_language("en")
    table, policy = demo_table(store, "magical-friends")
    page = Page(JoinCode(TABLE, "t"))
    table.pages.add(page)
    for _ in range(200):  # the sensible table plays until a friend may move
        move = table.moment.action("move")
        if move is not None and move.reason is None:
            break
        table.session.do(decide(table.moment, table.state, policy))
    table.handle(page, {"op": "act", "arg": "move", "rev": table.revision})
    table.handle(page, {"op": "answer", "arg": 0, "rev": table.revision})  # the first friend
    prompt = tr(page.question.prompt)
    assert prompt.startswith("How many steps did")
    html = render.view(table, page)
    assert html.count(render.text(page.question.prompt)) == 1, prompt
