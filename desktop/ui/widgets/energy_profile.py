"""A character's energy profile: daily net energy and named ability ratings."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHeaderView,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.rules.energy import CharacterProfile
from desktop.store import ABILITY_RATING_MAX, DAILY_NET_MAX, NotFound
from desktop.ui.accessible import named
from desktop.ui.energy_commands import SetEnergyProfile
from desktop.ui.form_helpers import push_button, spread_row, wrapped_label
from desktop.ui.plain_text import PlainLabel
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.month_grid import danger_colour
from desktop.ui.window_language import tr


class ProfileEditor(QWidget):
    """Edit the profile; Save pushes one undoable step (the rules check it first)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: CampaignSession | None = None
        self.character_id: int | None = None
        self._loaded: tuple[int, dict[str, int]] | None = None  # what the store has
        self._saving = False  # a push under way (see `save_profile`)
        self.intro = PlainLabel()
        self.intro.setWordWrap(True)
        self.daily_net = QSpinBox()
        self.daily_net.setObjectName("dailyNet")
        named(self.daily_net, tr("Daily net energy"))
        self.daily_net.setRange(0, DAILY_NET_MAX)
        self.daily_net.setSuffix(tr(" energy a day"))
        self.abilities = QTableWidget(0, 2)
        self.abilities.setObjectName("abilities")
        named(self.abilities, tr("Abilities"))
        self.abilities.setTabKeyNavigation(False)  # Tab leaves it; the arrows move between cells
        self.abilities.setHorizontalHeaderLabels([tr("Ability"), tr("Rating")])
        header = self.abilities.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.abilities.verticalHeader().hide()
        self.add_row = push_button(tr("Add Ability"), clicked=lambda: self.append_ability("", 0))
        self.remove_row = push_button(tr("Remove Ability"), clicked=self._remove_selected)
        self.save = push_button(tr("Save Profile"), "saveProfile", self.save_profile)
        self.error = wrapped_label("profileError")
        form = QFormLayout()
        form.addRow(tr("Daily net energy"), self.daily_net)
        buttons = spread_row([self.add_row, self.remove_row], [self.save])
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(form)
        abilities_note = PlainLabel(tr("Abilities add their rating to energy committed to a task."))
        abilities_note.setWordWrap(True)  # a longer language's words: on two lines
        layout.addWidget(abilities_note)
        layout.addWidget(self.abilities, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.error)

    def set_session(self, session: CampaignSession | None) -> None:
        if session is not self.session:
            # The main window flushed the old campaign's edits; none carry over.
            self.character_id = None
            self._loaded = None
        self.session = session

    def set_character(self, character_id: int | None, profile: CharacterProfile | None) -> None:
        if character_id != self.character_id:
            self.flush_edits()  # leaving a character keeps what was typed for them
        self.character_id = character_id
        self._loaded = None
        self.error.clear()
        self.abilities.setRowCount(0)
        enabled = character_id is not None and not (self.session and self.session.read_only)
        for widget in (self.daily_net, self.abilities, self.add_row, self.remove_row, self.save):
            widget.setEnabled(enabled)
        if character_id is None:
            self.intro.setText(tr("Pick a character to edit their energy profile."))
            return
        if profile is None:
            self.intro.setText(
                tr(
                    "This character has no energy profile yet. Give them a daily net energy "
                    "(what they can spend on a good day) and save to start their calendar."
                )
            )
            self.daily_net.setValue(20)
            return
        self.intro.setText(
            tr("{name}'s profile. A new daily net counts from the next day opened.").format(
                name=profile.name
            )
        )
        self.daily_net.setValue(profile.daily_net)
        for ability in profile.abilities:
            self.append_ability(ability.name, ability.rating)
        self._loaded = (profile.daily_net, {a.name: a.rating for a in profile.abilities})

    def flush_edits(self) -> None:
        """Save edits not saved yet (the GM switched character or closes the campaign);
        edits the rules refuse stay on screen with their message."""
        if self.session is None or self.character_id is None or self.session.read_only:
            return
        if self._loaded is None:
            return  # no profile yet: giving one is a deliberate Save
        try:
            typed = (self.daily_net.value(), self.ratings())
        except ValueError:
            return
        if typed != self._loaded:
            self.save_profile()

    def append_ability(self, name: str, rating: int) -> None:
        row = self.abilities.rowCount()
        self.abilities.insertRow(row)
        self.abilities.setItem(row, 0, QTableWidgetItem(name))
        spin = QSpinBox()
        spin.setRange(0, ABILITY_RATING_MAX)
        spin.setValue(rating)
        named(spin, tr("{name} rating").format(name=name) if name else tr("Rating"))
        self.abilities.setCellWidget(row, 1, spin)
        if not name:
            self.abilities.setCurrentCell(row, 0)
            name_item = self.abilities.item(row, 0)
            if name_item is not None:
                self.abilities.editItem(name_item)

    def _remove_selected(self) -> None:
        rows = sorted({index.row() for index in self.abilities.selectedIndexes()}, reverse=True)
        for row in rows or [self.abilities.currentRow()]:
            if row >= 0:
                self.abilities.removeRow(row)

    def ratings(self) -> dict[str, int]:
        """The abilities as typed; ValueError (plain) for an empty or repeated name."""
        ratings: dict[str, int] = {}
        for row in range(self.abilities.rowCount()):
            item = self.abilities.item(row, 0)
            name = item.text().strip() if item else ""
            spin = self.abilities.cellWidget(row, 1)
            assert isinstance(spin, QSpinBox)
            if not name:
                raise ValueError(tr("Ability {number} needs a name.").format(number=row + 1))
            if name in ratings:
                raise ValueError(
                    tr("There are two abilities called {name}.").format(name=repr(name))
                )
            ratings[name] = spin.value()
        return ratings

    def save_profile(self) -> bool:
        if self.session is None or self.character_id is None:
            return False
        try:
            ratings = self.ratings()
        except ValueError as error:
            self._show_error(str(error))
            return False
        try:
            name = self.session.campaign.roster.get(self.character_id).name
        except NotFound:  # deleted with edits unsaved: they go with the character
            self._loaded = None
            return False
        command = SetEnergyProfile(
            self.session,
            self.character_id,
            self.daily_net.value(),
            ratings,
            tr("Energy profile of {name}").format(name=name),
        )
        self.error.clear()
        # The push tells every view, and a view that reloads may flush this editor's
        # edits again before `_loaded` says they are saved: that save within a save
        # recursed without end.
        if self._saving:
            return False
        self._saving = True
        try:
            saved = self.session.push(command)
        finally:
            self._saving = False
        if saved:
            self._loaded = (self.daily_net.value(), ratings)
        return saved

    def _show_error(self, message: str) -> None:
        self.error.setText(message)
        palette = self.error.palette()
        palette.setColor(self.error.foregroundRole(), danger_colour(self.palette()))
        self.error.setPalette(palette)
        self.error.setAlignment(Qt.AlignmentFlag.AlignLeft)
