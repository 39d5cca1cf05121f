"""The window's string literals that a GM could read untranslated: what
tests/ui/test_marked_strings.py refuses (the walk is tests/printing/unmarked.py's).

Besides what never reaches a page, the window's code holds words it never shows: the
arguments of the calls in `KEYS` (object names, settings keys, key sequences, icons'
theme names), and literals that read as keys rather than words (`KEY`: lowercase with
no space, as "statisticsPlots" or "pc", a constant's name, a key sequence). A literal
that is shown to nobody for another reason says why on its line, with a comment
``# untranslated: why``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.printing.unmarked import LETTER, unmarked

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


# Calls that show their text argument: there even a lowercase word ("turf") is shown.
SHOWN_BY = {
    "drawText": -1,
    "setText": 0,
    "setToolTip": 0,
    "setPlaceholderText": 0,
    "setWindowTitle": 0,
    "setTitle": 0,
    "showMessage": 0,
    "QLabel": 0,
    "PlainLabel": 0,
    "QPushButton": 0,
    "QCheckBox": 0,
    "QGroupBox": 0,
    "setAccessibleName": 0,
    "setAccessibleDescription": 0,
    "addTab": 1,
    "setTabText": 1,
}


def _shown_words(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        index = SHOWN_BY.get(name)
        if index is None or index >= len(node.args):
            continue
        argument = node.args[index]
        text = argument.value if isinstance(argument, ast.Constant) else None
        if isinstance(text, str) and LETTER.search(text):
            found.append((argument.lineno, text))
    return found


def window_unmarked(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each unmarked literal of ``path`` that reads as words: one that
    does not read as a key, or any handed straight to a call that shows it."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = {
        (line, text)
        for line, text in unmarked(source, MARKS, KEYS)
        if not KEY.match(text) and PRAGMA not in lines[line - 1]
    }
    found |= {
        (line, text)
        for line, text in _shown_words(ast.parse(source))
        if PRAGMA not in lines[line - 1]
    }
    return sorted(found)
