"""How cards, lands and counts look on screen (names in the current language)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from rich.text import Text

from companion.core.i18n import tr, tr_name
from companion.games.insurrection import InsurrectionCatalog
from companion.ui.colours import MARK_WARM, MUTED

MARK = "●"
REMOVE = "⚔"
SCOUT = "◉"


def name(cat: InsurrectionCatalog, cid: str) -> str:
    try:
        return tr_name(cat.card(cid).name, cid)
    except KeyError:
        return cid


def land_name(cat: InsurrectionCatalog, lid: str) -> str:
    try:
        return tr_name(cat.land(lid).name, lid)
    except KeyError:
        return lid


def marks(cat: InsurrectionCatalog, cid: str) -> int:
    return cat.card(cid).corruption or 0


def badges(cat: InsurrectionCatalog, cid: str) -> str:
    """Marks, Remove and Scout icons and initiative, e.g. ``●●  ⚔  i30``."""
    card = cat.card(cid)
    parts = []
    if card.corruption:
        parts.append(MARK * card.corruption if card.corruption <= 4 else f"{MARK}{card.corruption}")
    if card.remove:
        parts.append(REMOVE)
    if card.scout:
        parts.append(SCOUT)
    if card.initiative is not None:
        parts.append(f"i{card.initiative}")
    return " ".join(parts)


def label(cat: InsurrectionCatalog, cid: str) -> str:
    """A card for a list: its name, then its badges."""
    extra = badges(cat, cid)
    leader = " ★" if cat.is_leader(cid) else ""
    return f"{name(cat, cid)}{leader}  {extra}".rstrip()


def counted(cards: Iterable[str]) -> list[tuple[str, int]]:
    """Distinct cards in the order first met, with how many."""
    counts = Counter(cards)
    return [(cid, counts[cid]) for cid in dict.fromkeys(cards)] if counts else []


def chip(cat: InsurrectionCatalog, cid: str, count: int = 1) -> Text:
    """One card of the play area: ``[Moss Wyrm ●● ⚔ ×2]``."""
    text = Text("[", style=MUTED)
    text.append(name(cat, cid), style="bold")
    if cat.is_leader(cid):
        text.append(" ★", style=MARK_WARM)
    n = marks(cat, cid)
    if n:
        text.append(" " + (MARK * n if n <= 4 else f"{MARK}{n}"), style="bold $text-error")
    card = cat.card(cid)
    if card.remove:
        text.append(" " + REMOVE, style=MARK_WARM)
    if card.scout:
        text.append(" " + SCOUT, style="$text-primary")
    if count > 1:
        text.append(f" ×{count}", style="bold")
    text.append("]", style=MUTED)
    return text


def chips(cat: InsurrectionCatalog, cards: Iterable[str]) -> Text:
    out = Text()
    for i, (cid, n) in enumerate(counted(cards)):
        if i:
            out.append(" ")
        out.append_text(chip(cat, cid, n))
    return out


def percent(p: Fraction) -> str:
    value = float(p) * 100
    if p and value < 0.1:
        return "<0.1%"
    return f"{value:.1f}%"


def listed(items: Iterable[str]) -> str:
    """Names in a row the way the language writes a list: "Ann, Ben" / "あき、ゆう"."""
    return tr("insurrection_ui.list_sep").join(items)
