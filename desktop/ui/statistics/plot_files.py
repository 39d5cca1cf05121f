"""Save Plots…: the Statistics view's three plots as one picture, PNG or SVG by the name's
suffix, written whole under a partial name and put in place (nothing half written).

The picture is drawn from a copy of the plots made for it, at a fixed page's size in the
light scheme and a fixed font, under a heading with the campaign and the scope: the view's
own plots, as narrow as the dock (300 px in the Roll Log's tab), made a picture too narrow
to read, and resizing them would shake the window the GM is looking at.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFont, QImage, QPainter, QPalette
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QVBoxLayout, QWidget

from desktop.language import N_
from desktop.outputs import OutputKind
from desktop.partial_files import partial_name
from desktop.ui.plain_text import PlainLabel
from desktop.ui.theme import light_palette

if TYPE_CHECKING:
    from desktop.ui.statistics.plot_data import Worked

SUFFIXES = (".png", ".svg")
FILTER = N_("PNG picture (*.png);;SVG drawing (*.svg)")
# A file Save Plots may replace: a picture of the same kind (an earlier save's). Their
# names are words of desktop/outputs.py's sentences, translated with them (`refusal`).
PNG_WHAT = N_("PNG picture")
PLOTS_PNG = OutputKind(PNG_WHAT, lambda head: head.startswith(b"\x89PNG\r\n\x1a\n"))
PLOTS_SVG = OutputKind(N_("SVG drawing"), lambda head: b"<svg" in head)


def kind_of(target: Path) -> OutputKind | None:
    """The output `target`'s suffix asks for; None for a suffix neither PNG nor SVG."""
    return {".png": PLOTS_PNG, ".svg": PLOTS_SVG}.get(target.suffix.lower())


# The picture's size in pixels (SVG: its view box): wide enough for the rolls in order to
# read, the histogram and the depletions side by side under them.
PICTURE_SIZE = QSize(1200, 900)
PICTURE_POINTS = 11.0  # the words' size, whatever View > Zoom the window is at


def picture(worked: Worked | None, heading: str, sentence: str) -> QWidget:
    """A page of its own for the file: `heading` (the campaign and the scope) and
    `sentence` over a copy of the plots drawing `worked`, laid out at `PICTURE_SIZE`
    and never on screen. The caller deletes it (`deleteLater`)."""
    from desktop.ui.statistics.plots import LuckPlots  # pyqtgraph: imported by the view

    page = QWidget()
    page.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    palette = light_palette()
    # The page white like the plots, not the window's grey.
    palette.setColor(QPalette.ColorRole.Window, palette.color(QPalette.ColorRole.Base))
    page.setPalette(palette)
    page.setAutoFillBackground(True)
    font = QFont(page.font())
    font.setPointSizeF(PICTURE_POINTS)
    page.setFont(font)
    layout = QVBoxLayout(page)
    layout.setContentsMargins(16, 12, 16, 12)
    title = PlainLabel(heading)
    bold = QFont(font)
    bold.setPointSizeF(PICTURE_POINTS * 1.4)
    bold.setBold(True)
    title.setFont(bold)
    layout.addWidget(title)
    if sentence:
        words = PlainLabel(sentence)
        words.setWordWrap(True)
        layout.addWidget(words)
    plots = LuckPlots()
    layout.addWidget(plots, 1)
    page.resize(PICTURE_SIZE)
    page.show()  # laid out (off screen): the plots' arrangement and titles follow the size
    plots.show_report(worked)
    # Laid out now, not on the event loop's next turn: the plots' grid changes to side
    # by side at this width when the page is shown, and the picture is drawn at once.
    layout.activate()
    plots.grid.activate()
    return page


def png_bytes(widget: QWidget) -> bytes:
    """`widget` drawn at its own size, one pixel a pixel whatever the screen's scale."""
    image = QImage(widget.size().expandedTo(QSize(1, 1)), QImage.Format.Format_ARGB32)
    image.fill(widget.palette().color(QPalette.ColorRole.Window))
    painter = QPainter(image)
    widget.render(painter, QPoint(0, 0))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # PySide takes str here, its stubs say bytes
    buffer.close()
    return bytes(data.data())


def svg_bytes(widget: QWidget, title: str) -> bytes:
    """`widget` drawn through QtSvg (pyqtgraph's own SVG exporter fails with this Qt)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    size = widget.size().expandedTo(QSize(1, 1))
    generator.setSize(size)
    # The widget's own dots per inch: at QSvgGenerator's 72 the drawing opened a quarter
    # larger than the PNG, its words a quarter smaller than its lines.
    generator.setResolution(widget.logicalDpiX())
    generator.setViewBox(QRect(0, 0, size.width(), size.height()))
    generator.setTitle(title)
    painter = QPainter(generator)
    widget.render(painter, QPoint(0, 0))
    painter.end()
    buffer.close()
    return bytes(data.data())


def save_plots(widget: QWidget, target: Path, title: str) -> None:
    """Write `widget` to `target` as PNG or SVG by its suffix; OSError when the disk
    refuses, with nothing written and any earlier file at `target` left as it was."""
    content = svg_bytes(widget, title) if target.suffix.lower() == ".svg" else png_bytes(widget)
    partial = target.with_name(partial_name(target.name))
    try:
        partial.write_bytes(content)
        os.replace(partial, target)
    finally:
        with contextlib.suppress(OSError):  # a read-only folder made none
            partial.unlink(missing_ok=True)
