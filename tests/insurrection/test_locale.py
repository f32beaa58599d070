"""Keys built at run time (icons, features, outcomes, phases) exist in both languages."""

from companion.core.i18n import load_tables
from companion.games.insurrection.catalog import ICONS
from companion.games.insurrection.state import Phase

FEATURES = (*ICONS, "corruption", "cards")
NS = ("one", "many")  # English agrees with the count
PLURAL_REASONS = (
    "per_icon",
    "per_graveyard",
    "singles",
    "per_card_lacking",
    "per_other_card_lacking",
    "base_minus",
    "shared",
)


def test_dynamic_keys_exist():
    tables = load_tables()
    keys = [f"insurrection.icon.{i}" for i in ICONS]
    keys += [f"insurrection.scope.{s}" for s in ("hand", "face_up")]
    keys += [f"insurrection.{k}.{f}.{n}" for k in ("noun", "counted") for f in FEATURES for n in NS]
    keys += [f"insurrection.score.won.{o}" for o in ("good", "evil")]
    keys += [f"insurrection.reason.{r}.{n}" for r in PLURAL_REASONS for n in NS]
    keys += [f"insurrection.outcome.{o}" for o in ("good", "evil")]
    keys += [f"insurrection.phase.{p}" for p in Phase.__args__]
    keys += [f"insurrection.pairs.{n}" for n in NS]
    assert [k for k in keys if not (tables.get(k, {}).get("en") and tables[k].get("ja"))] == []


def test_log_lists_cards_the_way_each_language_writes():
    """The game log (§3.1 March reveal): English lists with ", ", Japanese with "、"."""
    from companion.core.i18n import tr
    from companion.games.insurrection import GAME, engine
    from companion.games.insurrection.catalog import load
    from companion.games.insurrection.commands import March

    state = engine.new_game(load("demo"), ("Ann", "Ben"), seed=1)
    march = March(cards=("imp", "knight", "wisp", "herder"))  # the Stronghold reveals 4
    line = GAME.describe(state, march, engine.apply(state, march))
    assert "Ember Imp, Hedge Knight" in tr(line, "en")
    assert "火花の小鬼、生垣の騎士" in tr(line, "ja")
