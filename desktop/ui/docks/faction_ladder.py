"""The Faction Ladder dock: every faction on its tier row, the chapter among them.

A card shows a faction's name, hold, status with the chapter, whether it is at war,
and its clocks. The GM drags a card to another tier (or place in its row), clicks the
status badge to change the status, double-clicks a card to edit it, and adds or
deletes factions from the toolbar or the context menu. Every change is an undo
command written through the store; the ladder redraws from the store's topics.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap, QUndoCommand
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import factions
from desktop.store import OWNER_FACTION, ChapterRecord, ClockRecord, FactionRecord, Topic
from desktop.ui import read_guard
from desktop.ui.accessible import named
from desktop.ui.faction_commands import (
    AddFaction,
    DeleteFaction,
    EditFaction,
    FactionLosesHold,
    MoveFaction,
)
from desktop.ui.form_helpers import error_label, follow_changes, show_error
from desktop.ui.plain_text import PlainLabel, menu_text, plain_action_tip
from desktop.ui.session import CampaignSession
from desktop.ui.shown_commands import set_faction_shown
from desktop.ui.theme import ERROR, STATUS_COLOURS, colour
from desktop.ui.widgets.flow import Flow
from desktop.ui.widgets.ladder_scene import (
    LadderScene,
    LadderStyle,
    LadderView,
    status_text,
)
from desktop.ui.window_language import ntr, tr

TOPICS = frozenset({Topic.FACTIONS, Topic.CLOCKS, Topic.CHAPTER})
STATUSES = tuple(range(factions.MAX_STATUS, factions.MIN_STATUS - 1, -1))  # +3 .. -3


@dataclass(frozen=True)
class FactionValues:
    """What the faction dialog edits."""

    name: str
    tier: int = 0
    hold: str = factions.STRONG
    status: int = factions.NEUTRAL
    at_war_with_others: bool = False
    notes: str = ""
    shown: bool = True  # shown to players: factions are, unless the GM hides one

    @classmethod
    def of(cls, record: FactionRecord) -> FactionValues:
        return cls(
            record.name,
            record.tier,
            record.hold,
            record.status,
            record.at_war_with_others,
            record.notes,
            record.shown,
        )

    def check(self) -> str | None:
        """The rules' objection to these values, in plain words, or None."""
        if not self.name.strip():
            return tr("Give the faction a name.")
        try:
            factions.Faction(
                self.name.strip(), self.tier, self.hold, self.status, self.at_war_with_others
            )
        except ValueError as error:
            return str(error)
        return None


def keyed(words: str, keys: str) -> str:
    """A menu entry's words and, after a tab, its keys (Qt shows them at the right)."""
    return f"{words}\t{keys}"


def status_icon(status: int) -> QIcon:
    """A dot of the status colour: the menu matches the badges on the cards."""
    pixmap = QPixmap(12, 12)
    pixmap.fill(QColor(STATUS_COLOURS[status]))
    return QIcon(pixmap)


