"""The Textual user interface. Business logic stays in companion.core / companion.games."""

from companion.ui.compositor_repairs import install as _install_compositor_repairs
from companion.ui.line_breaks import install as _install_line_breaks

_install_line_breaks()  # before any text is wrapped: Japanese lines start as the rule says
_install_compositor_repairs()  # a toast gone is drawn away, wide characters whole
