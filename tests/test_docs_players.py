"""The guides F1 and `companion docs` show are written for players (issue 23): they showed a
module table, `StartRound(fairy_roll=None)`, "public API in its `__init__.py` docstring",
benchmark figures and sections of a spec the players do not have. That material is in
docs/dev/ and docs/architecture.md."""

import re

import pytest

from companion.docs import GUIDES, read_guide

DEVELOPERS_WORDS = re.compile(
    r"§|companion/|\.py\b|__init__|public API|\bspec\b|仕様|benchmark|bench_|docstring|RuleError"
    r"|`[A-Z][A-Za-z]+\("  # a command's class, e.g. `StartRound(fairy_roll=None)`
)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GUIDES))
def test_a_guide_speaks_to_players(game, lang):
    found = DEVELOPERS_WORDS.findall(read_guide(game, lang))
    assert found == [], f"{GUIDES[game]} ({lang}) has developers' words: {found}"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", [g for g in GUIDES if g])
def test_a_games_guide_has_its_keys_and_a_worked_round(game, lang):
    text = read_guide(game, lang)
    headings = {"en": ("## Keys", "worked through"), "ja": ("## キー", "流れの例")}[lang]
    for heading in headings:
        assert heading in text


# the companion's own jargon: its "Rulings" and a random "seed" (issue 23: the header said
# "rules: the Rulings", the new-game forms asked for a "Seed")
JARGON = re.compile(r"\b[Rr]uling|\b[Ss]eed\b|裁定|シード")


def test_the_screens_and_guides_say_default_and_replay_number():
    from companion.core.i18n import load_tables

    for key, entry in load_tables().items():
        if key.startswith("cli."):  # the command line's --seed is a flag's name
            continue
        for lang in ("en", "ja"):
            words = re.sub(r"\{\w+\}", "", entry.get(lang, ""))  # not a placeholder's name
            assert not JARGON.search(words), (key, lang, words)
    for game in GUIDES:
        for lang in ("en", "ja"):
            assert not JARGON.search(read_guide(game, lang)), (game, lang)
