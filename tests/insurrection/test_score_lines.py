"""Each card's score line reads like a player explaining it at the table (§6, issue 5
"a breakdown line that says why"): one line per rule kind, in English and Japanese.

The demo catalog (fictional, complete) uses every rule kind; B holds one Hedge Knight (or a
Tide Oracle for the shared case). A term alone reads "reason → value"; terms in a sum read
"value (reason)"; "×n" only for more than one copy; counts agree in English ("1 pair").
"""

from __future__ import annotations

import re

import pytest

from companion.core.i18n import tr
from companion.games.insurrection import catalog as catalogs
from companion.games.insurrection.scoring import EndPosition, score

# name: (outcome, A's hand, face up, graveyard, card, English line, Japanese line)
CASES = {
    "by_outcome": (
        "good",
        ["imp"],
        [],
        0,
        "imp",
        "Ember Imp: Good won → 2",
        "火花の小鬼：善の側が勝利 → 2点",
    ),
    "by_outcome_each": (
        "evil",
        ["imp", "imp", "imp"],
        [],
        0,
        "imp",
        "Ember Imp ×3: Evil won → 6 each = 18",
        "火花の小鬼 ×3：悪の側が勝利 → 1枚6点 ＝ 18点",
    ),
    "flat_plus_per_icon": (
        "good",
        ["herder", "badger", "wyrm"],
        [],
        0,
        "herder",
        "Goat Herder: 1 + 4 (2 for each of 2 Animal icons in hand) = 5",
        "山羊飼い：1点 ＋ 4点（手札の動物アイコン2個、各2点） ＝ 5点",
    ),
    "flat_plus_per_icon_each": (
        "good",
        ["scribe", "scribe", "knight", "imp", "ghoul"],
        [],
        0,
        "scribe",
        "Lantern Scribe ×2: 2 + 3 (1 for each of 1 Soldier icon and 2 Minion icons in hand) = 5 each, 10 in all",
        "灯りの書記 ×2：2点 ＋ 3点（手札のソルジャーアイコン1個とミニオンアイコン2個、各1点） ＝ 1枚5点、計10点",
    ),
    "flat": ("good", ["knight"], [], 0, "knight", "Hedge Knight: 4", "生垣の騎士：4点"),
    "majority": (
        "good",
        ["badger", "badger"],
        [],
        0,
        "badger",
        "Iron Badger ×2: strict majority (2 vs 0) → 5 each = 10",
        "鉄のアナグマ ×2：単独最多（2対0） → 1枚5点 ＝ 10点",
    ),
    "shared": (
        "good",
        ["oracle"],
        [],
        0,
        "oracle",
        "Tide Oracle: B also holds Tide Oracle → 3",
        "潮の託宣者：Bも潮の託宣者を持っている → 3点",
    ),
    "sole": (
        "good",
        ["oracle", "imp"],
        [],
        0,
        "oracle",
        "Tide Oracle: no one else holds Tide Oracle → 8",
        "潮の託宣者：潮の託宣者を持つのは自分だけ → 8点",
    ),
    "per_pair_one": (
        "good",
        ["hermit"],
        [],
        0,
        "hermit",
        "Fern Hermit: 2 for each pair of Animal icon and corruption mark in hand: 1 and 1, so 1 pair → 2",
        "シダの隠者：手札の動物アイコンと堕落マークの組ごとに2点：1と1で1組 → 2点",
    ),
    "per_graveyard": (
        "evil",
        ["gravedigger"],
        [],
        3,
        "gravedigger",
        "Gravedigger: 3 + 3 (Evil won, 1 for each of 3 cards in the graveyard) = 6",
        "墓掘り：3点 ＋ 3点（悪の側が勝利、墓地のカード3枚、各1点） ＝ 6点",
    ),
    "per_graveyard_one": (
        "evil",
        ["gravedigger"],
        [],
        1,
        "gravedigger",
        "Gravedigger: 3 + 1 (Evil won, 1 for 1 card in the graveyard) = 4",
        "墓掘り：3点 ＋ 1点（悪の側が勝利、墓地のカード1枚で1点） ＝ 4点",
    ),
    "cond_flat": (
        "evil",
        ["wisp"],
        [],
        0,
        "wisp",
        "Marsh Wisp: Evil won and the token is on Queen's Spire → 12",
        "沼の鬼火：悪の側が勝利、反乱軍トークンが女王の尖塔にある → 12点",
    ),
    "per_pair_of": (
        "good",
        ["piper", "piper", "piper"],
        [],
        0,
        "piper",
        "Road Piper ×3: Good won, 4 for each pair of Soldier icons in hand: 3, so 1 pair → 4 each = 12",
        "街道の笛吹き ×3：善の側が勝利、手札のソルジャーアイコン2つごとに4点：3で1組 → 1枚4点 ＝ 12点",
    ),
    "set_table": (
        "good",
        ["pikeman", "pikeman", "pikeman", "pikeman"],
        [],
        0,
        "pikeman",
        "Pikeman ×4: a set of 3 at 7 each and a single card at 2 → 23",
        "槍兵 ×4：3枚組（1枚7点）と1枚のみ（2点） → 23点",
    ),
    "threshold": (
        "good",
        ["heiress"],
        ["ghoul", "imp"],
        0,
        "heiress",
        "Glass Heiress: Minion icons and corruption marks face up: 2 + 4 = 6, fewer than 12 → 6",
        "ガラスの令嬢：表向きのミニオンアイコンと堕落マーク：2 ＋ 4 ＝ 6、12未満 → 6点",
    ),
    "per_icon_face_up": (
        "good",
        ["miner"],
        ["imp"],
        0,
        "miner",
        "Lamp Miner: 1 for 1 card face up → 1",
        "ランプの鉱夫：表向きのカード1枚で1点 → 1点",
    ),
    "threshold_one": (
        "good",
        ["warden"],
        ["imp"],
        0,
        "warden",
        "Thorn Warden: Minion icons face up: 1, fewer than 6 → 4",
        "茨の番人：表向きのミニオンアイコン：1、6未満 → 4点",
    ),
    "singles": (
        "good",
        ["collector", "imp", "knight", "knight"],
        [],
        0,
        "collector",
        "Curio Collector: 2 for 1 other card held only once − 4 → -2",
        "骨董収集家：1枚だけ持つ他のカード1枚で2点 − 4 → -2点",
    ),
    "lacking": (
        "good",
        ["cult_mother", "imp", "knight"],
        [],
        0,
        "cult_mother",
        "Cult Mother: -1 for 1 card without a Minion icon → -1",
        "教団の母：ミニオンアイコンのないカード1枚で-1点 → -1点",
    ),
    "base_minus": (
        "good",
        ["hoarder", "imp"],
        [],
        0,
        "hoarder",
        "Hoarder King: 30 − 3 for 1 other card → 27",
        "溜め込み王：30点 − 3点×他のカード1枚 → 27点",
    ),
}


