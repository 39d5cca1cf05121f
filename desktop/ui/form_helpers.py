"""What the docks' forms share: the label that shows a refusal, push-and-report, and
following the open campaign's changes.

A form's mistakes show where they are made, in the theme's error colour (so a dark
scheme reaches it); a change goes through the session's undo stack, and the store's
plain message, when it refuses, comes back to the form that asked.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, SignalInstance
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QWidget,
)

from desktop.store import Topic
from desktop.ui.plain_text import PlainLabel, RichLabel
from desktop.ui.read_guard import guarded_call
from desktop.ui.theme import ERROR, WARNING, Role, text_style

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from desktop.ui.session import CampaignSession


def error_label(name: str = "", *, hidden: bool = True, bold: bool = False) -> QLabel:
    """A word-wrapped label in the error colour, named `name` for tests and styles."""
    label = PlainLabel()
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    style_error(label, bold=bold)
    label.setProperty(REFUSAL, True)  # see `forget_refusals`
    if hidden:
        label.hide()
    return label


def reserve_lines(label: QLabel, lines: int) -> QLabel:
    """Keep `lines` lines of room for `label`, shown or hidden: a message that comes and
    goes then never moves the buttons around it (a longer one shows its first lines)."""
    policy = label.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    label.setSizePolicy(policy)
    label.setFixedHeight(label.fontMetrics().lineSpacing() * lines)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    return label


def style_error(label: QLabel, *, bold: bool = False, role: Role = ERROR) -> None:
    """Write `label`'s text in `role`'s colour (the error red unless told)."""
    label.setStyleSheet(text_style(label.palette(), role, "font-weight: bold;" if bold else ""))


def show_error(label: QLabel, message: str | None, *, mark: str = "") -> None:
    """Show `message` in `label` (prefixed by `mark`), or hide the label when empty."""
    label.setText(f"{mark}{message}" if message else "")
    label.setVisible(bool(message))


def show_warning(label: QLabel, message: str | None) -> None:
    """Show `message` as a chapter warning (⚠ and the warning colour), or hide it."""
    style_error(label, role=WARNING)
    show_error(label, message, mark="⚠ ")


REFUSAL = "refusalLine"  # the property that marks a label made by `error_label`


def forget_refusals(root: QWidget) -> None:
    """Hide every refusal line under `root`: what they said was about the campaign
    being closed, and would read as the next one's."""
    for label in root.findChildren(QLabel):
        if label.property(REFUSAL):
            show_error(label, None)


def follow_changes(
    old: CampaignSession | None,
    new: CampaignSession | None,
    on_changed: Callable[[str], None],
    **more: Callable[..., object],
) -> CampaignSession | None:
    """Move `on_changed` from `old`'s change signal to `new`'s, and each slot of `more`
    from the session signal it is named by (`character_selected=`, `failed=`); returns
    `new` to keep."""
    slots = {"changed": on_changed, **more}
    if old is not None:
        for signal, slot in slots.items():
            getattr(old, signal).disconnect(slot)
    if new is not None:
        for signal, slot in slots.items():
            getattr(new, signal).connect(slot)
    return new


def on_topics(topics: Collection[Topic], refresh: Callable[[], object]) -> Callable[[str], None]:
    """A slot for the session's change signal: `refresh` when the topic is one of `topics`."""
    view = getattr(refresh, "__self__", None)

    def on_changed(topic: str) -> None:
        if topic in topics:
            guarded_call(view, refresh)  # a record another program damaged: told, not raised

    return on_changed


class SessionWidget(QWidget):
    """Base of a widget that works through the open campaign's session: it holds it as
    `_session` (none at first), given by `set_session`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: CampaignSession | None = None

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = session


class CampaignView(SessionWidget):
    """Base of a view that follows the open campaign: besides the session, the change slot
    (`_on_changed`) that calls `reload` when the store tells one of `topics`; its
    `set_session` moves that slot with `follow_changes`."""

    def __init__(
        self,
        topics: Collection[Topic],
        reload: Callable[[], object],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._on_changed = on_topics(topics, reload)


def push_command(session: CampaignSession, command: QUndoCommand) -> str:
    """Push `command`; the GM's message if it failed, else ""."""
    session.push(command)
    return session.last_failure or ""


def push_button(
    text: str,
    name: str = "",
    clicked: Callable[[], object] | SignalInstance | None = None,
    *,
    tip: str = "",
) -> QPushButton:
    """A push button showing `text`, named `name` for tests and styles, running `clicked`,
    explained by the tooltip `tip`."""
    button = QPushButton(text)
    if name:
        button.setObjectName(name)
    if tip:
        button.setToolTip(tip)
    if clicked is not None:
        button.clicked.connect(clicked)
    return button


def spread_row(left: Sequence[QWidget], right: Sequence[QWidget] = ()) -> QHBoxLayout:
    """A row with `left` at its start and `right` at its end, the space between stretching."""
    row = QHBoxLayout()
    for widget in left:
        row.addWidget(widget)
    row.addStretch(1)
    for widget in right:
        row.addWidget(widget)
    return row


def _row_widget() -> tuple[QWidget, QHBoxLayout]:
    """A widget holding one row with no margins of its own, and that row's layout."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    return row, layout


def narrow_combo(name: str, letters: int = 10) -> QComboBox:
    """A combo box that fits a narrow dock, `letters` wide: its width does not grow with
    long names (one built with the campaign open would, and widen the window past the
    screen)."""
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(letters)
    return combo


def labelled_row(text: str, field: QWidget) -> QWidget:
    """`text` then `field` on one line, left-aligned, as a widget that can be hidden whole."""
    row, layout = _row_widget()
    layout.addWidget(PlainLabel(text))
    layout.addWidget(field)
    layout.addStretch(1)
    return row


def wrapped_label(name: str, text: str = "", *, rich: bool = False) -> QLabel:
    """A word-wrapped label showing `text`, named `name` for tests and styles; `rich`:
    our markup, campaign text in it escaped (see plain_text)."""
    label = RichLabel(text) if rich else PlainLabel(text)
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


def wide_and_narrow(wide: QWidget, narrow: QWidget) -> QWidget:
    """`wide`, taking the room, with `narrow` beside it, as a widget that can be hidden whole."""
    row, layout = _row_widget()
    layout.addWidget(wide, 1)
    layout.addWidget(narrow)
    return row


class _VerticalScroll(QScrollArea):
    """Never narrower than its content: with no sideways scrolling, a narrower area
    would cut the content's right side off (a restored layout squeezed the Play dock)."""

    def minimumSizeHint(self) -> QSize:
        least = super().minimumSizeHint()
        content = self.widget()
        if content is None:
            return least
        width = content.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        return QSize(max(least.width(), width), least.height())


def vertical_scroll(content: QWidget, name: str = "") -> QScrollArea:
    """`content` in a frameless area that scrolls up and down and fits its width."""
    scroll = _VerticalScroll()
    if name:
        scroll.setObjectName(name)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(content)
    return scroll
