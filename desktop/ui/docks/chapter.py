"""The Chapter dock: the chapter sheet and the claims map, as two tabs.

The views refresh on the store's "chapter", "claims" and "factions" topics; the
parts live in `desktop.ui.chapter`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QWidget

from desktop.store import Topic
from desktop.ui.chapter.claims_tab import ClaimsTab
from desktop.ui.chapter.sheet import ChapterSheet
from desktop.ui.form_helpers import follow_changes, on_topics
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

TOPICS = frozenset({Topic.CHAPTER, Topic.CLAIMS, Topic.FACTIONS})

# --- The dock ---------------------------------------------------------------------------------


class ChapterWidget(QTabWidget):
    """The two tabs, following the open campaign."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._on_changed = on_topics(TOPICS, self.refresh)
        self.setObjectName("chapterTabs")
        self._session: CampaignSession | None = None
        self.sheet = ChapterSheet()
        self.claims = ClaimsTab()
        sheet_scroll = QScrollArea()
        sheet_scroll.setWidgetResizable(True)
        sheet_scroll.setFrameShape(QFrame.Shape.NoFrame)
        sheet_scroll.setWidget(self.sheet)
        self.sheet_page = sheet_scroll
        self.addTab(sheet_scroll, tr("Sheet"))
        self.addTab(self.claims, tr("Claims"))

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = follow_changes(self._session, session, self._on_changed)
        self.sheet.set_session(session)
        self.claims.set_session(session)
        self.refresh()

    def show_sheet(self) -> None:
        """The chapter's own sheet in front (a search's hit)."""
        self.setCurrentWidget(self.sheet_page)

    def reveal(self, claim_id: int) -> None:
        """The Claims tab in front with claim `claim_id` selected (a search's hit)."""
        self.setCurrentWidget(self.claims)
        self.claims.select(claim_id)

    def refresh(self) -> None:
        self.sheet.refresh()
        self.claims.refresh()

    def flush_edits(self) -> None:
        self.sheet.flush_edits()
        self.claims.form.flush_edits()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.claims.scene.setPalette(self.palette())
            self.sheet.refresh()
