"""The Chapter dock: the chapter sheet (tier, hold, rep and turf, coin, heat, war,
development, payoff) and the claims map (lair, claims, paths, who holds what).

Every number the sheet shows before a change (what Develop would do, what a payoff
brings) comes from the rules; every change is an undo command written through the
store, and the views refresh on the store's "chapter", "claims" and "factions" topics.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QPalette, QUndoCommand
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import downtime, factions
from desktop.ui.chapter_commands import (
    AddClaim,
    ChapterLosesHold,
    DeleteClaim,
    Develop,
    EditChapter,
    EditClaim,
    LinkClaims,
    LoseClaim,
    MoveClaim,
    Payoff,
    SeizeClaim,
    TransferClaim,
    UnlinkClaims,
)
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.chapter_paint import Block, RepTracker, pixel_font, warn_colour
from desktop.ui.widgets.claim_map import LAIR_ID, ClaimScene, ClaimView, MapState

if TYPE_CHECKING:
    from desktop.store import ChapterRecord, ClaimRecord, FactionRecord

TOPICS = ("chapter", "claims", "factions")
MAX_COIN = 9999
MAX_HEAT = 99
JOB_LABELS = {
    downtime.MINOR: "Minor job (2 coin)",
    downtime.SMALL: "Small job (4 coin)",
    downtime.STANDARD: "Standard adventure (6 coin)",
    downtime.BIG: "Big adventure (8 coin)",
    downtime.MAJOR: "Major adventure (10+ coin)",
}
WAR_MEANS = (
    "hold counts one lower, +1 heat from each score, and one downtime activity per "
    "character instead of two"
)


def error_label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.hide()
    return label


def show_error(label: QLabel, message: str) -> None:
    label.setStyleSheet(f"color: {warn_colour(label.palette()).name()};")
    label.setText(f"⚠ {message}" if message else "")
    label.setVisible(bool(message))


def push_command(session: CampaignSession, command: QUndoCommand) -> str:
    """Push `command`; the GM's message if it failed, else ""."""
    session.push(command)
    return session.last_failure or ""