class FactionDialog(QDialog):
    """Add or edit a faction. OK asks `submit`; a problem it reports keeps the dialog open."""

    def __init__(
        self,
        parent: QWidget,
        title: str,
        values: FactionValues,
        submit: Callable[[FactionValues], str | None],
        *,
        tier_editable: bool,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("factionDialog")
        self.setWindowTitle(title)
        self._submit = submit
        self.name_edit = QLineEdit(values.name)
        self.name_edit.setObjectName("factionName")
        self.name_edit.setPlaceholderText(tr("e.g. The Red Sashes"))
        self.tier_spin = QSpinBox()
        self.tier_spin.setObjectName("factionTier")
        self.tier_spin.setRange(factions.MIN_TIER, factions.MAX_TIER)
        self.tier_spin.setValue(values.tier)
        self.tier_spin.setEnabled(tier_editable)
        if not tier_editable:
            self.tier_spin.setToolTip(
                tr("Drag the card to another row, or use Move Up/Down a Tier.")
            )
        self.scale_label = PlainLabel()
        self.tier_spin.valueChanged.connect(self._show_scale)
        self.hold_combo = QComboBox()
        self.hold_combo.setObjectName("factionHold")
        self.hold_combo.addItem(tr("Strong"), factions.STRONG)
        self.hold_combo.addItem(tr("Weak"), factions.WEAK)
        self.hold_combo.setCurrentIndex(max(0, self.hold_combo.findData(values.hold)))
        self.status_combo = QComboBox()
        self.status_combo.setObjectName("factionStatus")
        for status in STATUSES:
            self.status_combo.addItem(status_icon(status), status_text(status), status)
        self.status_combo.setCurrentIndex(max(0, self.status_combo.findData(values.status)))
        self.war_check = QCheckBox(tr("At war with other factions"))
        self.war_check.setObjectName("factionWar")
        self.war_check.setChecked(values.at_war_with_others)
        self.shown_check = QCheckBox(tr("Shown to &players"))
        self.shown_check.setObjectName("factionShown")
        self.shown_check.setToolTip(tr("Show this faction's standing on the player display"))
        self.shown_check.setChecked(values.shown)
        self.notes_edit = QPlainTextEdit(values.notes)
        self.notes_edit.setObjectName("factionNotes")
        # Tab leaves the notes: a keyboard user is never held in them.
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setPlaceholderText(tr("Leaders, turf, what they want…"))
        self.error_label = error_label("factionError", bold=True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.try_accept)
        self.buttons.rejected.connect(self.reject)
        self._lay_out()
        self._show_scale(values.tier)
        self.name_edit.selectAll()

    def _lay_out(self) -> None:
        tier_row = QHBoxLayout()
        tier_row.addWidget(self.tier_spin)
        tier_row.addWidget(self.scale_label, 1)
        form = QFormLayout()
        form.addRow(tr("&Name"), self.name_edit)
        # A row of its own (the spin box and the scale's words): its label is given the
        # spin box, or the "&" would show ("&Tier", the French walk).
        tier_label = PlainLabel(tr("&Tier"))
        tier_label.setBuddy(self.tier_spin)
        form.addRow(tier_label, tier_row)
        form.addRow(tr("&Hold"), self.hold_combo)
        form.addRow(tr("&Status with us"), self.status_combo)
        form.addRow("", self.war_check)
        form.addRow("", self.shown_check)
        form.addRow(tr("N&otes"), self.notes_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.resize(380, 340)

    def _show_scale(self, tier: int) -> None:
        # The rules' words, which the catalogue holds (the printed ladder shows them).
        self.scale_label.setText(tr(factions.gang_scale_label(tier)))

    def values(self) -> FactionValues:
        return FactionValues(
            name=self.name_edit.text().strip(),
            tier=self.tier_spin.value(),
            hold=str(self.hold_combo.currentData()),
            status=int(self.status_combo.currentData()),
            at_war_with_others=self.war_check.isChecked(),
            notes=self.notes_edit.toPlainText(),
            shown=self.shown_check.isChecked(),
        )

    def show_error(self, message: str | None) -> None:
        show_error(self.error_label, message)

    def try_accept(self) -> None:
        values = self.values()
        problem = values.check() or self._submit(values)
        self.show_error(problem)
        if problem is None:
            self.accept()
        else:
            self.name_edit.setFocus()


class FactionLadderWidget(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("factionLadder")
        self._session: CampaignSession | None = None
        self._factions: list[FactionRecord] = []
        self._clocks: dict[int, tuple[ClockRecord, ...]] = {}
        self._chapter: ChapterRecord | None = None
        self._failure: str | None = None
        self.dialog: FactionDialog | None = None
        self.menu: QMenu | None = None  # the open status or context menu
        self.scene = LadderScene(LadderStyle.of(self.palette(), self.font()), self)
        self.view = LadderView(self.scene)
        self.view.setObjectName("factionLadderView")
        named(self.view, tr("Faction ladder"))
        self.add_button = self._tool_button(tr("Add Faction…"), "factionAdd", self.add_faction)
        self.edit_button = self._tool_button(tr("Edit…"), "factionEdit", self.edit_selected)
        self.delete_button = self._tool_button(tr("Delete"), "factionDelete", self.delete_selected)
        self.count_label = PlainLabel()
        self.count_label.setObjectName("factionCount")
        # Wrapped, so the ladder fits a narrow column beside the cards (Prep) whole.
        self.count_label.setWordWrap(True)
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.message_label = PlainLabel()
        self.message_label.setObjectName("factionMessage")
        self.message_label.setWordWrap(True)
        # A red frame around text in the palette's colour: readable in light and dark.
        red = colour(self.palette(), ERROR).name()
        self.message_label.setStyleSheet(
            f"QLabel {{ border: 1px solid {red}; border-radius: 4px; padding: 4px; }}"
        )
        self.message_label.hide()
        self._lay_out()
        self._connect()
        self._restyle()
        self._show()

    def _tool_button(self, text: str, name: str, slot: Callable[[], None]) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setObjectName(name)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.clicked.connect(lambda _checked=False: slot())  # not the checked flag as a tier
        return button

    def _lay_out(self) -> None:
        # The buttons and the count wrap onto two rows where the words are long.
        top = Flow(spacing=6, tall_minimum=True)
        for button in (self.add_button, self.edit_button, self.delete_button):
            top.add(button)
        top.add(self.count_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.message_label)
        layout.addWidget(self.view, 1)
        self.add_button.setToolTip(tr("Add a faction to the ladder"))
        self.edit_button.setToolTip(tr("Edit the selected faction (or double-click its card)"))
        self.delete_button.setToolTip(tr("Delete the selected faction and its clocks (undoable)"))

    def _connect(self) -> None:
        self.scene.status_requested.connect(self.show_status_menu)
        self.scene.faction_activated.connect(self.edit_faction)
        self.scene.shown_requested.connect(self.toggle_shown)
        self.scene.selectionChanged.connect(self._update_buttons)
        self.view.faction_dropped.connect(self.move_faction)
        self.view.context_requested.connect(self.show_context_menu)
        self.view.key_command.connect(self._on_key)
        self.view.resized.connect(self._lay_out_scene)

    # -- the session ------------------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = follow_changes(
            self._session, session, self._on_changed, failed=self._on_failed
        )
        self.reload()

    def reload(self) -> None:
        for topic in TOPICS:
            self._load(topic)
        self._show()

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        # Each topic re-reads only its part: a status change does not re-read 600 clocks.
        if topic in TOPICS:
            self._load(topic)
            self._show()

    def _on_failed(self, message: str) -> None:
        self._failure = message

    def _load(self, topic: str) -> None:
        campaign = self._session.campaign if self._session is not None else None
        if topic == Topic.FACTIONS:
            self._factions = campaign.factions.all() if campaign else []
        elif topic == Topic.CLOCKS:
            grouped: dict[int, list[ClockRecord]] = {}
            for clock in campaign.clocks.all() if campaign else []:
                if clock.owner_kind == OWNER_FACTION:
                    grouped.setdefault(clock.owner_id, []).append(clock)
            self._clocks = {owner: tuple(clocks) for owner, clocks in grouped.items()}
        elif topic == Topic.CHAPTER:
            self._chapter = campaign.chapter.get() if campaign else None

    def _show(self) -> None:
        self.scene.editable = self._writable()
        width = self.view.scene_width()
        self.scene.show_ladder(self._factions, self._clocks, self._chapter, width)
        # Two different wars: one with the chapter (status -3) costs the chapter, one
        # between others only marks the faction. Saying "at war" for both misled.
        with_us = sum(1 for f in self._factions if f.status == factions.WAR_STATUS)
        others = sum(
            1 for f in self._factions if f.at_war_with_others and f.status != factions.WAR_STATUS
        )
        count = len(self._factions)
        parts = [ntr("{count} faction", "{count} factions", count).format(count=count)]
        if with_us:
            parts.append(tr("{count} at war with the chapter").format(count=with_us))
        if others:
            parts.append(tr("{count} at war with others (WAR*)").format(count=others))
        self.count_label.setText(" · ".join(parts))
        self._update_buttons()

    def _lay_out_scene(self) -> None:
        self.scene.lay_out(self.view.scene_width())

    def _writable(self) -> bool:
        return self._session is not None and not self._session.read_only

    def _update_buttons(self) -> None:
        writable = self._writable()
        selected = self.scene.selected_id() is not None
        self.add_button.setEnabled(writable)
        self.edit_button.setEnabled(writable and selected)
        self.delete_button.setEnabled(writable and selected)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._restyle()

    def _restyle(self) -> None:
        style = LadderStyle.of(self.palette(), self.font())
        self.scene.set_style(style)
        self.view.setBackgroundBrush(style.window)

    # -- changing factions ------------------------------------------------------------------

    def _push(self, command: QUndoCommand) -> str | None:
        """Push a command; None if it worked, else the plain message the store gave."""
        assert self._session is not None
        self._failure = None
        if self._session.push(command):
            self._show_message(None)
            return None
        message = self._failure or tr("The change could not be made.")
        self._show_message(message)
        return message

    def _show_message(self, message: str | None) -> None:
        show_error(self.message_label, message)

    def record(self, faction_id: int) -> FactionRecord | None:
        return next((f for f in self._factions if f.id == faction_id), None)

    def selected_record(self) -> FactionRecord | None:
        faction_id = self.scene.selected_id()
        return None if faction_id is None else self.record(faction_id)

    def _name_taken(self, name: str, faction_id: int = 0) -> str | None:
        folded = name.strip().casefold()
        for other in self._factions:
            if other.id != faction_id and other.name.casefold() == folded:
                return tr("There is already a faction called {name}.").format(name=other.name)
        return None

    def add_faction(self, tier: int = factions.MIN_TIER) -> None:
        if not self._writable():
            return
        self._open_dialog(
            tr("Add a faction"),
            FactionValues("", tier=tier),
            self._submit_add,
            tier_editable=True,
        )

    def _submit_add(self, values: FactionValues) -> str | None:
        problem = self._name_taken(values.name)
        if problem is not None or self._session is None:
            return problem
        command = AddFaction(
            self._session,
            values.name,
            tier=values.tier,
            hold=values.hold,
            status=values.status,
            at_war_with_others=values.at_war_with_others,
            notes=values.notes,
            shown=values.shown,
        )
        problem = self._push(command)
        if problem is None and command.faction_id is not None:
            self.reveal(command.faction_id)
        return problem

    def _for_selected(self, act: Callable[[int], object]) -> None:
        """`act` on the id of the selected faction, when one is selected."""
        record = self.selected_record()
        if record is not None:
            act(record.id)

    def edit_selected(self) -> None:
        self._for_selected(self.edit_faction)

    def edit_faction(self, faction_id: int) -> None:
        record = self.record(faction_id)
        if record is None or not self._writable():
            return
        self._open_dialog(
            tr("Edit {name}").format(name=record.name),
            FactionValues.of(record),
            partial(self._submit_edit, faction_id),
            tier_editable=False,
        )

    def _submit_edit(self, faction_id: int, values: FactionValues) -> str | None:
        record = self.record(faction_id)
        if record is None or self._session is None:
            return tr("This faction is no longer on the ladder.")
        problem = self._name_taken(values.name, faction_id)
        if problem is not None:
            return problem
        wanted = replace(values, tier=record.tier)
        changes = {
            name: getattr(wanted, name)
            for name in ("name", "hold", "status", "at_war_with_others", "notes", "shown")
            if getattr(wanted, name) != getattr(record, name)
        }
        if not changes:
            return None
        return self._push(EditFaction(self._session, record, **changes))

    def _open_dialog(
        self,
        title: str,
        values: FactionValues,
        submit: Callable[[FactionValues], str | None],
        *,
        tier_editable: bool,
    ) -> None:
        if self.dialog is not None:
            self.dialog.reject()
            self.dialog.deleteLater()
        self.dialog = FactionDialog(self, title, values, submit, tier_editable=tier_editable)
        self.dialog.open()

    def delete_selected(self) -> None:
        self._for_selected(self.delete_faction)

    def delete_faction(self, faction_id: int) -> None:
        record = self.record(faction_id)
        if record is not None and self._writable() and self._session is not None:
            self._push(DeleteFaction(self._session, record))

    def lose_hold(self, faction_id: int) -> None:
        """The faction loses hold (an operation against it, a lost war)."""
        record = self.record(faction_id)
        if record is not None and self._writable() and self._session is not None:
            self._push(FactionLosesHold(self._session, record))

    def set_status(self, faction_id: int, status: int) -> None:
        record = self.record(faction_id)
        if record is None or record.status == status or not self._writable():
            return
        assert self._session is not None
        self._push(EditFaction(self._session, record, status=status))

    def step_status(self, delta: int) -> None:
        record = self.selected_record()
        if record is not None:
            self.set_status(record.id, factions.change_status(record.status, delta))

    def move_faction(self, faction_id: int, tier: int, position: int) -> None:
        """Put a faction at `position` of the `tier` row (after it leaves its old place)."""
        record = self.record(faction_id)
        if (
            record is None
            or not self._writable()
            or (tier, position)
            == (
                record.tier,
                record.position,
            )
        ):
            return
        assert self._session is not None
        if self._push(MoveFaction(self._session, record, tier, position)) is None:
            self.reveal(faction_id)

    def move_tier(self, faction_id: int, delta: int) -> None:
        """One tier up or down, to the end of that row: the keyboard's and menu's drag."""
        record = self.record(faction_id)
        if record is None:
            return
        tier = record.tier + delta
        if not factions.MIN_TIER <= tier <= factions.MAX_TIER:
            return
        self.move_faction(faction_id, tier, sum(1 for f in self._factions if f.tier == tier))

    def move_in_row(self, faction_id: int, delta: int) -> None:
        """One place earlier or later in its tier's row: the keyboard's drag along the row."""
        record = self.record(faction_id)
        if record is None:
            return
        position = record.position + delta
        if 0 <= position < sum(1 for f in self._factions if f.tier == record.tier):
            self.move_faction(faction_id, record.tier, position)

    def reveal(self, faction_id: int) -> None:
        card = self.scene.select(faction_id)
        if card is not None:
            self.view.ensureVisible(card, 8, 8)

    # -- menus and keys ---------------------------------------------------------------------

    def _new_menu(self, name: str) -> QMenu:
        if self.menu is not None:
            self.menu.close()
            self.menu.deleteLater()
        self.menu = QMenu(self)
        self.menu.setObjectName(name)
        return self.menu

    def _add_status_actions(self, menu: QMenu, record: FactionRecord) -> None:
        for status in STATUSES:
            action = menu.addAction(status_icon(status), status_text(status))
            action.setObjectName(f"status{status:+d}")
            action.setCheckable(True)
            action.setChecked(status == record.status)
            action.triggered.connect(partial(self._status_chosen, record.id, status))

    def _status_chosen(self, faction_id: int, status: int, _checked: bool = False) -> None:
        if self.menu is not None:
            self.menu.close()
        self.set_status(faction_id, status)

    def show_status_menu(self, faction_id: int, where: QPoint) -> None:
        record = self.record(faction_id)
        if record is None or not self._writable():
            return
        menu = self._new_menu("factionStatusMenu")
        menu.setToolTipsVisible(True)
        title = menu.addAction(tr("Status with {name}").format(name=menu_text(record.name)))
        title.setEnabled(False)
        plain_action_tip(title)  # this menu shows tips: a name is only text
        menu.addSeparator()
        self._add_status_actions(menu, record)
        menu.popup(where)

    def show_context_menu(self, faction_id: int, tier: int, where: QPoint) -> None:
        if not self._writable():
            return
        menu = self._new_menu("factionContextMenu")
        record = self.record(faction_id)
        if record is not None:
            self._add_card_actions(menu, record)
            menu.addSeparator()
        if tier >= 0:
            add = menu.addAction(tr("Add Faction at Tier {tier}…").format(tier=tier))
            add.triggered.connect(partial(self._menu_add, tier))
        else:
            add = menu.addAction(tr("Add Faction…"))
            add.triggered.connect(partial(self._menu_add, factions.MIN_TIER))
        add.setObjectName("menuAdd")
        menu.popup(where)

    def _add_card_actions(self, menu: QMenu, record: FactionRecord) -> None:
        top, bottom = record.tier < factions.MAX_TIER, record.tier > factions.MIN_TIER
        entries = (
            (
                keyed(tr("Edit…"), "Enter"),  # untranslated: a key's name
                "menuEdit",
                partial(self.edit_faction, record.id),
                True,
            ),
            (
                keyed(tr("Move Up a Tier"), "Ctrl+Up"),
                "menuUp",
                partial(self.move_tier, record.id, 1),
                top,
            ),
            (
                keyed(tr("Move Down a Tier"), "Ctrl+Down"),
                "menuDown",
                partial(self.move_tier, record.id, -1),
                bottom,
            ),
            (
                keyed(tr("Move Left in the Row"), "Ctrl+Left"),
                "menuEarlier",
                partial(self.move_in_row, record.id, -1),
                record.position > 0,
            ),
            (
                keyed(tr("Move Right in the Row"), "Ctrl+Right"),
                "menuLater",
                partial(self.move_in_row, record.id, 1),
                record.position + 1 < sum(1 for f in self._factions if f.tier == record.tier),
            ),
            (
                tr("Lose Hold"),
                "menuLoseHold",
                partial(self.lose_hold, record.id),
                bottom or record.hold == factions.STRONG,
            ),
        )
        for text, name, slot, enabled in entries:
            action = menu.addAction(text)
            action.setObjectName(name)
            action.setEnabled(enabled)
            action.triggered.connect(partial(self._menu_run, slot))
        status_menu = menu.addMenu(tr("Status"))
        self._add_status_actions(status_menu, record)
        shown = menu.addAction(tr("Shown to Players"))
        shown.setObjectName("menuShown")
        shown.setCheckable(True)
        shown.setChecked(record.shown)
        shown.triggered.connect(partial(self._menu_run, partial(self.toggle_shown, record.id)))
        menu.addSeparator()
        delete = menu.addAction(tr("Delete {name}").format(name=menu_text(record.name)))
        delete.setObjectName("menuDelete")
        delete.triggered.connect(partial(self._menu_run, partial(self.delete_faction, record.id)))

    def toggle_shown(self, faction_id: int) -> None:
        """Show a faction on the player display, or hide it (one click on its eye)."""
        record = self.record(faction_id)
        if record is not None and self._writable() and self._session is not None:
            set_faction_shown(self._session, record, not record.shown)

    def _menu_run(self, slot: Callable[[], None], _checked: bool = False) -> None:
        if self.menu is not None:
            self.menu.close()
        slot()

    def _menu_add(self, tier: int, _checked: bool = False) -> None:
        self._menu_run(partial(self.add_faction, tier))

    def _on_key(self, command: str) -> None:
        record = self.selected_record()
        if record is None:
            return
        actions: dict[str, Callable[[], None]] = {
            "delete": partial(self.delete_faction, record.id),
            "edit": partial(self.edit_faction, record.id),
            "status_up": partial(self.step_status, 1),
            "status_down": partial(self.step_status, -1),
            "tier_up": partial(self.move_tier, record.id, 1),
            "tier_down": partial(self.move_tier, record.id, -1),
            "row_earlier": partial(self.move_in_row, record.id, -1),
            "row_later": partial(self.move_in_row, record.id, 1),
        }
        actions[command]()
