"""Campaign text in Qt widgets that read HTML, always shown as the text it is.

A QLabel, a tooltip or a message box takes any text that looks like HTML for HTML, and
Qt then fetches what that HTML names: `<img src="/dev/zero">` in a character's name
would read without end, a name naming a local file would show that file. Text from a
campaign (names, notes, summaries) is therefore escaped before it joins our own markup,
and shown in a tooltip only as plain text.
"""

from __future__ import annotations

import html

from PySide6.QtGui import Qt


def escaped(text: str) -> str:
    """`text` for a place that reads HTML: every `<`, `>` and `&` is only a character."""
    return html.escape(text, quote=False)


def tooltip(text: str) -> str:
    """A tooltip showing `text` as plain text, line breaks kept, whatever it looks like."""
    return Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpacePre) if text else ""
