"""What planners return when the rules leave a choice to "the players".

A planner never blocks on input: where the rules say the players choose, it returns a
``Choice`` with the options and the reason for the tie. The UI asks the table (or, when the
"pick ties automatically" setting is on, takes :func:`auto_pick` and logs it as a pick).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.i18n import Msg


@dataclass(frozen=True)
class Option:
    value: Any
    label: Msg


@dataclass(frozen=True)
class Choice:
    """Options and the reason they are asked. A planner's tie has two or more; a question may
    list a single option, so that the keys typed for it are the same however many there are."""

    reason: Msg
    options: tuple[Option, ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a choice needs an option")
