"""What a character carries: its traits, its weapons and armour, and its starting pool.

Shown as the "Traits & items" tab of the roster's character form. Two small table models
over plain records (no QStandardItemModel), edited in place; every change is an undo
command (`kit_commands`, `dice_commands.AddDice`) that writes through the store, and the
store's change notices refresh the view. Values are checked by `desktop.rules` before a
command is pushed, so a bad one is refused next to the table with the rule's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QIcon, QKeySequence, QPainter, QPixmap, QShortcut, QUndoCommand
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.paint.dice import paint_die
from desktop.rules import dicepool, roster
from desktop.rules.dicepool import ItemKind, Kind, Place
from desktop.store import DieRecord, ItemRecord, NotFound, Topic, TraitRecord
from desktop.ui.accessible import named
from desktop.ui.card_commands import UpdateSettings
from desktop.ui.damaged_note import damaged_note, read_around
from desktop.ui.dice_commands import AddDice
from desktop.ui.form_helpers import (
    CampaignView,
    error_label,
    follow_changes,
    labelled_row,
    push_button,
    vertical_scroll,
    wide_and_narrow,
    wrapped_label,
)
from desktop.ui.kit_commands import (
    AddItem,
    AddTrait,
    DeleteItem,
    DeleteTrait,
    EditItem,
    EditTrait,
)
from desktop.ui.plain_text import RichLabel, escaped
from desktop.ui.session import CampaignSession
from desktop.ui.theme import ERROR, text_style
from desktop.ui.widgets.record_table import RecordTableModel
from desktop.ui.window_language import ntr, tr
from desktop.ui.zoom import zoom_size, zoomed

ModelIndex = QModelIndex | QPersistentModelIndex
TOPICS = frozenset({Topic.TRAITS, Topic.ITEMS, Topic.DICE, Topic.CHARACTERS, Topic.CAMPAIGN})
TRAIT_VALUE_MAX = 20  # a trait's steps can go on several dice, so more than d4->d20's five
# Marked here, translated where shown (tr(ITEM_KIND_LABELS[kind])).
ITEM_KIND_LABELS: dict[str, str] = {ItemKind.WEAPON: N_("Weapon"), ItemKind.ARMOUR: N_("Armour")}
NEW_ITEM_NAMES: dict[str, str] = {
    ItemKind.WEAPON: N_("New weapon"),
    ItemKind.ARMOUR: N_("New armour"),
}
# The rules' challenge presets (dicepool.PRESETS) by name, as the GM reads them.
PRESET_WORDS: dict[str, str] = {
    "Easy": N_("Easy"),
    "Tiring": N_("Tiring"),
    "Draining": N_("Draining"),
    "Exhausting": N_("Exhausting"),
    "Deadly": N_("Deadly"),
}
ROW_HEIGHT = 24


def _checked(value: object) -> bool:
    """A check state as Qt hands it to setData: an enum or its plain number."""
    return value in (Qt.CheckState.Checked, Qt.CheckState.Checked.value)


def unique_name(base: str, taken: list[str]) -> str:
    """`base`, or `base 2`, `base 3`... whichever no one has yet (any case)."""
    names = {name.casefold() for name in taken}
    candidate, number = base, 1
    while candidate.casefold() in names:
        number += 1
        candidate = f"{base} {number}"
    return candidate


@cache
def die_icon(size: int, kind: str, used: bool) -> QIcon:
    """The item's die drawn small, shape and colour as on the Dice Table."""
    pixmap = QPixmap(40, 40)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_die(painter, QRectF(2, 2, 36, 36), size, kind=kind, depleted=used)
    painter.end()
    return QIcon(pixmap)


# -- models -----------------------------------------------------------------------------------


