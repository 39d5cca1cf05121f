"""The Roster dock: the campaign's characters, NPCs and challenges.

The list is a small table model over plain records (no QStandardItemModel); edits go
through undo commands; the selection is published through `session.select_character`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QItemSelectionModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.paint.badges import kind_icon
from desktop.printing.words import KIND_LABELS, PLAY_STATE_WORDS
from desktop.rules import dicepool, roster
from desktop.store import CharacterRecord, Topic
from desktop.ui import read_guard
from desktop.ui.accessible import named
from desktop.ui.commands import AddCharacter, DeleteCharacter, EditCharacter
from desktop.ui.dice_commands import award_depleted
from desktop.ui.form_helpers import (
    SessionWidget,
    error_label,
    follow_changes,
    push_button,
    show_error,
)
from desktop.ui.lazy_page import LazyPage
from desktop.ui.plain_text import PlainLabel, ask, tooltip
from desktop.ui.session import CampaignSession
from desktop.ui.theme import HINT_STYLE
from desktop.ui.widgets.dice_scene import DIE_MIME, decode
from desktop.ui.widgets.flow import Flow
from desktop.ui.widgets.record_table import RecordTableModel
from desktop.ui.window_language import ntr, tr
from desktop.ui.zoom import zoomed

if TYPE_CHECKING:
    from desktop.ui.widgets.character_kit import CharacterKit
    from desktop.ui.widgets.downtime_sheet import DowntimeSheetWidget

ModelIndex = QModelIndex | QPersistentModelIndex
NEW_NAMES = {"pc": N_("New character"), "npc": N_("New NPC"), "challenge": N_("New challenge")}
# The kind filter's choices and the Add menu's entries, by kind (`roster.KINDS`).
KIND_PLURALS = {"pc": N_("Player characters"), "npc": N_("NPCs"), "challenge": N_("Challenges")}
ADD_KIND = {
    "pc": N_("Add Player character"),
    "npc": N_("Add NPC"),
    "challenge": N_("Add Challenge"),
}


DAMAGED_KIND = N_("Damaged (see File > Check Campaign)")
ADD, DELETE = N_("Add"), N_("Delete")  # the buttons beside the filter


# In the Kind column's 110 px the state takes the kind's place (the name's icon still
# tells the kind): "Player character · out of play (no die in the pool)" was cut to its
# first words. The tooltip says it all.
SHORT_STATES = {
    dicepool.PlayState.OUT_OF_PLAY: N_("Out of play"),
    dicepool.PlayState.OUT_FOR_GOOD: N_("Out for good"),
}


def _kind_label(kind: str) -> str:
    # A kind another program wrote while the file was open is shown as what it is.
    return tr(KIND_LABELS[kind]) if kind in KIND_LABELS else tr(DAMAGED_KIND)


def _kind_text(kind: str, state: dicepool.PlayState | None) -> str:
    """The Kind column: the kind, or out of play or out for good in words."""
    return tr(SHORT_STATES[state]) if state in SHORT_STATES else _kind_label(kind)


def _kind_tip(kind: str, state: dicepool.PlayState | None) -> str | None:
    """The Kind column's tooltip: the kind and the state in full, when out of play."""
    if state not in SHORT_STATES:
        return None
    return f"{_kind_label(kind)} · {tr(PLAY_STATE_WORDS[state])}"


