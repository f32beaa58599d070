"""The start player in a new-game form: a seat, or a pick at random offered beside the seats
(the rules' own "else random", Insurrection §2 step 4). The pick is made when the game
starts, so the seats' names are known, and said then (``drawn``)."""

from __future__ import annotations

import random

from companion.core.i18n import Msg, msg

RANDOM = -1  # the option's value (seats are 0, 1, …)


def random_option() -> tuple[str, int]:
    from companion.core.i18n import tr

    return tr("ui.start_random"), RANDOM


def pick(value: object, count: int) -> int:
    """The start seat for the form's ``value`` among ``count`` seats (drawn for RANDOM)."""
    if value == RANDOM:
        return random.randrange(count)  # the table's draw, not a rule: nothing to replay
    return value if isinstance(value, int) and 0 <= value < count else 0


def drawn(name: str) -> Msg:
    return msg("ui.start_drawn", player=name)
