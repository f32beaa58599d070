"""The roster in new-game forms: a name field completes the names played under before
(Textual's ``SuggestFromList``; the right arrow or End accepts the suggestion)."""

from __future__ import annotations

from textual.suggester import SuggestFromList


def roster_suggester(store) -> SuggestFromList:
    """Suggestions from every name in the roster, the most recently played first."""
    return SuggestFromList([seat.name for seat in store.roster()], case_sensitive=False)
