"""A view's note for a stored record the rules refuse (a die of size 7 written by another
program after the open): the view reads around it and says so, in plain words pointing
to File > Check Campaign, instead of raising the store's DamagedRecord into Qt."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from desktop.store import DamagedRecord
from desktop.ui.form_helpers import error_label, show_error

if TYPE_CHECKING:
    from desktop.ui.session import CampaignSession

T = TypeVar("T")


def damaged_note(name: str = "damagedRecords") -> QLabel:
    """A hidden label in the error colour, for `read_around`'s message; plain text, as
    the message quotes names another program may have written."""
    label = error_label(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def read_around(note: QLabel, read: Callable[[], T], instead: T) -> T:
    """What `read` returns, the note hidden; `instead` if it meets a damaged record,
    the note then saying which record and what to do."""
    try:
        value = read()
    except DamagedRecord as damaged:
        show_error(note, str(damaged))
        return instead
    show_error(note, None)
    return value


def read_or_tell(session: CampaignSession, read: Callable[[], T], instead: T) -> T:
    """What `read` returns; `instead` if it meets a damaged record, the window then
    saying which (for a view with no room of its own for the note)."""
    try:
        return read()
    except DamagedRecord as damaged:
        session.report_damage(str(damaged))
        return instead