class RosterModel(RecordTableModel):
    """The roster, filtered by text and kind. Renames in place ask, never write.

    A depleted die dragged from the Dice Table onto a row asks for an award.
    """

    rename_requested = Signal(object, str)  # CharacterRecord, new name
    award_requested = Signal(int, int, int)  # die id, from character, to character
    HEADERS = (N_("Name"), N_("Kind"))

    def __init__(self) -> None:
        super().__init__()
        self._all: list[CharacterRecord] = []
        self._shown: list[CharacterRecord] = []
        self._text = ""
        self._kind: str | None = None
        self._states: dict[int, dicepool.PlayState] = {}

    def set_records(
        self,
        records: list[CharacterRecord],
        states: dict[int, dicepool.PlayState] | None = None,
    ) -> None:
        self.beginResetModel()
        self._all = records
        self._states = states or {}
        self._shown = self._filtered()
        self.endResetModel()

    def set_filter(self, text: str, kind: str | None) -> None:
        self.beginResetModel()
        self._text = text.casefold().strip()
        self._kind = kind
        self._shown = self._filtered()
        self.endResetModel()

    def _filtered(self) -> list[CharacterRecord]:
        return [
            r
            for r in self._all
            if (self._kind is None or r.kind == self._kind)
            and (not self._text or self._text in r.name.casefold())
        ]

    def total(self) -> int:
        return len(self._all)

    def record(self, row: int) -> CharacterRecord:
        return self._shown[row]

    def row_of(self, character_id: int) -> int | None:
        for row, record in enumerate(self._shown):
            if record.id == character_id:
                return row
        return None

    def visible(self) -> list[Any]:
        return self._shown

    def record_data(self, record: CharacterRecord, column: int, role: int) -> object:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == 0:
                return record.name
            return _kind_text(record.kind, self._states.get(record.id))
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return kind_icon(record.kind)
        if role == Qt.ItemDataRole.ToolTipRole:
            state_tip = _kind_tip(record.kind, self._states.get(record.id)) if column else None
            return state_tip or tooltip(record.notes[:300]) or None
        if role == Qt.ItemDataRole.UserRole:
            return record.id
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid():
            return base
        base |= Qt.ItemFlag.ItemIsDropEnabled
        return base | Qt.ItemFlag.ItemIsEditable if index.column() == 0 else base

    def mimeTypes(self) -> list[str]:
        return [DIE_MIME]

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def canDropMimeData(
        self, data: QMimeData, _action: Qt.DropAction, row: int, _column: int, parent: ModelIndex
    ) -> bool:
        target = self._drop_row(row, parent)
        payload = decode(data, DIE_MIME)
        return (
            target is not None
            and payload is not None
            and payload.get("character") != self._shown[target].id
        )

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: ModelIndex
    ) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        payload = decode(data, DIE_MIME) or {}
        target = self._shown[self._drop_row(row, parent) or 0]
        self.award_requested.emit(payload["die"], payload["character"], target.id)
        return False  # the die moves through the store, not through this model

    def _drop_row(self, row: int, parent: ModelIndex) -> int | None:
        # Dropped on an item: Qt passes row -1 and the item as parent.
        target = parent.row() if parent.isValid() else row
        return target if 0 <= target < len(self._shown) else None

    def setData(
        self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != 0:
            return False
        self.rename_requested.emit(self._shown[index.row()], str(value))
        return False  # the store's change notice refreshes the model


class CharacterForm(SessionWidget):
    """Name, kind and notes of the selected character, each checked before it is written."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._record: CharacterRecord | None = None
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("rosterName")
        self.name_error = error_label("fieldError")
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("rosterKind")
        for kind in roster.KINDS:
            self.kind_combo.addItem(kind_icon(kind), tr(KIND_LABELS[kind]), kind)
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setObjectName("rosterNotes")
        named(self.notes_edit, tr("Character notes"))
        # Tab leaves the notes: a keyboard user is never held in them.
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setPlaceholderText(
            tr("Notes: looks, goals, secrets, what happened last time…")
        )

        form = QFormLayout()
        form.addRow(tr("&Name"), self.name_edit)
        form.addRow("", self.name_error)
        form.addRow(tr("&Kind"), self.kind_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.addLayout(form)
        # Notes stay first: they are what a GM reaches for most during play. The other
        # two tabs cost more to build than the rest of the roster, so each is built
        # when the GM first opens it.
        self.kit_page = LazyPage(self._make_kit)
        self.downtime_page = LazyPage(self._make_downtime)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("rosterTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.notes_edit, tr("N&otes"))
        self.tabs.addTab(self.kit_page, tr("&Traits && items"))
        self.tabs.addTab(self.downtime_page, tr("Do&wntime"))
        layout.addWidget(self.tabs, 1)

        self.name_edit.editingFinished.connect(self._commit_name)
        self.name_edit.textEdited.connect(self._check_name)
        self.kind_combo.activated.connect(self._commit_kind)
        # Written at each change, not after a pause: a crash loses nothing seen on screen.
        # The steps of one burst of typing merge into one undo step (EditCharacter).
        self.notes_edit.textChanged.connect(self.commit_notes)
        self.show_record(None)

    @property
    def kit(self) -> CharacterKit:
        """The Traits & items tab's widget (built now if it was not yet)."""
        return self.kit_page.content()

    @property
    def downtime(self) -> DowntimeSheetWidget:
        """The Downtime tab's widget (built now if it was not yet)."""
        return self.downtime_page.content()

    def _make_kit(self) -> CharacterKit:
        from desktop.ui.widgets.character_kit import CharacterKit

        kit = CharacterKit()
        kit.set_session(self._session)
        kit.show_character(self._shown_id())
        return kit

    def _make_downtime(self) -> DowntimeSheetWidget:
        from desktop.ui.widgets.downtime_sheet import DowntimeSheetWidget

        sheet = DowntimeSheetWidget()
        sheet.set_session(self._session)
        sheet.show_character(self._shown_id())
        return sheet

    def _shown_id(self) -> int | None:
        return None if self._record is None else self._record.id

    def _built_pages(self) -> list[CharacterKit | DowntimeSheetWidget]:
        """The tabs' widgets built so far: only they follow the session and record."""
        built: list[CharacterKit | DowntimeSheetWidget] = []
        if self.kit_page.is_built():
            built.append(self.kit_page.content())
        if self.downtime_page.is_built():
            built.append(self.downtime_page.content())
        return built

    def set_session(self, session: CampaignSession | None) -> None:
        super().set_session(session)
        for page in self._built_pages():
            page.set_session(session)

    def show_record(self, record: CharacterRecord | None) -> None:
        previous = self._record
        self._record = record
        self.setEnabled(record is not None and self._session is not None)
        read_only = self._session is None or self._session.read_only
        self.name_edit.setReadOnly(read_only)
        self.notes_edit.setReadOnly(read_only)
        self.kind_combo.setEnabled(not read_only)
        for page in self._built_pages():
            page.show_character(None if record is None else record.id)
        if record is None:
            self.name_edit.clear()
            self.notes_edit.blockSignals(True)
            self.notes_edit.clear()
            self.notes_edit.blockSignals(False)
            return
        # Keep what the GM is typing unless the field itself changed in the store
        # (undo, redo, another record).
        was = previous if previous is not None and previous.id == record.id else None
        if not (was is not None and was.name == record.name and self.name_edit.hasFocus()):
            self.name_edit.setText(record.name)
            self._show_error(None)
        self.kind_combo.setCurrentIndex(roster.KINDS.index(record.kind))
        # (A write refused, a full disk, leaves the typed notes on screen while typed.)
        typing = was is not None and was.notes == record.notes and self.notes_edit.hasFocus()
        if not typing and self.notes_edit.toPlainText() != record.notes:
            self.notes_edit.blockSignals(True)
            self.notes_edit.setPlainText(record.notes)
            self.notes_edit.blockSignals(False)

    def _check_name(self, text: str) -> bool:
        try:
            roster.check_name(text)
        except ValueError as error:
            self._show_error(str(error))
            return False
        self._show_error(None)
        return True

    def _show_error(self, message: str | None) -> None:
        show_error(self.name_error, message)

    def _commit_name(self) -> None:
        text = self.name_edit.text()
        if self._record is None or self._session is None or not self._check_name(text):
            return
        self._edit("name", roster.check_name(text))

    def _commit_kind(self) -> None:
        self._edit("kind", self.kind_combo.currentData())

    def commit_notes(self) -> None:
        self._edit("notes", self.notes_edit.toPlainText())

    def _edit(self, field: str, value: object) -> None:
        if self._record is None or self._session is None or self._session.read_only:
            return
        if getattr(self._record, field) != value:
            self._session.push(EditCharacter(self._session, self._record, field, value))


class RosterWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: CampaignSession | None = None
        self.model = RosterModel()
        self.model.rename_requested.connect(self._rename)
        self.model.award_requested.connect(self._award)

        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("rosterFilter")
        named(self.filter_edit, tr("Filter the roster"))
        self.filter_edit.setPlaceholderText(tr("Filter by name"))
        self.filter_edit.setClearButtonEnabled(True)
        self.kind_filter = QComboBox()
        self.kind_filter.setObjectName("rosterKindFilter")
        self.kind_filter.addItem(tr("Everyone"), None)
        for kind in roster.KINDS:
            self.kind_filter.addItem(kind_icon(kind), tr(KIND_PLURALS[kind]), kind)
        # As wide as "Everyone", not "Player characters": the roster's column shares
        # 1366 pixels with the Dice Table and the Play dock (the list says who is who).
        self.kind_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.kind_filter.setMinimumContentsLength(9)
        self.add_button = QToolButton()
        self.add_button.setObjectName("rosterAdd")
        self.add_button.setText(tr(ADD))
        self.add_button.setToolTip(tr("Add a character (Ctrl+Shift+N)"))
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.add_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.add_button.setIcon(kind_icon("pc"))
        menu = QMenu(self.add_button)
        for kind in roster.KINDS:
            action = menu.addAction(kind_icon(kind), tr(ADD_KIND[kind]))
            action.triggered.connect(lambda _=False, k=kind: self.add(k))
        self.add_button.setMenu(menu)
        self.add_button.clicked.connect(lambda: self.add("pc"))
        self.delete_button = push_button(
            tr(DELETE),
            "rosterDelete",
            self.delete_selected,
            tip=tr("Delete the selected character (asks first; can be undone)"),
        )

        self.table = QTableView()
        self.table.setObjectName("rosterTable")
        named(self.table, tr("Roster"))
        self.table.setTabKeyNavigation(False)  # Tab leaves it; the arrows move between cells
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.table.setAcceptDrops(True)
        self.table.setDropIndicatorShown(True)
        self.table.verticalHeader().hide()
        self.table.setShowGrid(False)
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.table.horizontalHeader().resizeSection(1, zoomed(110))
        self.table.verticalHeader().setDefaultSectionSize(zoomed(26))
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)
        # The table's own menu (right click, or the Menu key / Shift+F10 on a row).
        self.handout_action = QAction(tr("Give &Handout…"), self.table)
        self.handout_action.setObjectName("rosterGiveHandout")
        self.handout_action.setToolTip(tr("Give this player a text or a picture on their phone"))
        self.handout_action.triggered.connect(self.give_handout)
        self.table.addAction(self.handout_action)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        self.empty_label = PlainLabel()
        self.empty_label.setObjectName("rosterEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet(HINT_STYLE + " padding: 16px;")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.table)
        self.stack.addWidget(self.empty_label)

        self.form = CharacterForm()

        # On one line, as wide as in English: a button longer words made wider goes below.
        buttons = Flow()
        buttons.add(self.kind_filter, 1)
        buttons.add(self.add_button, english=ADD)
        buttons.add(self.delete_button, english=DELETE)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.filter_edit)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.stack, 1)
        self.count_label = PlainLabel()
        self.count_label.setObjectName("rosterCount")
        left_layout.addWidget(self.count_label)
        # List above, form below: the roster stays narrow beside the Dice Table.
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(left)
        splitter.addWidget(self.form)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        # Sized, not left to the tabs' hints: the downtime tab would take the list's room.
        splitter.setSizes([330, 270])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)

        self.filter_edit.textChanged.connect(self._apply_filter)
        self.kind_filter.currentIndexChanged.connect(self._apply_filter)
        self.set_session(None)

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = follow_changes(
            self._session, session, self._on_changed, character_selected=self._follow_selection
        )
        self.form.set_session(session)
        writable = session is not None and not session.read_only
        self.add_button.setEnabled(writable)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            if writable
            else QAbstractItemView.EditTrigger.NoEditTriggers
        )
        self.reload()
        if session is None:
            return
        if session.selected_character is not None:
            self._follow_selection(session.selected_character)
        elif self.model.rowCount():
            self._select_row(0)  # a campaign opens with someone to look at

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if topic in (Topic.CHARACTERS, Topic.DICE):
            self.reload()

    def reload(self) -> None:
        selected = self.selected_id()
        records = self._session.campaign.roster.all() if self._session else []
        counts = self._session.campaign.kit.dice_counts() if self._session else {}
        states = {cid: dicepool.play_state(*count) for cid, count in counts.items()}
        self.model.set_records(records, states)
        self._restore_selection(selected)
        self._update_state()

    def _apply_filter(self) -> None:
        selected = self.selected_id()
        self.model.set_filter(self.filter_edit.text(), self.kind_filter.currentData())
        self._restore_selection(selected)
        self._update_state()

    def _restore_selection(self, character_id: int | None) -> None:
        row = self.model.row_of(character_id) if character_id is not None else None
        if row is None:
            self.table.clearSelection()
            self.form.show_record(None)
            if self._session is not None and character_id is not None:
                exists = any(r.id == character_id for r in self.model._all)
                if not exists:
                    self._session.select_character(None)
            return
        self._select_row(row)
        self.form.show_record(self.model.record(row))

    def _update_state(self) -> None:
        shown, total = self.model.rowCount(), self.model.total()
        if self._session is None:
            message = tr("No campaign is open.")
        elif total == 0:
            message = tr(
                "No one in the roster yet.\nAdd a player character, an NPC or a challenge."
            )
        else:
            message = tr("No one matches the filter.")
        self.empty_label.setText(message)
        self.stack.setCurrentWidget(self.table if shown else self.empty_label)
        self.count_label.setText(
            tr("{count} in the roster").format(count=total)
            if shown == total
            else tr("{shown} of {total} shown").format(shown=shown, total=total)
        )
        writable = self._session is not None and not self._session.read_only
        self.delete_button.setEnabled(writable and self.selected_id() is not None)
        self._update_handout_action()

    def _update_handout_action(self) -> None:
        writable = self._session is not None and not self._session.read_only
        selected = self.selected_id()
        self.handout_action.setEnabled(
            writable and selected is not None and self._is_player(selected)
        )

    # -- selection ------------------------------------------------------------------------------

    def selected_id(self) -> int | None:
        index = self.table.selectionModel().currentIndex()
        rows = self.table.selectionModel().selectedRows()
        if not rows or not index.isValid():
            return None
        return self.model.record(index.row()).id

    def _select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(index)

    @read_guard.guarded
    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        record = self.model.record(current.row()) if current.isValid() else None
        self.form.show_record(record)
        self._update_state()
        if self._session is not None:
            self._session.select_character(record.id if record else None)

    def _follow_selection(self, character_id: object) -> None:
        if not isinstance(character_id, int) or character_id == self.selected_id():
            return
        row = self.model.row_of(character_id)
        if row is None and self.model.total() != len(self.model._shown):
            self.filter_edit.clear()
            self.kind_filter.setCurrentIndex(0)
            row = self.model.row_of(character_id)
        if row is not None:
            self._select_row(row)

    # -- actions ---------------------------------------------------------------------------------

    def add(self, kind: str) -> None:
        if self._session is None or self._session.read_only:
            return
        if self._session.push(AddCharacter(self._session, tr(NEW_NAMES[kind]), kind)):
            self.form.name_edit.setFocus()
            self.form.name_edit.selectAll()

    def give_handout(self) -> None:
        """A text or a picture for the selected player character (a dialog, one undo step)."""
        from desktop.ui.handouts.entry import give_to

        session, character_id = self._session, self.selected_id()
        if session is not None and character_id is not None and self._is_player(character_id):
            give_to(self, session, character_id)

    def _is_player(self, character_id: int) -> bool:
        row = self.model.row_of(character_id)
        return row is not None and self.model.record(row).kind == roster.KINDS[0]

    def delete_selected(self) -> None:
        character_id = self.selected_id()
        if self._session is None or character_id is None:
            return
        from desktop.store import OWNER_CHARACTER  # downtime's records: read only here

        campaign = self._session.campaign
        record = campaign.roster.get(character_id)
        clocks = [clock.name for clock in campaign.clocks.of_owner(OWNER_CHARACTER, character_id)]
        # Their clocks go with them: say so, by name, before the GM agrees.
        named_clocks = ", ".join(clocks)
        if len(clocks) == 1:
            question = tr(
                "Delete {name} from the roster?\n\nTheir clock goes too: {clocks}."
                "\n\nEdit > Undo brings them back."
            ).format(name=record.name, clocks=named_clocks)
        elif clocks:
            question = ntr(
                "Delete {name} from the roster?\n\nTheir {count} clock goes too: {clocks}."
                "\n\nEdit > Undo brings them back.",
                "Delete {name} from the roster?\n\nTheir {count} clocks go too: {clocks}."
                "\n\nEdit > Undo brings them back.",
                len(clocks),
            ).format(name=record.name, count=len(clocks), clocks=named_clocks)
        else:
            question = tr("Delete {name} from the roster?\n\nEdit > Undo brings them back.").format(
                name=record.name
            )
        answer = ask(
            self,
            tr("Delete from the roster"),
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self._session.push(DeleteCharacter(self._session, record))

    def flush_edits(self) -> None:
        """Edits typed in the last moments, written before the campaign closes."""
        if self.form.downtime_page.is_built():
            self.form.downtime.flush_edits()

    def _award(self, die_id: int, from_character: int, to_character: int) -> None:
        if self._session is not None and not self._session.read_only:
            award_depleted(self._session, die_id, from_character, to_character)

    def _rename(self, record: CharacterRecord, name: str) -> None:
        if self._session is None:
            return
        try:
            cleaned = roster.check_name(name)
        except ValueError as error:
            self._session.report_failure(str(error))
            return
        self._session.push(EditCharacter(self._session, record, "name", cleaned))
