"""One of the GM's journal notes, edited in place: its text, saved as typed (after a
pause in typing, when the editor loses the focus, and when asked by `flush`), and
whether players may see it.

The box does not write: it calls `save(text, private)`, which answers the store's
refusal in plain words ("" when written); a refused text stays in the editor, the
message under it, until the next write goes through.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QCheckBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from desktop.store.journal import JournalNoteRecord
from desktop.ui.accessible import named
from desktop.ui.form_helpers import error_label, show_error
from desktop.ui.window_language import tr

# After this long without a keystroke the note is written: one undo step per burst
# (they fold together too, see journal_commands).
SAVE_AFTER_MS = 500
# The editor's height follows its text between these many lines; longer notes scroll.
LEAST_LINES = 3
MOST_LINES = 12

NoteSave = Callable[[str, bool], str]  # (text, private) -> the refusal, "" when written


class NoteBox(QWidget):
    def __init__(
        self, note: JournalNoteRecord, save: NoteSave, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.game_id = note.game_id
        self.scene = note.scene
        self._save = save
        self._stored = note  # the note as the store last had it
        self._setting = False
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("journalNote" if not note.scene else f"journalNote{note.scene}")
        named(self.editor, tr("Game notes") if not note.scene else tr("Scene notes"))
        self.editor.setPlaceholderText(
            tr("Your notes on this game") if not note.scene else tr("Your notes on this scene")
        )
        self.editor.setTabChangesFocus(True)
        self.editor.setPlainText(note.text)
        self.editor.textChanged.connect(self._typed)
        self.editor.installEventFilter(self)
        self.shared = QCheckBox(tr("Players may see this note"))
        self.shared.setObjectName("journalNoteShared")
        self.shared.setToolTip(
            tr("Off: the note is yours alone. On: the player-safe journal and recap may show it.")
        )
        self.shared.setChecked(not note.private)
        self.shared.toggled.connect(lambda _on: self.flush())
        # Made at the first refusal: a page holds a box per scene, and a styled label
        # each cost a tenth of the page's building (measured, 51 boxes).
        self.message: QLabel | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SAVE_AFTER_MS)
        self.timer.timeout.connect(self.flush)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 0, 0, 6)
        layout.setSpacing(2)
        layout.addWidget(self.editor)
        layout.addWidget(self.shared)
        self._fit()

    @property
    def refused(self) -> bool:
        """Whether the editor holds text the store refused (shown with its message)."""
        return self.message is not None and not self.message.isHidden()

    def refusal(self) -> str:
        """The store's refusal shown under the editor, "" when none is."""
        return self.message.text() if self.refused and self.message is not None else ""

    def _say(self, refusal: str) -> None:
        if self.message is None:
            if not refusal:
                return
            self.message = error_label("journalNoteMessage")
            layout = self.layout()
            assert layout is not None
            layout.addWidget(self.message)
        show_error(self.message, refusal or None)

    def holds_typing(self) -> bool:
        """Whether the editor holds text not yet written (a pause still awaited, or a
        refusal): a refresh must leave it as it is."""
        return self.timer.isActive() or self.refused

    def flush(self) -> None:
        """Write the note now if it differs from the stored one."""
        self.timer.stop()
        text, private = self.editor.toPlainText(), not self.shared.isChecked()
        if (text, private) == (self._stored.text, self._stored.private) and not self.refused:
            return
        refusal = self._save(text, private)
        self._say(refusal)
        if not refusal:
            self._stored = JournalNoteRecord(
                self._stored.id, self.game_id, self.scene, text, private
            )

    def show_note(self, note: JournalNoteRecord) -> None:
        """The note as the store has it now (after an undo, another dock, a refresh); an
        editor holding typing is left as it is. The GM's cursor stays where it was."""
        if self.timer.isActive():
            return  # the GM is typing: written after the pause, then shown
        if self.refused and note == self._stored:
            return  # what was refused stays in the editor, nothing lost
        self._stored = note
        self._say("")
        self._setting = True
        try:
            if self.editor.toPlainText() != note.text:
                self._replace_text(note.text)
            self.shared.blockSignals(True)
            self.shared.setChecked(not note.private)
            self.shared.blockSignals(False)
        finally:
            self._setting = False
        self.timer.stop()

    def _replace_text(self, text: str) -> None:
        cursor = self.editor.textCursor()
        position, anchor = cursor.position(), cursor.anchor()
        bar = self.editor.verticalScrollBar()
        scrolled = bar.value()
        self.editor.setPlainText(text)
        end = len(text)
        cursor = self.editor.textCursor()
        cursor.setPosition(min(anchor, end))
        cursor.setPosition(min(position, end), QTextCursor.MoveMode.KeepAnchor)
        self.editor.setTextCursor(cursor)
        bar.setValue(scrolled)
        self._fit()

    def _typed(self) -> None:
        self._fit()
        if not self._setting:
            self.timer.start()

    def _fit(self) -> None:
        lines = max(LEAST_LINES, min(MOST_LINES, self.editor.document().blockCount()))
        margins = self.editor.contentsMargins()
        frame = 2 * self.editor.frameWidth() + margins.top() + margins.bottom()
        height = lines * self.editor.fontMetrics().lineSpacing() + frame + 8
        if self.editor.height() != height:
            self.editor.setFixedHeight(height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.editor and event.type() == QEvent.Type.FocusOut:
            self.flush()
        return super().eventFilter(watched, event)
