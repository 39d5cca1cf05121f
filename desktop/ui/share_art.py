"""The dice pictures of the players' pages: SVG drawn by the desktop's own dice painter.

Each picture a payload can name (desktop/views/die_art.py) is drawn once, through
QSvgGenerator, by `desktop.paint.dice.paint_die`: the same outlines, colours, shading,
hatching and labels as the Dice Table and the player display. The server is handed
the bytes and serves them as files; the page only places them.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator

from desktop.paint.dice import paint_die
from desktop.views.die_art import ArtLook, art_looks

SIDE = 96  # the drawing's own units; the page scales the picture to its type
MARGIN = 2  # room for the outline's pen
# Qt names the font it drew with ("Sans Serif" offscreen, a system family elsewhere),
# which a phone may lack: the page's browser picks its own sans-serif instead.
FONT_FAMILY = re.compile(rb'font-family="[^"]*"')
# Qt writes the size in millimetres; the page sizes the picture, so the header says
# only its own units (the viewBox keeps the drawing).
HEADER_SIZE = re.compile(rb'<svg width="[^"]*" height="[^"]*"')


def die_art() -> dict[str, bytes]:
    """File name -> SVG for every die look a player's payload can name.

    Needs a QGuiApplication (the labels are laid out in its fonts)."""
    return {look.name: draw_look(look) for look in art_looks()}


def draw_look(look: ArtLook) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(SIDE, SIDE))
    generator.setViewBox(QRectF(0, 0, SIDE, SIDE))
    generator.setTitle(look.name.removesuffix(".svg"))
    painter = QPainter(generator)
    paint_die(
        painter,
        QRectF(MARGIN, MARGIN, SIDE - 2 * MARGIN, SIDE - 2 * MARGIN),
        look.size,
        kind=look.kind,
        face=look.face,
        depleted=look.depleted,
        removed=look.removed,
    )
    painter.end()
    buffer.close()
    svg = FONT_FAMILY.sub(b'font-family="sans-serif"', bytes(data.data()))
    header = f'<svg width="{SIDE}" height="{SIDE}"'  # untranslated: SVG markup
    return HEADER_SIZE.sub(header.encode(), svg, count=1)
