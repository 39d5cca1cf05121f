"""Run on its own screen: `python -m tests.ui.screen_fit HOME [ZOOM [LANGUAGE]]` (ZOOM:
View > Zoom's percent, 100 when not given; LANGUAGE: the window's, English when not
given, `pseudo` for the pseudo-locale's longer words).

The offscreen platform's screen is set when the application starts, so each screen size
is measured in a process of its own (`screen_config` writes the platform's screen file).
The window is started as on the GM's machine, twice (the second start restores what the
first saved), and each workspace is opened from each other one; what does not fit is
printed as one JSON list of plain lines, empty when everything fits.
"""

from __future__ import annotations

import json
import sys
from itertools import permutations
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QGroupBox,
    QLabel,
    QScrollArea,
    QTabBar,
    QToolButton,
    QWidget,
)

from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
from desktop.ui.widgets.elided_label import ElidedLabel
from desktop.ui.window_language import install_window_language
from desktop.ui.workspaces import WORKSPACES

# The offscreen platform draws a 2 px frame around each window when asked to, so the
# window's frame, not only its inside, has to fit the screen.
SCREEN_CONFIG = {"windowFrameMargins": True, "screens": []}


def screen_config(width: int, height: int, folder: Path) -> str:
    """The QT_QPA_PLATFORM value for an offscreen screen `width` x `height`."""
    path = folder / f"screen-{width}x{height}.json"
    screen = {"name": "laptop", "x": 0, "y": 0, "width": width, "height": height}
    path.write_text(json.dumps({**SCREEN_CONFIG, "screens": [screen]}))
    return f"offscreen:configfile={path}"


def settle() -> None:
    # A dock's content is laid out, then the dock, then the window: three turns.
    for _ in range(5):
        QApplication.processEvents()


def problems(window: MainWindow, where: str) -> list[str]:
    """What does not fit in `window` as it is now, each line saying where."""
    found = []
    screen = window.screen().availableGeometry()
    frame = window.frameGeometry()
    if not screen.contains(frame):
        found.append(f"{where}: the window {frame.getRect()} is not within {screen.getRect()}")
    least = window.minimumSizeHint()
    if least.width() > screen.width() or least.height() > screen.height():
        found.append(
            f"{where}: the window needs {least.toTuple()}, the screen has {screen.size().toTuple()}"
        )
    shown = {panel.windowTitle() for panel in window.panels if not panel.isHidden()}
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        titles = {bar.tabText(i) for i in range(bar.count())}
        if bar.isVisible() and titles and not titles & shown:
            found.append(f"{where}: the tabs {sorted(titles)} of hidden docks are shown")
    for panel in window.panels:
        content = panel.widget()
        if not panel.is_on_screen() or content is None:
            continue
        needed = content.minimumSizeHint().expandedTo(content.minimumSize())
        if content.width() < needed.width():
            found.append(f"{where}: {panel.name} is {content.width()} wide, needs {needed.width()}")
        for scroll in content.findChildren(QScrollArea):
            inner = scroll.widget()
            if scroll.isVisible() and scroll.horizontalScrollBar().isVisible() and inner:
                found.append(
                    f"{where}: {panel.name} scrolls sideways, {scroll.viewport().width()}"
                    f" of {inner.width()} shown ({scroll.objectName() or type(inner).__name__})"
                )
        for area in content.findChildren(QAbstractScrollArea):
            bar = area.horizontalScrollBar()
            if area.isVisible() and not isinstance(area, QScrollArea) and bar.isVisible():
                what = area.objectName() or type(area).__name__
                found.append(f"{where}: {panel.name}'s {what} scrolls sideways")
        found += clipped_labels(panel.name, content, where)
        found += clipped_buttons(panel.name, content, where)
    return found


def label_shows_whole(label: QLabel) -> bool:
    """Whether `label` shows all its text: each line, or each wrapped word, in its width.
    Rich text and a label that elides (its whole text in its tooltip) are left out."""
    text = label.text()
    if not text or (label.textFormat() != Qt.TextFormat.PlainText and "<" in text):
        return True
    if isinstance(label, ElidedLabel):  # cut short on purpose, told whole in its tooltip
        return True
    if label.buddy() is not None:  # "&Name": the mark is not shown
        text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    room = label.contentsRect().width() - 2 * label.margin() - 2 * label.indent()
    metrics = label.fontMetrics()
    if label.wordWrap():
        return max(metrics.horizontalAdvance(word) for word in text.split()) <= room
    return max(metrics.horizontalAdvance(line) for line in text.splitlines()) <= room


