"""Keys built at run time (icons, features, outcomes, phases) exist in both languages."""

from companion.core.i18n import load_tables
from companion.games.insurrection.catalog import ICONS
from companion.games.insurrection.state import Phase

FEATURES = (*ICONS, "corruption", "cards")


def test_dynamic_keys_exist():
    tables = load_tables()
    keys = [f"insurrection.icon.{i}" for i in ICONS]
    keys += [f"insurrection.feature.{s}.{f}" for s in ("hand", "face_up") for f in FEATURES]
    keys += [f"insurrection.outcome.{o}" for o in ("good", "evil")]
    keys += [f"insurrection.phase.{p}" for p in Phase.__args__]
    assert [k for k in keys if not (tables.get(k, {}).get("en") and tables[k].get("ja"))] == []
