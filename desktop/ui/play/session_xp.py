"""After End game: the end-of-session XP marks of every player character, optional.

downtime-and-factions.txt, Roleplaying & XP: "by playing to the nature of your
character's vice, you earn XP at the end of the session." Each player character gets a
box with those words and the XP track to mark (one mark, `downtime.SESSION_XP`); a full
track cannot be chosen. Apply (Ctrl+Return) writes every ticked mark as one undo step;
Skip (Esc) closes the step and writes nothing. It sits in the Play dock, never a modal.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.rules import downtime
from desktop.store import DowntimeSheet
from desktop.ui.form_helpers import push_button
from desktop.ui.plain_text import PlainLabel, menu_text, tooltip
from desktop.ui.play.round_award import narrow_combo
from desktop.ui.widgets.flow import Flow
from desktop.ui.window_language import tr

APPLY_KEY = "Ctrl+Return"
SKIP_KEY = "Esc"  # untranslated: a key sequence
# The rule as the game's text says it (Roleplaying & XP), shown above the ticks.
SESSION_XP_RULE = N_(
    "By playing to the nature of your character's vice, you earn XP at the end of the session."
)


@dataclass(frozen=True)
class XpOffer:
    """A player character of the ended game, with its downtime sheet."""

    character_id: int
    name: str
    sheet: DowntimeSheet


def _vice_text(offer: XpOffer) -> str:
    vice = offer.sheet.vice.strip()
    if vice:
        return tr("{name} played to their vice ({vice})").format(name=offer.name, vice=vice)
    return tr("{name} played to their vice").format(name=offer.name)


class SessionXp(QWidget):
    apply_requested = Signal(object)  # list of (character id, track)
    skip_requested = Signal()

    def __init__(self, limit: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._limit = limit  # the most marks a track may hold
        self._offers: list[XpOffer] = []
        self.rows: dict[int, tuple[QCheckBox, QComboBox]] = {}
        self._open: set[int] = set()  # characters with a track that can take a mark
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        rule = PlainLabel(
            tr(
                "{rule}\nTick who played to their vice; each marks {xp} XP on the track "
                "beside them."
            ).format(rule=tr(SESSION_XP_RULE), xp=downtime.SESSION_XP)
        )
        rule.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        self.message = PlainLabel()
        self.message.setObjectName("sessionXpMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.apply_button = push_button(
            tr("Apply XP (Ctrl+Enter)"),
            clicked=self._apply,
            tip=tr("Mark the ticked XP, all as one undo step."),
        )
        self.skip_button = push_button(
            tr("Skip (Esc)"),
            clicked=self.skip_requested,
            tip=tr("No end-of-session XP: nothing is written."),
        )
        buttons = Flow()  # Skip below Apply in a narrow dock
        buttons.add(self.apply_button)
        buttons.add(self.skip_button)
        layout.addWidget(rule)
        layout.addLayout(self.grid)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for key in (APPLY_KEY, "Ctrl+Enter"):
            QShortcut(QKeySequence(key), self, self._apply, context=context)
        QShortcut(QKeySequence(SKIP_KEY), self, self.skip_requested.emit, context=context)

    def offer(self, offers: list[XpOffer]) -> None:
        """One row per player character: the rule's words and the track to mark."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self._offers = list(offers)
        self.rows = {}
        self._open = set()
        for row, offered in enumerate(offers):
            # The name alone keeps the row narrow in a side dock; the vice is in its tip.
            box = QCheckBox(menu_text(offered.name))
            box.setObjectName(f"sessionXp{offered.character_id}")
            box.setToolTip(tooltip(_vice_text(offered)))  # a vice: campaign text
            box.setAccessibleName(_vice_text(offered))
            tracks = narrow_combo(f"sessionXpTrack{offered.character_id}")
            tracks.setAccessibleName(tr("XP track of {name}").format(name=offered.name))
            first_open = -1
            for index, (track, marks) in enumerate(offered.sheet.xp):
                tracks.addItem(tr("{track} ({marks} XP)").format(track=track, marks=marks), track)
                if not downtime.can_mark_session_xp(offered.sheet.xp, track, self._limit):
                    # A full track cannot be chosen: nothing past its limit is entered.
                    items = tracks.model()
                    assert isinstance(items, QStandardItemModel)  # a QComboBox's own model
                    items.item(index).setEnabled(False)
                    full = tr("{track} is full.").format(track=track)
                    tracks.setItemData(index, full, Qt.ItemDataRole.ToolTipRole)
                elif first_open < 0:
                    first_open = index
            if first_open < 0:
                box.setEnabled(False)
                box.setToolTip(tr("Every XP track of this character is full."))
                tracks.setEnabled(False)
            else:
                tracks.setCurrentIndex(first_open)
                self._open.add(offered.character_id)
            self.grid.addWidget(box, row, 0)
            self.grid.addWidget(tracks, row, 1)
            self.rows[offered.character_id] = (box, tracks)
        if not offers:
            self.show_message(tr("No player character was in the game: there is no XP to mark."))
        else:
            self.show_message("")

    def set_writable(self, writable: bool, reason: str = "") -> None:
        self.apply_button.setEnabled(writable and bool(self._offers))
        for character_id, (box, tracks) in self.rows.items():
            box.setEnabled(writable and character_id in self._open)
            tracks.setEnabled(writable and character_id in self._open)
        if not writable:
            self.show_message(reason or tr("The campaign is read-only: no XP can be marked."))

    def show_message(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def focus_first(self) -> None:
        for box, _tracks in self.rows.values():
            if box.isEnabled():
                box.setFocus()
                return
        self.skip_button.setFocus()

    def chosen(self) -> list[tuple[int, str]]:
        """The ticked characters and the track each marks."""
        return [
            (character_id, str(tracks.currentData()))
            for character_id, (box, tracks) in self.rows.items()
            if box.isChecked() and box.isEnabled()
        ]

    def _apply(self) -> None:
        if not self.apply_button.isEnabled():
            return
        chosen = self.chosen()
        if not chosen:
            self.show_message(tr("Tick who played to their vice, or Skip."))
            return
        self.apply_requested.emit(chosen)
