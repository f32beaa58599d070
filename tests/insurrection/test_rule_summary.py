"""How a card scores, said before any hand is known (§2 the leader offer; §6 the rows): one
line per card from its scoring terms, in the words the breakdown uses (§6, issue 5)."""

from __future__ import annotations

import pytest

from companion.core.i18n import tr
from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.scoring import EndPosition, rule_summary, score

DEMO = catalogs.load("demo")

# card id: (English, Japanese), one per rule kind of the fictional demo
LINES = {
    "knight": ("4", "4点"),
    "imp": ("Good won → 2, Evil won → 6", "善の側が勝利 → 2点、悪の側が勝利 → 6点"),
    "lamplighter": ("1 for each Soldier icon in hand", "手札のソルジャーアイコン1個につき1点"),
    "miner": ("1 for each card face up", "表向きのカード1枚につき1点"),
    "hermit": (
        "2 for each pair of Animal icon and corruption mark in hand",
        "手札の動物アイコンと堕落マークの組ごとに2点",
    ),
    "vixen_queen": ("3 for each pair of Animal icons in hand", "手札の動物アイコン2つごとに3点"),
    "pikeman": ("a set of 1/2/3 cards at 2/0/7 each", "1/2/3枚組で1枚2/0/7点"),
    "badger": (
        "strict majority of Iron Badger → 5, otherwise 1",
        "鉄のアナグマが単独最多 → 5点、それ以外 → 1点",
    ),
    "oracle": (
        "no one else holds Tide Oracle → 8, otherwise 3",
        "潮の託宣者を持つのは自分だけ → 8点、それ以外 → 3点",
    ),
    "ferryman": ("1 for each card in the graveyard", "墓地のカード1枚につき1点"),
    "warden": (
        "Minion icons face up: at least 6 → -5, otherwise 4",
        "表向きのミニオンアイコン：6以上 → -5点、それ以外 → 4点",
    ),
    "collector": (
        "2 for each other card held only once − 4",
        "1枚だけ持つ他のカード1枚につき2点 − 4",
    ),
    "cult_mother": (
        "-1 for each card without a Minion icon",
        "ミニオンアイコンのないカード1枚につき-1点",
    ),
    "hoarder": ("30 − 3 for each other card", "30点 − 他のカード1枚につき3点"),
    # terms add up; a condition says when; two conditional terms are alternatives
    "gravedigger": (
        "3 + Evil won: 1 for each card in the graveyard",
        "3点 ＋ 悪の側が勝利：墓地のカード1枚につき1点",
    ),
    "seer": (
        "Good won: 2 for each pair of corruption marks face up; Evil won → 0",
        "善の側が勝利：表向きの堕落マーク2つごとに2点。悪の側が勝利 → 0点",
    ),
}


@pytest.mark.parametrize("card", sorted(LINES))
def test_each_rule_kind_said_in_both_languages(card):
    """§6: every rule kind has its one-line summary, in English and Japanese."""
    en, ja = LINES[card]
    summary = rule_summary(DEMO, DEMO.card(card))
    assert (tr(summary, "en"), tr(summary, "ja")) == (en, ja)


def test_every_demo_and_box_card_is_summarised():
    """Every card of both catalogs gets a line; an untranscribed rule says so; a "?" value
    shows as "?" (never guessed)."""
    box = catalogs.load("box")
    for cat in (DEMO, box):
        for card in (*cat.persons, *cat.leaders):
            assert tr(rule_summary(cat, card), "en")
    assert tr(rule_summary(box, box.card("skeleton")), "en") == "scoring not transcribed yet"
    assert tr(rule_summary(box, box.card("war_bear")), "en").endswith("otherwise ?")


@pytest.mark.parametrize("card", ["hermit", "vixen_queen"])
def test_summary_uses_the_breakdown_words(card):
    """§6 Druid Yel / Bard rows: the breakdown's reason for a hand holds the summary's words
    whole (the same words before and after the game), in both languages."""
    pos = EndPosition(
        outcome="good",
        token="fortress",
        graveyard=2,
        face_up=("wyrm",),
        hands=(("A", (card, "herder", "wyrm", "lamplighter")), ("B", ("knight",))),
    )
    sheet = score(DEMO, pos)
    line = next(c.line for c in sheet.players[0].lines if c.card == card)
    summary = rule_summary(DEMO, DEMO.card(card))
    for lang in ("en", "ja"):
        assert tr(summary, lang) in tr(line, lang), (tr(summary, lang), tr(line, lang))