def caption(text: str) -> QLabel:
    label = QLabel(text.upper())
    label.setFont(pixel_font(11, bold=True))
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def note(text: str = "", name: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setFont(pixel_font(12))
    if name:
        label.setObjectName(name)
    return label


# --- The sheet ----------------------------------------------------------------------------


class ChapterSheet(QWidget):
    """Name, tier, hold, war, rep and turf, coin, heat, Develop and Payoff."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: CampaignSession | None = None
        self.record: ChapterRecord | None = None
        self._put_back = False
        self._build_widgets()
        self._lay_out()
        self._connect()

    # building

    def _build_widgets(self) -> None:
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("chapterName")
        self.name_edit.setFont(pixel_font(20, bold=True))
        self.name_edit.setFrame(False)
        self.name_edit.setPlaceholderText("Chapter name")
        self.tier_spin = QSpinBox()
        self.tier_spin.setObjectName("chapterTier")
        self.tier_spin.setRange(factions.MIN_TIER, factions.MAX_TIER)
        self.tier_spin.setFont(pixel_font(30, bold=True))
        self.tier_spin.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tier_spin.setKeyboardTracking(False)
        self.tier_spin.setMinimumWidth(84)
        self.hold_combo = QComboBox()
        self.hold_combo.setObjectName("chapterHold")
        self.hold_combo.setFont(pixel_font(22, bold=True))
        self.hold_combo.addItem("Weak", factions.WEAK)
        self.hold_combo.addItem("Strong", factions.STRONG)
        self.tier_note = note(name="chapterTierNote")
        self.hold_note = note(name="chapterHoldNote")
        self.war_title = QLabel()
        self.war_title.setObjectName("chapterWarTitle")
        self.war_title.setFont(pixel_font(16, bold=True))
        self.war_note = note(name="chapterWarNote")
        self.rep_tracker = RepTracker()
        self.rep_label = QLabel()
        self.rep_label.setObjectName("chapterRepLabel")
        self.rep_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.rep_note = note(name="chapterRepNote")
        self.coin_spin = self._number("chapterCoin", MAX_COIN)
        self.heat_spin = self._number("chapterHeat", MAX_HEAT)
        self.develop_button = QPushButton("Develop")
        self.develop_button.setObjectName("chapterDevelop")
        self.develop_reason = note(name="chapterDevelopReason")
        self.lose_hold_button = QPushButton("Lose hold")
        self.lose_hold_button.setObjectName("chapterLoseHold")
        self.lose_hold_button.setToolTip(
            "An operation against the chapter or a lost war: strong → weak; "
            "weak → a tier lower, still weak."
        )
        # A mark in words, not only a colour; it stays until the GM clears it.
        self.lair_threat = QLabel("⚠ Lair under threat")
        self.lair_threat.setObjectName("chapterLairThreat")
        self.lair_threat.setFont(pixel_font(14, bold=True))
        self.lair_threat.setStyleSheet("color: #c0392b;")
        self.clear_threat_button = QPushButton("Clear the mark")
        self.clear_threat_button.setObjectName("chapterClearThreat")
        self.error = error_label("chapterError")
        self.payoff = PayoffForm()
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setObjectName("chapterNotes")
        self.notes_edit.setPlaceholderText(
            "Notes: the lair, upgrades, cohorts, who owes the chapter a favour…"
        )
        self.notes_edit.setMinimumHeight(48)
        # It takes the room that is left, without asking for more (no scroll bar).
        self.notes_edit.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        # Typing is saved after a pause, as one undo step per burst.
        self._notes_timer = QTimer(self, singleShot=True, interval=700)

    @staticmethod
    def _number(name: str, maximum: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(0, maximum)
        spin.setKeyboardTracking(False)  # typed numbers count when done, arrows at once
        spin.setFont(pixel_font(16, bold=True))
        spin.setMinimumWidth(80)
        return spin

    def _lay_out(self) -> None:
        self.tier_block = self._stat_block("Tier", self.tier_spin, self.tier_note)
        self.hold_block = self._stat_block("Hold", self.hold_combo, self.hold_note)
        self.war_block = Block()
        war = QVBoxLayout(self.war_block)
        war.setContentsMargins(18, 8, 10, 8)
        war.addWidget(self.war_title)
        war.addWidget(self.war_note)
        war.addStretch(1)
        top = QHBoxLayout()
        top.addWidget(self.tier_block)
        top.addWidget(self.hold_block)
        top.addWidget(self.war_block, 1)

        rep_head = QHBoxLayout()
        rep_head.addWidget(caption("Rep"))
        rep_head.addStretch(1)
        rep_head.addWidget(self.rep_label)
        purse = QHBoxLayout()
        for text, spin in (("Coin", self.coin_spin), ("Heat", self.heat_spin)):
            label = caption(text)
            label.setBuddy(spin)
            purse.addWidget(label)
            purse.addWidget(spin)
            purse.addSpacing(16)
        purse.addStretch(1)
        develop = QHBoxLayout()
        develop.addWidget(self.develop_button)
        develop.addWidget(self.develop_reason, 1)
        develop.addWidget(self.lose_hold_button)
        threat = QHBoxLayout()
        threat.addWidget(self.lair_threat)
        threat.addWidget(self.clear_threat_button)
        threat.addStretch(1)
        self.threat_row = QWidget()
        self.threat_row.setLayout(threat)
        threat.setContentsMargins(0, 0, 0, 0)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(6)
        layout.addWidget(self.name_edit)
        layout.addLayout(top)
        layout.addLayout(rep_head)
        layout.addWidget(self.rep_tracker)
        layout.addWidget(self.rep_note)
        layout.addLayout(purse)
        layout.addLayout(develop)
        layout.addWidget(self.threat_row)
        layout.addWidget(self.error)
        layout.addWidget(self.payoff)
        layout.addWidget(caption("Notes"))
        layout.addWidget(self.notes_edit, 1)

    @staticmethod
    def _stat_block(title: str, field: QWidget, text: QLabel) -> Block:
        block = Block()
        block.setMinimumWidth(128)
        block.setMaximumWidth(170)
        layout = QVBoxLayout(block)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.setSpacing(4)
        layout.addWidget(caption(title))
        layout.addWidget(field)
        layout.addWidget(text, 1)
        return block

    def _connect(self) -> None:
        self.name_edit.editingFinished.connect(
            lambda: self.edit("Rename the chapter", name=self.name_edit.text().strip())
        )
        self.tier_spin.valueChanged.connect(
            lambda value: self.edit(f"Set the chapter to tier {value}", tier=value)
        )
        self.hold_combo.activated.connect(
            lambda: self.edit(
                f"Make the chapter's hold {self.hold_combo.currentData()}",
                hold=self.hold_combo.currentData(),
            )
        )
        self.rep_tracker.rep_chosen.connect(lambda rep: self.edit(f"Set rep to {rep}", rep=rep))
        self.coin_spin.valueChanged.connect(
            lambda value: self.edit(f"Set coin to {value}", coin=value)
        )
        self.heat_spin.valueChanged.connect(
            lambda value: self.edit(f"Set heat to {value}", heat=value)
        )
        self.develop_button.clicked.connect(self.develop)
        self.lose_hold_button.clicked.connect(self.lose_hold)
        self.clear_threat_button.clicked.connect(
            lambda: self.edit("Clear the lair-under-threat mark", lair_threatened=False)
        )
        self.payoff.apply_requested.connect(self.apply_payoff)
        self.notes_edit.textChanged.connect(self._notes_timer.start)
        self._notes_timer.timeout.connect(self.commit_notes)

    # showing

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = session
        self.payoff.set_session(session)

    def show_chapter(self, record: ChapterRecord | None, at_war_with: list[str]) -> None:
        """Show `record`; `at_war_with` names the factions at war (-3) with the chapter."""
        self.record = record
        writable = record is not None and self._session is not None and not self._session.read_only
        for widget in (
            self.name_edit,
            self.tier_spin,
            self.hold_combo,
            self.rep_tracker,
            self.coin_spin,
            self.heat_spin,
        ):
            widget.setEnabled(writable)
        self.notes_edit.setReadOnly(not writable)
        self.payoff.show_chapter(record, writable)
        if record is None:
            self._show_empty()
            return
        self._fill_fields(record)
        self._show_rep(record)
        self._show_war(record, at_war_with)
        self._show_develop(record, writable)
        self.lose_hold_button.setEnabled(writable)
        self.threat_row.setVisible(record.lair_threatened)
        self.clear_threat_button.setEnabled(writable)

    def _show_empty(self) -> None:
        self.threat_row.hide()
        self.lose_hold_button.setEnabled(False)
        self.name_edit.clear()
        self.notes_edit.blockSignals(True)
        self.notes_edit.clear()
        self.notes_edit.blockSignals(False)
        self.rep_tracker.set_values(0, 0)
        self.rep_label.clear()
        self.rep_note.clear()
        self.war_title.setText("No campaign open")
        self.war_note.clear()
        self.war_block.set_alarm(False)
        self.develop_button.setText("Develop")
        self.develop_button.setEnabled(False)
        self.develop_reason.clear()

    def _fill_fields(self, record: ChapterRecord) -> None:
        for widget in (self.name_edit, self.tier_spin, self.hold_combo, self.coin_spin):
            widget.blockSignals(True)
        self.heat_spin.blockSignals(True)
        # A refresh from elsewhere must not wipe a name being typed; a refused one goes.
        if self._put_back or not self.name_edit.hasFocus():
            self.name_edit.setText(record.name)
        self.tier_spin.setValue(record.tier)
        self.hold_combo.setCurrentIndex(self.hold_combo.findData(record.hold))
        self.coin_spin.setValue(record.coin)
        self.heat_spin.setValue(record.heat)
        for widget in (self.name_edit, self.tier_spin, self.hold_combo, self.coin_spin):
            widget.blockSignals(False)
        self.heat_spin.blockSignals(False)
        if self._put_back or (not self.notes_edit.hasFocus() and not self._notes_timer.isActive()):
            self.notes_edit.blockSignals(True)
            self.notes_edit.setPlainText(record.notes)
            self.notes_edit.blockSignals(False)
        self.tier_note.setText(factions.gang_scale_label(record.tier))
        self.hold_note.setText(
            "Fill the tracker to make it strong."
            if record.hold == factions.WEAK
            else "Fill the tracker, then pay to go up a tier."
        )

    def _show_rep(self, record: ChapterRecord) -> None:
        chapter = record.chapter
        self.rep_tracker.set_values(record.rep, record.turf)
        turf = f" · {record.turf} turf" if record.turf else " · no turf"
        self.rep_label.setText(f"<b>{record.rep}</b> of {chapter.rep_needed} rep{turf}")
        if chapter.rep_full:
            self.rep_note.setText(
                "The tracker is full: no rep is earned until the chapter develops."
            )
        elif not record.lair_held:
            self.rep_note.setText(
                f"Click a box to set rep. {chapter.rep_needed} rep fills the tracker: "
                "turf counts for nothing while the lair is lost."
            )
        elif record.turf:
            self.rep_note.setText(
                f"Click a box to set rep. {chapter.rep_needed} rep fills the tracker "
                f"({factions.FULL_REP} less {record.turf} turf)."
            )
        else:
            self.rep_note.setText(
                f"Click a box to set rep. {chapter.rep_needed} rep fills the tracker; "
                "each turf claim held needs one less."
            )

    def _show_war(self, record: ChapterRecord, at_war_with: list[str]) -> None:
        at_war = bool(at_war_with) or record.at_war
        self.war_block.set_alarm(at_war)
        if not at_war:
            self.war_title.setText("At peace")
            self.war_title.setStyleSheet("")
            self.war_note.setText(
                "No faction is at war (status −3) with the chapter. At war: " + WAR_MEANS + "."
            )
            return
        tier, hold = record.chapter.standing(True)
        self.war_title.setText("⚔ At war")
        self.war_title.setStyleSheet(f"color: {warn_colour(self.palette()).name()};")
        enemies = ", ".join(at_war_with) if at_war_with else "a faction"
        self.war_note.setText(
            f"With {enemies}. While it lasts: hold counts one lower (now tier {tier}, "
            f"{hold}), +1 heat from each score, one downtime activity per character."
        )

    def _show_develop(self, record: ChapterRecord, writable: bool) -> None:
        option = record.chapter.develop_option()
        self.develop_button.setText(develop_text(record, option))
        self.develop_button.setEnabled(writable and option.allowed)
        self.develop_reason.setText(option.reason)
        # A reason not to develop yet is information, not an error: it stays quiet.
        self.develop_reason.setForegroundRole(
            QPalette.ColorRole.WindowText if option.allowed else QPalette.ColorRole.PlaceholderText
        )

    def refresh(self) -> None:
        session = self._session
        if session is None:
            self.show_chapter(None, [])
            return
        enemies = [f.name for f in session.campaign.factions.all() if factions.is_war(f.status)]
        self.show_chapter(session.campaign.chapter.get(), enemies)

    # changing

    def _push(self, command: QUndoCommand) -> None:
        if self._session is None:
            return
        message = push_command(self._session, command)
        show_error(self.error, message)
        if message:
            self._put_back = True  # the fields show what is stored, not what was refused
            self.refresh()
            self._put_back = False

    def edit(self, text: str, **changes: object) -> None:
        if self._session is None or self.record is None:
            return
        self._push(EditChapter(self._session, self.record, text, **changes))

    def commit_notes(self) -> None:
        self._notes_timer.stop()
        notes = self.notes_edit.toPlainText()
        if self.record is not None and notes != self.record.notes:
            self.edit("Edit the chapter's notes", notes=notes)

    def flush_edits(self) -> None:
        """Write what is typed but not yet saved (the window is closing the campaign)."""
        if self._notes_timer.isActive():
            self.commit_notes()
        name = self.name_edit.text().strip()
        if self.record is not None and name and name != self.record.name:
            self.edit("Rename the chapter", name=name)

    def develop(self) -> None:
        if self._session is None or self.record is None:
            return
        option = self.record.chapter.develop_option()
        if option.allowed:
            self._push(Develop(self._session, develop_text(self.record, option)))

    def lose_hold(self) -> None:
        if self._session is not None and self.record is not None:
            self._push(ChapterLosesHold(self._session))

    def apply_payoff(self, target_tier: int, quiet: bool, size: str, coin: int) -> None:
        if self._session is None:
            return
        extra = coin if size == downtime.MAJOR else None
        self._push(Payoff(self._session, target_tier, quiet, size, extra))


def develop_text(record: ChapterRecord, option: factions.DevelopOption) -> str:
    if option.action == factions.DEVELOP_STRENGTHEN:
        return "Strengthen hold"
    if option.action == factions.DEVELOP_TIER_UP:
        return f"Go up to tier {record.tier + 1} for {option.cost} coin"
    return "Develop"


class PayoffForm(QGroupBox):
    """Target tier, quiet, job size (and coin for a major job); shows what it brings."""

    apply_requested = Signal(int, bool, str, int)  # target tier, quiet, size, coin

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Payoff", parent)
        self.setObjectName("chapterPayoff")
        self.record: ChapterRecord | None = None
        self.target_spin = QSpinBox()
        self.target_spin.setObjectName("payoffTarget")
        self.target_spin.setRange(factions.MIN_TIER, factions.MAX_TIER)
        self.target_spin.setPrefix("Tier ")
        self.quiet_check = QCheckBox("Kept quiet (no one knows: no rep)")
        self.quiet_check.setObjectName("payoffQuiet")
        self.size_combo = QComboBox()
        self.size_combo.setObjectName("payoffSize")
        for size in downtime.JOB_SIZES:
            self.size_combo.addItem(JOB_LABELS[size], size)
        self.size_combo.setCurrentIndex(self.size_combo.findData(downtime.STANDARD))
        self.coin_spin = QSpinBox()
        self.coin_spin.setObjectName("payoffCoin")
        self.coin_spin.setRange(downtime.JOB_COIN[downtime.MAJOR], MAX_COIN)
        self.coin_spin.setSuffix(" coin")
        self.preview = QLabel()
        self.preview.setObjectName("payoffPreview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.apply_button = QPushButton("Apply payoff")
        self.apply_button.setObjectName("payoffApply")
        grid = QGridLayout(self)
        grid.addWidget(QLabel("Target"), 0, 0)
        grid.addWidget(self.target_spin, 0, 1)
        grid.addWidget(QLabel("Job"), 0, 2)
        grid.addWidget(self.size_combo, 0, 3)
        grid.addWidget(self.coin_spin, 0, 4)
        grid.addWidget(self.quiet_check, 1, 0, 1, 5)
        grid.addWidget(self.preview, 2, 0, 1, 4)
        grid.addWidget(self.apply_button, 2, 4, Qt.AlignmentFlag.AlignBottom)
        grid.setColumnStretch(3, 1)
        for signal in (self.target_spin.valueChanged, self.coin_spin.valueChanged):
            signal.connect(self.update_preview)
        self.quiet_check.toggled.connect(self.update_preview)
        self.size_combo.currentIndexChanged.connect(self._size_changed)
        self.apply_button.clicked.connect(self._apply)
        self._size_changed()

    def set_session(self, session: CampaignSession | None) -> None:
        # Another campaign: its first chapter shown sets the target tier again.
        self.record = None
        self.target_spin.setValue(factions.MIN_TIER)

    def show_chapter(self, record: ChapterRecord | None, writable: bool) -> None:
        first = self.record is None and record is not None
        self.record = record
        if first and record is not None:
            self.target_spin.setValue(record.tier)  # a job against an equal is the default
        self.setEnabled(writable)
        self.update_preview()

    def job_size(self) -> str:
        return str(self.size_combo.currentData())

    def _size_changed(self) -> None:
        major = self.job_size() == downtime.MAJOR
        self.coin_spin.setEnabled(major)
        self.coin_spin.blockSignals(True)
        if major:
            self.coin_spin.setMinimum(downtime.JOB_COIN[downtime.MAJOR])
        else:
            self.coin_spin.setMinimum(0)
            self.coin_spin.setValue(downtime.JOB_COIN[self.job_size()])
        self.coin_spin.blockSignals(False)
        self.update_preview()

    def result(self) -> tuple[downtime.Payoff, factions.Chapter] | None:
        """What the job pays and the chapter after it, or None without a chapter."""
        if self.record is None:
            return None
        coin = self.coin_spin.value() if self.job_size() == downtime.MAJOR else None
        return downtime.chapter_payoff(
            self.record.chapter,
            self.target_spin.value(),
            self.job_size(),
            self.quiet_check.isChecked(),
            coin,
            at_war=self.record.at_war,
        )

    def update_preview(self) -> None:
        outcome = self.result()
        if outcome is None or self.record is None:
            self.preview.setText("")
            self.apply_button.setEnabled(False)
            return
        pay, after = outcome
        self.preview.setText(payoff_text(self.record, pay, after, self.quiet_check.isChecked()))
        self.apply_button.setEnabled(self.isEnabled())

    def _apply(self) -> None:
        self.apply_requested.emit(
            self.target_spin.value(),
            self.quiet_check.isChecked(),
            self.job_size(),
            self.coin_spin.value(),
        )


def payoff_text(
    record: ChapterRecord, pay: downtime.Payoff, after: factions.Chapter, quiet: bool
) -> str:
    """The rep and coin a job brings, as the GM reads it before applying it."""
    gained = after.rep - record.rep
    needed = after.rep_needed
    if quiet:
        rep = "<b>no rep</b> (kept quiet)"
    elif record.chapter.rep_full and pay.rep:
        rep = "<b>no rep</b>: the tracker is full, so the chapter earns none until it develops"
    elif gained < pay.rep:
        rep = f"<b>+{gained} rep</b> of {pay.rep} (the tracker fills at {needed})"
    else:
        rep = f"<b>+{gained} rep</b>"
    if gained:
        rep += f" → {after.rep} of {needed}"
    coin = f"<b>+{pay.coin} coin</b> → {after.coin}"
    if pay.heat:
        tier = after.standing(True)[0]
        heat = f"<b>+{pay.heat} heat</b> → {after.heat} (at war; the chapter counts as tier {tier})"
        return f"This job brings {rep}, {coin}, and {heat}."
    return f"This job brings {rep}, and {coin}."


# --- The claim form ---------------------------------------------------------------------

DEFAULT_HINT = (
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
        self.setMinimumWidth(220)

    def _hint_page(self) -> QWidget:
        self.hint = note(DEFAULT_HINT, "claimHint")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignTop)
        return self.hint

    def _claim_page(self) -> QWidget:
        page = QWidget()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("claimName")
        self.benefit_edit = QLineEdit()
        self.benefit_edit.setObjectName("claimBenefit")
        self.benefit_edit.setPlaceholderText("e.g. +1 coin each downtime")
        self.turf_check = QCheckBox("Counts as turf")
        self.turf_check.setObjectName("claimTurf")
        self.turf_check.setToolTip("Each turf the chapter holds lowers the rep needed by one.")
        self.holder_label = QLabel()
        self.holder_label.setObjectName("claimHolder")
        self.holder_label.setWordWrap(True)
        self.road_label = note(name="claimRoadmap")
        self.status_spin = QSpinBox()
        self.status_spin.setObjectName("seizeStatus")
        self.status_spin.setRange(-6, 6)
        self.status_spin.setValue(factions.SEIZE_STATUS_CHANGE)
        self.status_spin.setToolTip(
            "Seizing a claim is a serious attack: usually -2 status with the loser."
        )
        self.status_note = note(name="seizeStatusNote")
        self.seize_button = QPushButton("Seize for the chapter")
        self.seize_button.setObjectName("claimSeize")
        self.faction_combo = QComboBox()
        self.faction_combo.setObjectName("claimFaction")
        self.transfer_button = QPushButton("Lose")
        self.transfer_button.setObjectName("claimTransfer")
        self.transfer_note = note(name="claimTransferNote")
        self.delete_button = QPushButton("Delete claim")
        self.delete_button.setObjectName("claimDelete")
        self.error = error_label("claimError")

        self.seize_box = QGroupBox("Seize")
        seize = QVBoxLayout(self.seize_box)
        change = QHBoxLayout()
        change.addWidget(QLabel("Status change"))
        change.addWidget(self.status_spin)
        change.addStretch(1)
        seize.addLayout(change)
        seize.addWidget(self.status_note)
        seize.addWidget(self.seize_button)
        self.transfer_box = QGroupBox("Lose to a faction")
        transfer = QVBoxLayout(self.transfer_box)
        row = QHBoxLayout()
        row.addWidget(self.faction_combo, 1)
        row.addWidget(self.transfer_button)
        transfer.addLayout(row)
        transfer.addWidget(self.transfer_note)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("&Name", self.name_edit)
        form.addRow("&Benefit", self.benefit_edit)
        form.addRow("", self.turf_check)
        form.addRow("Held by", self.holder_label)
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
        self.lair_title = QLabel("Lair")
        self.lair_title.setFont(pixel_font(16, bold=True))
        self.lair_check = QCheckBox("The chapter holds its lair")
        self.lair_check.setObjectName("lairHeld")
        self.lair_note = note(
            "If the lair is lost, the chapter loses the benefits of all its claims until "
            "it restores its lair or establishes a new one (a score).",
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
        self.lair_title.setText(f"Lair of {chapter}")
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
        self.holder_label.setText(f"<b>★ {holder}</b> (the chapter)" if ours else f"◇ {holder}")
        self.road_label.setText(roadmap)
        self.road_label.setVisible(bool(roadmap))
        self.seize_box.setVisible(not ours)
        if loser is not None:
            self.seize_box.setTitle(f"Seize from {loser.name}")
            if new_claim:
                self.status_spin.setValue(factions.SEIZE_STATUS_CHANGE)
            self._show_status_change()
        self._fill_factions(others, ours)
        for widget in (self.name_edit, self.benefit_edit, self.turf_check, self.delete_button):
            widget.setEnabled(writable)
        self.seize_button.setEnabled(writable)
        self.transfer_button.setEnabled(writable and bool(others))
        if changed and not self.put_back:
            show_error(self.error, "")
        self.setCurrentIndex(1)

    def _fill_factions(self, others: list[FactionRecord], ours: bool) -> None:
        chosen = self.faction_combo.currentData()
        self.faction_combo.clear()
        for faction in others:
            self.faction_combo.addItem(faction.name, faction.id)
        self.faction_combo.setCurrentIndex(max(0, self.faction_combo.findData(chosen)))
        self.faction_combo.setEnabled(bool(others))
        self.transfer_box.setTitle("Lose to a faction" if ours else "Hand to another faction")
        self.transfer_button.setText("Lose" if ours else "Hand over")
        if not others:
            self.transfer_note.setText("Add factions on the Faction Ladder to give it to one.")
        elif ours:
            self.transfer_note.setText("The chapter loses the claim and its benefit.")
        else:
            self.transfer_note.setText("A faction seizing it from another: no status change.")

    def _show_status_change(self) -> None:
        loser = self.loser
        if loser is None:
            return
        after = factions.change_status(loser.status, self.status_spin.value())
        text = (
            f"Status with {loser.name}: {factions.status_label(loser.status)} "
            f"({loser.status:+d}) → {factions.status_label(after)} ({after:+d})."
        )
        to_war = factions.is_war(after) and not factions.is_war(loser.status)
        if to_war:
            text += " The chapter goes to war."
        self.status_note.setText(text)
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


# --- The claims tab ------------------------------------------------------------------------


class ClaimsTab(QWidget):
    """The map beside the form of what is selected, and the map's buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: CampaignSession | None = None
        self.chapter: ChapterRecord | None = None
        self.factions: list[FactionRecord] = []
        self.scene = ClaimScene(self)
        self.view = ClaimView(self.scene)
        self.form = ClaimForm()
        self.add_button = QPushButton("Add claim")
        self.add_button.setObjectName("claimAdd")
        self.link_button = QPushButton("Link")
        self.link_button.setObjectName("claimLink")
        self.link_button.setToolTip("Draw a path between the two selected places")
        self.unlink_button = QPushButton("Unlink")
        self.unlink_button.setObjectName("claimUnlink")
        self.unlink_button.setToolTip("Remove the path between the two selected places")
        self.summary = QLabel()
        self.summary.setObjectName("claimSummary")
        self.error = error_label("claimsError")
        self._lay_out()
        self._connect()

    def _lay_out(self) -> None:
        bar = QHBoxLayout()
        for button in (self.add_button, self.link_button, self.unlink_button):
            bar.addWidget(button)
        bar.addStretch(1)
        bar.addWidget(self.summary)
        side = QScrollArea()
        side.setWidgetResizable(True)
        side.setFrameShape(QFrame.Shape.NoFrame)
        holder = QWidget()
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(6, 0, 0, 0)
        inner.addWidget(self.form)
        side.setWidget(holder)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([460, 230])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(bar)
        layout.addWidget(self.error)
        layout.addWidget(splitter, 1)

    def _connect(self) -> None:
        self.scene.selectionChanged.connect(self.show_selection)
        self.scene.nodes_moved.connect(self.move_nodes)
        self.scene.node_activated.connect(self._focus_name)
        self.add_button.clicked.connect(self.add_claim)
        self.link_button.clicked.connect(lambda: self.link(True))
        self.unlink_button.clicked.connect(lambda: self.link(False))
        self.form.edited.connect(self.edit_claim)
        self.form.seize_requested.connect(self.seize)
        self.form.transfer_requested.connect(self.transfer)
        self.form.delete_requested.connect(self.delete_claim)
        self.form.lair_toggled.connect(self.set_lair)

    def set_session(self, session: CampaignSession | None) -> None:
        self._session = session

    @property
    def writable(self) -> bool:
        return self._session is not None and not self._session.read_only

    # showing

    def refresh(self) -> None:
        session = self._session
        if session is None:
            self.chapter, self.factions = None, []
            self.scene.show_map(MapState((), (), "", {}, True))
            self._show_summary()
            self.show_selection()
            return
        campaign = session.campaign
        self.chapter = campaign.chapter.get()
        self.factions = list(campaign.factions.all())
        state = MapState(
            claims=tuple(campaign.chapter.claims()),
            paths=tuple(campaign.chapter.claim_paths()),
            chapter=self.chapter.name,
            faction_names={f.id: f.name for f in self.factions},
            lair_held=self.chapter.lair_held,
        )
        self.scene.setPalette(self.palette())
        self.scene.set_movable(self.writable)
        self.scene.show_map(state)
        if not self.scene.dragging():
            self.view.fit()  # the whole map stays in sight as claims come, go and move
        self._show_summary()
        self.show_selection()

    def _show_summary(self) -> None:
        state = self.scene.state
        if state is None or self.chapter is None:
            self.summary.clear()
            return
        held = sum(1 for claim in state.claims if claim.holder_id == LAIR_ID)
        lost = "" if state.lair_held else " · lair lost: benefits suspended"
        self.summary.setText(
            f"The chapter holds {held} of {len(state.claims)} · {self.chapter.turf} turf{lost}"
        )

    def show_selection(self) -> None:
        ids = self.scene.selected_ids()
        state = self.scene.state
        both = len(ids) == 2
        linked = both and state is not None and state.linked(ids[0], ids[1])
        self.link_button.setEnabled(self.writable and both and not linked)
        self.unlink_button.setEnabled(self.writable and both and linked)
        self.add_button.setEnabled(self.writable)
        if len(ids) != 1 or state is None:
            hint = (
                "Two places selected: Link draws a path between them, Unlink removes it."
                if len(ids) == 2
                else ""
            )
            self.form.show_nothing(hint or DEFAULT_HINT)
            return
        if ids[0] == LAIR_ID:
            self.form.show_lair(state.chapter, state.lair_held, self.writable)
            return
        self._show_claim(ids[0], state)

    def _show_claim(self, claim_id: int, state: MapState) -> None:
        claim = next(c for c in state.claims if c.id == claim_id)
        holder = next((f for f in self.factions if f.id == claim.holder_id), None)
        others = [f for f in self.factions if f.id != claim.holder_id]
        self.form.show_claim(
            claim, state.holder(claim), holder, others, self._roadmap(claim), self.writable
        )

    def _roadmap(self, claim: ClaimRecord) -> str:
        """Whether the rules' roadmap leads to a claim the chapter might seize."""
        if claim.holder_id == LAIR_ID or self._session is None:
            return ""
        try:
            on_path = self._session.campaign.chapter.claim_map().on_path(claim.name)
        except ValueError:
            return ""
        if on_path:
            return "On the roadmap: a path leads here from the lair or a chapter claim."
        return "Off the roadmap: seizing it ignores the paths and is especially difficult."

    def selected_claim(self) -> ClaimRecord | None:
        ids = self.scene.selected_ids()
        state = self.scene.state
        if len(ids) != 1 or ids[0] == LAIR_ID or state is None:
            return None
        return next((c for c in state.claims if c.id == ids[0]), None)

    def select(self, node_id: int) -> None:
        self.scene.clearSelection()
        node = self.scene.node(node_id)
        if node is not None:
            node.setSelected(True)

    def _focus_name(self, claim_id: int) -> None:
        self.select(claim_id)
        self.form.name_edit.setFocus()
        self.form.name_edit.selectAll()

    # changing

    def _push(self, command: QUndoCommand, label: QLabel | None = None) -> bool:
        if self._session is None:
            return False
        message = push_command(self._session, command)
        show_error(label or self.error, message)
        if message:
            self.form.put_back = True  # the form shows what is stored, not what was refused
            self.refresh()
            self.form.put_back = False
        return not message

    def _macro(self, text: str, commands: Iterable[QUndoCommand]) -> None:
        if self._session is None:
            return
        stack = self._session.undo_stack
        commands = list(commands)
        if len(commands) == 1:
            self._push(commands[0])
            return
        stack.beginMacro(text)
        for command in commands:
            self._push(command)
        stack.endMacro()

    def add_claim(self) -> None:
        if self._session is None or self.scene.state is None:
            return
        names = {claim.name.casefold() for claim in self.scene.state.claims}
        name = next(
            n
            for n in (f"New claim {i}" if i > 1 else "New claim" for i in range(1, 1000))
            if n.casefold() not in names
        )
        x, y = self.scene.free_spot()
        command = AddClaim(self._session, name, x=x, y=y)
        if self._push(command) and command.claim_id is not None:
            self._focus_name(command.claim_id)

    def delete_claim(self) -> None:
        claim = self.selected_claim()
        if claim is not None and self._session is not None:
            self._push(DeleteClaim(self._session, claim), self.form.error)

    def edit_claim(self, field: str, value: object) -> None:
        claim = self.form.claim  # the one the GM typed into, even if the selection moved on
        if claim is not None and self._session is not None:
            self._push(EditClaim(self._session, claim, field, value), self.form.error)

    def seize(self, status_change: int) -> None:
        claim = self.selected_claim()
        if claim is None or self._session is None or self.scene.state is None:
            return
        loser = self.scene.state.holder(claim)
        self._push(SeizeClaim(self._session, claim, loser, status_change), self.form.error)

    def transfer(self, faction_id: int) -> None:
        claim = self.selected_claim()
        if claim is None or self._session is None or self.scene.state is None:
            return
        name = self.scene.state.faction_names.get(faction_id, "a faction")
        if claim.holder_id == LAIR_ID:
            command: QUndoCommand = LoseClaim(self._session, claim, faction_id, name)
        else:
            text = f"Hand {claim.name} from {self.scene.state.holder(claim)} to {name}"
            command = TransferClaim(self._session, claim, faction_id, text)
        self._push(command, self.form.error)

    def link(self, add: bool) -> None:
        ids = self.scene.selected_ids()
        state = self.scene.state
        if len(ids) != 2 or self._session is None or state is None:
            return
        names = ["the lair" if i == LAIR_ID else self._name(i) for i in ids]
        if add:
            command: QUndoCommand = LinkClaims(
                self._session, ids[0], ids[1], f"Link {names[0]} and {names[1]}"
            )
        else:
            command = UnlinkClaims(
                self._session, ids[0], ids[1], f"Unlink {names[0]} and {names[1]}"
            )
        self._push(command)

    def _name(self, claim_id: int) -> str:
        state = self.scene.state
        claims = state.claims if state is not None else ()
        return next((c.name for c in claims if c.id == claim_id), "a claim")

    def move_nodes(self, moved: list[tuple[int, tuple[float, float], tuple[float, float]]]) -> None:
        if self._session is None or self.scene.state is None:
            return
        by_id = {claim.id: claim for claim in self.scene.state.claims}
        commands = [
            MoveClaim(self._session, by_id[claim_id], old, new)
            for claim_id, old, new in moved
            if claim_id in by_id
        ]
        self._macro(f"Move {len(commands)} claims", commands)

    def set_lair(self, held: bool) -> None:
        if self._session is None or self.chapter is None:
            return
        text = "The chapter holds its lair" if held else "The chapter loses its lair"
        self._push(EditChapter(self._session, self.chapter, text, lair_held=held))


# --- The dock ---------------------------------------------------------------------------------


class ChapterWidget(QTabWidget):
    """The two tabs, following the open campaign."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chapterTabs")
        self._session: CampaignSession | None = None
        self.sheet = ChapterSheet()
        self.claims = ClaimsTab()
        sheet_scroll = QScrollArea()
        sheet_scroll.setWidgetResizable(True)
        sheet_scroll.setFrameShape(QFrame.Shape.NoFrame)
        sheet_scroll.setWidget(self.sheet)
        self.addTab(sheet_scroll, "Sheet")
        self.addTab(self.claims, "Claims")

    def set_session(self, session: CampaignSession | None) -> None:
        if self._session is not None:
            self._session.changed.disconnect(self._on_changed)
        self._session = session
        self.sheet.set_session(session)
        self.claims.set_session(session)
        if session is not None:
            session.changed.connect(self._on_changed)
        self.refresh()

    def refresh(self) -> None:
        self.sheet.refresh()
        self.claims.refresh()

    def flush_edits(self) -> None:
        self.sheet.flush_edits()
        self.claims.form.flush_edits()

    def _on_changed(self, topic: str) -> None:
        if topic in TOPICS:
            self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.claims.scene.setPalette(self.palette())
            self.sheet.refresh()
