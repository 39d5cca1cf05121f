"""The window's string literals that a GM could read untranslated: what
tests/ui/test_marked_strings.py refuses (the walk is tests/printing/unmarked.py's).

Besides what never reaches a page, the window's code holds words it never shows: the
arguments of the calls in `KEYS` (object names, settings keys, key sequences, icons'
theme names), and literals that read as keys rather than words (`KEY`: lowercase with
no space, as "statisticsPlots" or "pc", a constant's name, a key sequence). A literal
that is shown to nobody for another reason says why on its line, with a comment
``# untranslated: why``."""

from __future__ import annotations

import re
from pathlib import Path

from tests.printing.unmarked import unmarked

MARKS = frozenset({"tr", "ntr", "ptr", "N_", "gettext", "ngettext", "pgettext"})
KEYS = frozenset(
    {
        "setObjectName",
        "setProperty",
        "property",
        "value",
        "setValue",
        "remove",
        "QKeySequence",
        "fromTheme",
        "getattr",
        "setattr",
        "hasattr",
        "QColor",
        "Signal",
        "Slot",
        "setStyleSheet",
        "import_module",
        "startswith",
        "endswith",
        "findChild",
        "findChildren",
        "setShortcut",
        "fromString",
        "Path",
        "joinpath",
        "QSettings",
        "QPropertyAnimation",
        "setAccessibleIdentifier",
        "QUrl",
        "setMimeData",
        "hasFormat",
        "setData",
        "data",
        "QLocale",
        "isoformat",
        "strftime",
        "strptime",
    }
)
KEY = re.compile(
    r"^[a-z0-9_.\-/:#%+*?\[\]()=,]*$"  # a key, an object name's start, a path, a format
    r"|^[A-Z0-9_]+$"  # a constant's name
    r"|^[a-zA-Z]+[A-Z][a-zA-Z0-9]*$"  # an object name: "statisticsPlots", "QLabel"
    r"|^((Ctrl|Shift|Alt|Meta)\+)+\S*$|^F\d+$"  # a key sequence
)
PRAGMA = "# untranslated:"


def window_unmarked(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each unmarked literal of ``path`` that reads as words."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    return [
        (line, text)
        for line, text in unmarked(source, MARKS, KEYS)
        if not KEY.match(text) and PRAGMA not in lines[line - 1]
    ]
