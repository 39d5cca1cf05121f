"""A dock's main buttons as actions, for the command palette (issue 32).

Each panel names its main buttons (`DockButton`); the panel turns each into a QAction
whose trigger clicks the button itself (or triggers the dock's own action, for a
toolbar's), so the palette runs exactly what the button does, through the button's own
slot, and never a copy of its logic. The action follows the button: enabled when the
button is, and its status tip says why not when it is off.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from desktop.language import N_
from desktop.ui.window_language import tr

# Why a dock's button is off, before its own reasons: said the same by every dock.
# Marked only: translated where it is said (tr(READ_ONLY)).
READ_ONLY = N_("The campaign is open read-only")


@dataclass(frozen=True)
class DockButton:
    """One main button of a dock's widget.

    `name` is the action's object name (the palette's synonyms and recent list key on
    it); `text` the command's words; `button` the dotted attribute path from the dock's
    widget to the button (or to the dock's own QAction behind a toolbar button);
    `unavailable` why the button is off with a writable campaign open (or, when
    `reason_label` names a label beside it, that label's text, which says it live; ""
    when nothing else turns it off). `text` and `unavailable`, made at import, are
    marked with N_ and translated where they are shown (`off_reason`). `writes`: a
    read-only campaign turns the button off. `keys`: the window's one-key shortcut for
    the same step (`table_keys`), shown beside the command; never bound a second time.
    """

    name: str
    text: str
    button: str
    unavailable: str = ""
    reason_label: str = ""
    writes: bool = True
    keys: str = ""


def attribute_path(root: object, path: str) -> object:
    """`root.a.b` for the path "a.b" (None where a part is missing)."""
    found: object = root
    for part in path.split("."):
        found = getattr(found, part, None)
        if found is None:
            return None
    return found


def find_button(content: QWidget, spec: DockButton) -> QAbstractButton | QAction | None:
    found = attribute_path(content, spec.button)
    return found if isinstance(found, QAbstractButton | QAction) else None


def press(button: QAbstractButton | QAction) -> None:
    """What the GM's click does: the button clicked, the toolbar's action triggered."""
    if isinstance(button, QAction):
        button.trigger()
    else:
        button.click()


def off_reason(content: QWidget, spec: DockButton, read_only: bool) -> str:
    """Why `spec`'s button is off: read-only first, then the dock's own words (marked
    with N_, translated here; a label's text is already in the window's language)."""
    if read_only and spec.writes:
        return tr(READ_ONLY)
    if spec.reason_label:
        label = attribute_path(content, spec.reason_label)
        if isinstance(label, QLabel) and label.text().strip():
            return label.text().strip()
    return tr(spec.unavailable) if spec.unavailable else ""
