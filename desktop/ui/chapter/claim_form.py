"""The form of the claim selected on the map (or the lair, or a hint when none is)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.rules import factions
from desktop.ui.chapter.labels import note, status_word
from desktop.ui.form_helpers import (
    error_label,
    push_button,
    show_warning,
    spread_row,
    wrapped_label,
)
from desktop.ui.plain_text import PlainLabel, escaped
from desktop.ui.widgets.chapter_paint import label_font, warn_colour
from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.store import ClaimRecord, FactionRecord


# --- The claim form ---------------------------------------------------------------------

DEFAULT_HINT = N_(  # translated where shown: tr(DEFAULT_HINT)
    "Select a claim to edit it, or the lair.\n\nCtrl-click a second place to link or "
    "unlink the two with a path.\n\nDrag a claim to move it."
)


class ClaimForm(QStackedWidget):
    """The selected claim: name, benefit, turf, holder, and Seize / Lose / Hand over."""

    edited = Signal(str, object)  # field, value
    seize_requested = Signal(int)  # status change with the loser
    transfer_requested = Signal(int)  # new holder: a faction id
    delete_requested = Signal()
    lair_toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimForm")
        self.claim: ClaimRecord | None = None
        self.loser: FactionRecord | None = None
        self.put_back = False  # set while the form is refilled after a refused edit
        self.addWidget(self._hint_page())
        self.addWidget(self._claim_page())
        self.addWidget(self._lair_page())
        self.setMinimumWidth(220)  # in a scroll area: its text wraps

    def _hint_page(self) -> QWidget:
        self.hint = note(tr(DEFAULT_HINT), "claimHint")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignTop)
        return self.hint

    def _claim_page(self) -> QWidget:
        page = QWidget()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("claimName")
        self.benefit_edit = QLineEdit()
        self.benefit_edit.setObjectName("claimBenefit")
        self.benefit_edit.setPlaceholderText(tr("e.g. +1 coin each downtime"))
        self.turf_check = QCheckBox(tr("Counts as turf"))
        self.turf_check.setObjectName("claimTurf")
        self.turf_check.setToolTip(tr("Each turf the chapter holds lowers the rep needed by one."))
        self.holder_label = wrapped_label("claimHolder", rich=True)
        self.road_label = note(name="claimRoadmap")
        self.status_spin = QSpinBox()
        self.status_spin.setObjectName("seizeStatus")
        self.status_spin.setRange(-6, 6)
        self.status_spin.setValue(factions.SEIZE_STATUS_CHANGE)
        self.status_spin.setToolTip(
            tr("Seizing a claim is a serious attack: usually -2 status with the loser.")
        )
        self.status_note = note(name="seizeStatusNote")
        self.seize_button = push_button(tr("Seize for the chapter"), "claimSeize")
        self.faction_combo = QComboBox()
        self.faction_combo.setObjectName("claimFaction")
        self.transfer_button = push_button(tr("Lose"), "claimTransfer")
        self.transfer_note = note(name="claimTransferNote")
        self.delete_button = push_button(tr("Delete claim"), "claimDelete")
        self.error = error_label("claimError")

        self.seize_box = QGroupBox(tr("Seize"))
        seize = QVBoxLayout(self.seize_box)
        change = spread_row([PlainLabel(tr("Status change")), self.status_spin])
        seize.addLayout(change)
        seize.addWidget(self.status_note)
        seize.addWidget(self.seize_button)
        self.transfer_box = QGroupBox(tr("Lose to a faction"))
        transfer = QVBoxLayout(self.transfer_box)
        row = QHBoxLayout()
        row.addWidget(self.faction_combo, 1)
        row.addWidget(self.transfer_button)
        transfer.addLayout(row)
        transfer.addWidget(self.transfer_note)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(tr("&Name"), self.name_edit)
        form.addRow(tr("&Benefit"), self.benefit_edit)
        form.addRow("", self.turf_check)
        form.addRow(tr("Held by"), self.holder_label)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.road_label)
        layout.addWidget(self.seize_box)
        layout.addWidget(self.transfer_box)
        layout.addWidget(self.error)
        layout.addStretch(1)
        layout.addWidget(self.delete_button)

        self.name_edit.editingFinished.connect(
            lambda: self._edit("name", self.name_edit.text().strip())
        )
        self.benefit_edit.editingFinished.connect(
            lambda: self._edit("benefit", self.benefit_edit.text().strip())
        )
        self.turf_check.clicked.connect(lambda checked: self._edit("turf", bool(checked)))
        self.status_spin.valueChanged.connect(self._show_status_change)
        self.seize_button.clicked.connect(
            lambda: self.seize_requested.emit(self.status_spin.value())
        )
        self.transfer_button.clicked.connect(
            lambda: self.transfer_requested.emit(int(self.faction_combo.currentData()))
        )
        self.delete_button.clicked.connect(self.delete_requested.emit)
        return page

    def _lair_page(self) -> QWidget:
        page = QWidget()
        self.lair_title = PlainLabel(tr("Lair"))
        self.lair_title.setFont(label_font(16, bold=True))
        self.lair_title.setWordWrap(True)  # "Lair of" a long chapter name
        self.lair_check = QCheckBox(tr("The chapter holds its lair"))
        self.lair_check.setObjectName("lairHeld")
        self.lair_note = note(
            tr(
                "If the lair is lost, the chapter loses the benefits of all its claims until "
                "it restores its lair or establishes a new one (a score)."
            ),
            "lairNote",
        )
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.lair_title)
        layout.addWidget(self.lair_check)
        layout.addWidget(self.lair_note)
        layout.addStretch(1)
        self.lair_check.clicked.connect(lambda checked: self.lair_toggled.emit(bool(checked)))
        return page

    # showing

    def show_nothing(self, hint: str = "") -> None:
        self.claim = None
        if hint:
            self.hint.setText(hint)
        self.setCurrentIndex(0)

    def show_lair(self, chapter: str, held: bool, writable: bool) -> None:
        self.claim = None
        self.lair_title.setText(tr("Lair of {chapter}").format(chapter=chapter))
        self.lair_check.setChecked(held)
        self.lair_check.setEnabled(writable)
        self.setCurrentIndex(2)

    def show_claim(
        self,
        claim: ClaimRecord,
        holder: str,
        loser: FactionRecord | None,
        others: list[FactionRecord],
        roadmap: str,
        writable: bool,
    ) -> None:
        """Show `claim`; `loser` is the faction holding it (None if the chapter does),
        `others` the factions it could go to."""
        new_claim = self.claim is None or self.claim.id != claim.id
        changed = new_claim or self.put_back
        self.claim = claim
        self.loser = loser
        for edit, value in ((self.name_edit, claim.name), (self.benefit_edit, claim.benefit)):
            if changed or not edit.hasFocus():
                edit.setText(value)
                edit.setCursorPosition(0)  # show the start of a long benefit, not its end
        self.turf_check.setChecked(claim.turf)
        ours = loser is None
        holder = escaped(holder)  # a name: only text in our markup
        self.holder_label.setText(
            tr("<b>★ {holder}</b> (the chapter)").format(holder=holder) if ours else f"◇ {holder}"
        )
        self.road_label.setText(roadmap)
        self.road_label.setVisible(bool(roadmap))
        self.seize_box.setVisible(not ours)
        if loser is not None:
            self.seize_box.setTitle(tr("Seize from {faction}").format(faction=loser.name))
            if new_claim:
                self.status_spin.setValue(factions.SEIZE_STATUS_CHANGE)
            self._show_status_change()
        self._fill_factions(others, ours)
        for widget in (self.name_edit, self.benefit_edit, self.turf_check, self.delete_button):
            widget.setEnabled(writable)
        self.seize_button.setEnabled(writable)
        self.transfer_button.setEnabled(writable and bool(others))
        if changed and not self.put_back:
            show_warning(self.error, "")
        self.setCurrentIndex(1)

    def _fill_factions(self, others: list[FactionRecord], ours: bool) -> None:
        chosen = self.faction_combo.currentData()
        self.faction_combo.clear()
        for faction in others:
            self.faction_combo.addItem(faction.name, faction.id)
        self.faction_combo.setCurrentIndex(max(0, self.faction_combo.findData(chosen)))
        self.faction_combo.setEnabled(bool(others))
        self.transfer_box.setTitle(
            tr("Lose to a faction") if ours else tr("Hand to another faction")
        )
        self.transfer_button.setText(tr("Lose") if ours else tr("Hand over"))
        if not others:
            self.transfer_note.setText(tr("Add factions on the Faction Ladder to give it to one."))
        elif ours:
            self.transfer_note.setText(tr("The chapter loses the claim and its benefit."))
        else:
            self.transfer_note.setText(tr("A faction seizing it from another: no status change."))

    def _show_status_change(self) -> None:
        loser = self.loser
        if loser is None:
            return
        after = factions.change_status(loser.status, self.status_spin.value())
        to_war = factions.is_war(after) and not factions.is_war(loser.status)
        if to_war:
            text = tr(
                "Status with {faction}: {before} ({before_number}) → {after} "
                "({after_number}). The chapter goes to war."
            )
        else:
            text = tr(
                "Status with {faction}: {before} ({before_number}) → {after} ({after_number})."
            )
        self.status_note.setText(
            text.format(
                faction=loser.name,
                before=status_word(loser.status),
                before_number=f"{loser.status:+d}",
                after=status_word(after),
                after_number=f"{after:+d}",
            )
        )
        colour = warn_colour(self.palette()).name() if to_war else ""
        self.status_note.setStyleSheet(f"color: {colour};" if colour else "")

    def flush_edits(self) -> None:
        """Save a name or benefit still being typed (the campaign is closing)."""
        if self.claim is None:
            return
        self._edit("name", self.name_edit.text().strip())
        self._edit("benefit", self.benefit_edit.text().strip())

    def _edit(self, field: str, value: object) -> None:
        if self.claim is not None and getattr(self.claim, field) != value:
            self.edited.emit(field, value)
