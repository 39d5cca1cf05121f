"""View > Zoom In, Zoom Out and Reset Zoom (Ctrl++, Ctrl+-, Ctrl+0): the main window's
type scale, remembered in the settings and applied again at the next start.

No key of a dock uses Ctrl with +, - or 0 (the Dice Table's and the clocks' + and -
are plain keys, and read only without Ctrl), so the window's shortcuts take them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow

from desktop.ui.settings import Settings
from desktop.ui.window_language import tr
from desktop.ui.zoom import DEFAULT_ZOOM, apply_zoom, step_from, zoom_percent

# How long the status bar says the zoom after a change.
ZOOM_MESSAGE_MS = 2500


def _keys(*texts: str, standard: QKeySequence.StandardKey | None = None) -> list[QKeySequence]:
    """The sequences of `texts`, then the platform's for `standard`, each once."""
    found: list[QKeySequence] = [QKeySequence(text) for text in texts]
    if standard is not None:
        found += QKeySequence.keyBindings(standard)
    unique: list[QKeySequence] = []
    for sequence in found:
        if not sequence.isEmpty() and sequence not in unique:
            unique.append(sequence)
    return unique


class ZoomControl(QObject):
    """The three actions of `window`; `zoom` (--zoom's) replaces the remembered step
    for this run, without being remembered."""

    def __init__(self, window: QMainWindow, settings: Settings, zoom: int | None = None) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        standard = QKeySequence.StandardKey
        # Ctrl+= too: on most keyboards + is Shift with =, and Ctrl+= is what the hand
        # presses for Ctrl++.
        self.zoom_in_action = self._action(
            tr("Zoom &In"),
            "actionZoomIn",
            lambda: self.step(1),
            _keys("Ctrl++", "Ctrl+=", standard=standard.ZoomIn),
        )
        self.zoom_out_action = self._action(
            tr("Zoom &Out"),
            "actionZoomOut",
            lambda: self.step(-1),
            _keys("Ctrl+-", standard=standard.ZoomOut),
        )
        self.reset_action = self._action(
            tr("Reset &Zoom"), "actionZoomReset", self.reset, _keys("Ctrl+0")
        )
        self.actions = [self.zoom_in_action, self.zoom_out_action, self.reset_action]
        self.set_zoom(settings.zoom() if zoom is None else zoom, remember=False, tell=False)

    def _action(self, text: str, name: str, slot: object, keys: list[QKeySequence]) -> QAction:
        action = QAction(text, self._window)
        action.setObjectName(name)
        action.setShortcuts(keys)
        action.setShortcutVisibleInContextMenu(True)
        action.triggered.connect(slot)
        self._window.addAction(action)  # its keys work with the menu bar hidden too
        return action

    def _titles_follow(self) -> None:
        """A dock paints its title in the font it was made with while its own font is
        the application's: a font of its own, the same but for a strategy no one sees,
        makes it paint in its font, at the zoom's size (the size is still inherited)."""
        for dock in self._window.findChildren(QDockWidget):
            if not dock.testAttribute(Qt.WidgetAttribute.WA_SetFont):
                own = QFont()
                own.setStyleStrategy(QFont.StyleStrategy.PreferQuality)
                dock.setFont(own)

    def step(self, direction: int) -> None:
        """One step in (`direction` > 0) or out."""
        self.set_zoom(step_from(zoom_percent(), direction))

    def reset(self) -> None:
        self.set_zoom(DEFAULT_ZOOM)

    def set_zoom(self, percent: int, *, remember: bool = True, tell: bool = True) -> None:
        """Scale the text to `percent` (its nearest step), remembered unless told not."""
        app = QApplication.instance()
        applied = apply_zoom(app, percent) if isinstance(app, QApplication) else percent
        if remember:
            self._settings.set_zoom(applied)
        self.zoom_in_action.setToolTip(
            tr("Larger text and dice (now {percent}%)").format(percent=applied)
        )
        self.zoom_out_action.setToolTip(
            tr("Smaller text and dice (now {percent}%)").format(percent=applied)
        )
        self.reset_action.setToolTip(
            tr("Text and dice at 100% (now {percent}%)").format(percent=applied)
        )
        self._titles_follow()
        if tell:  # a step the GM took; the zoom the window is built with sizes nothing
            # After the docks' new least sizes are laid out (a turn of the event loop).
            QTimer.singleShot(0, self.fit_screen)
        if tell:
            self._window.statusBar().showMessage(
                tr("Zoom {percent}%").format(percent=applied), ZOOM_MESSAGE_MS
            )

    def fit_screen(self) -> None:
        """Bring the window back within its screen, as far as its least size lets it.

        A step in widens the docks' least sizes and Qt grows the window to hold them;
        a step back (or Reset Zoom) left it that wide, its right-hand docks off a
        1366-pixel screen, until the GM dragged it smaller. A maximised or full-screen
        window is the window manager's to size."""
        window = self._window
        if not window.isVisible() or window.isMaximized() or window.isFullScreen():
            return
        screen = window.screen()
        if screen is None:
            return
        # The docks' least sizes as the new step makes them, before the window's.
        for _ in range(3):
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        available = screen.availableGeometry()
        frame = window.frameGeometry()
        room = available.size() - (frame.size() - window.size())
        if window.width() <= room.width() and window.height() <= room.height():
            return
        window.resize(window.size().boundedTo(room).expandedTo(window.minimumSizeHint()))
        frame = window.frameGeometry()
        # Its left and top edges on the screen, as far as its width and height let them.
        window.move(
            max(available.left(), min(frame.left(), available.right() + 1 - frame.width())),
            max(available.top(), min(frame.top(), available.bottom() + 1 - frame.height())),
        )
