"""A link's QR code as a pixmap: segno draws it, Qt shows it."""

from __future__ import annotations

import io
from typing import Final

import segno
from PySide6.QtGui import QPixmap

QUIET_ZONE: Final = 4  # modules of white around the code: phones' readers need them


def qr_pixmap(link: str, side: int) -> QPixmap:
    """The QR code of `link`, black on white, in whole pixels per module and at most
    `side` pixels wide (sharp edges read best from a laptop screen)."""
    code = segno.make(link, error="m", micro=False)
    modules = code.symbol_size(border=QUIET_ZONE)[0]
    scale = max(1, side // modules)
    png = io.BytesIO()
    code.save(png, kind="png", scale=scale, border=QUIET_ZONE, dark="#000", light="#fff")
    pixmap = QPixmap()
    pixmap.loadFromData(png.getvalue(), "PNG")
    return pixmap
