"""The words, limits and pixel-font labels the chapter's forms share."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel

from desktop.rules import downtime, factions
from desktop.store import INTEGER_MAX
from desktop.ui.plain_text import PlainLabel
from desktop.ui.widgets.chapter_paint import label_font

JOB_LABELS = {
    downtime.MINOR: "Minor job (2 coin)",
    downtime.SMALL: "Small job (4 coin)",
    downtime.STANDARD: "Standard adventure (6 coin)",
    downtime.BIG: "Big adventure (8 coin)",
    downtime.MAJOR: "Major adventure (10+ coin)",
}
WAR_MEANS = (
    "hold counts one lower, +1 heat from each score, and one downtime activity per "
    "character instead of two"
)


def stored_number(what: str) -> Callable[[int], None]:
    """The check of a number the file holds (`what`: "Coin"), from 0 up to the store's
    bound for any number: ValueError with a plain message past it."""

    def check(number: int) -> None:
        factions.require_non_negative(number, what)
        if number > INTEGER_MAX:
            raise ValueError(f"{what} can be at most {INTEGER_MAX:,}, not {number:,}.")

    return check


check_coin = stored_number("Coin")


def caption(text: str) -> QLabel:
    label = PlainLabel(text.upper())
    label.setFont(label_font(11, bold=True))
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def note(text: str = "", name: str = "") -> QLabel:
    label = PlainLabel(text)
    label.setWordWrap(True)
    label.setFont(label_font(12))
    if name:
        label.setObjectName(name)
    return label
