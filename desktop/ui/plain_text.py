"""Campaign text in Qt widgets that read HTML, always shown as the text it is.

A QLabel, a tooltip or a message box takes any text that looks like HTML for HTML, and
Qt then fetches what that HTML names: `<img src="/dev/zero">` in a character's name
would read without end, a name naming a local file would show that file. Text from a
campaign (names, notes, summaries) is therefore escaped before it joins our own markup,
and shown in a tooltip only as plain text.
"""

from __future__ import annotations

from PySide6.QtGui import Qt

# As html.escape(text, quote=False) does, without importing the `html` package at start-up
# (it loads the table of all 2,231 named entities, a few milliseconds, to escape three).
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def escaped(text: str) -> str:
    """`text` for a place that reads HTML: every `<`, `>` and `&` is only a character."""
    return text.translate(_ESCAPES)


def tooltip(text: str) -> str:
    """A tooltip showing `text` as plain text, line breaks kept, whatever it looks like."""
    return Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpacePre) if text else ""
