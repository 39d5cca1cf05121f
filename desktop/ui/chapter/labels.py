"""The words, limits and pixel-font labels the chapter's forms share."""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel

from desktop.rules import downtime, factions
from desktop.store import INTEGER_MAX
from desktop.ui.plain_text import PlainLabel
from desktop.ui.widgets.chapter_paint import pixel_font

MAX_HEAT = 99
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


def check_coin(coin: int) -> None:
    """A chapter's coin as the file can hold it: 0 up to the store's bound for a number."""
    factions.require_non_negative(coin, "Coin")
    if coin > INTEGER_MAX:
        raise ValueError(f"Coin can be at most {INTEGER_MAX:,}, not {coin:,}.")


def caption(text: str) -> QLabel:
    label = PlainLabel(text.upper())
    label.setFont(pixel_font(11, bold=True))
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def note(text: str = "", name: str = "") -> QLabel:
    label = PlainLabel(text)
    label.setWordWrap(True)
    label.setFont(pixel_font(12))
    if name:
        label.setObjectName(name)
    return label
