"""The players' web pages (``companion serve``): each seat's and the table's, live.

A second driver of the protocol of :mod:`companion.core.game`, beside the terminal's
(``companion.ui.table``): the same moments rendered as HTML, the same leads performed through
the same kind of session (another device on the save: steps made here reach the host's screen
as another terminal's do, and the other way round).

- :mod:`companion.web.codes`: the join codes, kept in the save (they last across restarts);
- :mod:`companion.web.driver`: the game as the pages see it: one session, the leads performed,
  each page's open question;
- :mod:`companion.web.render`: a page's HTML (everything dynamic escaped);
- :mod:`companion.web.panels`: each game's public panels and a seat's own view, as plain data
  the game packages compute;
- :mod:`companion.web.server`: one aiohttp server, a WebSocket per page, bounded.

Never imports ``companion.ui`` (nor does the UI import this package).
"""
