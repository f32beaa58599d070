"""A QR code drawn with half blocks in a Static: two modules a character cell (upper and
lower half), dark on light whatever the theme, with the quiet zone the scanners need."""

from __future__ import annotations

from functools import lru_cache

import qrcode
from rich.text import Text
from textual.widgets import Static

# dark modules on a light ground, as printed codes are: phones read that way round
STYLE = "#000000 on #ffffff"
BORDER = 2  # modules of quiet zone (the light cells around the code)


@lru_cache(maxsize=16)  # a record opened again draws its code again (its mask search: ~50 ms)
def qr_rows(data: str) -> tuple[str, ...]:
    """The code for ``data`` as text rows: ``▀`` top module dark, ``▄`` bottom, ``█`` both."""
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=BORDER)
    qr.add_data(data)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    glyph = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    return tuple(
        "".join(glyph[(a, b)] for a, b in zip(top, bottom, strict=True))
        for top, bottom in zip(matrix[::2], matrix[1::2], strict=True)
    )


class QRCode(Static):
    """The app's one drawing of a QR code (the record's BG Stats link, the join codes);
    :meth:`show` draws another; ``columns`` and ``lines``: the cells it takes."""

    DEFAULT_CSS = "QRCode { width: auto; height: auto; }"

    def __init__(self, data: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.show(data)

    def show(self, data: str) -> None:
        if getattr(self, "data", None) == data:
            return  # drawn already
        self.data = data
        rows = qr_rows(data)
        self.columns = len(rows[0]) if rows else 0
        self.lines = len(rows)
        # cut, never folded, by a screen too narrow: a folded code is no code at all
        self.update(Text("\n".join(rows), style=STYLE, no_wrap=True, overflow="crop"))
