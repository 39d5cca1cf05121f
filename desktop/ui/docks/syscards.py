"""The SySCards dock: the campaign's cards, an editor with a live preview, and the act
and challenge resolvers.

The list filters in SQL as the GM types (a store query per keystroke, no proxy over
Python `data()`); every edit is an undo command; the preview is drawn by the same
routine that prints the card.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStyle,
    QStyleOptionButton,
    QTableView,
    QTabWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.printing.cards import CARD_SIZE_MM, PrintCard, paint_card_front
from desktop.printing.rich_text import SealedTextDocument
from desktop.printing.words import category_word
from desktop.rules import syscards
from desktop.store import CardRecord, NotFound, Topic
from desktop.ui import read_guard
from desktop.ui.accessible import describe, named
from desktop.ui.card_commands import AddCard, DeleteCard, DuplicateCard, EditCard, SetCardImage
from desktop.ui.docks.resolvers import ActResolver, ChallengeResolver
from desktop.ui.form_helpers import (
    CampaignView,
    SessionWidget,
    error_label,
    follow_changes,
    push_button,
    show_error,
)
from desktop.ui.plain_text import PlainLabel, ask, tooltip
from desktop.ui.print_data import print_card
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.flow import StackRow
from desktop.ui.widgets.number_field import NumberField
from desktop.ui.widgets.record_table import RecordTableModel
from desktop.ui.window_language import ntr, tr, window_translator
from desktop.ui.zoom import zoom_size, zoomed

ModelIndex = QModelIndex | QPersistentModelIndex
IMAGE_LIMIT = 4 * 1024 * 1024
NUMBER_FIELDS = ("efficiency", "power", "velocity", "focus", "resistance")
# A card's number as a refusal names it, and as its column's label shows it.
NUMBER_WORDS = {
    "efficiency": N_("Efficiency"),
    "power": N_("Power"),
    "velocity": N_("Velocity"),
    "focus": N_("Focus"),
    "resistance": N_("Resistance"),
}
NUMBER_LABELS = {**NUMBER_WORDS, "efficiency": N_("Efc %")}
TEXT_FIELDS = ("zone", "scale")
ENTITY_CATEGORIES = ("character", "creature", "vehicle", "place", "item", "other")
TOPICS = frozenset({Topic.CARDS, Topic.CHARACTERS, Topic.CAMPAIGN})


def category_label(category: str) -> str:
    """A card's category as the dock lists it: "Character", in the window's language."""
    word = category_word(window_translator(), category)
    return word[:1].upper() + word[1:]


class CardListModel(RecordTableModel):
    HEADERS = (N_("Name"), N_("Category"), N_("Owner"), N_("Efc"))

    def __init__(self) -> None:
        super().__init__()
        self.records: list[CardRecord] = []
        self.owners: dict[int, str] = {}
        self._sort = (0, Qt.SortOrder.AscendingOrder)

    def set_records(self, records: list[CardRecord], owners: dict[int, str]) -> None:
        self.beginResetModel()
        self.records = records
        self.owners = owners
        self._apply_sort()
        self.endResetModel()

    def owner_of(self, record: CardRecord) -> str:
        return self.owners.get(record.owner_id, "") if record.owner_id else ""

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        record = self.records[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cell(record, index.column())
        if role == Qt.ItemDataRole.ToolTipRole and index.column() in (0, 2):
            # Whole where a narrow column cuts it; a name is only text, whatever it looks like.
            return tooltip(self._cell(record, index.column())) or None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 3:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _cell(self, record: CardRecord, column: int) -> str:
        if column == 0:
            return record.name
        if column == 1:
            return category_label(record.category)
        if column == 2:
            owner = self.owner_of(record)
            return f"#{owner}" if owner else ""
        return f"{record.efficiency}%"

    def _key(self, column: int) -> Callable[[CardRecord], tuple[int | str, int | str]]:
        if column == 3:
            return lambda r: (r.efficiency, r.name.casefold())
        return lambda r: (self._cell(r, column).casefold(), r.id)

    def _apply_sort(self) -> None:
        column, order = self._sort
        self.records.sort(key=self._key(column), reverse=order == Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._apply_sort()
        self.layoutChanged.emit()

    def row_of(self, card_id: int) -> int | None:
        for row, record in enumerate(self.records):
            if record.id == card_id:
                return row
        return None


class CardPreview(QWidget):
    """The card exactly as it prints, drawn by the printing layer's own routine."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardPreview")
        self.card: object = None
        zoom_size(self, minimumWidth=190, minimumHeight=266)
        named(self, tr("Card preview"), tr("No card selected"))

    def show_card(self, card: PrintCard | None) -> None:
        self.card = card
        # Painted: what it shows is said in its description for a screen reader.
        describe(self, card_words(card) if card is not None else tr("No card selected"))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width, height = CARD_SIZE_MM
        scale = min(self.width() / width, self.height() / height)
        rect = QRectF(0, 0, width * scale, height * scale)
        rect.moveCenter(QRectF(self.rect()).center())
        if self.card is None:
            painter.setPen(self.palette().placeholderText().color())
            painter.drawRoundedRect(rect, 8, 8)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tr("No card selected"))
        else:
            # The record itself: it has every field the front draws (PrintCard's adapter
            # would add the owner's name, which the dock's preview leaves out).
            paint_card_front(painter, rect, self.card)  # type: ignore[arg-type]  # see above
        painter.end()


