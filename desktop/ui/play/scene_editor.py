"""The GM sets the scene: a line of text, who is in it (characters, NPCs and
challenges) and, if one challenge hits the whole party, which (RULES.md section 2,
"Play order": "in a round the GM sets or updates the scene")."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.rules.roster import KIND_LABELS
from desktop.store import CharacterRecord, PlayView
from desktop.ui.accessible import named
from desktop.ui.form_helpers import error_label, show_error
from desktop.ui.plain_text import PlainLabel
from desktop.ui.play.round_award import narrow_combo
from desktop.ui.widgets.flow import Flow
from desktop.ui.window_language import tr

NO_CONDITION = N_("No party-wide condition")


class SceneEditor(QWidget):
    # text, members, condition id (0 for none), new scene?
    scene_requested = Signal(str, list, int, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.text = QLineEdit()
        self.text.setObjectName("sceneText")
        named(self.text, tr("Scene"))
        self.text.setPlaceholderText(tr("The scene: where, when, what is happening"))
        self.text.setMaxLength(2_000)
        self.members = QListWidget()
        self.members.setObjectName("sceneMembers")
        named(self.members, tr("In the scene"))
        self.members.setMaximumHeight(110)
        # A long name and its kind ("Herausforderung") wrap onto a second line rather than
        # scroll the list sideways in a narrow dock.
        self.members.setWordWrap(True)
        self.members.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.members.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.members.setToolTip(tr("Tick who is in the scene: characters, NPCs and challenges."))
        self.condition = narrow_combo("sceneCondition")
        self.condition.setToolTip(
            tr("A challenge that hits the whole party rolls once per turn against everyone.")
        )
        buttons = Flow()  # Update scene below New scene in a narrow dock
        self.new_button = QPushButton(tr("New scene"))
        self.update_button = QPushButton(tr("Update scene"))
        self.new_button.setToolTip(tr("Set a new scene: round 1, the first player's turn."))
        self.update_button.setToolTip(tr("Change the current scene, keeping its round."))
        self.new_button.clicked.connect(lambda: self._request(True))
        self.update_button.clicked.connect(lambda: self._request(False))
        self.text.returnPressed.connect(lambda: self._request(not self._has_scene))
        buttons.add(self.new_button)
        buttons.add(self.update_button)
        self.error = error_label("sceneError")
        layout.addWidget(self.text)
        layout.addWidget(self.members)
        layout.addWidget(PlainLabel(tr("Party-wide condition:")))
        layout.addWidget(self.condition)
        layout.addLayout(buttons)
        layout.addWidget(self.error)
        self._has_scene: bool = False
        self._shown: tuple[int | None, int, str] = (None, -1, "")
        self._characters: list[CharacterRecord] = []
        self.members.itemChanged.connect(lambda _item: self._fill_conditions())

    def show_view(self, view: PlayView, characters: list[CharacterRecord], writable: bool) -> None:
        """Load the current scene into the editor when it changed (not while typing)."""
        self._has_scene = view.scene_number > 0
        running = view.game_id is not None
        for widget in (self.text, self.members, self.condition, self.new_button):
            widget.setEnabled(writable and running)
        self.update_button.setEnabled(writable and self._has_scene)
        shown = (view.game_id, view.scene_number, view.scene_text)
        known = [c.id for c in characters] == [c.id for c in self._characters]
        if shown == self._shown and known:
            return
        self._shown = shown
        self._characters = characters
        self.text.setText(view.scene_text)
        members = (
            set(view.members) if self._has_scene else {c.id for c in characters if c.kind == "pc"}
        )
        self.members.blockSignals(True)
        self.members.clear()
        for character in characters:
            kind = tr(KIND_LABELS[character.kind])
            item = QListWidgetItem(tr("{name} ({kind})").format(name=character.name, kind=kind))
            item.setData(Qt.ItemDataRole.UserRole, character.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = character.id in members
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.members.addItem(item)
        self.members.blockSignals(False)
        self._fill_conditions(view.condition_id)

    def chosen_members(self) -> list[int]:
        return [
            int(self.members.item(row).data(Qt.ItemDataRole.UserRole))
            for row in range(self.members.count())
            if self.members.item(row).checkState() == Qt.CheckState.Checked
        ]

    def set_member(self, character_id: int, checked: bool) -> None:
        for row in range(self.members.count()):
            item = self.members.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == character_id:
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def _fill_conditions(self, keep: int | None = None) -> None:
        current = keep if keep is not None else self.condition.currentData()
        chosen = set(self.chosen_members())
        self.condition.clear()
        self.condition.addItem(tr(NO_CONDITION), 0)
        for character in self._characters:
            if character.kind == "challenge" and character.id in chosen:
                self.condition.addItem(character.name, character.id)
        index = self.condition.findData(current) if current else 0
        self.condition.setCurrentIndex(max(index, 0))

    def show_problem(self, message: str) -> None:
        show_error(self.error, message)

    def _request(self, new: bool) -> None:
        show_error(self.error, None)
        self.scene_requested.emit(
            self.text.text(), self.chosen_members(), int(self.condition.currentData() or 0), new
        )