def clipped_labels(name: str, content: QWidget, where: str) -> list[str]:
    """The labels of dock `name` shown with their text cut short."""
    return [
        f"{where}: {name}'s label {label.objectName() or label.text()!r} is cut short"
        f" ({label.width()} wide)"
        for label in content.findChildren(QLabel)
        if label.isVisible() and label.width() > 0 and not label_shows_whole(label)
    ]


def clipped_buttons(name: str, content: QWidget, where: str) -> list[str]:
    """The buttons, check boxes and group boxes' titles of dock `name` narrower than
    their words (Qt cuts a button's text at its edge, without an ellipsis)."""
    found = []
    for button in content.findChildren(QAbstractButton):
        if not button.isVisible() or not button.text() or button.width() <= 0:
            continue
        if isinstance(button, QToolButton) and (
            button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
        ):
            continue
        if button.width() < button.sizeHint().width():
            found.append(
                f"{where}: {name}'s button {button.text()!r} is cut short"
                f" ({button.width()} wide, needs {button.sizeHint().width()})"
            )
    for box in content.findChildren(QGroupBox):
        title = box.title().replace("&&", "\0").replace("&", "")
        if box.isVisible() and title and box.fontMetrics().horizontalAdvance(title) > box.width():
            found.append(f"{where}: {name}'s group {box.title()!r} is cut short")
    return found


def start(settings_path: Path, data_dir: Path, campaign: Path | None) -> MainWindow:
    window = MainWindow(
        Settings(QSettings(str(settings_path), QSettings.Format.IniFormat)), data_dir
    )
    window.show()
    if campaign is None:
        window.open_sample()
    else:
        window.open_campaign(campaign, interactive=False)
    while not window.is_ready():
        QApplication.processEvents()
    settle()
    return window


def fill_screen(window: MainWindow) -> None:
    """The window as large as the screen lets it be, frame and all."""
    available = window.screen().availableGeometry()
    margins = window.frameGeometry().size() - window.size()
    window.resize(available.size() - margins)
    window.move(available.topLeft())
    settle()


def visit_all(window: MainWindow, start_name: str) -> list[str]:
    found = []
    for first, then in permutations([w.name for w in WORKSPACES], 2):
        window.show_workspace(first)
        settle()
        window.show_workspace(then)
        settle()
        found += problems(window, f"{start_name}, {then} from {first}")
    for workspace in WORKSPACES:
        window.show_workspace(workspace.name)
        window.reset_layout()
        settle()
        found += problems(window, f"{start_name}, {workspace.name} reset")
    return found


# Names as long as a GM gives them: a view sized to its longest name must not widen the
# window past the screen on the next start.
LONG_NAMES = ("Wilhelmina Ravenscroft-Delacourt the Younger", "The Drowned Cathedral of Saltmarsh")


def main(home: Path, zoom: int = 100, language: str = "en") -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_window_language(app, language)
    data_dir = home / "data"
    data_dir.mkdir(parents=True, exist_ok=True)
    settings_path = home / "settings.ini"
    # View > Zoom's step, as the GM left it: both starts read it.
    Settings(QSettings(str(settings_path), QSettings.Format.IniFormat)).set_zoom(zoom)
    first = start(settings_path, data_dir, None)
    found = problems(first, "first start, opened")
    assert first.session is not None
    first.session.campaign.roster.add(LONG_NAMES[0], "pc")
    first.session.campaign.roster.add(LONG_NAMES[1], "challenge")
    fill_screen(first)
    found += visit_all(first, "first start")
    path = first.session.campaign.path
    first.close()
    second = start(settings_path, data_dir, path)
    found += problems(second, "second start, opened")
    fill_screen(second)
    found += visit_all(second, "second start")
    second.close()
    app.processEvents()
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    zoom = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    sys.exit(main(Path(sys.argv[1]), zoom, *sys.argv[3:4]))
