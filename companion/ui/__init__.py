"""The Textual user interface. Business logic stays in companion.core / companion.games."""

from companion.ui.compositor_damage import install as _install_compositor_damage
from companion.ui.line_breaks import install as _install_line_breaks

_install_line_breaks()  # before any text is wrapped: Japanese lines start as the rule says
_install_compositor_damage()  # a widget removed is drawn away (a toast stayed on screen)