def card_words(card: PrintCard) -> str:
    """A card as a screen reader reads it: name, category, owner and numbers."""
    if card.owner:
        words = tr(
            "{name}, {category}, owned by {owner}, efficiency {efficiency}, power {power}, "
            "velocity {velocity}, focus {focus}, resistance {resistance}"
        )
    else:
        words = tr(
            "{name}, {category}, efficiency {efficiency}, power {power}, "
            "velocity {velocity}, focus {focus}, resistance {resistance}"
        )
    return words.format(
        name=card.name,
        category=category_word(window_translator(), card.category),
        owner=card.owner,
        efficiency=card.efficiency,
        power=card.power,
        velocity=card.velocity,
        focus=card.focus,
        resistance=card.resistance,
    )


class CheckLabel(PlainLabel):
    """A check box's words beside it, wrapped; a click on them toggles the box, as on a
    check box's own text. On one line they look as the check box's own text would."""

    def __init__(self, text: str, check: QCheckBox) -> None:
        super().__init__(text)
        self.check = check
        self.setFocusProxy(check)  # the words stand for their box, for the keyboard too
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._level()

    def whole_size(self) -> QSize:
        """The size of a check box showing these words as its own text, on one line."""
        option = QStyleOptionButton()
        option.initFrom(self.check)
        option.text = self.text()
        words = self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, self.text())
        return self.check.style().sizeFromContents(
            QStyle.ContentsType.CT_CheckBox, option, words, self.check
        )

    def _level(self) -> None:
        # The box as tall as a check box with words, the first line level with it.
        height = self.whole_size().height()
        self.check.setMinimumHeight(height)
        self.setContentsMargins(0, max(0, height - self.fontMetrics().height()) // 2, 0, 0)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._level()

    def sizeHint(self) -> QSize:
        # On one line where the room allows, as a check box's text is shown.
        margins = self.contentsMargins()
        line = self.fontMetrics().horizontalAdvance(self.text()) + margins.left() + margins.right()
        return QSize(line, self.heightForWidth(line))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.check.isEnabled():
            self.check.click()
        super().mouseReleaseEvent(event)


def _check_number(field: str, value: int) -> None:
    """A card's number as the rules check it (efficiency 1..100, the others their own)."""
    syscards.CardStats("skill", **{field: value})


class CardEditor(SessionWidget):
    """Every field of the selected card, each checked by the rules before it is written."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: CardRecord | None = None
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("cardName")
        self.category_combo = QComboBox()
        self.category_combo.setObjectName("cardCategory")
        for category in syscards.CATEGORIES:
            self.category_combo.addItem(category_label(category), category)
        self.owner_combo = QComboBox()
        self.owner_combo.setObjectName("cardOwner")
        self.character_combo = QComboBox()
        self.character_combo.setObjectName("cardCharacter")
        # Its words wrap (a check box's own text cannot): long in every language, they
        # would set the editor's least width, and the dock's.
        capacity = tr("Capacity (the card is an ability the owner can use)")
        self.capacity_check = named(QCheckBox(), capacity)
        self.capacity_check.setObjectName("cardCapacity")
        self.capacity_label = CheckLabel(capacity, self.capacity_check)
        self.shown_check = QCheckBox(tr("Shown to players"))
        self.shown_check.setObjectName("cardShown")
        self.shown_check.setToolTip(tr("A card stays the GM's until shown to the players"))
        self.handout_button = QPushButton(tr("Give as &Handout…"))
        self.handout_button.setObjectName("cardHandout")
        self.handout_button.setToolTip(
            tr("Give this card, as its player sees it now, to one player's phone or to all")
        )
        self.handout_button.clicked.connect(self.give_as_handout)
        # Typed, not spun: what the GM types stays on screen and the rules judge it, so
        # a refused value is never shown clamped next to a different stored one.
        self.numbers: dict[str, NumberField] = {}
        for field in NUMBER_FIELDS:
            spin = NumberField(tr(NUMBER_WORDS[field]), partial(_check_number, field))
            spin.setObjectName(f"card_{field}")
            self.numbers[field] = spin
        self.texts = {field: QLineEdit() for field in TEXT_FIELDS}
        self.tags_edit = QLineEdit()
        self.tags_edit.setObjectName("cardTags")
        self.tags_edit.setPlaceholderText(tr("tags, separated, by commas"))
        self.info_edit = QTextEdit()
        self.info_edit.setObjectName("cardInfo")
        named(self.info_edit, tr("Card info"))
        self.info_edit.setTabChangesFocus(True)  # Tab leaves the Info (keyboard only)
        # The Info's HTML may name files or URLs (an imported card's, say): never loaded.
        self.info_edit.setDocument(SealedTextDocument(self.info_edit))
        self.info_edit.setAcceptRichText(True)
        self.info_edit.setPlaceholderText(
            tr("Info: special challenge rules, forced challenge amounts, rejections…")
        )
        self.error_label = error_label("cardError")
        self.image_label = PlainLabel(tr("No image"))
        self.image_button = QPushButton(tr("Image…"))
        self.image_button.clicked.connect(self.choose_image)
        self.remove_image_button = QPushButton(tr("Remove image"))
        self.remove_image_button.clicked.connect(lambda: self.set_image(None))

        self.form = form = QFormLayout()
        form.addRow(tr("&Name"), self.name_edit)
        form.addRow(tr("&Category"), self.category_combo)
        form.addRow(tr("# &Owner"), self.owner_combo)
        form.addRow(tr("&Roster"), self.character_combo)
        capacity_row = QHBoxLayout()
        capacity_row.setSpacing(
            self.style().pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing)
        )
        capacity_row.addWidget(self.capacity_check, 0, Qt.AlignmentFlag.AlignTop)
        capacity_row.addWidget(self.capacity_label, 1)
        form.addRow("", capacity_row)
        # The button under the check box when the two are too wide side by side.
        shown_row = StackRow(
            [(self.shown_check, 1), self.handout_button],
            stacked_alignment=Qt.AlignmentFlag.AlignLeft,
        )
        form.addRow("", shown_row)
        numbers = QHBoxLayout()
        for field, spin in self.numbers.items():
            label = PlainLabel(tr(NUMBER_LABELS[field]))
            column = QVBoxLayout()
            column.addWidget(label)
            column.addWidget(spin)
            numbers.addLayout(column)
        form.addRow(numbers)
        form.addRow(tr("Zone"), self.texts["zone"])
        form.addRow(tr("Scale"), self.texts["scale"])
        form.addRow(tr("Tags"), self.tags_edit)
        image_row = QHBoxLayout()
        image_row.addWidget(self.image_label, 1)
        image_row.addWidget(self.image_button)
        image_row.addWidget(self.remove_image_button)
        form.addRow(tr("Image"), image_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(PlainLabel(tr("Info")))
        layout.addWidget(self.info_edit, 1)

        self.name_edit.editingFinished.connect(lambda: self.commit("name", self.name_edit.text()))
        self.category_combo.activated.connect(
            lambda: self.commit("category", self.category_combo.currentData())
        )
        self.owner_combo.activated.connect(
            lambda: self.commit("owner_id", _none_for_zero(self.owner_combo.currentData()))
        )
        self.character_combo.activated.connect(
            lambda: self.commit("character_id", _none_for_zero(self.character_combo.currentData()))
        )
        self.capacity_check.clicked.connect(lambda checked: self.commit("capacity", bool(checked)))
        self.shown_check.clicked.connect(lambda checked: self.commit("shown", bool(checked)))
        for field, spin in self.numbers.items():
            spin.editingFinished.connect(lambda f=field, s=spin: self._commit_number(f, s))
        for field, edit in self.texts.items():
            edit.editingFinished.connect(lambda f=field, e=edit: self.commit(f, e.text()))
        self.tags_edit.editingFinished.connect(
            lambda: self.commit("tags", _tags(self.tags_edit.text()))
        )
        # Written at each change, not after a pause: a crash loses nothing seen on screen.
        # The steps of one burst of typing merge into one undo step (EditCard).
        self.info_edit.textChanged.connect(self.commit_info)
        self.show_card(None, {}, [])

    def wide_width(self) -> int:
        """The editor's least width with Capacity's words on one line, as it is shown
        beside the preview when the room allows (in English, always at 1366 pixels)."""
        form = self.form
        labels = (
            form.itemAt(row, QFormLayout.ItemRole.LabelRole) for row in range(form.rowCount())
        )
        label_column = max((item.sizeHint().width() for item in labels if item), default=0)
        line = label_column + form.horizontalSpacing() + self.capacity_label.whole_size().width()
        return max(self.minimumSizeHint().width(), line)

    def show_card(
        self,
        card: CardRecord | None,
        owners: dict[int, str],
        characters: list[tuple[int, str]],
    ) -> None:
        previous, self.card = self.card, card
        writable = self._session is not None and not self._session.read_only
        self.setEnabled(card is not None)
        for widget in (self.name_edit, self.tags_edit, *self.texts.values()):
            widget.setReadOnly(not writable)
        self.info_edit.setReadOnly(not writable)
        widgets: tuple[QWidget, ...] = (
            self.category_combo,
            self.owner_combo,
            self.character_combo,
            self.capacity_check,
            self.capacity_label,
            self.shown_check,
            self.handout_button,
            self.image_button,
            self.remove_image_button,
            *self.numbers.values(),
        )
        for each in widgets:
            each.setEnabled(writable)
        self._fill_choices(card, owners, characters)
        if card is None:
            return
        same = previous is not None and previous.id == card.id
        was = previous if same else None  # the card shown before, when it is this one
        self._set_text(self.name_edit, card.name, was is not None and was.name == card.name)
        self.category_combo.setCurrentIndex(max(0, self.category_combo.findData(card.category)))
        self.capacity_check.setChecked(card.capacity)
        self.shown_check.setChecked(card.shown)
        for field, spin in self.numbers.items():
            if not (spin.hasFocus() and same and getattr(previous, field) == getattr(card, field)):
                spin.setValue(getattr(card, field))
        for field, edit in self.texts.items():
            self._set_text(
                edit,
                getattr(card, field),
                same and getattr(previous, field) == getattr(card, field),
            )
        self._set_text(
            self.tags_edit, ", ".join(card.tags), was is not None and was.tags == card.tags
        )
        # (A write refused, a full disk, leaves the typed info on screen while typed.)
        typing = was is not None and was.info == card.info and self.info_edit.hasFocus()
        if not typing and self.info_edit.toHtml() != card.info:
            self.info_edit.blockSignals(True)
            self.info_edit.setHtml(card.info)
            self.info_edit.blockSignals(False)
        self.image_label.setText(tr("An image is set") if card.has_image else tr("No image"))
        self.remove_image_button.setEnabled(writable and card.has_image)
        if not same:
            self.show_error(None)

    def _set_text(self, edit: QLineEdit, text: str, keep_typing: bool) -> None:
        if not (keep_typing and edit.hasFocus()):
            edit.setText(text)

    def _fill_choices(
        self, card: CardRecord | None, owners: dict[int, str], characters: list[tuple[int, str]]
    ) -> None:
        self.owner_combo.blockSignals(True)
        self.owner_combo.clear()
        self.owner_combo.addItem(tr("No owner"), 0)
        for owner_id, name in owners.items():
            if card is None or owner_id != card.id:
                self.owner_combo.addItem(f"#{name}", owner_id)
        self.owner_combo.setCurrentIndex(
            max(0, self.owner_combo.findData(card.owner_id if card and card.owner_id else 0))
        )
        self.owner_combo.blockSignals(False)
        self.character_combo.blockSignals(True)
        self.character_combo.clear()
        self.character_combo.addItem(tr("Not linked"), 0)
        for character_id, name in characters:
            self.character_combo.addItem(name, character_id)
        linked = card.character_id if card and card.character_id else 0
        self.character_combo.setCurrentIndex(max(0, self.character_combo.findData(linked)))
        self.character_combo.blockSignals(False)

    def _commit_number(self, field: str, spin: NumberField) -> bool:
        value = spin.value()
        if value is None:
            self.show_error(spin.problem())
            return False
        return self.commit(field, value)

    def show_error(self, message: str | None) -> None:
        show_error(self.error_label, message)

    def commit(self, field: str, value: object) -> bool:
        """Check `value` with the rules, then write it as one undoable step."""
        card, session = self.card, self._session
        if card is None or session is None or session.read_only:
            return False
        if getattr(card, field) == value:
            self.show_error(None)
            return True
        problem = self._check(field, value)
        if problem is not None:
            self.show_error(problem)
            return False
        pushed = session.push(EditCard(session, card, field, value))
        self.show_error(None if pushed else self.error_label.text())
        return pushed

    def _check(self, field: str, value: Any) -> str | None:  # what was typed: the rules judge it
        try:
            if field == "efficiency":
                syscards.CardStats("skill", efficiency=value)
            elif field in NUMBER_FIELDS:
                syscards.CardStats("skill", **{field: value})
            elif field == "name" and not str(value).strip():
                raise ValueError(tr("A card needs a name."))
            elif field == "owner_id" and self._session is not None and self.card is not None:
                self._session.campaign.cards.check_owner(self.card.id, value)
        except (ValueError, NotFound) as error:
            return str(error)
        return None

    def commit_info(self) -> None:
        if self.card is not None:
            self.commit("info", self.info_edit.toHtml())

    def give_as_handout(self) -> None:
        """The card, as its player sees it now, as a handout (a dialog, then one undo step)."""
        from desktop.ui.handouts.entry import give_card

        card, session = self.card, self._session
        if card is not None and session is not None and not session.read_only:
            give_card(self, session, card.id)

    def choose_image(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, tr("Choose an image"), "", tr("Images (*.png *.jpg *.jpeg *.gif *.webp *.bmp)")
        )
        if name:
            try:
                with open(name, "rb") as handle:
                    data = handle.read(IMAGE_LIMIT + 1)
            except OSError as error:
                self.show_error(
                    tr("The image could not be read: {reason}.").format(reason=error.strerror)
                )
                return
            self.set_image(data)

    def set_image(self, data: bytes | None) -> bool:
        """Refuse what Qt cannot decode or what is too large; else write it, undoably."""
        card, session = self.card, self._session
        if card is None or session is None or session.read_only:
            return False
        if data is not None:
            if len(data) > IMAGE_LIMIT:
                self.show_error(tr("The image is larger than 4 MB: choose a smaller one."))
                return False
            if QImage.fromData(data).isNull():
                self.show_error(tr("This file is not an image GM Desk can read."))
                return False
        self.show_error(None)
        return session.push(SetCardImage(session, card, data))


class SysCardsWidget(CampaignView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(TOPICS, self.reload, parent)
        self.setObjectName("sysCards")
        self.model = CardListModel()
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("cardFilter")
        named(self.filter_edit, tr("Filter the cards"))
        self.filter_edit.setPlaceholderText(tr("Filter by name, info or tag"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.refilter)
        self.category_filter = QComboBox()
        self.category_filter.setObjectName("cardCategoryFilter")
        self.category_filter.addItem(tr("All categories"), "")
        for category in syscards.CATEGORIES:
            self.category_filter.addItem(category_label(category), category)
        self.category_filter.currentIndexChanged.connect(self.refilter)
        self.owner_filter = QComboBox()
        self.owner_filter.setObjectName("cardOwnerFilter")
        self.owner_filter.currentIndexChanged.connect(self.refilter)
        self.table = QTableView()
        self.table.setObjectName("cardTable")
        named(self.table, "SySCards")  # untranslated: the game's name
        self.table.setTabKeyNavigation(False)  # Tab leaves it; the arrows move between cells
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(zoomed(24))
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column, width in ((1, 70), (2, 86), (3, 42)):
            header.resizeSection(column, zoomed(width))
        self.table.selectionModel().currentRowChanged.connect(self._on_current)
        # Double-click or Enter on a card: its act, with the Necessary Rate ready to type.
        self.table.activated.connect(self.act_with_current)
        self.count_label = PlainLabel()
        self.new_button = push_button(tr("New card"), "newCard", self.new_card)
        self.duplicate_button = QPushButton(tr("Duplicate"))
        self.duplicate_button.clicked.connect(self.duplicate)
        self.delete_button = push_button(tr("Delete"), "deleteCard", self.delete)

        self.editor = CardEditor()
        self.preview = CardPreview()
        self.act = ActResolver()
        self.challenge = ChallengeResolver()
        self.challenge.add_button.clicked.connect(self._add_contender)

        filters = QHBoxLayout()
        filters.addWidget(self.category_filter)
        filters.addWidget(self.owner_filter)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.duplicate_button)
        buttons.addWidget(self.delete_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.filter_edit)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.count_label)
        left_layout.addLayout(buttons)

        # The preview beside the editor, or under it when the dock is too narrow for both.
        self.edit_page = StackRow([(self.editor, 3, self.editor.wide_width), (self.preview, 2)])
        self.edit_page.row.setContentsMargins(-1, -1, -1, -1)  # the style's, as a page's
        self.tabs = QTabWidget()
        self.tabs.addTab(self.edit_page, tr("&Card"))
        self.tabs.addTab(self.act, tr("&Act"))
        self.tabs.addTab(self.challenge, tr("C&hallenge"))
        self.tabs.currentChanged.connect(self._fit_tabs_to_page)
        self._fit_tabs_to_page()
        # Each page stacks what does not fit side by side; in a dock narrower still it
        # scrolls rather than widen the whole window past the screen.
        tabs_scroll = QScrollArea()
        tabs_scroll.setWidgetResizable(True)
        tabs_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        tabs_scroll.setWidget(self.tabs)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(tabs_scroll)
        # The list keeps to what its four columns need; the editor and its preview
        # take the rest, so on a 1366-pixel screen neither scrolls sideways.
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 4)
        zoom_size(left, minimumWidth=345)
        splitter.setSizes([zoomed(345), zoomed(620)])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)
        self._owners: dict[int, str] = {}
        self._names: dict[int, str] = {}
        self._update_buttons()

    def _fit_tabs_to_page(self) -> None:
        """The tabs as small as the page shown: a hidden page's size (the Card page's,
        its preview stacked under the editor) does not make the others scroll."""
        shown = self.tabs.currentWidget()
        for page in (self.edit_page, self.act, self.challenge):
            policy = QSizePolicy.Policy.Preferred if page is shown else QSizePolicy.Policy.Ignored
            page.setSizePolicy(policy, policy)
            page.updateGeometry()

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = follow_changes(self._session, session, self._on_changed)
        self.editor.set_session(session)
        self.act.set_session(session)
        self.challenge.set_session(session)
        self.reload()
        if session is not None and self.model.rowCount():
            self.table.selectRow(0)

    def reveal(self, card_id: int) -> None:
        """Make card `card_id` the selected one (a search's hit), the filters cleared
        first when they hide it."""
        if self.model.row_of(card_id) is None:
            for combo in (self.category_filter, self.owner_filter):
                combo.setCurrentIndex(0)
            self.filter_edit.clear()
            self.refilter()
        self._select(card_id)
        row = self.model.row_of(card_id)
        if row is not None:
            self.table.scrollTo(self.model.index(row, 0))

    def reload(self) -> None:
        """The cards changed: refresh owner names and choices, then the filtered list."""
        session = self._session
        if session is None:
            self._owners, self._names = {}, {}
        else:
            everyone = session.campaign.cards.all()
            self._owners = {c.id: c.name for c in everyone if c.category in ENTITY_CATEGORIES}
            self._names = {c.id: c.name for c in everyone}
            self._fill_owner_filter(everyone, self._names)
        self.refilter()

    def refilter(self) -> None:
        """A filter changed: one SQL query, nothing recomputed over every card."""
        selected = self.current_card()
        session = self._session
        if session is None:
            self.model.set_records([], {})
        else:
            records = session.campaign.cards.all(
                self.filter_edit.text(),
                self.category_filter.currentData() or None,
                _none_for_zero(self.owner_filter.currentData()),
            )
            self.model.set_records(records, self._names)
        total = session.campaign.cards.count() if session else 0
        shown = self.model.rowCount()
        if shown == total:
            counted = ntr("{count} card", "{count} cards", total).format(count=total)
        else:
            counted = ntr("{shown} of {count} card", "{shown} of {count} cards", total).format(
                shown=shown, count=total
            )
        self.count_label.setText(counted)
        self._select(selected.id if selected else None)
        self._update_buttons()

    def _fill_owner_filter(self, everyone: list[CardRecord], names: dict[int, str]) -> None:
        chosen = self.owner_filter.currentData()
        owners = sorted(
            {c.owner_id for c in everyone if c.owner_id}, key=lambda i: names.get(i, "")
        )
        self.owner_filter.blockSignals(True)
        self.owner_filter.clear()
        self.owner_filter.addItem(tr("Any owner"), 0)
        for owner_id in owners:
            self.owner_filter.addItem(f"#{names.get(owner_id, owner_id)}", owner_id)
        self.owner_filter.setCurrentIndex(max(0, self.owner_filter.findData(chosen)))
        self.owner_filter.blockSignals(False)

    def _select(self, card_id: int | None) -> None:
        row = self.model.row_of(card_id) if card_id is not None else None
        if row is None:
            self._show(None)
            return
        self.table.selectRow(row)
        self._show(self.model.records[row])

    def current_card(self) -> CardRecord | None:
        index = self.table.selectionModel().currentIndex()
        if not index.isValid() or index.row() >= len(self.model.records):
            return None
        return self.model.records[index.row()]

    def selected_cards(self) -> list[CardRecord]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.model.records[row] for row in rows if row < len(self.model.records)]

    @read_guard.guarded
    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show(self.model.records[current.row()] if current.isValid() else None)
        self._update_buttons()

    def _show(self, card: CardRecord | None) -> None:
        session = self._session
        characters = [(c.id, c.name) for c in session.campaign.roster.all()] if session else []
        self.editor.show_card(card, self._owners, characters)
        self.act.show_card(card)
        if card is None or session is None:
            self.preview.show_card(None)
            return
        owner = self.model.owners.get(card.owner_id) if card.owner_id else None
        self.preview.show_card(print_card(card, owner, session.campaign))

    def _update_buttons(self) -> None:
        writable = self._session is not None and not self._session.read_only
        has_card = self.current_card() is not None
        self.new_button.setEnabled(writable)
        self.duplicate_button.setEnabled(writable and has_card)
        self.delete_button.setEnabled(writable and has_card)

    # -- actions ---------------------------------------------------------------------------------

    def new_card(self) -> None:
        session = self._session
        if session is None or session.read_only:
            return
        command = AddCard(session, tr("New card"), "skill")
        if session.push(command) and command.card_id is not None:
            self.filter_edit.clear()
            self.category_filter.setCurrentIndex(0)
            self._select(command.card_id)
            self.tabs.setCurrentIndex(0)
            self.editor.name_edit.setFocus()
            self.editor.name_edit.selectAll()

    def act_with_current(self) -> None:
        """Open the Act tab for the current card, its Necessary Rate selected: typing a
        rate and Enter rolls the act (double-click, rate, Enter)."""
        if self.current_card() is None:
            return
        self.tabs.setCurrentWidget(self.act)
        self.act.nr_spin.setFocus()  # the GM asked for this act: the rate is its one field
        self.act.nr_spin.selectAll()

    def duplicate(self) -> None:
        card, session = self.current_card(), self._session
        if card is None or session is None:
            return
        command = DuplicateCard(session, card)
        if session.push(command) and command.card_id is not None:
            self._select(command.card_id)

    def delete(self) -> None:
        card, session = self.current_card(), self._session
        if card is None or session is None:
            return
        answer = ask(
            self,
            tr("Delete a card"),
            tr("Delete the card {name}?\n\nEdit > Undo brings it back.").format(name=card.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            session.push(DeleteCard(session, card))

    def _add_contender(self) -> None:
        card = self.current_card()
        if card is not None:
            self.challenge.add_card(card)

    def card_by_id(self, card_id: int) -> CardRecord | None:
        if self._session is None:
            return None
        try:
            return self._session.campaign.cards.get(card_id)
        except NotFound:
            return None


def _none_for_zero(value: object) -> int | None:
    # Combo items carry 0 for "none": PySide 6.12 mishandled None as item data.
    return value if isinstance(value, int) and value else None


def _tags(text: str) -> tuple[str, ...]:
    return tuple(tag.strip() for tag in text.split(",") if tag.strip())
