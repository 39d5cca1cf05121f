"""The Journal dock: one page per game (issue 31), read from `desktop.views.journal`.

A chooser of games (newest first, the running one marked) follows the running game
until the GM picks another. The page is grouped: the game's heading and note, what
happened before the first scene, each scene with its text, its note and its rounds'
lines, the game's end and what followed until the next game. The notes are edited in
place (`NoteBox`), written through `WriteNote`; a link in a line (a character, clock or
faction) asks the `RecordOpener` to open it in its dock.

Every committed change may add to the page (the history takes every write), so the page
is read again after any change, once per turn of the event loop, and only while on
screen; it keeps its scroll position, and an editor holding typing is left alone.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from desktop.language import N_
from desktop.store import NotFound, Topic
from desktop.store.journal import WHOLE_GAME, JournalNoteRecord
from desktop.ui import read_guard
from desktop.ui.docks.journal_markup import Names, link_of, page_sections
from desktop.ui.form_helpers import follow_changes
from desktop.ui.journal_commands import WriteNote
from desktop.ui.plain_text import PlainLabel
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.note_box import NoteBox, NoteSave
from desktop.ui.widgets.page_text import PageText
from desktop.ui.window_language import tr, window_translator
from desktop.views.journal import JournalEntry, JournalGame, journal_games, journal_page

NO_CAMPAIGN = N_("No campaign is open.")
# The most widgets one turn of the event loop makes for a page: more than a screenful.
# A long game's page (50 scenes) is made in the turns after; measured, making it whole
# at once took 90-190 ms of one turn (tests/benchmarks/test_journal_bench.py).
FILL_BATCH = 16
# The most history entries of a game its page on screen reads: the page is read again
# after every change, and a game of 20,000 steps took 0.45 s of the GUI thread each
# time (1.7 s the first); read to 1,000, 21 ms (90 ms the first). The exports read
# every entry.
PAGE_ENTRIES_MAX = 1_000
NO_GAMES = N_("No games yet. Start a game in the Play dock: its journal page fills as you play.")
# Where the chooser keeps whether a game is the running one (its data is the game's id).
RUNNING_ROLE = Qt.ItemDataRole.UserRole + 1


class RecordOpener(Protocol):
    """What the dock asks of the window: open a record in its own dock (the roster for a
    character, the Clocks dock for a clock, the Faction Ladder for a faction)."""

    def open_record(self, area: str, record_id: int) -> None: ...


class JournalWidget(QWidget):
    def __init__(self, parent: QWidget | None = None, opener: RecordOpener | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("journal")
        self._session: CampaignSession | None = None
        self.opener = opener
        self.game_id: int | None = None  # the game shown
        self.follows_running = True  # the GM has not picked another game
        self.page: JournalGame | None = None
        self._stale = True  # changed while off screen: read again when shown
        self.texts: list[PageText] = []
        self.notes: dict[tuple[int, int], NoteBox] = {}
        self.chooser = QComboBox()
        self.chooser.setObjectName("journalGame")
        self.chooser.setToolTip(
            tr("The game whose page is shown (the running game unless you pick)")
        )
        self.chooser.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.chooser.setMinimumContentsLength(12)
        self.chooser.activated.connect(self._chosen)
        self.message = PlainLabel()
        self.message.setObjectName("journalMessage")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.sheet = QWidget()
        self.sheet.setObjectName("journalSheet")
        self.sheet_layout = QVBoxLayout(self.sheet)
        self.sheet_layout.setContentsMargins(6, 6, 6, 6)
        self.sheet_layout.setSpacing(0)
        self.view = QScrollArea()
        self.view.setObjectName("journalPage")
        self.view.setWidgetResizable(True)
        # Always there, so the page's width never changes as it grows past the view.
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setWidget(self.sheet)
        # No label before it: the column is narrow, and the page's heading says "Game".
        self.chooser.setAccessibleName(tr("Game"))
        top = QHBoxLayout()
        top.addWidget(self.chooser, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.message)
        layout.addWidget(self.view, 1)
        self.refresher = QTimer(self)
        self.refresher.setSingleShot(True)
        self.refresher.setInterval(0)
        self.refresher.timeout.connect(self._refresh_now)
        self.filler = QTimer(self)
        self.filler.setSingleShot(True)
        self.filler.setInterval(0)
        self.filler.timeout.connect(self._fill)
        self._pieces: list[str] = []
        self._page_notes: list[JournalNoteRecord] = []
        self._kept = 0  # the scroll position to come back to once the page is whole
        self._placed = 0
        self.set_session(None)

    # -- following the campaign ------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self.flush_edits()
        self._session = follow_changes(self._session, session, self._on_changed)
        self.game_id = None
        self.follows_running = True
        self.refresh()

    def _on_changed(self, _topic: str) -> None:
        # Any topic: every write adds to the history the page is read from.
        self._stale = True
        if self.is_on_screen():
            self.refresher.start()  # many topics of one change: read once

    def is_on_screen(self) -> bool:
        """Shown, and not behind another dock's tab (Qt calls that visible too)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def dock_shown(self, shown: bool) -> None:
        """The dock came to the front (its tab chosen) or went behind or away."""
        if not shown:
            self.flush_edits()
        elif self._stale:
            self.refresher.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresher.start()

    def hideEvent(self, event: QHideEvent) -> None:
        self.flush_edits()
        super().hideEvent(event)

    def flush_edits(self) -> None:
        """Write every note still waiting for a pause in typing (the window closes, the
        dock hides, the campaign changes)."""
        for box in list(self.notes.values()):
            box.flush()

    def refresh(self) -> None:
        """Read the games and the page shown again, now."""
        self.refresher.stop()
        self._refresh_now()

    @read_guard.guarded
    def _refresh_now(self) -> None:
        self._stale = False
        session = self._session
        if session is None:
            self._show_empty(tr(NO_CAMPAIGN))
            return
        # Newest first, titled in the window's language.
        games = tuple(reversed(journal_games(session.campaign, window_translator())))
        self._fill_chooser(games)
        if not games:
            self._show_empty(tr(NO_GAMES))
            return
        page = self._read_page(games)
        if page is None:
            self._show_empty(tr(NO_GAMES))
            return
        self.message.hide()
        self.chooser.setEnabled(True)
        self._show_page(page)

    def _read_page(self, games: tuple[JournalEntry, ...]) -> JournalGame | None:
        assert self._session is not None
        ids = [game.game_id for game in games]
        shown = self.game_id
        if self.follows_running or self.game_id not in ids:
            # The running game, else the newest; a game undone away falls back here too.
            running = [game.game_id for game in games if game.running]
            self.follows_running = True
            self.game_id = running[0] if running else ids[0]
        if shown in ids and shown != self.game_id:
            self.flush_edits()  # a new game started: typing on the last one is kept
        self.chooser.setCurrentIndex(ids.index(self.game_id))
        try:
            return journal_page(
                self._session.campaign,
                self.game_id,
                most=PAGE_ENTRIES_MAX,
                tr=window_translator(),
            )
        except NotFound:
            return None

    def _fill_chooser(self, games: tuple[JournalEntry, ...]) -> None:
        self.chooser.blockSignals(True)
        self.chooser.clear()
        for game in games:
            title = tr("{title} · running").format(title=game.title) if game.running else game.title
            self.chooser.addItem(title, game.game_id)
            self.chooser.setItemData(self.chooser.count() - 1, game.running, RUNNING_ROLE)
        self.chooser.blockSignals(False)

    def show_game(self, game_id: int, scene: int | None = None) -> bool:
        """The page of game `game_id` shown, chosen as if picked (a search's hit), its
        note on `scene` (0: the whole game's) focused when asked and on the page; False
        for a game not listed."""
        if self.refresher.isActive() or self.chooser.findData(game_id) < 0:
            self.refresh()
        index = self.chooser.findData(game_id)
        if index < 0:
            return False
        self.chooser.setCurrentIndex(index)
        self._chosen(index)
        box = None if scene is None else self.note_box(scene)
        if box is not None:
            box.setFocus()
        return True

    def _chosen(self, index: int) -> None:
        chosen = self.chooser.itemData(index)
        if not isinstance(chosen, int) or chosen == self.game_id:
            return
        self.flush_edits()
        self.follows_running = bool(self.chooser.itemData(index, RUNNING_ROLE))
        self.game_id = chosen
        self.refresh()

    # -- the page ----------------------------------------------------------------------------

    def _show_empty(self, text: str) -> None:
        self.page = None
        self.message.setText(text)
        self.message.show()
        self.chooser.setEnabled(self.chooser.count() > 0)
        self.filler.stop()
        for box in self.notes.values():
            box.timer.stop()
            box.deleteLater()
        for piece in self.texts:
            piece.deleteLater()
        self.notes, self.texts = {}, []
        self.view.hide()

    def _names(self) -> Names:
        assert self._session is not None
        campaign = self._session.campaign
        names: dict[tuple[str, int], str] = {}
        names.update(((Topic.CHARACTERS, c.id), c.name) for c in campaign.roster.all())
        names.update(((Topic.CLOCKS, c.id), c.name) for c in campaign.clocks.all())
        names.update(((Topic.FACTIONS, f.id), f.name) for f in campaign.factions.all())
        return names

    def _show_page(self, page: JournalGame) -> None:
        bar = self.view.verticalScrollBar()
        kept = bar.value() if self.page is not None and self.page.game_id == page.game_id else 0
        self.page = page
        pieces = page_sections(page, self._names())
        notes = [page.note, *(scene.note for scene in page.scenes)]
        self.view.show()
        self.filler.stop()
        # What is not on this page goes; the rest is reused as the page is placed.
        keys = {(note.game_id, note.scene) for note in notes}
        for key in [key for key in self.notes if key not in keys]:
            box = self.notes.pop(key)
            box.timer.stop()  # its game or scene is gone: nothing to write it to
            box.deleteLater()
        for text in self.texts[len(pieces) :]:
            text.deleteLater()
        del self.texts[len(pieces) :]
        while self.sheet_layout.count():
            self.sheet_layout.takeAt(0)
        self._pieces, self._page_notes, self._kept, self._placed = pieces, notes, kept, 0
        self._fill()

    def is_filled(self) -> bool:
        """Whether the page shown is whole: read, and every piece of it placed."""
        return not self.refresher.isActive() and not self.filler.isActive()

    def _fill(self) -> None:
        """Place the page's pieces of markup with a note between each two, reusing the
        widgets already there (a note box keeps its editor, and the GM's focus and
        cursor in it). A long page is made a batch a turn: its first screen shows at
        once, and the rest follows before the GM can scroll to it."""
        margins = self.sheet_layout.contentsMargins()
        viewport = self.view.viewport()
        # Laid out now at the width they will have on screen; before the page is on
        # screen, once, at the width the layout gives them.
        width = viewport.width() - margins.left() - margins.right() if viewport.isVisible() else 0
        if self._placed:
            self.sheet_layout.takeAt(self.sheet_layout.count() - 1)  # the stretch
        made = 0
        while self._placed < len(self._pieces) and made < FILL_BATCH:
            index = self._placed
            if index == len(self.texts):
                text = PageText(parent=self.sheet)
                text.link_activated.connect(self._open_link)
                self.texts.append(text)
                made += 1
            self.texts[index].set_markup(self._pieces[index], width)
            self.sheet_layout.addWidget(self.texts[index])
            if index < len(self._page_notes):
                note = self._page_notes[index]
                box = self.notes.get((note.game_id, note.scene))
                if box is None:
                    box = NoteBox(note, self._saver(note.game_id, note.scene), self.sheet)
                    self.notes[(note.game_id, note.scene)] = box
                    made += 1
                else:
                    box.show_note(note)
                self.sheet_layout.addWidget(box)
            self._placed += 1
        self.sheet_layout.addStretch(1)
        if self._placed < len(self._pieces):
            self.filler.start()
            return
        self.sheet_layout.activate()
        self.sheet.adjustSize()
        self.view.verticalScrollBar().setValue(self._kept)

    def note_box(self, scene: int = WHOLE_GAME) -> NoteBox | None:
        """The editor of the shown game's note on `scene` (0: the whole game)."""
        if self.page is None:
            return None
        return self.notes.get((self.page.game_id, scene))

    def _saver(self, game_id: int, scene: int) -> NoteSave:
        def save(text: str, private: bool) -> str:
            session = self._session
            if session is None:
                return tr(NO_CAMPAIGN)
            session.push(WriteNote(session, game_id, scene, text, private=private))
            return session.last_failure or ""

        return save

    def _open_link(self, href: str) -> None:
        link = link_of(href)
        if link is not None and self.opener is not None:
            self.opener.open_record(link.area, link.record_id)
