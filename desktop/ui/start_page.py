"""What the window shows when no campaign is open: start one, open one, or a recent one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    sample_requested = Signal()
    recent_requested = Signal(object)  # Path

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        title = QLabel("<h1>GM Desk</h1><p>No campaign is open.</p>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        buttons = QVBoxLayout()
        for text, signal in (
            ("New campaign…", self.new_requested),
            ("Open campaign…", self.open_requested),
            ("Open the sample campaign", self.sample_requested),
        ):
            button = QPushButton(text)
            button.clicked.connect(signal.emit)
            buttons.addWidget(button)
        self.recent = QListWidget()
        self.recent.setObjectName("startRecent")
        self.recent.setMaximumWidth(560)
        self.recent.itemActivated.connect(
            lambda item: self.recent_requested.emit(Path(item.data(Qt.ItemDataRole.UserRole)))
        )
        self.recent_label = QLabel("Recent campaigns")
        column = QVBoxLayout()
        column.addStretch(1)
        column.addWidget(title)
        column.addLayout(buttons)
        column.addSpacing(16)
        column.addWidget(self.recent_label)
        column.addWidget(self.recent)
        column.addStretch(2)
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(column, 3)
        outer.addStretch(1)
        # Narrow, so that with the docks beside it the window still fits a laptop screen.
        self.setMinimumWidth(220)
        self.recent.setMinimumWidth(180)

    def set_recent(self, paths: list[Path]) -> None:
        self.recent.clear()
        for path in paths:
            item = QListWidgetItem(f"{path.stem}    —    {path.parent}")
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.recent.addItem(item)
        self.recent.setVisible(bool(paths))
        self.recent_label.setVisible(bool(paths))
