"""What the window shows when no campaign is open: start one, open one, or a recent one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.file_names import recent_entry
from desktop.ui.plain_text import PlainLabel, RichLabel, escaped, tooltip
from desktop.ui.window_language import tr


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    sample_requested = Signal()
    recent_requested = Signal(object)  # Path

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        # Built when first shown: a start that opens a campaign never shows the page,
        # and its rich-text title alone costs the first paint a good many Qt enums.
        self._paths: list[Path] = []
        self._built = False
        # Narrow, so that with the docks beside it the window still fits a laptop screen.
        self.setMinimumWidth(220)

    @property
    def recent(self) -> QListWidget:
        """The recent campaigns' list (the page is built for it if it was not yet)."""
        self._build()
        return self._recent

    def showEvent(self, event: QShowEvent) -> None:
        self._build()
        super().showEvent(event)

    def _build(self) -> None:
        if self._built:
            return
        self._built = True
        name = "GM Desk"  # untranslated: the app's name
        said = escaped(tr("No campaign is open."))
        title = RichLabel(f"<h1>{name}</h1><p>{said}</p>")  # untranslated: markup around words
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        buttons = QVBoxLayout()
        for text, signal in (
            (tr("New campaign…"), self.new_requested),
            (tr("Open campaign…"), self.open_requested),
            (tr("Open the sample campaign"), self.sample_requested),
        ):
            button = QPushButton(text)
            button.clicked.connect(signal.emit)
            buttons.addWidget(button)
        self._recent = QListWidget()
        self._recent.setObjectName("startRecent")
        self._recent.setMaximumWidth(560)
        self._recent.itemActivated.connect(
            lambda item: self.recent_requested.emit(Path(item.data(Qt.ItemDataRole.UserRole)))
        )
        self.recent_label = PlainLabel(tr("Recent campaigns"))
        column = QVBoxLayout()
        column.addStretch(1)
        column.addWidget(title)
        column.addLayout(buttons)
        column.addSpacing(16)
        column.addWidget(self.recent_label)
        column.addWidget(self._recent)
        column.addStretch(2)
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(column, 3)
        outer.addStretch(1)
        self._recent.setMinimumWidth(180)
        self._fill_recent()

    def set_recent(self, paths: list[Path]) -> None:
        self._paths = list(paths)
        if self._built:
            self._fill_recent()

    def _fill_recent(self) -> None:
        from desktop.store import campaign_name

        paths = self._paths
        self.recent.clear()
        for path in paths:
            item = QListWidgetItem(recent_entry(path, campaign_name(path)))
            item.setToolTip(tooltip(str(path)))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.recent.addItem(item)
        self.recent.setVisible(bool(paths))
        self.recent_label.setVisible(bool(paths))