class TraitModel(RecordTableModel):
    """A character's traits. Edits in place ask (`edit_requested`), never write."""

    edit_requested = Signal(object, str, object)  # TraitRecord, field, value
    NAME, VALUE, BROAD = range(3)
    HEADERS = (N_("Trait"), N_("Value"), N_("Scope"))

    def __init__(self) -> None:
        super().__init__()
        self._records: list[TraitRecord] = []
        self._editable = False

    def set_records(self, records: list[TraitRecord], editable: bool) -> bool:
        """Show these traits; False if nothing changed (and the model was left alone)."""
        if records == self._records and editable == self._editable:
            return False  # e.g. a roll changed the dice: keep an open editor and the selection
        self.beginResetModel()
        self._records = records
        self._editable = editable
        self.endResetModel()
        return True

    def records(self) -> list[TraitRecord]:
        return list(self._records)

    def record(self, row: int) -> TraitRecord:
        return self._records[row]

    def row_of(self, trait_id: int) -> int | None:
        return next((r for r, t in enumerate(self._records) if t.id == trait_id), None)

    def visible(self) -> list[Any]:
        return self._records

    def record_data(self, trait: TraitRecord, column: int, role: int) -> object:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == self.NAME:
                return trait.name
            if column == self.VALUE:
                return trait.value
            return tr("Broad") if trait.broad else tr("Constrained")
        if role == Qt.ItemDataRole.CheckStateRole and column == self.BROAD:
            return Qt.CheckState.Checked if trait.broad else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.VALUE:
            return Qt.AlignmentFlag.AlignCenter
        if role == Qt.ItemDataRole.UserRole:
            return trait.id
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(column)
        return None

    def _tooltip(self, column: int) -> str:
        if column == self.VALUE:
            return tr("Dice steps the trait gives a roll it applies to.")
        if column == self.BROAD:
            return tr(
                "Ticked: a broad trait (Strength). Unticked: a constrained one (Physics).\n"
                "At creation a broad trait costs one die; one die buys three constrained ones."
            )
        return tr("Double-click to rename.")

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid() or not self._editable:
            return base
        if index.column() == self.BROAD:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    def setData(
        self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if not index.isValid() or not self._editable:
            return False
        trait = self._records[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.CheckStateRole and column == self.BROAD:
            self.edit_requested.emit(trait, "broad", _checked(value))
        elif role == Qt.ItemDataRole.EditRole and column in (self.NAME, self.VALUE):
            self.edit_requested.emit(trait, ("name", "value")[column], value)
        return False  # the store's change notice refreshes the model


class ItemModel(RecordTableModel):
    """A character's weapons and armour, each with its one die."""

    edit_requested = Signal(object, str, object)  # ItemRecord, field, value
    NAME, KIND, DIE, DEPLETE = range(4)
    HEADERS = (N_("Item"), N_("Kind"), N_("Die"), N_("Depletes"))

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[tuple[ItemRecord, DieRecord | None]] = []
        self._editable = False

    def set_records(
        self, items: list[ItemRecord], dice: dict[int, DieRecord], editable: bool
    ) -> bool:
        rows = [(item, None if item.die_id is None else dice.get(item.die_id)) for item in items]
        if rows == self._rows and editable == self._editable:
            return False
        self.beginResetModel()
        self._rows = rows
        self._editable = editable
        self.endResetModel()
        return True

    def record(self, row: int) -> ItemRecord:
        return self._rows[row][0]

    def die(self, row: int) -> DieRecord | None:
        return self._rows[row][1]

    def row_of(self, item_id: int) -> int | None:
        return next((r for r, (item, _) in enumerate(self._rows) if item.id == item_id), None)

    def visible(self) -> list[Any]:
        return self._rows

    def record_data(
        self, row: tuple[ItemRecord, DieRecord | None], column: int, role: int
    ) -> object:
        item, die = row
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(item, die, column)
        if role == Qt.ItemDataRole.EditRole:
            if column == self.DIE:
                return die.size if die else None
            return item.name if column == self.NAME else None
        if role == Qt.ItemDataRole.DecorationRole and column == self.DIE and die is not None:
            return die_icon(die.size, die.kind, die.place != Place.POOL)
        if role == Qt.ItemDataRole.CheckStateRole and column == self.DEPLETE:
            # Protection dice always deplete on a 1: shown ticked, and fixed (flags).
            depletes = item.deplete or item.kind == ItemKind.ARMOUR
            return Qt.CheckState.Checked if depletes else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(item, die, column)
        if role == Qt.ItemDataRole.UserRole:
            return item.id
        return None

    def _text(self, item: ItemRecord, die: DieRecord | None, column: int) -> str:
        if column == self.NAME:
            return item.name
        if column == self.KIND:
            label = ITEM_KIND_LABELS.get(item.kind)
            return tr(label) if label else item.kind
        if column == self.DIE:
            return f"d{die.size}" if die else tr("none")
        if item.kind == ItemKind.ARMOUR:
            return tr("always")
        return tr("on a 1") if item.deplete else tr("never")

    def _tooltip(self, item: ItemRecord, die: DieRecord | None, column: int) -> str:
        if column == self.DIE:
            if die is None:
                return tr("This item has no die.")
            if die.kind == Kind.DAMAGE:
                what = tr("Damage die d{size}").format(size=die.size)
            elif die.kind == Kind.PROTECTION:
                what = tr("Protection die d{size}").format(size=die.size)
            else:
                what = tr("A die d{size}").format(size=die.size)
            where: dict[str, str] = {
                Place.POOL: tr("ready"),
                Place.TABLE: tr("used up (on the table)"),
                Place.REMOVED: tr("removed"),
            }
            return tr("{die_name}: {state}.").format(
                die_name=what, state=where.get(die.place, die.place)
            )
        if column == self.DEPLETE:
            if item.kind == ItemKind.ARMOUR:
                return tr("A protection die always depletes on a 1 (the rules).")
            return tr("Ticked: this weapon's damage die depletes when it shows a 1.")
        if column == self.KIND:
            return tr("A weapon rolls a damage die (red), armour a protection die (blue).")
        return tr("Double-click to rename.")

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        if not index.isValid():
            return base
        item, die = self._rows[index.row()]
        column = index.column()
        if column == self.DEPLETE and item.kind == ItemKind.ARMOUR:
            return base & ~Qt.ItemFlag.ItemIsEnabled  # fixed by the rules, drawn greyed
        if not self._editable:
            return base
        if column == self.NAME or (column == self.DIE and die is not None):
            return base | Qt.ItemFlag.ItemIsEditable
        if column == self.DEPLETE:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base

    def setData(
        self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if not index.isValid() or not self._editable:
            return False
        item, _die = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.CheckStateRole and column == self.DEPLETE:
            if item.kind == ItemKind.WEAPON:
                self.edit_requested.emit(item, "deplete", _checked(value))
        elif role == Qt.ItemDataRole.EditRole and column == self.NAME:
            self.edit_requested.emit(item, "name", value)
        elif role == Qt.ItemDataRole.EditRole and column == self.DIE:
            self.edit_requested.emit(item, "die_size", value)
        return False


# -- editors ----------------------------------------------------------------------------------


class SpinDelegate(QStyledItemDelegate):
    """A whole number from `low` to `high`: out-of-range values cannot even be typed."""

    def __init__(self, low: int, high: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._range = (low, high)

    def createEditor(
        self, parent: QWidget, _option: QStyleOptionViewItem, _index: ModelIndex
    ) -> QWidget:
        spin = QSpinBox(parent)
        spin.setRange(*self._range)
        spin.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return spin

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        assert isinstance(editor, QSpinBox)
        editor.setValue(int(index.data(Qt.ItemDataRole.EditRole)))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> None:
        assert isinstance(editor, QSpinBox)
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class DieSizeDelegate(QStyledItemDelegate):
    """The die sizes of the rules, d4 to d20, as a drop-down list."""

    def createEditor(
        self, parent: QWidget, _option: QStyleOptionViewItem, _index: ModelIndex
    ) -> QWidget:
        combo = QComboBox(parent)
        for size in dicepool.SIZES:
            combo.addItem(f"d{size}", size)
        # Committing on pick saves a second click or an Enter on a narrow table.
        combo.activated.connect(self._commit)
        return combo

    def _commit(self) -> None:
        combo = self.sender()
        if isinstance(combo, QComboBox):
            self.commitData.emit(combo)
            self.closeEditor.emit(combo, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


# -- the starting pool ------------------------------------------------------------------------


class StartingPool(QGroupBox):
    """Offered while a character has no ordinary dice at all: build its first pool.

    A PC or NPC gets the rules' character creation (10 d6 less what its listed traits
    cost); a challenge gets one of the rule text's five presets in the size the GM picks.
    """

    create_requested = Signal(int, int)  # die size, number of dice
    starting_dice_changed = Signal(int)  # the campaign's starting_dice setting

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Starting pool"), parent)
        self.setObjectName("startingPool")
        self._plan: tuple[int, int] | None = None
        self._starting_dice = dicepool.DEFAULT_POOL_DICE
        self._traits: list[TraitRecord] = []
        self.starting_spin = QSpinBox()
        self.starting_spin.setObjectName("startingDice")
        self.starting_spin.setRange(1, dicepool.MAX_STARTING_DICE)
        self.starting_spin.setValue(dicepool.DEFAULT_POOL_DICE)
        self.starting_spin.setSuffix(tr(" d6 to start"))
        self.starting_spin.setToolTip(tr("The campaign's starting_dice setting (10 by default)."))
        self.starting_spin.editingFinished.connect(
            lambda: self.starting_dice_changed.emit(self.starting_spin.value())
        )
        self.starting_row = labelled_row(tr("Character creation:"), self.starting_spin)
        self.preset_combo = QComboBox()
        self.preset_combo.setObjectName("poolPreset")
        for option in dicepool.PRESETS:
            name = PRESET_WORDS.get(option.name)
            shown = tr(name) if name else option.name
            self.preset_combo.addItem(f"{shown} ({option.difficulty})", option.name)
        self.preset_combo.setToolTip(tr("The challenge's difficulty, from the rules' presets."))
        self.size_combo = QComboBox()
        self.size_combo.setObjectName("poolSize")
        self.size_combo.setToolTip(tr("Each preset comes in d6, d8, d10 or d12 dice."))
        self.summary = wrapped_label("poolSummary", rich=True)
        self.create_button = push_button(tr("Create pool"), "createPool")

        self.presets = wide_and_narrow(self.preset_combo, self.size_combo)
        bottom = QHBoxLayout()
        bottom.addWidget(self.summary, 1)
        bottom.addWidget(self.create_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.presets)
        layout.addWidget(self.starting_row)
        layout.addLayout(bottom)

        self.preset_combo.currentIndexChanged.connect(self._fill_sizes)
        self.size_combo.currentIndexChanged.connect(self._plan_challenge)
        self.create_button.clicked.connect(self._create)
        self._fill_sizes()

    def plan(self) -> tuple[int, int] | None:
        """(die size, number of dice) that Create pool would add, or None if it cannot."""
        return self._plan

    def show_for(
        self, kind: str, traits: list[TraitRecord], starting_dice: int | None = None
    ) -> None:
        if starting_dice is not None:
            self._starting_dice = starting_dice
            if not self.starting_spin.hasFocus():
                self.starting_spin.setValue(starting_dice)
        challenge = kind == "challenge"
        self.presets.setVisible(challenge)
        self.starting_row.setVisible(not challenge)
        if challenge:
            self._plan_challenge()
        else:
            self._plan_character(traits)

    def _plan_character(self, traits: list[TraitRecord]) -> None:
        # "10 d6 by default (campaign setting starting_dice)" (RULES.md section 2)
        dice, size = self._starting_dice, dicepool.DEFAULT_SIZE
        broad = sum(1 for trait in traits if trait.broad)
        constrained = len(traits) - broad
        try:
            new = dicepool.create_character(
                [dicepool.Trait(t.name, t.value, t.broad) for t in traits], dice=dice, size=size
            )
        except ValueError as error:
            text = tr("{error} Remove a trait to create the pool.")
            self._set_plan(None, text.format(error=escaped(str(error))))
            return
        count = len(new.pool.dice)
        cost = dicepool.creation_cost(broad, constrained)
        if cost:
            text = _bought(broad, constrained).format(
                total=dice, size=size, cost=cost, broad=broad, constrained=constrained, count=count
            )
        else:
            text = tr("<b>{count} d{size}</b>. Add traits first: they are bought with dice.")
            text = text.format(count=count, size=size)
        self._set_plan((size, count), text)

    def _fill_sizes(self) -> None:
        option = dicepool.preset(self.preset_combo.currentData())
        current = self.size_combo.currentData() or dicepool.DEFAULT_SIZE
        self.size_combo.blockSignals(True)
        self.size_combo.clear()
        for size, _count in option.counts:
            self.size_combo.addItem(f"d{size}", size)
        self.size_combo.setCurrentIndex(max(0, self.size_combo.findData(current)))
        self.size_combo.blockSignals(False)
        self._plan_challenge()

    def _plan_challenge(self) -> None:
        name, size = self.preset_combo.currentData(), self.size_combo.currentData()
        if name is None or size is None:
            return
        count = len(dicepool.challenge_pool(name, size).dice)
        difficulty = dicepool.preset(name).difficulty
        text = tr("Difficulty {difficulty} in d{size}: <b>{count} dice</b>.").format(
            difficulty=difficulty, size=size, count=count
        )
        self._set_plan((size, count), text)

    def _set_plan(self, plan: tuple[int, int] | None, text: str) -> None:
        self._plan = plan
        self.summary.setText(text)
        self.summary.setStyleSheet("" if plan else text_style(self.palette(), ERROR))
        self.create_button.setEnabled(plan is not None)
        self.create_button.setText(
            tr("Create {count} d{size}").format(count=plan[1], size=plan[0])
            if plan
            else tr("Create pool")
        )

    def _create(self) -> None:
        if self._plan is not None:
            self.create_requested.emit(*self._plan)


def _bought(broad: int, constrained: int) -> str:
    """The plan of a pool bought with traits, as a template: the dice, less their cost."""
    if broad and constrained:
        return ntr(
            "{total} d{size}, less {cost} for {broad} broad trait and {constrained} "
            "constrained: <b>{count} d{size}</b>.",
            "{total} d{size}, less {cost} for {broad} broad traits and {constrained} "
            "constrained: <b>{count} d{size}</b>.",
            broad,
        )
    if broad:
        return ntr(
            "{total} d{size}, less {cost} for {broad} broad trait: <b>{count} d{size}</b>.",
            "{total} d{size}, less {cost} for {broad} broad traits: <b>{count} d{size}</b>.",
            broad,
        )
    return tr("{total} d{size}, less {cost} for {constrained} constrained: <b>{count} d{size}</b>.")


# -- the widget -------------------------------------------------------------------------------


class CharacterKit(CampaignView):
    """The selected character's traits, items and (while it has none) starting pool."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(TOPICS, self.reload, parent)
        self._character_id: int | None = None
        self._character_name = ""

        self.pool_box = StartingPool()
        self.pool_box.create_requested.connect(self._create_pool)
        self.pool_box.starting_dice_changed.connect(self._set_starting_dice)

        self.traits = TraitModel()
        # Queued: an in-place edit is written after its editor has closed, so the model
        # reset that follows the write never pulls the editor from under the view.
        queued = Qt.ConnectionType.QueuedConnection
        self.traits.edit_requested.connect(self._edit_trait, queued)
        self.trait_table = named(_table("traitTable", self.traits), tr("Traits"))
        self.trait_table.setItemDelegateForColumn(
            TraitModel.VALUE, SpinDelegate(1, TRAIT_VALUE_MAX, self.trait_table)
        )
        _size_columns(self.trait_table, {TraitModel.VALUE: 52, TraitModel.BROAD: 112})
        self.add_trait_button = _button(
            "addTrait", tr("Add"), tr("Add a trait, then type its name")
        )
        self.add_trait_button.clicked.connect(self.add_trait)
        self.delete_trait_button = _button(
            "deleteTrait", tr("Delete"), tr("Delete the selected trait")
        )
        self.delete_trait_button.clicked.connect(self.delete_trait)
        self.trait_error = _error_label("traitError")

        self.items = ItemModel()
        self.items.edit_requested.connect(self._edit_item, queued)
        self.item_table = named(_table("itemTable", self.items), tr("Items"))
        self.item_table.setItemDelegateForColumn(ItemModel.DIE, DieSizeDelegate(self.item_table))
        _size_columns(
            self.item_table, {ItemModel.KIND: 64, ItemModel.DIE: 58, ItemModel.DEPLETE: 78}
        )
        self.add_item_button = QToolButton()
        self.add_item_button.setObjectName("addItem")
        self.add_item_button.setText(tr("Add"))
        self.add_item_button.setToolTip(tr("Add a weapon (or pick armour from the menu)"))
        self.add_item_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        # Bound methods, not lambdas over self: a lambda kept by a child's signal kept the
        # kit's wrapper alive past its C++ side ("shared QObject was deleted directly").
        menu = QMenu(self.add_item_button)
        menu.addAction(tr("Add weapon")).triggered.connect(self.add_weapon)
        menu.addAction(tr("Add armour")).triggered.connect(self.add_armour)
        self.add_item_button.setMenu(menu)
        self.add_item_button.clicked.connect(self.add_weapon)
        self.delete_item_button = _button(
            "deleteItem", tr("Delete"), tr("Delete the selected item")
        )
        self.delete_item_button.clicked.connect(self.delete_item)
        self.item_error = _error_label("itemError")

        # The content scrolls rather than growing the kit's minimum height: the kit sits in
        # the roster dock, and a tall minimum would push the whole window taller.
        content = QWidget()
        scroll = vertical_scroll(content, "kitScroll")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(4, 6, 4, 4)
        # A die another program changed into one the rules refuse: said here, not raised.
        self.damage_label = damaged_note()
        layout.addWidget(self.damage_label)
        layout.addWidget(self.pool_box)
        layout.addLayout(_heading(tr("Traits"), self.add_trait_button, self.delete_trait_button))
        layout.addWidget(self.trait_table, 3)  # characters have more traits than items
        layout.addWidget(self.trait_error)
        layout.addSpacing(4)
        layout.addLayout(
            _heading(tr("Weapons and armour"), self.add_item_button, self.delete_item_button)
        )
        layout.addWidget(self.item_table, 2)
        layout.addWidget(self.item_error)

        for table, delete in (
            (self.trait_table, self.delete_trait),
            (self.item_table, self.delete_item),
        ):
            shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(delete)
            table.selectionModel().selectionChanged.connect(self._update_buttons)
        self.reload()

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = follow_changes(self._session, session, self._on_changed)
        self._character_id = None
        self.reload()

    def show_character(self, character_id: int | None) -> None:
        if character_id != self._character_id:
            self._show_errors(None, None)
        self._character_id = character_id
        self.reload()

    def reveal(self, kind: str, record_id: int) -> bool:
        """Select the trait (`kind` "trait") or item ("item") `record_id` of the character
        shown, scrolled to and current, as a search hit asks; False when it is not here."""
        if kind == "trait":
            table, row = self.trait_table, self.traits.row_of(record_id)
        else:
            table, row = self.item_table, self.items.row_of(record_id)
        if row is None:
            return False
        table.selectRow(row)
        table.scrollTo(table.model().index(row, 0))
        return True

    @property
    def writable(self) -> bool:
        return self._session is not None and not self._session.read_only

    def reload(self) -> None:
        """Read the character's traits, items and dice again, keeping the selections."""
        traits: list[TraitRecord] = []
        items: list[ItemRecord] = []
        dice: list[DieRecord] = []
        kind = ""
        if self._session is not None and self._character_id is not None:
            campaign = self._session.campaign
            try:
                character = campaign.roster.get(self._character_id)
                traits = campaign.kit.traits(character.id)
                items = campaign.kit.items(character.id)
                dice = read_around(self.damage_label, lambda: campaign.kit.dice(character.id), [])
            except NotFound:  # deleted: the roster moves the selection on in a moment
                self._character_id = None
            else:
                kind, self._character_name = character.kind, character.name
        editable = self.writable and self._character_id is not None
        _keep_selection(
            self.trait_table, self.traits.row_of, lambda: self.traits.set_records(traits, editable)
        )
        by_id = {die.id: die for die in dice}
        _keep_selection(
            self.item_table,
            self.items.row_of,
            lambda: self.items.set_records(items, by_id, editable),
        )
        self._show_pool(kind, traits, dice, editable)
        self.setEnabled(self._character_id is not None)
        self._update_buttons()

    def _show_pool(
        self, kind: str, traits: list[TraitRecord], dice: list[DieRecord], editable: bool
    ) -> None:
        # Only a character with no ordinary dice at all is new; one whose dice are all
        # removed is out of play, and a fresh pool would hide that.
        new = editable and not any(die.kind == Kind.ORDINARY for die in dice)
        self.pool_box.setVisible(new)
        if new:
            starting = None
            if self._session is not None:
                starting = self._session.campaign.settings().get("starting_dice")
            self.pool_box.show_for(kind, traits, starting)

    def _update_buttons(self) -> None:
        editable = self.writable and self._character_id is not None
        self.add_trait_button.setEnabled(editable)
        self.add_item_button.setEnabled(editable)
        self.delete_trait_button.setEnabled(editable and _current_row(self.trait_table) is not None)
        self.delete_item_button.setEnabled(editable and _current_row(self.item_table) is not None)

    # -- traits -------------------------------------------------------------------------------

    def add_trait(self) -> None:
        if not self.writable or self._character_id is None or self._session is None:
            return
        name = unique_name(tr("New trait"), [t.name for t in self.traits.records()])
        command = AddTrait(self._session, self._character_id, name)
        if self._push(command, self._show_trait_error) and command.record is not None:
            self._edit_name(self.trait_table, self.traits.row_of(command.record.id))

    def delete_trait(self) -> None:
        self._delete_current(
            self.trait_table, self.traits.record, DeleteTrait, self._show_trait_error
        )

    def _edit_trait(self, asked: TraitRecord, field: str, value: object) -> None:
        # The edit arrives queued: take the trait as it is now, for undo's old value.
        row = self.traits.row_of(asked.id)
        if self._session is None or row is None:
            return
        record = self.traits.record(row)
        try:
            value = _checked_trait_field(record, field, value)
        except ValueError as error:
            self._show_trait_error(str(error))
            return
        self._push_edit(EditTrait(self._session, record, field, value), self._show_trait_error)

    # -- items --------------------------------------------------------------------------------

    def add_weapon(self) -> None:
        self.add_item(ItemKind.WEAPON)

    def add_armour(self) -> None:
        self.add_item(ItemKind.ARMOUR)

    def add_item(self, kind: str) -> None:
        if not self.writable or self._character_id is None or self._session is None:
            return
        taken = [self.items.record(row).name for row in range(self.items.rowCount())]
        name = unique_name(tr(NEW_ITEM_NAMES[kind]), taken)
        command = AddItem(self._session, self._character_id, name, kind, dicepool.DEFAULT_SIZE)
        if self._push(command, self._show_item_error) and command.record is not None:
            self._edit_name(self.item_table, self.items.row_of(command.record.id))

    def delete_item(self) -> None:
        self._delete_current(self.item_table, self.items.record, DeleteItem, self._show_item_error)

    def _edit_item(self, asked: ItemRecord, field: str, value: object) -> None:
        row = self.items.row_of(asked.id)
        if self._session is None or row is None:
            return
        record, die = self.items.record(row), self.items.die(row)
        old = die.size if field == "die_size" and die is not None else getattr(record, field, None)
        try:
            value = _checked_item_field(record, die, field, value)
        except ValueError as error:
            self._show_item_error(str(error))
            return
        self._push_edit(EditItem(self._session, record, field, old, value), self._show_item_error)

    # -- the pool -----------------------------------------------------------------------------

    def _set_starting_dice(self, dice: int) -> None:
        if not self.writable or self._session is None:
            return
        if self._session.campaign.settings().get("starting_dice") == dice:
            return
        text = tr("Start characters with {count} dice").format(count=dice)
        self._push(UpdateSettings(self._session, text, starting_dice=dice), None)

    def _create_pool(self, size: int, count: int) -> None:
        if not self.writable or self._character_id is None or self._session is None:
            return
        text = tr("Create the pool of {name}: {count}d{size}").format(
            name=self._character_name, count=count, size=size
        )
        self._push(AddDice(self._session, self._character_id, size, count, text=text), None)

    # -- helpers ------------------------------------------------------------------------------

    def _push(self, command: QUndoCommand, show: Callable[[str | None], None] | None) -> bool:
        """Push through the session; a refusal from the store is shown next to the table
        (the window's status bar shows it too)."""
        assert self._session is not None
        done = self._session.push(command)
        if show is not None:
            show(None if done else self._session.last_failure)
        return done

    def _delete_current(
        self,
        table: QTableView,
        record_at: Callable[[int], Any],
        command: Callable[[CampaignSession, Any], QUndoCommand],
        show: Callable[[str | None], None],
    ) -> None:
        """Delete the record in `table`'s current row through `command`, if the GM may."""
        row = _current_row(table)
        if row is None or not self.writable or self._session is None:
            return
        self._push(command(self._session, record_at(row)), show)

    def _push_edit(self, command: QUndoCommand, show: Callable[[str | None], None]) -> None:
        """Push an edit; one that changes nothing only clears the refusal shown before."""
        if command.isObsolete():
            show(None)
        else:
            self._push(command, show)

    def _edit_name(self, table: QTableView, row: int | None) -> None:
        if row is None:
            return
        index = table.model().index(row, 0)
        table.setCurrentIndex(index)
        table.scrollTo(index)
        table.setFocus()
        table.edit(index)

    def _show_trait_error(self, message: str | None) -> None:
        _set_error(self.trait_error, message)

    def _show_item_error(self, message: str | None) -> None:
        _set_error(self.item_error, message)

    def _show_errors(self, trait: str | None, item: str | None) -> None:
        self._show_trait_error(trait)
        self._show_item_error(item)


# -- checks at the edge: the rules' own, before anything is pushed -----------------------------


def _checked_trait_field(record: TraitRecord, field: str, value: object) -> object:
    if field == "name":
        value = roster.check_name(value)
    # The typed value among the record's own: the rules judge it, whatever was typed.
    merged: dict[str, Any] = {
        "name": record.name,
        "value": record.value,
        "broad": record.broad,
        field: value,
    }
    dicepool.Trait(**merged)
    return value


def _checked_item_field(
    record: ItemRecord, die: DieRecord | None, field: str, value: object
) -> object:
    if field == "name":
        value = roster.check_name(value)
    merged: dict[str, Any] = {  # as for a trait: the rules judge the typed value
        "name": record.name,
        "kind": record.kind,
        "die_size": die.size if die else dicepool.DEFAULT_SIZE,
        "deplete": record.deplete,
        field: value,
    }
    dicepool.Item(**merged)
    return value


# -- small builders -----------------------------------------------------------------------------


def _table(name: str, model: QAbstractTableModel) -> QTableView:
    table = QTableView()
    table.setObjectName(name)
    table.setTabKeyNavigation(False)  # Tab leaves it; the arrows move between cells
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
        | QAbstractItemView.EditTrigger.SelectedClicked
    )
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(zoomed(ROW_HEIGHT))
    table.setShowGrid(False)
    table.setAlternatingRowColors(True)
    zoom_size(table, minimumHeight=ROW_HEIGHT * 3 + 4)
    return table


def _size_columns(table: QTableView, fixed: dict[int, int]) -> None:
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column, width in fixed.items():
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(column, zoomed(width))


def _button(name: str, text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setObjectName(name)
    button.setText(text)
    button.setToolTip(tip)
    return button


def _heading(text: str, *buttons: QWidget) -> QHBoxLayout:
    label = RichLabel(f"<b>{escaped(text)}</b>")  # untranslated: markup around words given
    # Wraps rather than widens: the tab is built when first opened, after the roster
    # took its width, and a heading must not push the dock wider then.
    label.setWordWrap(True)
    row = QHBoxLayout()
    row.addWidget(label, 1)
    for button in buttons:
        row.addWidget(button)
    return row


def _error_label(name: str) -> QLabel:
    return error_label(name)


def _set_error(label: QLabel, message: str | None) -> None:
    label.setText(message or "")
    label.setVisible(bool(message))


def _current_row(table: QTableView) -> int | None:
    index = table.selectionModel().currentIndex()
    rows = table.selectionModel().selectedRows()
    return index.row() if rows and index.isValid() else None


def _keep_selection(
    table: QTableView, row_of: Callable[[int], int | None], reset: Callable[[], bool]
) -> None:
    """Reset a model and select again the row of the same record (by id), if still there."""
    model = table.model()
    row = _current_row(table)
    kept: int | None = None
    if row is not None:
        kept = model.index(row, 0).data(Qt.ItemDataRole.UserRole)
    if reset() and kept is not None:
        new_row = row_of(kept)
        if new_row is not None:
            table.selectRow(new_row)
