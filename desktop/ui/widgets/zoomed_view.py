"""A graphics view drawn at View > Zoom's scale: the Dice Table's and the Faction
Ladder's scenes grow with the text around them, laid out to the width the view has in
the scene's units."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from desktop.ui.zoom import zoom_factor


class ZoomedView(QGraphicsView):
    """`resized` is emitted when the scene should be laid out again: the view resized
    (the subclass's resizeEvent) or the zoom changed (here)."""

    resized = Signal()

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._zoom = 1.0
        self._follow_zoom()

    def _follow_zoom(self) -> None:
        """Draw the scene at the zoom's scale: every item and its words grow together,
        so a name still fits its card and a die its label."""
        self._zoom = zoom_factor()
        self.setTransform(QTransform.fromScale(self._zoom, self._zoom))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and zoom_factor() != self._zoom:
            self._follow_zoom()
            self.updateGeometry()
            self.resized.emit()  # laid out again, to the width it now has in the scene

    def scene_width(self) -> float:
        """The view's width in the scene's units: the width to lay the scene out in."""
        return self.viewport().width() / self._zoom
