"""Pictures of the shell at fixed sizes (issue 2, quality rails)."""

from companion.core.i18n import set_language
from companion.store import Store
from companion.ui.app import create_app


def test_home_empty_120x40(snap_compare):
    store = Store.open("sqlite://")
    try:
        assert snap_compare(create_app(store, lang="en"), terminal_size=(120, 40))
    finally:
        store.close()
        set_language("en")
