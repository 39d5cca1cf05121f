"""The words, limits and pixel-font labels the chapter's forms share."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel

from desktop.language import N_
from desktop.printing.words import GANG_SCALE_WORDS, STATUS_WORDS
from desktop.rules import downtime, factions
from desktop.store import INTEGER_MAX
from desktop.ui.plain_text import PlainLabel
from desktop.ui.widgets.chapter_paint import label_font
from desktop.ui.window_language import ptr, tr

JOB_LABELS = {  # translated where shown: tr(JOB_LABELS[size])
    downtime.MINOR: N_("Minor job (2 coin)"),
    downtime.SMALL: N_("Small job (4 coin)"),
    downtime.STANDARD: N_("Standard adventure (6 coin)"),
    downtime.BIG: N_("Big adventure (8 coin)"),
    downtime.MAJOR: N_("Major adventure (10+ coin)"),
}


def hold_word(hold: str) -> str:
    """A hold as a word after a tier: "tier 2 weak"."""
    if hold == factions.WEAK:
        return ptr("hold", "weak")
    if hold == factions.STRONG:
        return ptr("hold", "strong")
    return hold


def status_word(status: int) -> str:
    """A faction's status with the chapter in words: "Neutral", "War"."""
    return tr(STATUS_WORDS[status]) if status in STATUS_WORDS else factions.status_label(status)


def scale_word(tier: int) -> str:
    """The gang scale of a tier: "Small gangs (3-6 people)"."""
    return tr(GANG_SCALE_WORDS[tier]) if tier in GANG_SCALE_WORDS else str(tier)


def stored_number(what: str) -> Callable[[int], None]:
    """The check of a number the file holds (`what`: N_("Coin"), translated when it
    checks), from 0 up to the store's bound for any number: ValueError with a plain
    message past it."""

    def check(number: int) -> None:
        shown = tr(what)
        factions.require_non_negative(number, shown)
        if number > INTEGER_MAX:
            raise ValueError(
                tr("{what} can be at most {most}, not {number}.").format(
                    what=shown, most=f"{INTEGER_MAX:,}", number=f"{number:,}"
                )
            )

    return check


check_coin = stored_number(N_("Coin"))


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
