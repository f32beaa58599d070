"""The terminal's key hints (issue 22): the engine's prompt says what to do; the Unicornus
screen's banner adds the keys that do it, in the words it always had."""

from __future__ import annotations

from companion.core.i18n import Msg, set_language, tr
from companion.ui.unicornus.screen import keyed


def test_the_terminal_banner_keeps_its_keys():
    """The Unicornus screen adds the keys after the engine's prompt (and before the
    abilities said after it), in the words the banner had."""
    set_language("en")
    prompt = Msg("unicornus.flow.round_start", {"round": 2})
    assert tr(keyed(prompt)) == ("Round 2 begins: resolve start-of-round abilities. [n] next")
    said = Msg("unicornus.flow.said", {"text": prompt, "notices": "Ann heals"})
    assert tr(keyed(said)).endswith("[n] next  Ann heals")
    other = Msg("unicornus.flow.princess_none")
    assert keyed(other) == other
