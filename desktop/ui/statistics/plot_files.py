"""Save Plots…: the Statistics view's three plots as one picture, PNG or SVG by the name's
suffix, written whole under a partial name and put in place (nothing half written)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRect, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from desktop.outputs import OutputKind
from desktop.partial_files import partial_name

SUFFIXES = (".png", ".svg")
FILTER = "PNG picture (*.png);;SVG drawing (*.svg)"
# A file Save Plots may replace: a picture of the same kind (an earlier save's).
PLOTS_PNG = OutputKind("PNG picture", lambda head: head.startswith(b"\x89PNG\r\n\x1a\n"))
PLOTS_SVG = OutputKind("SVG drawing", lambda head: b"<svg" in head)


def kind_of(target: Path) -> OutputKind | None:
    """The output `target`'s suffix asks for; None for a suffix neither PNG nor SVG."""
    return {".png": PLOTS_PNG, ".svg": PLOTS_SVG}.get(target.suffix.lower())


def png_bytes(widget: QWidget) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    widget.grab().save(buffer, "PNG")
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
