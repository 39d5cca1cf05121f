"""Where the chapter stands: its tier and hold, and each faction the GM shows, with its
tier and its status with the chapter (the rules' words, the ladder's badge colours).
Which factions players may see is decided by desktop/views/public.py."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from desktop.store import Campaign, Topic
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.section import Section, clear_layout, sized_font
from desktop.ui.theme import BADGE_INK, STATUS_COLOURS
from desktop.ui.window_language import tr
from desktop.views.public import FactionView, chapter_view, public_factions


class FactionsSection(Section):
    topics = frozenset({Topic.FACTIONS, Topic.CHAPTER, Topic.CLAIMS})

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Factions"), "playerFactions", parent)
        self.chapter = PlainLabel()
        self.chapter.setObjectName("playerChapter")
        self.chapter.setWordWrap(True)
        self.grid = QGridLayout()
        self.body.addWidget(self.chapter)
        self.body.addLayout(self.grid)
        self.body.addStretch(1)
        self.faction_ids: list[int] = []

    def restyle(self) -> None:
        self.chapter.setFont(sized_font(self.font(), self.unit, bold=True))
        self.grid.setHorizontalSpacing(round(self.unit * 0.8))
        self.grid.setVerticalSpacing(round(self.unit * 0.25))

    def refresh(self, campaign: Campaign | None) -> None:
        clear_layout(self.grid)
        self.faction_ids = []
        if campaign is None:
            self.chapter.clear()
            return
        chapter = chapter_view(campaign)
        said = (
            tr("{name}: tier {tier}, {hold} hold · at war")
            if chapter.at_war
            else tr("{name}: tier {tier}, {hold} hold")
        )
        self.chapter.setText(said.format(name=chapter.name, tier=chapter.tier, hold=chapter.hold))
        shown = public_factions(campaign)
        self.faction_ids = [faction.id for faction in shown]
        if not shown:
            empty = self._label(tr("No factions shown"))
            empty.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            self.grid.addWidget(empty, 0, 0)
            return
        for row, faction in enumerate(shown):
            name = self._label(faction.name, bold=True)
            name.setWordWrap(True)
            self.grid.addWidget(name, row, 0)
            tier = self._label(tr("Tier {tier}").format(tier=faction.tier))
            tier.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            self.grid.addWidget(tier, row, 1)
            self.grid.addWidget(self._badge(faction), row, 2)
        self.grid.setColumnStretch(0, 1)

    def _label(self, text: str, *, bold: bool = False, scale: float = 0.9) -> QLabel:
        label = PlainLabel(text)
        label.setFont(sized_font(self.font(), self.unit * scale, bold=bold))
        return label

    def _badge(self, faction: FactionView) -> QLabel:
        """The status in words on the ladder's badge colour (the words carry it alone too)."""
        badge = self._label(faction.status_words, bold=True, scale=0.8)
        badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
        pad = round(self.unit * 0.3)
        badge.setStyleSheet(
            f"background: {STATUS_COLOURS[faction.status]}; color: {BADGE_INK};"
            f" border-radius: {pad}px; padding: {pad // 2}px {pad}px;"
        )
        return badge
