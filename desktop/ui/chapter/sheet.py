"""The chapter sheet: name, tier, hold, war, rep and turf, coin, heat, Develop and Payoff.

Every number it shows before a change (what Develop would do) comes from the rules;
every change is an undo command written through the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette, QUndoCommand
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.rules import downtime, factions
from desktop.ui.accessible import named
from desktop.ui.chapter.labels import caption, hold_word, note, scale_word, stored_number
from desktop.ui.chapter.payoff_form import PayoffForm
from desktop.ui.chapter_commands import ChapterLosesHold, Develop, EditChapter, Payoff
from desktop.ui.form_helpers import (
    SessionWidget,
    error_label,
    push_button,
    push_command,
    show_warning,
    style_error,
)
from desktop.ui.plain_text import PlainLabel, RichLabel
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.chapter_paint import Block, RepTracker, label_font, warn_colour
from desktop.ui.widgets.flow import Flow, pair
from desktop.ui.widgets.number_field import NumberField, problem_label
from desktop.ui.window_language import ntr, ptr, tr
from desktop.ui.zoom import zoom_size

if TYPE_CHECKING:
    from desktop.store import ChapterRecord


# --- The sheet ----------------------------------------------------------------------------


class ChapterSheet(SessionWidget):
    """Name, tier, hold, war, rep and turf, coin, heat, Develop and Payoff."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.record: ChapterRecord | None = None
        self._put_back = False
        self._build_widgets()
        self._lay_out()
        self._connect()

    # building

    def _build_widgets(self) -> None:
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("chapterName")
        named(self.name_edit, tr("Chapter name"))
        self.name_edit.setFont(label_font(20, bold=True))
        self.name_edit.setFrame(False)
        self.name_edit.setPlaceholderText(tr("Chapter name"))
        self.tier_spin = QSpinBox()
        self.tier_spin.setObjectName("chapterTier")
        named(self.tier_spin, tr("Chapter tier"))
        self.tier_spin.setRange(factions.MIN_TIER, factions.MAX_TIER)
        self.tier_spin.setFont(label_font(30, bold=True))
        self.tier_spin.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tier_spin.setKeyboardTracking(False)
        zoom_size(self.tier_spin, minimumWidth=84)
        self.hold_combo = QComboBox()
        self.hold_combo.setObjectName("chapterHold")
        self.hold_combo.setFont(label_font(22, bold=True))
        self.hold_combo.addItem(ptr("hold", "Weak"), factions.WEAK)
        self.hold_combo.addItem(ptr("hold", "Strong"), factions.STRONG)
        self.tier_note = note(name="chapterTierNote")
        self.hold_note = note(name="chapterHoldNote")
        self.war_title = PlainLabel()
        self.war_title.setObjectName("chapterWarTitle")
        self.war_title.setFont(label_font(16, bold=True))
        self.war_note = note(name="chapterWarNote")
        self.rep_tracker = RepTracker()
        self.rep_label = RichLabel()
        self.rep_label.setObjectName("chapterRepLabel")
        self.rep_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.rep_note = note(name="chapterRepNote")
        # Typed, not spun: a spin box turned 99999 into 9999 without a word (and showed
        # 9999 beside a stored 10005). The field keeps what was typed and says why what
        # the file cannot hold is refused; nothing is written.
        self.coin_field, self.coin_problem = self._typed("chapterCoin", N_("Coin"))
        self.heat_field, self.heat_problem = self._typed("chapterHeat", N_("Heat"))
        self._numbers = {"coin": self.coin_field, "heat": self.heat_field}
        self._shown_numbers: dict[str, int] = {}  # the stored values the fields were given
        self.develop_button = push_button(tr("Develop"), "chapterDevelop")
        self.develop_reason = note(name="chapterDevelopReason")
        self.lose_hold_button = push_button(tr("Lose hold"), "chapterLoseHold")
        self.lose_hold_button.setToolTip(
            tr(
                "An operation against the chapter or a lost war: strong → weak; "
                "weak → a tier lower, still weak."
            )
        )
        # A mark in words, not only a colour; it stays until the GM clears it.
        self.lair_threat = PlainLabel(tr("⚠ Lair under threat"))
        self.lair_threat.setObjectName("chapterLairThreat")
        self.lair_threat.setFont(label_font(14, bold=True))
        style_error(self.lair_threat)
        self.clear_threat_button = push_button(tr("Clear the mark"), "chapterClearThreat")
        self.error = error_label("chapterError")
        self.payoff = PayoffForm()
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setObjectName("chapterNotes")
        named(self.notes_edit, tr("Chapter notes"))
        # Tab leaves the notes: a keyboard user is never held in them.
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setPlaceholderText(
            tr("Notes: the lair, upgrades, cohorts, who owes the chapter a favour…")
        )
        self.notes_edit.setMinimumHeight(48)
        # It takes the room that is left, without asking for more (no scroll bar).
        self.notes_edit.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self._shown_notes: str | None = None  # the stored notes the box was last given

    @staticmethod
    def _typed(name: str, what: str) -> tuple[NumberField, QLabel]:
        """A field (named `name`) for a number the file holds (`what`, marked with N_),
        and the line under it that says why what is typed there is refused."""
        field = NumberField(tr(what), stored_number(what), width=96)
        field.setObjectName(name)
        field.setFont(label_font(16, bold=True))
        zoom_size(field, minimumWidth=80)
        return field, problem_label(field, f"{name}Problem")  # untranslated: an object name

    def _lay_out(self) -> None:
        self.tier_block = self._stat_block(tr("Tier"), self.tier_spin, self.tier_note)
        self.hold_block = self._stat_block(tr("Hold"), self.hold_combo, self.hold_note)
        self.war_block = Block()
        war = QVBoxLayout(self.war_block)
        war.setContentsMargins(18, 8, 10, 8)
        war.addWidget(self.war_title)
        war.addWidget(self.war_note)
        war.addStretch(1)
        # Side by side where there is room; the war's block goes under the others where
        # long words make the blocks wider (the sheet never scrolls sideways).
        top = Flow(spacing=6, tall_minimum=True)
        top.add(self.tier_block)
        top.add(self.hold_block)
        top.add(self.war_block, 1)

        rep_head = Flow(spacing=6, tall_minimum=True)
        rep_head.add(caption(tr("Rep")))
        rep_head.add(self.rep_label, 1)
        purse = Flow(spacing=22, tall_minimum=True)  # as far apart as before: 6 and 16
        for text, spin in ((tr("Coin"), self.coin_field), (tr("Heat"), self.heat_field)):
            label = caption(text)
            label.setBuddy(spin)
            purse.add(pair(label, spin, stretch=False))
        develop = Flow(spacing=6, tall_minimum=True)
        develop.add(self.develop_button)
        develop.add(self.develop_reason, 1)
        develop.add(self.lose_hold_button)
        self.threat_row = QWidget()
        threat = Flow(self.threat_row, spacing=6, tall_minimum=True)
        threat.add(self.lair_threat)
        threat.add(self.clear_threat_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(6)
        layout.addWidget(self.name_edit)
        layout.addLayout(top)
        layout.addLayout(rep_head)
        layout.addWidget(self.rep_tracker)
        layout.addWidget(self.rep_note)
        layout.addLayout(purse)
        layout.addWidget(self.coin_problem)
        layout.addWidget(self.heat_problem)
        layout.addLayout(develop)
        layout.addWidget(self.threat_row)
        layout.addWidget(self.error)
        layout.addWidget(self.payoff)
        layout.addWidget(caption(tr("Notes")))
        layout.addWidget(self.notes_edit, 1)

    @staticmethod
    def _stat_block(title: str, field: QWidget, text: QLabel) -> Block:
        block = Block()
        zoom_size(block, minimumWidth=128, maximumWidth=170)
        layout = QVBoxLayout(block)
        layout.setContentsMargins(10, 6, 10, 8)
        layout.setSpacing(4)
        layout.addWidget(caption(title))
        layout.addWidget(field)
        layout.addWidget(text, 1)
        return block

    def _connect(self) -> None:
        self.name_edit.editingFinished.connect(
            lambda: self.edit(tr("Rename the chapter"), name=self.name_edit.text().strip())
        )
        self.tier_spin.valueChanged.connect(
            lambda value: self.edit(
                tr("Set the chapter to tier {tier}").format(tier=value), tier=value
            )
        )
        self.hold_combo.activated.connect(self._edit_hold)
        self.rep_tracker.rep_chosen.connect(
            lambda rep: self.edit(tr("Set rep to {rep}").format(rep=rep), rep=rep)
        )
        for field, box in self._numbers.items():
            box.editingFinished.connect(lambda f=field: self.commit_number(f))
        self.develop_button.clicked.connect(self.develop)
        self.lose_hold_button.clicked.connect(self.lose_hold)
        self.clear_threat_button.clicked.connect(
            lambda: self.edit(tr("Clear the lair-under-threat mark"), lair_threatened=False)
        )
        self.payoff.apply_requested.connect(self.apply_payoff)
        # Written at each change, not after a pause: a crash loses nothing seen on screen.
        # The steps of one burst of typing merge into one undo step (EditChapter).
        self.notes_edit.textChanged.connect(self.commit_notes)

    # showing

    def set_session(self, session: CampaignSession | None) -> None:
        super().set_session(session)
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
            self.coin_field,
            self.heat_field,
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
        # At tier 0, weak, with the lair already marked, a loss changes nothing: no step.
        nothing_to_lose = record.lair_threatened and factions.loss_threatens_lair(
            record.tier, record.hold
        )
        self.lose_hold_button.setEnabled(writable and not nothing_to_lose)
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
        self.war_title.setText(tr("No campaign open"))
        self.war_note.clear()
        self.war_block.set_alarm(False)
        self.develop_button.setText(tr("Develop"))
        self.develop_button.setEnabled(False)
        self.develop_reason.clear()

    def _fill_fields(self, record: ChapterRecord) -> None:
        for widget in (self.name_edit, self.tier_spin, self.hold_combo):
            widget.blockSignals(True)
        # A refresh from elsewhere must not wipe a name being typed; a refused one goes.
        if self._put_back or not self.name_edit.hasFocus():
            self.name_edit.setText(record.name)
        self.tier_spin.setValue(record.tier)
        self.hold_combo.setCurrentIndex(self.hold_combo.findData(record.hold))
        for widget in (self.name_edit, self.tier_spin, self.hold_combo):
            widget.blockSignals(False)
        # Their signals stay on: a field checks each text it is given. What is typed
        # there (refused, or waiting for Enter) stays while it has the keyboard, unless
        # the stored value itself changed (an undo, a payoff).
        for field, box in self._numbers.items():
            stored = getattr(record, field)
            typing = box.hasFocus() and stored == self._shown_numbers.get(field)
            if self._put_back or not typing:
                box.setValue(stored)
            self._shown_numbers[field] = stored
        # Notes the store refused (a full disk) stay while typed; an undo shows its own.
        typing = self.notes_edit.hasFocus() and record.notes == self._shown_notes
        if self._put_back or (not typing and self.notes_edit.toPlainText() != record.notes):
            self.notes_edit.blockSignals(True)
            self.notes_edit.setPlainText(record.notes)
            self.notes_edit.blockSignals(False)
        self._shown_notes = record.notes
        self.tier_note.setText(scale_word(record.tier))
        self.hold_note.setText(
            tr("Fill the tracker to make it strong.")
            if record.hold == factions.WEAK
            else tr("Fill the tracker, then pay to go up a tier.")
        )

    def _show_rep(self, record: ChapterRecord) -> None:
        chapter = record.chapter
        self.rep_tracker.set_values(record.rep, record.turf)
        if record.turf:
            rep = tr("<b>{rep}</b> of {needed} rep · {turf} turf")
        else:
            rep = tr("<b>{rep}</b> of {needed} rep · no turf")
        self.rep_label.setText(
            rep.format(rep=record.rep, needed=chapter.rep_needed, turf=record.turf)
        )
        if chapter.rep_full:
            note = tr("The tracker is full: no rep is earned until the chapter develops.")
        elif not record.lair_held:
            note = tr(
                "Click a box to set rep. {needed} rep fills the tracker: "
                "turf counts for nothing while the lair is lost."
            )
        elif record.turf:
            note = tr(
                "Click a box to set rep. {needed} rep fills the tracker ({full} less {turf} turf)."
            )
        else:
            note = tr(
                "Click a box to set rep. {needed} rep fills the tracker; "
                "each turf claim held needs one less."
            )
        self.rep_note.setText(
            note.format(needed=chapter.rep_needed, full=factions.FULL_REP, turf=record.turf)
        )

    def _show_war(self, record: ChapterRecord, at_war_with: list[str]) -> None:
        at_war = bool(at_war_with) or record.at_war
        self.war_block.set_alarm(at_war)
        if not at_war:
            self.war_title.setText(tr("At peace"))
            self.war_title.setStyleSheet("")
            self.war_note.setText(
                tr(
                    "No faction is at war (status −3) with the chapter. At war: hold counts "
                    "one lower, +1 heat from each score, and one downtime activity per "
                    "character instead of two."
                )
            )
            return
        tier, hold = record.chapter.standing(True)
        self.war_title.setText(tr("⚔ At war"))
        self.war_title.setStyleSheet(f"color: {warn_colour(self.palette()).name()};")
        if at_war_with:
            note = tr(
                "With {enemies}. While it lasts: hold counts one lower (now tier {tier}, "
                "{hold}), +1 heat from each score, one downtime activity per character."
            )
        else:
            note = tr(
                "With a faction. While it lasts: hold counts one lower (now tier {tier}, "
                "{hold}), +1 heat from each score, one downtime activity per character."
            )
        self.war_note.setText(
            note.format(enemies=", ".join(at_war_with), tier=tier, hold=hold_word(hold))
        )

    def _show_develop(self, record: ChapterRecord, writable: bool) -> None:
        option = record.chapter.develop_option()
        self.develop_button.setText(develop_text(record, option))
        self.develop_button.setEnabled(writable and option.allowed)
        self.develop_reason.setText(develop_reason(record, option))
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
        show_warning(self.error, message)
        if message:
            self._put_back = True  # the fields show what is stored, not what was refused
            self.refresh()
            self._put_back = False

    def edit(self, text: str, **changes: object) -> None:
        if self._session is None or self.record is None:
            return
        self._push(EditChapter(self._session, self.record, text, **changes))

    def _edit_hold(self) -> None:
        hold = self.hold_combo.currentData()
        if hold == factions.STRONG:
            text = tr("Make the chapter's hold strong")
        else:
            text = tr("Make the chapter's hold weak")
        self.edit(text, hold=hold)

    def commit_number(self, field: str) -> None:
        """Write the coin or heat typed, once accepted (the field says why not)."""
        value = self._numbers[field].value()
        if self.record is not None and value is not None and value != getattr(self.record, field):
            text = tr("Set heat to {value}") if field == "heat" else tr("Set coin to {value}")
            self.edit(text.format(value=value), **{field: value})

    def commit_notes(self) -> None:
        notes = self.notes_edit.toPlainText()
        if self.record is not None and notes != self.record.notes:
            self.edit(tr("Edit the chapter's notes"), notes=notes)

    def flush_edits(self) -> None:
        """Write what is typed but not yet saved (the window is closing the campaign)."""
        name = self.name_edit.text().strip()
        if self.record is not None and name and name != self.record.name:
            self.edit(tr("Rename the chapter"), name=name)

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
        return tr("Strengthen hold")
    if option.action == factions.DEVELOP_TIER_UP:
        return tr("Go up to tier {tier} for {cost} coin").format(
            tier=record.tier + 1, cost=option.cost
        )
    return tr("Develop")


def develop_reason(record: ChapterRecord, option: factions.DevelopOption) -> str:
    """Why Develop does what it does, or nothing: the rules' reasons
    (`factions.develop_option`), worded in the window's language."""
    chapter = record.chapter
    if option.action == factions.DEVELOP_STRENGTHEN:
        return tr("Hold becomes strong; rep resets to 0.")
    if option.action == factions.DEVELOP_TIER_UP:
        if not option.allowed:
            return tr("Tier {tier} costs {cost} coin; the chapter has {coin}.").format(
                tier=chapter.tier + 1, cost=option.cost, coin=chapter.coin
            )
        return tr(
            "Pay {cost} coin to reach tier {tier}; rep resets to 0 and hold becomes weak."
        ).format(cost=option.cost, tier=chapter.tier + 1)
    if not chapter.rep_full:
        missing = chapter.rep_needed - chapter.rep
        return ntr(
            "The rep tracker needs {count} more rep to be full.",
            "The rep tracker needs {count} more rep to be full.",
            missing,
        ).format(count=missing)
    if chapter.tier == factions.MAX_TIER:
        return tr("Tier {tier} is the top of the ladder.").format(tier=factions.MAX_TIER)
    return option.reason
