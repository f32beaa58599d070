"""The Insurrection catalog: person cards, leaders, lands, and scoring rules as data (spec §1, §6).

A card's end-game score is a list of *terms* (rule kinds below) that add up; a term with a
``when`` condition counts only when it holds. No card has code of its own: every row of §6 is
written with this vocabulary in ``data/insurrection/*.toml`` (see ``docs/insurrection.md``).

Numbers not printed in any public source are ``"?"`` (``None`` here); scoring that meets one
reports a ``NeedsValue`` instead of guessing.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.core.catalog import (
    MAX_ENTRIES,
    CatalogModel,
    Id,
    Name,
    Range,
    Text,
    Texts,
    Unknowable,
    load_catalog,
    read_toml,
    validate,
)
from companion.core.catalog import Names as _Names
from companion.core.errors import CatalogError
from companion.core.i18n import msg

Icon = Literal["soldier", "animal", "pretender", "minion"]
ICONS: tuple[Icon, ...] = ("soldier", "animal", "pretender", "minion")
# What a term can count: an icon, corruption marks, or whole cards.
Feature = Literal["soldier", "animal", "pretender", "minion", "corruption", "cards"]
Scope = Literal["hand", "face_up"]  # §5: in that player's hand, or face up in the play area
Outcome = Literal["good", "evil"]
Names = _Names
Points = Range(-99, 99)  # a term's points (the rules' largest is Trak's base, about 24)
Count = Range(0, 60)  # thresholds and set sizes: the box has about 60 cards
Features = Annotated[list[Feature], Field(min_length=1, max_length=6)]


class When(CatalogModel):
    """A condition on the end of the game: who won and where the rebel token stands (§6 Shadow)."""

    outcome: Outcome | None = None
    token_on: Id | None = None  # a land id, e.g. "fortress"
    token_not_on: Id | None = None

    @property
    def always(self) -> bool:
        return self.outcome is None and self.token_on is None and self.token_not_on is None


class _Term(CatalogModel):
    when: When = When()


class Flat(_Term):
    """A fixed value (Talin 0; the 2 of Occultist and Tamer; Necromancer's 4)."""

    kind: Literal["flat"]
    points: Unknowable[Points]


class ByOutcome(_Term):
    """One value if Good wins, another if Evil wins (Goblin 3/9, Dragon, Gnoll)."""

    kind: Literal["by_outcome"]
    good: Unknowable[Points]
    evil: Unknowable[Points]


class PerIcon(_Term):
    """``points`` per counted feature, summed over ``features`` (Occultist, Tamer, Dwarf)."""

    kind: Literal["per_icon"]
    features: Features
    points: Unknowable[Points]
    scope: Scope = "hand"


class PerPair(_Term):
    """``points`` per pair made of one ``first`` and one ``second`` (Druid Yel: animal–mark)."""

    kind: Literal["per_pair"]
    first: Feature
    second: Feature
    points: Unknowable[Points]
    scope: Scope = "hand"


class PerPairOf(_Term):
    """``points`` per two of one feature (Bard: pairs of Soldiers; Azel: face-up marks)."""

    kind: Literal["per_pair_of"]
    feature: Feature
    points: Unknowable[Points]
    scope: Scope = "hand"


class SetTable(_Term):
    """Copies held score by set size: ``each[n-1]`` per card in a set of n; a set is full at
    ``len(each)`` cards and further copies start a new set (Musketeer: 3, −1, 9)."""

    kind: Literal["set_table"]
    each: Annotated[list[Unknowable[Points]], Field(min_length=1, max_length=12)]


class Majority(_Term):
    """Each copy scores ``points`` for the player holding strictly more copies of ``card``
    (default: this card) than every other player, else ``otherwise`` (War Bear)."""

    kind: Literal["majority"]
    card: Id | None = None
    points: Unknowable[Points]
    otherwise: Unknowable[Points]


class SharedOrSole(_Term):
    """``shared`` if another player also holds ``card`` (default: this card), else ``sole``
    (Prophet; face-up copies are in nobody's hand, §5)."""

    kind: Literal["shared_or_sole"]
    card: Id | None = None
    sole: Unknowable[Points]
    shared: Unknowable[Points]


class PerGraveyard(_Term):
    """``points`` per card in the graveyard (Necromancer's Evil bonus)."""

    kind: Literal["per_graveyard"]
    points: Unknowable[Points]


class Threshold(_Term):
    """``points`` when the summed ``features`` reach ``at_least``, else ``otherwise``
    (Princess: face-up Minions + marks over 18; Qhia: 8 or more face-up Minions)."""

    kind: Literal["threshold"]
    features: Features
    scope: Scope = "face_up"
    at_least: Unknowable[Count]
    points: Unknowable[Points]
    otherwise: Unknowable[Points]


class Singles(_Term):
    """``base`` + ``per_single`` per other card of which exactly one is held (Doraxen: 2, −5)."""

    kind: Literal["singles"]
    per_single: Unknowable[Points]
    base: Unknowable[Points]


class PerCardLacking(_Term):
    """``points`` per card in hand without ``icon`` (Fenriz: −1 per card without Minion)."""

    kind: Literal["per_card_lacking"]
    icon: Icon
    points: Unknowable[Points]
    include_self: bool = True


class BaseMinusPerOther(_Term):
    """``base`` − ``per_other`` per other card in hand (Trak: base on the card, 3)."""

    kind: Literal["base_minus_per_other"]
    base: Unknowable[Points]
    per_other: Unknowable[Points]


Term = Annotated[
    Flat
    | ByOutcome
    | PerIcon
    | PerPair
    | PerPairOf
    | SetTable
    | Majority
    | SharedOrSole
    | PerGraveyard
    | Threshold
    | Singles
    | PerCardLacking
    | BaseMinusPerOther,
    Field(discriminator="kind"),
]
TERM_KINDS = (
    "flat",
    "by_outcome",
    "per_icon",
    "per_pair",
    "per_pair_of",
    "set_table",
    "majority",
    "shared_or_sole",
    "per_graveyard",
    "threshold",
    "singles",
    "per_card_lacking",
    "base_minus_per_other",
)


class Exchange(CatalogModel):
    """End of game: take one face-up card into hand and give one card of the hand back face up
    (Liohra). Its Remove/Scout do not apply; the outcome does not change."""

    kind: Literal["exchange"]


class TakeFaceUp(CatalogModel):
    """End of game: add one face-up card (with ``icon``, if set) to the hand as an extra card
    (Nhia: an Animal)."""

    kind: Literal["take_face_up"]
    icon: Icon | None = None


EndEffect = Annotated[Exchange | TakeFaceUp, Field(discriminator="kind")]


class Card(CatalogModel):
    """Fields shared by person and leader cards (§1)."""

    id: Id
    name: Names
    icons: Unknowable[Annotated[list[Icon], Field(max_length=8)]] = None
    corruption: Unknowable[Range(0, 9)] = None
    remove: Unknowable[bool] = None
    scout: Unknowable[bool] = None
    initiative: Unknowable[Range(0, 999)] = None  # orders play; the box prints up to ~60
    # "?" until the card's text is transcribed
    scoring: Unknowable[Annotated[list[Term], Field(max_length=8)]] = None
    end_effect: EndEffect | None = None
    text: Texts | None = None  # the card's own words, for the screen


class Person(Card):
    copies: Unknowable[Range(1, 20)] = None


class Leader(Card):
    effect: Texts | None = None  # game effect, shown and logged only


LandKind = Literal["stronghold", "basic", "advanced", "fortress"]


class Land(CatalogModel):
    id: Id
    name: Names
    kind: LandKind
    side: Literal["A", "B"] | None = None
    reveal: Unknowable[Range(0, 60)] = None
    effect: Texts | None = None


class Meta(CatalogModel):
    name: Name = ""
    fictional: bool = False
    extends: Literal["box", "demo", "none"] = "none"  # user catalogs: what they sit on
    note: Text = ""


class InsurrectionCatalog(CatalogModel):
    meta: Meta = Meta()
    lands: Annotated[list[Land], Field(max_length=50)] = []
    persons: Annotated[list[Person], Field(max_length=MAX_ENTRIES)] = []
    leaders: Annotated[list[Leader], Field(max_length=MAX_ENTRIES)] = []

    @model_validator(mode="after")
    def _ids_unique(self) -> InsurrectionCatalog:
        seen: set[str] = set()
        for item in (*self.lands, *self.persons, *self.leaders):
            if item.id in seen:
                raise ValueError(f"id {item.id!r} is used twice")
            seen.add(item.id)
        for kind in ("stronghold", "fortress"):
            if self.lands and sum(1 for land in self.lands if land.kind == kind) != 1:
                raise ValueError(f"there must be exactly one {kind} land")
        return self

    # Lookups -------------------------------------------------------------------------------
    @cached_property
    def _cards(self) -> dict[str, Person | Leader]:
        """The cards by id, built at the first lookup (the forecast looks up every card in
        play: a scan each was quadratic in the cards, issue 26). The model is frozen."""
        return {card.id: card for card in (*self.persons, *self.leaders)}

    def card(self, card_id: str) -> Person | Leader:
        return self._cards[card_id]

    def has_card(self, card_id: str) -> bool:
        return card_id in self._cards

    def is_leader(self, card_id: str) -> bool:
        return isinstance(self._cards.get(card_id), Leader)

    def land(self, land_id: str) -> Land:
        for land in self.lands:
            if land.id == land_id:
                return land
        raise KeyError(land_id)

    def land_of_kind(self, kind: LandKind) -> Land:
        return next(land for land in self.lands if land.kind == kind)

    def path_of(self, card_id: str) -> str:
        """Where a card lives in the file, as :func:`companion.core.catalog.unknowns` names it."""
        section = "leaders" if self.is_leader(card_id) else "persons"
        return f"{section}[id={card_id}]"


def load(name: str = "box", user: dict | None = None) -> InsurrectionCatalog:
    """``data/insurrection/<name>.toml``, with an optional user catalog on top."""
    return load_catalog(InsurrectionCatalog, "insurrection", name, user)


def load_file(path: str) -> InsurrectionCatalog:
    """A catalog file; if its ``[meta] extends`` is ``box`` or ``demo`` it is merged over that."""
    data = read_toml(path)
    meta = data.get("meta") or {}
    if not isinstance(meta, dict):
        raise CatalogError(str(path), "meta", "", msg("core.catalog.not_a_table"))
    base = meta.get("extends", "none")
    if base in ("box", "demo"):
        return load(base, data)
    return validate(InsurrectionCatalog, data, str(path))