def _line(outcome, hand, face_up, graveyard, card, other=("knight",)):
    pos = EndPosition(
        outcome, "fortress", graveyard, tuple(face_up), (("A", tuple(hand)), ("B", other))
    )
    sheet = score(catalogs.load("demo"), pos)
    return next(c.line for c in sheet.players[0].lines if c.card == card)


@pytest.mark.parametrize("name", list(CASES))
def test_each_rule_kind_says_why_in_both_languages(name):
    """§6, every rule kind: the exact line in English and in Japanese."""
    outcome, hand, face_up, graveyard, card, en, ja = CASES[name]
    other = ("oracle",) if name == "shared" else ("knight",)
    line = _line(outcome, hand, face_up, graveyard, card, other)
    assert (tr(line, "en"), tr(line, "ja")) == (en, ja)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_line_reads_oddly(lang):
    """§6: for every demo card held once, twice and three times, Good and Evil: no "×1",
    no "1 pairs", no "fixed →", no "= n" repeating a lone value, no "(…(" nesting, no "+ -"."""
    cat = catalogs.load("demo")
    ids = [c.id for c in (*cat.persons, *cat.leaders)]
    face_up = ("imp", "ghoul", "wyrm", "knight")
    for outcome in ("good", "evil"):
        for copies in (1, 2, 3):
            for cid in ids:
                hand = (cid,) * copies + ("imp", "knight")
                pos = EndPosition(outcome, "fortress", 1, face_up, (("A", hand), ("B", ("imp",))))
                for card_line in score(cat, pos).players[0].lines:
                    text = tr(card_line.line, lang)
                    assert "×1" not in text and "1 pairs" not in text and "fixed" not in text
                    assert "+ -" not in text and "＋ -" not in text
                    assert not re.search(r"\([^)]*\(", text), text
                    assert not re.search(r"（[^）]*（", text), text
                    lone = re.fullmatch(r".*?→ (-?\d+)点? [=＝] (-?\d+)点?", text)
                    assert lone is None or lone.group(1) != lone.group(2), text
