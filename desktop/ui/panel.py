"""The dock base class: every view of the main window is a small `Panel` subclass.

As in Frescobaldi's `panel.py`: the panel sets its object name (so the layout can be
saved), builds its widget only when first shown, and offers its toggle action for the
View menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QWidget

from desktop.ui.session import CampaignSession


class PanelContent(Protocol):
    """What a panel shows; it follows the open campaign through `set_session`."""

    def set_session(self, session: CampaignSession | None) -> None: ...


class Panel(QDockWidget):
    """Subclasses set `title`, `name` (the saved objectName: never change it once
    shipped), `area`, and define `build()` returning their content widget."""

    title = ""
    name = ""
    area = Qt.DockWidgetArea.LeftDockWidgetArea
    build: Callable[[], QWidget]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.title, parent)
        self.setObjectName(self.name)
        self._session: CampaignSession | None = None
        self._content: QWidget | None = None
        self.visibilityChanged.connect(self._on_visibility_changed)

    def content(self) -> QWidget:
        """The panel's widget, built now if it was not yet."""
        if self._content is None:
            self._content = self.build()
            self._content_view().set_session(self._session)
            self.setWidget(self._content)
        return self._content

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = session
        if self._content is not None:
            self._content_view().set_session(session)

    def flush(self) -> None:
        """Write any edit the panel is holding back (a debounce), before a close."""
        flush = getattr(self._content, "flush_edits", None)
        if callable(flush):
            flush()

    def _content_view(self) -> PanelContent:
        assert self._content is not None
        return self._content  # type: ignore[return-value]

    def _on_visibility_changed(self, visible: bool) -> None:
        if visible:
            self.content()


class WidgetPanel(Panel):
    """A panel whose content is one widget class, made with the panel as its parent:
    subclasses set `content_class` instead of writing `build()`."""

    content_class: Callable[[QWidget], QWidget]

    def build(self) -> QWidget:
        return self.content_class(self)
