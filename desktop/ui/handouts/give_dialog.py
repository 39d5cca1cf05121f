"""Give a handout: a card's copy, a text or a picture, to one player character or to every
player. The dialog checks what the store would (desktop.store.handouts.check_handout)
and decodes a picture with Qt before it closes, so a refusal is said beside the fields
and an accepted dialog becomes one undo step that will not be refused."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop.actions.handouts import Gift
from desktop.language import N_
from desktop.store.handouts import (
    CARD,
    IMAGE,
    IMAGE_MAX,
    TEXT,
    TITLE_MAX,
    HandoutRecord,
    check_handout,
)
from desktop.ui.form_helpers import error_label, show_error
from desktop.ui.plain_text import PlainLabel
from desktop.ui.window_language import ntr, tr, window_translator

EVERY_PLAYER = N_("Every player")
PICTURE_FILTER = N_("Pictures (*.png *.jpg *.jpeg)")


@dataclass(frozen=True)
class CardToGive:
    """A card handout's content: its name (the title to start from) and its copy."""

    name: str
    copy: str


def read_picture(path: Path) -> bytes | str:
    """A picture file's bytes, or why it cannot be given (plain words): at most
    IMAGE_MAX, and one Qt decodes (the store judges PNG or JPEG by its first bytes)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(IMAGE_MAX + 1)
    except OSError as error:
        return tr("The picture could not be read: {reason}.").format(reason=error.strerror or error)
    if len(data) > IMAGE_MAX:
        return tr("The picture is larger than 2 MiB: choose a smaller one.")
    if QImage.fromData(data).isNull():
        return tr("This file is not a picture GM Desk can read.")
    return data


def size_words(size: int) -> str:
    """A file's size as the GM reads it: bytes, KiB or MiB."""
    if size < 1024:
        return ntr("{count} byte", "{count} bytes", size).format(count=size)
    words = window_translator()
    if size < 1024 * 1024:
        return tr("{size} KiB").format(size=words.number(size / 1024))
    return tr("{size} MiB").format(size=words.number(size / (1024 * 1024), 1))


class GiveHandoutDialog(QDialog):
    """The handout to give and to whom. `recipients` are the player characters (id,
    name); `to` the one chosen at first (None: every player). With `card`, the handout
    is that card's copy; else the GM chooses a text or a picture."""

    def __init__(
        self,
        parent: QWidget | None,
        recipients: list[tuple[int, str]],
        to: int | None = None,
        card: CardToGive | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("giveHandoutDialog")
        self.setWindowTitle(tr("Give as Handout"))
        self.card = card
        self.picture: bytes | None = None
        self.gift: Gift | None = None

        self.to_combo = QComboBox()
        self.to_combo.setObjectName("handoutTo")
        self.to_combo.addItem(tr(EVERY_PLAYER), None)
        for character_id, name in recipients:
            self.to_combo.addItem(name, character_id)
        self.to_combo.setCurrentIndex(max(0, self.to_combo.findData(to)))
        self.title_edit = QLineEdit(card.name if card is not None else "")
        self.title_edit.setObjectName("handoutTitle")
        self.title_edit.setMaxLength(TITLE_MAX)
        self.title_edit.setPlaceholderText(tr("What the player's page heads it with"))
        self.text_button = QRadioButton(tr("&Text"))
        self.text_button.setObjectName("handoutKindText")
        self.picture_button = QRadioButton(tr("&Picture"))
        self.picture_button.setObjectName("handoutKindPicture")
        self.kinds = QButtonGroup(self)
        self.kinds.addButton(self.text_button)
        self.kinds.addButton(self.picture_button)
        self.text_button.setChecked(True)
        self.text_edit = QPlainTextEdit()
        self.text_edit.setObjectName("handoutText")
        self.text_edit.setTabChangesFocus(True)  # Tab leaves the field: keyboard first
        self.choose_button = QPushButton(tr("C&hoose Picture…"))
        self.choose_button.setObjectName("handoutChoosePicture")
        self.choose_button.clicked.connect(self.choose_picture)
        self.picture_label = PlainLabel(tr("No picture chosen (PNG or JPEG, at most 2 MiB)"))
        self.picture_label.setObjectName("handoutPictureName")
        self.picture_label.setWordWrap(True)
        self.error = error_label("handoutError")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        give = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        give.setText(tr("&Give"))
        give.setObjectName("handoutGive")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(tr("&To"), self.to_combo)
        form.addRow(tr("T&itle"), self.title_edit)
        layout = QVBoxLayout(self)
        if card is not None:
            about = PlainLabel(
                tr(
                    "The card “{name}” as its player sees it now: what you write into "
                    "the card later stays off this handout."
                ).format(name=card.name)
            )
            about.setObjectName("handoutCardAbout")
            about.setWordWrap(True)
            layout.addWidget(about)
            layout.addLayout(form)
        else:
            kinds = QHBoxLayout()
            kinds.addWidget(self.text_button)
            kinds.addWidget(self.picture_button)
            kinds.addStretch(1)
            form.addRow(tr("Handout"), kinds)
            layout.addLayout(form)
            self.text_label = PlainLabel(tr("Te&xt"))
            self.text_label.setBuddy(self.text_edit)
            layout.addWidget(self.text_label)
            layout.addWidget(self.text_edit, 1)
            pictures = QHBoxLayout()
            pictures.addWidget(self.picture_label, 1)
            pictures.addWidget(self.choose_button)
            layout.addLayout(pictures)
            self.text_button.toggled.connect(self._kind_changed)
            self._kind_changed()
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(520, 420 if card is None else 200)

    @property
    def kind(self) -> str:
        if self.card is not None:
            return CARD
        return TEXT if self.text_button.isChecked() else IMAGE

    def _kind_changed(self) -> None:
        picture = self.kind == IMAGE
        self.choose_button.setEnabled(picture)
        self.picture_label.setEnabled(picture)
        self.text_label.setText(tr("Ca&ption (optional)") if picture else tr("Te&xt"))
        self.text_edit.setPlaceholderText(
            tr("Words under the picture") if picture else tr("What the player reads on their phone")
        )
        show_error(self.error, None)

    def choose_picture(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, tr("Choose a picture"), "", tr(PICTURE_FILTER))
        if name:
            self.set_picture(Path(name))

    def set_picture(self, path: Path) -> bool:
        """Take the picture at `path` (or say why not); whether it was taken."""
        read = read_picture(path)
        if isinstance(read, str):
            show_error(self.error, read)
            return False
        self.picture = read
        self.picture_button.setChecked(True)
        self.picture_label.setText(f"{path.name} ({size_words(len(read))})")
        if not self.title_edit.text().strip():
            self.title_edit.setText(path.stem[:TITLE_MAX])
        show_error(self.error, None)
        return True

    def accept(self) -> None:
        """Close only on a handout the store will take; else say why, beside the fields."""
        kind = self.kind
        to = self.to_combo.currentData()
        text = "" if kind == CARD else self.text_edit.toPlainText()
        picture = self.picture if kind == IMAGE else None
        record = HandoutRecord(
            1, kind, self.title_edit.text(), text, self.card.copy if self.card else "", "", to
        )
        try:
            checked, _picture = check_handout(record, picture)
        except ValueError as refused:
            show_error(self.error, str(refused))
            return
        self.gift = Gift(
            kind, checked.title, checked.text, checked.card, picture, checked.character_id
        )
        super().accept()

    def recipient_name(self) -> str | None:
        """The chosen player's name, None for every player."""
        return None if self.to_combo.currentData() is None else self.to_combo.currentText()
