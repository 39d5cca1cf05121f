"""Campaign text in Qt widgets that read HTML, always shown as the text it is.

A QLabel, a tooltip or a message box takes any text that looks like HTML for HTML, and
Qt then fetches what that HTML names: `<img src="/dev/zero">` in a character's name
would read without end, a name naming a local file would show that file (on the
players' screen too). So every label is a `PlainLabel` (its text is only text) or a
`RichLabel` (our own markup, campaign text joined to it only through `escaped`); a
message box comes from `message_box`, `error_box`, `ask` or `warn`; a tooltip holding campaign text
goes through `tooltip` (an action's, `plain_action_tip`). A test walks every widget of
a campaign whose every text is HTML, and another finds any bare QLabel or QMessageBox.
"""

from __future__ import annotations

import re

from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from desktop.ui.window_language import tr

# As html.escape(text, quote=False) does, without importing the `html` package at start-up
# (it loads the table of all 2,231 named entities, a few milliseconds, to escape three).
_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;"}  # untranslated: HTML entities
)
# An action's mnemonic mark: "&" before the letter, "&&" for an "&" itself.
_MNEMONIC = re.compile(r"&(.)")


def escaped(text: str) -> str:
    """`text` for a place that reads HTML: every `<`, `>` and `&` is only a character."""
    return text.translate(_ESCAPES)


def as_text(text: str, spaces: Qt.WhiteSpaceMode = Qt.WhiteSpaceMode.WhiteSpaceNormal) -> str:
    """`text` for a place that reads HTML-looking text as HTML (a tooltip, a message box),
    shown there as it is: unchanged when Qt takes it for plain text anyway, else as HTML
    of its own, every character escaped (`spaces`: how line breaks and spaces show)."""
    return Qt.convertFromPlainText(text, spaces) if Qt.mightBeRichText(text) else text


def tooltip(text: str) -> str:
    """A tooltip showing `text` as plain text, line breaks kept, whatever it looks like."""
    return as_text(text, Qt.WhiteSpaceMode.WhiteSpacePre)


def menu_text(text: str) -> str:
    """`text` (a name) for a menu entry, button or check box: Qt takes a lone "&" there
    for a shortcut mark and hides it; doubled, it shows as typed ("Salt & Iron")."""
    return text.replace("&", "&&")


def plain_action_tip(action: QAction) -> None:
    """Keep `action`'s tooltip its whole text and shortcut, shown as plain text. Qt makes a
    toolbar button's tooltip from its action's text and reads that as HTML when it looks
    like HTML; an Undo action's text names what the step changed (a character, a clock...),
    and its toolbar button may show a shorter text (its icon text), so the tip holds it all.
    """

    def follow() -> None:
        text = _MNEMONIC.sub(r"\1", action.text())  # "&Undo" -> "Undo", "&&" -> "&"
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = tooltip(f"{text} ({keys})" if keys else text)
        if action.toolTip() != tip:  # setting it signals `changed` once more
            action.setToolTip(tip)

    action.changed.connect(follow)
    follow()


class PlainLabel(QLabel):
    """A label whose text is shown as it is, whatever it looks like: the label for
    anything that may hold a name, a note or any other campaign text."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Before the text: a QLabel made with HTML-looking text has parsed it already.
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)


class RichLabel(QLabel):
    """A label of our own markup (bold words, line breaks); campaign text joins that
    markup only through `escaped`."""

    def __init__(self, markup: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setText(markup)


def message_box(
    parent: QWidget | None,
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
    default: QMessageBox.StandardButton = QMessageBox.StandardButton.NoButton,
) -> QMessageBox:
    """A message box showing `text` as plain text (QMessageBox's own statics read HTML)."""
    box = QMessageBox(icon, title, "", buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    if default != QMessageBox.StandardButton.NoButton:
        box.setDefaultButton(default)
    return box


def error_box(parent: QWidget | None, title: str, text: str, details: str) -> QMessageBox:
    """A warning box for an error GM Desk did not expect: `text` (plain, as
    `message_box`) with a Copy details button, as Anki's error dialog has, that puts
    `details` (versions and traceback, for a bug report) on the clipboard."""
    box = message_box(parent, QMessageBox.Icon.Warning, title, text)
    copy = box.addButton(tr("Copy details"), QMessageBox.ButtonRole.ActionRole)
    copy.setObjectName("copyDetails")
    copy.setToolTip(tr("Put GM Desk's version and what went wrong on the clipboard"))

    def copied() -> None:
        QGuiApplication.clipboard().setText(details)

    copy.clicked.connect(copied)
    return box


def ask(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: QMessageBox.StandardButton,
    default: QMessageBox.StandardButton = QMessageBox.StandardButton.NoButton,
) -> QMessageBox.StandardButton:
    """QMessageBox.question showing `text` as the text it is (the static function reads
    HTML-looking text as HTML)."""
    return QMessageBox.question(parent, title, as_text(text), buttons, default)


def warn(parent: QWidget | None, title: str, text: str) -> None:
    """QMessageBox.warning showing `text` as the text it is (see `ask`)."""
    QMessageBox.warning(parent, title, as_text(text))
